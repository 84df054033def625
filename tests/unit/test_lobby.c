/*
 * test_lobby.c - the server's lobby (src/server/lobby.c and the files of
 * its jobs) driven alone: frames in through lobby_request, frames out read
 * from each connection, the pass's end (lobby_flush) run by the test, the
 * store on an in-memory SQLite database, and net.c and the workers stubbed
 * (tests/server_stub.c) with a clock the test moves.  Each test is named
 * after the promise it checks.
 */
#include <unistd.h>

#include <sqlite3.h>

#include "../testutil.h"
#include "../server_stub.h"

typedef struct fixture {
    char path[64]; /* the store's database file ("": in memory) */
    store *st;
    lobby *l;
    conn *c[3];
} fixture;

/* A lobby on a store in memory, or (on_file) in a database file of its own. */
static int setup_store(void **state, int on_file)
{
    fixture *f = calloc(1, sizeof *f);
    if (on_file) {
        snprintf(f->path, sizeof f->path, "/tmp/test_lobby_XXXXXX");
        close(mkstemp(f->path));
    }
    f->l = ad_stub_lobby(on_file ? f->path : ":memory:", &f->st);
    assert_non_null(f->l);
    for (int i = 0; i < 3; i++) {
        f->c[i] = calloc(1, sizeof *f->c[i]);
        f->c[i]->got = json_array();
        snprintf(f->c[i]->ls.addr, sizeof f->c[i]->ls.addr, "10.0.0.%d", i + 1);
    }
    *state = f;
    return 0;
}

static int setup(void **state)
{
    return setup_store(state, 0);
}

static int setup_file(void **state)
{
    return setup_store(state, 1);
}

static int teardown(void **state)
{
    fixture *f = *state;
    for (int i = 0; i < 3; i++)
        lobby_conn_gone(f->l, f->c[i]);
    ad_stub_lobby_close(f->l, f->st);
    if (f->path[0]) { /* the file and SQLite's write-ahead log beside it */
        char side[80];
        unlink(f->path);
        snprintf(side, sizeof side, "%s-wal", f->path);
        unlink(side);
        snprintf(side, sizeof side, "%s-shm", f->path);
        unlink(side);
    }
    for (int i = 0; i < 3; i++) {
        json_decref(f->c[i]->got);
        free(f->c[i]);
    }
    free(f);
    return 0;
}

/* The first frame c got that is not a push (NULL: none yet), borrowed. */
static json_t *answer_got(conn *c)
{
    size_t i;
    json_t *j;
    json_array_foreach(c->got, i, j) {
        if (!json_object_get(j, "push"))
            return j;
    }
    return NULL;
}

/* Sends one frame (JSON text) from c, ends the pass, and returns the answer
 * to it (a new reference): the first frame c got that is not a push. */
static json_t *ask(lobby *l, conn *c, const char *text)
{
    json_array_clear(c->got);
    lobby_request(l, c, text, strlen(text));
    lobby_flush(l);
    json_t *j = answer_got(c);
    if (!j)
        fail_msg("no answer to %s", text);
    return json_incref(j);
}

/* The answer's refusal code ("" when it was accepted); frees the answer. */
static char *code_of(json_t *r, char *buf, size_t n)
{
    const char *code = json_string_value(json_object_get(r, "code"));
    snprintf(buf, n, "%s", json_is_true(json_object_get(r, "ok")) ? "" : code ? code : "?");
    json_decref(r);
    return buf;
}

#define ASK_CODE(l, c, text) code_of(ask((l), (c), (text)), (char[64]){0}, 64)

/* An integer field of the answer; frees the answer. */
static json_int_t int_of(json_t *r, const char *key)
{
    if (!json_is_true(json_object_get(r, "ok")))
        fail_msg("refused: %s", json_string_value(json_object_get(r, "error")));
    json_int_t v = json_integer_value(json_object_get(r, key));
    json_decref(r);
    return v;
}

static void hello(lobby *l, conn *c, const char *name)
{
    char text[128];
    snprintf(text, sizeof text, "{\"cmd\":\"hello\",\"name\":\"%s\"}", name);
    assert_true(int_of(ask(l, c, text), "player") > 0);
}

