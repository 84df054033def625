/*
 * test_store_cost.c - the SQLite store's cheaper commit (issue 33, p2):
 * an action that follows one the store itself committed, or appended
 * just before in the same transaction, is stored without reading the log
 * to check it, and what was rolled back or written by another opening of
 * the store is never vouched for (a gap or a fork is refused as before);
 * the WAL is copied into the database file once it holds 4,000 pages, not
 * SQLite's 1,000, and grows no further than that and one commit; a
 * commit's pages go to the WAL in one write (store_wal.c), and what that
 * keeps in memory is never lost or stale: a commit is on disk when it
 * returns (a process killed right after keeps it, one killed mid-pass
 * keeps nothing of that pass), and a transaction larger than SQLite's
 * cache, which reads back what it wrote, stores every byte.  A busy
 * table's next actions wait in actions_recent in their order: kept when
 * the store closes with them there, read with the log, moved into it by
 * a later commit, and never stored twice for one version, by this
 * opening or another (round fourteen).  A commit that only overwrites
 * bytes of the WAL already on disk syncs its pages and flushes the disk,
 * with no metadata, where the file system allows it (round twenty-five).
 */
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "../testutil.h"
#include "server/store.h"
#include "server/store_backend.h"
#include "store_util.h"

static char where[128];

static int setup(void **state)
{
    (void)state;
    snprintf(where, sizeof where, "/tmp/ad-test-store-cost-%d.db", (int)getpid());
    unlink(where);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    remove_sqlite_files(where);
    return 0;
}

static int64_t new_table(store *s)
{
    ad_err e;
    int64_t id;
    assert_int_equal(store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    return id;
}

static void test_an_action_after_one_this_store_stored_is_kept_without_reading_the_log(
    void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id = new_table(s), other = new_table(s);
    assert_int_equal(append_pass(s, id, (uint32_t[]){1, 2, 3}, 3, &e), 0); /* after its own appends */
    assert_int_equal(append_pass(s, other, (uint32_t[]){1}, 1, &e), 0);
    assert_int_equal(append_pass(s, id, (uint32_t[]){4}, 1, &e), 0); /* after a commit */
    assert_int_equal(append_pass(s, id, (uint32_t[]){5, 6}, 2, &e), 0);
    assert_int_equal(append_pass(s, other, (uint32_t[]){2}, 1, &e), 0);
    assert_int_equal(ad_store_log_reads(s), 0);
    json_t *a = store_actions(s, id, &e);
    assert_int_equal(json_array_size(a), 6);
    json_decref(a);
    store_close(s);
}

static void test_a_rolled_back_action_is_not_vouched_for(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id = new_table(s);
    assert_int_equal(append_pass(s, id, (uint32_t[]){1}, 1, &e), 0);
    assert_int_equal(store_begin(s, &e), 0);
    assert_int_equal(store_append(s, id, 2, 0, "{}", 0, 0, &e), 0);
    store_rollback(s);
    assert_int_equal(append_pass(s, id, (uint32_t[]){3}, 1, &e), -1); /* 2 is not in the log */
    assert_non_null(strstr(e.text, "does not follow"));
    /* a pass that failed at an append leaves nothing vouched for either */
    assert_int_equal(append_pass(s, id, (uint32_t[]){2, 4}, 2, &e), -1);
    assert_int_equal(append_pass(s, id, (uint32_t[]){3}, 1, &e), -1);
    assert_int_equal(append_pass(s, id, (uint32_t[]){2, 3}, 2, &e), 0);
    assert_int_equal(append_pass(s, id, (uint32_t[]){3}, 1, &e), -1); /* and no fork */
    json_t *a = store_actions(s, id, &e);
    assert_int_equal(json_array_size(a), 3);
    json_decref(a);
    store_close(s);
}

static void test_what_another_opening_of_the_store_wrote_is_read_not_guessed(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e), *t = store_open(where, &e);
    assert_non_null(t);
    int64_t id = new_table(s);
    assert_int_equal(append_pass(s, id, (uint32_t[]){1, 2}, 2, &e), 0);
    assert_int_equal(append_pass(t, id, (uint32_t[]){3, 4}, 2, &e), 0);
    assert_int_equal(append_pass(s, id, (uint32_t[]){3}, 1, &e), -1); /* a fork: refused */
    assert_int_equal(append_pass(s, id, (uint32_t[]){6}, 1, &e), -1); /* a gap: refused */
    assert_int_equal(append_pass(s, id, (uint32_t[]){5}, 1, &e), 0);  /* read, and follows */
    assert_true(ad_store_log_reads(s) >= 1);
    json_t *a = store_actions(t, id, &e);
    assert_int_equal(json_array_size(a), 5);
    json_decref(a);
    store_close(t);
    store_close(s);
}

