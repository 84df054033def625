/*
 * test_tui_claim_details.c - the full-screen terminal's details for a
 * family (issue 31): I Doubt It's hand shows the suits' signs (A♦, 10♥),
 * as the browser does, not "AD" and "10H"; No Way's letters stay letters,
 * and naming another letter than the call is said to be a bluff anyone
 * may call.  Each game runs in a tmux server of its own under a time
 * limit, killed after the test, passed or failed.
 * Usage: test_tui_claim_details PATH/TO/alphadeck
 */
#include <stdarg.h>
#include <time.h>
#include <unistd.h>

#include "../testutil.h"
#include "pane.h"

static const char *BIN;

/* The line of the screen that holds `what`, once it shows (caller frees),
 * polled until a deadline; NULL if it never does. */
static char *line_once_shown(const char *what, int ms)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tmux -L %s capture-pane -p -t play 2>/dev/null", pane_sock);
    for (int waited = 0; waited <= ms; waited += 100) {
        FILE *f = tu_popen(cmd, "r");
        char *s = f ? tu_read_all(f) : NULL;
        if (f)
            pclose(f);
        char *at = s ? strstr(s, what) : NULL;
        if (at) {
            char *end = strchr(at, '\n');
            char *line = strndup(at, end ? (size_t)(end - at) : strlen(at));
            free(s);
            return line;
        }
        free(s);
        struct timespec ts = {0, 100 * 1000000L};
        nanosleep(&ts, NULL);
    }
    return NULL;
}

static void start(const char *game)
{
    char run[1024];
    snprintf(run, sizeof run, "TERM=xterm-256color LANG=C.UTF-8 timeout --foreground -k 5 60 %s "
             "play %s --players 2 --seed 5 --pace 0 --save /tmp/alphadeck-suits.json; sleep 60",
             BIN, game);
    pane_start("alphadeck-claim-details", 100, 30, run);
}

static void test_the_full_screen_hand_of_i_doubt_it_shows_suit_signs(void **state)
{
    (void)state;
    start("doubt");
    char *hand = line_once_shown("Your hand (", 10000);
    assert_non_null(hand);
    /* seed 5 deals seat 0 the A of diamonds and the 10 of hearts */
    if (!strstr(hand, "A\u2666") || !strstr(hand, "10\u2665") || strstr(hand, "AD ") ||
        strstr(hand, "10H"))
        fail_msg("the hand: %s", hand);
    free(hand);
    unlink("/tmp/alphadeck-suits.json");
}

static void test_the_full_screen_hand_of_no_way_shows_plain_letters(void **state)
{
    (void)state;
    start("noway");
    char *hand = line_once_shown("Your hand (", 10000);
    assert_non_null(hand);
    if (strstr(hand, "\u2665") || strstr(hand, "\u2660") || !strstr(hand, " A "))
        fail_msg("the hand: %s", hand);
    free(hand);
    unlink("/tmp/alphadeck-suits.json");
}

/* seed 5: Bea plays first and says "one A"; the call is then B, for you */
static void test_the_full_screen_no_way_names_a_bluff_when_the_letter_said_is_not_the_call(
    void **state)
{
    (void)state;
    start("noway");
    char *s = line_once_shown("Call \"No Way\"?", 10000);
    assert_non_null(s);
    free(s);
    pane_keys("n");
    free(line_once_shown("Your turn: space picks", 10000));
    pane_keys("Space Enter");
    s = line_once_shown("Lay them down saying \"one B\"?", 5000);
    assert_non_null(s);
    assert_null(strstr(s, "bluff"));
    free(s);
    pane_keys("z");
    s = line_once_shown("\"one Z\" is not the call: that is a bluff: anyone may call it.", 5000);
    assert_non_null(s);
    free(s);
    pane_keys("b"); /* the call again: no bluff */
    s = line_once_shown("Lay them down saying \"one B\"?", 5000);
    assert_non_null(s);
    free(s);
    unlink("/tmp/alphadeck-suits.json");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_tui_claim_details PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    if (system("tmux -V > /dev/null 2>&1") != 0) {
        printf("tmux is missing: skipped\n");
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_the_full_screen_hand_of_i_doubt_it_shows_suit_signs,
                                  pane_kill),
        cmocka_unit_test_teardown(test_the_full_screen_hand_of_no_way_shows_plain_letters,
                                  pane_kill),
        cmocka_unit_test_teardown(
            test_the_full_screen_no_way_names_a_bluff_when_the_letter_said_is_not_the_call,
            pane_kill),
    };
    return cmocka_run_group_tests_name("tui claim details", tests, NULL, NULL);
}
