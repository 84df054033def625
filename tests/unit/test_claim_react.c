/*
 * test_claim_react.c - the reaction times of No Way's and I Doubt It's
 * computer players in a challenge window (claim_react.c): every level
 * answers on its own time, strong sooner than basic, random the slowest,
 * varied from decision to decision, and a turn has none.
 */
#include "../testutil.h"

#include "games/claim/claim.h"

/* A 4-player No Way game with its first play made: a window is open. */
static ad_table *window(uint64_t seed)
{
    char req[96];
    snprintf(req, sizeof req, "{\"game\":\"noway\",\"players\":4,\"seed\":%llu}",
             (unsigned long long)seed);
    ad_table *t = tu_new(req);
    const ad_game *g = ad_table_game(t);
    const claim_state *s = ad_table_state(t);
    ad_action a;
    ad_rng r;
    ad_rng_seed(&r, seed);
    g->random_action(ad_table_state(t), s->turn, &r, &a);
    if (ad_table_act(t, s->turn, &a, NULL, NULL) < 0 || s->phase != CC_CHALLENGE)
        fail_msg("no window opened");
    return t;
}

/* The mean reaction time of level's answers in windows of many seeds (and
 * the fewest and most), from the seat nearest the claimer's left. */
static double mean_react(const char *level, double *lo, double *hi)
{
    double sum = 0;
    *lo = 1e9;
    *hi = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        ad_table *t = window(seed);
        const ad_game *g = ad_table_game(t);
        const claim_state *s = ad_table_state(t);
        int seat = (s->claim_seat + 1) % 4;
        void *v = malloc(g->state_size);
        g->view(s, seat, v);
        ad_bot_opts o = {.sims = 200};
        ad_rng r;
        ad_rng_seed(&r, seed * 7);
        ad_action a;
        ad_err e;
        assert_int_equal(ad_bot_choose_opts(g, v, seat, level, &o, &r, &a, &e), 0);
        assert_true(o.react_ms > 0);
        sum += o.react_ms;
        *lo = o.react_ms < *lo ? o.react_ms : *lo;
        *hi = o.react_ms > *hi ? o.react_ms : *hi;
        free(v);
        ad_table_free(t);
    }
    return sum / 40;
}

static void test_bots_answer_a_window_on_their_own_time_strong_soonest_random_slowest(void **st)
{
    (void)st;
    double lo[3], hi[3];
    double r = mean_react("random", &lo[0], &hi[0]);
    double b = mean_react("basic", &lo[1], &hi[1]);
    double s = mean_react("strong", &lo[2], &hi[2]);
    assert_true(s < b);
    assert_true(b < r);
    for (int i = 0; i < 3; i++)
        assert_true(hi[i] > lo[i] * 1.2); /* human-like: not the same every time */
}

static void test_a_bots_turn_has_no_reaction_time(void **st)
{
    (void)st;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":3,\"seed\":5}");
    const ad_game *g = ad_table_game(t);
    const claim_state *s = ad_table_state(t);
    void *v = malloc(g->state_size);
    g->view(s, s->turn, v);
    ad_bot_opts o = {.sims = 200};
    ad_rng r;
    ad_rng_seed(&r, 3);
    ad_action a;
    assert_int_equal(ad_bot_choose_opts(g, v, s->turn, "basic", &o, &r, &a, NULL), 0);
    assert_true(o.react_ms == 0);
    free(v);
    ad_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bots_answer_a_window_on_their_own_time_strong_soonest_random_slowest),
        cmocka_unit_test(test_a_bots_turn_has_no_reaction_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
