/*
 * test_hint_liar.c - the promises of the Liar coach (liar_hint.c): the
 * words a hand spells are listed, longest first; a word announced to a seat
 * that its knowledge proves false is called certain (true 0) with the
 * reason, one it proves spelled is certain too (true 1), and any other gets
 * a chance between; in the discard the strong player's card is named; and
 * a hint never changes when only cards the seat
 * cannot see change (the metamorphic test, over hundreds of positions).
 */
#include "../testutil.h"

#include "games/liar/liar_unit.h"

/* The hint for seat from its view of state s, seeded with seed; NULL with
 * *e set when there is none. */
static json_t *hint_of(const liar_state *s, int seat, uint64_t seed, ad_err *e)
{
    const ad_unit *u = ad_unit_of(&ad_game_liar);
    assert_non_null(u);
    assert_non_null(u->hint);
    liar_state v;
    ad_game_liar.view(s, seat, &v);
    ad_rng r;
    ad_rng_seed(&r, seed);
    ad_bot_opts think = {.sims = 40};
    return u->hint(u, &v, seat, NULL, &think, &r, e);
}

static ad_table *two(const char *deck)
{
    char buf[512];
    snprintf(buf, sizeof buf, "{\"game\":\"liar\",\"players\":2,\"dealer\":1,\"deck\":%s}", deck);
    return tu_new(buf);
}

static const char *text_of(const json_t *h)
{
    return json_string_value(json_object_get(h, "text"));
}

/* A fresh hand of Q U I Z X: QUIZ, the longest word a fresh hand may have,
 * comes first, and every word listed is spelled by the hand. */
static void test_liar_hint_lists_the_words_the_hand_spells_longest_first(void **state)
{
    (void)state;
    ad_table *t = two("[\"Q\",\"U\",\"I\",\"Z\",\"X\",\"A\",\"T\",\"E\",\"S\",\"O\"]");
    ad_err e;
    json_t *h = hint_of(ad_table_state(t), 0, 1, &e);
    assert_non_null(h);
    json_t *words = json_object_get(h, "words");
    assert_string_equal(json_string_value(json_array_get(words, 0)), "quiz");
    assert_int_equal(json_integer_value(json_object_get(h, "longest")), 4);
    assert_true(json_integer_value(json_object_get(h, "count")) >= (long long)json_array_size(words));
    uint8_t hand[] = {16, 20, 8, 25, 23}; /* Q U I Z X */
    for (size_t i = 0; i < json_array_size(words); i++)
        assert_int_equal(ad_lex_spell(json_string_value(json_array_get(words, i)), hand, 5, 0,
                                      NULL, NULL),
                         1);
    assert_non_null(strstr(text_of(h), "QUIZ"));
    json_decref(h);
    ad_table_free(t);
}

/* Seat 0 passed on A A T T E X... as "at"; seat 1 discarded one card and
 * drew two, then announced a word of 11 letters (the hand has 6 cards) and,
 * in a second game, "quiz" (no Q, U, I or Z was in what seat 0 passed on,
 * and only two cards came in): both are lies for sure, and the hint says
 * why. */
static void test_liar_hint_calls_a_provably_false_word_certain_with_the_reason(void **state)
{
    (void)state;
    const char *deck = "[\"A\",\"A\",\"T\",\"T\",\"E\",\"X\",\"Z\",\"O\",\"N\",\"R\",\"S\",\"L\"]";
    const char *words[] = {"abstraction", "quiz"};
    const char *because[] = {"the hand has 6 cards and ABSTRACTION has 11 letters",
                             "lacked 4 of its letters"};
    for (int w = 0; w < 2; w++) {
        ad_table *t = two(deck);
        TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"at\"}");
        TU_OK(t, 1, "{\"type\":\"accept\"}");
        TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"E\"}");
        char buf[96];
        snprintf(buf, sizeof buf, "{\"type\":\"announce\",\"word\":\"%s\"}", words[w]);
        TU_OK(t, 1, buf);
        ad_err e;
        json_t *h = hint_of(ad_table_state(t), 0, 5, &e);
        assert_non_null(h);
        assert_true(json_real_value(json_object_get(h, "true")) == 0.0);
        assert_true(json_is_true(json_object_get(h, "certain")));
        assert_string_equal(json_string_value(json_object_get(h, "word")), words[w]);
        assert_non_null(strstr(text_of(h), "cannot be true"));
        if (!strstr(text_of(h), because[w]))
            fail_msg("the reason is missing: %s", text_of(h));
        json_decref(h);
        ad_table_free(t);
    }
}

/* The hand seat 0 passed on held two A's and two T's; one card went since:
 * "at" is surely spelled, and the hint says so (true 1). */
