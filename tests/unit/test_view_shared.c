/*
 * test_view_shared.c - the views the server writes from one public text
 * shared by the seats (view_text.h's ad_table_view_text_shared) are the
 * same bytes as each viewer's own whole view (ad_table_view_text): over
 * thousands of random positions of the claim games (challenge windows,
 * matches to points, the game's end), every seat, the public view and the
 * all-seeing one, in a random order of viewers, one share a position; and
 * the other games, which do not share, the same.  A seat's text holds no
 * card of another's: it is its own view's text.
 */
#include "../testutil.h"
#include "games/view_text.h"

static const char *const setups[] = {
    "{\"game\":\"noway\",\"players\":2,\"seed\":%d}",
    "{\"game\":\"noway\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"noway\",\"players\":6,\"seed\":%d,\"options\":{\"max_turns\":40}}",
    "{\"game\":\"doubt\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"doubt\",\"players\":5,\"seed\":%d,\"options\":{\"decks\":2,\"allow_pass\":1,"
    "\"target\":20}}",
    "{\"game\":\"liar\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"sequence\",\"players\":2,\"seed\":%d}",
};

/* Every viewer's text from the share is its whole view's text; the
 * viewers in a random order, so the share is made by any of them. */
static void assert_shared_alike(const ad_table *t, ad_view_share *sh, ad_jw *w, ad_rng *r,
                                const char *setup, int step)
{
    int n = ad_table_players(t) + 2, order[AD_MAX_SEATS + 2];
    for (int i = 0; i < n; i++)
        order[i] = i - 2;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ad_rng_below(r, (uint32_t)i + 1), x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    ad_view_share_reset(sh);
    ad_jw want = {0};
    for (int i = 0; i < n; i++) {
        int who = order[i] == -2 ? AD_GOD : order[i] < 0 ? AD_PUBLIC : order[i];
        ad_jw_reset(&want);
        ad_table_view_text(t, who, &want);
        ad_jw_reset(w);
        ad_table_view_text_shared(t, who, sh, w);
        const char *a = ad_jw_text(&want), *b = ad_jw_text(w);
        if (!a || !b || strcmp(a, b) != 0)
            fail_msg("%s, step %d, viewer %d:\n whole:  %s\n shared: %s", setup, step, who,
                     a ? a : "(out of memory)", b ? b : "(out of memory)");
    }
    ad_jw_free(&want);
}

/* A random action of a random seat of those asked; 0 at the game's end. */
static int random_step(ad_table *t, void *view, ad_rng *r, const char *req)
{
    const ad_game *g = ad_table_game(t);
    const void *st = ad_table_state(t);
    uint32_t who = g->to_act(st);
    if (g->is_over(st) || !who)
        return 0;
    int seat = __builtin_ctz(who);
    for (uint32_t m = who >> (seat + 1), s = (uint32_t)seat + 1; m; m >>= 1, s++)
        if ((m & 1) && ad_rng_below(r, 2))
            seat = (int)s;
    ad_action a;
    g->view(st, seat, view);
    g->random_action(view, seat, r, &a);
    ad_err e;
    if (ad_table_act(t, seat, &a, NULL, &e) < 0)
        fail_msg("%s: a random action was refused: %s", req, e.text);
    return 1;
}

static void views_from_a_shared_public_text_are_each_viewers_own_view(void **state)
{
    (void)state;
    ad_jw w = {0};
    ad_view_share sh = {0};
    int positions = 0, challenges = 0;
    for (size_t k = 0; k < sizeof setups / sizeof *setups; k++) {
        for (int game = 0; game < 10; game++) {
            char req[256];
            snprintf(req, sizeof req, setups[k], 300 + game);
            ad_table *t = tu_new(req);
            void *view = malloc(ad_table_game(t)->state_size);
            assert_non_null(view);
            ad_rng r;
            ad_rng_seed(&r, (uint64_t)(k * 104729 + (size_t)game));
            int step = 0;
            do {
                assert_shared_alike(t, &sh, &w, &r, req, step++);
                positions++;
                challenges += strstr(ad_jw_text(&w), "\"phase\":\"challenge\"") != NULL;
            } while (step < 1500 && random_step(t, view, &r, req));
            free(view);
            ad_table_free(t);
        }
    }
    assert_true(positions > 10000);
    assert_true(challenges > 1000);
    ad_jw_free(&sh.pub);
    ad_jw_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(views_from_a_shared_public_text_are_each_viewers_own_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
