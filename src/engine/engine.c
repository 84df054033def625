/*
 * engine.c - the engine's JSON Lines protocol (docs/protocol.md) as a line
 * handler: one request line in, one reply out (alphadeck/engine.h).  Every
 * request is checked in full before anything changes; a bad line gets
 * ok:false with a stable code and the engine keeps going.  It holds the
 * open games (ad_table) by id.  In the library, above ad_table and below
 * every client: `alphadeck engine` (src/cli/engine.c) is a read loop over
 * it, and the fuzz harness (tests/fuzz/fuzz_engine.c) feeds it directly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alphadeck/engine.h"
#include "alphadeck/hint.h"

#define ID_MAX 64
#define MAX_OPEN 1024

typedef struct open_game {
    char id[ID_MAX + 1];
    ad_table *t;
} open_game;

typedef struct ad_engine {
    open_game *games;
    int n;
} engine;

static json_t *fail(const ad_err *e)
{
    return json_pack("{s:b,s:s,s:s}", "ok", 0, "error", e->text, "code", ad_code_token(e->code));
}

static json_t *failf(ad_code code, const char *text)
{
    ad_err e;
    ad_err_set(&e, code, "%s", text);
    return fail(&e);
}

static open_game *find(engine *en, const char *id)
{
    for (int i = 0; i < en->n; i++)
        if (strcmp(en->games[i].id, id) == 0)
            return &en->games[i];
    return NULL;
}

/* Reads "id" (default "g1"). */
static int read_id(const json_t *req, const char **id, ad_err *err)
{
    const json_t *v = json_object_get(req, "id");
    *id = "g1";
    if (!v)
        return 0;
    if (!json_is_string(v) || json_string_length(v) == 0 || json_string_length(v) > ID_MAX)
        return ad_err_set(err, AD_E_BAD_FIELD, "\"id\" must be a string of 1 to %d characters",
                          ID_MAX);
    *id = json_string_value(v);
    return 0;
}

static ad_table *open_table(engine *en, const json_t *req, ad_err *err)
{
    const char *id;
    if (read_id(req, &id, err) < 0)
        return NULL;
    open_game *og = find(en, id);
    if (!og) {
        ad_err_set(err, AD_E_UNKNOWN_ID, "no game \"%s\" is open", id);
        return NULL;
    }
    return og->t;
}

static json_t *add_game(engine *en, const char *id, ad_table *t)
{
    if (en->n == MAX_OPEN) {
        ad_table_free(t);
        return failf(AD_E_BAD_FIELD, "too many open games; close some first");
    }
    open_game *g = realloc(en->games, (size_t)(en->n + 1) * sizeof *g);
    if (!g) {
        ad_table_free(t);
        return failf(AD_E_INTERNAL, "out of memory");
    }
    en->games = g;
    snprintf(g[en->n].id, sizeof g[en->n].id, "%s", id);
    g[en->n].t = t;
    en->n++;
    return json_pack("{s:b,s:s,s:o}", "ok", 1, "id", id, "view", ad_table_view_json(t, AD_GOD));
}

static json_t *cmd_new(engine *en, const json_t *req)
{
    ad_err e;
    const char *id;
    if (read_id(req, &id, &e) < 0)
        return fail(&e);
    if (find(en, id))
        return failf(AD_E_ID_IN_USE, "a game with that id is open already; close it or pick "
                                     "another id");
    json_t *clean = json_deep_copy(req);
    json_object_del(clean, "cmd");
    ad_table *t = ad_table_new(clean, &e);
    json_decref(clean);
    if (!t)
        return fail(&e);
    return add_game(en, id, t);
}

static json_t *cmd_load(engine *en, const json_t *req)
{
    ad_err e;
    const json_t *rec = json_object_get(req, "record");
    if (!rec)
        return failf(AD_E_MISSING_FIELD, "the field \"record\" is missing");
    const char *id = "g1";
    if (json_object_get(req, "id")) {
        if (read_id(req, &id, &e) < 0)
            return fail(&e);
    } else if (json_is_string(json_object_get(json_object_get(rec, "new"), "id"))) {
        id = json_string_value(json_object_get(json_object_get(rec, "new"), "id"));
        if (strlen(id) == 0 || strlen(id) > ID_MAX)
            id = "g1";
    }
    if (find(en, id))
        return failf(AD_E_ID_IN_USE, "a game with that id is open already; close it or pick "
                                     "another id");
    ad_table *t = ad_table_load(rec, &e);
    if (!t)
        return fail(&e);
    return add_game(en, id, t);
}

