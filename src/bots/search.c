/*
 * search.c - determinized Monte Carlo search at the root (see search.h).
 * The candidates share the simulations by UCB1; the one tried most is
 * played.  Everything random comes from the bot's generator, so without a
 * clock the choice is a function of the view and the seed.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"

double ad_search_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* One seat among those in mask, uniformly. */
static int pick_seat(uint32_t mask, ad_rng *r)
{
    int n = __builtin_popcount(mask);
    int k = (int)ad_rng_below(r, (uint32_t)n);
    while (k--)
        mask &= mask - 1;
    return __builtin_ctz(mask);
}

/* The state the search works on, and a move applied to it. */
static size_t state_size(const search_game *sg)
{
    return sg->state_size ? sg->state_size : sg->g->state_size;
}

static int apply(const search_game *sg, void *st, int seat, const ad_action *a)
{
    return sg->apply ? sg->apply(st, seat, a) : sg->g->apply(st, seat, a, NULL, NULL);
}

/* Plays on from st for at most depth moves and returns the value for seat. */
static double playout(const search_game *sg, void *st, int seat, ad_rng *r)
{
    const ad_game *g = sg->g;
    for (int d = 0; d < sg->depth && !g->is_over(st); d++) {
        uint32_t mask = g->to_act(st);
        if (!mask)
            break;
        ad_action a;
        int who = pick_seat(mask, r);
        sg->policy(st, who, r, &a);
        if (a.type == 0) { /* waits: let another seat act, if one can */
            uint32_t rest = mask & ~(1u << who);
            if (!rest)
                break;
            who = pick_seat(rest, r);
            sg->policy(st, who, r, &a);
            if (a.type == 0)
                break;
        }
        if (apply(sg, st, who, &a) < 0)
            break; /* a policy bug must not hang the search */
    }
    return sg->value(st, seat);
}

/* Sequential halving on common deals (search.h, `paired`): returns the
 * candidate kept and the simulations run. */
static int halving(const search_game *sg, const void *view, int seat, const ad_action *cand,
                   int nc, long budget, double start, double deadline, ad_rng *r, long *done)
{
    double sum[SEARCH_MAX_CANDIDATES] = {0};
    int alive[SEARCH_MAX_CANDIDATES], na = nc, rounds = 0;
    for (int c = 0; c < nc; c++)
        alive[c] = c;
    while ((1 << rounds) < nc)
        rounds++;
    size_t size = state_size(sg);
    void *deal = malloc(size), *st = malloc(size);
    long n = 0;
    for (int round = 0; na > 1; round++) {
        /* this round's share of what is left: deals for each candidate, or time */
        long deals = (budget - n) / ((long)na * (rounds - round));
        double until = deadline > 0 ? start + (deadline - start) * (round + 1) / rounds : 0;
        if (deals < 1)
            deals = 1;
        for (long j = 0; j < deals; j++) {
            if (until > 0 && j > 0 && ad_search_now() >= until)
                break;
            sg->determinize(view, seat, r, deal);
            uint64_t dice = ad_rng_next(r);
            for (int c = 0; c < na; c++) {
                ad_rng pr;
                ad_rng_seed(&pr, dice);
                memcpy(st, deal, size);
                if (apply(sg, st, seat, &cand[alive[c]]) < 0)
                    sum[alive[c]] -= 1e9; /* cannot happen for a legal candidate */
                else
                    sum[alive[c]] += playout(sg, st, seat, &pr);
                n++;
            }
        }
        /* keep the better half over every deal so far, which all the
         * candidates left have played (ties: the earlier candidate) */
        for (int i = 1; i < na; i++)
            for (int j = i; j > 0 && sum[alive[j]] > sum[alive[j - 1]]; j--) {
                int t = alive[j];
                alive[j] = alive[j - 1];
                alive[j - 1] = t;
            }
        na = (na + 1) / 2;
    }
    free(deal);
    free(st);
    *done = n;
    return alive[0];
}

void ad_search_choose(const search_game *sg, const void *view, int seat, ad_bot_opts *o,
                   ad_rng *r, ad_action *out)
{
    ad_action cand[SEARCH_MAX_CANDIDATES];
    double sum[SEARCH_MAX_CANDIDATES] = {0};
    long tries[SEARCH_MAX_CANDIDATES] = {0};
    int nc = sg->candidates(view, seat, r, cand);
    if (o)
        o->sims_done = 0;
    if (nc <= 1) {
        *out = cand[0];
        return;
    }
    long budget = o && o->sims > 0 ? o->sims : sg->sims;
    double deadline = 0;
    if (o && o->think_ms > 0) {
        deadline = ad_search_now() + o->think_ms / 1000.0;
        if (o->sims <= 0)
            budget = 1L << 40;
    }
    if (sg->paired) {
        long n = 0;
        double start = deadline > 0 ? ad_search_now() : 0;
        *out = cand[halving(sg, view, seat, cand, nc, budget, start, deadline, r, &n)];
        if (o)
            o->sims_done = n;
        return;
    }
    void *st = malloc(state_size(sg));
    long n = 0;
    for (; n < budget; n++) {
        if (deadline > 0 && (n & 15) == 0 && ad_search_now() >= deadline)
            break;
        int best = 0;
        if (n < nc) {
            best = (int)n;
        } else {
            double top = -1, logn = log((double)n);
            for (int c = 0; c < nc; c++) {
                double u = sum[c] / tries[c] + 0.7 * sqrt(logn / tries[c]);
                if (u > top) {
                    top = u;
                    best = c;
                }
            }
        }
        sg->determinize(view, seat, r, st);
        double v;
        if (apply(sg, st, seat, &cand[best]) < 0)
            v = 0; /* cannot happen for a legal candidate; never choose it */
        else
            v = playout(sg, st, seat, r);
        sum[best] += v;
        tries[best]++;
    }
    free(st);
    int best = 0;
    for (int c = 1; c < nc; c++)
        if (tries[c] > tries[best] ||
            (tries[c] == tries[best] && sum[c] > sum[best]))
            best = c;
    *out = cand[best];
    if (o)
        o->sims_done = n;
}
