/*
 * test_view_text.c - the server's views written without a tree
 * (src/games/view_text.h) are exactly ad_table_view_json's compact text:
 * over thousands of random positions of every game (the claim games in
 * several setups, matches to points with passes among them), for every
 * seat, the public view and the all-seeing one.
 */
#include "../testutil.h"
#include "games/view_text.h"

static const char *const setups[] = {
    "{\"game\":\"noway\",\"players\":2,\"seed\":%d}",
    "{\"game\":\"noway\",\"players\":6,\"seed\":%d,\"options\":{\"max_turns\":40}}",
    "{\"game\":\"noway\",\"players\":4,\"seed\":%d,\"options\":{\"copies\":3}}",
    "{\"game\":\"doubt\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"doubt\",\"players\":5,\"seed\":%d,\"options\":{\"decks\":2,\"allow_pass\":1,"
    "\"target\":20}}",
    "{\"game\":\"doubt\",\"players\":10,\"seed\":%d,\"options\":{\"allow_pass\":1}}",
    "{\"game\":\"liar\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"shout\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"sequence\",\"players\":2,\"seed\":%d}",
};

/* Every viewer's text at t's position is the tree's text. */
static void assert_views_alike(const ad_table *t, ad_jw *w, const char *setup, int step)
{
    for (int seat = -2; seat < ad_table_players(t); seat++) {
        int who = seat == -2 ? AD_GOD : seat < 0 ? AD_PUBLIC : seat;
        json_t *tree = ad_table_view_json(t, who);
        char *want = json_dumps(tree, JSON_COMPACT);
        json_decref(tree);
        ad_jw_reset(w);
        ad_table_view_text(t, who, w);
        const char *got = ad_jw_text(w);
        if (!got || strcmp(got, want) != 0)
            fail_msg("%s, step %d, viewer %d:\n tree:   %s\n writer: %s", setup, step, who, want,
                     got ? got : "(out of memory)");
        free(want);
    }
}

static void views_written_without_a_tree_are_the_trees_text(void **state)
{
    (void)state;
    ad_jw w = {0};
    int positions = 0;
    for (size_t k = 0; k < sizeof setups / sizeof *setups; k++) {
        for (int game = 0; game < 12; game++) {
            char req[256];
            snprintf(req, sizeof req, setups[k], 100 + game);
            ad_table *t = tu_new(req);
            const ad_game *g = ad_table_game(t);
            void *view = malloc(g->state_size);
            assert_non_null(view);
            ad_rng r;
            ad_rng_seed(&r, (uint64_t)(k * 7919 + (size_t)game));
            for (int step = 0; step < 1500; step++, positions++) {
                assert_views_alike(t, &w, req, step);
                const void *st = ad_table_state(t);
                uint32_t who = g->to_act(st);
                if (g->is_over(st) || !who)
                    break;
                /* a random seat of those asked: challenge windows vary */
                int seat = __builtin_ctz(who);
                for (uint32_t m = who >> (seat + 1), s = (uint32_t)seat + 1; m; m >>= 1, s++)
                    if ((m & 1) && ad_rng_below(&r, 2))
                        seat = (int)s;
                ad_action a;
                g->view(st, seat, view);
                g->random_action(view, seat, &r, &a);
                ad_err e;
                if (ad_table_act(t, seat, &a, NULL, &e) < 0)
                    fail_msg("%s: a random action was refused: %s", req, e.text);
            }
            free(view);
            ad_table_free(t);
        }
    }
    assert_true(positions > 10000);
    ad_jw_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(views_written_without_a_tree_are_the_trees_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
