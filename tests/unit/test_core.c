/*
 * test_core.c - the promises of core: the documented PRNG, deck data,
 * stable error tokens, set-up validation, determinism, records, and that a
 * bot's choice depends only on its seat's view.
 */
#include "../testutil.h"

#include "games/claim/claim.h"

static void test_rng_is_xoshiro256starstar_seeded_by_splitmix64(void **state)
{
    (void)state;
    /* pinned against an independent implementation of the published
     * algorithms: the same on every machine */
    ad_rng r;
    ad_rng_seed(&r, 0);
    assert_true(ad_rng_next(&r) == 0x99ec5f36cb75f2b4ULL);
    assert_true(ad_rng_next(&r) == 0xbf6e1f784956452aULL);
    assert_true(ad_rng_next(&r) == 0x1a5f849d4933e6e0ULL);
    ad_rng_seed(&r, 12345);
    assert_true(ad_rng_next(&r) == 0xbe6a36374160d49bULL);
}

static void test_rng_below_stays_in_range_and_covers_it(void **state)
{
    (void)state;
    ad_rng r;
    ad_rng_seed(&r, 7);
    int seen[7] = {0};
    for (int i = 0; i < 70000; i++) {
        uint32_t x = ad_rng_below(&r, 7);
        assert_true(x < 7);
        seen[x]++;
    }
    for (int i = 0; i < 7; i++)
        assert_true(seen[i] > 9000 && seen[i] < 11000);
    assert_int_equal(ad_rng_below(&r, 1), 0);
}

static void test_shuffle_is_a_permutation(void **state)
{
    (void)state;
    uint8_t a[100];
    for (int i = 0; i < 100; i++)
        a[i] = (uint8_t)i;
    ad_rng r;
    ad_rng_seed(&r, 3);
    ad_rng_shuffle(&r, a, 100);
    int seen[100] = {0}, moved = 0;
    for (int i = 0; i < 100; i++) {
        seen[a[i]]++;
        moved += a[i] != i;
    }
    for (int i = 0; i < 100; i++)
        assert_int_equal(seen[i], 1);
    assert_true(moved > 50);
}

static void test_noway_deck_data_is_two_of_each_letter_and_two_ants(void **state)
{
    (void)state;
    const ad_deck *d = ad_deck_get("noway");
    assert_non_null(d);
    assert_int_equal(d->nclasses, 26);
    int letters = 0, ants = 0;
    for (int k = 0; k < d->nkinds; k++) {
        if (d->class_of[k] < 0) {
            assert_string_equal(d->kind[k], "ant");
            ants += d->copies[k];
        } else {
            assert_int_equal(d->copies[k], 2);
            letters += d->copies[k];
        }
    }
    assert_int_equal(letters, 52);
    assert_int_equal(ants, 2);
    assert_non_null(ad_data_get("decks/noway.txt"));
}

static void test_doubt_deck_data_is_a_standard_pack_ranks_in_calling_order(void **state)
{
    (void)state;
    const ad_deck *d = ad_deck_get("doubt");
    assert_non_null(d);
    assert_int_equal(d->nkinds, 52);
    assert_int_equal(d->nclasses, 13);
    const char *order[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
    for (int c = 0; c < 13; c++)
        assert_string_equal(d->class_name[c], order[c]);
    assert_int_equal(d->class_of[ad_deck_kind(d, "10H")], 9);
    assert_int_equal(d->class_of[ad_deck_kind(d, "QD")], 11);
    assert_null(ad_deck_get("nosuchdeck"));
}

static void test_every_game_deck_data_parses_whole(void **state)
{
    (void)state;
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_deck *d = ad_deck_get(ad_game_at(i)->deck);
        if (!d)
            fail_msg("the deck data of %s does not parse", ad_game_at(i)->id);
    }
    /* the largest deck, shout: 61 singles, 17 doubles, 2 wilds in 44 faces */
    const ad_deck *d = ad_deck_get("shout");
    assert_non_null(d);
    int cards = 0;
    for (int k = 0; k < d->nkinds; k++) {
        assert_true(d->class_of[k] >= 0);
        cards += d->copies[k];
    }
    assert_int_equal(d->nkinds, 44);
    assert_int_equal(cards, 80);
}

