/*
 * director.h - runs a table: who is asked, when a bot acts, when a clock
 * runs out.  The one place that decides *when* in a game; every client (the
 * terminal, sim, a server) calls it and shows what it did.
 *
 * Time is given, never read.  The director reads no clock: every call
 * carries now_ms, a monotonic time of the caller's choosing (a wall clock,
 * a virtual clock that jumps to the next wake, a test's fake clock).  Each
 * call applies everything that was due by now_ms, in the order it was due,
 * and answers with the steps it applied and the next moment it must be
 * called again (wake_ms).  Same table seed, same seats, same person actions
 * at the same times: the same record, bit for bit.
 *
 * Who acts.  The game says which seats are asked now (ad_game.asked: in a
 * challenge window every seat still to answer; otherwise the seats in
 * to_act).  When several are asked at once it is a race (Shout, and a
 * challenge window): each bot says how long after the last change it would
 * act (ad_bot_opts.react_ms) and the soonest acts; an exact tie goes to the
 * lower seat, and a bot's action before a clock at the same moment.
 *
 * Answer windows (ad_timeout.answer: No Way's and I Doubt It's challenge
 * windows) are a race too, as at a real table.  Every seat asked answers
 * once; its clock (answer_ms) and its bot's decision (timed by react_ms)
 * run from the window's opening, through the other seats' answers.  An
 * answer other than silence's (a call) is held, not applied: calls that
 * come within call_grace_ms of the window's first call are simultaneous,
 * and when the grace ends (or at once, when every seat still asked has
 * called) the window settles: the call of the lowest ad_timeout.order (the
 * nearest to the claimer's left) is applied, the official challenger's;
 * the other calls change nothing.  A pass is applied when it comes.  The
 * settling comes after anything else due at the same moment.  Where a
 * person sits, a bot's reaction time in a window goes at the table's pace:
 * react_ms times pause_ms / AD_DIRECTOR_PACE_MS (at pause_ms 0, at once);
 * at a table of bots alone with bots on requests (a wall clock) times
 * AD_DIRECTOR_ALONE_PACE (quick, in order, not a flood of steps); with
 * inline bots and no person (sim, virtual time) as it is.
 *
 * Playing on, as at a real table where the next player simply plays: in
 * an answer window, the seat that plays next once every seat still asked
 * has let the play pass (ad_director_play_on) may give that next action
 * already (ad_director_act with an action the rules take only after the
 * window).  It is the seat's pass, applied at once, and the action is
 * held (ad_director_ahead); the moment the window closes with no call it
 * is applied, as if given then.  Playing on closes the window for nobody:
 * the other seats keep their whole time, and when the window settles on a
 * call the held action is dropped (the seat is asked again, once the
 * cards are turned up), as it is when the seat's person leaves.
 *
 * Clocks, for a seat a person holds (all in ms, table options below):
 *  - a challenge window: answer_ms to answer; silence is a pass (the game's
 *    ad_game.timeout says which answer silence gives);
 *  - a turn: turn_ms for each decision (0, the default: untimed; it starts
 *    again whenever the seat is asked anew).  When it runs out a bot of
 *    level `standin` plays for the seat from then on (the seat is "away";
 *    the record marks its moves "by":"bot") until the person takes the seat
 *    back (ad_director_take_back).  Leaving (ad_director_leave) does the
 *    same at once;
 *  - the game's own clock (Shout): the dealer's next card deal_ms after the
 *    table last changed, and the final window closing final_ms after it
 *    opened, everyone still in passing.  It runs for bots' seats too.
 * Bots act when their answer says, after the last change: at react_ms in a
 * race, else after pause_ms (varied per decision between 0.6 and 1.4 times
 * it, from the decision's seed) when a person sits at the table, else at
 * once.
 *
 * Bots off the caller's thread.  The director never runs a bot itself
 * unless asked to (inline_bots, for sim and the terminal).  After every
 * change it makes a request for each bot-played seat that is asked: the
 * seat's view, level, think budget and a seed made of the table's seed, the
 * seat and the position's version (its number of steps), so the answer does
 * not depend on which thread computed it.  The caller takes requests
 * (ad_director_requests), computes each anywhere (ad_bot_request_run
 * touches nothing shared) and gives the answer back
 * (ad_director_bot_answer); an answer for a position or a seat holder that
 * has moved on is dropped.  While an answer for the current position is
 * outstanding nothing is applied on time (it might be the soonest), so a
 * slow worker delays the table by its thinking time and the record is the
 * one inline bots give; only a person acting while an answer is late comes
 * first, as they did.
 *
 * Not thread-safe: one thread calls a director (a server's table loop);
 * only ad_bot_request_run runs elsewhere.  Such a loop, in short:
 *   d = ad_director_new(table, seats, &opts, now, &err);
 *   on its timer (at out.wake_ms), a person's message, or a worker's answer:
 *     ad_director_advance / _act_json / _leave / _take_back / _bot_answer
 *       (d, now, ..., &out, &err);
 *     send each out.step[i].json to the table; set the timer to out.wake_ms;
 *     hand each ad_director_requests(d, ...) to a worker, which runs
 *       ad_bot_request_run and posts the answer back to the loop.
 * sim and the terminal set inline_bots and need only advance and act.
 */
