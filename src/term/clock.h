/*
 * clock.h - the wall-clock driver of a director, shared by both terminal
 * displays (play.c's lines, tui.c's full screen).  The director decides
 * who acts when; this gives it the time: milliseconds since the game
 * began on the monotonic clock, standing still while a bot thinks on this
 * thread (the director runs them inline), jumping ahead when the person
 * skips a bot's pause.  It also tells the steps a call applied, in the
 * person's words, through the display's own say().
 */
#ifndef AD_TERM_CLOCK_H
#define AD_TERM_CLOCK_H

#include <stdint.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/director.h"

struct narrator; /* the narrator's header: clock.c */

typedef struct ad_term_clock {
    ad_director *d;
    int human;          /* the person's seat: their time running out is told */
    struct narrator *nar; /* tells the steps' events */
    void (*say)(void *ctx, const char *line); /* one line for the person */
    void *ctx;
    int64_t origin_ms;  /* the wall clock's reading at the table's time 0 */
    int is_virtual;     /* time moves only when set (Shout without a terminal) */
    int64_t vnow;       /* that time */
    int64_t wake_ms;    /* the director's next wake, from its last call */
    struct ad_term_speaker *speak; /* --speak: the steps read aloud too, or NULL */
} ad_term_clock;

/* The monotonic clock in milliseconds. */
int64_t ad_term_wall_ms(void);
/* The table's time starts now (0); nothing to wake for yet but now. */
void ad_term_clock_start(ad_term_clock *c);
/* The time to give the director. */
int64_t ad_term_clock_now(const ad_term_clock *c);
/* Milliseconds until the director's next wake, for a wait: -1 for ever,
 * at most an hour. */
int ad_term_clock_until_wake(const ad_term_clock *c);
/* Skips to the director's next wake (a bot's pause the person cut short). */
void ad_term_clock_skip(ad_term_clock *c);

/* The director's calls, at the clock's time, the thinking of the bots
 * they ran taken out of it.  out is zeroed first; tell it next. */
int ad_term_clock_advance(ad_term_clock *c, ad_director_out *out, ad_err *e);
int ad_term_clock_act(ad_term_clock *c, int seat, const ad_action *a, ad_director_out *out,
                      ad_err *e);
int ad_term_clock_act_json(ad_term_clock *c, int seat, const json_t *action,
                           ad_director_out *out, ad_err *e);
int ad_term_clock_take_back(ad_term_clock *c, int seat, ad_director_out *out, ad_err *e);

/* Says the steps a call applied (their events, and a word when the
 * person's time ran out), notes out->wake_ms and clears out. */
void ad_term_clock_tell(ad_term_clock *c, ad_director_out *out);

#endif
