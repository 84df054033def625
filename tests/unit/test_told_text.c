/*
 * test_told_text.c - an update's words written without a tree
 * (src/games/told_text.h) are exactly the trees' compact text, as jansson
 * dumps them: the events told (each with its "text") and the lines read
 * aloud, over random games of all five games, for every seat and a
 * watcher, each step's events as the server sends them (with "v",
 * "seat_acting" and "by"), with names in several scripts, events that
 * already carry a "text", one with no field, one that is not an object
 * (told_util.h), and sentences cut inside a character.
 */
#include "../testutil.h"
#include "alphadeck/narrate.h"
#include "games/told_text.h"
#include "told_util.h"

static const char *const setups[] = {
    "{\"game\":\"noway\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"noway\",\"players\":6,\"seed\":%d,\"options\":{\"max_turns\":40}}",
    "{\"game\":\"doubt\",\"players\":5,\"seed\":%d,\"options\":{\"allow_pass\":1,\"target\":20}}",
    "{\"game\":\"liar\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"shout\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"sequence\",\"players\":2,\"seed\":%d}",
    "{\"game\":\"sequence\",\"players\":3,\"seed\":%d}",
};

/* Names a table may have: none (Ann, Bea, ...), accents, other scripts, a
 * quote and a backslash, and one long enough that a sentence naming it is
 * cut at the narrator's 400 bytes, inside a character. */
static const char *names_of(int k, int seat)
{
    static char longname[420];
    if (!longname[0]) {
        for (size_t i = 0; i + 2 < sizeof longname - 1; i += 2)
            memcpy(longname + i, "\xc3\xa9", 2); /* é, again and again */
    }
    static const char *const some[] = {NULL, "Zo\xc3\xab", "\xe5\xa4\xaa\xe9\x83\x8e",
                                       "O\"Brien \\ co", "Ann", "\xf0\x9f\x90\xb1 cat"};
    if (k % 3 == 0)
        return NULL;
    if (k % 3 == 2 && seat == 1)
        return longname;
    return some[(seat + k) % (int)(sizeof some / sizeof *some)];
}

static void assert_same(const char *what, const char *setup, int step, int seat, json_t *tree,
                        ad_jw *w)
{
    char *want = json_dumps(tree, JSON_COMPACT);
    const char *got = ad_jw_text(w);
    if (!want || !got || strcmp(got, want) != 0)
        fail_msg("%s, %s, step %d, seat %d:\n tree:   %s\n writer: %s", what, setup, step, seat,
                 want ? want : "(none)", got ? got : "(out of memory)");
    free(want);
    json_decref(tree);
}

/* Every seat's and a watcher's words of one update: text as the tree's. */
static void assert_words_alike(const ad_table *t, const json_t *events, const char **names,
                               const char *setup, int step, ad_jw *w)
{
    json_t *pub = ad_table_view_json(t, AD_PUBLIC);
    /* each event as the server keeps it for sync, its fields then told to
     * every seat from the same share */
    ad_told_share sh = {0};
    for (size_t i = 0; i < json_array_size(events); i++) {
        ad_jw_reset(w); /* in brackets: an event may be no object (served_events) */
        ad_jw_raw(w, "[", 1);
        ad_told_event_text(w, events, i, &sh);
        ad_jw_raw(w, "]", 1);
        assert_same("kept event", setup, step, (int)i, json_pack("[O]", json_array_get(events, i)),
                    w);
    }
    for (int seat = -1; seat < ad_table_players(t); seat++) {
        narrator a = {.g = ad_table_game(t), .players = ad_table_players(t), .you = seat,
                      .names = names};
        narrator b = a, c = a;
        json_t *told = ad_told_tree(&a, events);
        ad_jw_reset(w);
        ad_told_text(w, &b, events);
        assert_same("told", setup, step, seat, json_incref(told), w);
        ad_jw_reset(w);
        ad_told_text_shared(w, &c, events, &sh);
        assert_same("told from the share", setup, step, seat, told, w);
        a.time_up = b.time_up = 0;
        json_t *aloud = json_array();
        ad_aloud_update(&a, events, pub, aloud);
        ad_jw_reset(w);
        ad_aloud_text(w, &b, events, pub);
        assert_same("aloud", setup, step, seat, aloud, w);
    }
    ad_told_share_free(&sh);
    json_decref(pub);
}

static void play(size_t k, int game, ad_jw *w)
{
    char setup[256];
    snprintf(setup, sizeof setup, setups[k], 500 + game);
    ad_table *t = tu_new(setup);
    const ad_game *g = ad_table_game(t);
    const char *names[AD_MAX_SEATS] = {0};
    for (int s = 0; s < ad_table_players(t); s++)
        names[s] = names_of(game, s);
    void *view = malloc(g->state_size);
    assert_non_null(view);
    ad_rng r;
    ad_rng_seed(&r, (uint64_t)(k * 7919 + (size_t)game));
    assert_words_alike(t, NULL, names, setup, 0, w);
    for (int step = 1; step < 600; step++) {
        ad_events ev = {0};
        int seat = __builtin_ctz(g->to_act(ad_table_state(t)) | 1u << 31);
        if (!tu_random_step(t, view, &r, &ev))
            break;
        json_t *raw = ad_table_events_json(t, &ev);
        json_t *events = served_events(raw, (uint32_t)step, seat, &r);
        assert_words_alike(t, events, names, setup, step, w);
        json_decref(events);
        json_decref(raw);
    }
    free(view);
    ad_table_free(t);
}

static void told_and_aloud_text_is_the_trees_text_in_every_game_for_every_seat(void **state)
{
    (void)state;
    ad_jw w = {0};
    for (size_t k = 0; k < sizeof setups / sizeof *setups; k++)
        for (int game = 0; game < 9; game++)
            play(k, game, &w);
    ad_jw_free(&w);
}

static void only_whole_utf8_is_taken_as_jansson_takes_it(void **state)
{
    (void)state;
    const char *cases[] = {"", "plain", "Zo\xc3\xab", "\xe5\xa4\xaa", "\xf0\x9f\x90\xb1",
                           "\xc3", "\xe5\xa4", "\xf0\x9f\x90", "\xc0\xaf", "\xe0\x80\xaf",
                           "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xff", "\x80", "a\xc3(b"};
    /* each also after ASCII of 15 to 33 bytes (read 16 bytes at a time) */
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (int before = 0; before <= 33; before += before ? 1 : 15) {
            char text[64];
            snprintf(text, sizeof text, "%.*s%s", before, "The letters are shown to all now.",
                     cases[i]);
            json_t *s = json_string(text);
            if (ad_told_utf8(text) != (s != NULL))
                fail_msg("case %zu after %d bytes: ours %d, jansson %d", i, before,
                         ad_told_utf8(text), s != NULL);
            json_decref(s);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(told_and_aloud_text_is_the_trees_text_in_every_game_for_every_seat),
        cmocka_unit_test(only_whole_utf8_is_taken_as_jansson_takes_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
