/*
 * test_strong_sequence.c - the promises of the `strong` Sequence Letters
 * player: it always gives a legal action; it completes a line at once and
 * turns in a dead card first, both without searching; its search finds
 * the block of a line about to be made; it is deterministic for
 * a seed; and it decides from its seat's view alone.  Its model of a
 * casual opponent plays as `basic` does, and reads from an opponent's last
 * move the cards it would have played instead (a block, a line) as cards
 * it does not hold.
 */
#include "../testutil.h"

#include "games/sequence/sequence_unit.h"
#include "games/sequence/sequence.h"

#define SQ(r, c) (((r)-1) * SQ_COLS + ((c)-1))

/* seat 0 holds A B C X Z, seat 1 D E F G H; the deck I J K ... */
static const char *DECK = "[\"A\",\"D\",\"B\",\"E\",\"C\",\"F\",\"X\",\"G\",\"Z\",\"H\","
                          "\"I\",\"J\",\"K\",\"L\",\"M\",\"N\",\"O\",\"P\",\"Q\",\"R\"]";

/* A state for 2 players from a deck (seat 0 starts). */
static seq_state start(const char *deck)
{
    char buf[512];
    snprintf(buf, sizeof buf, "{\"game\":\"sequence\",\"players\":2,\"dealer\":1,\"deck\":%s}",
             deck);
    ad_table *t = tu_new(buf);
    seq_state s = *(const seq_state *)ad_table_state(t);
    ad_table_free(t);
    return s;
}

/* strong's choice for seat from its view of s; sims 0: its default.  *done
 * gets the simulations run (may be NULL). */
static ad_action strong(const seq_state *s, int seat, long sims, uint64_t seed, long *done)
{
    const ad_game *g = ad_game_find("sequence");
    seq_state v;
    g->view(s, seat, &v);
    ad_rng r;
    ad_rng_seed(&r, seed);
    ad_action a;
    ad_err e;
    ad_bot_opts o = {.sims = sims};
    if (ad_bot_choose_opts(g, &v, seat, "strong", &o, &r, &a, &e) < 0)
        fail_msg("strong refused: %s", e.text);
    if (done)
        *done = o.sims_done;
    return a;
}

/* Whole games for 2, 3 and 4 players, strong with a small search at every
 * seat or against basic: every action it gives is accepted. */
static void test_strong_sequence_always_gives_a_legal_action(void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("sequence");
    for (int game = 0; game < 9; game++) {
        int players = 2 + game % 3;
        char buf[96];
        snprintf(buf, sizeof buf, "{\"game\":\"sequence\",\"players\":%d,\"seed\":%d}", players,
                 30 + game);
        ad_table *t = tu_new(buf);
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)game);
        int moves = 0;
        while (!g->is_over(ad_table_state(t))) {
            const seq_state *s = ad_table_state(t);
            int seat = __builtin_ctz(g->to_act(s));
            seq_state v;
            g->view(s, seat, &v);
            ad_action a;
            ad_err e;
            ad_bot_opts o = {.sims = 40};
            const char *level = game < 3 || seat % 2 == 0 ? "strong" : "basic";
            assert_int_equal(ad_bot_choose_opts(g, &v, seat, level, &o, &r, &a, &e), 0);
            if (ad_table_act(t, seat, &a, NULL, &e) < 0)
                fail_msg("game %d: %s's action for seat %d was refused: %s", game, level, seat,
                         e.text);
            if (++moves > 3000)
                fail_msg("game %d did not end", game);
        }
        ad_table_free(t);
    }
}

static void test_strong_sequence_completes_a_line_at_once_with_a_letter_before_z(void **state)
{
    (void)state;
    seq_state s = start(DECK);
    s.board[SQ(1, 2)] = s.board[SQ(1, 3)] = s.board[SQ(1, 4)] = 1; /* B C D red */
    long done = -1;
    ad_action a = strong(&s, 0, 0, 1, &done);
    assert_int_equal(a.type, SQ_A_PLAY);
    assert_int_equal(a.arg[0], SQ(1, 1));
    assert_string_equal(s.deck->kind[a.cards[0]], "A");
    assert_int_equal(done, 0);
}

