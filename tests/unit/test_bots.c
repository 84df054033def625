/*
 * test_bots.c - the promises of the computer players: the `basic` bots
 * challenge what they can prove false (also from the cards they laid face
 * down themselves; one time in two), let other claims stand unless the
 * claimer is going out, play honestly when they can, shed
 * the cards never called for them while covered, pass or
 * bluff when they cannot, and play each game soundly; the `strong` claim bot
 * takes the forced answers without searching and is deterministic for a
 * seed; every level decides from its seat's view alone; a level a game
 * lacks is a clear error.
 */
#include "../testutil.h"

#include "games/claim/claim_unit.h"
#include "games/claim/claimkit.h"
#include "games/claim/claim.h"
#include "games/liar/liar.h"
#include "games/sequence/sequence.h"
#include "games/shout/shout.h"

static ad_action basic(ad_table *t, int seat)
{
    const ad_game *g = ad_table_game(t);
    claim_state v;
    g->view(ad_table_state(t), seat, &v);
    ad_rng r;
    ad_rng_seed(&r, 5);
    ad_action a;
    ad_err e;
    if (ad_bot_choose(g, &v, seat, "basic", &r, &a, &e) < 0)
        fail_msg("basic refused: %s", e.text);
    return a;
}

static int challenges_of_400_by(ad_table *t, int seat);

static void test_basic_challenges_a_claim_naming_a_letter_other_than_the_call(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"B\",\"A\",\"C\",\"D\",\"E\",\"F\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"B\"}"); /* the call is A */
    assert_int_equal(basic(t, 1).type, CC_A_CHALLENGE);
    ad_table_free(t);
}

static void test_basic_challenges_more_cards_than_can_exist_outside_its_hand(void **state)
{
    (void)state;
    /* seat 1 holds both A's: "two A's" from seat 0 cannot be true */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"B\",\"A\",\"C\",\"A\",\"E\",\"F\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    assert_in_range(challenges_of_400_by(t, 1), 160, 240); /* one time in two */
    ad_table_free(t);
}

/* A player remembers what it laid face down.  Seat 0 lays both B's as "two
 * A's" and the play stands; at call B, seat 1's "one B" cannot be true, as
 * seat 0 knows though nobody saw the B's: basic challenges it, and strong
 * does without searching. */
static void test_claim_bots_challenge_what_their_own_face_down_cards_disprove(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"B\",\"C\",\"B\",\"D\",\"E\",\"F\",\"G\",\"H\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"B\"],\"say\":\"A\"}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"C\"],\"say\":\"B\"}");
    assert_in_range(challenges_of_400_by(t, 0), 160, 240); /* one time in two */
    const ad_game *g = ad_table_game(t);
    claim_state v;
    g->view(ad_table_state(t), 0, &v);
    ad_rng r;
    ad_rng_seed(&r, 1);
    ad_action a;
    ad_err e;
    ad_bot_opts o = {0};
    assert_int_equal(ad_bot_choose_opts(g, &v, 0, "strong", &o, &r, &a, &e), 0);
    assert_int_equal(a.type, CC_A_CHALLENGE);
    assert_int_equal(o.sims_done, 0);
    /* and strong's search deals those B's to the pile, never to a hand */
    int b = 0;
    while (strcmp(v.deck->kind[b], "B") != 0)
        b++;
    for (int i = 0; i < 200; i++) {
        claim_state d;
        ad_strong_claim_deal(&v, 0, &r, &d);
        assert_int_equal(d.hand[1][b], 0);
        assert_int_equal(d.pile[b], 2);
    }
    ad_table_free(t);
}

static void test_basic_lets_a_likely_claim_stand(void **state)
{
    (void)state;
    /* seat 0: A B C D E F; seat 1: G H I J K L.  Seat 0 says "one A": the
     * only A is not in seat 1's hand, so it may well be true */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,\"deck\":[\"A\","
                         "\"G\",\"B\",\"H\",\"C\",\"I\",\"D\",\"J\",\"E\",\"K\",\"F\",\"L\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}");
    assert_int_equal(basic(t, 1).type, CC_A_PASS);
    ad_table_free(t);
}

static void test_basic_plays_honestly_every_card_of_the_call_it_holds(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"AS\",\"KS\",\"AH\",\"KH\",\"7D\",\"2S\"]}");
    ad_action a = basic(t, 0);
    assert_int_equal(a.type, CC_A_PLAY);
    assert_int_equal(a.n, 2);
    const claim_state *s = ad_table_state(t);
    for (int i = 0; i < a.n; i++)
        assert_int_equal(s->class_of[a.cards[i]], 0); /* aces */
    ad_table_free(t);
}

static void test_basic_passes_when_allowed_and_holding_none_of_the_call(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":2,\"dealer\":1,\"options\":"
                         "{\"allow_pass\":1},\"deck\":[\"KS\",\"AS\",\"QH\",\"AH\"]}");
    assert_int_equal(basic(t, 0).type, CC_A_PASS);
    ad_table_free(t);
}

static void test_basic_bluffs_one_card_it_needs_last_when_it_must(void **state)
{
    (void)state;
    /* seat 0 holds B and Z, call A: Z comes back last, so Z is given away */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"B\",\"A\",\"Z\",\"C\"]}");
    ad_action a = basic(t, 0);
    const claim_state *s = ad_table_state(t);
    assert_int_equal(a.type, CC_A_PLAY);
    assert_int_equal(a.n, 1);
    assert_string_equal(s->deck->kind[a.cards[0]], "Z");
    assert_int_equal(a.arg[0], s->call); /* and names the call */
    ad_table_free(t);
}

/* Two players of No Way: seat 0 is called for A, C, E ... only, so its B
 * can only leave its hand by a bluff.  Holding an A as cover (nobody can
 * prove "one A" false), it sheds the B now and keeps the A. */
static void test_basic_sheds_a_card_never_called_for_it_while_it_holds_the_call(void **state)
{
    (void)state;
    /* seat 0: A B C; seat 1: D E F */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"A\",\"D\",\"B\",\"E\",\"C\",\"F\"]}");
    ad_action a = basic(t, 0);
    const claim_state *s = ad_table_state(t);
    assert_int_equal(a.type, CC_A_PLAY);
    assert_int_equal(a.n, 1);
    assert_string_equal(s->deck->kind[a.cards[0]], "B");
    assert_int_equal(a.arg[0], s->call); /* "one A" */
    ad_table_free(t);
}

/* Holding both A's, nobody can prove even "two A's" false: it sheds two
 * cards it is never called for. */
