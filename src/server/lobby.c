/*
 * lobby.c - players, tables and the server protocol's commands
 * (docs/server.md), and this file the lobby's centre: the tables it holds
 * (a registry by number), a table's life from made to freed, finished
 * tables leaving memory (evict), and what net.c calls at a pass's end.
 * Each table being played runs on a director: the loop gives it the wall
 * clock, people's actions and the workers' bot answers (running.c); what
 * the director applies is kept as pending steps until the end of the
 * loop's pass, when they are all stored in one commit and only then are
 * the `act`s acknowledged and the updates pushed (commit.c; on a single
 * node the commit runs on a thread of its own while the loop goes on).
 * When the commit fails nothing is acknowledged and every table it
 * touched is rebuilt from the store (restore.c).  Each other job has a
 * file of its own: lobby_impl.h lists them.
 */
#include <malloc.h>
#include <stdarg.h>
#include <unistd.h>

#include "json_pool.h"
#include "lobby_impl.h"
#include "loop_stats.h"

/* The clock presets (server.h), by name in `create` and in a table's meta;
 * GET /api/games lists them too. */
const srv_clock_preset ad_clock_presets[] = {
    {"untimed", 0, 15000},
    {"relaxed", 60000, 15000},
    {"normal", 30000, 10000},
    {"blitz", 10000, 5000},
};
const int ad_clock_presets_n = (int)(sizeof ad_clock_presets / sizeof ad_clock_presets[0]);

/* Room for one more item in a growable array (items, n used of *cap),
 * doubling from `first`: the lobby's arrays all grow through here.  Out of
 * memory it aborts, as for the log of a table's steps there is nothing
 * sane to do without it; the arrays are small and few. */
void *ad_grown(void *items, int n, int *cap, size_t size, int first)
{
    if (n < *cap)
        return items;
    int c = *cap ? *cap * 2 : first;
    void *more = realloc(items, (size_t)c * size);
    if (!more)
        abort();
    *cap = c;
    return more;
}

/* A text kept from push to push is about the size it was (a seat's view
 * with a card more or less, or its first bytes alone when its end is the
 * text the table's other audiences share): its block is taken again as it
 * is, so that a push in steady state calls no allocator (issue 33).  A
 * block that grows takes a quarter more than asked; one with more than
 * the text's size and 256 bytes to spare is cut down to it. */
void *ad_refit(void *p, size_t n)
{
    size_t room = p ? malloc_usable_size(p) : 0;
    if (p && ad_refits(room, n))
        return p;
    return realloc(p, p && room < n ? n + n / 4 : n); /* (a first block: n, for idle tables) */
}

table *ad_find_table(lobby *l, int64_t id)
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

void ad_add_table(lobby *l, table *t)
{
    l->tab = ad_grown(l->tab, l->ntab, &l->ctab, sizeof *l->tab, 64);
    int i = l->ntab++; /* ids only grow, but resume may hand them in any order */
    while (i > 0 && l->tab[i - 1]->id > t->id) {
        l->tab[i] = l->tab[i - 1];
        i--;
    }
    l->tab[i] = t;
    t->tm.l = l;
    t->tm.t = t;
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
    json_t *m = json_pack("{s:o,s:s,s:i}", "seats", seats, "clock", ad_clock_presets[t->clock].name,
                          "bot_pause_ms", t->pause_ms);
    if (t->next)
        json_object_set_new(m, "next", json_integer(t->next));
    if (t->seeded)
        json_object_set_new(m, "seeded", json_true());
    if (t->creator)
        json_object_set_new(m, "creator", json_integer(t->creator));
    if (t->talk != TALK_REACTIONS)
        json_object_set_new(m, "talk", json_string(ad_talk_name(t->talk)));
    if (t->quick)
        json_object_set_new(m, "quick", json_true());
    json_object_set_new(m, "call_grace_ms", json_integer(t->call_grace_ms));
    if (t->hints)
        json_object_set_new(m, "hints", json_true());
    return m;
}

