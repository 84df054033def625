/*
 * commit.c - the group commit: at the end of each pass of the loop every
 * table's pending steps and changed meta are stored in one transaction,
 * and only then are the `act`s acknowledged and the updates pushed.  When
 * the commit fails nothing is acknowledged, and the tables it touched are
 * handed back to be rebuilt from the store (restore.c).
 */
#include "lobby_impl.h"

void ad_clear_pend(table *t)
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
void ad_add_step_events(json_t *events, const json_t *step)
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

void ad_flush_pass(lobby *l)
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
            char *meta = ad_meta_text(t);
            ok = store_table_update(l->st, t->id, meta, t->status, t->started_ms, &err) == 0;
            free(meta);
        }
        /* the other nodes hear of it only if it commits */
        if (ok)
            ok = ad_cluster_committing(l, t, &err) == 0;
    }
    if (!writes)
        ad_cluster_tell_online(l);
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
                refuse(l->acks[i].c, l->acks[i].rid, CODE_STORE_FAILED, why);
            json_decref(l->acks[i].rid);
        }
        l->nacks = 0;
        while (t) {
            table *next = t->dnext;
            t->dirty = 0;
            ad_clear_pend(t);
            if (t->meta_dirty && t->status == TABLE_OVER)
                t->status = TABLE_PLAYING;
            t->meta_dirty = 0;
            ad_err e;
            if (ad_rebuild(l, t, &e) < 0)
                fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, e.text);
            ad_push_update(t, json_array(), 1, NULL); /* everyone back to what is stored */
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
                ad_add_step_events(events, ev);
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
        t = next;
    }
}
