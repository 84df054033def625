/*
 * prop_liar.c - properties of Liar over 10,000 seeded random games with 2
 * to 6 players:
 *   - every card is in exactly one place (the hand, the draw pile or the
 *     discards) after every action;
 *   - only the holder sees the hand; nobody sees the pile or the discards;
 *     a seat's memory (the hand as it last held it, its own discards) is
 *     in its own view only, and agrees with the hand's make-up;
 *   - replaying the record gives the identical state;
 *   - every game ends with a winner at the target.
 */
#include "proputil.h"

#include "games/liar/liar.h"

static void check_cards(const liar_state *s)
{
    int n[LI_LETTERS] = {0}, hand = 0, disc = 0, total = 0;
    for (int k = 0; k < LI_LETTERS; k++) {
        n[k] = s->hand[k] + s->discard[k];
        hand += s->hand[k];
        disc += s->discard[k];
    }
    for (int i = 0; i < s->pile_n; i++)
        n[s->pile[i]]++;
    for (int k = 0; k < LI_LETTERS; k++) {
        if (n[k] != s->deck->copies[k])
            fail_msg("letter %c: %d cards in play, %d in the deck", 'A' + k, n[k],
                     s->deck->copies[k]);
        total += n[k];
    }
    if (hand != s->hand_n || disc != s->discard_n || total != s->total)
        fail_msg("counts: hand %d/%d, discards %d/%d, total %d/%d", hand, s->hand_n, disc,
                 s->discard_n, total, s->total);
    /* the holder remembers the hand it passes on; the cards remembered in the
     * discards (each seat's own, and those turned up) are there */
    if (s->phase == LI_ANNOUNCE || s->phase == LI_RESPOND) {
        SAME(s->held[s->holder], s->hand, sizeof s->hand, "the holder's memory and its hand");
        assert_int_equal(s->held_at[s->holder], s->passes);
    }
    for (int k = 0; k < LI_LETTERS; k++) {
        int known = s->turned_up[k];
        for (int p = 0; p < s->players; p++)
            known += s->gone[p][k];
        if (known > s->discard[k])
            fail_msg("letter %c: %d cards remembered in the discards, %d there", 'A' + k, known,
                     s->discard[k]);
    }
}

static void check_view(const ad_game *g, const liar_state *s, int seat, int json_too)
{
    liar_state v;
    g->view(s, seat, &v);
    if (seat == s->holder)
        SAME(v.hand, s->hand, sizeof v.hand, "the holder's hand and its view");
    else if (!pu_all_zero(v.hand, sizeof v.hand))
        fail_msg("seat %d sees the hand held by seat %d", seat, s->holder);
    if (!pu_all_zero(v.pile, sizeof v.pile) || !pu_all_zero(v.discard, sizeof v.discard) ||
        !pu_all_zero(&v.rng, sizeof v.rng))
        fail_msg("seat %d's view shows hidden cards", seat);
    for (int p = 0; p < LI_MAXP; p++) {
        if (p == seat) {
            SAME(v.held[p], s->held[p], sizeof v.held[p], "a seat's memory and its view");
            SAME(v.gone[p], s->gone[p], sizeof v.gone[p], "a seat's discards and its view");
            assert_int_equal(v.held_at[p], s->held_at[p]);
        } else if (!pu_all_zero(v.held[p], sizeof v.held[p]) || v.held_at[p] != -1 ||
                   !pu_all_zero(v.gone[p], sizeof v.gone[p])) {
            fail_msg("seat %d's view shows what seat %d remembers", seat, p);
        }
    }
    liar_state a = *s, b = v;
    memset(a.held, 0, sizeof a.held);
    memset(b.held, 0, sizeof b.held);
    memset(a.held_at, 0, sizeof a.held_at);
    memset(b.held_at, 0, sizeof b.held_at);
    memset(a.gone, 0, sizeof a.gone);
    memset(b.gone, 0, sizeof b.gone);
    memset(a.hand, 0, sizeof a.hand);
    memset(b.hand, 0, sizeof b.hand);
    memset(a.pile, 0, sizeof a.pile);
    memset(a.discard, 0, sizeof a.discard);
    memset(&a.rng, 0, sizeof a.rng);
    a.viewer = b.viewer;
    SAME(&a, &b, sizeof a, "the public parts of state and view");
    if (json_too) {
        json_t *j = g->view_json(&v);
        assert_null(json_object_get(j, "hands"));
        assert_null(json_object_get(j, "deck"));
        assert_null(json_object_get(j, "discards"));
        assert_int_equal(json_array_size(json_object_get(j, "hand")),
                         seat == s->holder ? s->hand_n : 0);
        json_t *held = json_object_get(j, "held");
        assert_true(s->held_at[seat] < 0 ? json_is_null(held) : json_is_object(held));
        assert_true(json_is_array(json_object_get(j, "gone")));
        json_decref(j);
    }
}

static void test_liar_random_games_conserve_cards_hide_the_hand_replay_and_end(void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("liar");
    long longest = 0, total = 0, reshuffled = 0, calls = 0, spelled = 0;
    ad_rng r;
    ad_rng_seed(&r, 20261122);
    int ngames = pu_games();
    for (int i = 0; i < ngames; i++) {
        int players = 2 + i % 5;
        json_t *req = json_pack("{s:s,s:i,s:I}", "game", "liar", "players", players, "seed",
                                (json_int_t)104729 * i + 1);
        ad_err e;
        ad_table *t = ad_table_new(req, &e);
        if (!t)
            fail_msg("game %d: %s", i, e.text);
        long moves = 0;
        int deep = i % 25 == 0, shuffled = 0;
        while (!g->is_over(ad_table_state(t))) {
            ad_events ev;
            int seat = pu_random_move(t, &r, &ev);
            const liar_state *s = ad_table_state(t);
            for (int k = 0; k < ev.n; k++) {
                shuffled |= ev.ev[k].type == LI_EV_RESHUFFLE;
                calls += ev.ev[k].type == LI_EV_REVEAL;
                spelled += ev.ev[k].type == LI_EV_REVEAL && ev.ev[k].value;
            }
            check_cards(s);
            check_view(g, s, seat, 0);
            if (moves % 4 == 0)
                for (int p = 0; p < players; p++)
                    check_view(g, s, p, deep);
            if (++moves > 1000000)
                fail_msg("game %d did not end", i);
        }
        const liar_state *s = ad_table_state(t);
        assert_true(s->winner >= 0 && s->score[s->winner] >= s->target);
        reshuffled += shuffled;
        if (moves > longest)
            longest = moves;
        total += moves;
        pu_replay_steps(t, req);
        if (deep)
            pu_replay_json(t);
        ad_table_free(t);
        json_decref(req);
    }
    printf("# liar: %d games ended at the target; %ld reshuffled the pile; %ld liar calls, %ld "
           "found the word spelled; longest %ld moves, mean %.1f\n",
           ngames, reshuffled, calls, spelled, longest, (double)total / ngames);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_liar_random_games_conserve_cards_hide_the_hand_replay_and_end),
    };
    return cmocka_run_group_tests_name("liar properties", tests, NULL, NULL);
}
