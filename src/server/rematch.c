/*
 * rematch.c - a rematch by consent (docs/server.md, "Rematch"): a person at
 * a finished game offers one (`rematch`), every other person there accepts
 * or declines (`rematch_answer`), and once all have answered the next
 * table is made, the decliners' seats given to bots or left open for a
 * person, as the offerer chose.  Bots are always willing.  A person with no
 * connection at the table, who leaves it, or who is silent until the
 * offer's time runs out declines; the offerer leaving withdraws the offer.
 * An offer lives in memory only: a restart forgets it (offer again).
 */
#include "lobby_impl.h"

#define CODE_NO_OFFER "no_offer" /* an answer with no offer standing */
#define CODE_ANSWERED "answered" /* a second answer: the first is final */

static json_t *seats_of(const table *t, uint32_t bits)
{
    json_t *a = json_array();
    for (int s = 0; s < t->players; s++)
        if (bits & (1u << s))
            json_array_append_new(a, json_integer(s));
    return a;
}

/* The offer as its pushes and answers tell it; expires_ms from now, as a
 * clock push's deadline_ms (clients' clocks differ from the server's). */
static json_t *offer_json(const table *t)
{
    const rematch_offer *o = &t->offer;
    int64_t left = o->until_ms - srv_now_ms();
    return json_pack("{s:i,s:s,s:o,s:o,s:o,s:I}", "from", o->from, "declined",
                     o->open ? "open" : "bot", "waiting", seats_of(t, o->waiting), "accepted",
                     seats_of(t, o->accepted), "said_no", seats_of(t, o->declined), "expires_ms",
                     (json_int_t)(left > 0 ? left : 0));
}

static json_t *offer_answer(const table *t)
{
    return json_pack("{s:b,s:o}", "ok", 1, "offer", offer_json(t));
}

/* Everyone at the table, seated or watching, hears the offer as it stands. */
static void push_offer(table *t)
{
    json_t *j = offer_json(t);
    json_object_set_new(j, "push", json_string("rematch_offer"));
    json_object_set_new(j, "table", json_integer(t->id));
    ad_push_all(t, j);
}

/* The offer ends with no table made: why ("withdrawn", "failed") and in words. */
static void end_offer(lobby *l, table *t, const char *why, const char *words)
{
    memset(&t->offer, 0, sizeof t->offer);
    ad_schedule(l, t);
    ad_push_all(t, json_pack("{s:s,s:I,s:s,s:s}", "push", "rematch_offer", "table",
                             (json_int_t)t->id, "ended", why, "text", words));
}

/* The answer that says where player's next game is (seat null: not at it). */
static json_t *where(const table *nt, int64_t player)
{
    int s = ad_seat_of_player(nt, player);
    return json_pack("{s:b,s:I,s:o}", "ok", 1, "table", (json_int_t)nt->id, "seat",
                     s >= 0 ? json_integer(s) : json_null());
}

/* The next table's seats: the same people and bots, but the decliners'. */
static void next_seats(const table *t, seat_t *seats)
{
    memcpy(seats, t->seat, (size_t)t->players * sizeof seats[0]);
    for (int s = 0; s < t->players; s++) {
        seats[s].online = 0;
        seats[s].gone_ms = 0;
        if (!(t->offer.declined & (1u << s)))
            continue;
        seats[s].player = 0;
        seats[s].name[0] = 0;
        snprintf(seats[s].bot, sizeof seats[s].bot, "%s", t->offer.open ? "" : "basic");
    }
}

/* Those who accepted go to their seats at the next table; everyone else at
 * this one (spectators, decliners) is invited to watch it. */
static void tell_next(table *t, const table *nt, uint32_t in)
{
    for (int i = 0; i < t->nmem; i++) {
        int s = ad_member_seat(t, &t->mem[i]);
        json_t *j = json_pack("{s:s,s:I,s:I}", "push", "rematch", "table", (json_int_t)t->id,
                              "next", (json_int_t)nt->id);
        if (s < 0 || !(in & (1u << s)))
            json_object_set_new(j, "watch", json_true());
        conn_send(t->mem[i].c, j);
    }
}