static json_t *cmd_close(engine *en, const json_t *req)
{
    ad_err e;
    const char *id;
    if (read_id(req, &id, &e) < 0)
        return fail(&e);
    open_game *og = find(en, id);
    if (!og)
        return failf(AD_E_UNKNOWN_ID, "no game with that id is open");
    ad_table_free(og->t);
    *og = en->games[--en->n];
    return json_pack("{s:b}", "ok", 1);
}

static json_t *cmd_games(void)
{
    json_t *list = json_array();
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        json_array_append_new(list, json_pack("{s:s,s:s,s:[i,i],s:o}", "id", g->id, "title",
                                              g->title, "players", g->min_players,
                                              g->max_players, "options", ad_options_json(g)));
    }
    return json_pack("{s:b,s:o}", "ok", 1, "games", list);
}

/* view, legal, act, bot: the commands that name a seat. */
static json_t *cmd_seat(engine *en, const char *cmd, const json_t *req)
{
    ad_err e;
    int seat;
    ad_table *t = open_table(en, req, &e);
    if (!t || ad_table_check_seat(t, json_object_get(req, "seat"), &seat, &e) < 0)
        return fail(&e);
    const ad_game *g = ad_table_game(t);
    if (strcmp(cmd, "view") == 0)
        return json_pack("{s:b,s:o}", "ok", 1, "view", ad_table_view_json(t, seat));
    if (strcmp(cmd, "act") == 0) {
        const json_t *a = json_object_get(req, "action");
        ad_events ev;
        if (!a)
            return failf(AD_E_MISSING_FIELD, "the field \"action\" is missing");
        if (ad_table_act_json(t, seat, a, &ev, &e) < 0)
            return fail(&e);
        return json_pack("{s:b,s:o,s:o}", "ok", 1, "events", ad_table_events_json(t, &ev),
                         "view", ad_table_view_json(t, seat));
    }
    void *view = malloc(g->state_size);
    g->view(ad_table_state(t), seat, view);
    json_t *reply;
    if (strcmp(cmd, "legal") == 0) {
        reply = json_pack("{s:b,s:o}", "ok", 1, "actions", g->legal_json(view, seat));
    } else { /* bot */
        const json_t *lv = json_object_get(req, "level"), *sv = json_object_get(req, "seed");
        ad_rng r;
        ad_action a;
        /* default: a seed from the game's, the move number and the seat */
        uint64_t seed = ad_table_seed(t) * 0x9e3779b97f4a7c15ULL +
                        (uint64_t)ad_table_steps(t, NULL) * 1000003u + (uint64_t)seat;
        const json_t *tv = json_object_get(req, "think_ms"), *nv = json_object_get(req, "sims");
        if (lv && !json_is_string(lv)) {
            reply = failf(AD_E_BAD_FIELD, "\"level\" must be a string");
        } else if (sv && ad_seed_from_json(sv, &seed, &e) < 0) {
            reply = fail(&e);
        } else if (tv && (!json_is_integer(tv) || json_integer_value(tv) < 0 ||
                          json_integer_value(tv) > AD_BOT_MAX_THINK_MS)) {
            /* the budgets are bounded so one request holds the engine a few
             * seconds at most */
            ad_err_set(&e, AD_E_BAD_FIELD,
                       "\"think_ms\" must be a whole number from 0 to %d (at most %d seconds "
                       "a decision)", AD_BOT_MAX_THINK_MS, AD_BOT_MAX_THINK_MS / 1000);
            reply = fail(&e);
        } else if (nv && (!json_is_integer(nv) || json_integer_value(nv) < 0 ||
                          json_integer_value(nv) > AD_BOT_MAX_SIMS)) {
            ad_err_set(&e, AD_E_BAD_FIELD,
                       "\"sims\" must be a whole number from 0 to %ld (a few seconds a "
                       "decision at most)", AD_BOT_MAX_SIMS);
            reply = fail(&e);
        } else {
            ad_bot_opts o = {.think_ms = tv ? (int)json_integer_value(tv) : 0,
                             .sims = nv ? (long)json_integer_value(nv) : 0};
            ad_rng_seed(&r, seed);
            int rc = ad_bot_choose_opts(g, view, seat, lv ? json_string_value(lv) : "random", &o,
                                        &r, &a, &e);
            if (rc < 0) {
                reply = fail(&e);
            } else { /* null: the bot would wait for now */
                reply = json_pack("{s:b,s:o}", "ok", 1, "action",
                                  rc ? json_null() : g->action_to_json(ad_table_state(t), &a));
                if (rc == 0 && o.react_ms > 0) /* a race: when it would act */
                    json_object_set_new(reply, "react_ms",
                                        json_integer((json_int_t)(o.react_ms + 0.5)));
            }
        }
    }
    free(view);
    return reply;
}

