/*
 * test_replay.c - saved games and `alphadeck replay`: play saves every game
 * (in $XDG_DATA_HOME, or --save FILE), and replay steps through one forwards
 * and back to exactly the positions the game had, seen from above or from
 * one seat that never sees another's hand.  XDG_DATA_HOME is a temporary
 * directory for the whole run.  Usage: test_replay PATH/TO/alphadeck
 */
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../testutil.h"

static const char *BIN;
static char data_dir[] = "/tmp/alphadeck-replay-XXXXXX";
static char tmp_dir[] = "/tmp/alphadeck-replay-files-XXXXXX";

/* `sh -c cmd`: its exit status, and its output in *out (caller frees). */
static int run(const char *cmd, char **out)
{
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 4096)
            buf = realloc(buf, cap *= 2);
    }
    buf[n] = 0;
    int status = pclose(f);
    *out = buf;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A path in this run's scratch directory. */
static const char *scratch(const char *name)
{
    static char path[8][256];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, sizeof path[0], "%s/%s", tmp_dir, name);
    return p;
}

/* Plays a whole game with `play ARGS`, the computer choosing every move;
 * returns the output (caller frees). */
static char *play(const char *args)
{
    char cmd[512], *out;
    snprintf(cmd, sizeof cmd, "yes auto | head -n 200000 | %s play %s 2>&1", BIN, args);
    if (run(cmd, &out) != 0)
        fail_msg("`%s` failed:\n%s", cmd, out);
    return out;
}

/* Replays file with the commands given (one a line) and options; rc in *rc. */
static char *replay(const char *file, const char *opts, const char *input, int *rc)
{
    const char *in = scratch("input");
    FILE *f = fopen(in, "w");
    assert_non_null(f);
    fputs(input, f);
    fclose(f);
    char cmd[1024], *out;
    snprintf(cmd, sizeof cmd, "%s replay %s %s < %s 2>&1", BIN, file, opts, in);
    int status = run(cmd, &out);
    if (rc)
        *rc = status;
    else if (status != 0)
        fail_msg("`%s` exited %d:\n%s", cmd, status, out);
    return out;
}

/* The line of text holding `what`, copied (caller frees), or NULL. */
static char *line_with(const char *text, const char *what)
{
    const char *p = strstr(text, what);
    if (!p)
        return NULL;
    const char *start = p, *end = strchr(p, '\n');
    while (start > text && start[-1] != '\n')
        start--;
    if (!end)
        end = p + strlen(p);
    return strndup(start, (size_t)(end - start));
}

/* The nth (from 0) `show` in out: from its "Step K of N," header to the
 * next prompt (caller frees). */
static char *show_block(const char *out, int nth)
{
    const char *p = out;
    for (int i = 0; i <= nth; i++) {
        p = strstr(p, ", every hand:\n");
        if (!p)
            fail_msg("no show number %d in:\n%s", nth, out);
        if (i < nth)
            p++;
    }
    while (p > out && p[-1] != '\n')
        p--;
    const char *end = strstr(p, "\n[");
    assert_non_null(end);
    return strndup(p, (size_t)(end - p));
}

/* The same for a seat's show ("as you saw it"). */
static char *seat_block(const char *out, int nth)
{
    const char *p = out;
    for (int i = 0; i <= nth; i++) {
        p = strstr(p, ", as you saw it:\n");
        if (!p)
            fail_msg("no seat show number %d in:\n%s", nth, out);
        if (i < nth)
            p++;
    }
    while (p > out && p[-1] != '\n')
        p--;
    const char *end = strstr(p, "\n[");
    assert_non_null(end);
    return strndup(p, (size_t)(end - p));
}

/* The number of steps a record has, from replay's first line. */
static int steps_of(const char *file)
{
    char *out = replay(file, "", "q\n", NULL);
    const char *p = strstr(out, "), ");
    assert_non_null(p);
    int n = atoi(p + 3);
    free(out);
    return n;
}

static int count_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static char games_dir[512];