static void test_basic_sheds_two_such_cards_when_it_holds_every_copy_of_the_call(void **state)
{
    (void)state;
    /* seat 0: A A B D; seat 1: C E F G */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,\"deck\":[\"A\",\"C\","
                         "\"A\",\"E\",\"B\",\"F\",\"D\",\"G\"]}");
    ad_action a = basic(t, 0);
    const claim_state *s = ad_table_state(t);
    assert_int_equal(a.type, CC_A_PLAY);
    assert_int_equal(a.n, 2);
    for (int i = 0; i < 2; i++)
        assert_int_equal(s->class_of[a.cards[i]] % 2, 1); /* B or D, never an A */
    assert_int_equal(a.arg[0], s->call);
    ad_table_free(t);
}

/* How many of n generators make the bot of `level` (seat `seat`)
 * challenge the pending play of table t; each answer must come without a
 * simulation (these answers are rules, for strong too). */
static int challenges_of(ad_table *t, int seat, const char *level, int n)
{
    const ad_game *g = ad_table_game(t);
    claim_state v;
    g->view(ad_table_state(t), seat, &v);
    int k = 0;
    for (int i = 0; i < n; i++) {
        ad_rng r;
        ad_rng_seed(&r, (uint64_t)i);
        ad_action a;
        ad_bot_opts o = {.sims = 50};
        assert_int_equal(ad_bot_choose_opts(g, &v, seat, level, &o, &r, &a, NULL), 0);
        assert_int_equal(o.sims_done, 0);
        k += a.type == CC_A_CHALLENGE;
    }
    return k;
}

static int challenges_of_400_by(ad_table *t, int seat)
{
    return challenges_of(t, seat, "basic", 400);
}

static int challenges_of_400(ad_table *t)
{
    return challenges_of_400_by(t, 1);
}

/* A casual player does not check every claim: basic lets about one lie in
 * two that it could prove pass, at every table size (players who catch
 * them all lock: No Way with 3 players ran to the turn limit in 98% of
 * games), but never a claim naming a letter other than the call. */
static void test_basic_lets_one_provable_lie_in_two_pass(void **state)
{
    (void)state;
    /* seat 1 holds both A's: seat 0's "one A" cannot be true */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"B\",\"A\",\"C\",\"A\",\"E\",\"F\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"A\"}");
    assert_in_range(challenges_of_400(t), 160, 240);
    ad_table_free(t);
    /* three players: seat 1 holds both A's */
    t = tu_new("{\"game\":\"noway\",\"players\":3,\"dealer\":2,"
               "\"deck\":[\"B\",\"A\",\"C\",\"D\",\"A\",\"E\",\"F\",\"G\",\"H\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"A\"}");
    assert_in_range(challenges_of_400(t), 160, 240);
    ad_table_free(t);
    t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
               "\"deck\":[\"B\",\"A\",\"C\",\"D\",\"E\",\"F\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"B\"}"); /* the call is A */
    assert_int_equal(challenges_of_400(t), 400);
    ad_table_free(t);
}

/* A claim basic cannot disprove stands unless the claimer is about to go
 * out: calling every unlikely claim mostly catches honest plays, and the
 * wrong challenger takes the pile (with 3 players of No Way nearly every
 * such call was wrong, and the deals ran to the turn limit). */
static void test_basic_lets_an_unlikely_claim_stand_unless_the_claimer_is_going_out(void **state)
{
    (void)state;
    /* three players, six cards each; seat 2 holds both A's.  To seat 1,
     * seat 0's "two A's" needs both A's among the 12 cards it cannot see,
     * in seat 0's 6 (a chance of about 23%), yet it cannot prove it false */
    const char *deck = "{\"game\":\"noway\",\"players\":3,\"dealer\":2,\"deck\":["
                       "\"B\",\"H\",\"A\",\"C\",\"I\",\"A\",\"D\",\"J\",\"N\",\"E\",\"K\",\"O\","
                       "\"F\",\"L\",\"P\",\"G\",\"M\",\"Q\"]}";
    ad_table *t = tu_new(deck);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    assert_int_equal(challenges_of_400(t), 0);
    ad_table_free(t);
}

/* No Way turns the last play up anyway: basic hunches only against a play
 * that leaves its player one card, and one time in two.  Seat 2 holds
 * both A's; to seat 1, seat 0's "two A's" is unlikely (about one chance
 * in five) but not provably false. */
