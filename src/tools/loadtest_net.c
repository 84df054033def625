/*
 * loadtest_net.c - `alphadeck loadtest`'s sockets and timers (loadtest.h).
 * Each connection is a non-blocking TCP socket speaking the client's side
 * of WebSocket (RFC 6455: the upgrade, masked frames out, frames in, pings
 * answered, the closing handshake), all waited on by one epoll set, so a
 * wake-up costs what is ready, not what is open (poll(2) over every socket
 * where there is no epoll, or with -DAD_LOADTEST_POLL); the timers (a think
 * time a connection, and the run's tick) in one binary heap, so a timer
 * costs log n, not a walk of a list.  The clock is read after each read, so
 * an acknowledgement's time is its arrival off the socket, and when an
 * act's last byte went into the socket, so its time starts there.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "loadtest.h"

#if defined(__linux__) && !defined(AD_LOADTEST_POLL)
#include <sys/epoll.h>
#define LT_EPOLL 1
#else
#include <poll.h>
#define LT_EPOLL 0
#endif

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0 /* SIGPIPE is then the signal handlers' business */
#endif

#define LT_MSG_MAX (64u << 20)  /* a message larger than this is the server gone wrong */
#define LT_HEAD_MAX 8192        /* the upgrade's answer, headers and all */
#define LT_READ_ROUNDS 4        /* reads of one socket a wake-up: the others wait no longer */

lt_usec ad_loadtest_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (lt_usec)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* ---------------------------------------------------------- the timers */

static void heap_swap(lt *t, int a, int b)
{
    lt_timer *x = t->heap[a];
    t->heap[a] = t->heap[b];
    t->heap[b] = x;
    t->heap[a]->at = a;
    t->heap[b]->at = b;
}

