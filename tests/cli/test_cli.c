/*
 * test_cli.c - the alphadeck command line as a person meets it: `play` in
 * plain line mode to the end of a game, and clear errors with a non-zero
 * exit for bad arguments.  Usage: test_cli PATH/TO/alphadeck
 */
#include <sys/wait.h>
#include <unistd.h>

#include "../testutil.h"

static const char *BIN;

static void play_to_the_end(const char *args)
{
    char cmd[512], *out;
    /* "auto" lets the computer choose the human's moves too */
    snprintf(cmd, sizeof cmd, "yes auto | head -n 200000 | %s play %s 2>&1", BIN, args);
    assert_int_equal(tu_run(cmd, &out), 0);
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
    assert_int_equal(tu_run(cmd, &out), 0);
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
    assert_int_equal(tu_run(cmd, &out), 0);
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
    assert_int_equal(tu_run(cmd, &out), 0);
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

/* sim runs each game through a director (challenge windows asked nearest
 * the claimer's left first, Shout's races by reaction time): with bots that
 * answer in windows, the results for a seed are the same on 1 and 2 jobs. */
static void test_sim_on_the_director_gives_the_same_results_on_1_and_2_jobs(void **state)
{
    (void)state;
    const char *games[] = {"--game noway --players 4 --bots basic,random",
                           "--game doubt --players 5 --bots random,basic",
                           "--game shout --players 4 --bots basic,random"};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char a[160], b[160];
        snprintf(a, sizeof a, "%s --games 40 --seed 23 --jobs 1", games[i]);
        snprintf(b, sizeof b, "%s --games 40 --seed 23 --jobs 2", games[i]);
        char *one = sim_json(a), *two = sim_json(b);
        assert_string_equal(one, two);
        free(one);
        free(two);
    }
}

static void test_sim_reports_win_rates_intervals_and_game_length(void **state)
{
    (void)state;
    char cmd[256], *out;
    snprintf(cmd, sizeof cmd, "%s sim --game doubt --players 2 --bots random --games 40 --seed 2 "
                              "--json", BIN);
    assert_int_equal(tu_run(cmd, &out), 0);
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
    assert_int_equal(tu_run(cmd, &out), 0);
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
    assert_int_equal(tu_run(cmd, &out), 0);
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
    assert_int_equal(tu_run(cmd, &out), 0);
    assert_non_null(strstr(out, "card share"));
    free(out);
    j = sim_run("--game noway --players 2 --games 5");
    assert_null(json_object_get(json_object_get(json_object_get(j, "bots"), "random"),
                                "card_share"));
    json_decref(j);
}

/* Games with a turn limit: the share of games it ended (rather than a
 * player going out) and the median turns, in --json and in the text. */
