/*
 * archive.c - finished games' records and replays, built off the loop and
 * kept.  A long game's replay is megabytes of JSON and a fifth of a second
 * to write: built on the loop, twenty requests of one stopped every table
 * for more than a second.  Here a thread of its own, with a store handle
 * of its own (SQLite in WAL mode lets it read beside the loop's writes;
 * PostgreSQL: a second connection), builds each answer (records_http.c),
 * and the loop, woken when one is ready, hands it to every request that
 * waits for it.  A finished game never changes, so its answers are kept,
 * the most recently asked first, up to a number of bytes (--cache-mib):
 * the same replay asked twenty times is built once.
 *
 * Only the loop's thread calls these functions and counts the bodies'
 * references; the thread touches only a job's table, seat and answer, and
 * the two queues under the mutex.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

struct archive_job {
    archive *a;
    int64_t table;
    int seat;
    int step;                   /* a replay step's hint (SRV_NO_STEP: none) */
    srv_body *out;              /* the thread's answer */
    archive_job *next;          /* in the queue to build, or the built (under mu) */
    archive_job *prev_b, *next_b; /* the loop's: among those being built */
    archive_wait *wait;         /* the loop's: the requests waiting for it */
};

typedef struct entry {
    int64_t table;
    int seat, step;
    srv_body *b;
    struct entry *prev, *next; /* most recently asked first */
} entry;

struct archive {
    server *srv;
    store *st; /* the thread's own */
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    archive_job *todo, *todo_tail, *done, *done_tail;
    int stop;
    archive_job *building; /* the loop's, from here on */
    int nbuilding;
    entry *head, *tail;
    size_t bytes, cap;
    int nentries;
    uint64_t hits, built;
};

/* ------------------------------------------------------------ bodies */

srv_body *srv_body_new(int status, const char *type, const char *text, size_t len)
{
    srv_body *b = malloc(sizeof *b + len + 1);
    if (!b)
        return NULL;
    b->refs = 1;
    b->status = status;
    b->type = type;
    b->cache = "no-store";
    b->len = len;
    memcpy(b->text, text, len);
    b->text[len] = 0;
    return b;
}

void srv_body_drop(srv_body *b)
{
    if (b && --b->refs == 0)
        free(b);
}

/* ------------------------------------------------------------ the thread */

static void queue_push(archive_job **head, archive_job **tail, archive_job *j)
{
    j->next = NULL;
    if (*tail)
        (*tail)->next = j;
    else
        *head = j;
    *tail = j;
}

static archive_job *queue_pop(archive_job **head, archive_job **tail)
{
    archive_job *j = *head;
    if (j) {
        *head = j->next;
        if (!*head)
            *tail = NULL;
    }
    return j;
}

/* One answer, as a body; a fixed one when even that cannot be had.  A
 * store that failed (its PostgreSQL connection lost: a restart of the
 * database, a network fault) connects again on its next call, so a
 * failed build is tried once more before the 500 goes out. */
static srv_body *build_one(store *st, int64_t id, int seat, int step)
{
    char *text = NULL;
    int status = records_answer(st, id, seat, step, &text);
    if (status == 500) {
        free(text);
        text = NULL;
        status = records_answer(st, id, seat, step, &text);
    }
    srv_body *b = text ? srv_body_new(status, "application/json", text, strlen(text)) : NULL;
    free(text);
    if (b && status == 200 && step != SRV_NO_STEP)
        b->cache = "public, max-age=86400"; /* a finished game's hint never changes */
    if (!b) {
        static const char oom[] = "{\"ok\":false,\"error\":\"out of memory\",\"code\":\"internal\"}";
        b = srv_body_new(500, "application/json", oom, sizeof oom - 1);
    }
    return b;
}

