/*
 * test_speak.c - `alphadeck play --speak`: the game read aloud through
 * espeak-ng, in the library's words (the same lines the browser says), and
 * without espeak-ng a game that goes on silent after saying so once.  A
 * stand-in espeak-ng (a script that keeps what it is given) is put first
 * on the PATH.  Usage: test_speak PATH/TO/alphadeck
 */
#include <sys/stat.h>
#include <unistd.h>

#include "../testutil.h"

static const char *BIN;
static char dir[] = "/tmp/alphadeck-speak-XXXXXX";

/* `auto` for every move of a Sequence game, PATH set to `path`. */
static char *auto_game(const char *path)
{
    char cmd[1024], *out;
    snprintf(cmd, sizeof cmd,
             "yes auto | head -n 100000 | PATH='%s' %s play sequence --plain --players 2 "
             "--seed 11 --speak --save %s/game.json 2>&1",
             path, BIN, dir);
    int rc = tu_run(cmd, &out);
    if (rc != 0)
        fail_msg("`%s` exited %d:\n%s", cmd, rc, out);
    return out;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *s = calloc(1, 1 << 20);
    s[fread(s, 1, (1 << 20) - 1, f)] = 0;
    fclose(f);
    return s;
}

static void test_speak_pipes_the_read_aloud_lines_to_espeak_ng(void **state)
{
    (void)state;
    char script[256], said[256], path[512];
    snprintf(script, sizeof script, "%s/espeak-ng", dir);
    snprintf(said, sizeof said, "%s/said.txt", dir);
    FILE *f = fopen(script, "w");
    fprintf(f, "#!/bin/sh\n[ \"$1\" = --stdin ] || exit 2\nexec cat >> '%s'\n", said);
    fclose(f);
    chmod(script, 0755);
    snprintf(path, sizeof path, "%s:/usr/bin:/bin", dir);
    free(auto_game(path));
    char *heard = slurp(said);
    assert_non_null(heard);
    if (!strstr(heard, "Your turn, Ann. Pick a card, then a square with its picture.\n") ||
        !strstr(heard, "Bea puts a blue chip on ") || !strstr(heard, "with four in a row!\n"))
        fail_msg("espeak-ng was not given the turn, the moves and the end:\n%.2000s", heard);
    free(heard);
    unlink(said);
    unlink(script);
}

static void test_speak_without_espeak_ng_says_so_once_and_plays_on(void **state)
{
    (void)state;
    char *out = auto_game("/usr/bin/nowhere-c1:/bin-nowhere");
    const char *miss = "espeak-ng is not installed";
    char *at = strstr(out, miss);
    if (!at || strstr(at + 1, miss))
        fail_msg("not said exactly once:\n%.1500s", out);
    assert_non_null(strstr(out, " wins the game!") ? out : NULL); /* played to the end */
    free(out);
}

int main(int argc, char **argv)
{
    BIN = argc > 1 ? argv[1] : "build/alphadeck";
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_speak_pipes_the_read_aloud_lines_to_espeak_ng),
        cmocka_unit_test(test_speak_without_espeak_ng_says_so_once_and_plays_on),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    static const char *const left[] = {"game.json", "said.txt", "espeak-ng"};
    for (size_t i = 0; i < sizeof left / sizeof left[0]; i++) { /* pass or fail */
        char file[300];
        snprintf(file, sizeof file, "%s/%s", dir, left[i]);
        unlink(file);
    }
    rmdir(dir);
    return rc;
}
