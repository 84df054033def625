/*
 * lobby.c - players, tables and the server protocol's commands
 * (docs/server.md).  Each table being played runs on a director: the loop
 * gives it the wall clock (its timer fires at the director's wake), people's
 * actions and the workers' bot answers; what the director applies is kept
 * as pending steps until the end of the loop's pass, when lobby_flush
 * stores them all in one commit and only then acknowledges the `act`s and
 * pushes the updates.  When the commit fails nothing is acknowledged and
 * every table it touched is rebuilt from the store, as it was before.
 * What one player or one address may hold (tables waiting, tables of bots
 * alone, new players) is limited (may_make, new_player_ok), so one client
 * cannot starve the others; a waiting table nobody is at closes (expire).
 */
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "alphadeck/narrate.h"
#include "bus.h"
#include "names.h"
#include "server.h"
#include "lobby_conn.h"

typedef struct member {
    conn *c;
    int seat; /* -1: a spectator */
} member;

typedef struct seat_t {
    int64_t player;                 /* a person's seat, once taken (0: open, or a bot's) */
    char name[SRV_NAME_MAX * 4 + 1];
    char bot[AD_DIRECTOR_LEVEL_MAX]; /* a bot's level; "" for a person's seat */
    int online;                     /* that person's connections at the table */
    int64_t gone_ms;                /* when its last connection went (0: here, or not a
                                     * person's seat); the stand-in takes over away_ms later */
} seat_t;

typedef struct pend_step {
    uint32_t v;
    int seat, by;
    int64_t at_ms;
    char *action; /* JSON text */
    json_t *ev;   /* the director's public step: {"seat","at_ms","events"[,"by"]} + "v" */
} pend_step;

/* The clock presets: a person's turn and challenge answer, in ms. */
typedef struct clock_preset {
    const char *name;
    int turn_ms, answer_ms;
} clock_preset;

static const clock_preset presets[] = {
    {"untimed", 0, 15000},
    {"relaxed", 60000, 15000},
    {"normal", 30000, 10000},
    {"blitz", 10000, 5000},
};
#define NPRESETS ((int)(sizeof presets / sizeof presets[0]))

int ad_clock_preset(int i, const char **name, int *turn_ms, int *answer_ms)
{
    if (i < 0 || i >= NPRESETS)
        return 0;
    *name = presets[i].name;
    *turn_ms = presets[i].turn_ms;
    *answer_ms = presets[i].answer_ms;
    return 1;
}

struct table {
    int64_t id;
    uint64_t gen; /* changes when the table is rebuilt: older bot answers are dropped */
    const ad_game *g;
    int players;
    char *new_req; /* with its seed, as compact JSON text (read back when needed) */
    int status;
    int clock; /* index in presets */
    int pause_ms;
    int64_t next; /* the rematch's table, once made */
    int seeded;   /* its creator chose the seed, so may know every hand: told to all */
    int64_t creator;     /* the player who made it (stored in its meta) */
    char addr[64];       /* ... from that address ("" when unknown: made before a restart) */
    int64_t empty_ms;    /* waiting with nobody seated or at it since then (0: someone is) */
    ad_table *t0;    /* while waiting: the deal to come */
    ad_director *d;  /* while playing or over (it owns its table) */
    char **end;      /* over, held in little room (compact): the last views as text, [0]
                      * the public one, [s+1] seat s's; no director then */
    uint32_t end_v;  /* ... and its version */
    int64_t created_ms, started_ms;
    srv_timer_t tm;
    member *mem;
    int nmem, cmem;
    pend_step *pend; /* applied, not yet stored */
    int npend, cpend;
    int meta_dirty;  /* meta or status to store with the next commit */
    int seats_dirty; /* a seats push to send */
    int clock_dirty; /* a clock push to send (the asked seats or their deadlines changed) */
    uint32_t away;
    int64_t wake_ms; /* the director's next wake (AD_DIRECTOR_NEVER: none) */
    /* the last SRV_HISTORY stored versions' steps, for sync, as compact
     * JSON text (a step as a tree of jansson objects took about 1.5 KB,
     * five times its text); the places only once the table has a step
     * (NULL before).  A sync further back reads the store (cmd_sync). */
    char **hist;
    table *dnext;
    int dirty;
    /* in a cluster (docs/deploy.md): */
    int leased;   /* this node holds the table's lease (it plays the table) */
    int renewed;  /* ... and the last renewal said so */
    int remote;   /* a spectators' copy of a table another node plays: t0 follows the
                   * stored log, rv its version */
    uint32_t rv;
    seat_t seat[]; /* players of them */
};

typedef struct ack {
    conn *c;
    json_t *rid;
    int64_t table;
    uint32_t v;
} ack;

struct lobby {
    server *srv;
    store *st;
    workers *w;
    table **tab; /* by id, ascending */
    int ntab, ctab;
    table *dirty;
    int64_t away_ms; /* a person gone that long from a game in play: the stand-in plays */
    /* a node of a cluster: its name ("" alone), what it hears from the
     * others, its lease timer, and the tables to give up once flushed */
    char node[64];
    bus *bus;
    srv_timer_t tick; /* (also a trim put off: trim) */
    struct gone {
        int64_t id;
        char to[64]; /* the node it goes to ("": its lease lapsed, or was lost) */
    } *gone;
    int ngone, cgone;
    ack *acks;
    int nacks, cacks;
    uint64_t gen;
    ad_director_out out; /* scratch for every director call */
    int evict;           /* a finished table may leave memory (evict_finished) */
    int freed;           /* tables it freed since the heap was last trimmed */
    int64_t trimmed_ms;  /* ... when that was */
    lobby_limits lim;
    /* new players made by each address lately: a bucket each (new_player_ok) */
    struct maker {
        char addr[64];
        double tokens;
        int64_t at_ms;
    } *makers;
    int nmakers, cmakers;
};

/* ------------------------------------------------------------ replies */

static void reply(conn *c, const json_t *rid, json_t *j)
{
    if (rid)
        json_object_set(j, "rid", (json_t *)rid);
    conn_send(c, j);
}

static void refuse(conn *c, const json_t *rid, const char *code, const char *text)
{
    reply(c, rid, json_pack("{s:b,s:s,s:s}", "ok", 0, "error", text, "code", code));
}

static void refuse_err(conn *c, const json_t *rid, const ad_err *e)
{
    refuse(c, rid, ad_code_token(e->code), e->text);
}

void lobby_refuse_frame(conn *c, const char *text, size_t len, const char *code,
                        const char *words)
{
    json_error_t je;
    json_t *req = json_loadb(text, len, 0, &je);
    refuse(c, json_is_object(req) ? json_object_get(req, "rid") : NULL, code, words);
    json_decref(req);
}

void lobby_refuse(conn *c, const char *code, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    refuse(c, NULL, code, text);
}

/* ------------------------------------------------------------ tables */

