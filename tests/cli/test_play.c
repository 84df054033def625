/*
 * test_play.c - `alphadeck play --plain` for every game, as a person types
 * it: games played to the end, typed moves, bad moves that change nothing,
 * and no card of another seat ever printed.  The same seed gives the same
 * deal in the library, so a test can look at the hidden cards it must not
 * see.  Usage: test_play PATH/TO/alphadeck
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../testutil.h"
#include "alphadeck/director.h"

static const char *BIN;

/* `alphadeck play ARGS` with INPUT on its standard input (not a terminal);
 * returns its output (caller frees).  With save, the record goes there. */
static char *play(const char *args, const char *input, const char *save)
{
    char in[] = "/tmp/alphadeck-play-in-XXXXXX";
    int fd = mkstemp(in);
    assert_true(fd >= 0);
    size_t len = strlen(input);
    assert_int_equal(write(fd, input, len), (ssize_t)len);
    close(fd);
    char cmd[1024], *out;
    snprintf(cmd, sizeof cmd, "%s play %s%s%s < %s 2>&1", BIN, args, save ? " --save " : "",
             save ? save : "", in);
    int rc = tu_run(cmd, &out);
    unlink(in);
    if (rc != 0)
        fail_msg("`%s` exited %d:\n%s", cmd, rc, out);
    return out;
}

static void expect(const char *out, const char *text)
{
    if (!strstr(out, text)) {
        size_t n = strlen(out);
        fail_msg("no \"%s\" in the output:\n%s", text, out + (n > 3000 ? n - 3000 : 0));
    }
}

static void expect_not(const char *out, const char *text)
{
    if (strstr(out, text))
        fail_msg("\"%s\" should not be in the output:\n%s", text, strstr(out, text));
}

static int count(const char *out, const char *text)
{
    int k = 0;
    for (const char *s = strstr(out, text); s; s = strstr(s + 1, text))
        k++;
    return k;
}

/* The game an `alphadeck play` with these settings deals (caller frees). */
static ad_table *same_table(const char *game, int players, int seed)
{
    char req[160];
    snprintf(req, sizeof req, "{\"game\":\"%s\",\"players\":%d,\"seed\":%d}", game, players, seed);
    return tu_new(req);
}

/* The cards of a JSON array as the client prints them: "A E O S T". */
static void cards_text(const json_t *cards, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < json_array_size(cards) && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "",
                                 json_string_value(json_array_get(cards, i)));
}

/* The number of actions in a saved record. */
static size_t record_actions(const char *path)
{
    json_t *rec = json_load_file(path, 0, NULL);
    assert_non_null(rec);
    size_t n = json_array_size(json_object_get(rec, "actions"));
    json_decref(rec);
    return n;
}

static void temp_path(char *path)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
}

/* "auto" for every move, to the end. */
static char *play_auto(const char *args)
{
    char cmd[512], *out;
    snprintf(cmd, sizeof cmd, "yes auto | head -n 100000 | %s play %s 2>&1", BIN, args);
    assert_int_equal(tu_run(cmd, &out), 0);
    expect(out, "the game");
    expect_not(out, "unfinished");
    return out;
}

static void test_every_claim_game_plays_to_the_end(void **state)
{
    (void)state;
    free(play_auto("noway --plain --players 3 --seed 2"));
    free(play_auto("doubt --plain --players 3 --seed 2"));
}

static void test_claim_game_bad_play_gets_words_and_changes_nothing(void **state)
{
    (void)state;
    char path[] = "/tmp/alphadeck-play-rec-XXXXXX";
    temp_path(path);
    /* seat 1 plays first; three cards are one too many, "ant" is no card */
    char *out = play("noway --plain --players 2 --seed 3 --seat 1", "A B C\nant\nq\n", path);
    expect(out, "Your turn: the call is A");
    assert_int_equal(count(out, "Your turn: the call is A"), 3);
    expect_not(out, "You say");
    assert_int_equal(record_actions(path), 0);
    unlink(path);
    free(out);
}

/* The nth action of a saved record, as a new reference. */
static json_t *record_action(const char *path, size_t n)
{
    json_t *rec = json_load_file(path, 0, NULL);
    assert_non_null(rec);
    json_t *a = json_incref(
        json_object_get(json_array_get(json_object_get(rec, "actions"), n), "action"));
    json_decref(rec);
    assert_non_null(a);
    return a;
}

/* At "Call "No Way"? [y/N]>" only y/yes calls and only n/no or Enter alone
 * lets the play stand: anything else (a "maybe", cards typed too early)
 * gets a sentence saying what to type and the question again. */
static void test_a_challenge_answer_not_understood_is_asked_again_never_taken_as_no(
    void **state)
{
    (void)state;
    /* in both games, with these seeds, the bot (seat 1) plays first */
    const char *games[][2] = {{"noway --plain --players 2 --seed 3", "Call \"No Way\"?"},
                              {"doubt --plain --players 2 --seed 2", "Call \"I doubt it\"?"}};
    for (int g = 0; g < 2; g++) {
        char path[] = "/tmp/alphadeck-play-rec-XXXXXX";
        temp_path(path);
        char *out = play(games[g][0], "maybe\nA B\nyes please\nn\nq\n", path);
        assert_int_equal(count(out, "Answer y to call"), 3);
        assert_int_equal(count(out, games[g][1]), 4);
        assert_int_equal(record_actions(path), 2); /* the bot's play, then the pass */
        json_t *a = record_action(path, 1);
        assert_string_equal(json_string_value(json_object_get(a, "type")), "pass");
        json_decref(a);
        free(out);
        /* YES calls, Enter alone passes */
        out = play(games[g][0], "YES\nq\n", path);
        a = record_action(path, 1);
        assert_string_equal(json_string_value(json_object_get(a, "type")), "challenge");
        json_decref(a);
        free(out);
        out = play(games[g][0], "\nq\n", path);
        a = record_action(path, 1);
        assert_string_equal(json_string_value(json_object_get(a, "type")), "pass");
        json_decref(a);
        expect_not(out, "Answer y to call");
        free(out);
        unlink(path);
    }
}

