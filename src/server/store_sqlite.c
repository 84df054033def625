/*
 * store_sqlite.c - the store (store.h) on SQLite, the embedded default:
 * one database file in WAL mode with synchronous=FULL, so a committed
 * transaction survives a crash or a power cut (its WAL written through
 * store_wal.c's VFS: a commit's frames in one write).  The schema is store.c's;
 * this file spells SQLite's words for it and runs the statements.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store_backend.h"

/* How many tables' last stored versions a store remembers (a table's slot:
 * its id modulo this); a table not remembered is looked up, as before. */
#define KNOWN_SLOTS 4096

/* Table `id` holds its versions 1 to v in the log (id 0: the slot is empty). */
typedef struct known_v {
    int64_t id;
    uint32_t v;
} known_v;

typedef struct sqlite_store {
    store base;
    sqlite3 *db;
    char *where; /* the file, as messages name it */
    sqlite3_stmt *append, *follows, *player_find, *player_rename, *player_new, *table_new, *table_update,
        *actions, *tables_all, *tables_status, *table_get;
    /* the pass's transaction, prepared once: sqlite3_exec parsed its text
     * each time, and the parser's large block was a tenth of the server's
     * mallocs at 10,000 connections */
    sqlite3_stmt *begin, *commit, *rollback;
    int in_tx;
    /* The `follows` check vouched for without a read: the log only grows
     * (nothing deletes an action) and has no gap, so once versions 1 to v
     * of a table were committed, any v' <= v is stored for good.  `known`
     * is what committed transactions stored; `tx` what the open one
     * appended, in order (moved to `known` at its commit, dropped at its
     * rollback). */
    known_v known[KNOWN_SLOTS];
    known_v *tx;
    size_t ntx, ctx;
    long long log_reads; /* the `follows` lookups the log was read for */
} sqlite_store;

static const store_dialect dialect = {
    .id = "INTEGER PRIMARY KEY", /* the rowid itself */
    .bytes = "BLOB",
    .keyed = " WITHOUT ROWID",
};

static sqlite_store *lite(store *s)
{
    return (sqlite_store *)s;
}

static int db_fail(sqlite_store *q, ad_err *err, const char *what)
{
    return ad_err_set(err, AD_E_IO, "the database could not %s: %s", what, sqlite3_errmsg(q->db));
}