static table *find_table(lobby *l, int64_t id)
{
    int lo = 0, hi = l->ntab - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (l->tab[mid]->id == id)
            return l->tab[mid];
        if (l->tab[mid]->id < id)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

static int add_table(lobby *l, table *t)
{
    if (l->ntab == l->ctab) {
        int cap = l->ctab ? l->ctab * 2 : 64;
        table **n = realloc(l->tab, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        l->tab = n;
        l->ctab = cap;
    }
    int i = l->ntab++; /* ids only grow, but resume may hand them in any order */
    while (i > 0 && l->tab[i - 1]->id > t->id) {
        l->tab[i] = l->tab[i - 1];
        i--;
    }
    l->tab[i] = t;
    t->tm.l = l;
    t->tm.t = t;
    return 0;
}

static void mark_dirty(lobby *l, table *t)
{
    if (!t->dirty) {
        t->dirty = 1;
        t->dnext = l->dirty;
        l->dirty = t;
    }
}

static const char *status_name(int s)
{
    return s == TABLE_WAITING   ? "waiting"
           : s == TABLE_PLAYING ? "playing"
           : s == TABLE_OVER    ? "over"
                                : "expired";
}

static const ad_table *game_table(const table *t)
{
    return t->d ? ad_director_table(t->d) : t->t0;
}

static uint32_t version(const table *t)
{
    return t->d ? ad_director_version(t->d) : t->remote ? t->rv : t->end ? t->end_v : 0;
}

static json_t *meta_json(const table *t)
{
    json_t *seats = json_array();
    for (int s = 0; s < t->players; s++) {
        const seat_t *st = &t->seat[s];
        json_array_append_new(
            seats, json_pack("{s:o,s:o,s:o}", "player",
                             st->player ? json_integer(st->player) : json_null(), "name",
                             st->player ? json_string(st->name) : json_null(), "bot",
                             st->bot[0] ? json_string(st->bot) : json_null()));
    }
    json_t *m = json_pack("{s:o,s:s,s:i}", "seats", seats, "clock", presets[t->clock].name,
                          "bot_pause_ms", t->pause_ms);
    if (t->next)
        json_object_set_new(m, "next", json_integer(t->next));
    if (t->seeded)
        json_object_set_new(m, "seeded", json_true());
    if (t->creator)
        json_object_set_new(m, "creator", json_integer(t->creator));
    return m;
}

static char *meta_text(const table *t)
{
    json_t *m = meta_json(t);
    char *s = json_dumps(m, JSON_COMPACT);
    json_decref(m);
    return s;
}

static json_t *seats_json(const table *t)
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

static void free_end(table *t)
{
    for (int k = 0; t->end && k <= t->players; k++)
        free(t->end[k]);
    free(t->end);
    t->end = NULL;
}

/* The table lets its game go: the director (playing, over) or the deal
 * (waiting), whichever it holds. */
static void drop_game(table *t)
{
    if (t->d)
        ad_director_free(t->d);
    if (t->t0)
        ad_table_free(t->t0);
    t->d = NULL;
    t->t0 = NULL;
}

/*
 * A finished game, held for whoever is still at it (or watches it, or
 * reads it back: load_table) in little room: the last views as text
 * instead of the director and every step of the game (a finished table
 * read back for a watch took 20 to 50 KB; as text a few).  Nothing of a
 * finished game asks its director again: act is refused (game_over), sync
 * reads the steps from its history or the store.
 */
static void compact(table *t)
{
    if (t->end || t->remote || t->status != TABLE_OVER || !game_table(t))
        return;
    char **end = calloc((size_t)t->players + 1, sizeof *end);
    int ok = end != NULL;
    for (int k = 0; ok && k <= t->players; k++) {
        json_t *v = ad_table_view_json(game_table(t), k == 0 ? AD_PUBLIC : k - 1);
        end[k] = v ? json_dumps(v, JSON_COMPACT) : NULL;
        json_decref(v);
        ok = end[k] != NULL;
    }
    uint32_t v = version(t);
    t->end = end;
    if (!ok) { /* out of memory: it stays as it was */
        free_end(t);
        return;
    }
    t->end_v = v;
    drop_game(t);
}

/* The seats the director asks now: in a challenge window one at a time,
 * nearest the claimer's left first, though the view's to_act names all of
 * the window's seats.  A person acts when their seat is here. */
static json_t *asked_json(const table *t)
{
    json_t *a = json_array();
    uint32_t m = t->d && t->status == TABLE_PLAYING ? ad_director_asked(t->d) : 0;
    for (int s = 0; s < t->players; s++)
        if (m & (1u << s))
            json_array_append_new(a, json_integer(s));
    return a;
}

/* The seat a member hears and acts for: the one stored with it only while
 * that seat is its player's now (-1 otherwise: it is a spectator).  A
 * waiting table's seat changes hands when given up, and a connection's
 * player changes with a hello of another token. */
static int member_seat(const table *t, const member *m)
{
    if (m->seat < 0 || t->seat[m->seat].player != conn_state(m->c)->player)
        return -1;
    return m->seat;
}

static member *member_of(table *t, const conn *c)
{
    for (int i = 0; i < t->nmem; i++)
        if (t->mem[i].c == c)
            return &t->mem[i];
    return NULL;
}

static int add_member(table *t, conn *c, int seat)
{
    member *m = member_of(t, c);
    if (m) {
        m->seat = seat;
        return 0;
    }
    conn_lobby *cl = conn_state(c);
    if (cl->nat == SRV_CONN_TABLES)
        return -1;
    if (cl->nat == cl->cat) {
        int cap = cl->cat ? cl->cat * 2 : 2;
        table **n = realloc(cl->at, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        cl->at = n;
        cl->cat = cap;
    }
    if (t->nmem == t->cmem) {
        int cap = t->cmem ? t->cmem * 2 : t->players;
        member *n = realloc(t->mem, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        t->mem = n;
        t->cmem = cap;
    }
    t->mem[t->nmem++] = (member){c, seat};
    cl->at[cl->nat++] = t;
    return 0;
}

/* A member stops sitting at its seat (it stays, a spectator): one
 * connection fewer there. */
static void unseat_member(table *t, member *m)
{
    seat_t *st = m->seat >= 0 ? &t->seat[m->seat] : NULL;
    if (st && st->online > 0) {
        if (--st->online == 0 && st->player)
            st->gone_ms = srv_now_ms();
        t->seats_dirty = 1;
    }
    m->seat = -1;
}

static void drop_member(table *t, conn *c)
{
    for (int i = 0; i < t->nmem; i++)
        if (t->mem[i].c == c) {
            unseat_member(t, &t->mem[i]);
            t->mem[i] = t->mem[--t->nmem];
            break;
        }
    conn_lobby *cl = conn_state(c);
    for (int i = 0; i < cl->nat; i++)
        if (cl->at[i] == t) {
            cl->at[i] = cl->at[--cl->nat];
            break;
        }
}

static int seat_of_player(const table *t, int64_t player)
{
    for (int s = 0; s < t->players; s++)
        if (player && t->seat[s].player == player)
            return s;
    return -1;
}

/* The same frame to everyone at the table, written out once. */
static void push_all(table *t, json_t *j)
{
    char *text = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    if (!text)
        return;
    size_t n = strlen(text);
    for (int i = 0; i < t->nmem; i++)
        conn_send_text(t->mem[i].c, text, n);
    free(text);
}

static void push_seats(table *t)
{
    push_all(t, json_pack("{s:s,s:I,s:o}", "push", "seats", "table", (json_int_t)t->id, "seats",
                          seats_json(t)));
    t->seats_dirty = 0;
}

/* The events as seat (or -1, a spectator) is told them: each with its
 * sentence, "text", from the narrator the terminal uses ("You" for seat). */
static json_t *told(const table *t, const json_t *events, int seat)
{
    const char *names[AD_MAX_SEATS] = {0};
    for (int s = 0; s < t->players; s++)
        names[s] = t->seat[s].player ? t->seat[s].name : NULL;
    narrator n = {.g = t->g, .players = t->players, .you = seat, .names = names};
    json_t *out = json_array();
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) {
        json_t *one = json_copy((json_t *)e);
        char text[400];
        if (narrate_event(&n, e, text, sizeof text))
            json_object_set_new(one, "text", json_string(text));
        json_array_append_new(out, one);
    }
    return out;
}

/* An update to every member: the events given, each its own view (for
 * sync_of, the answer to a sync: 1, with the events; 2, the view alone). */
static void push_update(table *t, json_t *events, int sync_of, conn *only)
{
    json_t *views[AD_MAX_SEATS + 1] = {0}; /* [0]: the public view, [s+1]: seat s */
    json_t *tells[AD_MAX_SEATS + 1] = {0};
    json_t *asked = asked_json(t);
    for (int i = 0; i < t->nmem; i++) {
        member *m = &t->mem[i];
        if (only && m->c != only)
            continue;
        int seat = member_seat(t, m);
        json_t **vw = &views[seat + 1], **tl = &tells[seat + 1];
        if (!*vw)
            *vw = view_of(t, seat);
        if (!*tl)
            *tl = told(t, events, seat);
        json_t *p = json_pack("{s:s,s:I,s:I,s:O,s:O,s:O}", "push", "update", "table",
                              (json_int_t)t->id, "v", (json_int_t)version(t), "events", *tl,
                              "view", *vw, "asked", asked);
        if (sync_of)
            json_object_set_new(p, "sync", json_true());
        if (sync_of == 2) /* a sync's events left out: the view alone was shorter */
            json_object_set_new(p, "whole", json_true());
        conn_send(m->c, p);
    }
    for (int i = 0; i <= AD_MAX_SEATS; i++) {
        json_decref(views[i]);
        json_decref(tells[i]);
    }
    json_decref(asked);
    json_decref(events);
}

static void push_clock(table *t)
{
    if (!t->d || t->status != TABLE_PLAYING)
        return;
    uint32_t asked = ad_director_asked(t->d);
    int64_t soonest = AD_DIRECTOR_NEVER;
    json_t *seats = json_array();
    for (int s = 0; s < t->players; s++) {
        int64_t dl = ad_director_deadline(t->d, s);
        if (!(asked & (1u << s)) || dl == AD_DIRECTOR_NEVER)
            continue;
        json_array_append_new(seats, json_integer(s));
        if (dl < soonest)
            soonest = dl;
    }
    if (soonest == AD_DIRECTOR_NEVER) {
        json_decref(seats);
        return;
    }
    int64_t left = soonest - srv_now_ms();
    push_all(t, json_pack("{s:s,s:I,s:o,s:I}", "push", "clock", "table", (json_int_t)t->id,
                          "seats", seats, "deadline_ms", (json_int_t)(left > 0 ? left : 0)));
}

/* ------------------------------------------------------------ the director */

/* A person sits at the table and is here (a connection of theirs is at
 * it): its bots' decisions go before those of tables of bots alone. */
static int people_here(const table *t)
{
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].player && t->seat[s].online > 0)
            return 1;
    return 0;
}

/* When the stand-in takes over the first seat of a person who is gone
 * (AD_DIRECTOR_NEVER: none is). */
static int64_t first_away_ms(const lobby *l, const table *t)
{
    int64_t at = AD_DIRECTOR_NEVER;
    uint32_t away = t->d ? ad_director_away(t->d) : 0;
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].gone_ms && !t->seat[s].online && !(away & (1u << s)) &&
            t->seat[s].gone_ms + l->away_ms < at)
            at = t->seat[s].gone_ms + l->away_ms;
    return at;
}

/* When a waiting table closes (AD_DIRECTOR_NEVER: it does not): once it
 * has been waiting_expire_s with no person seated and no connection at it,
 * since nobody will start it (a person who made one and left, or a client
 * making many).  Only where this node plays it. */
static int64_t expiry_ms(lobby *l, table *t)
{
    int empty = t->status == TABLE_WAITING && t->nmem == 0 && !t->remote &&
                (!l->node[0] || t->leased);
    for (int s = 0; s < t->players && empty; s++)
        empty = !t->seat[s].player;
    if (!empty) {
        t->empty_ms = 0;
        return AD_DIRECTOR_NEVER;
    }
    if (!t->empty_ms)
        t->empty_ms = srv_now_ms();
    return t->empty_ms + (int64_t)l->lim.waiting_expire_s * 1000;
}

/* The table's timer: while it waits, its expiry; in play, the director's
 * wake, or when a gone person's seat passes to the stand-in, whichever is
 * first; none once the game is over. */
static void schedule(lobby *l, table *t)
{
    int64_t at = AD_DIRECTOR_NEVER;
    if (t->status == TABLE_WAITING)
        at = expiry_ms(l, t);
    if (t->d && t->status == TABLE_PLAYING) {
        at = first_away_ms(l, t);
        if (t->wake_ms < at)
            at = t->wake_ms;
    }
    if (at == AD_DIRECTOR_NEVER)
        srv_timer_cancel(&t->tm);
    else
        srv_timer(l->srv, &t->tm, at - srv_now_ms());
}

/* Takes what a director call did: its steps become pending (stored and
 * pushed at the end of the pass), its bot requests go to the workers, its
 * wake to the timer. */
static void took(lobby *l, table *t, ad_director_out *out)
{
    const ad_game *g = t->g;
    const ad_table *gt = ad_director_table(t->d);
    uint32_t base = ad_director_version(t->d) - (uint32_t)out->n;
    for (int i = 0; i < out->n; i++) {
        ad_director_step *s = &out->step[i];
        if (t->npend == t->cpend) {
            int cap = t->cpend ? t->cpend * 2 : 8;
            pend_step *n = realloc(t->pend, (size_t)cap * sizeof *n);
            if (!n)
                abort(); /* nothing sane to do without memory for the log */
            t->pend = n;
            t->cpend = cap;
        }
        json_t *aj = g->action_to_json(ad_table_state(gt), &s->action);
        pend_step *p = &t->pend[t->npend++];
        p->v = base + (uint32_t)i + 1;
        p->seat = s->seat;
        p->by = s->by;
        p->at_ms = s->at_ms;
        p->action = json_dumps(aj, JSON_COMPACT);
        json_decref(aj);
        p->ev = s->json ? json_incref(s->json) : json_object();
        json_object_set_new(p->ev, "v", json_integer(p->v));
        mark_dirty(l, t);
    }
    if (out->n && g->is_over(ad_table_state(gt)) && t->status != TABLE_OVER) {
        t->status = TABLE_OVER;
        t->meta_dirty = 1;
        mark_dirty(l, t);
    }
    if (out->away != t->away) {
        t->away = out->away;
        t->seats_dirty = 1;
        mark_dirty(l, t);
    }
    if (out->n || t->seats_dirty) {
        t->clock_dirty = 1;
        mark_dirty(l, t);
    }
    ad_bot_request rq[8];
    int n;
    while ((n = ad_director_requests(t->d, rq, 8)) > 0)
        for (int i = 0; i < n; i++) {
            worker_job *j = calloc(1, sizeof *j);
            if (!j) {
                ad_bot_request_free(&rq[i]);
                continue;
            }
            j->table = t->id;
            j->gen = t->gen;
            j->people = people_here(t);
            j->rq = rq[i];
            workers_submit(l->w, j);
        }
    t->wake_ms = out->wake_ms;
    schedule(l, t);
    ad_director_out_clear(out);
}

static ad_director *make_director(table *t, ad_table *gt, int64_t now_ms, ad_err *err)
{
    ad_seat_cfg seats[AD_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < t->players; s++) {
        seats[s].person = t->seat[s].bot[0] == 0;
        snprintf(seats[s].level, sizeof seats[s].level, "%s", t->seat[s].bot);
    }
    ad_director_opts o = ad_director_defaults();
    o.answer_ms = presets[t->clock].answer_ms;
    o.turn_ms = presets[t->clock].turn_ms;
    o.pause_ms = t->pause_ms;
    o.inline_bots = 0;
    o.json = 1;
    return ad_director_new(gt, seats, &o, now_ms, err);
}

/* Every open seat is taken: the game begins, at version 0. */
static int start(lobby *l, table *t, ad_err *err)
{
    int64_t now = srv_now_ms();
    ad_director *d = make_director(t, t->t0, now, err);
    if (!d)
        return -1;
    t->d = d;
    t->t0 = NULL;
    t->status = TABLE_PLAYING;
    t->started_ms = now;
    char *meta = meta_text(t);
    int rc = store_table_update(l->st, t->id, meta, t->status, t->started_ms, err);
    free(meta);
    if (rc < 0)
        return -1; /* it is playing in memory; it resumes from the store as waiting */
    push_update(t, json_array(), 0, NULL);
    push_seats(t);
    t->clock_dirty = 1; /* the first seat's clock, sent with the pass's commit */
    mark_dirty(l, t);
    ad_err e;
    if (ad_director_advance(t->d, now, &l->out, &e) < 0)
        fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, e.text);
    took(l, t, &l->out);
    return 0;
}

