/*
 * test_sequence_rules.c - every Sequence Letters rule of RULES.md, one test
 * each.  Games start from explicit decks (card i goes to seat
 * (dealer+1+i) % n for the deal; the rest is the draw deck, top first);
 * board positions are set straight on a copy of the state.
 */
#include "../testutil.h"

#include "games/sequence/sequence.h"

static const ad_game *G;

static int sq(int r, int c)
{
    return (r - 1) * SQ_COLS + (c - 1);
}

static int kind(const char *name)
{
    return ad_deck_kind(ad_deck_get("sequence"), name);
}

/* A state for `players` with dealer n-1 (so seat 0 starts) from a deck. */
static seq_state start(int players, const char *deck)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "{\"game\":\"sequence\",\"players\":%d,\"dealer\":%d,\"deck\":%s}",
             players, players - 1, deck);
    ad_table *t = tu_new(buf);
    seq_state s = *(const seq_state *)ad_table_state(t);
    ad_table_free(t);
    return s;
}

static ad_action card(int type, const char *name, int square)
{
    ad_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint8_t)type;
    a.n = 1;
    a.cards[0] = (uint8_t)kind(name);
    a.arg[0] = (int16_t)square;
    return a;
}

static int act(seq_state *s, int seat, ad_action a, ad_err *e)
{
    return G->apply(s, seat, &a, NULL, e);
}

#define OK(s, seat, a)                                                                           \
    do {                                                                                         \
        ad_err e_;                                                                               \
        if (act((s), (seat), (a), &e_) != 0)                                                     \
            fail_msg("refused: %s", e_.text);                                                    \
    } while (0)

/* 2 players: seat 0 holds A B C X Z, seat 1 holds D E F G H; deck: I J K ... */
static const char *DECK2 =
    "[\"A\",\"D\",\"B\",\"E\",\"C\",\"F\",\"X\",\"G\",\"Z\",\"H\",\"I\",\"J\",\"K\",\"L\",\"M\"]";

static void test_sequence_board_is_the_layout_of_the_rules(void **state)
{
    (void)state;
    const char *rows[] = {"ABCDEFGH", "IJKLMNOP", "QRSTUVWY", "PONMLKJI", "YWVUTSRQ", "HGFEDCBA"};
    seq_state s = start(2, DECK2);
    for (int r = 0; r < SQ_ROWS; r++)
        for (int c = 0; c < SQ_COLS; c++) {
            char name[2] = {rows[r][c], 0};
            assert_int_equal(s.bd->letter_of[r * SQ_COLS + c], kind(name));
        }
    assert_string_equal(s.bd->picture[sq(1, 1)], "Apple");
    assert_string_equal(s.bd->picture[sq(6, 8)], "Airplane");
    assert_string_equal(s.bd->picture[sq(5, 8)], "Question mark");
    /* no letter's two squares touch, even diagonally */
    for (int k = 0; k < s.deck->nkinds; k++) {
        if (k == s.bd->kind_x || k == s.bd->kind_z)
            continue;
        int a = s.bd->squares_of[k][0], b = s.bd->squares_of[k][1];
        int dr = a / SQ_COLS - b / SQ_COLS, dc = a % SQ_COLS - b % SQ_COLS;
        assert_true(dr * dr > 1 || dc * dc > 1);
    }
    /* letter colours by alphabet position: orange, purple, green, pink */
    const char *names[] = {"A", "B", "C", "D", "E", "W", "Y"};
    const char *colours[] = {"orange", "purple", "green", "pink", "orange", "green", "orange"};
    for (int i = 0; i < 7; i++)
        assert_string_equal(s.bd->colour_name[s.bd->colour_of[kind(names[i])]], colours[i]);
}

static void test_sequence_deck_is_52_cards_two_of_each_letter_x_and_z(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"sequence\",\"players\":2,\"seed\":1}");
    const seq_state *s = ad_table_state(t);
    assert_int_equal(s->total, 52);
    assert_int_equal(s->deck->nkinds, 26);
    for (int k = 0; k < s->deck->nkinds; k++)
        assert_int_equal(s->deck->copies[k], 2);
    assert_int_equal(kind("X") >= 0 && kind("Z") >= 0, 1);
    ad_table_free(t);
}

