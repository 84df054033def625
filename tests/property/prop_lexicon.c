/*
 * prop_lexicon.c - the dictionary against plain brute force, over the whole
 * default list:
 *   - the index holds exactly the words of the SCOWL files (read here the
 *     plain way), and nothing else;
 *   - for random card sets drawn from the shout deck, ad_lex_words finds
 *     exactly the words a brute-force checker finds (one that tries every
 *     card at every place), each with the most cards and then the fewest
 *     wilds, and a spelling that really spells the word from those cards;
 *   - ad_lex_spell agrees with brute force word by word, and a spelling it
 *     gives, played back in order, is accepted as a claim;
 *   - ad_lex_best picks what the brute-force list says it should.
 * One card set per 250 games of AD_PROP_GAMES (10,000 by default: 40 sets).
 */
#include "../testutil.h"

#include "alphadeck/lexicon.h"

static int card_sets(void)
{
    const char *e = getenv("AD_PROP_GAMES");
    int n = e ? atoi(e) : 0;
    n = (n > 0 ? n : 10000) / 250;
    return n < 8 ? 8 : n;
}

/* ------------------------------------------------- the list, read plainly */

typedef struct plain {
    char *text;
    char **word;
    long n;
} plain;

static plain list;
static ad_lex *lex;

static int by_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int lower_az(const char *s)
{
    size_t len = strlen(s);
    if (len == 0 || len > 63)
        return 0;
    for (; *s; s++)
        if (*s < 'a' || *s > 'z')
            return 0;
    return 1;
}

static void slurp(const char *path, size_t *len, size_t *cap)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s", path);
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (*len + 2 > *cap) {
            *cap = *cap * 2 + 4096;
            list.text = realloc(list.text, *cap);
        }
        list.text[(*len)++] = (char)c;
    }
    list.text[(*len)++] = '\n';
    fclose(f);
}

/* english-words.S and american-words.S for S up to 70, a-z lines, sorted. */
static void read_plain(void)
{
    static const int sizes[] = {10, 20, 35, 40, 50, 55, 60, 70};
    const char *dir = getenv("AD_SCOWL_DIR") ? getenv("AD_SCOWL_DIR") : "/usr/share/dict/scowl";
    size_t len = 0, cap = 0;
    char path[512];
    for (int i = 0; i < 8; i++)
        for (int a = 0; a < 2; a++) {
            snprintf(path, sizeof path, "%s/%s-words.%d", dir, a ? "american" : "english",
                     sizes[i]);
            slurp(path, &len, &cap);
        }
    list.word = malloc(sizeof(char *) * len);
    for (char *p = list.text, *end = list.text + len; p < end;) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        *nl = 0;
        if (lower_az(p))
            list.word[list.n++] = p;
        p = nl + 1;
    }
    qsort(list.word, (size_t)list.n, sizeof(char *), by_str);
    long out = 0;
    for (long i = 0; i < list.n; i++)
        if (out == 0 || strcmp(list.word[out - 1], list.word[i]) != 0)
            list.word[out++] = list.word[i];
    list.n = out;
}

static int setup(void **state)
{
    (void)state;
    read_plain();
    lex = ad_lex_load_default(NULL);
    return lex ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    ad_lex_free(lex);
    free(list.word);
    free(list.text);
    return 0;
}

/* ------------------------------------------------------------ brute force */

typedef struct verdict {
    int n, wilds; /* the most cards, then the fewest wilds; n = 0: cannot */
} verdict;

/* Tries every card left at place pos of the word, every way. */
static void brute(const char *w, int pos, int len, uint8_t *count, int n, int wilds,
                  verdict *best)
{
    if (pos == len) {
        if (n > best->n || (n == best->n && wilds < best->wilds))
            *best = (verdict){n, wilds};
        return;
    }
    for (int id = 0; id < ad_lex_card_count(); id++) {
        if (!count[id])
            continue;
        const char *l = ad_lex_card_letters(id);
        int k = id == AD_LEX_WILD ? 1 : (int)strlen(l);
        if (pos + k > len || (id != AD_LEX_WILD && strncmp(w + pos, l, (size_t)k) != 0))
            continue;
        count[id]--;
        brute(w, pos + k, len, count, n + 1, wilds + (id == AD_LEX_WILD), best);
        count[id]++;
    }
}

