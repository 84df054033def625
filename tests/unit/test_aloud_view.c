/*
 * test_aloud_view.c - what a seat hears read aloud of an update is the same
 * from the few fields the server reads it from (src/games/view_text.h's
 * ad_table_aloud_view: a claim game's phase, to_act, call and max_cards)
 * as from the whole public view and from the seat's own view.  Over random
 * games of every game (the claim games in several setups), every seat and
 * a watcher, each step's events and the start.
 */
#include "../testutil.h"
#include "alphadeck/narrate.h"
#include "games/view_text.h"

static const char *const setups[] = {
    "{\"game\":\"noway\",\"players\":2,\"seed\":%d}",
    "{\"game\":\"noway\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"noway\",\"players\":6,\"seed\":%d,\"options\":{\"max_turns\":40}}",
    "{\"game\":\"doubt\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"doubt\",\"players\":5,\"seed\":%d,\"options\":{\"allow_pass\":1,\"target\":20}}",
    "{\"game\":\"liar\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"shout\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"sequence\",\"players\":2,\"seed\":%d}",
};

/* seat's lines for events (NULL: the start) from view, as one text. */
static char *lines_of(const ad_table *t, int seat, const json_t *events, const json_t *view)
{
    narrator n = {.g = ad_table_game(t), .players = ad_table_players(t), .you = seat};
    json_t *out = json_array();
    ad_aloud_update(&n, events, view, out);
    char *text = json_dumps(out, JSON_COMPACT);
    json_decref(out);
    return text;
}

static void assert_heard_alike(const ad_table *t, const json_t *events, const char *req, int step)
{
    json_t *few = ad_table_aloud_view(t), *pub = ad_table_view_json(t, AD_PUBLIC);
    for (int seat = -1; seat < ad_table_players(t); seat++) {
        json_t *own = ad_table_view_json(t, seat < 0 ? AD_PUBLIC : seat);
        char *a = lines_of(t, seat, events, few), *b = lines_of(t, seat, events, pub),
             *c = lines_of(t, seat, events, own);
        if (strcmp(a, b) != 0 || strcmp(a, c) != 0)
            fail_msg("%s, step %d, seat %d:\n few fields: %s\n public:     %s\n own:        %s",
                     req, step, seat, a, b, c);
        free(a);
        free(b);
        free(c);
        json_decref(own);
    }
    json_decref(pub);
    json_decref(few);
}

static void read_aloud_lines_are_the_same_from_the_few_fields_the_server_reads(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof setups / sizeof *setups; k++) {
        for (int game = 0; game < 10; game++)
            tu_random_game(setups[k], 700 + game, (uint64_t)(k * 15485863 + (size_t)game),
                           assert_heard_alike);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(read_aloud_lines_are_the_same_from_the_few_fields_the_server_reads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
