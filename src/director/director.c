/*
 * director.c - src/director/ is the library layer between the games and
 * bots below and every client above: it runs a table on a clock it is
 * given (director.h says the rules).  This file holds the schedule: after
 * every change each asked seat gets a clock and, when a bot plays it, a
 * decision to wait for; a call applies whatever is due by its now, one
 * step at a time in the order due.  No clock is read here.
 *
 * Cheap enough for playouts (sim): no allocation per step, no JSON or
 * events unless asked, what a position decides (over, asked, a race)
 * worked out once when it changes, and only the seats with something on
 * (asked, or holding a clock or a decision) looked at.  An inline bot
 * (with no run_bot hook) is decided on the spot, with no request made
 * (decide), and the next thing due is kept until a seat changes.  A
 * position that asks one seat whose own bot acts at once with no clock
 * (every position of a playout but Shout's races and clocks) takes a
 * short way: schedule_direct, and run_due applies its action without
 * looking for the soonest.  Either way the record is the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bots/bots.h"
#include "director_impl.h"

static int over(const ad_director *d)
{
    return d->over;
}

/* A seat's bot decision moves to job (JOB_*), kept in step with pending. */
static void set_job(ad_director *d, int s, uint8_t job)
{
    d->due_known = 0;
    d->seat[s].job = job;
    if (job == JOB_ASKED)
        d->pending |= 1u << s;
    else
        d->pending &= ~(1u << s);
}

/* ------------------------------------------------------- bot decisions */

/* Forgets seat's bot decision, taken or not: the position or the seat's
 * holder moved on, so its answer will be stale. */
static void drop_job(ad_director *d, int s)
{
    seat_rt *r = &d->seat[s];
    for (int i = 0; i < d->nqueue && r->job == JOB_ASKED;) {
        if (d->queue[i].seat == s) {
            ad_bot_request_free(&d->queue[i]);
            d->queue[i] = d->queue[--d->nqueue];
        } else {
            i++;
        }
    }
    set_job(d, s, JOB_NONE);
    r->req_id = 0;
}

/* The pause before a bot acts where a person sits, varied per decision
 * (0.6 to 1.4 times pause_ms) from the decision's own seed. */
static double pause_of(const ad_director *d, const seat_rt *r)
{
    if (!d->people || d->o.pause_ms <= 0)
        return 0;
    double u = (double)(director_mix(r->seed ^ 0x9a05e) >> 11) * 0x1p-53;
    return d->o.pause_ms * (0.6 + 0.8 * u);
}

/* When a bot's decision comes after it was asked: its react_ms, else its
 * pause.  In an answer window where a person sits, the reaction time goes
 * at the table's pace: as the bot says at the usual pause
 * (AD_DIRECTOR_PACE_MS), quicker at a quicker table (at pause_ms 0, at
 * once), so a table set for quick bots is not held by their reactions.
 * On a wall clock with bots alone (bots on requests: a server's table
 * every person left, or made for bots) they go at AD_DIRECTOR_ALONE_PACE of
 * their time: in their order, quickly, but not as a flood of steps to its
 * watchers.  On virtual time with bots alone (inline bots: sim) they cost
 * nothing and order the race as they are. */
static double delay_of(const ad_director *d, const seat_rt *r, double react_ms)
{
    if (react_ms <= 0)
        return pause_of(d, r);
    if (r->window && d->people)
        return react_ms * d->o.pause_ms / AD_DIRECTOR_PACE_MS;
    if (r->window && !d->o.inline_bots)
        return react_ms * AD_DIRECTOR_ALONE_PACE;
    return react_ms;
}

/* Takes an answer for the decision seat waits for: 0, 1 when stale, -1
 * when the bot failed. */
static int take_answer(ad_director *d, const ad_bot_answer *a, ad_err *err)
{
    if (a->seat < 0 || a->seat >= d->players)
        return 1;
    seat_rt *r = &d->seat[a->seat];
    if (r->job != JOB_ASKED || r->req_id != a->id)
        return 1;
    if (a->rc < 0) {
        set_job(d, a->seat, JOB_FAILED);
        if (err)
            *err = a->err;
        return -1;
    }
    if (a->rc == 1) {
        set_job(d, a->seat, JOB_WAITS);
        return 0;
    }
    set_job(d, a->seat, JOB_READY);
    r->act = a->action;
    r->due = r->asked_at + delay_of(d, r, a->react_ms);
    return 0;
}

