/*
 * net.c - `alphadeck serve`'s network side, on libwebsockets 4.1: one
 * vhost on one port serving the web client's files, the record API and
 * the WebSocket at /ws; each connection's send queue (what is queued goes
 * out in one write a writeable callback), frame and rate limits; and the
 * loop, which after
 * every pass lets the lobby commit what the pass accepted and only then
 * acknowledge and push it (docs/server.md).
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <uv.h>

#include "cli/cli.h"
#include "bus.h"
#include "server.h"

typedef struct msg {
    struct msg *next;
    size_t len;
    size_t hlen;         /* its WebSocket header: the hlen bytes before buf + LWS_PRE */
    unsigned char buf[]; /* LWS_PRE bytes (the header at their end), then the payload */
} msg;

struct conn {
    struct lws *wsi;
    server *srv;
    conn_lobby ls;
    msg *qh, *qt;
    size_t qbytes;
    char *rx;          /* the message being received, in fragments */
    size_t rxn;
    int rx_over;       /* it passed the frame limit: refused when it ends */
    double tokens;     /* the rate limit's bucket */
    int64_t refill_ms;
    int refused;       /* rate refusals in a row */
    int close_code;    /* non-zero: close with it once what is queued is sent */
    int close_now;     /* ... or at once (a queue that is not read) */
    int64_t heard_ms;  /* when it last sent anything (a frame, a pong) */
    int pinged;        /* a ping went out since then */
    int ping_due;      /* a ping to send with the next writeable callback */
    conn *prev, *next;
};

struct server {
    struct lws_context *ctx;
    struct lws_vhost *vh;
    lobby *l;
    char origins[8][256];
    int norigins;
    size_t queue_max; /* bytes queued for one connection before it is dropped */
    conn *conns;
    bus *bus; /* a node of a cluster: what the other nodes say */
    srv_timer_t **heap; /* the tables' timers, earliest first (a binary heap) */
    int nheap, cheap;
    lws_sorted_usec_list_t heap_sul; /* lws' one timer: the heap's earliest */
    lws_usec_t armed_us;             /* when heap_sul is set for (0: not set) */
    int64_t ping_ms;                 /* a silent connection is pinged after this */
    lws_sorted_usec_list_t ping_sul; /* the sweep that pings and drops */
    unsigned char *wbuf;             /* where a connection's queued frames are put */
    size_t wcap;                     /* together for one write (WRITE_MAX at most) */
    char *dump;                      /* conn_send's text */
    size_t dcap;
    uv_loop_t loop;                  /* the loop, when lws runs on libuv (uv: 1) */
    int uv;
};

/* per session: a WebSocket's connection, or an HTTP answer being sent */
typedef struct pss {
    conn *c;
    char *body; /* LWS_PRE bytes, then the body */
    size_t blen;
    int64_t route; /* the upgrade's ?table=N, read while its headers are there */
} pss;

static volatile sig_atomic_t stopping;
static struct lws_context *signal_ctx;

int64_t srv_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

conn_lobby *conn_state(conn *c)
{
    return &c->ls;
}

void srv_wake(server *s)
{
    lws_cancel_service(s->ctx);
}

/* ---------------------------------------------------------- table timers */

/* lws keeps its timers in one sorted list and walks it from the head on
 * every insertion; a table's timer goes in near the tail (15 s and more
 * ahead), so with thousands of tables every action's timer walked them
 * all.  Here they are a binary heap by due time, and lws holds one timer:
 * the heap's earliest. */

static void heap_put(server *s, int i, srv_timer_t *tm)
{
    s->heap[i] = tm;
    tm->heap_i = i + 1;
}

