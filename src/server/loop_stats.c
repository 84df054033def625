/*
 * loop_stats.c - the loop's passes timed (loop_stats.h), when
 * ALPHADECK_LOOP_STATS=SECONDS asks: every SECONDS, one line on stderr
 * with how many passes ran, the share of the time each part of them took,
 * the spread of a pass's busy time (all but its wait in epoll: what an
 * action arriving meanwhile waits for, besides its own pass), and the
 * parts and counts of the busiest pass, and the spread of an act's time in
 * the server (taken to answered).  Why: the latency's tail at 19,000
 * connections (issue 33) is made of a few long passes, and a profile
 * averages them away.
 */
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "loop_stats.h"

#define LS_SUB 8                       /* buckets an octave: a quantile within 12% */
#define LS_BUCKETS (16 + 40 * LS_SUB)  /* µs: below 16 one each, then up to 2^44 */

int ad_loop_stats_on;

typedef struct ls_pass {
    int64_t part[LS_ALL];
    int64_t cpu; /* the pass's time on a CPU */
    int64_t count[LS_COUNTS];
    int64_t busy;
} ls_pass;

static struct {
    int64_t every_us, since, cpu_at;
    int64_t sched[2]; /* the thread's schedstat: ns on a CPU, ns waiting for one */
    int sched_fd;     /* /proc/thread-self/schedstat of the loop's thread (-1: none) */
    ls_pass now, worst, sum;
    uint64_t passes, hist[LS_BUCKETS];
    int64_t *taken; /* the acts answered in the pass under way: when each was taken */
    size_t ntaken, ctaken;
    uint64_t acts, act_hist[LS_BUCKETS]; /* an act's time in the server */
    int64_t act_max;
    uint64_t commits, commit_hist[LS_BUCKETS]; /* a commit's time on its thread */
    int64_t commit_max;
} ls;

int64_t ad_ls_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t ad_ls_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The loop's thread's time on a CPU and waiting in the run queue for one,
 * in ns, as Linux counts them (0 where there is no schedstat). */
static void sched_now(int64_t out[2])
{
    long long run = 0, queued = 0;
    char buf[128];
    ssize_t n = ls.sched_fd >= 0 ? pread(ls.sched_fd, buf, sizeof buf - 1, 0) : -1;
    if (n > 0) {
        buf[n] = 0;
        if (sscanf(buf, "%lld %lld", &run, &queued) != 2)
            run = queued = 0;
    }
    out[0] = run;
    out[1] = queued;
}

void ad_ls_sched(int64_t out[2])
{
    sched_now(out);
}

void ad_ls_start(void)
{
    const char *v = getenv("ALPHADECK_LOOP_STATS");
    double s = v ? atof(v) : 0;
    if (!(s > 0))
        return;
    ad_loop_stats_on = 1;
    ls.every_us = (int64_t)(s * 1e6);
    ls.since = ad_ls_now();
    ls.cpu_at = ad_ls_cpu();
    ls.sched_fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    sched_now(ls.sched);
}

void ad_ls_add(int p, int64_t us)
{
    ls.now.part[p] += us;
}

void ad_ls_count(int k, int n)
{
    ls.now.count[k] += n;
}

static unsigned bucket(int64_t us)
{
    if (us < 16)
        return us < 0 ? 0 : (unsigned)us;
    unsigned e = 63u - (unsigned)__builtin_clzll((unsigned long long)us);
    unsigned i = 16 + (e - 4) * LS_SUB + (unsigned)((us >> (e - 3)) & (LS_SUB - 1));
    return i < LS_BUCKETS ? i : LS_BUCKETS - 1;
}

/* The lower end of bucket i, in µs. */
static double bucket_us(unsigned i)
{
    if (i < 16)
        return i;
    unsigned e = (i - 16) / LS_SUB + 4, sub = (i - 16) % LS_SUB;
    return (double)((1ull << e) + ((unsigned long long)sub << (e - 3)));
}