static void test_play_saves_every_game_under_xdg_data_home(void **state)
{
    (void)state;
    char *out = play("noway --plain --players 3 --seed 5");
    char *where = line_with(out, "The game's record is in ");
    assert_non_null(where);
    /* a name a person can read: date-time-game-seed */
    char prefix[600];
    snprintf(prefix, sizeof prefix, "The game's record is in %s/", games_dir);
    if (strncmp(where, prefix, strlen(prefix)) != 0 || !strstr(where, "-noway-s5.json"))
        fail_msg("the record is not where it belongs: %s", where);
    char path[600];
    const char *said = where + strlen("The game's record is in ");
    snprintf(path, sizeof path, "%.*s", (int)strlen(said) - 1, said); /* without the "." */
    json_t *rec = json_load_file(path, 0, NULL);
    assert_non_null(rec);
    ad_err e;
    ad_table *t = ad_table_load(rec, &e);
    assert_non_null(t);
    assert_true(ad_table_game(t)->is_over(ad_table_state(t)));
    ad_table_free(t);
    json_decref(rec);
    free(where);
    free(out);
    /* the same game again, in the same second: a second file, the first kept */
    int before = count_files(games_dir);
    free(play("noway --plain --players 3 --seed 5"));
    assert_int_equal(count_files(games_dir), before + 1);
    /* a game left unfinished is saved too */
    char cmd[256];
    snprintf(cmd, sizeof cmd, "%s play doubt --players 2 --seed 1 < /dev/null", BIN);
    assert_int_equal(run(cmd, &out), 0);
    assert_non_null(strstr(out, "unfinished"));
    assert_non_null(strstr(out, "-doubt-s1.json"));
    assert_int_equal(count_files(games_dir), before + 2);
    /* and replays: a game left before its first move */
    where = line_with(out, "The game's record is in ");
    said = where + strlen("The game's record is in ");
    snprintf(path, sizeof path, "%.*s", (int)strlen(said) - 1, said);
    free(out);
    out = replay(path, "", "", NULL);
    assert_non_null(strstr(out, "Step 0 of 0: the deal."));
    assert_non_null(strstr(out, "left unfinished"));
    free(where);
    free(out);
}

static void test_play_save_writes_the_file_named(void **state)
{
    (void)state;
    int before = count_files(games_dir);
    const char *file = scratch("named.json");
    char args[256];
    snprintf(args, sizeof args, "doubt --plain --players 3 --seed 9 --save %s", file);
    char *out = play(args);
    assert_non_null(strstr(out, file));
    assert_int_equal(count_files(games_dir), before);
    free(out);
    json_t *rec = json_load_file(file, 0, NULL);
    assert_non_null(rec);
    assert_string_equal(json_string_value(json_object_get(json_object_get(rec, "new"), "game")),
                        "doubt");
    json_decref(rec);
    /* nothing else is left in the directory: no temporary file */
    assert_int_equal(count_files(tmp_dir), 1 + (access(scratch("input"), F_OK) == 0));
}

static void test_a_record_that_cannot_be_written_is_told_and_exits_non_zero(void **state)
{
    (void)state;
    char cmd[512], *out;
    snprintf(cmd, sizeof cmd,
             "%s play noway --seed 4 --save %s/no/such/dir/x.json < /dev/null 2>&1", BIN, tmp_dir);
    assert_int_not_equal(run(cmd, &out), 0);
    if (!strstr(out, "could not write the record to") || !strstr(out, "/no/such/dir/x.json") ||
        !strstr(out, "No such file"))
        fail_msg("no clear words: %s", out);
    free(out);
    /* a data directory that is a file */
    snprintf(cmd, sizeof cmd, "XDG_DATA_HOME=/dev/null %s play noway --seed 4 < /dev/null 2>&1",
             BIN);
    assert_int_not_equal(run(cmd, &out), 0);
    if (!strstr(out, "/dev/null/alphadeck"))
        fail_msg("no clear words: %s", out);
    free(out);
}

/* Plays, saves, replays to the end: the replay tells the winner play told. */
static void same_winner(const char *game_args, const char *file)
{
    char args[512];
    snprintf(args, sizeof args, "%s --seat 0 --save %s", game_args, file);
    char *out = play(args);
    char *won = line_with(out, "the game!");
    assert_non_null(won);
    free(out);
    int n = steps_of(file);
    assert_true(n > 0);
    /* seen from seat 0: told in the same words ("You win" or "Bea wins") */
    char *input = malloc((size_t)n * 2 + 16), *p = input;
    for (int i = 0; i < n; i++)
        p += sprintf(p, "\n");
    sprintf(p, "q\n");
    out = replay(file, "--seat 0", input, NULL);
    char last[64];
    snprintf(last, sizeof last, "Step %d of %d\n", n, n);
    assert_non_null(strstr(out, last));
    char *told = line_with(out, "the game!");
    assert_non_null(told);
    assert_string_equal(told, won);
    free(told);
    free(out);
    free(input);
    free(won);
}

