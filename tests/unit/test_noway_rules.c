/*
 * test_noway_rules.c - every No Way rule of RULES.md, one test each, on
 * explicit decks so that who holds what is known.  The deal goes one card
 * at a time from the dealer's left: card i goes to seat (dealer+1+i) % n.
 */
#include "../testutil.h"

#include "games/claim/claim.h"

static const claim_state *st(const ad_table *t)
{
    return ad_table_state(t);
}

/* Two players, dealer 1: seat 0 gets cards 0,2,4..., seat 1 gets 1,3,5... */
static ad_table *two(const char *deck)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "{\"game\":\"noway\",\"players\":2,\"dealer\":1,\"deck\":%s}", deck);
    return tu_new(buf);
}

static void test_noway_deals_one_card_at_a_time_from_the_dealers_left(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":3,\"dealer\":0,"
                         "\"deck\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\",\"G\"]}");
    TU_GOD_EQ(t, "hands", "[[\"C\",\"F\"],[\"A\",\"D\",\"G\"],[\"B\",\"E\"]]");
    TU_GOD_EQ(t, "to_act", "[1]");
    ad_table_free(t);
}

static void test_noway_deals_all_cards_as_evenly_as_possible(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":3,\"seed\":5}");
    TU_GOD_EQ(t, "hand_counts", "[17,18,17]"); /* 52 cards; seat 1 (dealer's left) gets one more */
    ad_table_free(t);
}

static void test_noway_ant_cards_never_enter_play(void **state)
{
    (void)state;
    json_t *req = json_pack("{s:s,s:i,s:[s,s]}", "game", "noway", "players", 2, "deck", "A", "ant");
    ad_err e;
    assert_null(ad_table_new(req, &e));
    assert_int_equal(e.code, AD_E_BAD_CARD);
    json_decref(req);
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"seed\":1}");
    assert_int_equal(st(t)->total, 52);
    ad_table_free(t);
}

static void test_noway_deck_size_follows_decks_and_copies(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":4,\"seed\":1}");
    assert_int_equal(st(t)->total, 52);
    assert_int_equal(st(t)->maxplay, 2);
    ad_table_free(t);
    t = tu_new("{\"game\":\"noway\",\"players\":5,\"seed\":1}");
    assert_int_equal(st(t)->total, 104); /* 5-6 players: two packs by default */
    assert_int_equal(st(t)->maxplay, 4);
    ad_table_free(t);
    t = tu_new("{\"game\":\"noway\",\"players\":2,\"seed\":1,\"options\":{\"copies\":3,\"decks\":2}}");
    assert_int_equal(st(t)->total, 156);
    assert_int_equal(st(t)->maxplay, 6);
    ad_table_free(t);
}

static void test_noway_is_for_2_to_6_players(void **state)
{
    (void)state;
    for (int n = 0; n <= 8; n++) {
        json_t *req = json_pack("{s:s,s:i}", "game", "noway", "players", n);
        ad_err e;
        ad_table *t = ad_table_new(req, &e);
        if (n >= 2 && n <= 6) {
            assert_non_null(t);
        } else {
            assert_null(t);
            assert_int_equal(e.code, AD_E_BAD_PLAYERS);
        }
        ad_table_free(t);
        json_decref(req);
    }
}

static void test_noway_first_call_is_A_and_advances_every_turn_wrapping_Z_to_A(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"seed\":3}");
    for (int turn = 0; turn < 27; turn++) {
        const claim_state *s = st(t);
        assert_int_equal(s->call, turn % 26);
        int seat = s->turn, k = 0;
        while (s->hand[seat][k] == 0)
            k++;
        char buf[128];
        snprintf(buf, sizeof buf, "{\"type\":\"play\",\"cards\":[\"%s\"],\"say\":\"%s\"}",
                 s->deck->kind[k], s->deck->class_name[s->call]);
        TU_OK(t, seat, buf);
        /* alternate: challenge every third play, so the call advances either way */
        TU_OK(t, 1 - seat, turn % 3 == 0 ? "{\"type\":\"challenge\"}" : "{\"type\":\"pass\"}");
    }
    TU_GOD_EQ(t, "call", "\"B\"");
    ad_table_free(t);
}

