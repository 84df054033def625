/*
 * test_cli.c - the alphadeck command line as a person meets it: `play` in
 * plain line mode to the end of a game, and clear errors with a non-zero
 * exit for bad arguments.  Usage: test_cli PATH/TO/alphadeck
 */
#include <sys/wait.h>
#include <unistd.h>

#include "../testutil.h"

static const char *BIN;

/* Runs `sh -c cmd`, returns its exit status and its output (caller frees). */
static int run(const char *cmd, char **out)
{
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 1024) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
    }
    buf[n] = 0;
    int status = pclose(f);
    *out = buf;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void play_to_the_end(const char *args)
{
    char cmd[512], *out;
    /* "auto" lets the computer choose the human's moves too */
    snprintf(cmd, sizeof cmd, "yes auto | head -n 200000 | %s play %s 2>&1", BIN, args);
    assert_int_equal(run(cmd, &out), 0);
    if (!strstr(out, "the game!"))
        fail_msg("no result in the output of `%s`:\n%s", cmd, out + (strlen(out) > 2000 ? strlen(out) - 2000 : 0));
    assert_null(strstr(out, "unfinished"));
    free(out);
}

static void test_play_plain_plays_a_noway_game_to_the_end(void **state)
{
    (void)state;
    play_to_the_end("noway --plain --players 3 --seed 5");
}

static void test_play_plain_plays_a_doubt_match_to_the_end(void **state)
{
    (void)state;
    play_to_the_end("doubt --plain --players 4 --seed 9 --allow_pass=1 --target=10");
}

static void test_play_never_shows_another_seats_hand(void **state)
{
    (void)state;
    char cmd[256], *out;
    snprintf(cmd, sizeof cmd, "printf 'hand\\nq\\n' | %s play noway --players 2 --seed 3 --seat 1", BIN);
    assert_int_equal(run(cmd, &out), 0);
    /* seat 1 sees its own hand line and the counts, never seat 0's cards */
    assert_non_null(strstr(out, "Your hand:"));
    assert_non_null(strstr(out, "Cards held:"));
    assert_null(strstr(out, "Ann's hand"));
    free(out);
}

static void test_play_quits_cleanly_at_end_of_input_and_saves_the_record(void **state)
{
    (void)state;
    char cmd[256], *out;
    char path[] = "/tmp/alphadeck-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    snprintf(cmd, sizeof cmd, "%s play noway --seed 4 --save %s < /dev/null", BIN, path);
    assert_int_equal(run(cmd, &out), 0);
    assert_non_null(strstr(out, "unfinished"));
    free(out);
    json_t *rec = json_load_file(path, 0, NULL);
    assert_non_null(rec);
    ad_err e;
    ad_table *t = ad_table_load(rec, &e);
    assert_non_null(t);
    ad_table_free(t);
    json_decref(rec);
    unlink(path);
}

/* The sim's results without its timings, as compact JSON (caller frees). */
static char *sim_json(const char *args)
{
    char cmd[512], *out;
    snprintf(cmd, sizeof cmd, "%s sim %s --json", BIN, args);
    assert_int_equal(run(cmd, &out), 0);
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
    char *text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(j);
    return text;
}

static void test_sim_results_for_a_seed_are_the_same_whatever_jobs_is(void **state)
{
    (void)state;
    /* Shout's races, decided by the bots' reaction times, too */
    const char *games[] = {"--game noway --players 4 --bots random",
                           "--game doubt --players 3 --bots random",
                           "--game sequence --players 4 --bots random",
                           "--game liar --players 3 --bots random",
                           "--game shout --players 3 --bots random",
                           "--game shout --players 3 --bots strong,basic,random"};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char a[160], b[160];
        snprintf(a, sizeof a, "%s --games 60 --seed 11 --jobs 1", games[i]);
        snprintf(b, sizeof b, "%s --games 60 --seed 11 --jobs 3", games[i]);
        char *one = sim_json(a), *three = sim_json(b);
        assert_string_equal(one, three);
        free(one);
        free(three);
    }
}

