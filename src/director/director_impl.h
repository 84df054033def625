/*
 * director_impl.h - inside the director (src/director/): its state, and
 * the seeds of bot decisions, shared by the director and the requests it
 * hands out.
 */
#ifndef AD_DIRECTOR_IMPL_H
#define AD_DIRECTOR_IMPL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bots/bots.h"
#include "alphadeck/director.h"

/* A director's state, shared by its files: director.c the schedule,
 * director_info.c what callers read of it, set-up's answers and the record. */
enum { JOB_NONE, JOB_ASKED, JOB_READY, JOB_WAITS, JOB_FAILED }; /* a bot decision */
enum { CLK_NONE, CLK_GAME, CLK_ANSWER, CLK_TURN };             /* a seat's clock */

typedef struct seat_rt {
    ad_seat_cfg cfg;
    uint8_t away;      /* a person's seat the stand-in plays */
    uint8_t on_state;  /* its bot reads nothing a view hides: it needs no view */
    bot_fn fn;         /* its bot (ad_bot_lookup), for inline decisions */
    uint8_t direct;    /* its own bot, decided here (decide) with no pause: schedule_all's
                        * short way may take it */
    uint8_t job;       /* JOB_*: the bot decision of this position */
    uint64_t req_id;   /* the request JOB_ASKED waits for */
    uint64_t seed;     /* that request's seed (the pause is drawn from it) */
    double asked_at;   /* when the seat was asked: its bot's moment counts from here */
    double due;        /* JOB_READY: when act happens */
    ad_action act;
    uint8_t clock;     /* CLK_* */
    uint8_t keeps;     /* a game clock that runs through changes */
    double clock_start, clock_due;
    ad_timeout clock_to; /* the game's timeout, written here by it: its action is the clock's */
    uint8_t window;    /* asked in an answer window: its clock and decision run from the
                        * window's opening through the other seats' answers */
    uint8_t call_by;   /* AD_BY_* of its held call (the director's calls) */
    uint8_t late;      /* a window it was asked in has closed: a call the rules refuse
                        * now is a late call (not_your_turn), until the seat acts */
    uint8_t late_silence; /* that window's silence (an action type): not a call */
    uint32_t since;    /* the version at which it was asked for its decision of now */
} seat_rt;

struct ad_director {
    ad_table *t;
    const void *st;    /* the table's state (it stays in place) */
    const ad_game *g;
    int players;
    ad_director_opts o;
    uint32_t people;   /* seats a person holds */
    uint32_t asked;    /* ad_game.asked of the position */
    uint32_t live;     /* seats with a clock or a bot decision (the rest have nothing due) */
    uint32_t pending;  /* seats whose bot's answer is outstanding (JOB_ASKED) */
    uint8_t over;      /* the position's game is over */
    uint8_t race;      /* several seats are asked at once */
    int8_t quick;      /* the seat schedule_direct left a bot's action to, the only thing
                        * due; else -1 */
    uint8_t due_known; /* next_due's answer is kept below (cleared by every change to a
                        * seat's decision or clock) */
    int8_t due_seat, due_clock;
    double due_when;
    uint64_t seed_base; /* director_seed_base of the table's seed */
    uint32_t calls;    /* seats whose call (an answer other than silence's) is held: the
                        * window settles call_grace_ms after the first (call_t0), or once
                        * every seat asked has called (at call_last) */
    double call_t0, call_last;
    int8_t settled;    /* the official challenger of the last window settled (-1: none) */
    int8_t ahead;      /* the seat that played on in the open window (-1: none); its
                        * action, applied when the window closes with no call */
    ad_action ahead_act;
    uint8_t standin_on_state; /* on_state and fn, for the stand-in */
    bot_fn standin_fn;
    uint32_t version;  /* steps applied */
    double now;        /* the latest now_ms given (time never goes back) */
    double changed_at; /* when the position last changed */
    uint64_t next_id;
    uint8_t *by;       /* AD_BY_* of each step of the record */
    int by_cap;
    ad_bot_request *queue; /* requests not yet taken */
    int nqueue, qcap;
    void *view;        /* scratch view for inline bots (NULL without them) */
    ad_err fail;       /* an inline bot's failure, reported by the call */
    int failed;
    /* one a seat of the table, no more: a server holds thousands of
     * directors, each with a few seats */
    seat_rt seat[];
};

/* Times are kept in double ms (a bot's react_ms has fractions); a caller
 * is woken at the whole millisecond at or after a moment. */
static inline int64_t whole_ms(double t)
{
    int64_t w = (int64_t)t; /* toward zero: ceil's answer, or one less */
    return (double)w < t ? w + 1 : w;
}

/* How the record marks a step of a seat's stand-in or of a clock. */
static inline const char *by_name(uint8_t by)
{
    return by == AD_BY_BOT ? "bot" : by == AD_BY_TIME ? "time" : NULL;
}

/* splitmix64's step from x: a well-mixed 64-bit function of x.  Inline,
 * with the two below: every bot decision makes a seed and a generator. */
static inline uint64_t director_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* The part of every bot decision's seed that depends on the table alone
 * (computed once), and the seed of seat's decision in the position of
 * that version. */
static inline uint64_t director_seed_base(uint64_t table_seed)
{
    return director_mix(table_seed ^ 0xd12ec7042b075eedULL);
}

static inline uint64_t director_seed(uint64_t base, int seat, uint32_t version)
{
    return director_mix(base ^ (((uint64_t)version << 8) | (uint64_t)(seat & 0xff)));
}

/* ad_rng_seed(r, seed), the same state (a test checks it), its four
 * splitmix64 steps side by side and inline. */
static inline void director_rng(ad_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = director_mix(seed + (uint64_t)i * 0x9e3779b97f4a7c15ULL);
}

/* play_on.c: playing on in an answer window (director.h). */
int ad_dir_window_open(const ad_director *d);
int ad_dir_is_play_on(const ad_director *d, int seat, const ad_action *a, ad_err *err);

#endif
