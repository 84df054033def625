/*
 * claim_hint.c - the coach of No Way and I Doubt It (unit.h's ad_hint_fn;
 * PROTOCOL.md and docs/protocol.md, "Hints"), worked out from one seat's
 * view alone.  In a challenge window: how likely the claim on the table is
 * a lie, exactly 1 (with the proof in words) when the seat's own cards and
 * what it saw prove it, exactly 0 when what everyone saw proves it true,
 * else the strong player's odds (strong_claim.c samples the hidden cards
 * as its search does, so a hint and the bot never disagree).  On the seat's
 * turn: the cards it can play truthfully, and how likely the table calls
 * the bluff the strong player would weigh first.
 */
#include <math.h>
#include <string.h>

#include "claim_unit.h"
#include "claimkit.h"
#include "narrate/narrate_impl.h"

/* Odds kept to three places: the same view and seed give the same text. */
static double rounded(double p)
{
    return floor(p * 1000 + 0.5) / 1000;
}

static const char *class_name(const claim_state *s, int cls)
{
    return s->deck->class_name[cls];
}

/* "two sevens", "one M": count cards of class cls in the game's words. */
static void count_words(const ad_unit *u, const claim_state *s, int count, int cls, char *buf,
                        size_t len)
{
    u->count(u, count, class_name(s, cls), buf, len);
}

/* ------------------------------------------------------------ the proofs */

/* Where the cards of the claimed class are that the claimer cannot have
 * laid, as ck_could_hold counts them, in words: "you hold three, you laid
 * one face down yourself, Cal took one with the pile". */
static void whereabouts(const ad_unit *u, const claim_state *s, int seat, const char *const *names,
                        char *buf, size_t len)
{
    narrator n = {.g = u->game, .players = s->players, .you = seat, .names = names};
    int cls = s->claim_say, own = ck_class_cards(s, s->hand[seat], cls), k = 0;
    size_t used = 0;
    buf[0] = 0;
    if (own)
        used += (size_t)snprintf(buf + used, len - used, "you hold %s", narrate_number(own));
    int laid = s->laid_n[seat] ? ck_class_cards(s, s->laid[seat], cls) : 0;
    if (laid && used < len)
        used += (size_t)snprintf(buf + used, len - used, "%syou laid %s face down yourself",
                                 used ? ", " : "", narrate_number(laid));
    for (int p = 0; p < s->players && used < len; p++) {
        if (p == seat || p == s->claim_seat || !(k = ck_class_cards(s, s->known[p], cls)))
            continue;
        used += (size_t)snprintf(buf + used, len - used, "%s%s took %s with the pile",
                                 used ? ", " : "", ad_narrate_name(&n, p), narrate_number(k));
    }
}

/* Why the pending claim is certainly false, in words. */
static void why_false(const ad_unit *u, const claim_state *s, int seat, const char *const *names,
                      char *buf, size_t len)
{
    char claim[64], all[64], where[1200];
    count_words(u, s, s->claim_n, s->claim_say, claim, sizeof claim);
    if (s->claim_say != s->claim_call) {
        snprintf(buf, len, "The call was %s but the claim names %s: a play naming any other "
                           "letter than the call is a lie anyone can catch.",
                 class_name(s, s->claim_call), class_name(s, s->claim_say));
        return;
    }
    int total = ck_class_cards(s, s->in_play, s->claim_say);
    count_words(u, s, total, s->claim_say, all, sizeof all);
    whereabouts(u, s, seat, names, where, sizeof where);
    int held = ck_class_cards(s, s->hand[seat], s->claim_say);
    int own_only = ck_could_hold(s, seat) + held == total;
    const char *kind = strchr(all, ' ') ? strchr(all, ' ') + 1 : all; /* "A's" of "two A's" */
    if (own_only && held == total) /* as a person says it: "both A's", "all four aces" */
        snprintf(buf, len, total == 1   ? "You hold the only %s: %s cannot be true."
                           : total == 2 ? "You hold both %s: %s cannot be true."
                                        : "You hold all %s: %s cannot be true.",
                 total <= 2 ? kind : all, claim);
    else if (own_only)
        snprintf(buf, len, "You hold %s of the %s: %s cannot be true.", narrate_number(held), all,
                 claim);
    else
        snprintf(buf, len, "Of the %s, %s: %s cannot be true.", all, where, claim);
}

static void why_true(const ad_unit *u, const claim_state *s, const char *const *names, char *buf,
                     size_t len)
{
    char claim[64];
    count_words(u, s, s->claim_n, s->claim_say, claim, sizeof claim);
    narrator n = {.g = u->game, .players = s->players, .you = -1, .names = names};
    snprintf(buf, len, "Every card %s held was seen going into their hand, and all of them "
                       "were %s: %s is true.",
             ad_narrate_name(&n, s->claim_seat), class_name(s, s->claim_say), claim);
}

/* -------------------------------------------------------------- the window */

static long budget(const ad_bot_opts *think)
{
    return think && think->sims > 0 ? think->sims : ad_strong_claim_sims();
}

