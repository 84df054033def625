/*
 * easy_claim.c - the `easy` computer player for No Way and I Doubt It, the
 * level for a young child, from the seat's view only.  It is truthful
 * whenever it can be and calls only a lie it can prove.  On its turn it
 * plays cards of the call when it holds some, at most two at a time (a
 * careful player, not a quick one) unless they are its whole hand and take
 * it out; with none it passes when it may, and only then bluffs, one card
 * (of a letter never called for it, when it has one: holding the call, it
 * sheds such a card first, or it could never go out).
 * In a challenge window it calls a play that names another letter than the
 * call (a lie anyone hears), and a claim it can prove false that would
 * take the claimer out; never on a hunch.  It answers a window on the
 * slowest reaction time of all (claim_react.c), so a child who calls calls
 * first.
 */
#include <string.h>

#include "claim_unit.h"
#include "claimkit.h"

#define MOST_A_PLAY 2 /* cards of the call it lays at once, unless going out */

static void answer(const claim_state *s, int seat, ad_action *out)
{
    out->type = CC_A_PASS;
    if (ck_provably_false(s, seat) &&
        (s->claim_say != s->claim_call || s->count[s->claim_seat] == 0))
        out->type = CC_A_CHALLENGE;
}

/* A card to bluff with, each as likely as any other, but one of a letter
 * never called for this seat when it holds one (only a bluff can shed
 * those); -1 when it holds none of those and `stray_only`. */
static int bluff_card(const claim_state *s, int seat, int stray_only, ad_rng *r)
{
    int found = -1, seen = 0;
    for (int k = 0; k < s->nkinds; k++)
        if (s->hand[seat][k] && !ck_ever_called(s, seat, s->class_of[k]) &&
            ad_rng_below(r, (uint32_t)(seen += s->hand[seat][k])) < s->hand[seat][k])
            found = k;
    if (found >= 0 || stray_only)
        return found;
    int pick = (int)ad_rng_below(r, s->count[seat]);
    for (int k = 0; k < s->nkinds; k++)
        if ((pick -= s->hand[seat][k]) < 0)
            return k;
    return 0; /* not reached: count is the hand's size */
}

static void turn(const claim_state *s, int seat, ad_rng *r, ad_action *out)
{
    ck_honest_play(s, seat, out);
    if (out->n > 0 && out->n == s->count[seat])
        return; /* its whole hand, and true: it goes out */
    /* Where seats skip letters (No Way with an even number of players) a
     * letter never called for it would keep it from ever going out (its
     * last play is turned up): with the call in hand as cover, it sheds
     * one such card first, as any player soon learns to. */
    int stray = out->n > 0 ? bluff_card(s, seat, 1, r) : -1;
    if (stray >= 0) {
        out->n = 1;
        out->cards[0] = (uint8_t)stray;
        return;
    }
    if (out->n > MOST_A_PLAY)
        out->n = MOST_A_PLAY;
    if (out->n > 0)
        return; /* the truth */
    if (s->allow_pass) {
        out->type = CC_A_PASS;
        return;
    }
    out->cards[out->n++] = (uint8_t)bluff_card(s, seat, 0, r); /* a bluff it must make */
}

BOT_FN(ad_bot_easy_claim)
{
    (void)o;
    const claim_state *s = view;
    memset(out, 0, sizeof *out);
    if (s->phase == CC_CHALLENGE)
        answer(s, seat, out);
    else
        turn(s, seat, r, out);
}