/* A game of no way for two, its seats open; made by c, which sits at 0. */
static json_int_t two_seats(lobby *l, conn *c)
{
    return int_of(ask(l, c, "{\"cmd\":\"create\",\"game\":\"noway\",\"players\":2,"
                            "\"seats\":[\"open\",\"open\"],\"bot_pause_ms\":0}"),
                  "table");
}

static void a_command_not_in_the_list_gets_unknown_cmd(void **state)
{
    fixture *f = *state;
    json_t *r = ask(f->l, f->c[0], "{\"cmd\":\"frobnicate\",\"rid\":7}");
    assert_string_equal(json_string_value(json_object_get(r, "code")), "unknown_cmd");
    assert_int_equal(json_integer_value(json_object_get(r, "rid")), 7);
    /* the list in its words is the commands a client may send */
    assert_string_equal(json_string_value(json_object_get(r, "error")),
                        "the commands are hello, create, tables, join, watch, act, sync, leave, "
                        "rematch, rematch_answer, react, say, quick, hint, learn, learn_next");
    json_decref(r);
    assert_string_equal(ASK_CODE(f->l, f->c[0], "{\"cmd\":\"state\"}"), "forbidden");
}

static void every_command_but_hello_needs_a_hello_first(void **state)
{
    fixture *f = *state;
    assert_string_equal(ASK_CODE(f->l, f->c[0], "{\"cmd\":\"tables\"}"), "no_hello");
    assert_string_equal(ASK_CODE(f->l, f->c[0], "{\"cmd\":\"join\",\"table\":1}"), "no_hello");
    hello(f->l, f->c[0], "Ann");
    assert_string_equal(ASK_CODE(f->l, f->c[0], "{\"cmd\":\"tables\"}"), "");
}

static void a_hello_with_a_bad_token_is_refused_and_changes_nothing(void **state)
{
    fixture *f = *state;
    hello(f->l, f->c[0], "Ann");
    int64_t ann = f->c[0]->ls.player;
    assert_string_equal(ASK_CODE(f->l, f->c[0], "{\"cmd\":\"hello\",\"name\":\"Bob\",\"token\":\"zz\"}"),
                        "bad_token");
    assert_string_equal(
        ASK_CODE(f->l, f->c[0], "{\"cmd\":\"hello\",\"name\":\"Bob\",\"token\":"
                                "\"00000000000000000000000000000000\"}"),
        "bad_token");
    assert_int_equal(f->c[0]->ls.player, ann);
    assert_string_equal(f->c[0]->ls.name, "Ann");
    /* a connection that said no good hello is still nobody */
    assert_string_equal(ASK_CODE(f->l, f->c[1], "{\"cmd\":\"hello\",\"name\":\"Cy\",\"token\":"
                                                "\"0123456789abcdef0123456789abcdef\"}"),
                        "bad_token");
    assert_int_equal(f->c[1]->ls.player, 0);
    assert_string_equal(ASK_CODE(f->l, f->c[1], "{\"cmd\":\"tables\"}"), "no_hello");
}

static void a_hello_with_its_token_is_the_same_player_again(void **state)
{
    fixture *f = *state;
    json_t *r = ask(f->l, f->c[0], "{\"cmd\":\"hello\",\"name\":\"Ann\"}");
    char again[160];
    snprintf(again, sizeof again, "{\"cmd\":\"hello\",\"name\":\"Ann\",\"token\":\"%s\"}",
             json_string_value(json_object_get(r, "token")));
    json_int_t ann = int_of(r, "player");
    assert_int_equal(int_of(ask(f->l, f->c[1], again), "player"), ann);
}

static void a_field_of_the_wrong_type_gets_bad_field_with_the_limit_in_words(void **state)
{
    fixture *f = *state;
    hello(f->l, f->c[0], "Ann");
    json_t *r = ask(f->l, f->c[0], "{\"cmd\":\"hello\",\"name\":7}");
    assert_string_equal(json_string_value(json_object_get(r, "code")), "bad_field");
    assert_string_equal(json_string_value(json_object_get(r, "error")),
                        "a name is text: 1 to 24 characters");
    json_decref(r);
    assert_string_equal(ASK_CODE(f->l, f->c[0], "{\"cmd\":\"join\",\"table\":\"one\"}"),
                        "bad_field");
}

