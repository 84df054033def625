/*
 * loop.c - `alphadeck serve`'s loop: lws' context on libuv (epoll) when
 * lws' libuv plugin is there, else on lws' own poll(2) loop; the tables'
 * timers (libuv's, or lws' on the poll loop); its passes, each ended by
 * the lobby's commit (what a pass accepted is stored, then acknowledged
 * and pushed); and SIGINT and SIGTERM, which end it.
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "app/app.h"
#include "loop_stats.h"
#include "net.h"

static volatile sig_atomic_t stopping;
static struct lws_context *signal_ctx;

/* ---------------------------------------------------------- the tables' timers */

/*
 * A table's timer (srv_timer_t, server.h) is libuv's on the libuv loop.
 * libuv keeps its timers in a heap by due time, so setting one costs a
 * log, not a walk: lws keeps its own in one sorted list, walked from the
 * head on every insertion, and a table's timer goes in near the tail (15 s
 * and more ahead), so with thousands of tables every action's timer
 * walked them all.  On lws' poll loop (ALPHADECK_LOOP=poll, or no libuv
 * plugin) it is lws' own (lws_sul), walk and all: that loop is the
 * fallback, and a server of thousands of tables runs on libuv.
 *
 * libuv needs a handle's memory until its close callback has run, but the
 * lobby frees a table (and the srv_timer_t in it) at once, after
 * cancelling its timer.  So a srv_timer_t holds a handle only while it is
 * set; one no timer holds waits among the spares for the next set, and the
 * spares are closed at the end (ad_timers_stop).
 *
 * What a timer applies goes out in the pass it fired in: the pass is ended
 * (the loop would wait in epoll or poll first), and the lobby commits,
 * acknowledges and pushes it now.
 */

static uv_timer_t *spare_take(server *s)
{
    uv_timer_t *h = s->spare;
    if (h) {
        s->spare = h->data;
        return h;
    }
    h = malloc(sizeof *h);
    if (!h || uv_timer_init(&s->loop, h) != 0)
        abort(); /* a table whose clock cannot run: nothing sane to do */
    return h;
}

static void spare_put(server *s, uv_timer_t *h)
{
    h->data = s->spare;
    s->spare = h;
}

static void fired_uv(uv_timer_t *h)
{
    srv_timer_t *tm = h->data;
    tm->uv = NULL;
    spare_put(tm->srv, h);
    uv_stop(&tm->srv->loop); /* the pass ends after this run of the timers */
    if (!ad_loop_stats_on) {
        lobby_timer(tm->l, tm->t);
        return;
    }
    int64_t t0 = ad_ls_now();
    lobby_timer(tm->l, tm->t);
    ad_ls_add(LS_TIMERS, ad_ls_now() - t0);
    ad_ls_count(LS_FIRED, 1);
}

static void fired_poll(lws_sorted_usec_list_t *sul)
{
    srv_timer_t *tm = lws_container_of(sul, srv_timer_t, sul);
    server *s = tm->srv;
    if (!s->woken) { /* lws runs due timers before it waits: wake that wait */
        s->woken = 1;
        lws_cancel_service(s->ctx);
    }
    lobby_timer(tm->l, tm->t);
}

/* A timer set for now fires in a later run of the timers, never in the run
 * that set it, so that one setting itself again at once cannot spin.  On
 * libuv a timer is set 1 ms later than asked: its clock counts whole ms
 * and is read at the start of a pass (it is read again here), and the ms
 * added keeps a timer from firing before its time.  On lws' loop a timer
 * is set 1 ms ahead at least. */
void srv_timer(server *s, srv_timer_t *tm, int64_t delay_ms)
{
    if (s->timers_off)
        return;
    if (delay_ms < 0)
        delay_ms = 0;
    tm->srv = s;
    if (!s->uv) {
        lws_sul_schedule(s->ctx, 0, &tm->sul, fired_poll,
                         (lws_usec_t)(delay_ms ? delay_ms : 1) * LWS_US_PER_MS);
        return;
    }
    if (!tm->uv) {
        tm->uv = spare_take(s);
        tm->uv->data = tm;
    }
    uv_update_time(&s->loop);
    uv_timer_start(tm->uv, fired_uv, (uint64_t)delay_ms + 1, 0);
}

