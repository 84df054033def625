/*
 * bots.h - inside the bots layer: each computer player is a function from a
 * seat's view (and its own generator) to an action.  bot.c lists them.
 */
#ifndef AD_BOTS_H
#define AD_BOTS_H

#include "alphadeck/alphadeck.h"
#include "alphadeck/lexicon.h"

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
int bot_lookup(const ad_game *g, const char *level, bot_fn *fn, int *reads_state, ad_err *err);
/* A decision of the bot bot_lookup gave, as ad_bot_choose_opts makes it
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

BOT_FN(bot_basic_claim);
BOT_FN(bot_basic_sequence);
BOT_FN(bot_basic_liar);
/* May leave out->type 0: the seat waits (only where another seat can act). */
BOT_FN(bot_basic_shout);
BOT_FN(bot_strong_claim);
BOT_FN(bot_strong_liar);
BOT_FN(bot_strong_sequence);
/* strong_sequence.c's model of a casual opponent, for its tests: the move
 * `basic` would make (one of its best-scored), and what an opponent's last
 * move tells of its hand (the card kinds, 1 in absent[kind], that it would
 * have played instead; returns that opponent's seat, -1 when nothing is
 * known). */
void strong_sequence_casual(const void *state, int seat, ad_rng *r, ad_action *out);
int strong_sequence_absent(const void *view, int seat, uint8_t absent[32]);

/* strong_claim.c's deal of the cards seat cannot see, for its tests: a full
 * state at out (sizeof claim_state) that agrees with seat's view. */
void strong_claim_deal(const void *view, int seat, ad_rng *r, void *out);
/* And its score of a full state for seat (1 won, 0 lost, else between). */
double strong_claim_value(const void *state, int seat);

/* Shout's reaction-time model (shout_react.c).  A level looks at the table
 * for base_ms, then needs per_card_ms for each card of the word it shouts;
 * each decision scales that by a moment, a factor drawn from the bot's
 * generator. */
typedef struct shout_speed {
    double base_ms, per_card_ms;
} shout_speed;
extern const shout_speed shout_speed_random, shout_speed_basic, shout_speed_strong;
/* This decision's moment: uniform in [0.8, 1.2). */
double shout_moment(ad_rng *r);
/* The most cards a word may take for the seat to shout it, at speed sp and
 * moment m, before the table changes: before the next deal (deal_ms) while
 * the round is dealt, within the final window (final_ms) after it. */
int shout_reach(const void *view, const shout_speed *sp, double m);
/* When the action comes, in ms after the game last changed: a claim
 * m * (base + per card), a pass m * base, a deal deal_ms (the game's pace),
 * waiting 0. */
double shout_react(const void *view, const shout_speed *sp, double m, const ad_action *a);
/* Shout: claims the word of vocab taking the most table cards of those it
 * can shout before the table changes (shout_reach); with none, deals (the
 * dealer), waits (type 0) or passes in the final window.  Sets o->react_ms. */
void shout_act(const void *view, int seat, const ad_lex *vocab, const shout_speed *sp,
               ad_bot_opts *o, ad_rng *r, ad_action *out);
BOT_FN(bot_random_shout);
BOT_FN(bot_strong_shout);

#endif
