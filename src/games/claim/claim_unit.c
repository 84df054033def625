/*
 * claim_unit.c - No Way and I Doubt It as the registry knows them (unit.h):
 * one engine (claim.c), one pair of players (basic_claim.c, strong_claim.c)
 * and one narrator (narrate_claim.c) for both games, which differ in their
 * rules' preset and in their words.
 */
#include "claim_unit.h"

static const ad_bot_level levels[] = {
    {"random", NULL, 1},
    {"basic", ad_bot_basic_claim, 0},
    {"strong", ad_bot_strong_claim, 0},
};

static const claim_words noway_words = {"No Way", 0};
static const claim_words doubt_words = {"I doubt it", 1};

#define CLAIM_UNIT(GAME, WORDS)                                                               \
    {                                                                                         \
        .game = &GAME, .levels = levels, .nlevels = (int)(sizeof levels / sizeof levels[0]),   \
        .narrate = ad_claim_narrate, .count = ad_claim_count, .words = &WORDS,                 \
    }

const ad_unit ad_unit_noway = CLAIM_UNIT(ad_game_noway, noway_words);
const ad_unit ad_unit_doubt = CLAIM_UNIT(ad_game_doubt, doubt_words);
