/*
 * sequence_unit.c - Sequence Letters as the registry knows it (unit.h): the
 * rules (sequence.c), the players (easy_sequence.c, basic_sequence.c,
 * strong_sequence.c), the model of a child for measuring (child_sequence.c),
 * the narrator (narrate_sequence.c) and the coach (sequence_hint.c); its
 * clients read the board through seqboard.h.
 */
#include "sequence_unit.h"

static const ad_bot_level levels[] = {
    {"random", NULL, 1},
    {"easy", ad_bot_easy_sequence, 0},
    {"basic", ad_bot_basic_sequence, 0},
    {"strong", ad_bot_strong_sequence, 0},
};

static const ad_bot_level models[] = {
    {"child", ad_bot_child_sequence, 0},
};

const ad_unit ad_unit_sequence = {
    .game = &ad_game_sequence,
    .levels = levels,
    .nlevels = (int)(sizeof levels / sizeof levels[0]),
    .models = models,
    .nmodels = (int)(sizeof models / sizeof models[0]),
    .bot_default = "easy", /* the game is made for children aged 4 to 7 */
    .narrate = ad_sequence_narrate,
    .aloud = ad_sequence_aloud,
    .turn = ad_sequence_turn,
    .card_words = ad_sequence_card_words,
    .hint = ad_sequence_hint,
};
