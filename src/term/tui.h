/*
 * tui.h - the full-screen terminal client (ncursesw) of `alphadeck play`.
 * It draws only from the human seat's view and the events as that seat
 * hears them (narrate.h), so nothing the seat cannot see ever reaches the
 * screen.  The director (alphadeck/director.h) runs the table: the bots,
 * their pause, the answer and turn clocks, Shout's race; this client gives
 * it the keys' actions and the wall clock's time.
 */
#ifndef AD_CLI_TUI_H
#define AD_CLI_TUI_H

#include "alphadeck/alphadeck.h"
#include "alphadeck/director.h"

typedef struct tui_setup {
    ad_director *d;                  /* runs the table (inline bots, events as JSON) */
    const ad_table *t;               /* its table */
    int human;                       /* the seat at the keyboard */
    const char (*levels)[16];        /* each seat's bot level (the human's: for `a`) */
    ad_rng *bot_rng;                 /* `a`'s choices for the person */
    struct ad_term_speaker *speak;   /* --speak (speak.h), or NULL */
} tui_setup;

/* Whether the full-screen client can play this game. */
int tui_supports(const ad_game *g);

enum { TUI_LINES = 2 };

/* Plays the game at t to its end or until the player quits.  Returns 0
 * when the game is over, 1 when the player left it, TUI_LINES (nothing
 * played, one line on stderr says why) when the terminal cannot draw the
 * screen: unknown to terminfo, no cursor addressing, or under 80x24. */
int tui_play(const tui_setup *ts);

#endif
