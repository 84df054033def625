/*
 * loadtest_report.c - what `alphadeck loadtest` measured (loadtest.h): the
 * act -> acknowledgement times in a histogram of log buckets, their
 * quantiles, and the report in words or as one JSON object.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "loadtest.h"

/* ---------------------------------------------------------- the latency histogram */


unsigned ad_loadtest_hist_index(uint64_t us)
{
    if (us >= (1ull << 40))
        us = (1ull << 40) - 1;
    if (us < H_DIRECT)
        return (unsigned)us;
    unsigned e = 63u - (unsigned)__builtin_clzll(us), shift = e - H_BITS;
    return H_DIRECT + (shift - 1) * (1u << H_BITS) + (unsigned)((us >> shift) - (1u << H_BITS));
}

/* The middle of bucket i, in µs. */
static double hist_value(unsigned i)
{
    if (i < H_DIRECT)
        return i;
    unsigned k = i - H_DIRECT, shift = k / (1u << H_BITS) + 1;
    uint64_t lo = ((uint64_t)(k % (1u << H_BITS)) + (1u << H_BITS)) << shift;
    return (double)lo + (double)(1ull << shift) / 2.0;
}

/* The q-quantile in ms of the n times in hist, the longest max_us (the
 * smallest time at least q of them reach). */
static double quantile_ms(const uint32_t *hist, uint64_t n, uint64_t max_us, double q)
{
    uint64_t want = (uint64_t)ceil(q * (double)n), seen = 0;
    if (want < 1)
        want = 1;
    for (unsigned i = 0; i < H_LEN; i++) {
        seen += hist[i];
        if (seen >= want) {
            double v = hist_value(i);
            return (v > (double)max_us ? (double)max_us : v) / 1000.0;
        }
    }
    return (double)max_us / 1000.0;
}

static double hist_quantile_ms(const lt *t, double q)
{
    return quantile_ms(t->hist, t->hist_n, t->max_us, q);
}

/* ---------------------------------------------------------- the report */

static long hwm_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

/* The q-quantile in ms of the n times in hist, the longest max_us (q < 0:
 * the longest), in JSON; null when there are none. */
static json_t *ms_or_null(const uint32_t *hist, uint64_t n, uint64_t max_us, double q)
{
    if (n == 0)
        return json_null();
    return json_real(
        round((q < 0 ? (double)max_us / 1000.0 : quantile_ms(hist, n, max_us, q)) * 1000) / 1000);
}

void ad_loadtest_report(const lt *t)
{
    double setup_s = t->t_run ? (double)(t->t_run - t->t0) / 1e6 : 0;
    double load_s = t->t_run && t->t_stop > t->t_run ? (double)(t->t_stop - t->t_run) / 1e6 : 0;
    double per_s = load_s > 0 ? (double)t->acks / load_s : 0;
    if (t->json) {
        json_t *errors = json_object();
        for (int i = 0; i < t->ncodes; i++)
            json_object_set_new(errors, t->codes[i].code, json_integer((json_int_t)t->codes[i].n));
        json_t *o = json_pack(
            "{s:s,s:s,s:i,s:i,s:i,s:o,s:i,s:o,s:f,s:i,s:i,s:i,s:i,s:i,s:I,s:f,s:I,s:i,s:o,s:o,"
            "s:o,s:o,s:i,s:I,s:o,s:o}",
            "url", t->url, "game", t->game, "clients", t->clients, "tables", t->tables, "players",
            t->players, "rate", t->rate > 0 ? json_real(t->rate) : json_null(), "seconds",
            (int)t->seconds, "setup_s", json_real(setup_s), "load_s", load_s, "opened", t->opened, "seated", t->seated, "held", t->held, "failed", t->failed, "dropped",
            t->dropped, "acks", (json_int_t)t->acks, "acks_per_s", round(per_s * 10) / 10,
            "acks_total", (json_int_t)t->acks_total, "unanswered", t->inflight, "p50_ms",
            ms_or_null(t->hist, t->hist_n, t->max_us, 0.5), "p99_ms",
            ms_or_null(t->hist, t->hist_n, t->max_us, 0.99), "max_ms",
            ms_or_null(t->hist, t->hist_n, t->max_us, -1), "errors", errors, "games", t->games,
            "client_hwm_kib", (json_int_t)hwm_kib(), "client_turn_p99_ms",
            ms_or_null(t->busy, t->busy_n, t->busy_max_us, 0.99), "client_turn_max_ms",
            ms_or_null(t->busy, t->busy_n, t->busy_max_us, -1));
        char *text = o ? json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(8)) : NULL;
        printf("%s\n", text ? text : "{}");
        free(text);
        json_decref(o);
        return;
    }
    printf("alphadeck loadtest: %d connections at %d tables of %d (%s), %u s of load, %s\n",
           t->clients, t->tables, t->players, t->game, t->seconds,
           t->rate > 0 ? "thinking" : "acting as soon as asked");
    if (t->rate > 0)
        printf("  think time: exponential, mean %.3g s (at most %.3g acts a second each)\n",
               1 / t->rate, t->rate);
    printf("  connections: %d opened, %d held to the end, %d failed to connect, %d dropped\n",
           t->opened, t->held, t->failed, t->dropped);
    if (t->first_error[0])
        printf("  first failure: %s\n", t->first_error);
    printf("  set-up (hello, create, join): %.2f s, %d seated%s; then %.2f s of load\n", setup_s,
           t->seated, t->t_setup && t->t_setup <= t->t_run ? "" : " (its time ran out)", load_s);
    printf("  actions acknowledged: %llu in the load (%.1f a second), %llu in all, %d "
           "unanswered\n",
           (unsigned long long)t->acks, per_s, (unsigned long long)t->acks_total, t->inflight);
    if (t->hist_n)
        printf("  act -> acknowledgement: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
               hist_quantile_ms(t, 0.5), hist_quantile_ms(t, 0.99), (double)t->max_us / 1000);
    if (t->busy_n)
        printf("  its own turns between socket waits: p99 %.2f ms, max %.2f ms\n",
               quantile_ms(t->busy, t->busy_n, t->busy_max_us, 0.99),
               (double)t->busy_max_us / 1000);
    printf("  games finished: %d\n", t->games);
    printf("  errors:");
    if (!t->ncodes)
        printf(" none");
    for (int i = 0; i < t->ncodes; i++)
        printf(" %s %llu%s", t->codes[i].code, (unsigned long long)t->codes[i].n,
               i + 1 < t->ncodes ? "," : "");
    printf("\n");
}