/* Each claim game's help lists exactly its own commands: "say X" only in No
 * Way, and `pass` in I Doubt It exactly when the game allows it. */
static void test_each_claim_games_help_lists_exactly_its_own_commands(void **state)
{
    (void)state;
    char *out = play("noway --plain --players 2 --seed 1 --seat 1", "help\nq\n", NULL);
    expect(out, "add \"say X\"");
    expect_not(out, "type pass");
    expect_not(out, "only)");
    free(out);
    out = play("doubt --plain --players 2 --seed 1 --seat 1", "help\nq\n", NULL);
    expect(out, "announced as the call");
    expect_not(out, "say X");
    expect_not(out, "type pass");
    free(out);
    out = play("doubt --plain --players 2 --seed 1 --seat 1 --allow_pass=1", "help\nq\n", NULL);
    expect(out, "Or type pass to lay nothing down");
    expect_not(out, "say X");
    free(out);
}

/* The actions `alphadeck play GAME --players N --seed S` makes when every
 * seat, the human's (seat 0) by `auto` too, plays at `level`: the bots
 * through a director as the client runs them (in a challenge window the
 * first still to answer from the claimer's left), `auto` with the client's
 * random stream.  Returns the record of the first n actions (caller
 * decrefs). */
static json_t *claim_game_at(const char *game, int players, int seed, const char *level, size_t n)
{
    ad_table *t = same_table(game, players, seed);
    const ad_game *g = ad_table_game(t);
    ad_rng rng;
    ad_rng_seed(&rng, ad_table_seed(t) ^ 0x5eedb0750000ULL);
    ad_seat_cfg seats[AD_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < players; s++) {
        seats[s].person = s == 0;
        snprintf(seats[s].level, sizeof seats[s].level, "%s", level);
    }
    ad_director_opts o = ad_director_defaults();
    o.answer_ms = 0;
    o.inline_bots = 1;
    ad_err e;
    ad_director *d = ad_director_new(t, seats, &o, 0, &e);
    assert_non_null(d);
    ad_director_out out;
    memset(&out, 0, sizeof out);
    void *view = malloc(g->state_size);
    assert_int_equal(ad_director_advance(d, 0, &out, &e), 0);
    while (ad_director_version(d) < n && !g->is_over(ad_table_state(ad_director_table(d)))) {
        assert_true(ad_director_asked(d) & 1u); /* the bots moved at once: seat 0 is asked */
        g->view(ad_table_state(ad_director_table(d)), 0, view);
        ad_action a;
        assert_int_equal(ad_bot_choose(g, view, 0, level, &rng, &a, &e), 0);
        assert_int_equal(ad_director_act(d, 0, 0, &a, &out, &e), 0);
    }
    free(view);
    json_t *rec = ad_table_record_json(ad_director_table(d));
    json_t *acts = json_object_get(rec, "actions");
    while (json_array_size(acts) > n)
        json_array_remove(acts, json_array_size(acts) - 1);
    ad_director_free(d);
    return rec;
}

/* Without --bots the opponents play at basic, and `auto` plays at basic for
 * the human, in No Way and I Doubt It as in the other games: a random
 * player drags a game out for hundreds of turns. */
static void test_the_opponents_and_auto_play_at_basic_by_default(void **state)
{
    (void)state;
    const char *games[] = {"noway", "doubt"};
    for (int k = 0; k < 2; k++) {
        char path[] = "/tmp/alphadeck-play-rec-XXXXXX", args[96], input[400] = "";
        temp_path(path);
        for (int i = 0; i < 40; i++)
            strcat(input, "auto\n");
        snprintf(args, sizeof args, "%s --plain --players 3 --seed 11", games[k]);
        free(play(args, input, path));
        json_t *rec = json_load_file(path, 0, NULL);
        const json_t *played = json_object_get(rec, "actions");
        size_t n = json_array_size(played);
        assert_true(n >= 40);
        json_t *basic = claim_game_at(games[k], 3, 11, "basic", n);
        const json_t *expected = json_object_get(basic, "actions");
        assert_int_equal(json_array_size(expected), n);
        for (size_t i = 0; i < n; i++)
            if (!json_equal(json_array_get(played, i), json_array_get(expected, i))) {
                char *a = json_dumps(json_array_get(played, i), JSON_COMPACT);
                char *b = json_dumps(json_array_get(expected, i), JSON_COMPACT);
                fail_msg("%s: action %zu is %s, basic plays %s", games[k], i, a, b);
            }
        json_decref(basic);
        json_decref(rec);
        unlink(path);
    }
}

/* --save to a place that cannot be written is refused before the first
 * move, with exit status 2: not found out after the whole game. */