static long long file_size(const char *suffix)
{
    char p[160];
    snprintf(p, sizeof p, "%s%s", where, suffix);
    struct stat st;
    return stat(p, &st) == 0 ? (long long)st.st_size : 0;
}

/* `passes` commits of 40 actions, each near a page of its own (3,000
 * bytes), on 40 tables: 40 to 120 pages a commit; stops early once the WAL
 * holds `pages` (0: never).  Returns the WAL's largest size after a commit. */
static long long commits(store *s, const int64_t *id, uint32_t *v, int passes, long long pages)
{
    static char action[3000];
    memset(action, 'x', sizeof action - 1);
    ad_err e;
    long long most = 0;
    for (int i = 0; i < passes && !(pages && most >= pages * (4096 + 24)); i++) {
        assert_int_equal(store_begin(s, &e), 0);
        for (int t = 0; t < 40; t++)
            assert_int_equal(store_append(s, id[t], ++v[t], 0, action, 0, 0, &e), 0);
        assert_int_equal(store_commit(s, &e), 0);
        long long now = file_size("-wal");
        most = now > most ? now : most;
    }
    return most;
}

static void test_the_wal_is_copied_into_the_database_at_4000_pages_and_grows_no_further(
    void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id[40];
    uint32_t v[40] = {0};
    for (int t = 0; t < 40; t++)
        id[t] = new_table(s);
    assert_true(commits(s, id, v, 100, 1500) >= 1500 * (4096 + 24));
    /* past SQLite's 1,000 pages: nothing copied yet, the database file as made */
    assert_true(file_size("") < 100 * 4096);
    /* 6,000 pages more: copied, and the WAL reused from its start */
    long long most = commits(s, id, v, 150, 0);
    assert_true(file_size("") > 1000 * 4096);
    /* 4,000 pages and the commit that passed them (at most 3 pages an action here) */
    assert_true(most <= (4000 + 3 * 40) * (4096 + 24) + 32);
    store_close(s);
}

/* Waits (20 s at most) for the checkpoints' thread to have copied the WAL
 * n times. */
static void wait_for_checkpoints(store *s, long long n)
{
    for (int i = 0; i < 2000 && ad_store_checkpoints(s) < n; i++)
        usleep(10000);
    assert_true(ad_store_checkpoints(s) >= n);
}

static void test_the_checkpoints_thread_copies_the_wal_beside_the_commits_and_it_starts_over(
    void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    assert_int_equal(ad_store_checkpoints(s), -1); /* a store copies in its commits unless asked */
    assert_int_equal(store_checkpointer(s, &e), 0);
    assert_int_equal(ad_store_checkpoints(s), 0);
    int64_t id[40];
    uint32_t v[40] = {0};
    for (int t = 0; t < 40; t++)
        id[t] = new_table(s);
    long long full = commits(s, id, v, 200, 4000);
    assert_true(full >= 4000 * (4096 + 24));
    wait_for_checkpoints(s, 1);
    assert_true(file_size("") > 1000 * 4096); /* copied into the database */
    /* the next commits start the WAL over from its beginning: ten of them
     * (some 1,500 pages, less than would wake the thread again), and the
     * file is no larger, nor the database */
    long long db = file_size("");
    commits(s, id, v, 10, 0);
    assert_true(file_size("-wal") == full);
    assert_true(file_size("") == db);
    assert_int_equal(ad_store_checkpoints(s), 1);
    /* a copy is no write of another opening: what the store committed is
     * still known without reading the log */
    assert_int_equal(ad_store_log_reads(s), 0);
    /* and every action is there, read back through another opening */
    store *t = store_open(where, &e);
    json_t *a = store_actions(t, id[7], &e);
    assert_int_equal(json_array_size(a), v[7]);
    json_decref(a);
    store_close(t);
    store_close(s); /* the thread stopped, the WAL copied and removed */
    assert_int_equal(file_size("-wal"), 0);
}

static void test_a_commits_pages_go_to_the_wal_in_one_write(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id[40];
    uint32_t v[40] = {0};
    for (int t = 0; t < 40; t++)
        id[t] = new_table(s);
    commits(s, id, v, 1, 0);
    long long size = file_size("-wal"), before = ad_store_wal_writes();
    commits(s, id, v, 1, 0); /* 40 to 120 pages, less than 120 KiB a write */
    long long grew = file_size("-wal") - size, made = ad_store_wal_writes() - before;
    assert_true(grew >= 40 * (4096 + 24));
    assert_true(made >= 1 && made <= (grew + (120 << 10) - 1) / (120 << 10));
    store_close(s);
}

