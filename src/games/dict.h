/*
 * dict.h - the word games' dictionary: the default lexicon, loaded once
 * per process on first use and shared read-only by every game after; the
 * family dictionary within it, and the bots' words.
 */
#ifndef AD_GAMES_DICT_H
#define AD_GAMES_DICT_H

#include "alphadeck/lexicon.h"

/* The dictionary, or NULL with err set when it cannot be loaded. */
const ad_lex *ad_games_dictionary(ad_err *err);

/* The family dictionary (family.c, data/words/family.txt). */
#include <jansson.h>

#define AD_WORDS_FAMILY 0 /* the values of a word game's `words` option */
#define AD_WORDS_FULL 1
extern const char *const ad_words_option_names[]; /* "family", "full" */

/* 1 when the family dictionary leaves the word (lowercase a-z) out: it is
 * listed, or an inflection of a listed word that is no other word's. */
int ad_family_refuses(const char *word);
/* The words the bots say: the common words (SCOWL up to size 50) that the
 * family dictionary keeps; NULL with err set when they cannot be loaded. */
const ad_lex *ad_games_bot_words(ad_err *err);
/* The word in a table's dictionary (full: words "full"), in words: "common
 * word", "rarer word", or why it is not in (*in says which). */
const char *ad_family_verdict(const char *word, int full, int *in);
/* {"word","in","common","said"}: that verdict for a client. */
json_t *ad_family_lookup_json(const char *word, int full);

#endif
