/*
 * basic_claim.c - the `basic` computer player for No Way and I Doubt It:
 * sound play a casual player would recognise, from the seat's view only.
 * It challenges every claim that is provably false from its own hand and
 * the cards it saw turned up (or that names a letter other than the call),
 * never one that is provably true, and otherwise judges a claim by how
 * likely the claimer holds that many cards; it plays honestly when it can,
 * passes when allowed and empty-handed, and bluffs one card when it must.
 */
#include <string.h>

#include "bots.h"
#include "claimkit.h"

static void answer(const claim_state *s, int seat, ad_rng *r, ad_action *out)
{
    out->type = CC_A_PASS;
    if (ck_provably_true(s))
        return;
    if (ck_provably_false(s, seat)) {
        out->type = CC_A_CHALLENGE;
        return;
    }
    /* a claimer about to go out is worth stopping; a big pile makes a wrong
     * challenge dear */
    double limit = s->count[s->claim_seat] <= 2 ? 0.6 : 0.35;
    if (s->pile_n > 12)
        limit -= 0.1;
    if (ck_chance_true(s, seat) < limit && ad_rng_below(r, 8) != 0)
        out->type = CC_A_CHALLENGE;
}

/* The class a card will be called next for this seat: the sooner, the more
 * it is worth keeping. */
static int turns_until_called(const claim_state *s, int cls)
{
    int d = (cls - s->call + s->nclasses) % s->nclasses;
    return d / s->players + (d % s->players != 0);
}

static void turn(const claim_state *s, int seat, ad_action *out)
{
    const uint8_t *hand = s->hand[seat];
    ck_honest_play(s, seat, out);
    if (out->n > 0)
        return; /* honest */
    if (s->allow_pass) {
        out->type = CC_A_PASS; /* "no sevens": nothing to risk */
        return;
    }
    /* bluff with one card: the one whose class comes back last */
    int best = -1, far = -1;
    for (int k = 0; k < s->nkinds; k++) {
        if (!hand[k])
            continue;
        int t = turns_until_called(s, s->class_of[k]);
        if (t > far) {
            far = t;
            best = k;
        }
    }
    out->cards[out->n++] = (uint8_t)best;
}

BOT_FN(bot_basic_claim)
{
    (void)o;
    const claim_state *s = view;
    memset(out, 0, sizeof *out);
    if (s->phase == CC_CHALLENGE)
        answer(s, seat, r, out);
    else
        turn(s, seat, out);
}
