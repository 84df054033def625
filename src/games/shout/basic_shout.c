/*
 * basic_shout.c - the `basic` computer player for Shout a Word, from the
 * seat's view only.  It knows the common words (SCOWL up to size 50, the
 * vocabulary of people rather than of word-game experts) that the family
 * dictionary keeps (games/dict.h: the bots' words) and claims the one
 * that takes the most table cards of those it can shout before the table
 * changes, at a person's speed (shout_react.c); with nothing to claim the
 * dealer deals, the others wait (action type 0), and in the final window
 * it passes.
 */
#include <string.h>

#include "games/dict.h"
#include "shout.h"
#include "shout_unit.h"

int ad_shout_words(const shout_state *s, const uint8_t *cards, int n, int need,
                   const ad_lex *vocab, ad_lex_results *found, uint8_t *ids)
{
    if (n > AD_LEX_HAND_MAX)
        n = AD_LEX_HAND_MAX;
    if (!vocab || n == 0)
        return 0;
    for (int i = 0; i < n; i++)
        ids[i] = (uint8_t)s->lexid_of[s->face_of[cards[i]]];
    int words = ad_lex_words(vocab, ids, n, need, found, NULL);
    return words > 0 ? words : 0;
}

int ad_shout_claimable(const ad_lex_found *f, int reach)
{
    return f->how.n <= reach && strlen(f->word) < AD_WORD_MAX;
}

int ad_shout_better(const ad_lex_found *a, const ad_lex_found *b)
{
    return a->how.n > b->how.n || (a->how.n == b->how.n && strlen(a->word) > strlen(b->word));
}

void ad_shout_cards_of(const uint8_t *cards, const uint8_t *ids, int n, const ad_lex_found *f,
                       uint8_t *out)
{
    uint8_t used[SH_CARDS] = {0};
    for (int p = 0; p < f->how.n; p++)
        for (int i = 0; i < n; i++)
            if (!used[i] && ids[i] == f->how.card[p]) {
                used[i] = 1;
                out[p] = cards[i];
                break;
            }
}

/* The claim taking the most cards (then the longest word), at most `reach`
 * cards, that the seat's vocabulary finds on the table; 0 when there is
 * none. */
static int best_claim(const shout_state *s, int seat, const ad_lex *vocab, int reach,
                      ad_action *out)
{
    uint8_t ids[SH_CARDS];
    int n = s->table_n < AD_LEX_HAND_MAX ? s->table_n : AD_LEX_HAND_MAX;
    ad_lex_results *found = ad_lex_results_new();
    ad_lex_found best, f;
    int have = 0, words = ad_shout_words(s, s->table, s->table_n, s->need[seat], vocab, found, ids);
    for (int i = 0; i < words; i++) {
        if (ad_lex_results_get(found, i, &f) < 0 || !ad_shout_claimable(&f, reach))
            continue; /* too slow to shout, or more than an action can carry */
        if (!have || ad_shout_better(&f, &best)) {
            best = f;
            have = 1;
        }
    }
    ad_lex_results_free(found);
    if (!have)
        return 0;
    /* give each part of the word a table card of that face, none twice */
    out->type = SH_A_CLAIM;
    out->n = (uint8_t)best.how.n;
    ad_shout_cards_of(s->table, ids, n, &best, out->cards);
    memcpy(out->word, best.word, strlen(best.word) + 1); /* fits: checked above */
    return 1;
}

void ad_shout_act(const void *view, int seat, const ad_lex *vocab, const shout_speed *sp,
               ad_bot_opts *o, ad_rng *r, ad_action *out)
{
    const shout_state *s = view;
    double moment = ad_shout_moment(r);
    memset(out, 0, sizeof *out);
    if (!best_claim(s, seat, vocab, ad_shout_reach(s, sp, moment), out)) {
        memset(out, 0, sizeof *out);
        if (s->phase == SH_FINAL)
            out->type = SH_A_PASS;
        else if (seat == s->dealer)
            out->type = SH_A_DEAL; /* type 0, waiting, for everyone else */
    }
    o->react_ms = ad_shout_react(s, sp, moment, out);
}

BOT_FN(ad_bot_basic_shout)
{
    ad_shout_act(view, seat, ad_games_bot_words(NULL), &ad_shout_speed_basic, o, r, out);
}
