/*
 * pushes.c - what a table's members are sent without asking: the update
 * (events told in words by the narrator, each member's own view), the
 * seats and the clock; and `sync`, the same update for one who missed some.
 */
#include "alphadeck/narrate.h"
#include "core/jsonw.h"
#include "games/told_text.h"
#include "games/view_text.h"
#include "lobby_impl.h"

json_t *ad_seats_json(const table *t)
{
    json_t *a = json_array();
    uint32_t away = t->d ? ad_director_away(t->d) : 0;
    for (int s = 0; s < t->players; s++) {
        const seat_t *st = &t->seat[s];
        json_t *o = json_pack("{s:o,s:o,s:b}", "name",
                              st->player ? json_string(st->name) : json_null(), "bot",
                              st->bot[0] ? json_string(st->bot) : json_null(), "online",
                              st->bot[0] ? 1 : st->online > 0);
        if (away & (1u << s))
            json_object_set_new(o, "away", json_true());
        json_array_append_new(a, o);
    }
    return a;
}

/* Seat's view (a spectator's: -1).  Before the game starts nobody sees a
 * card, not even their own: a deal read while the table waits could be
 * read seat by seat (leave, join the next), or made again until it suits.
 * A seat then gets the public view, naming the seat. */
static json_t *view_of(const table *t, int seat)
{
    if (t->end)
        return json_loads(t->end[seat + 1], 0, NULL);
    if (t->status != TABLE_WAITING || seat < 0)
        return ad_table_view_json(game_table(t), seat < 0 ? AD_PUBLIC : seat);
    json_t *v = ad_table_view_json(game_table(t), AD_PUBLIC);
    json_object_set_new(v, "seat", json_integer(seat));
    return v;
}

/* The seats the director asks now (in a challenge window, every seat still
 * to answer, at once).  A person acts when their seat is here. */
static uint32_t asked_seats(const table *t)
{
    return t->d && t->status == TABLE_PLAYING ? ad_director_asked(t->d) : 0;
}

static json_t *asked_json(const table *t)
{
    json_t *a = json_array();
    uint32_t m = asked_seats(t);
    for (int s = 0; s < t->players; s++)
        if (m & (1u << s))
            json_array_append_new(a, json_integer(s));
    return a;
}

/* asked_json's text, without the tree (an update's, every push). */
static void asked_text(ad_jw *w, const table *t)
{
    uint32_t m = asked_seats(t);
    ad_jw_raw(w, "[", 1);
    for (int s = 0, first = 1; s < t->players; s++)
        if (m & (1u << s)) {
            ad_jw_raw(w, ",", first ? 0 : 1);
            ad_jw_int(w, s);
            first = 0;
        }
    ad_jw_raw(w, "]", 1);
}

static json_t *clock_json(const table *t);

static json_t *aloud_of(const table *t, const json_t *events, int seat, const json_t *view,
                        int sync_of);

json_t *ad_joined(const table *t, int seat)
{
    json_t *j = json_pack("{s:b,s:I,s:o,s:I,s:o,s:s,s:o,s:b,s:s}", "ok", 1, "table",
                          (json_int_t)t->id, "seat", seat >= 0 ? json_integer(seat) : json_null(),
                          "v", (json_int_t)version(t), "view", view_of(t, seat), "status",
                          status_name(t->status), "asked", asked_json(t), "seeded", t->seeded,
                          "talk", ad_talk_name(t->talk));
    json_object_set_new(j, "seats", ad_seats_json(t)); /* who sits where, at once */
    if (t->status == TABLE_PLAYING) /* whose turn it is, for one who comes mid-game */
        json_object_set_new(j, "aloud", aloud_of(t, NULL, seat, json_object_get(j, "view"), 0));
    json_t *on = NULL;
    if (seat >= 0 && ad_play_on_of(t, &on) == seat)
        json_object_set_new(j, "play_on", on);
    else
        json_decref(on);
    json_t *clock = clock_json(t);
    if (clock) /* a page opened mid-window counts down with the others */
        json_object_set_new(j, "clock", clock);
    ad_quick_about(t, j);
    json_object_set_new(j, "hints", json_boolean(t->hints));
    ad_learn_about(t, seat, j); /* a guided game's step, to its learner */
    return j;
}

/* w's text in old's place (old freed; NULL when out of memory). */
static char *written_over(char *old, const ad_jw *w)
{
    char *text = w->oom ? NULL : realloc(old, w->n + 1);
    if (!text) {
        free(old);
        return NULL;
    }
    memcpy(text, w->p, w->n);
    text[w->n] = '\0';
    return text;
}

