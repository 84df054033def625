/*
 * loadtest.c - `alphadeck loadtest`: many players against a running
 * `alphadeck serve` on this machine, each on a WebSocket of its own, all
 * from one thread and one libwebsockets context (poll), a few hundred bytes
 * a connection.  Each says hello and sits at a table (made by its first
 * person, bots in the seats nobody takes); once all sit (the set-up), each
 * answers every turn it is asked with a legal action and follows a finished
 * game into its rematch.  After --seconds of that it lets outstanding
 * acknowledgements come, gives its seats to the server's stand-in bots,
 * closes, and reports (docs/server.md, "Load").
 * It connects only to loopback addresses, and it always ends: every phase
 * has a time limit, and so has the whole.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <netdb.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <libwebsockets.h>

#include "alphadeck/alphadeck.h"
#include "../app/app.h"
#include "tools.h"

#define LT_CONNECTING_MAX 256  /* connections between connect and hello's answer at once */
#define LT_TICK_US 10000       /* the loop's own clock: phases, the ramp of connections */
#define LT_DRAIN_US 2000000    /* after --seconds: how long outstanding acts may take */
#define LT_LEAVE_US 1500000    /* ... then leaving the tables */
#define LT_CLOSE_US 1000000    /* ... then closing */
#define LT_HARD_US 6000000     /* the run ends by set-up limit + --seconds + this, whatever happens */
#define LT_RETRY_US 250000     /* an act refused as rate_limited is sent again after this */
/* Each connection keeps under the server's documented rate (docs/server.md:
 * 50 requests a second, bursts of 200) with a margin, so a fast machine
 * measures acknowledgements, not refusals: a request a connection sends
 * takes a token from its own bucket, refilled at LT_RATE_PER_S up to
 * LT_RATE_BURST; an act waits for its token. */
#define LT_RATE_PER_S 40.0
#define LT_RATE_BURST 100.0
#define LT_FILES_SPARE 64      /* files besides the connections (stdio, lws' own) */
#define LT_CODES 32            /* distinct error codes counted */
#define LT_ACTION_MAX 64       /* an action's JSON, as planned */

/* What a request was, carried in its rid's low bits. */
enum { RQ_HELLO = 1, RQ_CREATE, RQ_JOIN, RQ_ACT, RQ_REMATCH, RQ_LEAVE, RQ_BITS = 3 };

/* A connection's progress. */
enum {
    CS_IDLE,       /* not connected yet */
    CS_CONNECTING, /* connecting, or its hello not answered */
    CS_READY,      /* hello answered: waits for its table */
    CS_JOINING,    /* create or join sent */
    CS_SEATED,     /* sits at `table` and plays */
    CS_GONE        /* failed, refused or closed */
};

/* The run's phases: connect and sit (nobody acts yet, so the load meets
 * the whole crowd at once); load for --seconds; then the end in three steps. */
enum { PH_SETUP, PH_RUN, PH_DRAIN, PH_LEAVE, PH_CLOSE, PH_DONE };

typedef struct out_frame {
    struct out_frame *next;
    size_t len;
    int is_act; /* its sending starts the act's clock */
    unsigned char buf[]; /* LWS_PRE bytes, then the frame */
} out_frame;

typedef struct lt_conn {
    struct lws *wsi;
    lws_sorted_usec_list_t think; /* the think time before an act, or a retry's wait */
    out_frame *qh, *qt;
    char *rx;                     /* a frame arriving in fragments */
    size_t rxn;
    int64_t table;                /* the table it sits at (or is joining); 0: none */
    lws_usec_t sent_us;           /* when the act in flight went out */
    uint32_t index, rid;
    int32_t v;                    /* the newest version seen at its table */
    int32_t acted_v;              /* the version its last (or planned) act is for */
    int8_t seat;
    uint8_t state;
    uint8_t inflight; /* an act awaits its answer */
    uint8_t planned;  /* `think` is scheduled */
    uint8_t owed;     /* asked again while an act was in flight: `action` is for `v` */
    uint8_t settled, closing;
    uint8_t open;     /* its WebSocket is open */
    char action[LT_ACTION_MAX];   /* the planned action, as JSON */
    double tokens;                /* its requests' bucket (LT_RATE_PER_S) */
    lws_usec_t refill_us;         /* when it was last refilled (0: never: full) */
} lt_conn;

