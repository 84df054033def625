/*
 * server_stub.h - what the lobby needs of net.c and workers.c, stubbed
 * (tests/server_stub.c), so a test can drive the lobby alone: no
 * libwebsockets, no threads.  A connection is a conn_lobby and, when a
 * test wants to read what it was sent, a list of the frames (got); the
 * clock is ad_stub_now_ms, moved by the test; timers are kept in a list
 * and fire only when the test moves the clock past them (ad_stub_advance).
 * Bot workers drop every job unanswered, so a table waiting for a bot
 * waits and a run depends on its input alone.  ad_stub_lobby makes the
 * lobby a test drives, on a store of its own.
 */
#ifndef AD_SERVER_STUB_H
#define AD_SERVER_STUB_H

#include "server/server.h"
#include "server/lobby_conn.h"

struct conn {
    conn_lobby ls;
    json_t *got; /* every frame sent to it, in order (NULL: dropped) */
};

/* The wall clock the lobby reads (srv_now_ms). */
extern int64_t ad_stub_now_ms;

/* Moves the clock on by ms, firing every timer due by then in the order
 * they fall due, each with the end-of-pass work net.c does after it
 * (worker answers, lobby_flush). */
void ad_stub_advance(lobby *l, int64_t ms);

/* Timers set now (srv_timer, not yet fired or cancelled). */
int ad_stub_timers(void);

/* A lobby on a store at where (":memory:": in memory), with one worker,
 * no server: NULL when either cannot be made (*st NULL with it). */
lobby *ad_stub_lobby(const char *where, store **st);
/* Its pass ended, its timers stopped, and it and its store closed. */
void ad_stub_lobby_close(lobby *l, store *st);

#endif
