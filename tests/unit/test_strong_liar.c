/*
 * test_strong_liar.c - the promises of the `strong` Liar player: it always
 * gives a legal action; it never calls a word its own knowledge proves
 * spelled, and always calls one it proves not spelled, both without
 * searching; it is deterministic for a seed; it decides from its seat's
 * view alone; and what a seat remembers never reaches another seat's view.
 */
#include "../testutil.h"

#include "games/liar/liar.h"

/* strong's choice for seat from its view of state s; sims 0: its default.
 * *done gets the simulations run (may be NULL). */
static ad_action strong_from(const liar_state *s, int seat, long sims, uint64_t seed, long *done)
{
    const ad_game *g = ad_game_find("liar");
    liar_state v;
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

static ad_action strong(ad_table *t, int seat, long sims, uint64_t seed, long *done)
{
    return strong_from(ad_table_state(t), seat, sims, seed, done);
}

static ad_table *two(const char *deck)
{
    char buf[512];
    snprintf(buf, sizeof buf, "{\"game\":\"liar\",\"players\":2,\"dealer\":1,\"deck\":%s}", deck);
    return tu_new(buf);
}

/* Whole games, strong at every seat with a small search, and strong
 * against basic: every action it gives is accepted by the engine. */
static void test_strong_liar_always_gives_a_legal_action(void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("liar");
    for (int game = 0; game < 10; game++) {
        int players = 2 + game % 5;
        char buf[128];
        snprintf(buf, sizeof buf, "{\"game\":\"liar\",\"players\":%d,\"seed\":%d,"
                                  "\"options\":{\"target\":%d}}",
                 players, 11 + game, game < 5 ? 12 : 25);
        ad_table *t = tu_new(buf);
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)game);
        int moves = 0;
        while (!g->is_over(ad_table_state(t))) {
            const liar_state *s = ad_table_state(t);
            int seat = __builtin_ctz(g->to_act(s));
            liar_state v;
            g->view(s, seat, &v);
            ad_action a;
            ad_err e;
            ad_bot_opts o = {.sims = 60};
            const char *level = game % 2 == 0 || seat == 0 ? "strong" : "basic";
            assert_int_equal(ad_bot_choose_opts(g, &v, seat, level, &o, &r, &a, &e), 0);
            if (ad_table_act(t, seat, &a, NULL, &e) < 0)
                fail_msg("game %d: %s's action for seat %d was refused: %s", game, level, seat,
                         e.text);
            if (++moves > 2000)
                fail_msg("game %d did not end", game);
        }
        ad_table_free(t);
    }
}

/* Seat 0 passed on A A T T E; seat 1 discarded one card and drew two: the
 * hand still holds an A and a T whatever it discarded, so "at" is spelled. */
static void test_strong_liar_never_calls_a_word_its_knowledge_proves_spelled(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"A\",\"T\",\"T\",\"E\",\"X\",\"Z\",\"O\",\"N\",\"R\",\"S\",\"L\"]");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"a\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"A\"}");
    TU_OK(t, 1, "{\"type\":\"announce\",\"word\":\"at\"}");
    for (uint64_t seed = 1; seed <= 10; seed++) {
        long done = -1;
        assert_int_equal(strong(t, 0, 0, seed, &done).type, LI_A_ACCEPT);
        assert_int_equal(done, 0); /* settled without searching */
    }
    ad_table_free(t);
}

/* A word longer than the hand, and a word needing more letters than two
 * draws can add to what seat 0 passed on, are called without searching. */
static void test_strong_liar_calls_a_word_its_knowledge_proves_not_spelled(void **state)
{
    (void)state;
    const char *deck = "[\"A\",\"A\",\"T\",\"T\",\"E\",\"X\",\"Z\",\"O\",\"N\",\"R\",\"S\",\"L\"]";
    const char *words[] = {"quiz", "abstraction"};
    for (int w = 0; w < 2; w++) {
        ad_table *t = two(deck);
        TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"at\"}");
        TU_OK(t, 1, "{\"type\":\"accept\"}");
        TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"E\"}");
        char buf[96];
        snprintf(buf, sizeof buf, "{\"type\":\"announce\",\"word\":\"%s\"}", words[w]);
        TU_OK(t, 1, buf);
        long done = -1;
        assert_int_equal(strong(t, 0, 0, 3, &done).type, LI_A_LIAR);
        assert_int_equal(done, 0);
        ad_table_free(t);
    }
}