static void test_a_save_place_that_cannot_be_written_is_refused_before_the_first_move(
    void **state)
{
    (void)state;
    char dir[] = "/tmp/alphadeck-play-dir-XXXXXX", cmd[512], *out;
    assert_non_null(mkdtemp(dir));
    /* a FIFO stands for any special file: the record renamed over
     * /dev/null as root would replace the device (never tried here) */
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    const char *places[] = {"/nonexistent-alphadeck-dir/x.json", dir, "", fifo};
    for (int i = 0; i < 4; i++) {
        snprintf(cmd, sizeof cmd, "yes auto | head -n 5000 | %s play noway --plain --players 3 "
                                  "--seed 4 --save '%s' 2>&1", BIN, places[i]);
        int rc = tu_run(cmd, &out);
        if (rc != 2)
            fail_msg("--save '%s': exit %d, not 2:\n%.2000s", places[i], rc, out);
        expect(out, "alphadeck: --save: ");
        expect_not(out, "says");
        expect_not(out, "No Way for 3 players");
        free(out);
    }
    struct stat st;
    assert_int_equal(stat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode)); /* still the FIFO */
    unlink(fifo);
    rmdir(dir);
}

/* The turn counters in out ("turn N of M", "Turn N of M"): how many, and
 * fails if one passes its limit. */
static int turn_counters(const char *out)
{
    int k = 0;
    for (const char *at = strstr(out, "urn "); at; at = strstr(at + 1, "urn ")) {
        int n, most;
        if ((at == out || (at[-1] != 't' && at[-1] != 'T')) ||
            sscanf(at, "urn %d of %d", &n, &most) != 2)
            continue;
        if (n < 1 || n > most)
            fail_msg("a turn counter past its limit: %.40s", at - 1);
        k++;
    }
    return k;
}

/* The line mode tells the turn and the limit after which a deal ends (No
 * Way, I Doubt It) or the game is drawn (Sequence), and never counts past
 * that limit, up to the very end. */
static void test_the_turn_counter_never_passes_the_turn_limit(void **state)
{
    (void)state;
    char *out = play_auto("noway --plain --players 2 --seed 3 --max_turns=10");
    expect(out, "Time is up after 10 turns");
    expect(out, "turn 10 of 10.");
    assert_true(turn_counters(out) >= 5);
    free(out);
    out = play_auto("doubt --plain --players 3 --seed 3 --max_turns=12");
    expect(out, "Time is up after 12 turns");
    assert_true(turn_counters(out) >= 4);
    free(out);
    out = play_auto("doubt --plain --players 3 --seed 3 --max_turns=0"); /* no limit: no count */
    assert_int_equal(turn_counters(out), 0);
    free(out);
    out = play_auto("sequence --plain --players 2 --seed 6 --seat 1 --max_turns=20"); /* drawn */
    expect(out, "Turn 19 of 20;");
    assert_true(turn_counters(out) >= 10);
    free(out);
}

/* ------------------------------------------------------------ Sequence */

static void test_sequence_plays_to_the_end(void **state)
{
    (void)state;
    char *out = play_auto("sequence --plain --players 3 --seed 4");
    expect(out, "a line of four");
    expect(out, " the game!");
    free(out);
    out = play_auto("sequence --plain --players 4 --seed 6 --seat 2");
    expect(out, " win the game!"); /* two partners */
    free(out);
}

/* The human's first legal play in a 2-player game where they move first
 * (seat 1, the dealer's left): its card and its square as typed. */
static void first_play(int seed, char *card, char *square)
{
    ad_table *t = same_table("sequence", 2, seed);
    const ad_game *g = ad_table_game(t);
    void *view = malloc(g->state_size);
    g->view(ad_table_state(t), 1, view);
    json_t *legal = g->legal_json(view, 1);
    json_t *a = NULL;
    size_t i;
    json_t *x;
    json_array_foreach(legal, i, x) if (!a && strcmp(json_string_value(json_object_get(x, "type")),
                                                     "play") == 0) a = x;
    assert_non_null(a);
    json_t *sq = json_object_get(a, "square");
    strcpy(card, json_string_value(json_object_get(a, "card")));
    sprintf(square, "%c%d", 'a' + (int)json_integer_value(json_array_get(sq, 1)) - 1,
            (int)json_integer_value(json_array_get(sq, 0)));
    json_decref(legal);
    free(view);
    ad_table_free(t);
}

static void test_sequence_takes_a_typed_card_and_square(void **state)
{
    (void)state;
    char card[4], square[4], input[64], placed[64];
    first_play(3, card, square);
    snprintf(input, sizeof input, "%s %s\nq\n", card, square);
    char *out = play("sequence --plain --players 2 --seed 3 --seat 1", input, NULL);
    snprintf(placed, sizeof placed, "You put a blue chip on the ");
    expect(out, placed);
    snprintf(placed, sizeof placed, "(%s, %s).", card, square);
    expect(out, placed);
    expect(out, "Ann puts a red chip"); /* and the bot, seat 0, answers */
    free(out);
}

static void test_sequence_bad_moves_get_words_and_change_nothing(void **state)
{
    (void)state;
    char card[4], square[4], input[256], path[] = "/tmp/alphadeck-play-rec-XXXXXX";
    first_play(3, card, square);
    temp_path(path);
    /* a square of another letter, a card not held, no square at all, gibberish */
    snprintf(input, sizeof input, "%s a1\nQ q9\nturn in\nplease win\n%s %s\nq\n", card, card,
             square);
    char *out = play("sequence --plain --players 2 --seed 3 --seat 1", input, path);
    expect(out, "a1 is the Apple (A)"); /* not the card's square */
    expect(out, "is not a square");
    expect(out, "Name one card");
    expect(out, "Type a card and a square");
    assert_int_equal(count(out, "You put"), 1);
    assert_int_equal(record_actions(path), 2); /* the good move and the bot's */
    unlink(path);
    free(out);
}

