/*
 * prop_claim_bots.c - the `basic` claim bots play to go out: between basic
 * players, No Way and I Doubt It games end with a player going out, not
 * at the turn limit, in at least 95% of seeded games at every table size
 * from 2 to 6 (AD_PROP_GAMES games per game, shared over the sizes).
 * Games run on the director, as in `alphadeck sim` and in play: what
 * players get.
 */
#include "proputil.h"

#include "alphadeck/director.h"
#include "games/claim/claim.h"

/* Plays one game between basic bots, run as `alphadeck sim` runs it: a
 * director with the bots inline, pause 0, the clock jumping to each wake,
 * so a challenge window asks one seat at a time, nearest the claimer's
 * left first.  Returns 1 if a player went out. */
static int went_out(const ad_game *g, int players, uint64_t seed)
{
    ad_setup su;
    memset(&su, 0, sizeof su);
    su.players = players;
    su.seed = seed;
    su.deck_n = -1;
    su.dealer = -1;
    su.opt[g == &ad_game_noway ? 2 : 3] = 1000; /* max_turns, the default */
    ad_err e;
    ad_seat_cfg seats[AD_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    for (int p = 0; p < players; p++)
        strcpy(seats[p].level, "basic");
    ad_director_opts o = ad_director_defaults();
    o.inline_bots = 1;
    o.pause_ms = 0;
    o.silent = 1;
    ad_table *t = ad_table_new_setup(g, &su, &e);
    if (!t)
        fail_msg("table: %s", e.text);
    ad_director *d = ad_director_new(t, seats, &o, 0, &e);
    if (!d)
        fail_msg("director: %s", e.text);
    ad_director_out out = {0};
    int64_t now_ms = 0;
    while (!g->is_over(ad_table_state(t))) {
        if (ad_director_advance(d, now_ms, &out, &e) < 0)
            fail_msg("basic's move failed: %s", e.text);
        if (out.wake_ms == AD_DIRECTOR_NEVER)
            break;
        now_ms = out.wake_ms;
    }
    const claim_state *st = ad_table_state(t);
    int over = g->is_over(st), out_by_going_out = st->max_turns == 0 || st->turns < st->max_turns;
    ad_director_free(d);
    if (!over)
        fail_msg("%s, seed %llu: the director stopped before the game ended", g->id,
                 (unsigned long long)seed);
    return out_by_going_out;
}

static void check_game(const ad_game *g)
{
    int per = pu_games() / 5;
    if (per < 20)
        per = 20;
    for (int players = 2; players <= 6; players++) {
        int out = 0;
        for (int i = 0; i < per; i++)
            out += went_out(g, players, 1000003ULL * (uint64_t)players + (uint64_t)i);
        print_message("%s, %d players: %d of %d games ended by a player going out\n", g->id,
                      players, out, per);
        if (out * 100 < per * 95)
            fail_msg("%s with %d players: only %d of %d games ended by going out", g->id, players,
                     out, per);
    }
}

static void test_basic_noway_games_end_by_a_player_going_out(void **state)
{
    (void)state;
    check_game(&ad_game_noway);
}

static void test_basic_doubt_games_end_by_a_player_going_out(void **state)
{
    (void)state;
    check_game(&ad_game_doubt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_basic_noway_games_end_by_a_player_going_out),
        cmocka_unit_test(test_basic_doubt_games_end_by_a_player_going_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
