/*
 * test_play.c - `alphadeck play --plain` for every game, as a person types
 * it: games played to the end, typed moves, bad moves that change nothing,
 * and no card of another seat ever printed.  The same seed gives the same
 * deal in the library, so a test can look at the hidden cards it must not
 * see.  Usage: test_play PATH/TO/alphadeck
 */
#include <sys/wait.h>
#include <unistd.h>

#include "../testutil.h"

static const char *BIN;

/* Runs `sh -c cmd`, returns its exit status and its output (caller frees). */
static int run(const char *cmd, char **out)
{
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 1024) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
    }
    buf[n] = 0;
    int status = pclose(f);
    *out = buf;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

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
    int rc = run(cmd, &out);
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
    assert_int_equal(run(cmd, &out), 0);
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
    run(cmd, &out);
    char path[64], told[128];
    snprintf(path, sizeof path, "%s/game.json", dir);
    snprintf(told, sizeof told, "The game's record is in %s.", path);
    expect(out, "Game left unfinished.");
    expect(out, told);
    expect(out, "exit 143");
    record_actions(path); /* a record that loads */
    free(out);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
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
        cmocka_unit_test(test_sequence_plays_to_the_end),
        cmocka_unit_test(test_sequence_takes_a_typed_card_and_square),
        cmocka_unit_test(test_sequence_bad_moves_get_words_and_change_nothing),
        cmocka_unit_test(test_sequence_never_shows_another_seats_hand),
        cmocka_unit_test(test_liar_plays_to_the_end),
        cmocka_unit_test(test_liar_takes_typed_words_and_answers),
        cmocka_unit_test(test_liar_bad_input_gets_words_and_changes_nothing),
        cmocka_unit_test(test_liar_never_shows_a_hand_the_human_does_not_hold),
        cmocka_unit_test(test_shout_plays_to_the_end),
        cmocka_unit_test(test_shout_without_a_terminal_depends_only_on_seed_and_input),
        cmocka_unit_test(test_shout_finds_the_cards_of_a_typed_word),
        cmocka_unit_test(test_shout_bad_words_get_words_and_change_nothing),
        cmocka_unit_test(test_shout_never_shows_the_deck),
        cmocka_unit_test(test_a_game_stopped_by_a_signal_keeps_its_record),
    };
    int rc = cmocka_run_group_tests_name("play in plain line mode", tests, NULL, NULL);
    char rm[128];
    snprintf(rm, sizeof rm, "rm -rf %s", data);
    if (system(rm) != 0)
        rc = rc ? rc : 1;
    return rc;
}