static verdict judge(const char *w, const uint8_t *count)
{
    uint8_t c[AD_LEX_CARD_MAX];
    memcpy(c, count, sizeof c);
    verdict v = {0, 0};
    brute(w, 0, (int)strlen(w), c, 0, 0, &v);
    return v;
}

/* The spelling uses cards from the hand and, read in order, is the word. */
static void check_spelling(const char *w, const ad_lex_spelling *h, const uint8_t *count)
{
    uint8_t left[AD_LEX_CARD_MAX];
    char made[AD_LEX_WORD_MAX * 2] = "";
    int wilds = 0;
    memcpy(left, count, sizeof left);
    for (int i = 0; i < h->n; i++) {
        if (left[h->card[i]]-- == 0)
            fail_msg("%s: card %s used more often than held", w, ad_lex_card_name(h->card[i]));
        if (h->card[i] == AD_LEX_WILD) {
            wilds++;
            strncat(made, &h->as[i], 1);
        } else {
            strcat(made, ad_lex_card_letters(h->card[i]));
        }
    }
    if (strcmp(made, w) != 0 || wilds != h->wilds)
        fail_msg("the spelling of %s spells %s (%d wilds, says %d)", w, made, wilds, h->wilds);
    uint8_t seq[AD_LEX_WORD_MAX];
    memcpy(seq, h->card, (size_t)h->n);
    if (ad_lex_spell(w, seq, h->n, AD_LEX_IN_ORDER, NULL, NULL) != 1)
        fail_msg("%s: its own spelling is refused as a claim", w);
}

/* --------------------------------------------------------------- the deal */

static int deal(ad_rng *r, uint8_t *hand)
{
    const ad_deck *d = ad_deck_get("shout");
    uint8_t pack[AD_MAX_DECK];
    int n = 0;
    for (int k = 0; k < d->nkinds; k++)
        for (int c = 0; c < d->copies[k]; c++)
            pack[n++] = (uint8_t)ad_lex_card(d->kind[k]);
    assert_int_equal(n, 80);
    ad_rng_shuffle(r, pack, n);
    int k = 1 + (int)ad_rng_below(r, 14); /* 1 to 14 cards from the top */
    memcpy(hand, pack, (size_t)k);
    return k;
}

/* -------------------------------------------------------------- the tests */

static void test_index_holds_exactly_the_words_of_the_lists(void **state)
{
    (void)state;
    ad_lex_info info;
    ad_lex_describe(lex, &info);
    assert_int_equal(info.words, list.n);
    ad_rng r;
    ad_rng_seed(&r, 11);
    for (long i = 0; i < list.n; i++) {
        const char *w = list.word[i];
        if (!ad_lex_contains(lex, w))
            fail_msg("%s is in the list but not in the index", w);
        char other[AD_LEX_WORD_MAX + 1];
        size_t len = strlen(w);
        memcpy(other, w, len + 1);
        other[ad_rng_below(&r, (uint32_t)len)] = (char)('a' + ad_rng_below(&r, 26));
        if (i % 2) { /* or one letter longer */
            other[len] = (char)('a' + ad_rng_below(&r, 26));
            other[len + 1] = 0;
        }
        char *key = other;
        int in_list = bsearch(&key, list.word, (size_t)list.n, sizeof(char *), by_str) != NULL;
        if (ad_lex_contains(lex, other) != in_list)
            fail_msg("%s: the index says %d, the list %d", other, !in_list, in_list);
    }
}