char *ad_text_over(char *old, const json_t *j)
{
    static ad_jw w; /* the loop thread's, kept */
    ad_jw_reset(&w);
    ad_jw_tree(&w, j);
    return written_over(old, &w);
}

#define RAW(w, lit) ad_jw_raw(w, lit, sizeof lit - 1)

/* The events' fields of the update being made, written once for all its
 * seats (the loop thread's, its buffers kept); made before the push when
 * its steps are kept for sync (ad_step_over), for the events told_for. */
static ad_told_share push_told;
static const json_t *told_for;

char *ad_step_over(char *old, const json_t *events, size_t from, size_t to, uint32_t v, int seat,
                   const json_t *by)
{
    static ad_jw w; /* the loop thread's, kept */
    if (told_for != events) {
        ad_told_share_reset(&push_told);
        told_for = events;
    }
    ad_jw_reset(&w);
    RAW(&w, "{\"v\":");
    ad_jw_int(&w, (long long)v);
    RAW(&w, ",\"seat\":");
    ad_jw_int(&w, seat);
    if (by) {
        RAW(&w, ",\"by\":");
        ad_jw_tree(&w, by);
    }
    RAW(&w, ",\"events\":[");
    for (size_t i = from; i < to; i++) {
        if (i > from)
            RAW(&w, ",");
        ad_told_event_text(&w, events, i, &push_told);
    }
    RAW(&w, "]}");
    return written_over(old, &w);
}

/* The same frame to everyone at the table, written out once. */
void ad_push_all(table *t, json_t *j)
{
    static ad_jw w; /* the loop thread's, kept */
    ad_jw_reset(&w);
    ad_jw_tree(&w, j);
    json_decref(j);
    for (int i = 0; i < t->nmem && !w.oom; i++)
        conn_send_text(t->mem[i].c, w.p, w.n);
}

void ad_push_seats(table *t)
{
    ad_push_all(t, json_pack("{s:s,s:I,s:o}", "push", "seats", "table", (json_int_t)t->id, "seats",
                          ad_seats_json(t)));
    t->seats_dirty = 0;
}

/* The events as seat (or -1, a spectator) is told them: each with its
 * sentence, "text", from the narrator the terminal uses ("You" for seat). */
static narrator narrator_of(const table *t, int seat, const char **names)
{
    ad_seat_names(t, names);
    return (narrator){.g = t->g, .players = t->players, .you = seat, .names = names};
}

json_t *ad_told(const table *t, const json_t *events, int seat)
{
    const char *names[AD_MAX_SEATS] = {0};
    narrator n = narrator_of(t, seat, names);
    return ad_told_tree(&n, events);
}

/* What seat (or -1, a watcher) hears read aloud of an update: the
 * library's lines (narrate.h's ad_aloud_update) from the seat's own view,
 * so nothing another seat holds.  A live step's events and then whose turn
 * it is; the game's start (no events) the turn alone; a sync's nothing
 * (one back from a lost connection is not read a backlog). */
static json_t *aloud_of(const table *t, const json_t *events, int seat, const json_t *view,
                        int sync_of)
{
    json_t *out = json_array();
    if (sync_of)
        return out;
    const char *names[AD_MAX_SEATS] = {0};
    narrator n = narrator_of(t, seat, names);
    ad_aloud_update(&n, json_array_size(events) ? events : NULL, view, out);
    return out;
}

/* aloud_of's array as text into w, without the tree: the same lines;
 * none when not heard (a sync's answer, or nobody at the seat listens). */
static void aloud_text(ad_jw *w, const table *t, const json_t *events, int seat,
                       const json_t *view, int heard)
{
    if (!heard) {
        ad_jw_raw(w, "[]", 2);
        return;
    }
    const char *names[AD_MAX_SEATS] = {0};
    narrator n = narrator_of(t, seat, names);
    ad_aloud_text(w, &n, json_array_size(events) ? events : NULL, view);
}

/* Whether seat's view is written straight from the game's state (a game
 * in play); else it is view_of's tree (a game waiting or ended). */
static int view_straight(const table *t)
{
    return !t->end && t->status != TABLE_WAITING;
}

/* seat's view (-1: a watcher's) as text into w: the one place a seat's
 * view in an update is written.  tree: view_of's, when not straight; sh:
 * the update's public part, shared by its seats. */
static void view_text(ad_jw *w, const table *t, int seat, const json_t *tree, ad_view_share *sh)
{
    if (tree)
        ad_jw_tree(w, tree);
    else
        ad_table_view_text_shared(game_table(t), seat < 0 ? AD_PUBLIC : seat, sh, w);
}

