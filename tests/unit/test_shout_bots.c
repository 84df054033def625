/*
 * test_shout_bots.c - the reaction times of Shout's computer players
 * (ad_bot_opts.react_ms, src/games/shout/shout_react.c): deterministic for a seed,
 * strong sooner than basic on a word both can shout, a word shouted only
 * if it can be said before the next deal, the deal at the game's pace, and
 * no reaction time in games without races.
 */
#include "../testutil.h"

#include "games/shout/shout.h"

static const char *const LEVELS[] = {"random", "basic", "strong"};

/* Two players, seat 0 dealing `deck` in order; deals the first `deal`. */
static ad_table *dealt(const char *deck, const char *options, int deal)
{
    char buf[512];
    snprintf(buf, sizeof buf,
             "{\"game\":\"shout\",\"players\":2,\"dealer\":0,\"deck\":%s,\"options\":%s}", deck,
             options ? options : "{}");
    ad_table *t = tu_new(buf);
    for (int i = 0; i < deal; i++)
        TU_OK(t, 0, "{\"type\":\"deal\"}");
    return t;
}

/* The choice of a bot of `level` for seat, from its view, with its
 * generator seeded `seed`; *react gets its reaction time.  Returns
 * ad_bot_choose_opts's answer. */
static int choose(const ad_table *t, int seat, const char *level, uint64_t seed, ad_action *a,
                  double *react)
{
    const ad_game *g = ad_table_game(t);
    shout_state v;
    g->view(ad_table_state(t), seat, &v);
    ad_rng r;
    ad_rng_seed(&r, seed);
    ad_bot_opts o = {0};
    ad_err e;
    memset(a, 0, sizeof *a);
    int rc = ad_bot_choose_opts(g, &v, seat, level, &o, &r, a, &e);
    if (rc < 0)
        fail_msg("%s bot failed: %s", level, e.text);
    *react = o.react_ms;
    return rc;
}

/* Whether a claim is valid, judged on a copy of the game. */
static int valid(const ad_table *t, int seat, const ad_action *a)
{
    const ad_game *g = ad_table_game(t);
    shout_state s;
    memcpy(&s, ad_table_state(t), sizeof s);
    int before = s.won[seat];
    return g->apply(&s, seat, a, NULL, NULL) == 0 && s.won[seat] == before + a->n;
}

static const char *THEN = "[\"T\",\"H\",\"E\",\"N\",\"TH\",\"Z\"]";

static void test_shout_bots_react_times_are_deterministic_for_a_seed(void **state)
{
    (void)state;
    ad_table *t = dealt(THEN, NULL, 5);
    for (size_t l = 0; l < sizeof LEVELS / sizeof LEVELS[0]; l++) {
        double first = -1;
        int differ = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            ad_action a, b;
            double ra, rb;
            assert_int_equal(choose(t, 1, LEVELS[l], seed, &a, &ra), 0);
            assert_int_equal(choose(t, 1, LEVELS[l], seed, &b, &rb), 0);
            assert_memory_equal(&a, &b, sizeof a);
            assert_true(ra == rb);
            assert_true(ra > 0);
            if (first < 0)
                first = ra;
            differ |= ra != first;
        }
        assert_true(differ); /* the moment is drawn from the seed */
    }
    ad_table_free(t);
}

static void test_shout_strong_shouts_a_word_both_can_claim_sooner_than_basic(void **state)
{
    (void)state;
    ad_table *t = dealt("[\"T\",\"H\",\"E\",\"N\",\"Z\"]", NULL, 4);
    double slowest_strong = 0, soonest_basic = 1e9;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        ad_action a;
        double react;
        assert_int_equal(choose(t, 1, "strong", seed, &a, &react), 0);
        assert_int_equal(a.type, SH_A_CLAIM);
        assert_true(valid(t, 1, &a));
        if (react > slowest_strong)
            slowest_strong = react;
        assert_int_equal(choose(t, 1, "basic", seed, &a, &react), 0);
        assert_int_equal(a.type, SH_A_CLAIM);
        assert_true(valid(t, 1, &a));
        if (react < soonest_basic)
            soonest_basic = react;
    }
    assert_true(slowest_strong < soonest_basic);
    ad_table_free(t);
}

