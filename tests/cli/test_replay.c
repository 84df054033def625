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
    if (tu_run(cmd, &out) != 0)
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
    int status = tu_run(cmd, &out);
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
    assert_int_equal(tu_run(cmd, &out), 0);
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
    assert_int_not_equal(tu_run(cmd, &out), 0);
    if (!strstr(out, "could not write the record to") || !strstr(out, "/no/such/dir/x.json") ||
        !strstr(out, "No such file"))
        fail_msg("no clear words: %s", out);
    free(out);
    /* a data directory that is a file */
    snprintf(cmd, sizeof cmd, "XDG_DATA_HOME=/dev/null %s play noway --seed 4 < /dev/null 2>&1",
             BIN);
    assert_int_not_equal(tu_run(cmd, &out), 0);
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
        assert_non_null(strstr(a, "Cards held:"));
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

/* The cards a show lists after `label` ("Your hand", "Bea's hand") on a
 * line of their own (caller frees), or NULL when no such line. */
static char *hand_of(const char *block, const char *label)
{
    char key[48];
    snprintf(key, sizeof key, "\n  %s: ", label);
    const char *p = strstr(block, key);
    if (!p)
        return NULL;
    p += strlen(key);
    const char *end = strchr(p, '\n');
    return strndup(p, end ? (size_t)(end - p) : strlen(p));
}

static void test_a_seat_never_sees_another_seats_hand(void **state)
{
    (void)state;
    static const char *const names[] = {"Ann", "Bea", "Cal", "Dee"};
    /* saved by same_winner: the person played seat 0, "You" from above */
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
                char label[32];
                if (p == 0)
                    snprintf(label, sizeof label, "Your hand");
                else
                    snprintf(label, sizeof label, "%s's hand", names[p]);
                char *gh = hand_of(g, label); /* NULL: no cards */
                if (p == 1) { /* your own hand, as it was */
                    char *sh = hand_of(s, "Your hand");
                    assert_non_null(sh);
                    assert_string_equal(sh, gh ? gh : "");
                    free(sh);
                } else if (gh && strlen(gh) > 8 && strstr(s, gh)) {
                    fail_msg("seat 1's view holds %s's cards \"%s\":\n%s", names[p], gh, s);
                }
                free(gh);
            }
            /* nobody else's hand, and not what lies face down on the pile */
            if (strstr(s, "'s hand:") || strstr(s, "Face down"))
                fail_msg("seat 1 sees hidden cards:\n%s", s);
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
        int rc = tu_run(cmd, &out);
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
    assert_int_equal(tu_run(cmd, &out), 0);
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

/* The show of step `step` of file, seen from above (caller frees). */
static char *show_at(const char *file, int step)
{
    char walk[64];
    snprintf(walk, sizeof walk, "g %d\ns\n", step);
    char *out = replay(file, "", walk, NULL);
    char *block = show_block(out, 0);
    free(out);
    return block;
}

static void test_a_position_is_shown_as_the_line_mode_client_shows_it(void **state)
{
    (void)state;
    /* what `play --plain` prints for each game when asked for the table */
    static const struct {
        const char *game;
        int players;
        const char *marks[3];
    } games[] = {
        {"noway", 3, {"Cards held: ", "; pile ", "Ann's hand: "}},
        {"doubt", 3, {"Cards held: ", "; pile ", "Bea's hand: "}},
        {"sequence", 2, {"Chips: r red (Ann), b blue (Bea).", "Discard piles (top card):",
                         "Turn "}},
        {"liar", 3, {"The hand: ", "(25 wins); draw pile ", "draw pile"}},
        {"shout", 3, {"Table: ", "Cards won: ", "a word needs 3 cards"}},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char name[64];
        snprintf(name, sizeof name, "client-%s.json", games[i].game);
        const char *file = scratch(name);
        int n = save_bot_game(games[i].game, games[i].players, file);
        for (int k = 0; k < 3; k++) {
            char *block = show_at(file, k == 0 ? 3 : k == 1 ? n / 2 : n);
            for (int m = 0; m < 3 && k < 2; m++)
                if (!strstr(block, games[i].marks[m]))
                    fail_msg("%s: no \"%s\" in:\n%s", games[i].game, games[i].marks[m], block);
            /* never the engine's insides: no JSON, no deck, no memory fields */
            const char *body = strchr(block, '\n'); /* after the header and its prompt */
            assert_non_null(body);
            if (strpbrk(body, "{}[]") || strstr(body, "\n  held:") || strstr(body, "deck:") ||
                strstr(body, "gone:") || strstr(body, "Phase:"))
                fail_msg("%s: the engine's insides in a position:\n%s", games[i].game, block);
            /* a record from the engine names nobody "You" */
            if (strstr(block, "You"))
                fail_msg("%s: a \"You\" in a record nobody played:\n%s", games[i].game, block);
            free(block);
        }
    }
}

