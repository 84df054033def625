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

/* The claim taking the most cards (then the longest word), at most `reach`
 * cards, that the seat's vocabulary finds on the table; 0 when there is
 * none. */
static int best_claim(const shout_state *s, int seat, const ad_lex *vocab, int reach,
                      ad_action *out)
{
    uint8_t ids[SH_CARDS];
    int n = s->table_n < AD_LEX_HAND_MAX ? s->table_n : AD_LEX_HAND_MAX;
    if (!vocab || n == 0)
        return 0;
    for (int i = 0; i < n; i++)
        ids[i] = (uint8_t)s->lexid_of[s->face_of[s->table[i]]];
    ad_lex_results *found = ad_lex_results_new();
    ad_lex_found best, f;
    int have = 0, words = ad_lex_words(vocab, ids, n, s->need[seat], found, NULL);
    for (int i = 0; i < words; i++) {
        if (ad_lex_results_get(found, i, &f) < 0 || f.how.n > reach ||
            strlen(f.word) >= AD_WORD_MAX)
            continue; /* too slow to shout, or more than an action can carry */
        if (!have || f.how.n > best.how.n ||
            (f.how.n == best.how.n && strlen(f.word) > strlen(best.word))) {
            best = f;
            have = 1;
        }
    }
    ad_lex_results_free(found);
    if (!have)
        return 0;
    /* give each part of the word a table card of that face, none twice */
    uint8_t used[SH_CARDS] = {0};
    out->type = SH_A_CLAIM;
    out->n = (uint8_t)best.how.n;
    for (int p = 0; p < best.how.n; p++)
        for (int i = 0; i < n; i++)
            if (!used[i] && ids[i] == best.how.card[p]) {
                used[i] = 1;
                out->cards[p] = s->table[i];
                break;
            }
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