static void heap_up(server *s, int i)
{
    srv_timer_t *tm = s->heap[i];
    while (i > 0 && s->heap[(i - 1) / 2]->due_us > tm->due_us) {
        heap_put(s, i, s->heap[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    heap_put(s, i, tm);
}

static void heap_down(server *s, int i)
{
    srv_timer_t *tm = s->heap[i];
    for (;;) {
        int k = 2 * i + 1;
        if (k >= s->nheap)
            break;
        if (k + 1 < s->nheap && s->heap[k + 1]->due_us < s->heap[k]->due_us)
            k++;
        if (s->heap[k]->due_us >= tm->due_us)
            break;
        heap_put(s, i, s->heap[k]);
        i = k;
    }
    heap_put(s, i, tm);
}

static void heap_remove(server *s, srv_timer_t *tm)
{
    int i = tm->heap_i - 1;
    tm->heap_i = 0;
    srv_timer_t *last = s->heap[--s->nheap];
    if (i == s->nheap)
        return;
    heap_put(s, i, last);
    heap_down(s, i);
    heap_up(s, last->heap_i - 1);
}

static void heap_fired(lws_sorted_usec_list_t *sul);

/* lws' timer for the heap's earliest, moved only when that changed. */
static void heap_arm(server *s)
{
    lws_usec_t due = s->nheap ? s->heap[0]->due_us : 0;
    if (due == s->armed_us)
        return;
    s->armed_us = due;
    if (!due) {
        lws_sul_cancel(&s->heap_sul);
        return;
    }
    lws_usec_t wait = due - lws_now_usecs();
    lws_sul_schedule(s->ctx, 0, &s->heap_sul, heap_fired, wait > 0 ? wait : 0);
}

static void heap_fired(lws_sorted_usec_list_t *sul)
{
    server *s = lws_container_of(sul, server, heap_sul);
    lws_usec_t now = lws_now_usecs();
    s->armed_us = 0;
    /* only those due now and set before: one set again at once waits for
     * the next pass, so a timer that keeps setting itself cannot spin */
    for (int n = s->nheap; n > 0 && s->nheap && s->heap[0]->due_us <= now; n--) {
        srv_timer_t *tm = s->heap[0];
        heap_remove(s, tm);
        lobby_timer(tm->l, tm->t);
    }
    heap_arm(s);
    /* lws runs due timers before it waits: wake that wait, so the pass ends
     * and what the timers applied is committed and pushed now */
    lws_cancel_service(s->ctx);
}

void srv_timer(server *s, srv_timer_t *tm, int64_t delay_ms)
{
    if (delay_ms < 0)
        delay_ms = 0;
    tm->due_us = lws_now_usecs() + (lws_usec_t)delay_ms * LWS_US_PER_MS;
    if (tm->heap_i) {
        heap_down(s, tm->heap_i - 1);
        heap_up(s, tm->heap_i - 1);
    } else {
        if (s->nheap == s->cheap) {
            int cap = s->cheap ? s->cheap * 2 : 256;
            srv_timer_t **h = realloc(s->heap, (size_t)cap * sizeof *h);
            if (!h)
                abort(); /* a table whose clock cannot run: nothing sane to do */
            s->heap = h;
            s->cheap = cap;
        }
        tm->srv = s;
        heap_put(s, s->nheap++, tm);
        heap_up(s, s->nheap - 1);
    }
    heap_arm(s);
}

void srv_timer_cancel(srv_timer_t *tm)
{
    if (!tm->heap_i)
        return;
    heap_remove(tm->srv, tm);
    heap_arm(tm->srv);
}

/* ---------------------------------------------------------- silent connections */

/* A connection silent for ping_ms is pinged; one that sent nothing (not
 * even the pong) by twice that is dropped: a client gone without a close.
 * One sweep over the connections every so often, rather than lws' idle
 * policy, which keeps a timer a connection in its sorted list and moves it
 * on every pong: a walk of ten thousand entries each time. */
static void ping_sweep(lws_sorted_usec_list_t *sul)
{
    server *s = lws_container_of(sul, server, ping_sul);
    int64_t now = srv_now_ms();
    for (conn *c = s->conns; c; c = c->next) {
        int64_t silent = now - c->heard_ms;
        if (silent >= 2 * s->ping_ms && !c->close_now) {
            c->close_now = 1;
            c->close_code = LWS_CLOSE_STATUS_GOINGAWAY;
            lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        } else if (silent >= s->ping_ms && !c->pinged) {
            c->pinged = 1;
            c->ping_due = 1;
            lws_callback_on_writable(c->wsi);
        }
    }
    int64_t every = s->ping_ms / 4 < 1000 ? s->ping_ms / 4 : 1000;
    lws_sul_schedule(s->ctx, 0, &s->ping_sul, ping_sweep, (lws_usec_t)every * LWS_US_PER_MS);
}

/* ---------------------------------------------------------- sending */

/* A connection's queued frames go out together, each with its own header,
 * in one write: a pass that acknowledges an action and pushes its update
 * and clock used to make a send(2) of each (and a poll between them), and
 * those sends, with loopback's delivery inside them, were a quarter of the
 * server's time.  WRITE_MAX bounds one write; a larger frame goes alone. */
#define WRITE_MAX (64 * 1024)

/* The header of a text frame from a server (RFC 6455 5.2: FIN, opcode 1,
 * no mask, the length in 7, 16 or 64 bits), written to end at end; its
 * length, at most 10 bytes. */
static size_t frame_header(unsigned char *end, size_t n)
{
    unsigned char h[10];
    size_t k;
    h[0] = 0x81;
    if (n < 126) {
        h[1] = (unsigned char)n;
        k = 2;
    } else if (n <= 0xffff) {
        h[1] = 126;
        h[2] = (unsigned char)(n >> 8);
        h[3] = (unsigned char)n;
        k = 4;
    } else {
        h[1] = 127;
        for (int i = 0; i < 8; i++)
            h[2 + i] = (unsigned char)((uint64_t)n >> (56 - 8 * i));
        k = 10;
    }
    memcpy(end - k, h, k);
    return k;
}

void conn_send_text(conn *c, const char *text, size_t n)
{
    if (c->close_now)
        return;
    msg *m = malloc(sizeof *m + LWS_PRE + n);
    if (!m) {
        c->close_code = LWS_CLOSE_STATUS_UNEXPECTED_CONDITION;
        c->close_now = 1;
        lws_callback_on_writable(c->wsi);
        return;
    }
    memcpy(m->buf + LWS_PRE, text, n);
    m->len = n;
    m->hlen = frame_header(m->buf + LWS_PRE, n);
    m->next = NULL;
    /* a queue that held something has its writeable callback asked for
     * already (the callback asks again while frames remain): on libuv each
     * ask restarts the socket's watcher, two epoll_ctl(2) calls */
    int asked = c->qh != NULL;
    if (c->qt)
        c->qt->next = m;
    else
        c->qh = m;
    c->qt = m;
    c->qbytes += n;
    if (c->qbytes > c->srv->queue_max) {
        /* it does not read: drop it, the others go on.  Its socket is full,
         * so no writeable callback would come to close it: lws ends it */
        c->close_code = LWS_CLOSE_STATUS_POLICY_VIOLATION;
        c->close_now = 1;
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        return;
    }
    if (!asked)
        lws_callback_on_writable(c->wsi);
}

/* The text is written into a buffer the server keeps: json_dumps grew one
 * of its own from 16 bytes, doubling, and then copied it, some ten
 * allocations a frame. */
void conn_send(conn *c, json_t *j)
{
    server *s = c->srv;
    size_t n = json_dumpb(j, s->dump, s->dcap, JSON_COMPACT);
    if (n > s->dcap) {
        char *d = realloc(s->dump, n);
        n = d ? json_dumpb(j, d, n, JSON_COMPACT) : 0;
        if (d) {
            s->dump = d;
            s->dcap = n;
        }
    }
    json_decref(j);
    if (n)
        conn_send_text(c, s->dump, n);
}

static void conn_free(server *s, conn *c)
{
    lobby_conn_gone(s->l, c);
    msg *m = c->qh;
    while (m) {
        msg *n = m->next;
        free(m);
        m = n;
    }
    free(c->rx);
    if (c->prev)
        c->prev->next = c->next;
    else
        s->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    free(c);
}

/* ---------------------------------------------------------- receiving */

/* The token bucket: SRV_RATE_PER_S a second, SRV_RATE_BURST at once. */
static int rate_ok(conn *c)
{
    int64_t now = srv_now_ms();
    c->tokens += (double)(now - c->refill_ms) * SRV_RATE_PER_S / 1000.0;
    if (c->tokens > SRV_RATE_BURST)
        c->tokens = SRV_RATE_BURST;
    c->refill_ms = now;
    if (c->tokens < 1.0)
        return 0;
    c->tokens -= 1.0;
    return 1;
}

static void frame_in(server *s, conn *c, const void *in, size_t len, int binary, int final)
{
    if (c->close_code)
        return;
    if (binary) {
        if (final)
            lobby_refuse(c, "binary_frame", "only text frames are read: one JSON object a frame");
        return;
    }
    if (!c->rx_over) {
        if (c->rxn + len > SRV_FRAME_MAX) {
            c->rx_over = 1;
        } else {
            char *r = realloc(c->rx, c->rxn + len + 1);
            if (!r) {
                c->rx_over = 1;
            } else {
                c->rx = r;
                memcpy(c->rx + c->rxn, in, len);
                c->rxn += len;
            }
        }
    }
    if (!final)
        return;
    int over = c->rx_over;
    size_t n = c->rxn;
    c->rx_over = 0;
    c->rxn = 0;
    if (!rate_ok(c)) {
        if (over)
            lobby_refuse(c, "rate_limited", "too many requests: at most %d a second",
                         (int)SRV_RATE_PER_S);
        else
            lobby_refuse_frame(c, c->rx, n, "rate_limited",
                               "too many requests: at most 50 a second, 200 at once");
        if (++c->refused >= SRV_RATE_CLOSE) {
            c->close_code = LWS_CLOSE_STATUS_POLICY_VIOLATION;
            lws_callback_on_writable(c->wsi);
        }
        return;
    }
    c->refused = 0;
    if (over) {
        lobby_refuse(c, "frame_too_big", "a frame may hold at most %d bytes", SRV_FRAME_MAX);
        return;
    }
    c->rx[n] = 0;
    lobby_request(s->l, c, c->rx, n);
}

/* An upgrade is let in when it has no Origin (a program, not a page), or
 * the page came from this server (the Host it reached) or an --origin. */
static int origin_ok(server *s, struct lws *wsi)
{
    char origin[256], host[256], uri[64];
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0 ||
        (strcmp(uri, "/ws") != 0 && strncmp(uri, "/ws?", 4) != 0))
        return 0;
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0)
        return 1;
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) <= 0)
        return 0;
    for (int i = 0; i < s->norigins; i++)
        if (strcmp(origin, s->origins[i]) == 0)
            return 1;
    if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return 0;
    const char *o = origin;
    if (strncmp(o, "http://", 7) == 0)
        o += 7;
    else if (strncmp(o, "https://", 8) == 0)
        o += 8;
    else
        return 0;
    return strcmp(o, host) == 0;
}

