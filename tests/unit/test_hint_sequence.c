/*
 * test_hint_sequence.c - the promises of the Sequence Letters coach
 * (sequence_hint.c): the squares the seat's cards can take and its dead
 * cards are named; on its turn the move suggested is the strong player's,
 * with the reason in words (a block of Bea's three in a row, a four that
 * wins), the very move the strong player makes from that view; and a hint never changes when only cards the seat cannot see
 * change (the other hands, the draw pile: the metamorphic test, over
 * hundreds of positions).
 */
#include "../testutil.h"

#include "games/sequence/sequence_unit.h"

static json_t *hint_of(const seq_state *s, int seat, long sims, uint64_t seed, ad_err *e)
{
    const ad_unit *u = ad_unit_of(&ad_game_sequence);
    assert_non_null(u);
    assert_non_null(u->hint);
    seq_state v;
    ad_game_sequence.view(s, seat, &v);
    ad_rng r;
    ad_rng_seed(&r, seed);
    ad_bot_opts think = {.sims = sims};
    return u->hint(u, &v, seat, NULL, &think, &r, e);
}

static const char *text_of(const json_t *h)
{
    return json_string_value(json_object_get(h, "text"));
}

/* The square at row r, column c (both from 1). */
static int sq(int r, int c)
{
    return (r - 1) * SQ_COLS + (c - 1);
}

/* Two players, seat 0 to move, having turned in a card already (so its
 * dead cards stay in its hand): `colour` holds A B C of the top row
 * ([1,1]-[1,3]), the D square beside them ([1,4]) is open and D's other
 * square ([6,5]) is covered; seat 0 holds D and the dead Q R S T (rows 3
 * and 5 covered, mixed, with no line). */
static void position(seq_state *s, int colour)
{
    ad_table *t = tu_new("{\"game\":\"sequence\",\"players\":2,\"seed\":1,\"dealer\":1}");
    memcpy(s, ad_table_state(t), sizeof *s);
    ad_table_free(t);
    memset(s->board, 0, sizeof s->board);
    for (int c = 1; c <= 3; c++)
        s->board[sq(1, c)] = (uint8_t)colour;
    s->board[sq(6, 5)] = 1;
    for (int c = 1; c <= 4; c++) { /* Q R S T, and T S R Q of row 5 */
        s->board[sq(3, c)] = (uint8_t)(c % 2 ? 1 : 2);
        s->board[sq(5, c + 4)] = (uint8_t)(c % 2 ? 1 : 2);
    }
    memset(s->hand[0], 0, sizeof s->hand[0]);
    const char *cards[] = {"D", "Q", "R", "S", "T"};
    for (int i = 0; i < 5; i++)
        s->hand[0][ad_deck_kind(s->deck, cards[i])]++;
    s->turn = 0;
    s->turned_in = 1;
}

static void assert_move(const json_t *h, const char *want)
{
    char *got = json_dumps(json_object_get(h, "move"), JSON_SORT_KEYS | JSON_COMPACT);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

/* Bea (seat 1) has A B C: the one play, D beside them, is suggested with
 * "blocks Bea's three in a row"; Q R S T are named dead; D's square is one
 * the cards can take; Bea's fourth square is a threat. */
static void test_sequence_hint_suggests_the_block_of_a_three_with_its_reason(void **state)
{
    (void)state;
    seq_state s;
    position(&s, 2);
    ad_err e;
    json_t *h = hint_of(&s, 0, 200, 1, &e);
    assert_non_null(h);
    assert_move(h, "{\"card\":\"D\",\"square\":[1,4],\"type\":\"play\"}");
    assert_string_equal(json_string_value(json_object_get(h, "kind")), "turn");
    if (!strstr(json_string_value(json_object_get(h, "reason")), "blocks Bea's three in a row"))
        fail_msg("reason: %s", json_string_value(json_object_get(h, "reason")));
    assert_non_null(strstr(text_of(h), "blocks Bea's three in a row"));
    char *dead = json_dumps(json_object_get(h, "dead"), JSON_COMPACT);
    assert_string_equal(dead, "[\"Q\",\"R\",\"S\",\"T\"]");
    free(dead);
    assert_non_null(strstr(text_of(h), "Q, R, S and T are dead"));
    char *squares = json_dumps(json_object_get(h, "squares"), JSON_COMPACT);
    assert_string_equal(squares, "[{\"card\":\"D\",\"squares\":[[1,4]]}]");
    free(squares);
    char *threats = json_dumps(json_object_get(h, "threats"), JSON_COMPACT);
    assert_string_equal(threats, "[[1,4]]");
    free(threats);
    json_decref(h);
}

/* Seat 0 itself has A B C: D makes its four, and the hint says it wins;
 * seat 1, not to move, gets no move, only what its cards can take. */
static void test_sequence_hint_suggests_the_four_that_wins(void **state)
{
    (void)state;
    seq_state s;
    position(&s, 1);
    ad_err e;
    json_t *h = hint_of(&s, 0, 200, 1, &e);
    assert_non_null(h);
    assert_move(h, "{\"card\":\"D\",\"square\":[1,4],\"type\":\"play\"}");
    assert_string_equal(json_string_value(json_object_get(h, "reason")),
                        "it makes your four in a row: you win");
    json_decref(h);
    h = hint_of(&s, 1, 200, 1, &e);
    assert_non_null(h);
    assert_null(json_object_get(h, "move"));
    assert_string_equal(json_string_value(json_object_get(h, "kind")), "wait");
    assert_non_null(strstr(text_of(h), "Your cards can take"));
    assert_non_null(strstr(text_of(h), "Watch the")); /* Ann's open four */
    json_decref(h);
}

/* Over seeded positions, the move a hint suggests is the one the strong
 * player makes from the same view, budget and seed: a hint and the bot
 * never disagree. */
static void test_sequence_hint_move_is_the_strong_players(void **state)
{
    (void)state;
    const ad_game *g = &ad_game_sequence;
    int checked = 0;
    for (int game = 0; game < 6; game++) {
        char buf[128];
        snprintf(buf, sizeof buf, "{\"game\":\"sequence\",\"players\":%d,\"seed\":%d}",
                 2 + game % 2, 700 + game);
        ad_table *t = tu_new(buf);
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)game);
        for (int n = 0; n < 40 && !g->is_over(ad_table_state(t)); n++) {
            const seq_state *s = ad_table_state(t);
            int seat = s->turn;
            seq_state v;
            g->view(s, seat, &v);
            ad_rng br;
            ad_rng_seed(&br, (uint64_t)n);
            ad_bot_opts o = {.sims = 60};
            ad_action a;
            assert_int_equal(ad_bot_choose_opts(g, &v, seat, "strong", &o, &br, &a, NULL), 0);
            json_t *want = g->action_to_json(&v, &a);
            ad_err e;
            json_t *h = hint_of(s, seat, 60, (uint64_t)n, &e);
            assert_non_null(h);
            assert_true(json_equal(json_object_get(h, "move"), want));
            json_decref(want);
            json_decref(h);
            checked++;
            g->view(s, seat, &v);
            assert_int_equal(ad_bot_choose_opts(g, &v, seat, "basic", &o, &r, &a, NULL), 0);
            assert_int_equal(ad_table_act(t, seat, &a, NULL, NULL), 0);
        }
        ad_table_free(t);
    }
    assert_true(checked >= 100);
}

