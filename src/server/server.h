/*
 * server.h - the parts of `alphadeck serve` and how they meet (docs/server.md).
 *
 *   net.c      libwebsockets: the HTTP files and API, the WebSocket at /ws,
 *              each connection's send queue, limits and rate, the loop
 *   lobby.c    players, tables and the protocol's commands; each table runs
 *              on a director, fed the wall clock through the loop's timers;
 *              actions are stored in one commit per pass of the loop, and
 *              acknowledged and pushed only after it
 *   workers.c  the threads that compute bot decisions off the loop
 *   store*.c   where nothing accepted is ever lost (store.h)
 *
 * One thread runs the loop and owns every table and connection; workers
 * touch only their requests.
 */
#ifndef AD_SERVER_H
#define AD_SERVER_H

#include <stddef.h>
#include <stdint.h>

#include <libwebsockets.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/director.h"
#include "store.h"

#define SRV_FRAME_MAX (16 * 1024)      /* the largest request frame */
#define SRV_QUEUE_KIB 4096             /* KiB queued for one connection, then it is dropped
                                        * (--queue-kib) */
#define SRV_RATE_PER_S 50.0            /* requests a second, sustained */
#define SRV_RATE_BURST 200.0           /* ... and in a burst */
#define SRV_RATE_CLOSE 1000            /* refusals in a row before the connection is closed */
#define SRV_AWAY_AFTER_S 30            /* a person gone that long: the stand-in plays the
                                        * seat (--away-after) */
#define SRV_PING_S 10                  /* a silent connection is pinged, and dropped when
                                        * nothing came back twice as long (--ping-seconds) */
#define SRV_NAME_MAX 24
#define SRV_TABLES_PER_PLAYER 50
/* What one player and one address may hold (docs/server.md, "Limits"), so
 * one client cannot fill the lobby, the store or the bots' threads:
 * tables they made that wait for players, tables they made where bots play
 * alone (in play, no person there who has not left), and new players an
 * address makes (a bucket: a burst, then so many a minute).  A family or a
 * classroom behind one address stays well within them. */
#define SRV_WAITING_PER_PLAYER 10      /* --waiting-per-player */
#define SRV_WAITING_PER_ADDRESS 100    /* --waiting-per-address */
#define SRV_BOT_TABLES_PER_PLAYER 20   /* --bot-tables-per-player */
#define SRV_BOT_TABLES_PER_ADDRESS 40  /* --bot-tables-per-address */
#define SRV_BOT_TABLES 100             /* in all, on this server (--bot-tables) */
#define SRV_NEW_PLAYERS_BURST 60       /* --new-players-burst */
#define SRV_NEW_PLAYERS_PER_MINUTE 20  /* --new-players-per-minute */
#define SRV_WAITING_EXPIRE_S 600       /* a waiting table nobody sits or looks at closes after
                                        * that long (--waiting-expire-seconds) */
#define SRV_TABLES_PAGE 50             /* tables in one answer to `tables` */
#define SRV_HISTORY 32                 /* a table's last steps kept in memory for sync (the
                                        * rest is read from the store when asked for) */

typedef struct server server;
typedef struct conn conn;
typedef struct table table;

/* net.c, for the lobby: queue a frame for a connection (takes j), and the
 * wall clock in ms (the one clock the server reads; tables are given it). */
void conn_send(conn *c, json_t *j);
/* The same for a frame already written out (one text sent to many). */
void conn_send_text(conn *c, const char *text, size_t len);
int64_t srv_now_ms(void);
/* A table's timer: the loop calls lobby_timer(l, t) when it is due.  The
 * timers live in a heap of net.c's (heap_i: its place there plus one, 0
 * when not set), not in lws' own sorted list, whose every insertion walks
 * it: with thousands of tables that walk was most of the server's time. */
typedef struct lobby lobby;
typedef struct srv_timer_t {
    int64_t due_us; /* on lws' clock (lws_now_usecs) */
    int heap_i;
    server *srv;
    lobby *l;
    table *t;
} srv_timer_t;
/* Sets tm to fire after delay_ms (replacing when it was set). */
void srv_timer(server *s, srv_timer_t *tm, int64_t delay_ms);
void srv_timer_cancel(srv_timer_t *tm);
/* Wakes the loop from another thread (a worker's answer is waiting). */
void srv_wake(server *s);

