/*
 * identity.c - who a connection is: `hello` with a name (names.c) and a
 * token (a new player when none is given, so many a minute from one
 * address); the store keeps only the token's hash.
 */
#include <sys/random.h>
#include <openssl/evp.h>

#include "names.h"
#include "lobby_impl.h"

static int hexval(int ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* The token's hash, which is all the store keeps of it (OpenSSL's SHA-256). */
static int sha256(const void *in, size_t n, uint8_t out[32])
{
    unsigned int len = 0;
    return EVP_Digest(in, n, out, &len, EVP_sha256(), NULL) == 1 && len == 32 ? 0 : -1;
}

/* A bucket of new players for one address: it refills at
 * new_players_per_minute up to new_players_burst. */
static void refill(const lobby *l, struct maker *m, int64_t now)
{
    double got = (double)(now - m->at_ms) * l->lim.new_players_per_minute / 60000.0;
    m->tokens = m->tokens + got > l->lim.new_players_burst ? l->lim.new_players_burst
                                                          : m->tokens + got;
    m->at_ms = now;
}

/* The bucket of an address, made full when it has none.  A full bucket
 * remembers nothing, so the full ones are dropped to make room: only the
 * addresses that made players lately are kept. */
static struct maker *maker_of(lobby *l, const char *addr, int64_t now)
{
    for (int i = 0; i < l->nmakers; i++)
        if (strcmp(l->makers[i].addr, addr) == 0)
            return &l->makers[i];
    for (int i = 0; l->nmakers == l->cmakers && i < l->nmakers;) {
        refill(l, &l->makers[i], now);
        if (l->makers[i].tokens >= l->lim.new_players_burst)
            l->makers[i] = l->makers[--l->nmakers];
        else
            i++;
    }
    l->makers = ad_grown(l->makers, l->nmakers, &l->cmakers, sizeof *l->makers, 64);
    struct maker *m = &l->makers[l->nmakers++];
    snprintf(m->addr, sizeof m->addr, "%s", addr);
    m->tokens = l->lim.new_players_burst;
    m->at_ms = now;
    return m;
}

/* May this address make a new player now?  Each is stored for good (and
 * costs a disk sync), so an address makes a burst of them, then so many a
 * minute: a classroom behind one address arrives within the burst. */
static int new_player_ok(lobby *l, const char *addr)
{
    int64_t now = srv_now_ms();
    struct maker *m = maker_of(l, addr, now);
    refill(l, m, now);
    if (m->tokens < 1)
        return 0;
    m->tokens -= 1;
    return 1;
}

/* A name that is not text: the limit in words. */
static void refuse_name(conn *c, const json_t *rid)
{
    char text[64];
    snprintf(text, sizeof text, "a name is text: 1 to %d characters", SRV_NAME_MAX);
    refuse(c, rid, CODE_BAD_FIELD, text);
}

/* The player a token names (name: the name they now give); 0 with *id,
 * or -1 after a refusal. */
static int known_player(lobby *l, conn *c, const json_t *rid, const json_t *tok,
                        const char *name, int64_t *id)
{
    const char *ts = json_string_value(tok);
    int good = ts && strlen(ts) == 32;
    for (int i = 0; good && i < 32; i++)
        good = hexval(ts[i]) >= 0;
    if (!good)
        return refuse(c, rid, CODE_BAD_TOKEN, "a token is the 32 hexadecimal digits hello gave"), -1;
    uint8_t hash[32];
    if (sha256(ts, 32, hash) < 0)
        return refuse(c, rid, CODE_INTERNAL, "the token could not be hashed"), -1;
    ad_err err;
    int rc = store_player_find(l->st, hash, name, id, &err);
    if (rc < 0)
        return refuse(c, rid, CODE_STORE_FAILED, err.text), -1;
    if (rc == 1)
        return refuse(c, rid, CODE_BAD_TOKEN, "no player has that token"), -1;
    return 0;
}

