/*
 * bus.c - what the nodes of a cluster tell each other, over PostgreSQL's
 * LISTEN/NOTIFY on the channel "alphadeck" (docs/architecture.md says why
 * not Redis).  A node's lobby sends with store_notify, inside the pass
 * that stores what it tells, so a notice goes out only for what was
 * committed; this file listens: a thread of its own holds a second
 * connection, LISTENs, and queues each notice's text for the loop, which
 * it wakes (srv_wake) to take them (bus_take).  A lost connection is made
 * again after a second; notices sent meanwhile are missed, so the lobby
 * treats a notice as a hint and reads the store for the facts.
 */
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libpq-fe.h>

#include "bus.h"

typedef struct notice {
    struct notice *next;
    char text[];
} notice;

struct bus {
    char *url;
    server *srv;
    pthread_t th;
    atomic_int stop;
    pthread_mutex_t mu;
    notice *head, *tail;
};

static PGconn *listen_on(const char *url)
{
    const char *keys[] = {"connect_timeout", "application_name", "dbname", NULL};
    const char *vals[] = {"5", "alphadeck-bus", url, NULL};
    PGconn *c = PQconnectdbParams(keys, vals, 1);
    if (c && PQstatus(c) == CONNECTION_OK) {
        PGresult *r = PQexec(c, "LISTEN alphadeck");
        int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        PQclear(r);
        if (ok)
            return c;
    }
    if (c) {
        fprintf(stderr, "alphadeck serve: the cluster's notices: %s", PQerrorMessage(c));
        PQfinish(c);
    }
    return NULL;
}

static void *listener(void *arg)
{
    bus *b = arg;
    PGconn *c = NULL;
    while (!atomic_load(&b->stop)) {
        if (!c && !(c = listen_on(b->url))) {
            sleep(1);
            continue;
        }
        struct pollfd p = {.fd = PQsocket(c), .events = POLLIN};
        if (poll(&p, 1, 250) < 0 || (p.revents && !PQconsumeInput(c)) ||
            PQstatus(c) != CONNECTION_OK) {
            PQfinish(c);
            c = NULL;
            continue;
        }
        int got = 0;
        PGnotify *n;
        while ((n = PQnotifies(c)) != NULL) {
            size_t len = strlen(n->extra);
            notice *e = malloc(sizeof *e + len + 1);
            if (e) {
                memcpy(e->text, n->extra, len + 1);
                e->next = NULL;
                pthread_mutex_lock(&b->mu);
                if (b->tail)
                    b->tail->next = e;
                else
                    b->head = e;
                b->tail = e;
                pthread_mutex_unlock(&b->mu);
                got = 1;
            }
            PQfreemem(n);
        }
        if (got)
            srv_wake(b->srv);
    }
    if (c)
        PQfinish(c);
    return NULL;
}

bus *bus_open(const char *url, server *s, ad_err *err)
{
    bus *b = calloc(1, sizeof *b);
    if (!b || !(b->url = strdup(url))) {
        free(b);
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    b->srv = s;
    pthread_mutex_init(&b->mu, NULL);
    if (pthread_create(&b->th, NULL, listener, b) != 0) {
        free(b->url);
        free(b);
        ad_err_set(err, AD_E_INTERNAL, "cannot start the thread that listens to the cluster");
        return NULL;
    }
    return b;
}

char *bus_take(bus *b)
{
    if (!b)
        return NULL;
    pthread_mutex_lock(&b->mu);
    notice *e = b->head;
    if (e) {
        b->head = e->next;
        if (!b->head)
            b->tail = NULL;
    }
    pthread_mutex_unlock(&b->mu);
    if (!e)
        return NULL;
    /* the text moves to the front of the block: one free() for the caller */
    memmove(e, e->text, strlen(e->text) + 1);
    return (char *)e;
}

void bus_close(bus *b)
{
    if (!b)
        return;
    atomic_store(&b->stop, 1);
    pthread_join(b->th, NULL);
    char *t;
    while ((t = bus_take(b)) != NULL)
        free(t);
    pthread_mutex_destroy(&b->mu);
    free(b->url);
    free(b);
}
