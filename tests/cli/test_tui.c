/*
 * test_tui.c - the full-screen client as a player meets it: games played
 * to the end through the keys in a tmux pane of 80x24, the screen read
 * back with capture-pane.  Usage: test_tui PATH/TO/alphadeck (tmux must be
 * installed: scripts/install-deps).
 */
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../testutil.h"

static const char *BIN;
static char SOCK[64]; /* each session its own tmux server, so none waits on another's end */
static int sessions;

static void new_socket(void)
{
    snprintf(SOCK, sizeof SOCK, "alphadeck-test-%d-%d", (int)getpid(), ++sessions);
}

static int sh(const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The pane's text now (caller frees). */
static char *screen(void)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tmux -L %s capture-pane -p -t play 2>/dev/null", SOCK);
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    size_t cap = 1 << 14, n = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0)
        n += got;
    buf[n] = 0;
    pclose(f);
    return buf;
}

static void keys(const char *k)
{
    assert_int_equal(sh("tmux -L %s send-keys -t play %s", SOCK, k), 0);
}

static void nap(int ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Waits until the screen holds `what` (up to ms); returns the screen or
 * NULL. */
static char *wait_for(const char *what, int ms)
{
    for (int waited = 0; waited <= ms; waited += 20) {
        char *s = screen();
        if (strstr(s, what))
            return s;
        free(s);
        nap(20);
    }
    return NULL;
}

/* Plays one game through the keys: on its turns the player lays the
 * call's cards (c) or, holding none, the card under the cursor (space),
 * confirms with Enter twice, and every third turn lets the computer
 * choose (a); it answers claims with y now and then, else n. */
static void play_through_the_keys(const char *game, const char *args, const char *call_word)
{
    char record[256];
    snprintf(record, sizeof record, "/tmp/alphadeck-tui-%d-%s.json", (int)getpid(), game);
    unlink(record);
    new_socket();
    assert_int_equal(sh("tmux -L %s -f /dev/null new-session -d -s play -x 80 -y 24 "
                        "'TERM=xterm-256color %s play %s %s --pace 0 --save %s; "
                        "echo EXITED $?; sleep 30'",
                        SOCK, BIN, game, args, record),
                     0);
    char ask[64];
    snprintf(ask, sizeof ask, "Call \"%s\"?", call_word);
    int turns = 0, answers = 0, done = 0;
    time_t start = time(NULL);
    while (!done && time(NULL) - start < 240) {
        char *s = screen();
        if (strstr(s, "Press Enter to finish")) {
            /* the whole table is on the screen at the end */
            assert_true(strstr(s, "the game!") || strstr(s, "drawn"));
            assert_non_null(strstr(s, "Log"));
            done = 1;
        } else if (strstr(s, ask)) {
            keys(++answers % 4 == 0 ? "y" : "n");
            free(s);
            s = NULL;
            nap(30);
        } else if (strstr(s, "Shout a word") || strstr(s, "Final window!")) {
            /* Shout: the table's cards from the screen, a word from `alphadeck words` */
            char cards[512] = "", cmd[1024], word[64] = "";
            char *row = strstr(s, "Table");
            for (int line = 0; row && line < 5; line++) {
                row = strchr(row, '\n');
                if (!row)
                    break;
                row++;
                size_t len = strlen(cards);
                const char *end = strchr(row, '\n');
                for (const char *c = row; c < end && len + 4 < sizeof cards; c++)
                    if ((*c >= 'A' && *c <= 'Z') || *c == '*' || *c == ' ')
                        cards[len++] = *c == '*' ? ' ' : *c; /* a wild: left out */
                cards[len++] = ' ';
                cards[len] = 0;
            }
            snprintf(cmd, sizeof cmd, "%s words --min 3 %s 2>/dev/null | head -1", BIN, cards);
            FILE *f = popen(cmd, "r");
            if (f && fscanf(f, "%63s", word) != 1)
                word[0] = 0;
            if (f)
                pclose(f);
            if (word[0] && strlen(cards) > 2) {
                char k[96];
                snprintf(k, sizeof k, "-l %s", word);
                keys(k);
                keys("Enter");
                turns++;
            } else if (strstr(s, "Final window!")) {
                keys("Enter"); /* pass */
            }
            free(s);
            s = NULL;
            nap(60);
        } else if (strstr(s, "letter word for")) { /* Liar: type a word of the right length */
            static const char *const words[] = {"a",     "an",     "ant",     "ants",
                                                "pants", "plants", "planets", "planters"};
            int lo = 1;
            sscanf(strstr(s, "Type a ") + 7, "%d", &lo);
            if (++turns % 3 == 0 || lo > 8) {
                keys("Tab");
            } else {
                char k[32];
                snprintf(k, sizeof k, "-l %s", words[lo - 1]);
                keys(k);
                keys("Enter");
                nap(80);
                free(s);
                s = screen();
                if (strstr(s, "Type another"))
                    keys("Tab");
            }
            free(s);
            s = NULL;
            nap(30);
        } else if (strstr(s, "says your hand spells")) {
            keys(++answers % 3 == 0 ? "n" : "y");
            free(s);
            s = NULL;
            nap(30);
        } else if (strstr(s, "Discard a card")) {
            keys("Enter");
            free(s);
            s = NULL;
            nap(30);
        } else if (strstr(s, "Your turn: 1-")) { /* Sequence: a card by number, Enter */
            char k[2] = {(char)('1' + turns++ % 4), 0};
            keys(k);
            nap(50);
            keys("Enter");
            nap(80);
            free(s);
            s = screen();
            if (strstr(s, "Your turn") || strstr(s, "dead") || strstr(s, "cannot"))
                keys("a"); /* that card could not go there: let the computer */
            free(s);
            s = NULL;
            nap(30);
        } else if (strstr(s, "Your turn")) {
            if (++turns % 3 == 0) {
                keys("a");
            } else {
                keys("c");
                nap(50);
                free(s);
                s = screen();
                if (strstr(s, "You hold no"))
                    keys("Space");
                keys("Enter");
                free(s);
                s = wait_for("Lay them down", 2000);
                assert_non_null(s);
                keys("Enter");
            }
            free(s);
            s = NULL;
            nap(30);
        } else {
            nap(20);
        }
        free(s);
    }
    if (!done) {
        char *s = screen();
        fail_msg("%s: the game did not end through the keys in 240 s; the screen:\n%s", game, s);
    }
    char *s = NULL;
    for (int tries = 0; tries < 20 && !s; tries++) { /* the result ignores keys for a moment */
        s = wait_for("EXITED 0", 300);
        if (!s)
            keys("Enter");
    }
    if (!s) {
        s = screen();
        fail_msg("%s: the client did not exit cleanly; the screen:\n%s", game, s);
    }
    free(s);
    struct stat st;
    assert_int_equal(stat(record, &st), 0); /* the record was saved */
    assert_true(st.st_size > 100);
    unlink(record);
    assert_true(turns > 0);
    sh("tmux -L %s kill-server 2>/dev/null", SOCK);
}

static void test_tui_plays_a_noway_game_to_the_end_through_the_keys(void **state)
{
    (void)state;
    play_through_the_keys("noway", "--players 3 --seed 7 --bots basic --max_turns=60", "No Way");
}

static void test_tui_plays_a_doubt_game_to_the_end_through_the_keys(void **state)
{
    (void)state;
    play_through_the_keys("doubt", "--players 3 --seed 8 --bots basic --max_turns=60", "I doubt it");
}

static void test_tui_plays_a_sequence_game_to_the_end_through_the_keys(void **state)
{
    (void)state;
    play_through_the_keys("sequence", "--players 2 --seed 9 --bots basic", "-");
}

static void test_tui_plays_a_liar_game_to_the_end_through_the_keys(void **state)
{
    (void)state;
    play_through_the_keys("liar", "--players 2 --seed 5 --bots basic --target=12", "-");
}

static void test_tui_plays_a_shout_game_to_the_end_through_the_keys(void **state)
{
    (void)state;
    play_through_the_keys("shout", "--players 2 --seed 4 --bots basic --deal_ms=100 --final_ms=500",
                          "-");
}

/* The Sequence board names each square's picture; in a UTF-8 terminal its
 * emoji too (two columns, the layout unchanged), in a plain one its name
 * alone. */
static void test_tui_sequence_board_shows_emoji_where_the_terminal_can(void **state)
{
    (void)state;
    const char *locales[] = {"C.UTF-8", "C"}, *want[] = {"A \xf0\x9f\x8d\x8e" "Appl", "A Apple"};
    for (int i = 0; i < 2; i++) {
        new_socket();
        assert_int_equal(sh("tmux -L %s -f /dev/null new-session -d -s play -x 80 -y 24 "
                            "'LC_ALL=%s TERM=xterm-256color %s play sequence --seed 3 --pace 0 "
                            "--save /tmp/alphadeck-tui-emoji.json; sleep 30'",
                            SOCK, locales[i], BIN),
                         0);
        char *s = wait_for(want[i], 5000);
        if (!s) {
            s = screen();
            fail_msg("no \"%s\" on the board in locale %s:\n%s", want[i], locales[i], s);
        }
        free(s);
        sh("tmux -L %s kill-server 2>/dev/null", SOCK);
    }
    unlink("/tmp/alphadeck-tui-emoji.json");
}

/* At 80x24 the screen holds the table, the players, the log, the hand and
 * the keys' line; ? shows the rules page and q asks before leaving. */
static void test_tui_shows_the_rules_and_asks_before_leaving(void **state)
{
    (void)state;
    new_socket();
    assert_int_equal(sh("tmux -L %s -f /dev/null new-session -d -s play -x 80 -y 24 "
                        "'TERM=xterm-256color %s play noway --players 4 --seed 3 --pace 0 "
                        "--save /tmp/alphadeck-tui-rules.json; echo EXITED $?; sleep 30'",
                        SOCK, BIN),
                     0);
    char *s = wait_for("Call \"No Way\"?", 5000);
    assert_non_null(s);
    assert_non_null(strstr(s, "No Way  -  4 players"));
    assert_non_null(strstr(s, "Table"));
    assert_non_null(strstr(s, "Dee"));
    free(s);
    keys("?");
    s = wait_for("The rules of No Way", 3000);
    assert_non_null(s);
    assert_non_null(strstr(s, "NO WAY"));
    free(s);
    keys("q");
    s = wait_for("Call \"No Way\"?", 3000);
    assert_non_null(s);
    free(s);
    keys("q");
    s = wait_for("Leave this game?", 3000);
    assert_non_null(s);
    free(s);
    keys("x"); /* stays */
    s = wait_for("Call \"No Way\"?", 3000);
    assert_non_null(s);
    free(s);
    keys("q");
    free(wait_for("Leave this game?", 3000));
    keys("y");
    s = wait_for("EXITED", 5000);
    assert_non_null(s);
    free(s);
    unlink("/tmp/alphadeck-tui-rules.json");
    sh("tmux -L %s kill-server 2>/dev/null", SOCK);
}

/* Ctrl-C in the full-screen client leaves the game as q and y do: the
 * terminal is given back, the record is written, and the exit status is
 * the shell's for an interrupt (130). */
static void test_tui_ctrl_c_leaves_and_keeps_the_record(void **state)
{
    (void)state;
    new_socket();
    unlink("/tmp/alphadeck-tui-ctrlc.json");
    assert_int_equal(sh("tmux -L %s -f /dev/null new-session -d -s play -x 80 -y 24 "
                        "'TERM=xterm-256color %s play noway --players 4 --seed 3 --pace 0 "
                        "--save /tmp/alphadeck-tui-ctrlc.json; echo EXITED $?; sleep 30'",
                        SOCK, BIN),
                     0);
    free(wait_for("Call \"No Way\"?", 5000));
    keys("C-c");
    char *s = wait_for("EXITED", 5000);
    assert_non_null(s);
    assert_non_null(strstr(s, "The game's record is in /tmp/alphadeck-tui-ctrlc.json."));
    assert_non_null(strstr(s, "EXITED 130"));
    free(s);
    assert_int_equal(access("/tmp/alphadeck-tui-ctrlc.json", R_OK), 0);
    unlink("/tmp/alphadeck-tui-ctrlc.json");
    sh("tmux -L %s kill-server 2>/dev/null", SOCK);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_tui PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    /* every game here is saved with --save; none may reach the real home */
    char data[] = "/tmp/alphadeck-tui-data-XXXXXX";
    if (!mkdtemp(data) || setenv("XDG_DATA_HOME", data, 1) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tui_shows_the_rules_and_asks_before_leaving),
        cmocka_unit_test(test_tui_ctrl_c_leaves_and_keeps_the_record),
        cmocka_unit_test(test_tui_plays_a_noway_game_to_the_end_through_the_keys),
        cmocka_unit_test(test_tui_plays_a_doubt_game_to_the_end_through_the_keys),
        cmocka_unit_test(test_tui_plays_a_sequence_game_to_the_end_through_the_keys),
        cmocka_unit_test(test_tui_sequence_board_shows_emoji_where_the_terminal_can),
        cmocka_unit_test(test_tui_plays_a_liar_game_to_the_end_through_the_keys),
        cmocka_unit_test(test_tui_plays_a_shout_game_to_the_end_through_the_keys),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    sh("rm -rf %s", data);
    return rc;
}
