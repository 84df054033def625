/*
 * test_store.c - the server's store (src/server/store.h), on SQLite and,
 * when ALPHADECK_TEST_PG names a PostgreSQL database URL (tests/pg-up
 * prints one), on PostgreSQL too: the same cases against each.  What is
 * committed is kept, across a close and a reopen; what is rolled back or
 * never committed is not; the action log keeps its order and refuses a
 * version twice or a gap; players are found by their token's hash only; a
 * store of a newer schema is refused.  Each case starts from an empty
 * store: a new file, or a new database made for it and dropped after.
 */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include "../testutil.h"
#include "server/store.h"
#include "store_util.h"

static int on_pg;          /* the group under way: 0 SQLite, 1 PostgreSQL */
static char where[512];    /* the store of the case under way */
static char dbname[64];    /* its database, on PostgreSQL */
static const char *pg_url; /* ALPHADECK_TEST_PG */

/* The URL `base` with its database name replaced by `name`. */
static void url_with_db(const char *base, const char *name, char *out, size_t len)
{
    const char *host = strstr(base, "://");
    host = host ? host + 3 : base;
    size_t hostlen = strcspn(host, "/?");
    const char *rest = host + hostlen;
    if (*rest == '/')
        rest += 1 + strcspn(rest + 1, "?");
    snprintf(out, len, "%.*s/%s%s", (int)(host + hostlen - base), base, name, rest);
}

/* Runs SQL on the ALPHADECK_TEST_PG database (or `url`); 0 when it succeeded. */
static int pg_sql(const char *url, const char *sql)
{
    PGconn *c = PQconnectdb(url ? url : pg_url);
    int ok = PQstatus(c) == CONNECTION_OK;
    if (ok) {
        PGresult *r = PQexec(c, sql);
        ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
        if (!ok)
            fprintf(stderr, "test_store: %s: %s", sql, PQresultErrorMessage(r));
        PQclear(r);
    } else {
        fprintf(stderr, "test_store: cannot connect: %s", PQerrorMessage(c));
    }
    PQfinish(c);
    return ok ? 0 : -1;
}

static int setup(void **state)
{
    (void)state;
    static int n;
    if (on_pg) {
        snprintf(dbname, sizeof dbname, "ad_test_store_%d_%d", (int)getpid(), ++n);
        char sql[128];
        snprintf(sql, sizeof sql, "CREATE DATABASE %s", dbname);
        if (pg_sql(NULL, sql) < 0)
            return -1;
        url_with_db(pg_url, dbname, where, sizeof where);
    } else {
        snprintf(where, sizeof where, "/tmp/ad-test-store-%d.db", (int)getpid());
        unlink(where);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (on_pg) {
        char sql[128];
        snprintf(sql, sizeof sql, "DROP DATABASE IF EXISTS %s WITH (FORCE)", dbname);
        return pg_sql(NULL, sql) < 0 ? -1 : 0;
    }
    remove_sqlite_files(where);
    return 0;
}

/* Runs SQL on the case's store itself, beside the store (SQLite or PostgreSQL). */
static int raw_sql(const char *sql)
{
    if (on_pg)
        return pg_sql(where, sql);
    sqlite3 *db;
    int rc = sqlite3_open(where, &db) == SQLITE_OK &&
                     sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK
                 ? 0
                 : -1;
    sqlite3_close(db);
    return rc;
}

static int count_row(void *ctx, const store_table *t)
{
    (void)t;
    (*(int *)ctx)++;
    return 0;
}

static void test_a_committed_action_is_kept_across_a_reopen(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    assert_non_null(s);
    int64_t id;
    assert_int_equal(store_table_new(s, "{\"game\":\"noway\",\"players\":2,\"seed\":1}", "{}",
                                     TABLE_PLAYING, 5, &id, &e),
                     0);
    assert_int_equal(store_begin(s, &e), 0);
    assert_int_equal(store_append(s, id, 1, 1, "{\"type\":\"pass\"}", 0, 10, &e), 0);
    assert_int_equal(store_append(s, id, 2, 0, "{\"type\":\"pass\"}", 2, 1800000000000, &e), 0);
    assert_int_equal(store_commit(s, &e), 0);
    store_close(s);
    s = store_open(where, &e);
    assert_non_null(s);
    json_t *a = store_actions(s, id, &e);
    assert_int_equal(json_array_size(a), 2);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(a, 0), "seat")), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1), "by")), "time");
    /* a time in milliseconds needs 64 bits */
    assert_true(json_integer_value(json_object_get(json_array_get(a, 1), "at_ms")) ==
                1800000000000);
    json_decref(a);
    int n = 0;
    assert_int_equal(store_tables(s, TABLE_PLAYING, count_row, &n, &e), 0);
    assert_int_equal(n, 1);
    store_close(s);
}

