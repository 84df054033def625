/*
 * test_tui.c - the full-screen client as a player meets it: games played
 * to the end through the keys in a tmux pane of 80x24, the screen read
 * back with capture-pane.  Usage: test_tui PATH/TO/alphadeck (tmux must be
 * installed: scripts/install-deps).  Every tmux command and every game
 * runs under `timeout`, and each test's tmux server is killed after it,
 * passed or failed, so no test can hang the suite.
 */
#include <signal.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../testutil.h"
#include "pane.h"

static const char *BIN;
/* A new tmux server with a session of 80x24 running `game` (alphadeck's
 * arguments, after env settings such as TERM=...), under a time limit of
 * its own, then "EXITED <status>".  The game is the pane's foreground job
 * (timeout --foreground), so it owns the terminal. */
static void start(const char *env, const char *game)
{
    char run[1024];
    /* (220 s: a game played through the keys may take most of the 240 s
     * its test waits, on a loaded machine under AddressSanitizer, where a
     * Shout turn also runs `alphadeck words`) */
    snprintf(run, sizeof run, "%s timeout --foreground -k 5 220 %s %s; echo EXITED $?; sleep 60",
             env, BIN, game);
    pane_start("alphadeck-test", 80, 24, run);
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
    char cmdline[512];
    snprintf(cmdline, sizeof cmdline, "play %s %s --pace 0 --save %s", game, args, record);
    start("TERM=xterm-256color", cmdline);
    char ask[64];
    snprintf(ask, sizeof ask, "Call \"%s\"?", call_word);
    int turns = 0, answers = 0, done = 0;
    time_t start = time(NULL);
    while (!done && time(NULL) - start < 240) {
        char *s = pane_screen();
        if (strstr(s, "EXITED")) /* ended (or was stopped) before its last screen */
            fail_msg("%s: the game ended before its end screen; the screen:\n%s", game, s);
        if (strstr(s, "Press Enter to finish")) {
            /* the whole table is on the screen at the end */
            assert_true(strstr(s, "the game!") || strstr(s, "drawn"));
            assert_non_null(strstr(s, "Log"));
            done = 1;
        } else if (strstr(s, ask)) {
            pane_keys(++answers % 4 == 0 ? "y" : "n");
            free(s);
            s = NULL;
            pane_nap(30);
        } else if (strstr(s, "Final window!")) {
            /* Shout's final window: a pass, at once.  A word looked up
             * first (slow under the sanitizers on a loaded machine) could
             * reach the client after the window closed and the game
             * ended, and close the result before it was seen */
            pane_keys("Enter");
            free(s);
            s = NULL;
            pane_nap(60);
        } else if (strstr(s, "Shout a word")) {
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
            FILE *f = tu_popen(cmd, "r");
            if (f && fscanf(f, "%63s", word) != 1)
                word[0] = 0;
            if (f)
                pclose(f);
            /* the lookup takes a while under AddressSanitizer on a loaded
             * machine: the table may have changed meanwhile (the word is
             * then refused, or shouted in the final window, which only a
             * pass or an empty table closes: see the test's final_ms) */
            char *now = pane_screen();
            int still = !strstr(now, "Press Enter to finish") && strstr(now, "Shout a word");
            free(now);
            if (still && word[0] && strlen(cards) > 2) {
                char k[96];
                snprintf(k, sizeof k, "-l %s", word);
                pane_keys(k);
                pane_keys("Enter");
                turns++;
            }
            free(s);
            s = NULL;
            pane_nap(60);
        } else if (strstr(s, "letter word for")) { /* Liar: type a word of the right length */
            static const char *const words[] = {"a",     "an",     "ant",     "ants",
                                                "pants", "plants", "planets", "planters"};
            int lo = 1;
            sscanf(strstr(s, "Type a ") + 7, "%d", &lo);
            if (++turns % 3 == 0 || lo > 8) {
                pane_keys("Tab");
            } else {
                char k[32];
                snprintf(k, sizeof k, "-l %s", words[lo - 1]);
                pane_keys(k);
                pane_keys("Enter");
                pane_nap(80);
                free(s);
                s = pane_screen();
                if (strstr(s, "Type another"))
                    pane_keys("Tab");
            }
            free(s);
            s = NULL;
            pane_nap(30);
        } else if (strstr(s, "says your hand spells")) {
            pane_keys(++answers % 3 == 0 ? "n" : "y");
            free(s);
            s = NULL;
            pane_nap(30);
        } else if (strstr(s, "Discard a card")) {
            pane_keys("Enter");
            free(s);
            s = NULL;
            pane_nap(30);
        } else if (strstr(s, "Your turn: 1-")) { /* Sequence: a card by number, Enter */
            char k[2] = {(char)('1' + turns++ % 4), 0};
            pane_keys(k);
            pane_nap(50);
            pane_keys("Enter");
            pane_nap(80);
            free(s);
            s = pane_screen();
            if (strstr(s, "Your turn") || strstr(s, "dead") || strstr(s, "cannot"))
                pane_keys("a"); /* that card could not go there: let the computer */
            free(s);
            s = NULL;
            pane_nap(30);
        } else if (strstr(s, "Lay them down")) {
            /* a play left waiting for its Enter (below: the screen was read
             * before the keys had been): confirmed once it still waits */
            free(s);
            pane_nap(300);
            s = pane_screen();
            if (strstr(s, "Lay them down"))
                pane_keys("Enter");
            free(s);
            s = NULL;
            pane_nap(30);
        } else if (strstr(s, "Your turn")) {
            if (++turns % 3 == 0) {
                pane_keys("a");
            } else {
                /* the call's cards, then Enter; the screen after both
                 * says whether there were any (a screen read after a
                 * fixed nap could come before the c, on a busy machine,
                 * and the Enter then laid nothing down) */
                pane_keys("c");
                pane_keys("Enter");
                free(s);
                s = pane_wait_for_either("Lay them down", "Choose the cards", 3000);
                if (s && !strstr(s, "Lay them down")) { /* none held: a bluff, the card at the cursor */
                    pane_keys("Space");
                    pane_keys("Enter");
                    free(s);
                    s = pane_wait_for("Lay them down", 3000);
                }
                /* not shown in time (a loaded machine: the "Choose the
                 * cards" read was of a screen from before the c): the
                 * loop reads the screen again and goes on from what it
                 * shows, so the game is still played by the keys alone */
                if (s)
                    pane_keys("Enter");
            }
            free(s);
            s = NULL;
            pane_nap(30);
        } else {
            pane_nap(20);
        }
        free(s);
    }
    if (!done) {
        char *s = pane_screen();
        fail_msg("%s: the game did not end through the keys in 240 s; the screen:\n%s", game, s);
    }
    char *s = NULL;
    for (int tries = 0; tries < 20 && !s; tries++) { /* the result ignores keys for a moment */
        s = pane_wait_for("EXITED 0", 300);
        if (!s)
            pane_keys("Enter");
    }
    if (!s) {
        s = pane_screen();
        fail_msg("%s: the client did not exit cleanly; the screen:\n%s", game, s);
    }
    free(s);
    struct stat st;
    assert_int_equal(stat(record, &st), 0); /* the record was saved */
    assert_true(st.st_size > 100);
    unlink(record);
    assert_true(turns > 0);
    pane_sh("tmux -L %s kill-server 2>/dev/null", pane_sock);
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
    /* the final window's clock long enough that this player's pass (sent
     * the moment the window shows), not the clock, ends it: no key of ours
     * comes after the game's end (at 3 s, under the sanitizers beside two
     * CPU burners, a word looked up as the window opened was typed after
     * the end, and its Enter closed the result before it was seen) */
    play_through_the_keys("shout", "--players 2 --seed 4 --bots basic --deal_ms=100 --final_ms=30000",
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
        char env[64];
        snprintf(env, sizeof env, "LC_ALL=%s TERM=xterm-256color", locales[i]);
        start(env, "play sequence --seed 3 --pace 0 --save /tmp/alphadeck-tui-emoji.json");
        char *s = pane_wait_for(want[i], 5000);
        if (!s) {
            s = pane_screen();
            fail_msg("no \"%s\" on the board in locale %s:\n%s", want[i], locales[i], s);
        }
        free(s);
        pane_sh("tmux -L %s kill-server 2>/dev/null", pane_sock);
    }
    unlink("/tmp/alphadeck-tui-emoji.json");
}