static void test_noway_a_play_is_1_to_copies_times_decks_cards(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"B\",\"A\",\"B\",\"C\",\"C\",\"D\",\"D\"]");
    ad_err e;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"play\",\"cards\":[]}", NULL, &e), AD_E_ILLEGAL);
    assert_int_equal(tu_act(t, 0, "{\"type\":\"play\",\"cards\":[\"A\",\"A\",\"C\"]}", NULL, &e),
                     AD_E_ILLEGAL);
    assert_non_null(strstr(e.text, "1 to 2 cards"));
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\",\"A\"]}");
    ad_table_free(t);
    t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,\"options\":{\"decks\":2},"
               "\"deck\":[\"A\",\"B\",\"A\",\"B\",\"A\",\"B\",\"A\",\"B\",\"C\",\"C\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\",\"A\",\"A\",\"A\"]}");
    ad_table_free(t);
}

static void test_noway_a_play_uses_only_cards_the_player_holds(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"B\",\"C\",\"D\"]");
    ad_err e;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"play\",\"cards\":[\"K\"]}", NULL, &e),
                     AD_E_NO_SUCH_CARD);
    assert_string_equal(e.text, "you hold no card K");
    assert_int_equal(tu_act(t, 0, "{\"type\":\"play\",\"cards\":[\"A\",\"A\"]}", NULL, &e),
                     AD_E_NO_SUCH_CARD);
    ad_table_free(t);
}

static void test_noway_only_the_player_in_turn_may_play(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"B\",\"C\",\"D\"]");
    ad_err e;
    assert_int_equal(tu_act(t, 1, "{\"type\":\"play\",\"cards\":[\"B\"]}", NULL, &e),
                     AD_E_NOT_YOUR_TURN);
    assert_string_equal(e.text, "it is seat 0's turn");
    ad_table_free(t);
}

static void test_noway_a_player_may_name_another_letter(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"B\",\"C\",\"D\"]");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"C\"],\"say\":\"M\"}");
    assert_int_equal(st(t)->phase, CC_CHALLENGE);
    TU_GOD_EQ(t, "claim", "{\"seat\":0,\"count\":1,\"say\":\"M\",\"called\":\"A\",\"cards\":[\"C\"]}");
    ad_table_free(t);
}

static void test_noway_naming_a_wrong_letter_loses_a_challenge_whatever_the_cards(void **state)
{
    (void)state;
    /* seat 0 holds B and C; the call is A; it lays B and names B: the cards
     * match the name, but the name is not the called letter */
    ad_table *t = two("[\"B\",\"A\",\"C\",\"D\"]");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"B\"}");
    TU_OK(t, 1, "{\"type\":\"challenge\"}");
    TU_GOD_EQ(t, "hands", "[[\"B\",\"C\"],[\"A\",\"D\"]]");
    TU_GOD_EQ(t, "pile", "[]");
    ad_table_free(t);
}

static void test_noway_true_play_challenged_challenger_takes_the_pile(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\"]");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");            /* A stands: pile [A] */
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"B\"]}"); /* call B: true */
    TU_OK(t, 0, "{\"type\":\"challenge\"}");
    TU_GOD_EQ(t, "hands", "[[\"A\",\"B\",\"C\",\"E\"],[\"D\",\"F\"]]");
    TU_GOD_EQ(t, "last", "{\"seat\":0,\"action\":{\"type\":\"challenge\"},\"outcome\":{\"cards\":"
                         "[\"B\"],\"true\":true,\"taker\":0,\"taken\":2,\"challenger\":0}}");
    ad_table_free(t);
}

static void test_noway_false_play_challenged_player_takes_the_whole_pile(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\"]");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"D\"]}"); /* call B: false */
    TU_OK(t, 0, "{\"type\":\"challenge\"}");
    TU_GOD_EQ(t, "hands", "[[\"C\",\"E\"],[\"A\",\"B\",\"D\",\"F\"]]");
    TU_GOD_EQ(t, "pile_count", "0");
    ad_table_free(t);
}

