/*
 * server_stub.c - net.c's and workers.c's side of the lobby, stubbed for
 * the lobby's tests and the fuzz harness (server_stub.h says what each
 * stub does).  FUZZ_SERVER_ECHO set: every frame sent is shown on stderr,
 * to check that a fuzz seed gets as far as it means to.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_stub.h"

int64_t ad_stub_now_ms = 1700000000000;

/* The timers set, each with when it falls due (ms); a timer is found by
 * its address (a test sets a few hundred at most). */
#define MAX_TIMERS 4096
static struct {
    srv_timer_t *tm;
    int64_t due_ms;
} timers[MAX_TIMERS];
static int ntimers;

static int timer_at(const srv_timer_t *tm)
{
    for (int i = 0; i < ntimers; i++)
        if (timers[i].tm == tm)
            return i;
    return -1;
}

lobby *ad_stub_lobby(const char *where, store **st)
{
    ad_err e;
    lobby *l = (*st = store_open(where, &e)) ? lobby_new(NULL, *st, 1, &e) : NULL;
    if (!l && *st) {
        store_close(*st);
        *st = NULL;
    }
    if (!l)
        fprintf(stderr, "server_stub: no lobby on %s: %s\n", where, e.text);
    return l;
}

void ad_stub_lobby_close(lobby *l, store *st)
{
    lobby_flush(l);
    lobby_quiesce(l);
    lobby_free(l);
    store_close(st);
}

/* --- net.c's side */

void conn_send(conn *c, json_t *j)
{
    if (getenv("FUZZ_SERVER_ECHO")) {
        char *s = json_dumps(j, JSON_COMPACT);
        fprintf(stderr, "%p < %.300s\n", (void *)c, s ? s : "?");
        free(s);
    }
    if (c->got)
        json_array_append(c->got, j);
    json_decref(j);
}

void conn_send_text(conn *c, const char *text, size_t len)
{
    if (c->got)
        json_array_append_new(c->got, json_loadb(text, len, 0, NULL));
}

conn_lobby *conn_state(conn *c)
{
    return &c->ls;
}

int64_t srv_now_ms(void)
{
    return ad_stub_now_ms;
}

void srv_timer_cancel(srv_timer_t *tm)
{
    int i = timer_at(tm);
    if (i >= 0)
        timers[i] = timers[--ntimers];
}

void srv_timer(server *s, srv_timer_t *tm, int64_t delay_ms)
{
    (void)s;
    int i = timer_at(tm);
    if (i < 0) {
        if (ntimers == MAX_TIMERS)
            abort(); /* the stub's own limit: a test this big needs a bigger one */
        i = ntimers++;
        timers[i].tm = tm;
    }
    timers[i].due_ms = ad_stub_now_ms + (delay_ms > 0 ? delay_ms : 0);
}

void srv_wake(server *s)
{
    (void)s;
}

/* The threads keep the scheduler's own slice (tests/server/thread_slice). */
int srv_slice_us;
void srv_thread_slice(void)
{
}

/* The lobby's tests commit on the thread that calls lobby_flush: nothing is held. */
void srv_hold(server *s, int on)
{
    (void)s;
    (void)on;
}

void srv_held_end(server *s, int send)
{
    (void)s;
    (void)send;
}

int ad_stub_timers(void)
{
    return ntimers;
}

/* The timer due first (its place), when one is due by `until` (ms); -1
 * when none. */
static int due_first(int64_t until)
{
    int first = -1;
    for (int i = 0; i < ntimers; i++)
        if (timers[i].due_ms <= until && (first < 0 || timers[i].due_ms < timers[first].due_ms))
            first = i;
    return first;
}

void ad_stub_advance(lobby *l, int64_t ms)
{
    int64_t until = ad_stub_now_ms + ms;
    int i;
    while ((i = due_first(until)) >= 0) {
        srv_timer_t *tm = timers[i].tm;
        if (timers[i].due_ms > ad_stub_now_ms)
            ad_stub_now_ms = timers[i].due_ms;
        srv_timer_cancel(tm);
        lobby_timer(tm->l, tm->t);
        lobby_worker_answers(l);
        lobby_flush(l);
    }
    ad_stub_now_ms = until;
}

/* --- workers.c: no threads; a job is dropped unanswered */

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
