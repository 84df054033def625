/*
 * play_sequence.c - Sequence Letters in `alphadeck play`.  The board is
 * drawn as text, each square its letter and the colour of its chip, with
 * columns a-h and rows 1-6 (seqboard.h).  The human types a card and a
 * square ("K c2"), a card alone when it can go to one place only, "turn in
 * K" for a dead card, or "discard K" when nothing can be played.  Where
 * each card may go comes from the protocol's `legal`, so the client never
 * judges a move itself: the engine does, and its words are shown.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "play.h"
#include "games/sequence/seqboard.h"

/* "c2" for a [row, column] JSON pair. */
static void square_name(const json_t *sq, char *buf, size_t len)
{
    ad_seqboard_name((int)json_integer_value(json_array_get(sq, 0)),
                  (int)json_integer_value(json_array_get(sq, 1)), buf, len);
}

static void show_board(player *p, const json_t *v)
{
    const seqboard *b = ad_seqboard_get();
    const json_t *board = json_object_get(v, "board");
    fprintf(p->out, "     ");
    for (int c = 0; c < SEQB_COLS; c++)
        fprintf(p->out, " %c%s", 'a' + c, c + 1 < SEQB_COLS ? "   " : "\n");
    for (int r = 0; r < SEQB_ROWS; r++) {
        fprintf(p->out, "   %d  ", r + 1);
        for (int c = 0; c < SEQB_COLS; c++) {
            const char *chip = json_string_value(json_array_get(json_array_get(board, (size_t)r),
                                                                (size_t)c));
            fprintf(p->out, "%s %c%s", b ? b->letter[r][c] : "?", chip ? chip[0] : '.',
                    c + 1 < SEQB_COLS ? "  " : "\n");
        }
    }
}

/* "Chips: r red (You, Cal), b blue (Bea, Dee)." */
static void show_colours(player *p, const json_t *v)
{
    const json_t *colours = json_object_get(v, "colours");
    fprintf(p->out, "  Chips:");
    for (int s = 0; s < p->players; s++) {
        const char *c = json_string_value(json_array_get(colours, (size_t)s));
        int first = 1;
        for (int t = 0; t < s; t++)
            if (strcmp(c, json_string_value(json_array_get(colours, (size_t)t))) == 0)
                first = 0;
        if (!first)
            continue;
        fprintf(p->out, "%s %c %s (", s ? "," : "", c[0], c);
        for (int t = s, k = 0; t < p->players; t++)
            if (strcmp(c, json_string_value(json_array_get(colours, (size_t)t))) == 0)
                fprintf(p->out, "%s%s", k++ ? ", " : "", play_name(p, t));
        fputc(')', p->out);
    }
    fprintf(p->out, ".\n");
}

/* Where each card of the hand may go now, from `legal`. */
static void show_moves(player *p, const json_t *hand)
{
    json_t *legal = play_legal(p);
    char seen[64] = "";
    fprintf(p->out, "  You may play:");
    int any = 0;
    for (size_t i = 0; i < json_array_size(hand); i++) {
        const char *card = json_string_value(json_array_get(hand, i));
        if (strchr(seen, card[0]))
            continue;
        strncat(seen, card, sizeof seen - strlen(seen) - 1);
        char where[400] = "";
        size_t used = 0, n = 0;
        const char *how = NULL;
        size_t j;
        json_t *a;
        json_array_foreach(legal, j, a) {
            if (strcmp(json_string_value(json_object_get(a, "card")), card) != 0)
                continue;
            const char *type = json_string_value(json_object_get(a, "type"));
            if (strcmp(type, "play") != 0) {
                how = strcmp(type, "turn_in") == 0 ? "dead, turn it in" : "discard it";
                continue;
            }
            char name[8];
            square_name(json_object_get(a, "square"), name, sizeof name);
            if (used < sizeof where)
                used += (size_t)snprintf(where + used, sizeof where - used, " %s", name);
            n++;
        }
        if (!how && n == 0)
            continue;
        if (how)
            fprintf(p->out, "%s %s (%s)", any ? ";" : "", card, how);
        else if (n > 8)
            fprintf(p->out, "%s %s on any of %zu squares", any ? ";" : "", card, n);
        else
            fprintf(p->out, "%s %s on%s", any ? ";" : "", card, where);
        any = 1;
    }
    fprintf(p->out, "%s.\n", any ? "" : " nothing");
    json_decref(legal);
}

