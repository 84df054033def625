/*
 * addr_rate.c - the HTTP API's rate, by the peer's address: two token
 * buckets each, one of requests and one of the bytes answered.  A
 * WebSocket has its own bucket on its connection (net.c); an HTTP request
 * may come on a new connection each time, so here the address is what is
 * counted.  An address whose buckets are full again is the same as one
 * never seen, and is forgotten at the next sweep: what is held is the
 * addresses heard from in the last few seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

#define SLOTS 1024 /* hash chains; the sweep runs past four entries a chain */

typedef struct addr_entry {
    char addr[64];
    double reqs, bytes; /* what is left in each bucket */
    int64_t at_ms;      /* when they were last filled up */
    struct addr_entry *next;
} addr_entry;

struct addr_rate {
    rate_spec reqs, bytes;
    addr_entry *slot[SLOTS];
    int n, sweep_at;
};

addr_rate *addr_rate_new(rate_spec reqs, rate_spec bytes)
{
    addr_rate *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->reqs = reqs;
    r->bytes = bytes;
    r->sweep_at = 4 * SLOTS;
    return r;
}

void addr_rate_free(addr_rate *r)
{
    if (!r)
        return;
    for (int i = 0; i < SLOTS; i++)
        for (addr_entry *e = r->slot[i], *next; e; e = next) {
            next = e->next;
            free(e);
        }
    free(r);
}

static unsigned hash(const char *s)
{
    unsigned h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h % SLOTS;
}

static double fill(double left, const rate_spec *sp, int64_t ms)
{
    left += (double)ms * sp->per_s / 1000.0;
    return left > sp->burst ? sp->burst : left;
}

static void refill(addr_rate *r, addr_entry *e, int64_t now_ms)
{
    int64_t ms = now_ms > e->at_ms ? now_ms - e->at_ms : 0;
    e->reqs = fill(e->reqs, &r->reqs, ms);
    e->bytes = fill(e->bytes, &r->bytes, ms);
    e->at_ms = now_ms;
}

static int idle(const addr_rate *r, const addr_entry *e)
{
    return e->reqs >= r->reqs.burst && e->bytes >= r->bytes.burst;
}

/* Forgets every address whose buckets are full again; the next sweep when
 * twice as many are held (so a crowd costs a walk now and then, not one
 * a request). */
static void sweep(addr_rate *r, int64_t now_ms)
{
    for (int i = 0; i < SLOTS; i++)
        for (addr_entry **p = &r->slot[i]; *p;) {
            addr_entry *e = *p;
            refill(r, e, now_ms);
            if (idle(r, e)) {
                *p = e->next;
                free(e);
                r->n--;
            } else {
                p = &e->next;
            }
        }
    r->sweep_at = r->n * 2 > 4 * SLOTS ? r->n * 2 : 4 * SLOTS;
}

/* The address's buckets, filled up to now (NULL: out of memory). */
static addr_entry *entry_of(addr_rate *r, const char *addr, int64_t now_ms)
{
    unsigned h = hash(addr);
    for (addr_entry *e = r->slot[h]; e; e = e->next)
        if (strcmp(e->addr, addr) == 0) {
            refill(r, e, now_ms);
            return e;
        }
    if (r->n >= r->sweep_at)
        sweep(r, now_ms);
    addr_entry *e = malloc(sizeof *e);
    if (!e)
        return NULL;
    snprintf(e->addr, sizeof e->addr, "%s", addr);
    e->reqs = r->reqs.burst;
    e->bytes = r->bytes.burst;
    e->at_ms = now_ms;
    e->next = r->slot[h];
    r->slot[h] = e;
    r->n++;
    return e;
}

int addr_rate_request(addr_rate *r, const char *addr, int64_t now_ms)
{
    addr_entry *e = entry_of(r, addr, now_ms);
    if (!e || e->reqs < 1.0)
        return 0;
    e->reqs -= 1.0;
    return 1;
}

int addr_rate_send(addr_rate *r, const char *addr, size_t n, int64_t now_ms)
{
    addr_entry *e = entry_of(r, addr, now_ms);
    /* a body larger than the whole bucket goes when the bucket is full */
    if (!e || (e->bytes < (double)n && e->bytes < r->bytes.burst))
        return 0;
    e->bytes -= (double)n;
    return 1;
}
