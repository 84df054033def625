/*
 * hint.c - the coach's front door (alphadeck/hint.h): finds the game's
 * unit, makes the asking seat's view, seeds the generator from what that
 * seat knows, and asks the unit's hint function (unit.h's ad_hint_fn).
 * Nothing here reads a hidden card: the unit is handed the view alone.
 */
#include <stdlib.h>

#include "alphadeck/hint.h"
#include "unit.h"

int ad_hint_offered(const ad_game *g)
{
    const ad_unit *u = g ? ad_unit_of(g) : NULL;
    return u && u->hint;
}

/* splitmix64's finaliser: nearby seats and versions give unrelated seeds. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

uint64_t ad_hint_seed(uint64_t table_seed, int seat, uint64_t version)
{
    return mix(mix(mix(table_seed) ^ (uint64_t)(seat + 1)) ^ version);
}

/* The coach of g for seat of a players-seat table, once the checks every
 * hint makes first pass (a coach, a seat, an unfinished game); else NULL
 * with err set. */
static const ad_unit *coach_of(const ad_game *g, const void *view, int players, int seat,
                               ad_err *err)
{
    const ad_unit *u = g ? ad_unit_of(g) : NULL;
    if (!u || !u->hint) {
        ad_err_set(err, AD_E_NO_HINT, "%s gives no hints yet", g ? g->title : "this game");
        return NULL;
    }
    if (ad_check_seat(seat, players, g->is_over(view), err) < 0)
        return NULL;
    return u;
}

json_t *ad_hint_view(const ad_game *g, const void *view, int players, int seat,
                     const ad_bot_opts *think, uint64_t seed, ad_err *err)
{
    return ad_hint_view_named(g, view, players, seat, NULL, think, seed, err);
}

json_t *ad_hint_view_named(const ad_game *g, const void *view, int players, int seat,
                           const char *const *names, const ad_bot_opts *think, uint64_t seed,
                           ad_err *err)
{
    const ad_unit *u = coach_of(g, view, players, seat, err);
    if (!u)
        return NULL;
    ad_rng r;
    ad_rng_seed(&r, seed);
    json_t *h = u->hint(u, view, seat, names, think, &r, err);
    if (h && !json_is_string(json_object_get(h, "text"))) { /* every hint says it in words */
        json_decref(h);
        ad_err_set(err, AD_E_INTERNAL, "the hint has no words");
        return NULL;
    }
    return h;
}

json_t *ad_hint_table(const ad_table *t, int seat, const ad_bot_opts *think, ad_err *err)
{
    return ad_hint_table_named(t, seat, NULL, think, err);
}

json_t *ad_hint_table_named(const ad_table *t, int seat, const char *const *names,
                            const ad_bot_opts *think, ad_err *err)
{
    const ad_game *g = ad_table_game(t);
    int players = ad_table_players(t);
    if (ad_check_seat(seat, players, 0, err) < 0)
        return NULL;
    void *view = malloc(g->state_size);
    if (!view) {
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    g->view(ad_table_state(t), seat, view);
    uint64_t seed = ad_hint_seed(ad_table_seed(t), seat, (uint64_t)ad_table_steps(t, NULL));
    json_t *h = ad_hint_view_named(g, view, players, seat, names, think, seed, err);
    free(view);
    return h;
}
