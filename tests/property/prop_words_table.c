/*
 * prop_words_table.c - ad_lex_words finds a hand's words in the letter
 * table (issue 33), not by walking the DAWG; this holds it to the walk on
 * hands of every size the games deal, not only the 12 cards of
 * prop_words_walk.c: 1 to 16 cards from the shout deck (multi-letter cards
 * among them) with 0, 1 or 2 wilds, in random order, a random least number
 * of cards, from both lists.  The reference is the library's own DAWG walk
 * as ad_lex_best runs it, which offers every spelling to the score in walk
 * order: a word's first offer is its place, and its spelling the best
 * offered (most cards, then fewest wilds, the first of equals), as the
 * walk's ad_lex_words kept them.  Same words, same order, same cards.
 * AD_PROP_GAMES / 2 hands (10,000 by default: 5,000 hands).
 */
#include "../testutil.h"

#include "alphadeck/lexicon.h"

static int hands(void)
{
    const char *e = getenv("AD_PROP_GAMES");
    int n = e ? atoi(e) : 0;
    n = (n > 0 ? n : 10000) / 2;
    return n < 100 ? 100 : n;
}

/* ------------------------------------------------- the walk's word list */

#define SLOTS (1u << 18) /* more than twice the words of any hand here */

typedef struct offered {
    char word[AD_LEX_WORD_MAX];
    ad_lex_spelling how;
} offered;

typedef struct walked {
    offered *out;
    int n, cap;
    uint32_t slot[SLOTS]; /* out + 1 by the word's hash, or 0 */
} walked;

/* Every offer of the walk: a new word in its place, or a better spelling
 * of one met before. */
static long record(const char *word, const ad_lex_spelling *how, void *ctx)
{
    walked *w = ctx;
    uint32_t h = 2166136261u, i;
    for (const char *p = word; *p; p++)
        h = (h ^ (uint8_t)*p) * 16777619u;
    for (i = h & (SLOTS - 1); w->slot[i]; i = (i + 1) & (SLOTS - 1)) {
        offered *o = &w->out[w->slot[i] - 1];
        if (strcmp(o->word, word) != 0)
            continue;
        if (how->n > o->how.n || (how->n == o->how.n && how->wilds < o->how.wilds))
            o->how = *how;
        return 0;
    }
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 4096;
        w->out = realloc(w->out, sizeof *w->out * (size_t)w->cap);
        assert_non_null(w->out);
    }
    assert_true(w->n < (int)SLOTS / 2);
    w->slot[i] = (uint32_t)++w->n;
    snprintf(w->out[w->n - 1].word, AD_LEX_WORD_MAX, "%s", word);
    w->out[w->n - 1].how = *how;
    return 0;
}

static void walk_words(walked *w, const ad_lex *lex, const uint8_t *hand, int n, int min)
{
    memset(w->slot, 0, sizeof w->slot);
    w->n = 0;
    ad_lex_found f;
    assert_true(ad_lex_best(lex, hand, n, min, record, w, &f, NULL) >= 0);
}

/* ---------------------------------------------------------------- hands */

/* size cards: wilds wilds, the rest from the shout deck without its wilds,
 * all in random order. */
static int deal(ad_rng *r, uint8_t *hand, int size, int wilds)
{
    const ad_deck *d = ad_deck_get("shout");
    uint8_t pack[AD_MAX_DECK];
    int n = 0;
    for (int k = 0; k < d->nkinds; k++)
        for (int c = 0; c < d->copies[k]; c++)
            if (strcmp(d->kind[k], "*") != 0)
                pack[n++] = (uint8_t)ad_lex_card(d->kind[k]);
    ad_rng_shuffle(r, pack, n);
    memcpy(hand, pack, (size_t)size);
    for (int i = 0; i < wilds && i < size; i++)
        hand[i] = AD_LEX_WILD;
    ad_rng_shuffle(r, hand, size);
    return size;
}

static void say_hand(const uint8_t *hand, int n, int min)
{
    for (int i = 0; i < n; i++)
        printf("%s ", ad_lex_card_name(hand[i]));
    printf("(min %d)\n", min);
}

/* The same words as the walk, in its order, spelled card for card alike. */
static long same_as_walk(const ad_lex *lex, const uint8_t *hand, int n, int min, walked *w,
                         ad_lex_results *res)
{
    int got = ad_lex_words(lex, hand, n, min, res, NULL);
    walk_words(w, lex, hand, n, min);
    if (got != w->n) {
        say_hand(hand, n, min);
        fail_msg("ad_lex_words found %d words, the walk %d", got, w->n);
    }
    for (int i = 0; i < got; i++) {
        ad_lex_found f;
        const offered *o = &w->out[i];
        assert_int_equal(ad_lex_results_get(res, i, &f), 0);
        if (strcmp(f.word, o->word) != 0 || f.how.n != o->how.n ||
            f.how.wilds != o->how.wilds ||
            memcmp(f.how.card, o->how.card, (size_t)o->how.n) != 0 ||
            memcmp(f.how.as, o->how.as, (size_t)o->how.n) != 0) {
            say_hand(hand, n, min);
            fail_msg("word %d: ad_lex_words gives %s (%d cards, %d wilds), the walk %s (%d "
                     "cards, %d wilds)",
                     i, f.word, f.how.n, f.how.wilds, o->word, o->how.n, o->how.wilds);
        }
    }
    return got;
}

static void
test_words_are_the_walks_words_in_its_order_for_hands_of_1_to_16_cards_with_0_to_2_wilds(
    void **state)
{
    (void)state;
    ad_lex *lex[2] = {ad_lex_load_default(NULL), ad_lex_load_common(NULL)};
    assert_non_null(lex[0]);
    assert_non_null(lex[1]);
    ad_lex_results *res = ad_lex_results_new();
    walked *w = calloc(1, sizeof *w);
    ad_rng r;
    ad_rng_seed(&r, 33);
    long words = 0;
    int n = hands(), seen[3] = {0};
    for (int h = 0; h < n; h++) {
        uint8_t hand[16];
        int wilds = h % 3, size = 1 + (int)ad_rng_below(&r, 16);
        int min = h % 2 ? 1 : 1 + (int)ad_rng_below(&r, 4);
        deal(&r, hand, size, wilds);
        seen[wilds]++;
        words += same_as_walk(lex[h % 4 == 3], hand, size, min, w, res);
    }
    printf("# %d hands of 1 to 16 cards (%d, %d, %d with 0, 1, 2 wilds): %ld words, each the "
           "walk's in its place\n",
           n, seen[0], seen[1], seen[2], words);
    free(w->out);
    free(w);
    ad_lex_results_free(res);
    ad_lex_free(lex[0]);
    ad_lex_free(lex[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_words_are_the_walks_words_in_its_order_for_hands_of_1_to_16_cards_with_0_to_2_wilds),
    };
    return cmocka_run_group_tests_name("the words of the letter table", tests, NULL, NULL);
}
