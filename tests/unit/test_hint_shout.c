/*
 * test_hint_shout.c - the promises of the Shout a Word coach
 * (shout_hint.c): after a deal, the best word on the table comes first with
 * the table cards that claim it; once a round is over, the words nobody took
 * are told; and a hint never changes when only the deck's order (the one
 * thing hidden in Shout) changes (the metamorphic test, over hundreds of
 * positions).
 */
#include "../testutil.h"

#include "games/shout/shout_unit.h"

static json_t *hint_of(const shout_state *s, int seat, uint64_t seed, ad_err *e)
{
    const ad_unit *u = ad_unit_of(&ad_game_shout);
    assert_non_null(u);
    assert_non_null(u->hint);
    shout_state v;
    ad_game_shout.view(s, seat, &v);
    ad_rng r;
    ad_rng_seed(&r, seed);
    ad_bot_opts think = {.sims = 40};
    return u->hint(u, &v, seat, NULL, &think, &r, e);
}

static const char *text_of(const json_t *h)
{
    return json_string_value(json_object_get(h, "text"));
}

/* Two players, seat 0 dealing C H A S E Z in that order. */
static ad_table *chase(int deal)
{
    ad_table *t = tu_new("{\"game\":\"shout\",\"players\":2,\"dealer\":0,"
                         "\"deck\":[\"C\",\"H\",\"A\",\"S\",\"E\",\"Z\"]}");
    for (int i = 0; i < deal; i++)
        TU_OK(t, 0, "{\"type\":\"deal\"}");
    return t;
}

/* The word of the listed ones that is `word`, or NULL. */
static json_t *listed(const json_t *words, const char *word)
{
    for (size_t i = 0; i < json_array_size(words); i++)
        if (strcmp(json_string_value(json_object_get(json_array_get(words, i), "word")), word) == 0)
            return json_array_get(words, i);
    return NULL;
}

/* C H A S E on the table: the best words take all five (ACHES, CHASE),
 * and CHASE is listed with the card ids a claim names in word order. */
static void test_shout_hint_names_the_best_word_on_the_table_after_a_deal(void **state)
{
    (void)state;
    ad_table *t = chase(5);
    ad_err e;
    json_t *h = hint_of(ad_table_state(t), 1, 1, &e);
    assert_non_null(h);
    json_t *words = json_object_get(h, "words"), *best = listed(words, "chase");
    assert_non_null(best);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(words, 0), "takes")), 5);
    assert_int_equal(json_integer_value(json_object_get(best, "takes")), 5);
    char *cards = json_dumps(json_object_get(best, "cards"), JSON_COMPACT);
    assert_string_equal(cards, "[0,1,2,3,4]");
    free(cards);
    assert_true(json_integer_value(json_object_get(h, "count")) > 1);
    assert_int_equal(json_integer_value(json_object_get(h, "need")), 3);
    assert_string_equal(json_string_value(json_object_get(h, "kind")), "table");
    assert_non_null(strstr(text_of(h), "CHASE (5 cards)"));
    /* the claim it names is valid */
    TU_OK(t, 1, "{\"type\":\"claim\",\"cards\":[0,1,2,3,4],\"word\":\"chase\"}");
    assert_int_equal(((const shout_state *)ad_table_state(t))->won[1], 5);
    json_decref(h);
    ad_table_free(t);
}

/* Nobody claims: the deck runs out, both pass, the round ends; before the
 * next deal the hint tells that CHASE was left on the table (no card of
 * the table is a secret: it was all face up). */
static void test_shout_hint_tells_the_words_nobody_took_after_a_round(void **state)
{
    (void)state;
    ad_table *t = chase(6);
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    const shout_state *s = ad_table_state(t);
    assert_int_equal(s->round, 1);
    assert_int_equal(s->table_n, 0);
    ad_err e;
    json_t *h = hint_of(s, 1, 1, &e);
    assert_non_null(h);
    json_t *left = listed(json_object_get(h, "left"), "chase");
    assert_non_null(left);
    assert_int_equal(json_integer_value(json_object_get(left, "takes")), 5);
    assert_true(json_integer_value(json_object_get(h, "left_count")) >= 1);
    if (!strstr(text_of(h), "Nobody took ") || !strstr(text_of(h), "CHASE (5 cards)"))
        fail_msg("not told: %s", text_of(h));
    assert_null(json_object_get(h, "words"));
    assert_string_equal(json_string_value(json_object_get(h, "kind")), "empty");
    json_decref(h);
    ad_table_free(t);
}

