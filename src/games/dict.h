/*
 * dict.h - the word games' dictionary: the default lexicon, loaded once
 * per process on first use and shared read-only by every game after.
 */
#ifndef AD_GAMES_DICT_H
#define AD_GAMES_DICT_H

#include "alphadeck/lexicon.h"

/* The dictionary, or NULL with err set when it cannot be loaded. */
const ad_lex *ad_games_dictionary(ad_err *err);

#endif
