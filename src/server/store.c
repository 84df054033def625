/*
 * store.c - the store's one front (store.h): opens the back end that
 * `where` names (a postgres:// or postgresql:// URL: PostgreSQL,
 * store_pg.c; anything else: an SQLite file, store_sqlite.c) and passes
 * each call on to it.  The schema and its migrations live here, once, in
 * SQL both databases read, so the two back ends keep the same tables.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_backend.h"

/* ------------------------------------------------------------- the schema */

/*
 * Migration i (from 1) brings the schema from version i-1 to i; a store
 * records the last one it ran in schema_version.  A new step is added at
 * the end and never edited once released.  The SQL is the part of the
 * language SQLite and PostgreSQL share (BIGINT, INTEGER, TEXT; CREATE ...
 * IF NOT EXISTS), with four words a back end spells its own way
 * (store_dialect): @ID@ a key the database numbers, @BYTES@ a byte string,
 * @KEYED@ a table stored in its key's order, @RECENT@ a step only one back
 * end takes (a statement that changes nothing for the other).  In SQLite the first and the
 * last are "INTEGER PRIMARY KEY" and "WITHOUT ROWID", so version 1 is the
 * very schema alphadeck kept in SQLite before there were two back ends.
 */
static const char *const migrations[] = {
    /* 1: players, tables and the action log keyed by (table, v): one
     * action per version of a table, so the log cannot fork */
    "CREATE TABLE IF NOT EXISTS players("
    "  id @ID@, name TEXT NOT NULL, token_hash @BYTES@ NOT NULL UNIQUE,"
    "  created_ms BIGINT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS tables("
    "  id @ID@, new_req TEXT NOT NULL, meta TEXT NOT NULL, status INTEGER NOT NULL,"
    "  created_ms BIGINT NOT NULL, started_ms BIGINT NOT NULL DEFAULT 0);"
    "CREATE INDEX IF NOT EXISTS tables_by_status ON tables(status);"
    "CREATE TABLE IF NOT EXISTS actions("
    "  table_id BIGINT NOT NULL, v INTEGER NOT NULL, seat INTEGER NOT NULL,"
    "  action TEXT NOT NULL, by INTEGER NOT NULL, at_ms BIGINT NOT NULL,"
    "  PRIMARY KEY(table_id, v))@KEYED@;",
    /* 2: several nodes on one store (a cluster, docs/deploy.md): a table's
     * lease (the one node that may write it, until until_ms on the wall
     * clock), and which node wrote each action */
    "CREATE TABLE IF NOT EXISTS leases("
    "  table_id BIGINT NOT NULL PRIMARY KEY, node TEXT NOT NULL, until_ms BIGINT NOT NULL)@KEYED@;"
    "ALTER TABLE actions ADD COLUMN node TEXT;",
    /* 3: the newest actions on their way into the log (SQLite's alone;
     * store_sqlite.c): appended in the order they come, moved into
     * `actions` in bulk, so that a commit writes the end of one table and
     * not the end of each game's part of the log */
    "@RECENT@",
};
#define SCHEMA_VERSION ((int)(sizeof migrations / sizeof migrations[0]))

/* The migration's SQL with the dialect's words put in; NULL when out of memory. */
static char *spell(const char *sql, const store_dialect *d)
{
    const char *word[] = {"@ID@", "@BYTES@", "@KEYED@", "@RECENT@"};
    const char *as[] = {d->id, d->bytes, d->keyed, d->recent};
    size_t cap = strlen(sql) + 1;
    for (size_t w = 0; w < 4; w++)
        for (const char *p = strstr(sql, word[w]); p; p = strstr(p + 1, word[w]))
            cap += strlen(as[w]);
    char *out = malloc(cap), *o = out;
    if (!out)
        return NULL;
    while (*sql) {
        size_t w = 0;
        while (w < 4 && strncmp(sql, word[w], strlen(word[w])) != 0)
            w++;
        if (w < 4) {
            o += sprintf(o, "%s", as[w]);
            sql += strlen(word[w]);
        } else {
            *o++ = *sql++;
        }
    }
    *o = '\0';
    return out;
}

static int migrate_one(store *s, int v, const store_dialect *d, ad_err *err)
{
    char *sql = spell(migrations[v - 1], d);
    if (!sql)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    char mark[96];
    snprintf(mark, sizeof mark,
             "DELETE FROM schema_version; INSERT INTO schema_version(v) VALUES (%d)", v);
    int rc = s->ops->exec(s, "BEGIN", err);
    if (rc == 0 && (s->ops->exec(s, sql, err) < 0 || s->ops->exec(s, mark, err) < 0 ||
                    s->ops->exec(s, "COMMIT", err) < 0)) {
        ad_err ignored;
        s->ops->exec(s, "ROLLBACK", &ignored);
        rc = -1;
    }
    free(sql);
    return rc;
}

