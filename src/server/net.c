/*
 * net.c - `alphadeck serve`'s network side, on libwebsockets 4.1: one
 * vhost on one port serving the web client's files, the record API and
 * the WebSocket at /ws; each connection's send queue (what is queued goes
 * out in one write a writeable callback), frame and rate limits; and the
 * loop, which after
 * every pass lets the lobby commit what the pass accepted and only then
 * acknowledge and push it (docs/server.md).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <uv.h>

#include "app/app.h"
#include "serve.h"
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
    double tokens;     /* the rate limit's buckets: requests, */
    double btokens;    /* and bytes of their replies */
    int64_t refill_ms;
    int refused;       /* rate refusals since it last left its limits */
    int closing;       /* a close frame is queued: what it sends is not read, and its
                        * close answer ends the connection (conn_close) */
    int close_now;     /* it is being cut (a queue that is not read, a vanished peer) */
    int64_t heard_ms;  /* when it last sent anything (a frame, a pong) */
    int64_t opened_ms; /* when its WebSocket opened: it says hello within hello_ms */
    int pinged;        /* a ping went out since then */
    int ping_due;      /* a ping to send with the next writeable callback */
    conn *prev, *next;
};

/* The connections open from one address (admit, below). */
#define PEER_BUCKETS 4096
typedef struct peer {
    struct peer *next;
    int n;
    char addr[64];
} peer;

struct server {
    struct lws_context *ctx;
    struct lws_vhost *vh;
    lobby *l;
    char origins[8][256];
    int norigins;
    const char *host; /* what it listens on (--host), */
    int kind;         /* what that is (LISTEN_*), */
    long port;        /* and its port: whom it answers for (authority_ok) */
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
    archive *arch;                   /* finished games' records and replays, off the loop */
    addr_rate *rate;                 /* the HTTP API's requests and bytes, by address */
    double http_rate;                /* ... its requests a second */
    unsigned char *piece;            /* an HTTP answer's piece, after LWS_PRE bytes */
    /* every connection (HTTP or WebSocket) counts from its accept to its
     * end, by its address too (admit) */
    peer *peers[PEER_BUCKETS];       /* chains by a hash of the address (each entry is
                                      * freed as its last connection ends) */
    peer *admitted;                  /* the one accepted last, until lws makes its wsi */
    int nsock;                       /* connections open */
    int sock_max;                    /* at most (0: no limit but fd_cap) */
    int per_addr;                    /* at most from one address (0: no limit) */
    int fd_cap;                      /* a socket whose descriptor is this or more is refused */
    int64_t hello_ms;                /* a WebSocket says hello within this */
    double rate_bytes;               /* bytes of replies a second to one connection, */
    char rate_words[128];            /* and the refusal that says so */
};

/* An HTTP request of the API and its answer, while its connection lasts
 * (keep-alive: the next request's too). */
typedef struct http_req {
    struct lws *wsi;
    archive_wait wait; /* a record or replay being built for it */
    srv_body *body;    /* the answer being sent (a reference) */
    size_t off;        /* how much of it is sent */
    int head_sent;
    char addr[64];     /* the peer, by whose address its rate is counted */
} http_req;

