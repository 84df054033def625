/*
 * test_easy.c - the `easy` level (the level for a young child) and `child`,
 * the model of a five-year-old it is measured against in Sequence
 * Letters: easy plays only legal moves, never blocks on purpose, and child
 * is a model a director plays but no table offers; in No Way and I Doubt
 * It easy calls only a lie it can prove and answers a challenge window
 * slowest of all the levels.
 */
#include "../testutil.h"
#include "alphadeck/director.h"
#include "games/claim/claimkit.h"
#include "games/sequence/sequence.h"

static const ad_game *seq(void)
{
    const ad_game *g = ad_game_find("sequence");
    assert_non_null(g);
    return g;
}

/* The level of seat p in game i: easy against a mix of the others, so
 * easy meets boards of every kind (its own lines, the others', X and Z). */
static const char *level_at(int i, int p)
{
    static const char *const others[] = {"random", "child", "basic", "easy"};
    return p == i % 2 ? "easy" : others[(i / 2 + p) % 4];
}

/* Plays game i with `players` to its end, checking each of easy's
 * decisions against the rules; returns how many easy made. */
static int play_checking_easy(int i, int players)
{
    char req[128];
    snprintf(req, sizeof req, "{\"game\":\"sequence\",\"players\":%d,\"seed\":%d}", players, i);
    ad_table *t = tu_new(req);
    const ad_game *g = seq();
    seq_state view;
    ad_rng r;
    int checked = 0;
    ad_rng_seed(&r, (uint64_t)i * 7919u + 1);
    while (!g->is_over(ad_table_state(t))) {
        const seq_state *s = ad_table_state(t);
        int seat = s->turn;
        const char *level = level_at(i, seat);
        ad_action a;
        ad_err e;
        g->view(s, seat, &view);
        assert_int_equal(ad_bot_choose(g, &view, seat, level, &r, &a, &e), 0);
        if (ad_table_act(t, seat, &a, NULL, &e) != 0)
            fail_msg("game %d: %s at seat %d made an illegal move: %s", i, level, seat, e.text);
        checked += strcmp(level, "easy") == 0;
    }
    ad_table_free(t);
    return checked;
}

static void test_easy_plays_only_legal_moves_in_thousands_of_seeded_positions(void **state)
{
    (void)state;
    int checked = 0;
    for (int i = 0; i < 600; i++)
        checked += play_checking_easy(i, 2 + i % 3); /* 2, 3 and 4 players (two teams) */
    assert_true(checked >= 5000);
}

/* Fills four squares from q0 in direction (dr, dc); 0 when they leave the
 * board. */
static int window_from(int q0, int dr, int dc, int sq[4])
{
    int r0 = q0 / SQ_COLS, c0 = q0 % SQ_COLS;
    for (int k = 0; k < 4; k++) {
        int r = r0 + dr * k, c = c0 + dc * k;
        if (r < 0 || r >= SQ_ROWS || c < 0 || c >= SQ_COLS)
            return 0;
        sq[k] = r * SQ_COLS + c;
    }
    return 1;
}

/* Whether a chip on q would stand in a window of four holding three chips
 * of team 2 and nothing else: whether it blocks a three. */
static int blocks_a_three(const seq_state *s, int q)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int sq[4];
    for (int d = 0; d < 4; d++)
        for (int back = 0; back < 4; back++) {
            int r = q / SQ_COLS - dirs[d][0] * back, c = q % SQ_COLS - dirs[d][1] * back, theirs = 0;
            if (r < 0 || r >= SQ_ROWS || c < 0 || c >= SQ_COLS ||
                !window_from(r * SQ_COLS + c, dirs[d][0], dirs[d][1], sq))
                continue;
            for (int k = 0; k < 4; k++)
                theirs += s->board[sq[k]] == 2 ? 1 : s->board[sq[k]] ? -9 : 0;
            if (theirs == 3)
                return 1;
        }
    return 0;
}

/* A position from seed i where the opponent (team 2) has three in a
 * window and seat 0, to play, holds the letter of the fourth square (its
 * other square covered, so the block is that card's only play) and one
 * other letter with an open square that blocks no three; *block is the
 * fourth square.  0 when the seed gives no such position. */
