/*
 * shout_unit.h - inside the shout unit (Shout a Word): what its files share
 * beyond the rules (shout.h): its players and their reaction-time model,
 * its narrator, and the unit the registry lists (unit.h).
 */
#ifndef AD_GAMES_SHOUT_UNIT_H
#define AD_GAMES_SHOUT_UNIT_H

#include "alphadeck/lexicon.h"
#include "games/unit.h"
#include "shout.h"

/* May leave out->type 0: the seat waits (only where another seat can act). */
BOT_FN(ad_bot_easy_shout);
BOT_FN(ad_bot_basic_shout);
BOT_FN(ad_bot_random_shout);
BOT_FN(ad_bot_strong_shout);

/* Shout's reaction-time model (shout_react.c).  A level looks at the table
 * for base_ms, then needs per_card_ms for each card of the word it shouts;
 * each decision scales that by a moment, a factor drawn from the bot's
 * generator. */
typedef struct shout_speed {
    double base_ms, per_card_ms;
} shout_speed;
extern const shout_speed ad_shout_speed_random, ad_shout_speed_basic, ad_shout_speed_strong;
extern const shout_speed ad_shout_speed_easy;
/* This decision's moment: uniform in [0.8, 1.2). */
double ad_shout_moment(ad_rng *r);
/* The most cards a word may take for the seat to shout it, at speed sp and
 * moment m, before the table changes: before the next deal (deal_ms) while
 * the round is dealt, within the final window (final_ms) after it. */
int ad_shout_reach(const void *view, const shout_speed *sp, double m);
/* When the action comes, in ms after the game last changed: a claim
 * m * (base + per card), a pass m * base, a deal deal_ms (the game's pace),
 * waiting 0. */
double ad_shout_react(const void *view, const shout_speed *sp, double m, const ad_action *a);
/* Shout: claims the word of vocab taking the most table cards of those it
 * can shout before the table changes (ad_shout_reach); with none, deals (the
 * dealer), waits (type 0) or passes in the final window.  Sets o->react_ms. */
void ad_shout_act(const void *view, int seat, const ad_lex *vocab, const shout_speed *sp,
               ad_bot_opts *o, ad_rng *r, ad_action *out);

/* Read aloud (aloud_shout.c): unit.h's aloud, turn and card_words. */
int ad_shout_aloud(const ad_unit *u, narrator *n, const json_t *e, const char *type,
                   const json_t *view, char *buf, size_t len);
int ad_shout_turn(const ad_unit *u, narrator *n, const json_t *events, const json_t *view,
                  char *buf, size_t len);
int ad_shout_card_words(const ad_unit *u, const char *card, char *buf, size_t len);

/* Finding words on the table, shared by the players and the coach
 * (basic_shout.c).  ad_shout_words: every word of vocab that cards (n card
 * ids: the table, or what the last round left) spell with at least need of
 * them, into found; ids gets each card's lexicon id; returns how many (0 on
 * any error).  ad_shout_claimable: the word can be shouted taking at most
 * reach cards, and fits an action.  ad_shout_better: a takes more cards
 * than b, or as many with more letters.  ad_shout_cards_of: the card ids of
 * f's spelling, in word order, into out (a table card for each part, none
 * twice). */
int ad_shout_words(const shout_state *s, const uint8_t *cards, int n, int need,
                   const ad_lex *vocab, ad_lex_results *found, uint8_t *ids);
int ad_shout_claimable(const ad_lex_found *f, int reach);
int ad_shout_better(const ad_lex_found *a, const ad_lex_found *b);
void ad_shout_cards_of(const uint8_t *cards, const uint8_t *ids, int n, const ad_lex_found *f,
                       uint8_t *out);

/* The coach (shout_hint.c): unit.h's ad_hint_fn. */
json_t *ad_shout_hint(const ad_unit *u, const void *view, int seat, const char *const *names,
                      const ad_bot_opts *think, ad_rng *r, ad_err *err);

/* The narrator (narrate_shout.c): unit.h's ad_narrate_fn. */
int ad_shout_narrate(const ad_unit *u, narrator *n, const json_t *e, const char *type, char *buf,
                     size_t len);

extern const ad_unit ad_unit_shout;

#endif
