/*
 * test_lexicon.c - the promises of the dictionary (docs/lexicon.md): the
 * shout deck's cards, the default and common lists, how cards spell words
 * (doubles as printed, a wild for one letter, cards not letters counted),
 * the best word for a hand, the index on disk, and clear errors for bad
 * word lists and bad queries.
 */
#include "../testutil.h"

#include <unistd.h>

#include "alphadeck/lexicon.h"
#include "lexicon/lex.h"

static ad_lex *lex; /* the default list, shared by the tests */
static char build_lexicon[4096]; /* this build's lexicon/, which `make` fills */

static int setup(void **state)
{
    (void)state;
    ad_err e;
    /* as the binary does: this program is BUILD/tests/test_lexicon */
    ssize_t n = readlink("/proc/self/exe", build_lexicon, sizeof build_lexicon - 32);
    if (n <= 0)
        return -1;
    build_lexicon[n] = 0;
    strcpy(strrchr(build_lexicon, '/'), "/../lexicon");
    ad_lex_set_dir(build_lexicon);
    lex = ad_lex_load_default(&e);
    if (!lex)
        fprintf(stderr, "cannot load the default list: %s\n", e.text);
    return lex ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    ad_lex_free(lex);
    return 0;
}

/* Card ids from names ("th e n *"); fails the test on a bad name. */
static int cards(const char *names, uint8_t *out)
{
    ad_err e;
    int n = ad_lex_cards_parse(names, out, AD_LEX_HAND_MAX, &e);
    if (n < 0)
        fail_msg("bad cards %s: %s", names, e.text);
    return n;
}

/* The spelling as text, "TH *=e N", for readable asserts. */
static const char *spelled(const ad_lex_spelling *h)
{
    static char buf[256];
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < h->n; i++) {
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", i ? " " : "",
                                 ad_lex_card_name(h->card[i]));
        if (h->card[i] == AD_LEX_WILD)
            used += (size_t)snprintf(buf + used, sizeof buf - used, "=%c", h->as[i]);
    }
    return buf;
}

/* How the cards spell word (flags as ad_lex_spell), or "-" when they do not. */
static const char *spell(const char *word, const char *names, int flags)
{
    uint8_t c[AD_LEX_HAND_MAX];
    int n = cards(names, c);
    ad_lex_spelling h;
    ad_err e;
    int rc = ad_lex_spell(word, c, n, flags, &h, &e);
    if (rc < 0)
        fail_msg("spell %s with %s: %s", word, names, e.text);
    return rc ? spelled(&h) : "-";
}

/* The entry for word in r, or NULL. */
static const ad_lex_found *find(const ad_lex_results *r, const char *word)
{
    static ad_lex_found f;
    for (int i = 0; i < ad_lex_results_count(r); i++)
        if (strcmp(ad_lex_results_word(r, i), word) == 0)
            return ad_lex_results_get(r, i, &f) == 0 ? &f : NULL;
    return NULL;
}

static ad_lex_results *words(const char *names, int min)
{
    uint8_t c[AD_LEX_HAND_MAX];
    int n = cards(names, c);
    ad_lex_results *r = ad_lex_results_new();
    ad_err e;
    if (ad_lex_words(lex, c, n, min, r, &e) < 0)
        fail_msg("words %s: %s", names, e.text);
    return r;
}

/* ------------------------------------------------------------------ cards */

static void test_shout_deck_is_61_singles_17_doubles_and_2_wilds(void **state)
{
    (void)state;
    static const char *const singles = "A5 B1 C1 D2 E7 F1 G2 H1 I5 J1 K1 L3 M2 N4 O5 P2 Q1 R3 S3 "
                                       "T4 U2 V1 W1 X1 Y1 Z1";
    const ad_deck *d = ad_deck_get("shout");
    assert_non_null(d);
    int single = 0, dbl = 0, wild = 0;
    for (int k = 0; k < d->nkinds; k++) {
        size_t len = strlen(d->kind[k]);
        if (strcmp(d->kind[k], "*") == 0)
            wild += d->copies[k];
        else if (len == 2)
            dbl += d->copies[k];
        else {
            char want[16];
            snprintf(want, sizeof want, "%s%d", d->kind[k], d->copies[k]);
            assert_non_null(strstr(singles, want));
            single += d->copies[k];
        }
    }
    assert_int_equal(single, 61);
    assert_int_equal(dbl, 17);
    assert_int_equal(wild, 2);
}

