/*
 * play_on.c - playing on, as at a real table (director.h, "Playing on"):
 * in an answer window the seat that plays next once the window closes may
 * give its next action already.  This file says when a seat may, and what
 * the position after the window will be; director.c holds the action and
 * applies it when the window closes with no call.
 */
#include "director_impl.h"

/* 1 when the position is in an answer window still open: a call held, or
 * a seat asked that answers in a window. */
int ad_dir_window_open(const ad_director *d)
{
    if (d->calls)
        return 1;
    for (uint32_t m = d->asked; m; m &= m - 1)
        if (d->seat[__builtin_ctz(m)].window)
            return 1;
    return 0;
}

/* The position once every seat asked in the open window has answered with
 * silence, written to st (g->state_size bytes): 0, or -1 when some seat
 * asked is not in the window or the rules refuse a silence. */
static int after_window(const ad_director *d, void *st)
{
    memcpy(st, d->st, d->g->state_size);
    for (uint32_t m = d->asked; m; m &= m - 1) {
        const seat_rt *r = &d->seat[__builtin_ctz(m)];
        if (!r->window || d->g->apply(st, __builtin_ctz(m), &r->clock_to.action, NULL, NULL) < 0)
            return -1;
    }
    return 0;
}

int ad_director_play_on_seat(const ad_director *d, void *state)
{
    if (d->over || d->calls || d->ahead >= 0 || !ad_dir_window_open(d))
        return -1;
    void *st = state ? state : malloc(d->g->state_size);
    if (!st)
        return -1;
    int seat = -1;
    if (after_window(d, st) == 0 && !d->g->is_over(st)) {
        uint32_t next = d->g->asked ? d->g->asked(st) : d->g->to_act(st);
        int s = next ? __builtin_ctz(next) : -1;
        if (s >= 0 && next == 1u << s && (d->asked & next) && d->seat[s].window)
            seat = s;
    }
    if (st != state)
        free(st);
    return seat;
}

int ad_director_play_on(const ad_director *d, int seat, void *state)
{
    if (seat < 0 || seat >= d->players || !(d->asked & (1u << seat)) || !d->seat[seat].window)
        return 0;
    return ad_director_play_on_seat(d, state) == seat;
}

uint32_t ad_director_ahead(const ad_director *d)
{
    return d->ahead >= 0 ? 1u << d->ahead : 0;
}

/* Whether seat's action a is a play on (the rules take it in the position
 * after the window, not in the window): 1, 0 when it is not one (an answer
 * to the window, or a seat that may not play on), -1 with err when it
 * would be, but the rules refuse it there. */
int ad_dir_is_play_on(const ad_director *d, int seat, const ad_action *a, ad_err *err)
{
    const seat_rt *r = &d->seat[seat];
    if (!r->window || a->type == r->clock_to.action.type)
        return 0;
    void *st = malloc(d->g->state_size);
    if (!st)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    int rc = 0;
    memcpy(st, d->st, d->g->state_size);
    if (d->g->apply(st, seat, a, NULL, NULL) < 0 && ad_director_play_on(d, seat, st))
        rc = d->g->apply(st, seat, a, NULL, err) < 0 ? -1 : 1;
    free(st);
    return rc;
}