/* At 80x24 the screen holds the table, the players, the log, the hand and
 * the keys' line; ? shows the rules page and q asks before leaving. */
static void test_tui_shows_the_rules_and_asks_before_leaving(void **state)
{
    (void)state;
    start("TERM=xterm-256color",
          "play noway --players 4 --seed 3 --pace 0 --save /tmp/alphadeck-tui-rules.json");
    char *s = pane_wait_for("Call \"No Way\"?", 5000);
    assert_non_null(s);
    assert_non_null(strstr(s, "No Way  -  4 players"));
    assert_non_null(strstr(s, "Table"));
    assert_non_null(strstr(s, "Dee"));
    free(s);
    pane_keys("?");
    s = pane_wait_for("Rules of No Way", 3000);
    assert_non_null(s);
    assert_non_null(strstr(s, "NO WAY"));
    free(s);
    pane_keys("q");
    s = pane_wait_for("Call \"No Way\"?", 3000);
    assert_non_null(s);
    free(s);
    pane_keys("q");
    s = pane_wait_for("Leave this game?", 3000);
    assert_non_null(s);
    free(s);
    pane_keys("x"); /* stays */
    s = pane_wait_for("Call \"No Way\"?", 3000);
    assert_non_null(s);
    free(s);
    pane_keys("q");
    free(pane_wait_for("Leave this game?", 3000));
    pane_keys("y");
    s = pane_wait_for("EXITED", 5000);
    assert_non_null(s);
    free(s);
    unlink("/tmp/alphadeck-tui-rules.json");
    pane_sh("tmux -L %s kill-server 2>/dev/null", pane_sock);
}