static void sql(sqlite3 *db, const char *q)
{
    char *msg = NULL;
    if (sqlite3_exec(db, q, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", q, msg ? msg : "?");
}

/* The syncs of WAL files since *all and *data (both moved on): how many
 * in all, and how many of those wrote only pages and flushed. */
static long long syncs_since(long long *all, long long *data, long long *data_made)
{
    long long d, a = ad_store_wal_syncs(&d);
    long long made = a - *all;
    *data_made = d - *data;
    *all = a;
    *data = d;
    return made;
}

static void test_a_commit_over_wal_bytes_on_disk_syncs_its_pages_and_flushes_the_disk(
    void **state)
{
    (void)state;
    sqlite3 *db, *other;
    assert_non_null(ad_store_wal_vfs());
    assert_int_equal(sqlite3_open_v2(where, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                                     ad_store_wal_vfs()),
                     SQLITE_OK);
    sql(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA wal_autocheckpoint=0;"
            "CREATE TABLE t(x)");
    char wal[160];
    snprintf(wal, sizeof wal, "%s-wal", where);
    int alone = ad_store_wal_pages_alone(wal);
    long long all = 0, data = 0, made;
    syncs_since(&all, &data, &made);
    /* commits that make the WAL longer: SQLite's own syncs */
    for (int i = 0; i < 5; i++)
        sql(db, "INSERT INTO t VALUES (randomblob(3000))");
    assert_true(syncs_since(&all, &data, &made) >= 5);
    assert_int_equal(made, 0);
    /* copied into the database: the next commits start the WAL over from
     * its beginning, over bytes a sync put on disk */
    sql(db, "PRAGMA wal_checkpoint(PASSIVE)"); /* (it syncs the WAL first) */
    syncs_since(&all, &data, &made);
    for (int i = 0; i < 3; i++)
        sql(db, "INSERT INTO t VALUES (randomblob(3000))");
    long long n = syncs_since(&all, &data, &made);
    assert_true(n >= 3);
    assert_int_equal(made, alone ? n : 0); /* (elsewhere, every sync SQLite's) */
    /* the WAL made shorter by another opening: the next commit writes where
     * no sync of this opening did, and syncs the file */
    assert_int_equal(sqlite3_open_v2(where, &other, SQLITE_OPEN_READWRITE, ad_store_wal_vfs()),
                     SQLITE_OK);
    sql(other, "PRAGMA wal_checkpoint(TRUNCATE)");
    assert_int_equal(file_size("-wal"), 0);
    syncs_since(&all, &data, &made);
    sql(db, "INSERT INTO t VALUES (randomblob(3000))");
    assert_true(syncs_since(&all, &data, &made) >= 1);
    assert_int_equal(made, 0);
    /* and by this one: the same */
    for (int i = 0; i < 3; i++)
        sql(db, "INSERT INTO t VALUES (randomblob(3000))");
    sql(db, "PRAGMA wal_checkpoint(TRUNCATE)");
    syncs_since(&all, &data, &made);
    sql(db, "INSERT INTO t VALUES (randomblob(3000))");
    assert_true(syncs_since(&all, &data, &made) >= 1);
    assert_int_equal(made, 0);
    /* every row there, read through the other opening */
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(other, "SELECT count(*), sum(length(x)) FROM t", -1, &q,
                                        NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(q, 0), 13);
    assert_int_equal(sqlite3_column_int(q, 1), 13 * 3000);
    sqlite3_finalize(q);
    sqlite3_close(other);
    sqlite3_close(db);
}

/* Four pages written at the start of f, through its methods. */
static void four_pages(sqlite3_file *f, char fill)
{
    char page[4096];
    memset(page, fill, sizeof page);
    for (int k = 0; k < 4; k++)
        assert_int_equal(f->pMethods->xWrite(f, page, sizeof page, (sqlite3_int64)k << 12),
                         SQLITE_OK);
}

static void test_a_wal_made_shorter_and_written_back_to_its_length_is_synced_in_full(
    void **state)
{
    (void)state;
    sqlite3 *db;
    assert_int_equal(sqlite3_open(where, &db), SQLITE_OK); /* the database's file first */
    sql(db, "CREATE TABLE t(x)");
    sqlite3_close(db);
    char wal[160];
    snprintf(wal, sizeof wal, "%s-wal", where);
    sqlite3_vfs *vfs = sqlite3_vfs_find(ad_store_wal_vfs());
    assert_non_null(vfs);
    sqlite3_filename name = sqlite3_create_filename(where, "", wal, 0, NULL);
    sqlite3_file *f = calloc(1, (size_t)vfs->szOsFile);
    int out = 0;
    assert_non_null(name);
    assert_string_equal(sqlite3_filename_wal(name), wal);
    assert_int_equal(vfs->xOpen(vfs, sqlite3_filename_wal(name), f,
                                SQLITE_OPEN_WAL | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                                &out),
                     SQLITE_OK);
    int alone = ad_store_wal_pages_alone(wal);
    long long all = 0, data = 0, made;
    syncs_since(&all, &data, &made);
    four_pages(f, 1); /* the file made longer: a full sync */
    assert_int_equal(f->pMethods->xSync(f, SQLITE_SYNC_FULL), SQLITE_OK);
    assert_int_equal(syncs_since(&all, &data, &made), 1);
    assert_int_equal(made, 0);
    char page[4096];
    memset(page, 2, sizeof page); /* a page over the synced ones: its pages alone */
    assert_int_equal(f->pMethods->xWrite(f, page, sizeof page, 4096), SQLITE_OK);
    assert_int_equal(f->pMethods->xSync(f, SQLITE_SYNC_FULL), SQLITE_OK);
    assert_int_equal(syncs_since(&all, &data, &made), 1);
    assert_int_equal(made, alone);
    /* made shorter behind its back (no header synced first, as SQLite
     * would), then written again to the length it had: its blocks are new,
     * and the sync must put where they lie on disk */
    assert_int_equal(truncate(wal, 0), 0);
    four_pages(f, 3);
    assert_int_equal(f->pMethods->xSync(f, SQLITE_SYNC_FULL), SQLITE_OK);
    assert_int_equal(syncs_since(&all, &data, &made), 1);
    assert_int_equal(made, 0);
    assert_int_equal(file_size("-wal"), 4 * 4096);
    assert_int_equal(f->pMethods->xClose(f), SQLITE_OK);
    free(f);
    sqlite3_free_filename(name);
}

/* The child: `passes` commits of 40 actions, each told on fd once it
 * returned, then a pass begun and killed in its middle. */
static void commit_then_die(int fd, int passes)
{
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id[40];
    uint32_t v[40] = {0};
    for (int t = 0; t < 40; t++)
        store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id[t], &e);
    for (int i = 0; i < passes; i++) {
        commits(s, id, v, 1, 0);
        if (write(fd, &i, sizeof i) != sizeof i)
            _exit(2);
    }
    store_begin(s, &e);
    for (int t = 0; t < 20; t++)
        store_append(s, id[t], ++v[t], 0, "{}", 0, 0, &e);
    kill(getpid(), SIGKILL);
}

static void test_every_commit_is_kept_by_a_process_killed_after_it(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(60); /* a time limit: never hangs the suite */
        close(fds[0]);
        commit_then_die(fds[1], 30);
        _exit(3);
    }
    close(fds[1]);
    int i, told = 0, status;
    while (read(fds[0], &i, sizeof i) == sizeof i)
        told = i + 1;
    close(fds[0]);
    waitpid(pid, &status, 0);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    assert_int_equal(told, 30);
    ad_err e;
    store *s = store_open(where, &e);
    assert_non_null(s);
    for (int64_t id = 1; id <= 40; id++) {
        json_t *a = store_actions(s, id, &e);
        assert_int_equal(json_array_size(a), 30); /* every commit, nothing of the killed pass */
        json_decref(a);
    }
    store_close(s);
}

