/*
 * recent.c - what happened lately at a table, for whoever arrives: the
 * events of its last stored steps, told as the arriving seat (or a
 * spectator) is told them, sent with the answers to `join`, `watch` and
 * `sync` as "recent", so a page reloaded or a spectator arriving mid-game
 * shows the log at once.  Read from the steps a table keeps for sync
 * (t->hist), or, after a restart or for a table read back from the store,
 * replayed from the stored actions (and kept for the next one, unless
 * the game is over: a finished table is held in little room).
 */
#include "lobby_impl.h"

#define SRV_RECENT 50 /* events at most in "recent" */

/* The version of the stored step whose text is in hist[v % SRV_HISTORY],
 * or 0 when that place holds no step or another's. */
static int hist_has(const table *t, uint32_t v)
{
    const char *text = t->hist ? t->hist[v % SRV_HISTORY] : NULL;
    if (!text)
        return 0;
    json_t *step = json_loads(text, 0, NULL);
    int ok = step && json_integer_value(json_object_get(step, "v")) == (json_int_t)v;
    json_decref(step);
    return ok;
}

/* Keeps replayed events as steps in hist, so the next one who arrives (or
 * syncs) finds them in memory: the events of one version make one step. */
static void hist_keep(table *t, const json_t *events)
{
    if (!t->hist && !(t->hist = calloc(SRV_HISTORY, sizeof *t->hist)))
        return;
    size_t i = 0, n = json_array_size(events);
    while (i < n) {
        json_t *first = json_array_get(events, i);
        json_t *v = json_object_get(first, "v");
        json_t *step = json_pack("{s:O,s:O,s:[]}", "v", v, "seat",
                                 json_object_get(first, "seat_acting"), "events");
        if (json_object_get(first, "by"))
            json_object_set(step, "by", json_object_get(first, "by"));
        for (; i < n && json_equal(json_object_get(json_array_get(events, i), "v"), v); i++)
            json_array_append(json_object_get(step, "events"), json_array_get(events, i));
        uint32_t at = (uint32_t)json_integer_value(v) % SRV_HISTORY;
        t->hist[at] = ad_text_over(t->hist[at], step);
        json_decref(step);
    }
}

/* The events of stored versions from+1 to upto: from hist when it holds
 * them all, else replayed from the store (NULL when it cannot be read). */
static json_t *steps_events(lobby *l, table *t, uint32_t from, uint32_t upto)
{
    json_t *events = json_array();
    int kept = 1;
    for (uint32_t v = from + 1; kept && v <= upto; v++)
        kept = hist_has(t, v);
    for (uint32_t v = from + 1; kept && v <= upto; v++) {
        json_t *step = json_loads(t->hist[v % SRV_HISTORY], 0, NULL);
        ad_add_step_events(events, step);
        json_decref(step);
    }
    if (kept)
        return events;
    ad_err err;
    int64_t last_ms;
    uint32_t n;
    ad_table *gt = ad_replay_stored(l, t, &last_ms, &n, from, events, &err);
    if (!gt) {
        json_decref(events);
        return NULL;
    }
    ad_table_free(gt);
    size_t keep = json_array_size(events); /* a cluster's copy may lag the store */
    while (keep > 0 && json_integer_value(json_object_get(json_array_get(events, keep - 1), "v")) >
                           (json_int_t)upto)
        json_array_remove(events, --keep);
    if (!t->end) /* a finished game read back stays in little room (Memory) */
        hist_keep(t, events);
    return events;
}

/* answer["recent"]: the events of the table's last SRV_HISTORY stored
 * steps, at most the last SRV_RECENT of them, oldest first, each with its
 * "text" as seat (-1: a spectator) is told it; empty while it waits. */
void ad_add_recent(lobby *l, table *t, int seat, json_t *answer)
{
    uint32_t upto = version(t) - (uint32_t)t->npend;
    uint32_t from = upto > SRV_HISTORY ? upto - SRV_HISTORY : 0;
    json_t *events = steps_events(l, t, from, upto);
    if (!events) /* the store unreadable: the game goes on, its log starts empty */
        events = json_array();
    while (json_array_size(events) > SRV_RECENT)
        json_array_remove(events, 0);
    json_object_set_new(answer, "recent", ad_told(t, events, seat));
    json_decref(events);
}
