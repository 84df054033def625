/*
 * test_doubt_rules.c - every I Doubt It rule of RULES.md, one test each.
 * Explicit decks pin the hands: card i goes to seat (dealer+1+i) % n.
 */
#include "../testutil.h"

#include "games/claim/claim.h"

static const claim_state *st(const ad_table *t)
{
    return ad_table_state(t);
}

static ad_table *two(const char *deck, const char *options)
{
    char buf[1024];
    snprintf(buf, sizeof buf,
             "{\"game\":\"doubt\",\"players\":2,\"dealer\":1,\"deck\":%s,\"options\":%s}", deck,
             options ? options : "{}");
    return tu_new(buf);
}

static ad_err try_new(const char *json)
{
    json_t *req = json_loads(json, 0, NULL);
    ad_err e = {0};
    ad_table *t = ad_table_new(req, &e);
    if (t)
        e.code = AD_OK;
    ad_table_free(t);
    json_decref(req);
    return e;
}

static void test_doubt_is_for_2_to_10_players(void **state)
{
    (void)state;
    assert_int_equal(try_new("{\"game\":\"doubt\",\"players\":1}").code, AD_E_BAD_PLAYERS);
    assert_int_equal(try_new("{\"game\":\"doubt\",\"players\":2}").code, AD_OK);
    assert_int_equal(try_new("{\"game\":\"doubt\",\"players\":10}").code, AD_OK);
    assert_int_equal(try_new("{\"game\":\"doubt\",\"players\":11}").code, AD_E_BAD_PLAYERS);
}

static void test_doubt_one_pack_for_2_to_4_two_for_6_and_more_either_for_5(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":4,\"seed\":1}");
    assert_int_equal(st(t)->total, 52);
    assert_int_equal(st(t)->maxplay, 4);
    ad_table_free(t);
    t = tu_new("{\"game\":\"doubt\",\"players\":6,\"seed\":1}");
    assert_int_equal(st(t)->total, 104);
    assert_int_equal(st(t)->maxplay, 8);
    ad_table_free(t);
    t = tu_new("{\"game\":\"doubt\",\"players\":5,\"seed\":1}");
    assert_int_equal(st(t)->total, 52);
    ad_table_free(t);
    t = tu_new("{\"game\":\"doubt\",\"players\":5,\"seed\":1,\"options\":{\"decks\":2}}");
    assert_int_equal(st(t)->total, 104);
    ad_table_free(t);
    assert_int_equal(try_new("{\"game\":\"doubt\",\"players\":4,\"options\":{\"decks\":2}}").code,
                     AD_E_BAD_OPTION);
    assert_int_equal(try_new("{\"game\":\"doubt\",\"players\":6,\"options\":{\"decks\":1}}").code,
                     AD_E_BAD_OPTION);
}

static void test_doubt_highest_draw_deals_ace_high_ties_redraw(void **state)
{
    (void)state;
    const ad_deck *d = ad_deck_get("doubt");
    for (int seed = 0; seed < 300; seed++) {
        char buf[128];
        snprintf(buf, sizeof buf, "{\"game\":\"doubt\",\"players\":5,\"seed\":%d}", seed);
        ad_table *t = tu_new(buf);
        const claim_state *s = st(t);
        /* the final round's draws: the dealer's is strictly the highest */
        int dv = -1;
        for (int p = 0; p < 5; p++) {
            if (s->draw[p] < 0)
                continue;
            int c = d->class_of[s->draw[p]];
            int v = c == 0 ? 13 : c; /* ace high */
            if (p == s->dealer)
                dv = v;
        }
        assert_true(dv >= 0);
        for (int p = 0; p < 5; p++) {
            if (s->draw[p] < 0 || p == s->dealer)
                continue;
            int c = d->class_of[s->draw[p]];
            assert_true((c == 0 ? 13 : c) < dv);
        }
        ad_table_free(t);
    }
}

