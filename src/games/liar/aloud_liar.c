/*
 * aloud_liar.c - Liar read aloud (unit.h's aloud and turn hooks; narrate.h's
 * ad_aloud_*): the moves are said as the narrator tells them ("Cal says to
 * you: ps.", "Cal calls Bea a liar!"), the end as a win; this adds what the
 * seat whose turn it is does now, in a child's words, from its own view.
 */
#include <string.h>

#include "liar_unit.h"
#include "narrate/narrate_impl.h"

/* What to do in each phase, said to the seat whose turn it is. */
static const char *todo(const json_t *view, char *buf, size_t len)
{
    const char *phase = ev_str(view, "phase");
    if (strcmp(phase, "announce") == 0) {
        int least = ev_int(json_object_get(view, "letters"), "min");
        if (least > 1)
            snprintf(buf, len, " Say a word of %d letters or more that your cards spell, or "
                               "bluff.", least);
        else
            snprintf(buf, len, " Say a word your cards spell, or bluff.");
    } else if (strcmp(phase, "respond") == 0) {
        snprintf(buf, len, " Take the cards if you believe the word, or say Liar!");
    } else if (strcmp(phase, "discard") == 0) {
        snprintf(buf, len, " Put down one card.");
    } else {
        buf[0] = 0;
    }
    return buf;
}

int ad_liar_aloud(const ad_unit *u, narrator *n, const json_t *e, const char *type,
                  const json_t *view, char *buf, size_t len)
{
    (void)u;
    (void)view;
    if (strcmp(type, "over") != 0)
        return -1; /* as the narrator tells it */
    int winner = ev_int(e, "winner");
    snprintf(buf, len, "%s %s the game!", ad_narrate_name(n, winner),
             verb(n, winner, "win", "wins"));
    return 1;
}

int ad_liar_turn(const ad_unit *u, narrator *n, const json_t *events, const json_t *view,
                 char *buf, size_t len)
{
    (void)u;
    (void)events;
    const json_t *to = json_object_get(view, "to_act");
    if (strcmp(ev_str(view, "phase"), "over") == 0 || json_array_size(to) != 1)
        return 0;
    int seat = (int)json_integer_value(json_array_get(to, 0));
    char what[120];
    ad_aloud_whose(n, seat, buf, len);
    size_t used = strlen(buf);
    if (seat == n->you && used < len)
        snprintf(buf + used, len - used, "%s", todo(view, what, sizeof what));
    return 1;
}
