/*
 * unit.h - inside the library: a game as one unit, the registry's entry for
 * it.  An ad_unit holds everything about one game in one place: its rules
 * (the ad_game), its computer players by level, and its narrator.  The
 * games of a family (No Way and I Doubt It are both "claim") share their
 * family's functions and differ in their ad_game and their words.  The
 * registry (registry.c) lists the units; the bots' door (bots.c),
 * the narrator's front (narrate.c) and the level calls of
 * alphadeck.h ask it, so nothing outside a game's folder names a game.
 */
#ifndef AD_GAMES_UNIT_H
#define AD_GAMES_UNIT_H

#include "alphadeck/alphadeck.h"
#include "bots/bots.h"
#include "alphadeck/narrate.h"

/* One level of computer player, as a game offers it. */
typedef struct ad_bot_level {
    const char *name; /* "random", "basic", "strong" */
    bot_fn choose;    /* NULL: the game's own random_action */
    /* 1 when it reads nothing a view hides (the game's random_action, or
     * Shout's `random`: that and the game's public pace), so a caller that
     * holds the state may skip making the view (ad_bot_lookup's reads_state). */
    int reads_state;
} ad_bot_level;

struct ad_unit;
/* A family's narrator: one event of type `type` as a sentence into buf, as
 * narrate.h's ad_narrate_event promises; 0 when the event is not told.  u is
 * the unit of the narrator's game (its words). */
typedef int (*ad_narrate_fn)(const struct ad_unit *u, narrator *n, const json_t *e,
                             const char *type, char *buf, size_t len);
/* "two sevens": count cards of `say` in u's game (narrate.h's ad_narrate_count). */
typedef void (*ad_count_fn)(const struct ad_unit *u, int count, const char *say, char *buf,
                            size_t len);

/* A family's coach (issue 32, PROTOCOL.md "Hints"): what seat could be
 * told now, worked out from its view alone (never the state: a hint holds
 * only what the seat could know at a real table), as a JSON object with at
 * least "text" (words for a person) and the family's own fields (a claim
 * window's "lie", 0 to 1).  think is the budget of any sampling (the strong
 * player's, so a hint and a bot never disagree); r is seeded by the caller
 * from what the seat knows, so the same view and seed give the same hint.
 * names: the seats' names to say (NULL, or a NULL entry: Ann, Bea, ...).
 * NULL with err set when the position has nothing to hint. */
typedef json_t *(*ad_hint_fn)(const struct ad_unit *u, const void *view, int seat,
                              const char *const *names, const ad_bot_opts *think, ad_rng *r,
                              ad_err *err);

/* Read aloud (narrate.h's ad_aloud_*), each NULL for the plain way.  An
 * event as spoken: 1 said, 0 not said aloud, -1 said as the narrator tells
 * it.  The turn line: 1 said, 0 nothing, -1 the plain "Cal's turn.".  A
 * card's spoken words: 1 said, 0 said by its name. */
typedef int (*ad_aloud_fn)(const struct ad_unit *u, narrator *n, const json_t *e,
                           const char *type, const json_t *view, char *buf, size_t len);
typedef int (*ad_turn_fn)(const struct ad_unit *u, narrator *n, const json_t *events,
                          const json_t *view, char *buf, size_t len);
typedef int (*ad_card_words_fn)(const struct ad_unit *u, const char *card, char *buf, size_t len);

typedef struct ad_unit {
    const ad_game *game;
    const ad_bot_level *levels; /* weakest first, `random` first */
    int nlevels;
    /* Models of a person (Sequence's `child`, a five-year-old), for
     * measuring the levels with `sim`: a director plays them
     * (ad_bot_lookup), but they are no level, so nothing lists them
     * (ad_bot_level_count) or seats them at a table (ad_bot_available). */
    const ad_bot_level *models;
    int nmodels;
    /* The level a person playing against the computer meets unless they
     * choose (ad_bot_level_default); NULL: basic. */
    const char *bot_default;
    ad_narrate_fn narrate;
    ad_count_fn count; /* NULL: the plain count, "two M's" */
    const void *words; /* what the family's narrator says differently per game (claim: a
                        * claim_words), or NULL */
    ad_hint_fn hint;   /* NULL: the game gives no hints */
    ad_aloud_fn aloud;        /* read aloud (aloud.c): NULL, the narrator's words */
    ad_turn_fn turn;          /* NULL: the plain turn line */
    ad_card_words_fn card_words; /* NULL: a card is said by its name */
} ad_unit;

/* The registered units, in the order `games` reports them. */
int ad_unit_count(void);
const ad_unit *ad_unit_at(int i);
/* The unit of game g, or NULL for a game the registry does not list (a
 * test's own game): it has no bots but `random` and no narrator. */
const ad_unit *ad_unit_of(const ad_game *g);

#endif
