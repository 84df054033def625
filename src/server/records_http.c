/*
 * records_http.c - the record and replay answers: GET /api/tables/<id>/record
 * (a finished game's record) and /replay?seat=K (the game step by step as
 * seat K saw it), and /hint?seat=S&step=K (what seat S could have been told
 * at step K: the replay that explains).  They are built from a store handle of the caller's,
 * never the lobby's, and touch nothing else that is shared: the archive's
 * thread (archive.c) builds them off the loop, since a long game's replay
 * is megabytes of JSON and a fifth of a second to write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alphadeck/hint.h"
#include "alphadeck/records.h"
#include "alphadeck/narrate.h"
#include "server.h"

typedef struct rec_ctx {
    json_t *new_req;
    int status;
    char names[AD_MAX_SEATS][SRV_NAME_MAX * 4 + 1]; /* each seat's person ("": a bot) */
} rec_ctx;

/* The seats' names as stored, for the narrator and the coach: NULL for a
 * bot's seat (they say Ann, Bea, ...). */
static void stored_names(const rec_ctx *r, int n, const char **names)
{
    for (int s = 0; s < n && s < AD_MAX_SEATS; s++)
        names[s] = r->names[s][0] ? r->names[s] : NULL;
}

/* The stored row: its new request, status and people's names (the meta's
 * seats, as the lobby writes them: {"player","name"} for a person). */
static int rec_row(void *ctx, const store_table *row)
{
    rec_ctx *r = ctx;
    json_error_t je;
    r->new_req = json_loads(row->new_req, 0, &je);
    r->status = row->status;
    json_t *meta = json_loads(row->meta, 0, &je);
    json_t *seats = json_object_get(meta, "seats");
    for (size_t s = 0; s < json_array_size(seats) && s < AD_MAX_SEATS; s++) {
        json_t *e = json_array_get(seats, s);
        const char *name = json_string_value(json_object_get(e, "name"));
        if (json_integer_value(json_object_get(e, "player")) && name)
            snprintf(r->names[s], sizeof r->names[s], "%s", name);
    }
    json_decref(meta);
    return 1;
}

/* A finished table's record with every action's maker, or NULL (status
 * and body set) when it cannot be had; r gets its new request (the
 * caller's to free) and its people's names, as stored. */
static json_t *finished_record(store *st, int64_t id, int *status, char **body, rec_ctx *r)
{
    memset(r, 0, sizeof *r);
    ad_err err;
    int rc = store_table_get(st, id, rec_row, r, &err);
    if (rc != 0 || !r->new_req || r->status != TABLE_OVER) {
        int closed = rc == 0 && r->status == TABLE_EXPIRED; /* no game was played */
        *status = rc < 0 ? 500 : rc == 1 || !r->new_req || closed ? 404 : 403;
        *body = *status == 500   ? srv_refusal_text("store_failed", err.text)
                : closed         ? srv_refusal_text("unknown_table", SRV_CLOSED_WORDS)
                : *status == 404 ? srv_refusal_text("unknown_table", "there is no such table")
                                 : srv_refusal_text("not_over",
                                            "a game's record is public once the game is over");
        json_decref(r->new_req);
        r->new_req = NULL;
        return NULL;
    }
    json_t *acts = store_actions(st, id, &err);
    if (!acts) {
        json_decref(r->new_req);
        r->new_req = NULL;
        *status = 500;
        *body = srv_refusal_text("store_failed", err.text);
        return NULL;
    }
    size_t i;
    json_t *a;
    json_array_foreach(acts, i, a) json_object_del(a, "at_ms");
    return json_pack("{s:O,s:o}", "new", r->new_req, "actions", acts);
}

static int record_answer(store *st, int64_t id, char **body)
{
    int status = 200;
    rec_ctx r;
    json_t *rec = finished_record(st, id, &status, body, &r);
    if (!rec)
        return status;
    json_decref(r.new_req);
    *body = json_dumps(rec, JSON_COMPACT);
    json_decref(rec);
    return 200;
}

/* Step k of the replay as `seat` saw it: its events in words, its view,
 * and who made it (a seat sees its own action; others only its events). */
static json_t *replay_step(ad_replay *rp, narrator *nr, const json_t *acts, int k, int seat)
{
    json_t *events = ad_replay_events_json(rp);
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) {
        char text[400];
        if (ad_narrate_event(nr, e, text, sizeof text))
            json_object_set_new(e, "text", json_string(text));
    }
    const ad_step *st = ad_replay_step(rp);
    json_t *o = json_pack("{s:i,s:o,s:o}", "step", k, "events", events, "view",
                          ad_replay_view_json(rp, seat));
    if (st) {
        json_t *a = json_array_get(acts, (size_t)k - 1);
        json_object_set_new(o, "seat", json_integer(st->seat));
        if (seat == AD_GOD || seat == st->seat)
            json_object_set(o, "action", json_object_get(a, "action"));
        if (json_object_get(a, "by"))
            json_object_set(o, "by", json_object_get(a, "by"));
    }
    return o;
}

