/*
 * loop.c - `alphadeck serve`'s loop: lws' context on libuv (epoll) when
 * lws' libuv plugin is there, else on lws' own poll(2) loop; the tables'
 * timers on it; its passes, each ended by the lobby's commit (what a pass
 * accepted is stored, then acknowledged and pushed); and SIGINT and
 * SIGTERM, which end it.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "net.h"

static volatile sig_atomic_t stopping;
static struct lws_context *signal_ctx;

/* ---------------------------------------------------------- table timers */

/* lws keeps its timers in one sorted list and walks it from the head on
 * every insertion; a table's timer goes in near the tail (15 s and more
 * ahead), so with thousands of tables every action's timer walked them
 * all.  Here they are a binary heap by due time, and lws holds one timer:
 * the heap's earliest. */

static void heap_put(server *s, int i, srv_timer_t *tm)
{
    s->heap[i] = tm;
    tm->heap_i = i + 1;
}

static void heap_up(server *s, int i)
{
    srv_timer_t *tm = s->heap[i];
    while (i > 0 && s->heap[(i - 1) / 2]->due_us > tm->due_us) {
        heap_put(s, i, s->heap[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    heap_put(s, i, tm);
}

static void heap_down(server *s, int i)
{
    srv_timer_t *tm = s->heap[i];
    for (;;) {
        int k = 2 * i + 1;
        if (k >= s->nheap)
            break;
        if (k + 1 < s->nheap && s->heap[k + 1]->due_us < s->heap[k]->due_us)
            k++;
        if (s->heap[k]->due_us >= tm->due_us)
            break;
        heap_put(s, i, s->heap[k]);
        i = k;
    }
    heap_put(s, i, tm);
}

static void heap_remove(server *s, srv_timer_t *tm)
{
    int i = tm->heap_i - 1;
    tm->heap_i = 0;
    srv_timer_t *last = s->heap[--s->nheap];
    if (i == s->nheap)
        return;
    heap_put(s, i, last);
    heap_down(s, i);
    heap_up(s, last->heap_i - 1);
}

static void heap_fired(lws_sorted_usec_list_t *sul);

/* lws' timer for the heap's earliest, moved only when that changed. */
static void heap_arm(server *s)
{
    lws_usec_t due = s->nheap ? s->heap[0]->due_us : 0;
    if (due == s->armed_us)
        return;
    s->armed_us = due;
    if (!due) {
        lws_sul_cancel(&s->heap_sul);
        return;
    }
    lws_usec_t wait = due - lws_now_usecs();
    lws_sul_schedule(s->ctx, 0, &s->heap_sul, heap_fired, wait > 0 ? wait : 0);
}

static void heap_fired(lws_sorted_usec_list_t *sul)
{
    server *s = lws_container_of(sul, server, heap_sul);
    lws_usec_t now = lws_now_usecs();
    s->armed_us = 0;
    /* only those due now and set before: one set again at once waits for
     * the next pass, so a timer that keeps setting itself cannot spin */
    for (int n = s->nheap; n > 0 && s->nheap && s->heap[0]->due_us <= now; n--) {
        srv_timer_t *tm = s->heap[0];
        heap_remove(s, tm);
        lobby_timer(tm->l, tm->t);
    }
    heap_arm(s);
    /* lws runs due timers before it waits: wake that wait, so the pass ends
     * and what the timers applied is committed and pushed now */
    lws_cancel_service(s->ctx);
}

void srv_timer(server *s, srv_timer_t *tm, int64_t delay_ms)
{
    if (delay_ms < 0)
        delay_ms = 0;
    tm->due_us = lws_now_usecs() + (lws_usec_t)delay_ms * LWS_US_PER_MS;
    if (tm->heap_i) {
        heap_down(s, tm->heap_i - 1);
        heap_up(s, tm->heap_i - 1);
    } else {
        if (s->nheap == s->cheap) {
            int cap = s->cheap ? s->cheap * 2 : 256;
            srv_timer_t **h = realloc(s->heap, (size_t)cap * sizeof *h);
            if (!h)
                abort(); /* a table whose clock cannot run: nothing sane to do */
            s->heap = h;
            s->cheap = cap;
        }
        tm->srv = s;
        heap_put(s, s->nheap++, tm);
        heap_up(s, s->nheap - 1);
    }
    heap_arm(s);
}

void srv_timer_cancel(srv_timer_t *tm)
{
    if (!tm->heap_i)
        return;
    heap_remove(tm->srv, tm);
    heap_arm(tm->srv);
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
    if (!(want && strcmp(want, "poll") == 0) && uv_loop_init(&s->loop) == 0) {
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
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* past a file-size limit a write fails (EFBIG), as on a full disk, and
     * the store refuses that pass; the signal would kill the whole server */
    signal(SIGXFSZ, SIG_IGN);
}

/* Until a signal: each pass ends with the lobby's commit, and so does the
 * loop. */
void ad_loop_run(server *s)
{
    while (!stopping) {
        if (s->uv)
            uv_run(&s->loop, UV_RUN_ONCE);
        else if (lws_service(s->ctx, 0) < 0)
            break;
        lobby_flush(s->l);
    }
    lobby_flush(s->l);
    signal_ctx = NULL;
}

void ad_timers_stop(server *s)
{
    lws_sul_cancel(&s->heap_sul);
}

void ad_timers_free(server *s)
{
    free(s->heap);
    s->heap = NULL;
}
