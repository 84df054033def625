/*
 * easy_shout.c - the `easy` computer player for Shout a Word, the level
 * for a young child, from the seat's view only.  It knows the words
 * `basic` does (the bots' words: common family words, games/dict.h) but is the
 * slowest shouter of all (shout_react.c): at the default pace it can shout
 * a word of three cards at its slowest moment and five at its fastest, so
 * it shouts short words and a child's word often comes first.
 */
#include "games/dict.h"
#include "shout.h"
#include "shout_unit.h"

BOT_FN(ad_bot_easy_shout)
{
    ad_shout_act(view, seat, ad_games_bot_words(NULL), &ad_shout_speed_easy, o, r, out);
}