/* per session: a WebSocket's connection, or an HTTP request and its answer */
typedef struct pss {
    conn *c;
    http_req *h;
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

/* ---------------------------------------------------------- the log */

/* lws logs a failure each time it happens: at the open-file limit an
 * accept() failing in a loop wrote 84 MB in 5 s.  So a line said in the
 * last SRV_LOG_QUIET_S seconds is counted rather than written, and the
 * count is told once that time has passed: "... (repeated N times)".  The
 * last few lines are remembered, so two failures taking turns are counted
 * too.  Only the loop's thread logs through lws. */
#define LOG_LINES 8

typedef struct log_line {
    char text[200];
    int level;
    unsigned long repeats; /* said again since it was last written */
    int64_t said_ms;       /* when it was last written (0: the slot is free) */
} log_line;

static log_line log_lines[LOG_LINES];

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Writes a remembered line with its count, when it has one. */
static void log_tell(log_line *l)
{
    if (!l->repeats)
        return;
    char line[256];
    snprintf(line, sizeof line, "%.*s (repeated %lu times)\n", (int)strcspn(l->text, "\n"),
             l->text, l->repeats);
    lwsl_emit_stderr(l->level, line);
    l->repeats = 0;
}

static void log_emit(int level, const char *text)
{
    int64_t now = mono_ms();
    log_line *l = NULL, *oldest = &log_lines[0];
    for (int i = 0; i < LOG_LINES && !l; i++) {
        if (log_lines[i].said_ms && strncmp(log_lines[i].text, text, sizeof log_lines[i].text - 1) == 0)
            l = &log_lines[i];
        else if (log_lines[i].said_ms < oldest->said_ms)
            oldest = &log_lines[i];
    }
    if (l && now - l->said_ms < SRV_LOG_QUIET_S * 1000) {
        l->repeats++;
        return;
    }
    if (!l) { /* a new line takes the place of the oldest, whose count is told */
        l = oldest;
        log_tell(l);
        snprintf(l->text, sizeof l->text, "%s", text);
    }
    l->level = level;
    if (l->repeats) {
        l->repeats++; /* this one too */
        log_tell(l);
    } else {
        lwsl_emit_stderr(level, text);
    }
    l->said_ms = now;
}

/* Tells the counts of lines quiet for long enough (every so often), or of
 * all of them (at the end). */
static void log_flush(int all)
{
    int64_t now = mono_ms();
    for (int i = 0; i < LOG_LINES; i++)
        if (all || now - log_lines[i].said_ms >= SRV_LOG_QUIET_S * 1000) {
            if (log_lines[i].repeats)
                log_lines[i].said_ms = now;
            log_tell(&log_lines[i]);
        }
}

/* ---------------------------------------------------------- connections */

/* Every connection costs a file.  At the open-file limit accept() failed
 * and lws tried again at once, for ever: the server spun and nobody got
 * in.  So a socket just accepted is refused when the descriptor accept()
 * gave it (the lowest free one) shows that the files open have reached
 * the limit less a reserve (the database, files being served, the loop's
 * own), when --max-connections are open, or when its address has
 * --connections-per-address open: an idle socket holds a file as an idle
 * WebSocket does.  Each connection counts from its accept (admit) to the
 * end of its wsi (WSI_DESTROY), which carries its address's entry. */
static unsigned peer_hash(const char *addr)
{
    unsigned h = 2166136261u; /* FNV-1a */
    for (; *addr; addr++)
        h = (h ^ (unsigned char)*addr) * 16777619u;
    return h % PEER_BUCKETS;
}

/* The entry of an address, made when make is set; NULL when there is none. */
static peer *peer_get(server *s, const char *addr, int make)
{
    peer **b = &s->peers[peer_hash(addr)];
    for (peer *p = *b; p; p = p->next)
        if (strcmp(p->addr, addr) == 0)
            return p;
    peer *p = make ? calloc(1, sizeof *p) : NULL;
    if (p) {
        snprintf(p->addr, sizeof p->addr, "%s", addr);
        p->next = *b;
        *b = p;
    }
    return p;
}

/* A connection from p ended; an address with none left is forgotten. */
static void peer_release(server *s, peer *p)
{
    s->nsock--;
    if (--p->n > 0)
        return;
    peer **b = &s->peers[peer_hash(p->addr)];
    while (*b != p)
        b = &(*b)->next;
    *b = p->next;
    free(p);
}

/* A socket refused before lws reads it gets an HTTP answer in words (a
 * browser shows it, a WebSocket client reads the status), then a close. */
static void refuse_socket(int fd, const char *code, const char *words)
{
    char body[256], out[512];
    int n = snprintf(body, sizeof body, "{\"ok\":false,\"error\":\"%s\",\"code\":\"%s\"}\n",
                     words, code);
    int m = snprintf(out, sizeof out,
                     "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
                     "content-length: %d\r\nretry-after: 10\r\nconnection: close\r\n\r\n%s",
                     n, body);
    if (send(fd, out, (size_t)m, MSG_DONTWAIT | MSG_NOSIGNAL) < 0)
        return;
    /* what the client sent already is read, so that the close is a FIN
     * after the answer, not a reset that may make the client drop it */
    shutdown(fd, SHUT_WR);
    char sink[1024];
    for (int i = 0; i < 16 && recv(fd, sink, sizeof sink, MSG_DONTWAIT) > 0; i++)
        ;
}

/* LWS_CALLBACK_FILTER_NETWORK_CONNECTION: 0 takes the socket fd accept()
 * just gave, 1 refuses it (lws closes it).  The refusals are logged with
 * no number in them, so that the log counts them (log_emit). */
static int admit(server *s, int fd)
{
    if (s->admitted) { /* lws made no wsi for the one before: it is gone */
        peer_release(s, s->admitted);
        s->admitted = NULL;
    }
    if (fd >= s->fd_cap || (s->sock_max && s->nsock >= s->sock_max)) {
        refuse_socket(fd, "server_full", "the server is full: try again in a minute");
        lwsl_err("a connection refused: the server is full (--max-connections, or the "
                 "open-file limit less its reserve)\n");
        return 1;
    }
    char addr[64], words[128];
    lws_get_peer_simple_fd(fd, addr, sizeof addr);
    peer *p = peer_get(s, addr, 0);
    if (s->per_addr && p && p->n >= s->per_addr) {
        snprintf(words, sizeof words, "too many connections from your address: %d at once",
                 s->per_addr);
        refuse_socket(fd, "too_many_connections", words);
        lwsl_err("a connection refused: too many from one address "
                 "(--connections-per-address)\n");
        return 1;
    }
    if (!(p = peer_get(s, addr, 1)))
        return 1;
    p->n++;
    s->nsock++;
    s->admitted = p;
    return 0;
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

/* ---------------------------------------------------------- closing */

static void queue_frame(conn *c, int opcode, const void *payload, size_t n);

/* Cuts a connection at once, without a close frame: one that does not
 * read (its socket is full, so no writeable callback would come) or that
 * vanished.  lws ends it. */
static void conn_cut(conn *c)
{
    c->close_now = 1;
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

/* Ends a connection politely: a close frame with the code and the words
 * goes out after what is queued, and the client's close answer ends the
 * connection (LWS_CALLBACK_WS_PEER_INITIATED_CLOSE).  Not lws' own close
 * (lws_close_reason and -1 from a callback): on the libuv loop lws 4.1
 * closes the connection twice over, the second time at once, before the
 * close frame is written, and with the client's frames still unread the
 * kernel sent a reset: a flood was seen closed with 1006, not 1008.  A
 * client that does not answer is cut after SRV_CLOSE_WAIT_S. */
static void conn_close(conn *c, int code, const char *why)
{
    if (c->closing || c->close_now)
        return;
    unsigned char payload[125];
    size_t n = strlen(why) < sizeof payload - 2 ? strlen(why) : sizeof payload - 2;
    payload[0] = (unsigned char)(code >> 8);
    payload[1] = (unsigned char)code;
    memcpy(payload + 2, why, n);
    queue_frame(c, 0x8, payload, n + 2);
    c->closing = 1;
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, SRV_CLOSE_WAIT_S);
}

/* ---------------------------------------------------------- silent connections */

/* A connection silent for ping_ms is pinged; one that sent nothing (not
 * even the pong) by twice that is dropped: a client gone without a close.
 * A WebSocket that said no hello within hello_ms is closed (1008): an idle
 * one would hold a file for nothing.
 * One sweep over the connections every so often, rather than lws' idle
 * policy, which keeps a timer a connection in its sorted list and moves it
 * on every pong: a walk of ten thousand entries each time. */
static void ping_sweep(lws_sorted_usec_list_t *sul)
{
    server *s = lws_container_of(sul, server, ping_sul);
    int64_t now = srv_now_ms();
    for (conn *c = s->conns; c; c = c->next) {
        int64_t silent = now - c->heard_ms;
        if (c->closing || c->close_now)
            continue; /* its end is under way */
        if (silent >= 2 * s->ping_ms) {
            conn_cut(c);
        } else if (!c->ls.player && now - c->opened_ms >= s->hello_ms) {
            char why[64];
            snprintf(why, sizeof why, "no hello within %lld s", (long long)s->hello_ms / 1000);
            conn_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION, why);
        } else if (silent >= s->ping_ms && !c->pinged) {
            c->pinged = 1;
            c->ping_due = 1;
            lws_callback_on_writable(c->wsi);
        }
    }
    log_flush(0);
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

/* The header of a frame from a server (RFC 6455 5.2: FIN, the opcode, no
 * mask, the length in 7, 16 or 64 bits), written to end at end; its
 * length, at most 10 bytes. */
static size_t frame_header(unsigned char *end, int opcode, size_t n)
{
    unsigned char h[10];
    size_t k;
    h[0] = (unsigned char)(0x80 | opcode);
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

/* Queues a frame (opcode 1: text, 8: close). */
static void queue_frame(conn *c, int opcode, const void *payload, size_t n)
{
    msg *m = malloc(sizeof *m + LWS_PRE + n);
    if (!m) {
        conn_cut(c);
        return;
    }
    memcpy(m->buf + LWS_PRE, payload, n);
    m->len = n;
    m->hlen = frame_header(m->buf + LWS_PRE, opcode, n);
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
        conn_cut(c); /* it does not read: drop it, the others go on */
        return;
    }
    if (!asked)
        lws_callback_on_writable(c->wsi);
}

void conn_send_text(conn *c, const char *text, size_t n)
{
    if (!c->close_now && !c->closing)
        queue_frame(c, 0x1, text, n);
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

/* Two token buckets.  Requests: SRV_RATE_PER_S a second, SRV_RATE_BURST
 * at once.  And the bytes queued in reply to them (frame_in charges them
 * once the lobby has answered): --rate-kib a second, SRV_RATE_KIB_BURST_S
 * seconds' worth at once, since a request of 40 bytes (a sync from v 0, a
 * long list of tables) can ask for a hundred KB and more.  A request is
 * refused while either is empty: NULL when it may go on, else why not.
 * Pushes are not charged: nobody asked for them. */
static const char *rate_ok(server *s, conn *c)
{
    int64_t now = srv_now_ms();
    double elapsed = (double)(now - c->refill_ms) / 1000.0;
    double bytes_burst = s->rate_bytes * SRV_RATE_KIB_BURST_S;
    c->refill_ms = now;
    c->tokens += elapsed * SRV_RATE_PER_S;
    if (c->tokens > SRV_RATE_BURST)
        c->tokens = SRV_RATE_BURST;
    c->btokens += elapsed * s->rate_bytes;
    if (c->btokens > bytes_burst)
        c->btokens = bytes_burst;
    if (c->tokens < 1.0)
        return "too many requests: at most 50 a second, 200 at once";
    if (c->btokens <= 0.0)
        return s->rate_words;
    c->tokens -= 1.0;
    return NULL;
}

/* ---------------------------------------------------------- a frame's rid */

/* A refusal of a frame the lobby does not read (rate_limited,
 * frame_too_big, binary_frame) carries the frame's rid when its first
 * bytes hold one: a top-level "rid" whose value is whole there.  A frame
 * over the limit is kept only up to the limit, so it cannot be parsed: it
 * is scanned for the key, checking only where each value ends; jansson
 * reads the rid's value itself (refuse_unread). */
static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

/* Past the string opening at p, or NULL when it does not end before end. */
static const char *skip_string(const char *p, const char *end)
{
    for (p++; p < end; p++) {
        if (*p == '\\')
            p++;
        else if (*p == '"')
            return p + 1;
    }
    return NULL;
}

/* Past the value at p, or NULL when it does not end before end. */
static const char *skip_value(const char *p, const char *end)
{
    if (p < end && *p == '"')
        return skip_string(p, end);
    if (p < end && (*p == '{' || *p == '[')) {
        int depth = 0;
        while (p < end) {
            if (*p == '"') {
                if (!(p = skip_string(p, end)))
                    return NULL;
                continue;
            }
            if (*p == '{' || *p == '[')
                depth++;
            else if ((*p == '}' || *p == ']') && --depth == 0)
                return p + 1;
            p++;
        }
        return NULL;
    }
    /* a number or a literal: it ends where its letters do, but only a
     * character after them shows it is whole */
    const char *q = p;
    while (q < end && strchr("0123456789+-.eEtrufalsn", *q))
        q++;
    return q < end && q > p ? q : NULL;
}

/* The value of the top-level "rid" of the object text begins with, whole
 * in its first n bytes: 1 with *rid and *len set, 0 when there is none. */
static int find_rid(const char *text, size_t n, const char **rid, size_t *len)
{
    const char *end = text + n, *p = skip_ws(text, end);
    if (p >= end || *p != '{')
        return 0;
    for (p++;;) {
        p = skip_ws(p, end);
        const char *key = p, *after = p < end && *p == '"' ? skip_string(p, end) : NULL;
        if (!after)
            return 0;
        p = skip_ws(after, end);
        if (p >= end || *p != ':')
            return 0;
        const char *v = skip_ws(p + 1, end), *vend = skip_value(v, end);
        if (!vend)
            return 0;
        if (after - key == 5 && memcmp(key, "\"rid\"", 5) == 0) {
            *rid = v;
            *len = (size_t)(vend - v);
            return 1;
        }
        p = skip_ws(vend, end);
        if (p >= end || *p != ',')
            return 0;
        p++;
    }
}

/* Refuses a frame unread, with the rid its first n bytes hold. */
static void refuse_unread(conn *c, const char *text, size_t n, const char *code,
                          const char *words)
{
    const char *rid;
    size_t len;
    char *wrapped = find_rid(text, n, &rid, &len) ? malloc(len + 16) : NULL;
    if (wrapped) {
        int k = snprintf(wrapped, len + 16, "{\"rid\":%.*s}", (int)len, rid);
        lobby_refuse_frame(c, wrapped, (size_t)k, code, words);
        free(wrapped);
    } else {
        lobby_refuse_frame(c, "{}", 2, code, words);
    }
}

/* ---------------------------------------------------------- frames */

/* A frame's pieces are gathered (up to the frame limit: past it only its
 * beginning is kept, for its rid); a whole frame, text or binary, passes
 * the rate limit, and a flood of either is closed.  Only a text frame
 * within the limit reaches the lobby. */
static void frame_in(server *s, conn *c, const void *in, size_t len, int binary, int final)
{
    if (c->closing || c->close_now)
        return;
    if (!c->rx_over) {
        size_t take = c->rxn + len > SRV_FRAME_MAX ? SRV_FRAME_MAX - c->rxn : len;
        char *r = realloc(c->rx, c->rxn + take + 1);
        if (r) {
            c->rx = r;
            memcpy(c->rx + c->rxn, in, take);
            c->rxn += take;
        }
        c->rx_over = !r || take < len;
    }
    if (!final)
        return;
    int over = c->rx_over;
    size_t n = c->rxn;
    c->rx_over = 0;
    c->rxn = 0;
    const char *limited = rate_ok(s, c);
    if (limited) {
        refuse_unread(c, c->rx, n, "rate_limited", limited);
        if (++c->refused >= SRV_RATE_CLOSE)
            conn_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION, "too many requests");
        return;
    }
    /* a flood is a client that stays at its limit: the requests let
     * through while it floods are each the first after a refill, and do
     * not end its run of refusals.  Only a client back under its limits
     * (room for another request, half the bytes at hand) has it forgotten.
     * When counting ran over every accepted request, a loaded server, too
     * slow to refuse 1,000 frames between two refills (20 ms), never
     * closed a flood. */
    if (c->tokens >= 1.0 && c->btokens >= s->rate_bytes * SRV_RATE_KIB_BURST_S / 2)
        c->refused = 0;
    if (binary) {
        refuse_unread(c, c->rx, n, "binary_frame",
                      "only text frames are read: one JSON object a frame");
        return;
    }
    if (over) {
        char words[64];
        snprintf(words, sizeof words, "a frame may hold at most %d bytes", SRV_FRAME_MAX);
        refuse_unread(c, c->rx, n, "frame_too_big", words);
        return;
    }
    c->rx[n] = 0;
    size_t before = c->qbytes;
    lobby_request(s->l, c, c->rx, n);
    if (c->qbytes > before)
        c->btokens -= (double)(c->qbytes - before);
}

/* ---------------------------------------------------------- whom it answers */

/* A page may talk to this server only when it came from it.  A rebinding
 * page (a name of the attacker's, pointed at this server's address) sends
 * that name as its Origin and Host, so matching the Origin to the Host
 * let it in: now the server answers only for the names it serves
 * (authority_ok): the --host it listens on, at its port; when that is a
 * loopback address, localhost, 127.0.0.1 and [::1] too; when it is every
 * address (0.0.0.0, ::) or an interface's name, any address written in
 * numbers (friends on a network type one) and localhost; and the host of
 * each --origin (a proxy in front passes on the name people typed). */
enum { LISTEN_NAMED, LISTEN_LOOPBACK, LISTEN_ANY };

static int ip_literal(const char *host)
{
    unsigned char a[16];
    return inet_pton(AF_INET, host, a) == 1 || inet_pton(AF_INET6, host, a) == 1;
}

static int listen_kind(const char *host)
{
    unsigned char a[16];
    if (strcasecmp(host, "localhost") == 0 || strcmp(host, "::1") == 0 ||
        (inet_pton(AF_INET, host, a) == 1 && a[0] == 127))
        return LISTEN_LOOPBACK;
    if (strcmp(host, "0.0.0.0") == 0 || strcmp(host, "::") == 0 || !ip_literal(host))
        return LISTEN_ANY;
    return LISTEN_NAMED;
}

/* Splits an authority, host[:port] or [v6][:port], into the host (without
 * brackets, in out) and the port (80 when none given); -1 when malformed. */
static int split_authority(const char *a, char *out, size_t len, long *port)
{
    const char *h = a, *he, *rest;
    if (*a == '[') {
        h = a + 1;
        if (!(he = strchr(h, ']')))
            return -1;
        rest = he + 1;
    } else {
        he = rest = a + strcspn(a, ":");
    }
    if ((size_t)(he - h) >= len || he == h)
        return -1;
    memcpy(out, h, (size_t)(he - h));
    out[he - h] = 0;
    *port = 80;
    if (!*rest)
        return 0;
    char *end;
    if (*rest != ':' || !rest[1] || rest[1] == '-' || rest[1] == '+')
        return -1;
    *port = strtol(rest + 1, &end, 10);
    return *end || *port < 1 || *port > 65535 ? -1 : 0;
}

/* Whether an authority (a Host header; an Origin past "http://") names
 * this server by its own address. */
static int authority_ok(server *s, const char *authority)
{
    char host[256];
    long port;
    if (split_authority(authority, host, sizeof host, &port) < 0 || port != s->port)
        return 0;
    if (strcasecmp(host, s->host) == 0)
        return 1;
    if (s->kind == LISTEN_LOOPBACK)
        return strcasecmp(host, "localhost") == 0 || strcmp(host, "127.0.0.1") == 0 ||
               strcmp(host, "::1") == 0;
    if (s->kind == LISTEN_ANY)
        return strcasecmp(host, "localhost") == 0 || ip_literal(host);
    return 0;
}

/* Whether an authority is the host[:port] of an --origin. */
static int origin_authority(server *s, const char *authority)
{
    for (int i = 0; i < s->norigins; i++) {
        const char *o = strstr(s->origins[i], "://");
        o = o ? o + 3 : s->origins[i];
        size_t n = strcspn(o, "/");
        if (strlen(authority) == n && strncasecmp(authority, o, n) == 0)
            return 1;
    }
    return 0;
}

/* A request's Host is one this server answers for, or absent (HTTP/1.0:
 * a program, which no page can make). */
static int host_ok(server *s, struct lws *wsi)
{
    char host[256];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HOST) <= 0)
        return 1;
    return lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) > 0 &&
           (authority_ok(s, host) || origin_authority(s, host));
}