/* An inline decision, with no run_bot hook: what ad_bot_request_run
 * computes from the request ask_bot would make, without making it (the
 * bot looked up once, its view only when it needs one, nothing allocated).
 * Nothing can fail: the director asks only seats of to_act in a game not
 * over, and checked the levels when it was made. */
static void decide(ad_director *d, int s)
{
    seat_rt *r = &d->seat[s];
    const void *view = d->st;
    ad_bot_opts o = r->cfg.think;
    ad_rng g;
    if (!(r->cfg.person ? d->standin_on_state : r->on_state)) {
        d->g->view(view, s, d->view);
        view = d->view;
    }
    r->req_id = ++d->next_id;
    r->seed = director_seed(d->seed_base, s, d->version);
    director_rng(&g, r->seed);
    /* straight into r->act: a copy just after the bot's narrow stores stalls */
    if (bot_decide(d->g, r->cfg.person ? d->standin_fn : r->fn, view, s, &o, &g, &r->act) != 0) {
        set_job(d, s, JOB_WAITS);
        return;
    }
    set_job(d, s, JOB_READY);
    r->due = r->asked_at + delay_of(d, r, o.react_ms);
}

/* Asks seat's bot (its own, or the stand-in for an away person) for this
 * position: at once on this thread with inline_bots, else as a request. */
static int ask_bot(ad_director *d, int s)
{
    seat_rt *r = &d->seat[s];
    if (d->o.inline_bots && !d->o.run_bot) {
        decide(d, s);
        return 0;
    }
    ad_bot_request rq;
    memset(&rq, 0, sizeof rq);
    rq.id = ++d->next_id;
    rq.version = d->version;
    rq.seat = s;
    rq.g = d->g;
    memcpy(rq.level, r->cfg.person ? d->o.standin : r->cfg.level, sizeof rq.level);
    rq.think = r->cfg.think;
    rq.seed = director_seed(d->seed_base, s, d->version);
    set_job(d, s, JOB_ASKED);
    r->req_id = rq.id;
    r->seed = rq.seed;
    if (d->o.inline_bots) {
        /* a bot that reads nothing a view hides is given the state (tested),
         * and no view is made; another bot's view goes in the director's
         * own buffer.  Nothing is allocated. */
        ad_bot_answer a;
        if (r->cfg.person ? d->standin_on_state : r->on_state) {
            rq.view = (void *)ad_table_state(d->t);
        } else {
            rq.view = d->view;
            d->g->view(ad_table_state(d->t), s, rq.view);
        }
        d->o.run_bot(d->o.run_ctx, &rq, &a);
        if (take_answer(d, &a, &d->fail) < 0) {
            d->failed = 1;
            return -1;
        }
        return 0;
    }
    rq.view = malloc(d->g->state_size);
    if (d->nqueue == d->qcap) {
        int cap = d->qcap ? d->qcap * 2 : 8;
        ad_bot_request *q = realloc(d->queue, (size_t)cap * sizeof *q);
        if (!q || !rq.view) {
            free(rq.view);
            d->failed = 1;
            return ad_err_set(&d->fail, AD_E_INTERNAL, "out of memory");
        }
        d->queue = q;
        d->qcap = cap;
    }
    d->g->view(ad_table_state(d->t), s, rq.view);
    d->queue[d->nqueue++] = rq;
    return 0;
}

/* -------------------------------------------------------------- clocks */

/* Seat s's answer window ends (it answered, or the window closed): a
 * call from it from now on is late. */
static void end_window(seat_rt *r)
{
    if (r->window) {
        r->late = 1;
        r->late_silence = r->clock_to.action.type;
    }
    r->window = 0;
}

/* Seat s is asked (again) at time t, after the position changed or the
 * seat changed hands: its clock, and its bot's decision when a bot plays
 * it.  A seat not asked has neither. */
