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
#include "walk_words.h"


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
    int n = walk_hands(2, 100), seen[3] = {0};
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
