/*
 * narrate.c - events in plain words (see narrate.h): the narrator's front.
 * A game's events are told by its family's narrator, which the registry
 * holds (src/games/unit.h; src/games/<family>/narrate_<family>.c); an
 * event the family does not know is not told.  Every event the games
 * report is public (a discard in Liar and a reward in Shout do not say
 * which card), so any seat may hear any of them; the words only change
 * for the narrator's own seat ("You").
 */
#include "unit.h"
#include "narrate/narrate_impl.h"

void ad_narrate_count(const narrator *n, int count, const char *say, char *buf, size_t len)
{
    const ad_unit *u = ad_unit_of(n->g);
    if (u && u->count)
        u->count(u, count, say, buf, len);
    else
        narrate_plain_count(count, say, buf, len);
}

int ad_narrate_event(narrator *n, const json_t *event, char *buf, size_t len)
{
    const ad_unit *u = ad_unit_of(n->g);
    if (len)
        buf[0] = 0;
    int told = u && u->narrate ? u->narrate(u, n, event, ev_str(event, "type"), buf, len) : 0;
    if (!told && len)
        buf[0] = 0;
    return told;
}