static void show(player *p)
{
    json_t *v = play_view(p);
    char turn[64];
    play_turn_text(v, turn, sizeof turn);
    fprintf(p->out, "  %s; %lld cards in the draw deck.\n", turn,
            (long long)json_integer_value(json_object_get(v, "deck_count")));
    show_board(p, v);
    show_colours(p, v);
    const json_t *discards = json_object_get(v, "discards");
    fprintf(p->out, "  Discard piles (top card):");
    for (int s = 0; s < p->players; s++) {
        const json_t *pile = json_array_get(discards, (size_t)s);
        size_t n = json_array_size(pile);
        fprintf(p->out, "%s %s %s", s ? "," : "", play_name(p, s),
                n ? json_string_value(json_array_get(pile, n - 1)) : "-");
    }
    fprintf(p->out, ".\n");
    char hand[200];
    const json_t *h = json_object_get(v, "hand");
    play_cards(h, hand, sizeof hand);
    if (h) /* not in a replay seen from above */
        fprintf(p->out, "  Your hand: %s\n", hand);
    if ((int)json_integer_value(json_object_get(v, "turn")) == p->human &&
        !p->g->is_over(ad_table_state(p->t)))
        show_moves(p, h);
    json_decref(v);
}

static void help(player *p)
{
    fprintf(p->out,
            "Squares are named by column a-h and row 1-6: c2 is the Kite (K).\n"
            "  K c2        play the card K on c2 (a letter covers one of its two squares)\n"
            "  K           the same, when K can go to one square only\n"
            "  Z c2        a Z covers any open square\n"
            "  X c2        an X removes an opponent's chip\n"
            "  turn in K   turn in a dead card (both its squares covered) for a new one, once "
            "a turn\n"
            "  discard K   when no card in your hand can be played\n"
            "  board       show the board again (Enter does too)\n"
            "  hint        where your cards can go, dead cards, and a suggested move with why\n"
            "  auto        let the computer choose this move for you; help; quit\n");
}

static int prompt(player *p, char *buf, size_t len)
{
    (void)p;
    snprintf(buf, len, "Your move (e.g. K c2, or help)> ");
    return 1;
}

/* The one legal action with this card, or NULL (none, or several: then
 * where lists their squares). */
static json_t *only_action(player *p, const char *card, size_t *count, char *where, size_t len)
{
    json_t *legal = play_legal(p), *found = NULL;
    size_t i, used = 0;
    json_t *a;
    *count = 0;
    where[0] = 0;
    json_array_foreach(legal, i, a) {
        if (strcmp(json_string_value(json_object_get(a, "card")), card) != 0)
            continue;
        if (!found)
            found = a;
        (*count)++;
        char name[8] = "";
        if (json_object_get(a, "square"))
            square_name(json_object_get(a, "square"), name, sizeof name);
        if (used < len)
            used += (size_t)snprintf(where + used, len - used, "%s%s", used ? " or " : "", name);
    }
    if (found && *count == 1)
        json_incref(found);
    else
        found = NULL;
    json_decref(legal);
    return found;
}

static int holds(player *p, const char *card)
{
    json_t *v = play_view(p);
    int held = 0;
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(v, "hand"), i, c) held |= strcmp(json_string_value(c), card) == 0;
    json_decref(v);
    return held;
}

/* A card alone: its one legal action, or why not. */
static int card_alone(player *p, const char *card, json_t **action, char *why, size_t len)
{
    size_t n;
    char where[200];
    if (!holds(p, card)) {
        snprintf(why, len, "You hold no card %s.", card);
        return PLAY_BAD;
    }
    *action = only_action(p, card, &n, where, sizeof where);
    if (*action)
        return PLAY_ACT;
    if (n > 4)
        snprintf(why, len, "Say where: %s can go on %zu squares, e.g. \"%s c2\".", card, n, card);
    else if (n > 1)
        snprintf(why, len, "Say where: %s goes on %s, e.g. \"%s %.2s\".", card, where, card, where);
    else if (strcmp(card, "X") == 0)
        snprintf(why, len, "X removes an opponent's chip, and there is none on the board.");
    else
        snprintf(why, len, "%s is dead (both its squares are covered) and you have turned in a "
                           "card this turn already: play another.", card);
    return PLAY_BAD;
}

