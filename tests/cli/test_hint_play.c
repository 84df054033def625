/*
 * test_hint_play.c - `hint` in `alphadeck play --plain` (issue 32): in
 * every game it prints the library's coach's hint for the person's own
 * seat at the position they are asked in, and asking changes nothing in
 * the game (the record is the same byte for byte as without the hints).
 * Usage: test_hint_play PATH/TO/alphadeck
 */
#include <sys/stat.h>
#include <unistd.h>

#include "../testutil.h"
#include "coach.h"
#include "alphadeck/hint.h"
#include "alphadeck/records.h"

static const char *BIN;

/* The five games, with a table size and seed each. */
static const char *const GAMES[] = {"noway", "doubt", "liar", "shout", "sequence"};
enum { NGAMES = sizeof GAMES / sizeof GAMES[0] };

/* `alphadeck play GAME --plain --players 3 --seed SEED --save SAVE` with
 * input on its standard input; its output (caller frees). */
static char *play(const char *game, int seed, const char *input, const char *save)
{
    char in[] = "/tmp/alphadeck-hint-in-XXXXXX";
    int fd = mkstemp(in);
    assert_true(fd >= 0);
    size_t len = strlen(input);
    assert_int_equal(write(fd, input, len), (ssize_t)len);
    close(fd);
    char cmd[1024], *out;
    snprintf(cmd, sizeof cmd, "%s play %s --plain --players 3 --seed %d --save %s < %s 2>&1", BIN,
             game, seed, save, in);
    int rc = tu_run(cmd, &out);
    unlink(in);
    if (rc != 0)
        fail_msg("`%s` exited %d:\n%s", cmd, rc, out);
    return out;
}

static void temp_path(char *path)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
}


/* In every game, `hint` at the first position the person is asked in
 * prints "Hint: " and the coach's words for their seat there, the same
 * words the library gives for that seat at that position. */
static void test_hint_in_lines_prints_the_coachs_words_for_your_seat_in_every_game(void **state)
{
    (void)state;
    for (int i = 0; i < NGAMES; i++) {
        char path[] = "/tmp/alphadeck-hint-rec-XXXXXX", want[1200];
        temp_path(path);
        char *out = play(GAMES[i], 5, "hint\nquit\n", path);
        char *text = hint_at_end(path);
        snprintf(want, sizeof want, "Hint: %s\n", text);
        if (!strstr(out, want))
            fail_msg("%s: no \"%s\" in the output:\n%s", GAMES[i], want, out);
        free(text);
        free(out);
        unlink(path);
    }
}

/* The lines of `auto` that play a game a while, with `hint` before each
 * when hints is set. */
static void moves(char *buf, size_t len, int hints)
{
    size_t used = 0;
    buf[0] = 0;
    for (int k = 0; k < 40 && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, "%sauto\n", hints ? "hint\n" : "");
    snprintf(buf + used, len - used, "quit\n");
}

/* A hint is no part of the game: the same moves with a hint asked before
 * each of them give the same record, byte for byte, in every game. */
static void test_a_hint_in_lines_changes_nothing_in_the_game(void **state)
{
    (void)state;
    char plain[2048], hinted[4096];
    moves(plain, sizeof plain, 0);
    moves(hinted, sizeof hinted, 1);
    for (int i = 0; i < NGAMES; i++) {
        char a[] = "/tmp/alphadeck-hint-a-XXXXXX", b[] = "/tmp/alphadeck-hint-b-XXXXXX";
        temp_path(a);
        temp_path(b);
        free(play(GAMES[i], 7, plain, a));
        char *out = play(GAMES[i], 7, hinted, b);
        int told = 0;
        for (const char *s = strstr(out, "Hint: "); s; s = strstr(s + 1, "Hint: "))
            told++;
        if (told < 5)
            fail_msg("%s: only %d hints told:\n%s", GAMES[i], told, out);
        char *ra = file_text(a), *rb = file_text(b);
        if (strcmp(ra, rb) != 0)
            fail_msg("%s: the hints changed the record:\n%s\n%s", GAMES[i], ra, rb);
        free(ra);
        free(rb);
        free(out);
        unlink(a);
        unlink(b);
    }
}

/* With --speak the hint's words are said too: a stand-in espeak-ng (a
 * script first on the PATH that keeps what it is given) hears them. */
static void test_a_hint_is_said_aloud_with_speak(void **state)
{
    (void)state;
    char dir[] = "/tmp/alphadeck-hint-speak-XXXXXX", script[128], said[128], rec[128];
    char cmd[1024], want[1200], *out;
    assert_non_null(mkdtemp(dir));
    snprintf(script, sizeof script, "%s/espeak-ng", dir);
    snprintf(said, sizeof said, "%s/said.txt", dir);
    snprintf(rec, sizeof rec, "%s/game.json", dir);
    FILE *f = fopen(script, "w");
    assert_non_null(f);
    fprintf(f, "#!/bin/sh\n[ \"$1\" = --stdin ] || exit 2\nexec cat >> '%s'\n", said);
    fclose(f);
    chmod(script, 0755);
    snprintf(cmd, sizeof cmd, "printf 'hint\\nquit\\n' | PATH='%s:/usr/bin:/bin' %s play liar "
             "--plain --players 3 --seed 5 --speak --save %s 2>&1", dir, BIN, rec);
    assert_int_equal(tu_run(cmd, &out), 0);
    free(out);
    char *text = hint_at_end(rec), *heard = file_text(said);
    snprintf(want, sizeof want, "%s\n", text);
    if (!strstr(heard, want))
        fail_msg("espeak-ng did not hear \"%s\":\n%s", text, heard);
    free(heard);
    free(text);
    unlink(said);
    unlink(script);
    unlink(rec);
    rmdir(dir);
}

/* The line mode's help names the command in every game. */
static void test_help_in_lines_names_the_hint_in_every_game(void **state)
{
    (void)state;
    for (int i = 0; i < NGAMES; i++) {
        char path[] = "/tmp/alphadeck-hint-help-XXXXXX";
        temp_path(path);
        char *out = play(GAMES[i], 5, "help\nquit\n", path);
        if (!strstr(out, " hint ")) /* not the record's path (alphadeck-hint-help-...) */
            fail_msg("%s: the help does not name hint:\n%s", GAMES[i], out);
        free(out);
        unlink(path);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_hint_play PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hint_in_lines_prints_the_coachs_words_for_your_seat_in_every_game),
        cmocka_unit_test(test_a_hint_in_lines_changes_nothing_in_the_game),
        cmocka_unit_test(test_a_hint_is_said_aloud_with_speak),
        cmocka_unit_test(test_help_in_lines_names_the_hint_in_every_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
