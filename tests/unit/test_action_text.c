/*
 * test_action_text.c - an action written as text without a tree
 * (view_text.h's ad_action_text, which the server keeps for the store) is
 * exactly its action_to_json tree's compact text: over random games of
 * every game (the claim games written straight, the others through their
 * tree), every action taken, plays, passes and challenges among them.
 */
#include "../testutil.h"
#include "games/view_text.h"

static const char *const setups[] = {
    "{\"game\":\"noway\",\"players\":2,\"seed\":%d}",
    "{\"game\":\"noway\",\"players\":5,\"seed\":%d,\"options\":{\"copies\":3}}",
    "{\"game\":\"doubt\",\"players\":4,\"seed\":%d,\"options\":{\"allow_pass\":1,\"target\":20}}",
    "{\"game\":\"doubt\",\"players\":6,\"seed\":%d,\"options\":{\"decks\":2}}",
    "{\"game\":\"liar\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"shout\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"sequence\",\"players\":2,\"seed\":%d}",
};

/* Plays one random game, every action's text checked; the actions done. */
static int play(const char *req, uint64_t seed, ad_jw *w)
{
    ad_table *t = tu_new(req);
    const ad_game *g = ad_table_game(t);
    void *view = malloc(g->state_size);
    assert_non_null(view);
    ad_rng r;
    ad_rng_seed(&r, seed);
    int done = 0;
    for (; done < 1500; done++) {
        const void *st = ad_table_state(t);
        uint32_t who = g->to_act(st);
        if (g->is_over(st) || !who)
            break;
        int seat = __builtin_ctz(who);
        for (uint32_t m = who >> (seat + 1), s = (uint32_t)seat + 1; m; m >>= 1, s++)
            if ((m & 1) && ad_rng_below(&r, 2))
                seat = (int)s;
        ad_action a;
        g->view(st, seat, view);
        g->random_action(view, seat, &r, &a);
        json_t *tree = g->action_to_json(st, &a);
        char *want = json_dumps(tree, JSON_COMPACT);
        json_decref(tree);
        ad_jw_reset(w);
        ad_action_text(g, st, &a, w);
        const char *got = ad_jw_text(w);
        if (!want || !got || strcmp(want, got) != 0)
            fail_msg("%s, action %d:\n tree:   %s\n writer: %s", req, done,
                     want ? want : "(none)", got ? got : "(out of memory)");
        free(want);
        ad_err e;
        if (ad_table_act(t, seat, &a, NULL, &e) < 0)
            fail_msg("%s: a random action was refused: %s", req, e.text);
    }
    free(view);
    ad_table_free(t);
    return done;
}

static void actions_written_without_a_tree_are_the_trees_text(void **state)
{
    (void)state;
    ad_jw w = {0};
    int actions = 0;
    for (size_t k = 0; k < sizeof setups / sizeof *setups; k++)
        for (int game = 0; game < 8; game++) {
            char req[256];
            snprintf(req, sizeof req, setups[k], 900 + game);
            actions += play(req, k * 31337 + (uint64_t)game, &w);
        }
    assert_true(actions > 5000);
    ad_jw_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(actions_written_without_a_tree_are_the_trees_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
