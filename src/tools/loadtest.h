/*
 * loadtest.h - the insides of `alphadeck loadtest` (loadtest.c: the
 * command, its options and the server's address; loadtest_net.c: the
 * sockets, the WebSocket frames and the timers, on epoll (poll where there
 * is no epoll); loadtest_play.c: the play; loadtest_report.c: the latency
 * histogram and the report).  One lt a run, on one thread.
 */
#ifndef AD_TOOLS_LOADTEST_H
#define AD_TOOLS_LOADTEST_H

#include <signal.h>
#include <stdint.h>
#include <sys/socket.h>

#include "alphadeck/alphadeck.h"

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
#define LT_FILES_SPARE 64      /* files besides the connections (stdio, the poller) */
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

typedef int64_t lt_usec; /* microseconds on the monotonic clock */

struct lt;
/* A timer in the run's heap (loadtest_net.c): `fn` runs once `due` is past. */
typedef struct lt_timer {
    lt_usec due;
    int32_t at; /* its place in the heap; -1: not scheduled */
    void (*fn)(struct lt *t, struct lt_timer *tm);
} lt_timer;

/* A connection's socket, as loadtest_net.c keeps it. */
enum { NS_NONE, NS_CONNECTING, NS_UPGRADING, NS_OPEN, NS_CLOSING };

typedef struct lt_conn {
    int fd;                       /* its socket; -1: none */
    uint8_t ns;                   /* NS_*: where its socket is */
    uint8_t want_out;             /* the poller is told to wake it for writing */
    lt_timer think;               /* the think time before an act, or a retry's wait */
    unsigned char *out;           /* bytes not yet taken by the socket */
    size_t outn, out_act;         /* ... and where the act among them ends (0: none) */
    unsigned char *rx;            /* bytes in that make no whole frame yet */
    size_t rxn;
    char *msg;                    /* a message arriving in fragments */
    size_t msgn;
    int64_t table;                /* the table it sits at (or is joining); 0: none */
    lt_usec sent_us;              /* when the act in flight left for the socket */
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
    lt_usec refill_us;            /* when it was last refilled (0: never: full) */
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
    lt_conn *c;
    lt_group *g;
    lt_timer tick;
    lt_timer **heap;   /* the timers due soonest first (clients + 1 at most) */
    int nheap;
    int poller;        /* the epoll file (-1 where poll is used) */
    struct sockaddr_storage sa; /* the server's address, and its length */
    socklen_t sa_len;
    struct lt_polled *polled;   /* where poll is used: its array, one a connection */
    lt_usec now;       /* the clock as last read: after each wait and each read */
    lt_usec t0, t_setup, t_run, t_stop, t_phase;
    int phase, next_connect, connecting, unsettled, inflight, leaves, open_now, seated;
    uint64_t rng;
    /* what happened */
    int opened, failed, dropped, held, games;
    uint64_t acks, acks_total;
    uint32_t *hist; /* act -> ack times in µs, log buckets (hist_index) */
    uint64_t hist_n, max_us;
    /* the loop's own turns in the load: from a wait's end to the next
     * wait, in µs, as hist; an answer that came meanwhile waited in its
     * socket, and its time counts that wait (the load client's share of
     * the tail, on a machine it shares with the server) */
    uint32_t *busy;
    uint64_t busy_n, busy_max_us;
    lt_usec woke;     /* when the last wait ended */
    struct { char code[24]; uint64_t n; } codes[LT_CODES];
    int ncodes;
    char first_error[160];
} lt;

/* The latency histogram: below 256 µs a bucket a microsecond; above, 128
 * buckets each doubling, so a quantile read from it is within 0.8% of the
 * true one; 2^41 µs at most. */
#define H_BITS 7
#define H_DIRECT (2u << H_BITS)
#define H_LEN (H_DIRECT + 33u * (1u << H_BITS))

/* Set by SIGINT or SIGTERM: the run drains and ends early. */
extern volatile sig_atomic_t ad_loadtest_interrupted;

/* loadtest_net.c: the clock; timers; a connection started (-1 and
 * t->first_error when it cannot start), a text message sent (is_act: the
 * act's clock starts when its last byte goes to the socket), a close
 * begun; the loop, until t->phase is PH_DONE; everything closed and freed. */
lt_usec ad_loadtest_clock(void);
void ad_loadtest_timer_at(lt *t, lt_timer *tm, lt_usec due, void (*fn)(lt *t, lt_timer *tm));
void ad_loadtest_timer_cancel(lt *t, lt_timer *tm);
int ad_loadtest_connect(lt *t, lt_conn *c);
void ad_loadtest_send(lt *t, lt_conn *c, const char *text, size_t n, int is_act);
void ad_loadtest_close(lt *t, lt_conn *c);
int ad_loadtest_net_start(lt *t);
void ad_loadtest_run(lt *t);
void ad_loadtest_net_end(lt *t);

/* loadtest_play.c, called by loadtest_net.c: a connection's WebSocket is
 * open; a whole text message came (at t->now, read as it came off the
 * socket); it could not connect (why); it closed. */
void ad_loadtest_on_open(lt *t, lt_conn *c);
void ad_loadtest_on_message(lt *t, lt_conn *c, const char *text, size_t n);
void ad_loadtest_on_failed(lt *t, lt_conn *c, const char *why);
void ad_loadtest_on_closed(lt *t, lt_conn *c);
/* the loop's clock: starts the connections, moves the phases, ends the
 * run at PH_DONE */
void ad_loadtest_tick(lt *t, lt_timer *tm);

/* loadtest_report.c: the histogram's bucket of a time in µs; the report,
 * in words or as JSON (--json). */
unsigned ad_loadtest_hist_index(uint64_t us);
void ad_loadtest_report(const lt *t);

#endif
