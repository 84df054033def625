/*
 * making.c - new tables: `create`, and a finished game's next table for
 * rematch.c, within what one player and one address may hold (may_make),
 * stored before they are answered.
 */
#include <sys/random.h>

#include "lobby_impl.h"

#define PAUSE_MS 800      /* a bot's pause before it acts, unless create sets bot_pause_ms */
#define PAUSE_MAX_MS 5000 /* ... up to this */

/* A new table's seed when its creator gave none: one JavaScript reads back
 * whole (below 2^53), so a browser's copy of the record replays exactly. */
static json_t *fresh_seed(void)
{
    uint64_t seed = 0;
    if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
        seed ^= (uint64_t)srv_now_ms() * 0x9e3779b97f4a7c15ULL;
    return json_integer((json_int_t)(seed >> 11));
}

static int open_tables_of(lobby *l, int64_t player)
{
    int n = 0;
    for (int i = 0; i < l->ntab; i++)
        if (l->tab[i]->status != TABLE_OVER && ad_seat_of_player(l->tab[i], player) >= 0)
            n++;
    return n;
}

/* A table of bots alone: in play, and no person at it who has not left
 * (a seat given up, or handed to its stand-in while nobody of it is here,
 * is the bots'). */
static int bots_alone(const table *t)
{
    if (t->status != TABLE_PLAYING || !t->d)
        return 0;
    uint32_t away = ad_director_away(t->d);
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].player && (t->seat[s].online > 0 || !(away & (1u << s))))
            return 0;
    return 1;
}

/* What a player or an address holds of the tables it made. */
typedef struct holding {
    int waiting, bots;
} holding;

/* The tables made by player and by addr that wait, or that bots play
 * alone; and how many tables of bots alone the server holds in all. */
static void holdings(const lobby *l, int64_t player, const char *addr, holding *mine,
                     holding *here, int *bots_all)
{
    *mine = *here = (holding){0, 0};
    *bots_all = 0;
    for (int i = 0; i < l->ntab; i++) {
        const table *t = l->tab[i];
        int w = t->status == TABLE_WAITING, b = bots_alone(t);
        *bots_all += b;
        if ((w || b) && t->creator == player) {
            mine->waiting += w;
            mine->bots += b;
        }
        if ((w || b) && addr[0] && strcmp(t->addr, addr) == 0) {
            here->waiting += w;
            here->bots += b;
        }
    }
}

/* May this connection make a table now, one that will wait for players
 * (waits) or that bots play alone from the start (alone)?  Else it is
 * refused, with the limit in words.  A player or an address whose tables
 * of bots alone reach their limit makes none until one ends: so `leave`,
 * never refused, cannot pile them up either. */
static int may_make(lobby *l, conn *c, int waits, int alone, const json_t *rid)
{
    conn_lobby *cl = conn_state(c);
    const lobby_limits *lim = &l->lim;
    holding mine, here;
    int all;
    holdings(l, cl->player, cl->addr, &mine, &here, &all);
    char text[240];
    const char *code = CODE_TOO_MANY_TABLES;
    if (waits && mine.waiting >= lim->waiting_per_player)
        snprintf(text, sizeof text, "%d tables you made are waiting for players (the most "
                 "there may be): start one, or leave one for good, first", mine.waiting);
    else if (waits && here.waiting >= lim->waiting_per_address)
        snprintf(text, sizeof text, "%d tables made from your address are waiting for players "
                 "(the most there may be): start one, or leave one for good, first",
                 here.waiting);
    else if (mine.bots >= lim->bot_tables_per_player)
        snprintf(text, sizeof text, "bots are playing %d tables you made with nobody of you at "
                 "them (the most there may be): make another when one has ended", mine.bots);
    else if (here.bots >= lim->bot_tables_per_address)
        snprintf(text, sizeof text, "bots are playing %d tables made from your address with "
                 "no person at them (the most there may be): make another when one has ended",
                 here.bots);
    else if (alone && all >= lim->bot_tables) {
        code = CODE_BUSY;
        snprintf(text, sizeof text, "the server is playing as many games of bots alone as it "
                 "may (%d): try again later, or take a seat yourself", all);
    } else
        return 1;
    refuse(c, rid, code, text);
    return 0;
}

/* A new table in memory and in the store, its seats as given (seeded: its
 * creator chose the seed; talk: TALK_REACTIONS, TALK_CHAT or TALK_OFF). */