static int schedule_seat(ad_director *d, int s, double t)
{
    seat_rt *r = &d->seat[s];
    const void *st = d->st;
    uint32_t bit = 1u << s;
    int kept = r->clock == CLK_GAME && r->keeps;
    double kept_start = r->clock_start;
    d->quick = -1; /* the general way from here */
    d->due_known = 0;
    if (r->job != JOB_NONE)
        drop_job(d, s);
    r->clock = CLK_NONE;
    r->keeps = 0;
    end_window(r);
    d->live &= ~bit;
    if (d->calls & bit) {
        /* its call is held until the window settles: nothing more to ask */
        d->live |= bit;
        return 0;
    }
    if (over(d) || !(d->asked & bit))
        return 0;
    d->live |= bit; /* a bot's decision, or a clock, or (a person's untimed turn) nothing */
    r->asked_at = t;
    r->since = d->version;
    int person_here = r->cfg.person && !r->away;
    /* straight into the seat (the action is read when the clock runs out):
     * a copy just after the game's narrow stores stalls */
    const ad_timeout *to = &r->clock_to;
    if (d->g->timeout && d->g->timeout(st, s, &r->clock_to)) {
        if (!to->answer) {
            /* the game's own clock runs from the last change, or on from
             * when it began if it keeps */
            r->clock = CLK_GAME;
            r->keeps = to->keeps;
            r->clock_start = to->keeps && kept ? kept_start : d->changed_at;
            r->clock_due = r->clock_start + to->ms;
        } else {
            /* an answer window, every seat in it asked at once */
            r->window = 1;
            if (person_here && d->o.answer_ms > 0) {
                r->clock = CLK_ANSWER;
                r->clock_start = t;
                r->clock_due = t + d->o.answer_ms;
            }
        }
    } else if (person_here && !d->race && d->o.turn_ms > 0) {
        r->clock = CLK_TURN;
        r->clock_start = t;
        r->clock_due = t + d->o.turn_ms;
    }
    return person_here ? 0 : ask_bot(d, s);
}

/* schedule_all's short way, for playouts: one seat is asked, its own bot
 * decided here with no pause, no game clock for it and no answer out.
 * Leaves what schedule_seat would, for less: the seats asked before have
 * only a decision or a game clock to forget (inline, nothing is queued),
 * and the seat has no clock, so its bot is simply asked. */
static int schedule_direct(ad_director *d, int s, double t)
{
    for (uint32_t m = d->live & ~(1u << s); m; m &= m - 1) {
        seat_rt *o = &d->seat[__builtin_ctz(m)];
        o->job = JOB_NONE;
        o->req_id = 0;
        o->clock = CLK_NONE;
        o->keeps = 0;
        end_window(o);
    }
    seat_rt *r = &d->seat[s];
    r->clock = CLK_NONE;
    r->keeps = 0;
    end_window(r);
    r->asked_at = t;
    d->live = 1u << s;
    d->due_known = 0;
    decide(d, s);
    d->quick = (int8_t)(r->job == JOB_READY ? s : -1);
    return 0;
}

/* 1 when the game runs a clock of its own for seat s (Shout's deal and
 * final window), which runs for a bot's seat too; the others are a
 * person's. */
static int game_clock(const ad_director *d, int s)
{
    ad_timeout to;
    return d->g->timeout && d->g->timeout(d->st, s, &to) && !to.answer;
}

/* 1 when seat s goes on in the answer window it was asked in: another
 * seat answered, and s is still asked to answer the same play.  Its clock
 * and its bot's decision run on from the window's opening (a person does
 * not get a new clock, a bot does not think again), and a seat whose call
 * is held keeps it. */
static int keeps_window(const ad_director *d, int s)
{
    const seat_rt *r = &d->seat[s];
    if (d->calls & (1u << s))
        return 1;
    if (!r->window || !(d->asked & (1u << s)) || d->over)
        return 0;
    ad_timeout to;
    return d->g->timeout(d->st, s, &to) && to.answer;
}

/* The position changed at t: every seat is asked afresh, but for those
 * going on in a window.  A seat neither asked now nor holding a clock or
 * decision has nothing to change. */
