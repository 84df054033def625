/*
 * setup.c - turns a `new` request into an ad_setup: the game, the players,
 * the seed, every option (range-checked, defaults filled in), an explicit
 * deck and dealer.  What depends on the game's rules (copies in a deck,
 * options that depend on the player count) is checked by the game's init.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjson.h"

json_t *ad_options_json(const ad_game *g)
{
    json_t *o = json_object();
    for (int i = 0; i < g->nopt; i++)
        json_object_set_new(o, g->options[i].name, json_integer(g->options[i].def));
    return o;
}

/* A named option's value given by its name ("full"): its number, or -1 with
 * err set naming the names it may have. */
static long long option_by_name(const ad_option_def *od, const char *name, ad_err *err)
{
    char names[160] = "";
    for (int v = od->min; v <= od->max; v++) {
        if (strcmp(od->names[v - od->min], name) == 0)
            return v;
        size_t at = strlen(names);
        const char *sep = v == od->min ? "" : v == od->max ? " or " : ", ";
        snprintf(names + at, sizeof names - at, "%s\"%s\"", sep, od->names[v - od->min]);
    }
    return ad_err_set(err, AD_E_BAD_OPTION, "option \"%s\" must be %s", od->name, names);
}

int ad_seed_from_json(const json_t *v, uint64_t *out, ad_err *err)
{
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *out = (uint64_t)json_integer_value(v);
        return 0;
    }
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        char *end;
        if (s[0] >= '0' && s[0] <= '9' && strlen(s) <= 20) {
            unsigned long long x = strtoull(s, &end, 10);
            if (*end == 0 && !(x == ~0ULL && strcmp(s, "18446744073709551615") != 0)) {
                *out = x;
                return 0;
            }
        }
    }
    return ad_err_set(err, AD_E_BAD_FIELD,
                      "\"seed\" must be a non-negative integer (or a decimal string up to 2^64-1)");
}

json_t *ad_seed_to_json(uint64_t seed)
{
    char text[24];
    if (seed <= (uint64_t)INT64_MAX)
        return json_integer((json_int_t)seed);
    snprintf(text, sizeof text, "%llu", (unsigned long long)seed);
    return json_string(text);
}

static int read_options(const ad_game *g, const json_t *opts, ad_setup *su, ad_err *err)
{
    for (int i = 0; i < g->nopt; i++)
        su->opt[i] = g->options[i].def;
    if (!opts)
        return 0;
    if (!json_is_object(opts))
        return ad_err_set(err, AD_E_BAD_OPTION, "\"options\" must be an object");
    const char *key;
    const json_t *val;
    json_object_foreach((json_t *)opts, key, val) {
        int i = 0;
        while (i < g->nopt && strcmp(g->options[i].name, key) != 0)
            i++;
        if (i == g->nopt)
            return ad_err_set(err, AD_E_BAD_OPTION, "%s has no option \"%.40s\"", g->id, key);
        const ad_option_def *od = &g->options[i];
        long long x;
        if (json_is_boolean(val))
            x = json_is_true(val);
        else if (json_is_integer(val))
            x = json_integer_value(val);
        else if (od->names) { /* a name, or words saying which names it takes */
            const char *name = json_is_string(val) ? json_string_value(val) : "";
            if ((x = option_by_name(od, name, err)) < 0)
                return -1;
        } else
            return ad_err_set(err, AD_E_BAD_OPTION, "option \"%s\" must be an integer", key);
        if (x < od->min || x > od->max)
            return ad_err_set(err, AD_E_BAD_OPTION, "option \"%s\" must be between %d and %d",
                              key, od->min, od->max);
        su->opt[i] = (int)x;
    }
    return 0;
}

const ad_game *ad_setup_from_json(const json_t *req, ad_setup *su, ad_err *err)
{
    const char *id;
    long long x;
    memset(su, 0, sizeof *su);
    su->deck_n = -1;
    su->dealer = -1;
    if (ad_json_str(req, "game", 1, &id, err) < 0)
        return NULL;
    const ad_game *g = ad_game_find(id);
    if (!g) {
        ad_err_set(err, AD_E_UNKNOWN_GAME, "there is no game \"%.40s\"", id);
        return NULL;
    }
    const json_t *pl = json_object_get(req, "players");
    if (!pl) {
        ad_err_set(err, AD_E_MISSING_FIELD, "the field \"players\" is missing");
        return NULL;
    }
    if (!json_is_integer(pl) || json_integer_value(pl) < g->min_players ||
        json_integer_value(pl) > g->max_players) {
        ad_err_set(err, AD_E_BAD_PLAYERS, "%s is for %d to %d players", g->title,
                   g->min_players, g->max_players);
        return NULL;
    }
    su->players = (int)json_integer_value(pl);
    const json_t *seed = json_object_get(req, "seed");
    if (seed && ad_seed_from_json(seed, &su->seed, err) < 0)
        return NULL;
    if (read_options(g, json_object_get(req, "options"), su, err) < 0)
        return NULL;
    const json_t *deck = json_object_get(req, "deck");
    if (deck) {
        const ad_deck *d = ad_deck_get(g->deck);
        if (ad_json_parse_cards(d, deck, "deck", su->deck, AD_MAX_DECK, &su->deck_n, err) < 0)
            return NULL;
    }
    if (json_object_get(req, "dealer")) {
        if (ad_json_int(req, "dealer", 1, 0, su->players - 1, 0, &x, err) < 0) {
            err->code = AD_E_BAD_SEAT;
            return NULL;
        }
        su->dealer = (int)x;
    }
    return g;
}
