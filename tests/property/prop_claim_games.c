/*
 * prop_claim_games.c - properties of No Way and I Doubt It over 10,000
 * seeded random games each, across every player count and option:
 *   - every card is in exactly one place after every action;
 *   - a seat's view holds nothing the seat could not see (the acting seat's
 *     view at every move, every seat's at every 8th move and at the end);
 *   - replaying the record gives the identical state (every game in C, every
 *     25th through the JSON record and `load`);
 *   - every game ends (the longest is reported).
 * The random players are the `random` bot, in a random answering order.
 */
#include "proputil.h"

#include "games/claim/claim.h"

#define MOVE_CAP 2000000L

/* The test's own counting reads the state's rows a byte at a time, 20
 * million moves over: under AddressSanitizer, whose checks are there for
 * the games' code, not for these loops over one struct, a check of each
 * byte (and UBSan's of each index) was most of the sanitizer build's
 * time. */
#if defined(__SANITIZE_ADDRESS__)
#define COUNTING __attribute__((no_sanitize_address))
#else
#define COUNTING
#endif

/* The cards in a row of counts by face: eight faces at a time, each pair
 * of bytes added into four 16-bit lanes (at most 16 bytes of 255 a lane),
 * the lanes then added by one multiplication. */
COUNTING static int row_sum(const uint8_t *row)
{
    const uint64_t pairs = 0x00ff00ff00ff00ffull;
    uint64_t lanes = 0;
    for (int k = 0; k < CC_KINDS; k += 8) {
        uint64_t x;
        memcpy(&x, row + k, sizeof x);
        lanes += (x & pairs) + ((x >> 8) & pairs);
    }
    return (int)((lanes * 0x0001000100010001ull) >> 48);
}

/* (Row by row, not face by face, in unsigned sums: 20 million moves each
 * check it.) */
COUNTING static void check_conservation(const claim_state *s)
{
    unsigned sum[CC_KINDS] = {0}, laid[CC_KINDS] = {0};
    unsigned *sums = sum, *laids = laid; /* (pointers: UBSan checks each array index) */
    for (int p = 0; p < s->players; p++) {
        const uint8_t *row = s->hand[p];
        for (int k = 0; k < CC_KINDS; k++)
            sums[k] += row[k];
        int n = row_sum(s->hand[p]);
        if (n != s->count[p])
            fail_msg("seat %d holds %d cards but counts %d", p, n, s->count[p]);
    }
    for (int k = 0; k < CC_KINDS; k++)
        if (sum[k] + s->pile[k] != s->in_play[k])
            fail_msg("face %d: %u cards in hands and pile, %d in play", k, sum[k] + s->pile[k],
                     s->in_play[k]);
    int pile = row_sum(s->pile);
    if (pile != s->pile_n)
        fail_msg("the pile holds %d cards but counts %d", pile, s->pile_n);
    /* what the seats remember laying face down is in the pile */
    for (int p = 0; p < AD_MAX_SEATS; p++) {
        const uint8_t *row = s->laid[p];
        for (int k = 0; k < CC_KINDS; k++)
            laids[k] += row[k];
        int n = row_sum(s->laid[p]);
        if (n != s->laid_n[p])
            fail_msg("seat %d remembers laying %d cards but counts %d", p, n, s->laid_n[p]);
    }
    for (int k = 0; k < CC_KINDS; k++)
        if (laid[k] > s->pile[k])
            fail_msg("face %d: the seats remember laying %u, the pile holds %d", k, laid[k],
                     s->pile[k]);
    if (!pu_all_zero(s->hand[s->players], sizeof s->hand[0] * (size_t)(AD_MAX_SEATS - s->players)))
        fail_msg("a seat beyond the table holds cards");
}

/* The fields of a state only some seats see, by their place in it. */
typedef struct private_field {
    size_t at, n;
} private_field;
#define FIELD(f) {offsetof(claim_state, f), sizeof(((claim_state *)0)->f)}
static private_field private_fields[] = {FIELD(hand), FIELD(laid),   FIELD(laid_n),     FIELD(pile),
                                         FIELD(rng),  FIELD(viewer), FIELD(claim_cards)};
#undef FIELD
#define NPRIVATE (int)(sizeof private_fields / sizeof private_fields[0])

static int by_place(const void *x, const void *y)
{
    size_t a = ((const private_field *)x)->at, b = ((const private_field *)y)->at;
    return a < b ? -1 : a > b;
}

/* The view of `seat` against the full state: equal in everything public,
 * zero in everything the seat cannot see. */
