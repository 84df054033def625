/*
 * net.h - what the network side of `alphadeck serve` shares: the server
 * (one a process, owned by the loop's thread) and the calls between its
 * files (server.h is how the network side meets the lobby and the rest).
 *
 *   net.c    the transport: each WebSocket's frames in and out, its send
 *            queue, rate and limits; connections counted by address; the
 *            sweep that pings silent connections; lws' one callback
 *   http.c   HTTP: whom the server answers for, the security headers, the
 *            API's answers (a piece a writeable callback), the files' filter
 *   loop.c   the loop (libuv when lws runs on it, else lws' poll), its
 *            timers, and the signals that end it
 *   log.c    lws' log, a line said again and again counted, not repeated
 *   serve.c  `alphadeck serve`: its options, start-up and the one teardown
 */
#ifndef AD_NET_H
#define AD_NET_H

#include <uv.h>

#include "bus.h"
#include "core/jsonw.h"
#include "server.h"

#define PEER_BUCKETS 4096 /* the chains of connections by address (net.c) */
typedef struct peer peer;
typedef struct http_req http_req;

struct server {
    /* the loop (loop.c) */
    struct lws_context *ctx;
    struct lws_vhost *vh;
    uv_loop_t loop;      /* the loop, when lws runs on libuv (uv: 1) */
    int uv;
    int napped; /* the last pass ended in a nap: the next takes what came, without waiting */
    uv_timer_t *spare;   /* libuv timers no srv_timer_t holds now, for the next set */
    int timers_off;      /* the loop is ending: no timer is set any more */
    int woken;           /* a timer fired in this pass of the poll loop, which is woken */
    /* the parts it serves */
    lobby *l;
    bus *bus; /* a node of a cluster: what the other nodes say */
    /* the transport (net.c) */
    conn *conns;
    conn *due;                       /* those given frames in this pass (ad_net_flush) */
    int holding;                     /* frames queued now are held (srv_hold) */
    conn *held;                      /* the connections holding some (srv_held_end) */
    size_t queue_max;                /* bytes queued for one connection before it is dropped */
    int64_t ping_ms;                 /* a silent connection is pinged after this */
    lws_sorted_usec_list_t ping_sul; /* the sweep that pings and drops */
    conn *sweep_at;                  /* where its next step begins (NULL: at the first) */
    unsigned char *wbuf;             /* where a connection's queued frames are put */
    size_t wcap;                     /* together for one write (WRITE_MAX at most) */
    ad_jw dump;                      /* conn_send's text (a buffer kept) */
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
    /* HTTP (http.c) */
    char origins[8][256];
    int norigins;
    const char *host; /* what it listens on (--host), */
    int kind;         /* what that is (LISTEN_*, http.c), */
    long port;        /* and its port: whom it answers for */
    archive *arch;    /* finished games' records and replays, off the loop */
    addr_rate *rate;  /* the HTTP API's requests and bytes, by address */
    double http_rate; /* ... its requests a second */
    unsigned char *piece; /* an HTTP answer's piece, after LWS_PRE bytes */
};

/* lws' session of a connection: a WebSocket's conn, or an HTTP request
 * and its answer (http.c) */
typedef struct pss {
    conn *c;
    http_req *h;
    int64_t route; /* the upgrade's ?table=N, read while its headers are there */
} pss;

/* net.c: the protocol lws serves (its callback takes every reason and
 * hands HTTP's to http.c); the ping sweep, started once the server is up,
 * and the transport's end (after the loop's). */
extern const struct lws_protocols ad_net_protocols[];
void ad_net_start(server *s);
void ad_net_stop(server *s);  /* the sweep (before the loop ends) */
void ad_net_free(server *s);  /* its buffers (after) */
void ad_net_flush(server *s); /* the frames queued in a pass, written at its end */

/* http.c: the reasons of lws' callback that are HTTP's (and those nobody
 * takes: lws' own defaults); the API's limits and archive; the answers
 * the archive's thread built, handed to the requests waiting for them. */
int ad_http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                     size_t len);
int ad_http_setup(server *s, const char *db, unsigned long long rate, unsigned long long kib,
                  unsigned long long cache_mib, ad_err *err);
void ad_http_end(server *s);
void ad_http_built(server *s);

/* loop.c: lws' context on libuv, or on lws' poll loop (ALPHADECK_LOOP);
 * SIGINT and SIGTERM end the loop (caught from ad_loop_signals on); the
 * loop's passes, each ended by the lobby's commit; the timers stopped and
 * the context destroyed (every connection closed), in that order. */
struct lws_context *ad_loop_context(server *s, struct lws_context_creation_info *info, int level);
void ad_loop_signals(server *s);
void ad_loop_run(server *s);
/* Ends the loop's nap, if it naps (srv_wake, from any thread). */
void ad_loop_nap_wake(void);
void ad_timers_stop(server *s);
void ad_loop_end(server *s);

/* log.c: lws' log lines (lws_set_log_level's emitter), and the counts of
 * lines said again: of those quiet long enough, or all (at the end). */
void ad_srv_log_emit(int level, const char *line);
void ad_srv_log_flush(int all);

#endif