static void test_sim_reports_win_rates_intervals_and_game_length(void **state)
{
    (void)state;
    char cmd[256], *out;
    snprintf(cmd, sizeof cmd, "%s sim --game doubt --players 2 --bots random --games 40 --seed 2 "
                              "--json", BIN);
    assert_int_equal(run(cmd, &out), 0);
    json_t *j = json_loads(out, 0, NULL);
    assert_non_null(j);
    assert_int_equal(json_integer_value(json_object_get(j, "games")), 40);
    json_t *r = json_object_get(json_object_get(j, "bots"), "random");
    double rate = json_real_value(json_object_get(r, "win_rate"));
    double lo = json_real_value(json_array_get(json_object_get(r, "ci95"), 0));
    double hi = json_real_value(json_array_get(json_object_get(r, "ci95"), 1));
    assert_true(lo <= rate && rate <= hi && lo >= 0 && hi <= 1);
    assert_true(json_real_value(json_object_get(j, "mean_moves")) > 0);
    json_decref(j);
    free(out);
    /* the chart */
    char path[] = "/tmp/alphadeck-sim-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    snprintf(cmd, sizeof cmd, "%s sim --game noway --players 3 --games 10 --svg %s", BIN, path);
    assert_int_equal(run(cmd, &out), 0);
    assert_non_null(strstr(out, "win rate"));
    free(out);
    FILE *f = fopen(path, "r");
    char head[64] = {0};
    assert_non_null(fgets(head, sizeof head, f));
    fclose(f);
    assert_non_null(strstr(head, "<svg"));
    unlink(path);
}

/* The parsed --json output of `alphadeck sim ARGS --json` (caller decrefs). */
static json_t *sim_run(const char *args)
{
    char cmd[512], *out;
    snprintf(cmd, sizeof cmd, "%s sim %s --json", BIN, args);
    assert_int_equal(run(cmd, &out), 0);
    json_t *j = json_loads(out, 0, NULL);
    if (!j)
        fail_msg("sim printed no JSON: %s", out);
    free(out);
    return j;
}

static double bot_field(const json_t *j, const char *bot, const char *field, int i)
{
    json_t *v = json_object_get(json_object_get(json_object_get(j, "bots"), bot), field);
    if (i >= 0)
        v = json_array_get(v, (size_t)i);
    if (!json_is_real(v))
        fail_msg("no %s for %s", field, bot);
    return json_real_value(v);
}

static void test_sim_reports_each_levels_share_of_the_cards_won_in_shout(void **state)
{
    (void)state;
    json_t *j = sim_run("--game shout --players 2 --bots basic,random --games 20 --seed 3");
    double sum = 0;
    const char *bots[] = {"basic", "random"};
    for (int b = 0; b < 2; b++) {
        double share = bot_field(j, bots[b], "card_share", -1);
        double lo = bot_field(j, bots[b], "card_ci95", 0), hi = bot_field(j, bots[b], "card_ci95", 1);
        assert_true(0 <= lo && lo <= share && share <= hi && hi <= 1);
        assert_true(bot_field(j, bots[b], "win_rate", -1) >= 0); /* the old fields stay */
        sum += share;
    }
    assert_true(sum > 0.999 && sum < 1.001);
    assert_true(bot_field(j, "basic", "card_share", -1) >= 0.9); /* the bar */
    json_decref(j);
    /* the table has the column; games that do not count cards have neither */
    char cmd[256], *out;
    snprintf(cmd, sizeof cmd, "%s sim --game shout --players 2 --bots basic,random --games 5",
             BIN);
    assert_int_equal(run(cmd, &out), 0);
    assert_non_null(strstr(out, "card share"));
    free(out);
    j = sim_run("--game noway --players 2 --games 5");
    assert_null(json_object_get(json_object_get(json_object_get(j, "bots"), "random"),
                                "card_share"));
    json_decref(j);
}

static void test_sim_gives_a_shout_race_to_the_bot_that_shouts_first(void **state)
{
    (void)state;
    /* strong knows every word basic knows and says it sooner: basic, asked
     * first half the time, never beats it to a word */
    json_t *j = sim_run("--game shout --players 2 --bots strong,basic --games 20 --seed 5");
    assert_true(bot_field(j, "strong", "card_share", -1) >= 0.99);
    json_decref(j);
}