/* ------------------------------------------------------------ from the store */

static int parse_meta(table *t, const char *text)
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
    for (int i = 0; i < NPRESETS; i++)
        if (clock && strcmp(clock, presets[i].name) == 0)
            t->clock = i;
    t->pause_ms = (int)json_integer_value(json_object_get(m, "bot_pause_ms"));
    t->next = json_integer_value(json_object_get(m, "next"));
    t->seeded = json_is_true(json_object_get(m, "seeded"));
    t->creator = json_integer_value(json_object_get(m, "creator"));
    json_decref(m);
    return 0;
}

static void add_step_events(json_t *events, const json_t *step);

/* Applies stored action a (version v) to gt: the step as the director
 * tells it, {"seat","at_ms","events","v"[,"by"]}, or NULL when it is not
 * legal there. */
static json_t *stored_step(ad_table *gt, const json_t *a, uint32_t v, ad_err *err)
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
 * tells them (add_step_events). */
static ad_table *replay_stored(lobby *l, const table *t, int64_t *last_ms, uint32_t *n,
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
                      ? !(step = stored_step(gt, a, (uint32_t)i + 1, err))
                      : ad_table_act_json(gt, seat, json_object_get(a, "action"), NULL, err) < 0;
        if (bad) {
            json_decref(acts);
            ad_table_free(gt);
            return NULL;
        }
        if (step) {
            add_step_events(events, step);
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
static int rebuild(lobby *l, table *t, ad_err *err)
{
    int64_t last_ms;
    ad_table *gt = replay_stored(l, t, &last_ms, NULL, 0, NULL, err);
    if (!gt)
        return -1;
    drop_game(t);
    free_end(t);
    t->gen = ++l->gen;
    if (t->status == TABLE_WAITING) {
        t->t0 = gt;
        return 0;
    }
    t->d = make_director(t, gt, last_ms, err);
    if (!t->d) {
        ad_table_free(gt);
        return -1;
    }
    t->away = 0;
    int64_t now = srv_now_ms();
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].player && !t->seat[s].online && !t->seat[s].gone_ms)
            t->seat[s].gone_ms = now; /* after a restart: nobody is here yet */
    if (t->status == TABLE_PLAYING) {
        ad_err e;
        if (ad_director_advance(t->d, srv_now_ms(), &l->out, &e) < 0)
            fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, e.text);
        took(l, t, &l->out);
    }
    return 0;
}

typedef struct resume_ctx {
    lobby *l;
    ad_err *err;
    int failed;
    int expired; /* the table asked for closed unstarted (never read back) */
} resume_ctx;

/* A table with room for its seats, and no more (NULL: out of memory). */
static table *table_alloc(int players)
{
    table *t = calloc(1, sizeof *t + (size_t)players * sizeof t->seat[0]);
    if (t)
        t->players = players;
    return t;
}

static table *table_from_row(const store_table *row, ad_err *err)
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
    table *t = table_alloc((int)players);
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
    if (parse_meta(t, row->meta) < 0) {
        ad_err_set(err, AD_E_BAD_RECORD, "table %lld in the store is damaged", (long long)row->id);
        free(t->new_req);
        free(t);
        return NULL;
    }
    return t;
}

static void table_free(table *t);

/* A stored table made live again: rebuilt from its actions, then held. */
static table *adopt(lobby *l, const store_table *row, ad_err *err)
{
    table *t = table_from_row(row, err);
    if (!t)
        return NULL;
    t->tm.l = l;
    t->tm.t = t;
    if (rebuild(l, t, err) < 0) {
        table_free(t);
        return NULL;
    }
    if (add_table(l, t) < 0) {
        srv_timer_cancel(&t->tm);
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        table_free(t);
        return NULL;
    }
    schedule(l, t); /* a waiting table nobody is at yet (a restart): its expiry */
    compact(t);     /* a finished one read back for a look */
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
 * left it: evict_finished): read from the store when someone asks for it
 * by number.  NULL when there is none (*expired set when it closed
 * unstarted). */
static table *load_table(lobby *l, int64_t id, int *expired)
{
    ad_err err;
    resume_ctx r = {l, &err, 0, 0};
    if (id <= 0 || store_table_get(l->st, id, load_one, &r, &err) != 0)
        return NULL;
    if (expired)
        *expired = r.expired;
    l->evict = 1; /* a finished one goes again when nobody stays at it */
    return find_table(l, id);
}

int lobby_resume(lobby *l, ad_err *err)
{
    resume_ctx r = {l, err, 0, 0};
    if (l->node[0])
        return 0; /* a node of a cluster takes tables by their leases (cluster_tick) */
    if (store_tables(l->st, TABLE_WAITING, resume_one, &r, err) < 0 ||
        store_tables(l->st, TABLE_PLAYING, resume_one, &r, err) < 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------------ the pass's commit */

static void clear_pend(table *t)
{
    for (int i = 0; i < t->npend; i++) {
        free(t->pend[i].action);
        json_decref(t->pend[i].ev);
    }
    t->npend = 0;
}

/* Appends a stored step's events to a push's list, each marked with the
 * step's version, the seat whose action it was and, when a stand-in or a
 * clock made it, "by" (step: the director's step JSON with its "v"). */
static void add_step_events(json_t *events, const json_t *step)
{
    size_t k;
    json_t *e;
    json_array_foreach(json_object_get(step, "events"), k, e) {
        json_t *one = json_deep_copy(e);
        json_object_set(one, "v", json_object_get(step, "v"));
        json_object_set(one, "seat_acting", json_object_get(step, "seat"));
        if (json_object_get(step, "by"))
            json_object_set(one, "by", json_object_get(step, "by"));
        json_array_append_new(events, one);
    }
}

static void give_ups(lobby *l);
static int notice(lobby *l, const table *t, ad_err *err);

static void flush_pass(lobby *l)
{
    /* a pass that only changed who is online or whose clock shows writes
     * nothing: no transaction, so a locked database cannot fail it */
    int writes = 0;
    for (table *t = l->dirty; t && !writes; t = t->dnext)
        writes = t->npend || t->meta_dirty;
    ad_err err;
    int ok = !writes || store_begin(l->st, &err) == 0;
    for (table *t = l->dirty; writes && ok && t; t = t->dnext) {
        for (int i = 0; ok && i < t->npend; i++) {
            pend_step *p = &t->pend[i];
            ok = store_append(l->st, t->id, p->v, p->seat, p->action, p->by, p->at_ms, &err) == 0;
        }
        if (ok && t->meta_dirty) {
            char *meta = meta_text(t);
            ok = store_table_update(l->st, t->id, meta, t->status, t->started_ms, &err) == 0;
            free(meta);
        }
        /* the other nodes hear of it only if it commits */
        if (ok && l->node[0] && (t->npend || t->seats_dirty))
            ok = notice(l, t, &err) == 0;
    }
    /* who is online, told outside a transaction when nothing is written */
    for (table *t = l->dirty; !writes && l->node[0] && t; t = t->dnext)
        if (t->seats_dirty && notice(l, t, &err) < 0)
            fprintf(stderr, "alphadeck serve: %s\n", err.text);
    if (writes && ok)
        ok = store_commit(l->st, &err) == 0;
    else if (writes)
        store_rollback(l->st);
    table *t = l->dirty;
    l->dirty = NULL;
    if (!ok) {
        fprintf(stderr, "alphadeck serve: nothing of this pass was stored: %s\n", err.text);
        char why[sizeof err.text + 80];
        snprintf(why, sizeof why, "the action could not be stored (%s), so it was not made; try again",
                 err.text);
        for (int i = 0; i < l->nacks; i++) {
            if (l->acks[i].c)
                refuse(l->acks[i].c, l->acks[i].rid, "store_failed", why);
            json_decref(l->acks[i].rid);
        }
        l->nacks = 0;
        while (t) {
            table *next = t->dnext;
            t->dirty = 0;
            clear_pend(t);
            if (t->meta_dirty && t->status == TABLE_OVER)
                t->status = TABLE_PLAYING;
            t->meta_dirty = 0;
            ad_err e;
            if (rebuild(l, t, &e) < 0)
                fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, e.text);
            push_update(t, json_array(), 1, NULL); /* everyone back to what is stored */
            t = next;
        }
        return;
    }
    for (int i = 0; i < l->nacks; i++) {
        if (l->acks[i].c)
            reply(l->acks[i].c, l->acks[i].rid,
                  json_pack("{s:b,s:I}", "ok", 1, "v", (json_int_t)l->acks[i].v));
        json_decref(l->acks[i].rid);
    }
    l->nacks = 0;
    while (t) {
        table *next = t->dnext;
        t->dirty = 0;
        t->meta_dirty = 0;
        if (t->npend) {
            json_t *events = json_array();
            if (!t->hist)
                t->hist = calloc(SRV_HISTORY, sizeof *t->hist);
            for (int i = 0; i < t->npend; i++) {
                json_t *ev = t->pend[i].ev;
                if (t->hist) { /* without it, sync sends the view alone */
                    free(t->hist[t->pend[i].v % SRV_HISTORY]);
                    t->hist[t->pend[i].v % SRV_HISTORY] = json_dumps(ev, JSON_COMPACT);
                }
                add_step_events(events, ev);
            }
            clear_pend(t);
            push_update(t, events, 0, NULL);
        }
        if (t->clock_dirty) {
            t->clock_dirty = 0;
            push_clock(t);
        }
        if (t->seats_dirty)
            push_seats(t);
        if (t->status == TABLE_OVER && !t->npend)
            compact(t);
        if (t->status == TABLE_OVER && t->nmem == 0)
            l->evict = 1;
        t = next;
    }
}

static void evict_finished(lobby *l);

void lobby_flush(lobby *l)
{
    if (l->dirty || l->nacks)
        flush_pass(l);
    if (l->ngone)
        give_ups(l);
    if (l->evict)
        evict_finished(l);
}

/*
 * A finished game nobody is at any more (no connection sits at it or
 * watches it) leaves memory once all of it is stored, and, in a cluster,
 * once its lease is dropped: a long-running server would otherwise hold
 * every game it ever played (about 120 KB each, mostly the sync history).
 * Its record, replay and the rest stay in the store, and a request naming
 * it reads it back (load_table, the path of a restart; a sync then reads
 * its steps from the store).  The KEEP_FINISHED newest finished tables
 * stay, since `tables` lists them (alone, not in a cluster, whose `tables`
 * reads the store).
 */
#define KEEP_FINISHED 20
#define TRIM_AFTER 32       /* tables freed */
#define TRIM_EVERY_MS 5000

static int evictable(const table *t)
{
    return (t->status == TABLE_OVER || t->status == TABLE_EXPIRED) && t->nmem == 0 &&
           !t->dirty && !t->npend && !t->meta_dirty && !t->leased;
}

/* Many tables gone (their watchers left): the memory they held goes back
 * to the system rather than stay with malloc for good.  Trimming walks the
 * whole heap, so at most every TRIM_EVERY_MS: when that is too soon, at
 * the lobby's tick (lobby_timer). */
static void trim(lobby *l)
{
    if (l->freed < TRIM_AFTER)
        return;
    int64_t now = srv_now_ms(), wait = l->trimmed_ms + TRIM_EVERY_MS - now;
    if (wait > 0) {
        if (!l->node[0]) /* a cluster's node ticks every second anyway */
            srv_timer(l->srv, &l->tick, wait);
        return;
    }
    malloc_trim(0);
    l->freed = 0;
    l->trimmed_ms = now;
}

static void evict_finished(lobby *l)
{
    l->evict = 0;
    int over = 0, w = l->ntab;
    for (int i = l->ntab - 1; i >= 0; i--) { /* newest first, kept ones packed at the top */
        table *t = l->tab[i];
        int listed = !l->node[0] && t->status == TABLE_OVER && over++ < KEEP_FINISHED;
        if (!listed && evictable(t)) {
            srv_timer_cancel(&t->tm);
            table_free(t);
            l->freed++;
        } else {
            l->tab[--w] = t;
        }
    }
    memmove(l->tab, l->tab + w, (size_t)(l->ntab - w) * sizeof *l->tab);
    l->ntab -= w;
    trim(l);
}

/* ------------------------------------------------------------ a cluster */

/*
 * Several nodes on one PostgreSQL (docs/deploy.md).  A node plays a table
 * only while it holds the table's lease: taken when the table is made or
 * first asked for here, renewed every TICK_MS for LEASE_MS, given up when
 * the table ends or another node asks for it (a connection that HAProxy
 * routed there by ?table=), lost when a renewal does not name it.  Tables
 * in play whose lease lapsed (their node died) are taken over at the next
 * tick.  The store refuses an append without the lease, so a table is
 * written by one node at a time.  Each pass that stores a table's steps,
 * or changes who is online, tells the other nodes {"t","v","on"} (bus.c);
 * a node with spectators of that table follows the stored log (a remote
 * copy of the table).
 */
#define LEASE_MS 3000
#define TICK_MS 1000

static int notice(lobby *l, const table *t, ad_err *err)
{
    uint32_t on = 0;
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].online > 0)
            on |= 1u << s;
    char text[128];
    snprintf(text, sizeof text, "{\"t\":%lld,\"v\":%u,\"on\":%u}", (long long)t->id, version(t),
             on);
    return store_notify(l->st, text, err);
}

