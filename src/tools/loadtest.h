/*
 * loadtest.h - the insides of `alphadeck loadtest` (loadtest.c: the
 * command, its options and the server's address; loadtest_play.c: the
 * connections and the play, on one libwebsockets context; loadtest_report.c:
 * the latency histogram and the report).  One lt a run, on one thread.
 */
#ifndef AD_TOOLS_LOADTEST_H
#define AD_TOOLS_LOADTEST_H

#include <signal.h>
#include <stdint.h>

#include <libwebsockets.h>

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

/* The latency histogram: below 256 µs a bucket a microsecond; above, 128
 * buckets each doubling, so a quantile read from it is within 0.8% of the
 * true one; 2^41 µs at most. */
#define H_BITS 7
#define H_DIRECT (2u << H_BITS)
#define H_LEN (H_DIRECT + 33u * (1u << H_BITS))

/* Set by SIGINT or SIGTERM: the run drains and ends early. */
extern volatile sig_atomic_t ad_loadtest_interrupted;

/* loadtest_play.c: the one protocol of the context (its callback plays),
 * the loop's clock (starts the connections, moves the phases, ends the run
 * at PH_DONE), and a connection's frames freed. */
extern const struct lws_protocols ad_loadtest_protocols[];
void ad_loadtest_tick(lws_sorted_usec_list_t *sul);
void ad_loadtest_free_queue(lt_conn *c);

/* loadtest_report.c: the histogram's bucket of a time in µs; the report,
 * in words or as JSON (--json). */
unsigned ad_loadtest_hist_index(uint64_t us);
void ad_loadtest_report(const lt *t);

#endif
