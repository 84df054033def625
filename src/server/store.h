/*
 * store.h - where the server keeps what must never be lost: players (a
 * name and the hash of their token), tables (the engine's `new` request,
 * who sits where, the clock) and the append-only action log keyed by
 * (table, v), one action per version and no gap.  One small interface
 * with two back ends behind it (store.c picks one, and holds the schema
 * both share): store_sqlite.c, the embedded default, and store_pg.c.
 * Only store.c and the back ends see store_backend.h.
 *
 * Durability: an action is acknowledged only after store_commit returned 0
 * for the transaction that holds it.  The server appends every action of
 * one pass of its loop between one store_begin and one store_commit (group
 * commit), so a disk sync is paid once for all of them.
 */
#ifndef AD_SERVER_STORE_H
#define AD_SERVER_STORE_H

#include <stdint.h>

#include "alphadeck/alphadeck.h"

typedef struct store store;

/* A table's status, as stored.  EXPIRED: it waited for players too long
 * with nobody at it and closed before its game began (docs/server.md). */
enum { TABLE_WAITING = 0, TABLE_PLAYING = 1, TABLE_OVER = 2, TABLE_EXPIRED = 3 };

/* One stored table, as store_tables hands it over (strings owned by the
 * store, valid during the callback). */
typedef struct store_table {
    int64_t id;
    const char *new_req; /* the engine's `new` request, as JSON */
    const char *meta;    /* the server's own: seats, clock, bot pause (JSON) */
    int status;          /* TABLE_* */
    int64_t created_ms, started_ms;
} store_table;

/* Opens (creating its tables when missing) the store at `where`: a
 * postgres:// or postgresql:// URL for PostgreSQL, else a file name for
 * SQLite.  NULL with err set (code AD_E_IO) when it cannot; the message
 * never shows a password from the URL. */
store *store_open(const char *where, ad_err *err);
void store_close(store *s);
/* 0 when the store can be written, else -1 with err saying why (a file or
 * a database the server may only read opens and reads like any other, and
 * would fail only at the first commit): a write tried in a transaction
 * that is rolled back. */
int store_writable(store *s, ad_err *err);

/* Players.  store_player_new makes one with that name and token hash;
 * store_player_find looks a hash up (0 found, 1 not found, -1 error) and
 * renames the player to `name` when found. */
int store_player_new(store *s, const char *name, const uint8_t hash[32], int64_t *id, ad_err *err);
int store_player_find(store *s, const uint8_t hash[32], const char *name, int64_t *id,
                      ad_err *err);

/* Tables: a new one (its id out), and its changing part (meta, status,
 * started_ms), written at once in a transaction of its own. */
int store_table_new(store *s, const char *new_req, const char *meta, int status,
                    int64_t created_ms, int64_t *id, ad_err *err);
int store_table_update(store *s, int64_t id, const char *meta, int status, int64_t started_ms,
                       ad_err *err);
/* Calls fn for each stored table of status `status` (-1: all), oldest
 * first.  fn returns 0 to go on, non-zero to stop.  Returns -1 on error. */
int store_tables(store *s, int status, int (*fn)(void *ctx, const store_table *t), void *ctx,
                 ad_err *err);
/* One table by id: 0 found (fn called), 1 not found, -1 error. */
int store_table_get(store *s, int64_t id, int (*fn)(void *ctx, const store_table *t), void *ctx,
                    ad_err *err);

/* The action log.  Between store_begin and store_commit, store_append adds
 * the action that makes table `id` version v (1 for the game's first; any
 * other only right after the last stored, never twice).  store_commit
 * makes them durable; when it fails nothing of the transaction is kept
 * (it is rolled back) and err says why.  A failed append may show only
 * at store_commit (PostgreSQL reads a pass's results back there); after
 * an append that failed, store_rollback ends the transaction. */
int store_begin(store *s, ad_err *err);
int store_append(store *s, int64_t id, uint32_t v, int seat, const char *action, int by,
                 int64_t at_ms, ad_err *err);
int store_commit(store *s, ad_err *err);
void store_rollback(store *s);
/* A table's actions in order, as a JSON array of {"seat","action"[,"by"],"at_ms"};
 * NULL with err set on error. */
