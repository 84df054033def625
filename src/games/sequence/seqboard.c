/*
 * seqboard.c - the Sequence Letters board for clients (see seqboard.h),
 * made on first use, once (pthread_once: the server narrates replays on a
 * thread of their own, beside the loop's), from the board the rules parsed
 * (sequence.c's ad_sequence_board: the data is parsed in one place), plus
 * the pictures' emoji.  A board the rules could not read leaves this one
 * unloaded, so callers never draw half a board.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "seqboard.h"
#include "sequence.h"

_Static_assert(SEQB_ROWS == SQ_ROWS && SEQB_COLS == SQ_COLS, "one board, one shape");

static seqboard board;
static int loaded; /* 1 ok, -1 failed (once load_once ran) */
static pthread_once_t board_once = PTHREAD_ONCE_INIT;

/* Gives every square showing `picture` (len bytes) its emoji. */
static void set_emoji(const char *picture, size_t len, const char *emoji, size_t emoji_len)
{
    for (int r = 0; r < SEQB_ROWS; r++)
        for (int c = 0; c < SEQB_COLS; c++)
            if (strlen(board.picture[r][c]) == len &&
                strncmp(board.picture[r][c], picture, len) == 0)
                snprintf(board.emoji[r][c], sizeof board.emoji[0][0], "%.*s", (int)emoji_len,
                         emoji);
}

/* The emoji are a nicety: a missing or odd line only leaves one out.  A
 * line is "<emoji> <picture>". */
static void load_emoji(void)
{
    for (const char *p = ad_data_get("boards/sequence-emoji.txt"); p && *p;) {
        const char *eol = strchr(p, '\n'), *sp = strchr(p, ' ');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        if (*p != '#' && sp && sp < p + len && (size_t)(sp - p) < sizeof board.emoji[0][0])
            set_emoji(sp + 1, (size_t)(p + len - sp - 1), p, (size_t)(sp - p));
        p += eol ? len + 1 : len;
    }
}

static int load(void)
{
    const sq_board *b = ad_sequence_board();
    const ad_deck *d = ad_deck_get(ad_game_sequence.deck);
    if (!b || !d)
        return -1;
    for (int q = 0; q < SQ_SQUARES; q++) {
        int r = q / SQ_COLS, c = q % SQ_COLS;
        snprintf(board.letter[r][c], sizeof board.letter[0][0], "%.3s", d->kind[b->letter_of[q]]);
        snprintf(board.picture[r][c], sizeof board.picture[0][0], "%.23s", b->picture[q]);
    }
    load_emoji();
    return 1;
}

static void load_once(void)
{
    loaded = load();
}

const seqboard *ad_seqboard_get(void)
{
    pthread_once(&board_once, load_once);
    return loaded > 0 ? &board : NULL;
}

void ad_seqboard_name(int row, int col, char *buf, size_t len)
{
    if (row >= 1 && row <= SEQB_ROWS && col >= 1 && col <= SEQB_COLS)
        snprintf(buf, len, "%c%d", 'a' + col - 1, row);
    else
        snprintf(buf, len, "?");
}

int ad_seqboard_parse(const char *s, int *row, int *col)
{
    char c = s[0] >= 'A' && s[0] <= 'Z' ? (char)(s[0] - 'A' + 'a') : s[0];
    if (c < 'a' || c >= 'a' + SEQB_COLS || s[1] < '1' || s[1] >= '1' + SEQB_ROWS || s[2])
        return 0;
    *col = c - 'a' + 1;
    *row = s[1] - '0';
    return 1;
}

void ad_seqboard_rewrite(char *text, size_t len)
{
    char out[512];
    size_t used = 0;
    for (const char *s = text; *s && used + 8 < sizeof out;) {
        int r, c, k = 0;
        if (*s == '[' && sscanf(s, "[%d,%d]%n", &r, &c, &k) == 2 && k > 0) {
            ad_seqboard_name(r, c, out + used, sizeof out - used);
            used += strlen(out + used);
            s += k;
        } else {
            out[used++] = *s++;
        }
    }
    out[used] = 0;
    snprintf(text, len, "%s", out);
}