static void test_doubt_deals_one_at_a_time_from_the_dealers_left(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":3,\"dealer\":1,"
                         "\"deck\":[\"AS\",\"2S\",\"3S\",\"4S\",\"5S\"]}");
    TU_GOD_EQ(t, "hands", "[[\"2S\",\"5S\"],[\"3S\"],[\"AS\",\"4S\"]]");
    TU_GOD_EQ(t, "to_act", "[2]");
    ad_table_free(t);
}

static void test_doubt_calls_aces_then_2_to_king_then_aces_again(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":2,\"seed\":4}");
    const char *order[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};
    for (int turn = 0; turn < 14; turn++) {
        const claim_state *s = st(t);
        assert_string_equal(s->deck->class_name[s->call], order[turn]);
        int seat = s->turn, k = 0;
        while (s->hand[seat][k] == 0)
            k++;
        char buf[96];
        snprintf(buf, sizeof buf, "{\"type\":\"play\",\"cards\":[\"%s\"]}", s->deck->kind[k]);
        TU_OK(t, seat, buf);
        TU_OK(t, 1 - seat, turn % 2 ? "{\"type\":\"challenge\"}" : "{\"type\":\"pass\"}");
    }
    ad_table_free(t);
}

static void test_doubt_a_play_is_1_to_4_cards_or_1_to_8_with_two_packs(void **state)
{
    (void)state;
    ad_table *t = two("[\"AS\",\"2S\",\"AH\",\"2H\",\"AD\",\"2D\",\"AC\",\"2C\",\"3S\",\"3H\"]",
                      NULL);
    ad_err e;
    assert_int_equal(
        tu_act(t, 0, "{\"type\":\"play\",\"cards\":[\"AS\",\"AH\",\"AD\",\"AC\",\"3S\"]}", NULL, &e),
        AD_E_ILLEGAL);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"AS\",\"AH\",\"AD\",\"AC\"]}");
    ad_table_free(t);
    t = tu_new("{\"game\":\"doubt\",\"players\":6,\"dealer\":5,\"deck\":[\"AS\",\"AS\",\"AH\","
               "\"AH\",\"AD\",\"AD\",\"AC\",\"AC\",\"2S\",\"2S\",\"2H\",\"2H\"]}");
    /* six players, dealer 5: seat 0 gets cards 0 and 6 */
    TU_GOD_EQ(t, "max_cards", "8");
    ad_table_free(t);
}

static void test_doubt_only_the_rank_can_be_false(void **state)
{
    (void)state;
    ad_table *t = two("[\"AS\",\"2S\",\"7H\",\"2H\"]", NULL);
    ad_err e;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"play\",\"cards\":[\"7H\"],\"say\":\"7\"}", NULL, &e),
                     AD_E_ILLEGAL);
    assert_string_equal(e.text, "the call is A: a play can only announce A");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"7H\"],\"say\":\"A\"}");
    ad_table_free(t);
}

static void test_doubt_doubted_true_play_sends_the_doubter_all_table_cards(void **state)
{
    (void)state;
    ad_table *t = two("[\"AS\",\"2S\",\"7H\",\"2H\",\"9C\",\"3D\"]", NULL);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"7H\"]}"); /* false aces, undoubted */
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "pile", "[\"7H\"]"); /* undoubted cards stay face down on the table */
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"2S\",\"2H\"]}");
    TU_OK(t, 0, "{\"type\":\"challenge\"}");
    TU_GOD_EQ(t, "hands", "[[\"AS\",\"2S\",\"2H\",\"7H\",\"9C\"],[\"3D\"]]");
    ad_table_free(t);
}

static void test_doubt_doubted_false_play_sends_the_player_all_table_cards(void **state)
{
    (void)state;
    ad_table *t = two("[\"AS\",\"2S\",\"7H\",\"2H\",\"9C\",\"3D\"]", NULL);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"AS\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"2S\",\"3D\"]}");
    TU_OK(t, 0, "{\"type\":\"challenge\"}");
    TU_GOD_EQ(t, "hands", "[[\"7H\",\"9C\"],[\"AS\",\"2S\",\"2H\",\"3D\"]]");
    TU_GOD_EQ(t, "pile_count", "0");
    ad_table_free(t);
}

