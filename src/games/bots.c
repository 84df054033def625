/*
 * bots.c - the one door to the computer players.  A bot is handed a seat's
 * view (made by the game's view function), never the state, and its own
 * seeded generator; so it cannot see what the seat cannot.  The levels
 * each game offers are its unit's (src/games/unit.h), asked of the
 * registry; the players live with their game.  A unit's models of a person
 * (Sequence's `child`) are no level: ad_bot_available refuses them, so no
 * table seats one, but a seat given one is played (`sim`).
 */
#include <stdio.h>
#include <string.h>

#include "bots/bots.h"
#include "unit.h"

/* The entry called `name` among the n of list[], or NULL. */
static const ad_bot_level *named(const ad_bot_level *list, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (list[i].name[0] == name[0] && strcmp(list[i].name, name) == 0)
            return &list[i];
    return NULL;
}

/* The level called `level` that unit u offers, or NULL (u NULL: a game the
 * registry does not list). */
static const ad_bot_level *level_of(const ad_unit *u, const char *level)
{
    return u ? named(u->levels, u->nlevels, level) : NULL;
}

/* The model of a person called `name` that unit u has (unit.h), or NULL. */
static const ad_bot_level *model_of(const ad_unit *u, const char *name)
{
    return u ? named(u->models, u->nmodels, name) : NULL;
}

int ad_bot_level_known(const char *level)
{
    for (int i = 0; i < ad_unit_count(); i++)
        if (level_of(ad_unit_at(i), level))
            return 1;
    return 0;
}

/* A game the registry does not list has `random` alone: its random_action. */
int ad_bot_level_count(const ad_game *g)
{
    const ad_unit *u = ad_unit_of(g);
    return u ? u->nlevels : 1;
}

const char *ad_bot_level_name(const ad_game *g, int i)
{
    const ad_unit *u = ad_unit_of(g);
    if (i < 0 || i >= ad_bot_level_count(g))
        return NULL;
    return u ? u->levels[i].name : "random";
}

const char *ad_bot_level_default(const ad_game *g)
{
    const ad_unit *u = ad_unit_of(g);
    const char *level = u && u->bot_default ? u->bot_default : "basic";
    return level_of(u, level) ? level : ad_bot_level_name(g, 0);
}

/* "random, easy, basic, strong": g's levels, for an error's hint. */
static void level_list(const ad_game *g, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < ad_bot_level_count(g) && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                                 ad_bot_level_name(g, i));
}

/* The bot of that level for game g: *fn (NULL for the game's own
 * random_action) and *reads_state (ad_bot_lookup's); -1 with err set when g
 * has no such level. */
static int find(const ad_game *g, const char *level, bot_fn *fn, int *reads_state, ad_err *err)
{
    const ad_bot_level *lv = level_of(ad_unit_of(g), level);
    char hint[64];
    *fn = lv ? lv->choose : NULL;
    *reads_state = lv ? lv->reads_state : 1;
    if (lv || strcmp(level, "random") == 0)
        return 0;
    level_list(g, hint, sizeof hint);
    if (!ad_bot_level_known(level))
        return ad_err_set(err, AD_E_BAD_LEVEL, "there is no bot level \"%.20s\" (try: %s)", level,
                          hint);
    return ad_err_set(err, AD_E_BAD_LEVEL, "%s has no %s bot yet (try: %s)", g->title, level, hint);
}

/* The one door that also finds a model (the director's, and deciding's):
 * who may seat one is decided before, and ad_bot_available refuses it. */
int ad_bot_lookup(const ad_game *g, const char *level, bot_fn *fn, int *reads_state, ad_err *err)
{
    const ad_bot_level *m = model_of(ad_unit_of(g), level);
    if (!m)
        return find(g, level, fn, reads_state, err);
    *fn = m->choose;
    *reads_state = m->reads_state;
    return 0;
}

int ad_bot_model_available(const ad_game *g, const char *name, ad_err *err)
{
    int elsewhere = 0;
    if (model_of(ad_unit_of(g), name))
        return 1;
    for (int i = 0; i < ad_unit_count(); i++)
        elsewhere |= model_of(ad_unit_at(i), name) != NULL;
    if (elsewhere)
        ad_err_set(err, AD_E_BAD_LEVEL, "%s has no %s model to measure with", g->title, name);
    else
        ad_err_set(err, AD_E_BAD_LEVEL, "there is no model of a player called \"%.20s\"", name);
    return 0;
}

int ad_bot_available(const ad_game *g, const char *level, ad_err *err)
{
    bot_fn fn;
    int reads_state;
    return find(g, level, &fn, &reads_state, err) == 0;
}

int ad_bot_choose(const ad_game *g, const void *view, int seat, const char *level, ad_rng *r,
                  ad_action *out, ad_err *err)
{
    return ad_bot_choose_opts(g, view, seat, level, NULL, r, out, err);
}

/* A model of a person plays here too (ad_bot_lookup): a director's seat
 * was checked when it was made, and the bot requests of sim's director
 * (ad_bot_request_run) come this way. */
int ad_bot_choose_opts(const ad_game *g, const void *view, int seat, const char *level,
                       ad_bot_opts *opts, ad_rng *r, ad_action *out, ad_err *err)
{
    ad_bot_opts none = {0};
    bot_fn fn;
    int reads_state;
    if (ad_bot_lookup(g, level, &fn, &reads_state, err) < 0)
        return -1;
    if (g->is_over(view))
        return ad_err_set(err, AD_E_GAME_OVER, "the game is over");
    if (!(g->to_act(view) & (1u << seat)))
        return ad_err_set(err, AD_E_NOT_YOUR_TURN, "seat %d has nothing to do now", seat);
    return bot_decide(g, fn, view, seat, opts ? opts : &none, r, out);
}