static void test_cards_are_letters_the_wild_and_the_shout_decks_doubles(void **state)
{
    (void)state;
    assert_int_equal(ad_lex_card_count(), 27 + 17);
    assert_int_equal(ad_lex_card("A"), 0);
    assert_int_equal(ad_lex_card("Z"), 25);
    assert_int_equal(ad_lex_card("*"), AD_LEX_WILD);
    static const char *const doubles[] = {"TH", "CH", "SH", "WH", "PH", "QU", "CK", "ST", "ER",
                                          "RE", "IN", "AN", "ON", "EA", "OU", "ED", "ES"};
    for (int i = 0; i < 17; i++) {
        int id = ad_lex_card(doubles[i]);
        assert_true(id > AD_LEX_WILD);
        assert_string_equal(ad_lex_card_name(id), doubles[i]);
        assert_int_equal(strlen(ad_lex_card_letters(id)), 2);
    }
    assert_string_equal(ad_lex_card_letters(ad_lex_card("QU")), "qu");
    assert_string_equal(ad_lex_card_letters(AD_LEX_WILD), "");
    assert_null(ad_lex_card_name(ad_lex_card_count()));
}

static void test_card_names_are_case_insensitive(void **state)
{
    (void)state;
    assert_int_equal(ad_lex_card("th"), ad_lex_card("TH"));
    assert_int_equal(ad_lex_card("Th"), ad_lex_card("TH"));
    assert_int_equal(ad_lex_card("t"), ad_lex_card("T"));
    uint8_t c[8];
    assert_int_equal(ad_lex_cards_parse("th,E n *", c, 8, NULL), 4);
    assert_int_equal(c[0], ad_lex_card("TH"));
    assert_int_equal(c[3], AD_LEX_WILD);
}

static void test_a_card_that_does_not_exist_is_refused_with_bad_card(void **state)
{
    (void)state;
    static const char *const bad[] = {"HE", "THE", "1", "?", "caf\xc3\xa9", "**", "ZZ"};
    for (int i = 0; i < 7; i++) {
        uint8_t c[8];
        ad_err e = {0};
        assert_int_equal(ad_lex_card(bad[i]), -1);
        assert_int_equal(ad_lex_cards_parse(bad[i], c, 8, &e), -1);
        assert_int_equal(e.code, AD_E_BAD_CARD);
        assert_non_null(strstr(e.text, "no card"));
    }
    uint8_t c[2];
    ad_err e = {0};
    assert_int_equal(ad_lex_cards_parse("a b c", c, 2, &e), -1);
    assert_int_equal(e.code, AD_E_BAD_CARD);
}

/* ------------------------------------------------------------------ lists */

static void test_default_list_is_lowercase_english_and_american_words(void **state)
{
    (void)state;
    static const char *const yes[] = {"cat", "then", "color", "zebra", "quiz", "a", "i"};
    static const char *const no[] = {"colour", "Cat", "paris", "don't", "caf\xc3\xa9", "xyzzy",
                                     "", "catt"};
    for (int i = 0; i < 7; i++)
        assert_true(ad_lex_contains(lex, yes[i]));
    for (int i = 0; i < 8; i++)
        assert_false(ad_lex_contains(lex, no[i]));
    ad_lex_info info;
    ad_lex_describe(lex, &info);
    assert_true(info.words > 100000 && info.words < 130000);
    assert_non_null(strstr(info.source, "sizes 10 to 70"));
}

static void test_common_list_is_smaller_and_inside_the_default(void **state)
{
    (void)state;
    ad_lex *common = ad_lex_load_common(NULL);
    assert_non_null(common);
    ad_lex_info a, b;
    ad_lex_describe(common, &a);
    ad_lex_describe(lex, &b);
    assert_true(a.words > 50000 && a.words < b.words);
    assert_true(ad_lex_contains(common, "house"));
    assert_true(ad_lex_contains(lex, "zymurgy"));
    assert_false(ad_lex_contains(common, "zymurgy"));
    ad_lex_free(common);
}