/* ------------------------------------------------------- metamorphic */

static char *hint_text(const seq_state *s, int seat, uint64_t seed)
{
    ad_err e;
    json_t *h = hint_of(s, seat, 30, seed, &e);
    if (!h) {
        char *t = malloc(300);
        snprintf(t, 300, "error %d: %s", (int)e.code, e.text);
        return t;
    }
    char *t = json_dumps(h, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(h);
    return t;
}

/* Re-deals the other hands and the draw pile from their cards together:
 * each hand keeps its count, the pile its size; everything public stays. */
static void redeal(seq_state *s, int seat, ad_rng *r)
{
    uint8_t pool[SQ_CARDS];
    int n = 0;
    for (int p = 0; p < s->players; p++)
        if (p != seat)
            for (int k = 0; k < SQ_KINDS; k++)
                for (; s->hand[p][k]; s->hand[p][k]--)
                    pool[n++] = (uint8_t)k;
    for (int i = 0; i < s->pile_n; i++)
        pool[n++] = s->pile[i];
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ad_rng_below(r, (uint32_t)(i + 1));
        uint8_t x = pool[i];
        pool[i] = pool[j];
        pool[j] = x;
    }
    int next = 0;
    for (int p = 0; p < s->players; p++)
        if (p != seat)
            for (int c = 0; c < s->count[p]; c++)
                s->hand[p][pool[next++]]++;
    for (int i = 0; i < s->pile_n; i++)
        s->pile[i] = pool[next++];
    ad_rng_seed(&s->rng, ad_rng_next(r));
}

static void test_sequence_hint_never_changes_when_only_unseen_cards_change(void **state)
{
    (void)state;
    const ad_game *g = &ad_game_sequence;
    int positions = 0, moves = 0, changed = 0;
    for (int game = 0; game < 40; game++) {
        char buf[128];
        snprintf(buf, sizeof buf, "{\"game\":\"sequence\",\"players\":%d,\"seed\":%d}",
                 game % 3 == 2 ? 4 : 2 + game % 2, 500 + game);
        ad_table *t = tu_new(buf);
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)game);
        for (int n = 0; n < 80 && !g->is_over(ad_table_state(t)); n++) {
            const seq_state *s = ad_table_state(t);
            for (int seat = 0; seat < s->players; seat++) {
                char *want = hint_text(s, seat, (uint64_t)n);
                for (int w = 0; w < 2; w++) {
                    seq_state b = *s;
                    redeal(&b, seat, &r);
                    changed += memcmp(b.hand, s->hand, sizeof b.hand) != 0;
                    char *got = hint_text(&b, seat, (uint64_t)n);
                    if (strcmp(want, got) != 0)
                        fail_msg("game %d step %d seat %d:\n %s\n %s", game, n, seat, want, got);
                    free(got);
                }
                moves += strstr(want, "\"move\"") != NULL;
                free(want);
                positions++;
            }
            int seat = __builtin_ctz(g->to_act(s));
            seq_state v;
            g->view(s, seat, &v);
            ad_action a;
            ad_bot_opts o = {0};
            assert_int_equal(ad_bot_choose_opts(g, &v, seat, "basic", &o, &r, &a, NULL), 0);
            assert_int_equal(ad_table_act(t, seat, &a, NULL, NULL), 0);
        }
        ad_table_free(t);
    }
    print_message("%d positions, %d with a move, %d re-deals changed a hand\n", positions, moves,
                  changed);
    assert_true(changed > positions); /* of 2 * positions re-deals */
    assert_true(positions >= 2000);
    assert_true(moves >= 600);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sequence_hint_suggests_the_block_of_a_three_with_its_reason),
        cmocka_unit_test(test_sequence_hint_suggests_the_four_that_wins),
        cmocka_unit_test(test_sequence_hint_move_is_the_strong_players),
        cmocka_unit_test(test_sequence_hint_never_changes_when_only_unseen_cards_change),
    };
    return cmocka_run_group_tests_name("sequence hint", tests, NULL, NULL);
}
