/*
 * sequence_unit.h - inside the sequence unit (Sequence Letters): what its
 * files share beyond the rules (sequence.h): its players, its narrator, and
 * the unit the registry lists (unit.h).  The board as clients read it is
 * seqboard.h.
 */
#ifndef AD_GAMES_SEQUENCE_UNIT_H
#define AD_GAMES_SEQUENCE_UNIT_H

#include "games/unit.h"
#include "sequence.h"

BOT_FN(ad_bot_easy_sequence);
BOT_FN(ad_bot_basic_sequence);
/* `child`, the model of a five-year-old (a model, not a level: unit.h). */
BOT_FN(ad_bot_child_sequence);
BOT_FN(ad_bot_strong_sequence);
/* strong_sequence.c's model of a casual opponent, for its tests: the move
 * `basic` would make (one of its best-scored), and what an opponent's last
 * move tells of its hand (the card kinds, 1 in absent[kind], that it would
 * have played instead; returns that opponent's seat, -1 when nothing is
 * known). */
void ad_strong_sequence_casual(const void *state, int seat, ad_rng *r, ad_action *out);
int ad_strong_sequence_absent(const void *view, int seat, uint8_t absent[32]);

/* The narrator (narrate_sequence.c): unit.h's ad_narrate_fn. */
int ad_sequence_narrate(const ad_unit *u, narrator *n, const json_t *e, const char *type,
                        char *buf, size_t len);

/* Read aloud (aloud_sequence.c): unit.h's aloud, turn and card_words. */
int ad_sequence_aloud(const ad_unit *u, narrator *n, const json_t *e, const char *type,
                      const json_t *view, char *buf, size_t len);
int ad_sequence_turn(const ad_unit *u, narrator *n, const json_t *events, const json_t *view,
                     char *buf, size_t len);
int ad_sequence_card_words(const ad_unit *u, const char *card, char *buf, size_t len);

extern const ad_unit ad_unit_sequence;

#endif