static void test_shout_bots_shout_only_words_they_can_say_before_the_next_deal(void **state)
{
    (void)state;
    /* "tenth" takes 4 cards; with a card every 1500 ms basic can say at
     * most 3 in time, and only at a good moment; strong says all 4 */
    ad_table *t = dealt(THEN, "{\"deal_ms\":1500}", 5);
    int claims = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        ad_action a;
        double react;
        if (choose(t, 1, "basic", seed, &a, &react) == 0) {
            assert_int_equal(a.type, SH_A_CLAIM);
            assert_true(a.n <= 3);
            assert_true(react < 1500);
            assert_true(valid(t, 1, &a));
            claims++;
        }
        assert_int_equal(choose(t, 1, "strong", seed, &a, &react), 0);
        assert_int_equal(a.n, 4);
        assert_true(react < 1500);
    }
    assert_true(claims > 0 && claims < 100);
    ad_table_free(t);
    /* in the final window there is no deal to beat: basic finds 4 cards */
    t = dealt(THEN, "{\"deal_ms\":1500}", 6);
    TU_GOD_EQ(t, "phase", "\"final\"");
    for (uint64_t seed = 1; seed <= 100; seed++) {
        ad_action a;
        double react;
        assert_int_equal(choose(t, 1, "basic", seed, &a, &react), 0);
        assert_int_equal(a.n, 4);
    }
    ad_table_free(t);
}

static void test_shout_the_dealer_deals_at_the_games_pace(void **state)
{
    (void)state;
    ad_table *t = dealt("[\"Z\",\"Q\",\"X\",\"V\"]", "{\"deal_ms\":1800}", 2);
    for (size_t l = 0; l < sizeof LEVELS / sizeof LEVELS[0]; l++)
        for (uint64_t seed = 1; seed <= 20; seed++) {
            ad_action a;
            double react;
            assert_int_equal(choose(t, 0, LEVELS[l], seed, &a, &react), 0);
            if (a.type == SH_A_DEAL) /* random claims now and then */
                assert_true(react == 1800);
        }
    /* with nothing to claim, a seat that does not deal waits: no time */
    ad_action a;
    double react;
    assert_int_equal(choose(t, 1, "basic", 1, &a, &react), 1);
    assert_true(react == 0);
    ad_table_free(t);
}

static void test_bots_of_games_without_races_have_no_reaction_time(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":3,\"seed\":4}");
    const ad_game *g = ad_table_game(t);
    void *v = malloc(g->state_size);
    int seat = 0;
    while (!(g->to_act(ad_table_state(t)) & (1u << seat)))
        seat++;
    g->view(ad_table_state(t), seat, v);
    for (size_t l = 0; l < sizeof LEVELS / sizeof LEVELS[0]; l++) {
        ad_rng r;
        ad_rng_seed(&r, 1);
        ad_bot_opts o = {.react_ms = 123};
        ad_action a;
        assert_int_equal(ad_bot_choose_opts(g, v, seat, LEVELS[l], &o, &r, &a, NULL), 0);
        assert_true(o.react_ms == 0);
    }
    free(v);
    ad_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shout_bots_react_times_are_deterministic_for_a_seed),
        cmocka_unit_test(test_shout_strong_shouts_a_word_both_can_claim_sooner_than_basic),
        cmocka_unit_test(test_shout_bots_shout_only_words_they_can_say_before_the_next_deal),
        cmocka_unit_test(test_shout_the_dealer_deals_at_the_games_pace),
        cmocka_unit_test(test_bots_of_games_without_races_have_no_reaction_time),
    };
    return cmocka_run_group_tests_name("shout bots", tests, NULL, NULL);
}
