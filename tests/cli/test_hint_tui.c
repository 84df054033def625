/*
 * test_hint_tui.c - the hint on the full screen of `alphadeck play` (issue
 * 32): `h` (or `!` where letters are typed) shows the coach's hint for
 * the person's seat in the log, in every game, and changes nothing in the
 * game; in Sequence Letters the suggested card is picked and its square
 * put under the cursor, so Enter plays it.  Each game runs in a tmux pane
 * of 80x24 under `timeout`; each test's tmux server is killed after it.
 * Usage: test_hint_tui PATH/TO/alphadeck (tmux must be installed).
 */
#include <stdarg.h>
#include <time.h>
#include <unistd.h>

#include "../testutil.h"
#include "coach.h"
#include "pane.h"
#include "alphadeck/hint.h"
#include "alphadeck/records.h"

static const char *BIN;
/* `alphadeck play ARGS` in a new tmux server's 80x24 pane, the game its
 * foreground job under a time limit, then "EXITED <status>". */
static void start(const char *args)
{
    char run[1024];
    snprintf(run, sizeof run, "TERM=xterm-256color timeout --foreground -k 5 120 %s play %s; "
             "echo EXITED $?; sleep 60", BIN, args);
    pane_start("alphadeck-hint", 80, 24, run);
}

/* The screen once it holds `what`, polled up to ms; the test fails with
 * the screen when it never does. */
static char *expect(const char *what, int ms)
{
    char *s = pane_wait_for(what, ms);
    if (!s) {
        s = pane_screen();
        fail_msg("no \"%s\" on the screen within %d ms:\n%s", what, ms, s);
    }
    return s;
}


/* A game on the full screen, the keys that show it is the person's move,
 * the hint's key there, and the keys that leave (Esc first where a word
 * is typed). */
typedef struct {
    const char *args, *asked, *key, *leave;
} game_case;

static const game_case CASES[] = {
    {"noway --players 4 --seed 3", "Call \"No Way\"?", "h", "q"},
    {"doubt --players 3 --seed 8", "Call \"I doubt it\"?", "h", "q"},
    {"sequence --players 2 --seed 3", "Your turn: 1-", "h", "q"},
    {"liar --players 2 --seed 5", "letter word for", "!", "Escape"},
    {"shout --players 2 --seed 21 --deal_ms=60000", "Space: the next card now", "!", "Escape"},
};

/* Plays case c to the person's first move, presses the hint's key when
 * hint is set (then waits for it in the log), leaves, and returns the
 * screen at the hint (or NULL) and the record in path. */
static char *to_first_move(const game_case *c, int hint, const char *path)
{
    char args[512];
    unlink(path);
    snprintf(args, sizeof args, "%s --pace 0 --answer-ms 0 --save %s", c->args, path);
    start(args);
    char *s = expect(c->asked, 10000), *at = NULL;
    free(s);
    if (hint) {
        pane_keys(c->key);
        at = expect("Hint: ", 10000);
    }
    pane_keys(c->leave);
    free(expect("Leave this game?", 5000));
    pane_keys("y");
    free(expect("EXITED", 5000));
    pane_kill(NULL);
    return at;
}

/* In every game the hint's key shows "Hint: " and the coach's words for
 * the person's own seat at that position in the log, and leaving then
 * leaves the same record, byte for byte, as leaving without asking. */
static void test_the_hint_key_shows_the_coachs_words_and_changes_nothing(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char with[128], without[128], want[48];
        snprintf(with, sizeof with, "/tmp/alphadeck-hint-tui-%d-a.json", (int)getpid());
        snprintf(without, sizeof without, "/tmp/alphadeck-hint-tui-%d-b.json", (int)getpid());
        char *s = to_first_move(&CASES[i], 1, with);
        free(to_first_move(&CASES[i], 0, without));
        char *text = hint_at_end(with);
        /* the log wraps the words: their start is on the hint's first line */
        snprintf(want, sizeof want, "Hint: %.30s", text);
        if (!strstr(s, want))
            fail_msg("%s: no \"%s\" on the screen:\n%s", CASES[i].args, want, s);
        char *a = file_text(with), *b = file_text(without);
        if (strcmp(a, b) != 0)
            fail_msg("%s: the hint changed the record:\n%s\n%s", CASES[i].args, a, b);
        free(a);
        free(b);
        free(text);
        free(s);
        unlink(with);
        unlink(without);
    }
}

/* Sequence Letters: after `h` on the person's turn the suggested card is
 * picked and its square is under the cursor, so Enter plays the coach's
 * move: the log then tells the chip going onto the square it named. */