static void a_seat_belongs_to_one_player(void **state)
{
    fixture *f = *state;
    hello(f->l, f->c[0], "Ann");
    hello(f->l, f->c[1], "Bob");
    hello(f->l, f->c[2], "Cy");
    json_int_t t = two_seats(f->l, f->c[0]);
    char text[160];
    /* Ann sits at seat 0: nobody else takes it */
    snprintf(text, sizeof text, "{\"cmd\":\"join\",\"table\":%lld,\"seat\":0}", (long long)t);
    assert_string_equal(ASK_CODE(f->l, f->c[1], text), "seat_taken");
    snprintf(text, sizeof text, "{\"cmd\":\"join\",\"table\":%lld}", (long long)t);
    assert_int_equal(int_of(ask(f->l, f->c[1], text), "seat"), 1); /* the game starts */
    /* a spectator's act, whoever's turn it is, is refused */
    snprintf(text, sizeof text, "{\"cmd\":\"watch\",\"table\":%lld}", (long long)t);
    assert_string_equal(ASK_CODE(f->l, f->c[2], text), "");
    snprintf(text, sizeof text,
             "{\"cmd\":\"act\",\"table\":%lld,\"action\":{\"type\":\"pass\"}}", (long long)t);
    assert_string_equal(ASK_CODE(f->l, f->c[2], text), "not_seated");
    /* and a full table takes no third player */
    snprintf(text, sizeof text, "{\"cmd\":\"join\",\"table\":%lld}", (long long)t);
    assert_string_equal(ASK_CODE(f->l, f->c[2], text), "table_full");
}

static void an_empty_waiting_table_closes_after_the_expiry_time(void **state)
{
    fixture *f = *state;
    hello(f->l, f->c[0], "Ann");
    hello(f->l, f->c[1], "Bob");
    json_int_t t = two_seats(f->l, f->c[0]);
    char text[160];
    snprintf(text, sizeof text, "{\"cmd\":\"leave\",\"table\":%lld}", (long long)t);
    assert_string_equal(ASK_CODE(f->l, f->c[0], text), "");
    const char *waiting = "{\"cmd\":\"tables\",\"status\":\"waiting\"}";
    ad_stub_advance(f->l, (int64_t)SRV_WAITING_EXPIRE_S * 1000 - 1000);
    json_t *r = ask(f->l, f->c[1], waiting);
    assert_int_equal(json_array_size(json_object_get(r, "tables")), 1);
    json_decref(r);
    ad_stub_advance(f->l, 1000);
    r = ask(f->l, f->c[1], waiting);
    assert_int_equal(json_array_size(json_object_get(r, "tables")), 0);
    json_decref(r);
    snprintf(text, sizeof text, "{\"cmd\":\"join\",\"table\":%lld}", (long long)t);
    r = ask(f->l, f->c[1], text);
    assert_string_equal(json_string_value(json_object_get(r, "code")), "unknown_table");
    assert_string_equal(json_string_value(json_object_get(r, "error")), SRV_CLOSED_WORDS);
    json_decref(r);
}

static void a_waiting_table_someone_sits_at_does_not_close(void **state)
{
    fixture *f = *state;
    hello(f->l, f->c[0], "Ann");
    json_int_t t = two_seats(f->l, f->c[0]);
    ad_stub_advance(f->l, (int64_t)SRV_WAITING_EXPIRE_S * 1000 * 3);
    char text[160];
    snprintf(text, sizeof text, "{\"cmd\":\"watch\",\"table\":%lld}", (long long)t);
    assert_string_equal(ASK_CODE(f->l, f->c[0], text), "");
}

static void one_connection_is_at_so_many_tables_and_is_told_how_many(void **state)
{
    fixture *f = *state;
    lobby_limits lim = lobby_limits_default();
    lim.waiting_per_player = lim.waiting_per_address = 1000; /* this limit, not those */
    lobby_set_limits(f->l, &lim);
    hello(f->l, f->c[0], "Ann");
    for (int i = 0; i < SRV_CONN_TABLES; i++)
        two_seats(f->l, f->c[0]);
    json_t *r = ask(f->l, f->c[0], "{\"cmd\":\"create\",\"game\":\"noway\",\"players\":2,"
                                   "\"seats\":[\"open\",\"open\"]}");
    assert_string_equal(json_string_value(json_object_get(r, "code")), "too_many_tables");
    char words[128];
    snprintf(words, sizeof words, "one connection may be at %d tables at once; leave one first",
             SRV_CONN_TABLES);
    assert_string_equal(json_string_value(json_object_get(r, "error")), words);
    json_decref(r);
}