/* Every person has answered: the next table, made on the offerer's behalf
 * and started unless a seat is left open.  c (NULL: none) answered last and
 * is told where its game is. */
static void make_next(lobby *l, table *t, conn *c, const json_t *rid)
{
    seat_t seats[AD_MAX_SEATS];
    next_seats(t, seats);
    ad_err err;
    table *nt = NULL;
    json_t *nr = json_loads(t->new_req, 0, NULL);
    if (!nr)
        ad_err_set(&err, AD_E_INTERNAL, "out of memory");
    else {
        json_object_set_new(nr, "seed", ad_fresh_seed());
        nt = ad_new_table_by(l, nr, t, seats, t->offer.player, t->offer.addr, &err);
        json_decref(nr);
    }
    if (!nt) {
        end_offer(l, t, "failed", err.text);
        if (c)
            refuse(c, rid, err.code == AD_E_IO ? CODE_STORE_FAILED : ad_code_token(err.code),
                   err.text);
        return;
    }
    uint32_t in = t->offer.accepted;
    memset(&t->offer, 0, sizeof t->offer);
    ad_schedule(l, t);
    t->next = nt->id;
    t->meta_dirty = 1;
    mark_dirty(l, t);
    if (ad_all_taken(nt))
        ad_start_logged(l, nt);
    tell_next(t, nt, in);
    if (c)
        reply(c, rid, where(nt, conn_state(c)->player));
}

/* The offer after a change: the next table once nobody is left to answer,
 * else everyone hears who has. */
static void settle(lobby *l, table *t, conn *c, const json_t *rid)
{
    if (!t->offer.waiting)
        return make_next(l, t, c, rid);
    push_offer(t);
    if (c)
        reply(c, rid, offer_answer(t));
}

/* People with no connection at the table are not here to answer: they decline. */
static void absent_decline(table *t)
{
    for (int s = 0; s < t->players; s++)
        if ((t->offer.waiting & (1u << s)) && t->seat[s].online <= 0) {
            t->offer.waiting &= ~(1u << s);
            t->offer.declined |= 1u << s;
        }
}

/* seat's answer to the standing offer (the offerer saying no withdraws it). */
static void answer(lobby *l, table *t, conn *c, const json_t *rid, int seat, int yes)
{
    rematch_offer *o = &t->offer;
    uint32_t bit = 1u << seat;
    if (seat == o->from && !yes) {
        char words[160];
        snprintf(words, sizeof words, "%s withdrew the offer of a rematch", t->seat[seat].name);
        end_offer(l, t, "withdrawn", words);
        return reply(c, rid, json_pack("{s:b}", "ok", 1));
    }
    if (!(o->waiting & bit)) {
        if (yes && (o->accepted & bit))
            return reply(c, rid, offer_answer(t));
        return refuse(c, rid, CODE_ANSWERED, (o->accepted & bit)
                          ? "you accepted this rematch already: an answer is final"
                          : "you declined this rematch already: an answer is final");
    }
    o->waiting &= ~bit;
    if (yes)
        o->accepted |= bit;
    else
        o->declined |= bit;
    settle(l, t, c, rid);
}

/* An offer: everyone else at the table is asked, those not here decline at
 * once, and with nobody left to ask (bots, or people gone) the next table
 * is made at once. */
static void offer(lobby *l, table *t, conn *c, const json_t *rid, int seat, int open)
{
    conn_lobby *cl = conn_state(c);
    rematch_offer o = {.on = 1, .from = seat, .open = open, .accepted = 1u << seat,
                       .until_ms = srv_now_ms() + (int64_t)l->lim.rematch_s * 1000, .player = cl->player};
    snprintf(o.addr, sizeof o.addr, "%s", cl->addr);
    for (int s = 0; s < t->players; s++)
        if (s != seat && t->seat[s].player)
            o.waiting |= 1u << s;
    /* within what the offerer may hold: a table that may wait counts so */
    if (!ad_may_make(l, c, open && o.waiting, 0, rid))
        return;
    t->offer = o;
    absent_decline(t);
    ad_schedule(l, t);
    settle(l, t, c, rid);
}

