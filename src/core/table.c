/*
 * table.c - a game in progress together with its record: the `new` request
 * (with the seed filled in, so it always replays) and every accepted action.
 * An action is applied in place: a game's apply checks an action before it
 * changes anything (ad_game.apply's promise, which the property tests
 * check), so a rejected action leaves no half change behind, and the
 * record's room is made before, so an accepted one is always recorded.
 * No copy of the state per action: the director's playouts run through here.
 *
 * The record's actions are kept packed, a few bytes each (pack_step), not
 * as ad_steps of 60 bytes: a game of noway is some 1,400 steps, and a
 * server whose stand-in bots play on at 4,750 tables once 19,000 people
 * left held 85 KB of ad_steps a table (issue 33, p4).  ad_table_steps
 * unpacks them when asked for their contents, which only replays and
 * tests do; everyone else asks for the count.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "adjson.h"

struct ad_table {
    const ad_game *g;
    char *req;         /* the `new` request as compact JSON text (a jansson tree of it
                        * took five times the room, and a server holds thousands of
                        * tables); NULL for a table made from a setup... */
    ad_setup *su;      /* ...which keeps that instead, written out when asked for */
    int players;
    uint64_t seed;
    void *st;
    unsigned char *rec; /* the actions, packed (pack_step) */
    size_t len, cap;
    int nsteps;
    ad_step *dec;       /* ad_table_steps' unpacked copy: the first ndec steps, */
    int ndec, dec_cap;  /* made of rec's first dec_len bytes */
    size_t dec_len;
};

/* A step packed: seat, type, then the count of cards with three flags
 * (arg[0], arg[1] and word are there), the cards, the args (2 bytes each,
 * low first) and the word (its length, then its bytes).  Whatever an
 * action does not use (cards past n, the word past its end) is not kept:
 * unpacked, it is zero. */
#define PACKED_MAX (3 + AD_ACTION_MAX_CARDS + 4 + 1 + AD_WORD_MAX)
#define HAS_ARG0 0x20
#define HAS_ARG1 0x40
#define HAS_WORD 0x80

static size_t pack_step(unsigned char *p, int seat, const ad_action *a)
{
    int n = a->n <= AD_ACTION_MAX_CARDS ? a->n : AD_ACTION_MAX_CARDS;
    size_t w = strnlen(a->word, AD_WORD_MAX), k = 3;
    p[0] = (unsigned char)seat;
    p[1] = a->type;
    p[2] = (unsigned char)(n | (a->arg[0] ? HAS_ARG0 : 0) | (a->arg[1] ? HAS_ARG1 : 0) |
                           (w ? HAS_WORD : 0));
    memcpy(p + k, a->cards, (size_t)n);
    k += (size_t)n;
    for (int i = 0; i < 2; i++)
        if (a->arg[i]) {
            uint16_t v = (uint16_t)a->arg[i];
            p[k++] = (unsigned char)(v & 0xff);
            p[k++] = (unsigned char)(v >> 8);
        }
    if (w) {
        p[k++] = (unsigned char)w;
        memcpy(p + k, a->word, w);
        k += w;
    }
    return k;
}

static size_t unpack_step(const unsigned char *p, ad_step *s)
{
    memset(s, 0, sizeof *s);
    size_t k = 3;
    int n = p[2] & 0x1f;
    s->seat = p[0];
    s->action.type = p[1];
    s->action.n = (uint8_t)n;
    memcpy(s->action.cards, p + k, (size_t)n);
    k += (size_t)n;
    for (int i = 0; i < 2; i++)
        if (p[2] & (i ? HAS_ARG1 : HAS_ARG0)) {
            s->action.arg[i] = (int16_t)(uint16_t)(p[k] | p[k + 1] << 8);
            k += 2;
        }
    if (p[2] & HAS_WORD) {
        size_t w = p[k++];
        memcpy(s->action.word, p + k, w);
        k += w;
    }
    return k;
}

static uint64_t fresh_seed(void)
{
    uint64_t x = 0;
    if (getrandom(&x, sizeof x, 0) != (ssize_t)sizeof x) {
        FILE *f = fopen("/dev/urandom", "rb");
        if (f) {
            if (fread(&x, sizeof x, 1, f) != 1)
                x = 0;
            fclose(f);
        }
    }
    return x >> 1; /* fits a JSON integer */
}