/* An upgrade to /ws is let in when its Host is this server's and it has no
 * Origin (a program, not a page), or an --origin, or an http:// origin
 * naming this server. */
static int origin_ok(server *s, struct lws *wsi)
{
    char origin[256], uri[64];
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0 ||
        (strcmp(uri, "/ws") != 0 && strncmp(uri, "/ws?", 4) != 0) || !host_ok(s, wsi))
        return 0;
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0)
        return 1;
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) <= 0)
        return 0;
    for (int i = 0; i < s->norigins; i++)
        if (strcmp(origin, s->origins[i]) == 0)
            return 1;
    return strncmp(origin, "http://", 7) == 0 && authority_ok(s, origin + 7);
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

/* An answer goes out a piece a writeable callback, the next once lws has
 * sent the last (it calls back only then): a slow reader holds a piece of
 * memory, not a copy of the body.  lws gives a request 5 s to be answered
 * (PENDING_TIMEOUT_HTTP_CONTENT) and then hangs up, which cut bodies short
 * (one write of the whole body left lws sending the rest under that
 * timeout) and dropped requests that waited behind the loop: a request
 * waiting for its replay to be built gets HTTP_BUILD_WAIT_S, and an answer
 * HTTP_STALL_S again with each piece, so only a reader that takes nothing
 * for that long is dropped. */