static void test_sequence_is_for_2_to_4_players(void **state)
{
    (void)state;
    for (int n = 1; n <= 5; n++) {
        json_t *req = json_pack("{s:s,s:i}", "game", "sequence", "players", n);
        ad_err e;
        ad_table *t = ad_table_new(req, &e);
        assert_true((t != NULL) == (n >= 2 && n <= 4));
        ad_table_free(t);
        json_decref(req);
    }
}

static void test_sequence_hands_are_5_cards_for_2_or_3_players_and_4_for_4(void **state)
{
    (void)state;
    for (int n = 2; n <= 4; n++) {
        char buf[96];
        snprintf(buf, sizeof buf, "{\"game\":\"sequence\",\"players\":%d,\"seed\":2}", n);
        ad_table *t = tu_new(buf);
        const seq_state *s = ad_table_state(t);
        for (int p = 0; p < n; p++)
            assert_int_equal(s->count[p], n == 4 ? 4 : 5);
        assert_int_equal(s->pile_n, 52 - n * (n == 4 ? 4 : 5));
        ad_table_free(t);
    }
}

static void test_sequence_four_players_are_two_teams_seated_alternately(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"sequence\",\"players\":4,\"seed\":3}");
    TU_GOD_EQ(t, "colours", "[\"red\",\"blue\",\"red\",\"blue\"]");
    ad_table_free(t);
    /* seats 0 and 2 share red: a line of their chips wins for both */
    seq_state s = start(4, "[\"E\",\"I\",\"M\",\"Q\",\"A\",\"J\",\"N\",\"R\",\"B\",\"K\",\"O\","
                           "\"S\",\"C\",\"L\",\"P\",\"T\",\"U\",\"V\"]");
    s.board[sq(1, 1)] = 1;
    s.board[sq(1, 2)] = 1;
    s.board[sq(1, 3)] = 1; /* red holds A B C; seat 0 holds E... */
    s.board[sq(1, 4)] = 0;
    OK(&s, 0, card(SQ_A_PLAY, "E", sq(1, 5))); /* not D: no line */
    assert_int_equal(s.phase, SQ_PLAY);
    s.turn = 2;
    s.hand[2][kind("D")]++;
    s.count[2]++;
    OK(&s, 2, card(SQ_A_PLAY, "D", sq(1, 4))); /* partner completes the line */
    assert_int_equal(s.phase, SQ_OVER);
    json_t *v = G->view_json(&s);
    char *w = json_dumps(json_object_get(v, "winner"), JSON_COMPACT | JSON_ENCODE_ANY);
    assert_string_equal(w, "[0,2]");
    free(w);
    json_decref(v);
}

static void test_sequence_letter_card_covers_either_open_square_of_its_letter(void **state)
{
    (void)state;
    seq_state s = start(2, DECK2);
    seq_state t = s;
    OK(&s, 0, card(SQ_A_PLAY, "A", sq(1, 1)));
    OK(&t, 0, card(SQ_A_PLAY, "A", sq(6, 8)));
    assert_int_equal(s.board[sq(1, 1)], 1);
    assert_int_equal(t.board[sq(6, 8)], 1);
    ad_err e;
    seq_state u = start(2, DECK2);
    assert_int_equal(act(&u, 0, card(SQ_A_PLAY, "A", sq(1, 2)), &e), -1);
    assert_string_equal(e.text, "[1,2] is the Balloon (B); the A squares are [1,1] and [6,8]");
    u.board[sq(1, 1)] = 2;
    assert_int_equal(act(&u, 0, card(SQ_A_PLAY, "A", sq(1, 1)), &e), -1);
    assert_int_equal(e.code, AD_E_ILLEGAL);
}

static void test_sequence_z_covers_any_open_square(void **state)
{
    (void)state;
    seq_state s = start(2, DECK2);
    s.board[sq(3, 3)] = 2;
    ad_err e;
    assert_int_equal(act(&s, 0, card(SQ_A_PLAY, "Z", sq(3, 3)), &e), -1);
    OK(&s, 0, card(SQ_A_PLAY, "Z", sq(4, 4)));
    assert_int_equal(s.board[sq(4, 4)], 1);
}

