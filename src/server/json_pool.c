/*
 * json_pool.c - jansson's small blocks kept for reuse on the server's loop
 * thread (json_set_alloc_funcs).  An action makes and frees some 150 of
 * them (its request, its step, the update's trees), most of them in bulk a
 * pass later; glibc's per-thread cache keeps 7 of a size, so most went
 * through its free lists: 15% of the instructions of a request and its
 * pass (callgrind, 2026-11-28).  Here a freed block is kept on a list by
 * its usable size (malloc_usable_size), up to KEEP a size, and given to
 * the next request that fits it: a few instructions each way.
 *
 * The blocks are malloc's own, taken and given back whole, so a text that
 * jansson returns (json_dumps) is still freed by free().  Other threads
 * (the workers, the archive, the bus) and larger blocks go straight to
 * malloc and free.  Not under AddressSanitizer, which must see each block
 * freed.
 */
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json_pool.h"

/* Usable sizes kept: 24, 40, ... 24 + 16 (SIZES - 1) bytes, malloc's
 * small chunks on 64-bit glibc; a block of another size is freed. */
#define SIZES 16
#define SMALLEST 24
#define STEP 16
/* Blocks kept a size at most: a busy pass's trees, and no more (a few
 * hundred KB in all at most; ad_json_pool_trim gives them back). */
#define KEEP 1024

static struct {
    void *head; /* the first free block; its first bytes link the next */
    unsigned n;
} lists[SIZES];

static pthread_t owner; /* the loop thread: the lists are its alone */
static int on;

/* The list whose blocks hold n bytes: their usable size is at least n. */
static int list_for(size_t n)
{
    return n <= SMALLEST ? 0 : (int)((n - SMALLEST + STEP - 1) / STEP);
}

static void *pool_malloc(size_t n)
{
    int i = list_for(n);
    if (i < SIZES && lists[i].head && pthread_equal(pthread_self(), owner)) {
        void *b = lists[i].head;
        memcpy(&lists[i].head, b, sizeof b);
        lists[i].n--;
        /* the next block of the list asked of memory now: a block freed
         * a pass ago is cold (the clients ran meanwhile), and reading its
         * link was nearly all of this function's time, a miss a block in
         * turn; now the next one's miss overlaps the work until then */
        if (lists[i].head)
            __builtin_prefetch(lists[i].head, 1);
        return b;
    }
    return malloc(n);
}

static void pool_free(void *p)
{
    if (!p)
        return;
    size_t u = malloc_usable_size(p);
    size_t i = (u - SMALLEST) / STEP;
    if (u < SMALLEST || (u - SMALLEST) % STEP || i >= SIZES || lists[i].n >= KEEP ||
        !pthread_equal(pthread_self(), owner)) {
        free(p);
        return;
    }
    memcpy(p, &lists[i].head, sizeof p);
    lists[i].head = p;
    lists[i].n++;
}

void ad_json_pool_use(void)
{
#if !defined(__SANITIZE_ADDRESS__)
    owner = pthread_self();
    on = 1;
    json_set_alloc_funcs(pool_malloc, pool_free);
#else
    (void)pool_malloc;
    (void)pool_free;
#endif
}

void ad_json_pool_trim(void)
{
    if (!on || !pthread_equal(pthread_self(), owner))
        return;
    for (int i = 0; i < SIZES; i++) {
        while (lists[i].head) {
            void *b = lists[i].head;
            memcpy(&lists[i].head, b, sizeof b);
            free(b);
        }
        lists[i].n = 0;
    }
}

unsigned ad_json_pool_kept(void)
{
    unsigned n = 0;
    for (int i = 0; i < SIZES; i++)
        n += lists[i].n;
    return n;
}