static void test_noway_challenge_window_each_other_seat_answers_once(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":3,\"dealer\":2,"
                         "\"deck\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}");
    TU_GOD_EQ(t, "to_act", "[1,2]");
    ad_err e;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"challenge\"}", NULL, &e), AD_E_NOT_YOUR_TURN);
    TU_OK(t, 2, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "to_act", "[1]");
    assert_int_equal(tu_act(t, 2, "{\"type\":\"challenge\"}", NULL, &e), AD_E_NOT_YOUR_TURN);
    assert_int_equal(tu_act(t, 1, "{\"type\":\"play\",\"cards\":[\"B\"]}", NULL, &e), AD_E_ILLEGAL);
    ad_table_free(t);
}

static void test_noway_a_challenge_settles_the_window_at_once(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":3,\"dealer\":2,"
                         "\"deck\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"D\"]}");
    TU_OK(t, 2, "{\"type\":\"challenge\"}");
    assert_int_equal(st(t)->phase, CC_PLAY);
    TU_GOD_EQ(t, "to_act", "[1]");
    TU_GOD_EQ(t, "call", "\"B\"");
    ad_table_free(t);
}

static void test_noway_when_every_other_seat_passes_the_play_stands(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":3,\"dealer\":2,"
                         "\"deck\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"D\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 2, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "pile", "[\"D\"]");
    TU_GOD_EQ(t, "hands", "[[\"A\"],[\"B\",\"E\"],[\"C\",\"F\"]]");
    TU_GOD_EQ(t, "to_act", "[1]");
    ad_table_free(t);
}

static void test_noway_last_play_is_face_up_and_wins_when_true(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"B\",\"C\"]");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}"); /* seat 0 keeps C */
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"B\"]}"); /* last card, call B: true */
    assert_int_equal(st(t)->phase, CC_OVER);
    TU_GOD_EQ(t, "winner", "1");
    TU_GOD_EQ(t, "ranking", "[1,0]");
    ad_table_free(t);
}

static void test_noway_last_play_face_up_false_takes_the_pile(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"C\",\"D\"]");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"C\"]}"); /* last card, call B: false */
    assert_int_equal(st(t)->phase, CC_PLAY);
    TU_GOD_EQ(t, "hands", "[[\"D\"],[\"A\",\"C\"]]");
    TU_GOD_EQ(t, "winner", "null");
    ad_table_free(t);
}

static void test_noway_result_ranks_the_others_by_cards_left(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":4,\"dealer\":3,"
                         "\"deck\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\",\"G\",\"H\",\"I\"]}");
    /* seat 0: A E I; seat 1: B F; seat 2: C G; seat 3: D H */
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\",\"E\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 2, "{\"type\":\"pass\"}");
    TU_OK(t, 3, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"B\"]}");
    TU_OK(t, 2, "{\"type\":\"pass\"}");
    TU_OK(t, 3, "{\"type\":\"pass\"}");
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_OK(t, 2, "{\"type\":\"play\",\"cards\":[\"C\"]}");
    TU_OK(t, 3, "{\"type\":\"pass\"}");
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 3, "{\"type\":\"play\",\"cards\":[\"D\"]}");
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 2, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "hand_counts", "[1,1,1,1]");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"I\"],\"say\":\"E\"}"); /* false: takes 6 */
    TU_GOD_EQ(t, "hand_counts", "[6,1,1,1]");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"F\"]}"); /* call F, face up, true: wins */
    TU_GOD_EQ(t, "winner", "1");
    TU_GOD_EQ(t, "ranking", "[1,2,3,0]");
    ad_table_free(t);
}

static void test_noway_a_deal_that_reaches_max_turns_goes_to_the_fewest_cards(void **state)
{
    (void)state;
    /* seat 0: A C E G; seat 1: B D F H */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,\"options\":"
                         "{\"max_turns\":2},\"deck\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\","
                         "\"G\",\"H\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"B\",\"D\"]}");
    ad_events ev;
    ev.n = 0;
    assert_int_equal(tu_act(t, 0, "{\"type\":\"pass\"}", &ev, NULL), 0);
    TU_GOD_EQ(t, "phase", "\"over\"");
    TU_GOD_EQ(t, "winner", "1"); /* 2 cards against 3 */
    int seen = 0;
    for (int i = 0; i < ev.n; i++)
        seen |= ev.ev[i].type == CC_EV_TIME_UP && ev.ev[i].seat == 1 && ev.ev[i].value == 2;
    assert_true(seen);
    ad_table_free(t);
}

