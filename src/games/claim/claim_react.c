/*
 * claim_react.c - how fast the computer players of No Way and I Doubt It
 * answer a challenge window, and the `random` level with a reaction time.
 * A window asks every other seat at once and the first call wins (the
 * director's race, director.h), so a bot says with its answer how long
 * after the window opened it would give it (ad_bot_opts.react_ms), as
 * Shout's bots do (shout_react.c).  No wall clock: each level has a time
 * to call and a longer one to let a play stand, scaled for each decision
 * by a moment drawn from the bot's own generator after it chose (so the
 * choice is the one it made before), and a game stays reproducible.  A
 * turn has no race: the bot plays when asked (the table's pause_ms).
 */
#include <string.h>

#include "claim_unit.h"

/* Milliseconds, at an ordinary moment: a call is quick when a bot is sure
 * enough to make it; letting a play stand is a slower, quieter decision.
 * strong is an alert expert; basic a person paying attention; random
 * looks at nothing and is slow; easy, the level for a young child, is the
 * slowest of all, so the child's own call comes first. */
typedef struct claim_speed {
    double call_ms, pass_ms;
} claim_speed;

static const claim_speed speed_random = {2000, 2600};
static const claim_speed speed_easy = {3000, 3600};
static const claim_speed speed_basic = {1300, 2000};
static const claim_speed speed_strong = {800, 1500};

/* A moment, 0.6 to 1.6 times the level's time, most often near 1: the
 * mean of two uniform draws, stretched (a person is now and then slow,
 * rarely very quick). */
static double moment(ad_rng *r)
{
    double u = (double)(ad_rng_next(r) >> 11) * 0x1p-53;
    double v = (double)(ad_rng_next(r) >> 11) * 0x1p-53;
    return 0.6 + (u + v) / 2;
}

static void react(const void *view, const claim_speed *sp, ad_rng *r, ad_bot_opts *o,
                  const ad_action *a)
{
    const claim_state *s = view;
    if (s->phase != CC_CHALLENGE || a->type == 0)
        return;
    o->react_ms = moment(r) * (a->type == CC_A_CHALLENGE ? sp->call_ms : sp->pass_ms);
}

BOT_FN(ad_bot_random_claim)
{
    const claim_state *s = view;
    const ad_game *g = s->rules->say_free ? &ad_game_noway : &ad_game_doubt;
    g->random_action(view, seat, r, out);
    react(view, &speed_random, r, o, out);
}

BOT_FN(ad_bot_easy_claim_timed)
{
    ad_bot_easy_claim(view, seat, o, r, out);
    react(view, &speed_easy, r, o, out);
}

BOT_FN(ad_bot_basic_claim_timed)
{
    ad_bot_basic_claim(view, seat, o, r, out);
    react(view, &speed_basic, r, o, out);
}

BOT_FN(ad_bot_strong_claim_timed)
{
    ad_bot_strong_claim(view, seat, o, r, out);
    react(view, &speed_strong, r, o, out);
}