/* One pass of one action, {"n":v}, for version v of table id. */
static int act_n(store *s, int64_t id, uint32_t v, ad_err *e)
{
    char action[32];
    snprintf(action, sizeof action, "{\"n\":%u}", v);
    if (store_begin(s, e) < 0)
        return -1;
    if (store_append(s, id, v, 0, action, 0, 0, e) < 0) {
        store_rollback(s);
        return -1;
    }
    return store_commit(s, e);
}

/* The actions of table id hold n = 1 .. count, in that order. */
static void assert_log(store *s, int64_t id, size_t count)
{
    ad_err e;
    json_t *a = store_actions(s, id, &e);
    assert_non_null(a);
    assert_int_equal(json_array_size(a), count);
    for (size_t k = 0; k < count; k++)
        assert_int_equal(
            json_integer_value(json_object_get(json_object_get(json_array_get(a, k), "action"), "n")),
            (json_int_t)k + 1);
    json_decref(a);
}

/* Rows of a table of the database file, read by SQLite itself. */
static long rows_in(const char *table)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    char sql[80];
    long n = -1;
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", table);
    assert_int_equal(sqlite3_open(where, &db), SQLITE_OK);
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static void test_a_transaction_larger_than_the_cache_keeps_every_byte(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id = new_table(s);
    static char action[3000];
    assert_int_equal(store_begin(s, &e), 0);
    for (uint32_t v = 1; v <= 1500; v++) { /* some 1,500 pages: SQLite writes part before */
        snprintf(action, sizeof action, "{\"n\":%u,\"pad\":\"%2900u\"}", v, v);
        assert_int_equal(store_append(s, id, v, 0, action, 0, 0, &e), 0);
    }
    assert_int_equal(store_commit(s, &e), 0);
    store_close(s);
    s = store_open(where, &e);
    assert_log(s, id, 1500);
    store_close(s);
}

