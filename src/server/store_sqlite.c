/*
 * store_sqlite.c - the store (store.h) on SQLite, the embedded default:
 * one database file in WAL mode with synchronous=FULL, so a committed
 * transaction survives a crash or a power cut (its WAL written through
 * store_wal.c's VFS: a commit's frames in one write).  The schema is store.c's;
 * this file spells SQLite's words for it and runs the statements.
 *
 * The log `actions` is in (table, version) order, so each game's newest
 * actions are at a page of their own, and a commit writes a page for each
 * game it moved: a hundred busy games, each acting many times a second,
 * had a page written for nearly every action.  So a game's first action
 * after a move goes into the log, and its next ones into actions_recent,
 * a table in the order they come (a commit writes its end, a page or
 * two); a commit moves them all into the log, each game's in one piece,
 * once SETTLE_ROWS wait or once more than SETTLE_TABLES games acted since
 * the last move.  The log's key still makes a fork impossible in the
 * database; before that, the store refuses an action that is not the
 * next version of its table (last_v), from what it stored itself or else
 * from a read.  A read of a table's actions takes both tables.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store_backend.h"

/* How many tables' last stored versions a store remembers (a table's slot:
 * its id modulo this); a table not remembered is looked up, as before. */
#define KNOWN_SLOTS 4096

/* A commit moves the actions waiting in actions_recent into the log once
 * SETTLE_ROWS wait, or once more than SETTLE_TABLES tables acted since
 * the last move: the move writes a page of the log for each table with
 * actions waiting, so a server whose tables act a few times a second
 * each (19,000 people at 4,750 tables: their actions go into the log
 * itself) moves few, often, and no commit takes much longer than the
 * others; one whose tables act often (a hundred busy tables) moves each
 * one's forty or so actions at once.  RECENT_SLOTS: the room of the set of
 * the tables that acted (open addressing, at most a quarter full). */
#define SETTLE_ROWS 4096
#define SETTLE_TABLES 128
#define RECENT_SLOTS 512
/* An action longer than this goes into the log itself: it takes most of a
 * page wherever it is, and a move of a thousand such would write a
 * thousand pages in one commit. */
#define SETTLE_ACTION_MAX 1000

/* Table `id` holds its versions 1 to v in the log (id 0: the slot is empty). */
typedef struct known_v {
    int64_t id;
    uint32_t v;
} known_v;

typedef struct sqlite_store {
    store base;
    sqlite3 *db;
    char *where; /* the file, as messages name it */
    sqlite3_stmt *append, *append_log, *last_v, *last_v_all, *settle_in, *settle_out, *data_version,
        *recent_any, *player_find, *player_rename, *player_new, *table_new, *table_update,
        *actions, *tables_all, *tables_status, *table_get;
    /* the pass's transaction, prepared once: sqlite3_exec parsed its text
     * each time, and the parser's large block was a tenth of the server's
     * mallocs at 10,000 connections */
    sqlite3_stmt *begin, *commit, *rollback;
    int in_tx;
    /* A table's last version, known without a read (last_v): the log
     * only grows (nothing deletes an action) and has no gap, so once
     * versions 1 to v of a table were committed, they are stored for good,
     * and while no other opening writes, v is the last.  `known` is what
     * committed transactions stored (or 0 for a table this store made);
     * `tx` what the open one appended, in order (moved to `known` at its
     * commit, dropped at its rollback). */
    known_v known[KNOWN_SLOTS];
    known_v *tx;
    size_t ntx, ctx;
    long ntx_recent; /* of the open transaction's appends, those into actions_recent */
    /* The tables that acted since the last move (all those with actions
     * in actions_recent), each with its last committed version (id 0: a
     * free slot), while `untracked` is 0.  Else another opening of the
     * file may have put actions there this one does not know of (it
     * committed since this one's last transaction), or a record of the
     * open transaction was lost: the versions are read, the actions go
     * into the log itself, and the next commit moves them all. */
    known_v recent[RECENT_SLOTS];
    int nrecent, untracked;
    long waiting;         /* committed actions in actions_recent */
    int64_t seen_version; /* PRAGMA data_version at this opening's last look */
    long long log_reads;  /* the version lookups the log was read for */
    struct checkpointer *ck; /* NULL: the commits checkpoint (SQLite's own way) */
} sqlite_store;

