/*
 * membership.c - who is at a table: members (a connection sitting at a
 * seat, or watching), and the commands `join`, `watch` and `leave`; a
 * connection gone leaves every table it was at.
 */
#include "lobby_impl.h"

/* The seat a member hears and acts for: the one stored with it only while
 * that seat is its player's now (-1 otherwise: it is a spectator).  A
 * waiting table's seat changes hands when given up, and a connection's
 * player changes with a hello of another token. */
int ad_member_seat(const table *t, const member *m)
{
    if (m->seat < 0 || t->seat[m->seat].player != conn_state(m->c)->player)
        return -1;
    return m->seat;
}

member *ad_member_of(table *t, const conn *c)
{
    for (int i = 0; i < t->nmem; i++)
        if (t->mem[i].c == c)
            return &t->mem[i];
    return NULL;
}

/* A connection at SRV_CONN_TABLES tables is refused another. */
void ad_refuse_conn_full(conn *c, const json_t *rid)
{
    char text[80];
    snprintf(text, sizeof text, "one connection may be at %d tables at once; leave one first",
             SRV_CONN_TABLES);
    refuse(c, rid, CODE_TOO_MANY_TABLES, text);
}

int ad_add_member(table *t, conn *c, int seat)
{
    member *m = ad_member_of(t, c);
    if (m) {
        m->seat = seat;
        m->dseen = 0; /* its answer holds the view: deltas start again from a whole one */
        return 0;
    }
    conn_lobby *cl = conn_state(c);
    if (cl->nat == SRV_CONN_TABLES)
        return -1;
    cl->at = ad_grown(cl->at, cl->nat, &cl->cat, sizeof *cl->at, 2);
    t->mem = ad_grown(t->mem, t->nmem, &t->cmem, sizeof *t->mem, t->players);
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

void ad_drop_member(table *t, conn *c)
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

int ad_seat_of_player(const table *t, int64_t player)
{
    for (int s = 0; s < t->players; s++)
        if (player && t->seat[s].player == player)
            return s;
    return -1;
}

int ad_all_taken(const table *t)
{
    for (int s = 0; s < t->players; s++)
        if (!t->seat[s].bot[0] && !t->seat[s].player)
            return 0;
    return 1;
}

/* Connection c stops sitting anywhere; it watches on where it sat. */
void ad_unseat_conn(lobby *l, conn *c)
{
    conn_lobby *cl = conn_state(c);
    for (int i = 0; i < cl->nat; i++) {
        table *t = cl->at[i];
        member *m = ad_member_of(t, c);
        if (m && m->seat >= 0) {
            unseat_member(t, m);
            ad_rematch_gone(l, t);
            ad_schedule(l, t); /* a person gone: the stand-in's moment */
            mark_dirty(l, t);
        }
    }
}

/* The connection is at t (seated or watching). */
int ad_is_at(conn *c, const table *t)
{
    conn_lobby *cl = conn_state(c);
    for (int i = 0; i < cl->nat; i++)
        if (cl->at[i] == t)
            return 1;
    return 0;
}

/* The open seat a join asks for (sv: its number; NULL: the first open
 * one); -1 after a refusal. */
static int open_seat(conn *c, const json_t *rid, const table *t, const json_t *sv)
{
    if (t->status != TABLE_WAITING)
        return refuse(c, rid, CODE_TABLE_FULL, "every seat at that table is taken"), -1;
    if (sv) {
        json_int_t s = json_integer_value(sv);
        if (s < 0 || s >= t->players)
            return refuse(c, rid, CODE_BAD_SEAT, "there is no such seat at that table"), -1;
        if (t->seat[s].bot[0] || t->seat[s].player)
            return refuse(c, rid, CODE_SEAT_TAKEN, "that seat is taken"), -1;
        return (int)s;
    }
    for (int s = 0; s < t->players; s++)
        if (!t->seat[s].bot[0] && !t->seat[s].player)
            return s;
    return refuse(c, rid, CODE_TABLE_FULL, "every seat at that table is taken"), -1;
}

/* c's player takes the open seat, stored at once; -1 after a refusal. */
static int take_seat(lobby *l, conn *c, const json_t *rid, table *t, int seat)
{
    conn_lobby *cl = conn_state(c);
    if (cl->nat == SRV_CONN_TABLES)
        return ad_refuse_conn_full(c, rid), -1;
    t->seat[seat].player = cl->player;
    snprintf(t->seat[seat].name, sizeof t->seat[seat].name, "%s", cl->name);
    ad_err err;
    char *meta = ad_meta_text(t);
    int rc = store_table_update(l->st, t->id, meta, t->status, t->started_ms, &err);
    free(meta);
    if (rc < 0) {
        t->seat[seat].player = 0;
        return refuse(c, rid, CODE_STORE_FAILED, err.text), -1;
    }
    return 0;
}

/* Joining a rematch moves on from the finished game before it, which then
 * leaves memory once nobody is at it (ad_evict_finished). */
static void leave_rematched(lobby *l, conn *c, const table *t)
{
    conn_lobby *cl = conn_state(c);
    for (int i = cl->nat - 1; i >= 0; i--) {
        table *o = cl->at[i];
        if (o != t && o->status == TABLE_OVER && o->next == t->id) {
            ad_drop_member(o, c);
            mark_dirty(l, o);
        }
    }
}

void ad_cmd_join(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return;
    json_t *sv = json_object_get(req, "seat");
    if (sv && !json_is_integer(sv))
        return refuse(c, rid, CODE_BAD_FIELD, "seat is a seat's number");
    int seat = ad_seat_of_player(t, conn_state(c)->player);
    if (seat < 0 && ((seat = open_seat(c, rid, t, sv)) < 0 || take_seat(l, c, rid, t, seat) < 0))
        return;
    member *m = ad_member_of(t, c);
    if (!(m && m->seat == seat)) {
        if (m)
            ad_drop_member(t, c);
        if (ad_add_member(t, c, seat) < 0)
            return ad_refuse_conn_full(c, rid);
        t->seat[seat].online++;
        t->seat[seat].gone_ms = 0;
    }
    leave_rematched(l, c, t);
    ad_err err;
    if (t->d && t->status == TABLE_PLAYING && (ad_director_away(t->d) & (1u << seat))) {
        if (ad_director_take_back(t->d, srv_now_ms(), seat, &l->out, &err) < 0)
            fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, err.text);
        ad_took(l, t, &l->out);
    }
    t->seats_dirty = 1;
    mark_dirty(l, t);
    ad_schedule(l, t); /* someone is at it: a waiting table does not close */
    /* the last seat taken starts the game, and the answer says so */
    if (t->status == TABLE_WAITING && ad_all_taken(t))
        ad_start_logged(l, t);
    json_t *answer = ad_joined(t, seat);
    ad_add_recent(l, t, seat, answer);
    reply(c, rid, answer);
}