static int parse(player *p, const char *line, json_t **action, char *why, size_t len)
{
    char buf[128], *tok[4], *save = NULL;
    int n = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok_r(buf, " ,\t", &save); t && n < 4; t = strtok_r(NULL, " ,\t", &save))
        tok[n++] = t;
    if (n == 0 || (n == 1 && (strcmp(tok[0], "board") == 0 || strcmp(tok[0], "hand") == 0)))
        return PLAY_SHOW;
    const char *type = "play";
    if (strcmp(tok[0], "turn") == 0 || strcmp(tok[0], "discard") == 0) {
        type = tok[0][0] == 't' ? "turn_in" : "discard";
        int skip = tok[0][0] == 't' && n > 1 && strcmp(tok[1], "in") == 0 ? 2 : 1;
        if (n != skip + 1 || strlen(tok[skip]) != 1 || !isalpha((unsigned char)tok[skip][0])) {
            snprintf(why, len, "Name one card: \"%s K\".", type[0] == 't' ? "turn in" : "discard");
            return PLAY_BAD;
        }
        char card[2] = {(char)toupper((unsigned char)tok[skip][0]), 0};
        *action = json_pack("{s:s,s:s}", "type", type, "card", card);
        return PLAY_ACT;
    }
    /* a card, and perhaps a square, in either order */
    const char *card = NULL, *square = NULL;
    for (int i = 0; i < n; i++) {
        if (strlen(tok[i]) == 1 && isalpha((unsigned char)tok[i][0]) && !card)
            card = tok[i];
        else if (strlen(tok[i]) == 2 && !square)
            square = tok[i];
        else
            card = square = NULL, i = n;
    }
    if (!card || n > 2) {
        snprintf(why, len, "Type a card and a square, e.g. \"K c2\" (help lists the moves).");
        return PLAY_BAD;
    }
    char c[2] = {(char)toupper((unsigned char)card[0]), 0};
    if (!square)
        return card_alone(p, c, action, why, len);
    int r, col;
    if (!ad_seqboard_parse(square, &r, &col)) {
        snprintf(why, len, "\"%s\" is not a square: columns are a-h, rows 1-6, e.g. c2.", square);
        return PLAY_BAD;
    }
    *action = json_pack("{s:s,s:s,s:[i,i]}", "type", "play", "card", c, "square", r, col);
    return PLAY_ACT;
}

/* The engine names squares [row,column]; here they are "c2". */
static void explain(player *p, char *text, size_t len)
{
    (void)p;
    ad_seqboard_rewrite(text, len);
}

static void result(player *p)
{
    json_t *v = play_view(p);
    const json_t *w = json_object_get(v, "winner");
    fputc('\n', p->out);
    show_board(p, v);
    if (json_is_integer(w)) {
        int s = (int)json_integer_value(w);
        fprintf(p->out, "%s %s the game!\n", play_name(p, s), s == p->human ? "win" : "wins");
    } else if (json_array_size(w) == 2) {
        int a = (int)json_integer_value(json_array_get(w, 0));
        int b = (int)json_integer_value(json_array_get(w, 1));
        if (b == p->human)
            b = a, a = p->human;
        fprintf(p->out, "%s and %s win the game!\n", play_name(p, a), play_name(p, b));
    } else {
        fprintf(p->out, "Nobody wins the game: it is drawn after %lld turns.\n",
                (long long)json_integer_value(json_object_get(v, "turns")));
    }
    const json_t *line = json_object_get(v, "line");
    if (line) {
        fprintf(p->out, "  The line:");
        for (size_t i = 0; i < json_array_size(line); i++) {
            char name[8];
            square_name(json_array_get(line, i), name, sizeof name);
            fprintf(p->out, " %s", name);
        }
        fprintf(p->out, ".\n");
    }
    json_decref(v);
}

const play_rules play_sequence = {
    .family = "sequence",
    .show = show,
    .help = help,
    .prompt = prompt,
    .parse = parse,
    .explain = explain,
    .result = result,
};
