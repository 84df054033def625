/*
 * test_family.c - the family dictionary (src/games/family.c,
 * data/words/family.txt): which words it leaves out, and that no computer
 * player of any level says such a word, or a rarer word where a common
 * one would do, over many seeded games of Liar and Shout a Word.
 */
#include "../testutil.h"

#include "games/dict.h"

static void test_the_family_dictionary_leaves_out_listed_words_and_their_inflections(void **state)
{
    (void)state;
    static const char *const out[] = {"shit", "fuck", "fucks", "fucked", "shitting", "bitches",
                                      "sexes", "cunt", "nigger", "retard", "retarded", "wankers"};
    for (size_t i = 0; i < sizeof out / sizeof out[0]; i++)
        if (!ad_family_refuses(out[i]))
            fail_msg("\"%s\" is in the family dictionary", out[i]);
}

static void test_the_family_dictionary_keeps_other_words_and_the_kept_ones(void **state)
{
    (void)state;
    /* spices is spice+s as well as spic+es; derivations are not followed
     * (butter, titter, scatter, spicy); [kept] words stay (butt, suck) */
    static const char *const in[] = {"cat", "spices", "spiced", "butter", "titter", "scatter",
                                     "spicy", "butt", "butts", "suck", "escort", "class", "assess",
                                     "passed", "shirt", "cocktail"};
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++)
        if (ad_family_refuses(in[i]))
            fail_msg("\"%s\" is left out of the family dictionary", in[i]);
}

static void test_the_bots_words_are_common_family_words(void **state)
{
    (void)state;
    const ad_lex *bots = ad_games_bot_words(NULL);
    assert_non_null(bots);
    assert_int_equal(ad_lex_contains(bots, "cat"), 1);
    assert_int_equal(ad_lex_contains(bots, "shit"), 0); /* SCOWL 40, listed */
    assert_int_equal(ad_lex_contains(bots, "toea"), 0); /* SCOWL 70: rarer */
    assert_int_equal(ad_lex_contains(bots, "giro"), 0); /* SCOWL 55 */
}

/* ------------------------------------------------------ many seeded games */

/* What a bot said: never a word the family dictionary leaves out; *rare
 * counts the dictionary's words that are not common (Liar's long words may
 * be: no common word has that many letters).  Shout's random player claims
 * strings of table cards, mostly no word at all. */
static void check_said(const char *game, const char *level, const char *word, int *rare)
{
    int in;
    const char *why = ad_family_verdict(word, 0, &in);
    if (ad_family_refuses(word))
        fail_msg("%s bot in %s said \"%s\": %s", level, game, word, why);
    if (in && strcmp(why, "common word") != 0)
        (*rare)++;
}

/* Liar: one seeded 3-player game, every seat the same level. */
static void liar_game(const char *level, uint64_t seed, int *said, int *rare)
{
    char req[160];
    snprintf(req, sizeof req, "{\"game\":\"liar\",\"players\":3,\"seed\":%llu,\"options\":{\"target\":12}}",
             (unsigned long long)seed);
    ad_table *t = tu_new(req);
    const ad_game *g = ad_table_game(t);
    void *view = malloc(g->state_size);
    ad_rng r;
    ad_rng_seed(&r, seed);
    for (int step = 0; step < 2000 && !g->is_over(ad_table_state(t)); step++) {
        int seat = __builtin_ctz(g->to_act(ad_table_state(t)));
        g->view(ad_table_state(t), seat, view);
        ad_action a;
        ad_bot_opts o = {.sims = 40};
        assert_int_equal(ad_bot_choose_opts(g, view, seat, level, &o, &r, &a, NULL), 0);
        if (a.type == 1) { /* announce */
            check_said("liar", level, a.word, rare);
            (*said)++;
        }
        assert_int_equal(ad_table_act(t, seat, &a, NULL, NULL), 0);
    }
    free(view);
    ad_table_free(t);
}

/* Shout: one seeded 2-player game; the seat that would act soonest acts. */
static void shout_game(const char *level, uint64_t seed, int *said, int *rare)
{
    char req[160];
    snprintf(req, sizeof req, "{\"game\":\"shout\",\"players\":2,\"seed\":%llu}",
             (unsigned long long)seed);
    ad_table *t = tu_new(req);
    const ad_game *g = ad_table_game(t);
    void *view = malloc(g->state_size);
    ad_rng r;
    ad_rng_seed(&r, seed);
    for (int step = 0; step < 3000 && !g->is_over(ad_table_state(t)); step++) {
        ad_action best = {0}, a;
        double soonest = 1e18;
        int who = -1;
        uint32_t asked = g->to_act(ad_table_state(t));
        for (int seat = 0; seat < 2; seat++) {
            ad_bot_opts o = {0};
            if (!(asked & (1u << seat)))
                continue;
            g->view(ad_table_state(t), seat, view);
            if (ad_bot_choose_opts(g, view, seat, level, &o, &r, &a, NULL) == 0 && a.type &&
                o.react_ms < soonest) {
                soonest = o.react_ms;
                best = a;
                who = seat;
            }
        }
        assert_true(who >= 0);
        if (best.type == 2) { /* claim */
            check_said("shout", level, best.word, rare);
            (*said)++;
        }
        assert_int_equal(ad_table_act(t, who, &best, NULL, NULL), 0);
    }
    free(view);
    ad_table_free(t);
}

static void test_no_bot_of_any_level_says_a_word_the_family_dictionary_leaves_out(void **state)
{
    (void)state;
    static const char *const levels[] = {"random", "basic", "strong"};
    for (size_t l = 0; l < 3; l++) {
        int said = 0, rare = 0;
        for (uint64_t seed = 1; seed <= (l == 2 ? 6 : 40); seed++) {
            liar_game(levels[l], seed, &said, &rare);
            shout_game(levels[l], seed, &said, &rare);
        }
        print_message("%s: %d words said, %d rarer\n", levels[l], said, rare);
        assert_true(said > 50);
        /* rarer words only where no common word is long enough */
        if (rare * 50 > said)
            fail_msg("%s bots said %d rarer words of %d", levels[l], rare, said);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_family_dictionary_leaves_out_listed_words_and_their_inflections),
        cmocka_unit_test(test_the_family_dictionary_keeps_other_words_and_the_kept_ones),
        cmocka_unit_test(test_the_bots_words_are_common_family_words),
        cmocka_unit_test(test_no_bot_of_any_level_says_a_word_the_family_dictionary_leaves_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