static void test_basic_in_no_way_hunches_one_time_in_two_against_a_players_last_card(void **state)
{
    (void)state;
    /* seat 0: B C D; seat 1: H I J; seat 2: A A E.  "Two A's" leaves one card */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":3,\"dealer\":2,\"deck\":["
                         "\"B\",\"H\",\"A\",\"C\",\"I\",\"A\",\"D\",\"J\",\"E\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    assert_in_range(challenges_of_400(t), 160, 240);
    ad_table_free(t);
    /* seat 0: B C D F; the same claim leaves two cards: it stands */
    t = tu_new("{\"game\":\"noway\",\"players\":3,\"dealer\":2,\"deck\":["
               "\"B\",\"H\",\"A\",\"C\",\"I\",\"A\",\"D\",\"J\",\"E\",\"F\",\"K\",\"G\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    assert_int_equal(challenges_of_400(t), 0);
    ad_table_free(t);
}

/* Sequence: a state for 2 players from a deck (seat 0 starts), a board set
 * by hand, and what the basic bot of seat 0 does. */
static seq_state seq_start(const char *deck)
{
    char buf[512];
    snprintf(buf, sizeof buf, "{\"game\":\"sequence\",\"players\":2,\"dealer\":1,\"deck\":%s}",
             deck);
    ad_table *t = tu_new(buf);
    seq_state s = *(const seq_state *)ad_table_state(t);
    ad_table_free(t);
    return s;
}

static ad_action seq_basic(const seq_state *s)
{
    const ad_game *g = ad_game_find("sequence");
    seq_state v;
    g->view(s, 0, &v);
    ad_rng r;
    ad_rng_seed(&r, 3);
    ad_action a;
    assert_int_equal(ad_bot_choose(g, &v, 0, "basic", &r, &a, NULL), 0);
    return a;
}

#define SQ(r, c) (((r)-1) * SQ_COLS + ((c)-1))

/* seat 0 holds A B C X Z, seat 1 D E F G H; the deck I J K */
static const char *SEQ_DECK = "[\"A\",\"D\",\"B\",\"E\",\"C\",\"F\",\"X\",\"G\",\"Z\",\"H\","
                              "\"I\",\"J\",\"K\"]";

static void test_basic_sequence_completes_a_line_of_four_when_it_can(void **state)
{
    (void)state;
    seq_state s = seq_start(SEQ_DECK);
    s.board[SQ(1, 2)] = s.board[SQ(1, 3)] = s.board[SQ(1, 4)] = 1; /* B C D red */
    ad_action a = seq_basic(&s);                                   /* A on [1,1] wins */
    assert_int_equal(a.type, SQ_A_PLAY);
    assert_int_equal(a.arg[0], SQ(1, 1));
    assert_string_equal(s.deck->kind[a.cards[0]], "A"); /* a letter, keeping Z */
}

static void test_basic_sequence_blocks_an_opponents_three_in_a_row(void **state)
{
    (void)state;
    seq_state s = seq_start(SEQ_DECK);
    /* blue holds B C D of row 1 and E is taken: A at [1,1] is the only block */
    s.board[SQ(1, 2)] = s.board[SQ(1, 3)] = s.board[SQ(1, 4)] = 2;
    s.board[SQ(1, 5)] = 1;
    ad_action a = seq_basic(&s);
    assert_int_equal(a.type, SQ_A_PLAY);
    assert_true(a.arg[0] == SQ(1, 1) || s.deck->kind[a.cards[0]][0] == 'X');
}

static void test_basic_sequence_uses_x_to_break_an_open_three(void **state)
{
    (void)state;
    seq_state s = seq_start(SEQ_DECK);
    /* blue has E F G in row 1 with D and H both open: one block is not enough */
    s.board[SQ(1, 5)] = s.board[SQ(1, 6)] = s.board[SQ(1, 7)] = 2;
    ad_action a = seq_basic(&s);
    assert_int_equal(a.type, SQ_A_PLAY);
    assert_string_equal(s.deck->kind[a.cards[0]], "X");
    assert_true(a.arg[0] == SQ(1, 5) || a.arg[0] == SQ(1, 6) || a.arg[0] == SQ(1, 7));
}

static void test_basic_sequence_turns_in_a_dead_card_first(void **state)
{
    (void)state;
    seq_state s = seq_start(SEQ_DECK);
    s.board[SQ(1, 1)] = s.board[SQ(6, 8)] = 2; /* both A squares covered */
    ad_action a = seq_basic(&s);
    assert_int_equal(a.type, SQ_A_TURN_IN);
    assert_string_equal(s.deck->kind[a.cards[0]], "A");
}

/* Liar: what the basic bot of `seat` does in table t. */
static ad_action liar_basic(ad_table *t, int seat)
{
    const ad_game *g = ad_table_game(t);
    liar_state v;
    g->view(ad_table_state(t), seat, &v);
    ad_rng r;
    ad_rng_seed(&r, 4);
    ad_action a;
    assert_int_equal(ad_bot_choose(g, &v, seat, "basic", &r, &a, NULL), 0);
    return a;
}

static const char *LIAR_DECK = "[\"C\",\"A\",\"T\",\"S\",\"E\",\"R\",\"O\",\"N\",\"D\",\"I\","
                               "\"L\",\"M\"]";

static void test_basic_liar_announces_the_longest_word_its_hand_spells(void **state)
{
    (void)state;
    char buf[256];
    snprintf(buf, sizeof buf, "{\"game\":\"liar\",\"players\":2,\"dealer\":1,\"deck\":%s}",
             LIAR_DECK);
    ad_table *t = tu_new(buf);
    ad_action a = liar_basic(t, 0); /* C A T S E, at most 4 letters */
    assert_int_equal(a.type, LI_A_ANNOUNCE);
    assert_int_equal((int)strlen(a.word), 4);
    const liar_state *s = ad_table_state(t);
    uint8_t need[LI_LETTERS] = {0};
    for (const char *c = a.word; *c; c++)
        assert_true(++need[*c - 'a'] <= s->hand[*c - 'a']); /* really spelled */
    ad_table_free(t);
}

static void test_basic_liar_calls_a_word_longer_than_the_hand(void **state)
{
    (void)state;
    char buf[256];
    snprintf(buf, sizeof buf, "{\"game\":\"liar\",\"players\":2,\"dealer\":1,\"deck\":%s}",
             LIAR_DECK);
    ad_table *t = tu_new(buf);
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"cat\"}");
    TU_OK(t, 1, "{\"type\":\"accept\"}");
    TU_OK(t, 1, "{\"type\":\"discard\",\"card\":\"C\"}");
    TU_OK(t, 1, "{\"type\":\"announce\",\"word\":\"abstraction\"}"); /* 11 letters, 6 cards */
    assert_int_equal(liar_basic(t, 0).type, LI_A_LIAR);
    ad_table_free(t);
}

static void test_basic_liar_accepts_a_short_common_word(void **state)
{
    (void)state;
    char buf[256];
    snprintf(buf, sizeof buf, "{\"game\":\"liar\",\"players\":2,\"dealer\":1,\"deck\":%s}",
             LIAR_DECK);
    ad_table *t = tu_new(buf);
    TU_OK(t, 0, "{\"type\":\"announce\",\"word\":\"a\"}"); /* most 5-card hands hold an A */
    assert_int_equal(liar_basic(t, 1).type, LI_A_ACCEPT);
    ad_table_free(t);
}

/* Shout: the basic bot of `seat`; returns ad_bot_choose's answer. */
static int shout_basic(ad_table *t, int seat, ad_action *a)
{
    const ad_game *g = ad_table_game(t);
    shout_state v;
    g->view(ad_table_state(t), seat, &v);
    ad_rng r;
    ad_rng_seed(&r, 2);
    return ad_bot_choose(g, &v, seat, "basic", &r, a, NULL);
}

static ad_table *shout_dealt(const char *deck, int deal)
{
    char buf[256];
    snprintf(buf, sizeof buf, "{\"game\":\"shout\",\"players\":2,\"dealer\":0,\"deck\":%s}", deck);
    ad_table *t = tu_new(buf);
    for (int i = 0; i < deal; i++)
        TU_OK(t, 0, "{\"type\":\"deal\"}");
    return t;
}

static void test_basic_shout_claims_the_word_taking_the_most_cards(void **state)
{
    (void)state;
    /* T H E N and TH on the table: "then" with T H E N is 4 cards (with TH
     * 3); "tenth" takes 4 too and is longer; no word takes all 5 */
    ad_table *t = shout_dealt("[\"T\",\"H\",\"E\",\"N\",\"TH\",\"Z\"]", 5);
    ad_action a;
    assert_int_equal(shout_basic(t, 1, &a), 0);
    assert_int_equal(a.type, SH_A_CLAIM);
    assert_int_equal(a.n, 4);
    assert_string_equal(a.word, "tenth");
    ad_events ev;
    assert_int_equal(ad_table_act(t, 1, &a, &ev, NULL), 0);
    TU_GOD_EQ(t, "won", "[0,4]"); /* the claim is valid */
    ad_table_free(t);
}

static void test_basic_shout_waits_with_nothing_to_claim_unless_it_deals(void **state)
{
    (void)state;
    ad_table *t = shout_dealt("[\"Z\",\"Q\",\"X\",\"T\"]", 2);
    ad_action a;
    assert_int_equal(shout_basic(t, 1, &a), 1); /* waits */
    assert_int_equal(shout_basic(t, 0, &a), 0);
    assert_int_equal(a.type, SH_A_DEAL); /* the dealer deals on */
    ad_table_free(t);
    t = shout_dealt("[\"Z\",\"Q\"]", 2); /* the deck is out: the final window */
    assert_int_equal(shout_basic(t, 1, &a), 0);
    assert_int_equal(a.type, SH_A_PASS);
    ad_table_free(t);
}

