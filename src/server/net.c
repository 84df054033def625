/*
 * net.c - `alphadeck serve`'s transport, on libwebsockets 4.1: the
 * WebSocket at /ws, each connection's frames in (gathered, rate-limited,
 * a text frame handed to the lobby) and out (its send queue, which goes
 * out in one write a writeable callback); every connection counted from
 * its accept, in all and by address; the sweep that pings silent
 * connections and closes those that said no hello; and lws' one callback,
 * whose HTTP reasons go to http.c (docs/server.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "net.h"

typedef struct msg {
    struct msg *next;
    int cls;             /* its size class (frame_new), or -1: a block of its own */
    int held;            /* not to be written yet (srv_hold) */
    size_t len;
    size_t hlen;         /* its WebSocket header: the hlen bytes before buf + LWS_PRE */
    unsigned char buf[]; /* LWS_PRE bytes (the header at their end), then the payload */
} msg;

struct conn {
    struct lws *wsi;
    server *srv;
    conn_lobby *ls;    /* the lobby's (opaque here) */
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
    int ping_early_ms; /* pinged this much before ping_ms of silence (ping_sweep) */
    int due;           /* frames were queued in this pass: on the server's due list */
    conn *due_next;
    int held;          /* it holds frames: on the server's held list (srv_hold) */
    conn *held_next, *held_prev;
    conn *prev, *next;
};

/* The connections open from one address (admit, below). */
struct peer {
    struct peer *next;
    int n;
    char addr[64];
};

int64_t srv_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

conn_lobby *conn_state(conn *c)
{
    return c->ls;
}

void srv_wake(server *s)
{
    ad_loop_nap_wake(); /* a nap of the loop's ends (loop.c) */
    lws_cancel_service(s->ctx);
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
 * no number in them, so that the log counts them (log.c). */
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
 * Each is pinged at its own point of the ping time's last quarter
 * (ping_early_ms, spread at its opening), and a ping is a frame of its
 * queue, written with the rest at the pass's end: connections that went
 * silent together (a crowd that sat down at once, each answering its
 * ping at once and so silent together again) were pinged in one step of
 * the sweep, 700 of them in a pass of 15 ms at 19,000 connections, each
 * through a writeable callback (two epoll_ctl(2) calls and a send), and
 * their pongs made the next pass as long (2026-12-01).
 * A WebSocket that said no hello within hello_ms is closed (1008): an idle
 * one would hold a file for nothing.
 * One sweep over the connections every so often, rather than lws' idle
 * policy, which keeps a timer a connection in its sorted list and moves it
 * on every pong: a walk of ten thousand entries each time.  The sweep
 * goes round in SWEEP_STEPS steps, each a share of the connections, so a
 * round takes as long as one walk of them all did and no pass of the loop
 * waits for that walk: at 19,000 connections it took 3 to 6 ms once a
 * second, and the load's p99 was 6 ms longer for it (bench/serve-scale.sh,
 * 2026-11-29). */
#define SWEEP_STEPS 10
static void ping_sweep(lws_sorted_usec_list_t *sul)
{
    server *s = lws_container_of(sul, server, ping_sul);
    int64_t now = srv_now_ms();
    int share = s->nsock / SWEEP_STEPS + 1;
    conn *c = s->sweep_at ? s->sweep_at : s->conns;
    for (; c && share > 0; c = c->next, share--) {
        int64_t silent = now - c->heard_ms;
        if (c->closing || c->close_now)
            continue; /* its end is under way */
        if (silent >= 2 * s->ping_ms) {
            conn_cut(c);
        } else if (now - c->opened_ms >= s->hello_ms && !ad_lobby_conn_hello(c->ls)) {
            char why[64];
            snprintf(why, sizeof why, "no hello within %lld s", (long long)s->hello_ms / 1000);
            conn_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION, why);
        } else if (silent >= s->ping_ms - c->ping_early_ms && !c->pinged) {
            c->pinged = 1;
            queue_frame(c, 0x9, "ping", 4); /* with a payload: lws tells of an empty pong to nobody */
        }
    }
    s->sweep_at = c; /* NULL: the next step begins a round */
    ad_srv_log_flush(0);
    int64_t every = s->ping_ms / 4 < 1000 ? s->ping_ms / 4 : 1000;
    lws_sul_schedule(s->ctx, 0, &s->ping_sul, ping_sweep,
                     (lws_usec_t)every * LWS_US_PER_MS / SWEEP_STEPS);
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

/* Frames' blocks are kept for the next frames once written: every push
 * to every member is a frame, and a malloc and a free each were 2% of the
 * server's time under load (2026-11-28).  Four classes of room (a frame
 * takes the least that holds it, so at most four times its size while it
 * waits in a queue), each keeping at most CLASS_KEEP bytes of spare blocks;
 * larger frames have a block of their own.  The loop thread's alone. */
