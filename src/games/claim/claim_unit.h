/*
 * claim_unit.h - inside the claim unit (No Way and I Doubt It): what its
 * files share beyond the rules (claim.h): its players, its narrator, and
 * the two games' units the registry lists (unit.h).
 */
#ifndef AD_GAMES_CLAIM_UNIT_H
#define AD_GAMES_CLAIM_UNIT_H

#include "claim.h"
#include "games/unit.h"

BOT_FN(ad_bot_easy_claim);
BOT_FN(ad_bot_basic_claim);
BOT_FN(ad_bot_strong_claim);
/* The levels as the registry lists them: the players above, each with its
 * reaction time in a challenge window (claim_react.c), and `random`. */
BOT_FN(ad_bot_random_claim);
BOT_FN(ad_bot_easy_claim_timed);
BOT_FN(ad_bot_basic_claim_timed);
BOT_FN(ad_bot_strong_claim_timed);
/* strong_claim.c's deal of the cards seat cannot see, for its tests: a full
 * state at out (sizeof claim_state) that agrees with seat's view. */
void ad_strong_claim_deal(const void *view, int seat, ad_rng *r, void *out);
/* And its score of a full state for seat (1 won, 0 lost, else between). */
double ad_strong_claim_value(const void *state, int seat);

/* The strong player's model asked by the coach (claim_hint.c), from seat's
 * view, over `sims` of its deals (determinize): how likely the pending
 * claim is a lie; how likely the table calls `play` were seat to make it
 * now (a face-up last card that is false counts as called); the bluff it
 * would weigh first (1 with *out filled: one card, the least worth
 * keeping, naming the call; 0 when every card is of the call); and its
 * default number of simulations a decision. */
double ad_strong_claim_lie_chance(const void *view, int seat, long sims, ad_rng *r);
double ad_strong_claim_call_chance(const void *view, int seat, const ad_action *play, long sims,
                                   ad_rng *r);
int ad_strong_claim_bluff(const void *view, int seat, ad_action *out);
long ad_strong_claim_sims(void);
/* The coach (claim_hint.c): unit.h's ad_hint_fn. */
json_t *ad_claim_hint(const ad_unit *u, const void *view, int seat, const char *const *names,
                      const ad_bot_opts *think, ad_rng *r, ad_err *err);

/* What the narrator says differently in each claim game (ad_unit.words). */
typedef struct claim_words {
    const char *call; /* what a challenge calls out: "No Way", "I doubt it" */
    int ranks;        /* 1: a claim names a pack's ranks, said in words ("two sevens") */
} claim_words;

/* The narrator (narrate_claim.c): unit.h's ad_narrate_fn and ad_count_fn. */
int ad_claim_narrate(const ad_unit *u, narrator *n, const json_t *e, const char *type, char *buf,
                     size_t len);
void ad_claim_count(const ad_unit *u, int count, const char *say, char *buf, size_t len);

/* Read aloud (aloud_claim.c): unit.h's aloud, turn and card_words. */
int ad_claim_aloud(const ad_unit *u, narrator *n, const json_t *e, const char *type,
                   const json_t *view, char *buf, size_t len);
int ad_claim_turn(const ad_unit *u, narrator *n, const json_t *events, const json_t *view,
                  char *buf, size_t len);
int ad_claim_card_words(const ad_unit *u, const char *card, char *buf, size_t len);

extern const ad_unit ad_unit_noway, ad_unit_doubt;

#endif
