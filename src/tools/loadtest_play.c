/*
 * loadtest_play.c - `alphadeck loadtest`'s players (loadtest.h): each
 * connection's requests (under its own rate bucket) and the messages it is
 * sent, the play (a legal action for every turn it is asked, after a think
 * time; a finished game followed into its rematch), what a connection's
 * opening, failure and closing mean, and the loop's clock that connects,
 * moves the phases and ends the run.  The sockets are loadtest_net.c's.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loadtest.h"

/* ---------------------------------------------------------- small parts */

static void count_error(lt *t, const char *code)
{
    if (!code)
        code = "(no code)";
    for (int i = 0; i < t->ncodes; i++)
        if (strcmp(t->codes[i].code, code) == 0) {
            t->codes[i].n++;
            return;
        }
    /* the last slot counts every code past the others */
    int i = t->ncodes < LT_CODES ? t->ncodes++ : LT_CODES - 1;
    snprintf(t->codes[i].code, sizeof t->codes[i].code, "%s",
             i < LT_CODES - 1 ? code : "(other codes)");
    t->codes[i].n++;
}

/* A think time in µs: exponential with mean 1/rate seconds (a Poisson
 * process of answers), from a xorshift generator. */
static lt_usec think_us(lt *t)
{
    t->rng ^= t->rng << 13;
    t->rng ^= t->rng >> 7;
    t->rng ^= t->rng << 17;
    double u = ((double)(t->rng >> 11) + 0.5) / 9007199254740992.0; /* (0, 1) */
    double s = -log(u) / t->rate;
    if (s > 3600)
        s = 3600;
    return (lt_usec)(s * 1e6);
}

/* Refills c's bucket to now; how long until it holds a whole token. */
static lt_usec rate_wait_us(lt *t, lt_conn *c)
{
    lt_usec now = t->now;
    if (!c->refill_us)
        c->tokens = LT_RATE_BURST;
    else
        c->tokens += (double)(now - c->refill_us) * LT_RATE_PER_S / 1e6;
    if (c->tokens > LT_RATE_BURST)
        c->tokens = LT_RATE_BURST;
    c->refill_us = now;
    return c->tokens >= 1.0 ? 0 : (lt_usec)((1.0 - c->tokens) * 1e6 / LT_RATE_PER_S) + 1;
}

/* A request: {"cmd":CMD,"rid":RID,...fields}, the rid telling its kind. */
static void request(lt *t, lt_conn *c, int kind, const char *cmd, json_t *fields)
{
    if (c->ns != NS_OPEN || c->closing) {
        json_decref(fields);
        return;
    }
    rate_wait_us(t, c);
    c->tokens -= 1.0; /* an act waited for it; the rare others may run a little ahead */
    json_object_set_new(fields, "cmd", json_string(cmd));
    json_object_set_new(fields, "rid", json_integer(((json_int_t)++c->rid << RQ_BITS) | kind));
    char *text = json_dumps(fields, JSON_COMPACT);
    json_decref(fields);
    if (text)
        ad_loadtest_send(t, c, text, strlen(text), kind == RQ_ACT);
    free(text);
}

/* c is through its set-up (seated, or out): the set-up ends with the last. */
static void settle(lt *t, lt_conn *c)
{
    if (c->settled)
        return;
    c->settled = 1;
    if (--t->unsettled == 0)
        t->t_setup = t->now;
}

static lt_group *group_of(lt *t, const lt_conn *c)
{
    uint32_t base = (uint32_t)t->clients / (uint32_t)t->tables,
             extra = (uint32_t)t->clients % (uint32_t)t->tables;
    /* the first `extra` groups hold base+1 people, the rest base */
    uint32_t big = extra * (base + 1);
    uint32_t gi = c->index < big ? c->index / (base + 1) : extra + (c->index - big) / base;
    return &t->g[gi];
}

/* ---------------------------------------------------------- playing */

/* A legal action for a No Way or I Doubt It seat that is asked: let a
 * claim stand in a challenge window, else play its first card saying the
 * call.  0, or -1 when the view holds no such thing. */
