/*
 * prop_words_places.c - ad_lex_words works out the words that need
 * multi-letter cards from the places of those cards kept in the letter
 * table (issue 33, src/lexicon/ways.c), not from the word's letters.  The
 * shout deck holds one copy of each such card and two wilds; this holds
 * the table to the DAWG walk (ad_lex_best, which offers every way in walk
 * order) on hands the deck never deals but the library takes: two or
 * three copies of a multi-letter card, several of them at once, up to 5
 * wilds, a least number of cards.  Same words, same order, same cards.
 * AD_PROP_GAMES / 4 hands (2,500 by default).
 */
#include "../testutil.h"

#include "alphadeck/lexicon.h"

static int hands(void)
{
    const char *e = getenv("AD_PROP_GAMES");
    int n = e ? atoi(e) : 0;
    n = (n > 0 ? n : 10000) / 4;
    return n < 50 ? 50 : n;
}

/* ----------------------------------------------------- what the walk offers */

#define SLOTS (1u << 18)

typedef struct offer {
    char word[AD_LEX_WORD_MAX];
    ad_lex_spelling how;
} offer;

typedef struct offers {
    offer *list; /* each word once, where the walk first offered it */
    int n, cap;
    uint32_t at[SLOTS]; /* list index + 1 by the word's hash, or 0 */
} offers;

static uint32_t hash(const char *w)
{
    uint32_t h = 5381;
    while (*w)
        h = h * 33 + (uint8_t)*w++;
    return h;
}

/* Keeps each word's first offer as its place and its best offer (more
 * cards, then fewer wilds) as its spelling. */
static long take_offer(const char *word, const ad_lex_spelling *how, void *ctx)
{
    offers *o = ctx;
    uint32_t k = hash(word) & (SLOTS - 1);
    for (; o->at[k]; k = (k + 1) & (SLOTS - 1)) {
        offer *f = &o->list[o->at[k] - 1];
        if (strcmp(f->word, word) == 0) {
            if (how->n > f->how.n || (how->n == f->how.n && how->wilds < f->how.wilds))
                f->how = *how;
            return 0;
        }
    }
    if (o->n == o->cap) {
        o->cap = o->cap ? 2 * o->cap : 8192;
        o->list = realloc(o->list, sizeof *o->list * (size_t)o->cap);
        assert_non_null(o->list);
    }
    assert_true(o->n < (int)(SLOTS / 2));
    snprintf(o->list[o->n].word, AD_LEX_WORD_MAX, "%s", word);
    o->list[o->n].how = *how;
    o->at[k] = (uint32_t)++o->n;
    return 0;
}

/* ----------------------------------------------------------------- hands */

/* size cards: from a pack of two of each letter and three of each
 * multi-letter card, with `wilds` of them wilds, in random order. */
static void deal(ad_rng *r, uint8_t *hand, int size, int wilds)
{
    uint8_t pack[26 * 2 + AD_LEX_CARD_MAX * 3];
    int n = 0, cards = ad_lex_card_count();
    for (int c = 0; c < 26; c++)
        pack[n++] = (uint8_t)c, pack[n++] = (uint8_t)c;
    for (int id = AD_LEX_WILD + 1; id < cards; id++)
        for (int k = 0; k < 3; k++)
            pack[n++] = (uint8_t)id;
    /* more multi-letter cards than a shuffle gives: half the hand at most */
    ad_rng_shuffle(r, pack + 52, n - 52);
    int multi = (int)ad_rng_below(r, (uint32_t)(size / 2 + 1));
    memcpy(hand, pack + 52, (size_t)multi);
    ad_rng_shuffle(r, pack, 52);
    memcpy(hand + multi, pack, (size_t)(size - multi));
    for (int i = 0; i < wilds && i < size; i++)
        hand[size - 1 - i] = AD_LEX_WILD;
    ad_rng_shuffle(r, hand, size);
}

static void say_hand(const uint8_t *hand, int n, int min)
{
    for (int i = 0; i < n; i++)
        printf("%s ", ad_lex_card_name(hand[i]));
    printf("(min %d)\n", min);
}

static long same_as_walk(const ad_lex *lex, const uint8_t *hand, int n, int min, offers *o,
                         ad_lex_results *res)
{
    ad_lex_found best;
    int got = ad_lex_words(lex, hand, n, min, res, NULL);
    memset(o->at, 0, sizeof o->at);
    o->n = 0;
    assert_true(ad_lex_best(lex, hand, n, min, take_offer, o, &best, NULL) >= 0);
    if (got != o->n) {
        say_hand(hand, n, min);
        fail_msg("ad_lex_words found %d words, the walk %d", got, o->n);
    }
    for (int i = 0; i < got; i++) {
        ad_lex_found f;
        const offer *w = &o->list[i];
        assert_int_equal(ad_lex_results_get(res, i, &f), 0);
        if (strcmp(f.word, w->word) || f.how.n != w->how.n || f.how.wilds != w->how.wilds ||
            memcmp(f.how.card, w->how.card, w->how.n) || memcmp(f.how.as, w->how.as, w->how.n)) {
            say_hand(hand, n, min);
            fail_msg("word %d: ad_lex_words gives %s (%d cards, %d wilds), the walk %s (%d "
                     "cards, %d wilds)",
                     i, f.word, f.how.n, f.how.wilds, w->word, w->how.n, w->how.wilds);
        }
    }
    return got;
}

static void
test_words_of_hands_with_copies_of_multi_letter_cards_and_up_to_5_wilds_are_the_walks(
    void **state)
{
    (void)state;
    ad_lex *lex[2] = {ad_lex_load_default(NULL), ad_lex_load_common(NULL)};
    assert_non_null(lex[0]);
    assert_non_null(lex[1]);
    ad_lex_results *res = ad_lex_results_new();
    offers *o = calloc(1, sizeof *o);
    assert_non_null(o);
    ad_rng r;
    ad_rng_seed(&r, 3303);
    long words = 0;
    int n = hands();
    for (int h = 0; h < n; h++) {
        uint8_t hand[16];
        int size = 4 + (int)ad_rng_below(&r, 11), wilds = (int)ad_rng_below(&r, 6);
        int min = h % 3 ? 1 : 1 + (int)ad_rng_below(&r, 3);
        deal(&r, hand, size, wilds);
        words += same_as_walk(lex[h % 2], hand, size, min, o, res);
    }
    printf("# %d hands of 4 to 14 cards with copies of multi-letter cards and 0 to 5 wilds: "
           "%ld words, each the walk's in its place\n",
           n, words);
    free(o->list);
    free(o);
    ad_lex_results_free(res);
    ad_lex_free(lex[0]);
    ad_lex_free(lex[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_words_of_hands_with_copies_of_multi_letter_cards_and_up_to_5_wilds_are_the_walks),
    };
    return cmocka_run_group_tests_name("the words of multi-letter cards' places", tests, NULL,
                                       NULL);
}
