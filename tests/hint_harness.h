/*
 * hint_harness.h - the metamorphic test of a game's coach (issue 32): a
 * hint answered to a seat is the same whatever the cards it cannot see
 * are.  A game's test gives a re-deal (hh_redeal_fn: change the hidden
 * cards of a full state, consistently with everything the seat saw); the
 * harness plays seeded positions with `basic` bots, re-deals each several
 * times, checks that the seat's view did not change (else the re-deal
 * showed the seat something: the test's fault, or a view's leak) and that
 * the hint, made from each state by hint.h as a client would ask it, is
 * the same JSON text.  Any game with a coach can use it: it needs only
 * the game, its state and hint.h.
 */
#ifndef AD_HINT_HARNESS_H
#define AD_HINT_HARNESS_H

#include "testutil.h"

#include "alphadeck/hint.h"

/* Changes, in the full state st (a copy the harness owns), the cards seat
 * cannot see, keeping every count and all that is public; r drives it. */
typedef void (*hh_redeal_fn)(void *st, int seat, ad_rng *r);

/* Whether to stop at this position: a position the caller wants covered
 * (want 1: a position where some seat is asked to answer, as a window). */
typedef struct hh_plan {
    const ad_game *g;
    int players;
    uint64_t seed;
    int steps;      /* actions played before the hint (fewer if the game ends) */
    long sims;      /* the hint's budget: cheap, the test asks thousands */
    int redeals;    /* re-deals checked per position */
} hh_plan;

/* The hint of seat in state st as compact, sorted JSON text (caller
 * frees), or the error's code token prefixed with "!". */
static inline char *hh_hint_text(const ad_game *g, const void *st, int players, int seat,
                                 long sims, uint64_t seed)
{
    void *view = malloc(g->state_size);
    g->view(st, seat, view);
    ad_bot_opts o = {.sims = sims};
    ad_err e;
    json_t *h = ad_hint_view(g, view, players, seat, &o, seed, &e);
    free(view);
    if (!h) {
        char *s = malloc(64);
        snprintf(s, 64, "!%s", ad_code_token(e.code));
        return s;
    }
    char *s = json_dumps(h, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(h);
    return s;
}

/* Plays plan->steps actions of `basic` bots from the plan's seed (each
 * from its own view); returns the table (caller frees). */
static inline ad_table *hh_play(const hh_plan *p)
{
    char req[160];
    snprintf(req, sizeof req, "{\"game\":\"%s\",\"players\":%d,\"seed\":%llu}", p->g->id,
             p->players, (unsigned long long)p->seed);
    ad_table *t = tu_new(req);
    ad_rng r;
    ad_rng_seed(&r, p->seed * 31 + 7);
    void *view = malloc(p->g->state_size);
    for (int i = 0; i < p->steps && !p->g->is_over(ad_table_state(t)); i++) {
        uint32_t m = p->g->to_act(ad_table_state(t));
        int seat = 0;
        while (!(m & (1u << seat)))
            seat++;
        ad_action a;
        ad_err e;
        p->g->view(ad_table_state(t), seat, view);
        if (ad_bot_choose(p->g, view, seat, "basic", &r, &a, &e) != 0 ||
            ad_table_act(t, seat, &a, NULL, &e) < 0)
            fail_msg("seed %llu step %d: %s", (unsigned long long)p->seed, i, e.text);
    }
    free(view);
    return t;
}

/* The promise, for every seat of one position: each re-deal keeps the
 * seat's view and its hint.  Returns how many hints were compared; adds
 * to *changed the re-deals that changed the state (a re-deal that never
 * changes anything would prove nothing). */
static inline int hh_check(const hh_plan *p, hh_redeal_fn redeal, int *changed)
{
    ad_table *t = hh_play(p);
    const ad_game *g = p->g;
    const void *st = ad_table_state(t);
    void *copy = malloc(g->state_size), *v0 = malloc(g->state_size), *v1 = malloc(g->state_size);
    ad_rng r;
    ad_rng_seed(&r, p->seed ^ 0x5eed);
    int compared = 0;
    for (int seat = 0; seat < p->players && !g->is_over(st); seat++) {
        uint64_t seed = ad_hint_seed(p->seed, seat, (uint64_t)p->steps);
        char *before = hh_hint_text(g, st, p->players, seat, p->sims, seed);
        g->view(st, seat, v0);
        for (int k = 0; k < p->redeals; k++) {
            memcpy(copy, st, g->state_size);
            redeal(copy, seat, &r);
            *changed += memcmp(copy, st, g->state_size) != 0;
            g->view(copy, seat, v1);
            if (memcmp(v0, v1, g->state_size) != 0)
                fail_msg("%s seed %llu seat %d: the re-deal changed the seat's view", g->id,
                         (unsigned long long)p->seed, seat);
            char *after = hh_hint_text(g, copy, p->players, seat, p->sims, seed);
            if (strcmp(before, after) != 0)
                fail_msg("%s seed %llu seat %d: the hint changed with cards it cannot see:\n"
                         "  %s\n  %s", g->id, (unsigned long long)p->seed, seat, before, after);
            free(after);
            compared++;
        }
        free(before);
    }
    free(copy);
    free(v0);
    free(v1);
    ad_table_free(t);
    return compared;
}

#endif