/* Same view and seed: the same action and the same number of simulations,
 * with the default budget and with one given, in every phase; and the
 * budget is used. */
static void test_strong_liar_is_deterministic_for_a_seed(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"liar\",\"players\":3,\"seed\":5,\"dealer\":2}");
    const char *steps[] = {NULL, "{\"type\":\"announce\",\"word\":\"a\"}", "{\"type\":\"accept\"}"};
    for (int step = 0; step < 3; step++) {
        if (steps[step])
            TU_OK(t, step == 2 ? 1 : 0, steps[step]);
        int seat = step == 0 ? 0 : 1; /* announce, answer, discard */
        for (uint64_t seed = 1; seed <= 2; seed++) {
            long d1, d2;
            ad_action a = strong(t, seat, 0, seed, &d1), b = strong(t, seat, 0, seed, &d2);
            assert_memory_equal(&a, &b, sizeof a);
            assert_int_equal(d1, d2);
            assert_true(d1 > 0);
            a = strong(t, seat, 300, seed, &d1);
            b = strong(t, seat, 300, seed, &d2);
            assert_memory_equal(&a, &b, sizeof a);
            assert_int_equal(d1, 300);
        }
    }
    ad_table_free(t);
}

/* Two states that differ only in what the seat cannot see (the hand it is
 * answering, the draw pile's order, the faces in the discards, what the
 * other seat remembers, the generator) give the same choice. */
static void test_strong_liar_decides_from_the_seats_view_only(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"liar\",\"players\":2,\"seed\":9,\"dealer\":1}");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"a\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    const liar_state *s = ad_table_state(t);
    int k = 0;
    while (!s->hand[k])
        k++;
    char buf[96];
    snprintf(buf, sizeof buf, "{\"type\":\"discard\",\"card\":\"%c\"}", 'A' + k);
    TU_OK(t, 1, buf);
    TU_OK(t, 1, "{\"type\":\"announce\",\"word\":\"at\"}");
    /* seat 0 answers; in b, seat 1's hand has other cards of the same
     * count (a card swapped with one from the pile) */
    liar_state a = *s, b = a;
    int from = 0, to = 0;
    while (!b.hand[from])
        from++;
    for (int i = 0; i < b.pile_n; i++)
        if (b.pile[i] != from) {
            to = b.pile[i];
            b.pile[i] = (uint8_t)from;
            break;
        }
    assert_int_not_equal(from, to);
    b.hand[from]--;
    b.hand[to]++;
    memcpy(b.held[1], b.hand, sizeof b.hand);
    b.gone[1][0] = (uint8_t)(b.gone[1][0] ? 0 : 1); /* its memory is its own */
    for (int d = 0; d < LI_LETTERS; d++) /* other faces in the discards */
        if (b.discard[d]) {
            b.discard[d]--;
            b.discard[(d + 1) % LI_LETTERS]++;
            break;
        }
    for (int i = 0; i + 1 < b.pile_n; i += 2) { /* another order */
        uint8_t x = b.pile[i];
        b.pile[i] = b.pile[i + 1];
        b.pile[i + 1] = x;
    }
    ad_rng_seed(&b.rng, 77);
    assert_memory_not_equal(&a, &b, sizeof a);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        ad_action x = strong_from(&a, 0, 200, seed, NULL);
        ad_action y = strong_from(&b, 0, 200, seed, NULL);
        assert_memory_equal(&x, &y, sizeof x);
    }
    /* and seat 1 announcing: seat 0's memory and the pile are hidden */
    ad_table_free(t);
    t = tu_new("{\"game\":\"liar\",\"players\":2,\"seed\":9,\"dealer\":1}");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"a\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    TU_OK(t, 1, buf);
    a = b = *(const liar_state *)ad_table_state(t);
    b.held[0][25]++; /* what seat 0 remembers is not seat 1's to see */
    for (int i = 0; i + 2 < b.pile_n; i += 3) {
        uint8_t x = b.pile[i];
        b.pile[i] = b.pile[i + 2];
        b.pile[i + 2] = x;
    }
    ad_rng_seed(&b.rng, 78);
    for (uint64_t seed = 1; seed <= 4; seed++) {
        ad_action x = strong_from(&a, 1, 200, seed, NULL);
        ad_action y = strong_from(&b, 1, 200, seed, NULL);
        assert_memory_equal(&x, &y, sizeof x);
    }
    ad_table_free(t);
}

