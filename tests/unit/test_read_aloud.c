/*
 * test_read_aloud.c - read aloud (narrate.h's ad_aloud_*), as a child at
 * seat 0 hears a whole fixed-seed game: every utterance compared, line by
 * line, with the expected ones in tests/aloud/<game>.txt (whose turn, each
 * move, the end; a wild card said as wild).  The games are played by the
 * `basic` bots from a fixed seed, so they are the same on every machine.
 * To see what a changed game says: AD_ALOUD_WRITE=dir writes it there.
 */
#include "../testutil.h"

#include "alphadeck/narrate.h"

/* Plays `new_req` to its end with basic bots at every seat, appending what
 * seat 0 hears (before the first move, then after each) to out. */
static void play_heard(const char *new_req, json_t *out)
{
    ad_table *t = tu_new(new_req);
    const ad_game *g = ad_table_game(t);
    const char *names[] = {"Ann", "Bea", "Cal"};
    narrator n = {.g = g, .players = ad_table_players(t), .you = 0, .names = names};
    void *view = malloc(g->state_size);
    ad_rng r;
    ad_rng_seed(&r, 7);
    json_t *v0 = ad_table_view_json(t, 0);
    ad_aloud_update(&n, NULL, v0, out);
    json_decref(v0);
    for (int step = 0; step < 2000 && !g->is_over(ad_table_state(t)); step++) {
        uint32_t to = g->to_act(ad_table_state(t));
        int seat = __builtin_ctz(to);
        ad_action a;
        g->view(ad_table_state(t), seat, view);
        assert_int_equal(ad_bot_choose(g, view, seat, "basic", &r, &a, NULL), 0);
        ad_events ev = {0};
        assert_int_equal(ad_table_act(t, seat, &a, &ev, NULL), 0);
        json_t *events = ad_table_events_json(t, &ev), *v = ad_table_view_json(t, 0);
        ad_aloud_update(&n, events, v, out);
        json_decref(events);
        json_decref(v);
    }
    free(view);
    ad_table_free(t);
}

/* The lines as text, one a line. */
static char *lines_text(const json_t *lines)
{
    size_t len = 1, i;
    json_t *l;
    json_array_foreach(lines, i, l) len += strlen(json_string_value(l)) + 1;
    char *s = malloc(len), *w = s;
    json_array_foreach(lines, i, l) w += sprintf(w, "%s\n", json_string_value(l));
    *w = 0;
    return s;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s (run from the source folder)", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    s[fread(s, 1, (size_t)n, f)] = 0;
    fclose(f);
    return s;
}

/* The first line where got and want part, for the failure message. */
static void first_difference(const char *got, const char *want)
{
    int line = 1;
    const char *g = got, *w = want;
    while (*g && *g == *w) {
        line += *g == '\n';
        g++, w++;
    }
    print_error("line %d differs:\n  got:  %.120s\n  want: %.120s\n", line, g, w);
}

static void heard_as_expected(const char *name, const char *new_req, char **text_out)
{
    json_t *lines = json_array();
    play_heard(new_req, lines);
    char *got = lines_text(lines), path[256];
    json_decref(lines);
    const char *dir = getenv("AD_ALOUD_WRITE");
    if (dir) {
        snprintf(path, sizeof path, "%s/%s.txt", dir, name);
        FILE *f = fopen(path, "wb");
        fputs(got, f);
        fclose(f);
    }
    snprintf(path, sizeof path, "tests/aloud/%s.txt", name);
    char *want = read_all(path);
    if (strcmp(got, want) != 0) {
        first_difference(got, want);
        fail_msg("%s is not read aloud as %s says", name, path);
    }
    free(want);
    *text_out = got;
}