/* The table leaves this node: its lease handed to node `to` (when given),
 * its connections told (each may connect again through HAProxy, which
 * sends it to the table's node), its timer stopped, and it is forgotten.
 * Only between passes (nothing pending). */
static void forget_table(lobby *l, table *t, const char *to)
{
    ad_err e;
    if (to && to[0] && t->leased &&
        store_lease_give(l->st, t->id, to, srv_now_ms() + LEASE_MS, &e) < 0)
        fprintf(stderr, "alphadeck serve: %s\n", e.text);
    push_all(t, json_pack("{s:s,s:I}", "push", "moved", "table", (json_int_t)t->id));
    while (t->nmem > 0)
        drop_member(t, t->mem[t->nmem - 1].c);
    srv_timer_cancel(&t->tm);
    int i = 0;
    while (i < l->ntab && l->tab[i] != t)
        i++;
    if (i < l->ntab) {
        memmove(&l->tab[i], &l->tab[i + 1], (size_t)(l->ntab - i - 1) * sizeof *l->tab);
        l->ntab--;
    }
    table_free(t);
}

/* Asks for table id to be given up at the end of this pass, to node `to`
 * ("": its lease is not this node's any more). */
static void give_up(lobby *l, int64_t id, const char *to)
{
    if (l->ngone == l->cgone) {
        int cap = l->cgone ? l->cgone * 2 : 16;
        struct gone *n = realloc(l->gone, (size_t)cap * sizeof *n);
        if (!n)
            return;
        l->gone = n;
        l->cgone = cap;
    }
    l->gone[l->ngone].id = id;
    snprintf(l->gone[l->ngone].to, sizeof l->gone[l->ngone].to, "%s", to);
    l->ngone++;
}

static void give_ups(lobby *l)
{
    for (int i = 0; i < l->ngone; i++) {
        table *t = find_table(l, l->gone[i].id);
        if (t && !t->remote && !t->dirty)
            forget_table(l, t, l->gone[i].to);
    }
    l->ngone = 0;
}

/* A spectators' copy of table id, which another node plays. */
static int remote_one(void *ctx, const store_table *row)
{
    resume_ctx *r = ctx;
    if (row->status == TABLE_EXPIRED) {
        r->expired = 1;
        r->failed++;
        return 1;
    }
    table *t = table_from_row(row, r->err);
    if (!t) {
        r->failed++;
        return 1;
    }
    t->remote = 1;
    t->tm.l = r->l;
    t->tm.t = t;
    int64_t last_ms;
    t->t0 = replay_stored(r->l, t, &last_ms, &t->rv, 0, NULL, r->err);
    if (!t->t0 || add_table(r->l, t) < 0) {
        table_free(t);
        r->failed++;
    }
    return 1;
}

static table *remote_table(lobby *l, int64_t id, ad_err *err)
{
    resume_ctx r = {l, err, 0, 0};
    if (store_table_get(l->st, id, remote_one, &r, err) != 0 || r.failed)
        return NULL;
    return find_table(l, id);
}

/* A remote copy's seats and status as stored now. */
static int refresh_one(void *ctx, const store_table *row)
{
    table *t = ctx;
    t->status = row->status;
    parse_meta(t, row->meta);
    return 1;
}

/* A remote copy follows the log up to version v (a notice said so). */
static void remote_news(lobby *l, table *t, uint32_t v, uint32_t on)
{
    int seats = 0;
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].player && (t->seat[s].online > 0) != !!(on & (1u << s))) {
            t->seat[s].online = !!(on & (1u << s));
            seats = 1;
        }
    ad_err err;
    if (v > t->rv && t->status == TABLE_WAITING &&
        store_table_get(l->st, t->id, refresh_one, t, &err) == 0)
        seats = 1; /* it started: its seats and status as stored now */
    if (v > t->rv) {
        json_t *acts = store_actions(l->st, t->id, &err);
        json_t *events = json_array();
        for (uint32_t k = t->rv; acts && k < v && k < json_array_size(acts); k++) {
            json_t *step = stored_step(t->t0, json_array_get(acts, k), k + 1, &err);
            if (!step)
                break;
            add_step_events(events, step);
            json_decref(step);
            t->rv = k + 1;
        }
        json_decref(acts);
        if (t->status == TABLE_PLAYING && t->g->is_over(ad_table_state(t->t0)))
            t->status = TABLE_OVER;
        push_update(t, events, 0, NULL);
    }
    if (seats)
        push_seats(t);
}

void lobby_bus_news(lobby *l)
{
    char *text;
    while ((text = bus_take(l->bus)) != NULL) {
        json_error_t je;
        json_t *n = json_loads(text, 0, &je);
        free(text);
        const char *from = json_string_value(json_object_get(n, "from"));
        table *t = find_table(l, json_integer_value(json_object_get(n, json_object_get(n, "release") ? "release" : "t")));
        if (t && json_object_get(n, "release") && !t->remote && from && strcmp(from, l->node))
            give_up(l, t->id, from); /* asked for by the node HAProxy sends its people to */
        else if (t && t->remote && json_object_get(n, "t"))
            remote_news(l, t, (uint32_t)json_integer_value(json_object_get(n, "v")),
                        (uint32_t)json_integer_value(json_object_get(n, "on")));
        json_decref(n);
    }
    lobby_flush(l);
}

/* Takes table id's lease and the table; 0, 1 held by another node, -1 error. */
static int take_table(lobby *l, int64_t id, table **out, ad_err *err)
{
    int64_t now = srv_now_ms();
    int rc = store_lease_take(l->st, id, now, now + LEASE_MS, err);
    if (rc != 0)
        return rc;
    table *old = find_table(l, id);
    if (old && old->remote)
        forget_table(l, old, NULL); /* its spectators watch again, the table itself now */
    table *t = find_table(l, id);
    if (!t)
        t = load_table(l, id, NULL);
    if (!t)
        return ad_err_set(err, AD_E_IO, "table %lld could not be read from the store",
                          (long long)id);
    t->leased = t->renewed = 1;
    *out = t;
    return 0;
}

static int renewed_one(void *ctx, int64_t id)
{
    table *t = find_table(ctx, id);
    if (t)
        t->renewed = 1;
    return 0;
}

static int lapsed_one(void *ctx, int64_t id)
{
    lobby *l = ctx;
    table *t = find_table(l, id);
    if (t && !t->remote)
        return 0;
    ad_err err;
    if (take_table(l, id, &t, &err) == 0)
        fprintf(stderr, "alphadeck serve: node %s took over table %lld, whose lease lapsed\n",
                l->node, (long long)id);
    return 0;
}

/* Every TICK_MS: leases renewed (a table whose lease was lost is given
 * up), finished tables' leases dropped, lapsed ones taken over. */
static void cluster_tick(lobby *l)
{
    int64_t now = srv_now_ms();
    ad_err err;
    for (int i = 0; i < l->ntab; i++)
        l->tab[i]->renewed = 0;
    if (store_lease_renew(l->st, now, now + LEASE_MS, renewed_one, l, &err) < 0) {
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
    } else {
        for (int i = 0; i < l->ntab; i++) {
            table *t = l->tab[i];
            if (t->leased && !t->renewed && t->status != TABLE_OVER) {
                fprintf(stderr, "alphadeck serve: node %s lost table %lld's lease\n", l->node,
                        (long long)t->id);
                t->leased = 0;
                give_up(l, t->id, "");
            } else if (t->leased && t->status == TABLE_OVER && !t->dirty) {
                if (store_lease_drop(l->st, t->id, &err) == 0)
                    t->leased = 0;
                l->evict = 1;
            }
        }
    }
    if (store_lapsed(l->st, now, lapsed_one, l, &err) < 0)
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
    srv_timer(l->srv, &l->tick, TICK_MS);
}

int lobby_cluster(lobby *l, const char *node, bus *b, ad_err *err)
{
    if (store_set_node(l->st, node, err) < 0)
        return -1;
    snprintf(l->node, sizeof l->node, "%s", node);
    l->bus = b;
    l->tick.l = l;
    l->tick.t = NULL;
    srv_timer(l->srv, &l->tick, 0);
    return 0;
}

/* In a cluster, the table a request names, as the command may have it:
 * this node's own (its lease taken now if need be), a remote copy for a
 * spectator, or NULL after a refusal. */
static table *cluster_table(lobby *l, conn *c, int64_t id, const json_t *req, const json_t *rid)
{
    const char *cmd = json_string_value(json_object_get(req, "cmd"));
    int spectate = cmd && (strcmp(cmd, "watch") == 0 || strcmp(cmd, "sync") == 0);
    conn_lobby *cl = conn_state(c);
    table *t = find_table(l, id);
    if (t && (!t->remote || (spectate && cl->route != id) || t->status == TABLE_OVER))
        return t;
    ad_err err;
    if (spectate && cl->route != id) {
        /* a spectator on a lobby connection takes no lease: it follows the
         * stored log, whichever node plays the table */
        if ((t = remote_table(l, id, &err)) != NULL)
            return t;
        refuse(c, rid, "store_failed", err.text);
        return NULL;
    }
    int rc = take_table(l, id, &t, &err);
    if (rc == 0)
        return t;
    if (rc < 0) {
        refuse(c, rid, err.code == AD_E_IO ? "store_failed" : ad_code_token(err.code), err.text);
        return NULL;
    }
    if (cl->route == id) {
        /* HAProxy sends this table's people here: ask its node to let it go */
        char text[160];
        snprintf(text, sizeof text, "{\"release\":%lld,\"from\":\"%s\"}", (long long)id, l->node);
        if (store_notify(l->st, text, &err) < 0)
            fprintf(stderr, "alphadeck serve: %s\n", err.text);
        refuse(c, rid, "moving", "the table is moving to this server; ask again in a moment");
        return NULL;
    }
    refuse(c, rid, "elsewhere",
           "another server plays that table: connect to /ws?table=<its number> to play it");
    return NULL;
}

