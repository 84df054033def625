/*
 * test_json_pool.c - the server's pool of jansson's blocks
 * (src/server/json_pool.c, linked here whole): trees made and freed on the
 * loop thread leave their blocks kept, at most KEEP a size, and the next
 * trees take them; a text jansson returns (json_dumps) is malloc's and is
 * freed by free(); a tree freed on another thread goes to free(), not to
 * the lists; trim gives every block back.  Under AddressSanitizer the pool
 * is off (every block must be seen freed): nothing is kept.
 */
#include <pthread.h>

#include "../testutil.h"
#include "../../src/server/json_pool.c"

#if defined(__SANITIZE_ADDRESS__)
#define POOLED 0
#else
#define POOLED 1
#endif

static json_t *some_tree(int i)
{
    return json_pack("{s:s,s:i,s:[i,i,{s:b}],s:s}", "cmd", "act", "table", i, "v", i, i + 1,
                     "ok", i & 1, "name", "a name long enough to take a larger block");
}

static void *free_tree(void *tree)
{
    json_decref(tree);
    return NULL;
}

static void trees_freed_leave_their_blocks_kept_for_the_next_trees(void **state)
{
    (void)state;
    ad_json_pool_use();
    json_t *trees[200];
    for (int i = 0; i < 200; i++)
        trees[i] = some_tree(i);
    assert_int_equal(ad_json_pool_kept(), 0);
    for (int i = 0; i < 200; i++)
        json_decref(trees[i]);
    unsigned kept = ad_json_pool_kept();
    if (POOLED)
        assert_true(kept >= 200 * 8 && kept <= SIZES * KEEP);
    else
        assert_int_equal(kept, 0);
    /* the next trees take the kept blocks, and are the same trees */
    for (int i = 0; i < 200; i++) {
        trees[i] = some_tree(i);
        json_t *want = some_tree(i);
        assert_true(json_equal(trees[i], want));
        json_decref(want);
    }
    assert_true(ad_json_pool_kept() < kept || !POOLED);
    /* a text jansson returns is malloc's: free() takes it */
    for (int i = 0; i < 200; i++) {
        char *text = json_dumps(trees[i], JSON_COMPACT);
        assert_non_null(text);
        assert_non_null(strstr(text, "\"cmd\":\"act\""));
        free(text);
        json_decref(trees[i]);
    }
    /* never more than KEEP of a size, however many are freed at once */
    json_t *many = json_array();
    for (int i = 0; i < 3 * KEEP; i++)
        json_array_append_new(many, json_integer(i));
    json_decref(many);
    for (int i = 0; i < SIZES; i++)
        assert_true(lists[i].n <= KEEP);
    ad_json_pool_trim();
    assert_int_equal(ad_json_pool_kept(), 0);
}

static void a_tree_freed_on_another_thread_is_not_kept(void **state)
{
    (void)state;
    ad_json_pool_use();
    ad_json_pool_trim();
    json_t *tree = some_tree(7);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, free_tree, tree), 0);
    assert_int_equal(pthread_join(th, NULL), 0);
    assert_int_equal(ad_json_pool_kept(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(trees_freed_leave_their_blocks_kept_for_the_next_trees),
        cmocka_unit_test(a_tree_freed_on_another_thread_is_not_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
