/*
 * prop_sequence.c - properties of Sequence Letters over 10,000 seeded random
 * games with 2, 3 and 4 players:
 *   - every card is in exactly one place (a hand, the draw deck or a
 *     discard pile) after every action;
 *   - chips: each colour's chips on the board are its placements less the
 *     chips X removed from it;
 *   - a seat's view holds nothing the seat could not see;
 *   - replaying the record gives the identical state;
 *   - every game ends; how many end by a line and how many by the turn
 *     limit (max_turns) is reported.
 */
#include "proputil.h"

#include "games/sequence/sequence.h"

static void check_cards(const seq_state *s)
{
    int n[SQ_KINDS] = {0}, total = 0;
    for (int p = 0; p < s->players; p++) {
        int c = 0;
        for (int k = 0; k < SQ_KINDS; k++) {
            n[k] += s->hand[p][k];
            c += s->hand[p][k];
        }
        if (c != s->count[p])
            fail_msg("seat %d holds %d cards but counts %d", p, c, s->count[p]);
        for (int i = 0; i < s->discard_n[p]; i++)
            n[s->discard[p][i]]++;
    }
    for (int i = 0; i < s->pile_n; i++)
        n[s->pile[i]]++;
    for (int k = 0; k < SQ_KINDS; k++) {
        if (n[k] > s->deck->copies[k])
            fail_msg("face %d appears %d times", k, n[k]);
        total += n[k];
    }
    if (total != s->total)
        fail_msg("%d cards in play, %d in the game", total, s->total);
}

static void check_view(const ad_game *g, const seq_state *s, int seat, int json_too)
{
    seq_state v;
    g->view(s, seat, &v);
    for (int p = 0; p < SQ_MAXP; p++)
        if (p != seat && !pu_all_zero(v.hand[p], SQ_KINDS))
            fail_msg("seat %d's view shows seat %d's hand", seat, p);
    SAME(v.hand[seat], s->hand[seat], SQ_KINDS, "the seat's own hand and its view");
    if (!pu_all_zero(v.pile, sizeof v.pile) || !pu_all_zero(&v.rng, sizeof v.rng))
        fail_msg("seat %d's view shows the deck", seat);
    seq_state a = *s, b = v;
    memset(a.hand, 0, sizeof a.hand);
    memset(b.hand, 0, sizeof b.hand);
    memset(a.pile, 0, sizeof a.pile);
    memset(&a.rng, 0, sizeof a.rng);
    a.viewer = b.viewer;
    SAME(&a, &b, sizeof a, "the public parts of state and view");
    if (json_too) {
        json_t *j = g->view_json(&v);
        assert_null(json_object_get(j, "hands"));
        assert_null(json_object_get(j, "deck"));
        assert_int_equal(json_array_size(json_object_get(j, "hand")), s->count[seat]);
        json_decref(j);
    }
}

static void test_sequence_random_games_conserve_cards_and_chips_hide_hands_replay_and_end(
    void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("sequence");
    long lines = 0, drawn = 0, longest = 0, total = 0, reshuffled = 0;
    ad_rng r;
    ad_rng_seed(&r, 20261122);
    int ngames = pu_games();
    for (int i = 0; i < ngames; i++) {
        int players = 2 + i % 3;
        json_t *req = json_pack("{s:s,s:i,s:I}", "game", "sequence", "players", players, "seed",
                                (json_int_t)7919 * i + 3);
        ad_err e;
        ad_table *t = ad_table_new(req, &e);
        assert_non_null(t);
        int chips[4] = {0};
        long moves = 0;
        int deep = i % 25 == 0;
        while (!g->is_over(ad_table_state(t))) {
            ad_events ev;
            int seat = pu_random_move(t, &r, &ev);
            const seq_state *s = ad_table_state(t);
            for (int k = 0; k < ev.n; k++) /* other: the colour placed or removed */
                chips[ev.ev[k].other + 1] += ev.ev[k].type == SQ_EV_PLACE    ? 1
                                             : ev.ev[k].type == SQ_EV_REMOVE ? -1
                                                                             : 0;
            int on[4] = {0};
            for (int q = 0; q < SQ_SQUARES; q++)
                on[s->board[q]]++;
            for (int c = 1; c < 4; c++)
                if (on[c] != chips[c])
                    fail_msg("game %d: colour %d has %d chips on the board, %d placed", i, c,
                             on[c], chips[c]);
            check_cards(s);
            check_view(g, s, seat, 0);
            if (moves % 8 == 0)
                for (int p = 0; p < players; p++)
                    check_view(g, s, p, deep);
            moves++;
        }
        const seq_state *s = ad_table_state(t);
        if (s->winner_team >= 0)
            lines++;
        else
            drawn++;
        reshuffled += s->reshuffles > 0;
        if (moves > longest)
            longest = moves;
        total += moves;
        pu_replay_steps(t, req);
        if (deep)
            pu_replay_json(t);
        ad_table_free(t);
        json_decref(req);
    }
    assert_int_equal(lines + drawn, ngames);
    printf("# sequence: %d games ended: %ld by a line of four, %ld drawn by the turn limit "
           "(%.3f%%); %ld reshuffled the deck; longest %ld moves, mean %.1f\n",
           ngames, lines, drawn, 100.0 * (double)drawn / ngames, reshuffled, longest,
           (double)total / ngames);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_sequence_random_games_conserve_cards_and_chips_hide_hands_replay_and_end),
    };
    return cmocka_run_group_tests_name("sequence properties", tests, NULL, NULL);
}