/* The last frame c got that is a push of that kind (NULL: none), borrowed. */
static json_t *last_push(conn *c, const char *kind)
{
    json_t *found = NULL;
    size_t i;
    json_t *j;
    json_array_foreach(c->got, i, j) {
        const char *p = json_string_value(json_object_get(j, "push"));
        if (p && strcmp(p, kind) == 0)
            found = j;
    }
    return found;
}

/* A game of no way begun between Ann (c[0]) and Bob (c[1]): its number,
 * and whose turn it is (*mover) and not (*other). */
static json_int_t begun(fixture *f, conn **mover, conn **other)
{
    hello(f->l, f->c[0], "Ann");
    hello(f->l, f->c[1], "Bob");
    json_int_t t = two_seats(f->l, f->c[0]);
    char text[128];
    snprintf(text, sizeof text, "{\"cmd\":\"join\",\"table\":%lld}", (long long)t);
    json_t *r = ask(f->l, f->c[1], text);
    int turn = (int)json_integer_value(json_array_get(json_object_get(r, "asked"), 0));
    json_decref(r);
    *mover = f->c[turn];
    *other = f->c[1 - turn];
    return t;
}

/* A legal act of the mover's, as a frame with rid "a" (caller frees): its
 * first card, saying the call, from a sync of its view. */
static char *first_card_act(fixture *f, json_int_t t, conn *mover)
{
    char text[128];
    snprintf(text, sizeof text, "{\"cmd\":\"sync\",\"table\":%lld,\"v\":0}", (long long)t);
    assert_string_equal(ASK_CODE(f->l, mover, text), "");
    json_t *view = json_object_get(last_push(mover, "update"), "view");
    char *card = json_dumps(json_array_get(json_object_get(view, "hand"), 0), JSON_ENCODE_ANY);
    char *call = json_dumps(json_object_get(view, "call"), JSON_ENCODE_ANY);
    char *act = malloc(256);
    snprintf(act, 256,
             "{\"cmd\":\"act\",\"table\":%lld,\"rid\":\"a\",\"action\":{\"type\":\"play\","
             "\"cards\":[%s],\"say\":%s}}",
             (long long)t, card, call);
    free(card);
    free(call);
    return act;
}

/* A game begun (begun) and its mover's first act taken, in a pass not yet
 * ended: nothing stored, nothing sent (got emptied before it). */
static json_int_t first_act_taken(fixture *f, conn **mover, conn **other)
{
    json_int_t t = begun(f, mover, other);
    char *act = first_card_act(f, t, *mover);
    json_array_clear((*mover)->got);
    json_array_clear((*other)->got);
    lobby_request(f->l, *mover, act, strlen(act));
    free(act);
    return t;
}

static void an_act_is_acknowledged_only_after_its_pass_is_stored(void **state)
{
    fixture *f = *state;
    conn *mover, *other;
    first_act_taken(f, &mover, &other);
    assert_int_equal(json_array_size(mover->got), 0); /* nothing before the commit */
    assert_int_equal(json_array_size(other->got), 0);
    lobby_flush(f->l);
    json_t *ack = json_array_get(mover->got, 0);
    assert_true(json_is_true(json_object_get(ack, "ok")));
    assert_int_equal(json_integer_value(json_object_get(ack, "v")), 1);
    assert_string_equal(json_string_value(json_object_get(ack, "rid")), "a");
    assert_int_equal(json_integer_value(json_object_get(last_push(other, "update"), "v")), 1);
}

static void an_act_whose_pass_is_not_stored_is_refused_and_never_happened(void **state)
{
    fixture *f = *state;
    conn *mover, *other;
    json_int_t t = begun(f, &mover, &other);
    char *act = first_card_act(f, t, mover);
    /* another writer holds the database: the pass's commit cannot begin */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    json_array_clear(mover->got);
    json_array_clear(other->got);
    lobby_request(f->l, mover, act, strlen(act));
    lobby_flush(f->l);
    json_t *no = json_array_get(mover->got, 0);
    assert_string_equal(json_string_value(json_object_get(no, "code")), "store_failed");
    assert_string_equal(json_string_value(json_object_get(no, "rid")), "a");
    /* everyone is sent back to what is stored: version 0 */
    json_t *back = last_push(other, "update");
    assert_true(json_is_true(json_object_get(back, "sync")));
    assert_int_equal(json_integer_value(json_object_get(back, "v")), 0);
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db);
    /* the same act again is made, as the first of the game */
    json_t *r = ask(f->l, mover, act);
    assert_int_equal(int_of(r, "v"), 1);
    free(act);
}