static void test_liar_hint_calls_a_provably_true_word_certain(void **state)
{
    (void)state;
    ad_table *t = two("[\"A\",\"A\",\"T\",\"T\",\"E\",\"X\",\"Z\",\"O\",\"N\",\"R\",\"S\",\"L\"]");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"a\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"A\"}");
    TU_OK(t, 1, "{\"type\":\"announce\",\"word\":\"at\"}");
    ad_err e;
    json_t *h = hint_of(ad_table_state(t), 0, 5, &e);
    assert_non_null(h);
    assert_true(json_real_value(json_object_get(h, "true")) == 1.0);
    assert_true(json_is_true(json_object_get(h, "certain")));
    assert_non_null(strstr(text_of(h), "true for sure"));
    json_decref(h);
    ad_table_free(t);
}

/* A word announced on a fresh hand the answerer never saw: a chance
 * strictly between 0 and 1, not certain; and the seat not to move is told
 * only what is going on ("wait"). */
static void test_liar_hint_gives_a_chance_for_an_unproved_word(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"liar\",\"players\":3,\"seed\":4,\"dealer\":2}");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"tea\"}");
    ad_err e;
    json_t *h = hint_of(ad_table_state(t), 1, 5, &e);
    assert_non_null(h);
    double p = json_real_value(json_object_get(h, "true"));
    assert_true(p > 0 && p < 1);
    assert_false(json_is_true(json_object_get(h, "certain")));
    assert_int_equal(json_integer_value(json_object_get(h, "from")), 0);
    json_decref(h);
    h = hint_of(ad_table_state(t), 2, 5, &e);
    assert_non_null(h);
    assert_string_equal(json_string_value(json_object_get(h, "kind")), "wait");
    assert_string_equal(text_of(h), "Ann says the hand spells TEA; Bea believes it or says liar.");
    assert_null(json_object_get(h, "true"));
    json_decref(h);
    ad_table_free(t);
}

/* Seat 1 accepted C H A S E for "has": in the discard, the hint names the
 * card the strong player lets go (the same as the bot's choice at the same
 * budget and seed), and a word the hand still spells without it. */
static void test_liar_hint_in_the_discard_names_the_strong_players_card(void **state)
{
    (void)state;
    ad_table *t = two("[\"C\",\"H\",\"A\",\"S\",\"E\",\"X\",\"Z\",\"O\",\"N\",\"R\"]");
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"has\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    const liar_state *s = ad_table_state(t);
    ad_err e;
    json_t *h = hint_of(s, 1, 9, &e);
    assert_non_null(h);
    const char *card = json_string_value(json_object_get(h, "discard"));
    assert_non_null(card);
    liar_state v;
    ad_game_liar.view(s, 1, &v);
    ad_rng r;
    ad_rng_seed(&r, 9);
    ad_bot_opts o = {.sims = 40};
    ad_action a;
    assert_int_equal(ad_bot_choose_opts(&ad_game_liar, &v, 1, "strong", &o, &r, &a, &e), 0);
    assert_int_equal(a.type, LI_A_DISCARD);
    assert_string_equal(card, s->deck->kind[a.cards[0]]);
    const char *keeps = json_string_value(json_object_get(h, "keeps"));
    uint8_t hand[4];
    int n = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        for (int c = s->hand[k] - (k == a.cards[0]); c > 0; c--)
            hand[n++] = (uint8_t)k;
    assert_int_equal(n, 4);
    if (keeps) {
        assert_true(strlen(keeps) > 3);
        assert_int_equal(ad_lex_spell(keeps, hand, n, 0, NULL, NULL), 1);
    }
    char want[64];
    snprintf(want, sizeof want, "Suggested: discard %s", card);
    assert_non_null(strstr(text_of(h), want));
    json_decref(h);
    ad_table_free(t);
}

/* ------------------------------------------------------- metamorphic */

static void shuffle(uint8_t *a, int n, ad_rng *r)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ad_rng_below(r, (uint32_t)(i + 1));
        uint8_t x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

/* Re-deals every card seat cannot place, consistently with what it has
 * seen: the hand (but the cards of it the seat may remember), the faces in
 * the discards (but those turned up and its own), and the draw pile; the
 * counts stay, and so does everything public. */