/* The people who sit together: connections first .. first+people-1. */
typedef struct lt_group {
    uint32_t first;
    uint8_t people, pending, ready, created;
    int32_t lead;       /* the connection that creates and asks for rematches; -1: none */
    int64_t asked_over; /* the finished table the lead asked a rematch of */
} lt_group;

typedef struct lt {
    /* what to do */
    char address[64], host_header[80], path[256];
    int port, clients, tables, players, json;
    unsigned seconds, setup_seconds;
    double rate; /* acts a second when asked (mean think 1/rate s); 0: at once */
    const char *url, *game;
    /* the run */
    struct lws_context *ctx;
    lt_conn *c;
    lt_group *g;
    lws_sorted_usec_list_t tick;
    lws_usec_t t0, t_setup, t_run, t_stop, t_phase;
    int phase, next_connect, connecting, unsettled, inflight, leaves, open_now, seated;
    uint64_t rng;
    /* what happened */
    int opened, failed, dropped, held, games;
    uint64_t acks, acks_total;
    uint32_t *hist; /* act -> ack times in µs, log buckets (hist_index) */
    uint64_t hist_n, max_us;
    struct { char code[24]; uint64_t n; } codes[LT_CODES];
    int ncodes;
    char first_error[160];
} lt;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* ---------------------------------------------------------- the latency histogram */

/* Below 256 µs a bucket a microsecond; above, 128 buckets each doubling, so
 * a quantile read from it is within 0.8% of the true one; 2^41 µs at most. */
#define H_BITS 7
#define H_DIRECT (2u << H_BITS)
#define H_LEN (H_DIRECT + 33u * (1u << H_BITS))

static unsigned hist_index(uint64_t us)
{
    if (us >= (1ull << 40))
        us = (1ull << 40) - 1;
    if (us < H_DIRECT)
        return (unsigned)us;
    unsigned e = 63u - (unsigned)__builtin_clzll(us), shift = e - H_BITS;
    return H_DIRECT + (shift - 1) * (1u << H_BITS) + (unsigned)((us >> shift) - (1u << H_BITS));
}

/* The middle of bucket i, in µs. */
static double hist_value(unsigned i)
{
    if (i < H_DIRECT)
        return i;
    unsigned k = i - H_DIRECT, shift = k / (1u << H_BITS) + 1;
    uint64_t lo = ((uint64_t)(k % (1u << H_BITS)) + (1u << H_BITS)) << shift;
    return (double)lo + (double)(1ull << shift) / 2.0;
}

/* The q-quantile in ms (the smallest time at least q of the samples reach). */
static double hist_quantile_ms(const lt *t, double q)
{
    uint64_t want = (uint64_t)ceil(q * (double)t->hist_n), seen = 0;
    if (want < 1)
        want = 1;
    for (unsigned i = 0; i < H_LEN; i++) {
        seen += t->hist[i];
        if (seen >= want) {
            double v = hist_value(i);
            return (v > (double)t->max_us ? (double)t->max_us : v) / 1000.0;
        }
    }
    return (double)t->max_us / 1000.0;
}

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
static lws_usec_t think_us(lt *t)
{
    t->rng ^= t->rng << 13;
    t->rng ^= t->rng >> 7;
    t->rng ^= t->rng << 17;
    double u = ((double)(t->rng >> 11) + 0.5) / 9007199254740992.0; /* (0, 1) */
    double s = -log(u) / t->rate;
    if (s > 3600)
        s = 3600;
    return (lws_usec_t)(s * 1e6);
}

static lt *lt_of(struct lws *wsi)
{
    return lws_context_user(lws_get_context(wsi));
}

/* Queues one frame for c (lws writes it when the socket can take it). */
static void send_frame(lt_conn *c, const char *text, size_t n, int is_act)
{
    if (!c->wsi || !c->open || c->closing)
        return;
    out_frame *f = malloc(sizeof *f + LWS_PRE + n);
    if (!f)
        return;
    memcpy(f->buf + LWS_PRE, text, n);
    f->len = n;
    f->is_act = is_act;
    f->next = NULL;
    if (c->qt)
        c->qt->next = f;
    else
        c->qh = f;
    c->qt = f;
    lws_callback_on_writable(c->wsi);
}

