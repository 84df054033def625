/*
 * claim_facts.h - what the claim family's displays (play_claim.c,
 * tui_claim.c) need to know of one of its games, from the library
 * (ad_claim_info_of), never from its id, so a new claim game needs no
 * change here.
 */
#ifndef AD_TERM_CLAIM_FACTS_H
#define AD_TERM_CLAIM_FACTS_H

#include <stddef.h>

#include "alphadeck/alphadeck.h"

typedef struct ad_term_claim {
    int say_free;        /* a play may name any class (No Way), or only the call */
    int suited;          /* a card is its class and a suit ("10C", "QH"), not a letter */
    char objection[40];  /* what a seat calls to challenge: "No Way", "I doubt it" */
} ad_term_claim;

/* The facts of claim game g, found out once and kept. */
const ad_term_claim *ad_term_claim_of(const ad_game *g);

/* The letter or rank a card counts as: "C", or "10" of "10C". */
void ad_term_claim_class(const ad_term_claim *f, const char *card, char *out, size_t n);

#endif
