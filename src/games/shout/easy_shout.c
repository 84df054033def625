/*
 * easy_shout.c - the `easy` computer player for Shout a Word, the level
 * for a young child, from the seat's view only.  It knows the common words
 * as `basic` does (SCOWL up to size 50, ad_lex_load_common) but is the
 * slowest shouter of all (shout_react.c): at the default pace it can shout
 * a word of three cards at its slowest moment and five at its fastest, so
 * it shouts short words and a child's word often comes first.
 */
#include <pthread.h>

#include "shout.h"
#include "shout_unit.h"

static ad_lex *common;
static pthread_once_t common_once = PTHREAD_ONCE_INIT;

static void load_common(void)
{
    common = ad_lex_load_common(NULL);
}

BOT_FN(ad_bot_easy_shout)
{
    pthread_once(&common_once, load_common);
    ad_shout_act(view, seat, common, &ad_shout_speed_easy, o, r, out);
}
