/*
 * narrate_impl.h - inside the narrator: the pieces of a sentence every
 * family's narrator (src/games/<family>/narrate_<family>.c) builds with.
 * Each family tells its own events; narrate.c, the front, hands an event
 * to the family of its game through the registry (src/games/unit.h).
 */
#ifndef AD_NARRATE_IMPL_H
#define AD_NARRATE_IMPL_H

#include <stdint.h>
#include <stdio.h>

#include "alphadeck/narrate.h"

/* When not NULL, the seats compared with n->you while a sentence is made
 * are noted here, a bit each (bit 63: a number that is no seat): the
 * server's told text (src/games/told_text.c) makes an event's sentence
 * once for no seat, and each seat whose place it did not compare gets
 * that sentence, its words being the same (no comparison with "you" came
 * out true in either).  Each thread its own. */
extern _Thread_local uint64_t *ad_narrate_compared;

/* Whether seat is n->you ("You"): every sentence asks it here, never by
 * comparing with n->you itself, so that the seats asked are noted. */
static inline int is_you(const narrator *n, int seat)
{
    if (ad_narrate_compared)
        *ad_narrate_compared |= seat >= 0 && seat < 63 ? 1ull << seat : 1ull << 63;
    return seat == n->you;
}

/* A sentence into buf (len bytes, always ended with a NUL when len > 0),
 * as snprintf writes it, and its length as snprintf counts it: a format
 * of plain %s, %d and %.*s (anything else handed to vsnprintf).  The
 * narrators write several sentences for each seat at each update of a
 * server's table, and snprintf was a twentieth of a server's work. */
int ad_words(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A seat's own name, even for n->you ("Ann", or the name a player chose):
 * what read aloud calls the one it speaks to ("Your turn, Ann."). */
const char *ad_narrate_own_name(const narrator *n, int seat);

/* The seat as the object of a sentence: "you" for n->you. */
static inline const char *object_name(const narrator *n, int seat)
{
    return is_you(n, seat) ? "you" : ad_narrate_name(n, seat);
}

/* A verb for the seat: "say" for You, "says" for the others. */
static inline const char *verb(const narrator *n, int seat, const char *you_form,
                               const char *other_form)
{
    return is_you(n, seat) ? you_form : other_form;
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
    ad_words(buf, len, count == 1 ? "%s %s" : "%s %s's", narrate_number(count), say);
}

/* Whose turn it is, said to n->you: "Your turn, Ann." or "Cal's turn." */
static inline void ad_aloud_whose(const narrator *n, int seat, char *buf, size_t len)
{
    if (is_you(n, seat))
        ad_words(buf, len, "Your turn, %s.", ad_narrate_own_name(n, seat));
    else
        ad_words(buf, len, "%s's turn.", ad_narrate_own_name(n, seat));
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