static int decide(const json_t *view, char *out, size_t len)
{
    const char *phase = json_string_value(json_object_get(view, "phase"));
    json_t *a;
    if (phase && strcmp(phase, "challenge") == 0) {
        a = json_pack("{s:s}", "type", "pass");
    } else {
        const char *card = json_string_value(json_array_get(json_object_get(view, "hand"), 0));
        const char *call = json_string_value(json_object_get(view, "call"));
        if (!card || !call)
            return -1;
        a = json_pack("{s:s,s:[s],s:s}", "type", "play", "cards", card, "say", call);
    }
    if (!a)
        return -1;
    size_t n = json_dumpb(a, out, len - 1, JSON_COMPACT);
    json_decref(a);
    if (n == 0 || n >= len)
        return -1;
    out[n] = 0;
    return 0;
}

static void plan(lt *t, lt_conn *c, lt_usec delay);

static void send_act(lt *t, lt_conn *c)
{
    lt_usec wait = rate_wait_us(t, c);
    if (wait) {
        plan(t, c, wait); /* think_done sends it then, if still asked */
        return;
    }
    json_t *action = json_loads(c->action, 0, NULL);
    if (!action)
        return;
    c->inflight = 1;
    t->inflight++;
    request(t, c, RQ_ACT, "act",
            json_pack("{s:I,s:i,s:o}", "table", (json_int_t)c->table, "v", (int)c->acted_v,
                      "action", action));
}

/* The think time (or a retry's wait) is over: act, if still asked. */
static void think_done(lt *t, lt_timer *tm)
{
    lt_conn *c = (lt_conn *)(void *)((char *)tm - offsetof(lt_conn, think));
    if (!c->planned)
        return;
    c->planned = 0;
    if (c->ns != NS_OPEN || t->phase != PH_RUN || c->state != CS_SEATED || c->inflight ||
        c->v != c->acted_v)
        return;
    send_act(t, c);
}

static void plan(lt *t, lt_conn *c, lt_usec delay)
{
    c->planned = 1;
    ad_loadtest_timer_at(t, &c->think, t->now + delay, think_done);
}

static void unplan(lt *t, lt_conn *c)
{
    if (c->planned) {
        ad_loadtest_timer_cancel(t, &c->think);
        c->planned = 0;
    }
}

static int over(const json_t *view)
{
    const char *phase = json_string_value(json_object_get(view, "phase"));
    return phase && strcmp(phase, "over") == 0;
}

/* Acts on c's planned action (for version c->v): after a think time, or
 * at once. */
static void act_now_or_later(lt *t, lt_conn *c)
{
    c->acted_v = c->v;
    if (t->rate > 0)
        plan(t, c, think_us(t));
    else
        send_act(t, c);
}

/* A version of c's table: a join's answer or an update push.  Acts when
 * its seat is asked; the lead asks for a rematch of a finished game. */
static void see(lt *t, lt_conn *c, json_int_t v, const json_t *view, const json_t *asked)
{
    if (v < c->v || !json_is_object(view))
        return;
    if (v > c->v) {
        unplan(t, c);
        c->owed = 0;
    }
    c->v = (int32_t)v;
    if (over(view)) {
        lt_group *g = group_of(t, c);
        if (g->lead == (int32_t)c->index && g->asked_over != c->table) {
            g->asked_over = c->table;
            t->games++;
            if (t->phase == PH_RUN)
                request(t, c, RQ_REMATCH, "rematch",
                        json_pack("{s:I}", "table", (json_int_t)c->table));
        }
        return;
    }
    if (t->phase > PH_RUN || c->planned || c->owed || c->v <= c->acted_v)
        return;
    if (!json_is_array(asked))
        asked = json_object_get(view, "to_act");
    int mine = 0;
    size_t i;
    json_t *s;
    json_array_foreach(asked, i, s) mine |= json_integer_value(s) == c->seat;
    if (!mine)
        return;
    /* a window asks every other seat at once and each answers once: while
     * this seat's answer is in flight, the others' answers change nothing
     * for it (the race, docs/server.md) */
    const char *phase = json_string_value(json_object_get(view, "phase"));
    if (c->inflight && phase && strcmp(phase, "challenge") == 0)
        return;
    if (decide(view, c->action, sizeof c->action) < 0) {
        count_error(t, "(no legal action found)");
        c->acted_v = c->v;
        return;
    }
    if (c->inflight || t->phase == PH_SETUP)
        c->owed = 1; /* acts when the answer in flight comes, or the load begins */
    else
        act_now_or_later(t, c);
}