static void test_a_fixed_seed_sequence_game_is_read_aloud_as_expected(void **state)
{
    (void)state;
    char *heard;
    heard_as_expected("sequence", "{\"game\":\"sequence\",\"players\":2,\"seed\":11}", &heard);
    assert_non_null(strstr(heard, "Your turn, Ann. Pick a card, then a square with its picture."));
    assert_non_null(strstr(heard, "Bea's turn."));
    assert_non_null(strstr(heard, "Z: any square!"));
    assert_non_null(strstr(heard, "with four in a row!\n"));
    free(heard);
}

static void test_a_fixed_seed_no_way_game_is_read_aloud_as_expected(void **state)
{
    (void)state;
    char *heard;
    heard_as_expected("noway", "{\"game\":\"noway\",\"players\":3,\"seed\":5}", &heard);
    assert_non_null(strstr(heard, "Your turn, Ann. Put down"));
    assert_non_null(strstr(heard, "Bea says one"));
    assert_non_null(strstr(heard, "says No Way!"));
    assert_non_null(strstr(heard, "bluffing!") ? strstr(heard, "bluffing!")
                                               : strstr(heard, "told the truth!"));
    assert_non_null(strstr(heard, "the game!\n"));
    free(heard);
}

static void test_liar_is_read_aloud_with_whose_turn_what_to_do_and_the_end(void **state)
{
    (void)state;
    json_t *lines = json_array();
    play_heard("{\"game\":\"liar\",\"players\":3,\"seed\":4,\"options\":{\"target\":10}}",
               lines);
    char *heard = lines_text(lines);
    json_decref(lines);
    assert_non_null(strstr(heard, "Your turn, Ann. Say a word your cards spell, or bluff.\n"));
    assert_non_null(strstr(heard, "Bea's turn.\n"));
    assert_non_null(strstr(heard, "Bea says to Cal: "));
    assert_non_null(strstr(heard, " the game!\n"));
    assert_null(strstr(heard, "\"")); /* quotation marks are for the eye */
    free(heard);
}

static void test_a_shout_wild_card_is_said_as_wild(void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("shout");
    narrator n = {.g = g, .players = 2, .you = 0};
    char buf[200];
    json_t *e = json_loads("{\"type\":\"deal\",\"card\":\"*\"}", 0, NULL);
    assert_int_equal(ad_aloud_event(&n, e, NULL, buf, sizeof buf), 1);
    assert_string_equal(buf, "The dealer turns up a wild card: any letter!");
    json_decref(e);
    ad_aloud_card(g, "*", buf, sizeof buf);
    assert_string_equal(buf, "wild: any letter");
}

static void test_a_square_is_said_by_its_own_picture_and_a_wild_as_wild(void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("sequence");
    narrator n = {.g = g, .players = 2, .you = 0};
    char buf[200];
    /* a Z on the Ladder (row 4, column 5): the ladder's letter, not the card's */
    json_t *e = json_loads("{\"type\":\"place\",\"seat\":1,\"card\":\"Z\",\"square\":[4,5],"
                           "\"colour\":\"blue\"}", 0, NULL);
    assert_int_equal(ad_aloud_event(&n, e, NULL, buf, sizeof buf), 1);
    assert_string_equal(buf, "Bea plays Z: any square! A blue chip on L... ladder.");
    json_decref(e);
    ad_aloud_card(g, "B", buf, sizeof buf);
    assert_string_equal(buf, "B... balloon, bike");
    ad_aloud_card(g, "Z", buf, sizeof buf);
    assert_string_equal(buf, "Z: any square!");
    ad_aloud_card(ad_game_find("doubt"), "10H", buf, sizeof buf);
    assert_string_equal(buf, "ten of hearts");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_fixed_seed_sequence_game_is_read_aloud_as_expected),
        cmocka_unit_test(test_a_fixed_seed_no_way_game_is_read_aloud_as_expected),
        cmocka_unit_test(test_liar_is_read_aloud_with_whose_turn_what_to_do_and_the_end),
        cmocka_unit_test(test_a_shout_wild_card_is_said_as_wild),
        cmocka_unit_test(test_a_square_is_said_by_its_own_picture_and_a_wild_as_wild),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
