/*
 * test_docs.c - the project's documents stand alone: nothing under docs/
 * nor README.md sends a reader to a file the repository does not hold
 * (RULES.md, PROTOCOL.md, ../shared), and the rules pages, which
 * `alphadeck rules GAME` prints, keep their prose within 80 columns.  The
 * files are found from this source file's place in the tree (tests/run
 * runs from the top).  Usage: test_docs PATH/TO/alphadeck
 */
#include <ftw.h>
#include <libgen.h>
#include <sys/wait.h>

#include "../testutil.h"

static const char *BIN;
static char root[1024];

/* The whole of a file (caller frees), or NULL. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = tu_read_all(f);
    fclose(f);
    return buf;
}

static char found[4096];
static int files_read;

static int check_file(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
    (void)sb;
    (void)ftw;
    if (type != FTW_F)
        return 0;
    static const char *const absent[] = {"RULES.md", "PROTOCOL.md", "../shared"};
    char *text = slurp(path);
    if (!text)
        return 0;
    files_read++;
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
        const char *at = strstr(text, absent[i]);
        if (at) {
            int line = 1;
            for (const char *p = text; p < at; p++)
                line += *p == '\n';
            size_t used = strlen(found);
            snprintf(found + used, sizeof found - used, "  %s:%d names %s\n", path, line,
                     absent[i]);
        }
    }
    free(text);
    return 0;
}

static void test_no_document_names_a_file_the_repository_does_not_hold(void **state)
{
    (void)state;
    char docs[1100], readme[1100];
    snprintf(docs, sizeof docs, "%s/docs", root);
    snprintf(readme, sizeof readme, "%s/README.md", root);
    found[0] = 0;
    files_read = 0;
    assert_int_equal(nftw(docs, check_file, 16, FTW_PHYS), 0);
    check_file(readme, NULL, FTW_F, NULL);
    if (files_read < 8)
        fail_msg("only %d files read under %s: is this the source tree?", files_read, docs);
    if (found[0])
        fail_msg("documents that send the reader elsewhere:\n%s", found);
}

/* Every rules page's prose (outside ``` blocks) within 80 columns,
 * counted in characters, and `alphadeck rules` prints each page. */
static void test_the_rules_pages_fit_80_columns(void **state)
{
    (void)state;
    static const char *const games[] = {"noway", "doubt", "sequence", "liar", "shout"};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/docs/rules/%s.md", root, games[g]);
        char *text = slurp(path);
        assert_non_null(text);
        int fence = 0, line = 0;
        for (char *s = text; *s;) {
            char *nl = strchr(s, '\n');
            size_t n = nl ? (size_t)(nl - s) : strlen(s), cols = 0;
            line++;
            if (n >= 3 && strncmp(s, "```", 3) == 0)
                fence = !fence;
            for (size_t i = 0; i < n; i++)
                cols += ((unsigned char)s[i] & 0xC0) != 0x80; /* UTF-8: count characters */
            if (!fence && cols > 80)
                fail_msg("%s:%d is %zu columns wide: %.*s", path, line, cols, (int)n, s);
            s += n + (nl != NULL);
        }
        free(text);
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "%s rules %s > /dev/null", BIN, games[g]);
        int status = system(cmd);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_docs PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    /* this file is ROOT/tests/cli/test_docs.c */
    char here[1024];
    snprintf(here, sizeof here, "%s", __FILE__);
    snprintf(root, sizeof root, "%s", dirname(dirname(dirname(here))));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_document_names_a_file_the_repository_does_not_hold),
        cmocka_unit_test(test_the_rules_pages_fit_80_columns),
    };
    return cmocka_run_group_tests_name("docs", tests, NULL, NULL);
}