/* Every step of the replay, 0 to its length. */
static json_t *replay_steps(ad_replay *rp, const json_t *rec, const char *const *names, int seat)
{
    narrator nr = {.g = ad_replay_game(rp), .players = ad_replay_players(rp), .you = seat,
                   .names = names};
    json_t *steps = json_array(), *acts = json_object_get(rec, "actions");
    ad_err err;
    for (int k = 0; k <= ad_replay_length(rp); k++) {
        if (ad_replay_goto(rp, k, &err) < 0)
            break;
        json_array_append_new(steps, replay_step(rp, &nr, acts, k, seat));
    }
    return steps;
}

static int replay_answer(store *st, int64_t id, int seat, char **body)
{
    int status = 200;
    rec_ctx r;
    json_t *rec = finished_record(st, id, &status, body, &r);
    if (!rec)
        return status;
    ad_err err;
    ad_replay *rp = ad_replay_load(rec, &err);
    int n = rp ? ad_replay_players(rp) : 0;
    if (!rp || seat >= n) {
        status = rp ? 400 : 500;
        *body = rp ? srv_refusal_text("bad_seat", "there is no such seat at that table")
                   : srv_refusal_text("bad_record", err.text);
        ad_replay_free(rp);
        json_decref(rec);
        json_decref(r.new_req);
        return status;
    }
    const char *names[AD_MAX_SEATS] = {0}; /* as stored: the table need not be in memory */
    stored_names(&r, n, names);
    json_t *names_j = json_array();
    for (int s = 0; s < n && s < AD_MAX_SEATS; s++)
        json_array_append_new(names_j, names[s] ? json_string(names[s]) : json_null());
    json_t *steps = replay_steps(rp, rec, names, seat);
    int len = ad_replay_length(rp);
    ad_replay_free(rp);
    json_t *out = json_pack("{s:I,s:O,s:o,s:i,s:o,s:o}", "table", (json_int_t)id, "new", r.new_req,
                            "seat", seat >= 0 ? json_integer(seat) : json_null(), "length", len,
                            "names", names_j, "steps", steps);
    json_decref(rec);
    json_decref(r.new_req);
    *body = json_dumps(out, JSON_COMPACT);
    json_decref(out);
    return 200;
}

/* The hint of seat at step k, from the table the replay builds there: the
 * engine's own hint at that version (its seed from the table's, the seat
 * and the step), so the replay says what the live table would have. */
static int step_hint(ad_replay *rp, int64_t id, int seat, int k, const char *const *names,
                     char **body)
{
    ad_err err;
    ad_table *t = ad_replay_goto(rp, k, &err) == 0 ? ad_replay_table(rp, &err) : NULL;
    json_t *h = t ? ad_hint_table_named(t, seat, names, NULL, &err) : NULL;
    ad_table_free(t);
    if (!h) { /* the last step (game_over), a game without hints (no_hint) */
        *body = srv_refusal_text(ad_code_token(err.code), err.text);
        return err.code == AD_E_INTERNAL ? 500 : 409;
    }
    json_t *out = json_pack("{s:b,s:I,s:i,s:i,s:i,s:o}", "ok", 1, "table", (json_int_t)id, "seat",
                            seat, "step", k, "v", k, "hint", h);
    *body = json_dumps(out, JSON_COMPACT);
    json_decref(out);
    return 200;
}

/* GET /hint?seat=S&step=K: refused before the game's end (not_over, as
 * the record is), for a seat the table has not (bad_seat), for a step
 * past its last (bad_step). */
static int hint_answer(store *st, int64_t id, int seat, int k, char **body)
{
    int status = 200;
    rec_ctx r;
    json_t *rec = finished_record(st, id, &status, body, &r);
    if (!rec)
        return status;
    json_decref(r.new_req);
    ad_err err;
    ad_replay *rp = ad_replay_load(rec, &err);
    json_decref(rec);
    char text[120];
    if (!rp) {
        *body = srv_refusal_text("bad_record", err.text);
        status = 500;
    } else if (seat < 0 || seat >= ad_replay_players(rp)) {
        snprintf(text, sizeof text, "there is no seat %d at that table: the seats are 0 to %d",
                 seat, ad_replay_players(rp) - 1);
        *body = srv_refusal_text("bad_seat", text);
        status = 400;
    } else if (k > ad_replay_length(rp)) {
        snprintf(text, sizeof text, "there is no step %d: the steps are 0 to %d", k,
                 ad_replay_length(rp));
        *body = srv_refusal_text("bad_step", text);
        status = 400;
    } else {
        const char *names[AD_MAX_SEATS] = {0};
        stored_names(&r, ad_replay_players(rp), names);
        status = step_hint(rp, id, seat, k, names, body);
    }
    ad_replay_free(rp);
    return status;
}

int records_answer(store *st, int64_t id, int seat, int step, char **body)
{
    *body = NULL;
    int status = step != SRV_NO_STEP ? hint_answer(st, id, seat, step, body)
                 : seat == SRV_RECORD ? record_answer(st, id, body)
                                      : replay_answer(st, id, seat, body);
    if (!*body) { /* out of memory on the way */
        *body = srv_refusal_text("internal", "out of memory");
        status = 500;
    }
    return status;
}
