/*
 * words.c - the words every family's narrator uses (see narrate.h): the
 * seats' names and lists of things.  Apart from the front (narrate.c), so
 * the families' narrators call down to it and never back into the front.
 */
#include <stdio.h>
#include <string.h>

#include "narrate_impl.h"

static const char *const seat_names[AD_MAX_SEATS] = {"Ann", "Bea", "Cal", "Dee", "Eve",
                                                     "Fay", "Gus", "Hal", "Ivy", "Jon"};

const char *ad_narrate_own_name(const narrator *n, int seat)
{
    if (n->names && seat >= 0 && seat < n->players && n->names[seat] && n->names[seat][0])
        return n->names[seat];
    return seat >= 0 && seat < AD_MAX_SEATS ? seat_names[seat] : "Someone";
}

const char *ad_narrate_name(const narrator *n, int seat)
{
    return seat == n->you ? "You" : ad_narrate_own_name(n, seat);
}

void ad_narrate_list(const json_t *items, char *buf, size_t len)
{
    size_t count = json_array_size(items), used = 0;
    if (len)
        buf[0] = 0;
    for (size_t i = 0; i < count && used < len; i++) {
        const char *sep = i == 0 ? "" : i + 1 == count ? " and " : ", ";
        const char *s = json_string_value(json_array_get(items, i));
        used += (size_t)snprintf(buf + used, len - used, "%s%s", sep, s ? s : "?");
    }
}