static void test_a_busy_tables_actions_wait_in_order_are_kept_and_are_moved_into_the_log(
    void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id = new_table(s), other = new_table(s);
    for (uint32_t v = 1; v <= 10; v++) /* its first into the log, the next nine wait */
        assert_int_equal(act_n(s, id, v, &e), 0);
    for (uint32_t v = 1; v <= 3; v++)
        assert_int_equal(act_n(s, other, v, &e), 0);
    assert_int_equal(rows_in("actions_recent"), 9 + 2);
    assert_log(s, id, 10);
    assert_log(s, other, 3);
    store_close(s); /* with actions waiting, as a crash leaves them */
    s = store_open(where, &e);
    assert_non_null(s);
    assert_log(s, id, 10);
    assert_int_equal(act_n(s, id, 10, &e), -1); /* stored already, though waiting */
    assert_non_null(strstr(e.text, "already"));
    assert_int_equal(act_n(s, id, 12, &e), -1);
    assert_non_null(strstr(e.text, "does not follow"));
    assert_int_equal(act_n(s, id, 11, &e), 0); /* and its commit moves them all */
    assert_int_equal(rows_in("actions_recent"), 0);
    assert_int_equal(rows_in("actions"), 11 + 3);
    assert_log(s, id, 11);
    assert_log(s, other, 3);
    store_close(s);
}

static void test_a_version_waiting_to_be_moved_is_never_stored_twice(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(where, &e);
    int64_t id = new_table(s);
    assert_int_equal(act_n(s, id, 1, &e), 0);
    assert_int_equal(act_n(s, id, 2, &e), 0); /* waits */
    assert_int_equal(rows_in("actions_recent"), 1);
    assert_int_equal(act_n(s, id, 2, &e), -1);
    /* a second opening of the file reads what waits, and the first what
     * the second stored */
    store *t = store_open(where, &e);
    assert_non_null(t);
    assert_int_equal(act_n(t, id, 2, &e), -1);
    assert_int_equal(act_n(t, id, 3, &e), 0);
    assert_int_equal(act_n(s, id, 3, &e), -1);
    assert_int_equal(act_n(s, id, 4, &e), 0);
    assert_log(s, id, 4);
    assert_log(t, id, 4);
    store_close(t);
    store_close(s);
}

#define CASE(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        CASE(test_an_action_after_one_this_store_stored_is_kept_without_reading_the_log),
        CASE(test_a_rolled_back_action_is_not_vouched_for),
        CASE(test_what_another_opening_of_the_store_wrote_is_read_not_guessed),
        CASE(test_the_wal_is_copied_into_the_database_at_4000_pages_and_grows_no_further),
        CASE(test_the_checkpoints_thread_copies_the_wal_beside_the_commits_and_it_starts_over),
        CASE(test_a_commits_pages_go_to_the_wal_in_one_write),
        CASE(test_a_commit_over_wal_bytes_on_disk_syncs_its_pages_and_flushes_the_disk),
        CASE(test_a_wal_made_shorter_and_written_back_to_its_length_is_synced_in_full),
        CASE(test_every_commit_is_kept_by_a_process_killed_after_it),
        CASE(test_a_transaction_larger_than_the_cache_keeps_every_byte),
        CASE(test_a_busy_tables_actions_wait_in_order_are_kept_and_are_moved_into_the_log),
        CASE(test_a_version_waiting_to_be_moved_is_never_stored_twice),
    };
    return cmocka_run_group_tests_name("the store's cost an action", tests, NULL, NULL);
}
