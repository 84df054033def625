/*
 * tui.h - the full-screen terminal client (ncursesw) of `alphadeck play`.
 * It draws only from the human seat's view and the events as that seat
 * hears them (narrate.h), and drives the bots through ad_bot_choose with
 * their own views, so nothing the seat cannot see ever reaches the screen.
 */
#ifndef AD_CLI_TUI_H
#define AD_CLI_TUI_H

#include "alphadeck/alphadeck.h"

typedef struct tui_setup {
    ad_table *t;
    int human;                       /* the seat at the keyboard */
    const char (*levels)[16];        /* each seat's bot level (the human's: for `a`) */
    ad_rng *bot_rng;
    int pace_ms;                     /* a bot's pause before it acts (0: none) */
    int answer_s;                    /* seconds the human has to answer a claim */
} tui_setup;

/* Whether the full-screen client can play this game. */
int tui_supports(const ad_game *g);

/* Plays the game at t to its end or until the player quits.  Returns 0
 * when the game is over, 1 when the player left it, -1 when the terminal
 * could not be used (with words on stderr). */
int tui_play(const tui_setup *ts);

#endif
