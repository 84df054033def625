/*
 * narrate_liar.c - Liar told in words (the registry's narrator hook for the
 * liar family; narrate.h says what a narrator promises).
 */
#include <string.h>

#include "liar_unit.h"
#include "narrate/narrate_impl.h"

/* One event in words: the family's narrator (unit.h's ad_narrate_fn). */
int ad_liar_narrate(const ad_unit *u, narrator *n, const json_t *e, const char *type, char *buf,
                    size_t len)
{
    (void)u; /* a family of one game: no words differ */
    int seat = ev_int(e, "seat");
    const char *who = ad_narrate_name(n, seat);
    char w[160];
    if (strcmp(type, "announce") == 0) {
        snprintf(buf, len, "%s %s to %s: \"%s.\"", who, verb(n, seat, "say", "says"),
                 object_name(n, ev_int(e, "to")), ev_str(e, "word"));
    } else if (strcmp(type, "accept") == 0) {
        snprintf(buf, len, "%s %s the hand.", who, verb(n, seat, "accept", "accepts"));
    } else if (strcmp(type, "discard") == 0) {
        snprintf(buf, len, "%s %s a card face down.", who, verb(n, seat, "discard", "discards"));
    } else if (strcmp(type, "draw") == 0) {
        int k = ev_int(e, "count");
        snprintf(buf, len, "%s %s %d card%s.", who, verb(n, seat, "draw", "draws"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "liar") == 0) {
        snprintf(buf, len, "%s %s %s a liar!", who, verb(n, seat, "call", "calls"),
                 object_name(n, ev_int(e, "of")));
    } else if (strcmp(type, "reveal") == 0) {
        char owner[24];
        int yours = is_you(n, seat);
        snprintf(owner, sizeof owner, "%s%s", yours ? "Your" : who, yours ? "" : "'s");
        ad_narrate_list(json_object_get(e, "cards"), w, sizeof w);
        snprintf(buf, len, "%s hand is shown: %s. It %s \"%s\".", owner, w,
                 json_is_true(json_object_get(e, "spelled")) ? "spells" : "does not spell",
                 ev_str(e, "word"));
    } else if (strcmp(type, "score") == 0) {
        int k = ev_int(e, "points");
        snprintf(buf, len, "%s %s %d point%s.", who, verb(n, seat, "score", "scores"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "fresh_hand") == 0) {
        snprintf(buf, len, "%s %s a fresh hand.", who, verb(n, seat, "start", "starts"));
    } else if (strcmp(type, "reshuffle") == 0) {
        snprintf(buf, len, "The draw pile is empty: the %d discards are shuffled into a new one.",
                 ev_int(e, "cards"));
    } else if (strcmp(type, "over") == 0) {
        int winner = ev_int(e, "winner");
        snprintf(buf, len, "%s %s the target.", ad_narrate_name(n, winner),
                 verb(n, winner, "reach", "reaches"));
    } else {
        return 0;
    }
    return 1;
}