static void test_strong_sequence_turns_in_a_dead_card_first(void **state)
{
    (void)state;
    seq_state s = start(DECK);
    s.board[SQ(1, 1)] = s.board[SQ(6, 8)] = 2; /* both A squares covered */
    long done = -1;
    ad_action a = strong(&s, 0, 0, 1, &done);
    assert_int_equal(a.type, SQ_A_TURN_IN);
    assert_string_equal(s.deck->kind[a.cards[0]], "A");
    assert_int_equal(done, 0);
}

/* Blue holds B C D of row 1 with E taken, and the last A or Z may be in
 * its hand.  Only A at [1,1], Z there, or an X on B, C or D stops the
 * line; no rule makes strong block, yet with its default budget its search
 * finds such a play for every seed. */
static void test_strong_sequence_stops_a_line_about_to_be_made(void **state)
{
    (void)state;
    seq_state s = start(DECK);
    s.board[SQ(1, 2)] = s.board[SQ(1, 3)] = s.board[SQ(1, 4)] = 2;
    s.board[SQ(1, 5)] = 1;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        ad_action a = strong(&s, 0, 0, seed, NULL);
        assert_int_equal(a.type, SQ_A_PLAY);
        const char *k = s.deck->kind[a.cards[0]];
        if (strcmp(k, "X") == 0)
            assert_true(a.arg[0] >= SQ(1, 2) && a.arg[0] <= SQ(1, 4));
        else
            assert_int_equal(a.arg[0], SQ(1, 1));
    }
}

/* Same view and seed: the same action and the same number of simulations,
 * with the default budget and with one given; and the budget is used. */
static void test_strong_sequence_is_deterministic_for_a_seed(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"sequence\",\"players\":3,\"seed\":5}");
    const seq_state *s = ad_table_state(t);
    int seat = __builtin_ctz(ad_game_find("sequence")->to_act(s));
    for (uint64_t seed = 1; seed <= 2; seed++) {
        long d1, d2;
        ad_action a = strong(s, seat, 0, seed, &d1), b = strong(s, seat, 0, seed, &d2);
        assert_memory_equal(&a, &b, sizeof a);
        assert_int_equal(d1, d2);
        assert_true(d1 > 0);
        a = strong(s, seat, 300, seed, &d1);
        b = strong(s, seat, 300, seed, &d2);
        assert_memory_equal(&a, &b, sizeof a);
        assert_true(d1 >= 300 * 9 / 10 && d1 <= 300);
    }
    ad_table_free(t);
}

/* Two states that differ only in what the seat cannot see (the other
 * hands, of the same sizes, and the draw deck's order, and the generator)
 * give the same choice. */
static void test_strong_sequence_decides_from_the_seats_view_only(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"sequence\",\"players\":3,\"seed\":8}");
    const ad_game *g = ad_game_find("sequence");
    seq_state a = *(const seq_state *)ad_table_state(t), b = a;
    int seat = __builtin_ctz(g->to_act(&a)), other = (seat + 1) % 3, third = (seat + 2) % 3;
    assert_int_equal(a.count[other], a.count[third]);
    memcpy(b.hand[other], a.hand[third], sizeof a.hand[other]);
    memcpy(b.hand[third], a.hand[other], sizeof a.hand[third]);
    for (int i = 0; i + 1 < b.pile_n; i += 2) {
        uint8_t x = b.pile[i];
        b.pile[i] = b.pile[i + 1];
        b.pile[i + 1] = x;
    }
    ad_rng_seed(&b.rng, 91);
    assert_memory_not_equal(&a, &b, sizeof a);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        ad_action x = strong(&a, seat, 200, seed, NULL), y = strong(&b, seat, 200, seed, NULL);
        assert_memory_equal(&x, &y, sizeof x);
    }
    ad_table_free(t);
}

/* In whole games between basic players, wherever basic makes the same
 * move whatever its seed, the casual model makes that move too. */
