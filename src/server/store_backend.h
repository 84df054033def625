/*
 * store_backend.h - what a back end of the store (store.h) provides, for
 * store.c and the back ends only: a table of functions (store_ops), one per
 * public call, which store.c dispatches to, and the schema's migrations,
 * kept in one place (store.c) and run by every back end as it opens.
 *
 * A back end's own struct begins with `struct store`, so a store * is a
 * pointer to it as well.
 */
#ifndef AD_SERVER_STORE_BACKEND_H
#define AD_SERVER_STORE_BACKEND_H

#include <pthread.h>

#include "store.h"

typedef struct store_ops {
    void (*close)(store *s);
    /* SQL without parameters or rows (the migrations; several statements
     * may be given at once) */
    int (*exec)(store *s, const char *sql, ad_err *err);
    /* the number in schema_version, 0 when it holds none */
    int (*version)(store *s, int *v, ad_err *err);
    int (*writable)(store *s, ad_err *err);
    int (*player_new)(store *s, const char *name, const uint8_t hash[32], int64_t now_ms,
                      int64_t *id, ad_err *err);
    int (*player_find)(store *s, const uint8_t hash[32], const char *name, int64_t *id,
                       ad_err *err);
    int (*table_new)(store *s, const char *new_req, const char *meta, int status,
                     int64_t created_ms, int64_t *id, ad_err *err);
    int (*table_update)(store *s, int64_t id, const char *meta, int status, int64_t started_ms,
                        ad_err *err);
    int (*tables)(store *s, int status, int (*fn)(void *, const store_table *), void *ctx,
                  ad_err *err);
    int (*table_get)(store *s, int64_t id, int (*fn)(void *, const store_table *), void *ctx,
                     ad_err *err);
    int (*begin)(store *s, ad_err *err);
    int (*append)(store *s, int64_t id, uint32_t v, int seat, const char *action, int by,
                  int64_t at_ms, ad_err *err);
    int (*commit)(store *s, ad_err *err);
    void (*rollback)(store *s);
    /* the server's claim (NULL where a dead process leaves nothing behind) */
    int (*claim)(store *s, ad_err *err);
    json_t *(*actions)(store *s, int64_t id, ad_err *err);
    /* a cluster's (NULL in a back end that cannot hold one: store.c says so) */
    int (*set_node)(store *s, const char *node, ad_err *err);
    int (*lease_take)(store *s, int64_t id, int64_t now_ms, int64_t until_ms, ad_err *err);
    int (*lease_renew)(store *s, int64_t now_ms, int64_t until_ms,
                       int (*fn)(void *ctx, int64_t id), void *ctx, ad_err *err);
    int (*lease_drop)(store *s, int64_t id, ad_err *err);
    int (*lease_give)(store *s, int64_t id, const char *to, int64_t until_ms, ad_err *err);
    int (*lapsed)(store *s, int64_t now_ms, int (*fn)(void *ctx, int64_t id), void *ctx,
                  ad_err *err);
    int (*notify)(store *s, const char *payload, ad_err *err);
    /* the times an append read the log to check it follows (NULL: not counted) */
    long long (*log_reads)(store *s);
    /* the checkpoints of a WAL on a thread of the back end's own: started
     * (on 1), or stopped (on 0) before the store closes (NULL: it has no
     * WAL to copy, as PostgreSQL checkpoints on its own) */
    int (*checkpointer)(store *s, int on, ad_err *err);
    /* the copies that thread made (-1: no thread) */
    long long (*checkpoints)(store *s);
} store_ops;

struct store {
    const store_ops *ops;
    /* One thread at a time (store.c): a transaction is its beginner's until
     * it commits or rolls back, and a call from another thread meanwhile
     * waits for its end.  Recursive, so the transaction's own thread
     * passes. */
    pthread_mutex_t mu;
};

/* How a back end spells the few things the two SQL dialects spell apart,
 * substituted for @ID@, @BYTES@ and @KEYED@ in the migrations' SQL. */
typedef struct store_dialect {
    const char *id;    /* a 64-bit key numbered by the database */
    const char *bytes; /* a byte string */
    const char *keyed; /* after a table's last parenthesis: kept in its key's order */
    const char *recent; /* the statements of the actions' way in (store.c, migration 3) */
} store_dialect;

/* Brings the schema of an open store up to the newest version, each step
 * in a transaction of its own; refuses (AD_E_IO) a store of a newer
 * version than this alphadeck knows.  `shown` names the store in errors. */
int store_migrate(store *s, const store_dialect *d, const char *shown, ad_err *err);

/* One action of the log as store_actions hands it out:
 * {"seat","action"[,"by"],"at_ms"}. */
json_t *store_action_json(int seat, const char *action, int by, int64_t at_ms);

/* `where` as it may be shown in a message: a URL's password is replaced
 * by "***". */
void store_where_shown(const char *where, char *out, size_t len);

/* The name of the VFS that writes a WAL's frames of a commit in one piece
 * (store_wal.c), registered on the first call; NULL when it could not be
 * (SQLite's default VFS is used). */
const char *ad_store_wal_vfs(void);
/* Whether a WAL at path (an existing file) would have the syncs of
 * commits that overwrite it write only their pages and flush the disk
 * (ext4 without a journal, Linux): 1 or 0. */
int ad_store_wal_pages_alone(const char *path);

store *store_sqlite_open(const char *where, ad_err *err);
store *store_pg_open(const char *where, ad_err *err);

#endif