char *ad_meta_text(const table *t)
{
    json_t *m = meta_json(t);
    char *s = json_dumps(m, JSON_COMPACT);
    json_decref(m);
    return s;
}

void ad_free_end(table *t)
{
    for (int k = 0; t->end && k <= t->players; k++)
        free(t->end[k]);
    free(t->end);
    t->end = NULL;
}

/* The table lets its game go: the director (playing, over) or the deal
 * (waiting), whichever it holds. */
void ad_drop_game(table *t)
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
 * reads it back: ad_load_table) in little room: the last views as text
 * instead of the director and every step of the game (a finished table
 * read back for a watch took 20 to 50 KB; as text a few).  Nothing of a
 * finished game asks its director again: act is refused (game_over), sync
 * reads the steps from its history or the store.
 */
void ad_compact(table *t)
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
        ad_free_end(t);
        return;
    }
    t->end_v = v;
    ad_drop_game(t);
    ad_delta_free(t); /* the views kept for deltas: after the end, updates go whole */
}

/* A table with room for its seats, and no more (NULL: out of memory). */
table *ad_alloc_table(int players)
{
    table *t = calloc(1, sizeof *t + (size_t)players * sizeof t->seat[0]);
    if (t) {
        t->players = players;
        t->call_grace_ms = ad_grace_of_meta(NULL); /* the default until told */
    }
    return t;
}

void ad_free_table(table *t)
{
    ad_clear_pend(t);
    free(t->pend);
    free(t->mem);
    for (int k = 0; t->hist && k < SRV_HISTORY; k++)
        free(t->hist[k]);
    free(t->hist);
    ad_drop_game(t);
    ad_free_end(t);
    ad_delta_free(t);
    free(t->new_req);
    free(t);
}

/*
 * A finished game nobody is at any more (no connection sits at it or
 * watches it) leaves memory once all of it is stored, and, in a cluster,
 * once its lease is dropped: a long-running server would otherwise hold
 * every game it ever played (about 120 KB each, mostly the sync history).
 * Its record, replay and the rest stay in the store, and a request naming
 * it reads it back (ad_load_table, the path of a restart; a sync then reads
 * its steps from the store).  The KEEP_FINISHED newest finished tables
 * stay, since `tables` lists them (alone, not in a cluster, whose `tables`
 * reads the store).
 */
#define KEEP_FINISHED 20
#define TRIM_AFTER 32       /* tables freed */
#define TRIM_AFTER_GONE 1024 /* or connections gone */
#define TRIM_SETTLE_MS 1000 /* after that many went: the rest of a crowd goes meanwhile */
#define TRIM_EVERY_MS 5000

static int evictable(const table *t)
{
    return (t->status == TABLE_OVER || t->status == TABLE_EXPIRED) && t->nmem == 0 &&
           !t->dirty && !t->npend && !t->meta_dirty && !t->leased && !t->committing;
}

/* Many tables gone (their watchers left): the memory they held goes back
 * to the system rather than stay with malloc for good.  Trimming walks the
 * whole heap, so at most every TRIM_EVERY_MS: when that is too soon, at
 * the lobby's tick (lobby_timer). */
void ad_trim(lobby *l)
{
    if (l->freed < TRIM_AFTER && l->conns_gone < TRIM_AFTER_GONE)
        return;
    int64_t now = srv_now_ms(), wait = l->trimmed_ms + TRIM_EVERY_MS - now;
    if (wait > 0) {
        if (!ad_cluster_on(l)) /* a cluster's node ticks every second anyway */
            srv_timer(l->srv, &l->tick, wait);
        return;
    }
    int64_t t0 = ad_loop_stats_on ? ad_ls_now() : 0;
    ad_json_pool_trim(); /* the trees' blocks kept, first */
    ad_delta_trim();
    malloc_trim(0);
    if (ad_loop_stats_on)
        ad_ls_add(LS_TRIM, ad_ls_now() - t0);
    l->freed = 0;
    l->conns_gone = 0;
    l->trimmed_ms = now;
}

