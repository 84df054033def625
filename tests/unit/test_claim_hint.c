/*
 * test_claim_hint.c - the coach of No Way and I Doubt It (claim_hint.c,
 * hint.h): a claim the asking seat's cards prove false is called a lie for
 * certain, in words; odds otherwise; and the metamorphic promise (a hint
 * never changes when only cards the seat cannot see change), over
 * thousands of seeded positions, with a re-deal of the hidden cards that
 * keeps everything the seat saw.
 */
#include "../hint_harness.h"

#include "games/claim/claim.h"

/* ------------------------------------------------------------ helpers */

/* The hint for seat at table t (the engine's way: hint.h from the table),
 * at a cheap budget; fails the test on a refusal. */
static json_t *hint_of(const ad_table *t, int seat)
{
    ad_bot_opts o = {.sims = 300};
    ad_err e;
    json_t *h = ad_hint_table(t, seat, &o, &e);
    if (!h)
        fail_msg("no hint for seat %d: %s", seat, e.text);
    return h;
}

static double lie_of(const json_t *h)
{
    const json_t *v = json_object_get(h, "lie");
    if (!json_is_number(v))
        fail_msg("the hint has no lie: %s", json_dumps(h, JSON_COMPACT));
    return json_number_value(v);
}

static const char *text_of(const json_t *h)
{
    return json_string_value(json_object_get(h, "text"));
}

/* ------------------------------------------------------------ certain lies */

static void test_no_way_a_claim_your_cards_prove_false_is_a_lie_for_certain(void **state)
{
    (void)state;
    /* dealer 1: seat 0 gets B C D, seat 1 both A's and E; seat 0 says "one A" */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"B\",\"A\",\"C\",\"A\",\"D\",\"E\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"A\"}");
    json_t *h = hint_of(t, 1);
    assert_true(lie_of(h) == 1.0);
    assert_true(json_is_true(json_object_get(h, "certain")));
    assert_string_equal(text_of(h), "You hold both A's: one A cannot be true.");
    json_decref(h);
    ad_table_free(t);
}

static void test_no_way_a_letter_other_than_the_call_is_a_lie_anyone_can_catch(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":3,\"seed\":3}");
    const claim_state *s = ad_table_state(t);
    int turn = s->turn;
    json_t *view = ad_table_view_json(t, turn);
    char act[128];
    /* the first player lays its first card naming the letter after the call */
    snprintf(act, sizeof act, "{\"type\":\"play\",\"cards\":[\"%s\"],\"say\":\"%s\"}",
             json_string_value(json_array_get(json_object_get(view, "hand"), 0)),
             s->deck->class_name[(s->call + 1) % s->nclasses]);
    json_decref(view);
    TU_OK(t, turn, act);
    for (int seat = 0; seat < 3; seat++) {
        if (seat == turn)
            continue;
        json_t *h = hint_of(t, seat);
        assert_true(lie_of(h) == 1.0);
        assert_non_null(strstr(text_of(h), "a lie anyone can catch"));
        json_decref(h);
    }
    ad_table_free(t);
}

/* I Doubt It, dealer 1: seat 0 gets AS 2C 3C 4C, seat 1 AH AD AC 5C; seat 0
 * has just claimed "two aces" with AS 2C, a claim seat 1's cards disprove. */
static ad_table *two_aces_from_seat_0(void)
{
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":2,\"dealer\":1,\"deck\":[\"AS\","
                         "\"AH\",\"2C\",\"AD\",\"3C\",\"AC\",\"4C\",\"5C\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"AS\",\"2C\"],\"say\":\"A\"}");
    return t;
}

static void test_i_doubt_it_a_claim_your_cards_prove_false_is_a_lie_for_certain(void **state)
{
    (void)state;
    ad_table *t = two_aces_from_seat_0();
    json_t *h = hint_of(t, 1);
    assert_true(lie_of(h) == 1.0);
    assert_string_equal(text_of(h), "You hold three of the four aces: two aces cannot be true.");
    json_decref(h);
    ad_table_free(t);
}

/* A hint speaks of a seat by the name its person has at the table, as a
 * friend beside the learner would; a bot's seat (no name) by the
 * narrator's Ann, Bea, ... */
