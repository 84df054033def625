/*
 * commit.c - the group commit: at the end of each pass of the loop every
 * table's pending steps and changed meta are stored in one transaction,
 * and only then are the `act`s acknowledged and the updates pushed.  When
 * the commit fails nothing is acknowledged, and the tables it touched are
 * handed back to be rebuilt from the store (restore.c).
 */
#include <pthread.h>

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

static void acks_forget(ack *acks, int n, const conn *c)
{
    for (int i = 0; i < n; i++)
        if (acks[i].c == c)
            acks[i].c = NULL;
}

static void committer_forget(lobby *l, const conn *c);

/* c is gone: its acts are stored still, and acknowledged to nobody. */
void ad_acks_forget(lobby *l, const conn *c)
{
    acks_forget(l->acks, l->nacks, c);
    committer_forget(l, c);
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
    if (store_begin(l->st, err) < 0)
        return -1;
    int ok = 1;
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

/* A commit that failed (err): said in the log, and the words its acts are
 * refused with, in why (WHY_MAX bytes). */
#define WHY_MAX (sizeof ((ad_err *)0)->text + 80)
static void say_failed(const ad_err *err, char *why, size_t n)
{
    fprintf(stderr, "alphadeck serve: nothing of this pass was stored: %s\n", err->text);
    snprintf(why, n, "the action could not be stored (%s), so it was not made; try again",
             err->text);
}

/* What was not stored never happened: t's pending steps dropped, and its
 * game's end undone when the failed commit held it (ended). */
static void unstore(table *t, int ended)
{
    t->dirty = 0;
    ad_clear_pend(t);
    if (ended && t->status == TABLE_OVER)
        t->status = TABLE_PLAYING;
    t->meta_dirty = 0;
}

/* The tables of a commit (chained by dnext), each pushed as stored. */
static void push_chain(lobby *l, table *t)
{
    while (t) {
        table *next = t->dnext;
        t->dirty = 0;
        t->meta_dirty = 0;
        push_stored(l, t);
        t = next;
    }
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
        char why[WHY_MAX];
        say_failed(&err, why, sizeof why);
        answer_acks(l, why);
        for (table *u = t; u; u = u->dnext)
            unstore(u, u->meta_dirty);
        return t;
    }
    int64_t t1 = ad_loop_stats_on ? ad_ls_now() : 0;
    answer_acks(l, NULL);
    push_chain(l, t);
    if (ad_loop_stats_on)
        ad_ls_add(LS_PUSH, ad_ls_now() - t1);
    return NULL;
}

/* ---------------------------------------------------------- the commits' thread */

/*
 * On a single node the store's work runs on a thread of its own, so that
 * the loop reads, plays and sends while a commit writes and syncs (the
 * store was a quarter of the server's CPU an action and half of the
 * latency's tail at 19,000 connections: bench/notes/2026-11-30-round-
 * twenty.md).  What makes an action durable does not change: at the
 * pass's end (ad_commit_hand) the dirty tables' steps and meta are copied
 * for the thread, and the acknowledgements and updates are written at
 * once, as after a commit, but held (srv_hold): they leave only when the
 * commit has returned (ad_commit_reap), and are dropped when it failed.
 * One commit at a time, so they leave in order; the steps the tables take
 * meanwhile go with the next.  A table of the commit under way is kept in
 * memory (committing).  When it fails, the acts it held are refused, and
 * so are the later acts of its tables (built on what was not stored),
 * whose tables are rebuilt from the store, as on the loop.
 *
 * The store takes one thread at a time (store.c), so the loop's own
 * writes and reads wait for the commit under way.  A cluster's node
 * commits on the loop: it tells the other nodes inside the transaction.
 */

typedef struct job_step {
    int64_t table;
    uint32_t v;
    int seat, by;
    int64_t at_ms;
    char *action;
} job_step;

typedef struct job_meta {
    int64_t table;
    char *meta;
    int status;
    int64_t started_ms;
} job_meta;

typedef struct job_table {
    table *t;
    int over; /* the meta it stores ends the game */
} job_table;

enum { C_IDLE, C_RUNNING, C_DONE };

struct ad_committer {
    lobby *l;
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int state; /* C_*: the loop sets RUNNING and IDLE, the thread DONE */
    int quit;
    int rc;    /* the commit's: 0 stored, -1 not (err says why) */
    int64_t handed_us, done_us; /* when loop stats are on: its hand-over, its return */
    ad_err err;
    job_step *steps;
    int nsteps, csteps;
    job_meta *metas;
    int nmetas, cmetas;
    job_table *tabs;
    int ntabs, ctabs;
    ack *acks; /* the acts it holds, kept to be refused if it fails */
    int nacks, cacks;
};

