/*
 * hello.c - a tiny program built against the INSTALLED library, as a user
 * of it would (tests/install/pkgconfig.sh builds it with `pkg-config
 * --cflags --libs alphadeck`): it opens a game of No Way through the public
 * API, plays random actions to the end, prints the winner, tells the last
 * events in words (narrate.h), and asks the engine (engine.h) for its games.
 * Everything it prints starts with a word the script looks for.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <alphadeck/alphadeck.h>
#include <alphadeck/engine.h>
#include <alphadeck/narrate.h>

/* The first seat asked to act, or -1 when none is. */
static int first_seat(uint32_t mask)
{
    for (int s = 0; s < 32; s++)
        if (mask & (1u << s))
            return s;
    return -1;
}

/* Plays random actions from each seat's own view until the game ends;
 * leaves the last move's events in *ev.  Returns the moves made. */
static int play_out(ad_table *t, ad_events *ev)
{
    const ad_game *g = ad_table_game(t);
    void *view = malloc(g->state_size);
    ad_rng r;
    int moves = 0;
    ad_rng_seed(&r, 7);
    while (!g->is_over(ad_table_state(t)) && moves < 100000) {
        int seat = first_seat(g->to_act(ad_table_state(t)));
        ad_action a;
        g->view(ad_table_state(t), seat, view);
        g->random_action(view, seat, &r, &a);
        if (ad_table_act(t, seat, &a, ev, NULL) < 0)
            break;
        moves++;
    }
    free(view);
    return moves;
}

static void narrate_last(const ad_table *t, const ad_events *ev)
{
    narrator n = {.g = ad_table_game(t), .players = ad_table_players(t), .you = -1};
    json_t *events = ad_table_events_json(t, ev);
    size_t i;
    json_t *e;
    char line[256];
    json_array_foreach(events, i, e)
        if (ad_narrate_event(&n, e, line, sizeof line))
            printf("narrated: %s\n", line);
    json_decref(events);
}

static int ask_engine(void)
{
    ad_engine *en = ad_engine_new();
    const char *line = "{\"cmd\":\"games\"}";
    json_t *reply = en ? ad_engine_line(en, line, strlen(line)) : NULL;
    char *text = reply ? json_dumps(reply, JSON_COMPACT) : NULL;
    if (text)
        printf("engine: %.60s\n", text);
    free(text);
    json_decref(reply);
    ad_engine_free(en);
    return text ? 0 : 1;
}

int main(void)
{
    ad_err err;
    json_t *req = json_pack("{s:s,s:i,s:i}", "game", "noway", "players", 3, "seed", 42);
    ad_table *t = ad_table_new(req, &err);
    json_decref(req);
    if (!t) {
        fprintf(stderr, "hello: %s\n", err.text);
        return 1;
    }
    ad_events ev = {0};
    int moves = play_out(t, &ev);
    json_t *view = ad_table_view_json(t, AD_GOD);
    printf("%s (alphadeck %s): over after %d moves, winner seat %d\n",
           ad_table_game(t)->title, AD_VERSION, moves,
           (int)json_integer_value(json_object_get(view, "winner")));
    json_decref(view);
    narrate_last(t, &ev);
    ad_table_free(t);
    return ask_engine();
}
