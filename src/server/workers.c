/*
 * workers.c - threads that compute bot decisions, so a strong bot's 100 ms
 * never stops the loop that serves every other table.  A job goes in with
 * its request (plain data: the seat's view, level, budget, seed) and comes
 * back with its answer; ad_bot_request_run touches nothing shared, so the
 * answer is the same on any thread.  The loop is woken for each answer.
 */
#include <pthread.h>
#include <stdlib.h>

#include "server.h"

typedef struct node {
    worker_job *job;
    struct node *next;
} node;

typedef struct fifo {
    node *head, *tail;
} fifo;

struct workers {
    server *srv;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    fifo todo, done;
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

static void *work(void *arg)
{
    workers *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->stop && !w->todo.head)
            pthread_cond_wait(&w->cv, &w->mu);
        if (w->stop)
            break;
        node *x = pop(&w->todo);
        pthread_mutex_unlock(&w->mu);
        ad_bot_request_run(&x->job->rq, &x->job->ans);
        pthread_mutex_lock(&w->mu);
        push(&w->done, x);
        srv_wake(w->srv);
    }
    pthread_mutex_unlock(&w->mu);
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
    drop(&w->todo);
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
    pthread_mutex_lock(&w->mu);
    push(&w->todo, x);
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
