/*
 * test_lobby_trim.c - once a crowd of connections is gone (19,000 people
 * leaving at once, issue 33, p4), the lobby trims the heap a moment later,
 * so the memory their buffers and leaving took goes back to the system;
 * a few gone do not.  The lobby alone, with net.c and the workers stubbed
 * (tests/server_stub.c) and a clock the test moves.
 */
#include "../testutil.h"
#include "../server_stub.h"
#include "server/lobby_impl.h"

enum { CROWD = 1024 };

typedef struct fixture {
    store *st;
    lobby *l;
    conn *c;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    f->l = ad_stub_lobby(":memory:", &f->st);
    assert_non_null(f->l);
    f->c = calloc(CROWD, sizeof *f->c);
    assert_non_null(f->c);
    for (int i = 0; i < CROWD; i++)
        snprintf(f->c[i].ls.addr, sizeof f->c[i].ls.addr, "10.0.%d.%d", i / 250, i % 250 + 1);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    ad_stub_lobby_close(f->l, f->st);
    free(f->c);
    free(f);
    return 0;
}

static void a_crowd_of_connections_gone_trims_the_heap_a_second_later(void **state)
{
    fixture *f = *state;
    int64_t before = f->l->trimmed_ms;
    for (int i = 0; i < CROWD; i++)
        lobby_conn_gone(f->l, &f->c[i]);
    lobby_flush(f->l);
    ad_stub_advance(f->l, 1000);
    assert_true(f->l->trimmed_ms > before);
    assert_int_equal(f->l->trimmed_ms, ad_stub_now_ms);
}

static void a_few_connections_gone_do_not(void **state)
{
    fixture *f = *state;
    int64_t before = f->l->trimmed_ms;
    for (int i = 0; i < CROWD - 1; i++)
        lobby_conn_gone(f->l, &f->c[i]);
    lobby_flush(f->l);
    ad_stub_advance(f->l, 60000);
    assert_int_equal(f->l->trimmed_ms, before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_crowd_of_connections_gone_trims_the_heap_a_second_later,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(a_few_connections_gone_do_not, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