static int position_with_a_three_to_block(int i, seq_state *s, int *block)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    ad_table *t = tu_new("{\"game\":\"sequence\",\"players\":2,\"seed\":1}");
    ad_rng r;
    int sq[4];
    memcpy(s, ad_table_state(t), sizeof *s);
    ad_table_free(t);
    ad_rng_seed(&r, (uint64_t)i + 100);
    const int *d = dirs[ad_rng_below(&r, 4)];
    if (!window_from((int)ad_rng_below(&r, SQ_SQUARES), d[0], d[1], sq))
        return 0;
    memset(s->board, 0, sizeof s->board);
    for (int k = 0; k < 12; k++) /* a few chips of each side about the board */
        s->board[ad_rng_below(&r, SQ_SQUARES)] = (uint8_t)(1 + k % 2);
    int gap = (int)ad_rng_below(&r, 4);
    for (int k = 0; k < 4; k++)
        s->board[sq[k]] = k == gap ? 0 : 2;
    *block = sq[gap];
    const sq_board *bd = s->bd;
    int kb = bd->letter_of[*block], other = bd->squares_of[kb][0] == *block;
    s->board[bd->squares_of[kb][other]] = 1;
    int k2 = (int)ad_rng_below(&r, (uint32_t)s->deck->nkinds), free2 = 0;
    if (k2 == kb || k2 == bd->kind_x || k2 == bd->kind_z)
        return 0;
    for (int k = 0; k < 2; k++) /* an open square of k2's that blocks no three */
        free2 += !s->board[bd->squares_of[k2][k]] && !blocks_a_three(s, bd->squares_of[k2][k]);
    if (!free2)
        return 0;
    memset(s->hand[0], 0, sizeof s->hand[0]);
    s->hand[0][kb] = s->hand[0][k2] = 1;
    s->count[0] = 2;
    s->turn = 0;
    s->turned_in = 0;
    return 1;
}

/* Given the letter that would block the opponent's three and a letter on
 * a square that blocks no three, easy plays the one that does not block,
 * whatever its generator; basic (the test's check of its positions) blocks
 * in most of them. */
static void test_easy_never_blocks_an_opponents_three_when_it_has_another_move(void **state)
{
    (void)state;
    const ad_game *g = seq();
    int positions = 0, easy_blocks = 0, basic_blocks = 0;
    for (int i = 0; i < 2000; i++) {
        seq_state s, view;
        int block;
        if (!position_with_a_three_to_block(i, &s, &block))
            continue;
        g->view(&s, 0, &view);
        for (int trial = 0; trial < 5; trial++) {
            ad_rng r;
            ad_action a;
            ad_err e;
            ad_rng_seed(&r, (uint64_t)(i * 5 + trial));
            assert_int_equal(ad_bot_choose(g, &view, 0, "easy", &r, &a, &e), 0);
            easy_blocks += a.type == SQ_A_PLAY && a.arg[0] == block;
            assert_int_equal(ad_bot_choose(g, &view, 0, "basic", &r, &a, &e), 0);
            basic_blocks += a.type == SQ_A_PLAY && a.arg[0] == block;
        }
        positions++;
    }
    assert_true(positions >= 200);
    assert_int_equal(easy_blocks, 0);
    /* the positions are real blocks: basic (which blocks) takes them */
    assert_true(basic_blocks > positions * 5 * 3 / 4);
}

/* child is a model for measuring: a director seats it (sim), but no table
 * lists or seats it, and no other game has it. */
static void test_child_is_a_model_for_measuring_that_no_table_offers(void **state)
{
    (void)state;
    const ad_game *g = seq();
    ad_err e;
    assert_true(ad_bot_model_available(g, "child", &e));
    assert_false(ad_bot_available(g, "child", &e));
    assert_int_equal(e.code, AD_E_BAD_LEVEL);
    for (int k = 0; k < ad_bot_level_count(g); k++)
        assert_string_not_equal(ad_bot_level_name(g, k), "child");
    assert_false(ad_bot_level_known("child"));
    assert_false(ad_bot_model_available(ad_game_find("noway"), "child", &e));
    assert_string_equal(e.text, "No Way has no child model to measure with");
    assert_false(ad_bot_model_available(g, "easy", &e)); /* a level is no model */
    ad_seat_cfg seats[2] = {{.level = "child"}, {.level = "easy"}};
    ad_table *t = tu_new("{\"game\":\"sequence\",\"players\":2,\"seed\":3}");
    ad_director_opts o = ad_director_defaults();
    o.inline_bots = 1;
    o.silent = 1;
    ad_director *d = ad_director_new(t, seats, &o, 0, &e);
    if (!d)
        fail_msg("a director refused child: %s", e.text);
    ad_director_free(d); /* and t with it */
}

/* child plays what its model says: a playable card, on a square with its
 * picture (or any open square for Z), never a turn-in while a card can be
 * played. */
static void test_child_plays_a_card_on_its_picture_and_turns_in_only_when_stuck(void **state)
{
    (void)state;
    const ad_game *g = seq();
    for (int i = 0; i < 100; i++) {
        char req[96];
        snprintf(req, sizeof req, "{\"game\":\"sequence\",\"players\":2,\"seed\":%d}", i);
        ad_table *t = tu_new(req);
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)i);
        while (!g->is_over(ad_table_state(t))) {
            const seq_state *s = ad_table_state(t);
            seq_state view;
            ad_action a, all[SQ_MAX_LEGAL];
            ad_err e;
            int seat = s->turn, n = ad_seq_legal(s, seat, all), plays = 0;
            for (int k = 0; k < n; k++)
                plays += all[k].type == SQ_A_PLAY;
            g->view(s, seat, &view);
            assert_int_equal(ad_bot_choose(g, &view, seat, "child", &r, &a, &e), 0);
            if (plays)
                assert_int_equal(a.type, SQ_A_PLAY);
            if (a.type == SQ_A_PLAY && a.cards[0] != s->bd->kind_x && a.cards[0] != s->bd->kind_z)
                assert_int_equal(s->bd->letter_of[a.arg[0]], a.cards[0]);
            assert_int_equal(ad_table_act(t, seat, &a, NULL, &e), 0);
        }
        ad_table_free(t);
    }
}

