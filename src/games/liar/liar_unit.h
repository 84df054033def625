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

extern const ad_unit ad_unit_liar;

#endif