/* Ctrl-C in the full-screen client leaves the game as q and y do: the
 * terminal is given back, the record is written, and the exit status is
 * the shell's for an interrupt (130). */
static void test_tui_ctrl_c_leaves_and_keeps_the_record(void **state)
{
    (void)state;
    unlink("/tmp/alphadeck-tui-ctrlc.json");
    start("TERM=xterm-256color",
          "play noway --players 4 --seed 3 --pace 0 --save /tmp/alphadeck-tui-ctrlc.json");
    free(pane_wait_for("Call \"No Way\"?", 5000));
    pane_keys("C-c");
    char *s = pane_wait_for("EXITED", 5000);
    assert_non_null(s);
    assert_non_null(strstr(s, "The game's record is in /tmp/alphadeck-tui-ctrlc.json."));
    assert_non_null(strstr(s, "EXITED 130"));
    free(s);
    assert_int_equal(access("/tmp/alphadeck-tui-ctrlc.json", R_OK), 0);
    unlink("/tmp/alphadeck-tui-ctrlc.json");
    pane_sh("tmux -L %s kill-server 2>/dev/null", pane_sock);
}

/* The screen's line holding `what`, copied into buf ("" when none). */
static const char *line_with(const char *s, const char *what, char *buf, size_t len)
{
    const char *at = strstr(s, what);
    buf[0] = 0;
    if (!at)
        return buf;
    const char *from = at;
    while (from > s && from[-1] != '\n')
        from--;
    const char *to = strchr(at, '\n');
    snprintf(buf, len, "%.*s", (int)(to ? to - from : (long)strlen(from)), from);
    return buf;
}

/* Waits for `what`, failing with the screen when it does not come. */
static char *expect(const char *what, int ms)
{
    char *s = pane_wait_for(what, ms);
    if (!s) {
        s = pane_screen();
        fail_msg("no \"%s\" on the screen within %d ms:\n%s", what, ms, s);
    }
    return s;
}

/* The screen once it differs from `was`, polled up to ms (caller frees);
 * NULL when it stays the same. */
