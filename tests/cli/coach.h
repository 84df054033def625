/*
 * coach.h - what the terminal's hint tests share: the library's hint for
 * seat 0 at the end of a saved record (what the person was told when they
 * asked there), and a record's text.  Included by one test file each (its
 * functions are static).
 */
#ifndef AD_TESTS_CLI_COACH_H
#define AD_TESTS_CLI_COACH_H

#include "../testutil.h"
#include "alphadeck/hint.h"
#include "alphadeck/records.h"

/* The coach's text for seat 0 at the end of the record at path (caller
 * frees). */
static inline char *hint_at_end(const char *path)
{
    ad_err e;
    ad_replay *r = ad_replay_open(path, &e);
    if (!r)
        fail_msg("%s: %s", path, e.text);
    assert_int_equal(ad_replay_goto(r, ad_replay_length(r), &e), 0);
    ad_table *t = ad_replay_table(r, &e);
    assert_non_null(t);
    json_t *h = ad_hint_table(t, 0, NULL, &e);
    if (!h)
        fail_msg("no hint: %s", e.text);
    char *text = strdup(json_string_value(json_object_get(h, "text")));
    json_decref(h);
    ad_table_free(t);
    ad_replay_free(r);
    return text;
}

/* The text of the file at path (caller frees); the test fails without it. */
static inline char *file_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("no record at %s", path);
    char *s = tu_read_all(f);
    fclose(f);
    return s;
}

#endif