/* ad_lex_words against brute force over every word of the list. */
static void check_words(const uint8_t *hand, int n, int min, const uint8_t *count,
                        ad_lex_results *res, long *found)
{
    assert_true(ad_lex_words(lex, hand, n, min, res, NULL) >= 0);
    ad_lex_results_sort(res, AD_LEX_ALPHABETICAL);
    int at = 0, got = ad_lex_results_count(res);
    for (long i = 0; i < list.n; i++) {
        verdict v = judge(list.word[i], count);
        int want = v.n >= min && v.n > 0;
        ad_lex_found fb, *f = at < got && ad_lex_results_get(res, at, &fb) == 0 ? &fb : NULL;
        int have = f && strcmp(f->word, list.word[i]) == 0;
        if (want != have)
            fail_msg("%s: brute force says %d cards, ad_lex_words %s it (min %d)", list.word[i],
                     v.n, have ? "lists" : "does not list", min);
        if (!have)
            continue;
        if (f->how.n != v.n || f->how.wilds != v.wilds)
            fail_msg("%s: %d cards %d wilds, brute force %d cards %d wilds", f->word, f->how.n,
                     f->how.wilds, v.n, v.wilds);
        check_spelling(f->word, &f->how, count);
        at++;
        (*found)++;
    }
    if (at != got)
        fail_msg("ad_lex_words lists %d words that are not in the list", got - at);
}

/* ad_lex_spell against brute force, for every word (or every 7th). */
static void check_spell(const uint8_t *hand, int n, const uint8_t *count, int every)
{
    for (long i = 0; i < list.n; i += every) {
        ad_lex_spelling h;
        verdict v = judge(list.word[i], count);
        int rc = ad_lex_spell(list.word[i], hand, n, 0, &h, NULL);
        if (rc != (v.n > 0) || (rc && (h.n != v.n || h.wilds != v.wilds)))
            fail_msg("spell %s: %d (%d cards %d wilds), brute force %d cards %d wilds",
                     list.word[i], rc, rc ? h.n : 0, rc ? h.wilds : 0, v.n, v.wilds);
        if (rc)
            check_spelling(list.word[i], &h, count);
    }
}

/* The winner among the brute-force list, with ad_lex_best's tie rules. */
static void check_best(const uint8_t *hand, int n, int min, const ad_lex_results *all)
{
    ad_lex_score_fn fns[2] = {ad_lex_score_longest, ad_lex_score_cards};
    for (int k = 0; k < 2; k++) {
        ad_lex_found want, f;
        long ws = 0;
        int any = 0;
        for (int i = 0; i < ad_lex_results_count(all); i++) { /* alphabetical */
            ad_lex_results_get(all, i, &f);
            long s = fns[k](f.word, &f.how, NULL);
            if (!any || s > ws ||
                (s == ws && (f.how.n > want.how.n ||
                             (f.how.n == want.how.n && f.how.wilds < want.how.wilds)))) {
                want = f;
                ws = s;
                any = 1;
            }
        }
        ad_lex_found got;
        int rc = ad_lex_best(lex, hand, n, min, fns[k], NULL, &got, NULL);
        assert_int_equal(rc, any);
        if (any && strcmp(got.word, want.word) != 0)
            fail_msg("best (%s): %s, brute force %s", k ? "cards" : "longest", got.word,
                     want.word);
    }
}

static void test_words_spell_and_best_agree_with_brute_force(void **state)
{
    (void)state;
    ad_rng r;
    ad_rng_seed(&r, 2026);
    ad_lex_results *res = ad_lex_results_new();
    long found = 0;
    int sets = card_sets();
    for (int s = 0; s < sets; s++) {
        uint8_t hand[16], count[AD_LEX_CARD_MAX] = {0};
        int n = deal(&r, hand), min = 1 + (int)ad_rng_below(&r, 4);
        for (int i = 0; i < n; i++)
            count[hand[i]]++;
        check_words(hand, n, min, count, res, &found);
        check_best(hand, n, min, res);
        check_spell(hand, n, count, s % 4 == 0 ? 1 : 7);
    }
    ad_lex_results_free(res);
    printf("# %d card sets from the shout deck, %ld words found, each checked against brute "
           "force over %ld words\n",
           sets, found, list.n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_index_holds_exactly_the_words_of_the_lists),
        cmocka_unit_test(test_words_spell_and_best_agree_with_brute_force),
    };
    return cmocka_run_group_tests_name("lexicon properties", tests, setup, teardown);
}