/* ------------------------------------------------------------ the workers and timers */

/* At most this many bot answers a pass: the workers answer while the
 * loop takes their answers, and each answer asks the next bot, so tables of
 * bots alone (every person gone) could keep one pass going with nothing
 * committed, acknowledged or pushed, their steps piling up in memory (a
 * loadtest's 1,000 tables played out by their stand-ins: 190,000 pending
 * steps, 300 MB).  The rest wait for the next pass, which is woken. */
#define ANSWERS_A_PASS 256

void lobby_worker_answers(lobby *l)
{
    worker_job *j;
    int taken = 0;
    while ((j = workers_take(l->w))) {
        table *t = find_table(l, j->table);
        if (t && t->d && t->gen == j->gen && t->status == TABLE_PLAYING) {
            ad_err e;
            if (ad_director_bot_answer(t->d, srv_now_ms(), &j->ans, &l->out, &e) < 0)
                fprintf(stderr, "alphadeck serve: table %lld: a bot failed: %s\n",
                        (long long)t->id, e.text);
            took(l, t, &l->out);
        }
        ad_bot_request_free(&j->rq);
        free(j);
        if (++taken == ANSWERS_A_PASS) {
            srv_wake(l->srv); /* the rest in the next pass */
            break;
        }
    }
}

/* A waiting table whose expiry came: stored as expired (never resumed,
 * listed or read back again; its number answers unknown_table), and it
 * leaves memory at the end of the pass. */
static void expire(lobby *l, table *t)
{
    int64_t at = expiry_ms(l, t);
    if (at == AD_DIRECTOR_NEVER)
        return;
    if (srv_now_ms() < at) {
        schedule(l, t);
        return;
    }
    ad_err err;
    char *meta = meta_text(t);
    int rc = meta ? store_table_update(l->st, t->id, meta, TABLE_EXPIRED, t->started_ms, &err)
                  : ad_err_set(&err, AD_E_INTERNAL, "out of memory");
    free(meta);
    if (rc < 0) { /* it stays, and is tried again in a minute */
        fprintf(stderr, "alphadeck serve: table %lld did not close: %s\n", (long long)t->id,
                err.text);
        srv_timer(l->srv, &t->tm, 60000);
        return;
    }
    t->status = TABLE_EXPIRED;
    if (t->leased && store_lease_drop(l->st, t->id, &err) < 0)
        fprintf(stderr, "alphadeck serve: %s\n", err.text); /* it lapses by itself */
    t->leased = 0;
    l->evict = 1;
}

void lobby_timer(lobby *l, table *t)
{
    if (!t) { /* the lobby's own tick */
        if (l->node[0])
            cluster_tick(l);
        trim(l);
        return;
    }
    if (t->status == TABLE_WAITING) {
        expire(l, t);
        return;
    }
    if (!t->d || t->status != TABLE_PLAYING)
        return;
    ad_err e;
    int64_t now = srv_now_ms();
    /* a person gone for away_ms (closed, dropped, or found dead by ping):
     * the stand-in plays the seat until they join again */
    for (int s = 0; s < t->players && t->status == TABLE_PLAYING; s++) {
        seat_t *st = &t->seat[s];
        if (!st->gone_ms || st->online || now < st->gone_ms + l->away_ms)
            continue;
        st->gone_ms = 0;
        if (ad_director_away(t->d) & (1u << s))
            continue;
        if (ad_director_leave(t->d, now, s, &l->out, &e) < 0)
            fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, e.text);
        t->seats_dirty = 1;
        took(l, t, &l->out);
    }
    if (t->status != TABLE_PLAYING)
        return;
    if (ad_director_advance(t->d, now, &l->out, &e) < 0)
        fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, e.text);
    took(l, t, &l->out);
}

void lobby_set_away_after(lobby *l, int64_t ms)
{
    l->away_ms = ms;
}

lobby_limits lobby_limits_default(void)
{
    return (lobby_limits){
        .waiting_per_player = SRV_WAITING_PER_PLAYER,
        .waiting_per_address = SRV_WAITING_PER_ADDRESS,
        .bot_tables_per_player = SRV_BOT_TABLES_PER_PLAYER,
        .bot_tables_per_address = SRV_BOT_TABLES_PER_ADDRESS,
        .bot_tables = SRV_BOT_TABLES,
        .new_players_burst = SRV_NEW_PLAYERS_BURST,
        .new_players_per_minute = SRV_NEW_PLAYERS_PER_MINUTE,
        .waiting_expire_s = SRV_WAITING_EXPIRE_S,
    };
}

void lobby_set_limits(lobby *l, const lobby_limits *lim)
{
    l->lim = *lim;
}

/* ------------------------------------------------------------ requests */

static int hexval(int ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* The token's hash, which is all the store keeps of it (OpenSSL's SHA-256). */
static int sha256(const void *in, size_t n, uint8_t out[32])
{
    unsigned int len = 0;
    return EVP_Digest(in, n, out, &len, EVP_sha256(), NULL) == 1 && len == 32 ? 0 : -1;
}

/* Connection c stops sitting anywhere; it watches on where it sat. */
static void unseat_conn(lobby *l, conn *c)
{
    conn_lobby *cl = conn_state(c);
    for (int i = 0; i < cl->nat; i++) {
        table *t = cl->at[i];
        member *m = member_of(t, c);
        if (m && m->seat >= 0) {
            unseat_member(t, m);
            schedule(l, t); /* a person gone: the stand-in's moment */
            mark_dirty(l, t);
        }
    }
}

/* A bucket of new players for one address: it refills at
 * new_players_per_minute up to new_players_burst. */
static void refill(const lobby *l, struct maker *m, int64_t now)
{
    double got = (double)(now - m->at_ms) * l->lim.new_players_per_minute / 60000.0;
    m->tokens = m->tokens + got > l->lim.new_players_burst ? l->lim.new_players_burst
                                                          : m->tokens + got;
    m->at_ms = now;
}

/* The bucket of an address, made full when it has none.  A full bucket
 * remembers nothing, so the full ones are dropped to make room: only the
 * addresses that made players lately are kept.  NULL: out of memory. */
static struct maker *maker_of(lobby *l, const char *addr, int64_t now)
{
    for (int i = 0; i < l->nmakers; i++)
        if (strcmp(l->makers[i].addr, addr) == 0)
            return &l->makers[i];
    for (int i = 0; l->nmakers == l->cmakers && i < l->nmakers;) {
        refill(l, &l->makers[i], now);
        if (l->makers[i].tokens >= l->lim.new_players_burst)
            l->makers[i] = l->makers[--l->nmakers];
        else
            i++;
    }
    if (l->nmakers == l->cmakers) {
        int cap = l->cmakers ? l->cmakers * 2 : 64;
        struct maker *n = realloc(l->makers, (size_t)cap * sizeof *n);
        if (!n)
            return NULL;
        l->makers = n;
        l->cmakers = cap;
    }
    struct maker *m = &l->makers[l->nmakers++];
    snprintf(m->addr, sizeof m->addr, "%s", addr);
    m->tokens = l->lim.new_players_burst;
    m->at_ms = now;
    return m;
}

/* May this address make a new player now?  Each is stored for good (and
 * costs a disk sync), so an address makes a burst of them, then so many a
 * minute: a classroom behind one address arrives within the burst. */
static int new_player_ok(lobby *l, const char *addr)
{
    int64_t now = srv_now_ms();
    struct maker *m = maker_of(l, addr, now);
    if (!m)
        return 1; /* out of memory: refusing would not help */
    refill(l, m, now);
    if (m->tokens < 1)
        return 0;
    m->tokens -= 1;
    return 1;
}

static void cmd_hello(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    const char *given = json_string_value(json_object_get(req, "name"));
    json_t *tok = json_object_get(req, "token");
    if (!json_object_get(req, "name"))
        return refuse(c, rid, "missing_field", "hello needs a name");
    if (!given)
        return refuse(c, rid, "bad_field", "a name is text: 1 to 24 characters");
    /* the name as stored and shown: its NFC form (names.c says what is refused) */
    char name[SRV_NAME_MAX * 4 + 1], why[200];
    if (srv_name_normal(given, SRV_NAME_MAX, name, sizeof name, why, sizeof why) < 0)
        return refuse(c, rid, "bad_field", why);
    conn_lobby *cl = conn_state(c);
    ad_err err;
    uint8_t hash[32];
    char token[33];
    int64_t id;
    if (tok) {
        const char *ts = json_string_value(tok);
        int good = ts && strlen(ts) == 32;
        for (int i = 0; good && i < 32; i++)
            good = hexval(ts[i]) >= 0;
        if (!good)
            return refuse(c, rid, "bad_token", "a token is the 32 hexadecimal digits hello gave");
        if (sha256(ts, 32, hash) < 0)
            return refuse(c, rid, "internal", "the token could not be hashed");
        int rc = store_player_find(l->st, hash, name, &id, &err);
        if (rc < 0)
            return refuse(c, rid, "store_failed", err.text);
        if (rc == 1)
            return refuse(c, rid, "bad_token", "no player has that token");
        snprintf(token, sizeof token, "%s", ts);
    } else {
        if (!new_player_ok(l, cl->addr))
            return refuse(c, rid, "too_many_players",
                          "too many new players from your address lately: say hello with the "
                          "token you were given, or try again in a minute");
        uint8_t raw[16];
        if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
            return refuse(c, rid, "internal", "no random bits for a token");
        for (int i = 0; i < 16; i++)
            snprintf(token + 2 * i, 3, "%02x", raw[i]);
        if (sha256(token, 32, hash) < 0)
            return refuse(c, rid, "internal", "the token could not be hashed");
        if (store_player_new(l->st, name, hash, &id, &err) < 0)
            return refuse(c, rid, "store_failed", err.text);
    }
    char *nm = strdup(name);
    if (!nm)
        return refuse(c, rid, "internal", "out of memory");
    if (cl->player && cl->player != id)
        unseat_conn(l, c); /* another player now: the seats it sat at are not theirs */
    free(cl->name);
    cl->player = id;
    cl->name = nm;
    for (int i = 0; i < l->ntab; i++) { /* the name a person's seats show */
        int s = seat_of_player(l->tab[i], id);
        /* a finished game keeps the names it was played with (its replay's) */
        if (s >= 0 && l->tab[i]->status != TABLE_OVER &&
            strcmp(l->tab[i]->seat[s].name, name) != 0) {
            snprintf(l->tab[i]->seat[s].name, sizeof l->tab[i]->seat[s].name, "%s", name);
            l->tab[i]->seats_dirty = 1;
            l->tab[i]->meta_dirty = 1;
            mark_dirty(l, l->tab[i]);
        }
    }
    json_t *r = json_pack("{s:b,s:I,s:s}", "ok", 1, "player", (json_int_t)id, "token", token);
    if (l->node[0]) /* a cluster's node: a client opens /ws?table=N to play table N */
        json_object_set_new(r, "node", json_string(l->node));
    reply(c, rid, r);
}

static table *load_table(lobby *l, int64_t id, int *expired);

/* A new table's seed when its creator gave none: one JavaScript reads back
 * whole (below 2^53), so a browser's copy of the record replays exactly. */
static json_t *fresh_seed(void)
{
    uint64_t seed = 0;
    if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
        seed ^= (uint64_t)srv_now_ms() * 0x9e3779b97f4a7c15ULL;
    return json_integer((json_int_t)(seed >> 11));
}

