/*
 * test_easy_sim.c - `alphadeck sim` with `child`, the model of a
 * five-year-old, against Sequence Letters' `easy` level: the results for a
 * seed are the same for every --jobs, the child wins at least half its
 * games against easy and far fewer against basic, and only `sim` takes
 * child.  Usage: test_easy_sim PATH/TO/alphadeck
 */
#include "../testutil.h"

static const char *BIN;

/* `alphadeck ARGS 2>&1`: its exit status, its output in *out. */
static int run_args(const char *args, char **out)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s %s 2>&1", BIN, args);
    return tu_run(cmd, out);
}

/* The parsed --json of `alphadeck sim ARGS --json`, without its timing
 * fields (caller decrefs). */
static json_t *sim_run(const char *args)
{
    char cmd[512], *out;
    snprintf(cmd, sizeof cmd, "sim %s --json", args);
    assert_int_equal(run_args(cmd, &out), 0);
    json_t *j = json_loads(out, 0, NULL);
    if (!j)
        fail_msg("sim printed no JSON: %s", out);
    free(out);
    const char *name;
    json_t *bot;
    json_object_foreach(json_object_get(j, "bots"), name, bot) {
        json_object_del(bot, "ms_per_decision");
        json_object_del(bot, "ms_slowest");
        json_object_del(bot, "sims_per_second");
    }
    return j;
}

static double win_rate(json_t *j, const char *level)
{
    json_t *b = json_object_get(json_object_get(j, "bots"), level);
    assert_non_null(b);
    return json_real_value(json_object_get(b, "win_rate"));
}

static void test_sim_of_child_against_easy_gives_the_same_results_for_every_jobs(void **state)
{
    (void)state;
    const char *base = "--game sequence --players 2 --bots child,easy --games 60 --seed 4";
    char args[256];
    snprintf(args, sizeof args, "%s --jobs 1", base);
    json_t *one = sim_run(args);
    for (int jobs = 2; jobs <= 4; jobs++) {
        snprintf(args, sizeof args, "%s --jobs %d", base, jobs);
        json_t *other = sim_run(args);
        if (!json_equal(one, other))
            fail_msg("--jobs %d gave other results than --jobs 1", jobs);
        json_decref(other);
    }
    json_decref(one);
}

/* The measure, on fixed seeds (so it does not depend on luck or
 * the machine): each seating is played as often (sim rotates the seats). */
static void test_the_child_wins_half_its_games_against_easy_and_far_fewer_against_basic(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 2; seed++) {
        char args[256];
        snprintf(args, sizeof args,
                 "--game sequence --players 2 --bots child,easy --games 400 --seed %d --jobs 2",
                 seed);
        json_t *easy = sim_run(args);
        snprintf(args, sizeof args,
                 "--game sequence --players 2 --bots child,basic --games 400 --seed %d --jobs 2",
                 seed);
        json_t *basic = sim_run(args);
        double against_easy = win_rate(easy, "child"), against_basic = win_rate(basic, "child");
        if (against_easy < 0.5 || against_basic > 0.2)
            fail_msg("seed %d: the child won %.1f%% against easy, %.1f%% against basic", seed,
                     100 * against_easy, 100 * against_basic);
        json_decref(easy);
        json_decref(basic);
    }
}

/* child is a model for sim: sim seats it in Sequence Letters; play, which
 * seats people's opponents, refuses it, and so does sim in a game with no
 * such model. */
static void test_sim_takes_the_child_in_sequence_and_play_and_other_games_refuse_it(void **state)
{
    (void)state;
    static const struct {
        const char *args, *words;
        int rc;
    } cases[] = {
        {"sim --game sequence --players 2 --bots child --games 2", "child", 0},
        {"play sequence --bots child", "there is no bot level \"child\"", 2},
        {"sim --game noway --players 2 --bots child,basic", "there is no bot level \"child\"", 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out;
        int rc = run_args(cases[i].args, &out);
        if (rc != cases[i].rc || !strstr(out, cases[i].words))
            fail_msg("`alphadeck %s` exited %d saying: %.400s", cases[i].args, rc, out);
        free(out);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_easy_sim PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sim_of_child_against_easy_gives_the_same_results_for_every_jobs),
        cmocka_unit_test(test_the_child_wins_half_its_games_against_easy_and_far_fewer_against_basic),
        cmocka_unit_test(test_sim_takes_the_child_in_sequence_and_play_and_other_games_refuse_it),
    };
    return cmocka_run_group_tests_name("sim: child and easy", tests, NULL, NULL);
}
