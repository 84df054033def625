/*
 * test_shout_rules.c - every Shout a Word rule of RULES.md, one test each.
 * Games use explicit decks: a card's id is its place in the given deck, and
 * the dealer deals them in that order (id 0 first).
 */
#include "../testutil.h"

#include "games/shout/shout.h"

static const shout_state *st(const ad_table *t)
{
    return ad_table_state(t);
}

/* players, dealer 0, the deck; deals the first `deal` cards */
static ad_table *game(int players, const char *deck, const char *options, int deal)
{
    char buf[1024];
    snprintf(buf, sizeof buf,
             "{\"game\":\"shout\",\"players\":%d,\"dealer\":0,\"deck\":%s,\"options\":%s}",
             players, deck, options ? options : "{}");
    ad_table *t = tu_new(buf);
    for (int i = 0; i < deal; i++)
        TU_OK(t, 0, "{\"type\":\"deal\"}");
    return t;
}

static const char *THE = "[\"T\",\"H\",\"E\",\"TH\",\"A\",\"S\",\"CH\",\"*\",\"N\",\"O\",\"P\",\"R\"]";

static void test_shout_deck_is_61_singles_17_doubles_and_2_wilds(void **state)
{
    (void)state;
    const ad_deck *d = ad_deck_get("shout");
    int singles = 0, doubles = 0, wilds = 0;
    for (int k = 0; k < d->nkinds; k++) {
        size_t len = strlen(d->kind[k]);
        if (strcmp(d->kind[k], "*") == 0)
            wilds += d->copies[k];
        else if (len == 2)
            doubles += d->copies[k];
        else
            singles += d->copies[k];
    }
    assert_int_equal(singles, 61);
    assert_int_equal(doubles, 17);
    assert_int_equal(wilds, 2);
    assert_int_equal(d->copies[ad_deck_kind(d, "E")], 7);
    assert_int_equal(d->copies[ad_deck_kind(d, "QU")], 1);
    ad_table *t = tu_new("{\"game\":\"shout\",\"players\":3,\"seed\":1}");
    assert_int_equal(st(t)->ncards, 80);
    assert_int_equal(st(t)->pile_n, 80);
    ad_table_free(t);
}

static void test_shout_is_for_2_to_8_players(void **state)
{
    (void)state;
    for (int n = 1; n <= 9; n++) {
        json_t *req = json_pack("{s:s,s:i}", "game", "shout", "players", n);
        ad_err e;
        ad_table *t = ad_table_new(req, &e);
        assert_true((t != NULL) == (n >= 2 && n <= 8));
        ad_table_free(t);
        json_decref(req);
    }
}

static void test_shout_only_the_dealer_deals_one_card_at_a_time_face_up(void **state)
{
    (void)state;
    ad_table *t = game(3, THE, NULL, 0);
    ad_err e;
    assert_int_equal(tu_act(t, 1, "{\"type\":\"deal\"}", NULL, &e), AD_E_NOT_YOUR_TURN);
    TU_GOD_EQ(t, "to_act", "[0]"); /* nothing on the table: only the dealer can act */
    TU_OK(t, 0, "{\"type\":\"deal\"}");
    TU_GOD_EQ(t, "table", "[{\"id\":0,\"card\":\"T\"}]");
    TU_GOD_EQ(t, "to_act", "[0,1,2]"); /* now anyone may claim */
    TU_GOD_EQ(t, "deck_count", "11");
    ad_table_free(t);
}

static void test_shout_a_valid_claim_takes_its_cards(void **state)
{
    (void)state;
    ad_table *t = game(2, THE, NULL, 3);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"the\"}");
    TU_GOD_EQ(t, "won", "[0,3]");
    TU_GOD_EQ(t, "table", "[]");
    ad_table_free(t);
}

static void test_shout_a_word_needs_min_cards_cards_not_letters(void **state)
{
    (void)state;
    ad_table *t = game(2, THE, NULL, 5); /* T H E TH A on the table */
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[3,2],\"word\":\"the\"}"); /* TH E: 2 cards */
    TU_GOD_EQ(t, "last", "{\"seat\":1,\"action\":{\"type\":\"claim\",\"cards\":[{\"id\":3,\"card\":"
                         "\"TH\"},{\"id\":2,\"card\":\"E\"}],\"word\":\"the\"},\"outcome\":{\"valid\""
                         ":false,\"verdict\":\"too_few_cards\",\"rewarded\":[0]}}");
    ad_table_free(t);
    t = game(2, THE, "{\"min_cards\":4}", 5);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"the\"}");
    TU_GOD_EQ(t, "won", "[1,0]"); /* 3 cards are too few with min_cards 4 */
    ad_table_free(t);
}

static void test_shout_a_double_card_is_used_as_printed_never_split_or_reversed(void **state)
{
    (void)state;
    /* CH A S cannot spell "cash": the S would split C from H */
    ad_table *t = game(2, "[\"CH\",\"A\",\"S\",\"T\",\"E\"]", NULL, 5);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"cash\"}");
    TU_GOD_EQ(t, "won", "[0,0]"); /* the deck is empty: no reward to give */
    json_t *v = ad_table_view_json(t, AD_GOD);
    json_t *out = json_object_get(json_object_get(v, "last"), "outcome");
    assert_string_equal(json_string_value(json_object_get(out, "verdict")), "not_spelled");
    json_decref(v);
    ad_table_free(t);
}