static void test_sequence_x_removes_one_opposing_chip_never_own_or_empty(void **state)
{
    (void)state;
    seq_state s = start(2, DECK2);
    s.board[sq(2, 2)] = 1; /* seat 0's own chip */
    s.board[sq(2, 3)] = 2; /* the opponent's */
    ad_err e;
    assert_int_equal(act(&s, 0, card(SQ_A_PLAY, "X", sq(2, 2)), &e), -1);
    assert_int_equal(act(&s, 0, card(SQ_A_PLAY, "X", sq(2, 4)), &e), -1);
    OK(&s, 0, card(SQ_A_PLAY, "X", sq(2, 3)));
    assert_int_equal(s.board[sq(2, 3)], 0);
    assert_int_equal(s.board[sq(2, 2)], 1);
}

static void test_sequence_x_never_removes_a_partners_chip(void **state)
{
    (void)state;
    seq_state s = start(4, "[\"X\",\"I\",\"M\",\"Q\",\"A\",\"J\",\"N\",\"R\",\"B\",\"K\",\"O\","
                           "\"S\",\"C\",\"L\",\"P\",\"T\",\"U\",\"V\"]");
    s.board[sq(2, 2)] = 1; /* seat 2's chip: red, seat 0's side */
    s.board[sq(2, 3)] = 2;
    ad_err e;
    assert_int_equal(act(&s, 0, card(SQ_A_PLAY, "X", sq(2, 2)), &e), -1);
    OK(&s, 0, card(SQ_A_PLAY, "X", sq(2, 3)));
}

static void test_sequence_x_removal_ends_the_turn_so_the_square_stays_open_this_turn(void **state)
{
    (void)state;
    seq_state s = start(2, DECK2);
    s.board[sq(1, 1)] = 2;
    OK(&s, 0, card(SQ_A_PLAY, "X", sq(1, 1)));
    assert_int_equal(s.turn, 1); /* the turn is over: seat 0 cannot cover [1,1] now */
    ad_err e;
    assert_int_equal(act(&s, 0, card(SQ_A_PLAY, "A", sq(1, 1)), &e), -1);
    assert_int_equal(e.code, AD_E_NOT_YOUR_TURN);
    assert_int_equal(s.board[sq(1, 1)], 0);
}

static void test_sequence_one_dead_card_turn_in_per_turn_before_playing(void **state)
{
    (void)state;
    seq_state s = start(2, "[\"A\",\"D\",\"B\",\"E\",\"C\",\"F\",\"A\",\"G\",\"Z\",\"H\",\"B\","
                           "\"J\",\"K\",\"L\",\"M\"]");
    /* seat 0 holds A A B C Z; both A squares covered: A is dead */
    s.board[sq(1, 1)] = 2;
    s.board[sq(6, 8)] = 2;
    OK(&s, 0, card(SQ_A_TURN_IN, "A", 0));
    assert_int_equal(s.count[0], 5);        /* a replacement came at once */
    assert_int_equal(s.hand[0][kind("B")], 2); /* the deck's top card was B */
    assert_int_equal(s.turn, 0);            /* the turn goes on */
    ad_err e;
    assert_int_equal(act(&s, 0, card(SQ_A_TURN_IN, "A", 0), &e), -1);
    assert_string_equal(e.text, "you have turned in a dead card this turn already");
    OK(&s, 0, card(SQ_A_PLAY, "B", sq(1, 2)));
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.turned_in, 0); /* a new turn, a new turn-in */
}

static void test_sequence_only_a_dead_card_can_be_turned_in(void **state)
{
    (void)state;
    seq_state s = start(2, DECK2);
    s.board[sq(1, 1)] = 2; /* one A square still open */
    ad_err e;
    assert_int_equal(act(&s, 0, card(SQ_A_TURN_IN, "A", 0), &e), -1);
    assert_string_equal(e.text, "A is not dead: one of its squares is open");
    assert_int_equal(act(&s, 0, card(SQ_A_TURN_IN, "Z", 0), &e), -1);
}