static void test_sequence_hint_puts_the_suggested_square_under_the_cursor(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "/tmp/alphadeck-hint-tui-%d-seq.json", (int)getpid());
    char args[200];
    snprintf(args, sizeof args, "sequence --players 2 --seed 3 --pace 0 --save %s", path);
    start(args);
    free(expect("Your turn: 1-", 10000));
    pane_keys("h");
    char *s = expect("Hint: Suggested: ", 10000);
    /* "Suggested: W on the Watermelon (W, g3): ..." */
    const char *on = strstr(s, "Suggested: ") + strlen("Suggested: ");
    char card[8] = "", square[80] = "", said[128];
    assert_int_equal(sscanf(on, "%7s on %79[^)])", card, square), 2);
    snprintf(said, sizeof said, "%s: Enter plays it on the square shown", card);
    free(s);
    free(expect(said, 5000));
    pane_keys("Enter");
    snprintf(said, sizeof said, "You put a red chip on %s)", square);
    free(expect(said, 5000));
    pane_keys("q");
    free(expect("Leave this game?", 5000));
    pane_keys("y");
    free(expect("EXITED", 5000));
    unlink(path);
}

/* Liar: after `!` while the person discards, the card the coach suggests
 * is under the cursor, so Enter discards it (the record says which). */
static void test_liar_hint_puts_the_suggested_discard_under_the_cursor(void **state)
{
    (void)state;
    char path[128], args[200], card[8] = "";
    snprintf(path, sizeof path, "/tmp/alphadeck-hint-tui-%d-liar.json", (int)getpid());
    snprintf(args, sizeof args, "liar --players 2 --seed 5 --pace 0 --save %s", path);
    start(args);
    free(expect("letter word for", 10000));
    pane_keys("Tab"); /* the computer announces for the person; Bea answers, then announces */
    free(expect("y: accept it", 10000));
    pane_keys("y");
    free(expect("Discard a card", 5000));
    pane_keys("!");
    char *s = expect("Suggested: discard ", 10000);
    assert_int_equal(sscanf(strstr(s, "Suggested: discard ") + 19, "%7[A-Z]", card), 1);
    free(s);
    pane_keys("Enter");
    free(expect("You draw 2 cards", 5000));
    pane_keys("Escape");
    free(expect("Leave this game?", 5000));
    pane_keys("y");
    free(expect("EXITED", 5000));
    json_t *rec = json_load_file(path, 0, NULL), *a;
    size_t i;
    const char *discarded = NULL;
    assert_non_null(rec);
    json_array_foreach(json_object_get(rec, "actions"), i, a)
        if (json_integer_value(json_object_get(a, "seat")) == 0 &&
            json_object_get(json_object_get(a, "action"), "card"))
            discarded = json_string_value(json_object_get(json_object_get(a, "action"), "card"));
    if (!discarded || strcmp(discarded, card) != 0)
        fail_msg("the coach suggested %s; the person discarded %s", card,
                 discarded ? discarded : "nothing");
    json_decref(rec);
    unlink(path);
}

/* The header names the hint's key: h where keys are commands, ! where
 * letters are typed (Liar's word). */
static void test_the_header_names_the_hint_key(void **state)
{
    (void)state;
    char args[200];
    snprintf(args, sizeof args, "noway --players 4 --seed 3 --pace 0 --save /tmp/alphadeck-hint-tui-%d-h.json",
             (int)getpid());
    start(args);
    free(expect("h: hint", 10000));
    pane_kill(NULL);
    snprintf(args, sizeof args, "liar --players 2 --seed 5 --pace 0 --save /tmp/alphadeck-hint-tui-%d-h.json",
             (int)getpid());
    start(args);
    free(expect("letter word for", 10000));
    free(expect("!: hint", 3000));
    snprintf(args, sizeof args, "/tmp/alphadeck-hint-tui-%d-h.json", (int)getpid());
    unlink(args);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_hint_tui PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    char data[] = "/tmp/alphadeck-hint-tui-data-XXXXXX"; /* never the real home */
    if (!mkdtemp(data) || setenv("XDG_DATA_HOME", data, 1) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_the_hint_key_shows_the_coachs_words_and_changes_nothing,
                                  pane_kill),
        cmocka_unit_test_teardown(test_sequence_hint_puts_the_suggested_square_under_the_cursor,
                                  pane_kill),
        cmocka_unit_test_teardown(test_liar_hint_puts_the_suggested_discard_under_the_cursor,
                                  pane_kill),
        cmocka_unit_test_teardown(test_the_header_names_the_hint_key, pane_kill),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    pane_sh("rm -rf %s", data);
    return rc;
}
