/*
 * liar_unit.c - Liar as the registry knows it (unit.h): the rules (liar.c),
 * the players (easy_liar.c, basic_liar.c, strong_liar.c), the narrator
 * (narrate_liar.c) and the coach (liar_hint.c).
 */
#include "liar_unit.h"

static const ad_bot_level levels[] = {
    {"random", NULL, 1},
    {"easy", ad_bot_easy_liar, 0},
    {"basic", ad_bot_basic_liar, 0},
    {"strong", ad_bot_strong_liar, 0},
};

const ad_unit ad_unit_liar = {
    .game = &ad_game_liar,
    .levels = levels,
    .nlevels = (int)(sizeof levels / sizeof levels[0]),
    .narrate = ad_liar_narrate,
    .aloud = ad_liar_aloud,
    .turn = ad_liar_turn,
    .hint = ad_liar_hint,
};
