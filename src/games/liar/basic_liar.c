/*
 * basic_liar.c - the `basic` computer player for Liar, from the seat's view
 * only.  It announces the longest word its hand really spells when one is
 * long enough, and else the cheapest bluff (a shortest allowed word); it
 * calls "liar" on a word longer than the hand, and otherwise when a hand of
 * that size drawn at random from the deck would rarely spell the word; it
 * discards the card whose loss keeps the best word.
 */
#include <string.h>

#include "liar.h"
#include "liar_unit.h"

#define SAMPLES 256

static int spells(const uint8_t *hand, const char *word)
{
    uint8_t need[LI_LETTERS] = {0};
    for (const char *c = word; *c; c++)
        if (++need[*c - 'a'] > hand[*c - 'a'])
            return 0;
    return 1;
}

/* The longest word (ties: first alphabetically) the hand spells with
 * min..max letters; 0 if none. */
static int best_word(const liar_state *s, const uint8_t *hand, int min, int max, char *out)
{
    uint8_t cards[LI_CARDS];
    int n = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        for (int c = 0; c < hand[k]; c++)
            cards[n++] = (uint8_t)k; /* the lexicon's ids 0-25 are the letters */
    ad_lex_results *res = ad_lex_results_new();
    int found = 0, best = 0;
    if (ad_lex_words(s->words->lex, cards, n, 1, res, NULL) > 0) {
        for (int i = 0; i < ad_lex_results_count(res); i++) {
            const char *w = ad_lex_results_word(res, i);
            int len = (int)strlen(w);
            if (len < min || len > max || len < best)
                continue;
            if (len > best || strcmp(w, out) < 0) {
                best = len;
                snprintf(out, AD_WORD_MAX, "%s", w);
                found = 1;
            }
        }
    }
    ad_lex_results_free(res);
    return found ? best : 0;
}

/* How often a hand of hand_n cards drawn from the whole deck spells word. */
static double chance_spelled(const liar_state *s, ad_rng *r)
{
    uint8_t deck[LI_CARDS];
    int n = 0, hits = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        for (int c = 0; c < s->deck->copies[k]; c++)
            deck[n++] = (uint8_t)k;
    for (int t = 0; t < SAMPLES; t++) {
        uint8_t hand[LI_LETTERS] = {0};
        for (int i = 0; i < s->hand_n && i < n; i++) { /* a partial shuffle */
            int j = i + (int)ad_rng_below(r, (uint32_t)(n - i));
            uint8_t x = deck[i];
            deck[i] = deck[j];
            deck[j] = x;
            hand[deck[i]]++;
        }
        hits += spells(hand, s->word);
    }
    return (double)hits / SAMPLES;
}

static void announce(const liar_state *s, ad_rng *r, ad_action *out)
{
    int min = s->word_len ? s->word_len + 1 : 1;
    int max = s->word_len ? s->words->maxlen : 4;
    out->type = LI_A_ANNOUNCE;
    if (best_word(s, s->hand, min, max, out->word))
        return; /* honest */
    /* the cheapest bluff: a word of the shortest allowed length */
    const liar_words *w = s->words;
    int len = min;
    while (len < max && w->count[len] == 0)
        len++;
    uint32_t i = ad_rng_below(r, w->count[len] ? w->count[len] : 1);
    memcpy(out->word, w->base[len] + (size_t)i * (size_t)len, (size_t)len);
    out->word[len] = 0;
}

static void respond(const liar_state *s, ad_rng *r, ad_action *out)
{
    out->type = LI_A_LIAR;
    if (s->word_len > s->hand_n || s->word_len >= s->words->maxlen)
        return; /* cannot be spelled, or nothing can follow it */
    /* a basic announcer tells the truth when it can, so a word a random
     * hand of that size spells even now and then is likely true */
    if (chance_spelled(s, r) >= 0.15)
        out->type = LI_A_ACCEPT;
}

static void discard(const liar_state *s, ad_action *out)
{
    int keep = -1, best_k = -1;
    char w[AD_WORD_MAX];
    for (int k = 0; k < LI_LETTERS; k++) {
        if (!s->hand[k])
            continue;
        uint8_t hand[LI_LETTERS];
        memcpy(hand, s->hand, sizeof hand);
        hand[k]--;
        w[0] = 0;
        int len = best_word(s, hand, s->word_len + 1, s->words->maxlen, w);
        if (len > keep) {
            keep = len;
            best_k = k;
        }
    }
    out->type = LI_A_DISCARD;
    out->n = 1;
    out->cards[0] = (uint8_t)best_k;
}

BOT_FN(ad_bot_basic_liar)
{
    (void)o;
    const liar_state *s = view;
    (void)seat;
    memset(out, 0, sizeof *out);
    if (s->phase == LI_RESPOND)
        respond(s, r, out);
    else if (s->phase == LI_DISCARD)
        discard(s, out);
    else
        announce(s, r, out);
}
