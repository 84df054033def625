/*
 * cluster.c - several nodes on one PostgreSQL (docs/deploy.md): leases,
 * the notices nodes tell each other, spectators' copies of tables another
 * node plays.  A single node (no lobby_cluster call) runs none of this.
 */
#include "bus.h"
#include "lobby_impl.h"

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
    ad_push_all(t, json_pack("{s:s,s:I}", "push", "moved", "table", (json_int_t)t->id));
    while (t->nmem > 0)
        ad_drop_member(t, t->mem[t->nmem - 1].c);
    srv_timer_cancel(&t->tm);
    int i = 0;
    while (i < l->ntab && l->tab[i] != t)
        i++;
    if (i < l->ntab) {
        memmove(&l->tab[i], &l->tab[i + 1], (size_t)(l->ntab - i - 1) * sizeof *l->tab);
        l->ntab--;
    }
    ad_free_table(t);
}

/* Asks for table id to be given up at the end of this pass, to node `to`
 * ("": its lease is not this node's any more). */
static void give_up(lobby *l, int64_t id, const char *to)
{
    l->gone = ad_grown(l->gone, l->ngone, &l->cgone, sizeof *l->gone, 16);
    l->gone[l->ngone].id = id;
    snprintf(l->gone[l->ngone].to, sizeof l->gone[l->ngone].to, "%s", to);
    l->ngone++;
}

void ad_cluster_give_ups(lobby *l)
{
    if (!l->ngone)
        return;
    for (int i = 0; i < l->ngone; i++) {
        table *t = ad_find_table(l, l->gone[i].id);
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
    table *t = ad_row_table(row, r->err);
    if (!t) {
        r->failed++;
        return 1;
    }
    t->remote = 1;
    t->tm.l = r->l;
    t->tm.t = t;
    int64_t last_ms;
    t->t0 = ad_replay_stored(r->l, t, &last_ms, &t->rv, 0, NULL, r->err);
    if (!t->t0) {
        ad_free_table(t);
        r->failed++;
        return 1;
    }
    ad_add_table(r->l, t);
    return 1;
}

static table *remote_table(lobby *l, int64_t id, ad_err *err)
{
    resume_ctx r = {l, err, 0, 0};
    if (store_table_get(l->st, id, remote_one, &r, err) != 0 || r.failed)
        return NULL;
    return ad_find_table(l, id);
}

/* A remote copy's seats and status as stored now. */
static int refresh_one(void *ctx, const store_table *row)
{
    table *t = ctx;
    t->status = row->status;
    ad_parse_meta(t, row->meta);
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
            json_t *step = ad_stored_step(t->t0, json_array_get(acts, k), k + 1, &err);
            if (!step)
                break;
            ad_add_step_events(events, step);
            json_decref(step);
            t->rv = k + 1;
        }
        json_decref(acts);
        if (t->status == TABLE_PLAYING && t->g->is_over(ad_table_state(t->t0)))
            t->status = TABLE_OVER;
        ad_push_update(t, events, 0, NULL);
    }
    if (seats)
        ad_push_seats(t);
}