static table *new_table_by(lobby *l, json_t *new_req, const ad_game *g, int players,
                           const seat_t *seats, int clock, int pause_ms, int seeded, int talk,
                           int64_t creator, const char *addr, ad_err *err)
{
    ad_table *gt = ad_table_new(new_req, err);
    if (!gt)
        return NULL;
    json_object_set_new(new_req, "seed", ad_seed_to_json(ad_table_seed(gt)));
    table *t = ad_alloc_table(players);
    if (t)
        t->new_req = json_dumps(new_req, JSON_COMPACT);
    if (!t || !t->new_req) {
        ad_table_free(gt);
        free(t);
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    t->g = g;
    memcpy(t->seat, seats, (size_t)players * sizeof t->seat[0]);
    t->creator = creator; /* what it holds counts against its limits */
    snprintf(t->addr, sizeof t->addr, "%s", addr);
    t->clock = clock;
    t->pause_ms = pause_ms;
    t->seeded = seeded;
    t->talk = talk;
    t->t0 = gt;
    t->created_ms = srv_now_ms();
    t->gen = ++l->gen;
    char *meta = ad_meta_text(t);
    int rc = store_table_new(l->st, t->new_req, meta, TABLE_WAITING, t->created_ms, &t->id, err);
    free(meta);
    if (rc < 0) {
        ad_table_free(gt);
        free(t->new_req);
        free(t);
        return NULL;
    }
    ad_add_table(l, t);
    ad_cluster_made(l, t);
    return t;
}

/* The same, made by the player of connection maker. */
static table *new_table(lobby *l, json_t *new_req, const ad_game *g, int players,
                        const seat_t *seats, int clock, int pause_ms, int seeded, int talk,
                        conn *maker, ad_err *err)
{
    return new_table_by(l, new_req, g, players, seats, clock, pause_ms, seeded, talk,
                        conn_state(maker)->player, conn_state(maker)->addr, err);
}

/* A seed a client chose: one JavaScript reads back whole (up to 2^53 - 1),
 * since a browser keeps and replays a record; -1 after a refusal. */
static int seed_ok(conn *c, const json_t *rid, const json_t *v)
{
    uint64_t seed;
    ad_err err;
    if (ad_seed_from_json(v, &seed, &err) < 0) {
        refuse_err(c, rid, &err);
        return -1;
    }
    if (seed > SRV_SEED_MAX) {
        refuse(c, rid, CODE_BAD_FIELD,
               "a seed is 0 to 9007199254740991 (2^53 - 1): a browser cannot read a larger "
               "number back whole");
        return -1;
    }
    return 0;
}

/* create's `new` request: game, players, options and seed (a fresh one
 * when none is given; *seeded when one is); NULL after a refusal. */
static json_t *read_new_req(conn *c, const json_t *req, const json_t *rid, int *seeded)
{
    if (!json_object_get(req, "game"))
        return refuse(c, rid, CODE_MISSING_FIELD, "create needs a game"), NULL;
    if (!json_object_get(req, "players"))
        return refuse(c, rid, CODE_MISSING_FIELD, "create needs players"), NULL;
    json_t *new_req = json_object();
    const char *keys[] = {"game", "players", "options", "seed"};
    for (int i = 0; i < 4; i++)
        if (json_object_get(req, keys[i]))
            json_object_set(new_req, keys[i], json_object_get(req, keys[i]));
    *seeded = json_object_get(new_req, "seed") != NULL;
    if (*seeded && seed_ok(c, rid, json_object_get(new_req, "seed")) < 0) {
        json_decref(new_req);
        return NULL;
    }
    if (!*seeded)
        json_object_set_new(new_req, "seed", fresh_seed());
    return new_req;
}

/* create's seats: "open" or a bot level each (by default the maker's and
 * basic bots); 0, or -1 after a refusal. */
static int read_seats(conn *c, const json_t *req, const json_t *rid, const ad_game *g, int n,
                      seat_t *seats)
{
    memset(seats, 0, (size_t)n * sizeof *seats);
    for (int s = 0; s < n; s++)
        snprintf(seats[s].bot, sizeof seats[s].bot, "%s", s == 0 ? "" : "basic");
    json_t *sj = json_object_get(req, "seats");
    if (!sj)
        return 0;
    if (!json_is_array(sj) || (int)json_array_size(sj) != n)
        return refuse(c, rid, CODE_BAD_FIELD, "seats is an array of one entry a seat: "
                                              "\"open\" or a bot level"), -1;
    for (int s = 0; s < n; s++) {
        const char *e = json_string_value(json_array_get(sj, (size_t)s));
        ad_err err;
        if (!e)
            return refuse(c, rid, CODE_BAD_FIELD, "each seat is \"open\" or a bot level"), -1;
        if (strcmp(e, "open") == 0) {
            seats[s].bot[0] = 0;
            continue;
        }
        if (strlen(e) >= sizeof seats[s].bot)
            ad_err_set(&err, AD_E_BAD_LEVEL, "no bot level is called that");
        if (strlen(e) >= sizeof seats[s].bot || !ad_bot_available(g, e, &err))
            return refuse_err(c, rid, &err), -1;
        snprintf(seats[s].bot, sizeof seats[s].bot, "%s", e);
    }
    return 0;
}

/* create's clock: a preset's index (untimed when none is given); -1 after
 * a refusal, which names the presets. */
static int read_clock(conn *c, const json_t *req, const json_t *rid)
{
    json_t *cj = json_object_get(req, "clock");
    if (!cj)
        return 0;
    const char *cn = json_string_value(cj);
    for (int i = 0; cn && i < ad_clock_presets_n; i++)
        if (strcmp(cn, ad_clock_presets[i].name) == 0)
            return i;
    char text[200];
    size_t n = (size_t)snprintf(text, sizeof text, "clock is");
    for (int i = 0; i < ad_clock_presets_n && n < sizeof text; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s %s",
                              i == 0 ? "" : i == ad_clock_presets_n - 1 ? " or" : ",",
                              ad_clock_presets[i].name);
    if (n < sizeof text)
        snprintf(text + n, sizeof text - n, " (docs/server.md)");
    refuse(c, rid, CODE_BAD_FIELD, text);
    return -1;
}

int ad_read_ms(conn *c, const json_t *req, const json_t *rid, const char *field, int dflt,
               int max)
{
    json_t *v = json_object_get(req, field);
    if (!v)
        return dflt;
    if (json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= max)
        return (int)json_integer_value(v);
    char text[96];
    snprintf(text, sizeof text, "%s is a whole number of milliseconds, 0 to %d", field, max);
    refuse(c, rid, CODE_BAD_FIELD, text);
    return -1;
}

/* A player sits at SRV_TABLES_PER_PLAYER unfinished tables, a connection
 * at SRV_CONN_TABLES, at most: 1, or 0 after a refusal. */
static int room_for_one_more(lobby *l, conn *c, const json_t *rid)
{
    conn_lobby *cl = conn_state(c);
    if (open_tables_of(l, cl->player) >= SRV_TABLES_PER_PLAYER) {
        char text[80];
        snprintf(text, sizeof text, "a player may sit at %d unfinished tables at most",
                 SRV_TABLES_PER_PLAYER);
        return refuse(c, rid, CODE_TOO_MANY_TABLES, text), 0;
    }
    if (cl->nat == SRV_CONN_TABLES)
        return ad_refuse_conn_full(c, rid), 0;
    return 1;
}

/* The maker sits at the first seat that is not a bot's (-1: none is). */
static int sit_maker(const conn_lobby *cl, seat_t *seats, int n)
{
    for (int s = 0; s < n; s++)
        if (!seats[s].bot[0]) {
            seats[s].player = cl->player;
            snprintf(seats[s].name, sizeof seats[s].name, "%s", cl->name);
            return s;
        }
    return -1;
}

/* The refusal of a table that was not made (the store's failure, or the game's). */
static void refuse_unmade(conn *c, const json_t *rid, const ad_err *err)
{
    refuse(c, rid, err->code == AD_E_IO ? CODE_STORE_FAILED : ad_code_token(err->code),
           err->text);
}

/* The table's call_grace_ms (the race), stored with its meta at the next
 * commit; before the game starts, so its director has it. */
static void set_grace(lobby *l, table *t, int grace)
{
    if (t->call_grace_ms == grace)
        return;
    t->call_grace_ms = grace;
    t->meta_dirty = 1;
    mark_dirty(l, t);
}

/* The table's hints (hint.c), stored with its meta at the next commit. */
static void set_hints(lobby *l, table *t, int hints)
{
    if (t->hints == hints)
        return;
    t->hints = hints;
    t->meta_dirty = 1;
    mark_dirty(l, t);
}

void ad_cmd_create(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    int seeded;
    json_t *new_req = read_new_req(c, req, rid, &seeded);
    if (!new_req)
        return;
    ad_err err;
    ad_setup su;
    const ad_game *g = ad_setup_from_json(new_req, &su, &err);
    if (!g) {
        json_decref(new_req);
        return refuse_err(c, rid, &err);
    }
    int n = su.players, clock = -1, pause_ms = -1, talk = -1, sit = -1, waits = 0, grace = -1,
        hints = -1;
    seat_t seats[AD_MAX_SEATS];
    int ok = read_seats(c, req, rid, g, n, seats) == 0 &&
             (clock = read_clock(c, req, rid)) >= 0 &&
             (pause_ms = ad_read_ms(c, req, rid, "bot_pause_ms", PAUSE_MS, PAUSE_MAX_MS)) >= 0 &&
             (talk = ad_talk_read(c, req, rid)) >= 0 && (grace = ad_read_grace(c, req, rid)) >= 0 &&
             room_for_one_more(l, c, rid);
    if (ok) {
        sit = sit_maker(conn_state(c), seats, n);
        for (int s = 0; s < n; s++) /* an open seat is left once the maker sits: it waits */
            waits |= !seats[s].bot[0] && !seats[s].player;
        ok = (hints = ad_hints_read(c, req, rid, seats, n, sit)) >= 0 &&
             may_make(l, c, waits, sit < 0, rid);
    }
    table *t =
        ok ? new_table(l, new_req, g, n, seats, clock, pause_ms, seeded, talk, c, &err) : NULL;
    json_decref(new_req);
    if (ok && !t)
        refuse_unmade(c, rid, &err);
    if (!t)
        return;
    set_grace(l, t, grace);
    set_hints(l, t, hints);
    ad_learn_made(t, sit); /* a guided game when `learn` is making it (learn.c) */
    ad_add_member(t, c, sit);
    if (sit >= 0)
        t->seat[sit].online = 1;
    if (ad_all_taken(t))
        ad_start_logged(l, t);
    reply(c, rid, ad_joined(t, sit));
}

/* For rematch.c, which makes a finished game's next table on behalf of
 * the person who offered it. */
json_t *ad_fresh_seed(void)
{
    return fresh_seed();
}

int ad_may_make(lobby *l, conn *c, int waits, int alone, const json_t *rid)
{
    return may_make(l, c, waits, alone, rid);
}

table *ad_new_table_by(lobby *l, json_t *new_req, const table *old, const seat_t *seats,
                       int64_t creator, const char *addr, ad_err *err)
{
    table *nt = new_table_by(l, new_req, old->g, old->players, seats, old->clock, old->pause_ms,
                             0, old->talk, creator, addr, err);
    if (nt)
        set_grace(l, nt, old->call_grace_ms); /* a rematch keeps the table's grace */
    if (nt)
        set_hints(l, nt, old->hints); /* ... and its hints */
    return nt;
}

/* ------------------------------------------------ quick.c's ways in */

int ad_room_for_one_more(lobby *l, conn *c, const json_t *rid)
{
    return room_for_one_more(l, c, rid);
}

/* A table of n open seats with c's player in the first: made as create
 * makes one (its limits, a fresh seed, the game's default options, stored
 * before it is answered), with the clock and talk given; NULL after a
 * refusal. */
table *ad_make_open(lobby *l, conn *c, const json_t *rid, const ad_game *g, int n, int clock,
                    int talk)
{
    if (!room_for_one_more(l, c, rid) || !may_make(l, c, 1, 0, rid))
        return NULL;
    seat_t seats[AD_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    int sit = sit_maker(conn_state(c), seats, n);
    json_t *nr = json_pack("{s:s,s:i,s:o}", "game", g->id, "players", n, "seed", fresh_seed());
    ad_err err;
    table *t = new_table(l, nr, g, n, seats, clock, PAUSE_MS, 0, talk, c, &err);
    json_decref(nr);
    if (!t)
        return refuse_unmade(c, rid, &err), NULL;
    ad_add_member(t, c, sit);
    t->seat[sit].online = 1;
    return t;
}
