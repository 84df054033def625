/*
 * coach.h - the hint in `alphadeck play` (issue 32): `hint` in lines, `h`
 * (or `!` while a word is typed) on the full screen.  Both ask the
 * library's coach (alphadeck/hint.h) for the person's own seat, from that
 * seat's view alone, at the coach's default budget; a hint is no part of
 * the game, so asking one changes nothing at the table or in its record.
 */
#ifndef AD_TERM_COACH_H
#define AD_TERM_COACH_H

#include <stddef.h>

#include "alphadeck/alphadeck.h"

struct ad_term_speaker; /* speak.h (its names clash with term.h's macros) */

/* The hint's words for the person at seat of table t now: "Hint: ..." in
 * buf (the coach's text), or why there is none ("No hint: the game is over...").
 * The hint itself is returned when there is one (caller decrefs), so a
 * display can show more of it (Sequence: its suggested square); with
 * --speak its words are said (speak may be NULL). */
json_t *ad_term_coach(const ad_table *t, int seat, struct ad_term_speaker *speak, char *buf,
                      size_t len);

#endif