/* Seated at a table: from create's or join's answer. */
static void seated(lt *t, lt_conn *c, const json_t *r)
{
    json_t *seat = json_object_get(r, "seat");
    if (!json_is_integer(seat)) {
        count_error(t, "(no seat)");
        c->state = CS_READY;
        settle(t, c);
        return;
    }
    c->seat = (int8_t)json_integer_value(seat);
    c->state = CS_SEATED;
    settle(t, c);
    see(t, c, json_integer_value(json_object_get(r, "v")), json_object_get(r, "view"),
        json_object_get(r, "asked"));
}

/* Every person of g has said hello (or failed): its lead makes the table,
 * with a seat open for each who is ready and bots in the rest. */
static void maybe_create(lt *t, lt_group *g)
{
    if (g->pending || g->created || g->ready == 0 || t->phase > PH_RUN)
        return;
    g->created = 1;
    for (uint32_t i = g->first; i < g->first + g->people; i++)
        if (t->c[i].state == CS_READY) {
            g->lead = (int32_t)i;
            break;
        }
    json_t *seats = json_array();
    for (int s = 0; s < t->players; s++)
        json_array_append_new(seats, json_string(s < g->ready ? "open" : "basic"));
    lt_conn *c = &t->c[g->lead];
    c->state = CS_JOINING;
    request(t, c, RQ_CREATE, "create",
            json_pack("{s:s,s:i,s:o,s:i}", "game", t->game, "players", t->players, "seats", seats,
                      "bot_pause_ms", 0));
}

static void group_hello_done(lt *t, lt_conn *c, int ok)
{
    lt_group *g = group_of(t, c);
    g->pending--;
    if (ok)
        g->ready++;
    maybe_create(t, g);
}

/* ---------------------------------------------------------- frames in */

static void reply_in(lt *t, lt_conn *c, int kind, const json_t *r)
{
    int ok = json_is_true(json_object_get(r, "ok"));
    if (!ok)
        count_error(t, json_string_value(json_object_get(r, "code")));
    switch (kind) {
    case RQ_HELLO:
        t->connecting--;
        c->state = ok ? CS_READY : CS_GONE;
        if (!ok)
            settle(t, c);
        group_hello_done(t, c, ok);
        break;
    case RQ_CREATE: {
        lt_group *g = group_of(t, c);
        if (!ok) {
            /* nobody of this group will sit */
            for (uint32_t i = g->first; i < g->first + g->people; i++)
                settle(t, &t->c[i]);
            c->state = CS_READY;
            break;
        }
        c->table = json_integer_value(json_object_get(r, "table"));
        for (uint32_t i = g->first; i < g->first + g->people; i++) {
            lt_conn *o = &t->c[i];
            if (o == c || o->state != CS_READY)
                continue;
            o->state = CS_JOINING;
            o->table = c->table;
            request(t, o, RQ_JOIN, "join", json_pack("{s:I}", "table", (json_int_t)c->table));
        }
        seated(t, c, r);
        break;
    }
    case RQ_JOIN:
        if (!ok) {
            settle(t, c);
            break;
        }
        if (json_integer_value(json_object_get(r, "table")) == c->table)
            seated(t, c, r);
        break;
    case RQ_ACT: {
        if (!c->inflight)
            break;
        c->inflight = 0;
        t->inflight--;
        if (ok) {
            t->acks_total++;
            if (t->phase == PH_RUN) {
                /* from when the act went into the socket to when its answer
                 * came out of it (t->now: read as it was read) */
                uint64_t us = t->now > c->sent_us ? (uint64_t)(t->now - c->sent_us) : 0;
                t->acks++;
                t->hist[ad_loadtest_hist_index(us)]++;
                t->hist_n++;
                if (us > t->max_us)
                    t->max_us = us;
            }
        } else {
            const char *code = json_string_value(json_object_get(r, "code"));
            if (code && strcmp(code, "rate_limited") == 0 && t->phase == PH_RUN &&
                c->v == c->acted_v && !c->owed) {
                plan(t, c, LT_RETRY_US); /* the same act again, later */
                break;
            }
        }
        if (c->owed && t->phase == PH_RUN) {
            c->owed = 0;
            act_now_or_later(t, c);
        }
        break;
    }
    case RQ_LEAVE:
        t->leaves--;
        break;
    default: /* rematch: its push says where to go */
        break;
    }
}

