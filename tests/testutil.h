/*
 * testutil.h - shared helpers for the tests: building a game from a JSON
 * `new` request and acting with JSON, with cmocka asserts; and running a
 * shell command (the alphadeck binary, tmux) under a time limit, so that
 * no test can hang the suite.
 */
#ifndef AD_TESTUTIL_H
#define AD_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "alphadeck/alphadeck.h"

/* A table from a `new` request written as JSON text; fails the test on error. */
static inline ad_table *tu_new(const char *json)
{
    json_error_t je;
    json_t *req = json_loads(json, 0, &je);
    if (!req)
        fail_msg("bad test JSON: %s: %s", json, je.text);
    ad_err e;
    ad_table *t = ad_table_new(req, &e);
    json_decref(req);
    if (!t)
        fail_msg("new failed: %s (%s)", e.text, ad_code_token(e.code));
    return t;
}

/* Acts with a JSON action; returns 0 or the error code; fills err_out. */
static inline int tu_act(ad_table *t, int seat, const char *json, ad_events *ev, ad_err *err_out)
{
    json_error_t je;
    json_t *a = json_loads(json, 0, &je);
    if (!a)
        fail_msg("bad test JSON: %s: %s", json, je.text);
    ad_err e;
    int rc = ad_table_act_json(t, seat, a, ev, &e);
    json_decref(a);
    if (err_out)
        *err_out = e;
    return rc < 0 ? (int)e.code : 0;
}

/* One random action by the first seat t asks, chosen from that seat's own
 * view (view: room for the game's state_size bytes), its events into ev
 * (or NULL).  0 when the game is over or nobody is asked, else 1; a
 * refused action fails the test. */
static inline int tu_random_step(ad_table *t, void *view, ad_rng *r, ad_events *ev)
{
    const ad_game *g = ad_table_game(t);
    const void *st = ad_table_state(t);
    uint32_t who = g->to_act(st);
    if (g->is_over(st) || !who)
        return 0;
    int seat = __builtin_ctz(who);
    ad_action a;
    g->view(st, seat, view);
    g->random_action(view, seat, r, &a);
    ad_err e;
    if (ad_table_act(t, seat, &a, ev, &e) < 0)
        fail_msg("%s: a random action was refused: %s", g->id, e.text);
    return 1;
}

/* A position of a random game, for tu_random_game's check: the table,
 * the events of the step that made it (NULL at the start), the game's
 * `new` request and the step's number (0 at the start). */
typedef void tu_step_check(const ad_table *t, const json_t *events, const char *req, int step);

/* One random game of the `new` request `setup` (its %d: seed), up to 600
 * steps of tu_random_step drawn from rng_seed; check at its start and
 * after each step. */
static inline void tu_random_game(const char *setup, int seed, uint64_t rng_seed, tu_step_check *check)
{
    char req[256];
    snprintf(req, sizeof req, setup, seed);
    ad_table *t = tu_new(req);
    void *view = malloc(ad_table_game(t)->state_size);
    assert_non_null(view);
    ad_rng r;
    ad_rng_seed(&r, rng_seed);
    check(t, NULL, req, 0);
    for (int step = 1; step < 600; step++) {
        ad_events ev = {0};
        if (!tu_random_step(t, view, &r, &ev))
            break;
        json_t *events = ad_table_events_json(t, &ev);
        check(t, events, req, step);
        json_decref(events);
    }
    free(view);
    ad_table_free(t);
}

/* Acts and fails the test if the action is refused. */
#define TU_OK(t, seat, json)                                                                     \
    do {                                                                                         \
        ad_err e_;                                                                               \
        if (tu_act((t), (seat), (json), NULL, &e_) != 0)                                         \
            fail_msg("refused %s for seat %d: %s", (json), (seat), e_.text);                     \
    } while (0)

/* The god view's field `key`, as a new reference. */
static inline json_t *tu_god(const ad_table *t, const char *key)
{
    json_t *v = ad_table_view_json(t, AD_GOD);
    json_t *x = json_incref(json_object_get(v, key));
    json_decref(v);
    return x;
}

static inline long long tu_god_int(const ad_table *t, const char *key)
{
    json_t *x = tu_god(t, key);
    long long v = json_is_integer(x) ? json_integer_value(x) : -999;
    json_decref(x);
    return v;
}

/* Compact JSON text of the god view's field `key` (caller frees). */
static inline char *tu_god_str(const ad_table *t, const char *key)
{
    json_t *x = tu_god(t, key);
    char *s = x ? json_dumps(x, JSON_COMPACT | JSON_ENCODE_ANY) : strdup("(missing)");
    json_decref(x);
    return s;
}

#define TU_GOD_EQ(t, key, expect)                                                                \
    do {                                                                                         \
        char *s_ = tu_god_str((t), (key));                                                       \
        assert_string_equal(s_, (expect));                                                       \
        free(s_);                                                                                \
    } while (0)

/* ------------------------------------------------ child processes */

/* The time any one command a test starts may take, in seconds: generous
 * (a whole game under the sanitizers takes a few), and a hang ends in a
 * failed test instead of a CI run that never lands. */
#define TU_LIMIT_S 120
/* The exit status of a command that ran out of time (`timeout`'s). */
#define TU_TIMED_OUT 124

/* cmd as `timeout -k 5 LIMIT sh -c 'cmd'`: on time the whole command, a
 * pipeline too, gets SIGTERM, and SIGKILL 5 s later (caller frees). */
static inline char *tu_limited(const char *cmd)
{
    size_t n = strlen(cmd), k = 0;
    char *s = malloc(n * 4 + 64);
    k += (size_t)sprintf(s, "timeout -k 5 %d sh -c '", TU_LIMIT_S);
    for (size_t i = 0; i < n; i++)
        if (cmd[i] == '\'')
            k += (size_t)sprintf(s + k, "'\\''");
        else
            s[k++] = cmd[i];
    strcpy(s + k, "'");
    return s;
}

/* The exit status of a finished command, -1 when a signal ended it; says
 * on stderr when it ran out of time. */
static inline int tu_status(int status, const char *cmd)
{
    int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (rc == TU_TIMED_OUT)
        fprintf(stderr, "test: `%s` timed out after %d s\n", cmd, TU_LIMIT_S);
    return rc;
}

/* popen(3) of cmd under the time limit. */
static inline FILE *tu_popen(const char *cmd, const char *mode)
{
    char *limited = tu_limited(cmd);
    FILE *f = popen(limited, mode);
    free(limited);
    return f;
}

/* system(3) of cmd under the time limit: its exit status, or -1. */
static inline int tu_system(const char *cmd)
{
    char *limited = tu_limited(cmd);
    int status = system(limited);
    free(limited);
    return tu_status(status, cmd);
}

/* Everything f holds from here to its end, NUL-terminated (caller frees). */
static inline char *tu_read_all(FILE *f)
{
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 4096)
            buf = realloc(buf, cap *= 2);
    }
    buf[n] = 0;
    return buf;
}

/* Runs cmd under the time limit: its exit status (-1 when a signal ended
 * it), and its output in *out (caller frees). */
static inline int tu_run(const char *cmd, char **out)
{
    FILE *f = tu_popen(cmd, "r");
    assert_non_null(f);
    *out = tu_read_all(f);
    return tu_status(pclose(f), cmd);
}

#endif