static void test_sequence_never_shows_another_seats_hand(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 3; seed++) {
        ad_table *t = same_table("sequence", 3, seed);
        json_t *god = ad_table_view_json(t, AD_GOD);
        char args[128], mine[64], theirs[64], line[80];
        snprintf(args, sizeof args, "sequence --plain --players 3 --seed %d --seat 1", seed);
        char *out = play(args, "\nboard\nq\n", NULL);
        cards_text(json_array_get(json_object_get(god, "hands"), 1), mine, sizeof mine);
        snprintf(line, sizeof line, "Your hand: %s\n", mine);
        expect(out, line);
        for (int s = 0; s < 3; s += 2) {
            /* the human (seat 1) moves first, so these are still the hands */
            cards_text(json_array_get(json_object_get(god, "hands"), (size_t)s), theirs,
                       sizeof theirs);
            if (strcmp(theirs, mine) != 0)
                expect_not(out, theirs);
        }
        free(out);
        json_decref(god);
        ad_table_free(t);
    }
}

/* -------------------------------------------------------------- Liar */

static void test_liar_plays_to_the_end(void **state)
{
    (void)state;
    char *out = play_auto("liar --plain --players 3 --seed 4");
    expect(out, "Scores:");
    free(out);
    free(play_auto("liar --plain --players 2 --seed 8 --seat 1 --target=10"));
}

/* Who starts a liar game of that seed, and the fresh hand they hold. */
static int liar_first(int players, int seed, char *hand, size_t len, json_t **cards)
{
    ad_table *t = same_table("liar", players, seed);
    json_t *god = ad_table_view_json(t, AD_GOD);
    int first = (int)json_integer_value(json_object_get(god, "first"));
    json_t *h = json_array_get(json_object_get(god, "hands"), (size_t)first);
    cards_text(h, hand, len);
    if (cards)
        *cards = json_incref(h);
    json_decref(god);
    ad_table_free(t);
    return first;
}

static void test_liar_takes_typed_words_and_answers(void **state)
{
    (void)state;
    char hand[64], args[128], input[128];
    json_t *cards;
    /* the human starts: they announce */
    int first = liar_first(3, 5, hand, sizeof hand, NULL);
    snprintf(args, sizeof args, "liar --plain --players 3 --seed 5 --seat %d", first);
    char *out = play(args, "cast\nq\n", NULL);
    expect(out, "You say to ");
    expect(out, ": \"cast.\"");
    free(out);
    /* the human is told a word: they accept and discard the first card */
    first = liar_first(3, 5, hand, sizeof hand, &cards);
    snprintf(args, sizeof args, "liar --plain --players 3 --seed 5 --seat %d", (first + 1) % 3);
    snprintf(input, sizeof input, "y\n%s\nq\n", json_string_value(json_array_get(cards, 0)));
    out = play(args, input, NULL);
    expect(out, "You accept the hand.");
    expect(out, "You discard a card face down.");
    expect(out, "You draw 2 cards.");
    json_decref(cards);
    free(out);
}

static void test_liar_bad_input_gets_words_and_changes_nothing(void **state)
{
    (void)state;
    char hand[64], args[128], path[] = "/tmp/alphadeck-play-rec-XXXXXX";
    temp_path(path);
    int first = liar_first(3, 5, hand, sizeof hand, NULL);
    snprintf(args, sizeof args, "liar --plain --players 3 --seed 5 --seat %d", first);
    char *out = play(args, "xqzt\ncan't\nbrightest\nsay quit\n", path);
    expect(out, "\"xqzt\" is not in the dictionary");
    expect(out, "A word is letters a-z only");
    expect(out, "at most 4 letters");
    expect(out, "You say to "); /* "quit" is a word too */
    expect(out, ": \"quit.\"");
    assert_true(record_actions(path) >= 1);
    json_t *rec = json_load_file(path, 0, NULL);
    json_t *a0 = json_object_get(json_array_get(json_object_get(rec, "actions"), 0), "action");
    assert_string_equal(json_string_value(json_object_get(a0, "word")), "quit");
    json_decref(rec);
    unlink(path);
    free(out);
    /* answering: neither yes nor no */
    snprintf(args, sizeof args, "liar --plain --players 3 --seed 5 --seat %d", (first + 1) % 3);
    out = play(args, "maybe\nq\n", NULL);
    expect(out, "Answer accept (y) to take the hand, or liar (n)");
    expect_not(out, "You accept");
    expect_not(out, "a liar");
    free(out);
}

static void test_liar_never_shows_a_hand_the_human_does_not_hold(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 4; seed++) {
        char hand[64], args[128];
        int first = liar_first(3, seed, hand, sizeof hand, NULL);
        /* the holder says a word to the human, who has not seen the hand */
        snprintf(args, sizeof args, "liar --plain --players 3 --seed %d --seat %d", seed,
                 (first + 1) % 3);
        char *out = play(args, "\nq\n", NULL);
        expect(out, "to you: accept or liar?");
        expect_not(out, "Your hand:");
        expect_not(out, hand);
        free(out);
    }
}

/* ------------------------------------------------------------- Shout */

/* --turn-ms: when the person's time for a turn runs out, the stand-in
 * plays for them (said on screen, marked "by":"bot" in the record), and a
 * line they type takes the seat back.  The input sends its first line
 * once the screen says the stand-in plays (the output is watched in a
 * file, at most 20 s), past 200 ms answers (a window's silence passes)
 * and a 200 ms turn (it brings the stand-in): a fixed wait of 1.5 s was
 * sometimes too short for a build under sanitizers on a busy machine, and
 * the line then came in a window, an answer.  The bots' pause (--pace)
 * keeps the game going while it waits. */