/* Many connections gone (19,000 people leaving at once): what their
 * buffers and the frames of their leaving took is free in the heap but
 * still resident, in holes no sbrk gives back, 30 to 40 MB of them (issue
 * 33, p4); a trim a moment later, once the crowd is gone, returns those
 * pages to the system. */
void ad_conn_counted_gone(lobby *l)
{
    if (++l->conns_gone == TRIM_AFTER_GONE && !ad_cluster_on(l)) /* a cluster's node ticks anyway */
        srv_timer(l->srv, &l->tick, TRIM_SETTLE_MS);
}

void ad_evict_finished(lobby *l)
{
    l->evict = 0;
    int over = 0, w = l->ntab;
    for (int i = l->ntab - 1; i >= 0; i--) { /* newest first, kept ones packed at the top */
        table *t = l->tab[i];
        int listed = !ad_cluster_on(l) && t->status == TABLE_OVER && over++ < KEEP_FINISHED;
        if (!listed && evictable(t)) {
            srv_timer_cancel(&t->tm);
            ad_free_table(t);
            l->freed++;
        } else {
            l->tab[--w] = t;
        }
    }
    memmove(l->tab, l->tab + w, (size_t)(l->ntab - w) * sizeof *l->tab);
    l->ntab -= w;
    ad_trim(l);
}

/* After a commit: tables moved to other nodes let go, finished ones
 * evicted. */
static void after_commit(lobby *l)
{
    ad_cluster_give_ups(l);
    if (l->evict && ad_loop_stats_on) {
        int64_t t0 = ad_ls_now();
        ad_evict_finished(l);
        ad_ls_add(LS_EVICT, ad_ls_now() - t0);
    } else if (l->evict) {
        ad_evict_finished(l);
    }
}

/* Everything stored, acknowledged and pushed when it returns: the commit
 * under way on its thread first (one at a time, in order), then the rest
 * on this one (the loop's end, a cluster's node, the lobby's tests). */
void lobby_flush(lobby *l)
{
    ad_commit_settle(l);
    if (l->dirty || l->nacks)
        ad_restore_failed(l, ad_commit_pass(l));
    after_commit(l);
}

/* The group commit's pace.  A commit costs about the same whether it
 * holds one action or fifty: its fsync (11% of the server's CPU under
 * compare-bgio at a commit a pass, 4% at 5 ms), its WAL header and
 * checksums, and the sends it releases (one a connection, however many
 * updates it holds).  A busy
 * loop ends a pass every millisecond or so, each with a few actions; so
 * while the last commit was less than commit_every_ms ago the pass's
 * actions wait for the next one (their acts unacknowledged, their
 * updates unsent), and a timer makes sure it comes; on libuv the loop
 * naps until then instead (may_nap: the wait returned), and its next
 * pass takes what came meanwhile and commits it all.  An idle server
 * commits at the end of the pass that has an action, as before: a family
 * at one table waits for no timer.  A cluster's node commits every pass.
 * Figures: docs/server.md, "The group commit's pace". */

/* The commit, and the timer of one put off no longer needed. */
static void commit_now(lobby *l)
{
    if (l->commit_put_off) {
        l->commit_put_off = 0;
        srv_timer_cancel(&l->commit_tm);
    }
    ad_answers_anew(l);
    if (!ad_commit_async(l)) {
        lobby_flush(l);
        return;
    }
    if (l->dirty || l->nacks)
        ad_commit_hand(l);
    after_commit(l);
}

/* While a commit is under way on its thread and a pass has more for the
 * next, the loop naps this long at most, then takes what came meanwhile
 * (the commit's end wakes it at once): what comes during a commit is read
 * and played while it runs, a millisecond's worth at a time, not one
 * wake a request. */
#define BUSY_NAP_US 1000

