/*
 * test_records.c - the library's records (alphadeck/records.h): a record
 * saved is read back whole, a new file never replaces another, and a
 * replay's every step is the position the game had.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../testutil.h"
#include "alphadeck/records.h"

/* A No Way game of 3 seats played by random bots for `moves` actions. */
static ad_table *played(int moves, const char *seed)
{
    char req[160];
    snprintf(req, sizeof req, "{\"cmd\":\"new\",\"game\":\"noway\",\"players\":3,\"seed\":%s}", seed);
    json_t *j = json_loads(req, 0, NULL);
    ad_err e;
    ad_table *t = ad_table_new(j, &e);
    json_decref(j);
    assert_non_null(t);
    const ad_game *g = ad_table_game(t);
    void *view = malloc(g->state_size);
    ad_rng r;
    ad_rng_seed(&r, 9);
    for (int i = 0; i < moves && !g->is_over(ad_table_state(t)); i++) {
        uint32_t m = g->to_act(ad_table_state(t));
        int seat = __builtin_ctz(m);
        ad_action a;
        g->view(ad_table_state(t), seat, view);
        g->random_action(view, seat, &r, &a);
        assert_int_equal(ad_table_act(t, seat, &a, NULL, &e), 0);
    }
    free(view);
    return t;
}

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/alphadeck-records-XXXXXX");
    assert_non_null(mkdtemp(dir));
    setenv("XDG_DATA_HOME", dir, 1);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return tu_system(cmd) == 0 ? 0 : -1;
}

static void test_a_saved_record_replays_to_the_position_the_game_had(void **state)
{
    (void)state;
    ad_table *t = played(60, "5");
    json_t *rec = ad_table_record_json(t);
    char file[128], saved[256];
    snprintf(file, sizeof file, "%s/game.json", dir);
    ad_err e;
    assert_int_equal(ad_record_check(file, &e), 0);
    assert_int_equal(ad_record_save(rec, file, saved, sizeof saved, &e), 0);
    assert_string_equal(saved, file);
    ad_replay *r = ad_replay_open(file, &e);
    assert_non_null(r);
    const ad_step *steps;
    int n = ad_table_steps(t, &steps);
    assert_int_equal(ad_replay_length(r), n);
    assert_int_equal(ad_replay_goto(r, n, &e), 0);
    for (int seat = AD_GOD; seat < 3; seat++) {
        json_t *a = ad_replay_view_json(r, seat), *b = ad_table_view_json(t, seat);
        assert_true(json_equal(a, b));
        json_decref(a);
        json_decref(b);
    }
    /* back to the deal and forwards again: the same position */
    json_t *end = ad_replay_view_json(r, AD_GOD);
    assert_int_equal(ad_replay_goto(r, 0, &e), 0);
    assert_int_equal(ad_replay_goto(r, n, &e), 0);
    json_t *again = ad_replay_view_json(r, AD_GOD);
    assert_true(json_equal(end, again));
    assert_int_equal(ad_replay_goto(r, n + 1, &e), -1);
    json_decref(end);
    json_decref(again);
    ad_replay_free(r);
    json_decref(rec);
    ad_table_free(t);
}

static void test_a_new_record_never_replaces_another_and_names_its_whole_seed(void **state)
{
    (void)state;
    ad_table *t = played(10, "\"18446744073709551615\"");
    json_t *rec = ad_table_record_json(t);
    char a[512], b[512];
    ad_err e;
    assert_int_equal(ad_record_save(rec, NULL, a, sizeof a, &e), 0);
    assert_int_equal(ad_record_save(rec, NULL, b, sizeof b, &e), 0);
    assert_string_not_equal(a, b);
    assert_non_null(strstr(a, "-noway-s18446744073709551615"));
    assert_int_equal(access(a, R_OK), 0);
    assert_int_equal(access(b, R_OK), 0);
    json_decref(rec);
    ad_table_free(t);
}

static void test_a_place_that_cannot_be_written_is_refused_in_words(void **state)
{
    (void)state;
    ad_err e;
    assert_int_equal(ad_record_check("/nonexistent/dir/x.json", &e), -1);
    assert_int_equal(e.code, AD_E_IO);
    assert_non_null(strstr(e.text, "/nonexistent/dir/x.json"));
    assert_int_equal(ad_record_check(dir, &e), -1); /* a directory */
    /* a device is never replaced by the rename (as root it would be) */
    assert_int_equal(ad_record_check("/dev/null", &e), -1);
    assert_non_null(strstr(e.text, "not a regular file"));
    json_t *rec = json_pack("{s:{s:s,s:i,s:i},s:[]}", "new", "game", "noway", "players", 3, "seed",
                            1, "actions");
    char saved[64];
    assert_int_equal(ad_record_save(rec, "/dev/null", saved, sizeof saved, &e), -1);
    json_decref(rec);
    assert_null(ad_replay_open("/nonexistent/x.json", &e));
    assert_int_equal(e.code, AD_E_IO);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_saved_record_replays_to_the_position_the_game_had),
        cmocka_unit_test(test_a_new_record_never_replaces_another_and_names_its_whole_seed),
        cmocka_unit_test(test_a_place_that_cannot_be_written_is_refused_in_words),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