static void test_line_mode_turn_clock_lets_a_standin_move_and_back_takes_the_seat_back(void **state)
{
    (void)state;
    char path[] = "/tmp/alphadeck-play-turn-XXXXXX", cmd[1024], *out;
    temp_path(path);
    snprintf(cmd, sizeof cmd,
             "o=%s.out; (i=0; while ! grep -q 'Your time ran out' $o 2>/dev/null && "
             "[ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done; echo back; sleep 0.5; echo q) | "
             "timeout 30 %s play noway --plain --players 3 --seed 4 --turn-ms 200 "
             "--answer-ms 200 --pace 100 --save %s >$o 2>&1; rc=$?; cat $o; rm -f $o; exit $rc",
             path, BIN, path);
    assert_int_equal(tu_run(cmd, &out), 0);
    expect(out, "Your time ran out: the computer plays for you now. Type back");
    expect(out, "You are back in your seat.");
    free(out);
    /* the record marks the stand-in's moves, and `replay` reads it */
    json_t *rec = json_load_file(path, 0, NULL);
    assert_non_null(rec);
    const json_t *acts = json_object_get(rec, "actions");
    int by_bot = 0;
    for (size_t i = 0; i < json_array_size(acts); i++) {
        const json_t *a = json_array_get(acts, i);
        const char *by = json_string_value(json_object_get(a, "by"));
        if (by && strcmp(by, "bot") == 0) {
            by_bot++;
            assert_int_equal(json_integer_value(json_object_get(a, "seat")), 0);
        }
    }
    assert_true(by_bot >= 1);
    json_decref(rec);
    snprintf(cmd, sizeof cmd, "echo q | timeout 20 %s replay %s --plain 2>&1", BIN, path);
    assert_int_equal(tu_run(cmd, &out), 0);
    free(out);
    unlink(path);
}

/* Untimed by default: a person who waits (here 0.6 s) is never played for. */
static void test_line_mode_is_untimed_by_default(void **state)
{
    (void)state;
    char cmd[512], *out;
    snprintf(cmd, sizeof cmd,
             "(sleep 0.6; echo q) | timeout 30 %s play noway --plain --players 3 --seed 4 2>&1",
             BIN); /* the record goes to the tests' own XDG_DATA_HOME */
    assert_int_equal(tu_run(cmd, &out), 0);
    expect_not(out, "Your time ran out");
    free(out);
}

/* The clocks' options refuse what they cannot mean, with exit 2. */
static void test_bad_clock_options_are_refused_with_exit_2(void **state)
{
    (void)state;
    const char *bad[] = {"--turn-ms -1", "--turn-ms x", "--answer-ms 99999999", "--pace 70000",
                         "--standin nobody", "--standin aaaaaaaaaaaaaaaaaaaaaaa"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char cmd[512], *out;
        snprintf(cmd, sizeof cmd, "timeout 20 %s play noway --plain %s < /dev/null 2>&1", BIN,
                 bad[i]);
        int rc = tu_run(cmd, &out);
        if (rc != 2)
            fail_msg("`%s` exited %d, not 2:\n%s", cmd, rc, out);
        free(out);
    }
}

static void test_shout_plays_to_the_end(void **state)
{
    (void)state;
    char *out = play_auto("shout --plain --players 3 --seed 2");
    expect(out, "Points:");
    expect(out, "Round 3 is over.");
    free(out);
    free(play_auto("shout --plain --players 2 --seed 5 --seat 1 --bots random"));
}

static void test_shout_without_a_terminal_depends_only_on_seed_and_input(void **state)
{
    (void)state;
    const char *input = "\n\nauto\n\n\n\nauto\nauto\n\n\n\n\n\n\n\n\n\n\n\n\n\nq\n";
    const char *save = "/tmp/alphadeck-play-shout-same.json"; /* the same last line twice */
    char *one = play("shout --plain --players 3 --seed 7 --bots strong,basic", input, save);
    char *two = play("shout --plain --players 3 --seed 7 --bots strong,basic", input, save);
    unlink(save);
    assert_string_equal(one, two);
    free(one);
    free(two);
}

/* The first cards seat 0 (the first dealer) deals, lowercase ("th", "*"). */
static void shout_deck(int players, int seed, char faces[][4], int n)
{
    ad_table *t = same_table("shout", players, seed);
    json_t *god = ad_table_view_json(t, AD_GOD);
    for (int i = 0; i < n; i++) {
        const char *f = json_string_value(
            json_object_get(json_array_get(json_object_get(god, "deck"), (size_t)i), "card"));
        snprintf(faces[i], 4, "%s", f);
        for (char *c = faces[i]; *c; c++)
            *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    }
    json_decref(god);
    ad_table_free(t);
}

static void test_shout_finds_the_cards_of_a_typed_word(void **state)
{
    (void)state;
    /* seed 10 deals a double card (ED) among the first four */
    char faces[4][4], input[64], word[16] = "", said[96];
    shout_deck(2, 10, faces, 4);
    for (int i = 0; i < 4; i++)
        strcat(word, strcmp(faces[i], "*") == 0 ? "e" : faces[i]); /* a wild: any letter */
    /* the human deals four cards and shouts their letters (a word or not) */
    snprintf(input, sizeof input, "deal\ndeal\ndeal\ndeal\n%s\nq\n", word);
    char *out = play("shout --plain --players 2 --seed 10", input, NULL);
    for (char *c = word; *c; c++)
        *c = (char)(*c - 'a' + 'A');
    for (int i = 0; i < 4; i++)
        for (char *c = faces[i]; *c; c++)
            *c = (char)(*c >= 'a' ? *c - 'a' + 'A' : *c);
    snprintf(said, sizeof said, "You shout %s with %s, %s, %s and %s", word, faces[0], faces[1],
             faces[2], faces[3]);
    expect(out, said);
    snprintf(said, sizeof said, "You shout %s with ", word);
    expect(out, said);
    free(out);
}

