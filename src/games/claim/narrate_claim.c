/*
 * narrate_claim.c - No Way and I Doubt It told in words (the registry's
 * narrator hook for the claim family; narrate.h says what a narrator
 * promises).  The two games differ only in their words (claim_words): what
 * a challenge calls out, and whether a claim names ranks ("two sevens") or
 * letters ("two M's").
 */
#include <string.h>

#include "claim_unit.h"
#include "narrate/narrate_impl.h"

void ad_claim_count(const ad_unit *u, int count, const char *say, char *buf, size_t len)
{
    static const char *const ranks[][3] = {
        {"A", "ace", "aces"},     {"2", "two", "twos"},     {"3", "three", "threes"},
        {"4", "four", "fours"},   {"5", "five", "fives"},   {"6", "six", "sixes"},
        {"7", "seven", "sevens"}, {"8", "eight", "eights"}, {"9", "nine", "nines"},
        {"10", "ten", "tens"},    {"J", "jack", "jacks"},   {"Q", "queen", "queens"},
        {"K", "king", "kings"},
    };
    const claim_words *words = u->words;
    if (words->ranks)
        for (size_t i = 0; i < sizeof ranks / sizeof ranks[0]; i++)
            if (strcmp(ranks[i][0], say) == 0) {
                ad_words(buf, len, "%s %s", narrate_number(count),
                         count == 1 ? ranks[i][1] : ranks[i][2]);
                return;
            }
    narrate_plain_count(count, say, buf, len);
}

/* One event in words: the family's narrator (unit.h's ad_narrate_fn). */
int ad_claim_narrate(const ad_unit *u, narrator *n, const json_t *e, const char *type, char *buf,
                     size_t len)
{
    int seat = ev_int(e, "seat");
    const char *who = ad_narrate_name(n, seat);
    char w[160];
    if (strcmp(type, "play") == 0) {
        const char *say = ev_str(e, "say"), *called = ev_str(e, "called");
        ad_claim_count(u, ev_int(e, "count"), say, w, sizeof w);
        int said = ad_words(buf, len, "%s %s: \"%s.\"", who, verb(n, seat, "say", "says"), w);
        if (*called && strcmp(called, say) != 0 && said >= 0 && (size_t)said < len)
            ad_words(buf + said, len - (size_t)said, " (the call was %s)", called);
    } else if (strcmp(type, "no_play") == 0) {
        ad_claim_count(u, 0, ev_str(e, "say"), w, sizeof w);
        ad_words(buf, len, "%s: \"%s.\"", who, w);
    } else if (strcmp(type, "stands") == 0) {
        ad_words(buf, len, "Nobody objects: the cards stay on the pile.");
    } else if (strcmp(type, "challenge") == 0) {
        ad_words(buf, len, "%s %s \"%s!\"", who, verb(n, seat, "call", "calls"),
                 ((const claim_words *)u->words)->call);
    } else if (strcmp(type, "reveal") == 0) {
        ad_narrate_list(json_object_get(e, "cards"), w, sizeof w);
        ad_words(buf, len, "The cards are %s: %s.", w,
                 json_is_true(json_object_get(e, "true")) ? "the claim was true"
                                                          : "the claim was false");
    } else if (strcmp(type, "take") == 0) {
        int k = ev_int(e, "count");
        ad_words(buf, len, "%s %s %d card%s.", who, verb(n, seat, "take", "takes"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "out") == 0) {
        if (n->time_up)
            ad_words(buf, len, "%s %s deal %d on time.", who, verb(n, seat, "win", "wins"),
                     ev_int(e, "deal"));
        else
            ad_words(buf, len, "%s %s out of cards!", who, verb(n, seat, "are", "is"));
        n->time_up = 0;
    } else if (strcmp(type, "score") == 0) {
        int k = ev_int(e, "points");
        ad_words(buf, len, "%s %s %d point%s.", who, verb(n, seat, "score", "scores"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "deal") == 0) {
        int dealer = ev_int(e, "dealer");
        ad_words(buf, len, "Deal %d: %s %s.", ev_int(e, "deal"), ad_narrate_name(n, dealer),
                 verb(n, dealer, "deal", "deals"));
    } else if (strcmp(type, "time_up") == 0) {
        ad_words(buf, len, "Time is up after %d turns: %s %s the fewest cards.", ev_int(e, "turns"),
                 who, verb(n, seat, "hold", "holds"));
        n->time_up = 1;
    } else {
        return 0;
    }
    return 1;
}