/*
 * store_sqlite.c - the store (store.h) on SQLite: one database file in WAL
 * mode with synchronous=FULL, so a committed transaction survives a crash
 * or a power cut.  The schema and its version live here, in one place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store.h"

#define SCHEMA_VERSION 1

struct store {
    sqlite3 *db;
    sqlite3_stmt *append, *player_find, *player_rename, *player_new, *table_new, *table_update,
        *actions, *tables_all, *tables_status, *table_get;
    int in_tx;
};

static const char *const schema =
    "CREATE TABLE IF NOT EXISTS schema_version(v INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS players("
    "  id INTEGER PRIMARY KEY, name TEXT NOT NULL, token_hash BLOB NOT NULL UNIQUE,"
    "  created_ms INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS tables("
    "  id INTEGER PRIMARY KEY, new_req TEXT NOT NULL, meta TEXT NOT NULL,"
    "  status INTEGER NOT NULL, created_ms INTEGER NOT NULL, started_ms INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX IF NOT EXISTS tables_by_status ON tables(status);"
    "CREATE TABLE IF NOT EXISTS actions("
    "  table_id INTEGER NOT NULL, v INTEGER NOT NULL, seat INTEGER NOT NULL,"
    "  action TEXT NOT NULL, by INTEGER NOT NULL, at_ms INTEGER NOT NULL,"
    "  PRIMARY KEY(table_id, v)) WITHOUT ROWID;";

static int db_fail(store *s, ad_err *err, const char *what)
{
    return ad_err_set(err, AD_E_IO, "the database could not %s: %s", what, sqlite3_errmsg(s->db));
}

static int prep(store *s, sqlite3_stmt **st, const char *sql, ad_err *err)
{
    if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK)
        return db_fail(s, err, "prepare a statement");
    return 0;
}

void store_close(store *s)
{
    if (!s)
        return;
    sqlite3_stmt *all[] = {s->append,       s->player_find, s->player_rename, s->player_new,
                           s->table_new,    s->table_update, s->actions,      s->tables_all,
                           s->tables_status, s->table_get};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        sqlite3_finalize(all[i]);
    sqlite3_close(s->db);
    free(s);
}

store *store_open(const char *where, ad_err *err)
{
    store *s = calloc(1, sizeof *s);
    if (!s) {
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    if (sqlite3_open_v2(where, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        ad_err_set(err, AD_E_IO, "cannot open the database %s: %s", where,
                   s->db ? sqlite3_errmsg(s->db) : "out of memory");
        store_close(s);
        return NULL;
    }
    /* a locked database is waited for a little, then refused (never hangs the loop long) */
    sqlite3_busy_timeout(s->db, 200);
    char *msg = NULL;
    if (sqlite3_exec(s->db,
                     "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;",
                     NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(s->db, schema, NULL, NULL, &msg) != SQLITE_OK) {
        ad_err_set(err, AD_E_IO, "cannot set up the database %s: %s", where,
                   msg ? msg : sqlite3_errmsg(s->db));
        sqlite3_free(msg);
        store_close(s);
        return NULL;
    }
    sqlite3_stmt *ver = NULL;
    int have = -1;
    if (sqlite3_prepare_v2(s->db, "SELECT v FROM schema_version", -1, &ver, NULL) == SQLITE_OK &&
        sqlite3_step(ver) == SQLITE_ROW)
        have = sqlite3_column_int(ver, 0);
    sqlite3_finalize(ver);
    if (have < 0)
        sqlite3_exec(s->db, "INSERT INTO schema_version VALUES (1)", NULL, NULL, NULL);
    else if (have != SCHEMA_VERSION) {
        ad_err_set(err, AD_E_IO, "%s holds schema version %d; this alphadeck knows %d", where,
                   have, SCHEMA_VERSION);
        store_close(s);
        return NULL;
    }
    if (prep(s, &s->append,
             "INSERT INTO actions(table_id,v,seat,action,by,at_ms) VALUES(?,?,?,?,?,?)", err) ||
        prep(s, &s->player_find, "SELECT id FROM players WHERE token_hash=?", err) ||
        prep(s, &s->player_rename, "UPDATE players SET name=? WHERE id=?", err) ||
        prep(s, &s->player_new,
             "INSERT INTO players(name,token_hash,created_ms) VALUES(?,?,"
             "CAST(strftime('%s','now') AS INTEGER)*1000)",
             err) ||
        prep(s, &s->table_new,
             "INSERT INTO tables(new_req,meta,status,created_ms) VALUES(?,?,?,?)", err) ||
        prep(s, &s->table_update, "UPDATE tables SET meta=?,status=?,started_ms=? WHERE id=?",
             err) ||
        prep(s, &s->actions,
             "SELECT seat,action,by,at_ms FROM actions WHERE table_id=? ORDER BY v", err) ||
        prep(s, &s->tables_all,
             "SELECT id,new_req,meta,status,created_ms,started_ms FROM tables ORDER BY id", err) ||
        prep(s, &s->tables_status,
             "SELECT id,new_req,meta,status,created_ms,started_ms FROM tables WHERE status=? "
             "ORDER BY id",
             err) ||
        prep(s, &s->table_get,
             "SELECT id,new_req,meta,status,created_ms,started_ms FROM tables WHERE id=?", err)) {
        store_close(s);
        return NULL;
    }
    return s;
}

