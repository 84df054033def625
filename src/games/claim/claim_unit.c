/*
 * claim_unit.c - No Way and I Doubt It as the registry knows them (unit.h):
 * one engine (claim.c), one set of players (easy_claim.c, basic_claim.c,
 * strong_claim.c) and one narrator (narrate_claim.c) for both games, which
 * differ in their rules' preset and in their words.
 */
#include <stdio.h>
#include <string.h>

#include "claim_unit.h"

/* each answers a challenge window on its own reaction time (claim_react.c) */
static const ad_bot_level levels[] = {
    {"random", ad_bot_random_claim, 1},
    {"easy", ad_bot_easy_claim_timed, 0},
    {"basic", ad_bot_basic_claim_timed, 0},
    {"strong", ad_bot_strong_claim_timed, 0},
};

/* id, say_free, last_face_up, draw_dealer, pays_points */
const claim_rules ad_claim_noway_rules = {"noway", 1, 1, 0, 0};
const claim_rules ad_claim_doubt_rules = {"doubt", 0, 0, 1, 1};

const claim_rules *ad_claim_rules_of(const ad_game *g)
{
    return g == &ad_game_noway   ? &ad_claim_noway_rules
           : g == &ad_game_doubt ? &ad_claim_doubt_rules
                                 : NULL;
}

static const claim_words noway_words = {"No Way", 0};
static const claim_words doubt_words = {"I doubt it", 1};

#define CLAIM_UNIT(GAME, WORDS)                                                               \
    {                                                                                         \
        .game = &GAME, .levels = levels, .nlevels = (int)(sizeof levels / sizeof levels[0]),   \
        .narrate = ad_claim_narrate, .count = ad_claim_count, .words = &WORDS,                 \
        .hint = ad_claim_hint,                                                                \
        .aloud = ad_claim_aloud, .turn = ad_claim_turn, .card_words = ad_claim_card_words,     \
    }

const ad_unit ad_unit_noway = CLAIM_UNIT(ad_game_noway, noway_words);
const ad_unit ad_unit_doubt = CLAIM_UNIT(ad_game_doubt, doubt_words);

/* Whether the deck's cards in play are a class and a suit ("10C") rather
 * than the class itself (a letter). */
static int suited(const ad_deck *d)
{
    for (int k = 0; d && k < d->nkinds; k++)
        if (d->class_of[k] >= 0 && strcmp(d->kind[k], d->class_name[d->class_of[k]]) != 0)
            return 1;
    return 0;
}

/* The suits of a suited card's last letter, as printed on the cards: the
 * sign shows the suit at a glance, and the colour pairs them as a pack
 * does (red hearts and diamonds, black spades and clubs). */
static const struct {
    char letter;
    const char *sign;
    int red;
} suits[] = {{'S', "\u2660", 0}, {'H', "\u2665", 1}, {'D', "\u2666", 1}, {'C', "\u2663", 0}};

static int has_card(const ad_deck *d, const char *card)
{
    for (int k = 0; d && k < d->nkinds; k++)
        if (d->class_of[k] >= 0 && strcmp(d->kind[k], card) == 0)
            return 1;
    return 0;
}

int ad_claim_card_face(const ad_game *g, const char *card, char *out, size_t n)
{
    const ad_deck *d = g && ad_claim_rules_of(g) ? ad_deck_get(g->deck) : NULL;
    if (n)
        out[0] = 0;
    if (!card || !has_card(d, card))
        return -1;
    size_t len = strlen(card);
    if (suited(d) && len > 1)
        for (size_t i = 0; i < sizeof suits / sizeof suits[0]; i++)
            if (card[len - 1] == suits[i].letter) {
                snprintf(out, n, "%.*s%s", (int)(len - 1), card, suits[i].sign);
                return suits[i].red;
            }
    snprintf(out, n, "%s", card);
    return 0;
}

int ad_claim_info_of(const ad_game *g, ad_claim_info *out)
{
    const ad_unit *u = g ? ad_unit_of(g) : NULL;
    const claim_rules *r = g ? ad_claim_rules_of(g) : NULL;
    if (!u || !r || u->narrate != ad_claim_narrate)
        return -1;
    out->objection = ((const claim_words *)u->words)->call;
    out->say_free = r->say_free;
    out->suited = suited(ad_deck_get(g->deck));
    out->last_face_up = r->last_face_up;
    return 0;
}