static void test_error_tokens_are_stable(void **state)
{
    (void)state;
    assert_string_equal(ad_code_token(AD_E_BAD_JSON), "bad_json");
    assert_string_equal(ad_code_token(AD_E_UNKNOWN_CMD), "unknown_cmd");
    assert_string_equal(ad_code_token(AD_E_MISSING_FIELD), "missing_field");
    assert_string_equal(ad_code_token(AD_E_ILLEGAL), "illegal_action");
    assert_string_equal(ad_code_token(AD_E_NOT_YOUR_TURN), "not_your_turn");
    assert_string_equal(ad_code_token(AD_E_NO_SUCH_CARD), "no_such_card");
    for (int c = 0; c < AD_CODE_COUNT; c++)
        assert_non_null(ad_code_token((ad_code)c));
    assert_string_equal(ad_code_token((ad_code)999), "internal");
}

static ad_code new_code(const char *json)
{
    json_t *req = json_loads(json, 0, NULL);
    assert_non_null(req);
    ad_err e = {0};
    ad_table *t = ad_table_new(req, &e);
    json_decref(req);
    if (t) {
        ad_table_free(t);
        return AD_OK;
    }
    assert_true(strlen(e.text) > 0);
    return e.code;
}

static void test_new_rejects_bad_setups_with_a_code(void **state)
{
    (void)state;
    assert_int_equal(new_code("{\"players\":2}"), AD_E_MISSING_FIELD);
    assert_int_equal(new_code("{\"game\":\"chess\",\"players\":2}"), AD_E_UNKNOWN_GAME);
    assert_int_equal(new_code("{\"game\":7,\"players\":2}"), AD_E_BAD_FIELD);
    assert_int_equal(new_code("{\"game\":\"noway\"}"), AD_E_MISSING_FIELD);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":\"2\"}"), AD_E_BAD_PLAYERS);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"seed\":-1}"), AD_E_BAD_FIELD);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"seed\":1.5}"), AD_E_BAD_FIELD);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"seed\":\"18446744073709551615\"}"),
                     AD_OK);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"seed\":\"18446744073709551616\"}"),
                     AD_E_BAD_FIELD);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"options\":{\"decks\":3}}"),
                     AD_E_BAD_OPTION);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"options\":{\"speed\":1}}"),
                     AD_E_BAD_OPTION);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"options\":[]}"), AD_E_BAD_OPTION);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"deck\":[\"A\",\"7H\"]}"),
                     AD_E_BAD_CARD);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"deck\":[\"A\",\"A\",\"A\"]}"),
                     AD_E_BAD_CARD);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"deck\":[\"A\"]}"),
                     AD_E_BAD_CARD);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"deck\":\"A\"}"), AD_E_BAD_FIELD);
    assert_int_equal(new_code("{\"game\":\"noway\",\"players\":2,\"dealer\":2}"), AD_E_BAD_SEAT);
    assert_int_equal(new_code("{\"game\":\"doubt\",\"players\":3,\"deck\":[\"AS\",\"AS\",\"2S\"]}"),
                     AD_E_BAD_CARD);
    assert_int_equal(new_code("{\"game\":\"doubt\",\"players\":6,\"deck\":[\"AS\",\"AS\",\"2S\","
                              "\"3S\",\"4S\",\"5S\"]}"),
                     AD_OK);
}

static void test_same_seed_same_deal_other_seed_other_deal(void **state)
{
    (void)state;
    ad_table *a = tu_new("{\"game\":\"doubt\",\"players\":4,\"seed\":99}");
    ad_table *b = tu_new("{\"game\":\"doubt\",\"players\":4,\"seed\":99}");
    ad_table *c = tu_new("{\"game\":\"doubt\",\"players\":4,\"seed\":100}");
    size_t n = ad_table_game(a)->state_size;
    assert_memory_equal(ad_table_state(a), ad_table_state(b), n);
    char *ha = tu_god_str(a, "hands"), *hc = tu_god_str(c, "hands");
    assert_string_not_equal(ha, hc);
    free(ha);
    free(hc);
    ad_table_free(a);
    ad_table_free(b);
    ad_table_free(c);
}