void srv_timer_cancel(srv_timer_t *tm)
{
    if (!tm->srv)
        return; /* never set */
    if (!tm->uv) {
        lws_sul_cancel(&tm->sul);
        return;
    }
    uv_timer_stop(tm->uv);
    spare_put(tm->srv, tm->uv);
    tm->uv = NULL;
}

static void closed(uv_handle_t *h)
{
    free(h);
}

/* No timer is set from now on (the lobby's were cancelled: lobby_quiesce),
 * and the spare handles are closed (freed when the loop next runs:
 * ad_loop_end). */
void ad_timers_stop(server *s)
{
    s->timers_off = 1;
    while (s->spare) {
        uv_timer_t *h = s->spare;
        s->spare = h->data;
        uv_close((uv_handle_t *)h, closed);
    }
}

/* ---------------------------------------------------------- the loop */

/*
 * lws' own loop polls every socket on each pass: poll(2) over 10,000 idle
 * connections was a quarter of the server's time at that scale.  On libuv
 * (epoll on Linux) a pass costs what is ready, not what is open.  lws 4.1
 * takes libuv from its plugin (Debian: libwebsockets-evlib-uv), on a loop
 * of ours, which runs one pass at a time (UV_RUN_ONCE) so that the lobby
 * still commits, acknowledges and pushes at the end of each.  Without the
 * plugin, or with ALPHADECK_LOOP=poll, lws' poll(2) loop serves as before.
 */
struct lws_context *ad_loop_context(server *s, struct lws_context_creation_info *info, int level)
{
    const char *want = getenv("ALPHADECK_LOOP");
    ad_ls_start();
    if (!(want && strcmp(want, "poll") == 0) && uv_loop_init(&s->loop) == 0) {
        if (ad_loop_stats_on) /* the time each pass waited in epoll */
            uv_loop_configure(&s->loop, UV_METRICS_IDLE_TIME);
        void *loops[1] = {&s->loop};
        info->options |= LWS_SERVER_OPTION_LIBUV;
        info->foreign_loops = loops;
        /* a missing plugin is no error of ours: quiet while lws looks */
        lws_set_log_level(want ? level : 0, NULL);
        struct lws_context *ctx = lws_create_context(info);
        lws_set_log_level(level, NULL);
        info->foreign_loops = NULL;
        if (ctx) {
            s->uv = 1;
            return ctx;
        }
        info->options &= ~(uint64_t)LWS_SERVER_OPTION_LIBUV;
        uv_loop_close(&s->loop);
        if (want && strcmp(want, "uv") == 0)
            return NULL;
    }
    return lws_create_context(info);
}

/* Destroys the context; on libuv lws closes its handles on the loop, which
 * runs until they are all closed. */
void ad_loop_end(server *s)
{
    lws_context_destroy(s->ctx);
    s->ctx = NULL;
    if (!s->uv)
        return;
    while (uv_run(&s->loop, UV_RUN_DEFAULT))
        ;
    uv_loop_close(&s->loop);
    s->uv = 0;
}

/* ---------------------------------------------------------- the passes */

static void on_signal(int sig)
{
    (void)sig;
    stopping = 1;
    if (signal_ctx)
        lws_cancel_service(signal_ctx);
}

void ad_loop_signals(server *s)
{
    signal_ctx = s->ctx;
    ad_cli_stop_on_signals(on_signal);
    /* past a file-size limit a write fails (EFBIG), as on a full disk, and
     * the store refuses that pass; the signal would kill the whole server */
    signal(SIGXFSZ, SIG_IGN);
}

/* The group commit's pace on libuv (lobby_pass_end): while the loop is
 * busy and the commit is put off for nap microseconds, the loop sleeps
 * them rather than waking for each request that comes meanwhile (each
 * wake and sleep cost more than the request), and its next pass takes
 * all that came, without waiting, and commits them with the rest.  A wake
 * of the loop (srv_wake: a bot's answer, the rest of a table's steps) ends
 * the nap at once: what the loop does in its own time is not put off. */
static pthread_mutex_t nap_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nap_cv = PTHREAD_COND_INITIALIZER;
static int nap_woken; /* a wake came since the last nap began */

void ad_loop_nap_wake(void)
{
    pthread_mutex_lock(&nap_mu);
    nap_woken = 1;
    pthread_cond_signal(&nap_cv);
    pthread_mutex_unlock(&nap_mu);
}