static void heap_up(lt *t, int i)
{
    while (i > 0 && t->heap[(i - 1) / 2]->due > t->heap[i]->due) {
        heap_swap(t, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static void heap_down(lt *t, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < t->nheap && t->heap[l]->due < t->heap[m]->due)
            m = l;
        if (r < t->nheap && t->heap[r]->due < t->heap[m]->due)
            m = r;
        if (m == i)
            return;
        heap_swap(t, i, m);
        i = m;
    }
}

void ad_loadtest_timer_cancel(lt *t, lt_timer *tm)
{
    int i = tm->at;
    if (i < 0)
        return;
    tm->at = -1;
    int last = --t->nheap;
    if (i == last)
        return;
    t->heap[i] = t->heap[last];
    t->heap[i]->at = i;
    heap_down(t, i);
    heap_up(t, i);
}

void ad_loadtest_timer_at(lt *t, lt_timer *tm, lt_usec due, void (*fn)(lt *t, lt_timer *tm))
{
    ad_loadtest_timer_cancel(t, tm);
    tm->due = due;
    tm->fn = fn;
    tm->at = t->nheap;
    t->heap[t->nheap++] = tm;
    heap_up(t, tm->at);
}

static void run_timers(lt *t)
{
    while (t->nheap && t->heap[0]->due <= t->now && t->phase != PH_DONE) {
        lt_timer *tm = t->heap[0];
        ad_loadtest_timer_cancel(t, tm);
        tm->fn(t, tm);
    }
}

/* ---------------------------------------------------------- the poller */

#if LT_EPOLL
static void poller_set(lt *t, lt_conn *c, int add)
{
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = EPOLLIN | (c->want_out ? EPOLLOUT : 0);
    ev.data.ptr = c;
    epoll_ctl(t->poller, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, c->fd, &ev);
}
#else
struct lt_polled {
    struct pollfd *fds;
    lt_conn **who;
};

static void poller_set(lt *t, lt_conn *c, int add)
{
    (void)t, (void)c, (void)add; /* poll's array is made afresh each wait */
}
#endif

/* Whether the poller should wake c for writing: while bytes wait. */
static void want_out(lt *t, lt_conn *c, int want)
{
    if (c->want_out == want)
        return;
    c->want_out = (uint8_t)want;
    poller_set(t, c, 0);
}

/* c's socket is done: everything it held is freed, and the play told. */
static void gone(lt *t, lt_conn *c, const char *why)
{
    int was = c->ns;
    if (c->fd >= 0)
        close(c->fd); /* leaves the epoll set with it */
    c->fd = -1;
    c->ns = NS_NONE;
    c->want_out = 0;
    free(c->out);
    free(c->rx);
    free(c->msg);
    c->out = c->rx = NULL;
    c->msg = NULL;
    c->outn = c->out_act = c->rxn = c->msgn = 0;
    if (was == NS_CONNECTING || was == NS_UPGRADING)
        ad_loadtest_on_failed(t, c, why);
    else if (was != NS_NONE)
        ad_loadtest_on_closed(t, c);
}

/* ---------------------------------------------------------- bytes out */

/* What the socket takes of c's waiting bytes; the act's clock starts when
 * its last byte is taken. */
static void flush(lt *t, lt_conn *c)
{
    while (c->outn) {
        ssize_t n = send(c->fd, c->out, c->outn, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                gone(t, c, strerror(errno));
            break;
        }
        size_t k = (size_t)n;
        if (c->out_act && k >= c->out_act) {
            c->sent_us = ad_loadtest_clock();
            c->out_act = 0;
        } else if (c->out_act) {
            c->out_act -= k;
        }
        memmove(c->out, c->out + k, c->outn - k);
        c->outn -= k;
    }
    if (c->fd < 0)
        return;
    if (!c->outn) {
        free(c->out);
        c->out = NULL;
    }
    want_out(t, c, c->outn > 0);
}

/* Bytes for c's socket, after those already waiting. */
static void put(lt *t, lt_conn *c, const unsigned char *b, size_t n, int is_act)
{
    unsigned char *o = realloc(c->out, c->outn + n);
    if (!o) {
        gone(t, c, "out of memory");
        return;
    }
    c->out = o;
    memcpy(c->out + c->outn, b, n);
    c->outn += n;
    if (is_act)
        c->out_act = c->outn;
    flush(t, c);
}

static uint32_t next_random(lt *t)
{
    t->rng ^= t->rng << 13;
    t->rng ^= t->rng >> 7;
    t->rng ^= t->rng << 17;
    return (uint32_t)(t->rng >> 32);
}

/* One frame of opcode op, masked as a client's must be. */
static void put_frame(lt *t, lt_conn *c, int op, const void *data, size_t n, int is_act)
{
    unsigned char small[1024], *f = n + 14 <= sizeof small ? small : malloc(n + 14);
    if (!f) {
        gone(t, c, "out of memory");
        return;
    }
    size_t h = 0;
    f[h++] = (unsigned char)(0x80 | op);
    if (n < 126) {
        f[h++] = (unsigned char)(0x80 | n);
    } else if (n < 65536) {
        f[h++] = 0x80 | 126;
        f[h++] = (unsigned char)(n >> 8);
        f[h++] = (unsigned char)n;
    } else {
        f[h++] = 0x80 | 127;
        for (int s = 56; s >= 0; s -= 8)
            f[h++] = (unsigned char)((uint64_t)n >> s);
    }
    uint32_t key = next_random(t);
    unsigned char *mask = f + h;
    memcpy(mask, &key, 4);
    h += 4;
    for (size_t i = 0; i < n; i++)
        f[h + i] = ((const unsigned char *)data)[i] ^ mask[i & 3];
    put(t, c, f, h + n, is_act);
    if (f != small)
        free(f);
}

void ad_loadtest_send(lt *t, lt_conn *c, const char *text, size_t n, int is_act)
{
    if (c->ns == NS_OPEN)
        put_frame(t, c, 0x1, text, n, is_act);
}

void ad_loadtest_close(lt *t, lt_conn *c)
{
    if (c->ns != NS_OPEN)
        return;
    static const unsigned char done[] = {0x03, 0xe8, 'd', 'o', 'n', 'e'}; /* 1000, normal */
    put_frame(t, c, 0x8, done, sizeof done, 0);
    if (c->ns == NS_OPEN)
        c->ns = NS_CLOSING;
}

/* ---------------------------------------------------------- connecting */

static void base64(const unsigned char *in, size_t n, char *out)
{
    static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0) |
                     (i + 2 < n ? in[i + 2] : 0);
        out[o++] = a[v >> 18 & 63];
        out[o++] = a[v >> 12 & 63];
        out[o++] = i + 1 < n ? a[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? a[v & 63] : '=';
    }
    out[o] = 0;
}

