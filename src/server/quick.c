/*
 * quick.c - `quick`: "play with people".  A player asking for a game is
 * seated at the oldest public table of that game (and size, when asked)
 * that waits with an open seat, or at a new public one; a public table's
 * seats still open fill_after_s after its first person sat go to bots, and
 * the game starts (docs/server.md, "Finding people").  A public table is
 * one quick made: a table made by `create` is its maker's, found only by
 * its invite link or the lobby's list, never by quick.
 */
#include "lobby_impl.h"

#define QUICK_PLAYERS 4         /* a game's size when quick names none, within its range */
#define QUICK_CLOCK "relaxed"   /* strangers: nobody holds a table forever by not playing */
#define QUICK_BOT "basic"       /* the level of the bots that fill, when the game has it */

/* The game and size asked for (any_size: no size was named, so any size
 * will do, and a new table has QUICK_PLAYERS); -1 after a refusal, in
 * create's words and codes. */
static int read_quick(conn *c, const json_t *req, const json_t *rid, const ad_game **g, int *n,
                      int *any_size)
{
    json_t *gj = json_object_get(req, "game"), *pj = json_object_get(req, "players");
    if (!gj)
        return refuse(c, rid, CODE_MISSING_FIELD, "quick needs a game"), -1;
    const ad_game *named = json_is_string(gj) ? ad_game_find(json_string_value(gj)) : NULL;
    int usual = QUICK_PLAYERS;
    if (named && usual < named->min_players)
        usual = named->min_players;
    if (named && usual > named->max_players)
        usual = named->max_players;
    json_t *nr = json_pack("{s:O,s:o}", "game", gj, "players",
                           pj ? json_incref(pj) : json_integer(usual));
    ad_setup su;
    ad_err err;
    *g = ad_setup_from_json(nr, &su, &err);
    json_decref(nr);
    if (!*g)
        return refuse_err(c, rid, &err), -1;
    *n = su.players;
    *any_size = pj == NULL;
    return 0;
}

/* A public table of game g (and size n) still waiting, that this node plays. */
static int fits(lobby *l, const table *t, const ad_game *g, int n, int any_size)
{
    return t->quick && t->status == TABLE_WAITING && !t->remote && t->g == g &&
           (any_size || t->players == n) && ad_cluster_plays(l, t);
}

/* A person sits at t and a connection of theirs is at it. */
static int person_here(const table *t)
{
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].player && t->seat[s].online > 0)
            return 1;
    return 0;
}

/* Where quick seats the player: a fitting table they sit at already (asked
 * twice, or from a second tab), else the oldest fitting one with an open
 * seat and a person there now (tables are held by number, which only
 * grows; one whose people have all gone waits for them, rather than deal a
 * newcomer a game with absent people in it); NULL: none. */
static table *find_public(lobby *l, int64_t player, const ad_game *g, int n, int any_size)
{
    for (int i = 0; i < l->ntab; i++)
        if (fits(l, l->tab[i], g, n, any_size) && ad_seat_of_player(l->tab[i], player) >= 0)
            return l->tab[i];
    for (int i = 0; i < l->ntab; i++)
        if (fits(l, l->tab[i], g, n, any_size) && !ad_all_taken(l->tab[i]) &&
            person_here(l->tab[i]))
            return l->tab[i];
    return NULL;
}

static int clock_index(const char *name)
{
    for (int i = 0; i < ad_clock_presets_n; i++)
        if (strcmp(ad_clock_presets[i].name, name) == 0)
            return i;
    return 0;
}

/* A new public table for the player, answered as create answers. */
static void make_public(lobby *l, conn *c, const json_t *rid, const ad_game *g, int n)
{
    /* reactions only: a table found through quick never allows free text */
    table *t = ad_make_open(l, c, rid, g, n, clock_index(QUICK_CLOCK), TALK_REACTIONS);
    if (!t)
        return;
    t->quick = 1;
    t->meta_dirty = 1; /* its public mark, stored with this pass's commit */
    mark_dirty(l, t);
    ad_schedule(l, t); /* its first person sat: the bots' time */
    reply(c, rid, ad_joined(t, ad_seat_of_player(t, conn_state(c)->player)));
}

/*
 * quick {game, players?}: the player sits at a public table that waits for
 * people (a `join`, answered like one), or at a new one.  Limits as for
 * create and join; bad input is refused as create refuses it, and changes
 * nothing.
 */
void ad_cmd_quick(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    const ad_game *g;
    int n, any_size;
    if (read_quick(c, req, rid, &g, &n, &any_size) < 0)
        return;
    int64_t player = conn_state(c)->player;
    table *t = find_public(l, player, g, n, any_size);
    if (!t)
        return make_public(l, c, rid, g, n);
    if (ad_seat_of_player(t, player) < 0 && !ad_room_for_one_more(l, c, rid))
        return;
    json_t *jr = json_pack("{s:I}", "table", (json_int_t)t->id);
    ad_cmd_join(l, c, jr, rid);
    json_decref(jr);
}

/*
 * When bots take a public table's open seats: fill_after_s after its first
 * person sat.  A restart does not store that moment: the count starts again
 * when one of its people is first back, so newcomers have the whole time to
 * join them.  Never while nobody sits there, and not while every person
 * seated is away (no connection at it): a game would start with nobody to
 * play it.
 */
int64_t ad_quick_fill_at(lobby *l, table *t)
{
    if (!t->quick || t->status != TABLE_WAITING || t->remote || !ad_cluster_plays(l, t))
        return AD_DIRECTOR_NEVER;
    int seated = 0;
    for (int s = 0; s < t->players; s++)
        seated |= t->seat[s].player != 0;
    if (!seated) {
        t->fill_ms = 0;
        return AD_DIRECTOR_NEVER;
    }
    if (!person_here(t))
        return AD_DIRECTOR_NEVER;
    if (!t->fill_ms)
        t->fill_ms = srv_now_ms() + (int64_t)l->lim.fill_after_s * 1000;
    return t->fill_ms;
}

/* The level of the bots that fill a public table of game g. */
static const char *fill_level(const ad_game *g)
{
    ad_err err;
    return ad_bot_available(g, QUICK_BOT, &err) ? QUICK_BOT : ad_bot_level_name(g, 0);
}

/* The table's timer while it waits: 1 when it is a public table's (bots
 * sit in every open seat once its time came, and the game starts). */
int ad_quick_fill(lobby *l, table *t)
{
    int64_t at = ad_quick_fill_at(l, t);
    if (at == AD_DIRECTOR_NEVER)
        return 0;
    if (srv_now_ms() < at) {
        ad_schedule(l, t);
        return 1;
    }
    const char *level = fill_level(t->g);
    for (int s = 0; s < t->players; s++)
        if (!t->seat[s].bot[0] && !t->seat[s].player)
            snprintf(t->seat[s].bot, sizeof t->seat[s].bot, "%s", level);
    t->seats_dirty = 1;
    mark_dirty(l, t);
    ad_start_logged(l, t); /* stores the seats with the start */
    return 1;
}

/* A public table's mark in an answer about it (join, tables): "quick",
 * and while it waits with its bots' time set, "fill_in_ms", how long until
 * they sit. */
void ad_quick_about(const table *t, json_t *j)
{
    if (!t->quick || !j)
        return;
    json_object_set_new(j, "quick", json_true());
    if (t->status == TABLE_WAITING && t->fill_ms) {
        int64_t left = t->fill_ms - srv_now_ms();
        json_object_set_new(j, "fill_in_ms", json_integer(left > 0 ? left : 0));
    }
}