/* Reads "table": a table the lobby holds. */
static int exists_one(void *ctx, const store_table *row)
{
    resume_ctx *r = ctx;
    r->expired = row->status == TABLE_EXPIRED;
    return 1;
}


static table *cluster_table(lobby *l, conn *c, int64_t id, const json_t *req, const json_t *rid);

static table *req_table(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    json_t *v = json_object_get(req, "table");
    if (!v) {
        refuse(c, rid, "missing_field", "the field table is missing");
        return NULL;
    }
    if (!json_is_integer(v)) {
        refuse(c, rid, "bad_field", "table is a table's number");
        return NULL;
    }
    if (l->node[0] && json_integer_value(v) > 0) {
        ad_err err;
        resume_ctx r = {l, &err, 0, 0};
        int known = store_table_get(l->st, json_integer_value(v), exists_one, &r, &err);
        if (known == 0 && r.expired) {
            refuse(c, rid, "unknown_table", SRV_CLOSED_WORDS);
            return NULL;
        }
        if (known == 0)
            return cluster_table(l, c, json_integer_value(v), req, rid);
        if (known < 0) {
            refuse(c, rid, "store_failed", err.text);
            return NULL;
        }
    }
    table *t = find_table(l, json_integer_value(v));
    int expired = t && t->status == TABLE_EXPIRED;
    if (!t)
        t = load_table(l, json_integer_value(v), &expired);
    if (expired) {
        refuse(c, rid, "unknown_table", SRV_CLOSED_WORDS);
        return NULL;
    }
    if (!t)
        refuse(c, rid, "unknown_table", "there is no such table");
    return t;
}

static int open_tables_of(lobby *l, int64_t player)
{
    int n = 0;
    for (int i = 0; i < l->ntab; i++)
        if (l->tab[i]->status != TABLE_OVER && seat_of_player(l->tab[i], player) >= 0)
            n++;
    return n;
}

static int all_taken(const table *t)
{
    for (int s = 0; s < t->players; s++)
        if (!t->seat[s].bot[0] && !t->seat[s].player)
            return 0;
    return 1;
}

/* A table of bots alone: in play, and no person at it who has not left
 * (a seat given up, or handed to its stand-in while nobody of it is here,
 * is the bots'). */
static int bots_alone(const table *t)
{
    if (t->status != TABLE_PLAYING || !t->d)
        return 0;
    uint32_t away = ad_director_away(t->d);
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].player && (t->seat[s].online > 0 || !(away & (1u << s))))
            return 0;
    return 1;
}

/* What a player or an address holds of the tables it made. */
typedef struct holding {
    int waiting, bots;
} holding;

/* The tables made by player and by addr that wait, or that bots play
 * alone; and how many tables of bots alone the server holds in all. */
static void holdings(const lobby *l, int64_t player, const char *addr, holding *mine,
                     holding *here, int *bots_all)
{
    *mine = *here = (holding){0, 0};
    *bots_all = 0;
    for (int i = 0; i < l->ntab; i++) {
        const table *t = l->tab[i];
        int w = t->status == TABLE_WAITING, b = bots_alone(t);
        *bots_all += b;
        if ((w || b) && t->creator == player) {
            mine->waiting += w;
            mine->bots += b;
        }
        if ((w || b) && addr[0] && strcmp(t->addr, addr) == 0) {
            here->waiting += w;
            here->bots += b;
        }
    }
}

/* May this connection make a table now, one that will wait for players
 * (waits) or that bots play alone from the start (alone)?  Else it is
 * refused, with the limit in words.  A player or an address whose tables
 * of bots alone reach their limit makes none until one ends: so `leave`,
 * never refused, cannot pile them up either. */
static int may_make(lobby *l, conn *c, int waits, int alone, const json_t *rid)
{
    conn_lobby *cl = conn_state(c);
    const lobby_limits *lim = &l->lim;
    holding mine, here;
    int all;
    holdings(l, cl->player, cl->addr, &mine, &here, &all);
    char text[240];
    const char *code = "too_many_tables";
    if (waits && mine.waiting >= lim->waiting_per_player)
        snprintf(text, sizeof text, "%d tables you made are waiting for players (the most "
                 "there may be): start one, or leave one for good, first", mine.waiting);
    else if (waits && here.waiting >= lim->waiting_per_address)
        snprintf(text, sizeof text, "%d tables made from your address are waiting for players "
                 "(the most there may be): start one, or leave one for good, first",
                 here.waiting);
    else if (mine.bots >= lim->bot_tables_per_player)
        snprintf(text, sizeof text, "bots are playing %d tables you made with nobody of you at "
                 "them (the most there may be): make another when one has ended", mine.bots);
    else if (here.bots >= lim->bot_tables_per_address)
        snprintf(text, sizeof text, "bots are playing %d tables made from your address with "
                 "no person at them (the most there may be): make another when one has ended",
                 here.bots);
    else if (alone && all >= lim->bot_tables) {
        code = "busy";
        snprintf(text, sizeof text, "the server is playing as many games of bots alone as it "
                 "may (%d): try again later, or take a seat yourself", all);
    } else
        return 1;
    refuse(c, rid, code, text);
    return 0;
}

static json_t *joined(const table *t, int seat)
{
    return json_pack("{s:b,s:I,s:o,s:I,s:o,s:s,s:o,s:b}", "ok", 1, "table", (json_int_t)t->id,
                     "seat", seat >= 0 ? json_integer(seat) : json_null(), "v",
                     (json_int_t)version(t), "view", view_of(t, seat), "status",
                     status_name(t->status), "asked", asked_json(t), "seeded", t->seeded);
}

/* A new table in memory and in the store, its seats as given (seeded: its
 * creator chose the seed). */