#define CLASSES 4
#define CLASS_KEEP (512 * 1024)
static const size_t class_room[CLASSES] = {128, 512, 2048, 8192};
static msg *spare[CLASSES];
static size_t nspare[CLASSES];

static msg *frame_new(size_t n)
{
    int k = 0;
    while (k < CLASSES && class_room[k] < n)
        k++;
    msg *m;
    if (k < CLASSES && spare[k]) {
        m = spare[k];
        spare[k] = m->next;
        nspare[k]--;
        return m;
    }
    m = malloc(sizeof *m + LWS_PRE + (k < CLASSES ? class_room[k] : n));
    if (m)
        m->cls = k < CLASSES ? k : -1;
    return m;
}

static void frame_free(msg *m)
{
    int k = m->cls;
    if (k < 0 || nspare[k] * class_room[k] >= CLASS_KEEP) {
        free(m);
        return;
    }
    m->next = spare[k];
    spare[k] = m;
    nspare[k]++;
}

/* ---------------------------------------------------------- held frames */

/* A commit's acknowledgements and updates are written before it ends
 * (commit.c builds them as soon as it hands the pass's steps to the store)
 * and held: each connection's queue keeps them, unsent, behind what it
 * had, and what comes after waits behind them.  When the commit ends they
 * go, or, when it failed, they are dropped (what was not stored never
 * happened).  The connections holding frames are on the server's held
 * list, taken off when they end. */
static void held_add(conn *c)
{
    server *s = c->srv;
    c->held = 1;
    c->held_prev = NULL;
    c->held_next = s->held;
    if (s->held)
        s->held->held_prev = c;
    s->held = c;
}

static void held_remove(conn *c)
{
    if (!c->held)
        return;
    if (c->held_prev)
        c->held_prev->held_next = c->held_next;
    else
        c->srv->held = c->held_next;
    if (c->held_next)
        c->held_next->held_prev = c->held_prev;
    c->held = 0;
}

void srv_hold(server *s, int on)
{
    s->holding = on;
}

/* c's held frames let go (send) or dropped, and c due for a write when its
 * queue has something to write now. */
static void held_end(conn *c, int send)
{
    size_t gone = 0;
    msg **p = &c->qh, *last = NULL;
    while (*p) {
        msg *m = *p;
        if (m->held && !send) {
            *p = m->next;
            gone += m->len;
            frame_free(m);
            continue;
        }
        m->held = 0;
        last = m;
        p = &m->next;
    }
    c->qt = last;
    c->qbytes -= gone;
    if (c->qh && !c->due && !c->close_now) {
        c->due = 1;
        c->due_next = c->srv->due;
        c->srv->due = c;
    }
}

void srv_held_end(server *s, int send)
{
    s->holding = 0;
    while (s->held) {
        conn *c = s->held;
        held_remove(c);
        held_end(c, send);
    }
}

/* Queues a frame (opcode 1: text, 8: close). */
static void queue_frame(conn *c, int opcode, const void *payload, size_t n)
{
    msg *m = frame_new(n);
    if (!m) {
        conn_cut(c);
        return;
    }
    memcpy(m->buf + LWS_PRE, payload, n);
    m->len = n;
    m->hlen = frame_header(m->buf + LWS_PRE, opcode, n);
    m->next = NULL;
    m->held = c->srv->holding;
    if (m->held && !c->held)
        held_add(c);
    /* a queue that held something has its writeable callback asked for
     * already (the callback asks again while frames remain; a queue whose
     * head is held is asked for when it is let go): on libuv each ask
     * restarts the socket's watcher, two epoll_ctl(2) calls */
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
    if (!asked && !c->due) { /* written at the pass's end (ad_net_flush) */
        c->due = 1;
        c->due_next = c->srv->due;
        c->srv->due = c;
    }
}

void conn_send_text(conn *c, const char *text, size_t n)
{
    if (!c->close_now && !c->closing)
        queue_frame(c, 0x1, text, n);
}

/* The text is written into a buffer the server keeps, by our own writer
 * (core/jsonw.h): jansson's dump went through a callback a few bytes at a
 * time, a sixth of the server's time under load (2026-11-28). */
void conn_send(conn *c, json_t *j)
{
    server *s = c->srv;
    ad_jw_reset(&s->dump);
    ad_jw_tree(&s->dump, j);
    json_decref(j);
    if (!s->dump.oom && s->dump.n)
        conn_send_text(c, s->dump.p, s->dump.n);
}

