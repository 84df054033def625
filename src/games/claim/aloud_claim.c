/*
 * aloud_claim.c - No Way and I Doubt It read aloud (unit.h's aloud, turn
 * and card_words hooks; narrate.h's ad_aloud_*): who claimed what, who
 * called it out and how the challenge ended, in words a child follows
 * ("Bea says one A.", "Cal says No Way!", "The cards are B and C: Bea was
 * bluffing!").  The other events are said as the narrator tells them.
 */
#include <string.h>

#include "claim_unit.h"
#include "narrate/narrate_impl.h"

/* The cards turned up, each as spoken ("six of hearts and six of clubs"). */
static void cards_spoken(const ad_unit *u, const json_t *cards, char *buf, size_t len)
{
    json_t *said = json_array();
    size_t i;
    const json_t *c;
    json_array_foreach(cards, i, c) {
        char w[64];
        const char *card = json_string_value(c);
        if (!card || !ad_claim_card_words(u, card, w, sizeof w))
            ad_words(w, sizeof w, "%s", card ? card : "?");
        json_array_append_new(said, json_string(w));
    }
    ad_narrate_list(said, buf, len);
    json_decref(said);
}

/* What a challenge ended in, for the one who claimed. */
static void outcome(const ad_unit *u, const narrator *n, const json_t *e, char *buf, size_t len)
{
    int seat = ev_int(e, "seat");
    char cards[300];
    const json_t *shown = json_object_get(e, "cards");
    const char *are = json_array_size(shown) == 1 ? "card is" : "cards are";
    cards_spoken(u, shown, cards, sizeof cards);
    if (json_is_true(json_object_get(e, "true")))
        ad_words(buf, len, "The %s %s: %s told the truth!", are, cards, object_name(n, seat));
    else
        ad_words(buf, len, "The %s %s: %s %s bluffing!", are, cards, object_name(n, seat),
                 verb(n, seat, "were", "was"));
}

/* A claim as spoken: "Bea says two A's.", with the call when it differs. */
static void claim_said(const ad_unit *u, const narrator *n, const json_t *e, char *buf,
                       size_t len)
{
    int seat = ev_int(e, "seat");
    const char *say = ev_str(e, "say"), *called = ev_str(e, "called");
    char w[64];
    ad_claim_count(u, ev_int(e, "count"), say, w, sizeof w);
    int said = ad_words(buf, len, "%s %s %s.", ad_narrate_name(n, seat),
                        verb(n, seat, "say", "says"), w);
    if (*called && strcmp(called, say) != 0 && said >= 0 && (size_t)said < len)
        ad_words(buf + said, len - (size_t)said, " But the call was %s!", called);
}

int ad_claim_aloud(const ad_unit *u, narrator *n, const json_t *e, const char *type,
                   const json_t *view, char *buf, size_t len)
{
    (void)view;
    const claim_words *words = u->words;
    int seat = ev_int(e, "seat");
    const char *who = ad_narrate_name(n, seat);
    char w[64];
    if (strcmp(type, "play") == 0) {
        claim_said(u, n, e, buf, len);
    } else if (strcmp(type, "no_play") == 0) {
        ad_claim_count(u, 0, ev_str(e, "say"), w, sizeof w);
        ad_words(buf, len, "%s %s %s.", who, verb(n, seat, "say", "says"), w);
    } else if (strcmp(type, "challenge") == 0) {
        ad_words(buf, len, "%s %s %s!", who, verb(n, seat, "say", "says"), words->call);
    } else if (strcmp(type, "stands") == 0) {
        ad_words(buf, len, "Nobody says %s. The cards stay on the pile.", words->call);
    } else if (strcmp(type, "reveal") == 0) {
        outcome(u, n, e, buf, len);
    } else if (strcmp(type, "take") == 0) {
        int k = ev_int(e, "count");
        if (k <= 8)
            ad_words(buf, len, "%s %s the pile: %s card%s.", who, verb(n, seat, "take", "takes"),
                     narrate_number(k), k == 1 ? "" : "s");
        else
            ad_words(buf, len, "%s %s the pile: %d cards.", who, verb(n, seat, "take", "takes"), k);
    } else if (strcmp(type, "over") == 0) {
        int winner = ev_int(e, "winner");
        ad_words(buf, len, "%s %s the game!", ad_narrate_name(n, winner),
                 verb(n, winner, "win", "wins"));
    } else if (strcmp(type, "pass") == 0) {
        return 0; /* a silent "I believe it": said by the stands that follows */
    } else {
        return -1; /* out, score, deal, time up: as the narrator tells them */
    }
    return 1;
}

