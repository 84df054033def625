/*
 * test_lexicon_table.c - the letter table ad_lex_words searches (issue
 * 33): written beside an index at make time, mapped back on the first
 * words query, and passed over (the table made from the DAWG instead, the
 * words the same) when it is damaged or belongs to another index.
 */
#include <unistd.h>

#include "../testutil.h"

#include "alphadeck/lexicon.h"
#include "lexicon/lex.h"
#include "lexicon/words.h"

static const char list[] = "then\nthe\nhen\nten\nnet\nthee\nteeth\nhent\nnth\nthethe\n";
static const char other[] = "then\nthe\nhen\nten\nnet\nthee\nteeth\nhent\nnth\nthetha\n";

/* A folder with the index of text (and its table) in it; idx gets the
 * index's path, tab the table's. */
static void save_both(const char *text, char *dir, char *idx, char *tab)
{
    strcpy(dir, "/tmp/ad_lex_table_XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(idx, 64, "%s/list.idx", dir);
    snprintf(tab, 64, "%s/list.tab", dir);
    ad_lex *l = ad_lex_load_text(text, strlen(text), NULL);
    assert_non_null(l);
    assert_int_equal(ad_lex_save(l, idx, NULL), 0);
    assert_int_equal(ad_lex_save_table(l, idx, NULL), 0);
    ad_lex_free(l);
}

static void remove_both(const char *dir, const char *idx, const char *tab)
{
    unlink(idx);
    unlink(tab);
    rmdir(dir);
}

/* The words of "t h e n e *" (min 1), one string, each with its cards. */
static void words_of(const ad_lex *lex, char *out, size_t size)
{
    uint8_t cards[8];
    int n = ad_lex_cards_parse("t h e n e th *", cards, 8, NULL);
    ad_lex_results *r = ad_lex_results_new();
    int got = ad_lex_words(lex, cards, n, 1, r, NULL);
    assert_true(got > 0);
    size_t at = 0;
    for (int i = 0; i < got; i++) {
        ad_lex_found f;
        assert_int_equal(ad_lex_results_get(r, i, &f), 0);
        at += (size_t)snprintf(out + at, size - at, "%s:", f.word);
        for (int k = 0; k < f.how.n; k++)
            at += (size_t)snprintf(out + at, size - at, "%d,", f.how.card[k]);
    }
    ad_lex_results_free(r);
}

static void test_a_saved_table_is_mapped_back_and_gives_the_words_of_the_made_one(void **state)
{
    (void)state;
    char dir[32], idx[64], tab[64], made[4096], mapped[4096];
    save_both(list, dir, idx, tab);
    ad_lex *built = ad_lex_load_text(list, strlen(list), NULL);
    ad_lex *m = ad_lex_load_index(idx, NULL);
    assert_non_null(m);
    words_of(built, made, sizeof made);
    words_of(m, mapped, sizeof mapped);
    assert_null(ad_lex_sigs_get(built)->map); /* no file: made from the DAWG */
    assert_non_null(ad_lex_sigs_get(m)->map);
    assert_string_equal(made, mapped);
    ad_lex_free(m);
    ad_lex_free(built);
    remove_both(dir, idx, tab);
}

static void test_a_damaged_table_is_passed_over_and_the_words_stay_the_same(void **state)
{
    (void)state;
    char dir[32], idx[64], tab[64], before[4096], after[4096];
    save_both(list, dir, idx, tab);
    ad_lex *m = ad_lex_load_index(idx, NULL);
    words_of(m, before, sizeof before);
    ad_lex_free(m);
    FILE *f = fopen(tab, "r+b");
    assert_non_null(f);
    fseek(f, -LEX_SIGS_SLACK - 3, SEEK_END); /* a letter of the last word */
    fputc('{', f);
    fclose(f);
    m = ad_lex_load_index(idx, NULL);
    assert_non_null(m);
    words_of(m, after, sizeof after);
    assert_null(ad_lex_sigs_get(m)->map);
    assert_string_equal(before, after);
    ad_lex_free(m);
    remove_both(dir, idx, tab);
}

static void test_the_table_of_another_index_is_passed_over(void **state)
{
    (void)state;
    char dir[32], idx[64], tab[64], dir2[32], idx2[64], tab2[64], want[4096], got[4096];
    save_both(list, dir, idx, tab);
    save_both(other, dir2, idx2, tab2);
    assert_int_equal(rename(tab2, tab), 0); /* same size, other words */
    ad_lex *built = ad_lex_load_text(list, strlen(list), NULL);
    ad_lex *m = ad_lex_load_index(idx, NULL);
    words_of(built, want, sizeof want);
    words_of(m, got, sizeof got);
    assert_null(ad_lex_sigs_get(m)->map);
    assert_string_equal(want, got);
    ad_lex_free(m);
    ad_lex_free(built);
    remove_both(dir, idx, tab);
    remove_both(dir2, idx2, tab2);
}

/* Every word of a hand, with its cards, as one string. */
static void all_words(const ad_lex *lex, const uint8_t *cards, int n, ad_lex_results *r,
                      char *out, size_t size)
{
    int got = ad_lex_words(lex, cards, n, 1, r, NULL);
    assert_true(got >= 0);
    size_t at = 0;
    for (int i = 0; i < got && at < size; i++) {
        ad_lex_found f;
        assert_int_equal(ad_lex_results_get(r, i, &f), 0);
        at += (size_t)snprintf(out + at, size - at, "%s:", f.word);
        for (int k = 0; k < f.how.n && at < size; k++)
            at += (size_t)snprintf(out + at, size - at, "%d,", f.how.card[k]);
    }
}

/* The default list, a result list and two texts of size bytes to
 * compare the words of two ways in. */
static void two_lists(ad_lex **lex, ad_lex_results **r, char **want, char **got, size_t size)
{
    *lex = ad_lex_load_default(NULL);
    assert_non_null(*lex);
    *r = ad_lex_results_new();
    *want = malloc(size);
    *got = malloc(size);
    assert_non_null(*want);
    assert_non_null(*got);
}

/* The scan is compiled four ways (plain C, popcnt, AVX2, AVX-512) and
 * the processor picks one: each it can run finds the same words in the
 * same order, on the whole list and hands of 12 cards with multi-letter
 * cards and wilds, so a machine without AVX-512 plays the same game. */
static void test_every_scan_the_processor_can_run_finds_the_same_words(void **state)
{
    (void)state;
    static const char *faces[] = {"a", "e", "i", "o", "u", "t", "n", "s", "r", "l", "d", "c",
                                  "m", "p", "b", "g", "h", "y", "k", "w", "th", "qu", "er",
                                  "st", "ch", "*"};
    ad_lex *lex;
    ad_lex_results *r;
    char *want, *got;
    size_t size = 1 << 20;
    two_lists(&lex, &r, &want, &got, size);
    int ways = ad_lex_scan_ways(), compared = 0;
    assert_true(ways & (1 << LEX_SCAN_PLAIN));
    ad_rng rng;
    ad_rng_seed(&rng, 33);
    /* and hands of more wilds than the AVX2 way clears bits for (3) */
    static const char *many_wilds[] = {"a e t th s r * * * * l n", "o qu e * * * * * d m p er",
                                       "* * * * * * b c g h k w"};
    int fixed = (int)(sizeof many_wilds / sizeof *many_wilds);
    for (int hand = 0; hand < 40 + fixed; hand++) {
        char text[96] = "";
        for (int i = 0; i < 12 && hand < 40; i++) {
            strcat(text, faces[ad_rng_below(&rng, (uint32_t)(sizeof faces / sizeof *faces))]);
            strcat(text, " ");
        }
        if (hand >= 40)
            strcpy(text, many_wilds[hand - 40]);
        uint8_t cards[16];
        int n = ad_lex_cards_parse(text, cards, 16, NULL);
        assert_int_equal(n, 12);
        ad_lex_scan_use(LEX_SCAN_PLAIN);
        all_words(lex, cards, n, r, want, size);
        for (int way = LEX_SCAN_POPCNT; way <= LEX_SCAN_AVX512; way++) {
            if (!(ways & (1 << way)))
                continue;
            ad_lex_scan_use(way);
            all_words(lex, cards, n, r, got, size);
            assert_string_equal(want, got);
            compared++;
        }
    }
    ad_lex_scan_use(-1);
    assert_true(compared >= 40); /* popcnt at least: every x86-64 of these years */
    free(want);
    free(got);
    ad_lex_results_free(r);
    ad_lex_free(lex);
}

/* The words of multi-letter cards are found two ways: from the lists of
 * each card's places (the default, lists.c) and from the words the scan
 * keeps as maybes (the AVX-512 way's, and any table without lists).  On
 * every scan the processor runs, both give the same words, spellings and
 * order, on hands of 1 to 16 cards with copies of multi-letter cards and
 * up to 5 wilds. */
static void test_the_lists_of_places_find_the_words_the_maybes_of_the_scan_find(void **state)
{
    (void)state;
    static const char *faces[] = {"a", "e", "i", "o", "u", "t", "n", "s", "r", "l", "d", "c",
                                  "m", "p", "b", "g", "h", "y", "k", "w", "th", "qu", "er",
                                  "st", "ch", "sh", "wh", "ph", "ck", "re", "in", "an", "on",
                                  "ea", "ou", "ed", "es", "*"};
    ad_lex *lex;
    ad_lex_results *r;
    char *want, *got;
    size_t size = 1 << 20;
    two_lists(&lex, &r, &want, &got, size);
    int ways = ad_lex_scan_ways(), compared = 0, spelled = 0;
    ad_rng rng;
    ad_rng_seed(&rng, 34);
    for (int hand = 0; hand < 120; hand++) {
        char text[160] = "";
        int n = 1 + (int)ad_rng_below(&rng, 16);
        for (int i = 0; i < n; i++) {
            strcat(text, faces[ad_rng_below(&rng, (uint32_t)(sizeof faces / sizeof *faces))]);
            strcat(text, " ");
        }
        uint8_t cards[16];
        assert_int_equal(ad_lex_cards_parse(text, cards, 16, NULL), n);
        for (int way = LEX_SCAN_PLAIN; way <= LEX_SCAN_AVX512; way++) {
            if (!(ways & (1 << way)))
                continue;
            ad_lex_scan_use(way);
            ad_lex_use_lists(0);
            all_words(lex, cards, n, r, want, size);
            ad_lex_use_lists(1);
            all_words(lex, cards, n, r, got, size);
            assert_string_equal(want, got);
            compared++;
            spelled += strchr(want, ':') != NULL;
        }
    }
    ad_lex_scan_use(-1);
    assert_true(compared >= 240); /* plain and popcnt at least */
    assert_true(spelled >= compared / 2); /* most hands spell something */
    free(want);
    free(got);
    ad_lex_results_free(r);
    ad_lex_free(lex);
}

/* The scan of single cards passes over a group of 8 words whose common
 * letters (lex_sigs.sum8) the hand lacks more of than its wilds: no word
 * of such a group is one the signature test keeps, for hands of 0 to 4
 * wilds and a random number of letters; and it passes over a quarter of
 * the groups at least (about half on the bench's hands), or the summary
 * is no use. */
static void test_a_group_of_eight_is_passed_over_only_when_the_hand_keeps_none_of_it(void **state)
{
    (void)state;
    ad_lex *lex = ad_lex_load_default(NULL);
    assert_non_null(lex);
    const lex_sigs *s = ad_lex_sigs_get(lex);
    assert_non_null(s);
    assert_non_null(s->sum8);
    ad_rng rng;
    ad_rng_seed(&rng, 35);
    long groups = 0, skipped = 0;
    for (int hand = 0; hand < 60; hand++) {
        uint8_t count[AD_LEX_CARD_MAX] = {0};
        int letters = 4 + (int)ad_rng_below(&rng, 9), wilds = hand % 5;
        for (int i = 0; i < letters; i++)
            count[ad_rng_below(&rng, 26)]++;
        uint64_t lacking = ~ad_lex_sig_of(s, count);
        for (long g = 0; g < s->n / 8; g++) {
            int skip = __builtin_popcountll(s->sum8[g] & lacking) > wilds;
            for (int j = 0; skip && j < 8; j++)
                assert_true(__builtin_popcountll(s->sig[8 * g + j] & lacking) > wilds);
            groups++;
            skipped += skip;
        }
    }
    assert_true(skipped * 4 > groups); /* a quarter at least */
    ad_lex_free(lex);
}

/* A result list's first query whose hand holds a multi-letter card that
 * no word of several places needs (nothing to work out one by one, no
 * room made for it yet) finds its words as the maybes' way does: the
 * lists' way once sorted none through a NULL array and crashed. */
static void test_a_first_query_with_nothing_of_several_places_finds_the_words(void **state)
{
    (void)state;
    ad_lex *lex;
    ad_lex_results *r;
    char *want, *got;
    size_t size = 1 << 16;
    two_lists(&lex, &r, &want, &got, size);
    uint8_t cards[8];
    int n = ad_lex_cards_parse("qu a i t", cards, 8, NULL);
    assert_int_equal(n, 4);
    ad_lex_use_lists(0);
    all_words(lex, cards, n, r, want, size);
    ad_lex_results_free(r);
    r = ad_lex_results_new(); /* nothing grown: the first query of its list */
    ad_lex_use_lists(1);
    all_words(lex, cards, n, r, got, size);
    assert_string_equal(want, got);
    assert_non_null(strstr(got, "quit:")); /* a word of the multi-letter card */
    free(want);
    free(got);
    ad_lex_results_free(r);
    ad_lex_free(lex);
}

/* Merging the words that wait for a multi-letter card when none waits
 * (a hand of single cards) leaves the list as it is: the sort once
 * counted the bits of "no card" as all 32 of them and never returned. */
static void test_merging_when_no_word_waits_for_a_multi_letter_card_leaves_the_list_whole(
    void **state)
{
    (void)state;
    ad_lex *lex = ad_lex_load_text(list, strlen(list), NULL);
    assert_non_null(lex);
    ad_lex_results *r = ad_lex_results_new();
    uint8_t cards[8];
    int n = ad_lex_cards_parse("t h e n e t", cards, 8, NULL);
    assert_int_equal(n, 6);
    int got = ad_lex_words(lex, cards, n, 1, r, NULL);
    assert_true(got > 0);
    char before[256] = "", after[256] = "";
    for (int i = 0; i < got; i++) {
        strcat(before, ad_lex_results_word(r, i));
        strcat(before, " ");
    }
    assert_int_equal(ad_lex_merge_multi(r), 0);
    assert_int_equal(ad_lex_results_count(r), got);
    for (int i = 0; i < got; i++) {
        strcat(after, ad_lex_results_word(r, i));
        strcat(after, " ");
    }
    assert_string_equal(before, after);
    ad_lex_results_free(r);
    ad_lex_free(lex);
}

/* ad_lex_use_scan, for a bench on a processor with a faster way: a way
 * named is taken by every query after it (and finds the same words), a
 * name it does not know or a way the processor lacks is refused in words
 * and changes nothing, and "best" gives the processor's best back. */
static void test_a_scan_chosen_by_name_is_taken_and_a_bad_name_changes_nothing(void **state)
{
    (void)state;
    ad_lex *lex = ad_lex_load_text(list, strlen(list), NULL);
    assert_non_null(lex);
    ad_lex_results *r = ad_lex_results_new();
    uint8_t cards[8];
    int n = ad_lex_cards_parse("t h e n e *", cards, 8, NULL);
    char best[4096], plain[4096];
    const char *best_name = ad_lex_scan_name();
    all_words(lex, cards, n, r, best, sizeof best);

    ad_err e = {0};
    assert_int_equal(ad_lex_use_scan("plain", &e), 0);
    assert_string_equal(ad_lex_scan_name(), "plain");
    all_words(lex, cards, n, r, plain, sizeof plain);
    assert_string_equal(best, plain);

    assert_int_equal(ad_lex_use_scan("fastest", &e), -1);
    assert_int_equal(e.code, AD_E_BAD_OPTION);
    assert_non_null(strstr(e.text, "there is no scan \"fastest\""));
    assert_string_equal(ad_lex_scan_name(), "plain");
    assert_int_equal(ad_lex_use_scan(NULL, &e), -1);
    assert_string_equal(ad_lex_scan_name(), "plain");

    static const char *const names[] = {"plain", "popcnt", "avx2", "avx512"};
    int ways = ad_lex_scan_ways();
    for (int w = LEX_SCAN_PLAIN; w <= LEX_SCAN_AVX512; w++)
        if (!(ways & (1 << w))) { /* a way this processor lacks */
            assert_int_equal(ad_lex_use_scan(names[w], &e), -1);
            assert_int_equal(e.code, AD_E_BAD_OPTION);
            assert_non_null(strstr(e.text, "this processor cannot take"));
            assert_string_equal(ad_lex_scan_name(), "plain");
        }

    assert_int_equal(ad_lex_use_scan("best", &e), 0);
    assert_string_equal(ad_lex_scan_name(), best_name);
    ad_lex_results_free(r);
    ad_lex_free(lex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_saved_table_is_mapped_back_and_gives_the_words_of_the_made_one),
        cmocka_unit_test(test_a_damaged_table_is_passed_over_and_the_words_stay_the_same),
        cmocka_unit_test(test_the_table_of_another_index_is_passed_over),
        cmocka_unit_test(test_every_scan_the_processor_can_run_finds_the_same_words),
        cmocka_unit_test(test_the_lists_of_places_find_the_words_the_maybes_of_the_scan_find),
        cmocka_unit_test(test_a_first_query_with_nothing_of_several_places_finds_the_words),
        cmocka_unit_test(test_a_group_of_eight_is_passed_over_only_when_the_hand_keeps_none_of_it),
        cmocka_unit_test(
            test_merging_when_no_word_waits_for_a_multi_letter_card_leaves_the_list_whole),
        cmocka_unit_test(test_a_scan_chosen_by_name_is_taken_and_a_bad_name_changes_nothing),
    };
    return cmocka_run_group_tests_name("the letter table", tests, NULL, NULL);
}