static void test_noway_a_tie_at_max_turns_goes_to_the_dealers_left(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,\"options\":"
                         "{\"max_turns\":2},\"deck\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"B\"]}");
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "hand_counts", "[2,2]");
    TU_GOD_EQ(t, "winner", "0");
    ad_table_free(t);
}

/* Every view shows the cards everyone saw go into a hand (a challenged
 * play turned up, then picked up with the pile) until that hand lays cards
 * face down that might be them; and how many of each seat's plays were
 * turned up and how many of those were false. */
static void test_noway_views_keep_the_cards_seen_turned_up_until_they_may_be_played(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\",\"G\",\"H\"]");
    /* seat 0: A C E G; seat 1: B D F H */
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"D\"]}"); /* call B: false */
    TU_OK(t, 0, "{\"type\":\"challenge\"}");                  /* seat 1 takes A and D */
    for (int seat = 0; seat < 2; seat++) {
        json_t *v = ad_table_view_json(t, seat);
        char *seen = json_dumps(json_object_get(v, "seen"), JSON_COMPACT);
        char *shown = json_dumps(json_object_get(v, "shown"), JSON_COMPACT);
        char *lied = json_dumps(json_object_get(v, "lied"), JSON_COMPACT);
        assert_string_equal(seen, "[[],[\"D\"]]"); /* the A went in face down */
        assert_string_equal(shown, "[0,1]");
        assert_string_equal(lied, "[0,1]");
        free(seen);
        free(shown);
        free(lied);
        json_decref(v);
    }
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"C\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "seen", "[[],[\"D\"]]");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"B\"]}"); /* call D, stands */
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_GOD_EQ(t, "seen", "[[],[]]"); /* the card laid may have been the D */
    ad_table_free(t);
}

static void test_noway_rejected_action_changes_nothing(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":4,\"seed\":9}");
    size_t n = ad_table_game(t)->state_size;
    void *before = malloc(n);
    memcpy(before, ad_table_state(t), n);
    const char *bad[] = {
        "{\"type\":\"challenge\"}",
        "{\"type\":\"play\",\"cards\":[\"A\",\"A\",\"A\"]}",
        "{\"type\":\"play\",\"cards\":[\"Q9\"]}",
        "{\"type\":\"play\",\"cards\":[\"A\"],\"say\":\"?\"}",
        "{\"type\":\"jump\"}",
        "{\"cards\":[\"A\"]}",
        "[1,2]",
        "{\"type\":\"pass\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        for (int seat = 0; seat < 4; seat++) {
            ad_err e;
            assert_int_not_equal(tu_act(t, seat, bad[i], NULL, &e), 0);
            assert_true(strlen(e.text) > 0);
            assert_memory_equal(before, ad_table_state(t), n);
        }
    const ad_step *steps;
    assert_int_equal(ad_table_steps(t, &steps), 0);
    free(before);
    ad_table_free(t);
}

/* The cards as one row of names, "B B" ("" for none), from a view's field. */
static void laid_text(ad_table *t, int seat, char *buf, size_t len)
{
    json_t *v = ad_table_view_json(t, seat);
    const json_t *laid = json_object_get(v, "laid");
    size_t used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < json_array_size(laid) && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "",
                                 json_string_value(json_array_get(laid, i)));
    json_decref(v);
}

/* A player remembers the cards it laid face down in a play that stood; no
 * other seat sees them; once the pile is taken they are in a hand, and the
 * memory is gone. */