/* The TCP connection is up: ask for the WebSocket. */
static void upgrade(lt *t, lt_conn *c)
{
    unsigned char nonce[16];
    for (int i = 0; i < 16; i += 4) {
        uint32_t r = next_random(t);
        memcpy(nonce + i, &r, 4);
    }
    char key[32], req[512];
    base64(nonce, sizeof nonce, key);
    int n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
                     t->path, t->host_header, key);
    c->ns = NS_UPGRADING;
    put(t, c, (const unsigned char *)req, (size_t)n, 0);
}

int ad_loadtest_connect(lt *t, lt_conn *c)
{
    int fd = socket(t->sa.ss_family, SOCK_STREAM, 0);
    if (fd < 0) {
        c->ns = NS_CONNECTING;
        gone(t, c, strerror(errno));
        return -1;
    }
    int one = 1;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    /* a request goes out at once, not behind the last one's TCP ack */
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c->fd = fd;
    c->ns = NS_CONNECTING;
    c->want_out = 1; /* writable: connected, or failed */
    poller_set(t, c, 1);
    if (connect(fd, (const struct sockaddr *)&t->sa, t->sa_len) != 0 && errno != EINPROGRESS) {
        gone(t, c, strerror(errno));
        return -1;
    }
    return 0;
}

/* c was connecting and its socket says how that went. */
static void connected(lt *t, lt_conn *c)
{
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
        err = errno;
    if (err)
        gone(t, c, strerror(err));
    else
        upgrade(t, c);
}

/* ---------------------------------------------------------- bytes in */

/* The upgrade's answer in p[0..n): the bytes it took (0: not all here). */
static size_t answer(lt *t, lt_conn *c, const unsigned char *p, size_t n)
{
    const unsigned char *end = memmem(p, n, "\r\n\r\n", 4);
    if (!end) {
        if (n > LT_HEAD_MAX)
            gone(t, c, "the server's answer to the upgrade has no end");
        return 0;
    }
    if (n < 12 || memcmp(p, "HTTP/1.1 101", 12) != 0) {
        char why[120];
        size_t line = strcspn((const char *)p, "\r");
        snprintf(why, sizeof why, "the server answered the upgrade with \"%.*s\"",
                 (int)(line < 80 ? line : 80), (const char *)p);
        gone(t, c, why);
        return 0;
    }
    c->ns = NS_OPEN;
    ad_loadtest_on_open(t, c);
    return (size_t)(end - p) + 4;
}

/* A text message's part; the whole goes to the play. */
static void message_part(lt *t, lt_conn *c, const unsigned char *d, size_t n, int fin)
{
    if (fin && !c->msg) {
        ad_loadtest_on_message(t, c, (const char *)d, n);
        return;
    }
    char *m = c->msgn + n <= LT_MSG_MAX ? realloc(c->msg, c->msgn + n + 1) : NULL;
    if (!m) {
        gone(t, c, "a message too large");
        return;
    }
    c->msg = m;
    memcpy(c->msg + c->msgn, d, n);
    c->msgn += n;
    if (fin) {
        char *whole = c->msg;
        size_t len = c->msgn;
        c->msg = NULL;
        c->msgn = 0;
        ad_loadtest_on_message(t, c, whole, len);
        free(whole);
    }
}