static const store_dialect dialect = {
    .id = "INTEGER PRIMARY KEY", /* the rowid itself */
    .bytes = "BLOB",
    .keyed = " WITHOUT ROWID",
    /* in the order appended: its rowid, and no other key */
    .recent = "CREATE TABLE IF NOT EXISTS actions_recent("
              "  table_id BIGINT NOT NULL, v INTEGER NOT NULL, seat INTEGER NOT NULL,"
              "  action TEXT NOT NULL, by INTEGER NOT NULL, at_ms BIGINT NOT NULL, node TEXT);",
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
    sqlite3_stmt *all[] = {q->append,       q->append_log,  q->last_v,      q->last_v_all,  q->settle_in,
                           q->settle_out,   q->data_version, q->recent_any,  q->player_find,
                           q->player_rename, q->player_new,
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

/* The first column of the first row of st (0 for NULL or no row) into
 * *out, and st reset; 1 when there was a row, 0 when none, -1 on an
 * error (err says what could not be done). */
static int one_value(sqlite_store *q, sqlite3_stmt *st, int64_t *out, const char *what,
                     ad_err *err)
{
    int rc = sqlite3_step(st);
    *out = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return db_fail(q, err, what);
    return rc == SQLITE_ROW;
}

static int prepare_all(sqlite_store *q, ad_err *err)
{
    /* an action is stored only as the one after the table's last stored
     * (or as its first): the log has no gap and no fork, whatever a
     * caller does.  The check (last_v) and the insert are two statements:
     * one INSERT ... SELECT reading the table it writes made SQLite build a
     * temporary table for every action stored */
    return prep(q, &q->last_v, "SELECT max(v) FROM actions WHERE table_id=?1", err) ||
           prep(q, &q->last_v_all,
                "SELECT max(m) FROM (SELECT max(v) AS m FROM actions WHERE table_id=?1 "
                "UNION ALL SELECT max(v) FROM actions_recent WHERE table_id=?1)",
                err) ||
           prep(q, &q->append,
                "INSERT INTO actions_recent(table_id,v,seat,action,by,at_ms) "
                "VALUES(?1,?2,?3,?4,?5,?6)",
                err) ||
           prep(q, &q->append_log,
                "INSERT INTO actions(table_id,v,seat,action,by,at_ms) VALUES(?1,?2,?3,?4,?5,?6)",
                err) ||
           /* OR ROLLBACK: a version the log has already (a fork) fails the
            * whole commit, as it must; so SQLite keeps no journal of the
            * statement's own (a page copied for every page the move
            * changes, to undo the statement alone) */
           prep(q, &q->settle_in,
                "INSERT OR ROLLBACK INTO actions(table_id,v,seat,action,by,at_ms,node) "
                "SELECT table_id,v,seat,action,by,at_ms,node FROM actions_recent "
                "ORDER BY table_id,v",
                err) ||
           prep(q, &q->settle_out, "DELETE FROM actions_recent", err) ||
           prep(q, &q->data_version, "PRAGMA data_version", err) ||
           prep(q, &q->recent_any, "SELECT 1 FROM actions_recent LIMIT 1", err) ||
           prep(q, &q->player_find, "SELECT id FROM players WHERE token_hash=?", err) ||
           prep(q, &q->player_rename, "UPDATE players SET name=? WHERE id=?", err) ||
           prep(q, &q->player_new,
                "INSERT INTO players(name,token_hash,created_ms) VALUES(?,?,?)", err) ||
           prep(q, &q->table_new,
                "INSERT INTO tables(new_req,meta,status,created_ms) VALUES(?,?,?,?)", err) ||
           prep(q, &q->table_update,
                "UPDATE tables SET meta=?,status=?,started_ms=? WHERE id=?", err) ||
           prep(q, &q->actions,
                "SELECT seat,action,by,at_ms FROM (SELECT v,seat,action,by,at_ms FROM actions "
                "WHERE table_id=?1 UNION ALL SELECT v,seat,action,by,at_ms FROM actions_recent "
                "WHERE table_id=?1) ORDER BY v",
                err) ||
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
#define WAL_PAGES 4000
#define SPELLED_(n) #n
#define SPELLED(n) SPELLED_(n)
#define WAL_SETUP                                                                          \
    "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; "           \
    "PRAGMA wal_autocheckpoint=" SPELLED(WAL_PAGES) ";"

/* The checkpoints on a thread of their own (store_checkpointer, the
 * server's).  Without it, the commit that takes the WAL past WAL_PAGES
 * frames copies it into the database file itself: it reads each frame,
 * writes each page changed and syncs the file, and at 19,000 connections
 * that commit, about one a second, took tens of milliseconds where the
 * others took one or two, and every act that came meanwhile waited for it
 * (bench/notes/2026-12-01-round-twenty-two.md).  With it, that commit
 * only wakes the thread, which copies what the WAL holds through an
 * opening of the file of its own while the commits go on (SQLite's
 * passive checkpoint takes no writer's lock).  The WAL starts over from
 * its beginning only when a transaction begins with every frame copied,
 * which a copy made beside a steady stream of commits never leaves (they
 * add frames while it copies): so the thread copies again what came
 * meanwhile, and then a last time holding the store's lock (store.c), no
 * transaction under way and none begun until it is done: the frames of a
 * few milliseconds, and the next commit starts the WAL over.  A WAL that
 * reaches CKPT_CAP frames all the same (a thread that could not keep up,
 * or a copy refused) is copied by the commit, as without the thread. */
#define CKPT_CAP (4 * WAL_PAGES)

typedef struct checkpointer {
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    sqlite3 *db; /* its own opening of the file */
    int want, quit;
    long long rounds; /* the times it copied the WAL (under mu) */
} checkpointer;

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
    int64_t first = 0;
    int any = 0;
    if (store_migrate(&q->base, &dialect, where, err) < 0 || prepare_all(q, err) ||
        one_value(q, q->data_version, &q->seen_version, "read its version", err) < 0 ||
        (any = one_value(q, q->recent_any, &first, "read its newest actions", err)) < 0) {
        lite_close(&q->base);
        return NULL;
    }
    /* actions left on their way in (a crash, or a close between moves):
     * read, not guessed, and moved by the first commit */
    q->untracked = any;
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

static known_v *slot(known_v *set, int64_t id)
{
    return &set[(uint64_t)id % KNOWN_SLOTS];
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
    *slot(q->known, *id) = (known_v){*id, 0}; /* its log is empty: its first action needs no read */
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

/* The set of the tables that acted since the last move (sqlite_store.recent):
 * table id's entry, or NULL; with make, a new one (v 0) when it has none. */
static known_v *recent_of(sqlite_store *q, int64_t id, int make)
{
    size_t i = (size_t)(((uint64_t)id * 0x9E3779B97F4A7C15ull) >> 40) & (RECENT_SLOTS - 1);
    for (;; i = (i + 1) & (RECENT_SLOTS - 1)) {
        if (q->recent[i].id == id)
            return &q->recent[i];
        if (q->recent[i].id == 0) {
            if (!make)
                return NULL;
            q->nrecent++;
            q->recent[i] = (known_v){id, 0};
            return &q->recent[i];
        }
    }
}

static void recent_clear(sqlite_store *q)
{
    memset(q->recent, 0, sizeof q->recent);
    q->nrecent = 0;
}

/* A transaction for a pass.  When another opening of the file committed
 * since this one last looked (PRAGMA data_version), what this one knows
 * of the tables' versions may be old: it is forgotten and read again. */
static int lite_begin(store *s, ad_err *err)
{
    sqlite_store *q = lite(s);
    if (run(q, q->begin, err, "begin a transaction") < 0)
        return -1;
    q->in_tx = 1;
    int64_t version;
    if (one_value(q, q->data_version, &version, "read its version", err) < 0) {
        sqlite3_step(q->rollback);
        sqlite3_reset(q->rollback);
        q->in_tx = 0;
        return -1;
    }
    if (version != q->seen_version) {
        q->seen_version = version;
        q->untracked = 1;
        memset(q->known, 0, sizeof q->known);
        recent_clear(q);
    }
    return 0;
}

/* The last version of table id stored or on its way in (0: none), as this
 * store knows it without a read: the open transaction's appends (which
 * it sees itself), then those of the tables that acted since the last
 * move, then what it committed or made before (known); else read, and
 * counted.  -1 when the read fails. */
static int64_t last_v(sqlite_store *q, int64_t id, ad_err *err)
{
    for (size_t i = q->ntx; i-- > 0;) /* a pass appends a table's steps together: mostly the last */
        if (q->tx[i].id == id)
            return q->tx[i].v;
    if (!q->untracked) {
        const known_v *r = recent_of(q, id, 0);
        if (r)
            return r->v;
        const known_v *k = slot(q->known, id);
        if (k->id == id)
            return k->v;
    }
    q->log_reads++;
    /* untracked: actions_recent may hold some of another opening's (or the
     * transaction's own, forgotten) */
    sqlite3_stmt *st = q->untracked ? q->last_v_all : q->last_v;
    sqlite3_bind_int64(st, 1, id);
    int64_t v;
    return one_value(q, st, &v, "store an action", err) < 0 ? -1 : v;
}

/* Remembers, for the open transaction, that id's log now ends at v. */
static void appended(sqlite_store *q, int64_t id, uint32_t v)
{
    if (q->ntx == q->ctx) {
        size_t c = q->ctx ? 2 * q->ctx : 64;
        known_v *bigger = realloc(q->tx, c * sizeof *bigger);
        if (!bigger) { /* out of memory: forget the pass (its next appends read the log,
                        * and its commit moves the waiting actions into it) */
            q->ntx = 0;
            q->untracked = 1;
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
    int64_t last = last_v(q, id, err);
    if (last < 0)
        return -1;
    if (v <= last)
        return ad_err_set(err, AD_E_IO,
                          "the database could not store an action: version %u of table %lld "
                          "is in its log already",
                          v, (long long)id);
    if (v != last + 1)
        return ad_err_set(err, AD_E_IO,
                          "the database could not store an action: version %u of table %lld "
                          "does not follow its stored log",
                          v, (long long)id);
    /* a table that acted since the last move (in an earlier commit), a
     * short action: on its way in; else into the log */
    size_t len = strlen(action);
    int waits = !q->untracked && len <= SETTLE_ACTION_MAX && recent_of(q, id, 0);
    sqlite3_stmt *st = waits ? q->append : q->append_log;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, v);
    sqlite3_bind_int(st, 3, seat);
    sqlite3_bind_text(st, 4, action, (int)len, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 5, by);
    sqlite3_bind_int64(st, 6, at_ms);
    if (run(q, st, err, "store an action") < 0)
        return -1;
    q->ntx_recent += waits;
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
    q->ntx_recent = 0;
}

/* The tables of the open transaction's appends that did not act since
 * the last move (a table's appends are one after another). */
static int new_tables(sqlite_store *q)
{
    int n = 0;
    for (size_t i = 0; i < q->ntx; i++)
        n += (i == 0 || q->tx[i].id != q->tx[i - 1].id) && !recent_of(q, q->tx[i].id, 0);
    return n;
}

/* The commit, which first moves every action waiting in actions_recent
 * into the log when SETTLE_ROWS would wait (with this transaction's),
 * when more than SETTLE_TABLES tables would have acted since the last
 * move, or when they are not all known (untracked). */
static int lite_commit(store *s, ad_err *err)
{
    sqlite_store *q = lite(s);
    int settle = q->untracked || q->waiting + q->ntx_recent >= SETTLE_ROWS ||
                 q->nrecent + new_tables(q) > SETTLE_TABLES;
    if ((settle && (run(q, q->settle_in, err, "move its newest actions into the log") < 0 ||
                    run(q, q->settle_out, err, "move its newest actions into the log") < 0)) ||
        run(q, q->commit, err, "commit") < 0) {
        lite_rollback(s);
        return -1;
    }
    q->in_tx = 0;
    if (settle) {
        recent_clear(q);
        q->waiting = 0;
        q->untracked = 0;
    } else {
        q->waiting += q->ntx_recent;
    }
    for (size_t i = 0; i < q->ntx; i++) { /* in order: a table's newest is the last */
        *slot(q->known, q->tx[i].id) = q->tx[i];
        if (!settle)
            recent_of(q, q->tx[i].id, 1)->v = q->tx[i].v;
    }
    q->ntx = 0;
    q->ntx_recent = 0;
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

/* One copy of the WAL into the database file, as far as it goes. */
static void copy_wal(sqlite3 *db)
{
    sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
}

/* SQLite calls this after each commit on the store's own opening (under
 * the store's lock), with the frames its WAL holds. */
static int wal_filled(void *arg, sqlite3 *db, const char *name, int frames)
{
    (void)name;
    checkpointer *k = arg;
    if (frames >= CKPT_CAP) {
        copy_wal(db);
    } else if (frames >= WAL_PAGES) {
        pthread_mutex_lock(&k->mu);
        k->want = 1;
        pthread_cond_signal(&k->cv);
        pthread_mutex_unlock(&k->mu);
    }
    return SQLITE_OK;
}

static void *checkpointer_main(void *arg)
{
    sqlite_store *q = arg;
    checkpointer *k = q->ck;
    pthread_mutex_lock(&k->mu);
    for (;;) {
        while (!k->want && !k->quit)
            pthread_cond_wait(&k->cv, &k->mu);
        if (k->quit)
            break;
        pthread_mutex_unlock(&k->mu);
        copy_wal(k->db); /* beside the commits */
        copy_wal(k->db); /* what they added meanwhile */
        pthread_mutex_lock(&q->base.mu);
        copy_wal(k->db); /* the last few, no commit under way */
        pthread_mutex_unlock(&q->base.mu);
        pthread_mutex_lock(&k->mu);
        k->want = 0; /* (the commits meanwhile asked for this copy: it is done) */
        k->rounds++;
    }
    pthread_mutex_unlock(&k->mu);
    return NULL;
}

static void checkpointer_free(checkpointer *k)
{
    sqlite3_close(k->db);
    pthread_mutex_destroy(&k->mu);
    pthread_cond_destroy(&k->cv);
    free(k);
}

static int lite_checkpointer(store *s, int on, ad_err *err)
{
    sqlite_store *q = lite(s);
    checkpointer *k = q->ck;
    if (!on) {
        if (!k)
            return 0;
        sqlite3_wal_autocheckpoint(q->db, WAL_PAGES); /* SQLite's own way again */
        pthread_mutex_lock(&k->mu);
        k->quit = 1;
        pthread_cond_signal(&k->cv);
        pthread_mutex_unlock(&k->mu);
        pthread_join(k->th, NULL);
        checkpointer_free(k);
        q->ck = NULL;
        return 0;
    }
    if (k)
        return 0;
    if (!(k = calloc(1, sizeof *k)))
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    pthread_mutex_init(&k->mu, NULL);
    pthread_cond_init(&k->cv, NULL);
    /* (a read opens its WAL: SQLite 3.40 checkpoints nothing through an
     * opening that has not read yet) */
    if (sqlite3_open_v2(q->where, &k->db, SQLITE_OPEN_READWRITE, ad_store_wal_vfs()) !=
            SQLITE_OK ||
        sqlite3_exec(k->db, "PRAGMA schema_version", NULL, NULL, NULL) != SQLITE_OK) {
        ad_err_set(err, AD_E_IO, "cannot open the database %s a second time: %s", q->where,
                   k->db ? sqlite3_errmsg(k->db) : "out of memory");
        checkpointer_free(k);
        return -1;
    }
    q->ck = k;
    if (pthread_create(&k->th, NULL, checkpointer_main, q) != 0) {
        q->ck = NULL;
        checkpointer_free(k);
        return ad_err_set(err, AD_E_INTERNAL, "cannot start the checkpoints' thread");
    }
    sqlite3_wal_hook(q->db, wal_filled, k);
    return 0;
}

static long long lite_checkpoints(store *s)
{
    checkpointer *k = lite(s)->ck;
    if (!k)
        return -1;
    pthread_mutex_lock(&k->mu);
    long long n = k->rounds;
    pthread_mutex_unlock(&k->mu);
    return n;
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
    .checkpointer = lite_checkpointer,
    .checkpoints = lite_checkpoints,
};