/* The frames c got that are a push of that kind or an answer (push NULL),
 * in order, as "update v1", "update v1 sync", "answer v1". */
static void frames_of(conn *c, char *out, size_t n)
{
    size_t i, k = 0;
    json_t *j;
    out[0] = 0;
    json_array_foreach(c->got, i, j) {
        const char *p = json_string_value(json_object_get(j, "push"));
        if (p && strcmp(p, "update") != 0)
            continue;
        k += (size_t)snprintf(out + k, n - k, "%s%s v%lld%s", k ? ", " : "", p ? p : "answer",
                              (long long)json_integer_value(json_object_get(j, "v")),
                              json_is_true(json_object_get(j, "sync")) ? " sync" : "");
        if (k >= n)
            break;
    }
}

/* Promise (docs/server.md, "The group commit's pace"): a request that
 * tells a table (a sync, a watch) is answered from what is stored and
 * pushed.  A sync that comes in the pass of a step, before its commit, is
 * answered after the step is stored and its update sent: the step's
 * update first, then the sync's. */
static void a_sync_in_the_pass_of_a_step_is_answered_after_the_step_is_stored_and_pushed(
    void **state)
{
    fixture *f = *state;
    conn *mover, *other;
    json_int_t t = first_act_taken(f, &mover, &other);
    char text[128], got[256];
    snprintf(text, sizeof text, "{\"cmd\":\"sync\",\"table\":%lld,\"v\":0}", (long long)t);
    lobby_request(f->l, other, text, strlen(text)); /* the same pass: no lobby_flush between */
    frames_of(other, got, sizeof got);
    assert_string_equal(got, "update v1, update v1 sync, answer v1");
    frames_of(mover, got, sizeof got);
    assert_string_equal(got, "answer v1, update v1"); /* the act acknowledged: stored */
    /* a watch that comes next is told the same version, stored */
    hello(f->l, f->c[2], "Cid");
    json_array_clear(f->c[2]->got);
    snprintf(text, sizeof text, "{\"cmd\":\"watch\",\"table\":%lld}", (long long)t);
    lobby_request(f->l, f->c[2], text, strlen(text));
    frames_of(f->c[2], got, sizeof got);
    assert_string_equal(got, "answer v1");
}

/* ... and when that commit fails, the sync tells what is stored (the step
 * never happened), never the version that was not stored. */
static void a_sync_in_the_pass_of_a_step_not_stored_never_tells_that_step(void **state)
{
    fixture *f = *state;
    conn *mover, *other;
    json_int_t t = first_act_taken(f, &mover, &other);
    sqlite3 *db; /* another writer holds the database: the commit cannot begin */
    assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    char text[128];
    snprintf(text, sizeof text, "{\"cmd\":\"sync\",\"table\":%lld,\"v\":0}", (long long)t);
    lobby_request(f->l, other, text, strlen(text));
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db);
    json_t *no = answer_got(mover); /* the act refused before the sync is answered */
    assert_non_null(no);
    assert_string_equal(json_string_value(json_object_get(no, "code")), "store_failed");
    size_t i;
    json_t *j;
    json_array_foreach(other->got, i, j) /* nothing of version 1 */
        assert_int_equal(json_integer_value(json_object_get(j, "v")), 0);
    json_t *a = answer_got(other);
    assert_non_null(a);
    assert_true(json_is_true(json_object_get(a, "ok")));
}

/* Promise (docs/server.md, "The group commit's pace"): a request about a
 * table whose steps are all stored is answered at once: it does not hurry
 * the commit put off, whose acts keep their one commit with those that
 * come after them (a client asking about a quiet table over and over
 * makes no commit).  A request about the table of a step waiting for that
 * commit is answered after it. */