/* The strong level's choice in a claim game from the view of `seat`, with a
 * budget of `sims` simulations (0: its default); *done gets those run. */
static ad_action strong(ad_table *t, int seat, long sims, uint64_t seed, long *done)
{
    const ad_game *g = ad_table_game(t);
    claim_state v;
    g->view(ad_table_state(t), seat, &v);
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

static void test_strong_challenges_a_provably_false_claim_without_searching(void **state)
{
    (void)state;
    /* seat 1 holds both A's: "two A's" from seat 0 cannot be true */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":1,"
                         "\"deck\":[\"B\",\"A\",\"C\",\"A\",\"E\",\"F\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    long done = -1;
    assert_int_equal(strong(t, 1, 0, 1, &done).type, CC_A_CHALLENGE);
    assert_int_equal(done, 0); /* one candidate: nothing to weigh */
    ad_table_free(t);
}

static void test_strong_never_challenges_a_provably_true_claim(void **state)
{
    (void)state;
    /* seat 1: C C; seat 0: A B.  Seat 1 lays both C's face up as "two A's"
     * (its last cards): false, so it takes them back with everyone seeing
     * them.  Its whole hand is known: its "one C" at call C is true. */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"dealer\":0,"
                         "\"deck\":[\"C\",\"A\",\"C\",\"B\"]}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"C\",\"C\"]}");
    TU_GOD_EQ(t, "seen", "[[],[\"C\",\"C\"]]");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"]}");
    TU_OK(t, 1, "{\"type\":\"pass\"}");
    TU_OK(t, 1, "{\"type\":\"play\",\"cards\":[\"C\"]}");
    for (uint64_t seed = 1; seed <= 10; seed++) {
        long done = -1;
        assert_int_equal(strong(t, 0, 0, seed, &done).type, CC_A_PASS);
        assert_int_equal(done, 0);
    }
    ad_table_free(t);
}

/* Four players of No Way: seat 0 is called for A now and for E at its next
 * turn.  Holding A and E, it plays the A truly and goes out on the E next
 * turn; laying the E under the cover of the A (the old rule: never give up
 * the last card of the call) leaves it an A it is not called for again
 * for 13 turns, to be laid face up as a lie. */
static void test_strong_plays_its_call_truly_when_its_last_card_is_its_next_call(void **state)
{
    (void)state;
    /* dealer 3: seat 0 gets the 1st and 5th cards, seat 1 the 2nd and 6th ... */
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":4,\"dealer\":3,"
                         "\"deck\":[\"A\",\"B\",\"D\",\"G\",\"E\",\"C\",\"F\",\"H\"]}");
    const claim_state *s = ad_table_state(t);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        ad_action a = strong(t, 0, 300, seed, NULL);
        assert_int_equal(a.type, CC_A_PLAY);
        assert_int_equal(a.n, 1);
        assert_string_equal(s->deck->kind[a.cards[0]], "A");
        assert_int_equal(a.arg[0], s->call);
    }
    ad_table_free(t);
}

/* Where seats skip letters, a seat's own calls move on `players` letters
 * a turn: with four players, seat 0 called for A now is called for E, I,
 * ... W, then C, G, ... (13 letters), and never for B, D, ... */
static void test_a_seats_own_calls_come_round_every_players_letters(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":4,\"dealer\":3,"
                         "\"deck\":[\"A\",\"B\",\"D\",\"G\",\"E\",\"C\",\"F\",\"H\"]}");
    const claim_state *s = ad_table_state(t);
    assert_int_equal(s->turn, 0);
    assert_int_equal(s->call, 0);
    assert_int_equal(ck_own_turns_until_called(s, 0, 'A' - 'A'), 0);
    assert_int_equal(ck_own_turns_until_called(s, 0, 'E' - 'A'), 1);
    assert_int_equal(ck_own_turns_until_called(s, 0, 'C' - 'A'), 7); /* after W: A+28 */
    assert_int_equal(ck_own_turns_until_called(s, 0, 'B' - 'A'), -1);
    assert_int_equal(ck_own_turns_until_called(s, 1, 'B' - 'A'), 0); /* seat 1's next call */
    assert_int_equal(ck_own_turns_until_called(s, 2, 'A' - 'A'), 6); /* C, G, ..., W, A */
    ad_table_free(t);
}

/* How many of 10 seeds have strong (a small search) challenge the pending
 * claim from `seat`'s view. */
static int strong_challenges_of_10(ad_table *t, int seat)
{
    int n = 0;
    for (uint64_t seed = 1; seed <= 10; seed++)
        n += strong(t, seat, 600, seed, NULL).type == CC_A_CHALLENGE;
    return n;
}

/* A player at the table reads a claim by how people play: a player who
 * holds cards of the call lays them all, one who holds none lays one card.
 * Seat 0 lays its three aces as "three aces"; seat 1, holding the fourth,
 * cannot tell from the cards alone (seat 0 holds all three only about one
 * deal in ten), but three cards is not the size of a bluff: it lets the
 * claim stand: its search deals seat 0 hands that fit the claim. */
static void test_strong_lets_a_claim_of_three_cards_stand_as_a_casual_player_bluffs_one(void **state)
{
    (void)state;
    /* dealer 2: seat 0 gets the 1st, 4th, ... card; seat 1 the 2nd, ... */
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":3,\"dealer\":2,\"deck\":["
                         "\"AS\",\"AC\",\"2S\",\"AH\",\"3C\",\"3S\",\"AD\",\"4C\",\"4S\","
                         "\"5S\",\"5C\",\"6S\",\"7S\",\"6C\",\"8S\",\"9S\",\"7C\",\"10S\","
                         "\"JS\",\"8C\",\"QS\",\"KS\",\"9C\",\"2H\"]}");
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"AS\",\"AH\",\"AD\"]}");
    assert_int_equal(strong_challenges_of_10(t, 1), 0);
    /* its search deals seat 0 the three aces in most deals (a random
     * hand of seat 0's size holds them in about one in nine) */
    const ad_game *g = ad_table_game(t);
    claim_state v;
    g->view(ad_table_state(t), 1, &v);
    ad_rng r;
    ad_rng_seed(&r, 3);
    int aces = 0;
    for (int i = 0; i < 400; i++) {
        claim_state d;
        ad_strong_claim_deal(&v, 1, &r, &d);
        int all = 1;
        for (int c = 0; c < d.claim_n; c++)
            all &= d.class_of[d.claim_cards[c]] == 0;
        aces += all;
    }
    assert_in_range(aces, 240, 400);
    ad_table_free(t);
}

