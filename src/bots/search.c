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

double search_now(void)
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
        if (g->apply(st, who, &a, NULL, NULL) < 0)
            break; /* a policy bug must not hang the search */
    }
    return sg->value(st, seat);
}

void search_choose(const search_game *sg, const void *view, int seat, ad_bot_opts *o,
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
        deadline = search_now() + o->think_ms / 1000.0;
        if (o->sims <= 0)
            budget = 1L << 40;
    }
    void *st = malloc(sg->g->state_size);
    long n = 0;
    for (; n < budget; n++) {
        if (deadline > 0 && (n & 15) == 0 && search_now() >= deadline)
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
        if (sg->g->apply(st, seat, &cand[best], NULL, NULL) < 0)
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