static void test_a_rolled_back_or_uncommitted_action_is_not_kept(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id;
    assert_int_equal(store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    assert_int_equal(store_begin(s, &e), 0);
    assert_int_equal(store_append(s, id, 1, 0, "{}", 0, 0, &e), 0);
    store_rollback(s);
    assert_int_equal(store_begin(s, &e), 0);
    assert_int_equal(store_append(s, id, 1, 0, "{}", 0, 0, &e), 0);
    store_close(s); /* never committed: as a crash would leave it */
    s = store_open(where, &e);
    json_t *a = store_actions(s, id, &e);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    store_close(s);
}

static void test_a_version_stored_twice_fails_the_whole_commit(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id;
    assert_int_equal(store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    assert_int_equal(append_pass(s, id, (uint32_t[]){1, 1}, 2, &e), -1); /* no fork in the log */
    assert_int_equal(e.code, AD_E_IO);
    json_t *a = store_actions(s, id, &e);
    assert_int_equal(json_array_size(a), 0); /* the good first one went with it */
    json_decref(a);
    /* and the store goes on: the same pass without the double commits */
    assert_int_equal(append_pass(s, id, (uint32_t[]){1, 2}, 2, &e), 0);
    assert_int_equal(append_pass(s, id, (uint32_t[]){2}, 1, &e), -1);
    store_close(s);
}

static void test_an_action_that_does_not_follow_the_stored_log_is_refused(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id, other;
    assert_int_equal(store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    assert_int_equal(store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &other, &e), 0);
    assert_int_equal(append_pass(s, id, (uint32_t[]){2}, 1, &e), -1); /* a first action is v 1 */
    assert_int_equal(append_pass(s, id, (uint32_t[]){1, 2}, 2, &e), 0);
    assert_int_equal(append_pass(s, id, (uint32_t[]){4}, 1, &e), -1); /* v 3 is missing */
    assert_non_null(strstr(e.text, "does not follow"));
    assert_int_equal(append_pass(s, other, (uint32_t[]){1, 3}, 2, &e), -1);
    assert_int_equal(append_pass(s, id, (uint32_t[]){3, 4}, 2, &e), 0);
    json_t *a = store_actions(s, id, &e), *b = store_actions(s, other, &e);
    assert_int_equal(json_array_size(a), 4);
    assert_int_equal(json_array_size(b), 0);
    json_decref(a);
    json_decref(b);
    store_close(s);
}

static void test_a_player_is_found_by_the_hash_of_their_token_only(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    uint8_t h1[32] = {1, 2, 3}, h2[32] = {9}, h3[32] = {1, 2, 3, 0, 7};
    int64_t id, again;
    assert_int_equal(store_player_new(s, "Ann", h1, &id, &e), 0);
    assert_int_equal(store_player_find(s, h1, "Annie", &again, &e), 0);
    assert_int_equal(again, id);
    assert_int_equal(store_player_find(s, h2, "Bob", &again, &e), 1);
    /* every byte counts, a zero byte too (the hash is bytes, not a string) */
    assert_int_equal(store_player_find(s, h3, "Cy", &again, &e), 1);
    assert_int_equal(store_player_new(s, "Cy", h3, &again, &e), 0);
    assert_true(again != id);
    store_close(s);
}

static void test_a_store_of_a_newer_schema_is_refused_in_words(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    assert_non_null(s);
    store_close(s);
    assert_int_equal(raw_sql("UPDATE schema_version SET v = 99"), 0);
    assert_null(store_open(where, &e));
    assert_int_equal(e.code, AD_E_IO);
    assert_non_null(strstr(e.text, "schema version 99"));
}

static void test_a_database_that_cannot_be_opened_is_an_error_in_words(void **state)
{
    (void)state;
    ad_err e;
    assert_null(store_open("/nonexistent-dir/x.db", &e));
    assert_int_equal(e.code, AD_E_IO);
    assert_non_null(strstr(e.text, "/nonexistent-dir/x.db"));
}

/* The SQLite file alphadeck wrote before the store had two back ends (its
 * schema then, word for word) opens, with what it held. */
static void test_a_database_of_the_first_schema_opens_with_what_it_held(void **state)
{
    (void)state;
    assert_int_equal(
        raw_sql("CREATE TABLE schema_version(v INTEGER NOT NULL);"
                "CREATE TABLE players(id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                "  token_hash BLOB NOT NULL UNIQUE, created_ms INTEGER NOT NULL);"
                "CREATE TABLE tables(id INTEGER PRIMARY KEY, new_req TEXT NOT NULL,"
                "  meta TEXT NOT NULL, status INTEGER NOT NULL, created_ms INTEGER NOT NULL,"
                "  started_ms INTEGER NOT NULL DEFAULT 0);"
                "CREATE INDEX tables_by_status ON tables(status);"
                "CREATE TABLE actions(table_id INTEGER NOT NULL, v INTEGER NOT NULL,"
                "  seat INTEGER NOT NULL, action TEXT NOT NULL, by INTEGER NOT NULL,"
                "  at_ms INTEGER NOT NULL, PRIMARY KEY(table_id, v)) WITHOUT ROWID;"
                "INSERT INTO schema_version VALUES (1);"
                "INSERT INTO tables VALUES (7, '{}', '{}', 1, 5, 6);"
                "INSERT INTO actions VALUES (7, 1, 0, '{\"type\":\"pass\"}', 1, 9);"),
        0);
    ad_err e;
    store *s = store_open(where, &e);
    assert_non_null(s);
    json_t *a = store_actions(s, 7, &e);
    assert_int_equal(json_array_size(a), 1);
    json_decref(a);
    assert_int_equal(append_pass(s, 7, (uint32_t[]){2}, 1, &e), 0);
    store_close(s);
}

static void test_a_database_that_cannot_be_reached_is_an_error_without_its_password(void **state)
{
    (void)state;
    ad_err e;
    /* port 1 of the loopback: nothing listens there */
    assert_null(store_open("postgres://ann:SECRET-WORD@127.0.0.1:1/games?connect_timeout=2", &e));
    assert_int_equal(e.code, AD_E_IO);
    assert_non_null(strstr(e.text, "postgres://ann:***@127.0.0.1:1/games"));
    assert_null(strstr(e.text, "SECRET-WORD"));
    assert_null(store_open("postgresql://127.0.0.1:1/games?password=SECRET-WORD&x=1", &e));
    assert_null(strstr(e.text, "SECRET-WORD"));
    assert_non_null(strstr(e.text, "password=***&x=1"));
}

/* The server's connection is cut (as a database restart or a network
 * fault would): the pass under way fails, nothing of it is kept, and the
 * next one goes through on a new connection. */
static void test_a_lost_connection_fails_the_pass_and_the_next_one_reconnects(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    assert_non_null(s);
    int64_t id;
    assert_int_equal(store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    char sql[256];
    snprintf(sql, sizeof sql,
             "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '%s' "
             "AND application_name = 'alphadeck'",
             dbname);
    assert_int_equal(pg_sql(NULL, sql), 0);
    /* the server ends its backend at once; wait until it is gone */
    snprintf(sql, sizeof sql,
             "DO $$ BEGIN FOR i IN 1..100 LOOP EXIT WHEN NOT EXISTS (SELECT 1 FROM "
             "pg_stat_activity WHERE datname = '%s' AND application_name = 'alphadeck'); "
             "PERFORM pg_sleep(0.05); END LOOP; END $$",
             dbname);
    assert_int_equal(pg_sql(NULL, sql), 0);
    assert_int_equal(append_pass(s, id, (uint32_t[]){1}, 1, &e), -1);
    assert_int_equal(e.code, AD_E_IO);
    assert_int_equal(append_pass(s, id, (uint32_t[]){1, 2}, 2, &e), 0);
    json_t *a = store_actions(s, id, &e);
    assert_int_equal(json_array_size(a), 2);
    json_decref(a);
    store_close(s);
}

static int64_t wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int count_id(void *ctx, int64_t id)
{
    (void)id;
    ++*(int *)ctx;
    return 0;
}

/* A cluster's promise: one node writes a table at a time.  Node a holds
 * the lease; node b cannot take it nor append to the table until it
 * lapses, then b takes it over and a's appends are refused. */
static void test_a_table_is_written_only_by_the_node_holding_its_lease(void **state)
{
    (void)state;
    ad_err e;
    store *a = store_open(where, &e), *b = store_open(where, &e);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(store_set_node(a, "a", &e), 0);
    assert_int_equal(store_set_node(b, "b", &e), 0);
    int64_t id, now = wall_now();
    assert_int_equal(store_table_new(a, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    /* nobody holds it: it is lapsed for everyone, and a appends nothing without it */
    int n = 0;
    assert_int_equal(store_lapsed(b, now, count_id, &n, &e), 0);
    assert_int_equal(n, 1);
    assert_int_equal(append_pass(a, id, (uint32_t[]){1}, 1, &e), -1);
    assert_non_null(strstr(e.text, "lease"));
    assert_int_equal(store_lease_take(a, id, now, now + 500, &e), 0);
    assert_int_equal(append_pass(a, id, (uint32_t[]){1}, 1, &e), 0);
    /* b can neither take it nor write it while it is a's */
    assert_int_equal(store_lease_take(b, id, now, now + 500, &e), 1);
    assert_int_equal(append_pass(b, id, (uint32_t[]){2}, 1, &e), -1);
    n = 0;
    assert_int_equal(store_lease_renew(a, now, now + 500, count_id, &n, &e), 0);
    assert_int_equal(n, 1);
    /* once it lapsed (a stopped renewing), b takes it over; a's renewal no
     * longer names it and its appends are refused */
    int64_t later = now + 1000;
    n = 0;
    assert_int_equal(store_lapsed(b, later, count_id, &n, &e), 0);
    assert_int_equal(n, 1);
    assert_int_equal(store_lease_take(b, id, later, later + 60000, &e), 0);
    n = 0;
    assert_int_equal(store_lease_renew(a, later, later + 500, count_id, &n, &e), 0);
    assert_int_equal(n, 0);
    assert_int_equal(append_pass(a, id, (uint32_t[]){2}, 1, &e), -1);
    assert_int_equal(append_pass(b, id, (uint32_t[]){2}, 1, &e), 0);
    json_t *acts = store_actions(b, id, &e);
    assert_int_equal(json_array_size(acts), 2);
    json_decref(acts);
    /* the log says who wrote each version */
    char sql[200];
    snprintf(sql, sizeof sql,
             "DO $$ BEGIN IF (SELECT string_agg(node, ',' ORDER BY v) FROM actions WHERE "
             "table_id = %lld) <> 'a,b' THEN RAISE EXCEPTION 'writers'; END IF; END $$",
             (long long)id);
    assert_int_equal(pg_sql(where, sql), 0);
    /* given up, it is free at once */
    assert_int_equal(store_lease_drop(b, id, &e), 0);
    assert_int_equal(store_lease_take(a, id, later, later + 500, &e), 0);
    store_close(a);
    store_close(b);
}

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* PostgreSQL lets one commit that sent notices through at a time: each
 * holds a lock on the notice queue until it is durable.  Another session
 * (a node, or anyone) holds it here for hundreds of milliseconds by
 * committing many large notices on a channel of its own, longer than the
 * 200 ms the store waits for any other lock; a node's pass that told the
 * others of its tables waits its turn and is stored, not refused.  (The
 * other session's commit is made longer until the pass is seen to wait:
 * a fast machine's, or one the pass overtook, shows nothing.) */
static void test_a_pass_that_tells_the_other_nodes_waits_its_turn_to_commit(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    assert_non_null(s);
    assert_int_equal(store_set_node(s, "a", &e), 0);
    int64_t id, now = wall_now();
    assert_int_equal(store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    assert_int_equal(store_lease_take(s, id, now, now + 600000, &e), 0);
    PGconn *x = PQconnectdb(where);
    assert_int_equal(PQstatus(x), CONNECTION_OK);
    int64_t waited = 0;
    uint32_t v = 0;
    for (int n = 20000; n <= 160000 && waited < 300; n *= 2) {
        char sql[200];
        snprintf(sql, sizeof sql,
                 "BEGIN; SELECT count(pg_notify('elsewhere', g::text || repeat('x', 7900))) "
                 "FROM generate_series(1, %d) g",
                 n);
        PGresult *r = PQexec(x, sql);
        assert_int_equal(PQresultStatus(r), PGRES_TUPLES_OK);
        PQclear(r);
        assert_int_equal(PQsendQuery(x, "COMMIT"), 1);
        usleep(30000); /* its commit under way: the lock held while it writes the notices */
        int64_t t0 = mono_ms();
        v++;
        assert_int_equal(store_begin(s, &e), 0);
        assert_int_equal(store_append(s, id, v, 0, "{}", 0, 0, &e), 0);
        assert_int_equal(store_notify(s, "{\"t\":1}", &e), 0);
        int rc = store_commit(s, &e);
        if (rc < 0)
            fail_msg("the pass was refused after %lld ms: %s", (long long)(mono_ms() - t0),
                     e.text);
        waited = mono_ms() - t0;
        while ((r = PQgetResult(x)) != NULL) {
            assert_int_equal(PQresultStatus(r), PGRES_COMMAND_OK);
            PQclear(r);
        }
    }
    PQfinish(x);
    if (waited < 300)
        fail_msg("the other session's commit never held the notice lock 300 ms (the pass "
                 "waited %lld ms at most): nothing was shown",
                 (long long)waited);
    json_t *acts = store_actions(s, id, &e);
    assert_int_equal(json_array_size(acts), v);
    json_decref(acts);
    store_close(s);
}

struct closer {
    store *s;
    int ms;
};

static void *close_later(void *arg)
{
    struct closer *c = arg;
    usleep((useconds_t)c->ms * 1000);
    store_close(c->s);
    return NULL;
}

/* A server killed with a pass sent may have it committed after its death
 * by its session on the database: the server started after it claims the
 * store, and the claim waits for that session to end before anything is
 * read back.  Here the first server's session ends 300 ms after the
 * second claims; a node's claim is its name's, and another name's is free. */
static void test_a_servers_claim_waits_for_its_predecessors_session_to_end(void **state)
{
    (void)state;
    ad_err e;
    store *old = store_open(where, &e), *now = store_open(where, &e),
          *other = store_open(where, &e);
    assert_non_null(old);
    assert_non_null(now);
    assert_non_null(other);
    assert_int_equal(store_claim(old, &e), 0);
    assert_int_equal(store_set_node(other, "b", &e), 0);
    assert_int_equal(store_claim(other, &e), 0); /* "b" is not the lone server's name */
    pthread_t th;
    struct closer c = {old, 300};
    assert_int_equal(pthread_create(&th, NULL, close_later, &c), 0);
    int64_t t0 = mono_ms();
    assert_int_equal(store_claim(now, &e), 0);
    int64_t waited = mono_ms() - t0;
    pthread_join(th, NULL);
    if (waited < 250)
        fail_msg("the claim was had after %lld ms, before the old session ended",
                 (long long)waited);
    /* and the store is used as ever */
    int64_t id;
    assert_int_equal(store_table_new(now, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    assert_int_equal(append_pass(now, id, (uint32_t[]){1}, 1, &e), 0);
    store_close(now);
    store_close(other);
}

/* SQLite is one process's: asked to be a node of a cluster, it says why not. */
static void test_a_cluster_on_sqlite_is_refused_in_words(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    assert_non_null(s);
    assert_int_equal(store_set_node(s, "a", &e), -1);
    assert_non_null(strstr(e.text, "PostgreSQL"));
    store_close(s);
}

#define CASE(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    const struct CMUnitTest both[] = {
        CASE(test_a_committed_action_is_kept_across_a_reopen),
        CASE(test_a_rolled_back_or_uncommitted_action_is_not_kept),
        CASE(test_a_version_stored_twice_fails_the_whole_commit),
        CASE(test_an_action_that_does_not_follow_the_stored_log_is_refused),
        CASE(test_a_player_is_found_by_the_hash_of_their_token_only),
        CASE(test_a_store_of_a_newer_schema_is_refused_in_words),
    };
    const struct CMUnitTest sqlite_only[] = {
        CASE(test_a_database_that_cannot_be_opened_is_an_error_in_words),
        CASE(test_a_database_of_the_first_schema_opens_with_what_it_held),
        /* a PostgreSQL URL nothing answers: no PostgreSQL needed */
        CASE(test_a_database_that_cannot_be_reached_is_an_error_without_its_password),
        CASE(test_a_cluster_on_sqlite_is_refused_in_words),
    };
    const struct CMUnitTest pg_only[] = {
        CASE(test_a_lost_connection_fails_the_pass_and_the_next_one_reconnects),
        CASE(test_a_table_is_written_only_by_the_node_holding_its_lease),
        CASE(test_a_pass_that_tells_the_other_nodes_waits_its_turn_to_commit),
        CASE(test_a_servers_claim_waits_for_its_predecessors_session_to_end),
    };
    int failed = cmocka_run_group_tests_name("store on SQLite", both, NULL, NULL);
    failed += cmocka_run_group_tests_name("store on SQLite (its own)", sqlite_only, NULL, NULL);
    pg_url = getenv("ALPHADECK_TEST_PG");
    if (pg_url && *pg_url) {
        on_pg = 1;
        failed += cmocka_run_group_tests_name("store on PostgreSQL", both, NULL, NULL);
        failed += cmocka_run_group_tests_name("store on PostgreSQL (its own)", pg_only, NULL, NULL);
    } else {
        printf("test_store: ALPHADECK_TEST_PG is not set: the store on PostgreSQL is not tested "
               "(make test-pg tests it)\n");
    }
    return failed ? 1 : 0;
}