/* The thread's one job: the steps and meta handed over, in one transaction. */
static int store_job(struct ad_committer *cm)
{
    store *st = cm->l->st;
    ad_err *err = &cm->err;
    if (store_begin(st, err) < 0)
        return -1;
    for (int i = 0; i < cm->nsteps; i++) {
        const job_step *p = &cm->steps[i];
        if (store_append(st, p->table, p->v, p->seat, p->action, p->by, p->at_ms, err) < 0)
            goto failed;
    }
    for (int i = 0; i < cm->nmetas; i++) {
        const job_meta *m = &cm->metas[i];
        if (store_table_update(st, m->table, m->meta, m->status, m->started_ms, err) < 0)
            goto failed;
    }
    return store_commit(st, err);
failed:
    store_rollback(st);
    return -1;
}

static void *committer_main(void *arg)
{
    srv_thread_slice(); /* an act waits for it too */
    struct ad_committer *cm = arg;
    pthread_mutex_lock(&cm->mu);
    for (;;) {
        while (cm->state != C_RUNNING && !cm->quit)
            pthread_cond_wait(&cm->cv, &cm->mu);
        if (cm->quit)
            break;
        pthread_mutex_unlock(&cm->mu);
        int rc = store_job(cm);
        int64_t done = ad_loop_stats_on ? ad_ls_now() : 0;
        pthread_mutex_lock(&cm->mu);
        cm->rc = rc;
        cm->done_us = done;
        cm->state = C_DONE;
        pthread_cond_broadcast(&cm->cv); /* (ad_commit_settle) */
        srv_wake(cm->l->srv);
    }
    pthread_mutex_unlock(&cm->mu);
    return NULL;
}

int lobby_commit_thread(lobby *l)
{
    struct ad_committer *cm = calloc(1, sizeof *cm);
    if (!cm)
        return -1;
    cm->l = l;
    pthread_mutex_init(&cm->mu, NULL);
    pthread_cond_init(&cm->cv, NULL);
    if (pthread_create(&cm->th, NULL, committer_main, cm) != 0) {
        pthread_mutex_destroy(&cm->mu);
        pthread_cond_destroy(&cm->cv);
        free(cm);
        return -1;
    }
    l->cm = cm;
    return 0;
}

int ad_commit_async(const lobby *l)
{
    return l->cm && !ad_cluster_on(l);
}

int ad_commit_busy(const lobby *l)
{
    if (!l->cm)
        return 0;
    pthread_mutex_lock(&l->cm->mu);
    int busy = l->cm->state != C_IDLE;
    pthread_mutex_unlock(&l->cm->mu);
    return busy;
}

static void committer_forget(lobby *l, const conn *c)
{
    if (l->cm)
        acks_forget(l->cm->acks, l->cm->nacks, c);
}

/* What the commit's copies hold, let go. */
static void job_clear(struct ad_committer *cm)
{
    for (int i = 0; i < cm->nsteps; i++)
        free(cm->steps[i].action);
    for (int i = 0; i < cm->nmetas; i++)
        free(cm->metas[i].meta);
    for (int i = 0; i < cm->nacks; i++)
        json_decref(cm->acks[i].rid);
    for (int i = 0; i < cm->ntabs; i++)
        cm->tabs[i].t->committing = 0;
    cm->nsteps = cm->nmetas = cm->nacks = cm->ntabs = 0;
}

void ad_commit_hand(lobby *l)
{
    struct ad_committer *cm = l->cm;
    if (ad_commit_busy(l))
        return; /* one at a time: the pass's steps wait for the next */
    int writes = 0;
    for (table *t = l->dirty; t && !writes; t = t->dnext)
        writes = t->npend || t->meta_dirty;
    if (!writes) { /* nothing to store: acknowledged and pushed now */
        ad_restore_failed(l, ad_commit_pass(l));
        return;
    }
    for (table *t = l->dirty; t; t = t->dnext) {
        for (int i = 0; i < t->npend; i++) {
            pend_step *p = &t->pend[i];
            cm->steps = ad_grown(cm->steps, cm->nsteps, &cm->csteps, sizeof *cm->steps, 64);
            cm->steps[cm->nsteps++] = (job_step){t->id, p->v, p->seat, p->by, p->at_ms, p->action};
            p->action = NULL; /* the commit's now (ad_clear_pend frees the rest) */
        }
        if (t->meta_dirty) {
            cm->metas = ad_grown(cm->metas, cm->nmetas, &cm->cmetas, sizeof *cm->metas, 16);
            cm->metas[cm->nmetas++] =
                (job_meta){t->id, ad_meta_text(t), t->status, t->started_ms};
        }
        cm->tabs = ad_grown(cm->tabs, cm->ntabs, &cm->ctabs, sizeof *cm->tabs, 64);
        cm->tabs[cm->ntabs++] = (job_table){t, t->meta_dirty && t->status == TABLE_OVER};
        t->committing = 1;
    }
    /* the acts' acknowledgements and the tables' updates, written now and
     * held until the commit returns */
    ack *a = cm->acks;
    int ca = cm->cacks;
    cm->acks = l->acks;
    cm->nacks = l->nacks;
    cm->cacks = l->cacks;
    l->acks = a;
    l->cacks = ca;
    l->nacks = 0;
    srv_hold(l->srv, 1);
    for (int i = 0; i < cm->nacks; i++)
        if (cm->acks[i].c)
            ack_text(cm->acks[i].c, cm->acks[i].rid, cm->acks[i].v);
    table *t = l->dirty;
    l->dirty = NULL;
    push_chain(l, t);
    srv_hold(l->srv, 0);
    if (ad_loop_stats_on) {
        ad_ls_count(LS_COMMITS, 1);
        ad_ls_count(LS_TABLES, cm->ntabs);
    }
    pthread_mutex_lock(&cm->mu);
    cm->handed_us = ad_loop_stats_on ? ad_ls_now() : 0;
    cm->state = C_RUNNING;
    pthread_cond_signal(&cm->cv);
    pthread_mutex_unlock(&cm->mu);
}