static double quantile_ms(const uint64_t *hist, uint64_t n, double q)
{
    uint64_t want = (uint64_t)(q * (double)n) + 1, seen = 0;
    for (unsigned i = 0; n && i < LS_BUCKETS; i++)
        if ((seen += hist[i]) >= want)
            return bucket_us(i) / 1000;
    return 0;
}

void ad_ls_act(int64_t taken_us)
{
    if (ls.ntaken == ls.ctaken) {
        size_t c = ls.ctaken ? 2 * ls.ctaken : 256;
        int64_t *t = realloc(ls.taken, c * sizeof *t);
        if (!t)
            return; /* not counted */
        ls.taken = t;
        ls.ctaken = c;
    }
    ls.taken[ls.ntaken++] = taken_us;
}

void ad_ls_commit(int64_t us)
{
    ls.commit_hist[bucket(us)]++;
    ls.commits++;
    if (us > ls.commit_max)
        ls.commit_max = us;
}

static void write_line(int64_t span)
{
    static const char *name[LS_PARTS] = {"wait", "work", "timers", "commit",
                                         "push", "evict", "trim", "send"};
    double pc = span > 0 ? 100.0 / (double)span : 0;
    int64_t sched[2];
    sched_now(sched);
    double on_cpu = (double)(sched[0] - ls.sched[0]) / 1000 * pc,
           queued = (double)(sched[1] - ls.sched[1]) / 1000 * pc;
    ls.sched[0] = sched[0];
    ls.sched[1] = sched[1];
    char parts[320], worst[320];
    size_t a = 0, b = 0;
    for (int p = LS_WORK; p < LS_PARTS; p++) {
        a += (size_t)snprintf(parts + a, sizeof parts - a, "%s%s %.1f%%", a ? ", " : "",
                              name[p], (double)ls.sum.part[p] * pc);
        b += (size_t)snprintf(worst + b, sizeof worst - b, "%s%s %.2f", b ? ", " : "", name[p],
                              (double)ls.worst.part[p] / 1000);
        if (p == LS_COMMIT) { /* how much of it the thread ran, or waited for a CPU */
            a += (size_t)snprintf(parts + a, sizeof parts - a,
                                  " (on a CPU %.1f%%, waiting for one %.1f%%)",
                                  (double)ls.sum.part[LS_COMMIT_CPU] * pc,
                                  (double)ls.sum.part[LS_COMMIT_QUEUED] * pc);
            b += (size_t)snprintf(worst + b, sizeof worst - b,
                                  " (on a CPU %.2f, waiting for one %.2f)",
                                  (double)ls.worst.part[LS_COMMIT_CPU] / 1000,
                                  (double)ls.worst.part[LS_COMMIT_QUEUED] / 1000);
        }
    }
    fprintf(stderr,
            "alphadeck serve: loop stats: %.1f s, %llu passes, %lld acts, %lld tables stored, "
            "%lld commits, %lld timers fired; busy %.1f%% of the time (%s), on a CPU %.1f%%; the loop's thread "
            "ran %.1f%% of the time and waited for a CPU %.1f%%; a pass's busy time p50 %.2f ms, "
            "p99 %.2f ms, p99.9 %.2f ms, max %.2f ms; the busiest (ms): %s, after a wait of "
            "%.2f, on a CPU %.2f; it had %lld acts, %lld tables stored, %lld timers fired; an act, "
            "from its being taken to its answer written, p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, "
            "max %.2f ms",
            (double)span / 1e6, (unsigned long long)ls.passes, (long long)ls.sum.count[LS_ACTS],
            (long long)ls.sum.count[LS_TABLES], (long long)ls.sum.count[LS_COMMITS],
            (long long)ls.sum.count[LS_FIRED],
            (double)ls.sum.busy * pc, parts, (double)ls.sum.cpu * pc, on_cpu, queued,
            quantile_ms(ls.hist, ls.passes, 0.5), quantile_ms(ls.hist, ls.passes, 0.99),
            quantile_ms(ls.hist, ls.passes, 0.999),
            (double)ls.worst.busy / 1000, worst, (double)ls.worst.part[LS_WAIT] / 1000,
            (double)ls.worst.cpu / 1000,
            (long long)ls.worst.count[LS_ACTS], (long long)ls.worst.count[LS_TABLES],
            (long long)ls.worst.count[LS_FIRED],
            quantile_ms(ls.act_hist, ls.acts, 0.5), quantile_ms(ls.act_hist, ls.acts, 0.99),
            quantile_ms(ls.act_hist, ls.acts, 0.999), (double)ls.act_max / 1000);
    if (ls.commits)
        fprintf(stderr,
                "; a commit on its thread, from its hand-over to its return, p50 %.2f ms, p99 "
                "%.2f ms, p99.9 %.2f ms, max %.2f ms",
                quantile_ms(ls.commit_hist, ls.commits, 0.5),
                quantile_ms(ls.commit_hist, ls.commits, 0.99),
                quantile_ms(ls.commit_hist, ls.commits, 0.999), (double)ls.commit_max / 1000);
    fputc('\n', stderr);
    fflush(stderr);
}

