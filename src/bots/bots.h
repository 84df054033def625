/*
 * bots.h - inside the bots layer: each computer player is a function from a
 * seat's view (and its own generator) to an action.  bot.c lists them.
 */
#ifndef AD_BOTS_H
#define AD_BOTS_H

#include "alphadeck/alphadeck.h"
#include "alphadeck/lexicon.h"

/* o: how long a searching bot may think (never NULL; the levels that do not
 * search ignore it). */
typedef void (*bot_fn)(const void *view, int seat, ad_bot_opts *o, ad_rng *r, ad_action *out);

#define BOT_FN(name) void name(const void *view, int seat, ad_bot_opts *o, ad_rng *r, ad_action *out)

BOT_FN(bot_basic_claim);
BOT_FN(bot_basic_sequence);
BOT_FN(bot_basic_liar);
/* May leave out->type 0: the seat waits (only where another seat can act). */
BOT_FN(bot_basic_shout);
BOT_FN(bot_strong_claim);
BOT_FN(bot_strong_liar);
/* Shout: claims the word of vocab taking the most table cards; with none,
 * deals (the dealer), waits (type 0) or passes in the final window. */
void shout_act(const void *view, int seat, const ad_lex *vocab, ad_action *out);
BOT_FN(bot_strong_shout);

#endif