/* A request: {"cmd":CMD,"rid":RID,...fields}, the rid telling its kind. */
/* Refills c's bucket to now; how long until it holds a whole token. */
static lws_usec_t rate_wait_us(lt_conn *c)
{
    lws_usec_t now = lws_now_usecs();
    if (!c->refill_us)
        c->tokens = LT_RATE_BURST;
    else
        c->tokens += (double)(now - c->refill_us) * LT_RATE_PER_S / 1e6;
    if (c->tokens > LT_RATE_BURST)
        c->tokens = LT_RATE_BURST;
    c->refill_us = now;
    return c->tokens >= 1.0 ? 0 : (lws_usec_t)((1.0 - c->tokens) * 1e6 / LT_RATE_PER_S) + 1;
}

static void request(lt_conn *c, int kind, const char *cmd, json_t *fields)
{
    rate_wait_us(c);
    c->tokens -= 1.0; /* an act waited for it; the rare others may run a little ahead */
    json_object_set_new(fields, "cmd", json_string(cmd));
    json_object_set_new(fields, "rid", json_integer(((json_int_t)++c->rid << RQ_BITS) | kind));
    char *text = json_dumps(fields, JSON_COMPACT);
    json_decref(fields);
    if (text)
        send_frame(c, text, strlen(text), kind == RQ_ACT);
    free(text);
}

static void free_queue(lt_conn *c)
{
    for (out_frame *f = c->qh, *n; f; f = n) {
        n = f->next;
        free(f);
    }
    c->qh = c->qt = NULL;
    free(c->rx);
    c->rx = NULL;
    c->rxn = 0;
}

/* c is through its set-up (seated, or out): the set-up ends with the last. */
static void settle(lt *t, lt_conn *c)
{
    if (c->settled)
        return;
    c->settled = 1;
    if (--t->unsettled == 0)
        t->t_setup = lws_now_usecs();
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

static void plan(lt *t, lt_conn *c, lws_usec_t delay);

static void send_act(lt *t, lt_conn *c)
{
    lws_usec_t wait = rate_wait_us(c);
    if (wait) {
        plan(t, c, wait); /* think_done sends it then, if still asked */
        return;
    }
    json_t *action = json_loads(c->action, 0, NULL);
    if (!action)
        return;
    c->inflight = 1;
    t->inflight++;
    request(c, RQ_ACT, "act",
            json_pack("{s:I,s:i,s:o}", "table", (json_int_t)c->table, "v", (int)c->acted_v,
                      "action", action));
}

/* The think time (or a retry's wait) is over: act, if still asked. */
static void think_done(lws_sorted_usec_list_t *sul)
{
    lt_conn *c = lws_container_of(sul, lt_conn, think);
    if (!c->planned)
        return;
    c->planned = 0;
    lt *t = c->wsi ? lt_of(c->wsi) : NULL;
    if (!t || t->phase != PH_RUN || c->state != CS_SEATED || c->inflight || c->v != c->acted_v)
        return;
    send_act(t, c);
}

static void plan(lt *t, lt_conn *c, lws_usec_t delay)
{
    c->planned = 1;
    lws_sul_schedule(t->ctx, 0, &c->think, think_done, delay);
}

static void unplan(lt_conn *c)
{
    if (c->planned) {
        lws_sul_cancel(&c->think);
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
        unplan(c);
        c->owed = 0;
    }
    c->v = (int32_t)v;
    if (over(view)) {
        lt_group *g = group_of(t, c);
        if (g->lead == (int32_t)c->index && g->asked_over != c->table) {
            g->asked_over = c->table;
            t->games++;
            if (t->phase == PH_RUN)
                request(c, RQ_REMATCH, "rematch",
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
    request(c, RQ_CREATE, "create",
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
            request(o, RQ_JOIN, "join", json_pack("{s:I}", "table", (json_int_t)c->table));
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
                uint64_t us = (uint64_t)(lws_now_usecs() - c->sent_us);
                t->acks++;
                t->hist[hist_index(us)]++;
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
    unplan(c);
    c->table = next;
    c->owed = 0;
    c->v = -1;
    c->acted_v = -1;
    c->seat = -1;
    if (t->phase == PH_RUN) {
        c->state = CS_JOINING;
        request(c, RQ_JOIN, "join", json_pack("{s:I}", "table", (json_int_t)next));
    } else {
        t->leaves++;
        request(c, RQ_LEAVE, "leave", json_pack("{s:I}", "table", (json_int_t)next));
    }
    t->leaves++;
    request(c, RQ_LEAVE, "leave", json_pack("{s:I}", "table", (json_int_t)old));
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
    } else {
        json_t *rid = json_object_get(f, "rid");
        if (json_is_integer(rid))
            reply_in(t, c, (int)(json_integer_value(rid) & ((1 << RQ_BITS) - 1)), f);
        else if (!json_is_true(json_object_get(f, "ok")))
            count_error(t, json_string_value(json_object_get(f, "code")));
    }
    json_decref(f);
}

/* ---------------------------------------------------------- the callback */

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
    unplan(c);
    settle(t, c);
    free_queue(c);
    c->state = CS_GONE;
    c->wsi = NULL;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    (void)user;
    lt_conn *c = lws_get_opaque_user_data(wsi);
    lt *t = c ? lt_of(wsi) : NULL;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (!c || c->state == CS_GONE)
            break;
        t->failed++;
        if (!t->first_error[0])
            snprintf(t->first_error, sizeof t->first_error, "%s",
                     in ? (const char *)in : "no reason given");
        conn_gone(t, c);
        break;
    case LWS_CALLBACK_CLIENT_ESTABLISHED: {
        if (!c)
            return -1;
        c->open = 1;
        t->opened++;
        t->open_now++;
        char name[24];
        snprintf(name, sizeof name, "lt%u", c->index);
        request(c, RQ_HELLO, "hello", json_pack("{s:s}", "name", name));
        break;
    }
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        if (!c)
            break;
        int final = lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi);
        if (final && !c->rx) {
            frame_in(t, c, in, len);
            break;
        }
        char *r = realloc(c->rx, c->rxn + len + 1);
        if (!r)
            return -1;
        c->rx = r;
        memcpy(c->rx + c->rxn, in, len);
        c->rxn += len;
        if (final) {
            frame_in(t, c, c->rx, c->rxn);
            free(c->rx);
            c->rx = NULL;
            c->rxn = 0;
        }
        break;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        if (!c)
            break;
        if (c->closing) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, (unsigned char *)"done", 4);
            return -1;
        }
        out_frame *f = c->qh;
        if (!f)
            break;
        if (lws_write(wsi, f->buf + LWS_PRE, f->len, LWS_WRITE_TEXT) < (int)f->len)
            return -1;
        if (f->is_act)
            c->sent_us = lws_now_usecs();
        c->qh = f->next;
        if (!c->qh)
            c->qt = NULL;
        free(f);
        if (c->qh)
            lws_callback_on_writable(wsi);
        break;
    }
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (!c || !c->open)
            break;
        c->open = 0;
        t->open_now--;
        if (!c->closing)
            t->dropped++;
        conn_gone(t, c);
        break;
    default:
        break;
    }
    return 0;
}