/* A new player called name, with a fresh token (33 bytes: 32 hexadecimal
 * digits); 0 with *id, or -1 after a refusal. */
static int new_player(lobby *l, conn *c, const json_t *rid, const char *name, char *token,
                      int64_t *id)
{
    if (!new_player_ok(l, conn_state(c)->addr))
        return refuse(c, rid, CODE_TOO_MANY_PLAYERS,
                      "too many new players from your address lately: say hello with the "
                      "token you were given, or try again in a minute"), -1;
    uint8_t raw[16], hash[32];
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return refuse(c, rid, CODE_INTERNAL, "no random bits for a token"), -1;
    for (int i = 0; i < 16; i++)
        snprintf(token + 2 * i, 3, "%02x", raw[i]);
    if (sha256(token, 32, hash) < 0)
        return refuse(c, rid, CODE_INTERNAL, "the token could not be hashed"), -1;
    ad_err err;
    if (store_player_new(l->st, name, hash, id, &err) < 0)
        return refuse(c, rid, CODE_STORE_FAILED, err.text), -1;
    return 0;
}

/* The name a person's seats show, changed to name (a finished game keeps
 * the names it was played with: its replay's). */
static void rename_seats(lobby *l, int64_t id, const char *name)
{
    for (int i = 0; i < l->ntab; i++) {
        table *t = l->tab[i];
        int s = ad_seat_of_player(t, id);
        if (s >= 0 && t->status != TABLE_OVER && strcmp(t->seat[s].name, name) != 0) {
            snprintf(t->seat[s].name, sizeof t->seat[s].name, "%s", name);
            t->seats_dirty = 1;
            t->meta_dirty = 1;
            mark_dirty(l, t);
        }
    }
}

void ad_cmd_hello(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    const char *given = json_string_value(json_object_get(req, "name"));
    json_t *tok = json_object_get(req, "token");
    if (!json_object_get(req, "name"))
        return refuse(c, rid, CODE_MISSING_FIELD, "hello needs a name");
    if (!given)
        return refuse_name(c, rid);
    json_t *deltas = json_object_get(req, "deltas"); /* delta.c: updates as deltas */
    if (deltas && !json_is_boolean(deltas))
        return refuse(c, rid, CODE_BAD_FIELD, "deltas is true or false");
    json_t *aloud = json_object_get(req, "aloud"); /* pushes.c: the lines read aloud */
    if (aloud && !json_is_boolean(aloud))
        return refuse(c, rid, CODE_BAD_FIELD, "aloud is true or false");
    /* the name as stored and shown: its NFC form (names.c says what is refused) */
    char name[SRV_NAME_MAX * 4 + 1], why[200];
    if (srv_name_normal(given, SRV_NAME_MAX, name, sizeof name, why, sizeof why) < 0)
        return refuse(c, rid, CODE_BAD_FIELD, why);
    char token[33];
    int64_t id;
    if (tok && known_player(l, c, rid, tok, name, &id) < 0)
        return;
    if (tok)
        snprintf(token, sizeof token, "%s", json_string_value(tok));
    else if (new_player(l, c, rid, name, token, &id) < 0)
        return;
    char *nm = strdup(name);
    if (!nm)
        return refuse(c, rid, CODE_INTERNAL, "out of memory");
    conn_lobby *cl = conn_state(c);
    if (cl->player && cl->player != id)
        ad_unseat_conn(l, c); /* another player now: the seats it sat at are not theirs */
    free(cl->name);
    cl->player = id;
    cl->name = nm;
    rename_seats(l, id, name);
    if (deltas)
        cl->deltas = json_is_true(deltas);
    if (aloud)
        cl->quiet = !json_is_true(aloud);
    json_t *r = json_pack("{s:b,s:I,s:s}", "ok", 1, "player", (json_int_t)id, "token", token);
    if (cl->deltas) /* the client knows this server sends them */
        json_object_set_new(r, "deltas", json_true());
    ad_cluster_hello(l, r);
    reply(c, rid, r);
}