static int schedule_all(ad_director *d, double t)
{
    const void *st = d->st;
    d->changed_at = t;
    /* to_act is 0 when the game is over, and asked a part of it
     * (alphadeck.h): only a position where nobody is asked can be the end */
    d->asked = d->g->asked ? d->g->asked(st) : d->g->to_act(st);
    d->over = (uint8_t)(!d->asked && d->g->is_over(st));
    d->race = (d->asked & (d->asked - 1)) != 0;
    d->quick = -1;
    if (d->asked && !d->race && d->seat[__builtin_ctz(d->asked)].direct && !d->pending &&
        !game_clock(d, __builtin_ctz(d->asked)) && !keeps_window(d, __builtin_ctz(d->asked)))
        return schedule_direct(d, __builtin_ctz(d->asked), t);
    int rc = 0;
    d->due_known = 0;
    for (uint32_t m = d->asked | d->live; m; m &= m - 1)
        if (!keeps_window(d, __builtin_ctz(m)) && schedule_seat(d, __builtin_ctz(m), t) < 0)
            rc = -1;
    return rc;
}

/* --------------------------------------------------------------- steps */

static int mark(ad_director *d, uint8_t by, ad_err *err)
{
    if ((int)d->version >= d->by_cap) {
        int cap = d->by_cap ? d->by_cap * 2 : 256;
        while (cap <= (int)d->version)
            cap *= 2;
        uint8_t *b = realloc(d->by, (size_t)cap);
        if (!b)
            return ad_err_set(err, AD_E_INTERNAL, "out of memory");
        memset(b + d->by_cap, 0, (size_t)(cap - d->by_cap));
        d->by = b;
        d->by_cap = cap;
    }
    d->by[d->version] = by;
    return 0;
}

/* Applies a for seat at time t and asks everyone again.  -1 with err when
 * the rules refuse it (nothing changed) or an inline bot then failed. */
static int apply(ad_director *d, int seat, const ad_action *a, uint8_t by, double t,
                 ad_director_out *out, ad_err *err)
{
    ad_director_step *st = &out->step[out->n];
    /* marks start zero (AD_BY_SEAT), so only the other kinds are written */
    if (by != AD_BY_SEAT && mark(d, by, err) < 0)
        return -1;
    if (ad_table_act(d->t, seat, a, d->o.silent ? NULL : &st->ev, err) < 0)
        return -1;
    if (d->o.silent)
        st->ev.n = 0;
    d->version++;
    out->n++;
    st->seat = seat;
    st->action = *a;
    st->by = by;
    st->at_ms = whole_ms(t);
    st->json = NULL;
    if (d->o.json && !d->o.silent) {
        /* public: the events only, for the action may hold face-down
         * cards; set one by one, not by json_pack, whose reading of its
         * format cost as much again as the tree (2026-11-28) */
        st->json = json_object();
        json_object_set_new_nocheck(st->json, "seat", json_integer(seat));
        json_object_set_new_nocheck(st->json, "at_ms", json_integer((json_int_t)st->at_ms));
        json_object_set_new_nocheck(st->json, "events", ad_table_events_json(d->t, &st->ev));
        if (by_name(by))
            json_object_set_new(st->json, "by", json_string(by_name(by)));
    }
    if (schedule_all(d, t) < 0) {
        if (err)
            *err = d->fail;
        return -1;
    }
    return 0;
}

static int any_asked(const ad_director *d)
{
    return d->pending != 0;
}

/* The official challenger among the held calls: the lowest order (nearest
 * the claimer's left), then the lower seat. */
static int official(const ad_director *d)
{
    int best = -1;
    for (uint32_t m = d->calls; m; m &= m - 1) {
        int s = __builtin_ctz(m);
        if (best < 0 || d->seat[s].clock_to.order < d->seat[best].clock_to.order)
            best = s;
    }
    return best;
}

/* Seat s calls at t in its answer window (an answer other than silence's,
 * already in its r->act): the call is held, not applied, until the window
 * settles.  The first call starts the grace. */