static void odds_words(double lie, char *buf, size_t len)
{
    int pct = (int)floor(lie * 100 + 0.5);
    const char *say = lie >= 0.8   ? "very likely a lie"
                      : lie >= 0.5 ? "more likely a lie than not"
                      : lie >= 0.2 ? "more likely true than not"
                                   : "very likely true";
    snprintf(buf, len, "From your cards and what you have seen, this claim is %s (about %d%% "
                       "a lie).", say, pct);
}

static json_t *window_hint(const ad_unit *u, const claim_state *s, int seat,
                           const char *const *names, const ad_bot_opts *think, ad_rng *r)
{
    char text[1600];
    double lie;
    int certain = 1;
    if (ck_provably_false(s, seat)) {
        lie = 1;
        why_false(u, s, seat, names, text, sizeof text);
    } else if (ck_provably_true(s)) {
        lie = 0;
        why_true(u, s, names, text, sizeof text);
    } else {
        certain = 0; /* odds never read as proof: 0 and 1 are kept for what is proved */
        lie = rounded(ad_strong_claim_lie_chance(s, seat, budget(think), r));
        lie = lie < 0.001 ? 0.001 : lie > 0.999 ? 0.999 : lie;
        odds_words(lie, text, sizeof text);
    }
    json_t *claim = json_pack("{s:i,s:i,s:s,s:s}", "seat", s->claim_seat, "count", s->claim_n,
                              "say", class_name(s, s->claim_say), "called",
                              class_name(s, s->claim_call));
    return json_pack("{s:s,s:s,s:f,s:b,s:o}", "text", text, "kind", "claim", "lie", lie,
                     "certain", certain, "claim", claim);
}

/* ---------------------------------------------------------------- the turn */

/* The cards of the call the seat holds, as many as one play may hold. */
static json_t *truthful_cards(const claim_state *s, int seat, int *n)
{
    ad_action honest;
    ck_honest_play(s, seat, &honest);
    *n = honest.n;
    json_t *a = json_array();
    for (int i = 0; i < honest.n; i++)
        json_array_append_new(a, json_string(s->deck->kind[honest.cards[i]]));
    return a;
}

static void turn_words(const ad_unit *u, const claim_state *s, int nt, const ad_action *bluff,
                       double called, char *buf, size_t len)
{
    char held[64], call[64];
    count_words(u, s, nt, s->call, held, sizeof held);
    count_words(u, s, 1, s->call, call, sizeof call);
    int n = nt ? snprintf(buf, len, "The call is %s. You can play %s truthfully.",
                          class_name(s, s->call), held)
               : snprintf(buf, len, "The call is %s and you hold none: any play is a bluff.",
                          class_name(s, s->call));
    int pct = (int)floor(called * 100 + 0.5);
    if (bluff && pct == 0 && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, " Laying down %s as \"%s\" would almost never "
                                               "be called.",
                      s->deck->kind[bluff->cards[0]], call);
    else if (bluff && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, " Laying down %s as \"%s\" would be called "
                                               "about %d%% of the time.",
                      s->deck->kind[bluff->cards[0]], call, pct);
    if (!nt && s->allow_pass && n >= 0 && (size_t)n < len) /* I Doubt It's allow_pass */
        snprintf(buf + n, len - (size_t)n, " You may also pass.");
}

static json_t *turn_hint(const ad_unit *u, const claim_state *s, int seat,
                         const ad_bot_opts *think, ad_rng *r)
{
    char text[400];
    int nt;
    ad_action bluff;
    json_t *truthful = truthful_cards(s, seat, &nt), *bj = json_null();
    int has_bluff = ad_strong_claim_bluff(s, seat, &bluff);
    double called = 0;
    if (has_bluff) {
        called = rounded(ad_strong_claim_call_chance(s, seat, &bluff, budget(think), r));
        bj = json_pack("{s:[s],s:s,s:f}", "cards", s->deck->kind[bluff.cards[0]], "say",
                       class_name(s, s->call), "called", called);
    }
    turn_words(u, s, nt, has_bluff ? &bluff : NULL, called, text, sizeof text);
    return json_pack("{s:s,s:s,s:s,s:o,s:o,s:b}", "text", text, "kind", "turn", "call",
                     class_name(s, s->call), "truthful", truthful, "bluff", bj, "may_pass",
                     s->allow_pass);
}

/* ------------------------------------------------------------ the front door */

json_t *ad_claim_hint(const ad_unit *u, const void *view, int seat, const char *const *names,
                      const ad_bot_opts *think, ad_rng *r, ad_err *err)
{
    const claim_state *s = view;
    char text[320];
    if (s->phase == CC_OVER) {
        ad_err_set(err, AD_E_GAME_OVER, "the game is over: there is nothing to hint");
        return NULL;
    }
    if (s->phase == CC_CHALLENGE && seat != s->claim_seat)
        return window_hint(u, s, seat, names, think, r);
    if (s->phase == CC_PLAY && seat == s->turn)
        return turn_hint(u, s, seat, think, r);
    if (s->phase == CC_CHALLENGE)
        snprintf(text, sizeof text, "Your claim is on the table: wait for the others to answer.");
    else
        snprintf(text, sizeof text, "It is %s's turn: watch for a claim your cards can "
                                    "prove false.",
                 ad_narrate_name(&(narrator){.g = u->game, .players = s->players, .you = -1,
                                               .names = names},
                                 s->turn));
    return json_pack("{s:s,s:s}", "text", text, "kind", "wait");
}