json_t *store_actions(store *s, int64_t id, ad_err *err);
/* How many times store_append read the log to check that an action follows
 * it (SQLite; -1 where it is not counted, PostgreSQL checks inside its
 * INSERT).  The SQLite store knows without a read the last version of a
 * table it made, committed or appended in the open transaction itself,
 * while no other opening of the file committed since its last look
 * (issue 33: the check was a twentieth of the commit's time). */
long long ad_store_log_reads(store *s);
/* The copies of the SQLite store's WAL into its database file (its
 * checkpoints) made by a thread of the store's own, beside the commits,
 * not by the commit that fills the WAL (store_sqlite.c says how): 0 when
 * the thread runs, 1 where the store has no WAL (PostgreSQL), -1 with err
 * set when it could not start (the commits checkpoint as before).  Once
 * for a store; store_close stops it. */
int store_checkpointer(store *s, ad_err *err);
/* How many times that thread copied the WAL (-1: it does not run). */
long long ad_store_checkpoints(store *s);
/* How many writes the SQLite stores of this process made to their WAL
 * files: a commit's frames go in one write of up to 120 KiB (store_wal.c),
 * where SQLite alone made two a page. */
long long ad_store_wal_writes(void);
/* How many times they synced a WAL file, and (in *data_only, if not
 * NULL) how many of those wrote only a commit's pages and flushed the
 * disk, with no metadata: a commit that overwrote bytes of the WAL
 * already on disk, on ext4 without a journal (store_wal.c). */
long long ad_store_wal_syncs(long long *data_only);

/*
 * Several nodes on one store (PostgreSQL only; docs/deploy.md).  A node
 * names itself once (store_set_node); from then on every action it
 * appends carries its name, and an append to a table whose lease is not
 * this node's (lapsed, or taken over) fails the pass: a table is written
 * by one node at a time, whatever the clocks or a paused process do.
 * Times are the wall clock in ms.
 *
 * store_lease_take: 0 when this node holds table id's lease until until_ms
 * now (it was free, lapsed before now_ms, or already its own), 1 when
 * another node holds it, -1 on error.  store_lease_renew moves every lease
 * this node still holds (not lapsed by now_ms) to until_ms and calls fn
 * with each such table; a table it does not name is no longer this
 * node's.  store_lease_drop gives one up; store_lease_give hands it to
 * node `to` until until_ms (when it is still this node's), so no third
 * node can take it between.  store_lapsed calls fn with each
 * table in play whose lease lapsed before now_ms or that has none (a dead
 * node's).  store_notify tells every node listening (bus.c) a short text:
 * inside a pass (between store_begin and store_commit) only if it commits.
 */
int store_set_node(store *s, const char *node, ad_err *err);

/* store_claim: this process is the server (or, once named, the node) that
 * writes the store from now on; called once, before it reads its tables
 * back.  A server killed with its pass sent may still have that pass
 * committed after it died, by the database's side of its connection: on
 * PostgreSQL the claim is a lock each session of that server holds, and
 * it waits (up to 8 s) for the dead one's session to end, so what is read
 * back is what that session committed.  0 when claimed; 1 when a session
 * of that name still holds it after the wait (a second server on the same
 * database, or one the network cut off: the caller says so and goes on);
 * -1 on error.  On SQLite a dead process's commit is whole or absent: 0. */
int store_claim(store *s, ad_err *err);
int store_lease_take(store *s, int64_t id, int64_t now_ms, int64_t until_ms, ad_err *err);
int store_lease_renew(store *s, int64_t now_ms, int64_t until_ms,
                      int (*fn)(void *ctx, int64_t id), void *ctx, ad_err *err);
int store_lease_drop(store *s, int64_t id, ad_err *err);
int store_lease_give(store *s, int64_t id, const char *to, int64_t until_ms, ad_err *err);
int store_lapsed(store *s, int64_t now_ms, int (*fn)(void *ctx, int64_t id), void *ctx,
                 ad_err *err);
int store_notify(store *s, const char *payload, ad_err *err);

#endif