/* A rematch of c's table: join the new one and leave the old (a connection
 * may sit at only so many tables); at the end, leave the new one at once. */
static void follow_rematch(lt *t, lt_conn *c, int64_t next)
{
    int64_t old = c->table;
    unplan(t, c);
    c->table = next;
    c->owed = 0;
    c->v = -1;
    c->acted_v = -1;
    c->seat = -1;
    if (t->phase == PH_RUN) {
        c->state = CS_JOINING;
        request(t, c, RQ_JOIN, "join", json_pack("{s:I}", "table", (json_int_t)next));
    } else {
        t->leaves++;
        request(t, c, RQ_LEAVE, "leave", json_pack("{s:I}", "table", (json_int_t)next));
    }
    t->leaves++;
    request(t, c, RQ_LEAVE, "leave", json_pack("{s:I}", "table", (json_int_t)old));
}

/* A rematch the table's lead offered: a person asked accepts it, since
 * the next game starts when all have.  Only at the offer's first push
 * (nobody but the offerer in yet): a later one, after another's answer,
 * may still name this seat while its own answer is on the way. */
static void consent(lt *t, lt_conn *c, const json_t *f)
{
    const json_t *w = json_object_get(f, "waiting");
    if (t->phase != PH_RUN || json_array_size(json_object_get(f, "accepted")) != 1)
        return;
    for (size_t i = 0; i < json_array_size(w); i++)
        if (json_integer_value(json_array_get(w, i)) == c->seat) {
            request(t, c, RQ_REMATCH, "rematch_answer",
                    json_pack("{s:I,s:b}", "table", (json_int_t)c->table, "accept", 1));
            return;
        }
}

static void frame_in(lt *t, lt_conn *c, const char *text, size_t n)
{
    json_t *f = json_loadb(text, n, 0, NULL);
    if (!json_is_object(f)) {
        count_error(t, "(not JSON)");
        json_decref(f);
        return;
    }
    const char *push = json_string_value(json_object_get(f, "push"));
    json_int_t table = json_integer_value(json_object_get(f, "table"));
    if (push) {
        if (strcmp(push, "update") == 0 && c->state == CS_SEATED && table == c->table)
            see(t, c, json_integer_value(json_object_get(f, "v")), json_object_get(f, "view"),
                json_object_get(f, "asked"));
        else if (strcmp(push, "rematch") == 0 && table == c->table && c->table)
            follow_rematch(t, c, json_integer_value(json_object_get(f, "next")));
        else if (strcmp(push, "rematch_offer") == 0 && table == c->table && c->table)
            consent(t, c, f);
    } else {
        json_t *rid = json_object_get(f, "rid");
        if (json_is_integer(rid))
            reply_in(t, c, (int)(json_integer_value(rid) & ((1 << RQ_BITS) - 1)), f);
        else if (!json_is_true(json_object_get(f, "ok")))
            count_error(t, json_string_value(json_object_get(f, "code")));
    }
    json_decref(f);
}

/* ---------------------------------------------------------- the connection */

static void conn_gone(lt *t, lt_conn *c)
{
    if (c->state == CS_CONNECTING)
        t->connecting--;
    if (c->state == CS_CONNECTING || c->state == CS_READY) {
        c->state = CS_GONE;
        group_hello_done(t, c, 0);
    }
    if (c->inflight) {
        c->inflight = 0;
        t->inflight--;
    }
    unplan(t, c);
    settle(t, c);
    c->state = CS_GONE;
}

void ad_loadtest_on_failed(lt *t, lt_conn *c, const char *why)
{
    if (c->state == CS_GONE)
        return;
    t->failed++;
    if (!t->first_error[0])
        snprintf(t->first_error, sizeof t->first_error, "%s", why ? why : "no reason given");
    conn_gone(t, c);
}