/* An update's next top-level member: its key (a literal, with its quotes)
 * written after a comma (the first after the brace), where it is noted in
 * at; field_end notes where its value ends. */
static void field_at(ad_jw *w, ad_update_at *at, const char *key, size_t len)
{
    ad_jw_raw(w, at->n ? "," : "{", 1);
    if (at->n >= 0 && at->n < AD_UPDATE_FIELDS)
        at->f[at->n].key = (uint32_t)w->n;
    else
        at->n = -1; /* more than noted: delta.c walks the text */
    ad_jw_raw(w, key, len);
    ad_jw_raw(w, ":", 1);
    if (at->n >= 0)
        at->f[at->n].val = (uint32_t)w->n;
}
#define FIELD(w, at, lit) field_at(w, at, lit, sizeof lit - 1)
static void field_end(const ad_jw *w, ad_update_at *at)
{
    if (at->n >= 0)
        at->f[at->n++].end = (uint32_t)w->n;
}

/* The update of every member who sits at seat (-1: a watcher), as text
 * into w: the same bytes for all of them, so written once a seat, not once
 * a connection, by our writer in the order of the fields the tree had.
 * The read-aloud lines read the public view (*pub, made once an update,
 * and only the fields they read: ad_table_aloud_view): they read only what
 * every seat sees (tests/unit/test_aloud_public.c, test_aloud_view.c), and
 * a seat's own view is then written without a tree.  on: the text of the
 * position seat may play on in, or NULL. */
static void update_text(ad_jw *w, ad_update_at *at, const table *t, const json_t *events, int seat,
                        int sync_of, const ad_jw *asked, const ad_jw *on, json_t **pub,
                        ad_view_share *sh, ad_told_share *told, int aloud)
{
    json_t *tree = view_straight(t) ? NULL : view_of(t, seat);
    int heard = aloud && !sync_of; /* lines made: someone listens, and not for a sync */
    if (!tree && !*pub && heard)
        *pub = ad_table_aloud_view(game_table(t)); /* what the lines read of it */
    const char *names[AD_MAX_SEATS] = {0};
    narrator n = narrator_of(t, seat, names);
    /* the fields some updates have after play_on, in order (most have none) */
    json_t *more = t->learn || sync_of ? json_object() : NULL;
    if (t->learn)
        ad_learn_about(t, seat, more); /* a guided game's step, to its learner */
    if (sync_of)
        json_object_set_new(more, "sync", json_true());
    if (sync_of == 2) /* a sync's events left out: the view alone was shorter */
        json_object_set_new(more, "whole", json_true());
    ad_jw_reset(w);
    at->n = 0;
    FIELD(w, at, "\"push\"");
    RAW(w, "\"update\"");
    field_end(w, at);
    FIELD(w, at, "\"table\"");
    ad_jw_int(w, (long long)t->id);
    field_end(w, at);
    FIELD(w, at, "\"v\"");
    ad_jw_int(w, (long long)version(t));
    field_end(w, at);
    FIELD(w, at, "\"events\"");
    ad_told_text_shared(w, &n, events, told);
    field_end(w, at);
    FIELD(w, at, "\"view\"");
    view_text(w, t, seat, tree, sh);
    field_end(w, at);
    FIELD(w, at, "\"asked\"");
    ad_jw_raw(w, asked->p, asked->n);
    field_end(w, at);
    FIELD(w, at, "\"aloud\"");
    aloud_text(w, t, events, seat, tree ? tree : *pub, heard); /* (a delta leaves [] out) */
    field_end(w, at);
    if (on) { /* it may play on: the position it would play in */
        FIELD(w, at, "\"play_on\"");
        ad_jw_raw(w, on->p, on->n);
        field_end(w, at);
    }
    const char *k;
    json_t *v;
    if (more)
        json_object_foreach(more, k, v) {
            static ad_jw key; /* its JSON text, for field_at */
            ad_jw_reset(&key);
            ad_jw_str(&key, k, strlen(k));
            if (key.oom) {
                w->oom = 1; /* the text is not sent */
                break;
            }
            field_at(w, at, key.p, key.n);
            ad_jw_tree(w, v);
            field_end(w, at);
        }
    RAW(w, "}");
    json_decref(more);
    json_decref(tree);
}

/* The audiences (bit seat + 1; a watcher's: bit 0) some member of which
 * hears the lines read aloud: every one, but for a connection whose hello
 * said "aloud":false (docs/server.md, "Read aloud"). */