/* Where seats skip letters (No Way with 4 players: each seat is called
 * for every other letter) a player holding the call lays the cards it is
 * never called for under it, so a claim says little of the claimer's
 * hand: strong deals the claimer both A's as often as a random hand holds
 * them (about one deal in ten), not less because it played only one. */
static void test_strong_reads_little_into_a_no_way_claim_where_seats_skip_letters(void **state)
{
    (void)state;
    /* the letters in order, both A's to seat 0 (dealer 3: seat 0 gets the
     * 1st, 5th, ... card) */
    char buf[1024] = "{\"game\":\"noway\",\"players\":4,\"dealer\":3,\"deck\":[";
    char deck[52];
    for (int i = 0; i < 52; i++)
        deck[i] = (char)('A' + i / 2);
    deck[1] = deck[4];
    deck[4] = 'A';
    for (int i = 0; i < 52; i++) {
        char c[8];
        snprintf(c, sizeof c, "%s\"%c\"", i ? "," : "", deck[i]);
        strcat(buf, c);
    }
    strcat(buf, "]}");
    ad_table *t = tu_new(buf);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"A\"]}");
    const ad_game *g = ad_table_game(t);
    claim_state v;
    g->view(ad_table_state(t), 1, &v);
    ad_rng r;
    ad_rng_seed(&r, 3);
    int both = 0, k = 0;
    while (strcmp(v.deck->kind[k], "A") != 0)
        k++;
    for (int i = 0; i < 400; i++) {
        claim_state d;
        ad_strong_claim_deal(&v, 1, &r, &d);
        int a = d.hand[0][k];
        for (int c = 0; c < d.claim_n; c++)
            a += d.claim_cards[c] == k;
        both += a == 2;
    }
    assert_in_range(both, 25, 80);
    ad_table_free(t);
}

/* Strong's playouts expect its opponents to call as casual players do:
 * the lies they can prove, and others only against a player about to go
 * out.  Seat 0 holds one ace and seven other cards; seat 1 holds an ace,
 * seat 2 two, so neither can prove "two aces" false: strong lays its ace
 * with another card as two aces.  (A model that called every unlikely
 * claim kept it to the one ace.) */
static void test_strong_pads_a_true_play_with_a_card_no_opponent_can_prove_false(void **state)
{
    (void)state;
    /* dealer 2: seat 0 gets the 1st, 4th, ... card; seat 1 the 2nd, ... */
    ad_table *t = tu_new("{\"game\":\"doubt\",\"players\":3,\"dealer\":2,\"deck\":["
                         "\"AS\",\"AH\",\"AD\",\"2S\",\"2H\",\"AC\",\"3S\",\"3H\",\"2D\","
                         "\"4S\",\"4H\",\"3D\",\"5S\",\"5H\",\"4D\",\"6S\",\"6H\",\"5D\","
                         "\"7S\",\"7H\",\"6D\",\"8S\",\"8H\",\"7D\"]}");
    int padded = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        ad_action a = strong(t, 0, 600, seed, NULL);
        assert_int_equal(a.type, CC_A_PLAY);
        padded += a.n == 2;
    }
    assert_in_range(padded, 8, 10);
    ad_table_free(t);
}

/* A table of `players` No Way seats, each dealt hands[seat] (as many
 * letters each), the dealer last, so seat 0 plays first. */
static ad_table *noway_hands(int players, const char *const *hands)
{
    char json[1024];
    int len = snprintf(json, sizeof json, "{\"game\":\"noway\",\"players\":%d,\"dealer\":%d,\"deck\":[",
                       players, players - 1);
    int each = (int)strlen(hands[0]);
    for (int i = 0; i < each; i++)
        for (int p = 0; p < players; p++)
            len += snprintf(json + len, sizeof json - (size_t)len, "%s\"%c\"",
                            i || p ? "," : "", hands[p][i]);
    snprintf(json + len, sizeof json - (size_t)len, "]}");
    return tu_new(json);
}

/* Whether strong, at seat, answers the pending claim of t by its search
 * (some simulations done) rather than by a rule. */
static int weighs_by_search(ad_table *t, int seat)
{
    long done = -1;
    strong(t, seat, 200, 1, &done);
    return done > 0;
}

/* No Way with 3 players (every seat called for every letter): catching
 * every lie it can prove locks the hands into whole letters and the pile
 * goes round (12 of 20 games against basic hit the turn limit; catching
 * one in two, strong's games still ran longer than basic's alone), so
 * strong lets three in four pass while the liar holds more than three
 * cards, and calls every one against a player nearer going out. */
static void test_strong_in_no_way_with_three_players_lets_three_provable_lies_in_four_pass(
    void **state)
{
    (void)state;
    /* not where seats skip letters (with two players every lie caught is
     * the one opponent's): seat 0: B C D F H; seat 1: A A E G I */
    const char *two[] = {"BCDFH", "AAEGI"};
    ad_table *t2 = noway_hands(2, two);
    TU_OK(t2, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"A\"}");
    assert_int_equal(challenges_of(t2, 1, "strong", 200), 200);
    ad_table_free(t2);
    /* three players: seat 0: B C D E F; seat 1: A A G H I; seat 2: J K L
     * M N.  Seat 0's "one A" leaves it four cards; seat 1 holds both A's */
    const char *five[] = {"BCDEF", "AAGHI", "JKLMN"};
    ad_table *t = noway_hands(3, five);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"A\"}");
    assert_in_range(challenges_of(t, 1, "strong", 200), 25, 75); /* 50 expected */
    ad_table_free(t);
    /* seat 0: B C D; its "one A" leaves it two cards: always called */
    const char *three[] = {"BCD", "AAG", "JKL"};
    t = noway_hands(3, three);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\"],\"say\":\"A\"}");
    assert_int_equal(challenges_of(t, 1, "strong", 200), 200);
    ad_table_free(t);
}

/* No Way with 3 players: the last play is turned up, so nobody bluffs
 * out; strong hunches, as basic does, only against the play that leaves
 * its player one card (it called nearly half of all claims on hunches, a
 * third of them wrongly, and kept the pile going round). */
static void test_strong_in_no_way_with_three_players_hunches_only_against_a_last_card(void **state)
{
    (void)state;
    /* seat 0: B C D F; seat 1: H I J K; seat 2: A A E G.  To seat 1, seat
     * 0's "two A's" is unlikely but not provably false, and leaves it two */
    const char *four[] = {"BCDF", "HIJK", "AAEG"};
    ad_table *t = noway_hands(3, four);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    assert_int_equal(challenges_of(t, 1, "strong", 200), 0);
    ad_table_free(t);
    /* seat 0: B C D; the same claim leaves it one card: strong weighs a
     * challenge by its search */
    const char *three[] = {"BCD", "HIJ", "AAE"};
    t = noway_hands(3, three);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    assert_true(weighs_by_search(t, 1));
    ad_table_free(t);
}

