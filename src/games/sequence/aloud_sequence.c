/*
 * aloud_sequence.c - Sequence Letters read aloud to a child who cannot
 * read yet (unit.h's aloud, turn and card_words hooks; narrate.h's
 * ad_aloud_*).  A square is said by its picture's own letter and word ("L...
 * ladder"), never the card's: a wild Z is said as wild ("Z: any square!")
 * before the square it covered.  Square names (c2) and colours of the
 * board are for the eye and left out, but a chip's colour is said: it is
 * how a child tells whose chip it is.
 */
#include <ctype.h>
#include <string.h>

#include "narrate/narrate_impl.h"
#include "seqboard.h"
#include "sequence_unit.h"

/* A picture's word as spoken: "ice cream". */
static void lower_word(const char *w, char *buf, size_t len)
{
    size_t i = 0;
    for (; w[i] && i + 1 < len; i++)
        buf[i] = (char)tolower((unsigned char)w[i]);
    if (len)
        buf[i] = 0;
}

/* A square [row, column] as spoken: "B... balloon". */
static void square_spoken(const json_t *sq, char *buf, size_t len)
{
    int r = (int)json_integer_value(json_array_get(sq, 0));
    int c = (int)json_integer_value(json_array_get(sq, 1));
    const seqboard *b = ad_seqboard_get();
    char word[24];
    if (!b || r < 1 || r > SEQB_ROWS || c < 1 || c > SEQB_COLS) {
        snprintf(buf, len, "a square");
        return;
    }
    lower_word(b->picture[r - 1][c - 1], word, sizeof word);
    snprintf(buf, len, "%s... %s", b->letter[r - 1][c - 1], word);
}

/* Who won: "Cal" alone, else the team ("Your team", "The red team"),
 * told apart by the seats' colours in the view.  *plural: "You win". */
static void winners(const narrator *n, const json_t *e, const json_t *view, char *buf,
                    size_t len, int *plural)
{
    int seat = ev_int(e, "seat"), team = 0, you_in = 0;
    const json_t *colours = json_object_get(view, "colours");
    const char *colour = ev_str(e, "colour");
    for (size_t s = 0; s < json_array_size(colours); s++) {
        const char *c = json_string_value(json_array_get(colours, s));
        if (c && strcmp(c, colour) == 0) {
            team++;
            you_in |= (int)s == n->you;
        }
    }
    *plural = team <= 1 && seat == n->you;
    if (team <= 1)
        snprintf(buf, len, "%s", ad_narrate_name(n, seat));
    else
        snprintf(buf, len, you_in ? "Your team" : "The %s team", colour);
}

int ad_sequence_aloud(const ad_unit *u, narrator *n, const json_t *e, const char *type,
                      const json_t *view, char *buf, size_t len)
{
    (void)u;
    int seat = ev_int(e, "seat");
    const char *who = ad_narrate_name(n, seat), *card = ev_str(e, "card");
    char sq[64];
    if (strcmp(type, "place") == 0) {
        square_spoken(json_object_get(e, "square"), sq, sizeof sq);
        if (strcmp(card, "Z") == 0)
            snprintf(buf, len, "%s %s Z: any square! A %s chip on %s.", who,
                     verb(n, seat, "play", "plays"), ev_str(e, "colour"), sq);
        else
            snprintf(buf, len, "%s %s a %s chip on %s.", who, verb(n, seat, "put", "puts"),
                     ev_str(e, "colour"), sq);
    } else if (strcmp(type, "remove") == 0) {
        square_spoken(json_object_get(e, "square"), sq, sizeof sq);
        snprintf(buf, len, "%s %s X and %s the %s chip off %s.", who,
                 verb(n, seat, "play", "plays"), verb(n, seat, "take", "takes"),
                 ev_str(e, "colour"), sq);
    } else if (strcmp(type, "turn_in") == 0) {
        snprintf(buf, len, "%s %s in %s: both its squares are taken.", who,
                 verb(n, seat, "turn", "turns"), card);
    } else if (strcmp(type, "discard") == 0) {
        snprintf(buf, len, "%s can play nothing and %s %s.", who,
                 verb(n, seat, "put down", "puts down"), card);
    } else if (strcmp(type, "sequence") == 0) {
        int plural;
        winners(n, e, view, sq, sizeof sq, &plural);
        snprintf(buf, len, "%s %s with four in a row!", sq, plural ? "win" : "wins");
    } else if (strcmp(type, "drawn") == 0) {
        snprintf(buf, len, "Nobody made four in a row: it is a draw.");
    } else if (strcmp(type, "reshuffle") == 0) {
        snprintf(buf, len, "The played cards are shuffled to make a new pile.");
    } else {
        return 0; /* a draw: the card is not named, and "draws a card" is noise */
    }
    return 1;
}

int ad_sequence_turn(const ad_unit *u, narrator *n, const json_t *events, const json_t *view,
                     char *buf, size_t len)
{
    (void)u;
    (void)events;
    const json_t *to = json_object_get(view, "to_act");
    if (strcmp(ev_str(view, "phase"), "play") != 0 || json_array_size(to) != 1)
        return 0;
    int seat = (int)json_integer_value(json_array_get(to, 0));
    ad_aloud_whose(n, seat, buf, len);
    size_t used = strlen(buf);
    if (seat == n->you && used < len)
        snprintf(buf + used, len - used, " Pick a card, then a square with its picture.");
    return 1;
}

/* A card as picked: its letter and every picture it may go on ("B...
 * balloon, bike"); the two special cards by what they do. */
int ad_sequence_card_words(const ad_unit *u, const char *card, char *buf, size_t len)
{
    (void)u;
    const seqboard *b = ad_seqboard_get();
    if (strcmp(card, "Z") == 0)
        return snprintf(buf, len, "Z: any square!"), 1;
    if (strcmp(card, "X") == 0)
        return snprintf(buf, len, "X: take away a chip!"), 1;
    if (!b)
        return 0;
    size_t used = (size_t)snprintf(buf, len, "%s...", card);
    const char *sep = " ";
    for (int r = 0; r < SEQB_ROWS; r++)
        for (int c = 0; c < SEQB_COLS; c++) {
            char word[24];
            if (strcmp(b->letter[r][c], card) != 0 || used >= len)
                continue;
            lower_word(b->picture[r][c], word, sizeof word);
            used += (size_t)snprintf(buf + used, len - used, "%s%s", sep, word);
            sep = ", ";
        }
    return 1;
}