static void conn_free(server *s, conn *c)
{
    lobby_conn_gone(s->l, c);
    held_remove(c);
    for (conn **p = &s->due; c->due && *p; p = &(*p)->due_next)
        if (*p == c) {
            *p = c->due_next;
            break;
        }
    msg *m = c->qh;
    while (m) {
        msg *n = m->next;
        frame_free(m);
        m = n;
    }
    free(c->rx);
    if (s->sweep_at == c)
        s->sweep_at = c->next;
    if (c->prev)
        c->prev->next = c->next;
    else
        s->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    ad_lobby_conn_free(c->ls);
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

/* A whole frame (text..text+n; over: it ran past the frame limit and text
 * is its beginning) passes the rate limit, and a flood of either kind is
 * closed; only a text frame within the limit reaches the lobby. */
static void frame_whole(server *s, conn *c, const char *text, size_t n, int binary, int over)
{
    const char *limited = rate_ok(s, c);
    if (limited) {
        refuse_unread(c, text, n, "rate_limited", limited);
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
        refuse_unread(c, text, n, "binary_frame",
                      "only text frames are read: one JSON object a frame");
        return;
    }
    if (over) {
        char words[64];
        snprintf(words, sizeof words, "a frame may hold at most %d bytes", SRV_FRAME_MAX);
        refuse_unread(c, text, n, "frame_too_big", words);
        return;
    }
    size_t before = c->qbytes;
    lobby_request(s->l, c, text, n);
    if (c->qbytes > before)
        c->btokens -= (double)(c->qbytes - before);
}

/* A frame that comes in one piece (almost every request: a few hundred
 * bytes) is read where lws holds it, neither copied nor kept.  A frame in
 * pieces is gathered (up to the frame limit: past it only its beginning is
 * kept, for its rid) and its buffer freed once it is read: an idle
 * connection holds none. */
static void frame_in(server *s, conn *c, const void *in, size_t len, int binary, int final)
{
    if (c->closing || c->close_now)
        return;
    if (final && !c->rxn && !c->rx_over && len > 0 && len <= SRV_FRAME_MAX) {
        frame_whole(s, c, in, len, binary, 0);
        return;
    }
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
    char *text = c->rx;
    size_t n = c->rxn;
    int over = c->rx_over;
    c->rx = NULL;
    c->rx_over = 0;
    c->rxn = 0;
    frame_whole(s, c, text ? text : "", text ? n : 0, binary, over);
    free(text);
}

/* ---------------------------------------------------------- lws' callback */

/* LWS_CALLBACK_ESTABLISHED: a WebSocket is open; its lobby state carries
 * the table its upgrade was routed for and its peer's address. */
/* The kernel's send buffer of a WebSocket is bounded by the queue's
 * bound (16 KiB to 256 KiB): left to itself Linux grows it to 4 MiB
 * (tcp_wmem), and with a pass's frames written in one send(2) at once a
 * client that never reads had megabytes taken off its queue into the
 * kernel instead of being dropped when the queue passed --queue-kib;
 * and 19,000 connections could each pin that much of the kernel's
 * memory. */
static void bound_kernel_queue(const server *s, struct lws *wsi)
{
    size_t b = s->queue_max;
    int v = (int)(b < 16384 ? 16384 : b > 262144 ? 262144 : b);
    int fd = (int)lws_get_socket_fd(wsi);
    if (fd >= 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &v, sizeof v);
}

static int conn_open(server *s, struct lws *wsi, pss *ps)
{
    char addr[64] = "";
    lws_get_peer_simple(wsi, addr, sizeof addr);
    conn *c = calloc(1, sizeof *c);
    if (c && !(c->ls = ad_lobby_conn_new(ps->route, addr))) {
        free(c);
        c = NULL;
    }
    if (!c)
        return -1;
    c->wsi = wsi;
    c->srv = s;
    bound_kernel_queue(s, wsi);
    c->tokens = SRV_RATE_BURST;
    c->btokens = s->rate_bytes * SRV_RATE_KIB_BURST_S;
    c->refill_ms = srv_now_ms();
    c->heard_ms = c->refill_ms;
    c->opened_ms = c->refill_ms;
    /* its share of the ping time's last quarter: the connections' order
     * of opening, scattered by Knuth's multiplicative hash */
    static uint32_t opened;
    c->ping_early_ms = (int)((uint64_t)(s->ping_ms / 4) * ((++opened * 2654435761u) >> 16) >> 16);
    c->next = s->conns;
    if (s->conns)
        s->conns->prev = c;
    s->conns = c;
    ps->c = c;
    return 0;
}

/* The frames queued, headers and all, as lws' raw bytes: lws sends them
 * as it would its own frames (what the socket does not take now it keeps
 * and sends first); no extension is offered here, so a frame is just its
 * header and its text.  As many as fit in WRITE_MAX go in one write. */
static int send_queued(server *s, struct lws *wsi, conn *c)
{
    msg *m = c->qh;
    if (m->held)
        return 0; /* asked for again when it is let go (srv_held_end) */
    size_t total = m->hlen + m->len;
    msg *last = m;
    while (last->next && !last->next->held &&
           total + last->next->hlen + last->next->len <= WRITE_MAX) {
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
        frame_free(x);
    }
    if (c->qh && !c->qh->held)
        lws_callback_on_writable(wsi);
    return 0;
}

/* LWS_CALLBACK_SERVER_WRITEABLE: one write a callback. */
static int conn_writeable(server *s, struct lws *wsi, conn *c)
{
    if (!c || c->close_now)
        return 0;
    if (c->qh && lws_partial_buffered(wsi)) {
        /* lws still holds part of the last write: the queue waits, so
         * that it, not lws' own buffer, grows past queue_max for a
         * client that does not read */
        lws_callback_on_writable(wsi);
        return 0;
    }
    return c->qh ? send_queued(s, wsi, c) : 0;
}

/* The end of a pass of the loop: every connection given frames in it is
 * written to at once, one write each (replies, updates and clock
 * together).  Asking lws for a writeable callback instead cost, on
 * libuv, two epoll_ctl(2) calls a connection a push and a tenth of the
 * server's time under load (2026-11-28); a socket that takes only part
 * of the write has the rest kept by lws, which writes it when it can.  A
 * ping is a frame of the queue like any other (ping_sweep); a connection
 * closing still goes the old way, from its writeable callback. */
void ad_net_flush(server *s)
{
    while (s->due) {
        conn *c = s->due;
        s->due = c->due_next;
        c->due = 0;
        if (c->close_now || !c->qh || c->qh->held)
            continue;
        if (c->closing || lws_partial_buffered(c->wsi))
            lws_callback_on_writable(c->wsi);
        else if (send_queued(s, c->wsi, c) < 0)
            conn_cut(c);
    }
}

/* Anything from the client (a frame, a pong) shows it is there. */
static void heard(conn *c)
{
    c->heard_ms = srv_now_ms();
    c->pinged = 0;
}

/* The loop was woken (srv_wake, or a signal): what the other threads
 * have for it. */
static void woken(server *s)
{
    ad_http_built(s);
    if (s->l) {
        lobby_worker_answers(s->l);
        if (s->bus)
            lobby_bus_news(s->l);
    }
}

/* lws' one callback: the WebSocket's reasons and the sockets' here, the
 * rest HTTP's (ad_http_callback, which leaves what nobody takes to lws). */
static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    struct lws_vhost *vh = lws_get_vhost(wsi);
    server *s = vh ? lws_vhost_user(vh) : NULL;
    pss *ps = user;
    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
        return conn_open(s, wsi, ps);
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        /* the answer to our close frame (conn_close): the end; -1 makes
         * lws close the socket now, with nothing unread */
        return ps && ps->c && ps->c->closing ? -1 : 0;
    case LWS_CALLBACK_RECEIVE_PONG:
        if (ps && ps->c)
            heard(ps->c);
        break;
    case LWS_CALLBACK_RECEIVE:
        if (ps->c) {
            heard(ps->c);
            frame_in(s, ps->c, in, len, lws_frame_is_binary(wsi),
                     lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi));
        }
        break;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return conn_writeable(s, wsi, ps->c);
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
        if (s)
            woken(s);
        break;
    default:
        return ad_http_callback(wsi, reason, user, in, len);
    }
    return 0;
}