/* No Way with 3 players: holding the call, strong plays it truly (a bluff
 * sheds one card at the risk of the pile, the honest play as many with
 * none); it bluffed three plays in four, and was caught for it.  Nor does
 * it pad the true play with a card: with one pack, "two A's" on one A is
 * a lie whoever holds the other A can prove. */
static void test_strong_in_no_way_with_three_players_plays_the_call_truly_and_unpadded(void **state)
{
    (void)state;
    /* seat 0: A B C D E F, called for A */
    const char *hands[] = {"ABCDEF", "GHIJKL", "MNOPQR"};
    ad_table *t = noway_hands(3, hands);
    const claim_state *s = ad_table_state(t);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        ad_action a = strong(t, 0, 200, seed, NULL);
        assert_int_equal(a.type, CC_A_PLAY);
        assert_int_equal(a.arg[0], s->call);
        int true_cards = 0;
        for (int i = 0; i < a.n; i++)
            true_cards += s->class_of[a.cards[i]] == s->call;
        assert_int_equal(true_cards, 1); /* the A, alone */
        assert_int_equal(a.n, 1);
    }
    ad_table_free(t);
}

/* No Way with 5 players (two packs, every letter called): holding none of
 * the call, strong bluffs one card at a time; the pile grows long before
 * anyone can prove a lie, and two-card bluffs into it made its games
 * longer than basic's alone.  With one pack (3 players) it still weighs
 * them. */
static void test_strong_in_no_way_with_five_players_bluffs_one_card_at_a_time(void **state)
{
    (void)state;
    /* seat 2 holds all four A's, so the deal holds four of a letter */
    const char *five[] = {"BCDFGHMN", "EIJKLOPQ", "AAAARSTU", "VWXYZBCD", "EFGHIJKL"};
    ad_table *t = noway_hands(5, five);
    const claim_state *s = ad_table_state(t);
    assert_int_equal(s->maxplay, 4);
    for (uint64_t seed = 1; seed <= 10; seed++) {
        ad_action a = strong(t, 0, 300, seed, NULL);
        assert_int_equal(a.type, CC_A_PLAY);
        assert_int_equal(a.arg[0], s->call);
        assert_int_equal(a.n, 1);
    }
    ad_table_free(t);
    const char *three[] = {"BCDFGHMN", "AAIJKLOP", "EQRSTUVW"};
    t = noway_hands(3, three);
    int two = 0;
    for (uint64_t seed = 1; seed <= 10; seed++)
        two += strong(t, 0, 300, seed, NULL).n == 2;
    assert_true(two >= 1);
    ad_table_free(t);
}

/* No Way with 6 players: strong hunches only against a play that leaves
 * its player one card (a pile handed to one of five opponents helps the
 * other four as much; its games ran longer than basic's alone), but with
 * 4 players it weighs a hunch at any count by its search. */
static void test_strong_in_no_way_with_six_players_hunches_only_against_a_last_card(void **state)
{
    (void)state;
    /* seat 2 holds both A's: to seat 1, seat 0's "two A's" is unlikely
     * but not provably false.  Four cards each: the claim leaves two */
    const char *four[] = {"BCDF", "HIJK", "AAEM", "OPQR", "TUVW", "YZEG"};
    ad_table *t = noway_hands(6, four);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    assert_int_equal(challenges_of(t, 1, "strong", 200), 0);
    ad_table_free(t);
    /* three cards each: the same claim leaves one, and strong's search
     * weighs it */
    const char *three[] = {"BCD", "HIJ", "AAE", "OPQ", "TUV", "YZE"};
    t = noway_hands(6, three);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    assert_true(weighs_by_search(t, 1));
    ad_table_free(t);
    /* four players, four cards each: weighed by the search too */
    t = noway_hands(4, four);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"B\",\"C\"],\"say\":\"A\"}");
    assert_true(weighs_by_search(t, 1));
    ad_table_free(t);
}

/* A table of 2 I Doubt It seats, seat 0 dealt hand0 and seat 1 hand1
 * (n cards each), the dealer seat 1, so seat 0 plays first, called for
 * aces.  The deal holds only these cards. */
static ad_table *doubt_hands2(const char *const *hand0, const char *const *hand1, int n)
{
    char json[1024];
    int len = snprintf(json, sizeof json, "{\"game\":\"doubt\",\"players\":2,\"dealer\":1,\"deck\":[");
    for (int i = 0; i < n; i++)
        len += snprintf(json + len, sizeof json - (size_t)len, "%s\"%s\",\"%s\"", i ? "," : "",
                        hand0[i], hand1[i]);
    snprintf(json + len, sizeof json - (size_t)len, "]}");
    return tu_new(json);
}

/* Strong's plays at seat 0 on seeds 1-10 (300 simulations), in a No Way
 * deal of 2 players (hands) and an I Doubt It one (d0 and d1, 8 cards
 * each): each play's size into n[game][seed - 1], and how many of its
 * cards are of the call into good.  Each is a play naming the call. */
static void two_player_plays(const char *const *hands, const char *const *d0,
                             const char *const *d1, int n[2][10], int good[2][10])
{
    ad_table *tables[] = {noway_hands(2, hands), doubt_hands2(d0, d1, 8)};
    for (int g = 0; g < 2; g++) {
        const claim_state *s = ad_table_state(tables[g]);
        for (uint64_t seed = 1; seed <= 10; seed++) {
            ad_action a = strong(tables[g], 0, 300, seed, NULL);
            assert_int_equal(a.type, CC_A_PLAY);
            assert_int_equal(a.arg[0], s->call);
            n[g][seed - 1] = a.n;
            good[g][seed - 1] = 0;
            for (int i = 0; i < a.n; i++)
                good[g][seed - 1] += s->class_of[a.cards[i]] == s->call;
        }
        ad_table_free(tables[g]);
    }
}

/* With 2 players every card is dealt, so the opponent knows where each
 * copy of the call is but those in strong's hand and those it laid face
 * down: holding none of the call, any bluff is a lie it can prove, one
 * card as much as two.  So strong lays two of the cards least worth
 * keeping under one claim, never one (one at a time, its games ran longer
 * than basic's alone), in No Way and in I Doubt It. */
static void test_strong_with_two_players_bluffs_two_cards_never_one_when_it_holds_none_of_the_call(
    void **state)
{
    (void)state;
    const char *hands[] = {"BCDFGHMN", "AAIJKLOP"};
    const char *d0[] = {"2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"};
    const char *d1[] = {"AS", "AH", "10S", "JS", "QS", "KS", "2H", "3H"};
    int n[2][10], good[2][10];
    two_player_plays(hands, d0, d1, n, good);
    for (int g = 0; g < 2; g++)
        for (int i = 0; i < 10; i++) {
            assert_int_equal(n[g][i], 2);
            assert_int_equal(good[g][i], 0);
        }
}