static void test_index_built_by_make_is_mapped_and_equals_a_fresh_build(void **state)
{
    (void)state;
    ad_lex_info info;
    ad_lex_describe(lex, &info);
    assert_non_null(strstr(info.index, "lexicon/scowl-70.idx"));
    ad_lex *fresh = ad_lex_load_scowl(70, AD_LEX_BUILD, NULL);
    assert_non_null(fresh);
    assert_int_equal(fresh->ncells, lex->ncells);
    assert_int_equal(fresh->root, lex->root);
    assert_memory_equal(fresh->cell, lex->cell, lex->ncells * 4);
    ad_lex_free(fresh);
}

static void test_index_is_at_most_5_mb(void **state)
{
    (void)state;
    ad_lex_info info;
    ad_lex_describe(lex, &info);
    assert_true(info.bytes <= 5u << 20);
}

static void test_a_scowl_size_that_does_not_exist_is_refused(void **state)
{
    (void)state;
    ad_err e = {0};
    assert_null(ad_lex_load_scowl(65, 0, &e));
    assert_int_equal(e.code, AD_E_BAD_DICT);
    assert_non_null(strstr(e.text, "no size 65"));
}

/* ---------------------------------------------------------------- spelling */

static void test_double_card_is_used_as_printed_never_split(void **state)
{
    (void)state;
    assert_string_equal(spell("then", "th e n", 0), "TH E N");
    assert_string_equal(spell("ten", "th e n", 0), "-");
    assert_string_equal(spell("hen", "th e n", 0), "-");
    ad_lex_results *r = words("th e n", 1);
    assert_non_null(find(r, "then"));
    assert_non_null(find(r, "nth"));
    assert_null(find(r, "ten"));
    assert_null(find(r, "hen"));
    ad_lex_results_free(r);
}

static void test_double_card_is_never_reversed(void **state)
{
    (void)state;
    assert_string_equal(spell("er", "er", 0), "ER");
    assert_string_equal(spell("re", "er", 0), "-");
    assert_string_equal(spell("ht", "th", 0), "-");
}

static void test_wild_stands_for_exactly_one_letter(void **state)
{
    (void)state;
    assert_string_equal(spell("a", "*", 0), "*=a");
    assert_string_equal(spell("at", "*", 0), "-");
    assert_string_equal(spell("at", "* *", 0), "*=a *=t");
    assert_string_equal(spell("then", "* e n", 0), "-"); /* a wild is not TH */
    ad_lex_results *r = words("*", 1);
    for (int i = 0; i < ad_lex_results_count(r); i++)
        assert_int_equal(strlen(ad_lex_results_word(r, i)), 1);
    assert_int_equal(ad_lex_results_count(r), 26); /* SCOWL lists every letter */
    ad_lex_results_free(r);
}

static void test_spell_says_which_card_for_each_part_and_what_wilds_stand_for(void **state)
{
    (void)state;
    assert_string_equal(spell("then", "n * th", 0), "TH *=e N");
    assert_string_equal(spell("quest", "st e qu", 0), "QU E ST");
}

static void test_spell_prefers_the_most_cards_then_the_fewest_wilds(void **state)
{
    (void)state;
    assert_string_equal(spell("the", "th t h e *", 0), "T H E");
    assert_string_equal(spell("the", "th h e *", 0), "*=t H E");
    assert_string_equal(spell("the", "th e", 0), "TH E");
}

static void test_spell_in_order_checks_a_claim_card_by_card(void **state)
{
    (void)state;
    assert_string_equal(spell("then", "th e n", AD_LEX_IN_ORDER), "TH E N");
    assert_string_equal(spell("then", "th * n", AD_LEX_IN_ORDER), "TH *=e N");
    assert_string_equal(spell("then", "n e th", AD_LEX_IN_ORDER), "-");
    assert_string_equal(spell("then", "th e", AD_LEX_IN_ORDER), "-");
    assert_string_equal(spell("then", "th e n s", AD_LEX_IN_ORDER), "-");
    assert_string_equal(spell("then", "t h e n", AD_LEX_IN_ORDER), "T H E N");
}

