/*
 * search.h - the search behind the `strong` level: a determinized Monte
 * Carlo search at the root of the seat's information set.  Each simulation
 * deals the cards the seat cannot see at random, consistently with its view
 * (and the game's model of the opponents), plays one candidate action, plays
 * on with a fast policy for a few moves and scores the result.  A game
 * supplies the four pieces below; search.c does the rest.
 */
#ifndef AD_BOTS_SEARCH_H
#define AD_BOTS_SEARCH_H

#include "alphadeck/alphadeck.h"

#define SEARCH_MAX_CANDIDATES 64

typedef struct search_game {
    const ad_game *g;
    /* The actions worth weighing for seat at the root; returns how many
     * (1..SEARCH_MAX_CANDIDATES).  With one, the search is skipped. */
    int (*candidates)(const void *view, int seat, ad_rng *r, ad_action *out);
    /* A full state (g->state_size bytes at out) that agrees with everything
     * in the seat's view, the hidden parts drawn at random. */
    void (*determinize)(const void *view, int seat, ad_rng *r, void *out);
    /* The playout policy: seat's action in a full state.  It may read only
     * what that seat could know, plus chance; out->type 0 means "wait". */
    void (*policy)(const void *state, int seat, ad_rng *r, ad_action *out);
    /* How good the state is for seat, in [0, 1] (1: won). */
    double (*value)(const void *state, int seat);
    int depth;        /* playout moves after the candidate before value() */
    long sims;        /* simulations per decision by default */
    /* 0: UCB1, each simulation on its own deal.  1: sequential halving on
     * common deals: in each round every candidate left is played on the
     * same deals with the same playout dice, then the worse half is
     * dropped; the budget (simulations, or the clock) is split evenly
     * between the rounds.  Comparing candidates on the same deals takes
     * the luck of the deal out of the comparison. */
    int paired;
    /* Optional: the searched state may be larger than the game's (a game
     * may keep, after its state, what its policy would otherwise work out
     * again at every move), and then it applies moves to it with `apply`,
     * which keeps that part up to date.  0 and NULL: g->state_size and
     * g->apply without events.  determinize, policy and value are given
     * that larger state. */
    size_t state_size;
    int (*apply)(void *state, int seat, const ad_action *a);
} search_game;

/* Chooses seat's action from its view: UCB1 over the candidates, each
 * simulation on a fresh determinization (or, with `paired`, sequential
 * halving on common deals).  Fills o->sims_done if o. */
void ad_search_choose(const search_game *sg, const void *view, int seat, ad_bot_opts *o,
                   ad_rng *r, ad_action *out);

/* The monotonic clock in seconds. */
double ad_search_now(void);

#endif