/* lobby.c, for net.c */
lobby *lobby_new(server *s, store *st, int workers, ad_err *err);
void lobby_free(lobby *l);
void lobby_quiesce(lobby *l);                     /* stops every timer (before the loop ends) */
int lobby_resume(lobby *l, ad_err *err);         /* every unfinished table, from the store */
void lobby_request(lobby *l, conn *c, const char *text, size_t len); /* one text frame */
void lobby_refuse(conn *c, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same for a whole frame refused unread (rate_limited): with its rid. */
void lobby_refuse_frame(conn *c, const char *text, size_t len, const char *code,
                        const char *words);
void lobby_conn_gone(lobby *l, conn *c);          /* before c is freed */
void lobby_flush(lobby *l);                       /* end of a pass: commit, ack, push */
void lobby_worker_answers(lobby *l);              /* take the workers' answers */
void lobby_timer(lobby *l, table *t);
/* How long a person may be gone from a game in play before the stand-in
 * plays their seat (SRV_AWAY_AFTER_S by default). */
void lobby_set_away_after(lobby *l, int64_t ms);
/* The limits above, as `alphadeck serve`'s options set them. */
typedef struct lobby_limits {
    int waiting_per_player, waiting_per_address;
    int bot_tables_per_player, bot_tables_per_address, bot_tables;
    int new_players_burst, new_players_per_minute;
    int waiting_expire_s;
} lobby_limits;
lobby_limits lobby_limits_default(void);
void lobby_set_limits(lobby *l, const lobby_limits *lim);
/* Makes this server node `node` of a cluster on its PostgreSQL store,
 * hearing the other nodes through b (bus.c); lobby_bus_news takes what
 * they said. */
typedef struct bus bus;
int lobby_cluster(lobby *l, const char *node, bus *b, ad_err *err);
void lobby_bus_news(lobby *l);
/* A refusal as JSON text, {"ok":false,"error":..,"code":..}, for an HTTP
 * answer's body (caller frees). */
char *srv_refusal_text(const char *code, const char *text);
/* GET /api/stats: the tables held in memory, by status, and the memory the
 * server holds, as JSON text {"tables":{"waiting":..,"playing":..,"over":..},
 * "memory":{"heap_kib":..,"rss_kib":..}} (caller frees). */
char *lobby_stats(lobby *l);
/* GET /api/tables/<id>/record: the HTTP status and the body (caller frees). */
int lobby_record(lobby *l, int64_t id, char **body);
/* GET /api/tables/<id>/replay?seat=S: a finished game step by step, as seat
 * S saw it (none: from above): {"length":n,"steps":[{"step","seat","by",
 * "action","events","view"}...]}, each step's events told in words. */
int lobby_replay(lobby *l, int64_t id, int seat, char **body);
/* api.c: GET /api/games (the games, their options and bot levels),
 * /api/rules/<game> (its rules page, Markdown), /api/board/sequence. */
int api_static(const char *path, char **body, const char **type);
/* The per-connection state the lobby keeps (in conn). */
#define SRV_CONN_TABLES 16 /* tables one connection may sit at or watch at once */
typedef struct conn_lobby {
    int64_t player;              /* 0 before hello */
    char *name;                  /* up to 24 characters of UTF-8 (malloc'd; NULL before hello) */
    table **at;                  /* the tables it joined or watches (malloc'd, grown as it joins: */
    int nat, cat;                /* most sit at one), at most SRV_CONN_TABLES */
    int64_t route;               /* the table of /ws?table=N, which HAProxy routes by; 0 none */
    char addr[64];               /* the peer's address as text (an IP), set by net.c when it
                                  * connects: the limits of one address count by it */
} conn_lobby;
conn_lobby *conn_state(conn *c);

/* workers.c: a pool computing bot requests; answers come back through
 * workers_take on the loop's thread. */
typedef struct workers workers;
typedef struct worker_job {
    int64_t table;
    uint64_t gen;                /* the table's generation when asked */
    int people;                  /* a person sits at the table and is here: this job goes
                                  * before those of tables of bots alone */
    ad_bot_request rq;
    ad_bot_answer ans;
} worker_job;
workers *workers_new(int n, server *s);
void workers_free(workers *w);
void workers_submit(workers *w, worker_job *job);     /* takes job (malloc'd) */
worker_job *workers_take(workers *w);                 /* a finished job, or NULL */

#endif