static void test_bad_arguments_get_words_and_exit_2(void **state)
{
    (void)state;
    const char *bad[][2] = {
        {"play chess", "no game"},
        {"play noway --players 9", "2 to 6 players"},
        {"play noway --seat 7", "--seat"},
        {"play noway --seed x", "--seed"},
        {"play noway --decks=9", "between"},
        {"play noway --bots genius", "no bot level"},
        {"play noway --frobnicate", "unknown argument"},
        {"frobnicate", "unknown command"},
        {"bench --game chess", "no game"},
        {"engine extra", "usage"},
        {"sim --players 2", "usage"},
        {"sim --game chess --players 2", "no game"},
        {"sim --game noway --players 9", "2 to 6 players"},
        {"sim --game noway --players 2 --bots genius", "no bot level"},
        {"sim --game noway --players 2 --games 0", "--games"},
        {"sim --game noway --players 2 --speed=3", "no option"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char cmd[256], *out;
        snprintf(cmd, sizeof cmd, "%s %s < /dev/null 2>&1", BIN, bad[i][0]);
        int rc = run(cmd, &out);
        if (rc == 0 || !strstr(out, bad[i][1]))
            fail_msg("`alphadeck %s` exited %d saying: %s", bad[i][0], rc, out);
        free(out);
    }
}

/* `alphadeck rules GAME` prints the game's rules page (carried in the
 * binary, as plain text: no Markdown marks) for every game, and an unknown
 * game gets words and exit status 2. */
static void test_rules_prints_each_games_rules_page_as_plain_text(void **state)
{
    (void)state;
    const char *games[][2] = {{"noway", "NO WAY"},
                              {"doubt", "I DOUBT IT"},
                              {"sequence", "SEQUENCE LETTERS"},
                              {"liar", "LIAR"},
                              {"shout", "SHOUT A WORD"}};
    for (int i = 0; i < 5; i++) {
        char cmd[256], *out;
        snprintf(cmd, sizeof cmd, "%s rules %s", BIN, games[i][0]);
        assert_int_equal(run(cmd, &out), 0);
        if (strncmp(out, games[i][1], strlen(games[i][1])) != 0)
            fail_msg("rules %s begins: %.60s", games[i][0], out);
        assert_true(strlen(out) > 2000);
        assert_null(strstr(out, "**"));
        assert_null(strstr(out, "\n## "));
        free(out);
    }
    char cmd[256], *out;
    snprintf(cmd, sizeof cmd, "%s rules chess 2>&1", BIN);
    assert_int_equal(run(cmd, &out), 2);
    assert_non_null(strstr(out, "there is no game \"chess\""));
    free(out);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_cli PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    /* `play` saves every game: into a directory of ours, never the real home */
    char data[] = "/tmp/alphadeck-data-XXXXXX";
    if (!mkdtemp(data) || setenv("XDG_DATA_HOME", data, 1) != 0)
        return 2;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_plain_plays_a_noway_game_to_the_end),
        cmocka_unit_test(test_play_plain_plays_a_doubt_match_to_the_end),
        cmocka_unit_test(test_play_never_shows_another_seats_hand),
        cmocka_unit_test(test_play_quits_cleanly_at_end_of_input_and_saves_the_record),
        cmocka_unit_test(test_sim_results_for_a_seed_are_the_same_whatever_jobs_is),
        cmocka_unit_test(test_sim_reports_win_rates_intervals_and_game_length),
        cmocka_unit_test(test_sim_reports_each_levels_share_of_the_cards_won_in_shout),
        cmocka_unit_test(test_sim_gives_a_shout_race_to_the_bot_that_shouts_first),
        cmocka_unit_test(test_bad_arguments_get_words_and_exit_2),
        cmocka_unit_test(test_rules_prints_each_games_rules_page_as_plain_text),
    };
    int failed = cmocka_run_group_tests_name("command line", tests, NULL, NULL);
    char rm[128];
    snprintf(rm, sizeof rm, "rm -rf '%s'", data);
    if (system(rm) != 0)
        fprintf(stderr, "test_cli: could not remove %s\n", data);
    return failed;
}