ad_table *ad_table_new(const json_t *req, ad_err *err)
{
    ad_setup su;
    if (!json_is_object(req)) {
        ad_err_set(err, AD_E_BAD_FIELD, "a game is set up from a JSON object");
        return NULL;
    }
    const ad_game *g = ad_setup_from_json(req, &su, err);
    if (!g)
        return NULL;
    ad_table *t = calloc(1, sizeof *t);
    if (!t) {
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    t->g = g;
    t->players = su.players;
    if (!json_object_get(req, "seed")) {
        su.seed = fresh_seed();
        json_t *with = json_copy((json_t *)req);
        json_object_set_new(with, "seed", json_integer((json_int_t)su.seed));
        t->req = json_dumps(with, JSON_COMPACT);
        json_decref(with);
    } else {
        t->req = json_dumps(req, JSON_COMPACT);
    }
    t->seed = su.seed;
    t->st = calloc(1, g->state_size);
    if (!t->req || !t->st) {
        ad_table_free(t);
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    if (g->init(t->st, &su, err) < 0) {
        ad_table_free(t);
        return NULL;
    }
    return t;
}

ad_table *ad_table_new_setup(const ad_game *g, const ad_setup *su, ad_err *err)
{
    ad_table *t = calloc(1, sizeof *t);
    if (t) {
        t->su = malloc(sizeof *su);
        t->st = calloc(1, g->state_size);
    }
    if (!t || !t->su || !t->st) {
        ad_table_free(t);
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    *t->su = *su;
    t->g = g;
    t->players = su->players;
    t->seed = su->seed;
    if (g->init(t->st, su, err) < 0) {
        ad_table_free(t);
        return NULL;
    }
    return t;
}

/* The `new` request of a table made from a setup: what ad_setup_from_json
 * reads back into the same setup. */
static json_t *setup_json(const ad_game *g, const ad_setup *su)
{
    json_t *opts = json_object();
    for (int i = 0; i < g->nopt; i++)
        json_object_set_new(opts, g->options[i].name, json_integer(su->opt[i]));
    json_t *req = json_pack("{s:s,s:i,s:o}", "game", g->id, "players", su->players, "options",
                            opts);
    if (su->seed <= (uint64_t)INT64_MAX) {
        json_object_set_new(req, "seed", json_integer((json_int_t)su->seed));
    } else {
        char text[24];
        snprintf(text, sizeof text, "%llu", (unsigned long long)su->seed);
        json_object_set_new(req, "seed", json_string(text));
    }
    if (su->deck_n >= 0)
        json_object_set_new(req, "deck", ad_json_cards(ad_deck_get(g->deck), su->deck, su->deck_n));
    if (su->dealer >= 0)
        json_object_set_new(req, "dealer", json_integer(su->dealer));
    return req;
}

void ad_table_free(ad_table *t)
{
    if (!t)
        return;
    free(t->su);
    free(t->req);
    free(t->st);
    free(t->rec);
    free(t->dec);
    free(t);
}

const ad_game *ad_table_game(const ad_table *t)
{
    return t->g;
}

const void *ad_table_state(const ad_table *t)
{
    return t->st;
}

int ad_table_players(const ad_table *t)
{
    return t->players;
}

uint64_t ad_table_seed(const ad_table *t)
{
    return t->seed;
}

int ad_table_act(ad_table *t, int seat, const ad_action *a, ad_events *ev, ad_err *err)
{
    if (ev)
        ev->n = 0;
    if (t->cap - t->len < PACKED_MAX) { /* room first: an accepted action is recorded */
        size_t cap = t->cap ? t->cap * 2 : 512;
        unsigned char *r = realloc(t->rec, cap);
        if (!r)
            return ad_err_set(err, AD_E_INTERNAL, "out of memory");
        t->rec = r;
        t->cap = cap;
    }
    if (t->g->apply(t->st, seat, a, ev, err) < 0)
        return -1;
    t->len += pack_step(t->rec + t->len, seat, a);
    t->nsteps++;
    return 0;
}

int ad_table_act_json(ad_table *t, int seat, const json_t *action, ad_events *ev, ad_err *err)
{
    ad_action a;
    if (t->g->action_from_json(t->st, action, &a, err) < 0)
        return -1;
    return ad_table_act(t, seat, &a, ev, err);
}

json_t *ad_table_view_json(const ad_table *t, int seat)
{
    /* the view (a state's size, 2.4 KB for the claim games) on the stack:
     * malloc'd, a block that size made malloc gather and sort its free
     * lists each time, and a server builds one view a seat an action */
    _Alignas(max_align_t) unsigned char buf[4096];
    void *v = t->g->state_size <= sizeof buf ? buf : malloc(t->g->state_size);
    if (!v)
        return NULL;
    t->g->view(t->st, seat, v);
    json_t *j = t->g->view_json(v);
    if (v != buf)
        free(v);
    return j;
}

json_t *ad_table_events_json(const ad_table *t, const ad_events *ev)
{
    json_t *a = json_array();
    for (int i = 0; ev && i < ev->n; i++)
        json_array_append_new(a, t->g->event_json(t->st, &ev->ev[i]));
    return a;
}

json_t *ad_table_record_json(const ad_table *t)
{
    json_t *acts = json_array();
    ad_step s;
    for (size_t k = 0; k < t->len;) {
        k += unpack_step(t->rec + k, &s);
        json_array_append_new(acts, json_pack("{s:i,s:o}", "seat", s.seat, "action",
                                              t->g->action_to_json(t->st, &s.action)));
    }
    return json_pack("{s:o,s:o}", "new",
                     t->req ? json_loads(t->req, 0, NULL) : setup_json(t->g, t->su), "actions",
                     acts);
}

ad_table *ad_table_load(const json_t *record, ad_err *err)
{
    ad_err e;
    const json_t *req = json_object_get(record, "new");
    const json_t *acts = json_object_get(record, "actions");
    if (!json_is_object(record) || !json_is_object(req) || !json_is_array(acts)) {
        ad_err_set(err, AD_E_BAD_RECORD,
                   "a record is {\"new\":{...},\"actions\":[{\"seat\":..,\"action\":..},...]}");
        return NULL;
    }
    ad_table *t = ad_table_new(req, &e);
    if (!t) {
        ad_err_set(err, AD_E_BAD_RECORD, "the record's new request fails: %s", e.text);
        return NULL;
    }
    size_t i;
    const json_t *step;
    json_array_foreach(acts, i, step) {
        int seat = 0;
        if (!json_is_object(step) ||
            ad_table_check_seat(t, json_object_get(step, "seat"), &seat, &e) < 0 ||
            ad_table_act_json(t, seat, json_object_get(step, "action"), NULL, &e) < 0) {
            if (!json_is_object(step))
                snprintf(e.text, sizeof e.text, "it is not an object");
            ad_err_set(err, AD_E_BAD_RECORD, "action %zu of the record fails: %s", i, e.text);
            ad_table_free(t);
            return NULL;
        }
    }
    return t;
}

/* The steps unpacked into the table's copy, from where it stopped last
 * time (the table is the caller's, as for every call but the view's: the
 * copy is not shared between threads).  Out of memory, the steps unpacked
 * so far. */
int ad_table_steps(const ad_table *t, const ad_step **steps)
{
    if (!steps)
        return t->nsteps;
    ad_table *m = (ad_table *)t;
    if (m->ndec < m->nsteps && m->dec_cap < m->nsteps) {
        ad_step *d = realloc(m->dec, (size_t)m->nsteps * sizeof *d);
        if (d) {
            m->dec = d;
            m->dec_cap = m->nsteps;
        }
    }
    while (m->ndec < m->dec_cap && m->dec_len < m->len)
        m->dec_len += unpack_step(m->rec + m->dec_len, &m->dec[m->ndec++]);
    *steps = m->dec;
    return m->ndec;
}

int ad_table_check_seat(const ad_table *t, const json_t *seat, int *out, ad_err *err)
{
    if (!seat)
        return ad_err_set(err, AD_E_MISSING_FIELD, "the field \"seat\" is missing");
    if (!json_is_integer(seat) || json_integer_value(seat) < 0 ||
        json_integer_value(seat) >= t->players)
        return ad_err_set(err, AD_E_BAD_SEAT, "seat must be a number from 0 to %d",
                          t->players - 1);
    *out = (int)json_integer_value(seat);
    return 0;
}