static void hold_call(ad_director *d, int s, uint8_t by, double t)
{
    seat_rt *r = &d->seat[s];
    if (r->job != JOB_NONE)
        drop_job(d, s);
    if (!d->calls)
        d->call_t0 = t;
    d->calls |= 1u << s;
    d->call_last = t;
    r->call_by = by;
    r->clock = CLK_NONE;
    r->window = 0;
    d->live |= 1u << s;
    d->quick = -1;
    d->due_known = 0;
}

/* 1 when a is a call in seat's answer window: any answer but silence's. */
static int is_call(const ad_director *d, int s, const ad_action *a)
{
    const seat_rt *r = &d->seat[s];
    return r->window && a->type != r->clock_to.action.type && !(d->calls & (1u << s));
}

/* The next thing due: a bot's action or a clock, the earliest; at a tie a
 * bot's action before a clock, then the lower seat; a window's held calls
 * settle after both (clock 2, the official challenger's seat).  Returns the seat (or
 * -1) with *when and *clock (1: the clock).  Kept until a seat's decision
 * or clock changes: a race asks it several times a step. */
static int next_due(ad_director *d, double *when, int *clock)
{
    if (d->due_known) {
        *when = d->due_when;
        *clock = d->due_clock;
        return d->due_seat;
    }
    int best = -1;
    for (uint32_t m = d->live; m; m &= m - 1) {
        int s = __builtin_ctz(m);
        const seat_rt *r = &d->seat[s];
        if (r->job == JOB_READY && (best < 0 || r->due < *when)) {
            best = s;
            *when = r->due;
            *clock = 0;
        }
    }
    for (uint32_t m = d->live; m; m &= m - 1) {
        int s = __builtin_ctz(m);
        const seat_rt *r = &d->seat[s];
        if (r->clock != CLK_NONE && (best < 0 || r->clock_due < *when)) {
            best = s;
            *when = r->clock_due;
            *clock = 1;
        }
    }
    if (d->calls) {
        /* the window settles after everything else due at the same moment */
        double w = (d->asked & ~d->calls) ? d->call_t0 + d->o.call_grace_ms : d->call_last;
        if (best < 0 || w < *when) {
            best = official(d);
            *when = w;
            *clock = 2;
        }
    }
    d->due_known = 1;
    d->due_seat = (int8_t)best;
    d->due_when = *when;
    d->due_clock = (int8_t)*clock;
    return best;
}

static void set_wake(ad_director *d, ad_director_out *out, int full)
{
    double when = 0;
    int clock = 0;
    out->requests = d->nqueue;
    if (full)
        out->wake_ms = whole_ms(d->now);
    else if (over(d) || any_asked(d) || next_due(d, &when, &clock) < 0)
        out->wake_ms = AD_DIRECTOR_NEVER;
    else
        out->wake_ms = whole_ms(when);
}

/* The window a seat played on in has closed with no call: its action is
 * applied, as if given at the close, when the seat is the one asked; else
 * (or when the rules refuse it now) it is dropped.  1 when out is full
 * first, -1 with err when an inline bot then failed. */
static int play_ahead(ad_director *d, ad_director_out *out, int room, ad_err *err)
{
    int s = d->ahead;
    if (out->n + room >= AD_DIRECTOR_MAX_STEPS)
        return 1;
    d->ahead = -1;
    if (d->asked != 1u << s || d->seat[s].away || over(d))
        return 0;
    if (apply(d, s, &d->ahead_act, AD_BY_SEAT, d->changed_at, out, NULL) < 0 && d->failed) {
        if (err)
            *err = d->fail;
        return -1;
    }
    return 0;
}

/* Applies what is due by d->now, leaving `room` slots of out free.
 * Returns 1 when out filled up with more still due, 0, or -1 with err. */
