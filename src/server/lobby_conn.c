/*
 * lobby_conn.c - a connection's lobby state made and freed for the
 * transport, which holds it without looking in (lobby_conn.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "lobby_conn.h"

conn_lobby *ad_lobby_conn_new(int64_t route, const char *addr)
{
    conn_lobby *cl = calloc(1, sizeof *cl);
    if (!cl)
        return NULL;
    cl->route = route;
    snprintf(cl->addr, sizeof cl->addr, "%s", addr);
    return cl;
}

int ad_lobby_conn_hello(const conn_lobby *cl)
{
    return cl->player != 0;
}

/* What it held (its tables, its name) lobby_conn_gone has freed. */
void ad_lobby_conn_free(conn_lobby *cl)
{
    free(cl);
}