/* ---------------------------------------------------------- HTTP */

static int add_security_headers(struct lws *wsi, unsigned char **p, unsigned char *end)
{
    static const char csp[] = "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                              "style-src 'self'; script-src 'self'; object-src 'none'; "
                              "base-uri 'none'; frame-ancestors 'none'";
    return lws_add_http_header_by_name(wsi, (const unsigned char *)"content-security-policy:",
                                       (const unsigned char *)csp, (int)strlen(csp), p, end) ||
           lws_add_http_header_by_name(wsi, (const unsigned char *)"x-content-type-options:",
                                       (const unsigned char *)"nosniff", 7, p, end) ||
           lws_add_http_header_by_name(wsi, (const unsigned char *)"referrer-policy:",
                                       (const unsigned char *)"no-referrer", 11, p, end);
}

static int http_answer(struct lws *wsi, pss *ps, int status, const char *type, char *body)
{
    size_t n = strlen(body);
    ps->body = malloc(LWS_PRE + n + 1);
    if (!ps->body) {
        free(body);
        return -1;
    }
    memcpy(ps->body + LWS_PRE, body, n);
    free(body);
    ps->blen = n;
    unsigned char buf[LWS_PRE + 1024], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (lws_add_http_common_headers(wsi, (unsigned)status, type, n, &p, end) ||
        add_security_headers(wsi, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)"no-store", 8, &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    lws_callback_on_writable(wsi);
    return 0;
}


static int api(server *s, struct lws *wsi, pss *ps)
{
    char uri[256];
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0)
        return http_answer(wsi, ps, 400, "application/json",
                           srv_refusal_text("bad_field", "a GET of /api/tables/<id>/record"));
    long long id;
    char tail[16];
    int used = 0;
    if (sscanf(uri, "/api/tables/%lld/%15[a-z]%n", &id, tail, &used) == 2 && uri[used] == 0 &&
        id > 0) {
        char *body = NULL;
        int status = 404;
        if (strcmp(tail, "record") == 0) {
            status = lobby_record(s->l, id, &body);
        } else if (strcmp(tail, "replay") == 0) {
            /* ?seat=K: the game as seat K saw it; without: from above */
            char arg[32];
            int seat = AD_GOD;
            const char *val = lws_get_urlarg_by_name(wsi, "seat=", arg, sizeof arg);
            if (val) {
                unsigned long long k;
                if (ad_cli_number_in(val, 0, AD_MAX_SEATS - 1, &k) != 0)
                    return http_answer(wsi, ps, 400, "application/json",
                                       srv_refusal_text("bad_seat", "seat is a seat's number"));
                seat = (int)k;
            }
            status = lobby_replay(s->l, id, seat, &body);
        } else {
            body = srv_refusal_text("not_found", "a table has /record and /replay");
        }
        return http_answer(wsi, ps, status, "application/json", body);
    }
    if (strcmp(uri, "/api/stats") == 0) {
        char *stats = lobby_stats(s->l);
        return stats ? http_answer(wsi, ps, 200, "application/json", stats) : -1;
    }
    char *body = NULL;
    const char *type;
    int status = api_static(uri, &body, &type);
    return http_answer(wsi, ps, status, type, body);
}

