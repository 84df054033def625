/*
 * tui_sequence.c - Sequence Letters in the full-screen client: the board
 * drawn in colour with each square's letter and picture (from the board's
 * data file, through seqboard.h, with the pictures' emoji where the
 * terminal can show them), chips as coloured squares, a
 * cursor to pick a square, and the hand to pick a card from by number.
 */
#include <ctype.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "games/sequence/seqboard.h"
#include "tui_impl.h"

#define ROWS 6
#define COLS_B 8
#define CELL 9 /* a square's width on the screen */

/* The board's letter and picture at square q (0..47, row by row); a
 * blank board when its data is missing. */
static char letter_at(int q)
{
    const seqboard *b = ad_seqboard_get();
    return b ? b->letter[q / COLS_B][q % COLS_B][0] : ' ';
}

static const char *picture_at(int q)
{
    const seqboard *b = ad_seqboard_get();
    return b ? b->picture[q / COLS_B][q % COLS_B] : "";
}

/* The picture's emoji when the terminal can show it: a UTF-8 locale, and
 * one character two columns wide (as the board's layout counts it); else
 * NULL, and the picture goes by its name alone. */
static const char *emoji_at(int q)
{
    const seqboard *b = ad_seqboard_get();
    const char *e = b ? b->emoji[q / COLS_B][q % COLS_B] : "";
    wchar_t w[2];
    if (!*e || strcmp(nl_langinfo(CODESET), "UTF-8") != 0 || mbstowcs(w, e, 2) != 1 ||
        wcwidth(w[0]) != 2)
        return NULL;
    return e;
}

static int chip_pair(const char *colour)
{
    return strcmp(colour, "red") == 0    ? C_CHIP_RED
           : strcmp(colour, "blue") == 0 ? C_CHIP_BLUE
                                         : C_CHIP_YELLOW;
}

/* The colour of a letter on the board and its cards (orange, purple,
 * green, pink by its place in the alphabet); X and Z none. */
static int letter_pair(char letter)
{
    return letter == 'X' || letter == 'Z' ? 0 : tui_letter_colour(letter);
}

static const char *square_colour(const json_t *v, int q)
{
    const json_t *row = json_array_get(json_object_get(v, "board"), (size_t)(q / COLS_B));
    return json_string_value(json_array_get(row, (size_t)(q % COLS_B)));
}

static int in_line(const json_t *v, int q)
{
    const json_t *line = json_object_get(v, "line");
    for (size_t i = 0; i < json_array_size(line); i++) {
        const json_t *sq = json_array_get(line, i);
        int r = (int)json_integer_value(json_array_get(sq, 0)),
            c = (int)json_integer_value(json_array_get(sq, 1));
        if ((r - 1) * COLS_B + c - 1 == q)
            return 1;
    }
    return 0;
}

static void draw_board(tui *t, const json_t *v, int y)
{
    for (int c = 0; c < COLS_B; c++) /* columns a-h, rows 1-6: "c2" as in line mode */
        mvprintw(y, 3 + c * CELL + 3, "%c", 'a' + c);
    for (int r = 0; r < ROWS; r++) {
        mvprintw(y + 1 + 2 * r, 0, "%d", r + 1);
        for (int c = 0; c < COLS_B; c++) {
            int q = r * COLS_B + c, x = 3 + c * CELL;
            const char *chip = square_colour(v, q);
            int here = q == t->square && t->confirming, pair = chip ? chip_pair(chip) : 0;
            char top[32], bottom[16];
            const char *emoji = emoji_at(q);
            if (emoji) /* the emoji takes two columns: eight in all, as without */
                snprintf(top, sizeof top, "%c %s%-4.4s", letter_at(q), emoji, picture_at(q));
            else
                snprintf(top, sizeof top, "%c %-6.6s", letter_at(q), picture_at(q));
            snprintf(bottom, sizeof bottom, "%-8.8s",
                     chip ? (in_line(v, q) ? " *LINE* " : chip) : "");
            int attrs = here ? A_REVERSE | A_BOLD : 0;
            if (pair) {
                tui_put(y + 1 + 2 * r, x, pair, attrs, top);
                tui_put(y + 2 + 2 * r, x, pair, attrs | A_BOLD, bottom);
            } else {
                tui_put(y + 1 + 2 * r, x, letter_pair(letter_at(q)), attrs, top);
                tui_put(y + 2 + 2 * r, x, 0, attrs, here ? "  here  " : bottom);
            }
        }
    }
}

