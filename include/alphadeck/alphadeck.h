/*
 * alphadeck.h - the public API of libalphadeck.
 *
 * A game is a table of functions (ad_game) registered once; a running game
 * is a flat state struct that copies with memcpy and allocates nothing on
 * the hot path (to_act, apply, random_action).  The legal actions are told
 * only as JSON (legal_json), off that path.  A seat's view is made by one
 * function per game (ad_game.view) and is the only thing bots and clients
 * ever see.  ad_table wraps a game with its `new` request and record for the
 * engine protocol; it is the convenient entry point for most callers.
 * Beside this header: director.h (a table on a clock), records.h,
 * lexicon.h (the dictionary), narrate.h (events in words) and engine.h
 * (the JSON Lines protocol as a line handler).
 */
#ifndef ALPHADECK_H
#define ALPHADECK_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#ifdef __cplusplus
extern "C" {
#endif

/* the public API is what the library exports; the rest is hidden */
#pragma GCC visibility push(default)

#define AD_VERSION "0.1.0"
#define AD_PROTOCOL_VERSION 1

/* The folder `make install` puts the library's data in, PREFIX/share/alphadeck
 * (lexicon/ holds the dictionary's indexes, web/ the browser client).  It
 * may not exist: a library used from its build tree is not installed. */
const char *ad_data_dir(void);

/* ------------------------------------------------------------------ errors */

/* Stable error codes.  The token (ad_code_token) is what the protocol sends
 * as "code"; never rename one, only add. */
typedef enum ad_code {
    AD_OK = 0,
    AD_E_BAD_JSON,       /* "bad_json": the line is not a JSON object */
    AD_E_LINE_TOO_LONG,  /* "line_too_long" */
    AD_E_UNKNOWN_CMD,    /* "unknown_cmd" */
    AD_E_MISSING_FIELD,  /* "missing_field" */
    AD_E_BAD_FIELD,      /* "bad_field": wrong type or value */
    AD_E_UNKNOWN_GAME,   /* "unknown_game" */
    AD_E_BAD_PLAYERS,    /* "bad_players" */
    AD_E_BAD_OPTION,     /* "bad_option": unknown or out of range */
    AD_E_BAD_CARD,       /* "bad_card": not a card of this game, or too many */
    AD_E_UNKNOWN_ID,     /* "unknown_id": no open game with that id */
    AD_E_ID_IN_USE,      /* "id_in_use" */
    AD_E_BAD_SEAT,       /* "bad_seat" */
    AD_E_NOT_YOUR_TURN,  /* "not_your_turn" */
    AD_E_GAME_OVER,      /* "game_over" */
    AD_E_BAD_ACTION,     /* "bad_action": malformed or unknown action */
    AD_E_ILLEGAL,        /* "illegal_action": well formed, against the rules */
    AD_E_NO_SUCH_CARD,   /* "no_such_card": the seat does not hold it */
    AD_E_BAD_RECORD,     /* "bad_record" */
    AD_E_BAD_LEVEL,      /* "bad_level": unknown bot level */
    AD_E_IO,             /* "io": a file could not be read or written */
    AD_E_INTERNAL,       /* "internal" */
    AD_E_BAD_DICT,       /* "bad_dict": a word list or index that is empty, binary or damaged */
    AD_E_BAD_WORD,       /* "bad_word": not lowercase a-z, or longer than 63 letters */
    AD_E_NO_HINT,        /* "no_hint": the game gives no hints (issue 32) */
    AD_E_FAMILY_WORD,    /* "family_word": a word the family dictionary of this table leaves out */
    AD_CODE_COUNT
} ad_code;

typedef struct ad_err {
    ad_code code;
    char text[200]; /* words for a person, no trailing newline */
} ad_err;

const char *ad_code_token(ad_code code);

/* Sets err (if not NULL) and returns -1, so callers can `return ad_err_set(..)`. */
int ad_err_set(ad_err *err, ad_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The checks every game's apply makes first: seat is a seat of a
 * `players`-seat table (bad_seat), and the game is not over (game_over).
 * Returns 0, or -1 with err set.  Inline: it is on every apply. */
static inline int ad_check_seat(int seat, int players, int over, ad_err *err)
{
    if (seat < 0 || seat >= players)
        return ad_err_set(err, AD_E_BAD_SEAT, "there is no seat %d in a %d-player game", seat,
                          players);
    if (over)
        return ad_err_set(err, AD_E_GAME_OVER, "the game is over");
    return 0;
}

/* -------------------------------------------------------------------- rng */

/* xoshiro256** seeded through splitmix64: fast, 256-bit state, identical on
 * every machine.  One per game; never a global one. */
typedef struct ad_rng {
    uint64_t s[4];
} ad_rng;

void ad_rng_seed(ad_rng *r, uint64_t seed);

/* The next 64 random bits.  Inline: it is on every playout's hot path. */
static inline uint64_t ad_rng_next(ad_rng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform in [0, n), n >= 1, without modulo bias (Lemire's method). */
static inline uint32_t ad_rng_below(ad_rng *r, uint32_t n)
{
    uint64_t m = (ad_rng_next(r) >> 32) * (uint64_t)n;
    if ((uint32_t)m < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while ((uint32_t)m < threshold)
            m = (ad_rng_next(r) >> 32) * (uint64_t)n;
    }
    return (uint32_t)(m >> 32);
}
/* Fisher-Yates shuffle of n bytes. */
void ad_rng_shuffle(ad_rng *r, uint8_t *a, int n);

/* ------------------------------------------------------------------ decks */

#define AD_MAX_KINDS 64   /* distinct card faces in one game */
#define AD_MAX_CLASSES 64 /* things a claim can name (letters, ranks, faces) */
#define AD_MAX_DECK 255   /* physical cards in play */
#define AD_NAME_MAX 8

/* A deck as read from data/decks/<name>.txt: the card faces ("kinds"), how
 * many copies of each one pack holds, and the class each face belongs to
 * (its letter, or its rank), classes in calling order.  Faces whose class is
 * "-" exist in the box but never enter play (No Way's ants). */
typedef struct ad_deck {
    char name[16];
    int nkinds;
    char kind[AD_MAX_KINDS][AD_NAME_MAX];
    uint8_t copies[AD_MAX_KINDS];
    int8_t class_of[AD_MAX_KINDS]; /* -1: never in play */
    int nclasses;
    char class_name[AD_MAX_CLASSES][AD_NAME_MAX];
} ad_deck;

/* The deck named `name` (from the data compiled into the library), or NULL. */
const ad_deck *ad_deck_get(const char *name);
/* Index of the face called `name` (case-sensitive), or -1. */
int ad_deck_kind(const ad_deck *d, const char *name);
int ad_deck_class(const ad_deck *d, const char *name);
/* The raw text of a data file compiled in (e.g. "decks/noway.txt"), or NULL. */
const char *ad_data_get(const char *path);

/* ---------------------------------------------------------------- actions */

#define AD_ACTION_MAX_CARDS 16
#define AD_WORD_MAX 32

/* One action, the same shape for every game; each game says which fields it
 * uses.  Plain data: copy it, compare it with memcmp after memset. */
typedef struct ad_action {
    uint8_t type;                        /* game-defined */
    uint8_t n;                           /* entries used in cards[] */
    int16_t arg[2];                      /* e.g. the class named, a square */
    uint8_t cards[AD_ACTION_MAX_CARDS];  /* kinds, or ids on a table */
    char word[AD_WORD_MAX];
} ad_action;

/* Public events an apply produced, for the protocol and for logs. */
typedef struct ad_event {
    uint8_t type;   /* game-defined */
    int8_t seat;    /* who, or -1 */
    int8_t other;   /* a second seat, or -1 */
    uint8_t n;      /* entries in cards[] */
    int32_t value;  /* a count, a score ... */
    uint8_t cards[AD_ACTION_MAX_CARDS];
} ad_event;

#define AD_MAX_EVENTS 16
typedef struct ad_events {
    int n;
    ad_event ev[AD_MAX_EVENTS];
} ad_events;

/* Appends a public event to ev (when ev is not NULL and has room) and
 * returns it, zeroed but for the fields given, so the caller may add cards;
 * else returns NULL.  Every game reports its events through this.  Inline:
 * playouts pass ev NULL, and then it must cost nothing. */
static inline ad_event *ad_events_add(ad_events *ev, int type, int seat, int other,
                                      int32_t value)
{
    if (!ev || ev->n >= AD_MAX_EVENTS)
        return NULL;
    ad_event *e = &ev->ev[ev->n++];
    *e = (ad_event){.type = (uint8_t)type, .seat = (int8_t)seat, .other = (int8_t)other,
                    .value = value};
    return e;
}

/* ---------------------------------------------------------------- options */

#define AD_MAX_OPTIONS 8

typedef struct ad_option_def {
    const char *name;
    int min, max, def;
    const char *help;  /* one line in a player's words, says what 0 or the default means */
    const char *label; /* the option's name in a player's words, for a form ("Packs of cards") */
    /* NULL, or the names of the values min..max in players' words: such an
     * option may be given as a name ("words": "full") as well as a number */
    const char *const *names;
} ad_option_def;

/* Everything needed to set up a game: the `new` request in C. */
typedef struct ad_setup {
    int players;
    uint64_t seed;
    int opt[AD_MAX_OPTIONS]; /* values, in the order of ad_game.options */
    int deck_n;              /* -1: shuffle the game's own pack */
    uint8_t deck[AD_MAX_DECK]; /* kinds, top first */
    int dealer;              /* -1: the game's own rule */
} ad_setup;

/* ------------------------------------------------------------------ games */

#define AD_MAX_SEATS 10
#define AD_GOD (-1) /* the seat argument for the god view */
#define AD_PUBLIC (-2) /* the seat argument for a spectator's view: no card hidden from any
                        * seat (no "hand"; "seat" is null), what everyone at the table sees */

/* What a seat does when its time runs out (ad_game.timeout): the answer
 * silence gives, and which clock times it. */
typedef struct ad_timeout {
    ad_action action; /* applied for the seat when the time runs out */
    uint8_t answer;   /* 1: the table's answer window times it (a challenge;
                       * director.h's answer_ms); 0: the game's own clock, ms */
    uint8_t keeps;    /* 1: the game's clock keeps running through changes
                       * while the position keeps giving this seat a clock that
                       * keeps (Shout's final window, timed from its opening);
                       * 0: it starts again at every change (Shout's deal) */
    int32_t ms;       /* the game's own time, when answer is 0 */
    /* Added with the race (a challenge window asks every other seat at
     * once); new fields go at the end. */
    uint8_t order;    /* in an answer window, the seat's precedence when answers other
                       * than silence's come at the same moment: 1 first (No Way: the
                       * nearest to the claimer's left); 0: none */
} ad_timeout;

/* A game: a table of functions.  `st` always points to state_size bytes. */
typedef struct ad_game {
    const char *id;    /* "noway" */
    const char *title; /* "No Way" */
    const char *deck;  /* data/decks/<deck>.txt */
    int min_players, max_players;
    const ad_option_def *options; /* nopt entries */
    int nopt;
    size_t state_size;

    /* Set up a new game; checks the setup against the rules. */
    int (*init)(void *st, const ad_setup *su, ad_err *err);
    /* The view of `seat` (or AD_GOD): a copy of the state with everything
     * that seat cannot see wiped.  The one place hidden information is
     * enforced. */
    void (*view)(const void *st, int seat, void *out);
    /* Bitmask of the seats that may act now (0 when the game is over). */
    uint32_t (*to_act)(const void *st);
    int (*is_over)(const void *st);
    /* Applies `a` for `seat` if legal (ev may be NULL); on error nothing
     * changes and err says why. */
    int (*apply)(void *st, int seat, const ad_action *a, ad_events *ev, ad_err *err);
    /* A random legal action of `seat` computed from its view only.  The
     * distribution is documented per game. */
    void (*random_action)(const void *view, int seat, ad_rng *r, ad_action *out);

    /* JSON codec (not on the hot path). */
    json_t *(*view_json)(const void *view); /* from a view made by .view */
    json_t *(*legal_json)(const void *view, int seat);
    int (*action_from_json)(const void *st, const json_t *j, ad_action *out, ad_err *err);
    json_t *(*action_to_json)(const void *st, const ad_action *a);
    json_t *(*event_json)(const void *st, const ad_event *e);

    /* Added after 0.1.0, for whoever runs a table on a clock (director.h);
     * new fields go at the end, and NULL means the plain rule. */
    /* The seats asked to decide now, a subset of to_act.  Several at once
     * are a race: the soonest acts.  NULL: to_act.  No Way and I Doubt It
     * ask every seat of a challenge window at once; calls at the same
     * moment go by ad_timeout.order (director.h). */
    uint32_t (*asked)(const void *st);
    /* What seat does by itself when its time runs out in this position:
     * 1 with *out filled (a pass in a challenge window; Shout's deal at
     * deal_ms and the final window's pass at final_ms), 0 when nothing
     * (a turn: a clock on it is the table's, and a bot plays then).
     * NULL: always 0. */
    int (*timeout)(const void *st, int seat, ad_timeout *out);
    /* The family of games this one belongs to, whose clients (a display, a
     * narrator, a bot) serve every game in it: "claim" (No Way and I Doubt
     * It), "sequence", "liar", "shout".  Clients key their tables by it,
     * never by a game's id. */
    const char *family;
} ad_game;

/* The registered games, in a fixed order. */
int ad_game_count(void);
const ad_game *ad_game_at(int i);
const ad_game *ad_game_find(const char *id);

/* Fills su from a `new` request object (fields game, players, seed, options,
 * deck, dealer).  Returns the game or NULL with err set. */
const ad_game *ad_setup_from_json(const json_t *req, ad_setup *su, ad_err *err);
/* Reads a seed: an integer 0..2^63-1, or a decimal string for all of uint64
 * (JSON integers stop at 2^63-1).  Used by `new` and `bot` alike. */
int ad_seed_from_json(const json_t *v, uint64_t *out, ad_err *err);
/* A seed as ad_seed_from_json reads it back: an integer up to 2^63-1, a
 * decimal string above. */
json_t *ad_seed_to_json(uint64_t seed);
/* {"name":default,...} for a game. */
json_t *ad_options_json(const ad_game *g);

/* ------------------------------------------------------------------ table */

/* A game in progress with its record: what the engine and clients hold. */
typedef struct ad_table ad_table;

typedef struct ad_step {
    int seat;
    ad_action action;
} ad_step;

ad_table *ad_table_new(const json_t *new_req, ad_err *err);
/* A table from a setup already read (su->seed is its seed): no JSON made,
 * for callers that set up many games (sim).  Its record's `new` request
 * holds game, players, seed, every option, and deck and dealer when set. */
ad_table *ad_table_new_setup(const ad_game *g, const ad_setup *su, ad_err *err);
void ad_table_free(ad_table *t);
const ad_game *ad_table_game(const ad_table *t);
const void *ad_table_state(const ad_table *t);
int ad_table_players(const ad_table *t);
/* The seed the game was dealt with (chosen at random when `new` had none). */
uint64_t ad_table_seed(const ad_table *t);
/* Applies an action given as JSON for seat; events (may be NULL) get the
 * public events.  Nothing changes on error. */
int ad_table_act_json(ad_table *t, int seat, const json_t *action, ad_events *ev, ad_err *err);
int ad_table_act(ad_table *t, int seat, const ad_action *a, ad_events *ev, ad_err *err);
/* The view of seat (or AD_GOD) as JSON. */
json_t *ad_table_view_json(const ad_table *t, int seat);
json_t *ad_table_events_json(const ad_table *t, const ad_events *ev);
/* {"new":<request>,"actions":[{"seat":..,"action":..},...]} */
json_t *ad_table_record_json(const ad_table *t);
/* Replays a record; NULL with err set when any step fails. */
ad_table *ad_table_load(const json_t *record, ad_err *err);
/* The record's steps (*steps valid until the table's next act or free),
 * and how many; steps NULL: the count alone, which costs nothing (the
 * table keeps its steps packed, and unpacks them when asked for them). */
int ad_table_steps(const ad_table *t, const ad_step **steps);
/* Checks that seat is a seat of this table. */
int ad_table_check_seat(const ad_table *t, const json_t *seat, int *out, ad_err *err);

/* ------------------------------------------------------------------- bots */

/* The levels known to ad_bot_choose: 1 when some game offers `level`. */
int ad_bot_level_known(const char *level);
/* The levels game g offers, weakest first ("random", "basic", "strong"):
 * how many, and the name of the i-th (NULL when i is out of range).  A
 * game the library does not list has "random" alone.  Callers that show or
 * check levels ask these instead of knowing the names. */
int ad_bot_level_count(const ad_game *g);
const char *ad_bot_level_name(const ad_game *g, int i);
/* The level a person playing against the computer meets unless they
 * choose another (the browser's "Play now"): `easy` in Sequence Letters,
 * which is made for young children, `basic` in the others; one of g's
 * levels always ("random" for a game the library does not list). */
const char *ad_bot_level_default(const ad_game *g);

/* What a client shows of a game of the claim family (No Way, I Doubt It),
 * from the game's own rules and words: what a seat calls out to challenge
 * ("No Way", "I doubt it"; the narrator says it with "!"), whether a play
 * may name any letter or rank (1) or only the one called (0), and whether
 * a card is a rank and a suit ("10C": the rank is what it counts as)
 * rather than a letter, and whether a player's last cards are turned up
 * at once (No Way: they must be true to go out).  0 with *out filled, -1
 * for a game of another family. */
typedef struct ad_claim_info {
    const char *objection;
    int say_free;
    int suited;
    int last_face_up;
} ad_claim_info;
int ad_claim_info_of(const ad_game *g, ad_claim_info *out);
/* How a client shows card `card` of claim game g: a suited card with its
 * suit's sign in out ("10H" as "10♥", UTF-8), a letter as it is.  Returns
 * 1 for a red suit (hearts, diamonds), 0 for a black one or a card of no
 * suit, -1 (out empty) for a card the game does not have. */
int ad_claim_card_face(const ad_game *g, const char *card, char *out, size_t n);
/* Whether game g has a bot of that level (0, with err set, if not). */
int ad_bot_available(const ad_game *g, const char *level, ad_err *err);
/* Whether game g has a model of a person called `name` (0, with err set,
 * if not): a player for measuring the levels against (Sequence Letters'
 * `child`, a five-year-old), which a director plays like a bot (`sim
 * --bots child,easy`) but which is no level: ad_bot_level_count does not
 * count it and ad_bot_available refuses it, so no table offers it to
 * people; ad_bot_choose plays it when asked by name. */
int ad_bot_model_available(const ad_game *g, const char *name, ad_err *err);
/* The action a bot of `level` would take for seat, seeing only the seat's
 * view.  Returns 0 with out filled; 1 when the bot would wait for now (in
 * a real-time game, where other seats may act: Shout with nothing to
 * claim); -1 when the seat has nothing to do or the level is unknown.
 * ad_bot_choose_opts also says when the bot would act (react_ms). */
int ad_bot_choose(const ad_game *g, const void *view, int seat, const char *level,
                  ad_rng *r, ad_action *out, ad_err *err);

/* How long a searching bot (`strong`) thinks.  The default (all zero, or
 * opts NULL) is a fixed number of simulations per decision, chosen per game
 * so a decision takes well under 100 ms, and is deterministic given the
 * seed.  think_ms puts a clock on the search instead: then the choice also
 * depends on the machine's speed. */
typedef struct ad_bot_opts {
    int think_ms;   /* stop after this many milliseconds (0: no clock) */
    long sims;      /* most simulations (0: the game's default; with think_ms, no cap) */
    long sims_done; /* out: the simulations the last decision ran */
    /* Added after 0.1.0; new fields go at the end. */
    double react_ms; /* out: in a real-time game (Shout), how many milliseconds
                      * after the game last changed the seat would make the
                      * action returned, by its level's reaction-time model
                      * (docs/bots.md): no wall clock, so deterministic given
                      * the seed.  Whoever runs the game lets the soonest
                      * act.  0 in games without races (act when asked) and
                      * when the bot waits. */
} ad_bot_opts;

/* The largest budgets a caller should give (the engine's `bot`, sim and
 * bench refuse more): a strong decision at AD_BOT_MAX_SIMS takes at most a
 * few seconds in the slowest game (docs/bots.md), and a clock stops at
 * AD_BOT_MAX_THINK_MS. */
#define AD_BOT_MAX_SIMS 50000L
#define AD_BOT_MAX_THINK_MS 5000

int ad_bot_choose_opts(const ad_game *g, const void *view, int seat, const char *level,
                       ad_bot_opts *opts, ad_rng *r, ad_action *out, ad_err *err);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