static table *new_table(lobby *l, json_t *new_req, const ad_game *g, int players,
                        const seat_t *seats, int clock, int pause_ms, int seeded, conn *maker,
                        ad_err *err)
{
    ad_table *gt = ad_table_new(new_req, err);
    if (!gt)
        return NULL;
    json_object_set_new(new_req, "seed", ad_seed_to_json(ad_table_seed(gt)));
    table *t = table_alloc(players);
    if (t)
        t->new_req = json_dumps(new_req, JSON_COMPACT);
    if (!t || !t->new_req) {
        ad_table_free(gt);
        free(t);
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    t->g = g;
    memcpy(t->seat, seats, (size_t)players * sizeof t->seat[0]);
    t->creator = conn_state(maker)->player; /* what it holds counts against its limits */
    snprintf(t->addr, sizeof t->addr, "%s", conn_state(maker)->addr);
    t->clock = clock;
    t->pause_ms = pause_ms;
    t->seeded = seeded;
    t->t0 = gt;
    t->created_ms = srv_now_ms();
    t->gen = ++l->gen;
    char *meta = meta_text(t);
    int rc = store_table_new(l->st, t->new_req, meta, TABLE_WAITING, t->created_ms, &t->id, err);
    free(meta);
    if (rc < 0 || add_table(l, t) < 0) {
        if (rc == 0)
            ad_err_set(err, AD_E_INTERNAL, "out of memory");
        ad_table_free(gt);
        free(t->new_req);
        free(t);
        return NULL;
    }
    if (l->node[0]) { /* a cluster's node plays the tables it makes (create, rematch) */
        int64_t now = srv_now_ms();
        ad_err e;
        if (store_lease_take(l->st, t->id, now, now + LEASE_MS, &e) == 0)
            t->leased = t->renewed = 1;
        else
            fprintf(stderr, "alphadeck serve: new table %lld: %s\n", (long long)t->id, e.text);
    }
    return t;
}

/* A seed a client chose: one JavaScript reads back whole (up to 2^53 - 1),
 * since a browser keeps and replays a record; -1 after a refusal. */
static int seed_ok(conn *c, const json_t *rid, const json_t *v)
{
    uint64_t seed;
    ad_err err;
    if (ad_seed_from_json(v, &seed, &err) < 0) {
        refuse_err(c, rid, &err);
        return -1;
    }
    if (seed > SRV_SEED_MAX) {
        refuse(c, rid, "bad_field",
               "a seed is 0 to 9007199254740991 (2^53 - 1): a browser cannot read a larger "
               "number back whole");
        return -1;
    }
    return 0;
}

static void cmd_create(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    conn_lobby *cl = conn_state(c);
    if (!json_object_get(req, "game"))
        return refuse(c, rid, "missing_field", "create needs a game");
    if (!json_object_get(req, "players"))
        return refuse(c, rid, "missing_field", "create needs players");
    json_t *new_req = json_object();
    const char *keys[] = {"game", "players", "options", "seed"};
    for (int i = 0; i < 4; i++)
        if (json_object_get(req, keys[i]))
            json_object_set(new_req, keys[i], json_object_get(req, keys[i]));
    ad_err err;
    int seeded = json_object_get(new_req, "seed") != NULL;
    if (seeded && seed_ok(c, rid, json_object_get(new_req, "seed")) < 0) {
        json_decref(new_req);
        return;
    }
    if (!seeded)
        json_object_set_new(new_req, "seed", fresh_seed());
    ad_setup su;
    const ad_game *g = ad_setup_from_json(new_req, &su, &err);
    if (!g) {
        json_decref(new_req);
        return refuse_err(c, rid, &err);
    }
    int n = su.players;
    seat_t seats[AD_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    json_t *sj = json_object_get(req, "seats");
    for (int s = 0; s < n; s++)
        snprintf(seats[s].bot, sizeof seats[s].bot, "%s", s == 0 ? "" : "basic");
    if (sj) {
        if (!json_is_array(sj) || (int)json_array_size(sj) != n) {
            json_decref(new_req);
            return refuse(c, rid, "bad_field", "seats is an array of one entry a seat: "
                                               "\"open\" or a bot level");
        }
        for (int s = 0; s < n; s++) {
            const char *e = json_string_value(json_array_get(sj, (size_t)s));
            if (!e) {
                json_decref(new_req);
                return refuse(c, rid, "bad_field", "each seat is \"open\" or a bot level");
            }
            if (strcmp(e, "open") == 0) {
                seats[s].bot[0] = 0;
                continue;
            }
            if (strlen(e) >= sizeof seats[s].bot || !ad_bot_available(g, e, &err)) {
                json_decref(new_req);
                if (strlen(e) >= sizeof seats[s].bot)
                    ad_err_set(&err, AD_E_BAD_LEVEL, "no bot level is called that");
                return refuse_err(c, rid, &err);
            }
            snprintf(seats[s].bot, sizeof seats[s].bot, "%s", e);
        }
    }
    int clock = 0;
    json_t *cj = json_object_get(req, "clock");
    if (cj) {
        const char *cn = json_string_value(cj);
        clock = -1;
        for (int i = 0; cn && i < NPRESETS; i++)
            if (strcmp(cn, presets[i].name) == 0)
                clock = i;
        if (clock < 0) {
            json_decref(new_req);
            return refuse(c, rid, "bad_field",
                          "clock is untimed, relaxed, normal or blitz (docs/server.md)");
        }
    }
    int pause_ms = 800;
    json_t *pj = json_object_get(req, "bot_pause_ms");
    if (pj) {
        if (!json_is_integer(pj) || json_integer_value(pj) < 0 || json_integer_value(pj) > 5000) {
            json_decref(new_req);
            return refuse(c, rid, "bad_field", "bot_pause_ms is 0 to 5000");
        }
        pause_ms = (int)json_integer_value(pj);
    }
    if (open_tables_of(l, cl->player) >= SRV_TABLES_PER_PLAYER) {
        json_decref(new_req);
        return refuse(c, rid, "too_many_tables", "a player may sit at 50 unfinished tables at most");
    }
    if (cl->nat == SRV_CONN_TABLES) {
        json_decref(new_req);
        return refuse(c, rid, "too_many_tables",
                      "one connection may be at 16 tables at once; leave one first");
    }
    int sit = -1;
    for (int s = 0; s < n && sit < 0; s++)
        if (!seats[s].bot[0])
            sit = s;
    if (sit >= 0) {
        seats[sit].player = cl->player;
        snprintf(seats[sit].name, sizeof seats[sit].name, "%s", cl->name);
    }
    int waits = 0; /* an open seat is left once the maker sits: the table waits */
    for (int s = 0; s < n; s++)
        waits |= !seats[s].bot[0] && !seats[s].player;
    if (!may_make(l, c, waits, sit < 0, rid)) {
        json_decref(new_req);
        return;
    }
    table *t = new_table(l, new_req, g, n, seats, clock, pause_ms, seeded, c, &err);
    json_decref(new_req);
    if (!t)
        return refuse(c, rid, err.code == AD_E_IO ? "store_failed" : ad_code_token(err.code),
                      err.text);
    add_member(t, c, sit);
    if (sit >= 0)
        t->seat[sit].online = 1;
    if (all_taken(t) && start(l, t, &err) < 0)
        fprintf(stderr, "alphadeck serve: table %lld did not start: %s\n", (long long)t->id,
                err.text);
    reply(c, rid, joined(t, sit));
}

static json_t *table_summary(const table *t)
{
    return json_pack("{s:I,s:s,s:i,s:o,s:s,s:s,s:I,s:b}", "table", (json_int_t)t->id, "game",
                     t->g->id, "players", t->players, "seats", seats_json(t), "status",
                     status_name(t->status), "clock", presets[t->clock].name, "v",
                     (json_int_t)version(t), "seeded", t->seeded);
}

/* What `tables` is asked for: every table of one status, or (status -1)
 * those a person may join or watch with interest; of one game (NULL: all);
 * one page of them (docs/server.md). */
typedef struct listing {
    lobby *l;
    conn *c;
    const ad_game *g;
    int status;
    int skip;  /* listed tables before the page */
    int n;     /* tables listed, across every page */
    json_t *a; /* the page */
} listing;

/* The connection is at t (seated or watching). */
static int is_at(conn *c, const table *t)
{
    conn_lobby *cl = conn_state(c);
    for (int i = 0; i < cl->nat; i++)
        if (cl->at[i] == t)
            return 1;
    return 0;
}

/* Worth showing a person looking for a game: a table waiting for players
 * that someone sits at (an empty one has nobody to play with, and closes),
 * or a game two or more people play.  Not a game of bots alone, nor one
 * person's game against bots, nor a finished one. */
static int of_interest(const table *t)
{
    int people = 0;
    uint32_t away = t->d ? ad_director_away(t->d) : 0;
    for (int s = 0; s < t->players; s++)
        people += t->seat[s].player && !(away & (1u << s));
    if (t->status == TABLE_WAITING)
        return people > 0 && !all_taken(t);
    return t->status == TABLE_PLAYING && people >= 2;
}

static int wanted(const listing *li, const table *t)
{
    if (li->status >= 0)
        return t->status == li->status;
    return of_interest(t) && !is_at(li->c, t); /* its own were offered first */
}

/* t in the listing: counted, and written out when it falls on the page. */
static void offer(listing *li, const table *t)
{
    if (li->g && t->g != li->g)
        return;
    if (li->n >= li->skip && li->n < li->skip + SRV_TABLES_PAGE)
        json_array_append_new(li->a, table_summary(t));
    li->n++;
}

/* One stored table in a cluster's list: as this node holds it, or as stored. */
static int list_one(void *ctx, const store_table *row)
{
    listing *li = ctx;
    table *t = find_table(li->l, row->id);
    if (t && !t->remote) {
        if (wanted(li, t))
            offer(li, t);
        return 0;
    }
    if (t && li->status < 0 && is_at(li->c, t))
        return 0;
    ad_err err;
    table *tmp = table_from_row(row, &err);
    if (tmp && wanted(li, tmp))
        offer(li, tmp);
    if (tmp)
        table_free(tmp);
    return 0;
}

/* Reads tables' optional fields into li; 0, or -1 after a refusal. */
static int listing_of(listing *li, conn *c, const json_t *req, const json_t *rid, int *page)
{
    json_t *gj = json_object_get(req, "game"), *pj = json_object_get(req, "page");
    json_t *sj = json_object_get(req, "status");
    if (gj && !(json_is_string(gj) && (li->g = ad_game_find(json_string_value(gj))))) {
        refuse(c, rid, "bad_field", "game is a game's id, as GET /api/games lists them");
        return -1;
    }
    if (pj && (!json_is_integer(pj) || json_integer_value(pj) < 0 ||
               json_integer_value(pj) > INT32_MAX / SRV_TABLES_PAGE)) {
        refuse(c, rid, "bad_field", "page is a page's number, 0 for the first");
        return -1;
    }
    for (int k = TABLE_WAITING; sj && k <= TABLE_OVER; k++)
        if (json_is_string(sj) && strcmp(json_string_value(sj), status_name(k)) == 0)
            li->status = k;
    if (sj && li->status < 0) {
        refuse(c, rid, "bad_field", "status is waiting, playing or over");
        return -1;
    }
    *page = pj ? (int)json_integer_value(pj) : 0;
    li->skip = *page * SRV_TABLES_PAGE;
    return 0;
}

/*
 * `tables`: one page of SRV_TABLES_PAGE at most, and how many pages there
 * are.  By default the tables this connection is at, then those of
 * interest (of_interest), the oldest first (who has waited longest); with
 * `status`, every table of that status this server holds (the finished:
 * the newest first, those still in memory: evict_finished).  A cluster's
 * lobby reads every node's from the store.
 */
static void cmd_tables(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    listing li = {l, c, NULL, -1, 0, 0, NULL};
    int page;
    if (listing_of(&li, c, req, rid, &page) < 0)
        return;
    li.a = json_array();
    conn_lobby *cl = conn_state(c);
    for (int i = 0; li.status < 0 && i < cl->nat; i++)
        offer(&li, cl->at[i]);
    ad_err err;
    int rc = 0;
    if (l->node[0] && li.status != TABLE_OVER) {
        if (li.status != TABLE_PLAYING)
            rc = store_tables(l->st, TABLE_WAITING, list_one, &li, &err);
        if (rc == 0 && li.status != TABLE_WAITING)
            rc = store_tables(l->st, TABLE_PLAYING, list_one, &li, &err);
    } else if (li.status == TABLE_OVER) {
        for (int i = l->ntab - 1; i >= 0; i--)
            if (wanted(&li, l->tab[i]))
                offer(&li, l->tab[i]);
    } else {
        for (int i = 0; i < l->ntab; i++)
            if (wanted(&li, l->tab[i]))
                offer(&li, l->tab[i]);
    }
    if (rc < 0) {
        json_decref(li.a);
        return refuse(c, rid, "store_failed", err.text);
    }
    int pages = li.n ? (li.n + SRV_TABLES_PAGE - 1) / SRV_TABLES_PAGE : 1;
    reply(c, rid, json_pack("{s:b,s:o,s:i,s:i,s:b}", "ok", 1, "tables", li.a, "page", page,
                            "pages", pages, "more", li.skip + SRV_TABLES_PAGE < li.n));
}

static void cmd_join(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    conn_lobby *cl = conn_state(c);
    table *t = req_table(l, c, req, rid);
    if (!t)
        return;
    json_t *sv = json_object_get(req, "seat");
    if (sv && !json_is_integer(sv))
        return refuse(c, rid, "bad_field", "seat is a seat's number");
    int seat = seat_of_player(t, cl->player);
    ad_err err;
    if (seat < 0) {
        if (t->status != TABLE_WAITING)
            return refuse(c, rid, "table_full", "every seat at that table is taken");
        if (sv) {
            json_int_t s = json_integer_value(sv);
            if (s < 0 || s >= t->players)
                return refuse(c, rid, "bad_seat", "there is no such seat at that table");
            if (t->seat[s].bot[0] || t->seat[s].player)
                return refuse(c, rid, "seat_taken", "that seat is taken");
            seat = (int)s;
        } else {
            for (int s = 0; s < t->players && seat < 0; s++)
                if (!t->seat[s].bot[0] && !t->seat[s].player)
                    seat = s;
            if (seat < 0)
                return refuse(c, rid, "table_full", "every seat at that table is taken");
        }
        if (cl->nat == SRV_CONN_TABLES)
            return refuse(c, rid, "too_many_tables",
                          "one connection may be at 16 tables at once; leave one first");
        t->seat[seat].player = cl->player;
        snprintf(t->seat[seat].name, sizeof t->seat[seat].name, "%s", cl->name);
        char *meta = meta_text(t);
        int rc = store_table_update(l->st, t->id, meta, t->status, t->started_ms, &err);
        free(meta);
        if (rc < 0) {
            t->seat[seat].player = 0;
            return refuse(c, rid, "store_failed", err.text);
        }
    }
    member *m = member_of(t, c);
    if (!(m && m->seat == seat)) {
        if (m)
            drop_member(t, c);
        if (add_member(t, c, seat) < 0)
            return refuse(c, rid, "too_many_tables",
                          "one connection may be at 16 tables at once; leave one first");
        t->seat[seat].online++;
        t->seat[seat].gone_ms = 0;
    }
    /* joining a rematch moves on from the finished game before it, which
     * then leaves memory once nobody is at it (evict_finished) */
    for (int i = cl->nat - 1; i >= 0; i--) {
        table *o = cl->at[i];
        if (o != t && o->status == TABLE_OVER && o->next == t->id) {
            drop_member(o, c);
            mark_dirty(l, o);
        }
    }
    if (t->d && t->status == TABLE_PLAYING && (ad_director_away(t->d) & (1u << seat))) {
        if (ad_director_take_back(t->d, srv_now_ms(), seat, &l->out, &err) < 0)
            fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, err.text);
        took(l, t, &l->out);
    }
    t->seats_dirty = 1;
    mark_dirty(l, t);
    schedule(l, t); /* someone is at it: a waiting table does not close */
    /* the last seat taken starts the game, and the answer says so */
    if (t->status == TABLE_WAITING && all_taken(t) && start(l, t, &err) < 0)
        fprintf(stderr, "alphadeck serve: table %lld did not start: %s\n", (long long)t->id,
                err.text);
    reply(c, rid, joined(t, seat));
}

static void cmd_watch(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = member_of(t, c);
    if (!m && add_member(t, c, -1) < 0)
        return refuse(c, rid, "too_many_tables",
                      "one connection may be at 16 tables at once; leave one first");
    schedule(l, t); /* someone is at it: a waiting table does not close */
    reply(c, rid, joined(t, m ? member_seat(t, m) : -1));
}

static void cmd_act(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = member_of(t, c);
    int seat = m ? member_seat(t, m) : -1; /* the seat is its player's now, or none */
    if (seat < 0)
        return refuse(c, rid, "not_seated", "you hold no seat at that table (join it first)");
    json_t *action = json_object_get(req, "action");
    if (!action)
        return refuse(c, rid, "missing_field", "act needs an action");
    if (t->status == TABLE_WAITING)
        return refuse(c, rid, "not_started", "the game starts when every seat is taken");
    json_t *vj = json_object_get(req, "v");
    if (vj && !json_is_integer(vj))
        return refuse(c, rid, "bad_field", "v is the table's version, a whole number");
    if (vj && json_integer_value(vj) != (json_int_t)version(t)) {
        char text[128];
        snprintf(text, sizeof text, "the table is at version %u, not %lld: nothing was done",
                 version(t), (long long)json_integer_value(vj));
        return refuse(c, rid, "stale", text);
    }
    if (t->status == TABLE_OVER)
        return refuse(c, rid, "game_over", "the game is over");
    ad_err err;
    int rc = ad_director_act_json(t->d, srv_now_ms(), seat, action, &l->out, &err);
    if (rc < 0) {
        took(l, t, &l->out);
        return refuse_err(c, rid, &err);
    }
    uint32_t v = ad_director_version(t->d);
    uint32_t base = v - (uint32_t)l->out.n;
    for (int i = l->out.n - 1; i >= 0; i--)
        if (l->out.step[i].seat == seat && l->out.step[i].by == AD_BY_SEAT) {
            v = base + (uint32_t)i + 1;
            break;
        }
    took(l, t, &l->out);
    if (l->nacks == l->cacks) {
        int cap = l->cacks ? l->cacks * 2 : 64;
        ack *n = realloc(l->acks, (size_t)cap * sizeof *n);
        if (!n)
            abort();
        l->acks = n;
        l->cacks = cap;
    }
    l->acks[l->nacks++] = (ack){c, rid ? json_incref((json_t *)rid) : NULL, t->id, v};
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
            ad_table *gt = replay_stored(l, t, &last_ms, &n, from, events, &err);
            if (!gt) {
                refuse(c, rid, "store_failed", err.text);
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
        add_step_events(events, ev);
        json_decref(ev);
    }
    return 0;
}

static void cmd_sync(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = member_of(t, c);
    if (!m)
        return refuse(c, rid, "not_watching", "join or watch the table before sync");
    json_t *vj = json_object_get(req, "v");
    if (!vj)
        return refuse(c, rid, "missing_field", "sync needs v, the last version you saw");
    if (!json_is_integer(vj) || json_integer_value(vj) < 0)
        return refuse(c, rid, "bad_field", "v is a version, a whole number");
    if (json_integer_value(vj) > (json_int_t)version(t))
        return refuse(c, rid, "bad_field", "v is ahead of the table: it has not reached it");
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
                                  text_len(told(t, events, m->seat)) > view_len);
    if (whole)
        json_array_clear(events);
    push_update(t, events, whole ? 2 : 1, c);
    reply(c, rid, json_pack("{s:b,s:I}", "ok", 1, "v", (json_int_t)now_v));
}