static void draw_players(const tui *t, const json_t *v, int y)
{
    const json_t *colours = json_object_get(v, "colours"), *counts = json_object_get(v, "hand_counts");
    int turn = (int)tui_int(v, "turn"), x = 0;
    move(y, 0);
    for (int s = 0; s < t->players && x < COLS - 20; s++) {
        const char *colour = json_string_value(json_array_get(colours, (size_t)s));
        char cell[64];
        snprintf(cell, sizeof cell, "%s%s %ld", s == turn ? ">" : " ", ad_narrate_name(&t->nar, s),
                 (long)json_integer_value(json_array_get(counts, (size_t)s)));
        tui_put(y, x, colour ? chip_pair(colour) : 0, s == turn ? A_BOLD : 0, cell);
        x += (int)strlen(cell) + 2;
    }
    char rest[96];
    /* the turn being played, never past the limit: the game ends at it */
    long played = tui_int(v, "turns") + 1, most = tui_int(v, "max_turns");
    snprintf(rest, sizeof rest, "deck %ld   turn %ld of %ld", tui_int(v, "deck_count"),
             most > 0 && played > most ? most : played, most);
    tui_put(y, x + 1, C_DIM, 0, rest);
}

static void draw_hand(const tui *t, const json_t *v, int y)
{
    const json_t *hand = json_object_get(v, "hand");
    mvprintw(y, 0, "Your hand:");
    int x = 11;
    for (size_t k = 0; k < json_array_size(hand); k++) {
        const char *c = json_string_value(json_array_get(hand, k));
        char cell[32];
        snprintf(cell, sizeof cell, "%d:%.8s", (int)k + 1, c);
        tui_put(y, x, letter_pair(c[0]), (int)k == t->cursor ? A_REVERSE | A_BOLD : A_BOLD, cell);
        x += (int)strlen(cell) + 2;
    }
}

static void draw(tui *t, const json_t *v)
{
    draw_board(t, v, 1);
    draw_players(t, v, 14);
    tui_draw_log(t, 15, 0, LINES - 17, COLS);
    draw_hand(t, v, LINES - 2);
}

/* ---------------------------------------------------------- the human */

static const char *hand_card(const json_t *v, int k)
{
    return json_string_value(json_array_get(json_object_get(v, "hand"), (size_t)k));
}

/* The open squares of a letter, or -1s. */
static void squares_of(const json_t *v, char letter, int out[2])
{
    int n = 0;
    out[0] = out[1] = -1;
    for (int q = 0; q < ROWS * COLS_B && n < 2; q++)
        if (letter_at(q) == letter && !square_colour(v, q))
            out[n++] = q;
}

static void turn_help(tui *t, const json_t *v)
{
    if (t->cursor < 0) {
        snprintf(t->status, sizeof t->status,
                 "Your turn: 1-%zu picks a card, a: let the computer, ?: rules",
                 json_array_size(json_object_get(v, "hand")));
        return;
    }
    const char *c = hand_card(v, t->cursor);
    int sq[2];
    squares_of(v, c[0], sq);
    if (c[0] == 'X')
        snprintf(t->status, sizeof t->status,
                 "X removes a chip of another side: arrows to it, Enter. t: turn in, d: discard");
    else if (c[0] == 'Z')
        snprintf(t->status, sizeof t->status,
                 "Z covers any open square: arrows to it, Enter.  d: discard");
    else if (sq[0] < 0)
        snprintf(t->status, sizeof t->status,
                 "%s is dead (both squares covered): t turns it in for a new card, d discards it", c);
    else
        snprintf(t->status, sizeof t->status,
                 "%s: Enter plays it on the square shown%s, arrows: move, d: discard", c,
                 sq[1] >= 0 ? ", Tab: its other" : "");
}

/* Picks card k: the cursor goes to its first open square (a letter), the
 * nearest open square (Z), or an opposing chip (X). */
static void pick(tui *t, const json_t *v, int k)
{
    t->cursor = k;
    const char *c = hand_card(v, k);
    int sq[2];
    squares_of(v, c[0], sq);
    if (sq[0] >= 0)
        t->square = sq[0];
    turn_help(t, v);
}

