/*
 * test_hint_family.c - the coach never suggests a word the table would
 * refuse: at a Shout a Word table with the family dictionary (the `words`
 * option's default), the best words a hint lists leave out the words the
 * family dictionary refuses, and at a `words` "full" table they are listed
 * like any other.  (Found in the terminal: Shout's hint listed SHIT at a
 * family table, a word its rules refuse to a claim.  Liar's hint lists the
 * bots' words, common family words, so it never meets one.)
 */
#include "../testutil.h"

#include "alphadeck/hint.h"
#include "games/dict.h"

/* Whether the hint's "words" list `word`. */
static int lists(const json_t *hint, const char *word)
{
    const json_t *words = json_object_get(hint, "words"), *w;
    size_t i;
    json_array_foreach(words, i, w) {
        const char *s = json_string_value(json_object_get(w, "word"));
        if (s && strcmp(s, word) == 0)
            return 1;
    }
    return 0;
}

static json_t *hint(const ad_table *t, int seat)
{
    ad_err e;
    ad_bot_opts think = {.sims = 40};
    json_t *h = ad_hint_table(t, seat, &think, &e);
    if (!h)
        fail_msg("no hint: %s", e.text);
    return h;
}

/* Shout: A, SH, T, I dealt; SHIT is a word of the full dictionary that
 * the family dictionary refuses. */
static void test_shout_hint_leaves_out_words_a_family_table_refuses(void **state)
{
    (void)state;
    assert_true(ad_family_refuses("shit"));
    const char *words[] = {"", ",\"options\":{\"words\":\"full\"}"};
    for (int full = 0; full < 2; full++) {
        char req[256];
        snprintf(req, sizeof req, "{\"game\":\"shout\",\"players\":2,\"dealer\":0%s,"
                                  "\"deck\":[\"A\",\"SH\",\"T\",\"I\",\"Z\"]}", words[full]);
        ad_table *t = tu_new(req);
        for (int i = 0; i < 4; i++)
            TU_OK(t, 0, "{\"type\":\"deal\"}");
        json_t *h = hint(t, 1);
        if (lists(h, "shit") != full)
            fail_msg("%s table: %s", full ? "a full" : "a family", json_dumps(h, 0));
        assert_true(lists(h, "taxi") || lists(h, "tai") || lists(h, "ait")); /* others stay */
        json_decref(h);
        ad_table_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shout_hint_leaves_out_words_a_family_table_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
