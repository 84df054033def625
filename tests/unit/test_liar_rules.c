/*
 * test_liar_rules.c - every Liar rule of RULES.md, one test each.  Games
 * start from explicit decks: with dealer d the first player is d+1, and a
 * fresh hand is the deck's top 5 cards; later draws come from the top.
 */
#include "../testutil.h"

#include "games/liar/liar.h"

static const liar_state *st(const ad_table *t)
{
    return ad_table_state(t);
}

/* Two players, dealer 1: seat 0 starts with the top 5 cards. */
static ad_table *two(const char *deck, const char *options)
{
    char buf[1024];
    snprintf(buf, sizeof buf,
             "{\"game\":\"liar\",\"players\":2,\"dealer\":1,\"deck\":%s,\"options\":%s}", deck,
             options ? options : "{}");
    return tu_new(buf);
}

static const char *DECK = "[\"C\",\"A\",\"T\",\"S\",\"E\",\"R\",\"O\",\"N\",\"D\",\"I\",\"L\",\"M\"]";

static ad_code code_of(ad_table *t, int seat, const char *action, ad_err *e)
{
    return (ad_code)tu_act(t, seat, action, NULL, e);
}

static void test_liar_deck_is_98_cards_with_scrabble_letter_counts_and_no_blank(void **state)
{
    (void)state;
    const ad_deck *d = ad_deck_get("liar");
    const char *counts = "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 "
                         "W2 X1 Y2 Z1";
    int total = 0;
    assert_int_equal(d->nkinds, 26);
    for (const char *p = counts; *p;) {
        char letter[2] = {p[0], 0};
        int n = atoi(p + 1);
        assert_int_equal(d->copies[ad_deck_kind(d, letter)], n);
        total += n;
        p = strchr(p, ' ') ? strchr(p, ' ') + 1 : p + strlen(p);
    }
    assert_int_equal(total, 98);
    ad_table *t = tu_new("{\"game\":\"liar\",\"players\":3,\"seed\":1}");
    assert_int_equal(st(t)->total, 98);
    ad_table_free(t);
}

static void test_liar_is_for_2_to_6_players(void **state)
{
    (void)state;
    for (int n = 1; n <= 7; n++) {
        json_t *req = json_pack("{s:s,s:i}", "game", "liar", "players", n);
        ad_err e;
        ad_table *t = ad_table_new(req, &e);
        assert_true((t != NULL) == (n >= 2 && n <= 6));
        if (!t)
            assert_int_equal(e.code, AD_E_BAD_PLAYERS);
        ad_table_free(t);
        json_decref(req);
    }
}

static void test_liar_the_letter_nearest_a_starts_and_ties_redraw(void **state)
{
    (void)state;
    for (int seed = 0; seed < 200; seed++) {
        char buf[96];
        snprintf(buf, sizeof buf, "{\"game\":\"liar\",\"players\":6,\"seed\":%d}", seed);
        ad_table *t = tu_new(buf);
        const liar_state *s = st(t);
        assert_true(s->draw[s->first] >= 0);
        for (int p = 0; p < 6; p++)
            if (p != s->first && s->draw[p] >= 0)
                assert_true(s->draw[p] > s->draw[s->first]); /* strictly nearer A */
        assert_int_equal(s->holder, s->first);
        ad_table_free(t);
    }
}

static void test_liar_a_fresh_hand_is_the_top_5_cards_and_its_word_has_at_most_4_letters(
    void **state)
{
    (void)state;
    ad_table *t = two(DECK, NULL);
    TU_GOD_EQ(t, "hands", "[[\"A\",\"C\",\"E\",\"S\",\"T\"],[]]");
    TU_GOD_EQ(t, "letters", "{\"min\":1,\"max\":4}");
    ad_err e;
    assert_int_equal(code_of(t, 0, "{\"type\":\"announce\",\"word\":\"cates\"}", &e), AD_E_ILLEGAL);
    assert_string_equal(e.text, "a fresh hand's word has at most 4 letters");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cast\"}");
    TU_GOD_EQ(t, "to_act", "[1]");
    ad_table_free(t);
}

