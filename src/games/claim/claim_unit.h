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

/* What the narrator says differently in each claim game (ad_unit.words). */
typedef struct claim_words {
    const char *call; /* what a challenge calls out: "No Way", "I doubt it" */
    int ranks;        /* 1: a claim names a pack's ranks, said in words ("two sevens") */
} claim_words;

/* The narrator (narrate_claim.c): unit.h's ad_narrate_fn and ad_count_fn. */
int ad_claim_narrate(const ad_unit *u, narrator *n, const json_t *e, const char *type, char *buf,
                     size_t len);
void ad_claim_count(const ad_unit *u, int count, const char *say, char *buf, size_t len);

extern const ad_unit ad_unit_noway, ad_unit_doubt;

#endif
