/*
 * restore.c - tables rebuilt from the store: all unfinished ones after a
 * restart (lobby_resume), one asked for by number that is not in memory
 * (ad_load_table), and those whose pass's commit failed (ad_restore_failed:
 * what was not stored never happened).
 */
#include "lobby_impl.h"

int ad_parse_meta(table *t, const char *text)
{
    json_error_t je;
    json_t *m = json_loads(text, 0, &je);
    json_t *seats = json_object_get(m, "seats");
    if (!json_is_array(seats) || (int)json_array_size(seats) != t->players) {
        json_decref(m);
        return -1;
    }
    for (int s = 0; s < t->players; s++) {
        json_t *e = json_array_get(seats, (size_t)s);
        const char *name = json_string_value(json_object_get(e, "name"));
        const char *bot = json_string_value(json_object_get(e, "bot"));
        t->seat[s].player = json_integer_value(json_object_get(e, "player"));
        snprintf(t->seat[s].name, sizeof t->seat[s].name, "%s", name ? name : "");
        snprintf(t->seat[s].bot, sizeof t->seat[s].bot, "%s", bot ? bot : "");
    }
    const char *clock = json_string_value(json_object_get(m, "clock"));
    for (int i = 0; i < ad_clock_presets_n; i++)
        if (clock && strcmp(clock, ad_clock_presets[i].name) == 0)
            t->clock = i;
    t->pause_ms = (int)json_integer_value(json_object_get(m, "bot_pause_ms"));
    t->next = json_integer_value(json_object_get(m, "next"));
    t->seeded = json_is_true(json_object_get(m, "seeded"));
    t->creator = json_integer_value(json_object_get(m, "creator"));
    t->talk = ad_talk_of(json_string_value(json_object_get(m, "talk")));
    t->quick = json_is_true(json_object_get(m, "quick"));
    t->call_grace_ms = ad_grace_of_meta(m);
    t->hints = json_is_true(json_object_get(m, "hints"));
    json_decref(m);
    return 0;
}

/* Applies stored action a (version v) to gt: the step as the director
 * tells it, {"seat","at_ms","events","v"[,"by"]}, or NULL when it is not
 * legal there. */
json_t *ad_stored_step(ad_table *gt, const json_t *a, uint32_t v, ad_err *err)
{
    int seat = (int)json_integer_value(json_object_get(a, "seat"));
    ad_events ev;
    if (ad_table_act_json(gt, seat, json_object_get(a, "action"), &ev, err) < 0)
        return NULL;
    json_t *step = json_pack("{s:i,s:O,s:o,s:I}", "seat", seat, "at_ms",
                             json_object_get(a, "at_ms"), "events",
                             ad_table_events_json(gt, &ev), "v", (json_int_t)v);
    if (json_object_get(a, "by"))
        json_object_set(step, "by", json_object_get(a, "by"));
    return step;
}

/* The game of a stored table at its last stored version, and the moment
 * of its last action (its clocks run again from there).  With events, the
 * events of the stored versions after `from` go there too, as a sync
 * tells them (ad_add_step_events). */
ad_table *ad_replay_stored(lobby *l, const table *t, int64_t *last_ms, uint32_t *n,
                               uint32_t from, json_t *events, ad_err *err)
{
    json_error_t je;
    json_t *req = json_loads(t->new_req, 0, &je);
    ad_table *gt = ad_table_new(req, err);
    json_decref(req);
    if (!gt)
        return NULL;
    *last_ms = t->started_ms;
    if (t->status == TABLE_WAITING)
        return gt;
    json_t *acts = store_actions(l->st, t->id, err);
    if (!acts) {
        ad_table_free(gt);
        return NULL;
    }
    size_t i;
    json_t *a;
    json_array_foreach(acts, i, a) {
        int seat = (int)json_integer_value(json_object_get(a, "seat"));
        json_t *step = NULL;
        int bad = events && i >= from
                      ? !(step = ad_stored_step(gt, a, (uint32_t)i + 1, err))
                      : ad_table_act_json(gt, seat, json_object_get(a, "action"), NULL, err) < 0;
        if (bad) {
            json_decref(acts);
            ad_table_free(gt);
            return NULL;
        }
        if (step) {
            ad_add_step_events(events, step);
            json_decref(step);
        }
        *last_ms = json_integer_value(json_object_get(a, "at_ms"));
    }
    if (n)
        *n = (uint32_t)json_array_size(acts);
    json_decref(acts);
    return gt;
}

/* (Re)builds a table's game from the store: after a restart, or after a
 * commit that failed (what was not stored never happened). */