static uint32_t listening(const table *t, const conn *only)
{
    uint32_t who = 0;
    for (int i = 0; i < t->nmem; i++) {
        const member *m = &t->mem[i];
        if ((!only || m->c == only) && !conn_state(m->c)->quiet)
            who |= 1u << (ad_member_seat(t, m) + 1);
    }
    return who;
}

/* An update to every member: the events given, each its own view (for
 * sync_of, the answer to a sync: 1, with the events; 2, the view alone). */
void ad_push_update(table *t, json_t *events, int sync_of, conn *only)
{
    /* [seat + 1]: the text of seat's update, buffers kept from push to push
     * (the lobby is the loop thread's alone) */
    static ad_jw texts[AD_MAX_SEATS + 1];
    static ad_update_at ats[AD_MAX_SEATS + 1]; /* where their members are */
    uint32_t written = 0; /* bit seat + 1: texts[seat + 1] is this update's */
    static ad_jw on; /* the play_on position's text, kept */
    static ad_view_share share; /* the views' public part, its buffer kept */
    static ad_jw asked; /* the seats asked, as text, its buffer kept */
    json_t *pub = NULL;
    ad_jw_reset(&asked);
    asked_text(&asked, t);
    ad_view_share_reset(&share);
    if (told_for != events) /* else made for these events already (ad_step_over) */
        ad_told_share_reset(&push_told);
    told_for = NULL;
    int on_seat = ad_play_on_text(t, &on);
    ad_delta_pass dp = {0};
    uint32_t aloud = listening(t, only);
    for (int i = 0; i < t->nmem; i++) {
        member *m = &t->mem[i];
        if (only && m->c != only)
            continue;
        int seat = ad_member_seat(t, m);
        ad_jw *w = &texts[seat + 1];
        if (!(written & (1u << (seat + 1)))) {
            update_text(w, &ats[seat + 1], t, events, seat, sync_of, &asked,
                        seat >= 0 && seat == on_seat ? &on : NULL, &pub, &share, &push_told,
                        (aloud >> (seat + 1)) & 1);
            written |= 1u << (seat + 1);
        }
        if (!w->oom &&
            !ad_delta_send(t, m, seat, w->p, w->n, &ats[seat + 1], sync_of, &dp)) /* opted in: a delta */
            conn_send_text(m->c, w->p, w->n);
    }
    ad_delta_end(&dp);
    json_decref(pub);
    json_decref(events);
}

/* The asked seats whose clocks run (bits, in *seats) and the time left on
 * the soonest (*left_ms); 0 when no clock runs.  One place for the clock's
 * tree (clock_json), its push's text (ad_push_clock) and the clock folded
 * into updates (delta.c). */
int ad_clock_now(const table *t, uint32_t *seats, int64_t *left_ms)
{
    if (!t->d || t->status != TABLE_PLAYING)
        return 0;
    uint32_t asked = ad_director_asked(t->d);
    int64_t soonest = AD_DIRECTOR_NEVER;
    *seats = 0;
    for (int s = 0; s < t->players; s++) {
        int64_t dl = ad_director_deadline(t->d, s);
        if (!(asked & (1u << s)) || dl == AD_DIRECTOR_NEVER)
            continue;
        *seats |= 1u << s;
        if (dl < soonest)
            soonest = dl;
    }
    if (soonest == AD_DIRECTOR_NEVER)
        return 0;
    int64_t left = soonest - srv_now_ms();
    *left_ms = left > 0 ? left : 0;
    return 1;
}

void ad_clock_seats_text(ad_jw *w, const table *t, uint32_t seats)
{
    RAW(w, "[");
    for (int s = 0, n = 0; s < t->players; s++)
        if (seats & (1u << s)) {
            if (n++)
                RAW(w, ",");
            ad_jw_int(w, s);
        }
    RAW(w, "]");
}

/* The clock push, {"seats":[..],"deadline_ms":N,"push":"clock","table":T}
 * (the fields in the order its tree had), written straight once for the
 * whole table. */
void ad_push_clock(table *t)
{
    static ad_jw w; /* the loop thread's, kept */
    uint32_t seats;
    int64_t left;
    if (!ad_clock_now(t, &seats, &left))
        return;
    left = ad_delta_clock_left(t, left); /* the deadline the updates said (delta.c) */
    ad_jw_reset(&w);
    RAW(&w, "{\"seats\":");
    ad_clock_seats_text(&w, t, seats);
    RAW(&w, ",\"deadline_ms\":");
    ad_jw_int(&w, (long long)left);
    RAW(&w, ",\"push\":\"clock\",\"table\":");
    ad_jw_int(&w, (long long)t->id);
    RAW(&w, "}");
    /* not to those whose update held it (delta.c) */
    ad_delta_push_clock(t, w.oom ? NULL : w.p, w.n);
}

