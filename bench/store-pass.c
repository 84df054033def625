/*
 * bench/store-pass.c - how long the store holds the server's loop for one
 * pass: store_begin, K store_append, store_commit, timed on the store
 * that `--db` would open (an SQLite file or a postgres:// URL), for passes
 * of 1, 24 (the mean of a loaded server, bench/RESULTS.md) and 100
 * actions; and one read (store_table_get), which on PostgreSQL is one
 * round trip, so the cost of a round trip per append can be told apart.
 *
 *   make build/store-pass && build/store-pass WHERE [PASSES]
 *
 * Prints the median and the 99th percentile of each, in milliseconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/store.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *what, double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, by_value);
    printf("%-28s median %7.3f ms   p99 %7.3f ms   (%d)\n", what, t[n / 2], t[n * 99 / 100], n);
}

static int one(void *ctx, const store_table *t)
{
    (void)ctx;
    (void)t;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: store-pass WHERE [PASSES]\n");
        return 2;
    }
    int passes = argc > 2 ? atoi(argv[2]) : 200;
    if (passes < 1)
        passes = 1;
    ad_err e;
    store *s = store_open(argv[1], &e);
    if (!s) {
        fprintf(stderr, "store-pass: %s\n", e.text);
        return 1;
    }
    double *t = calloc((size_t)passes, sizeof *t);
    const char *act = "{\"type\":\"play\",\"cards\":[\"A\"],\"say\":\"A\"}";
    const int sizes[] = {1, 24, 100};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int64_t id;
        if (store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e) < 0)
            goto failed;
        uint32_t v = 0;
        for (int i = 0; i < passes; i++) {
            double t0 = now_ms();
            if (store_begin(s, &e) < 0)
                goto failed;
            for (int j = 0; j < sizes[k]; j++) {
                v++;
                if (store_append(s, id, v, j % 4, act, 0, 1800000000000 + v, &e) < 0)
                    goto failed;
            }
            if (store_commit(s, &e) < 0)
                goto failed;
            t[i] = now_ms() - t0;
        }
        char what[64];
        snprintf(what, sizeof what, "a pass of %d action%s", sizes[k], sizes[k] == 1 ? "" : "s");
        report(what, t, passes);
    }
    int64_t id;
    if (store_table_new(s, "{}", "{}", TABLE_PLAYING, 0, &id, &e) < 0)
        goto failed;
    for (int i = 0; i < passes; i++) {
        double t0 = now_ms();
        if (store_table_get(s, id, one, NULL, &e) != 0)
            goto failed;
        t[i] = now_ms() - t0;
    }
    report("a read (one round trip)", t, passes);
    free(t);
    store_close(s);
    return 0;
failed:
    fprintf(stderr, "store-pass: %s\n", e.text);
    free(t);
    store_close(s);
    return 1;
}