int store_migrate(store *s, const store_dialect *d, const char *shown, ad_err *err)
{
    int have;
    if (s->ops->exec(s, "CREATE TABLE IF NOT EXISTS schema_version(v INTEGER NOT NULL)", err) <
            0 ||
        s->ops->version(s, &have, err) < 0)
        return -1;
    if (have > SCHEMA_VERSION)
        return ad_err_set(err, AD_E_IO, "%s holds schema version %d; this alphadeck knows %d",
                          shown, have, SCHEMA_VERSION);
    for (int v = have + 1; v <= SCHEMA_VERSION; v++) {
        if (migrate_one(s, v, d, err) < 0) {
            ad_err why = *err;
            return ad_err_set(err, AD_E_IO, "cannot bring %s to schema version %d: %s", shown, v,
                              why.text);
        }
    }
    return 0;
}

/* ------------------------------------------------------- shared by both */

json_t *store_action_json(int seat, const char *action, int by, int64_t at_ms)
{
    json_error_t je;
    json_t *act = action ? json_loads(action, 0, &je) : NULL;
    json_t *o = json_object();
    json_object_set_new(o, "seat", json_integer(seat));
    json_object_set_new(o, "action", act ? act : json_null());
    if (by == 1 || by == 2)
        json_object_set_new(o, "by", json_string(by == 1 ? "bot" : "time"));
    json_object_set_new(o, "at_ms", json_integer(at_ms));
    return o;
}

void store_where_shown(const char *where, char *out, size_t len)
{
    /* the password of a URL's user part, postgres://user:PASSWORD@host/... */
    const char *user = strstr(where, "://");
    size_t authority = user ? strcspn(user + 3, "/?") : 0;
    const char *at = NULL, *colon = NULL;
    for (size_t i = 0; user && i < authority; i++)
        if (user[3 + i] == '@')
            at = user + 3 + i;
    for (const char *p = user ? user + 3 : NULL; at && p < at && !colon; p++)
        if (*p == ':')
            colon = p;
    if (colon)
        snprintf(out, len, "%.*s:***%s", (int)(colon - where), where, at);
    else
        snprintf(out, len, "%s", where);
    /* and one given as an option, ...?password=PASSWORD&... */
    char *pw = strstr(out, "password=");
    if (pw) {
        char tail[256];
        snprintf(tail, sizeof tail, "%s", pw + 9 + strcspn(pw + 9, "&"));
        snprintf(pw + 9, len - (size_t)(pw + 9 - out), "***%s", tail);
    }
}

static int is_postgres(const char *where)
{
    return strncmp(where, "postgres://", 11) == 0 || strncmp(where, "postgresql://", 13) == 0;
}

/* ------------------------------------------------------------- dispatch */

/* Two threads may share a store: the loop's, and the one that commits its
 * passes (commit.c).  Each call holds the store's lock (CALL); a
 * transaction holds it from store_begin to its commit or rollback, so
 * another thread's call waits for the transaction's end and never runs
 * inside it. */
store *store_open(const char *where, ad_err *err)
{
    store *s = is_postgres(where) ? store_pg_open(where, err) : store_sqlite_open(where, err);
    if (s) {
        pthread_mutexattr_t a;
        pthread_mutexattr_init(&a);
        pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
        pthread_mutex_init(&s->mu, &a);
        pthread_mutexattr_destroy(&a);
    }
    return s;
}

void store_close(store *s)
{
    if (s) {
        if (s->ops->checkpointer) /* its thread takes the lock: stopped first */
            s->ops->checkpointer(s, 0, NULL);
        pthread_mutex_destroy(&s->mu);
        s->ops->close(s);
    }
}

/* One call of the back end's, under the store's lock. */
#define CALL(s, type, call)                                                                        \
    do {                                                                                           \
        pthread_mutex_lock(&(s)->mu);                                                              \
        type rc_ = (call);                                                                         \
        pthread_mutex_unlock(&(s)->mu);                                                            \
        return rc_;                                                                                \
    } while (0)

int store_writable(store *s, ad_err *err)
{
    CALL(s, int, s->ops->writable(s, err));
}

int store_player_new(store *s, const char *name, const uint8_t hash[32], int64_t *id, ad_err *err)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    int64_t now_ms = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    CALL(s, int, s->ops->player_new(s, name, hash, now_ms, id, err));
}