static void test_shout_bad_words_get_words_and_change_nothing(void **state)
{
    (void)state;
    char faces[1][4], input[128], path[] = "/tmp/alphadeck-play-rec-XXXXXX";
    temp_path(path);
    shout_deck(3, 9, faces, 1);
    snprintf(input, sizeof input, "deal\ncat\n%s\npass\nrain!\nq\n",
             strcmp(faces[0], "*") == 0 ? "e" : faces[0]);
    char *out = play("shout --plain --players 3 --seed 9", input, path);
    expect(out, "The table cannot spell \"cat\".");
    if (strlen(faces[0]) == 1)
        expect(out, "takes only 1 card here; a word needs 3.");
    expect(out, "You may pass only in the final window");
    expect(out, "A word is letters a-z only");
    assert_int_equal(record_actions(path), 1); /* the deal */
    unlink(path);
    free(out);
    /* another seat deals */
    out = play("shout --plain --players 3 --seed 9 --seat 1", "\ndeal\nq\n", NULL);
    expect(out, "Ann deals this round, not you.");
    free(out);
}

static void test_shout_never_shows_the_deck(void **state)
{
    (void)state;
    char faces[2][4], line[32];
    shout_deck(3, 9, faces, 2);
    char *out = play("shout --plain --players 3 --seed 9", "deal\nq\n", NULL);
    assert_int_equal(count(out, "The dealer turns up"), 1);
    snprintf(line, sizeof line, "Table: %s\n", faces[0]);
    for (char *c = line + 7; *c; c++)
        *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
    expect(out, line);
    free(out);
}

/* Stopped by a signal (a kill here; Ctrl-C is the same in a terminal), the
 * game is left as with q: its record is written, and the exit status says
 * which signal stopped it. */
static void test_a_game_stopped_by_a_signal_keeps_its_record(void **state)
{
    (void)state;
    char dir[] = "/tmp/alphadeck-stop-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char cmd[2048], *out;
    /* stdin is a FIFO opened for reading and writing: it never ends, so the
     * game waits for the player until the signal comes */
    snprintf(cmd, sizeof cmd,
             "d=%s; mkfifo $d/in && { %s play noway --plain --seed 5 --save $d/game.json "
             "0<>$d/in >$d/out 2>&1 & pid=$!; i=0; "
             "until grep -q 'Type help' $d/out || [ $i -ge 200 ]; do sleep 0.05; i=$((i+1)); done; "
             "kill -TERM $pid; wait $pid; echo \"exit $?\" >>$d/out; cat $d/out; }",
             dir, BIN);
    tu_run(cmd, &out);
    char path[64], told[128];
    snprintf(path, sizeof path, "%s/game.json", dir);
    snprintf(told, sizeof told, "The game's record is in %s.", path);
    expect(out, "Game left unfinished.");
    expect(out, told);
    expect(out, "exit 143");
    record_actions(path); /* a record that loads */
    free(out);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(tu_system(cmd), 0);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static void nap_ms(int ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Whether the screen's last text is a Shout prompt and then typed. */
static int ends_with_prompt(const char *screen, const char *typed)
{
    char want[64];
    snprintf(want, sizeof want, "(Enter waits)> %s", typed);
    size_t n = strlen(screen), k = strlen(want);
    while (n && (screen[n - 1] == '\n' || screen[n - 1] == ' '))
        n--;
    return n >= k && strncmp(screen + n - k, want, k) == 0;
}

static void fail_shown(const char *why, const char *screen)
{
    size_t n = strlen(screen);
    fprintf(stderr, "%s; the screen:\n%s\n", why, screen + (n > 2000 ? n - 2000 : 0));
    fail();
}

/* Line-mode Shout in a real terminal (a tmux pane of 80x24): a card dealt
 * while the person types comes on a line of its own, never inside what
 * they typed, and what they typed is shown again after it, still theirs to
 * finish: Backspace and Enter then work on the whole line. */
static void test_shout_in_a_terminal_never_prints_a_card_inside_a_half_typed_word(void **state)
{
    (void)state;
    char sock[64], cmd[1024], *screen = NULL;
    snprintf(sock, sizeof sock, "alphadeck-play-test-%d", (int)getpid());
    /* seed 3: the human deals, a card every 700 ms; the pane (and its tmux
     * server) ends with the game, within 60 s */
    snprintf(cmd, sizeof cmd,
             "tmux -L %s -f /dev/null new-session -d -s play -x 80 -y 24 "
             "'timeout --foreground -k 5 60 %s play shout --plain --players 2 --seed 3 "
             "--deal_ms=700 --save /tmp/%s.json'",
             sock, BIN, sock);
    assert_int_equal(tu_system(cmd), 0);
    snprintf(cmd, sizeof cmd, "tmux -L %s capture-pane -p -S - -t play", sock); /* and history */
    for (int i = 0; i < 100; i++) { /* the game's first prompt */
        nap_ms(50);
        free(screen);
        tu_run(cmd, &screen);
        if (strstr(screen, "(Enter waits)> "))
            break;
    }
    char keys[160];
    snprintf(keys, sizeof keys, "tmux -L %s send-keys -t play z q x", sock);
    assert_int_equal(tu_system(keys), 0);
    /* two cards dealt while "zqx" waits, and the screen drawn again */
    int dealt = count(screen, "The dealer turns up"), ok = 0;
    for (int i = 0; i < 200 && !ok; i++) {
        nap_ms(50);
        free(screen);
        tu_run(cmd, &screen);
        ok = count(screen, "The dealer turns up") >= dealt + 2 &&
             ends_with_prompt(screen, "zqx");
    }
    if (!ok)
        fail_shown("the typed text is not shown again after the cards", screen);
    /* every card on a line of its own */
    for (const char *at = strstr(screen, "The dealer"); at; at = strstr(at + 1, "The dealer"))
        if (at != screen && at[-1] != '\n')
            fail_shown("a card inside a line", screen);
    /* the line is still being edited: rub out the x, finish it, Enter */
    snprintf(keys, sizeof keys, "tmux -L %s send-keys -t play BSpace Enter", sock);
    assert_int_equal(tu_system(keys), 0);
    for (int i = 0; i < 100 && !strstr(screen, "\"zq\""); i++) {
        nap_ms(50);
        free(screen);
        tu_run(cmd, &screen);
    }
    /* the word was "zq", whatever the table says of it */
    const char *sent = strstr(screen, "(Enter waits)> zq\n");
    if (!sent || !strstr(sent, "\"zq\""))
        fail_shown("the edited line was not \"zq\"", screen);
    free(screen);
    snprintf(cmd, sizeof cmd, "tmux -L %s kill-server; rm -f /tmp/%s.json", sock, sock);
    tu_system(cmd);
}

/* ------------------------------------------- stopped at any moment */

/* `alphadeck play ARGS...` with these as its stdin and its stdout and
 * stderr; the caller waits for it with end_within. */
static pid_t start_game(int in, int out, const char *const *args)
{
    const char *argv[32] = {BIN, "play"};
    int n = 2;
    while (*args && n < 31)
        argv[n++] = *args++;
    argv[n] = NULL;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(in, 0);
        dup2(out, 1);
        dup2(out, 2);
        execv(BIN, (char *const *)argv);
        _exit(127);
    }
    return pid;
}

/* Waits up to ms for pid to end, reading what it writes to drain (a
 * non-blocking fd, or -1) into out; *status as waitpid's.  This is the
 * time limit of the child: past it, it is killed and 0 is returned. */
static int end_within(pid_t pid, int ms, int *status, int drain, char *out, size_t len)
{
    double end = now_ms() + ms;
    size_t have = out ? strlen(out) : 0;
    for (;;) {
        if (drain >= 0 && out) {
            ssize_t got;
            while (have + 1 < len && (got = read(drain, out + have, len - have - 1)) > 0)
                out[have += (size_t)got] = 0;
        }
        if (waitpid(pid, status, WNOHANG) == pid)
            return 1;
        if (now_ms() > end) {
            kill(pid, SIGKILL);
            waitpid(pid, status, 0);
            return 0;
        }
        nap_ms(5);
    }
}

/* What the process waits in ("pipe_write", "do_select"...), "" if unknown. */
static void wchan(pid_t pid, char *buf, size_t len)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/wchan", (int)pid);
    FILE *f = fopen(path, "r");
    buf[0] = 0;
    if (f) {
        if (!fgets(buf, (int)len, f))
            buf[0] = 0;
        fclose(f);
    }
}

