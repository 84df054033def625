/*
 * basic_claim.c - the `basic` computer player for No Way and I Doubt It:
 * sound play a casual player would recognise, from the seat's view only.
 * It challenges every claim that is provably false from its own hand (or
 * names a letter other than the call) and otherwise judges a claim by how
 * likely the claimer holds that many cards; it plays honestly when it can,
 * passes when allowed and empty-handed, and bluffs one card when it must.
 */
#include <math.h>
#include <string.h>

#include "bots.h"
#include "../games/claim.h"

/* ln C(n, k), 0 <= k <= n */
static double log_choose(int n, int k)
{
    return lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0);
}

/* The chance that `drawn` cards taken at random from a pool of `pool`
 * cards, `good` of them of the named class, hold at least `need` good ones
 * (the hypergeometric tail).  How the bot weighs a claim it cannot disprove:
 * the claimer's hand is, to it, a random part of the cards it cannot see. */
static double at_least(int pool, int good, int drawn, int need)
{
    double p = 0;
    if (drawn > pool)
        drawn = pool;
    for (int k = need; k <= drawn && k <= good; k++) {
        if (drawn - k > pool - good)
            continue;
        p += exp(log_choose(good, k) + log_choose(pool - good, drawn - k) - log_choose(pool, drawn));
    }
    return p;
}

static int class_cards(const claim_state *s, const uint8_t *row, int cls)
{
    int n = 0;
    for (int k = 0; k < s->nkinds; k++)
        if (s->class_of[k] == cls)
            n += row[k];
    return n;
}

static void answer(const claim_state *s, int seat, ad_rng *r, ad_action *out)
{
    int cls = s->claim_say, claimed = s->claim_n;
    int total = class_cards(s, s->in_play, cls), mine = class_cards(s, s->hand[seat], cls);
    int provably_false = cls != s->claim_call || claimed > total - mine;
    out->type = CC_A_PASS;
    if (provably_false) {
        out->type = CC_A_CHALLENGE;
        return;
    }
    /* the claimer held its hand and the claim: claimed of `total - mine`
     * good cards among the cards this seat cannot see */
    int unseen = 0;
    for (int p = 0; p < s->players; p++)
        if (p != seat)
            unseen += s->count[p];
    unseen += s->claim_n; /* the claim's cards are face down in the pile */
    int pile_unseen = s->pile_n - s->claim_n;
    double p_true = at_least(unseen + pile_unseen, total - mine, s->count[s->claim_seat] + claimed,
                             claimed);
    /* a claimer about to go out is worth stopping; a big pile makes a wrong
     * challenge dear */
    double limit = s->count[s->claim_seat] <= 2 ? 0.6 : 0.35;
    if (s->pile_n > 12)
        limit -= 0.1;
    if (p_true < limit && ad_rng_below(r, 8) != 0)
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
    int most = s->maxplay < s->count[seat] ? s->maxplay : s->count[seat];
    out->type = CC_A_PLAY;
    out->arg[0] = s->call;
    out->n = 0;
    for (int k = 0; k < s->nkinds && out->n < most; k++)
        if (s->class_of[k] == s->call)
            for (int c = 0; c < hand[k] && out->n < most; c++)
                out->cards[out->n++] = (uint8_t)k;
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

void bot_basic_claim(const void *view, int seat, ad_rng *r, ad_action *out)
{
    const claim_state *s = view;
    memset(out, 0, sizeof *out);
    if (s->phase == CC_CHALLENGE)
        answer(s, seat, r, out);
    else
        turn(s, seat, out);
}
