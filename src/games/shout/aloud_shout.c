/*
 * aloud_shout.c - Shout a Word read aloud (unit.h's aloud, turn and
 * card_words hooks; narrate.h's ad_aloud_*).  Shout has no turns: the
 * cards come on a clock and anyone may shout, so when a new pile starts
 * every player hears the same call to look, and in the final window each
 * one still in is asked.  A wild card is said as wild, the end by who won.
 */
#include <string.h>

#include "narrate/narrate_impl.h"
#include "shout_unit.h"

/* Who won (a seat, or a list of seats who share it), into buf. */
static void winners(const narrator *n, const json_t *w, char *buf, size_t len)
{
    if (json_is_integer(w)) {
        int s = (int)json_integer_value(w);
        snprintf(buf, len, "%s %s the game!", ad_narrate_name(n, s), verb(n, s, "win", "wins"));
        return;
    }
    size_t used = (size_t)snprintf(buf, len, "A shared win:");
    for (size_t i = 0; i < json_array_size(w) && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " and " : " ",
                                 ad_narrate_name(n, (int)json_integer_value(json_array_get(w, i))));
    if (used + 1 < len)
        snprintf(buf + used, len - used, "!");
}

int ad_shout_aloud(const ad_unit *u, narrator *n, const json_t *e, const char *type,
                   const json_t *view, char *buf, size_t len)
{
    (void)u;
    (void)view;
    if (strcmp(type, "deal") == 0) {
        const char *card = ev_str(e, "card");
        if (strcmp(card, "*") == 0)
            snprintf(buf, len, "The dealer turns up a wild card: any letter!");
        else
            snprintf(buf, len, "The dealer turns up %s.", card);
        return 1;
    }
    if (strcmp(type, "over") == 0) {
        winners(n, json_object_get(e, "winner"), buf, len);
        return 1;
    }
    return -1; /* as the narrator tells it */
}

int ad_shout_turn(const ad_unit *u, narrator *n, const json_t *events, const json_t *view,
                  char *buf, size_t len)
{
    (void)u;
    const json_t *to = json_object_get(view, "to_act");
    int asked = 0, dealt = 0;
    for (size_t i = 0; i < json_array_size(to); i++)
        asked |= n->you >= 0 && json_integer_value(json_array_get(to, i)) == n->you;
    for (size_t i = 0; i < json_array_size(events); i++)
        dealt |= strcmp(ev_str(json_array_get(events, i), "type"), "deal") == 0;
    if (strcmp(ev_str(view, "phase"), "final") == 0 && asked) {
        snprintf(buf, len, "Last chance, %s: shout a word, or pass.",
                 ad_narrate_own_name(n, n->you));
        return 1;
    }
    /* once when a new pile starts on the table, not at every card */
    if (dealt && n->you >= 0 && strcmp(ev_str(view, "phase"), "deal") == 0 &&
        json_array_size(json_object_get(view, "table")) == 1) {
        snprintf(buf, len, "Shout a word if you see one!");
        return 1;
    }
    return 0;
}

/* The wild card by what it does; a letter card by its letters. */
int ad_shout_card_words(const ad_unit *u, const char *card, char *buf, size_t len)
{
    (void)u;
    if (strcmp(card, "*") != 0)
        return 0;
    snprintf(buf, len, "wild: any letter");
    return 1;
}
