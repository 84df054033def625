/*
 * play.h - the pieces of `alphadeck play` that every game's client shares.
 * A client knows only what the human's seat may know: it reads that seat's
 * view and the public events.  The table is run by the director
 * (alphadeck/director.h): it decides who is asked, when a bot acts and
 * when a clock runs out; the client only turns what the person typed into
 * an action, gives it to the director with the time, shows the steps it
 * applied and waits for the person until the director's next wake.  Per
 * game, a play_rules says what the human may type and how the position
 * looks.  Parsing a line into an action never prints, so another display
 * can reuse it.
 */
#ifndef AD_CLI_PLAY_H
#define AD_CLI_PLAY_H

#include <stdio.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/director.h"
#include "clock.h"
#include "linein.h"
#include "alphadeck/narrate.h"

struct play_rules;

/* The level the computer players play at unless --bots says otherwise, and
 * the one `auto` plays for the person: basic in every game (a random player
 * names letters nobody called and drags a game out for hundreds of turns). */
#define PLAY_DEFAULT_LEVEL "basic"
/* The game `alphadeck play` plays when none is named. */
#define PLAY_DEFAULT_GAME "noway"

typedef struct player {
    ad_director *d;   /* runs the table (NULL in `replay`, which only shows) */
    const ad_table *t; /* the director's table */
    const ad_game *g;
    const struct play_rules *rules;
    int human;
    int players;
    char levels[AD_MAX_SEATS][16]; /* levels[human]: what `auto` asks */
    ad_rng bot_rng;   /* `auto`'s choices for the person */
    ad_term_clock clock; /* the director's time; virtual for Shout without a terminal */
    int away_told;    /* the person was told a stand-in plays for them */
    narrator nar;
    linein in; /* the person's lines: every wait wakes on a stop signal */
    FILE *out;
} player;

/* What a line the human typed means (play_rules.parse). */
enum {
    PLAY_ACT,  /* *action holds the action to send */
    PLAY_SHOW, /* show the position again */
    PLAY_BAD,  /* not understood, or not allowed: why says so in words */
};

typedef struct play_rules {
    const char *family;     /* the family of games it plays (ad_game.family) */
    /* The position as the human's seat sees it (`alphadeck replay` seen
     * from above passes human AD_GOD: then no hand is "Your hand"). */
    void (*show)(player *p);
    /* The commands of this game, a few lines. */
    void (*help)(player *p);
    /* The prompt for the human's move; returns 1 when the position should
     * be shown before it. */
    int (*prompt)(player *p, char *buf, size_t len);
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

extern const play_rules play_claim, play_sequence, play_liar, play_shout;
/* The rules of game g's family, or NULL (`alphadeck replay` shows a
 * position with the same rules' show). */
const play_rules *play_rules_for(const ad_game *g);

/* The name of a seat: "You" for the human, else Ann, Bea, ... */
const char *play_name(const player *p, int seat);
/* The human's view as JSON (caller decrefs). */
json_t *play_view(const player *p);
/* What the human may do now, in the protocol's form of `legal` (caller
 * decrefs; [] when it is not their move). */
json_t *play_legal(const player *p);
/* Starts the game's clock, its steps told on p->out (set p->clock.d once
 * the director is made). */
void play_clock_start(player *p);
/* The time to give the director: ms since the game began on the wall
 * (monotonic) clock, or the virtual clock (clock.h). */
int64_t play_now(const player *p);
/* Milliseconds until the director's next wake, for a wait (-1: none). */
int play_until_wake(const player *p);
/* Shows the steps a director call applied (their events, and a word when
 * a stand-in took the person's seat), notes out->wake_ms and clears out. */
void play_tell(player *p, ad_director_out *out);
/* The director applies what is due by now; its steps are shown.  0, or -1
 * when a bot failed (said on stderr). */
int play_advance(player *p);
/* The person's action, given to the director now; the steps due before it
 * and its own are shown.  0, or -1 with err (the rules refused it). */
int play_act(player *p, const ad_action *a, ad_err *err);
/* The same for an action written as JSON (what the human typed). */
int play_act_json(player *p, const json_t *action, ad_err *err);
/* `auto`: the person's move as the computer (at levels[human]) would make
 * it, given to the director now.  0 (also when it would wait), or -1. */
int play_auto(player *p);
/* Whether the person is asked now (and not played by a stand-in). */
int play_my_move(const player *p);
/* The person takes their seat back from the stand-in, now. */
int play_take_back(player *p);
/* Writes an engine error for the human, in this game's words. */
void play_say_error(player *p, const ad_err *e);
/* The common commands: 'q' quit, 'h' help, 'a' auto, 'i' hint, 0 none. */
int play_command(const char *line);
/* `hint`: the coach's hint for the person's seat now (coach.h), on p->out
 * and, with --speak, aloud.  Nothing at the table changes. */
void ad_term_play_hint(player *p);
/* Copies line without its leading and trailing blanks. */
void play_trim(const char *line, char *buf, size_t len);
/* " Ann 3, You 5, Cal 0": a number per seat (a JSON array of integers,
 * such as scores) after each seat's name, on p->out. */
void play_per_seat(player *p, const json_t *values);
/* "A E O S T": the strings of a JSON array with spaces. */
void play_cards(const json_t *items, char *buf, size_t len);
/* "Turn 12 of 1000": the turn under way, from a view's turns and
 * max_turns, never past the limit (the last turn played, once the game is
 * over); "" when the game has no limit (max_turns 0). */
void play_turn_text(const json_t *view, char *buf, size_t len);
/* What play_ask found. */
enum { PLAY_END, PLAY_LINE, PLAY_WAKE };
/* Writes prompt (unless NULL) and reads a line until the director's next
 * wake: PLAY_LINE, PLAY_WAKE when the wake came first (the line goes on
 * after it), PLAY_END at the end of input or when `play` was asked to
 * stop (also by a signal that comes while it waits). */
int play_ask(player *p, const char *prompt, char *buf, size_t len);
/* While the person is not asked: waits for the director's next wake; when
 * a stand-in plays for them, a line they type takes the seat back (q
 * quits).  0, or -1 to leave. */
int play_between(player *p);
/* The signal (SIGINT, SIGTERM or SIGHUP) that asked `play` to stop, or 0.
 * Both clients then leave the game as `q` does, so its record is kept. */
int play_stop_signal(void);

#endif
