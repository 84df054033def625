/*
 * narrate.c - events in plain words (see narrate.h).  A game's events are
 * told by one function per family of games; an event it does not know is
 * not told.
 */
#include <stdio.h>
#include <string.h>

#include "narrate.h"

static const char *const seat_names[AD_MAX_SEATS] = {"Ann", "Bea", "Cal", "Dee", "Eve",
                                                     "Fay", "Gus", "Hal", "Ivy", "Jon"};

const char *narrate_name(const narrator *n, int seat)
{
    if (seat == n->you)
        return "You";
    return seat >= 0 && seat < AD_MAX_SEATS ? seat_names[seat] : "Someone";
}

/* A verb for the seat: "say" for You, "says" for the others. */
static const char *verb(const narrator *n, int seat, const char *you_form, const char *other_form)
{
    return seat == n->you ? you_form : other_form;
}

static const char *const number_words[] = {"no",   "one", "two",   "three", "four",
                                           "five", "six", "seven", "eight"};

void narrate_count(const narrator *n, int count, const char *say, char *buf, size_t len)
{
    static const char *const ranks[][3] = {
        {"A", "ace", "aces"},     {"2", "two", "twos"},     {"3", "three", "threes"},
        {"4", "four", "fours"},   {"5", "five", "fives"},   {"6", "six", "sixes"},
        {"7", "seven", "sevens"}, {"8", "eight", "eights"}, {"9", "nine", "nines"},
        {"10", "ten", "tens"},    {"J", "jack", "jacks"},   {"Q", "queen", "queens"},
        {"K", "king", "kings"},
    };
    const char *num = count >= 0 && count <= 8 ? number_words[count] : "many";
    if (strcmp(n->g->id, "doubt") == 0)
        for (size_t i = 0; i < sizeof ranks / sizeof ranks[0]; i++)
            if (strcmp(ranks[i][0], say) == 0) {
                snprintf(buf, len, "%s %s", num, count == 1 ? ranks[i][1] : ranks[i][2]);
                return;
            }
    snprintf(buf, len, count == 1 ? "%s %s" : "%s %s's", num, say);
}

void narrate_list(const json_t *items, char *buf, size_t len)
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

static int ev_int(const json_t *e, const char *key)
{
    return (int)json_integer_value(json_object_get(e, key));
}

static const char *ev_str(const json_t *e, const char *key)
{
    const char *s = json_string_value(json_object_get(e, key));
    return s ? s : "";
}

/* No Way and I Doubt It. */
static int claim_event(narrator *n, const json_t *e, const char *type, char *buf, size_t len)
{
    int seat = ev_int(e, "seat");
    const char *who = narrate_name(n, seat);
    char w[160];
    if (strcmp(type, "play") == 0) {
        const char *say = ev_str(e, "say"), *called = ev_str(e, "called");
        narrate_count(n, ev_int(e, "count"), say, w, sizeof w);
        int said = snprintf(buf, len, "%s %s: \"%s.\"", who, verb(n, seat, "say", "says"), w);
        if (*called && strcmp(called, say) != 0 && said >= 0 && (size_t)said < len)
            snprintf(buf + said, len - (size_t)said, " (the call was %s)", called);
    } else if (strcmp(type, "no_play") == 0) {
        narrate_count(n, 0, ev_str(e, "say"), w, sizeof w);
        snprintf(buf, len, "%s: \"%s.\"", who, w);
    } else if (strcmp(type, "stands") == 0) {
        snprintf(buf, len, "Nobody objects: the cards stay on the pile.");
    } else if (strcmp(type, "challenge") == 0) {
        snprintf(buf, len, "%s %s \"%s!\"", who, verb(n, seat, "call", "calls"),
                 strcmp(n->g->id, "doubt") == 0 ? "I doubt it" : "No Way");
    } else if (strcmp(type, "reveal") == 0) {
        narrate_list(json_object_get(e, "cards"), w, sizeof w);
        snprintf(buf, len, "The cards are %s: %s.", w,
                 json_is_true(json_object_get(e, "true")) ? "the claim was true"
                                                          : "the claim was false");
    } else if (strcmp(type, "take") == 0) {
        int k = ev_int(e, "count");
        snprintf(buf, len, "%s %s %d card%s.", who, verb(n, seat, "take", "takes"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "out") == 0) {
        if (n->time_up)
            snprintf(buf, len, "%s %s deal %d on time.", who, verb(n, seat, "win", "wins"),
                     ev_int(e, "deal"));
        else
            snprintf(buf, len, "%s %s out of cards!", who, verb(n, seat, "are", "is"));
        n->time_up = 0;
    } else if (strcmp(type, "score") == 0) {
        int k = ev_int(e, "points");
        snprintf(buf, len, "%s %s %d point%s.", who, verb(n, seat, "score", "scores"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "deal") == 0) {
        int dealer = ev_int(e, "dealer");
        snprintf(buf, len, "Deal %d: %s %s.", ev_int(e, "deal"), narrate_name(n, dealer),
                 verb(n, dealer, "deal", "deals"));
    } else if (strcmp(type, "time_up") == 0) {
        snprintf(buf, len, "Time is up after %d turns: %s %s the fewest cards.", ev_int(e, "turns"),
                 who, verb(n, seat, "hold", "holds"));
        n->time_up = 1;
    } else {
        return 0;
    }
    return 1;
}

int narrate_event(narrator *n, const json_t *event, char *buf, size_t len)
{
    const char *type = ev_str(event, "type");
    if (len)
        buf[0] = 0;
    int told = 0;
    if (strcmp(n->g->id, "noway") == 0 || strcmp(n->g->id, "doubt") == 0)
        told = claim_event(n, event, type, buf, len);
    if (!told && len)
        buf[0] = 0;
    return told;
}