static void set_idle(struct ad_committer *cm)
{
    pthread_mutex_lock(&cm->mu);
    cm->state = C_IDLE;
    pthread_mutex_unlock(&cm->mu);
}

/* t's acts not yet handed to a commit refused (why), and t off the dirty
 * list: it is to be rebuilt. */
static void refuse_later(lobby *l, table *t, const char *why)
{
    int w = 0;
    for (int i = 0; i < l->nacks; i++) {
        ack *a = &l->acks[i];
        if (a->table != t->id) {
            l->acks[w++] = *a;
            continue;
        }
        if (a->c)
            refuse(a->c, a->rid, CODE_STORE_FAILED, why);
        json_decref(a->rid);
    }
    l->nacks = w;
    if (t->dirty) {
        for (table **p = &l->dirty; *p; p = &(*p)->dnext)
            if (*p == t) {
                *p = t->dnext;
                break;
            }
    }
}

int ad_commit_reap(lobby *l)
{
    struct ad_committer *cm = l->cm;
    if (!cm)
        return 0;
    pthread_mutex_lock(&cm->mu);
    int done = cm->state == C_DONE;
    pthread_mutex_unlock(&cm->mu);
    if (!done)
        return 0;
    if (ad_loop_stats_on)
        ad_ls_commit(cm->done_us - cm->handed_us);
    if (cm->rc == 0) {
        srv_held_end(l->srv, 1);
        for (int i = 0; i < cm->ntabs; i++) /* kept while it ran (evictable) */
            if (cm->tabs[i].t->status == TABLE_OVER && cm->tabs[i].t->nmem == 0)
                l->evict = 1;
        if (ad_loop_stats_on) {
            for (int i = 0; i < cm->nacks; i++)
                if (cm->acks[i].taken_us)
                    ad_ls_act(cm->acks[i].taken_us);
            ad_ls_count(LS_ACTS, cm->nacks);
        }
        job_clear(cm);
        set_idle(cm);
        return 1;
    }
    srv_held_end(l->srv, 0); /* what was not stored never happened */
    char why[WHY_MAX];
    say_failed(&cm->err, why, sizeof why);
    for (int i = 0; i < cm->nacks; i++)
        if (cm->acks[i].c)
            refuse(cm->acks[i].c, cm->acks[i].rid, CODE_STORE_FAILED, why);
    table *failed = NULL;
    for (int i = 0; i < cm->ntabs; i++) {
        table *t = cm->tabs[i].t;
        refuse_later(l, t, why);
        unstore(t, cm->tabs[i].over || t->meta_dirty);
        t->dnext = failed;
        failed = t;
    }
    job_clear(cm);
    set_idle(cm);
    ad_restore_failed(l, failed);
    return 1;
}

void ad_commit_settle(lobby *l)
{
    struct ad_committer *cm = l->cm;
    if (!cm)
        return;
    pthread_mutex_lock(&cm->mu);
    while (cm->state == C_RUNNING)
        pthread_cond_wait(&cm->cv, &cm->mu);
    pthread_mutex_unlock(&cm->mu);
    ad_commit_reap(l);
}

void ad_commit_thread_stop(lobby *l)
{
    struct ad_committer *cm = l->cm;
    if (!cm)
        return;
    ad_commit_settle(l);
    pthread_mutex_lock(&cm->mu);
    cm->quit = 1;
    pthread_cond_signal(&cm->cv);
    pthread_mutex_unlock(&cm->mu);
    pthread_join(cm->th, NULL);
    pthread_mutex_destroy(&cm->mu);
    pthread_cond_destroy(&cm->cv);
    free(cm->steps);
    free(cm->metas);
    free(cm->tabs);
    free(cm->acks);
    free(cm);
    l->cm = NULL;
}