int ad_rebuild(lobby *l, table *t, ad_err *err)
{
    int64_t last_ms;
    ad_table *gt = ad_replay_stored(l, t, &last_ms, NULL, 0, NULL, err);
    if (!gt)
        return -1;
    ad_drop_game(t);
    ad_free_end(t);
    t->gen = ++l->gen;
    if (t->status == TABLE_WAITING) {
        t->t0 = gt;
        return 0;
    }
    t->d = ad_make_director(t, gt, last_ms, err);
    if (!t->d) {
        ad_table_free(gt);
        return -1;
    }
    t->away = 0;
    int64_t now = srv_now_ms();
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].player && !t->seat[s].online && !t->seat[s].gone_ms)
            t->seat[s].gone_ms = now; /* after a restart: nobody is here yet */
    if (t->status == TABLE_PLAYING)
        ad_advance(l, t, srv_now_ms());
    return 0;
}

table *ad_row_table(const store_table *row, ad_err *err)
{
    json_error_t je;
    json_t *req = json_loads(row->new_req, 0, &je);
    const char *game = json_string_value(json_object_get(req, "game"));
    const ad_game *g = game ? ad_game_find(game) : NULL;
    json_int_t players = json_integer_value(json_object_get(req, "players"));
    json_decref(req);
    if (!g || players < 1 || players > AD_MAX_SEATS) {
        ad_err_set(err, AD_E_BAD_RECORD, "table %lld in the store is damaged", (long long)row->id);
        return NULL;
    }
    table *t = ad_alloc_table((int)players);
    if (t)
        t->new_req = strdup(row->new_req);
    if (!t || !t->new_req) {
        free(t);
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    t->id = row->id;
    t->g = g;
    t->status = row->status;
    t->created_ms = row->created_ms;
    t->started_ms = row->started_ms;
    if (ad_parse_meta(t, row->meta) < 0) {
        ad_err_set(err, AD_E_BAD_RECORD, "table %lld in the store is damaged", (long long)row->id);
        free(t->new_req);
        free(t);
        return NULL;
    }
    return t;
}

/* A stored table made live again: rebuilt from its actions, then held. */
static table *adopt(lobby *l, const store_table *row, ad_err *err)
{
    table *t = ad_row_table(row, err);
    if (!t)
        return NULL;
    t->tm.l = l;
    t->tm.t = t;
    if (ad_rebuild(l, t, err) < 0) {
        ad_free_table(t);
        return NULL;
    }
    ad_add_table(l, t);
    ad_schedule(l, t); /* a waiting table nobody is at yet (a restart): its expiry */
    ad_compact(t);     /* a finished one read back for a look */
    return t;
}

static int resume_one(void *ctx, const store_table *row)
{
    resume_ctx *r = ctx;
    if (!adopt(r->l, row, r->err)) {
        fprintf(stderr, "alphadeck serve: table %lld not resumed: %s\n", (long long)row->id,
                r->err->text);
        r->failed++; /* one damaged table does not keep the others down */
    }
    return 0;
}

static int load_one(void *ctx, const store_table *row)
{
    resume_ctx *r = ctx;
    if (row->status == TABLE_EXPIRED)
        r->expired = 1;
    else if (!adopt(r->l, row, r->err))
        r->failed++;
    return 1;
}

/* A table that is not in memory (finished before the last start, or since
 * left it: ad_evict_finished): read from the store when someone asks for it
 * by number.  NULL when there is none (*expired set when it closed
 * unstarted). */
table *ad_load_table(lobby *l, int64_t id, int *expired)
{
    ad_err err;
    resume_ctx r = {l, &err, 0, 0};
    if (id <= 0 || store_table_get(l->st, id, load_one, &r, &err) != 0)
        return NULL;
    if (expired)
        *expired = r.expired;
    l->evict = 1; /* a finished one goes again when nobody stays at it */
    return ad_find_table(l, id);
}

int lobby_resume(lobby *l, ad_err *err)
{
    resume_ctx r = {l, err, 0, 0};
    if (ad_cluster_on(l))
        return 0; /* a node of a cluster takes tables by their leases (ad_cluster_tick) */
    if (store_tables(l->st, TABLE_WAITING, resume_one, &r, err) < 0 ||
        store_tables(l->st, TABLE_PLAYING, resume_one, &r, err) < 0)
        return -1;
    return 0;
}

/* The tables of a pass whose commit failed (chained by dnext): each
 * rebuilt from the store, and everyone at it sent back to what is stored. */
void ad_restore_failed(lobby *l, table *t)
{
    while (t) {
        table *next = t->dnext; /* a rebuild may mark t dirty again, chaining it anew */
        ad_err e;
        if (ad_rebuild(l, t, &e) < 0)
            fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, e.text);
        ad_push_update(t, json_array(), 1, NULL);
        t = next;
    }
}