#ifndef ALPHADECK_DIRECTOR_H
#define ALPHADECK_DIRECTOR_H

#include "alphadeck/alphadeck.h"

#ifdef __cplusplus
extern "C" {
#endif

#pragma GCC visibility push(default)

#define AD_DIRECTOR_NEVER INT64_MAX /* wake_ms when only a person or a bot's answer can move the table */
#define AD_DIRECTOR_LEVEL_MAX 16
#define AD_DIRECTOR_PACE_MS 800 /* the pause_ms at which bots answer a window on their own time */
#define AD_DIRECTOR_ALONE_PACE 0.02 /* ... and the part of it bots alone take on a wall clock */

/* Who holds a seat. */
typedef struct ad_seat_cfg {
    uint8_t person;                   /* 1: a person; 0: a bot */
    char level[AD_DIRECTOR_LEVEL_MAX]; /* a bot's level (random, basic, strong) */
    ad_bot_opts think;                /* a bot's think budget (zero: the default) */
} ad_seat_cfg;

struct ad_bot_request; /* below: a bot decision as plain data, and its answer */
struct ad_bot_answer;

/* The table's clock rules.  Start from ad_director_defaults(). */
typedef struct ad_director_opts {
    int answer_ms; /* a person's time to answer in a challenge window (10000); 0: untimed */
    int turn_ms;   /* a person's time for a turn; 0 (the default): untimed */
    char standin[AD_DIRECTOR_LEVEL_MAX]; /* the bot that plays for an away person ("basic") */
    int pause_ms;  /* bots' pause before acting where a person sits (0: at once, as in sim) */
    int inline_bots; /* 1: the director runs bots itself, on the caller's thread, as soon as
                      * they are asked (sim, the terminal); 0: it hands out requests */
    int json;      /* 1: each step carries its JSON (ad_director_step.json) */
    /* Added with sim on the director; new fields go at the end. */
    int silent;    /* 1: steps carry no events (ev.n is 0, and no JSON): for a caller
                    * that shows nothing, such as sim; the games then make none */
    /* With inline_bots, how a decision is computed: NULL, ad_bot_request_run;
     * else this, given run_ctx, which must call ad_bot_request_run(rq, out)
     * (sim wraps it to time each decision and count its simulations). */
    void (*run_bot)(void *run_ctx, const struct ad_bot_request *rq, struct ad_bot_answer *out);
    void *run_ctx;
    /* Added with the race in challenge windows. */
    int call_grace_ms; /* calls within this of a window's first are simultaneous (300; 0-2000) */
} ad_director_opts;

ad_director_opts ad_director_defaults(void);

/* Who made a step, as the record says it. */
enum {
    AD_BY_SEAT = 0, /* the seat's holder: the person, or the seat's own bot */
    AD_BY_BOT = 1,  /* the stand-in bot, for an away person ("by":"bot") */
    AD_BY_TIME = 2, /* a person's clock: silence's answer, Shout's deal or final pass ("by":"time") */
};

/* One action the director applied. */
typedef struct ad_director_step {
    int seat;
    ad_action action;
    uint8_t by;     /* AD_BY_* */
    int64_t at_ms;  /* the moment it happened (its due time, or the call's now) */
    ad_events ev;   /* its public events */
    json_t *json;   /* with opts.json: {"seat","at_ms","events"[,"by"]}, public (for everyone
                     * at the table: not the action, which may hold face-down cards); else NULL */
} ad_director_step;

#define AD_DIRECTOR_MAX_STEPS 32

/* What a call did.  Zero it (or let the call do it) before each call;
 * release it with ad_director_out_clear when opts.json is set. */
typedef struct ad_director_out {
    int n;                                  /* steps applied, in order */
    ad_director_step step[AD_DIRECTOR_MAX_STEPS];
    int64_t wake_ms;   /* call ad_director_advance at this moment (AD_DIRECTOR_NEVER: no need);
                        * now_ms itself when more steps were due than fit in step[] */
    uint32_t away;     /* seats now played by the stand-in (a person's turn ran out, or left) */
    int requests;      /* bot requests waiting to be taken (ad_director_requests) */
} ad_director_out;

void ad_director_out_clear(ad_director_out *out);

typedef struct ad_director ad_director;

/* A director for table t (it takes t, and frees it with itself), seats[i]
 * for each of its seats, opts (NULL: the defaults), at now_ms.  NULL with
 * err set for an unknown level or bad options (t is then not taken).  A
 * table with steps already (a loaded record) goes on from its position.
 * Then call ad_director_advance(now_ms) for the first wake and requests. */
ad_director *ad_director_new(ad_table *t, const ad_seat_cfg *seats, const ad_director_opts *opts,
                             int64_t now_ms, ad_err *err);
void ad_director_free(ad_director *d);
const ad_table *ad_director_table(const ad_director *d);
/* The position's version: the steps applied so far. */
uint32_t ad_director_version(const ad_director *d);
/* The seats asked now (ad_game.asked): whom a client shows as "to act". */
uint32_t ad_director_asked(const ad_director *d);
/* The seats whose call in an answer window is held until the window
 * settles (ad_director_act answered 0 with no step of theirs): each is
 * then either the official challenger (its step is applied) or not (its
 * call changes nothing). */
uint32_t ad_director_calls(const ad_director *d);
/* The version since which seat has been asked for the decision it has to
 * make now (a window's seat stays asked through the others' answers); the
 * current version for a seat not asked. */
uint32_t ad_director_asked_since(const ad_director *d, int seat);
/* The official challenger of the last window that settled on held calls
 * (-1: none yet), to tell the others who called first. */
int ad_director_settled(const ad_director *d);
/* 1 when seat may play on now (above): it is asked in an open answer
 * window with no call held, and once every seat asked lets the play pass
 * it is the one seat asked.  With state not NULL (g->state_size bytes) it
 * is given that position, in which its action is judged. */
int ad_director_play_on(const ad_director *d, int seat, void *state);
/* The seat that may play on now (-1: none), with that position in state
 * as above: one look for the whole table. */
int ad_director_play_on_seat(const ad_director *d, void *state);
/* The seat whose play on is held until the window closes (0: none). */
uint32_t ad_director_ahead(const ad_director *d);
/* When seat's clock runs out (AD_DIRECTOR_NEVER: none), for a countdown. */
int64_t ad_director_deadline(const ad_director *d, int seat);
/* Seats a person holds, and those of them a stand-in plays now. */
uint32_t ad_director_people(const ad_director *d);
uint32_t ad_director_away(const ad_director *d);

/* Applies everything due by now_ms.  0, or -1 with err when a bot failed
 * (the steps before it stay applied, in out). */
int ad_director_advance(ad_director *d, int64_t now_ms, ad_director_out *out, ad_err *err);

/* A person's action for seat, at now_ms (after what was due before it).
 * Refused, with nothing of it applied, when seat is a bot's, is away, is not
 * asked now, has called already in this window, or the rules say no.  Then
 * -1 with err; out still holds what was due before.  A call in an answer
 * window answers 0 and is held (ad_director_calls) until the window
 * settles. */
int ad_director_act(ad_director *d, int64_t now_ms, int seat, const ad_action *a,
                    ad_director_out *out, ad_err *err);
int ad_director_act_json(ad_director *d, int64_t now_ms, int seat, const json_t *action,
                         ad_director_out *out, ad_err *err);

/* A person leaves seat: the stand-in plays for it from now_ms. */
int ad_director_leave(ad_director *d, int64_t now_ms, int seat, ad_director_out *out, ad_err *err);
/* The person takes seat back from the stand-in (its pending decision is
 * dropped); their clock starts again at now_ms. */
int ad_director_take_back(ad_director *d, int64_t now_ms, int seat, ad_director_out *out,
                          ad_err *err);

/* ------------------------------------------------------- bot requests */

/* A bot decision to compute: everything needed, so a worker thread never
 * touches the director.  Owns view; release with ad_bot_request_free. */
typedef struct ad_bot_request {
    uint64_t id;       /* the answer names it */
    uint32_t version;  /* the position it was asked in */
    int seat;
    const ad_game *g;
    void *view;        /* the seat's view (g->state_size bytes) */
    char level[AD_DIRECTOR_LEVEL_MAX];
    ad_bot_opts think;
    uint64_t seed;     /* for the bot's generator */
} ad_bot_request;

typedef struct ad_bot_answer {
    uint64_t id;       /* the request's */
    int seat;
    int rc;            /* as ad_bot_choose_opts: 0 acts, 1 waits, -1 failed (err) */
    ad_action action;
    double react_ms;   /* in a race: when, after the last change */
    long sims_done;
    ad_err err;
} ad_bot_answer;

/* Moves up to max waiting requests into out (the caller owns them now);
 * returns how many. */
int ad_director_requests(ad_director *d, ad_bot_request *out, int max);
/* Computes a request's answer with ad_bot_choose_opts; thread-safe, and
 * the same answer on any thread. */
void ad_bot_request_run(const ad_bot_request *rq, ad_bot_answer *out);
void ad_bot_request_free(ad_bot_request *rq);
/* Gives a bot's answer back at now_ms, then applies what is due.  0 when
 * taken, 1 when dropped as stale (the position or the seat's holder moved
 * on), -1 with err when the bot failed. */
int ad_director_bot_answer(ad_director *d, int64_t now_ms, const ad_bot_answer *a,
                           ad_director_out *out, ad_err *err);

/* ------------------------------------------------------------- record */

/* The table's record (ad_table_record_json) with each step a person's
 * stand-in or clock made marked "by":"bot" or "by":"time", and "seats":
 * [{"person":true} or {"bot":"<level>"}, ...].  ad_table_load reads it. */
json_t *ad_director_record_json(const ad_director *d);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