static void *work(void *arg)
{
    archive *a = arg;
    pthread_mutex_lock(&a->mu);
    for (;;) {
        while (!a->stop && !a->todo)
            pthread_cond_wait(&a->cv, &a->mu);
        if (a->stop)
            break;
        archive_job *j = queue_pop(&a->todo, &a->todo_tail);
        pthread_mutex_unlock(&a->mu);
        j->out = build_one(a->st, j->table, j->seat, j->step);
        pthread_mutex_lock(&a->mu);
        queue_push(&a->done, &a->done_tail, j);
        srv_wake(a->srv);
    }
    pthread_mutex_unlock(&a->mu);
    return NULL;
}

archive *archive_new(const char *db, server *s, size_t cache_bytes, ad_err *err)
{
    if (strcmp(db, ":memory:") == 0) {
        ad_err_set(err, AD_E_IO, "a database in memory cannot be read from the second "
                                 "connection that builds records and replays: give --db FILE");
        return NULL;
    }
    archive *a = calloc(1, sizeof *a);
    if (!a) {
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    a->srv = s;
    a->cap = cache_bytes;
    a->st = store_open(db, err);
    if (!a->st) {
        free(a);
        return NULL;
    }
    pthread_mutex_init(&a->mu, NULL);
    pthread_cond_init(&a->cv, NULL);
    if (pthread_create(&a->th, NULL, work, a) != 0) {
        pthread_mutex_destroy(&a->mu);
        pthread_cond_destroy(&a->cv);
        store_close(a->st);
        free(a);
        ad_err_set(err, AD_E_INTERNAL, "cannot start the thread that builds replays");
        return NULL;
    }
    return a;
}

static void job_free(archive_job *j)
{
    srv_body_drop(j->out);
    free(j);
}

/* After the loop has ended: every request that waited is gone with its
 * connection, and nothing is touched but the archive's own. */
void archive_free(archive *a)
{
    if (!a)
        return;
    pthread_mutex_lock(&a->mu);
    a->stop = 1;
    pthread_cond_broadcast(&a->cv);
    pthread_mutex_unlock(&a->mu);
    pthread_join(a->th, NULL);
    for (archive_job *j = a->building, *next; j; j = next) {
        next = j->next_b;
        job_free(j);
    }
    for (entry *e = a->head, *next; e; e = next) {
        next = e->next;
        srv_body_drop(e->b);
        free(e);
    }
    store_close(a->st);
    pthread_mutex_destroy(&a->mu);
    pthread_cond_destroy(&a->cv);
    free(a);
}

/* ------------------------------------------------------------ the kept answers */

/* A few thousand entries at most (32 MiB of them): a walk costs less than
 * the request it answers. */
static entry *kept(archive *a, int64_t id, int seat, int step)
{
    for (entry *e = a->head; e; e = e->next)
        if (e->table == id && e->seat == seat && e->step == step)
            return e;
    return NULL;
}

static void unlink_entry(archive *a, entry *e)
{
    if (e->prev)
        e->prev->next = e->next;
    else
        a->head = e->next;
    if (e->next)
        e->next->prev = e->prev;
    else
        a->tail = e->prev;
}

static void push_front(archive *a, entry *e)
{
    e->prev = NULL;
    e->next = a->head;
    if (a->head)
        a->head->prev = e;
    else
        a->tail = e;
    a->head = e;
}

/* Keeps a finished game's answer (only a 200: a game not over yet, or not
 * made yet, may be by the next request); a body past a quarter of the
 * cache is not kept, so one huge game cannot push out every other. */
static void keep(archive *a, int64_t id, int seat, int step, srv_body *b)
{
    if (b->status != 200 || b->len > a->cap / 4 || kept(a, id, seat, step))
        return;
    entry *e = malloc(sizeof *e);
    if (!e)
        return;
    e->table = id;
    e->seat = seat;
    e->step = step;
    e->b = b;
    b->refs++;
    push_front(a, e);
    a->bytes += b->len;
    a->nentries++;
    while (a->bytes > a->cap && a->tail) {
        entry *old = a->tail;
        unlink_entry(a, old);
        a->bytes -= old->b->len;
        a->nentries--;
        srv_body_drop(old->b);
        free(old);
    }
}

/* ------------------------------------------------------------ the loop's side */

static archive_job *being_built(archive *a, int64_t id, int seat, int step)
{
    for (archive_job *j = a->building; j; j = j->next_b)
        if (j->table == id && j->seat == seat && j->step == step)
            return j;
    return NULL;
}

static void add_waiter(archive_job *j, archive_wait *w)
{
    w->job = j;
    w->prev = NULL;
    w->next = j->wait;
    if (j->wait)
        j->wait->prev = w;
    j->wait = w;
}

static archive_job *start_job(archive *a, int64_t id, int seat, int step)
{
    archive_job *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->a = a;
    j->table = id;
    j->seat = seat;
    j->step = step;
    j->next_b = a->building;
    if (a->building)
        a->building->prev_b = j;
    a->building = j;
    a->nbuilding++;
    pthread_mutex_lock(&a->mu);
    queue_push(&a->todo, &a->todo_tail, j);
    pthread_cond_signal(&a->cv);
    pthread_mutex_unlock(&a->mu);
    return j;
}

int archive_get(archive *a, int64_t id, int seat, int step, archive_wait *w, srv_body **out)
{
    *out = NULL;
    entry *e = kept(a, id, seat, step);
    if (e) {
        unlink_entry(a, e);
        push_front(a, e);
        a->hits++;
        e->b->refs++;
        *out = e->b;
        return 0;
    }
    archive_job *j = being_built(a, id, seat, step);
    if (!j && !(j = start_job(a, id, seat, step)))
        return -1;
    add_waiter(j, w);
    return 1;
}

static void unlink_job(archive *a, archive_job *j)
{
    if (j->prev_b)
        j->prev_b->next_b = j->next_b;
    else
        a->building = j->next_b;
    if (j->next_b)
        j->next_b->prev_b = j->prev_b;
    a->nbuilding--;
}

/* A job nobody waits for any more, not yet started: out of the queue (1),
 * so requests that leave at once cost no build; 0 when the thread has it. */
static int withdraw(archive *a, archive_job *j)
{
    pthread_mutex_lock(&a->mu);
    archive_job **p = &a->todo, *before = NULL;
    while (*p && *p != j) {
        before = *p;
        p = &before->next;
    }
    int found = *p != NULL;
    if (found) {
        *p = j->next;
        if (a->todo_tail == j)
            a->todo_tail = before;
    }
    pthread_mutex_unlock(&a->mu);
    return found;
}

void archive_cancel(archive_wait *w)
{
    archive_job *j = w->job;
    if (!j)
        return;
    if (w->prev)
        w->prev->next = w->next;
    else
        j->wait = w->next;
    if (w->next)
        w->next->prev = w->prev;
    w->job = NULL;
    if (!j->wait && withdraw(j->a, j)) {
        unlink_job(j->a, j);
        job_free(j);
    }
}

/* The answers built since the last call: each kept, and handed to every
 * request still waiting for it (give takes a reference of its own). */
void archive_answers(archive *a, void (*give)(archive_wait *w, srv_body *b))
{
    for (;;) {
        pthread_mutex_lock(&a->mu);
        archive_job *j = queue_pop(&a->done, &a->done_tail);
        pthread_mutex_unlock(&a->mu);
        if (!j)
            return;
        unlink_job(a, j);
        a->built++;
        keep(a, j->table, j->seat, j->step, j->out);
        while (j->wait) {
            archive_wait *w = j->wait;
            j->wait = w->next;
            if (j->wait)
                j->wait->prev = NULL;
            w->job = NULL;
            j->out->refs++;
            give(w, j->out);
        }
        job_free(j);
    }
}

json_t *archive_stats(const archive *a)
{
    return json_pack("{s:i,s:I,s:I,s:I,s:i}", "cached", a->nentries, "bytes", (json_int_t)a->bytes,
                     "hits", (json_int_t)a->hits, "built", (json_int_t)a->built, "building",
                     a->nbuilding);
}
