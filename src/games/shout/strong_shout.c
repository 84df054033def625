/*
 * strong_shout.c - the `strong` computer player for Shout a Word.  Shout is
 * a race with everything face up, so there is nothing to search: strength
 * is speed.  It says the words every bot says (games/dict.h: the common
 * words the family dictionary keeps, so a family can judge them), reacts
 * faster than `basic` (shout_react.c), and at the default pace always
 * claims the word that takes the most table cards (basic_shout.c holds the
 * shared claim-finding).
 */
#include <string.h>

#include "games/dict.h"
#include "shout.h"
#include "shout_unit.h"

BOT_FN(ad_bot_strong_shout)
{
    ad_shout_act(view, seat, ad_games_bot_words(NULL), &ad_shout_speed_strong, o, r, out);
}