static void test_spell_all_cards_uses_every_card(void **state)
{
    (void)state;
    assert_string_equal(spell("then", "n e th", AD_LEX_ALL_CARDS), "TH E N");
    assert_string_equal(spell("then", "n e th s", AD_LEX_ALL_CARDS), "-");
    assert_string_equal(spell("then", "n e th s", 0), "TH E N");
}

static void test_spell_refuses_a_word_that_is_not_lowercase_a_z(void **state)
{
    (void)state;
    uint8_t c[1] = {0};
    char longword[80];
    memset(longword, 'a', 70);
    longword[70] = 0;
    static const char *const bad[] = {"Cat", "don't", "", "caf\xc3\xa9"};
    for (int i = 0; i < 4; i++) {
        ad_err e = {0};
        assert_int_equal(ad_lex_spell(bad[i], c, 1, 0, NULL, &e), -1);
        assert_int_equal(e.code, AD_E_BAD_WORD);
    }
    ad_err e = {0};
    assert_int_equal(ad_lex_spell(longword, c, 1, 0, NULL, &e), -1);
    assert_int_equal(e.code, AD_E_BAD_WORD);
}

/* ------------------------------------------------------------------ words */

static void test_words_respect_min_cards_counting_cards_not_letters(void **state)
{
    (void)state;
    ad_lex_results *r = words("th e n", 3);
    assert_non_null(find(r, "then"));
    assert_null(find(r, "the")); /* three letters, two cards */
    ad_lex_results_free(r);
    r = words("th e n", 2);
    assert_non_null(find(r, "the"));
    assert_null(find(r, "e")); /* one card */
    ad_lex_results_free(r);
}

static void test_words_list_each_word_once_with_its_best_spelling(void **state)
{
    (void)state;
    ad_lex_results *r = words("th t h e", 1);
    int seen = 0;
    for (int i = 0; i < ad_lex_results_count(r); i++)
        seen += strcmp(ad_lex_results_word(r, i), "the") == 0;
    assert_int_equal(seen, 1);
    assert_string_equal(spelled(&find(r, "the")->how), "T H E");
    ad_lex_results_free(r);
}

static void test_words_a_word_counts_when_some_spelling_reaches_min_cards(void **state)
{
    (void)state;
    /* "the" with TH,E is 2 cards, with T,H,E 3: min 3 keeps it */
    ad_lex_results *r = words("th t h e", 3);
    assert_non_null(find(r, "the"));
    ad_lex_results_free(r);
}

static void test_words_sort_alphabetical_or_longest_first(void **state)
{
    (void)state;
    ad_lex_results *r = words("t h e n", 1);
    ad_lex_results_sort(r, AD_LEX_ALPHABETICAL);
    for (int i = 1; i < ad_lex_results_count(r); i++)
        assert_true(strcmp(ad_lex_results_word(r, i - 1), ad_lex_results_word(r, i)) < 0);
    assert_null(ad_lex_results_word(r, ad_lex_results_count(r)));
    ad_lex_results_sort(r, AD_LEX_LONGEST_FIRST);
    assert_int_equal(strlen(ad_lex_results_word(r, 0)), 4);
    for (int i = 1; i < ad_lex_results_count(r); i++)
        assert_true(strlen(ad_lex_results_word(r, i - 1)) >=
                    strlen(ad_lex_results_word(r, i)));
    ad_lex_results_free(r);
}

static void test_words_refuse_bad_card_ids_and_too_many_cards(void **state)
{
    (void)state;
    uint8_t c[AD_LEX_HAND_MAX + 1];
    memset(c, 0, sizeof c);
    ad_lex_results *r = ad_lex_results_new();
    ad_err e = {0};
    assert_int_equal(ad_lex_words(lex, c, AD_LEX_HAND_MAX + 1, 1, r, &e), -1);
    assert_int_equal(e.code, AD_E_BAD_CARD);
    c[0] = 200;
    assert_int_equal(ad_lex_words(lex, c, 1, 1, r, &e), -1);
    assert_int_equal(e.code, AD_E_BAD_CARD);
    ad_lex_results_free(r);
}

