/*
 * workers.c - threads that compute bot decisions, so a strong bot's 100 ms
 * never stops the loop that serves every other table.  A job goes in with
 * its request (plain data: the seat's view, level, budget, seed) and comes
 * back with its answer; ad_bot_request_run touches nothing shared, so the
 * answer is the same on any thread.  The loop is woken for each answer.
 *
 * Jobs wait in two queues: those of tables where a person sits and is
 * here go first, the rest (tables of bots alone, a person away) after
 * them.  A flood of tables of bots alone then delays a person's table by
 * the decisions already being computed at most, never by the whole flood;
 * within a queue each table has a job or two out at a time, so first in,
 * first out takes the tables in turn.
 *
 * A job waits with its view packed (view_pack.c): a view is a game's whole
 * state struct (2,368 bytes in noway), 95% zeros, and when 19,000 people
 * leave at once every one of 4,750 tables has its stand-ins' requests
 * waiting here, two or so a table, for as long as the bots play on: 25 MB
 * of views, now some 2 (issue 33, p4).  The worker unpacks it into a
 * view of its own, so the bot reads the very bytes the director wrote.
 */
#include <pthread.h>
#include <stdlib.h>

#include "server.h"
#include "view_pack.h"

typedef struct node {
    worker_job *job;
    unsigned char *packed; /* the job's view, packed (ad_view_pack) */
    size_t size;           /* the view's unpacked size */
    struct node *next;
} node;

typedef struct fifo {
    node *head, *tail;
} fifo;

struct workers {
    server *srv;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    fifo todo[2], done; /* todo[0]: people's tables, todo[1]: the rest */
    int stop, n;
    pthread_t th[64];
};

static void push(fifo *f, node *x)
{
    x->next = NULL;
    if (f->tail)
        f->tail->next = x;
    else
        f->head = x;
    f->tail = x;
}

static node *pop(fifo *f)
{
    node *x = f->head;
    if (x) {
        f->head = x->next;
        if (!f->head)
            f->tail = NULL;
    }
    return x;
}

/* The job's view packed in place of it (out of memory, it waits as it is). */
static void pack_job(node *x)
{
    ad_bot_request *rq = &x->job->rq;
    x->packed = NULL;
    x->size = rq->g->state_size;
    if (!rq->view || !x->size)
        return;
    x->packed = malloc(ad_view_pack(rq->view, x->size, NULL));
    if (!x->packed)
        return;
    ad_view_pack(rq->view, x->size, x->packed);
    free(rq->view);
    rq->view = NULL;
}

/* A worker's view (*buf, grown to the job's size), the job's view unpacked
 * into it while the bot runs; the job never owns it. */
static void run_job(node *x, unsigned char **buf, size_t *cap)
{
    ad_bot_request *rq = &x->job->rq;
    if (x->packed && *cap < x->size) {
        unsigned char *b = realloc(*buf, x->size);
        if (!b) { /* out of memory: the answer says so, and the table waits */
            rq->view = NULL;
            x->job->ans.id = rq->id;
            x->job->ans.seat = rq->seat;
            x->job->ans.rc = -1;
            ad_err_set(&x->job->ans.err, AD_E_INTERNAL, "out of memory");
            free(x->packed);
            x->packed = NULL;
            return;
        }
        *buf = b;
        *cap = x->size;
    }
    if (x->packed) {
        ad_view_unpack(x->packed, x->size, *buf);
        rq->view = *buf;
    }
    ad_bot_request_run(rq, &x->job->ans);
    if (x->packed) {
        rq->view = NULL;
        free(x->packed);
        x->packed = NULL;
    }
}

static void *work(void *arg)
{
    workers *w = arg;
    unsigned char *buf = NULL; /* this worker's view */
    size_t cap = 0;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->stop && !w->todo[0].head && !w->todo[1].head)
            pthread_cond_wait(&w->cv, &w->mu);
        if (w->stop)
            break;
        node *x = w->todo[0].head ? pop(&w->todo[0]) : pop(&w->todo[1]);
        pthread_mutex_unlock(&w->mu);
        run_job(x, &buf, &cap);
        pthread_mutex_lock(&w->mu);
        push(&w->done, x);
        srv_wake(w->srv);
    }
    pthread_mutex_unlock(&w->mu);
    free(buf);
    return NULL;
}

workers *workers_new(int n, server *s)
{
    workers *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->srv = s;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    for (int i = 0; i < n && i < 64; i++) {
        if (pthread_create(&w->th[i], NULL, work, w) != 0)
            break;
        w->n++;
    }
    if (w->n == 0) {
        workers_free(w);
        return NULL;
    }
    return w;
}

static void drop(fifo *f)
{
    node *x;
    while ((x = pop(f))) {
        free(x->packed);
        ad_bot_request_free(&x->job->rq);
        free(x->job);
        free(x);
    }
}

void workers_free(workers *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->stop = 1;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    for (int i = 0; i < w->n; i++)
        pthread_join(w->th[i], NULL);
    drop(&w->todo[0]);
    drop(&w->todo[1]);
    drop(&w->done);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
}

void workers_submit(workers *w, worker_job *job)
{
    node *x = malloc(sizeof *x);
    if (!x) { /* out of memory: the answer never comes; the table waits */
        ad_bot_request_free(&job->rq);
        free(job);
        return;
    }
    x->job = job;
    pack_job(x);
    pthread_mutex_lock(&w->mu);
    push(&w->todo[job->people ? 0 : 1], x);
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

worker_job *workers_take(workers *w)
{
    pthread_mutex_lock(&w->mu);
    node *x = pop(&w->done);
    pthread_mutex_unlock(&w->mu);
    if (!x)
        return NULL;
    worker_job *j = x->job;
    free(x);
    return j;
}
