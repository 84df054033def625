/*
 * play.h - the pieces of `alphadeck play` that every game's client shares.
 * A client knows only what the human's seat may know: it reads that seat's
 * view and the public events, and each bot chooses from its own seat's
 * view.  Per game, a play_rules says whose move it is, what the human may
 * type and how the position looks; the line mode (play.c) and, later, the
 * full-screen client drive the same rules.  Parsing a line into an action
 * never prints, so another display can reuse it.
 */
#ifndef AD_CLI_PLAY_H
#define AD_CLI_PLAY_H

#include <stdio.h>

#include "alphadeck/alphadeck.h"
#include "narrate.h"

struct play_rules;

typedef struct player {
    ad_table *t;
    const ad_game *g;
    const struct play_rules *rules;
    int human;
    int players;
    char levels[AD_MAX_SEATS][16]; /* levels[human]: what `auto` asks */
    ad_rng bot_rng;
    narrator nar;
    FILE *in, *out;
} player;

/* What a line the human typed means (play_rules.parse). */
enum {
    PLAY_ACT,  /* *action holds the action to send */
    PLAY_SHOW, /* show the position again */
    PLAY_BAD,  /* not understood, or not allowed: why says so in words */
};

typedef struct play_rules {
    const char *game;       /* the game id */
    const char *auto_level; /* the bot level `auto` plays for the human */
    /* The position as the human's seat sees it. */
    void (*show)(player *p);
    /* The commands of this game, a few lines. */
    void (*help)(player *p);
    /* The prompt for the human's move; returns 1 when the position should
     * be shown before it. */
    int (*prompt)(player *p, char *buf, size_t len);
    /* The seat that acts next (turn-based games). */
    int (*next_seat)(player *p);
    /* A typed line (not a common command) as an action for the human. */
    int (*parse)(player *p, const char *line, json_t **action, char *why, size_t len);
    /* Rewrites an engine error in the words of this client (may be NULL). */
    void (*explain)(player *p, char *text, size_t len);
    /* The end of the game in words. */
    void (*result)(player *p);
    /* A game with its own loop (Shout, in real time): returns 0 when the
     * game is over, -1 when the human left.  NULL: the turn loop. */
    int (*run)(player *p);
} play_rules;

extern const play_rules play_noway, play_doubt, play_sequence, play_liar, play_shout;

/* No Way and I Doubt It, in both clients: in a challenge window, the seat
 * that answers next is the first still to answer (in to_act) from the
 * claimer's left, so when several would call, the nearest to the left is
 * the one.  Returns the claimer when nobody is left to answer. */
int play_window_next(uint32_t to_act, int claimer, int players);

/* The name of a seat: "You" for the human, else Ann, Bea, ... */
const char *play_name(const player *p, int seat);
/* The human's view as JSON (caller decrefs). */
json_t *play_view(const player *p);
/* What the human may do now, in the protocol's form of `legal` (caller
 * decrefs; [] when it is not their move). */
json_t *play_legal(const player *p);
/* Applies an action for seat and tells its events.  0, or -1 with err. */
int play_act(player *p, int seat, const ad_action *a, ad_err *err);
/* The same for an action written as JSON (what the human typed). */
int play_act_json(player *p, int seat, const json_t *action, ad_err *err);
/* What the bot of seat (at its level) would do now.  Returns 0 with *a
 * and, in a race, its reaction time in *react_ms (may be NULL); 1 when it
 * waits; -1 when it fails (said on stderr). */
int play_bot_choose(player *p, int seat, ad_action *a, double *react_ms);
/* The bot of seat acts now.  0 (also when it waits), or -1 when it fails. */
int play_bot_acts(player *p, int seat);
/* Writes an engine error for the human, in this game's words. */
void play_say_error(player *p, const ad_err *e);
/* The common commands: 'q' quit, 'h' help, 'a' auto, 0 none. */
int play_command(const char *line);
/* Copies line without its leading and trailing blanks. */
void play_trim(const char *line, char *buf, size_t len);
/* "A E O S T": the strings of a JSON array with spaces. */
void play_cards(const json_t *items, char *buf, size_t len);
/* Reads a line after a prompt; 0 at end of input, or when `play` was
 * asked to stop. */
int play_ask(player *p, const char *prompt, char *buf, size_t len);
/* The signal (SIGINT, SIGTERM or SIGHUP) that asked `play` to stop, or 0.
 * Both clients then leave the game as `q` does, so its record is kept. */
int play_stop_signal(void);

#endif
