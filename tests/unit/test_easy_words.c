/*
 * test_easy_words.c - the `easy` level of the word games, Liar and Shout a
 * Word (the level for a young child): it plays only legal moves and says
 * only common words, short ones (in Liar no longer than `basic` would say
 * in its place; in Shout at most five cards at the default pace), and in
 * Shout it is never quicker than `basic` for as many cards.
 */
#include "../testutil.h"
#include "alphadeck/lexicon.h"
#include "games/liar/liar.h"
#include "games/shout/shout.h"

static const ad_lex *common_words(void)
{
    static ad_lex *common;
    if (!common)
        common = ad_lex_load_common(NULL);
    assert_non_null(common);
    return common;
}

/* Liar game i, easy at every other seat and basic at the others, to its
 * end; checks each word easy announces; returns how many it announced. */
static int liar_game(int i, int players)
{
    char req[96];
    snprintf(req, sizeof req, "{\"game\":\"liar\",\"players\":%d,\"seed\":%d}", players, i);
    ad_table *t = tu_new(req);
    const ad_game *g = ad_game_find("liar");
    liar_state view;
    ad_rng r;
    int words = 0;
    ad_rng_seed(&r, (uint64_t)i + 5);
    for (int step = 0; step < 5000 && !g->is_over(ad_table_state(t)); step++) {
        int seat = __builtin_ctz(g->to_act(ad_table_state(t)));
        int easy = seat % 2 == i % 2;
        ad_action a, b;
        ad_err e;
        g->view(ad_table_state(t), seat, &view);
        assert_int_equal(ad_bot_choose(g, &view, seat, easy ? "easy" : "basic", &r, &a, &e), 0);
        if (easy && a.type == LI_A_ANNOUNCE) {
            if (!ad_lex_contains(common_words(), a.word))
                fail_msg("liar game %d: easy said \"%s\", not a common word", i, a.word);
            assert_int_equal(ad_bot_choose(g, &view, seat, "basic", &r, &b, &e), 0);
            if (strlen(a.word) > strlen(b.word))
                fail_msg("liar game %d: easy said \"%s\" where basic says \"%s\"", i, a.word,
                         b.word);
            words++;
        }
        if (ad_table_act(t, seat, &a, NULL, &e) != 0)
            fail_msg("liar game %d: seat %d made an illegal move: %s", i, seat, e.text);
    }
    ad_table_free(t);
    return words;
}

static void test_easy_in_liar_plays_legal_moves_and_says_common_words_no_longer_than_basics(
    void **state)
{
    (void)state;
    int words = 0;
    for (int i = 0; i < 60; i++)
        words += liar_game(i, 2 + i % 3);
    assert_true(words >= 500);
}

/* What one Shout seat at one position answers at `level`, with the
 * generator seeded by `seed` (the same moment for the same seed). */
static double shout_answer(const shout_state *view, int seat, const char *level, uint64_t seed,
                           ad_action *a)
{
    const ad_game *g = ad_game_find("shout");
    ad_bot_opts o = {0};
    ad_rng r;
    ad_err e;
    ad_rng_seed(&r, seed);
    if (ad_bot_choose_opts(g, view, seat, level, &o, &r, a, &e) < 0)
        fail_msg("%s at seat %d: %s", level, seat, e.text);
    return o.react_ms;
}

/* Checks easy's claim at seat against basic's at the same moment. */
static void compare_claims(const shout_state *view, int seat, uint64_t seed, int *claims)
{
    ad_action ea, ba;
    double easy_ms = shout_answer(view, seat, "easy", seed, &ea);
    double basic_ms = shout_answer(view, seat, "basic", seed, &ba);
    if (ea.type != SH_A_CLAIM)
        return;
    (*claims)++;
    if (!ad_lex_contains(common_words(), ea.word) || ea.n > 5)
        fail_msg("easy shouted \"%s\" with %d cards", ea.word, ea.n);
    if (ba.type != SH_A_CLAIM || ba.n < ea.n)
        fail_msg("easy shouted \"%s\" (%d cards) where basic did not find as long a word",
                 ea.word, ea.n);
    if (ba.n == ea.n && easy_ms < basic_ms)
        fail_msg("easy shouted \"%s\" sooner than basic (%.0f against %.0f ms)", ea.word, easy_ms,
                 basic_ms);
}

/* Shout game i between easy and basic, each position played by the seat
 * that would act soonest (a race, as sim runs it). */
static int shout_game(int i)
{
    char req[96];
    snprintf(req, sizeof req, "{\"game\":\"shout\",\"players\":2,\"seed\":%d}", i);
    ad_table *t = tu_new(req);
    const ad_game *g = ad_game_find("shout");
    shout_state view;
    int claims = 0;
    for (int step = 0; step < 400 && !g->is_over(ad_table_state(t)); step++) {
        int best = -1;
        double soonest = 0;
        ad_action a[2];
        for (int seat = 0; seat < 2; seat++) {
            a[seat].type = 0;
            if (!(g->to_act(ad_table_state(t)) & (1u << seat)))
                continue; /* it passed in the final window */
            g->view(ad_table_state(t), seat, &view);
            uint64_t seed = (uint64_t)(i * 1000 + step * 2 + seat);
            compare_claims(&view, seat, seed, &claims);
            double ms = shout_answer(&view, seat, seat == i % 2 ? "easy" : "basic", seed, &a[seat]);
            if (a[seat].type && (best < 0 || ms < soonest)) {
                best = seat;
                soonest = ms;
            }
        }
        ad_err e;
        if (best < 0)
            break;
        if (ad_table_act(t, best, &a[best], NULL, &e) != 0)
            fail_msg("shout game %d: seat %d made an illegal move: %s", i, best, e.text);
    }
    ad_table_free(t);
    return claims;
}

static void test_easy_in_shout_shouts_short_common_words_never_sooner_than_basic(void **state)
{
    (void)state;
    int claims = 0;
    for (int i = 0; i < 20; i++)
        claims += shout_game(i);
    assert_true(claims >= 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_easy_in_liar_plays_legal_moves_and_says_common_words_no_longer_than_basics),
        cmocka_unit_test(test_easy_in_shout_shouts_short_common_words_never_sooner_than_basic),
    };
    return cmocka_run_group_tests_name("easy in the word games", tests, NULL, NULL);
}