static void nap_then(server *s, int64_t nap)
{
    s->napped = nap > 0;
    if (nap <= 0)
        return;
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until); /* (not the wall clock, which may jump) */
    until.tv_sec += (time_t)(nap / 1000000);
    until.tv_nsec += (long)(nap % 1000000) * 1000;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&nap_mu);
    while (!nap_woken && !stopping &&
           pthread_cond_clockwait(&nap_cv, &nap_mu, CLOCK_MONOTONIC, &until) == 0)
        ; /* (a wake without the flag: a spurious one) */
    nap_woken = 0;
    pthread_mutex_unlock(&nap_mu);
}

/* One pass, timed (ALPHADECK_LOOP_STATS): its wait in epoll is libuv's
 * idle time (on lws' poll loop the wait is not told apart from the work). */
static int timed_pass(server *s)
{
    int64_t t0 = ad_ls_now();
    uint64_t idle0 = s->uv ? uv_metrics_idle_time(&s->loop) : 0;
    if (s->uv)
        uv_run(&s->loop, s->napped ? UV_RUN_NOWAIT : UV_RUN_ONCE);
    else if (lws_service(s->ctx, 0) < 0)
        return -1;
    int64_t t1 = ad_ls_now();
    int64_t wait = s->uv ? (int64_t)((uv_metrics_idle_time(&s->loop) - idle0) / 1000) : 0;
    s->woken = 0;
    int64_t nap = lobby_pass_end(s->l, s->uv);
    int64_t t2 = ad_ls_now();
    ad_net_flush(s);
    int64_t t3 = ad_ls_now();
    ad_ls_add(LS_SEND, t3 - t2);
    ad_ls_pass(wait, t1 - t0, t3 - t0);
    nap_then(s, nap);
    if (lobby_pass_start(s->l))
        ad_net_flush(s);
    return 0;
}

/* The threads an act waits for (the loop's, the commits') ask Linux's
 * scheduler (EEVDF, 6.6 on; a slice of one's own since 6.12) for a short
 * slice: a thread that wakes with a short one is picked sooner, where the
 * default (1.4 ms here, more with more CPUs) let the loop that a frame
 * woke wait 3 to 13 ms for a CPU the load's other work held.  Its share of
 * the CPU does not change.  At 19,000 connections the p99 of an act's
 * acknowledgement was 31.9 ms against 44.0 (medians of ten runs in turns,
 * lower in 7 of 10; bench/notes/2026-12-01-round-twenty-four.md).  A
 * kernel without it (or a sandbox that forbids the call) leaves the
 * thread as it was: said once, nothing else changes. */
int srv_slice_us = SRV_SLICE_US;

struct slice_attr { /* the kernel's struct sched_attr (sched_setattr(2)) */
    uint32_t size, policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
};

void srv_thread_slice(void)
{
    if (srv_slice_us <= 0)
        return;
    struct slice_attr a = {.size = sizeof a, .policy = 0 /* SCHED_OTHER */,
                           .runtime = (uint64_t)srv_slice_us * 1000};
    static atomic_int said; /* (the loop's and the commits' threads) */
    if (syscall(SYS_sched_setattr, 0, &a, 0) != 0 && atomic_fetch_add(&said, 1) == 0)
        fprintf(stderr, "alphadeck serve: --slice-us %d: the scheduler did not take it; the "
                        "threads keep its own\n",
                srv_slice_us);
}

/* Until a signal: each pass ends with the lobby's commit, and so does the
 * loop. */
void ad_loop_run(server *s)
{
    srv_thread_slice();
    while (!stopping) {
        if (ad_loop_stats_on) {
            if (timed_pass(s) < 0)
                break;
            continue;
        }
        if (s->uv)
            uv_run(&s->loop, s->napped ? UV_RUN_NOWAIT : UV_RUN_ONCE);
        else if (lws_service(s->ctx, 0) < 0)
            break;
        s->woken = 0;
        int64_t nap = lobby_pass_end(s->l, s->uv);
        ad_net_flush(s);
        nap_then(s, nap);
        if (lobby_pass_start(s->l)) /* a commit ended meanwhile: its answers go first */
            ad_net_flush(s);
    }
    lobby_flush(s->l);
    signal_ctx = NULL;
}