static void test_shout_a_wild_stands_for_exactly_one_letter(void **state)
{
    (void)state;
    ad_table *t = game(2, "[\"C\",\"*\",\"T\",\"O\",\"P\",\"R\"]", NULL, 6);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"cat\"}");
    TU_GOD_EQ(t, "won", "[0,3]");
    ad_table_free(t);
    t = game(2, "[\"C\",\"*\",\"T\",\"O\",\"P\",\"R\"]", NULL, 6);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"cart\"}"); /* * is not "ar" */
    TU_GOD_EQ(t, "won", "[0,0]");
    ad_table_free(t);
}

static void test_shout_a_word_must_be_in_the_dictionary(void **state)
{
    (void)state;
    ad_table *t = game(2, "[\"T\",\"E\",\"H\",\"S\",\"A\",\"O\"]", NULL, 3);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,2,1],\"word\":\"the\"}");
    TU_GOD_EQ(t, "won", "[0,3]");
    ad_table_free(t);
    t = game(2, "[\"T\",\"E\",\"H\",\"S\",\"A\",\"O\"]", NULL, 3);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"teh\"}");
    json_t *v = ad_table_view_json(t, 1);
    assert_string_equal(json_string_value(json_object_get(
                            json_object_get(json_object_get(v, "last"), "outcome"), "verdict")),
                        "not_a_word");
    json_decref(v);
    ad_table_free(t);
}

static void test_shout_a_failed_claim_gives_every_other_seat_a_card_from_the_deck(void **state)
{
    (void)state;
    ad_table *t = game(4, THE, NULL, 3);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"teh\"}");
    TU_GOD_EQ(t, "won", "[1,0,1,1]");
    TU_GOD_EQ(t, "deck_count", "6");
    TU_GOD_EQ(t, "table", "[{\"id\":0,\"card\":\"T\"},{\"id\":1,\"card\":\"H\"},{\"id\":2,\"card\""
                          ":\"E\"}]"); /* the claimer gets nothing; the table stays */
    ad_table_free(t);
}

static void test_shout_a_claim_of_cards_not_on_the_table_is_refused_and_changes_nothing(
    void **state)
{
    (void)state;
    ad_table *t = game(2, THE, NULL, 2);
    size_t n = ad_table_game(t)->state_size;
    void *before = malloc(n);
    memcpy(before, ad_table_state(t), n);
    const char *bad[] = {
        "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"the\"}", /* 2 is still in the deck */
        "{\"type\":\"claim\",\"cards\":[0,0],\"word\":\"tt\"}",
        "{\"type\":\"claim\",\"cards\":[],\"word\":\"a\"}",
        "{\"type\":\"claim\",\"cards\":[0,99],\"word\":\"ta\"}",
        "{\"type\":\"claim\",\"cards\":[0,1],\"word\":\"t-h\"}",
        "{\"type\":\"claim\",\"cards\":[0,1]}",
        "{\"type\":\"pass\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ad_err e;
        assert_int_not_equal(tu_act(t, 1, bad[i], NULL, &e), 0);
        assert_memory_equal(before, ad_table_state(t), n);
    }
    free(before);
    ad_table_free(t);
}

static void test_shout_the_final_window_runs_until_every_seat_passes(void **state)
{
    (void)state;
    /* three rounds are played, so look at the first one's end */
    ad_table *t = game(3, "[\"T\",\"H\",\"E\",\"Z\"]", NULL, 4);
    TU_GOD_EQ(t, "phase", "\"final\"");
    TU_GOD_EQ(t, "to_act", "[0,1,2]");
    TU_OK(t, 2, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"the\"}");
    TU_GOD_EQ(t, "phase", "\"final\""); /* Z is still on the table */
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    ad_err e;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"pass\"}", NULL, &e), AD_E_NOT_YOUR_TURN);
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 2, "{\"type\":\"pass\"}");
    /* round 1 is over: Z was not scored; seat 2's 3 cards won the point */
    TU_GOD_EQ(t, "scores", "[0,0,1]");
    TU_GOD_EQ(t, "round", "2");
    ad_table_free(t);
}

static void test_shout_one_round_per_player_and_the_deal_passes_left(void **state)
{
    (void)state;
    ad_table *t = game(3, "[\"T\",\"H\",\"E\"]", NULL, 3);
    for (int round = 1; round <= 3; round++) {
        TU_GOD_EQ(t, "phase", "\"final\"");
        for (int p = 0; p < 3; p++)
            TU_OK(t, p, "{\"type\":\"pass\"}");
        if (round < 3) {
            char want[16];
            snprintf(want, sizeof want, "%d", round);
            TU_GOD_EQ(t, "dealer", want); /* seat 0, then 1, then 2 */
            for (int i = 0; i < 3; i++)
                TU_OK(t, round, "{\"type\":\"deal\"}");
        }
    }
    TU_GOD_EQ(t, "phase", "\"over\"");
    ad_table_free(t);
}