#define HTTP_PIECE (32 * 1024)
#define HTTP_BUILD_WAIT_S 60
#define HTTP_STALL_S 30

static http_req *req_of(struct lws *wsi, pss *ps)
{
    if (!ps->h) {
        ps->h = calloc(1, sizeof *ps->h);
        if (!ps->h)
            return NULL;
        ps->h->wsi = wsi;
        lws_get_peer_simple(wsi, ps->h->addr, sizeof ps->h->addr);
    }
    return ps->h;
}

static void req_free(pss *ps)
{
    if (!ps || !ps->h)
        return;
    archive_cancel(&ps->h->wait);
    srv_body_drop(ps->h->body);
    free(ps->h);
    ps->h = NULL;
}

static srv_body *refusal_body(int status, const char *code, const char *words)
{
    char *text = srv_refusal_text(code, words);
    srv_body *b = text ? srv_body_new(status, "application/json", text, strlen(text)) : NULL;
    free(text);
    return b;
}

/* Sends b (its reference taken) as h's answer, when the address may have
 * that many bytes now; else a 429. */
static int send_body(server *s, http_req *h, srv_body *b)
{
    if (!b)
        return -1;
    if (!addr_rate_send(s->rate, h->addr, b->len, srv_now_ms())) {
        srv_body_drop(b);
        b = refusal_body(429, "rate_limited", "too many bytes asked for from this address: "
                                              "wait a moment and ask again");
        if (!b)
            return -1;
    }
    srv_body_drop(h->body); /* none: lws reads the next request once one is answered */
    h->body = b;
    h->off = 0;
    h->head_sent = 0;
    lws_callback_on_writable(h->wsi);
    return 0;
}