static void test_liar_announced_words_must_be_in_the_dictionary(void **state)
{
    (void)state;
    ad_table *t = two(DECK, NULL);
    ad_err e;
    assert_int_equal(code_of(t, 0, "{\"type\":\"announce\",\"word\":\"tcas\"}", &e), AD_E_ILLEGAL);
    assert_string_equal(e.text, "\"tcas\" is not in the dictionary");
    assert_int_equal(code_of(t, 0, "{\"type\":\"announce\",\"word\":\"ca't\"}", &e),
                     AD_E_BAD_ACTION);
    assert_int_equal(code_of(t, 0, "{\"type\":\"announce\",\"word\":\"\"}", &e), AD_E_BAD_ACTION);
    /* a word the hand cannot spell is still a legal announcement: a bluff */
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"zoo\"}");
    ad_table_free(t);
}

static void test_liar_accept_discard_one_draw_two_the_hand_grows_by_one(void **state)
{
    (void)state;
    ad_table *t = two(DECK, NULL);
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cat\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    TU_GOD_EQ(t, "phase", "\"discard\"");
    TU_GOD_EQ(t, "holder", "1");
    ad_err e;
    assert_int_equal(code_of(t, 1, "{\"type\":\"discard\",\"card\":\"Z\"}", &e), AD_E_NO_SUCH_CARD);
    assert_int_equal(code_of(t, 1, "{\"type\":\"announce\",\"word\":\"cats\"}", &e), AD_E_ILLEGAL);
    TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"C\"}");
    TU_GOD_EQ(t, "hands", "[[],[\"A\",\"E\",\"O\",\"R\",\"S\",\"T\"]]"); /* drew R and O */
    TU_GOD_EQ(t, "discard_count", "1");
    TU_GOD_EQ(t, "phase", "\"announce\"");
    ad_table_free(t);
}

static void test_liar_a_passed_hands_word_must_be_longer_than_the_last(void **state)
{
    (void)state;
    ad_table *t = two(DECK, NULL);
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cat\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"C\"}");
    TU_GOD_EQ(t, "letters", "{\"min\":4,\"max\":31}");
    ad_err e;
    assert_int_equal(code_of(t, 1, "{\"type\":\"announce\",\"word\":\"eat\"}", &e), AD_E_ILLEGAL);
    assert_string_equal(e.text, "the word must be longer than \"cat\": 4 letters or more");
    TU_OK(t, 1, "{\"type\":\"announce\",\"word\":\"roast\"}"); /* any longer word, 5 letters */
    TU_GOD_EQ(t, "to_act", "[0]");
    ad_table_free(t);
}

static void test_liar_called_the_hand_is_shown_and_a_spelled_word_scores_for_the_announcer(
    void **state)
{
    (void)state;
    ad_table *t = two(DECK, NULL);
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cast\"}");
    ad_events ev;
    assert_int_equal(tu_act(t, 1, "{\"type\":\"liar\"}", &ev, NULL), 0);
    json_t *list = ad_table_events_json(t, &ev);
    char *s = json_dumps(json_array_get(list, 1), JSON_COMPACT);
    assert_string_equal(s, "{\"type\":\"reveal\",\"seat\":0,\"cards\":[\"A\",\"C\",\"E\",\"S\","
                           "\"T\"],\"word\":\"cast\",\"spelled\":true}");
    free(s);
    json_decref(list);
    TU_GOD_EQ(t, "scores", "[4,0]");
    ad_table_free(t);
}

static void test_liar_called_a_word_not_spelled_scores_for_the_accuser(void **state)
{
    (void)state;
    ad_table *t = two(DECK, NULL);
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"zoo\"}");
    TU_OK(t, 1, "{\"type\":\"liar\"}");
    TU_GOD_EQ(t, "scores", "[0,3]");
    ad_table_free(t);
}

static void test_liar_after_a_call_the_accuser_starts_a_fresh_hand(void **state)
{
    (void)state;
    ad_table *t = two(DECK, NULL);
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"zoo\"}");
    TU_OK(t, 1, "{\"type\":\"liar\"}");
    TU_GOD_EQ(t, "holder", "1");
    TU_GOD_EQ(t, "hands", "[[],[\"D\",\"I\",\"N\",\"O\",\"R\"]]"); /* the next 5 from the top */
    TU_GOD_EQ(t, "discard_count", "5");                         /* the shown hand */
    TU_GOD_EQ(t, "letters", "{\"min\":1,\"max\":4}");
    TU_GOD_EQ(t, "word", "null");
    ad_table_free(t);
}