static void check_view(const ad_game *g, const claim_state *s, int seat, int json_too)
{
    claim_state v;
    g->view(s, seat, &v);
    assert_int_equal(v.viewer, seat);
    for (int p = 0; p < AD_MAX_SEATS; p++) {
        if (p == seat) {
            SAME(v.hand[p], s->hand[p], CC_KINDS, "the seat's own hand and its view");
            SAME(v.laid[p], s->laid[p], CC_KINDS, "the seat's own face-down cards and its view");
        } else if (!pu_all_zero(v.hand[p], CC_KINDS)) {
            fail_msg("seat %d's view shows seat %d's hand", seat, p);
        } else if (!pu_all_zero(v.laid[p], CC_KINDS)) {
            fail_msg("seat %d's view shows the cards seat %d laid face down", seat, p);
        }
    }
    assert_true(pu_all_zero(v.pile, sizeof v.pile));
    assert_true(pu_all_zero(&v.rng, sizeof v.rng));
    if (seat != s->claim_seat && !s->last.settled)
        assert_true(pu_all_zero(v.claim_cards, sizeof v.claim_cards));
    /* everything else is public and equal: every byte of the two but
     * the private fields' (checked above) */
    const unsigned char *a = (const void *)s, *b = (const void *)&v;
    size_t at = 0;
    for (int i = 0; i < NPRIVATE; i++) {
        SAME(a + at, b + at, private_fields[i].at - at, "the public parts of state and view");
        at = private_fields[i].at + private_fields[i].n;
    }
    SAME(a + at, b + at, sizeof v - at, "the public parts of state and view");
    if (json_too) {
        json_t *j = g->view_json(&v);
        assert_null(json_object_get(j, "hands"));
        assert_null(json_object_get(j, "pile"));
        assert_int_equal(json_array_size(json_object_get(j, "hand")), s->count[seat]);
        int laid = 0;
        for (int k = 0; k < CC_KINDS; k++)
            laid += s->laid[seat][k];
        assert_int_equal(json_array_size(json_object_get(j, "laid")), laid);
        json_t *claim = json_object_get(j, "claim");
        if (claim && seat != s->claim_seat)
            assert_null(json_object_get(claim, "cards"));
        json_decref(j);
    }
}

/* Plays pu_games() random games of `game`; `options` picks options per game. */
static void run_games(const char *game, int minp, int maxp,
                      json_t *(*options)(int i, int players))
{
    const ad_game *g = ad_game_find(game);
    long longest = 0, total = 0;
    qsort(private_fields, NPRIVATE, sizeof private_fields[0], by_place);
    ad_rng r;
    ad_rng_seed(&r, 20261122);
    int ngames = pu_games();
    for (int i = 0; i < ngames; i++) {
        int players = minp + i % (maxp - minp + 1);
        json_t *req = json_pack("{s:s,s:i,s:I,s:o}", "game", game, "players", players, "seed",
                                (json_int_t)1000003 * i + 17, "options", options(i, players));
        ad_err e;
        ad_table *t = ad_table_new(req, &e);
        if (!t)
            fail_msg("game %d: %s", i, e.text);
        long moves = 0;
        int deep = i % 25 == 0; /* JSON views and a JSON replay for some games */
        check_conservation(ad_table_state(t));
        while (!g->is_over(ad_table_state(t))) {
            int seat = pu_random_move(t, &r, NULL);
            const claim_state *s = ad_table_state(t);
            check_view(g, s, seat, 0); /* the seat that acted */
            check_conservation(s);
            if (moves % 8 == 0)
                for (int p = 0; p < players; p++)
                    check_view(g, s, p, deep);
            if (++moves > MOVE_CAP)
                fail_msg("game %d did not end in %ld moves", i, MOVE_CAP);
        }
        for (int p = 0; p < players; p++)
            check_view(g, ad_table_state(t), p, 1);
        if (moves > longest)
            longest = moves;
        total += moves;
        pu_replay_steps(t, req);
        if (deep)
            pu_replay_json(t);
        ad_table_free(t);
        json_decref(req);
    }
    printf("# %s: %d games ended; %ld moves in all; longest %ld moves, mean %.0f\n", game, ngames,
           total, longest, (double)total / ngames);
}

static json_t *noway_options(int i, int players)
{
    (void)players;
    json_t *o = json_object();
    if (i % 7 == 3)
        json_object_set_new(o, "decks", json_integer(2));
    if (i % 11 == 5)
        json_object_set_new(o, "copies", json_integer(1 + i % 4));
    return o;
}

static json_t *doubt_options(int i, int players)
{
    json_t *o = json_object();
    if (players == 5 && i % 2)
        json_object_set_new(o, "decks", json_integer(2));
    if (i % 3 == 1)
        json_object_set_new(o, "allow_pass", json_integer(1));
    if (i % 10 == 7)
        json_object_set_new(o, "target", json_integer(20));
    return o;
}

static void test_noway_random_games_conserve_cards_hide_hands_replay_and_end(void **state)
{
    (void)state;
    run_games("noway", 2, 6, noway_options);
}

static void test_doubt_random_games_conserve_cards_hide_hands_replay_and_end(void **state)
{
    (void)state;
    run_games("doubt", 2, 10, doubt_options);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_noway_random_games_conserve_cards_hide_hands_replay_and_end),
        cmocka_unit_test(test_doubt_random_games_conserve_cards_hide_hands_replay_and_end),
    };
    return cmocka_run_group_tests_name("claim games properties", tests, NULL, NULL);
}
