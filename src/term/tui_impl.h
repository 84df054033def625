/*
 * tui_impl.h - the full-screen client's insides, shared by its core
 * (tui.c: the screen, the keys every game shares, the loop) and each
 * family of games (tui_claim.c, tui_sequence.c), which draws its table and
 * plays one move at a time.
 */
#ifndef AD_CLI_TUI_IMPL_H
#define AD_CLI_TUI_IMPL_H

#include <curses.h>

#include "clock.h"
#include "alphadeck/narrate.h"
#include "tui.h"

#define TUI_LOG_MAX 500
#define TUI_W 240
#define TUI_HAND_MAX 160

enum { C_HEAD = 1, C_ORANGE, C_PURPLE, C_GREEN, C_PINK, C_RED, C_TURN, C_DIM, C_WARN,
       C_CHIP_RED, C_CHIP_BLUE, C_CHIP_YELLOW, C_CURSOR };

typedef struct tui tui;

/* A family of games: draws the body of the screen (between the header and
 * the key line) from the view, and makes the next move of the game (a
 * bot's, or the human's through the keys): 0, or -1 when the player
 * leaves. */
typedef struct tui_kind {
    void (*draw)(tui *t, const json_t *view);
    /* The person's move, while the director asks their seat (Shout: any
     * time); returns 0 also when the director's wake comes first. */
    int (*step)(tui *t);
    /* What a bot the director asks is doing ("is choosing cards"). */
    const char *(*doing)(tui *t, int seat);
    int realtime; /* Shout: step runs whether the seat is asked or not */
    const char *family; /* the family of games it plays (ad_game.family) */
    /* After `h` showed a hint (coach.h) in the log: what else of it this
     * family shows (Sequence: its suggested card and square under the
     * cursor), or NULL. */
    void (*hinted)(tui *t, const json_t *hint);
} tui_kind;

extern const tui_kind tui_claim, tui_sequence, tui_liar, tui_shout;

struct tui {
    const tui_setup *ts;
    const ad_game *g;
    const tui_kind *kind;
    narrator nar;
    int players;
    char log[TUI_LOG_MAX][TUI_W];
    int log_n, log_back; /* lines kept; how far the player scrolled back */
    char status[TUI_W];  /* the key line */
    int typing;          /* keys are text now: ? and q are not commands */
    int letter_keys;     /* letters pick cards now (Liar's discard): h is one, ! hints */
    int message;         /* the key line holds a message until the next key */
    int left;            /* the player left the game */
    ad_term_clock clock; /* the director's time (space skips a bot's pause) */
    /* the human's choice in progress (each family uses what it needs) */
    int cursor, confirming, square;
    uint8_t sel[TUI_HAND_MAX];
    char say[8];
    char text[64]; /* what the player is typing (a word) */
};

/* A letter's colour pair, as on the cards and the Sequence board: orange,
 * purple, green, pink by its place in the alphabet; 0 for anything else. */
int tui_letter_colour(char c);
/* The monotonic clock in milliseconds. */
double tui_now_ms(void);
/* The time to give the director: ms since the game began (clock.h). */
int64_t tui_clock(const tui *t);
/* Milliseconds until the director's next wake (-1: none). */
int tui_until_wake(const tui *t);
/* The director applies what is due now; its steps go to the log.  0 or -1. */
int tui_advance(tui *t);
json_t *tui_view(const tui *t);
long tui_int(const json_t *o, const char *key);
const char *tui_str(const json_t *o, const char *key);
void tui_log(tui *t, const char *line);

void tui_put(int y, int x, int colour, int attrs, const char *s);
void tui_frame(int y, int x, int h, int w, const char *title);
/* The log, in a frame at (y, x), h by w. */
void tui_draw_log(const tui *t, int y, int x, int h, int w);
/* Redraws the whole screen. */
void tui_draw(tui *t);

/* Waits up to ms (forever when ms < 0) for a key, handling those every
 * screen shares (resize, ?, q, PgUp/PgDn, h or ! for a hint).  Returns the key, ERR when the
 * time ran out, or 'q' when the player leaves. */
int tui_wait_key(tui *t, double ms);

/* Asks before leaving; 1 when the player leaves (t->left is set). */
int tui_ask_leave(tui *t);

/* Gives the person's action (seat: theirs) to the director now and logs
 * the steps it applied in words: 0 or -1 (e). */
int tui_act(tui *t, int seat, const ad_action *a, ad_err *e);
/* The same from the JSON a key made. */
int tui_act_json(tui *t, int seat, json_t *action, ad_err *e);
/* `a`: the computer (levels[seat]) chooses the person's move, given as theirs. */
int tui_bot_act(tui *t, int seat);

#endif
