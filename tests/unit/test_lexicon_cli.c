/*
 * test_lexicon_cli.c - `alphadeck words` as a player or a script meets it:
 * exit status 0/1 for yes/no and 2 for bad input with a clear message,
 * the --json form (cards in word order, one entry per word), --min in
 * cards, --dict with its skipped entries counted, and the index found
 * next to the binary.  Runs the alphadeck built beside this test.
 */
#include <sys/wait.h>
#include <unistd.h>

#include "../testutil.h"

static char bin[4096];
static char errfile[64]; /* what the commands write to stderr */

/* Fails the test when a sanitizer spoke (its exit status can look like a
 * plain "no"). */
static void no_sanitizer_report(const char *out)
{
    FILE *f = fopen(errfile, "r");
    char buf[4096] = "";
    if (f) {
        buf[fread(buf, 1, sizeof buf - 1, f)] = 0;
        fclose(f);
    }
    if (strstr(out, "runtime error") || strstr(out, "Sanitizer") ||
        strstr(buf, "runtime error") || strstr(buf, "Sanitizer"))
        fail_msg("a sanitizer report:\n%.2000s%.2000s", out, buf);
}

/* Runs cmd (with "ALPHADECK" replaced by the binary) under sh; returns the
 * exit status, with stdout in *out (stderr goes to errfile unless cmd
 * sends it elsewhere). */
static int sh(const char *cmd, char **out)
{
    char full[8192];
    const char *at = strstr(cmd, "ALPHADECK");
    assert_non_null(at);
    snprintf(full, sizeof full, "{ %.*s%s%s ; } 2>%s", (int)(at - cmd), cmd, bin, at + 9,
             errfile);
    char *buf;
    int rc = tu_run(full, &buf); /* under the tests' time limit */
    no_sanitizer_report(buf);
    *out = buf;
    return rc;
}

static void expect(const char *cmd, int status, const char *needle)
{
    char *out;
    int rc = sh(cmd, &out);
    if (rc != status || (needle && !strstr(out, needle)))
        fail_msg("`%s`: exit %d (want %d), output:\n%.2000s\n(want to see \"%s\")", cmd, rc,
                 status, out, needle ? needle : "");
    free(out);
}

static int setup(void **state)
{
    (void)state;
    ssize_t n = readlink("/proc/self/exe", bin, sizeof bin - 32);
    if (n <= 0)
        return -1;
    bin[n] = 0;
    strcpy(strrchr(bin, '/'), "/../alphadeck");
    snprintf(errfile, sizeof errfile, "/tmp/ad_words_cli_err.%ld", (long)getpid());
    return access(bin, X_OK);
}

static int teardown(void **state)
{
    (void)state;
    unlink(errfile);
    return 0;
}

static char *write_tmp(const char *text, size_t len)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/ad_words_cli_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0 && write(fd, text, len) == (ssize_t)len);
    close(fd);
    return path;
}

static void test_check_exits_0_for_a_word_and_1_for_a_non_word(void **state)
{
    (void)state;
    expect("ALPHADECK words --check cat", 0, "cat: a word");
    expect("ALPHADECK words --check CAT", 0, "a word");
    expect("ALPHADECK words --check xyzzy", 1, "xyzzy: not a word");
    expect("ALPHADECK words --check cat xyzzy", 1, "cat: a word");
    expect("ALPHADECK words --check \"don't\"", 1, "not a word");
    expect("ALPHADECK words --common --check zymurgy", 1, "not a word");
}

static const char *word_at(json_t *a, size_t i)
{
    return json_string_value(json_object_get(json_array_get(a, i), "word"));
}

static void test_json_lists_each_word_once_with_cards_in_word_order(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(sh("ALPHADECK words --json th e n '*'", &out), 0);
    json_error_t je;
    json_t *a = json_loads(out, 0, &je);
    if (!json_is_array(a))
        fail_msg("not a JSON array: %s\n%.500s", je.text, out);
    int then = 0;
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *e = json_array_get(a, i);
        const char *w = json_string_value(json_object_get(e, "word"));
        json_t *cards = json_object_get(e, "cards"), *wilds = json_object_get(e, "wilds");
        char made[128] = "";
        size_t k = 0;
        for (size_t c = 0; c < json_array_size(cards); c++) {
            const char *name = json_string_value(json_array_get(cards, c));
            if (strcmp(name, "*") == 0)
                strcat(made, json_string_value(json_array_get(wilds, k++)));
            else
                for (const char *p = name; *p; p++)
                    strncat(made, &(char){(char)(*p - 'A' + 'a')}, 1);
        }
        assert_string_equal(made, w);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(word_at(a, j), w);
        if (strcmp(w, "then") == 0) {
            then = 1;
            char *c = json_dumps(cards, JSON_COMPACT);
            assert_string_equal(c, "[\"TH\",\"E\",\"N\"]");
            free(c);
        }
    }
    assert_true(then);
    json_decref(a);
    free(out);
}