static void test_shout_the_view_counts_the_cards_won_over_the_whole_game(void **state)
{
    (void)state;
    ad_table *t = game(2, "[\"T\",\"H\",\"E\",\"Z\"]", NULL, 4);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"the\"}");
    TU_GOD_EQ(t, "won", "[0,3]");
    TU_GOD_EQ(t, "won_total", "[0,3]");
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "round", "2");
    TU_GOD_EQ(t, "won", "[0,0]"); /* a new round */
    TU_GOD_EQ(t, "won_total", "[0,3]");
    TU_OK(t, 1, "{\"type\":\"deal\"}");
    json_t *table = tu_god(t, "table");
    char claim[128];
    snprintf(claim, sizeof claim, "{\"type\":\"claim\",\"cards\":[%d],\"word\":\"a\"}",
             (int)json_integer_value(json_object_get(json_array_get(table, 0), "id")));
    json_decref(table);
    TU_OK(t, 0, claim); /* one card is too few: seat 1 gets a card */
    TU_GOD_EQ(t, "won", "[0,1]");
    TU_GOD_EQ(t, "won_total", "[0,4]");
    ad_table_free(t);
}

static void test_shout_the_round_point_goes_to_the_most_cards_and_ties_share(void **state)
{
    (void)state;
    ad_table *t = game(3, "[\"T\",\"H\",\"E\",\"C\",\"A\",\"T\"]", NULL, 6);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"the\"}");
    TU_OK(t, 2, "{\"type\":\"claim\",\"cards\":[3,4,5],\"word\":\"cat\"}");
    /* the table is empty in the final window: the round ends */
    TU_GOD_EQ(t, "scores", "[0,1,1]");
    ad_table_free(t);
}

static void test_shout_with_handicap_a_round_winner_needs_one_card_more(void **state)
{
    (void)state;
    ad_table *t = game(2, "[\"T\",\"H\",\"E\"]", "{\"handicap\":1}", 3);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"the\"}");
    TU_GOD_EQ(t, "scores", "[0,1]");
    TU_GOD_EQ(t, "need", "[3,4]");
    ad_table_free(t);
    t = game(2, "[\"T\",\"H\",\"E\"]", NULL, 3);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"the\"}");
    TU_GOD_EQ(t, "need", "[3,3]");
    ad_table_free(t);
}

static void test_shout_the_most_points_win_and_ties_share_the_win(void **state)
{
    (void)state;
    ad_table *t = game(2, "[\"T\",\"H\",\"E\"]", NULL, 3);
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2],\"word\":\"the\"}"); /* round 1: seat 1 */
    for (int i = 0; i < 3; i++) /* round 2: seat 1 deals; nobody claims */
        TU_OK(t, 1, "{\"type\":\"deal\"}");
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "phase", "\"over\"");
    TU_GOD_EQ(t, "winner", "1");
    ad_table_free(t);
    /* nobody wins a card in either round: both share the win */
    t = game(2, "[\"Z\",\"Q\",\"X\"]", NULL, 3);
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    for (int i = 0; i < 3; i++)
        TU_OK(t, 1, "{\"type\":\"deal\"}");
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "scores", "[0,0]");
    TU_GOD_EQ(t, "winner", "[0,1]");
    ad_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shout_deck_is_61_singles_17_doubles_and_2_wilds),
        cmocka_unit_test(test_shout_is_for_2_to_8_players),
        cmocka_unit_test(test_shout_only_the_dealer_deals_one_card_at_a_time_face_up),
        cmocka_unit_test(test_shout_a_valid_claim_takes_its_cards),
        cmocka_unit_test(test_shout_a_word_needs_min_cards_cards_not_letters),
        cmocka_unit_test(test_shout_a_double_card_is_used_as_printed_never_split_or_reversed),
        cmocka_unit_test(test_shout_a_wild_stands_for_exactly_one_letter),
        cmocka_unit_test(test_shout_a_word_must_be_in_the_dictionary),
        cmocka_unit_test(test_shout_a_failed_claim_gives_every_other_seat_a_card_from_the_deck),
        cmocka_unit_test(
            test_shout_a_claim_of_cards_not_on_the_table_is_refused_and_changes_nothing),
        cmocka_unit_test(test_shout_the_final_window_runs_until_every_seat_passes),
        cmocka_unit_test(test_shout_one_round_per_player_and_the_deal_passes_left),
        cmocka_unit_test(test_shout_the_view_counts_the_cards_won_over_the_whole_game),
        cmocka_unit_test(test_shout_the_round_point_goes_to_the_most_cards_and_ties_share),
        cmocka_unit_test(test_shout_with_handicap_a_round_winner_needs_one_card_more),
        cmocka_unit_test(test_shout_the_most_points_win_and_ties_share_the_win),
    };
    return cmocka_run_group_tests_name("shout rules", tests, NULL, NULL);
}