static char *screen_changed_from(const char *was, int ms)
{
    for (int waited = 0; waited <= ms; waited += 20) {
        char *s = pane_screen();
        if (strcmp(s, was) != 0)
            return s;
        free(s);
        pane_nap(20);
    }
    return NULL;
}

/* Scrolls a page down a line at a time (at most `most` lines) until `what`
 * shows, failing with the screen when it never does; so a test does not
 * hang on where in a page a passage stands.  After each line it waits for
 * the page to move (the screen changes), not a fixed time, so a line is
 * never skipped on a slow machine nor waited for on a fast one; a page
 * that no longer moves is at its end. */
static char *scroll_to(const char *what, int most)
{
    for (int i = 0; i < most; i++) {
        char *s = pane_screen();
        if (strstr(s, what))
            return s;
        pane_keys("Down");
        char *moved = screen_changed_from(s, 3000);
        free(s);
        if (!moved)
            break;
        free(moved);
    }
    return expect(what, 3000);
}

/* Shout, full screen: a word that takes fewer cards than a word needs
 * ("ash" from A and SH, where words need 3) is refused before it is sent,
 * as docs/play.md and the line mode say: a message, and nothing happens
 * (no card goes to anyone).  Space deals the next card. */
static void test_tui_shout_refuses_a_word_with_too_few_cards_before_sending_it(void **state)
{
    (void)state;
    start("TERM=xterm-256color", "play shout --players 2 --seed 21 --pace 0 --deal_ms=60000 "
                                 "--save /tmp/alphadeck-tui-ash.json");
    free(expect("Space: the next card now", 5000));
    pane_keys("Space");
    free(expect("turns up A.", 3000));
    pane_keys("Space");
    free(expect("turns up SH.", 3000));
    pane_keys("-l ash");
    pane_keys("Enter");
    char *s = expect("takes only 2 cards here; a word needs 3", 3000);
    assert_null(strstr(s, "ASH")); /* never shouted: nothing in the log */
    assert_null(strstr(s, "takes a card"));
    assert_non_null(strstr(s, "A  SH")); /* the table as it was */
    free(s);
    unlink("/tmp/alphadeck-tui-ash.json");
}

/* Shout, full screen: the players' standing in words that fit in 80
 * columns; after the player passes in the final window the key line says
 * so (no "Enter alone to pass"); a final window that runs out is logged as
 * the time running out, not as the player passing. */
static void test_tui_shout_says_the_standing_in_words_and_tells_a_pass_from_time_running_out(
    void **state)
{
    (void)state;
    /* a final window long enough for the Enter sent when it shows to be
     * read in it, on a loaded machine with the sanitizers too (1.5 s was
     * not: the window closed first) */
    start("TERM=xterm-256color", "play shout --players 2 --seed 21 --pace 0 --deal_ms=100 "
                                 "--final_ms=6000 --save /tmp/alphadeck-tui-final.json");
    char *s = expect("won this round", 5000), line[128];
    assert_non_null(strstr(s, "won in all rounds"));
    assert_non_null(strstr(s, "points"));
    free(s);
    /* round 1: the player passes in the final window */
    s = expect("Final window!", 60000);
    assert_non_null(strstr(line_with(s, "Round 1 of 2", line, sizeof line), "cards."));
    free(s);
    pane_keys("Enter");
    s = expect("You passed: the others may shout until the window closes", 3000);
    assert_null(strstr(s, "Enter alone to pass"));
    free(s);
    /* round 2: the window runs out while the player says nothing */
    s = expect("Round 2 of 2: the deck is empty", 60000);
    free(s);
    s = expect("Time is up for the final window.", 60000);
    assert_null(strstr(strstr(s, "Time is up"), "You pass.")); /* the player did not pass */
    free(s);
    unlink("/tmp/alphadeck-tui-final.json");
}

/* No Way, full screen: a card past the most a play holds is refused when
 * it is picked, with a message (not after the confirmation). */