/* Where the memory is, on a line of its own: what allocations hold, what
 * malloc keeps free (in its bins, and at the heap's top, which a trim
 * gives back), and the resident set.  Why: a server's RSS grows by a
 * quarter when 19,000 people leave at once (issue 33, p4), and only
 * glibc's counts tell whether that is memory in use or free memory
 * still resident. */
static void write_memory(void)
{
    struct mallinfo2 mi = mallinfo2();
    long long size = 0, pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f && fscanf(f, "%lld %lld", &size, &pages) != 2)
        pages = 0;
    if (f)
        fclose(f);
    double mib = 1.0 / (1024 * 1024);
    fprintf(stderr,
            "alphadeck serve: memory stats: in use %.1f MiB (of it mmapped %.1f), free in "
            "malloc %.1f MiB (at the heap's top %.1f), malloc's arenas %.1f MiB, RSS %.1f MiB\n",
            (double)(mi.uordblks + mi.hblkhd) * mib, (double)mi.hblkhd * mib,
            (double)mi.fordblks * mib, (double)mi.keepcost * mib, (double)mi.arena * mib,
            (double)pages * (double)sysconf(_SC_PAGESIZE) * mib);
}

void ad_ls_pass(int64_t wait_us, int64_t run_us, int64_t total_us)
{
    ls_pass *p = &ls.now;
    p->part[LS_WAIT] = wait_us;
    p->part[LS_WORK] = run_us - wait_us; /* the callbacks, the timers among them */
    p->busy = total_us - wait_us;
    int64_t cpu = ad_ls_cpu();
    p->cpu = cpu - ls.cpu_at;
    ls.cpu_at = cpu;
    ls.passes++;
    ls.hist[bucket(p->busy)]++;
    for (int i = 0; i < LS_ALL; i++)
        ls.sum.part[i] += p->part[i];
    ls.sum.cpu += p->cpu;
    for (int i = 0; i < LS_COUNTS; i++)
        ls.sum.count[i] += p->count[i];
    ls.sum.busy += p->busy;
    if (p->busy > ls.worst.busy)
        ls.worst = *p;
    memset(p, 0, sizeof *p);
    int64_t now = ad_ls_now();
    for (size_t i = 0; i < ls.ntaken; i++) {
        int64_t us = now - ls.taken[i];
        ls.act_hist[bucket(us)]++;
        if (us > ls.act_max)
            ls.act_max = us;
    }
    ls.acts += ls.ntaken;
    ls.ntaken = 0;
    if (now - ls.since < ls.every_us)
        return;
    write_line(now - ls.since);
    write_memory();
    memset(&ls.worst, 0, sizeof ls.worst);
    memset(&ls.sum, 0, sizeof ls.sum);
    memset(ls.hist, 0, sizeof ls.hist);
    memset(ls.act_hist, 0, sizeof ls.act_hist);
    memset(ls.commit_hist, 0, sizeof ls.commit_hist);
    ls.passes = ls.acts = ls.commits = 0;
    ls.act_max = ls.commit_max = 0;
    ls.since = now;
}
