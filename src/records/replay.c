/*
 * replay.c - a record opened for review (alphadeck/records.h).  The library checks
 * the whole record once (ad_table_load); then the states of every SNAP-th
 * step are kept, so any step is at most SNAP-1 actions from a copy.  Going
 * back copies an earlier snapshot and plays forward: states are plain
 * memory and the games are deterministic, so the position is exactly the
 * one the game had.  For the clients' display code, which reads a table,
 * ad_replay_table builds one at the step shown from the record's own request.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alphadeck/records.h"

enum { SNAP = 32 };

struct ad_replay {
    const ad_game *g;
    int players;
    uint64_t seed;
    int human;       /* the record's "human", or -1 */
    json_t *req;     /* the record's new request, with its seed */
    ad_step *steps;
    int n;           /* actions in the record */
    unsigned char *snaps; /* state of step i*SNAP, for i = 0 .. n/SNAP */
    void *cur;       /* the state of step `at` */
    int at;
    ad_events ev;    /* the events of step `at` */
};

static void *snap(const ad_replay *r, int i)
{
    return r->snaps + (size_t)i * r->g->state_size;
}

/* The state of step k into r->cur, and step k's events into r->ev. */
static int rebuild(ad_replay *r, int k, ad_err *err)
{
    int base = k == 0 ? 0 : (k - 1) / SNAP * SNAP;
    memcpy(r->cur, snap(r, base / SNAP), r->g->state_size);
    r->ev.n = 0;
    for (int i = base; i < k; i++) {
        const ad_step *s = &r->steps[i];
        ad_events *ev = i == k - 1 ? &r->ev : NULL;
        if (ev)
            ev->n = 0;
        if (r->g->apply(r->cur, s->seat, &s->action, ev, err) < 0)
            return -1; /* cannot happen: the library replayed the record */
    }
    r->at = k;
    return 0;
}

ad_replay *ad_replay_load(const json_t *record, ad_err *err)
{
    ad_table *t = ad_table_load(record, err);
    if (!t)
        return NULL;
    /* the record as the table keeps it: its `new` always has the seed */
    json_t *rec = ad_table_record_json(t);
    const ad_step *steps;
    int n = ad_table_steps(t, &steps);
    ad_setup su;
    const ad_game *g = ad_setup_from_json(json_object_get(rec, "new"), &su, err);
    ad_replay *r = g ? calloc(1, sizeof *r) : NULL;
    if (!r) {
        if (g)
            ad_err_set(err, AD_E_INTERNAL, "out of memory");
        goto fail;
    }
    r->g = g;
    r->players = ad_table_players(t);
    r->seed = ad_table_seed(t);
    r->req = json_incref(json_object_get(rec, "new"));
    {
        const json_t *h = json_object_get(r->req, "human");
        r->human = json_is_integer(h) && json_integer_value(h) >= 0 &&
                           json_integer_value(h) < r->players
                       ? (int)json_integer_value(h)
                       : -1;
    }
    r->n = n;
    r->steps = malloc((size_t)(n ? n : 1) * sizeof *r->steps);
    r->snaps = calloc((size_t)(n / SNAP + 1), g->state_size);
    r->cur = calloc(1, g->state_size);
    if (!r->steps || !r->snaps || !r->cur) {
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        goto fail;
    }
    if (n) /* a record with no actions has no steps array */
        memcpy(r->steps, steps, (size_t)n * sizeof *steps);
    if (g->init(r->cur, &su, err) < 0)
        goto fail;
    for (int i = 0; i < n; i++) {
        if (i % SNAP == 0)
            memcpy(snap(r, i / SNAP), r->cur, g->state_size);
        if (g->apply(r->cur, steps[i].seat, &steps[i].action, NULL, err) < 0)
            goto fail;
    }
    if (n % SNAP == 0)
        memcpy(snap(r, n / SNAP), r->cur, g->state_size);
    if (rebuild(r, 0, err) < 0)
        goto fail;
    json_decref(rec);
    ad_table_free(t);
    return r;
fail:
    ad_replay_free(r);
    json_decref(rec);
    ad_table_free(t);
    return NULL;
}

ad_replay *ad_replay_open(const char *path, ad_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        ad_err_set(err, AD_E_IO, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
        fclose(f);
        ad_err_set(err, AD_E_IO, "cannot read %s: it is a directory", path);
        return NULL;
    }
    json_error_t je;
    json_t *rec = json_loadf(f, JSON_REJECT_DUPLICATES, &je);
    fclose(f);
    if (!rec) {
        ad_err_set(err, AD_E_BAD_JSON, "%s is not a game record: it is not JSON (line %d: %s)",
                   path, je.line, je.text);
        return NULL;
    }
    ad_err e;
    ad_replay *r = ad_replay_load(rec, &e);
    json_decref(rec);
    if (!r)
        ad_err_set(err, e.code == AD_E_BAD_RECORD ? AD_E_BAD_RECORD : e.code,
                   "%s is not a game record that can be replayed: %s", path, e.text);
    return r;
}

void ad_replay_free(ad_replay *r)
{
    if (!r)
        return;
    json_decref(r->req);
    free(r->steps);
    free(r->snaps);
    free(r->cur);
    free(r);
}

const ad_game *ad_replay_game(const ad_replay *r)
{
    return r->g;
}

int ad_replay_players(const ad_replay *r)
{
    return r->players;
}

uint64_t ad_replay_seed(const ad_replay *r)
{
    return r->seed;
}

int ad_replay_length(const ad_replay *r)
{
    return r->n;
}

int ad_replay_at(const ad_replay *r)
{
    return r->at;
}

int ad_replay_goto(ad_replay *r, int k, ad_err *err)
{
    if (k < 0 || k > r->n)
        return ad_err_set(err, AD_E_BAD_FIELD, "there is no step %d: the steps are 0 to %d", k,
                          r->n);
    if (k == r->at)
        return 0;
    return rebuild(r, k, err);
}

json_t *ad_replay_view_json(const ad_replay *r, int seat)
{
    void *v = malloc(r->g->state_size);
    if (!v)
        return NULL;
    r->g->view(r->cur, seat, v);
    json_t *j = r->g->view_json(v);
    free(v);
    return j;
}

json_t *ad_replay_events_json(const ad_replay *r)
{
    json_t *a = json_array();
    for (int i = 0; i < r->ev.n; i++)
        json_array_append_new(a, r->g->event_json(r->cur, &r->ev.ev[i]));
    return a;
}

const ad_step *ad_replay_step(const ad_replay *r)
{
    return r->at > 0 ? &r->steps[r->at - 1] : NULL;
}

json_t *ad_replay_action_json(const ad_replay *r)
{
    const ad_step *s = ad_replay_step(r);
    return s ? r->g->action_to_json(r->cur, &s->action) : NULL;
}

ad_table *ad_replay_table(const ad_replay *r, ad_err *err)
{
    ad_table *t = ad_table_new(r->req, err);
    for (int i = 0; t && i < r->at; i++)
        if (ad_table_act(t, r->steps[i].seat, &r->steps[i].action, NULL, err) < 0) {
            ad_table_free(t); /* cannot happen: the library replayed the record */
            t = NULL;
        }
    return t;
}

int ad_replay_human(const ad_replay *r)
{
    return r->human;
}