/* Answers the request with body (JSON or other text of type; taken). */
static int http_answer(struct lws *wsi, pss *ps, int status, const char *type, char *body)
{
    server *s = lws_vhost_user(lws_get_vhost(wsi));
    http_req *h = req_of(wsi, ps);
    srv_body *b = body ? srv_body_new(status, type, body, strlen(body)) : NULL;
    free(body);
    if (!h) {
        srv_body_drop(b);
        return -1;
    }
    return send_body(s, h, b);
}

/* A record or replay built off the loop, for a request waiting for it. */
static void give(archive_wait *w, srv_body *b)
{
    http_req *h = lws_container_of(w, http_req, wait);
    server *s = lws_vhost_user(lws_get_vhost(h->wsi));
    if (send_body(s, h, b) < 0) /* out of memory: the request ends unanswered */
        lws_set_timeout(h->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

static int write_head(struct lws *wsi, const srv_body *b)
{
    unsigned char buf[LWS_PRE + 1024], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (lws_add_http_common_headers(wsi, (unsigned)b->status, b->type, b->len, &p, end) ||
        add_security_headers(wsi, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)b->cache, (int)strlen(b->cache), &p, end) ||
        (b->status == 429 &&
         lws_add_http_header_by_name(wsi, (const unsigned char *)"retry-after:",
                                     (const unsigned char *)"1", 1, &p, end)) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    return 0;
}

/* One writeable callback of an answer: its headers, or its next piece. */
static int http_write(server *s, http_req *h)
{
    srv_body *b = h->body;
    lws_set_timeout(h->wsi, PENDING_TIMEOUT_HTTP_CONTENT, HTTP_STALL_S);
    if (!h->head_sent) {
        h->head_sent = 1;
        if (write_head(h->wsi, b) < 0)
            return -1;
        lws_callback_on_writable(h->wsi);
        return 0;
    }
    size_t n = b->len - h->off < HTTP_PIECE ? b->len - h->off : HTTP_PIECE;
    int last = h->off + n == b->len;
    memcpy(s->piece + LWS_PRE, b->text + h->off, n);
    if (lws_write(h->wsi, s->piece + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) !=
        (int)n)
        return -1;
    h->off += n;
    if (!last) {
        lws_callback_on_writable(h->wsi);
        return 0;
    }
    srv_body_drop(b);
    h->body = NULL;
    return lws_http_transaction_completed(h->wsi) ? -1 : 0;
}

/* GET /api/tables/<id>/record or /replay[?seat=K]: from the archive, at
 * once when it holds the answer, else when its thread has built it. */
static int table_answer(server *s, struct lws *wsi, pss *ps, int64_t id, const char *tail)
{
    int seat = SRV_RECORD;
    if (strcmp(tail, "replay") == 0) {
        /* ?seat=K: the game as seat K saw it; without: from above */
        char arg[32];
        seat = AD_GOD;
        const char *val = lws_get_urlarg_by_name(wsi, "seat=", arg, sizeof arg);
        if (val) {
            unsigned long long k;
            if (ad_cli_number_in(val, 0, AD_MAX_SEATS - 1, &k) != 0)
                return http_answer(wsi, ps, 400, "application/json",
                                   srv_refusal_text("bad_seat", "seat is a seat's number"));
            seat = (int)k;
        }
    } else if (strcmp(tail, "record") != 0) {
        return http_answer(wsi, ps, 404, "application/json",
                           srv_refusal_text("not_found", "a table has /record and /replay"));
    }
    srv_body *b;
    int rc = archive_get(s->arch, id, seat, &ps->h->wait, &b);
    if (rc == 0)
        return send_body(s, ps->h, b);
    if (rc > 0) { /* answered when built (give) */
        lws_set_timeout(wsi, PENDING_TIMEOUT_HTTP_CONTENT, HTTP_BUILD_WAIT_S);
        return 0;
    }
    return send_body(s, ps->h, refusal_body(500, "internal", "out of memory"));
}

/* GET /api/stats: the lobby's, and the archive's kept answers. */
static char *stats_text(server *s)
{
    char *held = lobby_stats(s->l);
    json_error_t je;
    json_t *j = held ? json_loads(held, 0, &je) : NULL;
    free(held);
    if (!j)
        return NULL;
    json_object_set_new(j, "replays", archive_stats(s->arch));
    char *text = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return text;
}

static int api(server *s, struct lws *wsi, pss *ps)
{
    http_req *h = req_of(wsi, ps);
    if (!h)
        return -1;
    if (!addr_rate_request(s->rate, h->addr, srv_now_ms())) {
        char words[96];
        snprintf(words, sizeof words, "too many requests from this address: at most %.0f a "
                 "second", s->http_rate);
        return send_body(s, h, refusal_body(429, "rate_limited", words));
    }
    char uri[256];
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0)
        return http_answer(wsi, ps, 400, "application/json",
                           srv_refusal_text("bad_field", "a GET of /api/tables/<id>/record"));
    long long id;
    char tail[16];
    int used = 0;
    if (sscanf(uri, "/api/tables/%lld/%15[a-z]%n", &id, tail, &used) == 2 && uri[used] == 0 &&
        id > 0)
        return table_answer(s, wsi, ps, id, tail);
    if (strcmp(uri, "/api/stats") == 0) {
        char *stats = stats_text(s);
        return stats ? http_answer(wsi, ps, 200, "application/json", stats) : -1;
    }
    if (strcmp(uri, "/api/games") == 0)
        return send_body(s, h, ad_api_games_body());
    char *body = NULL;
    const char *type;
    int status = api_static(uri, &body, &type);
    return http_answer(wsi, ps, status, type, body);
}

/* An HTTP request refused before anything is served: the status, the
 * refusal in words as the API gives it, and the connection closes (1).
 * A 405 says which methods are answered (allow). */
static int http_refuse(struct lws *wsi, unsigned status, const char *allow, const char *code,
                       const char *words)
{
    char *body = srv_refusal_text(code, words);
    if (!body)
        return 1;
    size_t n = strlen(body);
    unsigned char buf[LWS_PRE + 2048], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (!lws_add_http_common_headers(wsi, status, "application/json", n, &p, end) &&
        (!allow || !lws_add_http_header_by_name(wsi, (const unsigned char *)"allow:",
                                                (const unsigned char *)allow,
                                                (int)strlen(allow), &p, end)) &&
        !add_security_headers(wsi, &p, end) &&
        !lws_add_http_header_by_token(wsi, WSI_TOKEN_CONNECTION, (const unsigned char *)"close",
                                      5, &p, end) &&
        !lws_finalize_http_header(wsi, &p, end) && (size_t)(end - p) >= n) {
        memcpy(p, body, n);
        p += n;
        lws_write(wsi, start, (size_t)(p - start), LWS_WRITE_HTTP_FINAL);
    }
    free(body);
    return 1;
}

/* LWS_CALLBACK_FILTER_HTTP_CONNECTION: every HTTP request but an upgrade
 * passes here before it is served, a file from the web folder (lws' mount)
 * or the API alike.  Only GET is answered, and HEAD of a file (PUT,
 * DELETE, PATCH, OPTIONS, POST: 405), and only for a Host this server
 * answers for (a rebinding page could read /api otherwise: 421). */
static int http_filter(server *s, struct lws *wsi)
{
    char *uri = NULL;
    int n = 0, method = lws_http_get_uri_and_method(wsi, &uri, &n);
    int api = uri && n >= 4 && strncmp(uri, "/api", 4) == 0 &&
              (n == 4 || uri[4] == '/' || uri[4] == '?');
    if (method != LWSHUMETH_GET && (method != LWSHUMETH_HEAD || api))
        return http_refuse(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED, api ? "GET" : "GET, HEAD",
                           "bad_method", api ? "the API answers GET only"
                                             : "only GET and HEAD are answered here");
    if (!host_ok(s, wsi)) {
        char host[128], words[256];
        if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
            snprintf(host, sizeof host, "(too long)");
        snprintf(words, sizeof words,
                 "this server does not answer for %s: open it by the address it listens on",
                 host);
        return http_refuse(wsi, 421, NULL, "bad_host", words);
    }
    return 0;
}

/* ---------------------------------------------------------- the callback */

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    struct lws_vhost *vh = lws_get_vhost(wsi);
    server *s = vh ? lws_vhost_user(vh) : NULL;
    pss *ps = user;
    switch (reason) {
    case LWS_CALLBACK_FILTER_HTTP_CONNECTION:
        return s ? http_filter(s, wsi) : 0;
    case LWS_CALLBACK_HTTP:
        if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0) {
            lws_return_http_status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED, NULL);
            return -1;
        }
        return api(s, wsi, ps) < 0 ? -1 : 0;
    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (!ps || !ps->h || !ps->h->body)
            break;
        return http_write(s, ps->h);
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL: /* its session is freed next */
    case LWS_CALLBACK_CLOSED_HTTP:
        req_free(ps);
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
        c->btokens = s->rate_bytes * SRV_RATE_KIB_BURST_S;
        c->refill_ms = srv_now_ms();
        c->heard_ms = c->refill_ms;
        c->opened_ms = c->refill_ms;
        c->next = s->conns;
        if (s->conns)
            s->conns->prev = c;
        s->conns = c;
        ps->c = c;
        break;
    }
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        /* the answer to our close frame (conn_close): the end; -1 makes
         * lws close the socket now, with nothing unread */
        return ps && ps->c && ps->c->closing ? -1 : 0;
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
        if (c->close_now)
            break;
        if (c->ping_due) { /* one write a callback: the ping first, the rest next time */
            /* with a payload: lws tells of an empty pong to nobody */
            unsigned char ping[LWS_PRE + 4] = {0};
            memcpy(ping + LWS_PRE, "ping", 4);
            c->ping_due = 0;
            if (lws_write(wsi, ping + LWS_PRE, 4, LWS_WRITE_PING) < 4)
                return -1;
            if (c->qh)
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
        if (c->qh)
            lws_callback_on_writable(wsi);
        break;
    }
    case LWS_CALLBACK_CLOSED:
        if (ps->c) {
            conn_free(s, ps->c);
            ps->c = NULL;
        }
        break;
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
        return s ? admit(s, (int)(lws_intptr_t)in) : 0;
    case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED:
        /* the wsi of the socket admit took: it carries its address's entry */
        if (s && s->admitted) {
            lws_set_opaque_user_data(wsi, s->admitted);
            s->admitted = NULL;
        }
        break;
    case LWS_CALLBACK_WSI_DESTROY: {
        peer *p = lws_get_opaque_user_data(wsi);
        if (s && p) {
            lws_set_opaque_user_data(wsi, NULL);
            peer_release(s, p);
        }
        break;
    }
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        if (s && s->arch)
            archive_answers(s->arch, give);
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