static void test_noway_a_seat_remembers_its_face_down_cards_and_no_other_seat_sees_them(
    void **state)
{
    (void)state;
    char buf[64];
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"B\",\"C\",\"B\",\"D\",\"E\",\"F\",\"G\",\"H\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"B\"],\"say\":\"A\"}");
    laid_text(t, 0, buf, sizeof buf);
    assert_string_equal(buf, ""); /* waiting for answers: not yet a play that stood */
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    laid_text(t, 0, buf, sizeof buf);
    assert_string_equal(buf, "B B");
    laid_text(t, 1, buf, sizeof buf);
    assert_string_equal(buf, "");
    /* seat 1's false "one B" is challenged: seat 1 takes the pile, B's and all */
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"C\"],\"say\":\"B\"}");
    TU_OK(t, 0, "{\"type\":\"challenge\"}");
    laid_text(t, 0, buf, sizeof buf);
    assert_string_equal(buf, "");
    ad_table_free(t);
}

/* What a client shows of a claim game is its rules' and narrator's own:
 * No Way's play may name any letter and is objected to with "No Way",
 * I Doubt It's names the rank called, on suited cards, with "I doubt it";
 * a game of another family has no claim facts. */
static void test_claim_info_says_what_each_claim_game_lets_a_play_say(void **state)
{
    (void)state;
    ad_claim_info nw, dt, other;
    assert_int_equal(ad_claim_info_of(ad_game_find("noway"), &nw), 0);
    assert_string_equal(nw.objection, "No Way");
    assert_int_equal(nw.say_free, 1);
    assert_int_equal(nw.suited, 0);
    assert_int_equal(ad_claim_info_of(ad_game_find("doubt"), &dt), 0);
    assert_string_equal(dt.objection, "I doubt it");
    assert_int_equal(dt.say_free, 0);
    assert_int_equal(dt.suited, 1);
    assert_int_equal(ad_claim_info_of(ad_game_find("liar"), &other), -1);
    assert_int_equal(ad_claim_info_of(NULL, &other), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_noway_deals_one_card_at_a_time_from_the_dealers_left),
        cmocka_unit_test(
            test_noway_a_seat_remembers_its_face_down_cards_and_no_other_seat_sees_them),
        cmocka_unit_test(test_noway_deals_all_cards_as_evenly_as_possible),
        cmocka_unit_test(test_noway_ant_cards_never_enter_play),
        cmocka_unit_test(test_noway_deck_size_follows_decks_and_copies),
        cmocka_unit_test(test_noway_a_deal_that_reaches_max_turns_goes_to_the_fewest_cards),
        cmocka_unit_test(test_noway_a_tie_at_max_turns_goes_to_the_dealers_left),
        cmocka_unit_test(test_noway_views_keep_the_cards_seen_turned_up_until_they_may_be_played),
        cmocka_unit_test(test_noway_is_for_2_to_6_players),
        cmocka_unit_test(test_noway_first_call_is_A_and_advances_every_turn_wrapping_Z_to_A),
        cmocka_unit_test(test_noway_a_play_is_1_to_copies_times_decks_cards),
        cmocka_unit_test(test_noway_a_play_uses_only_cards_the_player_holds),
        cmocka_unit_test(test_noway_only_the_player_in_turn_may_play),
        cmocka_unit_test(test_noway_a_player_may_name_another_letter),
        cmocka_unit_test(test_noway_naming_a_wrong_letter_loses_a_challenge_whatever_the_cards),
        cmocka_unit_test(test_noway_true_play_challenged_challenger_takes_the_pile),
        cmocka_unit_test(test_noway_false_play_challenged_player_takes_the_whole_pile),
        cmocka_unit_test(test_noway_challenge_window_each_other_seat_answers_once),
        cmocka_unit_test(test_noway_a_challenge_settles_the_window_at_once),
        cmocka_unit_test(test_noway_when_every_other_seat_passes_the_play_stands),
        cmocka_unit_test(test_noway_last_play_is_face_up_and_wins_when_true),
        cmocka_unit_test(test_noway_last_play_face_up_false_takes_the_pile),
        cmocka_unit_test(test_noway_result_ranks_the_others_by_cards_left),
        cmocka_unit_test(test_noway_rejected_action_changes_nothing),
        cmocka_unit_test(test_claim_info_says_what_each_claim_game_lets_a_play_say),
    };
    return cmocka_run_group_tests_name("noway rules", tests, NULL, NULL);
}