static void test_a_hint_says_the_name_of_the_seat_it_speaks_of(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":2,\"dealer\":1,\"deck\":[\"AS\","
                         "\"AH\",\"2C\",\"AD\",\"3C\",\"AC\",\"4C\",\"5C\"]}");
    const char *names[2] = {"Grandpa", NULL};
    ad_bot_opts o = {.sims = 300};
    ad_err e;
    json_t *h = ad_hint_table_named(t, 1, names, &o, &e);
    assert_non_null(h);
    assert_string_equal(text_of(h), "It is Grandpa's turn: watch for a claim your cards can prove "
                                    "false.");
    json_decref(h);
    h = hint_of(t, 1); /* no names: the narrator's */
    assert_string_equal(text_of(h), "It is Ann's turn: watch for a claim your cards can prove false.");
    json_decref(h);
    ad_table_free(t);
}

/* The hint and the strong player reason alike: a claim the hint calls a
 * certain lie is one the strong player challenges. */
static void test_the_strong_player_challenges_the_claim_a_hint_calls_certain(void **state)
{
    (void)state;
    ad_table *t = two_aces_from_seat_0();
    json_t *h = hint_of(t, 1);
    assert_true(lie_of(h) == 1.0);
    json_decref(h);
    const ad_game *g = ad_table_game(t);
    claim_state view;
    g->view(ad_table_state(t), 1, &view);
    ad_rng r;
    ad_rng_seed(&r, 1);
    ad_action a;
    ad_err e;
    assert_int_equal(ad_bot_choose(g, &view, 1, "strong", &r, &a, &e), 0);
    assert_int_equal(a.type, CC_A_CHALLENGE);
    ad_table_free(t);
}

static void test_a_claim_nothing_proves_gets_odds_not_certainty(void **state)
{
    (void)state;
    /* a full pack, three players: seat 1 opens with its two aces */
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":3,\"seed\":4,\"dealer\":0}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"AS\",\"AC\"],\"say\":\"A\"}");
    json_t *h = hint_of(t, 2);
    double lie = lie_of(h);
    assert_true(lie > 0 && lie < 1);
    assert_true(json_is_false(json_object_get(h, "certain")));
    assert_non_null(strstr(text_of(h), "% a lie"));
    json_decref(h);
    ad_table_free(t);
}

static void test_on_your_turn_the_truthful_cards_and_a_bluffs_odds_of_being_called(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":3,\"seed\":4,\"dealer\":0}");
    json_t *h = hint_of(t, 1);
    assert_string_equal(json_string_value(json_object_get(h, "call")), "A");
    char *tr = json_dumps(json_object_get(h, "truthful"), JSON_COMPACT);
    assert_string_equal(tr, "[\"AS\",\"AC\"]");
    free(tr);
    double called = json_number_value(json_object_get(json_object_get(h, "bluff"), "called"));
    assert_true(called >= 0 && called <= 1);
    json_decref(h);
    ad_table_free(t);
}

/* A last card in No Way goes face up: a bluff with it is caught for sure. */
static void test_no_way_a_bluff_with_your_last_card_is_always_called(void **state)
{
    (void)state;
    /* dealer 1: seat 0 gets B D, seat 1 A C; after two plays that stand
     * seat 0 holds D alone and the call is C */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"B\",\"A\",\"D\",\"C\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"A\"}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"A\"],\"say\":\"B\"}");
    TU_OK(t, 0, "{\"type\":\"pass\"}");
    json_t *h = hint_of(t, 0);
    assert_string_equal(json_string_value(json_object_get(h, "call")), "C");
    assert_int_equal(json_array_size(json_object_get(h, "truthful")), 0);
    const json_t *b = json_object_get(h, "bluff");
    assert_true(json_is_object(b));
    assert_true(json_number_value(json_object_get(b, "called")) == 1.0);
    json_decref(h);
    ad_table_free(t);
}

static void test_hints_are_refused_for_a_seat_that_is_not_there_and_after_the_game(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"A\",\"B\"]}");
    ad_err e;
    assert_null(ad_hint_table(t, 2, NULL, &e));
    assert_int_equal(e.code, AD_E_BAD_SEAT);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"],\"say\":\"A\"}"); /* out, face up */
    assert_null(ad_hint_table(t, 1, NULL, &e));
    assert_int_equal(e.code, AD_E_GAME_OVER);
    ad_table_free(t);
}

