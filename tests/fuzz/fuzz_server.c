/*
 * fuzz_server.c - libFuzzer harness for the server's frame handler,
 * lobby_request (src/server/lobby.c), with its store on an in-memory
 * SQLite database.  The input is split into lines, each one text frame;
 * frames go to the first of two connections, or to the second when the
 * line begins with '@' (removed), so two players can meet at one table.
 * After each frame the loop's end-of-pass work is done (lobby_flush:
 * commit, acknowledge, push), as net.c does.  At the end the connections
 * go, and the lobby and store are freed, so a leak is a finding.
 *
 * What net.c does is stubbed here, without libwebsockets: frames sent are
 * printed to a string and dropped, the clock moves a second a frame, and
 * timers never fire (a table's clock and bot pauses are not explored).
 * The bot workers are stubbed too: a job is dropped, never answered (a
 * table waiting for a bot waits), so no thread and no search runs and a
 * run depends on its input alone.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"
#include "server/lobby_conn.h"

#define MAX_FRAMES 64 /* frames handled from one input; the rest ignored */

struct conn {
    conn_lobby ls;
};

static int64_t now_ms = 1700000000000;

/* --- net.c's side, stubbed */

/* FUZZ_SERVER_ECHO set: every frame sent is shown on stderr, to check
 * that a seed gets as far as it means to (hello accepted, table made). */
void conn_send(conn *c, json_t *j)
{
    char *s = json_dumps(j, JSON_COMPACT);
    if (s && getenv("FUZZ_SERVER_ECHO"))
        fprintf(stderr, "%p < %.300s\n", (void *)c, s);
    free(s);
    json_decref(j);
}

void conn_send_text(conn *c, const char *text, size_t len)
{
    (void)c, (void)text, (void)len;
}

conn_lobby *conn_state(conn *c)
{
    return &c->ls;
}

int64_t srv_now_ms(void)
{
    return now_ms;
}

void srv_timer(server *s, srv_timer_t *tm, int64_t delay_ms)
{
    (void)s, (void)tm, (void)delay_ms;
}

void srv_timer_cancel(srv_timer_t *tm)
{
    (void)tm;
}

void srv_wake(server *s)
{
    (void)s;
}

/* --- workers.c, stubbed: no threads; a job is dropped unanswered */

struct workers {
    int unused;
};

workers *workers_new(int n, server *s)
{
    (void)n, (void)s;
    return calloc(1, sizeof(workers));
}

void workers_free(workers *w)
{
    free(w);
}

void workers_submit(workers *w, worker_job *job)
{
    (void)w;
    ad_bot_request_free(&job->rq);
    free(job);
}

worker_job *workers_take(workers *w)
{
    (void)w;
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ad_err e;
    store *st = store_open(":memory:", &e);
    if (!st)
        abort(); /* the harness itself is broken */
    lobby *l = lobby_new(NULL, st, 1, &e);
    if (!l)
        abort();
    conn cs[2];
    memset(cs, 0, sizeof cs);
    const char *p = (const char *)data, *end = p + size;
    for (int k = 0; k < MAX_FRAMES && p < end; k++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = (size_t)((nl ? nl : end) - p);
        conn *c = &cs[0];
        const char *f = p;
        size_t fn = n;
        if (fn > 0 && f[0] == '@')
            c = &cs[1], f++, fn--;
        if (fn <= SRV_FRAME_MAX) /* net.c refuses a longer one unread */
            lobby_request(l, c, f, fn);
        lobby_worker_answers(l);
        lobby_flush(l);
        now_ms += 1000;
        p += n + 1;
    }
    lobby_conn_gone(l, &cs[0]);
    lobby_conn_gone(l, &cs[1]);
    lobby_flush(l);
    lobby_quiesce(l);
    lobby_free(l);
    store_close(st);
    return 0;
}