/* One frame from p[0..n): the bytes it took (0: not all here). */
static size_t frame(lt *t, lt_conn *c, unsigned char *p, size_t n)
{
    if (n < 2)
        return 0;
    int fin = p[0] & 0x80, op = p[0] & 0x0f, masked = p[1] & 0x80;
    uint64_t len = p[1] & 0x7f;
    size_t h = 2;
    if (len >= 126) {
        size_t k = len == 126 ? 2 : 8;
        if (n < h + k)
            return 0;
        len = 0;
        for (size_t i = 0; i < k; i++)
            len = len << 8 | p[h + i];
        h += k;
    }
    if (len > LT_MSG_MAX) {
        gone(t, c, "a frame too large");
        return 0;
    }
    size_t m = h;
    h += masked ? 4 : 0;
    if (n < h + len)
        return 0;
    unsigned char *d = p + h;
    for (size_t i = 0; masked && i < len; i++)
        d[i] ^= p[m + (i & 3)];
    if (op == 0x1 || op == 0x0)
        message_part(t, c, d, (size_t)len, fin);
    else if (op == 0x9 && c->ns == NS_OPEN)
        put_frame(t, c, 0xA, d, (size_t)len, 0);
    else if (op == 0x8) {
        if (c->ns == NS_OPEN) /* the server closes: answer, and it is over */
            put_frame(t, c, 0x8, d, len < 2 ? (size_t)len : 2, 0);
        gone(t, c, "closed by the server");
    }
    return h + (size_t)len;
}

/* Bytes read from c's socket, after any it kept from before. */
static void consume(lt *t, lt_conn *c, unsigned char *p, size_t n)
{
    unsigned char *own = NULL;
    if (c->rxn) {
        own = realloc(c->rx, c->rxn + n);
        if (!own) {
            gone(t, c, "out of memory");
            return;
        }
        memcpy(own + c->rxn, p, n);
        p = own;
        n += c->rxn;
        c->rx = NULL;
        c->rxn = 0;
    }
    size_t used = 0, k = 1;
    if (c->ns == NS_UPGRADING)
        used = answer(t, c, p, n);
    while (k && used < n && (c->ns == NS_OPEN || c->ns == NS_CLOSING)) {
        k = frame(t, c, p + used, n - used);
        used += k;
    }
    if (c->fd >= 0 && used < n) {
        c->rx = malloc(n - used);
        if (c->rx) {
            memcpy(c->rx, p + used, n - used);
            c->rxn = n - used;
        } else {
            gone(t, c, "out of memory");
        }
    }
    free(own);
}

static void readable(lt *t, lt_conn *c)
{
    static unsigned char buf[1 << 16];
    for (int r = 0; r < LT_READ_ROUNDS && c->fd >= 0; r++) {
        ssize_t n = recv(c->fd, buf, sizeof buf, 0);
        if (n > 0) {
            t->now = ad_loadtest_clock(); /* the time these bytes arrived */
            consume(t, c, buf, (size_t)n);
            if ((size_t)n < sizeof buf)
                return;
        } else if (n == 0) {
            gone(t, c, c->ns == NS_CLOSING ? "closed" : "the server closed the connection");
        } else {
            if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                gone(t, c, strerror(errno));
            return;
        }
    }
}

/* What the poller said of c. */
static void ready(lt *t, lt_conn *c, int in, int out)
{
    if (c->fd < 0)
        return;
    if (out && c->ns == NS_CONNECTING)
        connected(t, c);
    else if (out)
        flush(t, c);
    if (in && c->fd >= 0 && c->ns != NS_CONNECTING)
        readable(t, c);
}

/* ---------------------------------------------------------- the loop */

/* The turn of the loop that ends now (it waits next), counted in the
 * load; then the wait. */
static void turn_ends(lt *t)
{
    lt_usec now = ad_loadtest_clock();
    if (t->phase == PH_RUN && t->woke && now >= t->woke) {
        uint64_t us = (uint64_t)(now - t->woke);
        t->busy[ad_loadtest_hist_index(us)]++;
        t->busy_n++;
        if (us > t->busy_max_us)
            t->busy_max_us = us;
    }
}