/* ------------------------------------------------------ the metamorphic test */

enum { S_HAND, S_CLAIM, S_LAID, S_PILE };

/* One card the seat cannot see: where it is, whose (a hand's, a claim's or
 * a row of laid cards), and its face. */
typedef struct slot {
    uint8_t where, p, i, face;
} slot;

static int in_window(const claim_state *s, int seat)
{
    return s->phase == CC_CHALLENGE && s->claim_seat != seat;
}

/* Cards of face f p holds, its pending claim's included. */
static int held(const claim_state *s, int p, int f, int seat)
{
    int n = s->hand[p][f];
    for (int i = 0; in_window(s, seat) && p == s->claim_seat && i < s->claim_n; i++)
        n += s->claim_cards[i] == f;
    return n;
}

/* Every card seat cannot place: other hands, a pending claim of another's,
 * other seats' rows of laid cards, and the rest of the face-down pile. */
static int hidden_cards(const claim_state *s, int seat, slot *out)
{
    int n = 0, window = in_window(s, seat), claimed[CC_KINDS] = {0};
    if (s->phase == CC_CHALLENGE)
        for (int i = 0; i < s->claim_n; i++)
            claimed[s->claim_cards[i]]++;
    for (int i = 0; window && i < s->claim_n; i++)
        out[n++] = (slot){S_CLAIM, (uint8_t)s->claim_seat, (uint8_t)i, s->claim_cards[i]};
    for (int f = 0; f < s->nkinds; f++) {
        int rest = s->pile[f] - s->laid[seat][f] - claimed[f];
        for (int p = 0; p < s->players; p++) {
            if (p == seat)
                continue;
            for (int c = 0; c < s->hand[p][f]; c++)
                out[n++] = (slot){S_HAND, (uint8_t)p, 0, (uint8_t)f};
            for (int c = 0; c < s->laid[p][f]; c++)
                out[n++] = (slot){S_LAID, (uint8_t)p, 0, (uint8_t)f};
            rest -= s->laid[p][f];
        }
        for (int c = 0; c < rest; c++)
            out[n++] = (slot){S_PILE, 0, 0, (uint8_t)f};
    }
    return n;
}

/* Whether the card at a may become face g: a hand (or a pending claim)
 * keeps every card everyone saw go into it. */
static int may_give(const claim_state *s, int seat, const slot *a, const slot *b)
{
    if (a->where != S_HAND && a->where != S_CLAIM)
        return 1;
    if ((b->where == S_HAND || b->where == S_CLAIM) && b->p == a->p)
        return 1; /* the same player's cards, only placed otherwise */
    return held(s, a->p, a->face, seat) - 1 >= s->known[a->p][a->face];
}

/* The card at a becomes face g. */
static void put(claim_state *s, const slot *a, int g)
{
    int f = a->face;
    if (a->where == S_HAND) {
        s->hand[a->p][f]--;
        s->hand[a->p][g]++;
        return;
    }
    s->pile[f]--;
    s->pile[g]++;
    if (a->where == S_CLAIM)
        s->claim_cards[a->i] = (uint8_t)g;
    if (a->where != S_LAID)
        return;
    s->laid[a->p][f]--;
    s->laid[a->p][g]++;
    /* a play that stood is still the last claim: its cards are in that row */
    int in_claim = 0;
    int stood = s->phase != CC_CHALLENGE && !s->last.settled && s->claim_seat == a->p;
    for (int i = 0; stood && i < s->claim_n; i++)
        in_claim += s->claim_cards[i] == f;
    for (int i = 0; in_claim > s->laid[a->p][f] && i < s->claim_n; i++)
        if (s->claim_cards[i] == f) {
            s->claim_cards[i] = (uint8_t)g;
            break;
        }
}

/* The re-deal kept every card somewhere, each row of laid cards in the
 * pile, each hand its seen cards (the test's own check of itself). */
