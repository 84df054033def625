/*
 * listing.c - `tables`: one page of the tables a person may join or
 * watch, or of every table of one status (a cluster's from the store).
 */
#include "lobby_impl.h"

static json_t *table_summary(const table *t)
{
    json_t *j = json_pack("{s:I,s:s,s:i,s:o,s:s,s:s,s:I,s:b}", "table", (json_int_t)t->id, "game",
                     t->g->id, "players", t->players, "seats", ad_seats_json(t), "status",
                     status_name(t->status), "clock", ad_clock_presets[t->clock].name, "v",
                     (json_int_t)version(t), "seeded", t->seeded);
    ad_quick_about(t, j);
    return j;
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
        return people > 0 && !ad_all_taken(t);
    return t->status == TABLE_PLAYING && people >= 2;
}

static int wanted(const listing *li, const table *t)
{
    if (li->status >= 0)
        return t->status == li->status;
    return of_interest(t) && !ad_is_at(li->c, t); /* its own were offered first */
}

/* A table the connection is at, listed first by default: one of interest,
 * or one where its player holds a seat and may still play (its way back);
 * not a game of bots it only watches, nor a finished one. */
static int own_wanted(const listing *li, const table *t)
{
    if (of_interest(t))
        return 1;
    return (t->status == TABLE_WAITING || t->status == TABLE_PLAYING) &&
           ad_seat_of_player(t, conn_state(li->c)->player) >= 0;
}

/* t in the listing: counted, and written out when it falls on the page. */
static void offer(listing *li, const table *t)
{
    if (li->g && t->g != li->g)
        return;
    if (li->n >= li->skip && li->n < li->skip + SRV_TABLES_PAGE) {
        json_t *one = table_summary(t);
        int own = ad_seat_of_player(t, conn_state(li->c)->player);
        if (own >= 0) /* the asker's own seat: "Back to my seat" */
            json_object_set_new(one, "your_seat", json_integer(own));
        json_array_append_new(li->a, one);
    }
    li->n++;
}

/* One stored table in a cluster's list: as this node holds it, or as stored. */
static int list_one(void *ctx, const store_table *row)
{
    listing *li = ctx;
    table *t = ad_find_table(li->l, row->id);
    if (t && !t->remote) {
        if (wanted(li, t))
            offer(li, t);
        return 0;
    }
    if (t && li->status < 0 && ad_is_at(li->c, t))
        return 0;
    ad_err err;
    table *tmp = ad_row_table(row, &err);
    if (tmp && wanted(li, tmp))
        offer(li, tmp);
    if (tmp)
        ad_free_table(tmp);
    return 0;
}

/* Reads tables' optional fields into li; 0, or -1 after a refusal. */
static int listing_of(listing *li, conn *c, const json_t *req, const json_t *rid, int *page)
{
    json_t *gj = json_object_get(req, "game"), *pj = json_object_get(req, "page");
    json_t *sj = json_object_get(req, "status");
    if (gj && !(json_is_string(gj) && (li->g = ad_game_find(json_string_value(gj))))) {
        refuse(c, rid, CODE_BAD_FIELD, "game is a game's id, as GET /api/games lists them");
        return -1;
    }
    if (pj && (!json_is_integer(pj) || json_integer_value(pj) < 0 ||
               json_integer_value(pj) > INT32_MAX / SRV_TABLES_PAGE)) {
        refuse(c, rid, CODE_BAD_FIELD, "page is a page's number, 0 for the first");
        return -1;
    }
    for (int k = TABLE_WAITING; sj && k <= TABLE_OVER; k++)
        if (json_is_string(sj) && strcmp(json_string_value(sj), status_name(k)) == 0)
            li->status = k;
    if (sj && li->status < 0) {
        refuse(c, rid, CODE_BAD_FIELD, "status is waiting, playing or over");
        return -1;
    }
    *page = pj ? (int)json_integer_value(pj) : 0;
    li->skip = *page * SRV_TABLES_PAGE;
    return 0;
}

/*
 * `tables`: one page of SRV_TABLES_PAGE at most, and how many pages there
 * are.  By default the tables this connection is at that are of interest
 * or hold its player's seat in a game not over (own_wanted), then those of
 * interest (of_interest), the oldest first (who has waited longest); with
 * `status`, every table of that status this server holds (the finished:
 * the newest first, those still in memory: ad_evict_finished).  A cluster's
 * lobby reads every node's from the store.
 */
void ad_cmd_tables(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    listing li = {l, c, NULL, -1, 0, 0, NULL};
    int page;
    if (listing_of(&li, c, req, rid, &page) < 0)
        return;
    li.a = json_array();
    conn_lobby *cl = conn_state(c);
    for (int i = 0; li.status < 0 && i < cl->nat; i++)
        if (own_wanted(&li, cl->at[i]))
            offer(&li, cl->at[i]);
    ad_err err;
    int rc = 0;
    if (ad_cluster_on(l) && li.status != TABLE_OVER) {
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
        return refuse(c, rid, CODE_STORE_FAILED, err.text);
    }
    int pages = li.n ? (li.n + SRV_TABLES_PAGE - 1) / SRV_TABLES_PAGE : 1;
    reply(c, rid, json_pack("{s:b,s:o,s:i,s:i,s:b}", "ok", 1, "tables", li.a, "page", page,
                            "pages", pages, "more", li.skip + SRV_TABLES_PAGE < li.n));
}