static void test_tui_noway_refuses_a_card_past_the_most_a_play_holds(void **state)
{
    (void)state;
    start("TERM=xterm-256color", "play noway --players 2 --seed 7 --pace 0 --bots basic "
                                 "--save /tmp/alphadeck-tui-most.json");
    char *s = NULL;
    for (int i = 0; i < 40 && !(s = pane_wait_for("picks 1-", 500)); i++)
        pane_keys("n"); /* let the bots' claims pass until the player's turn */
    if (!s)
        fail_msg("the player's turn did not come");
    int most = 0;
    assert_int_equal(sscanf(strstr(s, "picks 1-") + 8, "%d", &most), 1);
    free(s);
    for (int k = 0; k <= most; k++) {
        pane_keys("Space");
        pane_keys("Right");
    }
    s = expect("A play holds at most", 3000);
    free(s);
    unlink("/tmp/alphadeck-tui-most.json");
}

/* The turn counter never passes the limit: a Sequence game drawn at
 * max_turns (the player's moves made by `a`) ends on "turn 20 of 20",
 * never "turn 21 of 20". */
static void test_tui_turn_counter_never_passes_the_limit(void **state)
{
    (void)state;
    start("TERM=xterm-256color", "play sequence --players 2 --seed 6 --pace 0 --max_turns=20 "
                                 "--save /tmp/alphadeck-tui-limit.json");
    char *s = NULL;
    for (int i = 0; i < 200; i++) {
        s = pane_screen();
        if (strstr(s, "Press Enter to finish"))
            break;
        if (strstr(s, "Your turn: 1-"))
            pane_keys("a");
        free(s);
        s = NULL;
        pane_nap(50);
    }
    if (!s)
        fail_msg("the game did not end");
    assert_non_null(strstr(s, "drawn")); /* at this seed, by the limit */
    assert_null(strstr(s, "turn 21"));
    assert_non_null(strstr(s, "turn 20 of 20"));
    free(s);
    unlink("/tmp/alphadeck-tui-limit.json");
}

/* Liar, full screen: the first screen shows the hand the player holds,
 * and does not say they passed it on. */
static void test_tui_liar_does_not_say_you_passed_the_hand_you_hold(void **state)
{
    (void)state;
    start("TERM=xterm-256color",
          "play liar --players 2 --seed 5 --pace 0 --save /tmp/alphadeck-tui-held.json");
    char *s = expect("letter word for", 5000);
    assert_non_null(strstr(s, "Your hand"));
    assert_null(strstr(s, "You passed on"));
    free(s);
    unlink("/tmp/alphadeck-tui-held.json");
}

/* Sequence, full screen: a square is named as on the board (c2), in the
 * errors too (never the protocol's [2,3]); the rules page names them so
 * and its board fits in 80 columns. */
static void test_tui_sequence_names_squares_as_the_board_does(void **state)
{
    (void)state;
    start("TERM=xterm-256color",
          "play sequence --players 2 --seed 3 --pace 0 --save /tmp/alphadeck-tui-names.json");
    free(expect("Your turn: 1-", 5000));
    pane_keys("1"); /* F: the cursor goes to an F square */
    pane_keys("Right"); /* the square beside it is not an F's */
    pane_keys("Enter");
    char *s = expect("squares are", 3000), line[128];
    line_with(s, "squares are", line, sizeof line);
    assert_null(strchr(line, '['));
    assert_non_null(strstr(line, "the F squares are f1 and c6"));
    free(s);
    pane_keys("?");
    free(expect("q: back to the game", 3000));
    pane_keys("-l G"); /* the end of the page */
    pane_keys("g");    /* its top */
    free(expect("Rules of Sequence Letters", 3000));
    free(scroll_to("1  A Apple      B Balloon          C Candle     D Duck", 80));
    free(scroll_to("the Kite c2", 40)); /* the naming, wrapped at a space */
    unlink("/tmp/alphadeck-tui-names.json");
}

/* At 80 columns the quit prompt is whole, and I Doubt It's challenge line
 * shows its countdown. */