/* "A's", "aces": what is claimed, as the count says many of them. */
static void many_of(const ad_unit *u, const char *say, char *buf, size_t len)
{
    char w[64];
    ad_claim_count(u, 2, say, w, sizeof w);
    const char *sp = strchr(w, ' ');
    ad_words(buf, len, "%s", sp ? sp + 1 : w);
}

/* The claimer of the play just made, or -1. */
static int claimer(const json_t *events)
{
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) if (strcmp(ev_str(e, "type"), "play") == 0)
        return ev_int(e, "seat");
    return -1;
}

/* A challenge window: only the listener asked in it hears the question. */
static int window_question(const ad_unit *u, narrator *n, const json_t *events,
                           const json_t *view, char *buf, size_t len)
{
    const json_t *to = json_object_get(view, "to_act");
    int by = claimer(events), asked = 0;
    for (size_t i = 0; i < json_array_size(to); i++)
        asked |= n->you >= 0 && json_integer_value(json_array_get(to, i)) == n->you;
    if (!asked || by < 0)
        return 0;
    ad_words(buf, len, "%s, do you believe %s? If not, say %s!", ad_narrate_own_name(n, n->you),
             ad_narrate_name(n, by), ((const claim_words *)u->words)->call);
    return 1;
}

int ad_claim_turn(const ad_unit *u, narrator *n, const json_t *events, const json_t *view,
                  char *buf, size_t len)
{
    const char *phase = ev_str(view, "phase");
    const json_t *to = json_object_get(view, "to_act");
    if (strcmp(phase, "challenge") == 0)
        return window_question(u, n, events, view, buf, len);
    if (strcmp(phase, "play") != 0 || json_array_size(to) != 1)
        return 0;
    int seat = (int)json_integer_value(json_array_get(to, 0));
    ad_aloud_whose(n, seat, buf, len);
    size_t used = strlen(buf);
    if (seat != n->you || used >= len)
        return 1;
    char what[64];
    int most = ev_int(view, "max_cards");
    many_of(u, ev_str(view, "call"), what, sizeof what);
    if (most > 1)
        ad_words(buf + used, len - used, " Put down one %s %s cards and say how many %s.",
                 most == 2 ? "or" : "to", narrate_number(most), what);
    else
        ad_words(buf + used, len - used, " Put down a card and say how many %s.", what);
    return 1;
}

/* A suited card ("10H") by its rank and suit: "ten of hearts"; a letter
 * card by its letter. */
int ad_claim_card_words(const ad_unit *u, const char *card, char *buf, size_t len)
{
    static const char *const suits[][2] = {
        {"C", "clubs"}, {"D", "diamonds"}, {"H", "hearts"}, {"S", "spades"}};
    size_t n = strlen(card);
    if (!((const claim_words *)u->words)->ranks || n < 2)
        return 0;
    for (size_t i = 0; i < sizeof suits / sizeof suits[0]; i++)
        if (strcmp(card + n - 1, suits[i][0]) == 0) {
            char rank[8], w[64];
            ad_words(rank, sizeof rank, "%.*s", (int)(n - 1), card);
            ad_claim_count(u, 1, rank, w, sizeof w);
            const char *sp = strchr(w, ' ');
            ad_words(buf, len, "%s of %s", sp ? sp + 1 : w, suits[i][1]);
            return 1;
        }
    return 0;
}
