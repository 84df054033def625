/*
 * test_json_writer.c - the server's JSON writer (src/core/jsonw.h) writes
 * exactly jansson's compact text: for random trees (strings with quotes,
 * backslashes, every control character, UTF-8 of 2 to 4 bytes; integers
 * to both ends of their range; reals; nesting), for every game's views at
 * random positions and every seat, and for writes one after another into
 * one reused buffer.
 */
#include <limits.h>

#include "core/jsonw.h"
#include "../testutil.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(uint32_t below)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % below);
}

/* Text that needs every kind of care: pieces chosen at random. */
static json_t *random_string(void)
{
    static const char *const pieces[] = {"a", "Z", " ", "\"", "\\", "/", "\x7f", "\xc3\xa9",
                                         "\xe2\x82\xac", "\xf0\x9f\x82\xa1", "\xe2\x80\xa8", "{}",
                                         "\\u0041", "9"};
    char buf[256];
    size_t n = 0;
    int k = (int)rnd(40); /* (long ones too: ad_jw_str takes 16 plain bytes at a time) */
    for (int i = 0; i < k; i++) {
        if (rnd(4) == 0) { /* a control character, NUL included */
            buf[n++] = (char)rnd(0x20);
            continue;
        }
        const char *p = pieces[rnd(sizeof pieces / sizeof *pieces)];
        memcpy(buf + n, p, strlen(p));
        n += strlen(p);
    }
    return json_stringn(buf, n);
}

static json_t *random_leaf(void)
{
    static const long long ints[] = {0, 1, -1, 9, 10, -10, 123456789, LLONG_MAX, LLONG_MIN};
    static const double reals[] = {0.0, -0.0, 0.5, 1.0, -2.25, 1e20, 1e-5, 3.141592653589793,
                                   1e300, -1.5e-300, 123456.0, 1.0 / 3.0};
    switch (rnd(7)) {
    case 0: return random_string();
    case 1: return json_integer(ints[rnd(sizeof ints / sizeof *ints)]);
    case 2: return json_integer((json_int_t)rnd(1u << 31) - (1 << 30));
    case 3: return json_real(reals[rnd(sizeof reals / sizeof *reals)]);
    case 4: return json_true();
    case 5: return json_false();
    default: return json_null();
    }
}

static json_t *random_tree(int depth)
{
    if (depth == 0 || rnd(3) == 0)
        return random_leaf();
    int n = (int)rnd(5);
    if (rnd(2)) {
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(a, random_tree(depth - 1));
        return a;
    }
    json_t *o = json_object();
    for (int i = 0; i < n; i++) {
        json_t *key = random_string();
        json_object_set_new(o, json_string_value(key), random_tree(depth - 1));
        json_decref(key);
    }
    return o;
}

/* w's text (reset first) for j is jansson's JSON_COMPACT text. */
static void assert_same_text(ad_jw *w, const json_t *j)
{
    char *want = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY);
    assert_non_null(want);
    ad_jw_reset(w);
    ad_jw_tree(w, j);
    const char *got = ad_jw_text(w);
    assert_non_null(got);
    assert_string_equal(got, want);
    assert_int_equal(w->n, strlen(want));
    free(want);
}

static void the_writer_gives_janssons_compact_text_for_any_tree(void **state)
{
    (void)state;
    ad_jw w = {0};
    for (int i = 0; i < 20000; i++) {
        json_t *j = random_tree(4);
        assert_same_text(&w, j);
        json_decref(j);
    }
    ad_jw_free(&w);
}

static void strings_escape_control_characters_and_pass_utf8(void **state)
{
    (void)state;
    ad_jw w = {0};
    ad_jw_str(&w, "a\"\\/\x01\n\x7f\xc3\xa9", 9);
    assert_string_equal(ad_jw_text(&w), "\"a\\\"\\\\/\\u0001\\n\x7f\xc3\xa9\"");
    ad_jw_reset(&w);
    ad_jw_str(&w, "\0\x1f", 2);
    assert_string_equal(ad_jw_text(&w), "\"\\u0000\\u001F\"");
    ad_jw_free(&w);
}

static void integers_reach_both_ends_of_their_range(void **state)
{
    (void)state;
    ad_jw w = {0};
    ad_jw_int(&w, LLONG_MIN);
    ad_jw_raw(&w, ",", 1);
    ad_jw_int(&w, LLONG_MAX);
    ad_jw_raw(&w, ",", 1);
    ad_jw_int(&w, 0);
    assert_string_equal(ad_jw_text(&w), "-9223372036854775808,9223372036854775807,0");
    ad_jw_free(&w);
}

/* Every game's views at random positions, for every seat, the public and
 * the all-seeing one, written alike. */
static void every_games_views_are_written_as_jansson_writes_them(void **state)
{
    (void)state;
    static const char *const games[] = {
        "{\"game\":\"noway\",\"players\":4,\"seed\":1}",
        "{\"game\":\"doubt\",\"players\":5,\"seed\":2}",
        "{\"game\":\"liar\",\"players\":3,\"seed\":3}",
        "{\"game\":\"shout\",\"players\":4,\"seed\":4}",
        "{\"game\":\"sequence\",\"players\":2,\"seed\":5}",
    };
    ad_jw w = {0};
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        for (int game = 0; game < 20; game++) {
            ad_table *t = tu_new(games[g]);
            const ad_game *gm = ad_table_game(t);
            void *view = malloc(gm->state_size);
            assert_non_null(view);
            ad_rng r;
            ad_rng_seed(&r, (uint64_t)(g * 1000 + (size_t)game));
            for (int step = 0; step < 200; step++) {
                int players = ad_table_players(t);
                for (int seat = -2; seat < players; seat++) {
                    json_t *v = ad_table_view_json(t, seat == -2 ? AD_GOD : seat < 0 ? AD_PUBLIC : seat);
                    assert_same_text(&w, v);
                    json_decref(v);
                }
                if (!tu_random_step(t, view, &r, NULL))
                    break;
            }
            free(view);
            ad_table_free(t);
        }
    }
    ad_jw_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_writer_gives_janssons_compact_text_for_any_tree),
        cmocka_unit_test(strings_escape_control_characters_and_pass_utf8),
        cmocka_unit_test(integers_reach_both_ends_of_their_range),
        cmocka_unit_test(every_games_views_are_written_as_jansson_writes_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