/* ---------------------------------------------------------- the callback */

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    struct lws_vhost *vh = lws_get_vhost(wsi);
    server *s = vh ? lws_vhost_user(vh) : NULL;
    pss *ps = user;
    switch (reason) {
    case LWS_CALLBACK_HTTP:
        if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0) {
            lws_return_http_status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED, NULL);
            return -1;
        }
        return api(s, wsi, ps) < 0 ? -1 : 0;
    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (!ps || !ps->body)
            break;
        if (lws_write(wsi, (unsigned char *)ps->body + LWS_PRE, ps->blen, LWS_WRITE_HTTP_FINAL) !=
            (int)ps->blen)
            return -1;
        free(ps->body);
        ps->body = NULL;
        if (lws_http_transaction_completed(wsi))
            return -1;
        break;
    case LWS_CALLBACK_CLOSED_HTTP:
        if (ps) {
            free(ps->body);
            ps->body = NULL;
        }
        break;
    case LWS_CALLBACK_ADD_HEADERS: {
        struct lws_process_html_args *a = in;
        unsigned char *p = (unsigned char *)a->p, *end = p + a->max_len;
        if (add_security_headers(wsi, &p, end))
            return 1;
        a->max_len -= (int)((char *)p - a->p);
        a->p = (char *)p;
        break;
    }
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        /* /ws?table=N: HAProxy sent it here for table N (a cluster routes by it) */
        char arg[32];
        const char *val = ps ? lws_get_urlarg_by_name(wsi, "table=", arg, sizeof arg) : NULL;
        if (val) {
            char *end;
            long long id = strtoll(val, &end, 10);
            if (*val && !*end && id > 0)
                ps->route = id;
        }
        return origin_ok(s, wsi) ? 0 : 1;
    }
    case LWS_CALLBACK_ESTABLISHED: {
        conn *c = calloc(1, sizeof *c);
        if (!c)
            return -1;
        c->wsi = wsi;
        c->srv = s;
        c->ls.route = ps->route;
        lws_get_peer_simple(wsi, c->ls.addr, sizeof c->ls.addr);
        c->tokens = SRV_RATE_BURST;
        c->refill_ms = srv_now_ms();
        c->heard_ms = c->refill_ms;
        c->next = s->conns;
        if (s->conns)
            s->conns->prev = c;
        s->conns = c;
        ps->c = c;
        break;
    }
    case LWS_CALLBACK_RECEIVE_PONG:
        if (ps && ps->c) {
            ps->c->heard_ms = srv_now_ms();
            ps->c->pinged = 0;
        }
        break;
    case LWS_CALLBACK_RECEIVE:
        if (ps->c) {
            ps->c->heard_ms = srv_now_ms();
            ps->c->pinged = 0;
            frame_in(s, ps->c, in, len, lws_frame_is_binary(wsi),
                     lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi));
        }
        break;
    case LWS_CALLBACK_SERVER_WRITEABLE: {
        conn *c = ps->c;
        if (!c)
            break;
        if (c->close_code && (c->close_now || !c->qh)) {
            static const char why[] = "policy: too many requests, or replies not read";
            lws_close_reason(wsi, (enum lws_close_status)c->close_code,
                             (unsigned char *)why, sizeof why - 1);
            return -1;
        }
        if (c->ping_due) { /* one write a callback: the ping first, the rest next time */
            /* with a payload: lws tells of an empty pong to nobody */
            unsigned char ping[LWS_PRE + 4] = {0};
            memcpy(ping + LWS_PRE, "ping", 4);
            c->ping_due = 0;
            if (lws_write(wsi, ping + LWS_PRE, 4, LWS_WRITE_PING) < 4)
                return -1;
            if (c->qh || c->close_code)
                lws_callback_on_writable(wsi);
            break;
        }
        msg *m = c->qh;
        if (!m)
            break;
        /* the frames queued, headers and all, as lws' raw bytes: lws sends
         * them as it would its own frames (what the socket does not take
         * now it keeps and sends first); no extension is offered here, so
         * a frame is just its header and its text */
        size_t total = m->hlen + m->len;
        msg *last = m;
        while (last->next && total + last->next->hlen + last->next->len <= WRITE_MAX) {
            last = last->next;
            total += last->hlen + last->len;
        }
        unsigned char *out = m->buf + LWS_PRE - m->hlen;
        if (last != m) {
            if (s->wcap < total) {
                unsigned char *w = realloc(s->wbuf, WRITE_MAX);
                if (!w)
                    return -1;
                s->wbuf = w;
                s->wcap = WRITE_MAX;
            }
            out = s->wbuf;
            size_t at = 0;
            for (msg *x = m;; x = x->next) {
                memcpy(out + at, x->buf + LWS_PRE - x->hlen, x->hlen + x->len);
                at += x->hlen + x->len;
                if (x == last)
                    break;
            }
        }
        if (lws_write(wsi, out, total, LWS_WRITE_RAW) < (int)total)
            return -1;
        c->qh = last->next;
        if (!c->qh)
            c->qt = NULL;
        for (msg *x = m, *next; x != c->qh; x = next) {
            next = x->next;
            c->qbytes -= x->len;
            free(x);
        }
        if (c->qh || c->close_code)
            lws_callback_on_writable(wsi);
        break;
    }
    case LWS_CALLBACK_CLOSED:
        if (ps->c) {
            conn_free(s, ps->c);
            ps->c = NULL;
        }
        break;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        if (s && s->l) {
            lobby_worker_answers(s->l);
            if (s->bus)
                lobby_bus_news(s->l);
        }
        break;
    default: /* the rest as lws does it (a served file's end completes its transaction) */
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
    return 0;
}

