/*
 * test_aloud_public.c - what a seat hears read aloud of an update is the
 * same whether the reader looks at the seat's own view or at the public
 * view: the read-aloud lines read only what every seat sees.  The server
 * (src/server/pushes.c) builds one tree an update, the public view's, for
 * every seat's read-aloud lines, and writes each seat's own view as text.
 * Over random games of every game, every seat, each step's events.
 */
#include "../testutil.h"
#include "alphadeck/narrate.h"

static const char *const setups[] = {
    "{\"game\":\"noway\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"doubt\",\"players\":5,\"seed\":%d,\"options\":{\"allow_pass\":1,\"target\":20}}",
    "{\"game\":\"liar\",\"players\":3,\"seed\":%d}",
    "{\"game\":\"shout\",\"players\":4,\"seed\":%d}",
    "{\"game\":\"sequence\",\"players\":2,\"seed\":%d}",
    "{\"game\":\"sequence\",\"players\":3,\"seed\":%d}",
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
    json_t *pub = ad_table_view_json(t, AD_PUBLIC);
    for (int seat = -1; seat < ad_table_players(t); seat++) {
        json_t *own = ad_table_view_json(t, seat < 0 ? AD_PUBLIC : seat);
        char *a = lines_of(t, seat, events, own), *b = lines_of(t, seat, events, pub);
        if (strcmp(a, b) != 0)
            fail_msg("%s, step %d, seat %d:\n own view: %s\n public:   %s", req, step, seat, a, b);
        free(a);
        free(b);
        json_decref(own);
    }
    json_decref(pub);
}

static void read_aloud_lines_are_the_same_from_the_public_view(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof setups / sizeof *setups; k++) {
        for (int game = 0; game < 8; game++)
            tu_random_game(setups[k], 300 + game, (uint64_t)(k * 104729 + (size_t)game),
                           assert_heard_alike);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(read_aloud_lines_are_the_same_from_the_public_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
