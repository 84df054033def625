/*
 * told_util.h - what the told-text tests (test_told_text, test_told_shared)
 * share: a step's events as the server sends them (commit.c's
 * ad_add_step_events: each with the step's v, the acting seat and, now and
 * then, who made it), with the odd ones the narrator and the writer must
 * get through.
 */
#ifndef AD_TESTS_TOLD_UTIL_H
#define AD_TESTS_TOLD_UTIL_H

#include <jansson.h>

#include "alphadeck/alphadeck.h"

/* events' copies with v, seat_acting and now and then "by"; now and then a
 * field named as the told one (told in its place), a clock's end first
 * (which the narrator remembers), an event with no field, and one that is
 * not an object. */
static inline json_t *served_events(json_t *events, uint32_t v, int seat, ad_rng *r)
{
    json_t *out = json_array();
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) {
        json_t *one = json_deep_copy(e);
        json_object_set_new(one, "v", json_integer(v));
        json_object_set_new(one, "seat_acting", json_integer(seat));
        if (ad_rng_below(r, 4) == 0)
            json_object_set_new(one, "by", json_string("bot"));
        if (ad_rng_below(r, 16) == 0)
            json_object_set_new(one, "text", json_string("old words"));
        json_array_append_new(out, one);
    }
    if (ad_rng_below(r, 8) == 0)
        json_array_insert_new(out, 0, json_pack("{s:s,s:i,s:i}", "type", "time_up", "seat",
                                                seat, "turns", 3));
    if (ad_rng_below(r, 16) == 0)
        json_array_append_new(out, json_object());
    if (ad_rng_below(r, 16) == 0)
        json_array_append_new(out, json_string("not an object"));
    return out;
}

#endif