static void test_new_without_seed_records_the_seed_it_chose(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":3}");
    json_t *rec = ad_table_record_json(t);
    json_t *seed = json_object_get(json_object_get(rec, "new"), "seed");
    assert_true(json_is_integer(seed));
    assert_true((uint64_t)json_integer_value(seed) == ad_table_seed(t));
    ad_err e;
    ad_table *u = ad_table_load(rec, &e);
    assert_non_null(u);
    assert_memory_equal(ad_table_state(t), ad_table_state(u), ad_table_game(t)->state_size);
    ad_table_free(u);
    json_decref(rec);
    ad_table_free(t);
}

static void test_load_rejects_a_record_whose_action_is_illegal(void **state)
{
    (void)state;
    json_t *rec = json_loads("{\"new\":{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                             "\"deck\":[\"A\",\"B\",\"C\",\"D\"]},\"actions\":[{\"seat\":0,"
                             "\"action\":{\"type\":\"play\",\"cards\":[\"A\"]}},{\"seat\":0,"
                             "\"action\":{\"type\":\"pass\"}}]}",
                             0, NULL);
    ad_err e;
    assert_null(ad_table_load(rec, &e));
    assert_int_equal(e.code, AD_E_BAD_RECORD);
    assert_non_null(strstr(e.text, "action 1"));
    json_decref(rec);
    rec = json_loads("{\"actions\":[]}", 0, NULL);
    assert_null(ad_table_load(rec, &e));
    assert_int_equal(e.code, AD_E_BAD_RECORD);
    json_decref(rec);
}

/* A spectator (AD_PUBLIC) sees what everyone at the table sees: no hand,
 * (face-up piles such as Sequence's discards are public),
 * no deck, no face-down card, in any position of any game. */
static void test_a_spectators_view_holds_no_card_hidden_from_any_seat(void **state)
{
    (void)state;
    static const char *const hidden[] = {"hand", "hands", "deck", "pile", "laid",
                                         "held", "gone"};
    for (int gi = 0; gi < ad_game_count(); gi++) {
        const ad_game *g = ad_game_at(gi);
        int n = g->max_players < 4 ? g->max_players : 4;
        for (uint64_t seed = 1; seed <= 5; seed++) {
            char req[128];
            snprintf(req, sizeof req, "{\"game\":\"%s\",\"players\":%d,\"seed\":%llu}",
                     g->id, n, (unsigned long long)seed);
            ad_table *t = tu_new(req);
            void *view = malloc(g->state_size);
            ad_rng r;
            ad_rng_seed(&r, seed);
            for (int step = 0; step < 300; step++) {
                json_t *pub = ad_table_view_json(t, AD_PUBLIC);
                assert_true(json_is_null(json_object_get(pub, "seat")));
                for (size_t k = 0; k < sizeof hidden / sizeof hidden[0]; k++)
                    if (json_object_get(pub, hidden[k]))
                        fail_msg("%s, seed %llu, step %d: the public view has \"%s\"", g->id,
                                 (unsigned long long)seed, step, hidden[k]);
                json_t *claim = json_object_get(pub, "claim");
                assert_null(json_object_get(claim, "cards"));
                json_decref(pub);
                if (!tu_random_step(t, view, &r, NULL))
                    break;
            }
            free(view);
            ad_table_free(t);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rng_is_xoshiro256starstar_seeded_by_splitmix64),
        cmocka_unit_test(test_rng_below_stays_in_range_and_covers_it),
        cmocka_unit_test(test_shuffle_is_a_permutation),
        cmocka_unit_test(test_noway_deck_data_is_two_of_each_letter_and_two_ants),
        cmocka_unit_test(test_doubt_deck_data_is_a_standard_pack_ranks_in_calling_order),
        cmocka_unit_test(test_every_game_deck_data_parses_whole),
        cmocka_unit_test(test_error_tokens_are_stable),
        cmocka_unit_test(test_new_rejects_bad_setups_with_a_code),
        cmocka_unit_test(test_same_seed_same_deal_other_seed_other_deal),
        cmocka_unit_test(test_new_without_seed_records_the_seed_it_chose),
        cmocka_unit_test(test_load_rejects_a_record_whose_action_is_illegal),
        cmocka_unit_test(test_a_spectators_view_holds_no_card_hidden_from_any_seat),
    };
    return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
