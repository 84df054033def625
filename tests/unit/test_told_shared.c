/*
 * test_told_shared.c - the events told from fields written once an update
 * and shared by the seats (told_text.h's ad_told_text_shared) are the same
 * bytes as each seat's events told whole (ad_told_text): over random games
 * of all five games, every seat and a watcher in a random order, one share
 * an update, each step's events as the server sends them, with now and
 * then an event that carries a "text" of its own, one with no field, one
 * that is not an object, and names in several scripts.
 */
#include "../testutil.h"
#include "alphadeck/narrate.h"
#include "games/told_text.h"
#include "told_util.h"

static const char *const setups[] = {
    "{\"game\":\"noway\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"doubt\",\"players\":5,\"seed\":%d,\"options\":{\"allow_pass\":1,\"target\":20}}",
    "{\"game\":\"liar\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"shout\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"sequence\",\"players\":3,\"seed\":%d}",
};

static const char *const some_names[] = {NULL, "Zo\xc3\xab", "\xe5\xa4\xaa\xe9\x83\x8e",
                                         "O\"Brien \\ co", "Ann"};

/* Every seat's and a watcher's events told, shared and whole, alike. */
static void assert_told_alike(const ad_table *t, const json_t *events, const char **names,
                              ad_told_share *sh, ad_rng *r, const char *setup, int step)
{
    int n = ad_table_players(t) + 1, order[AD_MAX_SEATS + 1];
    for (int i = 0; i < n; i++)
        order[i] = i - 1;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ad_rng_below(r, (uint32_t)i + 1), x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    ad_told_share_reset(sh);
    ad_jw whole = {0}, shared = {0};
    for (int i = 0; i < n; i++) {
        narrator a = {.g = ad_table_game(t), .players = n - 1, .you = order[i], .names = names};
        narrator b = a;
        ad_told_text(&whole, &a, events);
        ad_told_text_shared(&shared, &b, events, sh);
        const char *x = ad_jw_text(&whole), *y = ad_jw_text(&shared);
        if (!x || !y || strcmp(x, y) != 0)
            fail_msg("%s, step %d, seat %d:\n whole:  %s\n shared: %s", setup, step, order[i],
                     x ? x : "(out of memory)", y ? y : "(out of memory)");
        ad_jw_reset(&whole);
        ad_jw_reset(&shared);
    }
    ad_jw_free(&whole);
    ad_jw_free(&shared);
}

static int play(size_t k, int game, ad_told_share *sh)
{
    char setup[256];
    snprintf(setup, sizeof setup, setups[k], 700 + game);
    ad_table *t = tu_new(setup);
    const ad_game *g = ad_table_game(t);
    const char *names[AD_MAX_SEATS] = {0};
    for (int s = 0; s < ad_table_players(t); s++)
        names[s] = some_names[(s + game) % (int)(sizeof some_names / sizeof *some_names)];
    void *view = malloc(g->state_size);
    assert_non_null(view);
    ad_rng r;
    ad_rng_seed(&r, (uint64_t)(k * 6007 + (size_t)game));
    int step = 1;
    for (; step < 600; step++) {
        ad_events ev = {0};
        int seat = __builtin_ctz(g->to_act(ad_table_state(t)) | 1u << 31);
        if (!tu_random_step(t, view, &r, &ev))
            break;
        json_t *raw = ad_table_events_json(t, &ev);
        json_t *events = served_events(raw, (uint32_t)step, seat, &r);
        assert_told_alike(t, events, names, sh, &r, setup, step);
        json_decref(events);
        json_decref(raw);
    }
    free(view);
    ad_table_free(t);
    return step;
}

static void events_told_from_shared_fields_are_each_seats_events_told_whole(void **state)
{
    (void)state;
    ad_told_share sh = {0};
    int steps = 0;
    for (size_t k = 0; k < sizeof setups / sizeof *setups; k++)
        for (int game = 0; game < 6; game++)
            steps += play(k, game, &sh);
    assert_true(steps > 3000);
    ad_told_share_free(&sh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(events_told_from_shared_fields_are_each_seats_events_told_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
