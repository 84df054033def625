/*
 * test_store.c - the server's store on SQLite (src/server/store.h): what
 * is committed is kept, across a close and a reopen; what is rolled back or
 * never committed is not; the action log keeps its order and refuses a
 * version twice; players are found by their token's hash only.
 */
#include <unistd.h>

#include "../testutil.h"
#include "server/store.h"

static char dbpath[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dbpath, sizeof dbpath, "/tmp/ad-test-store-%d.db", (int)getpid());
    unlink(dbpath);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char p[80];
    unlink(dbpath);
    snprintf(p, sizeof p, "%s-wal", dbpath);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", dbpath);
    unlink(p);
    return 0;
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
    store *s = store_open(dbpath, &e);
    assert_non_null(s);
    int64_t id;
    assert_int_equal(store_table_new(s, "{\"game\":\"noway\",\"players\":2,\"seed\":1}", "{}",
                                     TABLE_PLAYING, 5, &id, &e),
                     0);
    assert_int_equal(store_begin(s, &e), 0);
    assert_int_equal(store_append(s, id, 1, 1, "{\"type\":\"pass\"}", 0, 10, &e), 0);
    assert_int_equal(store_append(s, id, 2, 0, "{\"type\":\"pass\"}", 2, 11, &e), 0);
    assert_int_equal(store_commit(s, &e), 0);
    store_close(s);
    s = store_open(dbpath, &e);
    assert_non_null(s);
    json_t *a = store_actions(s, id, &e);
    assert_int_equal(json_array_size(a), 2);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(a, 0), "seat")), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1), "by")), "time");
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
    store *s = store_open(dbpath, &e);
    int64_t id;
    assert_int_equal(store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    assert_int_equal(store_begin(s, &e), 0);
    assert_int_equal(store_append(s, id, 1, 0, "{}", 0, 0, &e), 0);
    store_rollback(s);
    assert_int_equal(store_begin(s, &e), 0);
    assert_int_equal(store_append(s, id, 1, 0, "{}", 0, 0, &e), 0);
    store_close(s); /* never committed: as a crash would leave it */
    s = store_open(dbpath, &e);
    json_t *a = store_actions(s, id, &e);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    store_close(s);
}

static void test_a_version_stored_twice_fails_the_whole_commit(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(dbpath, &e);
    int64_t id;
    assert_int_equal(store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e), 0);
    assert_int_equal(store_begin(s, &e), 0);
    assert_int_equal(store_append(s, id, 1, 0, "{}", 0, 0, &e), 0);
    assert_int_equal(store_append(s, id, 1, 0, "{}", 0, 0, &e), -1); /* no fork in the log */
    assert_int_equal(e.code, AD_E_IO);
    store_rollback(s);
    json_t *a = store_actions(s, id, &e);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    store_close(s);
}

static void test_a_player_is_found_by_the_hash_of_their_token_only(void **state)
{
    (void)state;
    ad_err e;
    store *s = store_open(dbpath, &e);
    uint8_t h1[32] = {1, 2, 3}, h2[32] = {9};
    int64_t id, again;
    assert_int_equal(store_player_new(s, "Ann", h1, &id, &e), 0);
    assert_int_equal(store_player_find(s, h1, "Annie", &again, &e), 0);
    assert_int_equal(again, id);
    assert_int_equal(store_player_find(s, h2, "Bob", &again, &e), 1);
    store_close(s);
}

static void test_a_database_that_cannot_be_opened_is_an_error_in_words(void **state)
{
    (void)state;
    ad_err e;
    assert_null(store_open("/nonexistent-dir/x.db", &e));
    assert_int_equal(e.code, AD_E_IO);
    assert_non_null(strstr(e.text, "/nonexistent-dir/x.db"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_a_committed_action_is_kept_across_a_reopen, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_rolled_back_or_uncommitted_action_is_not_kept,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_version_stored_twice_fails_the_whole_commit, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_player_is_found_by_the_hash_of_their_token_only,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(
            test_a_database_that_cannot_be_opened_is_an_error_in_words, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