static void a_request_about_a_table_with_every_step_stored_leaves_the_commit_put_off(void **state)
{
    fixture *f = *state;
    lobby_limits lim = lobby_limits_default();
    lim.commit_every_ms = 60000; /* no commit within a minute of the last, but asked for */
    lobby_set_limits(f->l, &lim);
    hello(f->l, f->c[2], "Cid");
    json_int_t quiet = two_seats(f->l, f->c[2]); /* Cid waits there: nothing to store */
    conn *mover, *other;
    json_int_t t = first_act_taken(f, &mover, &other);
    assert_int_equal(lobby_pass_end(f->l, 0), 0); /* the first commit: at once */
    json_t *up = last_push(other, "update");
    assert_non_null(up);
    char text[192];
    snprintf(text, sizeof text,
             "{\"cmd\":\"act\",\"table\":%lld,\"rid\":\"p\",\"v\":%lld,"
             "\"action\":{\"type\":\"pass\"}}",
             (long long)t, (long long)json_integer_value(json_object_get(up, "v")));
    json_array_clear(mover->got);
    json_array_clear(other->got);
    lobby_request(f->l, other, text, strlen(text));
    assert_int_equal(lobby_pass_end(f->l, 0), 0); /* its commit put off */
    assert_null(answer_got(other));
    char got[256];
    /* a sync and a join at the quiet table: answered, the pass still waiting */
    for (int i = 0; i < 2; i++) {
        json_array_clear(f->c[2]->got);
        snprintf(text, sizeof text, i ? "{\"cmd\":\"join\",\"table\":%lld}"
                                      : "{\"cmd\":\"sync\",\"table\":%lld,\"v\":0}",
                 (long long)quiet);
        lobby_request(f->l, f->c[2], text, strlen(text));
        json_t *a = answer_got(f->c[2]);
        assert_non_null(a);
        assert_true(json_is_true(json_object_get(a, "ok")));
        assert_null(answer_got(other));
        frames_of(mover, got, sizeof got);
        assert_string_equal(got, ""); /* nothing of the pass's step sent */
    }
    /* a sync at the pass's table: the pass is stored and pushed first */
    snprintf(text, sizeof text, "{\"cmd\":\"sync\",\"table\":%lld,\"v\":0}", (long long)t);
    lobby_request(f->l, mover, text, strlen(text));
    json_t *ack = answer_got(other);
    assert_non_null(ack);
    assert_true(json_is_true(json_object_get(ack, "ok")));
    assert_int_equal(json_integer_value(json_object_get(ack, "v")), 2);
    frames_of(mover, got, sizeof got);
    assert_string_equal(got, "update v2, update v2 sync, answer v2");
}

/* Promise (docs/server.md, "The race"): an act on a version the
 * table has left is refused as stale, nothing done, even when what moved
 * the table on was due but not yet played as the act came (its timer had
 * not fired: the loop was busy).  Here one seat's challenge is held while
 * a third may still answer; the window's grace runs out, and that seat's
 * pass, sent on the window's version, comes before the timer fires: it
 * was taken as a pass of the turn the settled window gave it. */