static void test_strong_sequence_casual_model_plays_as_basic_does(void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("sequence");
    int compared = 0;
    for (int game = 0; game < 12; game++) {
        char buf[96];
        snprintf(buf, sizeof buf, "{\"game\":\"sequence\",\"players\":%d,\"seed\":%d}",
                 2 + 2 * (game % 2), 70 + game);
        ad_table *t = tu_new(buf);
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)game);
        int moves = 0;
        while (!g->is_over(ad_table_state(t)) && moves++ < 400) {
            const seq_state *s = ad_table_state(t);
            int seat = __builtin_ctz(g->to_act(s));
            seq_state v;
            g->view(s, seat, &v);
            ad_action a[6], m;
            ad_err e;
            int same = 1;
            for (int i = 0; i < 6; i++) {
                ad_rng br;
                ad_rng_seed(&br, (uint64_t)(1000 * game + moves * 7 + i));
                ad_bot_opts o = {0};
                assert_int_equal(ad_bot_choose_opts(g, &v, seat, "basic", &o, &br, &a[i], &e), 0);
                same &= memcmp(&a[i], &a[0], sizeof a[0]) == 0;
            }
            if (same) {
                ad_strong_sequence_casual(&v, seat, &r, &m);
                assert_memory_equal(&m, &a[0], sizeof m);
                compared++;
            }
            assert_int_equal(ad_table_act(t, seat, &a[0], NULL, &e), 0);
        }
        ad_table_free(t);
    }
    assert_true(compared >= 100);
}

/* Red holds B C D of row 1, A and E open; blue's last move put a chip on
 * Q at [3,1] instead of blocking: blue holds no A, E or Z (each would have
 * blocked) and no X (it would have broken the three), but may hold Q. */
static void test_strong_sequence_infers_an_opponent_that_did_not_block_holds_no_blocker(
    void **state)
{
    (void)state;
    seq_state s = start(DECK);
    s.board[SQ(1, 2)] = s.board[SQ(1, 3)] = s.board[SQ(1, 4)] = 1;
    s.board[SQ(3, 1)] = 2;
    int q = -1;
    for (int k = 0; k < s.deck->nkinds; k++)
        if (strcmp(s.deck->kind[k], "Q") == 0)
            q = k;
    s.last.seat = 1;
    s.last.type = SQ_A_PLAY;
    s.last.card = (uint8_t)q;
    s.last.square = SQ(3, 1);
    seq_state v;
    ad_game_find("sequence")->view(&s, 0, &v);
    uint8_t absent[SQ_KINDS];
    assert_int_equal(ad_strong_sequence_absent(&v, 0, absent), 1);
    for (int k = 0; k < s.deck->nkinds; k++) {
        const char *n = s.deck->kind[k];
        if (!strcmp(n, "A") || !strcmp(n, "E") || !strcmp(n, "Z") || !strcmp(n, "X"))
            assert_int_equal(absent[k], 1);
    }
    assert_int_equal(absent[q], 0);
}

/* The same three, E taken by blue, and blue's last move the block on A:
 * a block is what a casual player makes, so it tells nothing of Z or X. */
static void test_strong_sequence_reads_no_missing_card_into_a_block(void **state)
{
    (void)state;
    seq_state s = start(DECK);
    s.board[SQ(1, 2)] = s.board[SQ(1, 3)] = s.board[SQ(1, 4)] = 1;
    s.board[SQ(1, 5)] = s.board[SQ(1, 1)] = 2;
    s.last.seat = 1;
    s.last.type = SQ_A_PLAY;
    s.last.card = (uint8_t)s.bd->letter_of[SQ(1, 1)];
    s.last.square = SQ(1, 1);
    seq_state v;
    ad_game_find("sequence")->view(&s, 0, &v);
    uint8_t absent[SQ_KINDS];
    ad_strong_sequence_absent(&v, 0, absent);
    assert_int_equal(absent[s.bd->kind_z], 0);
    assert_int_equal(absent[s.bd->kind_x], 0);
    assert_int_equal(absent[s.bd->letter_of[SQ(1, 1)]], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strong_sequence_always_gives_a_legal_action),
        cmocka_unit_test(test_strong_sequence_completes_a_line_at_once_with_a_letter_before_z),
        cmocka_unit_test(test_strong_sequence_turns_in_a_dead_card_first),
        cmocka_unit_test(test_strong_sequence_stops_a_line_about_to_be_made),
        cmocka_unit_test(test_strong_sequence_is_deterministic_for_a_seed),
        cmocka_unit_test(test_strong_sequence_decides_from_the_seats_view_only),
        cmocka_unit_test(test_strong_sequence_casual_model_plays_as_basic_does),
        cmocka_unit_test(
            test_strong_sequence_infers_an_opponent_that_did_not_block_holds_no_blocker),
        cmocka_unit_test(test_strong_sequence_reads_no_missing_card_into_a_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
