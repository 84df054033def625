/*
 * basic_claim.c - the `basic` computer player for No Way and I Doubt It:
 * sound play a casual player would recognise, from the seat's view only,
 * that plays to go out.  It challenges claims it can prove false from its
 * own hand and the cards it saw turned up one time in two (a letter other
 * than the call always); never one that is provably true; any other only
 * when the claimer is about to go out (in No Way: left with one card, and
 * one time in two), by how likely the claimer holds that many cards.  On
 * its turn it goes out when its whole hand is the call, sheds the cards it
 * is never called for while it holds the call as cover, plays honestly
 * when it can, passes when allowed and empty-handed, and bluffs one card
 * when it must.
 */
#include <string.h>

#include "claim_unit.h"
#include "claimkit.h"

static void answer(const claim_state *s, int seat, ad_rng *r, ad_action *out)
{
    out->type = CC_A_PASS;
    if (ck_provably_true(s))
        return;
    if (ck_provably_false(s, seat)) {
        /* A casual player does not check every claim against every card:
         * it lets one such lie in two pass (never a wrong letter, which
         * anyone hears).  Players who catch every lie they can prove lock:
         * the hands settle into whole letters or ranks, every bluff is
         * provable by the seat holding that letter, and the deal runs to
         * the turn limit (No Way with 3 players: 98% of games). */
        if (s->claim_say != s->claim_call || ad_rng_below(r, 2) != 0)
            out->type = CC_A_CHALLENGE;
        return;
    }
    /* On a hunch it only stops a player about to go out.  Any other claim
     * it cannot disprove stands: a player who calls "No Way" on every
     * unlikely claim mostly catches honest plays (with 3 players of No Way
     * nearly every such call was wrong) and takes the pile, and the deal
     * never ends.  A big pile makes a wrong challenge dear.  No Way turns
     * the last play up anyway, so nobody bluffs out: a casual player keeps
     * its hunches for the play that leaves a player one card, and calls it
     * one time in two.  Hunching every play down to two cards (seven times
     * in eight, as in I Doubt It) caught nearly every player on its way
     * out and stretched the 4-player games to a median of 124 turns. */
    int no_way = s->rules->last_face_up;
    if (s->count[s->claim_seat] > (no_way ? 1 : 2))
        return;
    double limit = s->pile_n > 12 ? 0.5 : 0.6;
    if (ck_chance_true(s, seat) < limit && ad_rng_below(r, no_way ? 2 : 8) != 0)
        out->type = CC_A_CHALLENGE;
}

/* How little a card is worth keeping: one of a class never called for
 * this seat most of all (only a bluff can shed it), then the later its
 * class comes round, the less. */
#define NEVER_CALLED 100
static int worthless(const claim_state *s, int seat, int k)
{
    int cls = s->class_of[k];
    return ck_turns_until_called(s, cls) + (ck_ever_called(s, seat, cls) ? 0 : NEVER_CALLED);
}

static void turn(const claim_state *s, int seat, ad_action *out)
{
    const uint8_t *hand = s->hand[seat];
    int have = ck_class_cards(s, hand, s->call);
    ck_honest_play(s, seat, out);
    if (have && have == s->count[seat] && have <= s->maxplay)
        return; /* its whole hand, and true: it goes out */
    int best = -1, far = -1; /* the card least worth keeping */
    for (int k = 0; k < s->nkinds; k++) {
        if (!hand[k] || s->class_of[k] == s->call)
            continue;
        int w = worthless(s, seat, k);
        if (w > far) {
            far = w;
            best = k;
        }
    }
    if (have && far >= NEVER_CALLED) {
        /* Where seats skip letters (No Way with 2, 4 or 6 players), a card
         * of a letter never called for it can only leave its hand by a
         * bluff that stands.  Holding the call, nobody can prove such a
         * bluff false, so it sheds one now and keeps the call for later;
         * holding every copy of the call, two.  A player who plays its
         * letters honestly and keeps the rest ends up holding only
         * letters it is never called for, every bluff provably false: the
         * deal never ends. */
        out->n = 1;
        out->cards[0] = (uint8_t)best;
        if (have >= 2 && have == ck_class_cards(s, s->in_play, s->call))
            for (int k = 0; k < s->nkinds; k++)
                if (hand[k] > (k == best) && s->class_of[k] != s->call &&
                    worthless(s, seat, k) >= NEVER_CALLED) {
                    out->cards[out->n++] = (uint8_t)k;
                    break;
                }
        return;
    }
    if (out->n > 0)
        return; /* honest */
    if (s->allow_pass) {
        out->type = CC_A_PASS; /* "no sevens": nothing to risk */
        return;
    }
    out->cards[out->n++] = (uint8_t)best; /* a bluff of one card */
}

BOT_FN(ad_bot_basic_claim)
{
    (void)o;
    const claim_state *s = view;
    memset(out, 0, sizeof *out);
    if (s->phase == CC_CHALLENGE)
        answer(s, seat, r, out);
    else
        turn(s, seat, out);
}