static void a_pass_on_a_window_that_settled_before_it_came_is_stale_not_a_turns_pass(void **state)
{
    fixture *f = *state;
    hello(f->l, f->c[0], "Ann");
    hello(f->l, f->c[1], "Bob");
    hello(f->l, f->c[2], "Cid");
    json_int_t t = int_of(ask(f->l, f->c[0], "{\"cmd\":\"create\",\"game\":\"noway\","
                                             "\"players\":3,\"seats\":[\"open\",\"open\","
                                             "\"open\"],\"call_grace_ms\":300}"),
                          "table");
    char text[256];
    snprintf(text, sizeof text, "{\"cmd\":\"join\",\"table\":%lld}", (long long)t);
    int seat_of[3] = {0};
    seat_of[1] = (int)int_of(ask(f->l, f->c[1], text), "seat");
    json_t *r = ask(f->l, f->c[2], text);
    seat_of[2] = (int)json_integer_value(json_object_get(r, "seat"));
    seat_of[0] = 3 - seat_of[1] - seat_of[2];
    int turn = (int)json_integer_value(json_array_get(json_object_get(r, "asked"), 0));
    json_decref(r);
    conn *mover = NULL, *caller = NULL, *late = NULL;
    for (int i = 0; i < 3; i++) {
        conn **to = seat_of[i] == turn ? &mover : !caller ? &caller : &late;
        *to = f->c[i];
    }
    char *act = first_card_act(f, t, mover);
    assert_string_equal(ASK_CODE(f->l, mover, act), "");
    free(act);
    /* the window: both others asked; the late seat's view is its version */
    json_t *up = last_push(late, "update");
    assert_non_null(up);
    json_int_t v = json_integer_value(json_object_get(up, "v"));
    assert_string_equal(json_string_value(json_object_get(json_object_get(up, "view"), "phase")),
                        "challenge");
    /* the caller's challenge is held: the late seat may still answer */
    snprintf(text, sizeof text,
             "{\"cmd\":\"act\",\"table\":%lld,\"rid\":\"c\",\"v\":%lld,"
             "\"action\":{\"type\":\"challenge\"}}",
             (long long)t, (long long)v);
    json_array_clear(caller->got);
    lobby_request(f->l, caller, text, strlen(text));
    lobby_flush(f->l);
    assert_null(answer_got(caller));
    /* the grace runs out; the loop is busy, so no timer has fired */
    ad_stub_now_ms += 1000;
    snprintf(text, sizeof text,
             "{\"cmd\":\"act\",\"table\":%lld,\"rid\":\"p\",\"v\":%lld,"
             "\"action\":{\"type\":\"pass\"}}",
             (long long)t, (long long)v);
    r = ask(f->l, late, text);
    assert_string_equal(json_string_value(json_object_get(r, "code")), "stale");
    json_decref(r);
    /* the challenge was played when the window settled, and answered */
    json_t *a = answer_got(caller);
    assert_non_null(a);
    assert_true(json_is_true(json_object_get(a, "ok")));
}

static void a_clock_not_among_the_presets_is_refused_naming_them(void **state)
{
    fixture *f = *state;
    hello(f->l, f->c[0], "Ann");
    json_t *r = ask(f->l, f->c[0], "{\"cmd\":\"create\",\"game\":\"noway\",\"players\":2,"
                                   "\"clock\":\"lazy\"}");
    assert_string_equal(json_string_value(json_object_get(r, "code")), "bad_field");
    char words[200] = "clock is";
    for (int i = 0; i < ad_clock_presets_n; i++)
        snprintf(words + strlen(words), sizeof words - strlen(words), "%s %s",
                 i == 0 ? "" : i == ad_clock_presets_n - 1 ? " or" : ",",
                 ad_clock_presets[i].name);
    strcat(words, " (docs/server.md)");
    assert_string_equal(json_string_value(json_object_get(r, "error")), words);
    assert_string_equal(json_string_value(json_object_get(r, "error")),
                        "clock is untimed, relaxed, normal or blitz (docs/server.md)");
    json_decref(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_command_not_in_the_list_gets_unknown_cmd, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(every_command_but_hello_needs_a_hello_first, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_hello_with_a_bad_token_is_refused_and_changes_nothing,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(a_hello_with_its_token_is_the_same_player_again, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(
            a_field_of_the_wrong_type_gets_bad_field_with_the_limit_in_words, setup, teardown),
        cmocka_unit_test_setup_teardown(a_seat_belongs_to_one_player, setup, teardown),
        cmocka_unit_test_setup_teardown(an_empty_waiting_table_closes_after_the_expiry_time,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(a_waiting_table_someone_sits_at_does_not_close, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(one_connection_is_at_so_many_tables_and_is_told_how_many,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(an_act_is_acknowledged_only_after_its_pass_is_stored,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(
            an_act_whose_pass_is_not_stored_is_refused_and_never_happened, setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            a_pass_on_a_window_that_settled_before_it_came_is_stale_not_a_turns_pass, setup,
            teardown),
        cmocka_unit_test_setup_teardown(
            a_sync_in_the_pass_of_a_step_is_answered_after_the_step_is_stored_and_pushed, setup,
            teardown),
        cmocka_unit_test_setup_teardown(
            a_sync_in_the_pass_of_a_step_not_stored_never_tells_that_step, setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            a_request_about_a_table_with_every_step_stored_leaves_the_commit_put_off, setup,
            teardown),
        cmocka_unit_test_setup_teardown(a_clock_not_among_the_presets_is_refused_naming_them,
                                        setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