static const struct lws_protocols protocols[] = {
    {"alphadeck-loadtest", callback, 0, 4096, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* ---------------------------------------------------------- the run */

static void connect_one(lt *t, lt_conn *c)
{
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = t->ctx;
    ci.address = t->address;
    ci.port = t->port;
    ci.path = t->path;
    ci.host = t->host_header;
    ci.origin = NULL; /* a program, not a web page */
    ci.protocol = NULL;
    ci.local_protocol_name = protocols[0].name;
    ci.opaque_user_data = c;
    ci.pwsi = &c->wsi;
    /* no lws idle policy: it would keep a timer a connection in lws' sorted
     * list, whose every insertion walks it */
    static const lws_retry_bo_t no_idle;
    ci.retry_and_idle_policy = &no_idle;
    c->state = CS_CONNECTING;
    t->connecting++;
    if (!lws_client_connect_via_info(&ci) && c->state == CS_CONNECTING) {
        t->failed++;
        if (!t->first_error[0])
            snprintf(t->first_error, sizeof t->first_error, "libwebsockets could not start a "
                                                            "connection");
        conn_gone(t, c);
    }
}

static void next_phase(lt *t, int phase)
{
    t->phase = phase;
    t->t_phase = lws_now_usecs();
    if (phase == PH_DRAIN) {
        for (int i = 0; i < t->clients; i++)
            unplan(&t->c[i]);
    } else if (phase == PH_LEAVE) {
        /* what is open now is what held to the end; give the seats to bots */
        t->held = t->open_now;
        for (int i = 0; i < t->clients; i++) {
            lt_conn *c = &t->c[i];
            if (c->wsi && c->table && (c->state == CS_SEATED || c->state == CS_JOINING)) {
                t->leaves++;
                request(c, RQ_LEAVE, "leave", json_pack("{s:I}", "table", (json_int_t)c->table));
            }
        }
    } else if (phase == PH_CLOSE) {
        for (int i = 0; i < t->clients; i++) {
            lt_conn *c = &t->c[i];
            if (c->wsi && c->open) {
                c->closing = 1;
                lws_callback_on_writable(c->wsi);
            }
        }
    }
}

/* Every connection sits (or the set-up's time is up): the load begins,
 * each seat that was asked meanwhile acting first. */
static void start_load(lt *t, lws_usec_t now)
{
    t->phase = PH_RUN;
    t->t_run = now;
    t->t_stop = now + (lws_usec_t)t->seconds * LWS_US_PER_SEC;
    for (int i = 0; i < t->clients; i++) {
        lt_conn *c = &t->c[i];
        t->seated += c->state == CS_SEATED;
        if (c->owed && !c->inflight && c->state == CS_SEATED) {
            c->owed = 0;
            act_now_or_later(t, c);
        }
    }
}

static void tick(lws_sorted_usec_list_t *sul)
{
    lt *t = lws_container_of(sul, lt, tick);
    lws_usec_t now = lws_now_usecs();
    /* lws polls on after the timers it ran: the tick runs on to the end, so
     * that poll never outlasts it (a connect still pending could hold it
     * for lws' 20 s) */
    lws_sul_schedule(t->ctx, 0, &t->tick, tick, LT_TICK_US);
    if (now - t->t0 >=
        (lws_usec_t)(t->setup_seconds + t->seconds) * LWS_US_PER_SEC + LT_HARD_US) {
        t->phase = PH_DONE; /* the hard limit: whatever is still open is cut */
        return;
    }
    switch (t->phase) {
    case PH_SETUP:
        if (interrupted) {
            t->t_run = t->t_stop = now;
            next_phase(t, PH_DRAIN);
        } else if (t->t_setup || now - t->t0 >= (lws_usec_t)t->setup_seconds * LWS_US_PER_SEC) {
            start_load(t, now);
        } else {
            while (t->next_connect < t->clients && t->connecting < LT_CONNECTING_MAX)
                connect_one(t, &t->c[t->next_connect++]);
        }
        break;
    case PH_RUN:
        if (interrupted || now >= t->t_stop) {
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

/* ---------------------------------------------------------- the address */

static int loopback_sa(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
    if (sa->sa_family == AF_INET6) {
        const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
        return IN6_IS_ADDR_LOOPBACK(a) || (IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127);
    }
    return 0;
}

/* Reads ws://HOST[:PORT][/PATH] into t, HOST a loopback address (127.x.x.x,
 * [::1]) or localhost resolving only to loopback addresses; else says why
 * on stderr and returns -1. */
static int read_url(lt *t, const char *url)
{
    if (strncmp(url, "ws://", 5) != 0) {
        fprintf(stderr, "alphadeck loadtest: --url is ws://HOST:PORT/PATH (ws:// to a server on "
                        "this machine), not \"%.80s\"\n", url);
        return -1;
    }
    const char *h = url + 5, *end;
    char host[256];
    if (*h == '[') {
        end = strchr(h, ']');
        if (!end || (size_t)(end - h - 1) >= sizeof host) {
            fprintf(stderr, "alphadeck loadtest: --url \"%.80s\" has no closing ] after an IPv6 "
                            "address\n", url);
            return -1;
        }
        snprintf(host, sizeof host, "%.*s", (int)(end - h - 1), h + 1);
        end++;
    } else {
        end = h + strcspn(h, ":/?#");
        if ((size_t)(end - h) >= sizeof host || memchr(h, '@', (size_t)(end - h))) {
            fprintf(stderr, "alphadeck loadtest: --url \"%.80s\" has no host it can read\n", url);
            return -1;
        }
        snprintf(host, sizeof host, "%.*s", (int)(end - h), h);
    }
    unsigned long long port = 80;
    if (*end == ':') {
        char digits[16];
        size_t n = strcspn(end + 1, "/?#");
        snprintf(digits, sizeof digits, "%.*s", (int)(n < 15 ? n : 15), end + 1);
        if (n >= 15 || ad_cli_number_in(digits, 1, 65535, &port) != 0) {
            fprintf(stderr, "alphadeck loadtest: the port of --url \"%.80s\" is not 1 to 65535\n",
                    url);
            return -1;
        }
        end += 1 + n;
    }
    snprintf(t->path, sizeof t->path, "%s", *end == '/' ? end : "/");
    t->port = (int)port;
    /* the host: a loopback address, or a name that means only loopback */
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICHOST;
    int named = 0;
    if (getaddrinfo(host, NULL, &hints, &res) != 0) {
        res = NULL;
        if (strcasecmp(host, "localhost") == 0) {
            named = 1;
            hints.ai_flags = 0;
            if (getaddrinfo(host, NULL, &hints, &res) != 0)
                res = NULL;
        }
    }
    int ok = res != NULL;
    for (struct addrinfo *a = res; a; a = a->ai_next)
        ok &= loopback_sa(a->ai_addr);
    if (!ok) {
        if (res)
            freeaddrinfo(res);
        fprintf(stderr, "alphadeck loadtest: refusing %s: it load-tests only a server on this "
                        "machine, at a loopback address (127.0.0.0/8, ::1 or localhost)%s\n",
                host[0] ? host : "an empty host",
                named ? ", and localhost does not resolve to loopback alone here" : "");
        return -1;
    }
    const void *bin = res->ai_family == AF_INET
                          ? (const void *)&((struct sockaddr_in *)res->ai_addr)->sin_addr
                          : (const void *)&((struct sockaddr_in6 *)res->ai_addr)->sin6_addr;
    inet_ntop(res->ai_family, bin, t->address, sizeof t->address);
    int v6 = res->ai_family == AF_INET6;
    freeaddrinfo(res);
    snprintf(t->host_header, sizeof t->host_header, "%s%s%s:%d", v6 ? "[" : "", t->address,
             v6 ? "]" : "", t->port);
    return 0;
}

/* ---------------------------------------------------------- the report */

static long hwm_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

static json_t *ms_or_null(const lt *t, double q)
{
    if (t->hist_n == 0)
        return json_null();
    return json_real(round((q < 0 ? (double)t->max_us / 1000.0 : hist_quantile_ms(t, q)) * 1000) /
                     1000);
}

static void report(const lt *t)
{
    double setup_s = t->t_run ? (double)(t->t_run - t->t0) / 1e6 : 0;
    double load_s = t->t_run && t->t_stop > t->t_run ? (double)(t->t_stop - t->t_run) / 1e6 : 0;
    double per_s = load_s > 0 ? (double)t->acks / load_s : 0;
    if (t->json) {
        json_t *errors = json_object();
        for (int i = 0; i < t->ncodes; i++)
            json_object_set_new(errors, t->codes[i].code, json_integer((json_int_t)t->codes[i].n));
        json_t *o = json_pack(
            "{s:s,s:s,s:i,s:i,s:i,s:o,s:i,s:o,s:f,s:i,s:i,s:i,s:i,s:i,s:I,s:f,s:I,s:i,s:o,s:o,"
            "s:o,s:o,s:i,s:I}",
            "url", t->url, "game", t->game, "clients", t->clients, "tables", t->tables, "players",
            t->players, "rate", t->rate > 0 ? json_real(t->rate) : json_null(), "seconds",
            (int)t->seconds, "setup_s", json_real(setup_s), "load_s", load_s, "opened", t->opened, "seated", t->seated, "held", t->held, "failed", t->failed, "dropped",
            t->dropped, "acks", (json_int_t)t->acks, "acks_per_s", round(per_s * 10) / 10,
            "acks_total", (json_int_t)t->acks_total, "unanswered", t->inflight, "p50_ms",
            ms_or_null(t, 0.5), "p99_ms", ms_or_null(t, 0.99), "max_ms", ms_or_null(t, -1),
            "errors", errors, "games", t->games, "client_hwm_kib", (json_int_t)hwm_kib());
        char *text = o ? json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(8)) : NULL;
        printf("%s\n", text ? text : "{}");
        free(text);
        json_decref(o);
        return;
    }
    printf("alphadeck loadtest: %d connections at %d tables of %d (%s), %u s of load, %s\n",
           t->clients, t->tables, t->players, t->game, t->seconds,
           t->rate > 0 ? "thinking" : "acting as soon as asked");
    if (t->rate > 0)
        printf("  think time: exponential, mean %.3g s (at most %.3g acts a second each)\n",
               1 / t->rate, t->rate);
    printf("  connections: %d opened, %d held to the end, %d failed to connect, %d dropped\n",
           t->opened, t->held, t->failed, t->dropped);
    if (t->first_error[0])
        printf("  first failure: %s\n", t->first_error);
    printf("  set-up (hello, create, join): %.2f s, %d seated%s; then %.2f s of load\n", setup_s,
           t->seated, t->t_setup && t->t_setup <= t->t_run ? "" : " (its time ran out)", load_s);
    printf("  actions acknowledged: %llu in the load (%.1f a second), %llu in all, %d "
           "unanswered\n",
           (unsigned long long)t->acks, per_s, (unsigned long long)t->acks_total, t->inflight);
    if (t->hist_n)
        printf("  act -> acknowledgement: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
               hist_quantile_ms(t, 0.5), hist_quantile_ms(t, 0.99), (double)t->max_us / 1000);
    printf("  games finished: %d\n", t->games);
    printf("  errors:");
    if (!t->ncodes)
        printf(" none");
    for (int i = 0; i < t->ncodes; i++)
        printf(" %s %llu%s", t->codes[i].code, (unsigned long long)t->codes[i].n,
               i + 1 < t->ncodes ? "," : "");
    printf("\n");
}

/* ---------------------------------------------------------- the command */

static int usage(FILE *f)
{
    fprintf(f, "usage: alphadeck loadtest [--url ws://127.0.0.1:PORT/ws] [--clients N] "
               "[--tables M] [--seconds S] [--setup-seconds T] [--rate A] [--game noway|doubt] "
               "[--json]\n");
    return 2;
}

static int read_options(lt *t, int argc, char **argv)
{
    unsigned long long n;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            printf("Many players, each on its own WebSocket, against `alphadeck serve` on this "
                   "machine; reports the connections held, acknowledged actions a second and "
                   "act-to-acknowledgement times (docs/server.md, \"Load\").\n");
            return 1;
        }
        if (strcmp(a, "--json") == 0) {
            t->json = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "alphadeck loadtest: %s needs a value\n", a);
            return usage(stderr);
        }
        const char *v = argv[++i];
        if (strcmp(a, "--url") == 0) {
            t->url = v;
        } else if (strcmp(a, "--clients") == 0) {
            if (ad_cli_option_in("loadtest", a, v, 1, 100000, &n) < 0)
                return 2;
            t->clients = (int)n;
        } else if (strcmp(a, "--tables") == 0) {
            if (ad_cli_option_in("loadtest", a, v, 1, 100000, &n) < 0)
                return 2;
            t->tables = (int)n;
        } else if (strcmp(a, "--seconds") == 0) {
            if (ad_cli_option_in("loadtest", a, v, 1, 86400, &n) < 0)
                return 2;
            t->seconds = (unsigned)n;
        } else if (strcmp(a, "--setup-seconds") == 0) {
            if (ad_cli_option_in("loadtest", a, v, 1, 3600, &n) < 0)
                return 2;
            t->setup_seconds = (unsigned)n;
        } else if (strcmp(a, "--rate") == 0) {
            char *end;
            errno = 0;
            t->rate = strtod(v, &end);
            if (end == v || *end || errno || !(t->rate >= 0.001 && t->rate <= 50)) {
                fprintf(stderr, "alphadeck loadtest: --rate takes actions a second for each "
                                "connection, 0.001 to 50 (the server's limit), not \"%.40s\"\n",
                        v);
                return 2;
            }
        } else if (strcmp(a, "--game") == 0) {
            t->game = v;
        } else {
            fprintf(stderr, "alphadeck loadtest: unknown option %s\n", a);
            return usage(stderr);
        }
    }
    const ad_game *g = ad_game_find(t->game);
    if (!g || (strcmp(t->game, "noway") != 0 && strcmp(t->game, "doubt") != 0)) {
        fprintf(stderr, "alphadeck loadtest: --game is noway or doubt (the games it can play), "
                        "not \"%.40s\"\n", t->game);
        return 2;
    }
    if (t->tables > t->clients) {
        fprintf(stderr, "alphadeck loadtest: --tables %d is more than --clients %d: every table "
                        "needs a person\n", t->tables, t->clients);
        return 2;
    }
    t->players = (t->clients + t->tables - 1) / t->tables;
    if (t->players < g->min_players)
        t->players = g->min_players;
    if (t->players > g->max_players) {
        fprintf(stderr, "alphadeck loadtest: %d clients at %d tables seats %d at a table, and "
                        "%s seats %d to %d: give more --tables\n", t->clients, t->tables,
                t->players, t->game, g->min_players, g->max_players);
        return 2;
    }
    if (read_url(t, t->url) < 0)
        return 2;
    return 0;
}

/* Every connection is a file: allow as many as the system lets us, and
 * say so plainly when that is too few. */
static int raise_files(const lt *t)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) != 0)
        return 0;
    if (r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
        getrlimit(RLIMIT_NOFILE, &r);
    }
    rlim_t need = (rlim_t)t->clients + LT_FILES_SPARE;
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur < need) {
        fprintf(stderr, "alphadeck loadtest: %d connections need %llu open files, and this "
                        "process may open %llu (the hard limit, ulimit -Hn): give fewer "
                        "--clients or raise the limit\n", t->clients, (unsigned long long)need,
                (unsigned long long)r.rlim_cur);
        return -1;
    }
    return 0;
}