/* Every connection is a file: the limit is raised as far as the system
 * lets us, and connections may take all of it but a reserve (admit). */
static int fd_cap(void)
{
    struct rlimit nofile;
    if (getrlimit(RLIMIT_NOFILE, &nofile) != 0)
        return 1024 - SRV_FD_RESERVE;
    if (nofile.rlim_cur < nofile.rlim_max) {
        nofile.rlim_cur = nofile.rlim_max;
        setrlimit(RLIMIT_NOFILE, &nofile);
        getrlimit(RLIMIT_NOFILE, &nofile);
    }
    rlim_t limit = nofile.rlim_cur < INT_MAX ? nofile.rlim_cur : INT_MAX;
    rlim_t reserve = limit / 8 > SRV_FD_RESERVE ? limit / 8 : SRV_FD_RESERVE;
    if (reserve > limit / 2)
        reserve = limit / 2;
    return (int)(limit - reserve);
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
    /* an installed binary: the client `make install` put in the data folder */
    struct stat st;
    snprintf(exe, sizeof exe, "%s/web", ad_data_dir());
    if (stat(exe, &st) == 0 && S_ISDIR(st.st_mode) && strlen(exe) < len)
        memcpy(out, exe, strlen(exe) + 1);
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

/* The HTTP API's rate limits by address, and the archive's thread with
 * its own store handle on db. */
static int http_setup(server *s, const char *db, unsigned long long rate, unsigned long long kib,
                      unsigned long long cache_mib, ad_err *err)
{
    s->http_rate = (double)rate;
    rate_spec reqs = {(double)rate, (double)rate * (SRV_HTTP_RATE_BURST / SRV_HTTP_RATE_PER_S)};
    rate_spec bytes = {1024.0 * (double)kib,
                       1024.0 * (double)kib * (SRV_HTTP_KIB_BURST / SRV_HTTP_KIB_PER_S)};
    s->rate = addr_rate_new(reqs, bytes);
    s->piece = malloc(LWS_PRE + HTTP_PIECE);
    if (!s->rate || !s->piece)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    s->arch = archive_new(db, s, (size_t)cache_mib << 20, err);
    return s->arch ? 0 : -1;
}

/* After the loop has ended (no request waits any more). */
static void http_end(server *s)
{
    archive_free(s->arch);
    addr_rate_free(s->rate);
    free(s->piece);
    s->arch = NULL;
    s->rate = NULL;
    s->piece = NULL;
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
    unsigned long long http_rate = SRV_HTTP_RATE_PER_S, http_kib = SRV_HTTP_KIB_PER_S;
    unsigned long long cache_mib = SRV_CACHE_MIB;
    unsigned long long conn_max = SRV_CONN_MAX, per_addr = SRV_CONN_PER_ADDR;
    unsigned long long hello_s = SRV_HELLO_S, rate_kib = SRV_RATE_KIB;
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
                   "LIMITS: [--http-rate N] [--http-kib N] [--cache-mib N] [--max-connections N] "
                   "[--connections-per-address N] [--hello-seconds N] [--rate-kib N] "
                   "[--waiting-per-player N] [--waiting-per-address N] "
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
        } else if (strcmp(a, "--http-rate") == 0) {
            if (ad_cli_option_in("serve", "--http-rate", v, 1, 1000000, &http_rate) < 0)
                return 2;
        } else if (strcmp(a, "--http-kib") == 0) {
            if (ad_cli_option_in("serve", "--http-kib", v, 1, 1ull << 30, &http_kib) < 0)
                return 2;
        } else if (strcmp(a, "--cache-mib") == 0) {
            if (ad_cli_option_in("serve", "--cache-mib", v, 0, 65536, &cache_mib) < 0)
                return 2;
        } else if (strcmp(a, "--max-connections") == 0) {
            if (ad_cli_option_in("serve", "--max-connections", v, 0, 10000000, &conn_max) < 0)
                return 2;
        } else if (strcmp(a, "--connections-per-address") == 0) {
            if (ad_cli_option_in("serve", "--connections-per-address", v, 0, 10000000,
                                 &per_addr) < 0)
                return 2;
        } else if (strcmp(a, "--rate-kib") == 0) {
            if (ad_cli_option_in("serve", "--rate-kib", v, 1, 1024 * 1024, &rate_kib) < 0)
                return 2;
        } else if (strcmp(a, "--hello-seconds") == 0) {
            if (ad_cli_option_in("serve", "--hello-seconds", v, 1, 3600, &hello_s) < 0)
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
    srv.sock_max = (int)conn_max;
    srv.per_addr = (int)per_addr;
    srv.hello_ms = (int64_t)hello_s * 1000;
    srv.rate_bytes = (double)rate_kib * 1024;
    snprintf(srv.rate_words, sizeof srv.rate_words,
             "too much asked for: replies of at most %llu KiB a second, %llu KiB at once",
             rate_kib, rate_kib * SRV_RATE_KIB_BURST_S);
    srv.fd_cap = fd_cap();
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
    /* a store it may only read would refuse every hello and every act
     * (store_failed), and log a failed commit a second: say so now */
    if (store_writable(st, &err) < 0) {
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
        store_close(st);
        return 1;
    }
    /* libwebsockets' own log: errors, or the levels ALPHADECK_LWS_LOG names (its bit mask) */
    const char *ll = getenv("ALPHADECK_LWS_LOG");
    int level = ll ? atoi(ll) : LLL_ERR;
    lws_set_log_level(level, log_emit);
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
    if (http_setup(&srv, db, http_rate, http_kib, cache_mib, &err) < 0) {
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
        http_end(&srv);
        bus_close(srv.bus);
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
    srv.host = host;
    srv.kind = listen_kind(host);
    srv.port = shown;
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
    http_end(&srv);
    bus_close(srv.bus);
    free(srv.heap);
    free(srv.wbuf);
    free(srv.dump);
    lobby_free(srv.l);
    store_close(st);
    log_flush(1);
    fprintf(stderr, "alphadeck serve: stopped\n");
    return 0;
}