static void test_sequence_discard_only_when_no_card_is_playable(void **state)
{
    (void)state;
    seq_state s = start(2, "[\"A\",\"D\",\"B\",\"E\",\"X\",\"F\",\"X\",\"G\",\"A\",\"H\",\"I\","
                           "\"J\",\"K\",\"L\",\"M\"]");
    /* seat 0 holds A A B X X */
    ad_err e;
    assert_int_equal(act(&s, 0, card(SQ_A_DISCARD, "X", 0), &e), -1);
    assert_string_equal(e.text, "you may only discard when no card in your hand can be played");
    /* cover every A and B square with seat 0's own chips: A, B dead; X has no target */
    s.board[sq(1, 1)] = s.board[sq(6, 8)] = s.board[sq(1, 2)] = s.board[sq(6, 7)] = 1;
    assert_int_equal(act(&s, 0, card(SQ_A_DISCARD, "X", 0), &e), -1);
    assert_string_equal(e.text, "turn in a dead card first: you may still turn one in");
    OK(&s, 0, card(SQ_A_TURN_IN, "A", 0)); /* draws I: playable, so no discard */
    assert_int_equal(act(&s, 0, card(SQ_A_DISCARD, "X", 0), &e), -1);
    s.hand[0][kind("I")]--;
    s.hand[0][kind("B")]++; /* pretend the replacement was dead too */
    OK(&s, 0, card(SQ_A_DISCARD, "X", 0));
    assert_int_equal(s.discard_n[0], 2);
    assert_int_equal(s.turn, 1);
}

static void test_sequence_a_card_is_drawn_after_each_turn(void **state)
{
    (void)state;
    seq_state s = start(2, DECK2);
    OK(&s, 0, card(SQ_A_PLAY, "A", sq(1, 1)));
    assert_int_equal(s.count[0], 5);
    assert_int_equal(s.hand[0][kind("I")], 1); /* the deck's top card */
    assert_int_equal(s.pile_n, 4);
    assert_int_equal(s.discard_n[0], 1);
}

static void test_sequence_discards_reshuffle_into_a_new_deck_when_it_runs_out(void **state)
{
    (void)state;
    seq_state s = start(2, "[\"A\",\"D\",\"B\",\"E\",\"C\",\"F\",\"X\",\"G\",\"Z\",\"H\",\"I\"]");
    OK(&s, 0, card(SQ_A_PLAY, "A", sq(1, 1))); /* draws I, the last card */
    assert_int_equal(s.pile_n, 0);
    OK(&s, 1, card(SQ_A_PLAY, "D", sq(1, 4))); /* the deck is out: A and D come back */
    assert_int_equal(s.reshuffles, 1);
    assert_int_equal(s.pile_n, 1);
    assert_int_equal(s.discard_n[0] + s.discard_n[1], 0);
    assert_int_equal(s.count[1], 5);
    assert_int_equal(s.hand[1][kind("A")] + s.hand[1][kind("D")], 1);
}

static void line_test(int r0, int c0, int dr, int dc)
{
    seq_state s = start(2, DECK2);
    /* seat 0's chips on three squares of the line; the fourth is played
     * with Z (any open square) */
    for (int i = 0; i < 3; i++)
        s.board[sq(r0 + dr * i, c0 + dc * i)] = 1;
    OK(&s, 0, card(SQ_A_PLAY, "Z", sq(r0 + dr * 3, c0 + dc * 3)));
    assert_int_equal(s.phase, SQ_OVER);
    assert_int_equal(s.winner_team, 0);
}

static void test_sequence_four_in_a_row_across_wins(void **state)
{
    (void)state;
    line_test(2, 3, 0, 1);
}

static void test_sequence_four_in_a_row_down_wins(void **state)
{
    (void)state;
    line_test(1, 8, 1, 0);
}

static void test_sequence_four_in_a_row_on_either_diagonal_wins(void **state)
{
    (void)state;
    line_test(1, 1, 1, 1);
    line_test(3, 8, 1, -1);
}

static void test_sequence_three_in_a_row_or_a_broken_line_does_not_win(void **state)
{
    (void)state;
    seq_state s = start(2, DECK2);
    s.board[sq(2, 1)] = s.board[sq(2, 2)] = 1;
    s.board[sq(2, 3)] = 2; /* the opponent breaks it */
    s.board[sq(2, 5)] = 1;
    OK(&s, 0, card(SQ_A_PLAY, "Z", sq(2, 4)));
    assert_int_equal(s.phase, SQ_PLAY);
}