static void test_tui_prompts_fit_in_80_columns(void **state)
{
    (void)state;
    start("TERM=xterm-256color", "play doubt --players 3 --seed 8 --pace 0 --bots basic "
                                 "--save /tmp/alphadeck-tui-fit.json");
    char *s = expect("Call \"I doubt it\"?", 10000), line[128];
    line_with(s, "Call \"I doubt it\"?", line, sizeof line);
    int secs = 0;
    assert_int_equal(sscanf(line, "%ds", &secs), 1);
    assert_true(secs >= 1 && secs <= 10);
    free(s);
    pane_keys("q");
    s = expect("Leave this game?", 3000);
    assert_non_null(strstr(s, "other keys: stay"));
    free(s);
    pane_keys("y");
    free(expect("EXITED", 5000));
    unlink("/tmp/alphadeck-tui-fit.json");
}

/* A terminal that cannot draw the screen (TERM=dumb: no cursor
 * addressing; a TERM unknown to terminfo; smaller than 80x24) gets the
 * line mode, and one line saying so. */
static void test_tui_falls_back_to_lines_when_the_terminal_cannot_draw(void **state)
{
    (void)state;
    const char *terms[] = {"TERM=dumb", "TERM=no-such-terminal"};
    const char *why[] = {"cannot move its cursor", "is unknown"};
    for (int i = 0; i < 2; i++) {
        start(terms[i], "play noway --players 2 --seed 3 --pace 0 "
                        "--save /tmp/alphadeck-tui-dumb.json");
        char *s = expect("playing in lines", 5000);
        assert_non_null(strstr(s, why[i]));
        free(s);
        s = expect("No Way for 2 players (seed 3). You are seat 0", 5000); /* the line mode */
        free(s);
        pane_sh("tmux -L %s kill-server 2>/dev/null", pane_sock);
    }
    pane_new("alphadeck-test");
    assert_int_equal(pane_sh("tmux -L %s -f /dev/null new-session -d -s play -x 70 -y 20 "
                        "'TERM=xterm-256color timeout --foreground -k 5 120 %s play noway --players 2 "
                        "--seed 3 --pace 0 --save /tmp/alphadeck-tui-dumb.json; echo EXITED $?; "
                        "sleep 60'",
                        pane_sock, BIN),
                     0);
    char *s = expect("the terminal is 70x20, smaller than 80x24", 5000);
    free(s);
    free(expect("No Way for 2 players (seed 3). You are seat 0", 5000));
    unlink("/tmp/alphadeck-tui-dumb.json");
}

/* A kill while the client waits for a key (the player's turn, the rules
 * page) ends the game at once, keeping its record: the wait wakes on the
 * signal (143: the shell's status for SIGTERM). */
static void test_tui_a_kill_wakes_the_wait_for_a_key(void **state)
{
    (void)state;
    for (int page = 0; page < 2; page++) {
        unlink("/tmp/alphadeck-tui-kill.pid");
        pane_new("alphadeck-test");
        assert_int_equal(
            pane_sh("tmux -L %s -f /dev/null new-session -d -s play -x 80 -y 24 "
               "'TERM=xterm-256color timeout --foreground -k 5 120 sh -c \"echo \\$\\$ "
               ">/tmp/alphadeck-tui-kill.pid; exec %s play sequence --players 2 --seed 3 "
               "--pace 0 --save /tmp/alphadeck-tui-kill.json\"; echo EXITED $?; sleep 60'",
               pane_sock, BIN),
            0);
        free(expect("Your turn: 1-", 5000));
        if (page) {
            pane_keys("?");
            free(expect("SEQUENCE LETTERS", 3000));
        }
        pane_nap(300); /* well inside the wait */
        FILE *f = fopen("/tmp/alphadeck-tui-kill.pid", "r");
        int pid = 0;
        assert_non_null(f);
        assert_int_equal(fscanf(f, "%d", &pid), 1);
        fclose(f);
        assert_int_equal(kill(pid, SIGTERM), 0);
        char *s = expect("EXITED 143", 3000);
        assert_non_null(strstr(s, "alphadeck-tui-kill.json"));
        free(s);
        pane_sh("tmux -L %s kill-server 2>/dev/null", pane_sock);
    }
    unlink("/tmp/alphadeck-tui-kill.pid");
    unlink("/tmp/alphadeck-tui-kill.json");
}

