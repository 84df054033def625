/*
 * hint.c - the coach at a table (shared/PROTOCOL.md, "Hints";
 * docs/server.md): `hint` answers a seated person what their own seat
 * could be told now, worked out by the library (alphadeck/hint.h) from
 * that seat's view alone, at tables that allow hints: the table option
 * `hints`, on by default where every other seat is a bot, never at a
 * table made by `quick`.  A hint is no part of the game: it is neither
 * pushed, nor stored, nor in the record.  It costs a few milliseconds of
 * the loop's thread, so each person has a bucket of them (a burst, then
 * one a second), whichever connection they ask from.
 */
#include "alphadeck/hint.h"
#include "lobby_impl.h"

#define HINT_BURST 6        /* hints one person may ask at once */
#define HINT_EVERY_MS 1000  /* ... then one this often */
#define HINTERS_KEPT 256    /* buckets held before full ones are let go */

/* ------------------------------------------------------------ the option */

int ad_hints_read(conn *c, const json_t *req, const json_t *rid, const seat_t *seats, int n,
                  int sit)
{
    const json_t *v = json_object_get(req, "hints");
    if (v && !json_is_boolean(v))
        return refuse(c, rid, CODE_BAD_FIELD, "hints is true or false"), -1;
    if (v)
        return json_is_true(v);
    if (sit < 0) /* nobody of the maker's sits: nobody to coach */
        return 0;
    for (int s = 0; s < n; s++)
        if (s != sit && !seats[s].bot[0])
            return 0; /* another person may sit there */
    return 1;
}

/* ------------------------------------------------------------ how often */

static int may_hint(lobby *l, conn *c, const json_t *rid)
{
    if (ad_bucket_take(&l->hinters, conn_state(c)->player, HINT_BURST, HINT_EVERY_MS,
                       HINTERS_KEPT))
        return 1;
    char text[120];
    snprintf(text, sizeof text, "you are asking for hints too fast: %d at once, then one a "
                                "second", HINT_BURST);
    refuse(c, rid, CODE_RATE_LIMITED, text);
    return 0;
}

void ad_hint_free(lobby *l)
{
    ad_buckets_free(&l->hinters);
}

/* ------------------------------------------------------------ hint */

void ad_cmd_hint(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = ad_member_of(t, c);
    int seat = m ? ad_member_seat(t, m) : -1;
    if (seat < 0)
        return refuse(c, rid, CODE_NOT_SEATED, "hints are for a seat's own player: you hold "
                                               "no seat at that table (join it first)");
    if (!t->hints)
        return refuse(c, rid, CODE_HINTS_OFF, "hints are off at this table (a table made "
                                              "with \"hints\":true allows them)");
    if (t->status == TABLE_WAITING)
        return refuse(c, rid, CODE_NOT_STARTED, "the game starts when every seat is taken");
    if (t->status != TABLE_PLAYING || !game_table(t))
        return refuse(c, rid, CODE_GAME_OVER, "the game is over");
    if (!may_hint(l, c, rid))
        return;
    ad_err err;
    const char *names[AD_MAX_SEATS] = {0}; /* a person's seat by their name, as the table says */
    ad_seat_names(t, names);
    json_t *h = ad_hint_table_named(game_table(t), seat, names, NULL, &err);
    if (!h)
        return refuse_err(c, rid, &err);
    reply(c, rid, json_pack("{s:b,s:I,s:I,s:o}", "ok", 1, "table", (json_int_t)t->id, "v",
                            (json_int_t)version(t), "hint", h));
}
