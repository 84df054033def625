/*
 * dict.c - loads the word games' dictionary once (pthread_once) and hands
 * out the same read-only lexicon to every game and thread.
 */
#include <pthread.h>

#include "dict.h"

static ad_lex *dict;
static ad_err dict_err;
static pthread_once_t dict_once = PTHREAD_ONCE_INIT;

static void load(void)
{
    dict = ad_lex_load_default(&dict_err);
}

const ad_lex *ad_games_dictionary(ad_err *err)
{
    pthread_once(&dict_once, load);
    if (!dict && err)
        *err = dict_err;
    return dict;
}