/* A claim game of `players` from seed i, levels by seat (easy at every
 * other seat, the others among random, basic and easy), played to its end
 * or `steps` actions by the lowest seat asked; fn is called before each
 * of easy's decisions with the view, the seat and easy's action. */
static void claim_game(const char *game, int players, int i, int steps,
                       void (*fn)(const claim_state *, int, const ad_action *, void *), void *ctx)
{
    static const char *const others[] = {"random", "basic", "easy"};
    char req[128];
    snprintf(req, sizeof req, "{\"game\":\"%s\",\"players\":%d,\"seed\":%d}", game, players, i);
    ad_table *t = tu_new(req);
    const ad_game *g = ad_game_find(game);
    claim_state view;
    ad_rng r;
    ad_rng_seed(&r, (uint64_t)i * 31u + 7);
    for (int step = 0; step < steps && !g->is_over(ad_table_state(t)); step++) {
        uint32_t asked = g->to_act(ad_table_state(t));
        int seat = __builtin_ctz(asked);
        const char *level = seat % 2 == i % 2 ? "easy" : others[(i + seat) % 3];
        ad_action a;
        ad_err e;
        g->view(ad_table_state(t), seat, &view);
        assert_int_equal(ad_bot_choose(g, &view, seat, level, &r, &a, &e), 0);
        if (strcmp(level, "easy") == 0 && fn)
            fn(&view, seat, &a, ctx);
        if (ad_table_act(t, seat, &a, NULL, &e) != 0)
            fail_msg("%s game %d: %s at seat %d made an illegal move: %s", game, i, level, seat,
                     e.text);
    }
    ad_table_free(t);
}

/* Counts easy's challenges, failing on one it could not prove. */
static void check_call(const claim_state *view, int seat, const ad_action *a, void *ctx)
{
    if (view->phase != CC_CHALLENGE || a->type != CC_A_CHALLENGE)
        return;
    if (!ck_provably_false(view, seat))
        fail_msg("easy called a claim it could not prove false");
    ++*(int *)ctx;
}

static void test_easy_in_no_way_and_i_doubt_it_plays_legal_moves_and_calls_only_a_lie_it_can_prove(
    void **state)
{
    (void)state;
    static const char *const games[] = {"noway", "doubt"};
    for (int k = 0; k < 2; k++) {
        int calls = 0;
        for (int i = 0; i < 200; i++)
            claim_game(games[k], 2 + i % 3, i, 3000, check_call, &calls);
        assert_true(calls > 0); /* it does call: wrong letters, or a lie going out */
    }
}

/* The mean reaction time of each level to the same windows, its call or
 * its pass as it decides. */
typedef struct {
    double sum[4];
    int windows;
} react_sums;

static const char *const LADDER[] = {"easy", "random", "basic", "strong"};

static void time_window(const claim_state *view, int seat, const ad_action *a, void *ctx)
{
    react_sums *rs = ctx;
    (void)a;
    if (view->phase != CC_CHALLENGE)
        return;
    const ad_game *g = view->rules->say_free ? ad_game_find("noway") : ad_game_find("doubt");
    for (int l = 0; l < 4; l++) {
        ad_bot_opts o = {.sims = 50};
        ad_action b;
        ad_err e;
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)rs->windows);
        assert_int_equal(ad_bot_choose_opts(g, view, seat, LADDER[l], &o, &r, &b, &e), 0);
        rs->sum[l] += o.react_ms;
    }
    rs->windows++;
}

static void test_easy_answers_a_challenge_window_slowest_of_all_levels(void **state)
{
    (void)state;
    react_sums rs = {{0}, 0};
    for (int i = 0; i < 40; i++)
        claim_game(i % 2 ? "noway" : "doubt", 2 + i % 3, i, 200, time_window, &rs);
    assert_true(rs.windows >= 100);
    for (int l = 1; l < 4; l++)
        if (!(rs.sum[0] > rs.sum[l]))
            fail_msg("easy's mean %.0f ms is not slower than %s's %.0f ms", rs.sum[0] / rs.windows,
                     LADDER[l], rs.sum[l] / rs.windows);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_easy_plays_only_legal_moves_in_thousands_of_seeded_positions),
        cmocka_unit_test(test_easy_never_blocks_an_opponents_three_when_it_has_another_move),
        cmocka_unit_test(test_child_is_a_model_for_measuring_that_no_table_offers),
        cmocka_unit_test(test_child_plays_a_card_on_its_picture_and_turns_in_only_when_stuck),
        cmocka_unit_test(
            test_easy_in_no_way_and_i_doubt_it_plays_legal_moves_and_calls_only_a_lie_it_can_prove),
        cmocka_unit_test(test_easy_answers_a_challenge_window_slowest_of_all_levels),
    };
    return cmocka_run_group_tests_name("easy and child", tests, NULL, NULL);
}