static void test_liar_discards_are_reshuffled_when_the_draw_pile_runs_out(void **state)
{
    (void)state;
    /* 7 cards: a fresh hand of 5 leaves 2; an accept draws both, a call
     * discards the hand and the fresh hand comes from the reshuffle */
    ad_table *t = two("[\"C\",\"A\",\"T\",\"S\",\"E\",\"R\",\"O\"]", NULL);
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cat\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"C\"}");
    TU_GOD_EQ(t, "deck_count", "0");
    TU_OK(t, 1, "{\"type\":\"announce\",\"word\":\"roast\"}");
    ad_events ev;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"liar\"}", &ev, NULL), 0);
    int reshuffled = 0;
    for (int i = 0; i < ev.n; i++)
        reshuffled |= ev.ev[i].type == LI_EV_RESHUFFLE;
    assert_true(reshuffled);
    TU_GOD_EQ(t, "hand_counts", "[5,0]");
    TU_GOD_EQ(t, "deck_count", "2");
    TU_GOD_EQ(t, "discard_count", "0");
    ad_table_free(t);
}

static void test_liar_the_first_to_the_target_wins(void **state)
{
    (void)state;
    ad_table *t = two(DECK, "{\"target\":3}");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cast\"}");
    TU_OK(t, 1, "{\"type\":\"liar\"}");
    TU_GOD_EQ(t, "winner", "0");
    TU_GOD_EQ(t, "phase", "\"over\"");
    ad_err e;
    assert_int_equal(code_of(t, 1, "{\"type\":\"announce\",\"word\":\"cat\"}", &e), AD_E_GAME_OVER);
    ad_table_free(t);
}

static void test_liar_only_the_holder_sees_the_hand_until_it_is_shown(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"liar\",\"players\":3,\"dealer\":2,\"deck\":[\"C\",\"A\","
                         "\"T\",\"S\",\"E\",\"R\",\"O\",\"N\",\"D\",\"I\"]}");
    for (int seat = 0; seat < 3; seat++) {
        json_t *v = ad_table_view_json(t, seat);
        assert_int_equal(json_array_size(json_object_get(v, "hand")), seat == 0 ? 5 : 0);
        assert_null(json_object_get(v, "deck"));
        json_decref(v);
    }
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cat\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    json_t *v = ad_table_view_json(t, 0); /* the announcer has passed it on */
    assert_int_equal(json_array_size(json_object_get(v, "hand")), 0);
    json_decref(v);
    TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"A\"}");
    TU_OK(t, 1, "{\"type\":\"announce\",\"word\":\"cost\"}");
    TU_OK(t, 2, "{\"type\":\"liar\"}");
    v = ad_table_view_json(t, 2); /* shown to everyone */
    char *s = json_dumps(json_object_get(json_object_get(v, "last"), "outcome"), JSON_COMPACT);
    assert_string_equal(s, "{\"cards\":[\"C\",\"E\",\"O\",\"R\",\"S\",\"T\"],\"word\":\"cost\","
                           "\"spelled\":true,\"scorer\":1,\"points\":4}");
    free(s);
    json_decref(v);
    ad_table_free(t);
}

/* The JSON text of field `key` in seat's view (caller frees). */
static char *seat_field(const ad_table *t, int seat, const char *key)
{
    json_t *v = ad_table_view_json(t, seat);
    json_t *x = json_object_get(v, key);
    char *s = x ? json_dumps(x, JSON_COMPACT | JSON_ENCODE_ANY) : strdup("(missing)");
    json_decref(v);
    return s;
}

#define SEAT_EQ(t, seat, key, expect)                                                            \
    do {                                                                                         \
        char *s_ = seat_field((t), (seat), (key));                                               \
        assert_string_equal(s_, (expect));                                                       \
        free(s_);                                                                                \
    } while (0)