/* lws gives every connection a receive buffer of rx_buffer_size: 256 bytes
 * hold a usual request (an act, a join; a larger frame comes in pieces,
 * which frame_in joins), where lws's default of 4 KiB made up two thirds
 * of an idle connection's memory (5.8 KB of it, 2.2 KB now).  Without tx_packet_size
 * lws sent at most rx_buffer_size (and LWS_PRE and 4) bytes a send(2) and
 * kept the rest for the next writeable callback: a 4-KB update took eight
 * sends, each with a poll between them.  WRITE_MAX: one write, one send. */
const struct lws_protocols ad_net_protocols[] = {
    {"alphadeck", callback, sizeof(pss), 256, 0, NULL, WRITE_MAX},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* ---------------------------------------------------------- start and end */

void ad_net_start(server *s)
{
    ping_sweep(&s->ping_sul); /* and every so often from now on */
}

void ad_net_stop(server *s)
{
    lws_sul_cancel(&s->ping_sul);
}

void ad_net_free(server *s)
{
    free(s->wbuf);
    ad_jw_free(&s->dump);
    for (int k = 0; k < CLASSES; k++)
        while (spare[k]) {
            msg *m = spare[k];
            spare[k] = m->next;
            free(m);
            nspare[k]--;
        }
    s->wbuf = NULL;
}
