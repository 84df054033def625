/*
 * bot.c - the one door to the computer players.  A bot is handed a seat's
 * view (made by the game's view function), never the state, and its own
 * seeded generator; so it cannot see what the seat cannot.
 */
#include <string.h>

#include "../games/claim.h"
#include "../games/liar.h"
#include "../games/sequence.h"
#include "../games/shout.h"
#include "bots.h"

/* The levels, and the games each level above `random` can play so far;
 * `random` is the game's own random_action unless a game lists its own
 * (Shout's adds a reaction time). */
static const char *const levels[] = {"random", "basic", "strong"};

/* Games by address, not by name: every decision looks its bot up here, and
 * playouts through the director make millions of them. */
static const struct {
    const ad_game *game;
    const char *level;
    bot_fn choose;
} bots[] = {
    {&ad_game_noway, "basic", bot_basic_claim},
    {&ad_game_doubt, "basic", bot_basic_claim},
    {&ad_game_sequence, "basic", bot_basic_sequence},
    {&ad_game_liar, "basic", bot_basic_liar},
    {&ad_game_shout, "random", bot_random_shout},
    {&ad_game_shout, "basic", bot_basic_shout},
    {&ad_game_noway, "strong", bot_strong_claim},
    {&ad_game_doubt, "strong", bot_strong_claim},
    {&ad_game_sequence, "strong", bot_strong_sequence},
    {&ad_game_shout, "strong", bot_strong_shout},
    {&ad_game_liar, "strong", bot_strong_liar},
};

int ad_bot_level_known(const char *level)
{
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (strcmp(levels[i], level) == 0)
            return 1;
    return 0;
}

const char *ad_bot_level_at(int i)
{
    if (i < 0 || (size_t)i >= sizeof levels / sizeof levels[0])
        return NULL;
    return levels[i];
}

/* The bot of that level for game g, or NULL for a `random` the game does
 * not list (its own random_action) and -1 with err set when there is none. */
static int find(const ad_game *g, const char *level, bot_fn *fn, ad_err *err)
{
    *fn = NULL;
    if (!ad_bot_level_known(level))
        return ad_err_set(err, AD_E_BAD_LEVEL,
                          "there is no bot level \"%.20s\" (try: random, basic, strong)", level);
    for (size_t i = 0; i < sizeof bots / sizeof bots[0]; i++)
        if (bots[i].game == g && bots[i].level[0] == level[0] &&
            strcmp(bots[i].level, level) == 0) {
            *fn = bots[i].choose;
            return 0;
        }
    if (strcmp(level, "random") == 0)
        return 0;
    return ad_err_set(err, AD_E_BAD_LEVEL, "%s has no %s bot yet (try: random, basic)", g->title, level);
}

int bot_lookup(const ad_game *g, const char *level, bot_fn *fn, int *reads_state, ad_err *err)
{
    if (find(g, level, fn, err) < 0)
        return -1;
    *reads_state = strcmp(level, "random") == 0 && (!*fn || *fn == bot_random_shout);
    return 0;
}

int ad_bot_available(const ad_game *g, const char *level, ad_err *err)
{
    bot_fn fn;
    return find(g, level, &fn, err) == 0;
}

int ad_bot_choose(const ad_game *g, const void *view, int seat, const char *level, ad_rng *r,
                  ad_action *out, ad_err *err)
{
    return ad_bot_choose_opts(g, view, seat, level, NULL, r, out, err);
}

int ad_bot_choose_opts(const ad_game *g, const void *view, int seat, const char *level,
                       ad_bot_opts *opts, ad_rng *r, ad_action *out, ad_err *err)
{
    ad_bot_opts none = {0};
    bot_fn fn;
    if (find(g, level, &fn, err) < 0)
        return -1;
    if (g->is_over(view))
        return ad_err_set(err, AD_E_GAME_OVER, "the game is over");
    if (!(g->to_act(view) & (1u << seat)))
        return ad_err_set(err, AD_E_NOT_YOUR_TURN, "seat %d has nothing to do now", seat);
    return bot_decide(g, fn, view, seat, opts ? opts : &none, r, out);
}