/* A kill while a word is being typed (Liar's announcement, where q is a
 * letter) ends the game too, keeping its record, instead of typing q
 * after q for ever. */
static void test_tui_a_kill_while_typing_a_word_ends_the_game(void **state)
{
    (void)state;
    unlink("/tmp/alphadeck-tui-kill.pid");
    pane_new("alphadeck-test");
    assert_int_equal(
        pane_sh("tmux -L %s -f /dev/null new-session -d -s play -x 80 -y 24 "
                "'TERM=xterm-256color timeout --foreground -k 5 120 sh -c \"echo \\$\\$ "
                ">/tmp/alphadeck-tui-kill.pid; exec %s play liar --players 2 --seed 5 "
                "--pace 0 --save /tmp/alphadeck-tui-kill.json\"; echo EXITED $?; sleep 60'",
                pane_sock, BIN),
        0);
    free(expect("Type a", 5000));
    pane_keys("c a");
    pane_nap(300);
    FILE *f = fopen("/tmp/alphadeck-tui-kill.pid", "r");
    int pid = 0;
    assert_non_null(f);
    assert_int_equal(fscanf(f, "%d", &pid), 1);
    fclose(f);
    assert_int_equal(kill(pid, SIGTERM), 0);
    char *s = expect("EXITED 143", 3000);
    assert_non_null(strstr(s, "alphadeck-tui-kill.json"));
    free(s);
    unlink("/tmp/alphadeck-tui-kill.pid");
    unlink("/tmp/alphadeck-tui-kill.json");
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
        cmocka_unit_test_teardown(test_tui_shout_refuses_a_word_with_too_few_cards_before_sending_it,
                                  pane_kill),
        cmocka_unit_test_teardown(
            test_tui_shout_says_the_standing_in_words_and_tells_a_pass_from_time_running_out,
            pane_kill),
        cmocka_unit_test_teardown(test_tui_noway_refuses_a_card_past_the_most_a_play_holds,
                                  pane_kill),
        cmocka_unit_test_teardown(test_tui_a_kill_while_typing_a_word_ends_the_game, pane_kill),
        cmocka_unit_test_teardown(test_tui_turn_counter_never_passes_the_limit, pane_kill),
        cmocka_unit_test_teardown(test_tui_liar_does_not_say_you_passed_the_hand_you_hold,
                                  pane_kill),
        cmocka_unit_test_teardown(test_tui_sequence_names_squares_as_the_board_does, pane_kill),
        cmocka_unit_test_teardown(test_tui_prompts_fit_in_80_columns, pane_kill),
        cmocka_unit_test_teardown(test_tui_falls_back_to_lines_when_the_terminal_cannot_draw,
                                  pane_kill),
        cmocka_unit_test_teardown(test_tui_a_kill_wakes_the_wait_for_a_key, pane_kill),
        cmocka_unit_test_teardown(test_tui_shows_the_rules_and_asks_before_leaving, pane_kill),
        cmocka_unit_test_teardown(test_tui_ctrl_c_leaves_and_keeps_the_record, pane_kill),
        cmocka_unit_test_teardown(test_tui_plays_a_noway_game_to_the_end_through_the_keys, pane_kill),
        cmocka_unit_test_teardown(test_tui_plays_a_doubt_game_to_the_end_through_the_keys, pane_kill),
        cmocka_unit_test_teardown(test_tui_plays_a_sequence_game_to_the_end_through_the_keys, pane_kill),
        cmocka_unit_test_teardown(test_tui_sequence_board_shows_emoji_where_the_terminal_can, pane_kill),
        cmocka_unit_test_teardown(test_tui_plays_a_liar_game_to_the_end_through_the_keys, pane_kill),
        cmocka_unit_test_teardown(test_tui_plays_a_shout_game_to_the_end_through_the_keys, pane_kill),
    };
    if (getenv("TEST_TUI_ONLY")) /* one test by name (a pattern), when working on it */
        cmocka_set_test_filter(getenv("TEST_TUI_ONLY"));
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    pane_sh("rm -rf %s", data);
    return rc;
}