void ad_cmd_watch(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = ad_member_of(t, c);
    if (!m && ad_add_member(t, c, -1) < 0)
        return ad_refuse_conn_full(c, rid);
    ad_schedule(l, t); /* someone is at it: a waiting table does not close */
    /* watching never seats anyone, not even at a waiting table's open
     * seat: a person looking on sits only by `join` */
    int seat = m ? ad_member_seat(t, m) : -1;
    json_t *answer = ad_joined(t, seat);
    int own = ad_seat_of_player(t, conn_state(c)->player);
    if (own >= 0) /* so the page can offer "Back to my seat" */
        json_object_set_new(answer, "your_seat", json_integer(own));
    ad_add_recent(l, t, seat, answer);
    reply(c, rid, answer);
}

void ad_cmd_leave(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = ad_member_of(t, c);
    conn_lobby *cl = conn_state(c);
    int seat = ad_seat_of_player(t, cl->player);
    if (!m && seat < 0)
        return refuse(c, rid, CODE_NOT_SEATED, "you are not at that table");
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
            ad_took(l, t, &l->out);
            return refuse_err(c, rid, &err);
        }
        ad_took(l, t, &l->out);
    }
    if (m)
        ad_drop_member(t, c);
    ad_rematch_gone(l, t); /* a person who leaves declines a rematch offered */
    t->seats_dirty = 1;
    mark_dirty(l, t);
    ad_schedule(l, t); /* a waiting table left empty: its expiry */
    reply(c, rid, json_pack("{s:b}", "ok", 1));
}

void lobby_conn_gone(lobby *l, conn *c)
{
    conn_lobby *cl = conn_state(c);
    while (cl->nat > 0) {
        table *t = cl->at[cl->nat - 1];
        ad_drop_member(t, c);
        ad_rematch_gone(l, t);
        ad_schedule(l, t); /* a person gone: the stand-in's moment */
        mark_dirty(l, t);
    }
    free(cl->at);
    free(cl->name);
    cl->at = NULL;
    cl->name = NULL;
    cl->cat = 0;
    ad_acks_forget(l, c);
    ad_conn_counted_gone(l);
}

/* The seats' names as the table says them: a person's, or NULL for a bot's
 * (the narrator's Ann, Bea, ...). */
void ad_seat_names(const table *t, const char **names)
{
    for (int s = 0; s < t->players; s++)
        names[s] = t->seat[s].player ? t->seat[s].name : NULL;
}