static void test_doubt_last_card_undoubted_wins(void **state)
{
    (void)state;
    ad_table *t = two("[\"7S\",\"2S\",\"AS\"]", NULL);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"7S\"]}"); /* seat 0 keeps AS */
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"2S\"]}"); /* last card: doubtable, not face up */
    assert_int_equal(st(t)->phase, CC_CHALLENGE);
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "winner", "1");
    TU_GOD_EQ(t, "phase", "\"over\"");
    ad_table_free(t);
}

static void test_doubt_last_card_doubted_and_true_wins(void **state)
{
    (void)state;
    ad_table *t = two("[\"7S\",\"2S\",\"AS\"]", NULL);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"7S\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"2S\"]}");
    TU_OK(t, 0, "{\"type\":\"challenge\"}");
    TU_GOD_EQ(t, "winner", "1");
    TU_GOD_EQ(t, "hand_counts", "[3,0]");
    ad_table_free(t);
}

static void test_doubt_last_card_doubted_and_false_takes_the_table(void **state)
{
    (void)state;
    ad_table *t = two("[\"7S\",\"9S\",\"AS\"]", NULL);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"7S\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"9S\"]}");
    TU_OK(t, 0, "{\"type\":\"challenge\"}");
    TU_GOD_EQ(t, "winner", "null");
    TU_GOD_EQ(t, "hand_counts", "[1,2]");
    TU_GOD_EQ(t, "to_act", "[0]");
    ad_table_free(t);
}

static void test_doubt_allow_pass_lays_nothing_and_the_call_advances(void **state)
{
    (void)state;
    ad_table *t = two("[\"7S\",\"9S\",\"AS\",\"2S\"]", "{\"allow_pass\":1}");
    ad_events ev;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"pass\"}", &ev, NULL), 0);
    assert_int_equal(ev.n, 1);
    assert_int_equal(ev.ev[0].type, CC_EV_NOPLAY);
    TU_GOD_EQ(t, "phase", "\"play\""); /* a pass lays nothing: nothing to doubt */
    TU_GOD_EQ(t, "call", "\"2\"");
    TU_GOD_EQ(t, "to_act", "[1]");
    TU_GOD_EQ(t, "hand_counts", "[2,2]");
    ad_table_free(t);
}

static void test_doubt_without_allow_pass_a_player_must_lay_cards(void **state)
{
    (void)state;
    ad_table *t = two("[\"7S\",\"9S\",\"AS\",\"2S\"]", NULL);
    ad_err e;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"pass\"}", NULL, &e), AD_E_ILLEGAL);
    ad_table_free(t);
}

static void test_doubt_winner_scores_a_point_per_card_left_in_the_other_hands(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":3,\"dealer\":2,"
                         "\"deck\":[\"AS\",\"KS\",\"QS\",\"2S\",\"3S\",\"4S\",\"5S\"]}");
    /* seat 0: AS 2S 5S; seat 1: KS 3S; seat 2: QS 4S */
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"AS\",\"2S\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 2, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"KS\",\"3S\"]}"); /* last cards, call 2 */
    TU_OK(t, 2, "{\"type\":\"pass\"}");
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "winner", "1");
    TU_GOD_EQ(t, "scores", "[0,3,0]"); /* seat 0 holds 1, seat 2 holds 2 */
    ad_table_free(t);
}

static void test_doubt_match_goes_on_until_someone_reaches_the_target(void **state)
{
    (void)state;
    ad_table *t = two("[\"AS\",\"2S\",\"3S\"]", "{\"target\":2}");
    /* seat 0: AS 3S; seat 1: 2S.  Deal 1: seat 0 plays AS, seat 1 goes out */
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"AS\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"2S\"]}");
    ad_events ev;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"pass\"}", &ev, NULL), 0);
    TU_GOD_EQ(t, "scores", "[0,1]");
    TU_GOD_EQ(t, "winner", "null"); /* 1 < 2: a new deal */
    TU_GOD_EQ(t, "deal", "2");
    TU_GOD_EQ(t, "dealer", "0"); /* the deal passes to the left */
    TU_GOD_EQ(t, "call", "\"A\"");
    TU_GOD_EQ(t, "hand_counts", "[1,2]");
    /* play on with random legal moves until the match ends */
    ad_rng r;
    ad_rng_seed(&r, 1);
    const ad_game *g = ad_table_game(t);
    for (int i = 0; i < 100000 && !g->is_over(ad_table_state(t)); i++) {
        uint32_t m = g->to_act(ad_table_state(t));
        int seat = __builtin_ctz(m);
        ad_action a;
        g->random_action(ad_table_state(t), seat, &r, &a);
        assert_int_equal(ad_table_act(t, seat, &a, NULL, NULL), 0);
    }
    const claim_state *s = st(t);
    assert_int_equal(s->phase, CC_OVER);
    assert_true(s->score[s->winner] >= 2);
    assert_true(s->score[1 - s->winner] < 2);
    ad_table_free(t);
}

