/*
 * bots.h - inside the bots layer: each computer player is a function from a
 * seat's view (and its own generator) to an action.  bot.c lists them.
 */
#ifndef AD_BOTS_H
#define AD_BOTS_H

#include "alphadeck/alphadeck.h"

typedef void (*bot_fn)(const void *view, int seat, ad_rng *r, ad_action *out);

void bot_basic_claim(const void *view, int seat, ad_rng *r, ad_action *out);
void bot_basic_sequence(const void *view, int seat, ad_rng *r, ad_action *out);
void bot_basic_liar(const void *view, int seat, ad_rng *r, ad_action *out);
/* May leave out->type 0: the seat waits (only where another seat can act). */
void bot_basic_shout(const void *view, int seat, ad_rng *r, ad_action *out);

#endif