int ad_cli_loadtest(int argc, char **argv)
{
    static lt t; /* large and one a process; its address is the context's user */
    memset(&t, 0, sizeof t);
    t.url = "ws://127.0.0.1:8080/ws";
    t.game = "noway";
    t.clients = 100;
    t.tables = 25;
    t.seconds = 10;
    t.setup_seconds = 120;
    int rc = read_options(&t, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (raise_files(&t) < 0)
        return 1;
    t.c = calloc((size_t)t.clients, sizeof *t.c);
    t.g = calloc((size_t)t.tables, sizeof *t.g);
    t.hist = calloc(H_LEN, sizeof *t.hist);
    if (!t.c || !t.g || !t.hist) {
        fprintf(stderr, "alphadeck loadtest: out of memory for %d connections\n", t.clients);
        free(t.c);
        free(t.g);
        free(t.hist);
        return 1;
    }
    for (int i = 0; i < t.clients; i++) {
        t.c[i].index = (uint32_t)i;
        t.c[i].v = -1;
        t.c[i].acted_v = -1;
        t.c[i].seat = -1;
    }
    uint32_t base = (uint32_t)(t.clients / t.tables), extra = (uint32_t)(t.clients % t.tables);
    for (uint32_t gi = 0, at = 0; gi < (uint32_t)t.tables; gi++) {
        lt_group *g = &t.g[gi];
        g->first = at;
        g->people = (uint8_t)(base + (gi < extra));
        g->pending = g->people;
        g->lead = -1;
        at += g->people;
    }
    t.unsettled = t.clients;
    const char *ll = getenv("ALPHADECK_LWS_LOG");
    lws_set_log_level(ll ? atoi(ll) : LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.user = &t;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8;
    t.ctx = lws_create_context(&info);
    if (!t.ctx) {
        fprintf(stderr, "alphadeck loadtest: libwebsockets could not start\n");
        free(t.c);
        free(t.g);
        free(t.hist);
        return 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    t.t0 = lws_now_usecs();
    t.rng = (uint64_t)t.t0 * 0x9E3779B97F4A7C15ull | 1;
    t.phase = PH_SETUP;
    tick(&t.tick); /* starts the connections and the loop's clock */
    /* poll(2) costs time in proportion to the sockets (a millisecond or
     * more for 10,000): past 1,000 connections, wait a little between
     * polls (clients/5 µs, at most 2 ms) so that one poll serves many */
    useconds_t batch = t.clients > 1000 ? (useconds_t)(t.clients / 5) : 0;
    if (batch > 2000)
        batch = 2000;
    while (t.phase != PH_DONE) {
        if (lws_service(t.ctx, 0) < 0)
            break;
        if (batch)
            usleep(batch);
    }
    lws_sul_cancel(&t.tick);
    lws_context_destroy(t.ctx); /* closes whatever is still open */
    for (int i = 0; i < t.clients; i++)
        free_queue(&t.c[i]);
    report(&t);
    int none = t.opened == 0;
    if (none)
        fprintf(stderr, "alphadeck loadtest: no connection to %s opened%s%s\n", t.url,
                t.first_error[0] ? ": " : "", t.first_error);
    free(t.c);
    free(t.g);
    free(t.hist);
    return none ? 1 : 0;
}
