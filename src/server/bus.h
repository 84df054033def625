/*
 * bus.h - the notices the nodes of a cluster send each other (bus.c):
 * listened to on a thread of its own, taken on the loop's thread.
 */
#ifndef AD_SERVER_BUS_H
#define AD_SERVER_BUS_H

#include "server.h"

typedef struct bus bus;

/* Starts listening on the PostgreSQL at url; each notice wakes the loop. */
bus *bus_open(const char *url, server *s, ad_err *err);
/* The oldest notice not yet taken (caller frees), or NULL. */
char *bus_take(bus *b);
void bus_close(bus *b);

#endif