/* Runs a prepared statement that returns no row, and resets it. */
static int run(store *s, sqlite3_stmt *st, ad_err *err, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return db_fail(s, err, what);
    return 0;
}

int store_player_new(store *s, const char *name, const uint8_t hash[32], int64_t *id, ad_err *err)
{
    sqlite3_bind_text(s->player_new, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_blob(s->player_new, 2, hash, 32, SQLITE_TRANSIENT);
    if (run(s, s->player_new, err, "store a new player") < 0)
        return -1;
    *id = sqlite3_last_insert_rowid(s->db);
    return 0;
}

int store_player_find(store *s, const uint8_t hash[32], const char *name, int64_t *id,
                      ad_err *err)
{
    sqlite3_bind_blob(s->player_find, 1, hash, 32, SQLITE_TRANSIENT);
    int rc = sqlite3_step(s->player_find);
    if (rc == SQLITE_ROW)
        *id = sqlite3_column_int64(s->player_find, 0);
    sqlite3_reset(s->player_find);
    sqlite3_clear_bindings(s->player_find);
    if (rc == SQLITE_DONE)
        return 1;
    if (rc != SQLITE_ROW)
        return db_fail(s, err, "look a player up");
    sqlite3_bind_text(s->player_rename, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s->player_rename, 2, *id);
    return run(s, s->player_rename, err, "rename a player");
}

int store_table_new(store *s, const char *new_req, const char *meta, int status,
                    int64_t created_ms, int64_t *id, ad_err *err)
{
    sqlite3_bind_text(s->table_new, 1, new_req, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s->table_new, 2, meta, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(s->table_new, 3, status);
    sqlite3_bind_int64(s->table_new, 4, created_ms);
    if (run(s, s->table_new, err, "store a new table") < 0)
        return -1;
    *id = sqlite3_last_insert_rowid(s->db);
    return 0;
}

int store_table_update(store *s, int64_t id, const char *meta, int status, int64_t started_ms,
                       ad_err *err)
{
    sqlite3_bind_text(s->table_update, 1, meta, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(s->table_update, 2, status);
    sqlite3_bind_int64(s->table_update, 3, started_ms);
    sqlite3_bind_int64(s->table_update, 4, id);
    return run(s, s->table_update, err, "update a table");
}

static int each_table(store *s, sqlite3_stmt *st, int (*fn)(void *, const store_table *),
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
    return ok ? 0 : db_fail(s, err, "read the tables");
}

int store_tables(store *s, int status, int (*fn)(void *ctx, const store_table *t), void *ctx,
                 ad_err *err)
{
    int found;
    sqlite3_stmt *st = status < 0 ? s->tables_all : s->tables_status;
    if (status >= 0)
        sqlite3_bind_int(st, 1, status);
    return each_table(s, st, fn, ctx, &found, err);
}

int store_table_get(store *s, int64_t id, int (*fn)(void *ctx, const store_table *t), void *ctx,
                    ad_err *err)
{
    int found;
    sqlite3_bind_int64(s->table_get, 1, id);
    if (each_table(s, s->table_get, fn, ctx, &found, err) < 0)
        return -1;
    return found ? 0 : 1;
}

int store_begin(store *s, ad_err *err)
{
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(s, err, "begin a transaction");
    s->in_tx = 1;
    return 0;
}

int store_append(store *s, int64_t id, uint32_t v, int seat, const char *action, int by,
                 int64_t at_ms, ad_err *err)
{
    sqlite3_bind_int64(s->append, 1, id);
    sqlite3_bind_int64(s->append, 2, v);
    sqlite3_bind_int(s->append, 3, seat);
    sqlite3_bind_text(s->append, 4, action, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(s->append, 5, by);
    sqlite3_bind_int64(s->append, 6, at_ms);
    return run(s, s->append, err, "store an action");
}

int store_commit(store *s, ad_err *err)
{
    if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        db_fail(s, err, "commit");
        store_rollback(s);
        return -1;
    }
    s->in_tx = 0;
    return 0;
}

void store_rollback(store *s)
{
    if (s->in_tx)
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    s->in_tx = 0;
}

json_t *store_actions(store *s, int64_t id, ad_err *err)
{
    json_t *a = json_array();
    sqlite3_bind_int64(s->actions, 1, id);
    int rc;
    while ((rc = sqlite3_step(s->actions)) == SQLITE_ROW) {
        json_error_t je;
        json_t *act = json_loads((const char *)sqlite3_column_text(s->actions, 1), 0, &je);
        json_t *o = json_object();
        json_object_set_new(o, "seat", json_integer(sqlite3_column_int(s->actions, 0)));
        json_object_set_new(o, "action", act ? act : json_null());
        int by = sqlite3_column_int(s->actions, 2);
        if (by == 1 || by == 2)
            json_object_set_new(o, "by", json_string(by == 1 ? "bot" : "time"));
        json_object_set_new(o, "at_ms", json_integer(sqlite3_column_int64(s->actions, 3)));
        json_array_append_new(a, o);
    }
    sqlite3_reset(s->actions);
    sqlite3_clear_bindings(s->actions);
    if (rc != SQLITE_DONE) {
        json_decref(a);
        db_fail(s, err, "read a table's actions");
        return NULL;
    }
    return a;
}