static int prep(sqlite_store *q, sqlite3_stmt **st, const char *sql, ad_err *err)
{
    if (sqlite3_prepare_v3(q->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK)
        return db_fail(q, err, "prepare a statement");
    return 0;
}

static void lite_close(store *s)
{
    sqlite_store *q = lite(s);
    sqlite3_stmt *all[] = {q->append,       q->follows,     q->player_find, q->player_rename, q->player_new,
                           q->table_new,    q->table_update, q->actions,      q->tables_all,
                           q->tables_status, q->table_get,   q->begin,        q->commit,
                           q->rollback};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        sqlite3_finalize(all[i]);
    sqlite3_close(q->db);
    free(q->tx);
    free(q->where);
    free(q);
}

static int lite_exec(store *s, const char *sql, ad_err *err)
{
    sqlite_store *q = lite(s);
    char *msg = NULL;
    if (sqlite3_exec(q->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        ad_err_set(err, AD_E_IO, "%s", msg ? msg : sqlite3_errmsg(q->db));
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

static int lite_version(store *s, int *v, ad_err *err)
{
    sqlite_store *q = lite(s);
    sqlite3_stmt *st = NULL;
    *v = 0;
    if (sqlite3_prepare_v2(q->db, "SELECT max(v) FROM schema_version", -1, &st, NULL) !=
        SQLITE_OK)
        return db_fail(q, err, "read its schema version");
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *v = sqlite3_column_int(st, 0); /* NULL (no row) reads as 0 */
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : db_fail(q, err, "read its schema version");
}

/* SQLite opens a file it may not write (its mode, its folder's, a
 * read-only mount) read-only, and says so; a lock another writer holds is
 * found by taking the write lock and writing a row as it is. */
static int lite_writable(store *s, ad_err *err)
{
    sqlite_store *q = lite(s);
    const char *where = q->where ? q->where : "";
    if (sqlite3_db_readonly(q->db, "main") == 1)
        return ad_err_set(err, AD_E_IO,
                          "the database %s cannot be written: it was opened read-only (the "
                          "file, or the folder it is in, is not writable by this user)",
                          where);
    ad_err why, ignored;
    int rc = lite_exec(s, "BEGIN IMMEDIATE; UPDATE schema_version SET v = v;", &why);
    if (sqlite3_get_autocommit(q->db) == 0)
        lite_exec(s, "ROLLBACK", &ignored);
    if (rc < 0)
        return ad_err_set(err, AD_E_IO, "the database %s cannot be written: %s", where,
                          why.text);
    return 0;
}

static int prepare_all(sqlite_store *q, ad_err *err)
{
    /* an action is stored only as the one after the table's last stored
     * (or as its first): the log has no gap, whatever a caller does.  Two
     * statements, the check and the insert: one INSERT ... SELECT reading
     * the table it writes made SQLite build a temporary table for every
     * action stored */
    return prep(q, &q->follows, "SELECT 1 FROM actions WHERE table_id=?1 AND v=?2", err) ||
           prep(q, &q->append,
                "INSERT INTO actions(table_id,v,seat,action,by,at_ms) VALUES(?1,?2,?3,?4,?5,?6)",
                err) ||
           prep(q, &q->player_find, "SELECT id FROM players WHERE token_hash=?", err) ||
           prep(q, &q->player_rename, "UPDATE players SET name=? WHERE id=?", err) ||
           prep(q, &q->player_new,
                "INSERT INTO players(name,token_hash,created_ms) VALUES(?,?,?)", err) ||
           prep(q, &q->table_new,
                "INSERT INTO tables(new_req,meta,status,created_ms) VALUES(?,?,?,?)", err) ||
           prep(q, &q->table_update,
                "UPDATE tables SET meta=?,status=?,started_ms=? WHERE id=?", err) ||
           prep(q, &q->actions,
                "SELECT seat,action,by,at_ms FROM actions WHERE table_id=? ORDER BY v", err) ||
           prep(q, &q->tables_all,
                "SELECT id,new_req,meta,status,created_ms,started_ms FROM tables ORDER BY id",
                err) ||
           prep(q, &q->tables_status,
                "SELECT id,new_req,meta,status,created_ms,started_ms FROM tables WHERE status=? "
                "ORDER BY id",
                err) ||
           prep(q, &q->table_get,
                "SELECT id,new_req,meta,status,created_ms,started_ms FROM tables WHERE id=?",
                err) ||
           prep(q, &q->begin, "BEGIN IMMEDIATE", err) || prep(q, &q->commit, "COMMIT", err) ||
           prep(q, &q->rollback, "ROLLBACK", err);
}

static const store_ops lite_ops;

/* WAL, every commit on disk before it returns (FULL), and the WAL copied
 * into the database file (a checkpoint: each page changed since, written
 * once, and two fsyncs) once it holds WAL_PAGES pages, not SQLite's 1,000:
 * the server's commits rewrite the same pages (each table's last leaf of
 * the log), so a checkpoint every 4,000 writes each of them once for four
 * times the commits (bench/store-cost.c,
 * bench/notes/2026-11-28-p2-store-cost.md).  The cost: a WAL of up to 16 MB
 * at 4 KiB pages on disk (reused, not truncated), read through once when
 * the server starts after a crash (some 13 ms).  FULL is also what
 * store_wal.c stands on: it writes a commit's frames at the sync, and
 * with a lower setting SQLite would publish frames it never synced (so
 * never wrote) to other openings of the file. */
#define WAL_PAGES "4000"
#define WAL_SETUP                                                                          \
    "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; "           \
    "PRAGMA wal_autocheckpoint=" WAL_PAGES ";"

store *store_sqlite_open(const char *where, ad_err *err)
{
    sqlite_store *q = calloc(1, sizeof *q);
    if (!q) {
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    q->base.ops = &lite_ops;
    q->where = strdup(where);
    if (sqlite3_open_v2(where, &q->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                        ad_store_wal_vfs()) !=
        SQLITE_OK) {
        ad_err_set(err, AD_E_IO, "cannot open the database %s: %s", where,
                   q->db ? sqlite3_errmsg(q->db) : "out of memory");
        lite_close(&q->base);
        return NULL;
    }
    /* a locked database is waited for a little, then refused (never hangs the loop long) */
    sqlite3_busy_timeout(q->db, 200);
    ad_err why;
    if (lite_exec(&q->base, WAL_SETUP, &why) < 0) {
        ad_err_set(err, AD_E_IO, "cannot set up the database %s: %s", where, why.text);
        lite_close(&q->base);
        return NULL;
    }
    if (store_migrate(&q->base, &dialect, where, err) < 0 || prepare_all(q, err)) {
        lite_close(&q->base);
        return NULL;
    }
    return &q->base;
}

/* Runs a prepared statement that returns no row, and resets it. */
static int run(sqlite_store *q, sqlite3_stmt *st, ad_err *err, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return db_fail(q, err, what);
    return 0;
}

static int lite_player_new(store *s, const char *name, const uint8_t hash[32], int64_t now_ms,
                           int64_t *id, ad_err *err)
{
    sqlite_store *q = lite(s);
    sqlite3_bind_text(q->player_new, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_blob(q->player_new, 2, hash, 32, SQLITE_TRANSIENT);
    sqlite3_bind_int64(q->player_new, 3, now_ms);
    if (run(q, q->player_new, err, "store a new player") < 0)
        return -1;
    *id = sqlite3_last_insert_rowid(q->db);
    return 0;
}

static int lite_player_find(store *s, const uint8_t hash[32], const char *name, int64_t *id,
                            ad_err *err)
{
    sqlite_store *q = lite(s);
    sqlite3_bind_blob(q->player_find, 1, hash, 32, SQLITE_TRANSIENT);
    int rc = sqlite3_step(q->player_find);
    if (rc == SQLITE_ROW)
        *id = sqlite3_column_int64(q->player_find, 0);
    sqlite3_reset(q->player_find);
    sqlite3_clear_bindings(q->player_find);
    if (rc == SQLITE_DONE)
        return 1;
    if (rc != SQLITE_ROW)
        return db_fail(q, err, "look a player up");
    sqlite3_bind_text(q->player_rename, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(q->player_rename, 2, *id);
    return run(q, q->player_rename, err, "rename a player");
}

static int lite_table_new(store *s, const char *new_req, const char *meta, int status,
                          int64_t created_ms, int64_t *id, ad_err *err)
{
    sqlite_store *q = lite(s);
    sqlite3_bind_text(q->table_new, 1, new_req, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q->table_new, 2, meta, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q->table_new, 3, status);
    sqlite3_bind_int64(q->table_new, 4, created_ms);
    if (run(q, q->table_new, err, "store a new table") < 0)
        return -1;
    *id = sqlite3_last_insert_rowid(q->db);
    return 0;
}

static int lite_table_update(store *s, int64_t id, const char *meta, int status,
                             int64_t started_ms, ad_err *err)
{
    sqlite_store *q = lite(s);
    sqlite3_bind_text(q->table_update, 1, meta, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q->table_update, 2, status);
    sqlite3_bind_int64(q->table_update, 3, started_ms);
    sqlite3_bind_int64(q->table_update, 4, id);
    return run(q, q->table_update, err, "update a table");
}

static int each_table(sqlite_store *q, sqlite3_stmt *st, int (*fn)(void *, const store_table *),
                      void *ctx, int *found, ad_err *err)
{
    int rc;
    *found = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_table t = {
            .id = sqlite3_column_int64(st, 0),
            .new_req = (const char *)sqlite3_column_text(st, 1),
            .meta = (const char *)sqlite3_column_text(st, 2),
            .status = sqlite3_column_int(st, 3),
            .created_ms = sqlite3_column_int64(st, 4),
            .started_ms = sqlite3_column_int64(st, 5),
        };
        (*found)++;
        if (fn(ctx, &t))
            break;
    }
    int ok = rc == SQLITE_ROW || rc == SQLITE_DONE;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return ok ? 0 : db_fail(q, err, "read the tables");
}

static int lite_tables(store *s, int status, int (*fn)(void *ctx, const store_table *t),
                       void *ctx, ad_err *err)
{
    sqlite_store *q = lite(s);
    int found;
    sqlite3_stmt *st = status < 0 ? q->tables_all : q->tables_status;
    if (status >= 0)
        sqlite3_bind_int(st, 1, status);
    return each_table(q, st, fn, ctx, &found, err);
}

static int lite_table_get(store *s, int64_t id, int (*fn)(void *ctx, const store_table *t),
                          void *ctx, ad_err *err)
{
    sqlite_store *q = lite(s);
    int found;
    sqlite3_bind_int64(q->table_get, 1, id);
    if (each_table(q, q->table_get, fn, ctx, &found, err) < 0)
        return -1;
    return found ? 0 : 1;
}

static int lite_begin(store *s, ad_err *err)
{
    sqlite_store *q = lite(s);
    if (run(q, q->begin, err, "begin a transaction") < 0)
        return -1;
    q->in_tx = 1;
    return 0;
}

static known_v *slot(known_v *set, int64_t id)
{
    return &set[(uint64_t)id % KNOWN_SLOTS];
}

/* Version v-1 of table id is in the log, as this store knows without a
 * read: committed before (known), or the open transaction's last append
 * (which the transaction itself sees; commit.c appends a table's steps of
 * a pass one after another, so only the last one need be looked at). */
static int vouched(const sqlite_store *q, int64_t id, uint32_t v)
{
    const known_v *k = &q->known[(uint64_t)id % KNOWN_SLOTS];
    if (k->id == id && v - 1 <= k->v)
        return 1;
    return q->ntx > 0 && q->tx[q->ntx - 1].id == id && q->tx[q->ntx - 1].v == v - 1;
}

/* Remembers, for the open transaction, that id's log now ends at v. */
static void appended(sqlite_store *q, int64_t id, uint32_t v)
{
    if (q->ntx == q->ctx) {
        size_t c = q->ctx ? 2 * q->ctx : 64;
        known_v *bigger = realloc(q->tx, c * sizeof *bigger);
        if (!bigger) { /* out of memory: forget the pass (its next appends read the log) */
            q->ntx = 0;
            return;
        }
        q->tx = bigger;
        q->ctx = c;
    }
    q->tx[q->ntx++] = (known_v){id, v};
}

static int lite_append(store *s, int64_t id, uint32_t v, int seat, const char *action, int by,
                       int64_t at_ms, ad_err *err)
{
    sqlite_store *q = lite(s);
    if (v != 1 && !vouched(q, id, v)) {
        q->log_reads++;
        sqlite3_bind_int64(q->follows, 1, id);
        sqlite3_bind_int64(q->follows, 2, v - 1);
        int rc = sqlite3_step(q->follows);
        sqlite3_reset(q->follows);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            return db_fail(q, err, "store an action");
        if (rc == SQLITE_DONE)
            return ad_err_set(err, AD_E_IO,
                              "the database could not store an action: version %u of table %lld "
                              "does not follow its stored log",
                              v, (long long)id);
    }
    sqlite3_bind_int64(q->append, 1, id);
    sqlite3_bind_int64(q->append, 2, v);
    sqlite3_bind_int(q->append, 3, seat);
    sqlite3_bind_text(q->append, 4, action, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q->append, 5, by);
    sqlite3_bind_int64(q->append, 6, at_ms);
    if (run(q, q->append, err, "store an action") < 0)
        return -1;
    if (sqlite3_changes(q->db) != 1)
        return ad_err_set(err, AD_E_IO,
                          "the database could not store an action: version %u of table %lld "
                          "does not follow its stored log",
                          v, (long long)id);
    appended(q, id, v);
    return 0;
}

static void lite_rollback(store *s)
{
    sqlite_store *q = lite(s);
    if (q->in_tx && sqlite3_get_autocommit(q->db) == 0) {
        sqlite3_step(q->rollback);
        sqlite3_reset(q->rollback);
    }
    q->in_tx = 0;
    q->ntx = 0; /* what it appended is not in the log */
}

static int lite_commit(store *s, ad_err *err)
{
    sqlite_store *q = lite(s);
    if (run(q, q->commit, err, "commit") < 0) {
        lite_rollback(s);
        return -1;
    }
    q->in_tx = 0;
    for (size_t i = 0; i < q->ntx; i++) /* in order: a table's newest is the last */
        *slot(q->known, q->tx[i].id) = q->tx[i];
    q->ntx = 0;
    return 0;
}

static long long lite_log_reads(store *s)
{
    return lite(s)->log_reads;
}

static json_t *lite_actions(store *s, int64_t id, ad_err *err)
{
    sqlite_store *q = lite(s);
    json_t *a = json_array();
    sqlite3_bind_int64(q->actions, 1, id);
    int rc;
    while ((rc = sqlite3_step(q->actions)) == SQLITE_ROW)
        json_array_append_new(
            a, store_action_json(sqlite3_column_int(q->actions, 0),
                                 (const char *)sqlite3_column_text(q->actions, 1),
                                 sqlite3_column_int(q->actions, 2),
                                 sqlite3_column_int64(q->actions, 3)));
    sqlite3_reset(q->actions);
    sqlite3_clear_bindings(q->actions);
    if (rc != SQLITE_DONE) {
        json_decref(a);
        db_fail(q, err, "read a table's actions");
        return NULL;
    }
    return a;
}

static const store_ops lite_ops = {
    .close = lite_close,
    .exec = lite_exec,
    .version = lite_version,
    .writable = lite_writable,
    .player_new = lite_player_new,
    .player_find = lite_player_find,
    .table_new = lite_table_new,
    .table_update = lite_table_update,
    .tables = lite_tables,
    .table_get = lite_table_get,
    .begin = lite_begin,
    .append = lite_append,
    .commit = lite_commit,
    .rollback = lite_rollback,
    .actions = lite_actions,
    .log_reads = lite_log_reads,
};
