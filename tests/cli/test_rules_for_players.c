/*
 * test_rules_for_players.c - each game's rules page (docs/rules/GAME.md,
 * what the browser's rules page and `alphadeck rules` show) is written for
 * players first: it opens with "How to play", short enough for a parent
 * to read aloud (200 words at most) and with its picture beside it; the
 * developer's specification (the game's id, data files, engine JSON,
 * source files) waits in a last section, "For developers".  The pages are
 * found from this file's place in the tree; the games from the library.
 * Usage: test_rules_for_players PATH/TO/alphadeck
 */
#include <libgen.h>

#include "../testutil.h"

#define HOW_TO_PLAY_WORDS 200

static const char *BIN;
static char root[1024];

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = tu_read_all(f);
    fclose(f);
    return buf;
}

static char *page_of(const char *game, const char *ext)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/docs/rules/%s.%s", root, game, ext);
    char *text = slurp(path);
    if (!text)
        fail_msg("%s: no such file", path);
    return text;
}

/* The section that opens with heading `head` ("## How to play\n"), up to
 * the next "## " heading (caller frees), or NULL. */
static char *section(const char *md, const char *head)
{
    const char *at = strstr(md, head);
    if (!at)
        return NULL;
    at += strlen(head);
    const char *end = strstr(at, "\n## ");
    size_t n = end ? (size_t)(end - at) : strlen(at);
    char *s = malloc(n + 1);
    memcpy(s, at, n);
    s[n] = 0;
    return s;
}

/* Words a parent reads aloud: runs of non-space outside the picture's
 * lines (from "![" to the line with its address). */
static int words_read_aloud(const char *text)
{
    int words = 0, in_word = 0, picture = 0;
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        if (picture || strncmp(line, "![", 2) == 0)
            picture = !memmem(line, n, "](", 2);
        else
            for (size_t i = 0; i <= n; i++) {
                int space = i == n || line[i] == ' ' || line[i] == '\t';
                words += !space && !in_word;
                in_word = !space;
            }
        line += n + (nl != NULL);
    }
    return words;
}

static void test_each_rules_page_opens_with_how_to_play_in_at_most_200_words_and_its_picture(
    void **state)
{
    (void)state;
    for (int g = 0; g < ad_game_count(); g++) {
        const char *id = ad_game_at(g)->id;
        char *md = page_of(id, "md"), want[160];
        snprintf(want, sizeof want, "# %s\n\n## How to play\n\n", ad_game_at(g)->title);
        if (strncmp(md, want, strlen(want)) != 0)
            fail_msg("%s.md does not open with its title and \"How to play\": %.80s", id, md);
        char *how = section(md, "## How to play\n");
        int words = words_read_aloud(how);
        if (words > HOW_TO_PLAY_WORDS || words < 60)
            fail_msg("%s.md: \"How to play\" has %d words (60 to %d)", id, words,
                     HOW_TO_PLAY_WORDS);
        snprintf(want, sizeof want, "](%s.svg)\n", id);
        if (strncmp(how, "\n![", 3) != 0 || !strstr(how, want))
            fail_msg("%s.md: \"How to play\" does not show %s.svg first", id, id);
        char *svg = page_of(id, "svg");
        assert_non_null(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_non_null(strstr(svg, "<title"));
        assert_null(strstr(svg, "<script"));
        assert_null(strstr(svg, "href=")); /* nothing fetched: the picture is all there */
        free(svg);
        free(how);
        free(md);
    }
}

static void test_no_rules_page_shows_ids_data_files_or_json_before_for_developers(void **state)
{
    (void)state;
    static const char *const dev[] = {"Game id", "data/", "src/", "tests/", "{\"", "\"}", "`["};
    for (int g = 0; g < ad_game_count(); g++) {
        const char *id = ad_game_at(g)->id;
        char *md = page_of(id, "md");
        char *devs = strstr(md, "\n## For developers\n");
        if (!devs || strstr(devs + 1, "\n## "))
            fail_msg("%s.md: \"For developers\" is not its last section", id);
        assert_non_null(strstr(devs, "Game id: `"));
        *devs = 0; /* the players' part */
        for (size_t i = 0; i < sizeof dev / sizeof dev[0]; i++)
            if (strstr(md, dev[i]))
                fail_msg("%s.md shows players \"%s\" before \"For developers\": ...%.60s", id,
                         dev[i], strstr(md, dev[i]));
        for (int o = 0; o < ad_game_count(); o++) { /* no game named by its id */
            char quoted[40];
            snprintf(quoted, sizeof quoted, "`%s`", ad_game_at(o)->id);
            if (strstr(md, quoted))
                fail_msg("%s.md names %s to players", id, quoted);
        }
        free(md);
    }
}

/* The terminal's page opens the same way, without the picture: its screen
 * draws the table itself (src/app/rules.c says why). */
static void test_alphadeck_rules_opens_with_how_to_play_and_leaves_the_picture_out(void **state)
{
    (void)state;
    for (int g = 0; g < ad_game_count(); g++) {
        const ad_game *game = ad_game_at(g);
        char cmd[512], *out, want[160];
        snprintf(cmd, sizeof cmd, "%s rules %s", BIN, game->id);
        assert_int_equal(tu_run(cmd, &out), 0);
        size_t t = strlen(game->title);
        snprintf(want, sizeof want, "\n\nHow to play\n\nFor ");
        if (strncmp(out + t, want, strlen(want)) != 0)
            fail_msg("rules %s opens: %.80s", game->id, out);
        assert_null(strstr(out, ".svg"));
        assert_null(strstr(out, "!["));
        assert_null(strstr(out, "\n\n\n"));
        free(out);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_rules_for_players PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    char here[1024]; /* this file is ROOT/tests/cli/test_rules_for_players.c */
    snprintf(here, sizeof here, "%s", __FILE__);
    snprintf(root, sizeof root, "%s", dirname(dirname(dirname(here))));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_each_rules_page_opens_with_how_to_play_in_at_most_200_words_and_its_picture),
        cmocka_unit_test(test_no_rules_page_shows_ids_data_files_or_json_before_for_developers),
        cmocka_unit_test(test_alphadeck_rules_opens_with_how_to_play_and_leaves_the_picture_out),
    };
    return cmocka_run_group_tests_name("rules for players", tests, NULL, NULL);
}
