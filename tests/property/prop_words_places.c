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
#include "walk_words.h"


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

static void
test_words_of_hands_with_copies_of_multi_letter_cards_and_up_to_5_wilds_are_the_walks(
    void **state)
{
    (void)state;
    ad_lex *lex[2] = {ad_lex_load_default(NULL), ad_lex_load_common(NULL)};
    assert_non_null(lex[0]);
    assert_non_null(lex[1]);
    ad_lex_results *res = ad_lex_results_new();
    walked *o = calloc(1, sizeof *o);
    assert_non_null(o);
    ad_rng r;
    ad_rng_seed(&r, 3303);
    long words = 0;
    int n = walk_hands(4, 50);
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
    free(o->out);
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
