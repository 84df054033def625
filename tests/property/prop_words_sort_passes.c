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
#include "walk_words.h"

#define HANDS 12

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
    walked *o = calloc(1, sizeof *o);
    assert_non_null(o);
    ad_rng r;
    ad_rng_seed(&r, 3305);
    long words = 0;
    for (int h = 0; h < HANDS; h++) {
        uint8_t hand[AD_LEX_HAND_MAX];
        int n = deal(&r, hand);
        words += same_as_walk(lex, hand, n, 1, o, res);
    }
    printf("# %d hands of most multi-letter cards: %ld words, each the walk's in its place\n",
           HANDS, words);
    free(o->out);
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
