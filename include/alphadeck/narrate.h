/*
 * narrate.h - a game's events in plain words, for a player at a table:
 * "Bea says: "two M's."", "You call "No Way!"".  The line mode of
 * `alphadeck play`, the full-screen client, `alphadeck replay` and the
 * server (each event's "text", for the browser) all tell the game through
 * it, so a game reads the same everywhere.  It reads only the events
 * (public, or the narrator's seat's own) and the names.  Part of the
 * library's public API, for any client that tells a game in words.
 */
#ifndef AD_NARRATE_H
#define AD_NARRATE_H

#include <stddef.h>

#include "alphadeck/alphadeck.h"

#ifdef __cplusplus
extern "C" {
#endif

#pragma GCC visibility push(default)

typedef struct narrator {
    const ad_game *g;
    int players;
    int you; /* the seat told as "You", or -1 (a replay seen from above) */
    int time_up; /* set by a `time_up` event: the next `out` is a win on time (the
                  * narrator's only memory; the server's told text shares a sentence
                  * between seats that remember the same: src/games/told_text.c) */
    /* Added for the server: the seats' names (NULL, or a NULL entry: Ann, Bea, ...) */
    const char *const *names;
} narrator;

/* The name of a seat at the table: "You" for n->you, else its name in
 * n->names, else Ann, Bea, ... */
const char *ad_narrate_name(const narrator *n, int seat);

/* One event as a sentence into buf (at most len bytes, no newline).
 * Returns 1, or 0 when the event is not worth a line (buf is then "").
 * It remembers what one event says of the next (n->time_up). */
int ad_narrate_event(narrator *n, const json_t *event, char *buf, size_t len);

/* "two M's", "three sevens", "one ace": count cards of `say` in n's game. */
void ad_narrate_count(const narrator *n, int count, const char *say, char *buf, size_t len);

/* "E, H and K": the strings of a JSON array, listed. */
void ad_narrate_list(const json_t *items, char *buf, size_t len);

/* Read aloud: the words said to a seat (n->you, or -1 for a watcher), for
 * a child who cannot read.  One place decides them, beside the narrator,
 * so the browser (the server's "aloud" lines) and the terminal's --speak
 * say the same.  They read only public events, the seat's own view (the
 * view of n->you, or the public view) and the game's data, so they hold
 * nothing that seat cannot know. */

/* One event as spoken ("Cal puts a red chip on B... balloon."); 0 when it
 * is not said aloud (buf ""). view: the seat's view after the events, or
 * NULL. */
int ad_aloud_event(narrator *n, const json_t *event, const json_t *view, char *buf, size_t len);

/* Whose turn it is now, and for n->you what to do ("Your turn, Ann. Pick a
 * card, then a square with its picture."); 0 when nothing is said (the
 * game is over, or the position asks nobody a child need hear of).
 * events: what just happened (NULL: nothing; a turn line is said after a
 * step that moved the game on). */
int ad_aloud_turn(narrator *n, const json_t *events, const json_t *view, char *buf, size_t len);

/* Everything said after one update, appended to out (a JSON array) as
 * strings: each event said aloud, then the turn line.  Returns how many. */
int ad_aloud_update(narrator *n, const json_t *events, const json_t *view, json_t *out);

/* A card as a child hears it when picking it up: "B... balloon, bike"
 * (its letter, then the pictures it may go on), "Z: any square!", "ten of
 * hearts".  Always says something (the card's own name at least). */
void ad_aloud_card(const ad_game *g, const char *card, char *buf, size_t len);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