static void check_consistent(const claim_state *s, int seat)
{
    for (int f = 0; f < s->nkinds; f++) {
        int n = s->pile[f], laid = 0;
        for (int p = 0; p < s->players; p++) {
            n += s->hand[p][f];
            laid += s->laid[p][f];
            if (p != seat && held(s, p, f, seat) < s->known[p][f] && s->phase != CC_CHALLENGE)
                fail_msg("seat %d lost a card everyone saw it take", p);
        }
        if (n != s->in_play[f] || laid > s->pile[f])
            fail_msg("the re-deal lost or made a card %d", f);
    }
}

/* The re-deal (hint_harness.h): random swaps of two hidden cards, and a
 * new shuffle generator for the deals to come. */
static void claim_redeal(void *st, int seat, ad_rng *r)
{
    claim_state *s = st;
    slot cards[AD_MAX_DECK + CC_MAXPLAY];
    for (int k = 0; k < 24; k++) {
        int n = hidden_cards(s, seat, cards);
        if (n < 2)
            break;
        slot a = cards[ad_rng_below(r, (uint32_t)n)], b = cards[ad_rng_below(r, (uint32_t)n)];
        if (a.face == b.face || !may_give(s, seat, &a, &b) || !may_give(s, seat, &b, &a))
            continue;
        put(s, &a, b.face);
        put(s, &b, a.face);
    }
    ad_rng_seed(&s->rng, ad_rng_next(r));
    check_consistent(s, seat);
}

static void test_a_hint_never_changes_when_only_cards_the_seat_cannot_see_change(void **state)
{
    (void)state;
    const ad_game *games[] = {&ad_game_noway, &ad_game_doubt};
    int compared = 0, changed = 0, positions = 0;
    for (int gi = 0; gi < 2; gi++)
        for (int players = 2; players <= 6; players++)
            for (uint64_t seed = 1; seed <= 200; seed++) {
                hh_plan p = {games[gi], players, seed * 1000 + (uint64_t)players,
                             (int)(seed * 7 % 90), 24, 2};
                compared += hh_check(&p, claim_redeal, &changed);
                positions++;
            }
    assert_true(positions >= 2000);
    /* the positions hold every kind of hint: odds in a window, a proof, a turn's bluff */
    int odds = 0, proofs = 0, bluffs = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        hh_plan p = {games[seed % 2], 2 + (int)(seed % 5), seed * 1000 + 2 + seed % 5,
                     (int)(seed * 7 % 90), 24, 0};
        ad_table *t = hh_play(&p);
        for (int seat = 0; seat < p.players; seat++) {
            char *h = hh_hint_text(p.g, ad_table_state(t), p.players, seat, 24, seed);
            odds += strstr(h, "\"certain\":false") != NULL;
            proofs += strstr(h, "\"certain\":true") != NULL;
            bluffs += strstr(h, "\"called\":") != NULL;
            free(h);
        }
        ad_table_free(t);
    }
    assert_true(odds >= 50 && proofs >= 5 && bluffs >= 20);
    assert_true(compared >= 5000);
    /* the re-deal changed the hidden cards nearly always */
    assert_true(changed * 10 >= compared * 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_way_a_claim_your_cards_prove_false_is_a_lie_for_certain),
        cmocka_unit_test(test_no_way_a_letter_other_than_the_call_is_a_lie_anyone_can_catch),
        cmocka_unit_test(test_i_doubt_it_a_claim_your_cards_prove_false_is_a_lie_for_certain),
        cmocka_unit_test(test_the_strong_player_challenges_the_claim_a_hint_calls_certain),
        cmocka_unit_test(test_a_hint_says_the_name_of_the_seat_it_speaks_of),
        cmocka_unit_test(test_a_claim_nothing_proves_gets_odds_not_certainty),
        cmocka_unit_test(test_on_your_turn_the_truthful_cards_and_a_bluffs_odds_of_being_called),
        cmocka_unit_test(test_no_way_a_bluff_with_your_last_card_is_always_called),
        cmocka_unit_test(test_hints_are_refused_for_a_seat_that_is_not_there_and_after_the_game),
        cmocka_unit_test(test_a_hint_never_changes_when_only_cards_the_seat_cannot_see_change),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
