/*
 * coach.c - the hint in `alphadeck play` (coach.h): the library's coach
 * asked for the person's seat, its text made into the line both displays
 * show and, with --speak, say.  The coach reads the seat's view only and
 * seeds its own generator from what the seat knows, so the table, the
 * bots' generators and the record are untouched.
 */
#include <stdio.h>

#include "alphadeck/hint.h"
#include "coach.h"
#include "speak.h"

json_t *ad_term_coach(const ad_table *t, int seat, ad_term_speaker *speak, char *buf,
                      size_t len)
{
    ad_err e;
    json_t *h = ad_hint_table(t, seat, NULL, &e); /* NULL: the default budget */
    if (!h) {
        snprintf(buf, len, "No hint: %s.", e.text); /* the library's reason */
        return NULL;
    }
    const char *text = json_string_value(json_object_get(h, "text"));
    snprintf(buf, len, "Hint: %s", text ? text : "");
    if (speak && text) {
        json_t *said = json_pack("[s]", text);
        ad_term_speaker_say(speak, said);
        json_decref(said);
    }
    return h;
}
