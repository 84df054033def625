/*
 * server.h - the parts of `alphadeck serve` and how they meet (docs/server.md).
 *
 *   net.c      libwebsockets: the WebSocket at /ws, each connection's send
 *              queue, limits and rate; beside it (net.h) http.c, the HTTP
 *              files and API, loop.c, the loop and its timers, and serve.c
 *   lobby.c    players, tables and the protocol's commands; each table runs
 *              on a director, fed the wall clock through the loop's timers;
 *              actions are stored in one commit per pass of the loop, and
 *              acknowledged and pushed only after it
 *   workers.c  the threads that compute bot decisions off the loop
 *   archive.c  the thread that builds finished games' records and replays
 *              (records_http.c) off the loop, and the answers it keeps
 *   addr_rate.c  the HTTP API's rate limits, by address
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
#define SRV_RATE_KIB 2048              /* KiB a second of replies to one connection's requests
                                        * (--rate-kib) ... */
#define SRV_RATE_KIB_BURST_S 4         /* ... and that many seconds' worth at once */
#define SRV_CONN_PER_ADDR 200          /* connections open from one address, HTTP or WebSocket
                                        * (--connections-per-address; 0: no limit) */
#define SRV_CONN_MAX 0                 /* connections open in all (--max-connections; 0: as
                                        * many as the open-file limit allows) */
#define SRV_FD_RESERVE 64              /* files no connection may take (the database, files
                                        * being served, the loop's own): this many, or an
                                        * eighth of the open-file limit when that is more */
#define SRV_HELLO_S 10                 /* a WebSocket that said no hello by then is closed
                                        * (--hello-seconds) */
#define SRV_CLOSE_WAIT_S 5             /* a connection sent a close frame is cut when it has
                                        * not answered by then */
#define SRV_AWAY_AFTER_S 30            /* a person gone that long: the stand-in plays the
                                        * seat (--away-after) */
#define SRV_PING_S 10                  /* a silent connection is pinged, and dropped when
                                        * nothing came back twice as long (--ping-seconds) */
#define SRV_SLICE_US 300               /* the scheduler's slice the loop's and the commits'
                                        * threads ask for (--slice-us; srv_thread_slice) */
#define SRV_LOG_QUIET_S 10             /* a log line said again within this is counted, and the
                                        * count told once: "... (repeated N times)" */
#define SRV_NAME_MAX 24
#define SRV_SEED_MAX ((UINT64_C(1) << 53) - 1) /* the largest seed a client may choose:
                                                * JavaScript reads no larger integer back */
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
#define SRV_FILL_AFTER_S 20            /* a waiting table found through `quick`: bots take
                                        * its open seats that long after the first person sat
                                        * (--fill-after-seconds) */
#define SRV_REMATCH_S 60                /* a rematch offer stands that long; then silence is
                                        * a no (--rematch-seconds) */
#define SRV_WAITING_EXPIRE_S 600       /* a waiting table nobody sits or looks at closes after
                                        * that long (--waiting-expire-seconds) */
/* What a table that closed before its game began is answered with. */
#define SRV_CLOSED_WORDS "that table closed before its game began: nobody sat at it for a while"
#define SRV_TABLES_PAGE 50             /* tables in one answer to `tables` */
#define SRV_HISTORY 32                 /* a table's last steps kept in memory for sync (the
                                        * rest is read from the store when asked for) */
/* Table talk (talk.c; docs/server.md, "Table talk"): what one person may
 * say, and how often, whichever connection they say it from. */
#define SRV_TALK_CHARS 200             /* a message's characters, at most */
#define SRV_TALK_BURST 5               /* reactions and messages at once (--talk-burst), */
#define SRV_TALK_EVERY_MS 2000         /* ... then one every so often (--talk-every-ms) */
#define SRV_COMMIT_EVERY_MS 5          /* a busy loop's commits at most this often (--commit-every-ms; 0: every pass) */

typedef struct server server;
typedef struct conn conn;
typedef struct table table;

/* net.c, for the lobby: queue a frame for a connection (takes j), and the
 * wall clock in ms (the one clock the server reads; tables are given it). */
void conn_send(conn *c, json_t *j);
/* The same for a frame already written out (one text sent to many). */
void conn_send_text(conn *c, const char *text, size_t len);
int64_t srv_now_ms(void);
/* A table's timer: the loop calls lobby_timer(l, t) when it is due.  A
 * libuv timer on the libuv loop, lws' own on its poll loop (loop.c); the
 * lobby sets l and t, and zeroes the rest before the first srv_timer. */
