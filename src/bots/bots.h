/*
 * bots.h - inside the library: each computer player is a function from a
 * seat's view (and its own generator) to an action.  The players live with
 * their game (src/games/<family>/basic_*.c, strong_*.c), which lists them
 * by level in its unit (src/games/unit.h); bot.c is the door to them all.
 */
#ifndef AD_BOTS_H
#define AD_BOTS_H

#include "alphadeck/alphadeck.h"

/* o: how long a searching bot may think (never NULL; the levels that do not
 * search ignore it); a bot of a real-time game sets o->react_ms. */
typedef void (*bot_fn)(const void *view, int seat, ad_bot_opts *o, ad_rng *r, ad_action *out);

#define BOT_FN(name) void name(const void *view, int seat, ad_bot_opts *o, ad_rng *r, ad_action *out)

/* The bot of that level for game g, looked up once by a caller that makes
 * many decisions (the director): *fn, NULL for the game's own
 * random_action; and *reads_state, 1 when it reads nothing its view hides
 * (the game's own random_action, or Shout's `random`: that, and the game's
 * public pace), so a caller that holds the state may skip making the view
 * (a test checks that it chooses the same from the state as from the view).
 * 0, or -1 with err when there is no such bot. */
int ad_bot_lookup(const ad_game *g, const char *level, bot_fn *fn, int *reads_state, ad_err *err);
/* A decision of the bot ad_bot_lookup gave, as ad_bot_choose_opts makes it
 * once its checks passed (the game not over, seat among to_act): 0 acts,
 * 1 waits.  opts is never NULL.  Inline: the director makes one a step. */
static inline int bot_decide(const ad_game *g, bot_fn fn, const void *view, int seat,
                             ad_bot_opts *opts, ad_rng *r, ad_action *out)
{
    opts->sims_done = 0;
    opts->react_ms = 0;
    if (!fn) {
        g->random_action(view, seat, r, out);
        return 0;
    }
    fn(view, seat, opts, r, out);
    return out->type == 0; /* 1: the bot waits for now */
}

#endif