/* A signal that lands while the game is writing its prompt, just before it
 * waits for the line, ends the game all the same: the wait wakes on it.
 * Its output is a FIFO filled to the brim, so writing the prompt blocks
 * there, and only the signal ends that write. */
static void test_a_signal_just_before_the_wait_for_a_line_is_never_lost(void **state)
{
    (void)state;
    char dir[] = "/tmp/alphadeck-stop-XXXXXX", in[64], outp[64], rec[64];
    assert_non_null(mkdtemp(dir));
    snprintf(in, sizeof in, "%s/in", dir);
    snprintf(outp, sizeof outp, "%s/out", dir);
    snprintf(rec, sizeof rec, "%s/game.json", dir);
    assert_int_equal(mkfifo(in, 0600), 0);
    assert_int_equal(mkfifo(outp, 0600), 0);
    int infd = open(in, O_RDWR); /* input that never comes and never ends */
    int outfd = open(outp, O_RDWR | O_NONBLOCK);
    int drain = open(outp, O_RDONLY | O_NONBLOCK);
    assert_true(infd >= 0 && outfd >= 0 && drain >= 0);
    char junk[4096];
    memset(junk, '.', sizeof junk);
    while (write(outfd, junk, sizeof junk) > 0 || write(outfd, junk, 1) > 0)
        ; /* full */
    fcntl(outfd, F_SETFL, fcntl(outfd, F_GETFL) & ~O_NONBLOCK);
    const char *args[] = {"noway", "--plain", "--seed", "5", "--save", rec, NULL};
    pid_t pid = start_game(infd, outfd, args);
    char where[64] = "";
    for (int i = 0; i < 1000 && !strstr(where, "pipe_write"); i++) {
        nap_ms(5);
        wchan(pid, where, sizeof where);
    }
    kill(pid, SIGTERM);
    nap_ms(200); /* the write returns for the signal, not for room */
    static char out[1 << 20];
    out[0] = 0;
    int status = 0;
    if (!end_within(pid, 10000, &status, drain, out, sizeof out))
        fail_msg("the game did not end within 10 s of its SIGTERM (it was in %s)", where);
    close(infd);
    close(outfd);
    close(drain);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 128 + SIGTERM);
    expect(out, "Game left unfinished.");
    record_actions(rec);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(tu_system(cmd), 0);
}