/* ------------------------------------------------------------------- best */

static long shortest(const char *word, const ad_lex_spelling *how, void *ctx)
{
    (void)how;
    (void)ctx;
    return -(long)strlen(word);
}

static long letter_z(const char *word, const ad_lex_spelling *how, void *ctx)
{
    (void)how;
    *(int *)ctx += 1;
    return strchr(word, 'z') != NULL;
}

static void test_best_word_is_the_longest_or_most_cards_or_the_callers_score(void **state)
{
    (void)state;
    uint8_t c[16];
    int n = cards("th e n a *", c);
    ad_lex_found f;
    assert_int_equal(ad_lex_best(lex, c, n, 1, ad_lex_score_longest, NULL, &f, NULL), 1);
    assert_int_equal(strlen(f.word), 6); /* six letters from 5 cards: the longest there is */
    assert_int_equal(ad_lex_best(lex, c, n, 1, ad_lex_score_cards, NULL, &f, NULL), 1);
    assert_int_equal(f.how.n, 5);
    assert_int_equal(ad_lex_best(lex, c, n, 1, shortest, NULL, &f, NULL), 1);
    assert_string_equal(f.word, "a"); /* one letter; ties go alphabetical */
    int calls = 0;
    assert_int_equal(ad_lex_best(lex, c, n, 1, letter_z, &calls, &f, NULL), 1);
    assert_non_null(strchr(f.word, 'z'));
    assert_true(calls > 100);
}

static void test_best_is_none_when_the_cards_spell_nothing(void **state)
{
    (void)state;
    uint8_t c[4];
    int n = cards("q x", c);
    ad_lex_found f;
    assert_int_equal(ad_lex_best(lex, c, n, 1, NULL, NULL, &f, NULL), 1); /* "q" and "x" */
    assert_int_equal(ad_lex_best(lex, c, n, 2, NULL, NULL, &f, NULL), 0);
}

/* -------------------------------------------------------- bad word lists */

static char *tmp_file(const char *text, size_t len)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/ad_lexicon_test_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_true(write(fd, text, len) == (ssize_t)len);
    close(fd);
    return path;
}

static ad_err load_error(const char *text, size_t len)
{
    char *path = tmp_file(text, len);
    ad_err e = {0};
    ad_lex *l = ad_lex_load_file(path, &e);
    unlink(path);
    assert_null(l);
    return e;
}

static void test_bad_dict_file_gives_clear_error(void **state)
{
    (void)state;
    ad_err e = {0};
    assert_null(ad_lex_load_file("/nonexistent/words.txt", &e));
    assert_int_equal(e.code, AD_E_IO);
    assert_non_null(strstr(e.text, "/nonexistent/words.txt"));
    assert_null(ad_lex_load_file("/tmp", &e));
    assert_int_equal(e.code, AD_E_IO);

    e = load_error("", 0);
    assert_int_equal(e.code, AD_E_BAD_DICT);
    assert_non_null(strstr(e.text, "empty"));
    e = load_error("\n\n  \n", 4);
    assert_non_null(strstr(e.text, "empty"));
    e = load_error("cat\n\0\1\2dog\n", 11);
    assert_int_equal(e.code, AD_E_BAD_DICT);
    assert_non_null(strstr(e.text, "binary"));
    e = load_error("Cat\nDON'T\n", 10);
    assert_int_equal(e.code, AD_E_BAD_DICT);
    assert_non_null(strstr(e.text, "no lowercase a-z word"));
}

static void test_a_10_mb_line_is_refused_not_read_as_a_word(void **state)
{
    (void)state;
    size_t len = 10u << 20;
    char *big = malloc(len + 5);
    memcpy(big, "cat\n", 4);
    memset(big + 4, 'a', len);
    ad_err e = load_error(big, len + 4);
    free(big);
    assert_int_equal(e.code, AD_E_BAD_DICT);
    assert_non_null(strstr(e.text, "line 2 is 10485760 bytes long"));
}

