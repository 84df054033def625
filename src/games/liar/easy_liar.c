/*
 * easy_liar.c - the `easy` computer player for Liar, the level for a young
 * child, from the seat's view only.  It says short common words a family
 * can judge: of the bots' words (common family words, games/dict.h)
 * its hand spells, the shortest allowed; with none it bluffs with a common
 * word of the shortest allowed length.  It calls "liar" on a word it can
 * prove false (longer than the hand) or must (nothing can follow it), and
 * now and then on a hunch, as a child does; it discards a card its next
 * word does not need.
 */
#include <string.h>

#include "games/dict.h"
#include "liar.h"
#include "liar_unit.h"

#define FRESH_MOST 4    /* the longest word on a fresh hand (liar.c's rule) */
#define BLUFF_TRIES 256 /* draws from the dictionary to find a common word */
#define HUNCH 3         /* it calls "liar" on a hunch one time in HUNCH */

/* The bots' words (common family words, games/dict.h), or NULL. */
static const ad_lex *common_words(void)
{
    return ad_games_bot_words(NULL);
}

/* A common word the game accepts: one a family can judge. */
static int family_word(const liar_state *s, const char *w)
{
    const ad_lex *common = common_words();
    return common && ad_lex_contains(common, w) && ad_lex_contains(s->words->lex, w);
}

/* The shortest common word of min..max letters `hand` spells (drawn at
 * random among the shortest) into word; its length, 0 when none. */
static int shortest_word(const liar_state *s, const uint8_t *hand, int min, int max, ad_rng *r,
                         char *word)
{
    uint8_t cards[LI_CARDS];
    int n = 0, best = 0, ties = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        for (int c = 0; c < hand[k]; c++)
            cards[n++] = (uint8_t)k; /* the lexicon's ids 0-25 are the letters */
    ad_lex_results *res = ad_lex_results_new();
    const ad_lex *common = common_words();
    int found = common ? ad_lex_words(common, cards, n, 1, res, NULL) : 0;
    for (int i = 0; i < found; i++) {
        const char *w = ad_lex_results_word(res, i);
        int len = (int)strlen(w);
        if (len < min || len > max || (best && len > best) || !family_word(s, w))
            continue;
        ties = len == best ? ties + 1 : 1;
        best = len;
        if (ad_rng_below(r, (uint32_t)ties) == 0)
            snprintf(word, AD_WORD_MAX, "%s", w);
    }
    ad_lex_results_free(res);
    return best;
}

/* A bluff: a common word of len letters from the game's dictionary (or, if
 * none turns up, the last word drawn). */
static void bluff_word(const liar_state *s, int len, ad_rng *r, char *word)
{
    const liar_words *w = s->words;
    for (int t = 0; t < BLUFF_TRIES && w->count[len]; t++) {
        uint32_t i = ad_rng_below(r, w->count[len]);
        memcpy(word, w->base[len] + (size_t)i * (size_t)len, (size_t)len);
        word[len] = 0;
        if (family_word(s, word))
            return;
    }
}

static void announce(const liar_state *s, ad_rng *r, ad_action *out)
{
    int min = s->word_len ? s->word_len + 1 : 1;
    int max = s->word_len ? s->words->maxlen : FRESH_MOST;
    out->type = LI_A_ANNOUNCE;
    if (shortest_word(s, s->hand, min, max, r, out->word))
        return; /* honest */
    int len = min;
    while (len < max && s->words->count[len] == 0)
        len++;
    bluff_word(s, len, r, out->word);
}

/* "Liar" on a word it can prove false (longer than the hand) or must call
 * (nothing can follow it), and one time in HUNCH on a hunch: a trusting
 * player that never called would only ever score when called itself, and
 * as it says the truth whenever it can, it beat `basic` (60% of two-player
 * games); its hunches hand an honest announcer, a child, the points. */
static void respond(const liar_state *s, ad_rng *r, ad_action *out)
{
    int provably_false = s->word_len > s->hand_n, nothing_follows = s->word_len >= s->words->maxlen;
    int hunch = ad_rng_below(r, HUNCH) == 0;
    out->type = provably_false || nothing_follows || hunch ? LI_A_LIAR : LI_A_ACCEPT;
}

/* A card whose loss still leaves a word for its next announcement, drawn
 * at random (any card when none does). */
static void discard(const liar_state *s, ad_rng *r, ad_action *out)
{
    int pick = -1, seen = 0;
    char w[AD_WORD_MAX];
    for (int k = 0; k < LI_LETTERS; k++) {
        if (!s->hand[k])
            continue;
        uint8_t hand[LI_LETTERS];
        memcpy(hand, s->hand, sizeof hand);
        hand[k]--;
        if (shortest_word(s, hand, s->word_len + 1, s->words->maxlen, r, w) &&
            ad_rng_below(r, (uint32_t)++seen) == 0)
            pick = k;
    }
    for (int x = (int)ad_rng_below(r, s->hand_n), k = 0; pick < 0; k++)
        if ((x -= s->hand[k]) < 0)
            pick = k;
    out->type = LI_A_DISCARD;
    out->n = 1;
    out->cards[0] = (uint8_t)pick;
}

BOT_FN(ad_bot_easy_liar)
{
    (void)o;
    (void)seat;
    const liar_state *s = view;
    memset(out, 0, sizeof *out);
    if (s->phase == LI_RESPOND)
        respond(s, r, out);
    else if (s->phase == LI_DISCARD)
        discard(s, r, out);
    else
        announce(s, r, out);
}