static void test_liar_a_seat_remembers_the_hand_it_passed_on_and_its_discards_alone(void **state)
{
    (void)state;
    ad_table *t = two(DECK, NULL); /* seat 0: A C E S T */
    SEAT_EQ(t, 0, "held", "{\"cards\":[\"A\",\"C\",\"E\",\"S\",\"T\"],\"passes\":0}");
    SEAT_EQ(t, 1, "held", "null");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cat\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"C\"}"); /* draws R O */
    /* seat 0 still remembers what it passed on; seat 1 its hand and its discard */
    SEAT_EQ(t, 0, "held", "{\"cards\":[\"A\",\"C\",\"E\",\"S\",\"T\"],\"passes\":0}");
    SEAT_EQ(t, 0, "gone", "[]");
    SEAT_EQ(t, 1, "held", "{\"cards\":[\"A\",\"E\",\"O\",\"R\",\"S\",\"T\"],\"passes\":1}");
    SEAT_EQ(t, 1, "gone", "[\"C\"]");
    TU_GOD_EQ(t, "gone", "[[],[\"C\"]]");
    liar_state v;
    ad_table_game(t)->view(st(t), 0, &v); /* the C structure too */
    assert_int_equal(v.held_at[1], -1);
    assert_int_equal(v.gone[1][2], 0);
    assert_int_equal(v.held_at[0], 0);
    /* a called hand is public; a fresh hand wipes the old memories */
    SEAT_EQ(t, 0, "word_min", "1"); /* "cat" on a fresh hand */
    TU_OK(t, 1, "{\"type\":\"announce\",\"word\":\"stored\"}");
    SEAT_EQ(t, 0, "word_min", "4"); /* one more than "cat" */
    TU_OK(t, 0, "{\"type\":\"liar\"}");
    SEAT_EQ(t, 1, "turned_up", "[\"A\",\"E\",\"O\",\"R\",\"S\",\"T\"]");
    SEAT_EQ(t, 0, "shown", "[0,1]");
    SEAT_EQ(t, 0, "lied", "[0,1]");
    SEAT_EQ(t, 1, "held", "null");
    SEAT_EQ(t, 0, "held", "{\"cards\":[\"D\",\"I\",\"L\",\"M\",\"N\"],\"passes\":0}");
    SEAT_EQ(t, 1, "gone", "[\"C\"]"); /* still in the discards */
    ad_table_free(t);
}

static void test_liar_a_reshuffle_clears_what_is_remembered_in_the_discards(void **state)
{
    (void)state;
    ad_table *t = two("[\"C\",\"A\",\"T\",\"S\",\"E\",\"R\",\"O\"]", NULL);
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cat\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"C\"}"); /* draws R O: the pile is empty */
    TU_OK(t, 1, "{\"type\":\"announce\",\"word\":\"stored\"}");
    TU_OK(t, 0, "{\"type\":\"liar\"}"); /* the fresh hand reshuffles all 7 */
    SEAT_EQ(t, 1, "gone", "[]");
    SEAT_EQ(t, 1, "turned_up", "[]");
    SEAT_EQ(t, 0, "lied", "[0,1]");
    ad_table_free(t);
}

static void test_liar_only_the_player_on_the_left_answers(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"liar\",\"players\":3,\"dealer\":2,\"seed\":4}");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"a\"}");
    ad_err e;
    assert_int_equal(code_of(t, 2, "{\"type\":\"liar\"}", &e), AD_E_NOT_YOUR_TURN);
    assert_string_equal(e.text, "it is seat 1's turn");
    assert_int_equal(code_of(t, 1, "{\"type\":\"discard\",\"card\":\"A\"}", &e), AD_E_ILLEGAL);
    assert_string_equal(e.text, "now you must accept or say liar");
    ad_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_liar_deck_is_98_cards_with_scrabble_letter_counts_and_no_blank),
        cmocka_unit_test(test_liar_is_for_2_to_6_players),
        cmocka_unit_test(test_liar_the_letter_nearest_a_starts_and_ties_redraw),
        cmocka_unit_test(
            test_liar_a_fresh_hand_is_the_top_5_cards_and_its_word_has_at_most_4_letters),
        cmocka_unit_test(test_liar_announced_words_must_be_in_the_dictionary),
        cmocka_unit_test(test_liar_accept_discard_one_draw_two_the_hand_grows_by_one),
        cmocka_unit_test(test_liar_a_passed_hands_word_must_be_longer_than_the_last),
        cmocka_unit_test(
            test_liar_called_the_hand_is_shown_and_a_spelled_word_scores_for_the_announcer),
        cmocka_unit_test(test_liar_called_a_word_not_spelled_scores_for_the_accuser),
        cmocka_unit_test(test_liar_after_a_call_the_accuser_starts_a_fresh_hand),
        cmocka_unit_test(test_liar_discards_are_reshuffled_when_the_draw_pile_runs_out),
        cmocka_unit_test(test_liar_the_first_to_the_target_wins),
        cmocka_unit_test(test_liar_only_the_holder_sees_the_hand_until_it_is_shown),
        cmocka_unit_test(test_liar_only_the_player_on_the_left_answers),
        cmocka_unit_test(test_liar_a_seat_remembers_the_hand_it_passed_on_and_its_discards_alone),
        cmocka_unit_test(test_liar_a_reshuffle_clears_what_is_remembered_in_the_discards),
    };
    return cmocka_run_group_tests_name("liar rules", tests, NULL, NULL);
}