#if LT_EPOLL
static void wait_once(lt *t, int ms)
{
    struct epoll_event ev[256];
    turn_ends(t);
    int n = epoll_wait(t->poller, ev, 256, ms);
    t->now = t->woke = ad_loadtest_clock();
    for (int i = 0; i < n; i++) {
        uint32_t e = ev[i].events;
        ready(t, ev[i].data.ptr, (e & (EPOLLIN | EPOLLHUP | EPOLLERR)) != 0,
              (e & (EPOLLOUT | EPOLLERR | EPOLLHUP)) != 0);
    }
}
#else
static void wait_once(lt *t, int ms)
{
    nfds_t n = 0;
    for (int i = 0; i < t->clients; i++)
        if (t->c[i].fd >= 0) {
            t->polled->fds[n].fd = t->c[i].fd;
            t->polled->fds[n].events = (short)(POLLIN | (t->c[i].want_out ? POLLOUT : 0));
            t->polled->fds[n].revents = 0;
            t->polled->who[n++] = &t->c[i];
        }
    turn_ends(t);
    int k = poll(t->polled->fds, n, ms);
    t->now = t->woke = ad_loadtest_clock();
    for (nfds_t i = 0; k > 0 && i < n; i++) {
        short e = t->polled->fds[i].revents;
        if (e)
            ready(t, t->polled->who[i], (e & (POLLIN | POLLHUP | POLLERR)) != 0,
                  (e & (POLLOUT | POLLERR | POLLHUP)) != 0);
    }
}
#endif

void ad_loadtest_run(lt *t)
{
    while (t->phase != PH_DONE) {
        t->now = ad_loadtest_clock();
        run_timers(t);
        if (t->phase == PH_DONE)
            break;
        lt_usec wait = t->nheap ? t->heap[0]->due - t->now : 1000000;
        wait_once(t, wait <= 0 ? 0 : (int)((wait + 999) / 1000));
    }
}

/* The server's address (t->address, t->port, read from --url) as a socket's. */
static int server_address(lt *t)
{
    memset(&t->sa, 0, sizeof t->sa);
    struct sockaddr_in *a4 = (struct sockaddr_in *)&t->sa;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&t->sa;
    if (inet_pton(AF_INET, t->address, &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)t->port);
        t->sa_len = sizeof *a4;
    } else if (inet_pton(AF_INET6, t->address, &a6->sin6_addr) == 1) {
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)t->port);
        t->sa_len = sizeof *a6;
    } else {
        return -1;
    }
    return 0;
}

int ad_loadtest_net_start(lt *t)
{
    t->poller = -1;
    t->heap = calloc((size_t)t->clients + 1, sizeof *t->heap);
    if (!t->heap || server_address(t) < 0)
        return -1;
    for (int i = 0; i < t->clients; i++) {
        t->c[i].fd = -1;
        t->c[i].think.at = -1;
    }
    t->tick.at = -1;
#if LT_EPOLL
    t->poller = epoll_create1(EPOLL_CLOEXEC);
    return t->poller < 0 ? -1 : 0;
#else
    t->polled = calloc(1, sizeof *t->polled);
    if (!t->polled)
        return -1;
    t->polled->fds = calloc((size_t)t->clients, sizeof *t->polled->fds);
    t->polled->who = calloc((size_t)t->clients, sizeof *t->polled->who);
    return t->polled->fds && t->polled->who ? 0 : -1;
#endif
}

void ad_loadtest_net_end(lt *t)
{
    for (int i = 0; t->c && i < t->clients; i++) {
        lt_conn *c = &t->c[i];
        if (c->fd >= 0)
            close(c->fd);
        c->fd = -1;
        c->ns = NS_NONE;
        free(c->out);
        free(c->rx);
        free(c->msg);
        c->out = c->rx = NULL;
        c->msg = NULL;
    }
    if (t->poller >= 0)
        close(t->poller);
    t->poller = -1;
#if !LT_EPOLL
    if (t->polled) {
        free(t->polled->fds);
        free(t->polled->who);
        free(t->polled);
        t->polled = NULL;
    }
#endif
    free(t->heap);
    t->heap = NULL;
}