/* hint: what the seat could be told now, from its view alone (hint.h);
 * "sims" bounds its sampling like a bot's (default: the strong player's). */
static json_t *cmd_hint(engine *en, const json_t *req)
{
    ad_err e;
    int seat;
    ad_table *t = open_table(en, req, &e);
    if (!t || ad_table_check_seat(t, json_object_get(req, "seat"), &seat, &e) < 0)
        return fail(&e);
    const json_t *nv = json_object_get(req, "sims");
    if (nv && (!json_is_integer(nv) || json_integer_value(nv) < 0 ||
               json_integer_value(nv) > AD_BOT_MAX_SIMS)) {
        ad_err_set(&e, AD_E_BAD_FIELD, "\"sims\" must be a whole number from 0 to %ld",
                   AD_BOT_MAX_SIMS);
        return fail(&e);
    }
    ad_bot_opts o = {.sims = nv ? (long)json_integer_value(nv) : 0};
    json_t *h = ad_hint_table(t, seat, &o, &e);
    if (!h)
        return fail(&e);
    return json_pack("{s:b,s:o}", "ok", 1, "hint", h);
}

static json_t *handle(engine *en, const json_t *req)
{
    ad_err e;
    const char *cmd;
    if (!json_is_object(req))
        return failf(AD_E_BAD_JSON, "a request must be a JSON object");
    const json_t *c = json_object_get(req, "cmd");
    if (!c)
        return failf(AD_E_MISSING_FIELD, "the field \"cmd\" is missing");
    if (!json_is_string(c))
        return failf(AD_E_BAD_FIELD, "\"cmd\" must be a string");
    cmd = json_string_value(c);
    if (strcmp(cmd, "new") == 0)
        return cmd_new(en, req);
    if (strcmp(cmd, "load") == 0)
        return cmd_load(en, req);
    if (strcmp(cmd, "close") == 0)
        return cmd_close(en, req);
    if (strcmp(cmd, "games") == 0)
        return cmd_games();
    if (strcmp(cmd, "view") == 0 || strcmp(cmd, "legal") == 0 || strcmp(cmd, "act") == 0 ||
        strcmp(cmd, "bot") == 0)
        return cmd_seat(en, cmd, req);
    if (strcmp(cmd, "hint") == 0)
        return cmd_hint(en, req);
    if (strcmp(cmd, "state") == 0 || strcmp(cmd, "record") == 0) {
        ad_table *t = open_table(en, req, &e);
        if (!t)
            return fail(&e);
        if (cmd[0] == 's')
            return json_pack("{s:b,s:o}", "ok", 1, "view", ad_table_view_json(t, AD_GOD));
        return json_pack("{s:b,s:o}", "ok", 1, "record", ad_table_record_json(t));
    }
    ad_err_set(&e, AD_E_UNKNOWN_CMD,
               "unknown cmd \"%.40s\"; the commands are new, view, legal, act, bot, hint, "
               "state, record, load, close, games",
               cmd);
    return fail(&e);
}

static int blank(const char *s, long n)
{
    for (long i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return 0;
    return 1;
}

/* One line (see engine.h).  The fuzz harness calls this too, so it
 * exercises the one code path every line takes. */
json_t *ad_engine_line(ad_engine *en, const char *line, size_t n)
{
    if (n >= AD_ENGINE_LINE_MAX)
        return failf(AD_E_LINE_TOO_LONG, "the line is 1 MB or longer; nothing was done");
    if (blank(line, (long)n))
        return NULL;
    if (memchr(line, 0, n))
        return failf(AD_E_BAD_JSON, "the line contains a NUL byte; nothing was done");
    json_error_t jerr;
    json_t *req = json_loadb(line, n, JSON_REJECT_DUPLICATES, &jerr);
    if (!req) {
        ad_err e;
        ad_err_set(&e, AD_E_BAD_JSON, "the line is not valid JSON (column %d: %s)", jerr.column,
                   jerr.text);
        return fail(&e);
    }
    json_t *r = handle(en, req);
    json_decref(req);
    return r;
}

ad_engine *ad_engine_new(void)
{
    return calloc(1, sizeof(engine));
}

void ad_engine_free(ad_engine *en)
{
    if (!en)
        return;
    for (int i = 0; i < en->n; i++)
        ad_table_free(en->games[i].t);
    free(en->games);
    free(en);
}
