/*
 * narrate_shout.c - Shout a Word told in words (the registry's narrator
 * hook for the shout family; narrate.h says what a narrator promises).
 */
#include <ctype.h>
#include <string.h>

#include "narrate/narrate_impl.h"
#include "shout_unit.h"

/* A Shout claim: "Bea shouts RAIN with R, A and IN and takes 3 cards." */
static void shout_claim(narrator *n, const json_t *e, char *buf, size_t len)
{
    int seat = ev_int(e, "seat");
    const json_t *cards = json_object_get(e, "cards");
    json_t *faces = json_array();
    size_t i;
    const json_t *c;
    json_array_foreach(cards, i, c) json_array_append(faces, json_object_get(c, "card"));
    char list[200], word[AD_WORD_MAX];
    ad_narrate_list(faces, list, sizeof list);
    json_decref(faces);
    snprintf(word, sizeof word, "%s", ev_str(e, "word"));
    for (char *q = word; *q; q++)
        *q = (char)toupper((unsigned char)*q);
    const char *verdict = ev_str(e, "verdict");
    int said = snprintf(buf, len, "%s %s %s with %s", ad_narrate_name(n, seat),
                        verb(n, seat, "shout", "shouts"), word, list);
    if (said < 0 || (size_t)said >= len)
        return;
    if (json_is_true(json_object_get(e, "valid"))) {
        size_t k = json_array_size(cards);
        snprintf(buf + said, len - (size_t)said, " and %s %zu card%s.",
                 verb(n, seat, "take", "takes"), k, k == 1 ? "" : "s");
        return;
    }
    const char *why = strcmp(verdict, "too_few_cards") == 0 ? "too few cards for a word"
                      : strcmp(verdict, "not_spelled") == 0 ? "those cards do not spell it"
                                                            : "that is not a word";
    snprintf(buf + said, len - (size_t)said, ": %s.", why);
}

/* One event in words: the family's narrator (unit.h's ad_narrate_fn). */
int ad_shout_narrate(const ad_unit *u, narrator *n, const json_t *e, const char *type, char *buf,
                     size_t len)
{
    (void)u; /* a family of one game: no words differ */
    int seat = ev_int(e, "seat");
    const char *who = ad_narrate_name(n, seat);
    if (strcmp(type, "deal") == 0) {
        snprintf(buf, len, "The dealer turns up %s.", ev_str(e, "card"));
    } else if (strcmp(type, "claim") == 0) {
        shout_claim(n, e, buf, len);
    } else if (strcmp(type, "reward") == 0) {
        snprintf(buf, len, "%s %s a card from the deck.", who, verb(n, seat, "get", "gets"));
    } else if (strcmp(type, "final_window") == 0) {
        int k = ev_int(e, "table");
        snprintf(buf, len, "The deck is empty: last chance for the %d card%s on the table.", k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "pass") == 0) {
        snprintf(buf, len, "%s %s.", who, verb(n, seat, "pass", "passes"));
    } else if (strcmp(type, "round_over") == 0) {
        snprintf(buf, len, "Round %d is over.", ev_int(e, "round"));
    } else if (strcmp(type, "point") == 0) {
        int k = ev_int(e, "cards");
        snprintf(buf, len, "%s %s the round's point with %d card%s.", who,
                 verb(n, seat, "win", "wins"), k, k == 1 ? "" : "s");
    } else if (strcmp(type, "new_round") == 0) {
        int dealer = ev_int(e, "dealer");
        snprintf(buf, len, "Round %d: %s %s.", ev_int(e, "round"), ad_narrate_name(n, dealer),
                 verb(n, dealer, "deal", "deals"));
    } else if (strcmp(type, "over") == 0) {
        snprintf(buf, len, "The last round is over.");
    } else {
        return 0;
    }
    return 1;
}