/* {"seats":[..],"deadline_ms":N}: the asked seats whose clocks run, and the
 * time left on the soonest; NULL when no clock runs. */
static json_t *clock_json(const table *t)
{
    uint32_t seats;
    int64_t left;
    if (!ad_clock_now(t, &seats, &left))
        return NULL;
    json_t *a = json_array();
    for (int s = 0; s < t->players; s++)
        if (seats & (1u << s))
            json_array_append_new(a, json_integer(s));
    return json_pack("{s:o,s:I}", "seats", a, "deadline_ms", (json_int_t)left);
}

/* The least text a step's events take as a sync tells them: one event
 * of a few fields at least ({"type":..,"v":..,"seat_acting":..}). */
#define STEP_MIN 32

/* The length of j's compact text (j is taken). */
static size_t text_len(json_t *j)
{
    char *text = json_dumps(j, JSON_COMPACT);
    size_t n = text ? strlen(text) : 0;
    free(text);
    json_decref(j);
    return n;
}

/* The events of the steps stored after version `from`, up to `stored`,
 * into events: from memory when they are all among the last SRV_HISTORY,
 * else read from the store (sync is rare: a reconnection), so a table in
 * play keeps only a few in memory.  -1 after a refusal. */
static int missed_events(lobby *l, table *t, uint32_t from, uint32_t stored, json_t *events,
                         conn *c, const json_t *rid)
{
    for (uint32_t v = from + 1; v <= stored; v++) {
        const char *text = t->hist && stored - from <= SRV_HISTORY ? t->hist[v % SRV_HISTORY] : NULL;
        json_t *ev = text ? json_loads(text, 0, NULL) : NULL;
        if (!ev || json_integer_value(json_object_get(ev, "v")) != v) {
            json_decref(ev);
            json_array_clear(events);
            ad_err err;
            int64_t last_ms;
            uint32_t n;
            ad_table *gt = ad_replay_stored(l, t, &last_ms, &n, from, events, &err);
            if (!gt) {
                refuse(c, rid, CODE_STORE_FAILED, err.text);
                return -1;
            }
            ad_table_free(gt);
            /* a node's copy of another's table may lag the store: only its versions */
            size_t keep = json_array_size(events);
            while (keep > 0 &&
                   json_integer_value(json_object_get(json_array_get(events, keep - 1), "v")) >
                       (json_int_t)stored)
                json_array_remove(events, --keep);
            break;
        }
        ad_add_step_events(events, ev);
        json_decref(ev);
    }
    return 0;
}

void ad_cmd_sync(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = ad_member_of(t, c);
    if (!m)
        return refuse(c, rid, CODE_NOT_WATCHING, "join or watch the table before sync");
    json_t *vj = json_object_get(req, "v");
    if (!vj)
        return refuse(c, rid, CODE_MISSING_FIELD, "sync needs v, the last version you saw");
    if (!json_is_integer(vj) || json_integer_value(vj) < 0)
        return refuse(c, rid, CODE_BAD_FIELD, "v is a version, a whole number");
    if (json_integer_value(vj) > (json_int_t)version(t))
        return refuse(c, rid, CODE_BAD_FIELD, "v is ahead of the table: it has not reached it");
    uint32_t now_v = version(t), from = (uint32_t)json_integer_value(vj);
    json_t *events = json_array();
    size_t view_len = text_len(view_of(t, m->seat));
    uint32_t stored = now_v - (uint32_t)t->npend;
    /* the events, or the whole view when that is shorter (a sync from far
     * back: its events would be many times the view, 118 KB from v 0 of a
     * long game); a step's events take STEP_MIN bytes at least, so a long
     * way back the store need not even be read */
    if (from < stored && (size_t)(stored - from) * STEP_MIN <= view_len &&
        missed_events(l, t, from, stored, events, c, rid) < 0) {
        json_decref(events);
        return;
    }
    int whole = from < stored && (json_array_size(events) == 0 ||
                                  text_len(ad_told(t, events, m->seat)) > view_len);
    if (whole)
        json_array_clear(events);
    ad_push_update(t, events, whole ? 2 : 1, c);
    json_t *answer = json_pack("{s:b,s:I}", "ok", 1, "v", (json_int_t)now_v);
    ad_add_recent(l, t, ad_member_seat(t, m), answer);
    reply(c, rid, answer);
}
