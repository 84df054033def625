/*
 * bot.c - the one door to the computer players.  A bot is handed a seat's
 * view (made by the game's view function), never the state, and its own
 * seeded generator; so it cannot see what the seat cannot.
 */
#include <string.h>

#include "alphadeck/alphadeck.h"

static const char *const levels[] = {"random"};

int ad_bot_level_known(const char *level)
{
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (strcmp(levels[i], level) == 0)
            return 1;
    return 0;
}

int ad_bot_choose(const ad_game *g, const void *view, int seat, const char *level, ad_rng *r,
                  ad_action *out, ad_err *err)
{
    if (!ad_bot_level_known(level))
        return ad_err_set(err, AD_E_BAD_LEVEL, "there is no bot level \"%.20s\" (try: random)",
                          level);
    if (g->is_over(view))
        return ad_err_set(err, AD_E_GAME_OVER, "the game is over");
    if (!(g->to_act(view) & (1u << seat)))
        return ad_err_set(err, AD_E_NOT_YOUR_TURN, "seat %d has nothing to do now", seat);
    g->random_action(view, seat, r, out);
    return 0;
}
