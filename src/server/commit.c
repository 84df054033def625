/*
 * commit.c - the group commit: at the end of each pass of the loop every
 * table's pending steps and changed meta are stored in one transaction,
 * and only then are the `act`s acknowledged and the updates pushed.  When
 * the commit fails nothing is acknowledged, and the tables it touched are
 * handed back to be rebuilt from the store (restore.c).
 */
#include "core/jsonw.h"
#include "lobby_impl.h"
#include "loop_stats.h"

void ad_clear_pend(table *t)
{
    for (int i = 0; i < t->npend; i++) {
        free(t->pend[i].action);
        json_decref(t->pend[i].ev);
    }
    t->npend = 0;
}

/* The events of step appended to events, each marked (copy: a copy of
 * each, else the events themselves); the step's fields looked up once. */
static void mark_step_events(json_t *events, const json_t *step, int copy)
{
    size_t k;
    json_t *e, *v = json_object_get(step, "v"), *seat = json_object_get(step, "seat"),
               *by = json_object_get(step, "by");
    json_array_foreach(json_object_get(step, "events"), k, e) {
        json_t *one = copy ? json_deep_copy(e) : json_incref(e);
        json_object_set(one, "v", v);
        json_object_set(one, "seat_acting", seat);
        if (by)
            json_object_set(one, "by", by);
        json_array_append_new(events, one);
    }
}

/* Appends a stored step's events to a push's list, each marked with the
 * step's version, the seat whose action it was and, when a stand-in or a
 * clock made it, "by" (step: the director's step JSON with its "v"). */
void ad_add_step_events(json_t *events, const json_t *step)
{
    mark_step_events(events, step, 1);
}

/* An act waits for its pass's commit: acknowledged with the version of
 * its step (v) when it commits, refused when it does not. */
void ad_ack_later(lobby *l, conn *c, const json_t *rid, int64_t table_id, uint32_t v)
{
    l->acks = ad_grown(l->acks, l->nacks, &l->cacks, sizeof *l->acks, 64);
    l->acks[l->nacks++] = (ack){c, rid ? json_incref((json_t *)rid) : NULL, table_id, v,
                                ad_loop_stats_on ? ad_ls_now() : 0};
}

/* c is gone: its acts are stored still, and acknowledged to nobody. */
void ad_acks_forget(lobby *l, const conn *c)
{
    for (int i = 0; i < l->nacks; i++)
        if (l->acks[i].c == c)
            l->acks[i].c = NULL;
    ad_calls_forget(l, c); /* and its calls held in a window (race.c) */
}

#define RAW(w, lit) ad_jw_raw(w, lit, sizeof lit - 1)

/* {"ok":true,"v":V,"rid":R} (no rid: without it), the bytes reply()
 * gave the tree, written straight: an answer to every action. */
static void ack_text(conn *c, const json_t *rid, uint32_t v)
{
    static ad_jw w; /* the loop thread's, kept */
    ad_jw_reset(&w);
    RAW(&w, "{\"ok\":true,\"v\":");
    ad_jw_int(&w, (long long)v);
    if (rid) {
        RAW(&w, ",\"rid\":");
        ad_jw_tree(&w, rid);
    }
    RAW(&w, "}");
    if (!w.oom)
        conn_send_text(c, w.p, w.n);
}

/* Every waiting act answered: ok with its version, or (why) refused. */
static void answer_acks(lobby *l, const char *why)
{
    for (int i = 0; i < l->nacks; i++) {
        ack *a = &l->acks[i];
        if (a->c && why)
            refuse(a->c, a->rid, CODE_STORE_FAILED, why);
        else if (a->c)
            ack_text(a->c, a->rid, a->v);
        if (a->taken_us)
            ad_ls_act(a->taken_us);
        json_decref(a->rid);
    }
    l->nacks = 0;
}

/* One dirty table's pending steps and meta, into the open transaction. */
static int store_dirty(lobby *l, table *t, ad_err *err)
{
    for (int i = 0; i < t->npend; i++) {
        pend_step *p = &t->pend[i];
        if (store_append(l->st, t->id, p->v, p->seat, p->action, p->by, p->at_ms, err) < 0)
            return -1;
    }
    if (t->meta_dirty) {
        char *meta = ad_meta_text(t);
        int rc = store_table_update(l->st, t->id, meta, t->status, t->started_ms, err);
        free(meta);
        if (rc < 0)
            return -1;
    }
    /* the other nodes hear of it only if it commits */
    return ad_cluster_committing(l, t, err);
}

/* Stores what the pass's dirty tables did, in one transaction; 0 or -1.  A
 * pass that only changed who is online or whose clock shows writes
 * nothing: no transaction, so a locked database cannot fail it. */