static void test_sequence_game_is_drawn_after_max_turns(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"sequence\",\"players\":2,\"seed\":5,"
                         "\"options\":{\"max_turns\":20}}");
    ad_rng r;
    ad_rng_seed(&r, 5);
    /* random play: either a line before turn 20, or a drawn game at 20 */
    while (!G->is_over(ad_table_state(t))) {
        const seq_state *s = ad_table_state(t);
        ad_action a;
        G->random_action(s, s->turn, &r, &a);
        assert_int_equal(ad_table_act(t, s->turn, &a, NULL, NULL), 0);
    }
    const seq_state *s = ad_table_state(t);
    assert_true(s->turns <= 20);
    if (s->winner_team < 0) {
        assert_int_equal(s->turns, 20);
        TU_GOD_EQ(t, "winner", "[]");
    }
    ad_table_free(t);
    seq_state u = start(2, DECK2);
    u.max_turns = 1;
    OK(&u, 0, card(SQ_A_PLAY, "A", sq(1, 1)));
    assert_int_equal(u.phase, SQ_OVER);
    assert_int_equal(u.winner_team, -1);
}

static void test_sequence_views_show_board_own_hand_counts_discards_not_the_rest(void **state)
{
    (void)state;
    seq_state s = start(2, DECK2);
    OK(&s, 0, card(SQ_A_PLAY, "A", sq(1, 1)));
    seq_state v;
    G->view(&s, 1, &v);
    json_t *j = G->view_json(&v);
    assert_null(json_object_get(j, "hands"));
    assert_null(json_object_get(j, "deck"));
    char *x = json_dumps(json_object_get(j, "hand"), JSON_COMPACT);
    assert_string_equal(x, "[\"D\",\"E\",\"F\",\"G\",\"H\"]");
    free(x);
    x = json_dumps(json_object_get(j, "discards"), JSON_COMPACT);
    assert_string_equal(x, "[[\"A\"],[]]");
    free(x);
    assert_int_equal(json_integer_value(json_object_get(j, "deck_count")), 4);
    x = json_dumps(json_array_get(json_object_get(j, "board"), 0), JSON_COMPACT);
    assert_string_equal(x, "[\"red\",null,null,null,null,null,null,null]");
    free(x);
    json_decref(j);
}

int main(void)
{
    G = ad_game_find("sequence");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sequence_board_is_the_layout_of_the_rules),
        cmocka_unit_test(test_sequence_deck_is_52_cards_two_of_each_letter_x_and_z),
        cmocka_unit_test(test_sequence_is_for_2_to_4_players),
        cmocka_unit_test(test_sequence_hands_are_5_cards_for_2_or_3_players_and_4_for_4),
        cmocka_unit_test(test_sequence_four_players_are_two_teams_seated_alternately),
        cmocka_unit_test(test_sequence_letter_card_covers_either_open_square_of_its_letter),
        cmocka_unit_test(test_sequence_z_covers_any_open_square),
        cmocka_unit_test(test_sequence_x_removes_one_opposing_chip_never_own_or_empty),
        cmocka_unit_test(test_sequence_x_never_removes_a_partners_chip),
        cmocka_unit_test(test_sequence_x_removal_ends_the_turn_so_the_square_stays_open_this_turn),
        cmocka_unit_test(test_sequence_one_dead_card_turn_in_per_turn_before_playing),
        cmocka_unit_test(test_sequence_only_a_dead_card_can_be_turned_in),
        cmocka_unit_test(test_sequence_discard_only_when_no_card_is_playable),
        cmocka_unit_test(test_sequence_a_card_is_drawn_after_each_turn),
        cmocka_unit_test(test_sequence_discards_reshuffle_into_a_new_deck_when_it_runs_out),
        cmocka_unit_test(test_sequence_four_in_a_row_across_wins),
        cmocka_unit_test(test_sequence_four_in_a_row_down_wins),
        cmocka_unit_test(test_sequence_four_in_a_row_on_either_diagonal_wins),
        cmocka_unit_test(test_sequence_three_in_a_row_or_a_broken_line_does_not_win),
        cmocka_unit_test(test_sequence_game_is_drawn_after_max_turns),
        cmocka_unit_test(test_sequence_views_show_board_own_hand_counts_discards_not_the_rest),
    };
    return cmocka_run_group_tests_name("sequence rules", tests, NULL, NULL);
}
