/*
 * narrate_impl.h - inside the narrator: the pieces of a sentence every
 * family's narrator (src/games/<family>/narrate_<family>.c) builds with.
 * Each family tells its own events; narrate.c, the front, hands an event
 * to the family of its game through the registry (src/games/unit.h).
 */
#ifndef AD_NARRATE_IMPL_H
#define AD_NARRATE_IMPL_H

#include <stdio.h>

#include "alphadeck/narrate.h"

/* The seat as the object of a sentence: "you" for n->you. */
static inline const char *object_name(const narrator *n, int seat)
{
    return seat == n->you ? "you" : ad_narrate_name(n, seat);
}

/* A verb for the seat: "say" for You, "says" for the others. */
static inline const char *verb(const narrator *n, int seat, const char *you_form,
                               const char *other_form)
{
    return seat == n->you ? you_form : other_form;
}

/* A number as a count is said: "no", "one" ... "eight", then "many". */
static inline const char *narrate_number(int count)
{
    static const char *const words[] = {"no",   "one", "two",   "three", "four",
                                        "five", "six", "seven", "eight"};
    return count >= 0 && count <= 8 ? words[count] : "many";
}

/* The plain count: "two M's", "one K". */
static inline void narrate_plain_count(int count, const char *say, char *buf, size_t len)
{
    snprintf(buf, len, count == 1 ? "%s %s" : "%s %s's", narrate_number(count), say);
}

static inline int ev_int(const json_t *e, const char *key)
{
    return (int)json_integer_value(json_object_get(e, key));
}

static inline const char *ev_str(const json_t *e, const char *key)
{
    const char *s = json_string_value(json_object_get(e, key));
    return s ? s : "";
}

#endif