/* "declined": who takes the seats of those who decline; 1 open, 0 bots,
 * -1 after a refusal. */
static int read_declined(conn *c, const json_t *req, const json_t *rid)
{
    const json_t *d = json_object_get(req, "declined");
    const char *v = json_string_value(d);
    if (!d || (v && strcmp(v, "bot") == 0))
        return 0;
    if (v && strcmp(v, "open") == 0)
        return 1;
    refuse(c, rid, CODE_BAD_FIELD,
           "declined is \"bot\" or \"open\": who takes the seats of those who decline");
    return -1;
}

/* A rematch asked for once it was made: the same table, the same seat. */
static json_t *made_already(lobby *l, const table *t, int seat)
{
    const table *nt = ad_find_table(l, t->next);
    if (nt) /* it need not be in memory: then the seat at this one */
        return where(nt, t->seat[seat].player);
    return json_pack("{s:b,s:I,s:i}", "ok", 1, "table", (json_int_t)t->next, "seat", seat);
}

void ad_cmd_rematch(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return;
    int seat = ad_seat_of_player(t, conn_state(c)->player);
    if (seat < 0)
        return refuse(c, rid, CODE_NOT_SEATED, "only a player of that game can offer a rematch");
    if (t->status != TABLE_OVER)
        return refuse(c, rid, CODE_NOT_OVER, "a rematch comes when the game is over");
    if (t->next)
        return reply(c, rid, made_already(l, t, seat));
    int open = read_declined(c, req, rid);
    if (open < 0)
        return;
    if (t->offer.on) /* a second offer is an acceptance of the first */
        return answer(l, t, c, rid, seat, 1);
    offer(l, t, c, rid, seat, open);
}

void ad_cmd_rematch_answer(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return;
    int seat = ad_seat_of_player(t, conn_state(c)->player);
    if (seat < 0)
        return refuse(c, rid, CODE_NOT_SEATED, "only a player of that game answers its rematch");
    const json_t *a = json_object_get(req, "accept");
    if (!a)
        return refuse(c, rid, CODE_MISSING_FIELD, "rematch_answer needs accept: true or false");
    if (!json_is_boolean(a))
        return refuse(c, rid, CODE_BAD_FIELD, "accept is true or false");
    if (!t->offer.on)
        return refuse(c, rid, CODE_NO_OFFER,
                      t->next ? "the rematch was made already: its push named the table"
                              : "nobody has offered a rematch of that game (offer one with "
                                "rematch once it is over)");
    answer(l, t, c, rid, seat, json_is_true(a));
}

int64_t ad_rematch_due(const table *t)
{
    return t->offer.on ? t->offer.until_ms : AD_DIRECTOR_NEVER;
}

void ad_rematch_timer(lobby *l, table *t)
{
    if (!t->offer.on)
        return;
    if (srv_now_ms() < t->offer.until_ms)
        return ad_schedule(l, t);
    t->offer.declined |= t->offer.waiting; /* silence is a no */
    t->offer.waiting = 0;
    settle(l, t, NULL, NULL);
}

void ad_rematch_gone(lobby *l, table *t)
{
    if (!t->offer.on)
        return;
    int from = t->offer.from;
    if (t->seat[from].online <= 0) {
        char words[160];
        snprintf(words, sizeof words, "%s left: the rematch is off", t->seat[from].name);
        return end_offer(l, t, "withdrawn", words);
    }
    uint32_t before = t->offer.waiting;
    absent_decline(t);
    if (t->offer.waiting != before)
        settle(l, t, NULL, NULL);
}