static int run_due(ad_director *d, ad_director_out *out, int room, ad_err *err)
{
    for (;;) {
        double when = 0;
        int clock = 0;
        if (d->ahead >= 0 && !ad_dir_window_open(d)) {
            int rc = play_ahead(d, out, room, err);
            if (rc)
                return rc;
            continue;
        }
        if (d->quick >= 0) {
            /* schedule_direct's position: one bot's action, nothing else */
            seat_rt *q = &d->seat[d->quick];
            if (q->due > d->now)
                return 0;
            if (out->n + room >= AD_DIRECTOR_MAX_STEPS)
                return 1;
            if (apply(d, d->quick, &q->act, AD_BY_SEAT, q->due, out, err) < 0)
                return -1;
            continue;
        }
        /* an outstanding answer might be the soonest: wait for it */
        if (over(d) || any_asked(d))
            return 0;
        int s = next_due(d, &when, &clock);
        if (s < 0 || when > d->now)
            return 0;
        if (out->n + room >= AD_DIRECTOR_MAX_STEPS)
            return 1;
        seat_rt *r = &d->seat[s];
        if (clock == 2) {
            /* the window settles: the official challenger's call is applied;
             * every held call is then late (the official's is made) */
            for (uint32_t m = d->calls; m; m &= m - 1) {
                d->seat[__builtin_ctz(m)].window = 1;
                end_window(&d->seat[__builtin_ctz(m)]);
            }
            d->calls = 0;
            d->settled = (int8_t)s;
            d->ahead = -1; /* a play on waits for no call: its seat is asked again */
            d->due_known = 0;
            if (apply(d, s, &r->act, r->call_by, when, out, err) < 0)
                return -1;
            continue;
        }
        if (clock == 1 && r->clock == CLK_TURN) {
            /* a person's turn ran out: the stand-in plays the seat */
            r->away = 1;
            out->away |= 1u << s;
            if (schedule_seat(d, s, when) < 0) {
                if (err)
                    *err = d->fail;
                return -1;
            }
            continue;
        }
        /* no copy: apply reads it before it asks again (which rewrites it) */
        const ad_action *a = clock ? &r->clock_to.action : &r->act;
        uint8_t by = !r->cfg.person ? AD_BY_SEAT : clock ? AD_BY_TIME : AD_BY_BOT;
        if (!clock && is_call(d, s, a)) {
            hold_call(d, s, by, when);
            continue;
        }
        if (apply(d, s, a, by, when, out, err) < 0)
            return -1;
    }
}

/* Every call begins here: the out is emptied and time moves on. */
static void begin(ad_director *d, int64_t now_ms, ad_director_out *out)
{
    ad_director_out_clear(out);
    if ((double)now_ms > d->now)
        d->now = (double)now_ms;
}

static int finish(ad_director *d, ad_director_out *out, int rc, ad_err *err)
{
    int full = 0;
    if (rc >= 0) {
        rc = run_due(d, out, 0, err);
        full = rc == 1;
        rc = rc < 0 ? -1 : 0;
    }
    set_wake(d, out, full);
    return rc;
}

int ad_director_advance(ad_director *d, int64_t now_ms, ad_director_out *out, ad_err *err)
{
    begin(d, now_ms, out);
    return finish(d, out, 0, err);
}

/* Whether the rules take seat's action a now, tried on a copy of the
 * state (a held call is applied later, when the window settles). */
static int check_call(const ad_director *d, int seat, const ad_action *a, ad_err *err)
{
    void *tmp = malloc(d->g->state_size);
    if (!tmp)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    memcpy(tmp, d->st, d->g->state_size);
    int rc = d->g->apply(tmp, seat, a, NULL, err);
    free(tmp);
    return rc;
}

static int check_person(const ad_director *d, int seat, ad_err *err)
{
    if (seat < 0 || seat >= d->players)
        return ad_err_set(err, AD_E_BAD_SEAT, "there is no seat %d at this %d-seat table", seat,
                          d->players);
    if (!d->seat[seat].cfg.person)
        return ad_err_set(err, AD_E_BAD_SEAT, "seat %d is a computer player's", seat);
    return 0;
}

