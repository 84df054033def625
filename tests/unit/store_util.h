/*
 * store_util.h - what the store's unit tests (test_store, test_store_cost)
 * share: one transaction appending a table's versions, and an SQLite
 * store's three files removed.
 */
#ifndef AD_TESTS_STORE_UTIL_H
#define AD_TESTS_STORE_UTIL_H

#include <stdio.h>
#include <unistd.h>

#include "server/store.h"

/* One transaction appending versions vs[0..n) of table id; its failure
 * may show at an append or at the commit (PostgreSQL reads a pass's
 * results back at its commit): 0 or -1. */
static inline int append_pass(store *s, int64_t id, const uint32_t *vs, int n, ad_err *e)
{
    if (store_begin(s, e) < 0)
        return -1;
    for (int i = 0; i < n; i++)
        if (store_append(s, id, vs[i], 0, "{}", 0, 0, e) < 0) {
            store_rollback(s);
            return -1;
        }
    return store_commit(s, e);
}

/* The SQLite database at where, its WAL and its shared memory, removed. */
static inline void remove_sqlite_files(const char *where)
{
    char p[600];
    unlink(where);
    snprintf(p, sizeof p, "%s-wal", where);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", where);
    unlink(p);
}

#endif
