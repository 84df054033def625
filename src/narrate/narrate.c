/*
 * narrate.c - events in plain words (see narrate.h).  A game's events are
 * told by one function per family of games; an event it does not know is
 * not told.  Every event the games report is public (a discard in Liar and
 * a reward in Shout do not say which card), so any seat may hear any of
 * them; the words only change for the narrator's own seat ("You").
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "alphadeck/narrate.h"
#include "narrate/seqboard.h"

static const char *const seat_names[AD_MAX_SEATS] = {"Ann", "Bea", "Cal", "Dee", "Eve",
                                                     "Fay", "Gus", "Hal", "Ivy", "Jon"};

const char *narrate_name(const narrator *n, int seat)
{
    if (seat == n->you)
        return "You";
    if (n->names && seat >= 0 && seat < n->players && n->names[seat] && n->names[seat][0])
        return n->names[seat];
    return seat >= 0 && seat < AD_MAX_SEATS ? seat_names[seat] : "Someone";
}

/* The seat as the object of a sentence: "you" for n->you. */
static const char *object_name(const narrator *n, int seat)
{
    return seat == n->you ? "you" : narrate_name(n, seat);
}

/* A verb for the seat: "say" for You, "says" for the others. */
static const char *verb(const narrator *n, int seat, const char *you_form, const char *other_form)
{
    return seat == n->you ? you_form : other_form;
}

static const char *const number_words[] = {"no",   "one", "two",   "three", "four",
                                           "five", "six", "seven", "eight"};

void narrate_count(const narrator *n, int count, const char *say, char *buf, size_t len)
{
    static const char *const ranks[][3] = {
        {"A", "ace", "aces"},     {"2", "two", "twos"},     {"3", "three", "threes"},
        {"4", "four", "fours"},   {"5", "five", "fives"},   {"6", "six", "sixes"},
        {"7", "seven", "sevens"}, {"8", "eight", "eights"}, {"9", "nine", "nines"},
        {"10", "ten", "tens"},    {"J", "jack", "jacks"},   {"Q", "queen", "queens"},
        {"K", "king", "kings"},
    };
    const char *num = count >= 0 && count <= 8 ? number_words[count] : "many";
    if (strcmp(n->g->id, "doubt") == 0)
        for (size_t i = 0; i < sizeof ranks / sizeof ranks[0]; i++)
            if (strcmp(ranks[i][0], say) == 0) {
                snprintf(buf, len, "%s %s", num, count == 1 ? ranks[i][1] : ranks[i][2]);
                return;
            }
    snprintf(buf, len, count == 1 ? "%s %s" : "%s %s's", num, say);
}

void narrate_list(const json_t *items, char *buf, size_t len)
{
    size_t count = json_array_size(items), used = 0;
    if (len)
        buf[0] = 0;
    for (size_t i = 0; i < count && used < len; i++) {
        const char *sep = i == 0 ? "" : i + 1 == count ? " and " : ", ";
        const char *s = json_string_value(json_array_get(items, i));
        used += (size_t)snprintf(buf + used, len - used, "%s%s", sep, s ? s : "?");
    }
}

static int ev_int(const json_t *e, const char *key)
{
    return (int)json_integer_value(json_object_get(e, key));
}

static const char *ev_str(const json_t *e, const char *key)
{
    const char *s = json_string_value(json_object_get(e, key));
    return s ? s : "";
}