/* lws gives every connection a receive buffer of rx_buffer_size: 512 bytes
 * hold any usual request (a larger frame comes in pieces, which frame_in
 * joins), where lws's default of 4 KiB made up two thirds of an idle
 * connection's memory (5.8 KB of it, 2.4 KB now) */
static const struct lws_protocols protocols[] = {
    {"alphadeck", callback, sizeof(pss), 512, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* ---------------------------------------------------------- the loop */

/*
 * lws' own loop polls every socket on each pass: poll(2) over 10,000 idle
 * connections was a quarter of the server's time at that scale.  On libuv
 * (epoll on Linux) a pass costs what is ready, not what is open.  lws 4.1
 * takes libuv from its plugin (Debian: libwebsockets-evlib-uv), on a loop
 * of ours, which runs one pass at a time (UV_RUN_ONCE) so that the lobby
 * still commits, acknowledges and pushes at the end of each.  Without the
 * plugin, or with ALPHADECK_LOOP=poll, lws' poll(2) loop serves as before.
 */
static struct lws_context *loop_context(server *s, struct lws_context_creation_info *info,
                                        int level)
{
    const char *want = getenv("ALPHADECK_LOOP");
    if (!(want && strcmp(want, "poll") == 0) && uv_loop_init(&s->loop) == 0) {
        void *loops[1] = {&s->loop};
        info->options |= LWS_SERVER_OPTION_LIBUV;
        info->foreign_loops = loops;
        /* a missing plugin is no error of ours: quiet while lws looks */
        lws_set_log_level(want ? level : 0, NULL);
        struct lws_context *ctx = lws_create_context(info);
        lws_set_log_level(level, NULL);
        info->foreign_loops = NULL;
        if (ctx) {
            s->uv = 1;
            return ctx;
        }
        info->options &= ~(uint64_t)LWS_SERVER_OPTION_LIBUV;
        uv_loop_close(&s->loop);
        if (want && strcmp(want, "uv") == 0)
            return NULL;
    }
    return lws_create_context(info);
}

/* Destroys the context; on libuv lws closes its handles on the loop, which
 * runs until they are all closed. */
static void loop_end(server *s)
{
    lws_context_destroy(s->ctx);
    s->ctx = NULL;
    if (!s->uv)
        return;
    while (uv_run(&s->loop, UV_RUN_DEFAULT))
        ;
    uv_loop_close(&s->loop);
    s->uv = 0;
}

/* ---------------------------------------------------------- the command */

static void on_signal(int sig)
{
    (void)sig;
    stopping = 1;
    if (signal_ctx)
        lws_cancel_service(signal_ctx);
}

static int usage(void)
{
    fprintf(stderr, "usage: alphadeck serve [--port N] [--host ADDR] [--db FILE|URL] [--web DIR] "
                    "[--workers N] [--queue-kib N] [--origin URL]... [--ping-seconds N] "
                    "[--away-after SECONDS] [--node NAME] [LIMITS]\n");
    return 2;
}

/* The web client's folder by default: web/ in the source tree the binary
 * was built in (build/alphadeck -> web/), when there is one. */
static void default_web(char *out, size_t len)
{
    char exe[PATH_MAX];
    out[0] = 0;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return;
    exe[n] = 0;
    for (int up = 0; up < 3; up++) {
        char *slash = strrchr(exe, '/');
        if (!slash)
            return;
        *slash = 0;
        char try[PATH_MAX + 8];
        snprintf(try, sizeof try, "%s/web", exe);
        struct stat st;
        size_t tl = strlen(try);
        if (stat(try, &st) == 0 && S_ISDIR(st.st_mode) && tl < len) {
            memcpy(out, try, tl + 1);
            return;
        }
    }
}

/* $XDG_DATA_HOME/alphadeck/serve.db (or ~/.local/share/...), its folder made. */
static int default_db(char *out, size_t len)
{
    const char *x = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char dir[PATH_MAX];
    if (x && x[0] == '/')
        snprintf(dir, sizeof dir, "%s/alphadeck", x);
    else if (home && home[0] == '/')
        snprintf(dir, sizeof dir, "%s/.local/share/alphadeck", home);
    else
        return -1;
    char part[PATH_MAX];
    snprintf(part, sizeof part, "%s", dir);
    for (char *p = part + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(part, 0700);
            *p = '/';
        }
    mkdir(part, 0700);
    if ((size_t)snprintf(out, len, "%s/serve.db", dir) >= len)
        return -1;
    return 0;
}

/* The lobby's limits (lobby_limits): the options that set them, each an
 * int within its range.  1 when a is one of them (0: not; -1: a bad value). */
static int limit_option(lobby_limits *lim, const char *a, const char *v)
{
    static const struct {
        const char *name;
        size_t at;
        unsigned long long lo, hi;
    } opts[] = {
        {"--waiting-per-player", offsetof(lobby_limits, waiting_per_player), 1, 100000},
        {"--waiting-per-address", offsetof(lobby_limits, waiting_per_address), 1, 1000000},
        {"--bot-tables-per-player", offsetof(lobby_limits, bot_tables_per_player), 1, 100000},
        {"--bot-tables-per-address", offsetof(lobby_limits, bot_tables_per_address), 1, 1000000},
        {"--bot-tables", offsetof(lobby_limits, bot_tables), 0, 1000000},
        {"--new-players-burst", offsetof(lobby_limits, new_players_burst), 1, 1000000},
        {"--new-players-per-minute", offsetof(lobby_limits, new_players_per_minute), 0, 1000000},
        {"--waiting-expire-seconds", offsetof(lobby_limits, waiting_expire_s), 1, 30 * 86400},
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        if (strcmp(a, opts[i].name) != 0)
            continue;
        unsigned long long n;
        if (ad_cli_option_in("serve", a, v, opts[i].lo, opts[i].hi, &n) < 0)
            return -1;
        *(int *)((char *)lim + opts[i].at) = (int)n;
        return 1;
    }
    return 0;
}

int ad_cli_serve(int argc, char **argv)
{
    unsigned long long port = 8080, nworkers = 2, queue_kib = SRV_QUEUE_KIB;
    unsigned long long ping_s = SRV_PING_S, away_s = SRV_AWAY_AFTER_S;
    const char *node = NULL;
    const char *host = "127.0.0.1", *db = NULL, *web = NULL;
    lobby_limits lim = lobby_limits_default();
    server srv;
    memset(&srv, 0, sizeof srv);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            printf("alphadeck serve [--port N] [--host ADDR] [--db FILE|URL] [--web DIR] "
                   "[--workers N] [--queue-kib N] [--origin URL]... [--ping-seconds N] "
                   "[--away-after SECONDS] [--node NAME] [LIMITS]\n"
                   "Serves the browser client and the server protocol (docs/server.md).\n"
                   "LIMITS: [--waiting-per-player N] [--waiting-per-address N] "
                   "[--bot-tables-per-player N] [--bot-tables-per-address N] [--bot-tables N] "
                   "[--new-players-burst N] [--new-players-per-minute N] "
                   "[--waiting-expire-seconds N] (docs/server.md, \"Limits\")\n");
            return 0;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "alphadeck serve: %s needs a value\n", a);
            return usage();
        }
        const char *v = argv[++i];
        int lo = limit_option(&lim, a, v);
        if (lo < 0)
            return 2;
        if (lo > 0)
            continue;
        if (strcmp(a, "--port") == 0) {
            if (ad_cli_option_in("serve", "--port", v, 0, 65535, &port) < 0)
                return 2;
        } else if (strcmp(a, "--queue-kib") == 0) {
            if (ad_cli_option_in("serve", "--queue-kib", v, 16, 1024 * 1024, &queue_kib) < 0)
                return 2;
        } else if (strcmp(a, "--ping-seconds") == 0) {
            if (ad_cli_option_in("serve", "--ping-seconds", v, 1, 3600, &ping_s) < 0)
                return 2;
        } else if (strcmp(a, "--away-after") == 0) {
            if (ad_cli_option_in("serve", "--away-after", v, 1, 86400, &away_s) < 0)
                return 2;
        } else if (strcmp(a, "--workers") == 0) {
            if (ad_cli_option_in("serve", "--workers", v, 1, 64, &nworkers) < 0)
                return 2;
        } else if (strcmp(a, "--host") == 0) {
            host = v;
        } else if (strcmp(a, "--node") == 0) {
            node = v;
        } else if (strcmp(a, "--db") == 0) {
            db = v;
        } else if (strcmp(a, "--web") == 0) {
            web = v;
        } else if (strcmp(a, "--origin") == 0) {
            if (srv.norigins == 8 || strlen(v) >= sizeof srv.origins[0]) {
                fprintf(stderr, "alphadeck serve: at most 8 --origin, each under 256 characters\n");
                return 2;
            }
            snprintf(srv.origins[srv.norigins++], sizeof srv.origins[0], "%s", v);
        } else {
            fprintf(stderr, "alphadeck serve: unknown option %s\n", a);
            return usage();
        }
    }
    if (node && (!node[0] || strlen(node) > 63)) {
        fprintf(stderr, "alphadeck serve: --node needs a name of 1 to 63 characters\n");
        return 2;
    }
    if (node && (!db || (strncmp(db, "postgres://", 11) != 0 &&
                         strncmp(db, "postgresql://", 13) != 0))) {
        fprintf(stderr, "alphadeck serve: --node needs the cluster's PostgreSQL store: "
                        "--db postgres://...\n");
        return 2;
    }
    srv.queue_max = (size_t)queue_kib * 1024;
    /* every connection is a file: allow as many as the system lets us */
    struct rlimit nofile;
    if (getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur < nofile.rlim_max) {
        nofile.rlim_cur = nofile.rlim_max;
        setrlimit(RLIMIT_NOFILE, &nofile);
    }
    char dbpath[PATH_MAX], webdir[PATH_MAX];
    if (!db) {
        if (default_db(dbpath, sizeof dbpath) < 0) {
            fprintf(stderr, "alphadeck serve: neither XDG_DATA_HOME nor HOME is an absolute "
                            "path; give --db FILE\n");
            return 1;
        }
        db = dbpath;
    }
    if (web) {
        struct stat st;
        if (stat(web, &st) != 0 || !S_ISDIR(st.st_mode) || !realpath(web, webdir)) {
            fprintf(stderr, "alphadeck serve: --web %s is not a folder\n", web);
            return 2;
        }
    } else {
        default_web(webdir, sizeof webdir);
    }
    ad_err err;
    store *st = store_open(db, &err);
    if (!st) {
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
        return 1;
    }
    /* libwebsockets' own log: errors, or the levels ALPHADECK_LWS_LOG names (its bit mask) */
    const char *ll = getenv("ALPHADECK_LWS_LOG");
    int level = ll ? atoi(ll) : LLL_ERR;
    lws_set_log_level(level, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.options = LWS_SERVER_OPTION_EXPLICIT_VHOSTS | LWS_SERVER_OPTION_VALIDATE_UTF8;
    srv.ctx = loop_context(&srv, &info, level);
    if (!srv.ctx) {
        fprintf(stderr, "alphadeck serve: libwebsockets could not start\n");
        store_close(st);
        return 1;
    }
    static struct lws_http_mount api_mount, files_mount;
    memset(&api_mount, 0, sizeof api_mount);
    api_mount.mountpoint = "/api";
    api_mount.mountpoint_len = 4;
    api_mount.origin = "alphadeck";
    api_mount.origin_protocol = LWSMPRO_CALLBACK;
    memset(&files_mount, 0, sizeof files_mount);
    files_mount.mountpoint = "/";
    files_mount.mountpoint_len = 1;
    files_mount.origin = webdir;
    files_mount.origin_protocol = LWSMPRO_FILE;
    files_mount.def = "index.html";
    files_mount.protocol = "alphadeck"; /* its ADD_HEADERS adds the security headers */
    if (webdir[0])
        api_mount.mount_next = &files_mount;
    struct lws_context_creation_info vi;
    memset(&vi, 0, sizeof vi);
    vi.port = (int)port;
    vi.iface = host;
    vi.protocols = protocols;
    vi.mounts = &api_mount;
    vi.user = &srv;
    vi.vhost_name = "alphadeck";
    vi.options = LWS_SERVER_OPTION_VALIDATE_UTF8;
    /* a client that vanished without a close (a phone gone out of range: no
     * FIN ever comes) is pinged after ping_s of silence and dropped when
     * nothing came back by twice that (ping_sweep); its seat then goes as
     * any closed connection's does (lobby_set_away_after) */
    srv.ping_ms = (int64_t)ping_s * 1000;
    /* and lws' own idle policy off (no hang-up time): else each connection
     * keeps a timer in lws' sorted list, moved on every pong */
    static const lws_retry_bo_t no_idle;
    vi.retry_and_idle_policy = &no_idle;
    vi.timeout_secs = 30;
    srv.vh = lws_create_vhost(srv.ctx, &vi);
    if (!srv.vh) {
        fprintf(stderr, "alphadeck serve: cannot listen on %s port %llu\n", host, port);
        loop_end(&srv);
        store_close(st);
        return 1;
    }
    srv.l = lobby_new(&srv, st, (int)nworkers, &err);
    if (srv.l) {
        lobby_set_away_after(srv.l, (int64_t)away_s * 1000);
        lobby_set_limits(srv.l, &lim);
    }
    /* the store says first whether it can hold a cluster at all (SQLite
     * cannot), before anything listens to it */
    if (srv.l && node && (store_set_node(st, node, &err) < 0 ||
                          !(srv.bus = bus_open(db, &srv, &err)) ||
                          lobby_cluster(srv.l, node, srv.bus, &err) < 0)) {
        fprintf(stderr, "alphadeck serve: --node %s: %s\n", node, err.text);
        bus_close(srv.bus);
        lobby_free(srv.l);
        loop_end(&srv);
        store_close(st);
        return 1;
    }
    if (!srv.l || lobby_resume(srv.l, &err) < 0) {
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
        lobby_free(srv.l);
        loop_end(&srv);
        free(srv.heap);
        store_close(st);
        return 1;
    }
    ping_sweep(&srv.ping_sul); /* and every so often from now on */
    signal_ctx = srv.ctx;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* past a file-size limit a write fails (EFBIG), as on a full disk, and
     * the store refuses that pass; the signal would kill the whole server */
    signal(SIGXFSZ, SIG_IGN);
    int shown = lws_get_vhost_listen_port(srv.vh);
    int v6 = strchr(host, ':') != NULL;
    printf("alphadeck serve: listening on http://%s%s%s:%d/\n", v6 ? "[" : "", host,
           v6 ? "]" : "", shown);
    if (!webdir[0])
        printf("alphadeck serve: no web folder (--web DIR): only the protocol at /ws\n");
    fflush(stdout);
    while (!stopping) {
        if (srv.uv)
            uv_run(&srv.loop, UV_RUN_ONCE);
        else if (lws_service(srv.ctx, 0) < 0)
            break;
        lobby_flush(srv.l);
    }
    lobby_flush(srv.l);
    lobby_quiesce(srv.l);
    lws_sul_cancel(&srv.ping_sul);
    lws_sul_cancel(&srv.heap_sul);
    signal_ctx = NULL;
    loop_end(&srv); /* closes every connection (each CLOSED frees its conn) */
    bus_close(srv.bus);
    free(srv.heap);
    free(srv.wbuf);
    free(srv.dump);
    lobby_free(srv.l);
    store_close(st);
    fprintf(stderr, "alphadeck serve: stopped\n");
    return 0;
}