int store_player_find(store *s, const uint8_t hash[32], const char *name, int64_t *id,
                      ad_err *err)
{
    CALL(s, int, s->ops->player_find(s, hash, name, id, err));
}

int store_table_new(store *s, const char *new_req, const char *meta, int status,
                    int64_t created_ms, int64_t *id, ad_err *err)
{
    CALL(s, int, s->ops->table_new(s, new_req, meta, status, created_ms, id, err));
}

int store_table_update(store *s, int64_t id, const char *meta, int status, int64_t started_ms,
                       ad_err *err)
{
    CALL(s, int, s->ops->table_update(s, id, meta, status, started_ms, err));
}

int store_tables(store *s, int status, int (*fn)(void *ctx, const store_table *t), void *ctx,
                 ad_err *err)
{
    CALL(s, int, s->ops->tables(s, status, fn, ctx, err));
}

int store_table_get(store *s, int64_t id, int (*fn)(void *ctx, const store_table *t), void *ctx,
                    ad_err *err)
{
    CALL(s, int, s->ops->table_get(s, id, fn, ctx, err));
}

int store_begin(store *s, ad_err *err)
{
    pthread_mutex_lock(&s->mu); /* held until the transaction ends */
    int rc = s->ops->begin(s, err);
    if (rc < 0)
        pthread_mutex_unlock(&s->mu);
    return rc;
}

int store_append(store *s, int64_t id, uint32_t v, int seat, const char *action, int by,
                 int64_t at_ms, ad_err *err)
{
    CALL(s, int, s->ops->append(s, id, v, seat, action, by, at_ms, err));
}

/* (A commit that fails has rolled its transaction back: either way it ends.) */
int store_commit(store *s, ad_err *err)
{
    int rc = s->ops->commit(s, err);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

void store_rollback(store *s)
{
    s->ops->rollback(s);
    pthread_mutex_unlock(&s->mu);
}

json_t *store_actions(store *s, int64_t id, ad_err *err)
{
    CALL(s, json_t *, s->ops->actions(s, id, err));
}

int store_checkpointer(store *s, ad_err *err)
{
    CALL(s, int, s->ops->checkpointer ? s->ops->checkpointer(s, 1, err) : 1);
}

long long ad_store_checkpoints(store *s)
{
    return s->ops->checkpoints ? s->ops->checkpoints(s) : -1;
}

long long ad_store_log_reads(store *s)
{
    return s->ops->log_reads ? s->ops->log_reads(s) : -1;
}

/* ------------------------------------------------------------- a cluster */

static int no_cluster(ad_err *err)
{
    return ad_err_set(err, AD_E_IO, "several nodes need a PostgreSQL store (--db postgres://...)");
}

int store_set_node(store *s, const char *node, ad_err *err)
{
    CALL(s, int, s->ops->set_node ? s->ops->set_node(s, node, err) : no_cluster(err));
}

int store_claim(store *s, ad_err *err)
{
    CALL(s, int, s->ops->claim ? s->ops->claim(s, err) : 0);
}

int store_lease_take(store *s, int64_t id, int64_t now_ms, int64_t until_ms, ad_err *err)
{
    CALL(s, int,
         s->ops->lease_take ? s->ops->lease_take(s, id, now_ms, until_ms, err) : no_cluster(err));
}

int store_lease_renew(store *s, int64_t now_ms, int64_t until_ms,
                      int (*fn)(void *ctx, int64_t id), void *ctx, ad_err *err)
{
    CALL(s, int,
         s->ops->lease_renew ? s->ops->lease_renew(s, now_ms, until_ms, fn, ctx, err)
                             : no_cluster(err));
}

int store_lease_drop(store *s, int64_t id, ad_err *err)
{
    CALL(s, int, s->ops->lease_drop ? s->ops->lease_drop(s, id, err) : no_cluster(err));
}

int store_lease_give(store *s, int64_t id, const char *to, int64_t until_ms, ad_err *err)
{
    CALL(s, int,
         s->ops->lease_give ? s->ops->lease_give(s, id, to, until_ms, err) : no_cluster(err));
}

int store_lapsed(store *s, int64_t now_ms, int (*fn)(void *ctx, int64_t id), void *ctx,
                 ad_err *err)
{
    CALL(s, int, s->ops->lapsed ? s->ops->lapsed(s, now_ms, fn, ctx, err) : no_cluster(err));
}

int store_notify(store *s, const char *payload, ad_err *err)
{
    CALL(s, int, s->ops->notify ? s->ops->notify(s, payload, err) : 0);
}