/* Through games of strong and basic: each seat's view (the C structure and
 * the JSON) carries its own memory and never another seat's. */
static void test_strong_liar_memory_never_reaches_another_seats_view(void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("liar");
    for (int game = 0; game < 4; game++) {
        int players = 2 + game;
        char buf[128];
        snprintf(buf, sizeof buf, "{\"game\":\"liar\",\"players\":%d,\"seed\":%d,"
                                  "\"options\":{\"target\":15}}",
                 players, 40 + game);
        ad_table *t = tu_new(buf);
        ad_rng r;
        ad_rng_seed(&r, 3);
        long remembered = 0;
        while (!g->is_over(ad_table_state(t))) {
            const liar_state *s = ad_table_state(t);
            for (int seat = 0; seat < players; seat++) {
                liar_state v;
                g->view(s, seat, &v);
                for (int p = 0; p < LI_MAXP; p++) {
                    uint8_t none[LI_LETTERS] = {0};
                    if (p == seat) {
                        assert_memory_equal(v.held[p], s->held[p], LI_LETTERS);
                        assert_memory_equal(v.gone[p], s->gone[p], LI_LETTERS);
                        assert_int_equal(v.held_at[p], s->held_at[p]);
                        continue;
                    }
                    assert_memory_equal(v.held[p], none, LI_LETTERS);
                    assert_memory_equal(v.gone[p], none, LI_LETTERS);
                    assert_int_equal(v.held_at[p], -1);
                }
                json_t *j = g->view_json(&v);
                json_t *held = json_object_get(j, "held");
                assert_true(s->held_at[seat] < 0 ? json_is_null(held) : json_is_object(held));
                size_t gone = 0;
                for (int k = 0; k < LI_LETTERS; k++)
                    gone += s->gone[seat][k];
                assert_int_equal(json_array_size(json_object_get(j, "gone")), gone);
                remembered += s->held_at[seat] >= 0 && seat != s->holder;
                json_decref(j);
            }
            int seat = __builtin_ctz(g->to_act(s));
            liar_state v;
            g->view(s, seat, &v);
            ad_action a;
            ad_bot_opts o = {.sims = 40};
            assert_int_equal(ad_bot_choose_opts(g, &v, seat, seat == 0 ? "strong" : "basic", &o,
                                                &r, &a, NULL),
                             0);
            assert_int_equal(ad_table_act(t, seat, &a, NULL, NULL), 0);
        }
        assert_true(remembered > 0); /* some seat did remember a hand it passed on */
        ad_table_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strong_liar_always_gives_a_legal_action),
        cmocka_unit_test(test_strong_liar_never_calls_a_word_its_knowledge_proves_spelled),
        cmocka_unit_test(test_strong_liar_calls_a_word_its_knowledge_proves_not_spelled),
        cmocka_unit_test(test_strong_liar_is_deterministic_for_a_seed),
        cmocka_unit_test(test_strong_liar_decides_from_the_seats_view_only),
        cmocka_unit_test(test_strong_liar_memory_never_reaches_another_seats_view),
    };
    return cmocka_run_group_tests_name("strong liar", tests, NULL, NULL);
}