static void cmd_leave(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = member_of(t, c);
    conn_lobby *cl = conn_state(c);
    int seat = seat_of_player(t, cl->player);
    if (!m && seat < 0)
        return refuse(c, rid, "not_seated", "you are not at that table");
    ad_err err;
    if (seat >= 0 && t->status == TABLE_WAITING) {
        /* every connection of the player leaves the seat (they watch on):
         * whoever takes it next is heard by their own connections alone */
        for (int i = 0; i < t->nmem; i++)
            if (t->mem[i].seat == seat)
                unseat_member(t, &t->mem[i]);
        t->seat[seat].player = 0;
        t->seat[seat].name[0] = 0;
        t->seat[seat].online = 0;
        t->seat[seat].gone_ms = 0;
        t->meta_dirty = 1;
    } else if (seat >= 0 && t->status == TABLE_PLAYING &&
               !(ad_director_away(t->d) & (1u << seat))) {
        if (ad_director_leave(t->d, srv_now_ms(), seat, &l->out, &err) < 0) {
            took(l, t, &l->out);
            return refuse_err(c, rid, &err);
        }
        took(l, t, &l->out);
    }
    if (m)
        drop_member(t, c);
    t->seats_dirty = 1;
    mark_dirty(l, t);
    schedule(l, t); /* a waiting table left empty: its expiry */
    reply(c, rid, json_pack("{s:b}", "ok", 1));
}

static void cmd_rematch(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = req_table(l, c, req, rid);
    if (!t)
        return;
    conn_lobby *cl = conn_state(c);
    int seat = seat_of_player(t, cl->player);
    if (seat < 0)
        return refuse(c, rid, "not_seated", "only a player of that game can ask for a rematch");
    if (t->status != TABLE_OVER)
        return refuse(c, rid, "not_over", "a rematch comes when the game is over");
    if (t->next) /* made already (it need not be in memory): the same seats, the same seat */
        return reply(c, rid, json_pack("{s:b,s:I,s:i}", "ok", 1, "table", (json_int_t)t->next,
                                       "seat", seat));
    ad_err err;
    json_error_t je;
    json_t *nr = json_loads(t->new_req, 0, &je);
    json_object_set_new(nr, "seed", fresh_seed());
    seat_t seats[AD_MAX_SEATS];
    memcpy(seats, t->seat, (size_t)t->players * sizeof seats[0]);
    for (int s = 0; s < t->players; s++)
        seats[s].online = 0;
    if (!may_make(l, c, 0, 0, rid)) {
        json_decref(nr);
        return;
    }
    table *nt = new_table(l, nr, t->g, t->players, seats, t->clock, t->pause_ms, 0, c, &err);
    json_decref(nr);
    if (!nt)
        return refuse(c, rid, err.code == AD_E_IO ? "store_failed" : ad_code_token(err.code),
                      err.text);
    t->next = nt->id;
    t->meta_dirty = 1;
    mark_dirty(l, t);
    if (start(l, nt, &err) < 0)
        fprintf(stderr, "alphadeck serve: table %lld did not start: %s\n", (long long)nt->id,
                err.text);
    push_all(t, json_pack("{s:s,s:I,s:I}", "push", "rematch", "table", (json_int_t)t->id, "next",
                          (json_int_t)nt->id));
    reply(c, rid, json_pack("{s:b,s:I,s:i}", "ok", 1, "table", (json_int_t)nt->id, "seat",
                            seat_of_player(nt, cl->player)));
}

void lobby_request(lobby *l, conn *c, const char *text, size_t len)
{
    json_error_t je;
    json_t *req = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(req)) {
        json_decref(req);
        return refuse(c, NULL, "bad_json", "a frame is one JSON object");
    }
    const json_t *rid = json_object_get(req, "rid");
    const char *cmd = json_string_value(json_object_get(req, "cmd"));
    conn_lobby *cl = conn_state(c);
    if (!json_object_get(req, "cmd"))
        refuse(c, rid, "missing_field", "every request has a cmd");
    else if (!cmd)
        refuse(c, rid, "bad_field", "cmd is a string");
    else if (strcmp(cmd, "hello") == 0)
        cmd_hello(l, c, req, rid);
    else if (strcmp(cmd, "state") == 0 || strcmp(cmd, "record") == 0)
        refuse(c, rid, "forbidden",
               "state and record are never sent over the network; a finished game's record "
               "is at /api/tables/<id>/record");
    else if (strcmp(cmd, "create") != 0 && strcmp(cmd, "tables") != 0 &&
             strcmp(cmd, "join") != 0 && strcmp(cmd, "watch") != 0 && strcmp(cmd, "act") != 0 &&
             strcmp(cmd, "sync") != 0 && strcmp(cmd, "leave") != 0 &&
             strcmp(cmd, "rematch") != 0)
        refuse(c, rid, "unknown_cmd",
               "the commands are hello, create, tables, join, watch, act, sync, leave, rematch");
    else if (!cl->player)
        refuse(c, rid, "no_hello", "say hello (with your name) first");
    else if (strcmp(cmd, "create") == 0)
        cmd_create(l, c, req, rid);
    else if (strcmp(cmd, "tables") == 0)
        cmd_tables(l, c, req, rid);
    else if (strcmp(cmd, "join") == 0)
        cmd_join(l, c, req, rid);
    else if (strcmp(cmd, "watch") == 0)
        cmd_watch(l, c, req, rid);
    else if (strcmp(cmd, "act") == 0)
        cmd_act(l, c, req, rid);
    else if (strcmp(cmd, "sync") == 0)
        cmd_sync(l, c, req, rid);
    else if (strcmp(cmd, "leave") == 0)
        cmd_leave(l, c, req, rid);
    else
        cmd_rematch(l, c, req, rid);
    json_decref(req);
}

void lobby_conn_gone(lobby *l, conn *c)
{
    conn_lobby *cl = conn_state(c);
    while (cl->nat > 0) {
        table *t = cl->at[cl->nat - 1];
        drop_member(t, c);
        schedule(l, t); /* a person gone: the stand-in's moment */
        mark_dirty(l, t);
    }
    free(cl->at);
    free(cl->name);
    cl->at = NULL;
    cl->name = NULL;
    cl->cat = 0;
    for (int i = 0; i < l->nacks; i++)
        if (l->acks[i].c == c)
            l->acks[i].c = NULL;
}

/* ------------------------------------------------------------ refusals over HTTP */

char *srv_refusal_text(const char *code, const char *text)
{
    json_t *j = json_pack("{s:b,s:s,s:s}", "ok", 0, "error", text, "code", code);
    char *s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return s;
}

/* ------------------------------------------------------------ what is held */

/* The server's memory in KiB: what its allocations hold now (glibc's
 * count, over every arena), and what the system gives it (resident). */
static void memory_kib(json_int_t *heap, json_int_t *rss)
{
    struct mallinfo2 mi = mallinfo2();
    *heap = (json_int_t)((mi.uordblks + mi.hblkhd) / 1024);
    *rss = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    long long size, pages;
    if (f && fscanf(f, "%lld %lld", &size, &pages) == 2)
        *rss = (json_int_t)(pages * (sysconf(_SC_PAGESIZE) / 1024));
    if (f)
        fclose(f);
}

char *lobby_stats(lobby *l)
{
    int n[4] = {0, 0, 0, 0}; /* by status: TABLE_WAITING, _PLAYING, _OVER, _EXPIRED (leaving) */
    for (int i = 0; i < l->ntab; i++)
        n[l->tab[i]->status]++;
    json_int_t heap, rss;
    memory_kib(&heap, &rss);
    json_t *j = json_pack("{s:{s:i,s:i,s:i},s:{s:I,s:I}}", "tables", "waiting", n[TABLE_WAITING],
                          "playing", n[TABLE_PLAYING], "over", n[TABLE_OVER], "memory",
                          "heap_kib", heap, "rss_kib", rss);
    char *text = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return text;
}

/* ------------------------------------------------------------ life */

static void table_free(table *t)
{
    clear_pend(t);
    free(t->pend);
    free(t->mem);
    for (int k = 0; t->hist && k < SRV_HISTORY; k++)
        free(t->hist[k]);
    free(t->hist);
    drop_game(t);
    free_end(t);
    free(t->new_req);
    free(t);
}

lobby *lobby_new(server *s, store *st, int nworkers, ad_err *err)
{
    lobby *l = calloc(1, sizeof *l);
    if (!l) {
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    l->srv = s;
    l->st = st;
    l->away_ms = SRV_AWAY_AFTER_S * 1000;
    l->lim = lobby_limits_default();
    l->tick.l = l; /* its own timer: a cluster's tick, a trim put off */
    l->tick.t = NULL;
    l->w = workers_new(nworkers, s);
    if (!l->w) {
        free(l);
        ad_err_set(err, AD_E_INTERNAL, "cannot start the bots' threads");
        return NULL;
    }
    return l;
}

void lobby_quiesce(lobby *l)
{
    srv_timer_cancel(&l->tick);
    for (int i = 0; i < l->ntab; i++)
        srv_timer_cancel(&l->tab[i]->tm);
}

void lobby_free(lobby *l)
{
    if (!l)
        return;
    workers_free(l->w);
    for (int i = 0; i < l->ntab; i++)
        table_free(l->tab[i]);
    for (int i = 0; i < l->nacks; i++)
        json_decref(l->acks[i].rid);
    free(l->acks);
    free(l->tab);
    free(l->gone);
    free(l->makers);
    free(l);
}