/* A commit that ended on its thread taken back, and what it finished
 * evicted: 1 when there was one. */
static int reaped(lobby *l)
{
    if (!ad_commit_reap(l))
        return 0;
    after_commit(l);
    return 1;
}

int lobby_pass_start(lobby *l)
{
    return reaped(l);
}

int64_t lobby_pass_end(lobby *l, int may_nap)
{
    reaped(l);
    if (ad_commit_busy(l)) {
        /* one commit at a time: this pass's waits for the one under way,
         * whose end wakes the loop */
        return may_nap && (l->dirty || l->nacks) ? BUSY_NAP_US : 0;
    }
    int64_t gap = (int64_t)l->lim.commit_every_ms * 1000;
    if ((l->dirty || l->nacks) && gap > 0 && !ad_cluster_on(l)) {
        int64_t now = ad_ls_now(), wait = l->committed_us + gap - now;
        if (wait > 0) {
            l->commit_put_off = 1;
            if (may_nap) /* the loop naps, then takes what came meanwhile */
                return wait;
            /* set again each time: a timer that fired a little early must
             * not leave the actions waiting */
            srv_timer(l->srv, &l->commit_tm, (wait + 999) / 1000);
            return 0;
        }
        l->committed_us = now;
    }
    commit_now(l);
    return 0;
}

void ad_commit_before_answer(lobby *l, const json_t *req)
{
    const json_t *id = json_object_get(req, "table");
    const table *t = json_is_integer(id) ? ad_find_table(l, json_integer_value(id)) : NULL;
    /* its table has steps not stored yet: played while a commit ran on its
     * thread (waiting for the next), in the one under way, or in this
     * pass.  Answered now, a sync or a join would tell a version before it
     * is stored, and before its update: everything is stored and pushed
     * first, as at the loop's end.  Once a step at most: what is stored is
     * not stored again.  A table whose steps are all stored (or one not in
     * memory) is told as it is: the commit put off stays put off for the
     * acts waiting for it.  A request that names no table is answered
     * after the commit put off, whatever it tells. */
    int unstored = t && (t->npend || t->committing);
    if (!unstored && (!l->commit_put_off || json_is_integer(id)))
        return;
    l->committed_us = ad_ls_now();
    commit_now(l);
    if (unstored)
        lobby_flush(l); /* the commit on its thread waited for, the rest on this one */
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
        .talk_burst = SRV_TALK_BURST,
        .talk_every_ms = SRV_TALK_EVERY_MS,
        .commit_every_ms = SRV_COMMIT_EVERY_MS,
        .fill_after_s = SRV_FILL_AFTER_S,
        .rematch_s = SRV_REMATCH_S,
    };
}

void lobby_set_limits(lobby *l, const lobby_limits *lim)
{
    l->lim = *lim;
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

char *srv_refusal_text(const char *code, const char *text)
{
    json_t *j = json_pack("{s:b,s:s,s:s}", "ok", 0, "error", text, "code", code);
    char *s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return s;
}

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
    l->commit_tm.l = l; /* fires as the tick does: the pass it ends commits */
    l->commit_tm.t = NULL;
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
    srv_timer_cancel(&l->commit_tm);
    for (int i = 0; i < l->ntab; i++)
        srv_timer_cancel(&l->tab[i]->tm);
}

void lobby_free(lobby *l)
{
    if (!l)
        return;
    ad_commit_thread_stop(l);
    workers_free(l->w);
    for (int i = 0; i < l->ntab; i++)
        ad_free_table(l->tab[i]);
    for (int i = 0; i < l->nacks; i++)
        json_decref(l->acks[i].rid);
    free(l->acks);
    for (int i = 0; i < l->ncalls; i++) /* calls still held for a window: answered to nobody */
        json_decref(l->calls[i].rid);
    free(l->calls);
    free(l->tab);
    free(l->gone);
    free(l->makers);
    ad_talk_free(l);
    ad_hint_free(l);
    free(l);
}