static void test_the_sequence_board_in_a_replay_shows_letters_and_square_names(void **state)
{
    (void)state;
    const char *file = scratch("client-board.json");
    save_bot_game("sequence", 2, file);
    char *block = show_at(file, 4);
    /* columns a-h, rows 1-6, each square its letter and its chip (or .) */
    static const char *const want[] = {"a    b    c    d    e    f    g    h", "\n   1  A ",
                                       "\n   3  Q ", "\n   6  H ", "  A "};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(block, want[i]))
            fail_msg("no \"%s\" on the board:\n%s", want[i], block);
    assert_null(strstr(block, "board:"));
    free(block);
}

static void test_a_replay_shows_no_scores_in_a_game_without_scores(void **state)
{
    (void)state;
    const char *files[] = {scratch("noway.json"), scratch("client-board.json")};
    for (size_t i = 0; i < 2; i++) {
        char *block = show_at(files[i], 5);
        if (strstr(block, "Scores") || strstr(block, "points"))
            fail_msg("a score in a game that has none:\n%s", block);
        free(block);
    }
    /* where a game has points, they are shown */
    char *block = show_at(scratch("client-liar.json"), 5);
    assert_non_null(strstr(block, "Scores: "));
    free(block);
}

static void test_the_seat_you_played_is_you_in_the_replay_as_in_play(void **state)
{
    (void)state;
    const char *file = scratch("seat2.json");
    char args[256];
    snprintf(args, sizeof args, "noway --plain --players 3 --seed 11 --seat 2 --save %s", file);
    char *out = play(args);
    char *won = line_with(out, "the game!");
    assert_non_null(won);
    free(out);
    /* the record says which seat was the person's */
    json_t *rec = json_load_file(file, 0, NULL);
    assert_non_null(rec);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(rec, "new"), "human")),
                     2);
    json_decref(rec);
    /* seen from above, seat 2 is still "You", in the position and the story */
    int n = steps_of(file);
    char walk[64];
    snprintf(walk, sizeof walk, "s\ng %d\n", n);
    out = replay(file, "", walk, NULL);
    assert_non_null(strstr(out, "seen from above; you played seat 2."));
    char *block = show_block(out, 0);
    assert_non_null(strstr(block, "Cards held: Ann "));
    assert_non_null(strstr(block, ", You "));
    assert_non_null(strstr(block, "\n  Your hand: "));
    assert_non_null(strstr(block, "\n  Ann's hand: "));
    assert_null(strstr(block, "Cal"));
    free(block);
    char *told = line_with(out, "the game!");
    assert_non_null(told);
    assert_string_equal(told, won);
    free(told);
    free(won);
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
        cmocka_unit_test(test_a_position_is_shown_as_the_line_mode_client_shows_it),
        cmocka_unit_test(test_the_sequence_board_in_a_replay_shows_letters_and_square_names),
        cmocka_unit_test(test_a_replay_shows_no_scores_in_a_game_without_scores),
        cmocka_unit_test(test_the_seat_you_played_is_you_in_the_replay_as_in_play),
    };
    int failed = cmocka_run_group_tests_name("replay", tests, NULL, NULL);
    char rm[256];
    snprintf(rm, sizeof rm, "rm -rf '%s' '%s'", data_dir, tmp_dir);
    if (tu_system(rm) != 0)
        fprintf(stderr, "test_replay: could not remove %s and %s\n", data_dir, tmp_dir);
    return failed;
}