/* With 2 players a true play padded with another card ("two A's" on one
 * A) is a lie the opponent can nearly always prove, since it knows where
 * the other A is unless strong laid it face down: strong does not pad
 * (caught about one time in two in No Way, 37% in I Doubt It). */
static void test_strong_with_two_players_never_pads_a_true_play(void **state)
{
    (void)state;
    const char *hands[] = {"ABCDFGHM", "AIJKLOPQ"};
    const char *d0[] = {"AS", "3S", "4S", "5S", "6S", "7S", "8S", "9S"};
    const char *d1[] = {"AH", "AD", "10S", "JS", "QS", "KS", "2H", "3H"};
    int n[2][10], good[2][10];
    two_player_plays(hands, d0, d1, n, good);
    for (int g = 0; g < 2; g++)
        for (int i = 0; i < 10; i++)
            assert_false(good[g][i] == 1 && n[g][i] == 2); /* the A and another card */
}

/* I Doubt It with 2 players: strong calls a claim it cannot disprove only
 * when its player is left two cards or fewer, as basic does: in 60
 * traced games it had called claims wrongly 92 times, 85 of them against
 * a player left more than two cards, and taken the pile each time. */
static void test_strong_in_i_doubt_it_with_two_players_hunches_only_against_two_cards_or_fewer(
    void **state)
{
    (void)state;
    /* seat 0 lays two of its cards as "two aces"; seat 1 holds one ace of
     * the four in play, so the claim could be true */
    const char *h0[] = {"2S", "3S", "AS", "AH", "4S"};
    const char *h1[] = {"AD", "10S", "JS", "QS", "KS"};
    ad_table *t = doubt_hands2(h0, h1, 5);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"2S\",\"3S\"]}"); /* three left */
    assert_int_equal(challenges_of(t, 1, "strong", 200), 0);
    assert_false(weighs_by_search(t, 1));
    ad_table_free(t);
    const char *g0[] = {"2S", "3S", "AS", "AH"};
    const char *g1[] = {"AD", "10S", "JS", "QS"};
    t = doubt_hands2(g0, g1, 4);
    TU_OK(t, 0, "{\"type\":\"play\",\"cards\":[\"2S\",\"3S\"]}"); /* two left */
    assert_true(weighs_by_search(t, 1));
    ad_table_free(t);
}

/* No Way with 4 players or more: strong plays to go out.  An unfinished
 * deal is scored by its own cards against the lightest other hand's, not
 * by how loaded the others are (scored that way, it called most claims to
 * load other hands, and its games ran longer than basic's alone). */
static void test_strong_in_no_way_with_four_players_scores_its_own_cards_not_the_others_load(
    void **state)
{
    (void)state;
    const char *hands[] = {"ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY", "ZABCD"};
    for (int players = 3; players <= 4; players++) {
        ad_table *t = noway_hands(players, hands);
        claim_state s = *(const claim_state *)ad_table_state(t), loaded = s, heavy = s;
        /* seat 2, not the lightest, holds three cards more */
        loaded.hand[2][0] += 3;
        loaded.count[2] += 3;
        /* seat 0 itself holds one card more */
        heavy.hand[0][1] += 1;
        heavy.count[0] += 1;
        double v = ad_strong_claim_value(&s, 0);
        assert_true(ad_strong_claim_value(&heavy, 0) < v);
        if (players == 4) {
            assert_true(ad_strong_claim_value(&loaded, 0) == v);
            assert_true(v > 0.99); /* nearly a win, while nobody has gone out */
        } else {
            assert_true(ad_strong_claim_value(&loaded, 0) > v); /* 3 players: as before */
        }
        ad_table_free(t);
    }
}

/* Same view and seed: the same choice and the same number of simulations,
 * with the default budget and with one given; and the budget is used
 * (to within a deal per round of the halving). */
static void test_strong_is_deterministic_for_a_seed(void **state)
{
    (void)state;
    const char *games[] = {"noway", "doubt"};
    for (int gi = 0; gi < 2; gi++) {
        char buf[96];
        snprintf(buf, sizeof buf, "{\"game\":\"%s\",\"players\":3,\"seed\":5,\"dealer\":2}",
                 games[gi]);
        ad_table *t = tu_new(buf);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            long d1, d2;
            ad_action a = strong(t, 0, 0, seed, &d1), b = strong(t, 0, 0, seed, &d2);
            assert_memory_equal(&a, &b, sizeof a);
            assert_int_equal(d1, d2);
            assert_true(d1 > 0);
            a = strong(t, 0, 500, seed, &d1);
            b = strong(t, 0, 500, seed, &d2);
            assert_memory_equal(&a, &b, sizeof a);
            /* the paired search spends its budget in whole deals, each
             * played by every candidate still in: up to one short of it
             * per halving round */
            assert_in_range(d1, 490, 500);
        }
        ad_table_free(t);
    }
}

/* Two states that differ only in what seat 0 cannot see (the other hands,
 * swapped between seats 1 and 2 with equal counts, and the generator) give
 * the same choice, for every level (strong with a small search), in both
 * claim games. */
static void test_bots_choose_from_the_seats_view_only(void **state)
{
    (void)state;
    const char *games[] = {"noway", "doubt"}, *levels[] = {"random", "basic", "strong"};
    for (int gi = 0; gi < 2; gi++) {
        const ad_game *g = ad_game_find(games[gi]);
        char buf[96];
        snprintf(buf, sizeof buf, "{\"game\":\"%s\",\"players\":3,\"seed\":21,\"dealer\":2}",
                 games[gi]);
        ad_table *t = tu_new(buf);
        claim_state a = *(const claim_state *)ad_table_state(t), b = a;
        memcpy(b.hand[1], a.hand[2], CC_KINDS);
        memcpy(b.hand[2], a.hand[1], CC_KINDS);
        b.count[1] = a.count[2];
        b.count[2] = a.count[1];
        ad_rng_seed(&b.rng, 77);
        assert_int_equal(a.count[1], a.count[2]);
        for (int l = 0; l < 3; l++)
            for (int trial = 0; trial < 20; trial++) {
                claim_state va, vb;
                g->view(&a, 0, &va);
                g->view(&b, 0, &vb);
                ad_rng ra, rb;
                ad_rng_seed(&ra, (uint64_t)trial);
                ad_rng_seed(&rb, (uint64_t)trial);
                ad_action xa, xb;
                ad_bot_opts oa = {.sims = 300}, ob = oa; /* a small search: same choice */
                assert_int_equal(ad_bot_choose_opts(g, &va, 0, levels[l], &oa, &ra, &xa, NULL), 0);
                assert_int_equal(ad_bot_choose_opts(g, &vb, 0, levels[l], &ob, &rb, &xb, NULL), 0);
                assert_memory_equal(&xa, &xb, sizeof xa);
            }
        /* a seat with nothing to do is told so */
        claim_state v;
        g->view(&a, 1, &v);
        ad_action x;
        ad_err e;
        assert_int_equal(ad_bot_choose(g, &v, 1, "basic", NULL, &x, &e), -1);
        assert_int_equal(e.code, AD_E_NOT_YOUR_TURN);
        ad_table_free(t);
    }
}