void ad_loadtest_on_open(lt *t, lt_conn *c)
{
    c->open = 1;
    t->opened++;
    t->open_now++;
    char name[24];
    snprintf(name, sizeof name, "lt%u", c->index);
    request(t, c, RQ_HELLO, "hello", json_pack("{s:s}", "name", name));
}

void ad_loadtest_on_message(lt *t, lt_conn *c, const char *text, size_t n)
{
    frame_in(t, c, text, n);
}

void ad_loadtest_on_closed(lt *t, lt_conn *c)
{
    if (!c->open)
        return;
    c->open = 0;
    t->open_now--;
    if (!c->closing)
        t->dropped++;
    conn_gone(t, c);
}

/* ---------------------------------------------------------- the run */

static void next_phase(lt *t, int phase)
{
    t->phase = phase;
    t->t_phase = t->now;
    if (phase == PH_DRAIN) {
        for (int i = 0; i < t->clients; i++)
            unplan(t, &t->c[i]);
    } else if (phase == PH_LEAVE) {
        /* what is open now is what held to the end; give the seats to bots */
        t->held = t->open_now;
        for (int i = 0; i < t->clients; i++) {
            lt_conn *c = &t->c[i];
            if (c->ns == NS_OPEN && c->table &&
                (c->state == CS_SEATED || c->state == CS_JOINING)) {
                t->leaves++;
                request(t, c, RQ_LEAVE, "leave", json_pack("{s:I}", "table", (json_int_t)c->table));
            }
        }
    } else if (phase == PH_CLOSE) {
        for (int i = 0; i < t->clients; i++) {
            lt_conn *c = &t->c[i];
            if (c->ns == NS_OPEN) {
                c->closing = 1;
                ad_loadtest_close(t, c);
            }
        }
    }
}

/* Every connection sits (or the set-up's time is up): the load begins,
 * each seat that was asked meanwhile acting first. */
static void start_load(lt *t, lt_usec now)
{
    t->phase = PH_RUN;
    t->t_run = now;
    t->t_stop = now + (lt_usec)t->seconds * 1000000;
    for (int i = 0; i < t->clients; i++) {
        lt_conn *c = &t->c[i];
        t->seated += c->state == CS_SEATED;
        if (c->owed && !c->inflight && c->state == CS_SEATED) {
            c->owed = 0;
            act_now_or_later(t, c);
        }
    }
}

static void connect_one(lt *t, lt_conn *c)
{
    c->state = CS_CONNECTING;
    t->connecting++;
    ad_loadtest_connect(t, c); /* a failure comes back as ad_loadtest_on_failed */
}

void ad_loadtest_tick(lt *t, lt_timer *tm)
{
    lt_usec now = t->now;
    ad_loadtest_timer_at(t, tm, now + LT_TICK_US, ad_loadtest_tick);
    if (now - t->t0 >= (lt_usec)(t->setup_seconds + t->seconds) * 1000000 + LT_HARD_US) {
        t->phase = PH_DONE; /* the hard limit: whatever is still open is cut */
        return;
    }
    switch (t->phase) {
    case PH_SETUP:
        if (ad_loadtest_interrupted) {
            t->t_run = t->t_stop = now;
            next_phase(t, PH_DRAIN);
        } else if (t->t_setup || now - t->t0 >= (lt_usec)t->setup_seconds * 1000000) {
            start_load(t, now);
        } else {
            while (t->next_connect < t->clients && t->connecting < LT_CONNECTING_MAX)
                connect_one(t, &t->c[t->next_connect++]);
        }
        break;
    case PH_RUN:
        if (ad_loadtest_interrupted || now >= t->t_stop) {
            t->t_stop = now;
            next_phase(t, PH_DRAIN);
        }
        break;
    case PH_DRAIN:
        if (t->inflight == 0 || now - t->t_phase >= LT_DRAIN_US)
            next_phase(t, PH_LEAVE);
        break;
    case PH_LEAVE:
        if (t->leaves <= 0 || now - t->t_phase >= LT_LEAVE_US)
            next_phase(t, PH_CLOSE);
        break;
    case PH_CLOSE:
        if (t->open_now <= 0 || now - t->t_phase >= LT_CLOSE_US)
            t->phase = PH_DONE;
        break;
    }
}
