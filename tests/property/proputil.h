/*
 * proputil.h - the game-independent half of the property tests: how many
 * games to play, the random answering order, and the two replay checks
 * (through the C steps, and through the JSON record and `load`).
 */
#ifndef AD_PROPUTIL_H
#define AD_PROPUTIL_H

#include "../testutil.h"

/* memcmp, not cmocka's byte-by-byte assert_memory_equal: this is the hot loop */
#define SAME(a, b, n, what)                                                                      \
    do {                                                                                         \
        if (memcmp((a), (b), (n)) != 0)                                                          \
            fail_msg("%s differ", what);                                                         \
    } while (0)

/* Whether n bytes at p are all zero (n at most 4096). */
static inline int pu_all_zero(const void *p, size_t n)
{
    static const uint8_t zeros[4096];
    return n <= sizeof zeros && memcmp(p, zeros, n) == 0;
}

/* 10,000 games by default; AD_PROP_GAMES sets another number (the sanitizer
 * build runs fewer: tests/run says how many). */
static inline int pu_games(void)
{
    const char *e = getenv("AD_PROP_GAMES");
    int n = e ? atoi(e) : 0;
    return n > 0 ? n : 10000;
}

/* One of the seats in mask, uniformly: any order of answers may happen. */
static inline int pu_pick_seat(uint32_t m, ad_rng *r)
{
    int k = (int)ad_rng_below(r, (uint32_t)__builtin_popcount(m));
    while (k--)
        m &= m - 1;
    return __builtin_ctz(m);
}

/* One random move: a seat that may act (any of them, uniformly), the
 * `random` bot's choice from that seat's view only, applied.  Returns the
 * seat; ev gets the move's events.  Fails the test if the move is refused. */
static inline int pu_random_move(ad_table *t, ad_rng *r, ad_events *ev)
{
    const ad_game *g = ad_table_game(t);
    const void *s = ad_table_state(t);
    int seat = pu_pick_seat(g->to_act(s), r);
    uint8_t view[4096];
    assert_true(g->state_size <= sizeof view);
    g->view(s, seat, view);
    ad_action a;
    ad_err e;
    if (ad_bot_choose(g, view, seat, "random", r, &a, &e) < 0 ||
        ad_table_act(t, seat, &a, ev, &e) < 0)
        fail_msg("the random bot's move for seat %d failed: %s", seat, e.text);
    return seat;
}

/* The record, written as JSON text and loaded back, replays to t's state. */
static inline void pu_replay_json(const ad_table *t)
{
    json_t *rec = ad_table_record_json(t);
    char *text = json_dumps(rec, JSON_COMPACT);
    json_t *back = json_loads(text, 0, NULL);
    ad_err e;
    ad_table *u = ad_table_load(back, &e);
    if (!u)
        fail_msg("record did not load: %s", e.text);
    SAME(ad_table_state(t), ad_table_state(u), ad_table_game(t)->state_size,
         "the game and its replay from the JSON record");
    ad_table_free(u);
    json_decref(back);
    free(text);
    json_decref(rec);
}

/* The same `new` request and the same steps give the same state. */
static inline void pu_replay_steps(const ad_table *t, const json_t *req)
{
    ad_err e;
    ad_table *u = ad_table_new(req, &e);
    assert_non_null(u);
    const ad_step *steps;
    int n = ad_table_steps(t, &steps);
    for (int i = 0; i < n; i++)
        assert_int_equal(ad_table_act(u, steps[i].seat, &steps[i].action, NULL, NULL), 0);
    SAME(ad_table_state(t), ad_table_state(u), ad_table_game(t)->state_size,
         "the game and its replay");
    ad_table_free(u);
}

#endif