static void test_replay_to_the_end_tells_the_same_winner(void **state)
{
    (void)state;
    same_winner("noway --plain --players 3 --seed 5", scratch("noway.json"));
    same_winner("doubt --plain --players 4 --seed 9 --allow_pass=1 --target=10",
                scratch("doubt.json"));
}

static void test_forward_then_back_gives_the_same_position(void **state)
{
    (void)state;
    const char *file = scratch("back.json");
    char args[256];
    snprintf(args, sizeof args, "noway --plain --players 3 --seed 7 --save %s", file);
    free(play(args));
    int n = steps_of(file);
    assert_true(n > 80);
    /* across the replay's snapshots too (every 32 steps) */
    static const char *walks[] = {
        "g 10\ns\n\n\nn\np\nb\np\ns\n",
        "g 33\ns\ng 80\ng 33\ns\n",
        "g 31\ns\nn\nn\nn\np\np\np\ns\n",
        "s\ng 64\ng 0\ns\n",
    };
    for (size_t i = 0; i < sizeof walks / sizeof walks[0]; i++) {
        char *out = replay(file, "", walks[i], NULL);
        char *a = show_block(out, 0), *b = show_block(out, 1);
        assert_string_equal(a, b);
        assert_non_null(strstr(a, "cards"));
        free(a);
        free(b);
        free(out);
    }
    /* the end of the game, and back from it */
    char walk[128];
    snprintf(walk, sizeof walk, "g %d\ns\np\np\nn\nn\ns\n", n);
    char *out = replay(file, "--seat 2", walk, NULL);
    char *a = seat_block(out, 0), *b = seat_block(out, 1);
    assert_string_equal(a, b);
    free(a);
    free(b);
    free(out);
}

static void test_past_the_end_and_bad_commands_change_nothing(void **state)
{
    (void)state;
    const char *file = scratch("noway.json");
    int n = steps_of(file);
    char walk[256];
    snprintf(walk, sizeof walk, "g 5\ns\ng %d\ng\ng x\ng -2\nfrobnicate\n%s\ns\n", n + 1,
             "p p p");
    char *out = replay(file, "", walk, NULL);
    char *a = show_block(out, 0), *b = show_block(out, 1);
    assert_string_equal(a, b);
    assert_non_null(strstr(a, "Step 5 of"));
    char msg[64];
    snprintf(msg, sizeof msg, "There is no step %d", n + 1);
    assert_non_null(strstr(out, msg));
    assert_non_null(strstr(out, "g takes a step number"));
    assert_non_null(strstr(out, "Unknown command \"frobnicate\""));
    free(a);
    free(b);
    free(out);
    /* next at the end, back at the start */
    snprintf(walk, sizeof walk, "g %d\nn\ng 0\np\nhelp\n", n);
    out = replay(file, "", walk, NULL);
    assert_non_null(strstr(out, "That was the last step"));
    assert_non_null(strstr(out, "This is the start of the game"));
    assert_non_null(strstr(out, "Commands:"));
    free(out);
}

/* The cards after "NAME  K cards: " on the line of that name in a show. */
static char *hand_of(const char *block, const char *name)
{
    char key[32];
    snprintf(key, sizeof key, "\n  %-4s ", name);
    const char *p = strstr(block, key);
    if (!p)
        return NULL;
    const char *end = strchr(p + 1, '\n');
    const char *colon = memchr(p + 1, ':', (size_t)(end ? end - p - 1 : (long)strlen(p + 1)));
    if (!colon)
        return strdup("");
    return strndup(colon + 2, (size_t)(end ? end - colon - 2 : (long)strlen(colon + 2)));
}