/* A long match counts its deals on past 256 (the count once wrapped to 0
 * there, and the draw for dealer of deal 1 came back every 256 deals):
 * every new deal is the last one plus one, in the event and the view, and
 * only deal 1 shows the draw.  Deals end after 4 turns to keep it quick. */
static void test_doubt_a_long_match_counts_its_deals_past_256(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":2,\"seed\":3,"
                         "\"options\":{\"target\":100000,\"max_turns\":4}}");
    json_t *draw = tu_god(t, "draw");
    assert_true(json_is_array(draw)); /* deal 1 was dealt after a draw */
    json_decref(draw);
    const ad_game *g = ad_table_game(t);
    ad_rng r;
    ad_rng_seed(&r, 1);
    long deal = 1;
    for (long i = 0; i < 1000000 && deal < 300; i++) {
        int seat = __builtin_ctz(g->to_act(ad_table_state(t)));
        ad_action a;
        ad_events ev;
        g->random_action(ad_table_state(t), seat, &r, &a);
        assert_int_equal(ad_table_act(t, seat, &a, &ev, NULL), 0);
        for (int k = 0; k < ev.n; k++) {
            if (ev.ev[k].type != CC_EV_DEAL)
                continue;
            assert_int_equal(ev.ev[k].value, deal + 1);
            deal++;
            json_t *v = ad_table_view_json(t, AD_GOD);
            assert_int_equal(json_integer_value(json_object_get(v, "deal")), deal);
            assert_null(json_object_get(v, "draw"));
            json_decref(v);
        }
    }
    assert_int_equal(deal, 300);
    assert_false(g->is_over(ad_table_state(t)));
    ad_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doubt_is_for_2_to_10_players),
        cmocka_unit_test(test_doubt_one_pack_for_2_to_4_two_for_6_and_more_either_for_5),
        cmocka_unit_test(test_doubt_highest_draw_deals_ace_high_ties_redraw),
        cmocka_unit_test(test_doubt_deals_one_at_a_time_from_the_dealers_left),
        cmocka_unit_test(test_doubt_calls_aces_then_2_to_king_then_aces_again),
        cmocka_unit_test(test_doubt_a_play_is_1_to_4_cards_or_1_to_8_with_two_packs),
        cmocka_unit_test(test_doubt_only_the_rank_can_be_false),
        cmocka_unit_test(test_doubt_doubted_true_play_sends_the_doubter_all_table_cards),
        cmocka_unit_test(test_doubt_doubted_false_play_sends_the_player_all_table_cards),
        cmocka_unit_test(test_doubt_last_card_undoubted_wins),
        cmocka_unit_test(test_doubt_last_card_doubted_and_true_wins),
        cmocka_unit_test(test_doubt_last_card_doubted_and_false_takes_the_table),
        cmocka_unit_test(test_doubt_allow_pass_lays_nothing_and_the_call_advances),
        cmocka_unit_test(test_doubt_without_allow_pass_a_player_must_lay_cards),
        cmocka_unit_test(test_doubt_winner_scores_a_point_per_card_left_in_the_other_hands),
        cmocka_unit_test(test_doubt_match_goes_on_until_someone_reaches_the_target),
        cmocka_unit_test(test_doubt_a_long_match_counts_its_deals_past_256),
    };
    return cmocka_run_group_tests_name("doubt rules", tests, NULL, NULL);
}