int ad_director_act(ad_director *d, int64_t now_ms, int seat, const ad_action *a,
                    ad_director_out *out, ad_err *err)
{
    begin(d, now_ms, out);
    int rc = run_due(d, out, 1, err);
    if (rc < 0)
        return finish(d, out, -1, err);
    if (rc == 1) {
        ad_err_set(err, AD_E_NOT_YOUR_TURN,
                   "the table has more moves due before yours: advance it first");
        return finish(d, out, -1, err);
    }
    if (check_person(d, seat, err) < 0)
        return finish(d, out, -1, err);
    if (d->seat[seat].away) {
        ad_err_set(err, AD_E_NOT_YOUR_TURN,
                   "a computer player is playing seat %d: take the seat back first", seat);
        return finish(d, out, -1, err);
    }
    uint32_t bit = 1u << seat;
    if (d->ahead == seat) {
        ad_err_set(err, AD_E_NOT_YOUR_TURN, "your play is down already: it goes when the "
                                            "window closes");
        return finish(d, out, -1, err);
    }
    if (d->asked && !(d->asked & bit) && (d->g->to_act(ad_table_state(d->t)) & bit)) {
        ad_err_set(err, AD_E_NOT_YOUR_TURN, "seat %d answers before you", __builtin_ctz(d->asked));
        return finish(d, out, -1, err);
    }
    if (d->calls & bit) {
        ad_err_set(err, AD_E_NOT_YOUR_TURN, "seat %d has called already: the window settles in "
                                            "a moment", seat);
        return finish(d, out, -1, err);
    }
    int on = ad_dir_is_play_on(d, seat, a, err);
    if (on < 0)
        return finish(d, out, -1, err);
    if (on) {
        /* playing on: the seat lets the play pass now, and its action
         * waits for the window to close (run_due) */
        ad_action silence = d->seat[seat].clock_to.action;
        int done = apply(d, seat, &silence, AD_BY_SEAT, d->now, out, err);
        if (done == 0) {
            d->ahead = (int8_t)seat;
            d->ahead_act = *a;
        }
        return finish(d, out, done, err);
    }
    if (is_call(d, seat, a)) {
        /* held, not applied: calls at the same moment go to the nearest */
        if (check_call(d, seat, a, err) < 0)
            return finish(d, out, -1, err);
        d->seat[seat].act = *a;
        hold_call(d, seat, AD_BY_SEAT, d->now);
        return finish(d, out, 0, err);
    }
    int done = apply(d, seat, a, AD_BY_SEAT, d->now, out, err);
    if (done == 0)
        d->seat[seat].late = 0;
    else if (err && err->code == AD_E_ILLEGAL && d->seat[seat].late &&
             a->type != d->seat[seat].late_silence)
        ad_err_set(err, AD_E_NOT_YOUR_TURN, "too late: the window has closed");
    return finish(d, out, done, err);
}

int ad_director_act_json(ad_director *d, int64_t now_ms, int seat, const json_t *action,
                         ad_director_out *out, ad_err *err)
{
    ad_action a;
    if (d->g->action_from_json(ad_table_state(d->t), action, &a, err) < 0) {
        begin(d, now_ms, out);
        return finish(d, out, -1, err);
    }
    return ad_director_act(d, now_ms, seat, &a, out, err);
}

/* A person's seat changes hands at now: the stand-in, or the person. */
static int hand_over(ad_director *d, int64_t now_ms, int seat, int away, ad_director_out *out,
                     ad_err *err)
{
    begin(d, now_ms, out);
    int rc = run_due(d, out, 0, err) < 0 ? -1 : 0;
    if (rc == 0 && check_person(d, seat, err) < 0)
        rc = -1;
    if (rc == 0 && d->seat[seat].away != away) {
        d->seat[seat].away = (uint8_t)away;
        if (d->ahead == seat)
            d->ahead = -1; /* the stand-in plays its own game */
        if (away)
            out->away |= 1u << seat;
        if (schedule_seat(d, seat, d->now) < 0) {
            if (err)
                *err = d->fail;
            rc = -1;
        }
    }
    return finish(d, out, rc, err);
}

int ad_director_leave(ad_director *d, int64_t now_ms, int seat, ad_director_out *out, ad_err *err)
{
    return hand_over(d, now_ms, seat, 1, out, err);
}

int ad_director_take_back(ad_director *d, int64_t now_ms, int seat, ad_director_out *out,
                          ad_err *err)
{
    return hand_over(d, now_ms, seat, 0, out, err);
}

