/*
 * prop_words_sort_passes.c - the words that need multi-letter cards are
 * sorted by a dense order (src/lexicon/multi.c, issue 33 round three):
 * in two passes when it takes at most 24 bits, else 10 bits a pass.  The
 * bench's hands and the other property tests take only the two passes
 * (a hand of few multi-letter cards); these hands hold most of the deck's
 * multi-letter cards at once, with loose letters and wilds, so their
 * orders take more bits and the other passes run.  Same words, same
 * order, same cards as the DAWG walk (ad_lex_best).
 */
#include "../testutil.h"

#include "alphadeck/lexicon.h"

#define HANDS 12

#define SLOTS (1u << 18)

typedef struct offers {
    ad_lex_found *list; /* each word once, where the walk first offered it */
    int n, cap;
    uint32_t at[SLOTS]; /* list index + 1 by the word's hash, or 0 */
} offers;

/* The walk offers a word once a way, the first in walk order: keeps the
 * word there, with its best way (more cards, then fewer wilds). */
static long take_offer(const char *word, const ad_lex_spelling *how, void *ctx)
{
    offers *o = ctx;
    uint32_t k = 2166136261u;
    for (const char *p = word; *p; p++)
        k = (k ^ (uint8_t)*p) * 16777619u;
    for (k &= SLOTS - 1; o->at[k]; k = (k + 1) & (SLOTS - 1)) {
        ad_lex_spelling *b = &o->list[o->at[k] - 1].how;
        if (strcmp(o->list[o->at[k] - 1].word, word) == 0) {
            if (how->n > b->n || (how->n == b->n && how->wilds < b->wilds))
                *b = *how;
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

/* All multi-letter cards but a few, some loose letters, 1 to 3 wilds. */
static int deal(ad_rng *r, uint8_t *hand)
{
    int n = 0, cards = ad_lex_card_count();
    for (int id = AD_LEX_WILD + 1; id < cards; id++)
        if (ad_rng_below(r, 6))
            hand[n++] = (uint8_t)id;
    for (int k = 0, loose = 3 + (int)ad_rng_below(r, 6); k < loose; k++)
        hand[n++] = (uint8_t)ad_rng_below(r, 26);
    for (int k = 0, wilds = 1 + (int)ad_rng_below(r, 3); k < wilds; k++)
        hand[n++] = AD_LEX_WILD;
    ad_rng_shuffle(r, hand, n);
    return n;
}

static void test_hands_of_most_multi_letter_cards_give_the_walks_words_in_its_order(void **state)
{
    (void)state;
    ad_lex *lex = ad_lex_load_default(NULL);
    assert_non_null(lex);
    ad_lex_results *res = ad_lex_results_new();
    offers *o = calloc(1, sizeof *o);
    assert_non_null(o);
    ad_rng r;
    ad_rng_seed(&r, 3305);
    long words = 0;
    for (int h = 0; h < HANDS; h++) {
        uint8_t hand[AD_LEX_HAND_MAX];
        int n = deal(&r, hand);
        ad_lex_found best;
        int got = ad_lex_words(lex, hand, n, 1, res, NULL);
        o->n = 0;
        memset(o->at, 0, sizeof o->at);
        assert_true(ad_lex_best(lex, hand, n, 1, take_offer, o, &best, NULL) >= 0);
        assert_int_equal(got, o->n);
        for (int i = 0; i < got; i++) {
            ad_lex_found f;
            const ad_lex_found *w = &o->list[i];
            assert_int_equal(ad_lex_results_get(res, i, &f), 0);
            if (strcmp(f.word, w->word) || f.how.n != w->how.n || f.how.wilds != w->how.wilds ||
                memcmp(f.how.card, w->how.card, w->how.n))
                fail_msg("hand %d, word %d: ad_lex_words gives %s (%d cards, %d wilds), the "
                         "walk %s (%d cards, %d wilds)",
                         h, i, f.word, f.how.n, f.how.wilds, w->word, w->how.n, w->how.wilds);
        }
        words += got;
    }
    printf("# %d hands of most multi-letter cards: %ld words, each the walk's in its place\n",
           HANDS, words);
    free(o->list);
    free(o);
    ad_lex_results_free(res);
    ad_lex_free(lex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hands_of_most_multi_letter_cards_give_the_walks_words_in_its_order),
    };
    return cmocka_run_group_tests_name("the sort of many multi-letter cards' words", tests, NULL,
                                       NULL);
}
