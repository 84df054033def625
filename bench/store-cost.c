/*
 * bench/store-cost.c - the store's CPU time an action, alone (issue 33,
 * p2): the server's commit pattern played against store.h without the
 * server around it, so a change to the store is measured without the
 * noise of sockets, clients and the other helpers' load.  Each pass
 * appends ACTS actions spread over about TABLES_A_PASS of TABLES tables
 * (the figures `alphadeck serve` showed under bench/compare-bgio.mjs's
 * load: 30 acts and 17 tables a pass), in one transaction, as commit.c
 * does; the CPU time (user + system, getrusage) over the actions stored.
 *
 *   make build/store-cost
 *   build/store-cost [--passes N] [--db FILE]
 *
 * It prints one line: actions, passes, CPU µs an action (and how much of
 * it was the kernel's: the WAL's writes and fsync), wall µs a pass, and
 * the store's log reads an action (ad_store_log_reads).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "server/store.h"

#define TABLES 100
#define ACTS 30
#define TABLES_A_PASS 17

/* The process's CPU seconds so far: in[0] its own code's, in[1] the kernel's for it. */
static void cpu_s(double in[2])
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    in[0] = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
    in[1] = (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what, const ad_err *e)
{
    fprintf(stderr, "store_cost: %s: %s\n", what, e->text);
    exit(1);
}

/* One pass: ACTS actions over TABLES_A_PASS tables picked at random. */
static void one_pass(store *s, const int64_t *id, uint32_t *v, unsigned *seed)
{
    static const char action[] = "{\"type\":\"claim\",\"cards\":[\"h7\",\"c7\"],\"call\":\"7\"}";
    int pick[TABLES_A_PASS];
    ad_err e;
    for (int k = 0; k < TABLES_A_PASS; k++) { /* distinct tables */
        int t = (int)(rand_r(seed) % TABLES), seen = 0;
        for (int j = 0; j < k; j++)
            seen |= pick[j] == t;
        pick[k] = t;
        k -= seen;
    }
    if (store_begin(s, &e) < 0)
        die("begin", &e);
    for (int a = 0; a < ACTS; a++) { /* a table's steps one after another, as commit.c */
        int t = pick[a * TABLES_A_PASS / ACTS];
        if (store_append(s, id[t], ++v[t], a % 4, action, 0, 1700000000000 + a, &e) < 0)
            die("append", &e);
    }
    if (store_commit(s, &e) < 0)
        die("commit", &e);
}

int main(int argc, char **argv)
{
    int passes = 3000;
    const char *db = "/tmp/ad-store-cost.db";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--passes") == 0)
            passes = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--db") == 0)
            db = argv[i + 1];
    }
    char p[600];
    unlink(db);
    snprintf(p, sizeof p, "%s-wal", db);
    unlink(p);
    ad_err e;
    store *s = store_open(db, &e);
    if (!s)
        die("open", &e);
    int64_t id[TABLES];
    uint32_t v[TABLES] = {0};
    for (int t = 0; t < TABLES; t++)
        if (store_table_new(s, "{}", "{\"seats\":[]}", TABLE_PLAYING, 0, &id[t], &e) < 0)
            die("table", &e);
    unsigned seed = 33;
    for (int i = 0; i < passes / 10; i++) /* warm: the log's tails exist */
        one_pass(s, id, v, &seed);
    long long reads0 = ad_store_log_reads(s);
    double c0[2], c1[2], w0 = wall_s();
    cpu_s(c0);
    for (int i = 0; i < passes; i++)
        one_pass(s, id, v, &seed);
    cpu_s(c1);
    double w = wall_s() - w0, n = (double)passes * ACTS;
    printf("store-cost: %.0f actions, %d passes: CPU %.2f us an action (user %.2f, system "
           "%.2f), wall %.0f us a pass, log reads %.2f an action\n",
           n, passes, (c1[0] - c0[0] + c1[1] - c0[1]) * 1e6 / n, (c1[0] - c0[0]) * 1e6 / n,
           (c1[1] - c0[1]) * 1e6 / n, w * 1e6 / passes,
           (double)(ad_store_log_reads(s) - reads0) / n);
    store_close(s);
    unlink(db);
    snprintf(p, sizeof p, "%s-wal", db);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", db);
    unlink(p);
    return 0;
}