static void test_dict_file_skips_and_counts_entries_not_lowercase_a_z(void **state)
{
    (void)state;
    static const char text[] = "cat\nDog\ndon't\ncaf\xc3\xa9\n\nbird\r\n  then  \ncat\nx-ray";
    char *path = tmp_file(text, sizeof text - 1);
    ad_err e = {0};
    ad_lex *l = ad_lex_load_file(path, &e);
    unlink(path);
    assert_non_null(l);
    ad_lex_info info;
    ad_lex_describe(l, &info);
    assert_int_equal(info.words, 3); /* cat bird then */
    assert_int_equal(info.skipped, 4);
    assert_int_equal(info.first_skipped, 2);
    assert_true(ad_lex_contains(l, "bird"));
    assert_true(ad_lex_contains(l, "then"));
    assert_false(ad_lex_contains(l, "dog"));
    ad_lex_free(l);
}

static void test_a_list_in_any_order_with_repeats_gives_each_word_once(void **state)
{
    (void)state;
    char text[26 * 26 * 3 * 2 + 1], *p = text;
    for (int rep = 0; rep < 2; rep++) /* "zz" down to "aa", twice */
        for (int i = 26 * 26 - 1; i >= 0; i--) {
            *p++ = (char)('a' + i / 26);
            *p++ = (char)('a' + (i * 7) % 26); /* not in order within a block */
            *p++ = '\n';
        }
    ad_lex *l = ad_lex_load_text(text, (size_t)(p - text), NULL);
    assert_non_null(l);
    ad_lex_info info;
    ad_lex_describe(l, &info);
    assert_int_equal(info.words, 26 * 26);
    assert_true(ad_lex_contains(l, "aa") && ad_lex_contains(l, "zz") && ad_lex_contains(l, "mq"));
    ad_lex_free(l);
}

static void test_a_saved_index_maps_back_and_a_damaged_one_is_refused(void **state)
{
    (void)state;
    static const char text[] = "then\nthe\nhen\nten\nnet\n";
    ad_lex *l = ad_lex_load_text(text, sizeof text - 1, NULL);
    assert_non_null(l);
    char *path = tmp_file("", 0);
    assert_int_equal(ad_lex_save(l, path, NULL), 0);
    ad_lex *m = ad_lex_load_index(path, NULL);
    assert_non_null(m);
    assert_true(ad_lex_contains(m, "hen") && !ad_lex_contains(m, "he"));
    ad_lex_free(m);

    FILE *f = fopen(path, "r+b");
    fseek(f, -3, SEEK_END);
    fputc(0x7f, f);
    fclose(f);
    ad_err e = {0};
    assert_null(ad_lex_load_index(path, &e));
    assert_int_equal(e.code, AD_E_BAD_DICT);
    assert_non_null(strstr(e.text, "damaged"));
    assert_int_equal(truncate(path, 10), 0);
    assert_null(ad_lex_load_index(path, &e));
    assert_int_equal(e.code, AD_E_BAD_DICT);
    unlink(path);
    ad_lex_free(l);
}

static void test_a_damaged_index_in_AD_LEXICON_DIR_is_passed_over(void **state)
{
    (void)state;
    char dir[] = "/tmp/ad_lexicon_dir_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/scowl-70.idx", dir);
    FILE *f = fopen(path, "wb");
    fputs("not an index at all, not an index at all, not an index at all", f);
    fclose(f);
    setenv("AD_LEXICON_DIR", dir, 1);
    ad_lex_set_dir(NULL); /* AD_LEXICON_DIR is the first place now */
    ad_lex *l = ad_lex_load_default(NULL);
    ad_lex_set_dir(build_lexicon);
    unsetenv("AD_LEXICON_DIR");
    unlink(path);
    rmdir(dir);
    assert_non_null(l);
    ad_lex_info info;
    ad_lex_describe(l, &info);
    assert_null(strstr(info.index, dir));
    assert_true(ad_lex_contains(l, "cat"));
    ad_lex_free(l);
}