/* Twenty games killed at twenty moments: while the bots and `auto` move,
 * while the game waits for a line, just after a line came.  Each ends
 * within a few seconds with 128+15 and keeps its record. */
static void test_a_game_stopped_by_a_signal_at_any_moment_ends_promptly_with_its_record(
    void **state)
{
    (void)state;
    char dir[] = "/tmp/alphadeck-stop-XXXXXX", in[64], outp[64], rec[64], seed[8];
    assert_non_null(mkdtemp(dir));
    snprintf(in, sizeof in, "%s/in", dir);
    assert_int_equal(mkfifo(in, 0600), 0);
    double slowest = 0;
    for (int i = 0; i < 20; i++) {
        snprintf(outp, sizeof outp, "%s/out%d", dir, i);
        snprintf(rec, sizeof rec, "%s/game%d.json", dir, i);
        snprintf(seed, sizeof seed, "%d", i + 1);
        int infd = open(in, O_RDWR), outfd = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        assert_true(infd >= 0 && outfd >= 0);
        const char *args[] = {i % 2 ? "doubt" : "noway", "--plain", "--players", "4", "--seed",
                              seed, "--save", rec, NULL};
        pid_t pid = start_game(infd, outfd, args);
        /* the signals are caught once "Type help" is out */
        char *out = NULL;
        for (int k = 0; k < 2000; k++) {
            free(out);
            FILE *f = fopen(outp, "r");
            out = calloc(1, 1 << 16);
            if (f) {
                size_t got = fread(out, 1, (1 << 16) - 1, f);
                out[got] = 0;
                fclose(f);
            }
            if (strstr(out, "Type help"))
                break;
            nap_ms(5);
        }
        free(out);
        /* 0 to 15 moves of `auto` to make (a game lasts longer), then 0 to
         * 40 ms before the kill */
        for (int k = 0; k < (i % 4) * 5; k++)
            assert_int_equal(write(infd, "auto\n", 5), 5);
        nap_ms((i * 7) % 41);
        double t0 = now_ms();
        kill(pid, SIGTERM);
        int status = 0;
        if (!end_within(pid, 5000, &status, -1, NULL, 0))
            fail_msg("game %d did not end within 5 s of its SIGTERM", i);
        double took = now_ms() - t0;
        slowest = took > slowest ? took : slowest;
        close(infd);
        close(outfd);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 128 + SIGTERM)
            fail_msg("game %d: status %#x, not an exit with 143", i, status);
        record_actions(rec);
    }
    printf("slowest end after a SIGTERM: %.1f ms\n", slowest);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(tu_system(cmd), 0);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_play PATH/TO/alphadeck\n");
        return 2;
    }
    BIN = argv[1];
    /* the games played here are saved: never into the real home */
    char data[] = "/tmp/alphadeck-play-data-XXXXXX";
    if (!mkdtemp(data) || setenv("XDG_DATA_HOME", data, 1) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_claim_game_plays_to_the_end),
        cmocka_unit_test(test_claim_game_bad_play_gets_words_and_changes_nothing),
        cmocka_unit_test(test_a_challenge_answer_not_understood_is_asked_again_never_taken_as_no),
        cmocka_unit_test(test_each_claim_games_help_lists_exactly_its_own_commands),
        cmocka_unit_test(test_the_opponents_and_auto_play_at_basic_by_default),
        cmocka_unit_test(test_a_save_place_that_cannot_be_written_is_refused_before_the_first_move),
        cmocka_unit_test(test_the_turn_counter_never_passes_the_turn_limit),
        cmocka_unit_test(test_sequence_plays_to_the_end),
        cmocka_unit_test(test_sequence_takes_a_typed_card_and_square),
        cmocka_unit_test(test_sequence_bad_moves_get_words_and_change_nothing),
        cmocka_unit_test(test_sequence_never_shows_another_seats_hand),
        cmocka_unit_test(test_liar_plays_to_the_end),
        cmocka_unit_test(test_liar_takes_typed_words_and_answers),
        cmocka_unit_test(test_liar_bad_input_gets_words_and_changes_nothing),
        cmocka_unit_test(test_liar_never_shows_a_hand_the_human_does_not_hold),
        cmocka_unit_test(test_line_mode_turn_clock_lets_a_standin_move_and_back_takes_the_seat_back),
        cmocka_unit_test(test_line_mode_is_untimed_by_default),
        cmocka_unit_test(test_bad_clock_options_are_refused_with_exit_2),
        cmocka_unit_test(test_shout_plays_to_the_end),
        cmocka_unit_test(test_shout_without_a_terminal_depends_only_on_seed_and_input),
        cmocka_unit_test(test_shout_finds_the_cards_of_a_typed_word),
        cmocka_unit_test(test_shout_bad_words_get_words_and_change_nothing),
        cmocka_unit_test(test_shout_never_shows_the_deck),
        cmocka_unit_test(test_shout_in_a_terminal_never_prints_a_card_inside_a_half_typed_word),
        cmocka_unit_test(test_a_game_stopped_by_a_signal_keeps_its_record),
        cmocka_unit_test(test_a_signal_just_before_the_wait_for_a_line_is_never_lost),
        cmocka_unit_test(test_a_game_stopped_by_a_signal_at_any_moment_ends_promptly_with_its_record),
    };
    int rc = cmocka_run_group_tests_name("play in plain line mode", tests, NULL, NULL);
    char rm[128];
    snprintf(rm, sizeof rm, "rm -rf %s", data);
    if (tu_system(rm) != 0)
        rc = rc ? rc : 1;
    return rc;
}