static void test_a_seat_never_sees_another_seats_hand(void **state)
{
    (void)state;
    static const char *const names[] = {"Ann", "Bea", "Cal", "Dee"};
    const char *files[] = {scratch("noway.json"), scratch("doubt.json")};
    int players[] = {3, 4};
    for (int f = 0; f < 2; f++) {
        int n = steps_of(files[f]);
        char walk[256];
        snprintf(walk, sizeof walk, "s\ng 1\ns\ng 20\ns\ng %d\ns\ng %d\ns\n", n / 2, n);
        char *god = replay(files[f], "", walk, NULL);
        char *seat = replay(files[f], "--seat 1", walk, NULL);
        assert_null(strstr(seat, "every hand"));
        for (int k = 0; k < 5; k++) {
            char *g = show_block(god, k), *s = seat_block(seat, k);
            for (int p = 0; p < players[f]; p++) {
                char *gh = hand_of(g, names[p]);
                char *sh = hand_of(s, p == 1 ? "You" : names[p]);
                assert_non_null(gh);
                assert_non_null(sh);
                if (p == 1)
                    assert_string_equal(sh, gh); /* your own hand, as it was */
                else if (*sh)
                    fail_msg("seat 1 sees %s's hand \"%s\":\n%s", names[p], sh, s);
                if (p != 1 && strlen(gh) > 8 && strstr(s, gh))
                    fail_msg("seat 1's view holds %s's cards \"%s\":\n%s", names[p], gh, s);
                free(gh);
                free(sh);
            }
            /* what lies face down on the pile is not shown either */
            assert_null(strstr(s, "  pile:"));
            free(g);
            free(s);
        }
        free(god);
        free(seat);
    }
}

static void test_a_missing_or_damaged_file_is_an_error_in_words(void **state)
{
    (void)state;
    char good[256];
    snprintf(good, sizeof good, "%s", scratch("noway.json"));
    json_t *rec = json_load_file(good, 0, NULL);
    assert_non_null(rec);
    char *text = json_dumps(rec, JSON_COMPACT);
    json_decref(rec);
    struct {
        const char *name, *content, *words;
    } bad[] = {
        {"missing.json", NULL, "No such file"},
        {"empty.json", "", "not JSON"},
        {"garbage.json", "this is not a record", "not JSON"},
        {"half.json", "half", "not JSON"},
        {"array.json", "[1,2,3]", "a record is"},
        {"chess.json", "{\"new\":{\"game\":\"chess\",\"players\":2},\"actions\":[]}", "chess"},
        {"illegal.json",
         "{\"new\":{\"game\":\"noway\",\"players\":3,\"seed\":1},\"actions\":[{\"seat\":2,"
         "\"action\":{\"type\":\"challenge\"}}]}",
         "action 0"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *path = scratch(bad[i].name);
        if (bad[i].content) {
            FILE *f = fopen(path, "w");
            if (strcmp(bad[i].content, "half") == 0)
                fwrite(text, 1, strlen(text) / 2, f); /* a record cut short */
            else
                fputs(bad[i].content, f);
            fclose(f);
        }
        int rc;
        char *out = replay(path, "", "n\n", &rc);
        if (rc == 0 || !strstr(out, bad[i].words) || !strstr(out, bad[i].name))
            fail_msg("replaying %s exited %d saying: %s", bad[i].name, rc, out);
        free(out);
    }
    free(text);
    /* bad arguments */
    const char *args[][2] = {{"", "usage"},
                             {"--seat 3", "--seat must be 0 to 2"},
                             {"--seat x", "--seat"},
                             {"--frob", "unknown argument"}};
    for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
        char cmd[512], *out;
        snprintf(cmd, sizeof cmd, "%s replay %s %s < /dev/null 2>&1", BIN, *args[i][0] ? good : "",
                 args[i][0]);
        int rc = run(cmd, &out);
        if (rc != 2 || !strstr(out, args[i][1]))
            fail_msg("`%s` exited %d saying: %s", cmd, rc, out);
        free(out);
    }
}

/* A game of `id` between basic bots through the library (what the engine
 * runs), saved as the engine's `record` reply would give it. */
static int save_bot_game(const char *id, int players, const char *file)
{
    char req[128];
    snprintf(req, sizeof req, "{\"game\":\"%s\",\"players\":%d,\"seed\":3}", id, players);
    ad_table *t = tu_new(req);
    const ad_game *g = ad_table_game(t);
    void *view = malloc(g->state_size);
    ad_rng rng;
    ad_rng_seed(&rng, 17);
    int steps = 0;
    while (!g->is_over(ad_table_state(t)) && steps < 3000) {
        uint32_t who = g->to_act(ad_table_state(t));
        int acted = 0;
        for (int s = 0; s < players && !acted; s++) {
            if (!(who & (1u << s)))
                continue;
            ad_action a;
            ad_err e;
            g->view(ad_table_state(t), s, view);
            if (ad_bot_choose(g, view, s, "basic", &rng, &a, &e) != 0)
                continue;
            if (ad_table_act(t, s, &a, NULL, &e) < 0)
                fail_msg("%s: a bot's action failed: %s", id, e.text);
            acted = 1;
        }
        if (!acted)
            break;
        steps++;
    }
    json_t *rec = ad_table_record_json(t);
    assert_int_equal(json_dump_file(rec, file, JSON_COMPACT), 0);
    json_decref(rec);
    free(view);
    ad_table_free(t);
    return steps;
}

