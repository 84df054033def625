/*
 * test_table_steps_packed.c - a table keeps its record's actions packed,
 * a few bytes a step (issue 33, p4: stand-in bots playing on at 4,750
 * tables grew a server by 85 KB a table of 60-byte steps), and gives
 * every one of them back as it was played, in order, whenever asked.
 */
#include <malloc.h>

#include "../testutil.h"

/* One game of `id` for `players` seats, played by random actions for at
 * most `moves` steps; each step played is copied into `kept` (when not
 * NULL), and the table's steps are read back every `every` steps (0:
 * never), so that the unpacking goes on from where it stopped. */
static int play(ad_table *t, int moves, ad_step *kept, int every)
{
    const ad_game *g = ad_table_game(t);
    void *view = malloc(g->state_size);
    assert_non_null(view);
    ad_rng r;
    ad_rng_seed(&r, 33);
    ad_err e;
    int n = 0;
    for (; n < moves && !g->is_over(ad_table_state(t)); n++) {
        uint32_t m = g->to_act(ad_table_state(t));
        if (!m)
            break;
        int seat = __builtin_ctz(m);
        ad_action a;
        memset(&a, 0, sizeof a);
        g->view(ad_table_state(t), seat, view);
        g->random_action(view, seat, &r, &a);
        assert_int_equal(ad_table_act(t, seat, &a, NULL, &e), 0);
        if (kept) {
            kept[n].seat = seat;
            kept[n].action = a;
        }
        const ad_step *s;
        if (every && (n + 1) % every == 0)
            assert_int_equal(ad_table_steps(t, &s), n + 1);
    }
    free(view);
    return n;
}

/* The same action, but for what it does not use (cards past n, the word
 * past its end). */
static void assert_same_step(const ad_step *want, const ad_step *got)
{
    assert_int_equal(got->seat, want->seat);
    assert_int_equal(got->action.type, want->action.type);
    assert_int_equal(got->action.n, want->action.n);
    assert_int_equal(got->action.arg[0], want->action.arg[0]);
    assert_int_equal(got->action.arg[1], want->action.arg[1]);
    assert_memory_equal(got->action.cards, want->action.cards, want->action.n);
    assert_int_equal(strnlen(got->action.word, AD_WORD_MAX),
                     strnlen(want->action.word, AD_WORD_MAX));
    assert_memory_equal(got->action.word, want->action.word,
                        strnlen(want->action.word, AD_WORD_MAX));
}

static void a_step_of_noway_takes_a_few_bytes_of_the_tables_memory(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"cmd\":\"new\",\"game\":\"noway\",\"players\":4,\"seed\":7}");
    /* the view play() makes is freed before it measures again */
    size_t before = mallinfo2().uordblks;
    int n = play(t, 100000, NULL, 0);
    size_t after = mallinfo2().uordblks;
    assert_true(n >= 500); /* a game of noway is some 1,400 steps */
    /* packed: 5 or 6 bytes a step, twice that with the room kept ahead;
     * an ad_step is 60 */
    double per_step = (double)(after - before) / n;
    if (per_step > 16)
        fail_msg("%d steps took %.1f bytes each", n, per_step);
    assert_int_equal(ad_table_steps(t, NULL), n);
    ad_table_free(t);
}

static void every_game_gives_each_step_back_as_it_was_played_in_order(void **state)
{
    (void)state;
    enum { MOVES = 400 };
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        char req[160];
        snprintf(req, sizeof req, "{\"cmd\":\"new\",\"game\":\"%s\",\"players\":%d,\"seed\":5}",
                 g->id, g->min_players > 3 ? g->min_players : 3);
        for (int every = 0; every <= 37; every += 37) { /* read back at the end, or as it goes */
            ad_table *t = tu_new(req);
            ad_step *kept = calloc(MOVES, sizeof *kept);
            assert_non_null(kept);
            int n = play(t, MOVES, kept, every);
            assert_true(n > 0);
            const ad_step *got;
            assert_int_equal(ad_table_steps(t, NULL), n);
            assert_int_equal(ad_table_steps(t, &got), n);
            for (int k = 0; k < n; k++)
                assert_same_step(&kept[k], &got[k]);
            free(kept);
            ad_table_free(t);
        }
    }
}

static void a_record_replays_to_the_same_steps(void **state)
{
    (void)state;
    ad_table *t = tu_new("{\"cmd\":\"new\",\"game\":\"noway\",\"players\":3,\"seed\":11}");
    int n = play(t, 300, NULL, 0);
    json_t *rec = ad_table_record_json(t);
    ad_err e;
    ad_table *back = ad_table_load(rec, &e);
    assert_non_null(back);
    const ad_step *a, *b;
    assert_int_equal(ad_table_steps(back, NULL), n);
    assert_int_equal(ad_table_steps(t, &a), n);
    assert_int_equal(ad_table_steps(back, &b), n);
    for (int k = 0; k < n; k++)
        assert_same_step(&a[k], &b[k]);
    json_t *rec2 = ad_table_record_json(back);
    assert_true(json_equal(rec, rec2));
    json_decref(rec);
    json_decref(rec2);
    ad_table_free(back);
    ad_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_step_of_noway_takes_a_few_bytes_of_the_tables_memory),
        cmocka_unit_test(every_game_gives_each_step_back_as_it_was_played_in_order),
        cmocka_unit_test(a_record_replays_to_the_same_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
