/*
 * test_view_pack.c - a bot's view waits for a worker packed (issue 33, p4:
 * 19,000 people leaving at once left 4,750 tables' stand-in requests
 * waiting, 25 MB of views 95% zeros): packed small, unpacked to the very
 * bytes, and the workers' answer to a request is the one it gives at once.
 */
#include <sched.h>

#include "../testutil.h"
#include "server/server.h"
#include "server/view_pack.h"

/* The workers wake the loop for each answer: here, nobody to wake. */
void srv_wake(server *s)
{
    (void)s;
}

/* Calls f with a view of each seat of `id`'s game at each of its first
 * `moves` positions, played by random actions. */
static void each_view(const char *id, int moves, void (*f)(const ad_game *, const void *, int, void *),
                      void *arg)
{
    char req[128];
    const ad_game *g = ad_game_find(id);
    assert_non_null(g);
    snprintf(req, sizeof req, "{\"cmd\":\"new\",\"game\":\"%s\",\"players\":%d,\"seed\":3}", id,
             g->min_players > 4 ? g->min_players : 4);
    ad_table *t = tu_new(req);
    unsigned char *view = malloc(g->state_size);
    assert_non_null(view);
    ad_rng r;
    ad_rng_seed(&r, 5);
    ad_err e;
    for (int i = 0; i < moves && !g->is_over(ad_table_state(t)); i++) {
        uint32_t m = g->to_act(ad_table_state(t));
        if (!m)
            break;
        for (int s = 0; s < ad_table_players(t); s++) {
            g->view(ad_table_state(t), s, view);
            f(g, view, s, arg);
        }
        int seat = __builtin_ctz(m);
        ad_action a;
        memset(&a, 0, sizeof a);
        g->view(ad_table_state(t), seat, view);
        g->random_action(view, seat, &r, &a);
        assert_int_equal(ad_table_act(t, seat, &a, NULL, &e), 0);
    }
    free(view);
    ad_table_free(t);
}

typedef struct sizes {
    size_t packed, whole;
} sizes;

static void packs_back(const ad_game *g, const void *view, int seat, void *arg)
{
    (void)seat;
    sizes *sz = arg;
    size_t n = ad_view_pack(view, g->state_size, NULL);
    unsigned char *p = malloc(n), *back = malloc(g->state_size);
    assert_non_null(p);
    assert_non_null(back);
    memset(p, 0xa5, n);
    assert_int_equal(ad_view_pack(view, g->state_size, p), n);
    memset(back, 0x5a, g->state_size);
    ad_view_unpack(p, g->state_size, back);
    assert_memory_equal(back, view, g->state_size);
    sz->packed += n;
    sz->whole += g->state_size;
    free(p);
    free(back);
}

static void every_games_views_unpack_to_the_very_bytes_and_noways_take_a_tenth(void **state)
{
    (void)state;
    for (int i = 0; i < ad_game_count(); i++) {
        sizes sz = {0, 0};
        each_view(ad_game_at(i)->id, 300, packs_back, &sz);
        assert_true(sz.whole > 0);
        if (!strcmp(ad_game_at(i)->id, "noway") && sz.packed * 10 > sz.whole)
            fail_msg("noway's views packed to %zu of %zu bytes", sz.packed, sz.whole);
    }
}

static void odd_bytes_pack_back_too(void **state)
{
    (void)state;
    enum { N = 70000 }; /* runs longer than a 2-byte length */
    unsigned char *v = calloc(N, 1), *back = malloc(N);
    assert_non_null(v);
    assert_non_null(back);
    for (int round = 0; round < 4; round++) {
        for (int k = 0; k < N; k++) /* all zeros, all bytes, lone zeros, sparse */
            v[k] = round == 0 ? 0 : round == 1 ? (unsigned char)(k % 255 + 1)
                 : round == 2 ? (unsigned char)(k % 3 ? 7 : 0) : (unsigned char)(k % 97 == 0);
        unsigned char *p = malloc(ad_view_pack(v, N, NULL));
        assert_non_null(p);
        ad_view_pack(v, N, p);
        ad_view_unpack(p, N, back);
        assert_memory_equal(back, v, N);
        free(p);
    }
    free(v);
    free(back);
}

/* The requests a director of noway's stand-ins would send: a seat's view
 * at each position, with a seed of its own. */
typedef struct reqs {
    ad_bot_request rq[64];
    int n;
} reqs;

static void as_request(const ad_game *g, const void *view, int seat, void *arg)
{
    reqs *q = arg;
    if (q->n == 64 || !(g->to_act(view) & (1u << seat)))
        return;
    ad_bot_request *rq = &q->rq[q->n];
    memset(rq, 0, sizeof *rq);
    rq->id = (uint64_t)q->n + 1;
    rq->seat = seat;
    rq->g = g;
    rq->view = malloc(g->state_size);
    assert_non_null(rq->view);
    memcpy(rq->view, view, g->state_size);
    snprintf(rq->level, sizeof rq->level, "%s", q->n % 2 ? "easy" : "random");
    rq->seed = 1000 + (uint64_t)q->n;
    q->n++;
}

static void the_workers_answer_a_request_as_it_answers_at_once(void **state)
{
    (void)state;
    static reqs q;
    q.n = 0;
    each_view("noway", 200, as_request, &q);
    assert_true(q.n >= 16);
    ad_bot_answer want[64];
    for (int i = 0; i < q.n; i++)
        ad_bot_request_run(&q.rq[i], &want[i]);
    for (int i = 0; i < q.n; i++)
        assert_true(want[i].rc >= 0); /* answered, not failed */
    workers *w = workers_new(2, NULL);
    assert_non_null(w);
    for (int i = 0; i < q.n; i++) {
        worker_job *j = calloc(1, sizeof *j);
        assert_non_null(j);
        j->rq = q.rq[i]; /* the job owns the view now */
        j->people = i % 2;
        workers_submit(w, j);
    }
    for (int got = 0; got < q.n;) {
        worker_job *j = workers_take(w);
        if (!j) {
            sched_yield();
            continue;
        }
        int i = (int)j->ans.id - 1;
        assert_true(i >= 0 && i < q.n);
        assert_int_equal(j->ans.rc, want[i].rc);
        assert_int_equal(j->ans.seat, want[i].seat);
        assert_memory_equal(&j->ans.action, &want[i].action, sizeof want[i].action);
        ad_bot_request_free(&j->rq);
        free(j);
        got++;
    }
    workers_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_games_views_unpack_to_the_very_bytes_and_noways_take_a_tenth),
        cmocka_unit_test(odd_bytes_pack_back_too),
        cmocka_unit_test(the_workers_answer_a_request_as_it_answers_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
