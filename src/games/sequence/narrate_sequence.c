/*
 * narrate_sequence.c - Sequence Letters told in words (the registry's
 * narrator hook for the sequence family; narrate.h says what a narrator
 * promises).  Squares are told as the board names them (seqboard.h): "the
 * Kite (K, c2)".
 */
#include <string.h>

#include "narrate/narrate_impl.h"
#include "seqboard.h"
#include "sequence_unit.h"

/* A square [row, column] of Sequence Letters: "the Kite (K, c2)". */
static void square_words(const json_t *sq, char *buf, size_t len)
{
    int r = (int)json_integer_value(json_array_get(sq, 0));
    int c = (int)json_integer_value(json_array_get(sq, 1));
    const seqboard *b = ad_seqboard_get();
    char name[8];
    ad_seqboard_name(r, c, name, sizeof name);
    if (b && r >= 1 && r <= SEQB_ROWS && c >= 1 && c <= SEQB_COLS)
        snprintf(buf, len, "the %s (%s, %s)", b->picture[r - 1][c - 1], b->letter[r - 1][c - 1],
                 name);
    else
        snprintf(buf, len, "%s", name);
}

/* One event in words: the family's narrator (unit.h's ad_narrate_fn). */
int ad_sequence_narrate(const ad_unit *u, narrator *n, const json_t *e, const char *type, char *buf,
                        size_t len)
{
    (void)u; /* a family of one game: no words differ */
    int seat = ev_int(e, "seat");
    const char *who = ad_narrate_name(n, seat), *card = ev_str(e, "card");
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
        int cards = ev_int(e, "cards");
        snprintf(buf, len, "The draw deck is empty: the discard piles, %d card%s, are shuffled "
                           "into a new one.", cards, cards == 1 ? "" : "s");
    } else if (strcmp(type, "sequence") == 0) {
        const json_t *line = json_object_get(e, "line");
        size_t used = 0;
        w[0] = 0;
        for (size_t i = 0; i < json_array_size(line) && used < sizeof w; i++) {
            const json_t *sq = json_array_get(line, i);
            char name[8];
            ad_seqboard_name((int)json_integer_value(json_array_get(sq, 0)),
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