/*
 * claim_facts.c - a claim game's facts for its displays (claim_facts.h),
 * as the library gives them (ad_claim_info_of): the objection, whether a
 * play may name any class, whether cards are suited.
 */
#include <stdio.h>
#include <string.h>

#include "claim_facts.h"

const ad_term_claim *ad_term_claim_of(const ad_game *g)
{
    static const ad_game *known[8];
    static ad_term_claim facts[8];
    int i = 0;
    while (i < 8 && known[i] && known[i] != g)
        i++;
    if (i == 8)
        i = 0; /* more claim games than kept: ask again */
    if (known[i] != g) {
        ad_claim_info info = {"", 0, 0, 0};
        ad_claim_info_of(g, &info);
        facts[i].say_free = info.say_free;
        facts[i].suited = info.suited;
        snprintf(facts[i].objection, sizeof facts[i].objection, "%s", info.objection);
        known[i] = g;
    }
    return &facts[i];
}

void ad_term_claim_class(const ad_term_claim *f, const char *card, char *out, size_t n)
{
    size_t len = strlen(card);
    snprintf(out, n, "%.*s", (int)(f->suited && len > 1 ? len - 1 : len), card);
}