/* No Way and I Doubt It. */
static int claim_event(narrator *n, const json_t *e, const char *type, char *buf, size_t len)
{
    int seat = ev_int(e, "seat");
    const char *who = narrate_name(n, seat);
    char w[160];
    if (strcmp(type, "play") == 0) {
        const char *say = ev_str(e, "say"), *called = ev_str(e, "called");
        narrate_count(n, ev_int(e, "count"), say, w, sizeof w);
        int said = snprintf(buf, len, "%s %s: \"%s.\"", who, verb(n, seat, "say", "says"), w);
        if (*called && strcmp(called, say) != 0 && said >= 0 && (size_t)said < len)
            snprintf(buf + said, len - (size_t)said, " (the call was %s)", called);
    } else if (strcmp(type, "no_play") == 0) {
        narrate_count(n, 0, ev_str(e, "say"), w, sizeof w);
        snprintf(buf, len, "%s: \"%s.\"", who, w);
    } else if (strcmp(type, "stands") == 0) {
        snprintf(buf, len, "Nobody objects: the cards stay on the pile.");
    } else if (strcmp(type, "challenge") == 0) {
        snprintf(buf, len, "%s %s \"%s!\"", who, verb(n, seat, "call", "calls"),
                 strcmp(n->g->id, "doubt") == 0 ? "I doubt it" : "No Way");
    } else if (strcmp(type, "reveal") == 0) {
        narrate_list(json_object_get(e, "cards"), w, sizeof w);
        snprintf(buf, len, "The cards are %s: %s.", w,
                 json_is_true(json_object_get(e, "true")) ? "the claim was true"
                                                          : "the claim was false");
    } else if (strcmp(type, "take") == 0) {
        int k = ev_int(e, "count");
        snprintf(buf, len, "%s %s %d card%s.", who, verb(n, seat, "take", "takes"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "out") == 0) {
        if (n->time_up)
            snprintf(buf, len, "%s %s deal %d on time.", who, verb(n, seat, "win", "wins"),
                     ev_int(e, "deal"));
        else
            snprintf(buf, len, "%s %s out of cards!", who, verb(n, seat, "are", "is"));
        n->time_up = 0;
    } else if (strcmp(type, "score") == 0) {
        int k = ev_int(e, "points");
        snprintf(buf, len, "%s %s %d point%s.", who, verb(n, seat, "score", "scores"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "deal") == 0) {
        int dealer = ev_int(e, "dealer");
        snprintf(buf, len, "Deal %d: %s %s.", ev_int(e, "deal"), narrate_name(n, dealer),
                 verb(n, dealer, "deal", "deals"));
    } else if (strcmp(type, "time_up") == 0) {
        snprintf(buf, len, "Time is up after %d turns: %s %s the fewest cards.", ev_int(e, "turns"),
                 who, verb(n, seat, "hold", "holds"));
        n->time_up = 1;
    } else {
        return 0;
    }
    return 1;
}

/* A square [row, column] of Sequence Letters: "the Kite (K, c2)". */
static void square_words(const json_t *sq, char *buf, size_t len)
{
    int r = (int)json_integer_value(json_array_get(sq, 0));
    int c = (int)json_integer_value(json_array_get(sq, 1));
    const seqboard *b = seqboard_get();
    char name[8];
    seqboard_name(r, c, name, sizeof name);
    if (b && r >= 1 && r <= SEQB_ROWS && c >= 1 && c <= SEQB_COLS)
        snprintf(buf, len, "the %s (%s, %s)", b->picture[r - 1][c - 1], b->letter[r - 1][c - 1],
                 name);
    else
        snprintf(buf, len, "%s", name);
}

/* Sequence Letters. */
static int sequence_event(narrator *n, const json_t *e, const char *type, char *buf, size_t len)
{
    int seat = ev_int(e, "seat");
    const char *who = narrate_name(n, seat), *card = ev_str(e, "card");
    char w[120];
    if (strcmp(type, "turn_in") == 0) {
        snprintf(buf, len, "%s %s in the dead card %s.", who, verb(n, seat, "turn", "turns"), card);
    } else if (strcmp(type, "place") == 0) {
        square_words(json_object_get(e, "square"), w, sizeof w);
        if (strcmp(card, "Z") == 0)
            snprintf(buf, len, "%s %s Z and %s a %s chip on %s.", who,
                     verb(n, seat, "play", "plays"), verb(n, seat, "put", "puts"),
                     ev_str(e, "colour"), w);
        else
            snprintf(buf, len, "%s %s a %s chip on %s.", who, verb(n, seat, "put", "puts"),
                     ev_str(e, "colour"), w);
    } else if (strcmp(type, "remove") == 0) {
        square_words(json_object_get(e, "square"), w, sizeof w);
        snprintf(buf, len, "%s %s X and %s the %s chip off %s.", who,
                 verb(n, seat, "play", "plays"), verb(n, seat, "take", "takes"),
                 ev_str(e, "colour"), w);
    } else if (strcmp(type, "discard") == 0) {
        snprintf(buf, len, "%s can play nothing and %s %s.", who,
                 verb(n, seat, "discard", "discards"), card);
    } else if (strcmp(type, "draw") == 0) {
        snprintf(buf, len, "%s %s a card.", who, verb(n, seat, "draw", "draws"));
    } else if (strcmp(type, "reshuffle") == 0) {
        snprintf(buf, len, "The draw deck is empty: the discard piles, %d cards, are shuffled "
                           "into a new one.", ev_int(e, "cards"));
    } else if (strcmp(type, "sequence") == 0) {
        const json_t *line = json_object_get(e, "line");
        size_t used = 0;
        w[0] = 0;
        for (size_t i = 0; i < json_array_size(line) && used < sizeof w; i++) {
            const json_t *sq = json_array_get(line, i);
            char name[8];
            seqboard_name((int)json_integer_value(json_array_get(sq, 0)),
                          (int)json_integer_value(json_array_get(sq, 1)), name, sizeof name);
            used += (size_t)snprintf(w + used, sizeof w - used, "%s%s", i ? " " : "", name);
        }
        snprintf(buf, len, "%s %s a line of four %s chips: %s!", who,
                 verb(n, seat, "complete", "completes"), ev_str(e, "colour"), w);
    } else if (strcmp(type, "drawn") == 0) {
        snprintf(buf, len, "%d turns and no line of four: the game is drawn.", ev_int(e, "turns"));
    } else {
        return 0;
    }
    return 1;
}

/* Liar. */
static int liar_event(narrator *n, const json_t *e, const char *type, char *buf, size_t len)
{
    int seat = ev_int(e, "seat");
    const char *who = narrate_name(n, seat);
    char w[160];
    if (strcmp(type, "announce") == 0) {
        snprintf(buf, len, "%s %s to %s: \"%s.\"", who, verb(n, seat, "say", "says"),
                 object_name(n, ev_int(e, "to")), ev_str(e, "word"));
    } else if (strcmp(type, "accept") == 0) {
        snprintf(buf, len, "%s %s the hand.", who, verb(n, seat, "accept", "accepts"));
    } else if (strcmp(type, "discard") == 0) {
        snprintf(buf, len, "%s %s a card face down.", who, verb(n, seat, "discard", "discards"));
    } else if (strcmp(type, "draw") == 0) {
        int k = ev_int(e, "count");
        snprintf(buf, len, "%s %s %d card%s.", who, verb(n, seat, "draw", "draws"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "liar") == 0) {
        snprintf(buf, len, "%s %s %s a liar!", who, verb(n, seat, "call", "calls"),
                 object_name(n, ev_int(e, "of")));
    } else if (strcmp(type, "reveal") == 0) {
        char owner[24];
        snprintf(owner, sizeof owner, "%s%s", seat == n->you ? "Your" : who,
                 seat == n->you ? "" : "'s");
        narrate_list(json_object_get(e, "cards"), w, sizeof w);
        snprintf(buf, len, "%s hand is shown: %s. It %s \"%s\".", owner, w,
                 json_is_true(json_object_get(e, "spelled")) ? "spells" : "does not spell",
                 ev_str(e, "word"));
    } else if (strcmp(type, "score") == 0) {
        int k = ev_int(e, "points");
        snprintf(buf, len, "%s %s %d point%s.", who, verb(n, seat, "score", "scores"), k,
                 k == 1 ? "" : "s");
    } else if (strcmp(type, "fresh_hand") == 0) {
        snprintf(buf, len, "%s %s a fresh hand.", who, verb(n, seat, "start", "starts"));
    } else if (strcmp(type, "reshuffle") == 0) {
        snprintf(buf, len, "The draw pile is empty: the %d discards are shuffled into a new one.",
                 ev_int(e, "cards"));
    } else if (strcmp(type, "over") == 0) {
        int winner = ev_int(e, "winner");
        snprintf(buf, len, "%s %s the target.", narrate_name(n, winner),
                 verb(n, winner, "reach", "reaches"));
    } else {
        return 0;
    }
    return 1;
}

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
    narrate_list(faces, list, sizeof list);
    json_decref(faces);
    snprintf(word, sizeof word, "%s", ev_str(e, "word"));
    for (char *q = word; *q; q++)
        *q = (char)toupper((unsigned char)*q);
    const char *verdict = ev_str(e, "verdict");
    int said = snprintf(buf, len, "%s %s %s with %s", narrate_name(n, seat),
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

/* Shout a Word. */
static int shout_event(narrator *n, const json_t *e, const char *type, char *buf, size_t len)
{
    int seat = ev_int(e, "seat");
    const char *who = narrate_name(n, seat);
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
        snprintf(buf, len, "Round %d: %s %s.", ev_int(e, "round"), narrate_name(n, dealer),
                 verb(n, dealer, "deal", "deals"));
    } else if (strcmp(type, "over") == 0) {
        snprintf(buf, len, "The last round is over.");
    } else {
        return 0;
    }
    return 1;
}

int narrate_event(narrator *n, const json_t *event, char *buf, size_t len)
{
    const char *type = ev_str(event, "type");
    if (len)
        buf[0] = 0;
    int told = 0;
    if (strcmp(n->g->id, "noway") == 0 || strcmp(n->g->id, "doubt") == 0)
        told = claim_event(n, event, type, buf, len);
    else if (strcmp(n->g->id, "sequence") == 0)
        told = sequence_event(n, event, type, buf, len);
    else if (strcmp(n->g->id, "liar") == 0)
        told = liar_event(n, event, type, buf, len);
    else if (strcmp(n->g->id, "shout") == 0)
        told = shout_event(n, event, type, buf, len);
    if (!told && len)
        buf[0] = 0;
    return told;
}