typedef struct lobby lobby;
typedef struct srv_timer_t {
    server *srv;
    lobby *l;
    table *t;
    struct uv_timer_s *uv;      /* libuv's timer while it is set (NULL: not set) */
    lws_sorted_usec_list_t sul; /* lws' timer, on the poll loop */
} srv_timer_t;
/* Sets tm to fire after delay_ms (replacing when it was set). */
void srv_timer(server *s, srv_timer_t *tm, int64_t delay_ms);
void srv_timer_cancel(srv_timer_t *tm);
/* Wakes the loop from another thread (a worker's answer is waiting). */
void srv_wake(server *s);
/* The calling thread asks the scheduler for a slice of srv_slice_us (0:
 * its own), so that it runs soon after it wakes (loop.c). */
extern int srv_slice_us;
void srv_thread_slice(void);
/* What a commit releases (commit.c): while srv_hold(s, 1), every frame
 * queued is held, written only once srv_held_end(s, 1) or dropped unsent
 * by srv_held_end(s, 0); a frame queued after a held one waits behind it,
 * so each connection's frames keep their order.  One holding at a time. */
void srv_hold(server *s, int on);
void srv_held_end(server *s, int send);

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
void lobby_flush(lobby *l); /* every commit made, acked and pushed (the loop's end) */
/* The end of a pass of the loop: lobby_flush, or, when the last commit
 * was less than lim.commit_every_ms ago, that put off until then: with
 * may_nap, the microseconds the loop is to nap before its next pass (which
 * then waits for nothing and commits), else 0 and a timer ends the pass
 * that commits.  Acts are acknowledged after their commit either way. */
int64_t lobby_pass_end(lobby *l, int may_nap);
/* A pass's start: a commit that ended on its thread taken back (its
 * acknowledgements and updates let go, or refused): 1 when one was, so
 * that the loop writes them before it reads more. */
int lobby_pass_start(lobby *l);
/* The commits on a thread of their own from now on (a single node's; a
 * cluster's node commits on the loop): 0, or -1 when the thread cannot
 * start (they stay on the loop). */
int lobby_commit_thread(lobby *l);
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
    int talk_burst, talk_every_ms; /* table talk: at once, then one every so often */
    int fill_after_s; /* quick's tables: bots take the open seats then (quick.c) */
    int rematch_s;    /* a rematch offer stands this long (rematch.c) */
    int commit_every_ms; /* the group commit's pace while the loop is busy (lobby_pass_end) */
} lobby_limits;
lobby_limits lobby_limits_default(void);
void lobby_set_limits(lobby *l, const lobby_limits *lim);
/* The clock presets a table is made with (lobby.c): a person's turn and
 * challenge answer, in ms (0: untimed), by name; GET /api/games lists them. */
typedef struct srv_clock_preset {
    const char *name;
    int turn_ms, answer_ms;
} srv_clock_preset;
extern const srv_clock_preset ad_clock_presets[];
extern const int ad_clock_presets_n;
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
/* The HTTP API's limits (http.c, archive.c) */
#define SRV_HTTP_RATE_PER_S 20         /* requests a second from one address (--http-rate), */
#define SRV_HTTP_RATE_BURST 100        /* ... and at once (five times --http-rate) */
#define SRV_HTTP_KIB_PER_S 2048        /* KiB of answers a second to one address (--http-kib), */
#define SRV_HTTP_KIB_BURST 32768       /* ... and at once (sixteen times --http-kib) */
#define SRV_CACHE_MIB 32               /* finished games' answers kept (--cache-mib) */

/* records_http.c: GET /api/tables/<id>/record (seat SRV_RECORD) and
 * /replay?seat=S (a finished game step by step, as seat S saw it, AD_GOD:
 * from above: {"length":n,"steps":[{"step","seat","by","action","events",
 * "view"}...]}, each step's events told in words), read through st and
 * touching nothing else shared (any thread may call it with its own
 * store): the HTTP status and the body (caller frees). */
#define SRV_RECORD (-2)
/* step: SRV_NO_STEP, or a step K of the replay, whose answer is the hint
 * seat S could have had then ({"ok","table","seat","step","v","hint"}:
 * GET /api/tables/<id>/hint?seat=S&step=K). */
#define SRV_NO_STEP (-1)
int records_answer(store *st, int64_t id, int seat, int step, char **body);
/* An HTTP answer's body, shared by every request it answers and by the
 * archive's cache; its references are counted on the loop's thread only. */
