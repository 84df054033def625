/*
 * claimkit.h - what the claim-game bots (basic_claim.c, strong_claim.c)
 * share: counting a class's cards, and judging a pending claim from one
 * seat's knowledge (its hand, the claim, the cards everyone saw go into
 * the other hands, and the cards it laid face down itself).  Inline: the
 * strong bot's playouts call these millions of times a second.
 */
#ifndef AD_BOTS_CLAIMKIT_H
#define AD_BOTS_CLAIMKIT_H

#include "claim.h"

static inline int ck_class_cards(const claim_state *s, const uint8_t *row, int cls)
{
    int n = 0;
    for (int k = 0; k < s->nkinds; k++)
        if (s->class_of[k] == cls)
            n += row[k];
    return n;
}

/* Cards of the claimed class that the claimer could have laid down, as far
 * as `seat` knows: all of them, less its own, those seen going into the
 * hands of seats other than the claimer, and those the seat itself laid
 * face down earlier (still in the pile, so in no hand). */
static inline int ck_could_hold(const claim_state *s, int seat)
{
    int cls = s->claim_say, n = ck_class_cards(s, s->in_play, cls);
    for (int p = 0; p < s->players; p++)
        if (p != s->claim_seat)
            n -= ck_class_cards(s, p == seat ? s->hand[p] : s->known[p], cls);
    if (seat != s->claim_seat && s->laid_n[seat])
        n -= ck_class_cards(s, s->laid[seat], cls);
    return n;
}

/* The pending claim is false whatever the hidden cards are. */
static inline int ck_provably_false(const claim_state *s, int seat)
{
    return s->claim_say != s->claim_call || s->claim_n > ck_could_hold(s, seat);
}

/* The pending claim is true whatever the hidden cards are: every card the
 * claimer held was seen going into its hand, and all of them are of the
 * claimed class.  (Its known row still holds what it had before the play.) */
static inline int ck_provably_true(const claim_state *s)
{
    const uint8_t *k = s->known[s->claim_seat];
    int held = 0, good = 0;
    if (s->claim_say != s->claim_call)
        return 0;
    for (int f = 0; f < s->nkinds; f++) {
        held += k[f];
        good += s->class_of[f] == s->claim_say ? k[f] : 0;
    }
    return held == s->count[s->claim_seat] + s->claim_n && good == held;
}

/* The chance that `drawn` cards taken at random from `pool` cards, `good`
 * of them good, hold at least `need` good ones: the hypergeometric tail,
 * by its recurrence (no logarithms: this is on the playout path). */
static inline double ck_at_least(int pool, int good, int drawn, int need)
{
    if (drawn > pool)
        drawn = pool;
    if (need <= 0)
        return 1;
    if (need > good || need > drawn)
        return 0;
    double p = 1; /* P(0 good) */
    int bad = pool - good;
    if (drawn > bad)
        p = 0;
    else
        for (int i = 0; i < drawn; i++)
            p *= (double)(bad - i) / (pool - i);
    double below = 0;
    int k0 = drawn - bad > 0 ? drawn - bad : 0; /* the fewest good cards possible */
    if (k0 > 0) { /* start the recurrence where the pmf is not zero */
        p = 1;
        for (int i = 0; i < k0; i++)
            p *= (double)(good - i) / (pool - i);
        for (int i = 0; i < drawn - k0; i++)
            p *= (double)(bad - i) / (pool - k0 - i);
        /* times the ways to order them: C(drawn, k0) */
        for (int i = 0; i < k0; i++)
            p = p * (drawn - i) / (i + 1);
    }
    for (int k = k0; k < need; k++) {
        below += p;
        p = p * (good - k) * (drawn - k) / ((double)(k + 1) * (bad - drawn + k + 1));
    }
    double t = 1 - below;
    return t < 0 ? 0 : t;
}

/* How likely the pending claim is true, to `seat`, if the claimer's hand is
 * a random part of the cards the seat cannot place. */
static inline double ck_chance_true(const claim_state *s, int seat)
{
    /* the cards the seat laid face down are in the pile, and it knows them */
    int unknown = s->pile_n - (seat != s->claim_seat ? s->laid_n[seat] : 0);
    for (int p = 0; p < s->players; p++)
        if (p != seat) {
            unknown += s->count[p];
            if (p != s->claim_seat)
                for (int f = 0; f < s->nkinds; f++)
                    unknown -= s->known[p][f];
        }
    return ck_at_least(unknown, ck_could_hold(s, seat), s->count[s->claim_seat] + s->claim_n,
                       s->claim_n);
}

/* The table's cycle of calls: seats take turns in order and the call moves
 * one class a turn, so a seat is only ever called for the classes of one
 * residue modulo gcd(players, classes) (two or four players and 26
 * letters: every other letter; I Doubt It's 13 ranks: all of them). */
static inline int ck_call_step(const claim_state *s)
{
    int a = s->players, b = s->nclasses;
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Whether seat will ever be called for class cls in this deal.  A card of
 * a class it never is can only leave its hand by a bluff that stands. */
static inline int ck_ever_called(const claim_state *s, int seat, int cls)
{
    int ahead = (seat - s->turn + s->players) % s->players; /* its next turn, from now */
    int its_call = (s->call + ahead) % s->nclasses;
    return (cls - its_call + s->nclasses) % ck_call_step(s) == 0;
}

/* How many of seat's own turns pass before it is called for class cls
 * (0: at its next turn, or now when it is its turn); -1 when it never is
 * in this deal.  Its calls move on `players` classes from one of its turns
 * to the next. */
static inline int ck_own_turns_until_called(const claim_state *s, int seat, int cls)
{
    int ahead = (seat - s->turn + s->players) % s->players;
    int c = (s->call + ahead) % s->nclasses;
    for (int j = 0; j < s->nclasses; j++, c = (c + s->players) % s->nclasses)
        if (c == cls)
            return j;
    return -1;
}

/* How soon class cls will be called again at the table, in rounds of
 * turns from the current call (0: it is the call): the later, the less a
 * card of it is worth keeping. */
static inline int ck_turns_until_called(const claim_state *s, int cls)
{
    int d = (cls - s->call + s->nclasses) % s->nclasses;
    return d / s->players + (d % s->players != 0);
}

/* Sets out to seat's honest play: a play of the call, naming it, with every
 * card of the call the seat holds, as many as may be laid at once.  out->n
 * is 0 when the seat holds none (then the play is still to be made). */
static inline void ck_honest_play(const claim_state *s, int seat, ad_action *out)
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
}

#endif