static int store_pass(lobby *l, ad_err *err)
{
    int writes = 0;
    for (table *t = l->dirty; t && !writes; t = t->dnext)
        writes = t->npend || t->meta_dirty;
    if (!writes) {
        ad_cluster_tell_online(l);
        return 0;
    }
    int ok = store_begin(l->st, err) == 0;
    for (table *t = l->dirty; ok && t; t = t->dnext)
        ok = store_dirty(l, t, err) == 0;
    if (ok)
        return store_commit(l->st, err);
    store_rollback(l->st);
    return -1;
}

/* A stored table's steps: kept for sync (the last SRV_HISTORY) and pushed,
 * then its clock and seats when they changed. */
static void push_stored(lobby *l, table *t)
{
    if (t->npend) {
        json_t *events = json_array();
        if (!t->hist)
            t->hist = calloc(SRV_HISTORY, sizeof *t->hist);
        /* the pending steps are about to be let go (ad_clear_pend): their
         * events are marked where they are and taken into the push's list,
         * not copied (a deep copy of every event and its free were 2% of
         * the server's time under load, 2026-11-28).  Only the pending step
         * holds them: the director let its step's tree go when the step
         * was taken (ad_took), and the step's text for sync is written
         * from them, marked (ad_step_over). */
        for (int i = 0; i < t->npend; i++)
            mark_step_events(events, t->pend[i].ev, 0);
        /* then each step's text for sync, from the push's events whole
         * (ad_step_over: their fields written once for both) */
        for (int i = 0, at = 0; t->hist && i < t->npend; i++) { /* without it, sync sends the view alone */
            json_t *ev = t->pend[i].ev;
            int n = (int)json_array_size(json_object_get(ev, "events"));
            char **h = &t->hist[t->pend[i].v % SRV_HISTORY];
            *h = ad_step_over(*h, events, (size_t)at, (size_t)(at + n), t->pend[i].v,
                              t->pend[i].seat, json_object_get(ev, "by"));
            at += n;
        }
        ad_clear_pend(t);
        ad_push_update(t, events, 0, NULL);
    }
    if (t->clock_dirty) {
        t->clock_dirty = 0;
        ad_push_clock(t);
    }
    if (t->seats_dirty)
        ad_push_seats(t);
    if (t->status == TABLE_OVER && !t->npend)
        ad_compact(t);
    if (t->status == TABLE_OVER && t->nmem == 0)
        l->evict = 1;
}

/* The commit's time and what it stored (ALPHADECK_LOOP_STATS). */
static void count_pass(lobby *l, int64_t t0, const int64_t sched0[2])
{
    int64_t sched[2];
    ad_ls_sched(sched);
    ad_ls_add(LS_COMMIT, ad_ls_now() - t0);
    ad_ls_add(LS_COMMIT_CPU, (sched[0] - sched0[0]) / 1000);
    ad_ls_add(LS_COMMIT_QUEUED, (sched[1] - sched0[1]) / 1000);
    ad_ls_count(LS_ACTS, l->nacks);
    ad_ls_count(LS_COMMITS, 1);
    int n = 0;
    for (table *t = l->dirty; t; t = t->dnext)
        n++;
    ad_ls_count(LS_TABLES, n);
}

table *ad_commit_pass(lobby *l)
{
    ad_err err;
    int64_t t0 = 0, sched0[2] = {0, 0};
    if (ad_loop_stats_on) {
        t0 = ad_ls_now();
        ad_ls_sched(sched0);
    }
    int ok = store_pass(l, &err) == 0;
    if (ad_loop_stats_on)
        count_pass(l, t0, sched0);
    table *t = l->dirty;
    l->dirty = NULL;
    if (!ok) {
        fprintf(stderr, "alphadeck serve: nothing of this pass was stored: %s\n", err.text);
        char why[sizeof err.text + 80];
        snprintf(why, sizeof why, "the action could not be stored (%s), so it was not made; try again",
                 err.text);
        answer_acks(l, why);
        for (table *u = t; u; u = u->dnext) { /* what was not stored never happened */
            u->dirty = 0;
            ad_clear_pend(u);
            if (u->meta_dirty && u->status == TABLE_OVER)
                u->status = TABLE_PLAYING;
            u->meta_dirty = 0;
        }
        return t;
    }
    int64_t t1 = ad_loop_stats_on ? ad_ls_now() : 0;
    answer_acks(l, NULL);
    while (t) {
        table *next = t->dnext;
        t->dirty = 0;
        t->meta_dirty = 0;
        push_stored(l, t);
        t = next;
    }
    if (ad_loop_stats_on)
        ad_ls_add(LS_PUSH, ad_ls_now() - t1);
    return NULL;
}