static void test_records_of_every_game_replay(void **state)
{
    (void)state;
    const char *games[] = {"sequence", "liar", "shout"};
    int players[] = {2, 3, 3};
    for (int i = 0; i < 3; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s.json", games[i]);
        const char *file = scratch(name);
        int n = save_bot_game(games[i], players[i], file);
        assert_true(n > 0);
        assert_int_equal(steps_of(file), n);
        char walk[128];
        snprintf(walk, sizeof walk, "g %d\ns\ng %d\nn\ns\ng %d\ns\ng %d\n", n / 2, n / 3, n / 2,
                 n);
        char *out = replay(file, "", walk, NULL);
        char *a = show_block(out, 0), *b = show_block(out, 2);
        assert_string_equal(a, b);
        free(a);
        free(b);
        /* the end tells how the game ended */
        char end[64];
        snprintf(end, sizeof end, "Step %d of %d\n", n, n);
        assert_non_null(strstr(out, end));
        if (!strstr(out, "the game!") && !strstr(out, "draw") && !strstr(out, "unfinished"))
            fail_msg("%s: the end of the record is not told:\n%s", games[i], out);
        free(out);
        out = replay(file, "--seat 1", "g 1\ns\n", NULL);
        assert_non_null(strstr(out, "as you saw it"));
        free(out);
    }
    /* and one made by `alphadeck engine` itself */
    const char *file = scratch("engine.json");
    char cmd[1024], *out;
    snprintf(cmd, sizeof cmd,
             "printf '%%s\\n' '{\"cmd\":\"new\",\"game\":\"noway\",\"players\":2,\"dealer\":0,"
             "\"deck\":[\"A\",\"C\",\"K\",\"B\"]}' "
             "'{\"cmd\":\"act\",\"seat\":1,\"action\":{\"type\":\"play\",\"cards\":[\"A\"],"
             "\"say\":\"A\"}}' '{\"cmd\":\"act\",\"seat\":0,\"action\":{\"type\":\"challenge\"}}' "
             "'{\"cmd\":\"record\"}' | %s engine | tail -n 1",
             BIN);
    assert_int_equal(run(cmd, &out), 0);
    json_t *reply = json_loads(out, 0, NULL);
    assert_non_null(reply);
    assert_int_equal(json_dump_file(json_object_get(reply, "record"), file, 0), 0);
    json_decref(reply);
    free(out);
    out = replay(file, "", "n\nn\ns\n", NULL);
    assert_non_null(strstr(out, "Step 2 of 2"));
    assert_non_null(strstr(out, "Ann calls \"No Way!\""));
    assert_non_null(strstr(out, "the claim was true"));
    free(out);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_replay PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    if (!mkdtemp(data_dir) || !mkdtemp(tmp_dir) || setenv("XDG_DATA_HOME", data_dir, 1) != 0)
        return 2;
    snprintf(games_dir, sizeof games_dir, "%s/alphadeck/games", data_dir);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_saves_every_game_under_xdg_data_home),
        cmocka_unit_test(test_play_save_writes_the_file_named),
        cmocka_unit_test(test_a_record_that_cannot_be_written_is_told_and_exits_non_zero),
        cmocka_unit_test(test_replay_to_the_end_tells_the_same_winner),
        cmocka_unit_test(test_forward_then_back_gives_the_same_position),
        cmocka_unit_test(test_past_the_end_and_bad_commands_change_nothing),
        cmocka_unit_test(test_a_seat_never_sees_another_seats_hand),
        cmocka_unit_test(test_a_missing_or_damaged_file_is_an_error_in_words),
        cmocka_unit_test(test_records_of_every_game_replay),
    };
    int failed = cmocka_run_group_tests_name("replay", tests, NULL, NULL);
    char rm[256];
    snprintf(rm, sizeof rm, "rm -rf '%s' '%s'", data_dir, tmp_dir);
    if (system(rm) != 0)
        fprintf(stderr, "test_replay: could not remove %s and %s\n", data_dir, tmp_dir);
    return failed;
}
