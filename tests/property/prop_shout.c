/*
 * prop_shout.c - properties of Shout a Word over 10,000 seeded random games
 * with 2 to 8 players (random seats claim random table cards):
 *   - every card is in exactly one place (the deck, the table, or won by one
 *     seat) after every action;
 *   - a view hides the deck's order and nothing else;
 *   - replaying the record gives the identical state;
 *   - every game ends after one round per player, and its winners hold the
 *     most round points.
 */
#include "proputil.h"

#include "games/shout/shout.h"

static void check_cards(const shout_state *s)
{
    int won = 0;
    uint8_t seen[SH_CARDS] = {0};
    for (int p = 0; p < s->players; p++)
        won += s->won[p];
    for (int i = 0; i < s->pile_n; i++)
        seen[s->pile[i]]++;
    for (int i = 0; i < s->table_n; i++)
        seen[s->table[i]]++;
    for (int id = 0; id < s->ncards; id++)
        if (seen[id] > 1)
            fail_msg("card %d is in two places", id);
    if (s->phase != SH_OVER && s->pile_n + s->table_n + won != s->ncards)
        fail_msg("%d in the deck, %d on the table, %d won: not the game's %d", s->pile_n,
                 s->table_n, won, s->ncards);
}

static void check_view(const ad_game *g, const shout_state *s, int seat, int json_too)
{
    shout_state v;
    g->view(s, seat, &v);
    if (!pu_all_zero(v.pile, sizeof v.pile) || !pu_all_zero(&v.rng, sizeof v.rng))
        fail_msg("seat %d's view shows the deck", seat);
    shout_state a = *s;
    memset(a.pile, 0, sizeof a.pile);
    memset(&a.rng, 0, sizeof a.rng);
    a.viewer = v.viewer;
    SAME(&a, &v, sizeof a, "the public parts of state and view");
    if (json_too) {
        json_t *j = g->view_json(&v);
        assert_null(json_object_get(j, "deck"));
        assert_int_equal(json_array_size(json_object_get(j, "table")), s->table_n);
        json_decref(j);
    }
}

static void test_shout_random_games_conserve_cards_hide_the_deck_replay_and_end(void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("shout");
    long longest = 0, total = 0, claims = 0, valid = 0, shared = 0;
    ad_rng r;
    ad_rng_seed(&r, 20261122);
    int ngames = pu_games();
    for (int i = 0; i < ngames; i++) {
        int players = 2 + i % 7;
        json_t *req = json_pack("{s:s,s:i,s:I,s:{s:i,s:i}}", "game", "shout", "players", players,
                                "seed", (json_int_t)15485863 * i + 5, "options", "min_cards",
                                3 + (i % 11 == 4), "handicap", i % 3 == 1);
        ad_err e;
        ad_table *t = ad_table_new(req, &e);
        if (!t)
            fail_msg("game %d: %s", i, e.text);
        long moves = 0;
        int deep = i % 25 == 0;
        while (!g->is_over(ad_table_state(t))) {
            ad_events ev;
            int seat = pu_random_move(t, &r, &ev);
            const shout_state *s = ad_table_state(t);
            for (int k = 0; k < ev.n; k++)
                if (ev.ev[k].type == SH_EV_CLAIM) {
                    claims++;
                    valid += ev.ev[k].value == SH_OK;
                }
            check_cards(s);
            check_view(g, s, seat, 0);
            if (moves % 8 == 0)
                for (int p = 0; p < players; p++)
                    check_view(g, s, p, deep);
            if (++moves > 1000000)
                fail_msg("game %d did not end", i);
        }
        const shout_state *s = ad_table_state(t);
        assert_int_equal(s->round + 1, players);
        json_t *v = ad_table_view_json(t, AD_GOD);
        shared += json_is_array(json_object_get(v, "winner"));
        json_decref(v);
        if (moves > longest)
            longest = moves;
        total += moves;
        pu_replay_steps(t, req);
        if (deep)
            pu_replay_json(t);
        ad_table_free(t);
        json_decref(req);
    }
    printf("# shout: %d games ended after one round per player; %ld shared wins; %ld claims, %ld "
           "valid; longest %ld moves, mean %.1f\n",
           ngames, shared, claims, valid, longest, (double)total / ngames);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shout_random_games_conserve_cards_hide_the_deck_replay_and_end),
    };
    return cmocka_run_group_tests_name("shout properties", tests, NULL, NULL);
}