static void redeal(liar_state *s, int seat, ad_rng *r)
{
    uint8_t pool[LI_CARDS], keep[LI_LETTERS] = {0}, known[LI_LETTERS];
    int n = 0, hidden_hand = 0, hidden_discard = 0;
    int own = seat == s->holder, mem = !own && s->held_at[seat] >= 0;
    for (int k = 0; k < LI_LETTERS; k++) {
        if (!own) {
            keep[k] = mem && s->held[seat][k] < s->hand[k] ? s->held[seat][k] : mem ? s->hand[k] : 0;
            for (int c = keep[k]; c < s->hand[k]; c++, hidden_hand++)
                pool[n++] = (uint8_t)k;
        }
        known[k] = (uint8_t)(s->turned_up[k] + s->gone[seat][k]);
        for (int c = known[k]; c < s->discard[k]; c++, hidden_discard++)
            pool[n++] = (uint8_t)k;
    }
    for (int i = 0; i < s->pile_n; i++)
        pool[n++] = s->pile[i];
    shuffle(pool, n, r);
    int next = 0;
    if (!own) {
        memcpy(s->hand, keep, sizeof keep);
        for (int i = 0; i < hidden_hand; i++)
            s->hand[pool[next++]]++;
    }
    memcpy(s->discard, known, sizeof known);
    for (int i = 0; i < hidden_discard; i++)
        s->discard[pool[next++]]++;
    for (int i = 0; i < s->pile_n; i++)
        s->pile[i] = pool[next++];
    ad_rng_seed(&s->rng, ad_rng_next(r));
}

/* The hint as text (sorted keys), or its error's code and words. */
static char *hint_text(const liar_state *s, int seat, uint64_t seed)
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

/* Thousands of positions from seeded games (strong and basic players):
 * for each seat, the hint from the state and from the state with its
 * unseen cards re-dealt (three ways) is the same; and odds that are no
 * proof never read 0 or 1. */
static void test_liar_hint_never_changes_when_only_unseen_cards_change(void **state)
{
    (void)state;
    const ad_game *g = &ad_game_liar;
    int positions = 0, answers = 0, remembered = 0, changed = 0;
    for (int game = 0; game < 24; game++) {
        char buf[128];
        snprintf(buf, sizeof buf, "{\"game\":\"liar\",\"players\":%d,\"seed\":%d,"
                                  "\"options\":{\"target\":15}}",
                 2 + game % 4, 100 + game);
        ad_table *t = tu_new(buf);
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)game);
        for (int step = 0; step < 400 && !g->is_over(ad_table_state(t)); step++) {
            const liar_state *s = ad_table_state(t);
            for (int seat = 0; seat < s->players; seat++) {
                char *want = hint_text(s, seat, 7 + (uint64_t)step);
                for (int w = 0; w < 3; w++) {
                    liar_state b = *s;
                    redeal(&b, seat, &r);
                    changed += memcmp(b.hand, s->hand, sizeof b.hand) != 0 ||
                               memcmp(b.pile, s->pile, sizeof b.pile) != 0;
                    char *got = hint_text(&b, seat, 7 + (uint64_t)step);
                    if (strcmp(want, got) != 0)
                        fail_msg("game %d step %d seat %d:\n %s\n %s", game, step, seat, want,
                                 got);
                    free(got);
                }
                positions++;
                json_t *h = json_loads(want, 0, NULL);
                if (h && json_is_false(json_object_get(h, "certain"))) { /* odds, not a proof */
                    double p = json_real_value(json_object_get(h, "true"));
                    assert_true(p > 0 && p < 1);
                }
                json_decref(h);
                answers += s->phase == LI_RESPOND && seat == (s->holder + 1) % s->players;
                remembered += s->phase == LI_RESPOND && seat == (s->holder + 1) % s->players &&
                              s->held_at[seat] >= 0;
                free(want);
            }
            int seat = __builtin_ctz(g->to_act(s));
            liar_state v;
            g->view(s, seat, &v);
            ad_action a;
            ad_bot_opts o = {.sims = 30};
            assert_int_equal(ad_bot_choose_opts(g, &v, seat, seat % 2 ? "basic" : "strong", &o,
                                                &r, &a, NULL),
                             0);
            assert_int_equal(ad_table_act(t, seat, &a, NULL, NULL), 0);
        }
        ad_table_free(t);
    }
    print_message("%d positions, %d answers, %d remembered, %d re-deals changed cards\n",
                  positions, answers, remembered, changed);
    assert_true(changed > positions); /* of 3 * positions re-deals */
    assert_true(positions >= 500);
    assert_true(answers >= 50);
    assert_true(remembered >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_liar_hint_lists_the_words_the_hand_spells_longest_first),
        cmocka_unit_test(test_liar_hint_calls_a_provably_false_word_certain_with_the_reason),
        cmocka_unit_test(test_liar_hint_calls_a_provably_true_word_certain),
        cmocka_unit_test(test_liar_hint_gives_a_chance_for_an_unproved_word),
        cmocka_unit_test(test_liar_hint_in_the_discard_names_the_strong_players_card),
        cmocka_unit_test(test_liar_hint_never_changes_when_only_unseen_cards_change),
    };
    return cmocka_run_group_tests_name("liar hint", tests, NULL, NULL);
}