static void test_sim_reports_the_games_ended_by_the_turn_limit_and_the_median_turns(void **state)
{
    (void)state;
    json_t *j = sim_run("--game noway --players 2 --bots basic --games 20 --seed 5 --max_turns=30");
    json_t *share = json_object_get(j, "turn_limit_share"), *med = json_object_get(j, "median_turns");
    assert_true(json_is_real(share) && json_is_real(med));
    assert_int_equal(json_integer_value(json_object_get(j, "turn_limit_games")),
                     (json_int_t)(json_real_value(share) * 20 + 0.5));
    assert_true(json_real_value(share) > 0); /* 30 turns are too few for some games */
    assert_true(json_real_value(med) <= 30);
    json_decref(j);
    char cmd[256], *out;
    snprintf(cmd, sizeof cmd, "%s sim --game doubt --players 4 --bots basic --games 10 --seed 1", BIN);
    assert_int_equal(tu_run(cmd, &out), 0);
    assert_non_null(strstr(out, "ended by the turn limit: 0 of 10 games"));
    assert_non_null(strstr(out, "median game length:"));
    free(out);
    j = sim_run("--game shout --players 2 --games 2"); /* no turn limit: no such fields */
    assert_null(json_object_get(j, "turn_limit_share"));
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

/* `alphadeck serve` checks everything before it listens: a bad option is
 * told in words with exit 2, a database it cannot open with exit 1, and
 * neither starts a server. */
static void test_serve_refuses_bad_options_and_a_database_it_cannot_open(void **state)
{
    (void)state;
    const char *bad[][3] = {
        {"serve --port 99999", "--port", "2"},
        {"serve --port x", "--port", "2"},
        {"serve --port", "needs a value", "2"},
        {"serve --workers 0", "--workers", "2"},
        {"serve --web /nonexistent-folder", "not a folder", "2"},
        {"serve --ping-seconds 0", "--ping-seconds", "2"},
        {"serve --away-after 100000", "--away-after", "2"},
        {"serve --slice-us 100001", "--slice-us", "2"},
        {"serve --node n1 --db /nonexistent-folder/x.db", "PostgreSQL", "2"},
        {"serve --node '' --db postgres://127.0.0.1:1/x", "--node", "2"},
        {"serve --frobnicate 1", "unknown option", "2"},
        {"serve --db /nonexistent-folder/x.db", "cannot open the database", "1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char cmd[256], *out;
        snprintf(cmd, sizeof cmd, "%s %s < /dev/null 2>&1", BIN, bad[i][0]);
        int rc = tu_run(cmd, &out);
        if (rc != atoi(bad[i][2]) || !strstr(out, bad[i][1]) || strstr(out, "listening"))
            fail_msg("`alphadeck %s` exited %d saying: %s", bad[i][0], rc, out);
        free(out);
    }
}

/* `alphadeck loadtest` checks everything before it connects anywhere: a
 * bad option, or any host but a loopback address, is told in words with
 * exit 2 (the hosts are refused before any lookup or connection, so none of
 * these is tried). */
static void test_loadtest_refuses_bad_options_and_every_host_but_loopback(void **state)
{
    (void)state;
    const char *bad[][2] = {
        {"loadtest --clients 0", "--clients"},
        {"loadtest --clients x", "--clients"},
        {"loadtest --tables 0", "--tables"},
        {"loadtest --clients 2 --tables 3", "needs a person"},
        {"loadtest --clients 70 --tables 10", "give more --tables"},
        {"loadtest --seconds 0", "--seconds"},
        {"loadtest --setup-seconds 0", "--setup-seconds"},
        {"loadtest --rate 0", "--rate"},
        {"loadtest --rate 51", "--rate"},
        {"loadtest --rate fast", "--rate"},
        {"loadtest --game chess", "noway or doubt"},
        {"loadtest --game sequence", "noway or doubt"},
        {"loadtest --seconds", "needs a value"},
        {"loadtest --frobnicate 1", "unknown option"},
        {"loadtest --url http://127.0.0.1:8080/ws", "ws://"},
        {"loadtest --url ws://127.0.0.1:0/ws", "port"},
        {"loadtest --url ws://192.0.2.1:8080/ws", "loopback"},
        {"loadtest --url ws://10.0.0.1/ws", "loopback"},
        {"loadtest --url ws://0.0.0.0:8080/ws", "loopback"},
        {"loadtest --url ws://[::2]:8080/ws", "loopback"},
        {"loadtest --url ws://[2001:db8::1]:8080/ws", "loopback"},
        {"loadtest --url ws://example.invalid:8080/ws", "loopback"},
        {"loadtest --url ws://127.0.0.1.example.invalid/ws", "loopback"},
        {"loadtest --url ws://user@127.0.0.1:8080/ws", "no host"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char cmd[256], *out;
        snprintf(cmd, sizeof cmd, "%s %s < /dev/null 2>&1", BIN, bad[i][0]);
        int rc = tu_run(cmd, &out);
        if (rc != 2 || !strstr(out, bad[i][1]) || strstr(out, "connections:"))
            fail_msg("`alphadeck %s` exited %d saying: %s", bad[i][0], rc, out);
        free(out);
    }
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
        {"bench --words --scan fastest", "there is no scan \"fastest\""},
        {"bench --scan avx2", "--scan is for --words"},
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
        int rc = tu_run(cmd, &out);
        if (rc == 0 || !strstr(out, bad[i][1]))
            fail_msg("`alphadeck %s` exited %d saying: %s", bad[i][0], rc, out);
        free(out);
    }
}

/* Runs `alphadeck ARGS` under a time limit, stdin from /dev/null, with
 * stderr in the output; returns the exit status (caller frees *out). */
static int run_args(const char *args, char **out)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s < /dev/null 2>&1", BIN, args);
    return tu_run(cmd, out);
}

/* `alphadeck ARGS` exits with status rc, and says `words` unless NULL. */
static void expect_run(const char *args, int rc, const char *words)
{
    char *out;
    int got = run_args(args, &out);
    if (got != rc || (words && !strstr(out, words)))
        fail_msg("`alphadeck %s` exited %d (not %d) saying: %.600s", args, got, rc, out);
    free(out);
}

/* play prints seeds up to 19 digits (and any seed given to the engine, up
 * to 20): every seed reads back, in play, its record, replay and sim; one
 * more than 2^64-1 is refused, not wrapped. */
static void test_every_seed_alphadeck_prints_is_taken_back(void **state)
{
    (void)state;
    const char *seeds[] = {"9223372036854775807", "1000000000000000000",
                           "18446744073709551615"};
    for (int i = 0; i < 3; i++) {
        char path[] = "/tmp/alphadeck-seed-XXXXXX", args[256], said[64];
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        close(fd);
        snprintf(said, sizeof said, "(seed %s)", seeds[i]);
        snprintf(args, sizeof args, "play noway --plain --seed %s --save %s", seeds[i], path);
        expect_run(args, 0, said);
        snprintf(args, sizeof args, "replay %s", path);
        expect_run(args, 0, said);
        unlink(path);
        snprintf(args, sizeof args, "sim --game noway --players 2 --games 2 --seed %s", seeds[i]);
        snprintf(said, sizeof said, "seed %s,", seeds[i]);
        expect_run(args, 0, said);
    }
    expect_run("play noway --seed 18446744073709551616", 2, "must be 0 to 18446744073709551615");
    expect_run("sim --game noway --seed 18446744073709551616", 2,
               "must be 0 to 18446744073709551615");
}

/* A number too big for where it goes is refused with its range, never cut
 * down to fit (4294967366 once read as 70: 2^32 + 70). */
static void test_out_of_range_numbers_are_refused_never_wrapped(void **state)
{
    (void)state;
    expect_run("words --size 4294967366 c a t", 2, "--size must be 10 to 95");
    expect_run("words --min 4294967297 c a t", 2, "--min must be 0 to 128");
    expect_run("sim --game noway --games 4294967297", 2, "--games must be 1 to 100000000");
    expect_run("sim --game noway --jobs 4294967297", 2, "--jobs must be 1 to 256");
    expect_run("sim --game noway --players 4294967298", 2, "No Way is for 2 to 6 players");
    expect_run("sim --game noway --decks=4294967296", 2, "between 0 and 2");
    expect_run("bench --rounds 4294967297", 2, "--rounds must be 1 to 15");
    expect_run("bench --game noway --players 4294967298", 2, "noway is for 2 to 6 players");
    expect_run("play noway --players 4294967298", 2, "No Way is for 2 to 6 players");
    expect_run("play noway --seat 4294967296", 2, "--seat must be 0 to 3");
    expect_run("play noway --decks=18446744073709551617", 2, "between 0 and 2");
}

/* `genius` is no level: refused with the levels named and exit 2 by every
 * command that takes one (bench once did nothing and exited 0). */
static void test_an_unknown_bot_level_is_refused_everywhere_with_exit_2(void **state)
{
    (void)state;
    const char *args[] = {"bench --bot genius", "bench --game noway --bot genius --seconds 0.1",
                          "play noway --bots genius", "play noway --bots basic,genius,basic",
                          "sim --game noway --bots genius", "sim --game noway --bots basic,genius"};
    for (int i = 0; i < 6; i++)
        expect_run(args[i], 2, "there is no bot level \"genius\" (try: random, easy, basic, strong)");
}

/* --bots in play is one level for every computer player or exactly one
 * each; in sim 1 to N levels that take turns at the seats; no list may
 * have an empty entry. */
static void test_a_bots_list_of_the_wrong_length_or_with_an_empty_entry_is_refused(void **state)
{
    (void)state;
    const char *wrong[] = {"play noway --players 3 --bots basic,basic,basic,basic",
                           "play noway --players 3 --bots basic,basic,basic",
                           "play noway --bots basic,basic", /* 4 players: 3 bots */
                           "sim --game noway --players 2 --bots basic,basic,basic"};
    for (int i = 0; i < 4; i++)
        expect_run(wrong[i], 2, "--bots lists");
    const char *empty[] = {"play noway --bots basic,,basic", "play noway --bots basic,",
                           "play noway --bots ,basic", "play noway --bots ''",
                           "sim --game noway --bots basic,,random"};
    for (int i = 0; i < 5; i++)
        expect_run(empty[i], 2, "empty entry");
    expect_run("play noway --plain --players 3 --bots basic,strong", 0, "No Way for 3 players");
    expect_run("play noway --plain --players 3 --bots strong", 0, "No Way for 3 players");
    expect_run("sim --game noway --players 3 --bots basic,random,basic --games 3", 0, "random");
}

/* Errors say what is wrong: a word where a number goes, a number below its
 * range, sim without --players (4, as in play), and "1 job". */
static void test_errors_say_what_is_wrong(void **state)
{
    (void)state;
    expect_run("play noway --players x", 2, "--players takes a whole number");
    expect_run("sim --game noway --players x", 2, "--players takes a whole number");
    expect_run("bench --players x", 2, "--players takes a whole number");
    expect_run("play noway --seed -1", 2, "--seed must be 0 to 18446744073709551615, not -1");
    expect_run("sim --game noway --seed x", 2, "--seed takes a whole number");
    expect_run("sim --game liar --games 1", 0, "Liar, 4 players, 1 game (seed 1, 1 job,");
    expect_run("sim --game liar --games 2 --jobs 2", 0, "2 games (seed 1, 2 jobs,");
    expect_run("sim --players 2", 2, "--game is needed");
}

/* The engine reads a request of 999,999 bytes the same whether its line
 * ends in LF or CR LF: the CR is not part of the line.  One of 1,000,000
 * bytes is too long either way. */
static void test_engine_line_limit_does_not_count_the_cr_of_cr_lf(void **state)
{
    (void)state;
    char path[] = "/tmp/alphadeck-lines-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    const char *head = "{\"cmd\":\"games\",\"pad\":\"", *tail = "\"}";
    const char *ends[] = {"\n", "\r\n", "\r\n", "\n"};
    long sizes[] = {999999, 999999, 1000000, 1000000};
    for (int i = 0; i < 4; i++) {
        fputs(head, f);
        for (long k = (long)(strlen(head) + strlen(tail)); k < sizes[i]; k++)
            fputc('x', f);
        fputs(tail, f);
        fputs(ends[i], f);
    }
    fclose(f);
    char cmd[512], *out;
    snprintf(cmd, sizeof cmd, "timeout 60 %s engine < %s", BIN, path);
    assert_int_equal(tu_run(cmd, &out), 0);
    unlink(path);
    char *line = out;
    const char *want[] = {"\"ok\":true", "\"ok\":true", "line_too_long", "line_too_long"};
    for (int i = 0; i < 4; i++) {
        char *nl = strchr(line, '\n');
        assert_non_null(nl);
        *nl = 0;
        if (!strstr(line, want[i]))
            fail_msg("request %d (%ld bytes, %s): %.200s", i + 1, sizes[i],
                     ends[i][0] == '\r' ? "CR LF" : "LF", line);
        line = nl + 1;
    }
    free(out);
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
        assert_int_equal(tu_run(cmd, &out), 0);
        if (strncmp(out, games[i][1], strlen(games[i][1])) != 0)
            fail_msg("rules %s begins: %.60s", games[i][0], out);
        assert_true(strlen(out) > 2000);
        assert_null(strstr(out, "**"));
        assert_null(strstr(out, "\n## "));
        free(out);
    }
    char cmd[256], *out;
    snprintf(cmd, sizeof cmd, "%s rules chess 2>&1", BIN);
    assert_int_equal(tu_run(cmd, &out), 2);
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
        cmocka_unit_test(test_sim_on_the_director_gives_the_same_results_on_1_and_2_jobs),
        cmocka_unit_test(test_sim_reports_win_rates_intervals_and_game_length),
        cmocka_unit_test(test_sim_reports_each_levels_share_of_the_cards_won_in_shout),
        cmocka_unit_test(test_sim_reports_the_games_ended_by_the_turn_limit_and_the_median_turns),
        cmocka_unit_test(test_sim_gives_a_shout_race_to_the_bot_that_shouts_first),
        cmocka_unit_test(test_bad_arguments_get_words_and_exit_2),
        cmocka_unit_test(test_serve_refuses_bad_options_and_a_database_it_cannot_open),
        cmocka_unit_test(test_loadtest_refuses_bad_options_and_every_host_but_loopback),
        cmocka_unit_test(test_rules_prints_each_games_rules_page_as_plain_text),
        cmocka_unit_test(test_every_seed_alphadeck_prints_is_taken_back),
        cmocka_unit_test(test_out_of_range_numbers_are_refused_never_wrapped),
        cmocka_unit_test(test_an_unknown_bot_level_is_refused_everywhere_with_exit_2),
        cmocka_unit_test(test_a_bots_list_of_the_wrong_length_or_with_an_empty_entry_is_refused),
        cmocka_unit_test(test_errors_say_what_is_wrong),
        cmocka_unit_test(test_engine_line_limit_does_not_count_the_cr_of_cr_lf),
    };
    int failed = cmocka_run_group_tests_name("command line", tests, NULL, NULL);
    char rm[128];
    snprintf(rm, sizeof rm, "rm -rf '%s'", data);
    if (tu_system(rm) != 0)
        fprintf(stderr, "test_cli: could not remove %s\n", data);
    return failed;
}