int ad_director_bot_answer(ad_director *d, int64_t now_ms, const ad_bot_answer *a,
                           ad_director_out *out, ad_err *err)
{
    begin(d, now_ms, out);
    int taken = take_answer(d, a, err);
    int rc = finish(d, out, taken < 0 ? -1 : 0, err);
    return rc < 0 ? -1 : taken;
}

/* ------------------------------------------------------- set up, record */

ad_director *ad_director_new(ad_table *t, const ad_seat_cfg *seats, const ad_director_opts *opts,
                             int64_t now_ms, ad_err *err)
{
    if (!t || !seats) {
        ad_err_set(err, AD_E_BAD_FIELD, "a director needs a table and its seats");
        return NULL;
    }
    ad_director_opts o = opts ? *opts : ad_director_defaults();
    const ad_game *g = ad_table_game(t);
    if (o.answer_ms < 0 || o.answer_ms > 3600000 || o.turn_ms < 0 || o.turn_ms > 86400000 ||
        o.pause_ms < 0 || o.pause_ms > 60000 || o.call_grace_ms < 0 || o.call_grace_ms > 2000) {
        ad_err_set(err, AD_E_BAD_OPTION, "answer_ms is 0 to 3600000, turn_ms 0 to 86400000, "
                                         "pause_ms 0 to 60000 and call_grace_ms 0 to 2000");
        return NULL;
    }
    int n = ad_table_players(t);
    uint32_t people = 0;
    if (!memchr(o.standin, 0, sizeof o.standin)) {
        ad_err_set(err, AD_E_BAD_LEVEL, "the stand-in's level is not a string");
        return NULL;
    }
    bot_fn fn[AD_MAX_SEATS + 1] = {0}; /* each seat's bot, and the stand-in's */
    int reads[AD_MAX_SEATS + 1] = {0};
    for (int s = 0; s < n; s++) {
        if (!memchr(seats[s].level, 0, sizeof seats[s].level)) {
            ad_err_set(err, AD_E_BAD_LEVEL, "seat %d: the level is not a string", s);
            return NULL;
        }
        if (seats[s].person > 1) {
            ad_err_set(err, AD_E_BAD_FIELD, "seat %d: person is 0 (a bot) or 1", s);
            return NULL;
        }
        if (seats[s].person)
            people |= 1u << s;
        else if (ad_bot_lookup(g, seats[s].level, &fn[s], &reads[s], err) < 0)
            return NULL;
    }
    if (people && ad_bot_lookup(g, o.standin, &fn[AD_MAX_SEATS], &reads[AD_MAX_SEATS], err) < 0)
        return NULL;
    ad_director *d = calloc(1, sizeof *d + (size_t)n * sizeof d->seat[0]);
    if (d && o.inline_bots)
        d->view = malloc(g->state_size); /* only inline bots read a view here */
    if (!d || (o.inline_bots && !d->view)) {
        if (d)
            free(d->view);
        free(d);
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    d->t = t;
    d->st = ad_table_state(t);
    d->g = g;
    d->players = n;
    d->o = o;
    d->people = people;
    for (int s = 0; s < n; s++) {
        d->seat[s].cfg = seats[s];
        d->seat[s].fn = fn[s];
        d->seat[s].on_state = (uint8_t)reads[s];
        d->seat[s].direct = !seats[s].person && o.inline_bots && !o.run_bot &&
                            (!people || o.pause_ms <= 0);
    }
    d->standin_fn = fn[AD_MAX_SEATS];
    d->standin_on_state = (uint8_t)reads[AD_MAX_SEATS];
    d->version = (uint32_t)ad_table_steps(t, NULL);
    d->now = (double)now_ms;
    d->quick = -1;
    d->settled = -1;
    d->ahead = -1;
    d->seed_base = director_seed_base(ad_table_seed(t));
    if (schedule_all(d, d->now) < 0) {
        if (err && d->failed)
            *err = d->fail;
        d->t = NULL; /* not taken */
        ad_director_free(d);
        return NULL;
    }
    return d;
}