static void test_every_game_has_random_and_basic_and_unknown_levels_are_refused(void **state)
{
    (void)state;
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        ad_err e;
        assert_true(ad_bot_available(g, "random", &e));
        assert_true(ad_bot_available(g, "basic", &e));
        assert_false(ad_bot_available(g, "genius", &e));
        assert_int_equal(e.code, AD_E_BAD_LEVEL);
    }
}

/* The levels a game lists are the levels it plays, weakest first: random,
 * basic and strong in every game, and easy (the level for a young child)
 * below basic where the game has it; a game the registry does not list has
 * `random` alone (its own random action). */
static void test_each_game_lists_its_levels_weakest_first_and_has_every_one(void **state)
{
    (void)state;
    static const char *const ladder[] = {"random", "basic", "strong"};
    static const char *const with_easy[] = {"random", "easy", "basic", "strong"};
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        int easy = ad_bot_available(g, "easy", NULL), n = easy ? 4 : 3;
        const char *const *want = easy ? with_easy : ladder;
        assert_int_equal(ad_bot_level_count(g), n);
        for (int k = 0; k < n; k++) {
            assert_string_equal(ad_bot_level_name(g, k), want[k]);
            assert_true(ad_bot_level_known(want[k]));
            assert_true(ad_bot_available(g, ad_bot_level_name(g, k), NULL));
        }
        assert_null(ad_bot_level_name(g, n));
        assert_null(ad_bot_level_name(g, -1));
    }
    assert_true(ad_bot_available(ad_game_find("sequence"), "easy", NULL));
    ad_game unlisted = *ad_game_at(0);
    assert_int_equal(ad_bot_level_count(&unlisted), 1);
    assert_string_equal(ad_bot_level_name(&unlisted, 0), "random");
    ad_err e;
    assert_false(ad_bot_available(&unlisted, "basic", &e));
    assert_string_equal(e.text, "No Way has no basic bot yet (try: random)");
    assert_false(ad_bot_available(ad_game_at(0), "genius", &e));
    assert_string_equal(e.text, "there is no bot level \"genius\" (try: random, easy, basic, strong)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_basic_challenges_a_claim_naming_a_letter_other_than_the_call),
        cmocka_unit_test(test_basic_challenges_more_cards_than_can_exist_outside_its_hand),
        cmocka_unit_test(test_claim_bots_challenge_what_their_own_face_down_cards_disprove),
        cmocka_unit_test(test_basic_lets_a_likely_claim_stand),
        cmocka_unit_test(test_basic_plays_honestly_every_card_of_the_call_it_holds),
        cmocka_unit_test(test_basic_passes_when_allowed_and_holding_none_of_the_call),
        cmocka_unit_test(test_basic_bluffs_one_card_it_needs_last_when_it_must),
        cmocka_unit_test(test_basic_sheds_a_card_never_called_for_it_while_it_holds_the_call),
        cmocka_unit_test(test_basic_sheds_two_such_cards_when_it_holds_every_copy_of_the_call),
        cmocka_unit_test(test_basic_lets_one_provable_lie_in_two_pass),
        cmocka_unit_test(test_basic_lets_an_unlikely_claim_stand_unless_the_claimer_is_going_out),
        cmocka_unit_test(test_basic_in_no_way_hunches_one_time_in_two_against_a_players_last_card),
        cmocka_unit_test(test_basic_sequence_completes_a_line_of_four_when_it_can),
        cmocka_unit_test(test_basic_sequence_blocks_an_opponents_three_in_a_row),
        cmocka_unit_test(test_basic_sequence_uses_x_to_break_an_open_three),
        cmocka_unit_test(test_basic_sequence_turns_in_a_dead_card_first),
        cmocka_unit_test(test_basic_liar_announces_the_longest_word_its_hand_spells),
        cmocka_unit_test(test_basic_liar_calls_a_word_longer_than_the_hand),
        cmocka_unit_test(test_basic_liar_accepts_a_short_common_word),
        cmocka_unit_test(test_basic_shout_claims_the_word_taking_the_most_cards),
        cmocka_unit_test(test_basic_shout_waits_with_nothing_to_claim_unless_it_deals),
        cmocka_unit_test(test_strong_challenges_a_provably_false_claim_without_searching),
        cmocka_unit_test(test_strong_never_challenges_a_provably_true_claim),
        cmocka_unit_test(test_strong_plays_its_call_truly_when_its_last_card_is_its_next_call),
        cmocka_unit_test(test_a_seats_own_calls_come_round_every_players_letters),
        cmocka_unit_test(test_strong_lets_a_claim_of_three_cards_stand_as_a_casual_player_bluffs_one),
        cmocka_unit_test(test_strong_reads_little_into_a_no_way_claim_where_seats_skip_letters),
        cmocka_unit_test(test_strong_pads_a_true_play_with_a_card_no_opponent_can_prove_false),
        cmocka_unit_test(test_strong_in_no_way_with_three_players_lets_three_provable_lies_in_four_pass),
        cmocka_unit_test(test_strong_in_no_way_with_three_players_hunches_only_against_a_last_card),
        cmocka_unit_test(test_strong_in_no_way_with_three_players_plays_the_call_truly_and_unpadded),
        cmocka_unit_test(test_strong_in_no_way_with_five_players_bluffs_one_card_at_a_time),
        cmocka_unit_test(test_strong_in_no_way_with_six_players_hunches_only_against_a_last_card),
        cmocka_unit_test(test_strong_with_two_players_bluffs_two_cards_never_one_when_it_holds_none_of_the_call),
        cmocka_unit_test(test_strong_with_two_players_never_pads_a_true_play),
        cmocka_unit_test(test_strong_in_i_doubt_it_with_two_players_hunches_only_against_two_cards_or_fewer),
        cmocka_unit_test(test_strong_in_no_way_with_four_players_scores_its_own_cards_not_the_others_load),
        cmocka_unit_test(test_strong_is_deterministic_for_a_seed),
        cmocka_unit_test(test_bots_choose_from_the_seats_view_only),
        cmocka_unit_test(test_every_game_has_random_and_basic_and_unknown_levels_are_refused),
        cmocka_unit_test(test_each_game_lists_its_levels_weakest_first_and_has_every_one),
    };
    return cmocka_run_group_tests_name("bots", tests, NULL, NULL);
}