static int human_turn(tui *t)
{
    json_t *v = tui_view(t);
    int n = (int)json_array_size(json_object_get(v, "hand"));
    t->cursor = -1;
    t->confirming = 1; /* the board's cursor shows */
    t->square = t->square >= 0 && t->square < ROWS * COLS_B ? t->square : 0;
    turn_help(t, v);
    int rc = 0;
    for (;;) {
        tui_draw(t);
        int k = tui_wait_key(t, tui_until_wake(t));
        if (k == ERR) /* the director's wake */
            break;
        ad_err e;
        if (k == 'q') {
            rc = -1;
            break;
        }
        if (k >= '1' && k < '1' + n) {
            pick(t, v, k - '1');
        } else if (k == 'a') {
            rc = tui_bot_act(t, t->ts->human);
            break;
        } else if (k == '\t' && t->cursor >= 0) {
            int sq[2];
            squares_of(v, hand_card(v, t->cursor)[0], sq);
            if (sq[1] >= 0)
                t->square = t->square == sq[0] ? sq[1] : sq[0];
        } else if (k == KEY_LEFT || k == KEY_RIGHT || k == KEY_UP || k == KEY_DOWN) {
            int r = t->square / COLS_B, c = t->square % COLS_B;
            r += k == KEY_DOWN ? 1 : k == KEY_UP ? -1 : 0;
            c += k == KEY_RIGHT ? 1 : k == KEY_LEFT ? -1 : 0;
            r = (r + ROWS) % ROWS;
            c = (c + COLS_B) % COLS_B;
            t->square = r * COLS_B + c;
        } else if ((k == 't' || k == 'd' || k == '\n' || k == '\r' || k == KEY_ENTER)) {
            if (t->cursor < 0) {
                snprintf(t->status, sizeof t->status, "Pick a card first: 1-%d.", n);
                continue;
            }
            const char *c = hand_card(v, t->cursor);
            json_t *a = k == 't'   ? json_pack("{s:s,s:s}", "type", "turn_in", "card", c)
                        : k == 'd' ? json_pack("{s:s,s:s}", "type", "discard", "card", c)
                                   : json_pack("{s:s,s:s,s:[i,i]}", "type", "play", "card", c,
                                               "square", t->square / COLS_B + 1,
                                               t->square % COLS_B + 1);
            if (tui_act_json(t, t->ts->human, a, &e) == 0) {
                if (k == 't' && !t->g->is_over(ad_table_state(t->ts->t))) {
                    /* turning in a dead card does not end the turn */
                    json_decref(v);
                    v = tui_view(t);
                    n = (int)json_array_size(json_object_get(v, "hand"));
                    t->cursor = -1;
                    turn_help(t, v);
                    continue;
                }
                break;
            }
            ad_seqboard_rewrite(e.text, sizeof e.text); /* squares as the board names them */
            if (isalpha((unsigned char)e.text[1])) /* a word, not a square like "c2" */
                e.text[0] = (char)toupper((unsigned char)e.text[0]);
            snprintf(t->status, sizeof t->status, "%s.", e.text);
        }
    }
    t->cursor = -1;
    t->confirming = 0;
    json_decref(v);
    return rc;
}

/* A hint on the person's turn: its suggested card picked and the cursor
 * on its square, so Enter plays what the coach suggests (t turns in the
 * dead card it names; d discards). */
static void hinted(tui *t, const json_t *hint)
{
    const json_t *move = json_object_get(hint, "move");
    if (!t->confirming || !move) /* not in the turn's keys (human_turn) */
        return;
    json_t *v = tui_view(t);
    const char *card = tui_str(move, "card");
    const json_t *sq = json_object_get(move, "square");
    int n = (int)json_array_size(json_object_get(v, "hand"));
    for (int k = 0; k < n; k++)
        if (strcmp(hand_card(v, k), card) == 0) {
            pick(t, v, k);
            break;
        }
    if (json_array_size(sq) == 2)
        t->square = (int)(json_integer_value(json_array_get(sq, 0)) - 1) * COLS_B +
                    (int)json_integer_value(json_array_get(sq, 1)) - 1;
    json_decref(v);
}

static const char *doing(tui *t, int seat)
{
    (void)t;
    (void)seat;
    return "is choosing a square";
}

const tui_kind tui_sequence = {
    .draw = draw, .step = human_turn, .doing = doing, .realtime = 0, .family = "sequence",
    .hinted = hinted};