/* ------------------------------------------------------- metamorphic */

static char *hint_text(const shout_state *s, int seat, uint64_t seed)
{
    ad_err e;
    json_t *h = hint_of(s, seat, seed, &e);
    if (!h) {
        char *t = malloc(300);
        snprintf(t, 300, "error %d: %s", (int)e.code, e.text);
        return t;
    }
    char *t = json_dumps(h, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(h);
    return t;
}

/* The deck in another order, and another generator. */
static void reorder(shout_state *s, ad_rng *r)
{
    for (int i = s->pile_n - 1; i > 0; i--) {
        int j = (int)ad_rng_below(r, (uint32_t)(i + 1));
        uint8_t x = s->pile[i];
        s->pile[i] = s->pile[j];
        s->pile[j] = x;
    }
    ad_rng_seed(&s->rng, ad_rng_next(r));
}

/* One step of a game: a seat to act, as `strong` or `basic` would; when
 * it would wait, the dealer deals. */
static void step(ad_table *t, ad_rng *r)
{
    const ad_game *g = &ad_game_shout;
    const shout_state *s = ad_table_state(t);
    uint32_t to_act = g->to_act(s);
    int seat;
    do
        seat = (int)ad_rng_below(r, s->players);
    while (!(to_act & (1u << seat)));
    shout_state v;
    g->view(s, seat, &v);
    ad_action a;
    ad_bot_opts o = {0};
    assert_true(ad_bot_choose_opts(g, &v, seat, seat % 2 ? "basic" : "strong", &o, r, &a, NULL) >= 0);
    if (a.type == 0) {
        seat = s->dealer;
        memset(&a, 0, sizeof a);
        a.type = SH_A_DEAL;
    }
    assert_int_equal(ad_table_act(t, seat, &a, NULL, NULL), 0);
}

static void test_shout_hint_never_changes_when_only_the_deck_order_changes(void **state)
{
    (void)state;
    int positions = 0, left = 0, changed = 0;
    for (int game = 0; game < 6; game++) {
        char buf[128];
        snprintf(buf, sizeof buf, "{\"game\":\"shout\",\"players\":%d,\"seed\":%d}", 2 + game % 3,
                 300 + game);
        ad_table *t = tu_new(buf);
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)game);
        for (int n = 0; n < 2000 && !ad_game_shout.is_over(ad_table_state(t)); n++) {
            const shout_state *s = ad_table_state(t);
            for (int seat = 0; seat < s->players; seat++) {
                char *want = hint_text(s, seat, (uint64_t)n);
                for (int w = 0; w < 2; w++) {
                    shout_state b = *s;
                    reorder(&b, &r);
                    changed += memcmp(b.pile, s->pile, sizeof b.pile) != 0;
                    char *got = hint_text(&b, seat, (uint64_t)n);
                    if (strcmp(want, got) != 0)
                        fail_msg("game %d step %d seat %d:\n %s\n %s", game, n, seat, want, got);
                    free(got);
                }
                left += strstr(want, "\"left\"") != NULL;
                free(want);
                positions++;
            }
            step(t, &r);
        }
        ad_table_free(t);
    }
    print_message("%d positions, %d with words left, %d re-orders changed the deck\n", positions,
                  left, changed);
    assert_true(positions >= 500);
    assert_true(changed > positions); /* of 2 * positions re-orders */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shout_hint_names_the_best_word_on_the_table_after_a_deal),
        cmocka_unit_test(test_shout_hint_tells_the_words_nobody_took_after_a_round),
        cmocka_unit_test(test_shout_hint_never_changes_when_only_the_deck_order_changes),
    };
    return cmocka_run_group_tests_name("shout hint", tests, NULL, NULL);
}
