/*
 * shout_react.c - how fast the computer players of Shout a Word react, and
 * the `random` level of Shout.  Shout is a race, and the engine has no
 * clock, so a bot says with its action how long after the game last
 * changed it would make it (ad_bot_opts.react_ms); whoever runs the game
 * (alphadeck sim, a server) lets the soonest act.  The model needs no wall
 * clock, so games stay reproducible: each level takes a time to look at
 * the table and a time per card of the word it shouts, scaled for each
 * decision by a moment drawn from the bot's own generator (a good or a bad
 * moment).  The dealer deals at the game's pace, deal_ms after the last
 * change, whatever its level.
 */
#include "shout.h"
#include "shout_unit.h"

/* Milliseconds: to look at the table, and per card of the word.  basic
 * plays at a person's speed; at its slowest moment it shouts four cards
 * within the default deal_ms of 2500, at its fastest eight.  random has the
 * same speed: it differs from basic in what it shouts, not how fast.
 * strong is a quick expert: it shouts 16 cards (the most a claim holds)
 * within the default deal_ms even at its slowest moment, so at the default
 * pace it always finds the word taking the most cards.  easy, the level
 * for a young child, is the slowest: no quicker than basic at anything,
 * and at the default pace it shouts three cards at its slowest moment and
 * five at its fastest. */
const shout_speed ad_shout_speed_random = {1000, 250};
const shout_speed ad_shout_speed_basic = {1000, 250};
const shout_speed ad_shout_speed_strong = {400, 100};
const shout_speed ad_shout_speed_easy = {1000, 360};

double ad_shout_moment(ad_rng *r)
{
    return 0.8 + 0.4 * (double)(ad_rng_next(r) >> 11) * 0x1p-53;
}

static double claim_ms(const shout_speed *sp, double m, int cards)
{
    return m * (sp->base_ms + sp->per_card_ms * cards);
}

int ad_shout_reach(const void *view, const shout_speed *sp, double m)
{
    const shout_state *s = view;
    double budget = s->phase == SH_FINAL ? s->final_ms : s->deal_ms;
    int cards = 0;
    while (cards < AD_ACTION_MAX_CARDS && claim_ms(sp, m, cards + 1) < budget)
        cards++;
    return cards;
}

double ad_shout_react(const void *view, const shout_speed *sp, double m, const ad_action *a)
{
    const shout_state *s = view;
    switch (a->type) {
    case SH_A_DEAL:
        return s->deal_ms;
    case SH_A_CLAIM:
        return claim_ms(sp, m, a->n);
    case SH_A_PASS:
        return m * sp->base_ms;
    }
    return 0; /* it waits */
}

/* The game's random action (docs/rules/shout.md), at random's speed: it
 * does not look for words, but naming its cards takes time. */
BOT_FN(ad_bot_random_shout)
{
    ad_game_shout.random_action(view, seat, r, out);
    o->react_ms = ad_shout_react(view, &ad_shout_speed_random, ad_shout_moment(r), out);
}
