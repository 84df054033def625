/*
 * shout_unit.c - Shout a Word as the registry knows it (unit.h): the rules
 * (shout.c), the players (shout_react.c's `random`, easy_shout.c,
 * basic_shout.c, strong_shout.c), the narrator (narrate_shout.c) and the
 * coach (shout_hint.c).
 */
#include "shout_unit.h"

/* Its own `random`: the game's random action, timed by a reaction model
 * that reads only the game's public pace (shout_react.c). */
static const ad_bot_level levels[] = {
    {"random", ad_bot_random_shout, 1},
    {"easy", ad_bot_easy_shout, 0},
    {"basic", ad_bot_basic_shout, 0},
    {"strong", ad_bot_strong_shout, 0},
};

const ad_unit ad_unit_shout = {
    .game = &ad_game_shout,
    .levels = levels,
    .nlevels = (int)(sizeof levels / sizeof levels[0]),
    .narrate = ad_shout_narrate,
    .aloud = ad_shout_aloud,
    .turn = ad_shout_turn,
    .card_words = ad_shout_card_words,
    .hint = ad_shout_hint,
};