void lobby_bus_news(lobby *l)
{
    char *text;
    while ((text = bus_take(l->bus)) != NULL) {
        json_error_t je;
        json_t *n = json_loads(text, 0, &je);
        free(text);
        const char *from = json_string_value(json_object_get(n, "from"));
        table *t = ad_find_table(l, json_integer_value(json_object_get(n, json_object_get(n, "release") ? "release" : "t")));
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
    table *old = ad_find_table(l, id);
    if (old && old->remote)
        forget_table(l, old, NULL); /* its spectators watch again, the table itself now */
    table *t = ad_find_table(l, id);
    if (!t)
        t = ad_load_table(l, id, NULL);
    if (!t)
        return ad_err_set(err, AD_E_IO, "table %lld could not be read from the store",
                          (long long)id);
    t->leased = t->renewed = 1;
    *out = t;
    return 0;
}

static int renewed_one(void *ctx, int64_t id)
{
    table *t = ad_find_table(ctx, id);
    if (t)
        t->renewed = 1;
    return 0;
}

static int lapsed_one(void *ctx, int64_t id)
{
    lobby *l = ctx;
    table *t = ad_find_table(l, id);
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
void ad_cluster_tick(lobby *l)
{
    if (!ad_cluster_on(l))
        return;
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
    const command *k = ad_command_find(json_string_value(json_object_get(req, "cmd")));
    int spectate = k && k->spectates;
    conn_lobby *cl = conn_state(c);
    table *t = ad_find_table(l, id);
    if (t && (!t->remote || (spectate && cl->route != id) || t->status == TABLE_OVER))
        return t;
    ad_err err;
    if (spectate && cl->route != id) {
        /* a spectator on a lobby connection takes no lease: it follows the
         * stored log, whichever node plays the table */
        if ((t = remote_table(l, id, &err)) != NULL)
            return t;
        refuse(c, rid, CODE_STORE_FAILED, err.text);
        return NULL;
    }
    int rc = take_table(l, id, &t, &err);
    if (rc == 0)
        return t;
    if (rc < 0) {
        refuse(c, rid, err.code == AD_E_IO ? CODE_STORE_FAILED : ad_code_token(err.code), err.text);
        return NULL;
    }
    if (cl->route == id) {
        /* HAProxy sends this table's people here: ask its node to let it go */
        char text[160];
        snprintf(text, sizeof text, "{\"release\":%lld,\"from\":\"%s\"}", (long long)id, l->node);
        if (store_notify(l->st, text, &err) < 0)
            fprintf(stderr, "alphadeck serve: %s\n", err.text);
        refuse(c, rid, CODE_MOVING, "the table is moving to this server; ask again in a moment");
        return NULL;
    }
    refuse(c, rid, CODE_ELSEWHERE,
           "another server plays that table: connect to /ws?table=<its number> to play it");
    return NULL;
}

/* A table this node made (create, rematch): a cluster's node plays the
 * tables it makes, so it takes the lease at once. */
void ad_cluster_made(lobby *l, table *t)
{
    if (!l->node[0])
        return;
    int64_t now = srv_now_ms();
    ad_err e;
    if (store_lease_take(l->st, t->id, now, now + LEASE_MS, &e) == 0)
        t->leased = t->renewed = 1;
    else
        fprintf(stderr, "alphadeck serve: new table %lld: %s\n", (long long)t->id, e.text);
}

/* Reads "table": a table the lobby holds. */
static int exists_one(void *ctx, const store_table *row)
{
    resume_ctx *r = ctx;
    r->expired = row->status == TABLE_EXPIRED;
    return 1;
}

/* In a cluster, the table a request names (req_table): 1 with *out this
 * node's own (its lease taken now if need be), a remote copy for a
 * spectator, or NULL after a refusal; 0 on a single node, or for a table
 * the store does not hold (the lobby looks for it itself). */
int ad_cluster_req_table(lobby *l, conn *c, int64_t id, const json_t *req, const json_t *rid,
                         table **out)
{
    if (!ad_cluster_on(l) || id <= 0)
        return 0;
    ad_err err;
    resume_ctx r = {l, &err, 0, 0};
    int known = store_table_get(l->st, id, exists_one, &r, &err);
    *out = NULL;
    if (known == 0 && r.expired)
        refuse(c, rid, CODE_UNKNOWN_TABLE, SRV_CLOSED_WORDS);
    else if (known == 0)
        *out = cluster_table(l, c, id, req, rid);
    else if (known < 0)
        refuse(c, rid, CODE_STORE_FAILED, err.text);
    return known <= 0;
}

/* A table is committing its steps or who is online (commit.c): the other
 * nodes hear of it, in the same transaction, so only if it commits. */
int ad_cluster_committing(lobby *l, const table *t, ad_err *err)
{
    if (!ad_cluster_on(l) || !(t->npend || t->seats_dirty))
        return 0;
    return notice(l, t, err);
}

/* A pass that wrote nothing: who is online now, told outside a transaction. */
void ad_cluster_tell_online(lobby *l)
{
    ad_err err;
    for (table *t = l->dirty; ad_cluster_on(l) && t; t = t->dnext)
        if (t->seats_dirty && notice(l, t, &err) < 0)
            fprintf(stderr, "alphadeck serve: %s\n", err.text);
}

/* This node plays t: alone, every table it holds but a remote copy; in a
 * cluster, those it holds the lease of. */
int ad_cluster_plays(const lobby *l, const table *t)
{
    return !t->remote && (!ad_cluster_on(l) || t->leased);
}

/* t closed (expired): its lease is dropped (else it lapses by itself). */
void ad_cluster_let_go(lobby *l, table *t)
{
    ad_err err;
    if (t->leased && store_lease_drop(l->st, t->id, &err) < 0)
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
    t->leased = 0;
}

/* hello's answer names a cluster's node: a client opens /ws?table=N there
 * to play table N. */
void ad_cluster_hello(lobby *l, json_t *answer)
{
    if (ad_cluster_on(l))
        json_object_set_new(answer, "node", json_string(l->node));
}
