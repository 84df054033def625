/*
 * test_plurals.c - counts read as a family reads them: "1 card", never
 * "1 cards", where the library writes a count into its words (a refused
 * deck or play, the narrator's reshuffle).  The browser's counts are
 * tests/web/rules_for_players.test.mjs's.
 */
#include "alphadeck/narrate.h"

#include "../testutil.h"

/* The words a `new` request is refused with. */
static void refusal_of(const char *json, char *out, size_t n)
{
    json_t *req = json_loads(json, 0, NULL);
    assert_non_null(req);
    ad_err e;
    ad_table *t = ad_table_new(req, &e);
    json_decref(req);
    assert_null(t);
    snprintf(out, n, "%s", e.text);
}

static void test_a_deck_of_one_card_is_refused_as_1_card(void **state)
{
    (void)state;
    char why[256];
    refusal_of("{\"game\":\"noway\",\"players\":2,\"deck\":[\"A\"]}", why, sizeof why);
    assert_string_equal(why, "a deck of 1 card cannot deal one to each of 2 players");
    refusal_of("{\"game\":\"sequence\",\"players\":2,\"deck\":[\"A\"]}", why, sizeof why);
    assert_string_equal(why, "a deck of 1 card cannot deal 5 to each of 2 players");
    refusal_of("{\"game\":\"sequence\",\"players\":2,\"deck\":[\"A\",\"B\"]}", why, sizeof why);
    assert_string_equal(why, "a deck of 2 cards cannot deal 5 to each of 2 players");
}

static void test_a_seat_holding_one_card_may_lay_down_1_card(void **state)
{
    (void)state;
    /* seat 1 is dealt the A, seat 0 the B; seat 1 plays first */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":0,\"deck\":[\"A\",\"B\"]}");
    ad_err e;
    assert_int_equal(tu_act(t, 1, "{\"type\":\"play\",\"cards\":[\"A\",\"A\"],\"say\":\"A\"}", NULL,
                            &e),
                     AD_E_ILLEGAL);
    assert_string_equal(e.text, "you may lay down 1 card, not 2");
    ad_table_free(t);
}

static void test_the_narrator_says_a_reshuffle_of_1_card(void **state)
{
    (void)state;
    narrator n = {.g = ad_game_find("sequence"), .players = 2, .you = -1};
    char buf[256];
    json_t *e = json_pack("{s:s,s:i}", "type", "reshuffle", "cards", 1);
    ad_narrate_event(&n, e, buf, sizeof buf);
    assert_string_equal(buf,
                        "The draw deck is empty: the discard piles, 1 card, are shuffled into a "
                        "new one.");
    json_object_set_new(e, "cards", json_integer(12));
    ad_narrate_event(&n, e, buf, sizeof buf);
    assert_non_null(strstr(buf, "the discard piles, 12 cards, are"));
    json_decref(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_deck_of_one_card_is_refused_as_1_card),
        cmocka_unit_test(test_a_seat_holding_one_card_may_lay_down_1_card),
        cmocka_unit_test(test_the_narrator_says_a_reshuffle_of_1_card),
    };
    return cmocka_run_group_tests_name("plurals", tests, NULL, NULL);
}