typedef struct srv_body {
    int refs;
    int status;
    const char *type; /* a constant string */
    const char *cache; /* its Cache-Control, a constant string: "no-store" unless set */
    size_t len;
    char text[];      /* len bytes, and a 0 */
} srv_body;
srv_body *srv_body_new(int status, const char *type, const char *text, size_t len); /* refs 1 */
void srv_body_drop(srv_body *b);
/* archive.c: finished games' records and replays, built on a thread with
 * its own store handle (opened on db) and kept up to cache_bytes.  A
 * request waits in an archive_wait of its own (in its HTTP session). */
typedef struct archive archive;
typedef struct archive_job archive_job;
typedef struct archive_wait {
    struct archive_wait *prev, *next;
    archive_job *job; /* NULL: waits for nothing */
} archive_wait;
archive *archive_new(const char *db, server *s, size_t cache_bytes, ad_err *err);
void archive_free(archive *a);                 /* after the loop has ended */
/* The answer for (table, seat, step) (seat: SRV_RECORD, AD_GOD or a seat;
 * step: SRV_NO_STEP, or a replay step's hint for that seat): 0 with
 * *out (a reference for the caller) when it is kept; 1 when w waits for it
 * (archive_answers hands it over); -1 out of memory.  One build serves
 * every request of the same answer waiting at once. */
int archive_get(archive *a, int64_t table, int seat, int step, archive_wait *w,
                srv_body **out);
/* w's request is gone; a build nobody waits for is dropped when the
 * thread has not started it. */
void archive_cancel(archive_wait *w);
/* Takes what the thread built (the loop calls it when woken): give gets
 * each waiting request with a reference of its own. */
void archive_answers(archive *a, void (*give)(archive_wait *w, srv_body *b));
/* {"cached":entries,"bytes":..,"hits":..,"built":..,"building":..} */
json_t *archive_stats(const archive *a);
/* addr_rate.c: token buckets by address, of requests and of bytes. */
typedef struct rate_spec {
    double per_s, burst;
} rate_spec;
typedef struct addr_rate addr_rate;
addr_rate *addr_rate_new(rate_spec reqs, rate_spec bytes);
void addr_rate_free(addr_rate *r);
int addr_rate_request(addr_rate *r, const char *addr, int64_t now_ms); /* 1: one taken */
/* 1: n bytes taken (a body larger than the whole bucket is let go when the
 * bucket is full); 0: refused */
int addr_rate_send(addr_rate *r, const char *addr, size_t n, int64_t now_ms);
/* api.c: GET /api/rules/<game> (its rules page, Markdown), /api/board/sequence. */
int api_static(const char *path, char **body, const char **type);
/* words_http.c: GET /api/words/<family|full>/<words>, rest after /api/words/. */
int api_words(const char *rest, char **body);
/* talk.c: GET /api/reactions, [{"id","text","emoji"}...] from data/talk/. */
json_t *ad_talk_reactions_json(void);
/* GET /api/games: every game and the facts the browser shows (docs/server.md),
 * built once and cacheable; a reference of the caller's, or NULL. */
srv_body *ad_api_games_body(void);
/* pictures.c: Sequence Letters' pictures (data/pictures/, in the binary).
 * A picture's file by its word ("Ice cream": "ice-cream.svg"; -1 when it
 * does not fit buf); the drawing of a file, or NULL; the answer to GET
 * /api/pictures/<file> (a reference of the caller's), or NULL: none. */
int ad_picture_file(const char *picture, char *buf, size_t len);
const char *ad_picture_text(const char *file);
srv_body *ad_api_picture_body(const char *uri);
/* The per-connection state the lobby keeps (lobby_conn.h): the transport
 * holds it for the lobby, opaque, from the WebSocket's open to its end. */
#define SRV_CONN_TABLES 16 /* tables one connection may sit at or watch at once */
typedef struct conn_lobby conn_lobby;
conn_lobby *conn_state(conn *c);
/* lobby_conn.c, for net.c: a connection's state, made when it opens (route:
 * the table of /ws?table=N, 0 none; addr: its peer's address; NULL: out of
 * memory), whether it said hello, and its end (after lobby_conn_gone). */
conn_lobby *ad_lobby_conn_new(int64_t route, const char *addr);
int ad_lobby_conn_hello(const conn_lobby *cl);
void ad_lobby_conn_free(conn_lobby *cl);

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

/* learn.c: whether game id has a guided first game (GET /api/games says it
 * as `learn`; docs/server.md, "Learn to play") */
int ad_learn_offered(const char *id);

#endif
