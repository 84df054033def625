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

/* What a play does in strong_sequence.c's line count, for the coach's
 * words: it makes a line of four (wins); it stops `stops` windows of
 * another side's three chips and an empty square (a chip on that square,
 * or X taking one of the three), the first of colour stops_colour (1-3; 0:
 * none); `threes`: windows of the seat's side it brings to three chips and
 * an empty square; loaded: strong's count of the squares that would then
 * finish a line with a card of the hand (1 a threat it can carry out, 2 one
 * a single block cannot stop). */
typedef struct seq_effect {
    int wins, stops, stops_colour, threes, loaded;
} seq_effect;
void ad_strong_sequence_effect(const seq_state *s, int seat, const ad_action *a, seq_effect *out);
/* The empty squares that would finish a line of four for colour (1-3),
 * into squares (room for SQ_SQUARES); returns how many. */
int ad_strong_sequence_threats(const seq_state *s, int colour, uint8_t *squares);

/* The coach (sequence_hint.c): unit.h's ad_hint_fn. */
json_t *ad_sequence_hint(const ad_unit *u, const void *view, int seat, const char *const *names,
                         const ad_bot_opts *think, ad_rng *r, ad_err *err);

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
