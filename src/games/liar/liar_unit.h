/*
 * liar_unit.h - inside the liar unit: what its files share beyond the rules
 * (liar.h): its players, its narrator, and the unit the registry lists
 * (unit.h).
 */
#ifndef AD_GAMES_LIAR_UNIT_H
#define AD_GAMES_LIAR_UNIT_H

#include "games/unit.h"
#include "liar.h"

BOT_FN(ad_bot_easy_liar);
BOT_FN(ad_bot_basic_liar);
BOT_FN(ad_bot_strong_liar);

/* Read aloud (aloud_liar.c): unit.h's aloud and turn hooks. */
int ad_liar_aloud(const ad_unit *u, narrator *n, const json_t *e, const char *type,
                  const json_t *view, char *buf, size_t len);
int ad_liar_turn(const ad_unit *u, narrator *n, const json_t *events, const json_t *view,
                 char *buf, size_t len);
/* The narrator (narrate_liar.c): unit.h's ad_narrate_fn. */
int ad_liar_narrate(const ad_unit *u, narrator *n, const json_t *e, const char *type, char *buf,
                    size_t len);

/* What a seat's knowledge proves of a word announced to it (strong_liar.c's
 * judgement, for the coach): sure 1 spelled, -1 not, 0 not proved. */
enum { LI_PROOF_NONE, LI_PROOF_LENGTH, LI_PROOF_LETTER, LI_PROOF_DRAWS, LI_PROOF_KEPT };
typedef struct liar_proof {
    int sure;
    int how;    /* LI_PROOF_*: the word is longer than the hand (most: the hand's cards,
                 * need: the word's letters); letter `letter` can be in the hand at most
                 * `most` times, the word needs `need`; the hand the seat passed on
                 * lacked `need` letters, and only `most` cards were drawn since; the
                 * hand surely still holds every letter (KEPT) */
    int letter; /* 0-25, or -1 */
    int most, need;
    int since;  /* passes since the seat held the hand; -1 when it did not */
} liar_proof;
/* The chance (0 to 1) that the word announced to seat is spelled, as the
 * strong player judges it from seat's view (exactly 1 or 0 when proved);
 * why (may be NULL) gets the proof. */
double ad_liar_judge(const liar_state *view, int seat, ad_rng *r, liar_proof *why);
/* The coach (liar_hint.c): unit.h's ad_hint_fn. */
json_t *ad_liar_hint(const ad_unit *u, const void *view, int seat, const char *const *names,
                     const ad_bot_opts *think, ad_rng *r, ad_err *err);

extern const ad_unit ad_unit_liar;

#endif
