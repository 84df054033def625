/*
 * lobby_conn.h - what a connection is to the lobby: its player, name,
 * tables, route and address.  The transport holds it without looking in
 * (server.h: conn_state, ad_lobby_conn_new); the lobby's files include
 * this.
 */
#ifndef AD_LOBBY_CONN_H
#define AD_LOBBY_CONN_H

#include "server.h"

struct conn_lobby {
    int64_t player;              /* 0 before hello */
    char *name;                  /* up to 24 characters of UTF-8 (malloc'd; NULL before hello) */
    table **at;                  /* the tables it joined or watches (malloc'd, grown as it joins: */
    int nat, cat;                /* most sit at one), at most SRV_CONN_TABLES */
    int64_t route;               /* the table of /ws?table=N, which HAProxy routes by; 0 none */
    int deltas;                  /* hello's "deltas":true: updates carry deltas (delta.c) */
    int quiet;                   /* hello's "aloud":false: its updates need no read-aloud
                                  * lines (pushes.c) */
    char addr[64];               /* the peer's address as text (an IP), given when it
                                  * connects: the limits of one address count by it */
};

#endif