static void test_min_counts_cards_not_letters(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(sh("ALPHADECK words --min 3 th e n", &out), 0);
    assert_non_null(strstr(out, "then  TH E N"));
    assert_null(strstr(out, "the "));
    free(out);
    expect("ALPHADECK words --min 2 th e n", 0, "the   TH E");
    expect("ALPHADECK words --min 4 th e n", 1, NULL);
}

static void test_card_names_are_case_insensitive_and_may_share_an_argument(void **state)
{
    (void)state;
    char *a, *b;
    assert_int_equal(sh("ALPHADECK words TH E N", &a), 0);
    assert_int_equal(sh("ALPHADECK words 'th,e n'", &b), 0);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

static void test_a_card_that_does_not_exist_exits_2_with_a_clear_error(void **state)
{
    (void)state;
    expect("ALPHADECK words he 2>&1", 2, "there is no card \"he\"");
    expect("ALPHADECK words t 1 2>&1", 2, "no card");
    expect("ALPHADECK words 2>&1", 2, "name some cards");
    expect("ALPHADECK words --min x t 2>&1", 2, "--min takes a whole number");
    expect("ALPHADECK words --frobnicate 2>&1", 2, "unknown option");
    char cmd[512] = "ALPHADECK words";
    for (int i = 0; i < 130; i++)
        strcat(cmd, " e");
    strcat(cmd, " 2>&1");
    expect(cmd, 2, "at most 128 cards");
}

/* Runs `alphadeck words --dict FILE args` on a file holding text. */
static void expect_dict(const char *text, size_t len, const char *args, int status,
                        const char *needle)
{
    char *p = write_tmp(text, len), cmd[256];
    snprintf(cmd, sizeof cmd, "ALPHADECK words --dict %s %s", p, args);
    expect(cmd, status, needle);
    unlink(p);
}

static void test_bad_dict_file_exits_2_with_a_clear_error(void **state)
{
    (void)state;
    expect("ALPHADECK words --dict /nonexistent/list --check cat 2>&1", 2,
           "cannot read /nonexistent/list");
    expect_dict("", 0, "--check cat 2>&1", 2, "empty");
    expect_dict("cat\n\0\0\0\0", 8, "--check cat 2>&1", 2, "binary");
    size_t len = 10u << 20;
    char *big = malloc(len);
    memset(big, 'x', len);
    expect_dict(big, len, "--check cat 2>&1", 2, "line 1 is 10485760 bytes long");
    free(big);
}

static void test_dict_replaces_the_default_and_counts_what_it_skips(void **state)
{
    (void)state;
    static const char text[] = "then\ntent\nParis\nrock'n'roll\nnet\n";
    size_t len = sizeof text - 1;
    expect_dict(text, len, "t e n t h 2>&1", 0,
                "skipped 2 entries that are not lowercase a-z words (the first on line 3)");
    expect_dict(text, len, "--check cat 2>/dev/null", 1, "not a word");
    expect_dict(text, len, "--min 4 t e n t h 2>/dev/null", 0, "tent  T E N T");
}

static void test_spell_and_best_answer_on_the_command_line(void **state)
{
    (void)state;
    expect("ALPHADECK words --spell then n '*' th", 0, "then: TH *=e N");
    expect("ALPHADECK words --spell then --in-order n e th", 1, "do not spell");
    expect("ALPHADECK words --spell thhe th h e", 1, "not in the list");
    expect("ALPHADECK words --best cards --json th e n a '*'", 0, "\"cards\":[");
    expect("ALPHADECK words --best longest q x --min 2", 1, "spell no word");
    expect("ALPHADECK words --best most t 2>&1", 2, "longest or cards");
}

static void test_the_index_is_found_next_to_the_binary(void **state)
{
    (void)state;
    expect("ALPHADECK words --info", 0, "mapped from");
    expect("cd / && ALPHADECK words --info", 0, "/lexicon/scowl-70.idx");
    expect("ALPHADECK words --common --info", 0, "/lexicon/scowl-50.idx");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_exits_0_for_a_word_and_1_for_a_non_word),
        cmocka_unit_test(test_json_lists_each_word_once_with_cards_in_word_order),
        cmocka_unit_test(test_min_counts_cards_not_letters),
        cmocka_unit_test(test_card_names_are_case_insensitive_and_may_share_an_argument),
        cmocka_unit_test(test_a_card_that_does_not_exist_exits_2_with_a_clear_error),
        cmocka_unit_test(test_bad_dict_file_exits_2_with_a_clear_error),
        cmocka_unit_test(test_dict_replaces_the_default_and_counts_what_it_skips),
        cmocka_unit_test(test_spell_and_best_answer_on_the_command_line),
        cmocka_unit_test(test_the_index_is_found_next_to_the_binary),
    };
    return cmocka_run_group_tests_name("lexicon command line", tests, setup, teardown);
}