static void test_the_chosen_folder_comes_before_AD_LEXICON_DIR(void **state)
{
    (void)state;
    char dir[] = "/tmp/ad_lexicon_chosen_XXXXXX", idx[64], from[4200];
    assert_non_null(mkdtemp(dir));
    snprintf(idx, sizeof idx, "%s/scowl-70.idx", dir);
    snprintf(from, sizeof from, "%s/scowl-70.idx", build_lexicon);
    assert_int_equal(symlink(from, idx), 0);
    setenv("AD_LEXICON_DIR", build_lexicon, 1);
    ad_lex_set_dir(dir);
    ad_lex *chosen = ad_lex_load_default(NULL);
    ad_lex_set_dir(NULL);
    ad_lex *by_env = ad_lex_load_default(NULL);
    ad_lex_set_dir(build_lexicon);
    unsetenv("AD_LEXICON_DIR");
    unlink(idx);
    rmdir(dir);
    assert_non_null(chosen);
    assert_non_null(by_env);
    ad_lex_info a, b;
    ad_lex_describe(chosen, &a);
    ad_lex_describe(by_env, &b);
    assert_non_null(strstr(a.index, dir));
    assert_non_null(strstr(b.index, build_lexicon));
    ad_lex_free(chosen);
    ad_lex_free(by_env);
}

static void test_a_folder_too_long_to_choose_is_refused(void **state)
{
    (void)state;
    char longer[5000];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    assert_int_equal(ad_lex_set_dir(longer), -1);
    assert_int_equal(ad_lex_set_dir(build_lexicon), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shout_deck_is_61_singles_17_doubles_and_2_wilds),
        cmocka_unit_test(test_cards_are_letters_the_wild_and_the_shout_decks_doubles),
        cmocka_unit_test(test_card_names_are_case_insensitive),
        cmocka_unit_test(test_a_card_that_does_not_exist_is_refused_with_bad_card),
        cmocka_unit_test(test_default_list_is_lowercase_english_and_american_words),
        cmocka_unit_test(test_common_list_is_smaller_and_inside_the_default),
        cmocka_unit_test(test_index_built_by_make_is_mapped_and_equals_a_fresh_build),
        cmocka_unit_test(test_index_is_at_most_5_mb),
        cmocka_unit_test(test_a_scowl_size_that_does_not_exist_is_refused),
        cmocka_unit_test(test_double_card_is_used_as_printed_never_split),
        cmocka_unit_test(test_double_card_is_never_reversed),
        cmocka_unit_test(test_wild_stands_for_exactly_one_letter),
        cmocka_unit_test(test_spell_says_which_card_for_each_part_and_what_wilds_stand_for),
        cmocka_unit_test(test_spell_prefers_the_most_cards_then_the_fewest_wilds),
        cmocka_unit_test(test_spell_in_order_checks_a_claim_card_by_card),
        cmocka_unit_test(test_spell_all_cards_uses_every_card),
        cmocka_unit_test(test_spell_refuses_a_word_that_is_not_lowercase_a_z),
        cmocka_unit_test(test_words_respect_min_cards_counting_cards_not_letters),
        cmocka_unit_test(test_words_list_each_word_once_with_its_best_spelling),
        cmocka_unit_test(test_words_a_word_counts_when_some_spelling_reaches_min_cards),
        cmocka_unit_test(test_words_sort_alphabetical_or_longest_first),
        cmocka_unit_test(test_words_refuse_bad_card_ids_and_too_many_cards),
        cmocka_unit_test(test_best_word_is_the_longest_or_most_cards_or_the_callers_score),
        cmocka_unit_test(test_best_is_none_when_the_cards_spell_nothing),
        cmocka_unit_test(test_bad_dict_file_gives_clear_error),
        cmocka_unit_test(test_a_10_mb_line_is_refused_not_read_as_a_word),
        cmocka_unit_test(test_dict_file_skips_and_counts_entries_not_lowercase_a_z),
        cmocka_unit_test(test_a_list_in_any_order_with_repeats_gives_each_word_once),
        cmocka_unit_test(test_a_saved_index_maps_back_and_a_damaged_one_is_refused),
        cmocka_unit_test(test_a_damaged_index_in_AD_LEXICON_DIR_is_passed_over),
        cmocka_unit_test(test_the_chosen_folder_comes_before_AD_LEXICON_DIR),
        cmocka_unit_test(test_a_folder_too_long_to_choose_is_refused),
    };
    return cmocka_run_group_tests_name("lexicon", tests, setup, teardown);
}
