/*
 * seqboard.c - the Sequence Letters board for clients (see seqboard.h).
 * The data file is parsed on first use, once (pthread_once: the server
 * narrates replays on a thread of their own, beside the loop's); a line
 * that does not fit leaves the whole board unloaded, so callers never draw
 * half a board.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "alphadeck/alphadeck.h"
#include "seqboard.h"

static seqboard board;
static int loaded; /* 1 ok, -1 failed (once load_once ran) */
static pthread_once_t board_once = PTHREAD_ONCE_INIT;

static int load(void)
{
    const char *p = ad_data_get("boards/sequence.txt");
    int squares = 0;
    if (!p)
        return -1;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[128], letter[8];
        int r, c, off = 0;
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
        p += eol ? len + 1 : len;
        if (sscanf(line, "square %d %d %7s %n", &r, &c, letter, &off) != 3 || off == 0)
            continue;
        if (r < 1 || r > SEQB_ROWS || c < 1 || c > SEQB_COLS)
            return -1;
        snprintf(board.letter[r - 1][c - 1], sizeof board.letter[0][0], "%.3s", letter);
        snprintf(board.picture[r - 1][c - 1], sizeof board.picture[0][0], "%.23s", line + off);
        squares++;
    }
    if (squares != SEQB_ROWS * SEQB_COLS)
        return -1;
    /* the emoji are a nicety: a missing or odd line only leaves one out */
    for (p = ad_data_get("boards/sequence-emoji.txt"); p && *p;) {
        const char *eol = strchr(p, '\n'), *sp = strchr(p, ' ');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        if (*p != '#' && sp && sp < p + len && (size_t)(sp - p) < sizeof board.emoji[0][0])
            for (int r = 0; r < SEQB_ROWS; r++)
                for (int c = 0; c < SEQB_COLS; c++)
                    if (strlen(board.picture[r][c]) == (size_t)(p + len - sp - 1) &&
                        strncmp(board.picture[r][c], sp + 1, (size_t)(p + len - sp - 1)) == 0)
                        snprintf(board.emoji[r][c], sizeof board.emoji[0][0], "%.*s",
                                 (int)(sp - p), p);
        p += eol ? len + 1 : len;
    }
    return 1;
}

static void load_once(void)
{
    loaded = load();
}

const seqboard *seqboard_get(void)
{
    pthread_once(&board_once, load_once);
    return loaded > 0 ? &board : NULL;
}

void seqboard_name(int row, int col, char *buf, size_t len)
{
    if (row >= 1 && row <= SEQB_ROWS && col >= 1 && col <= SEQB_COLS)
        snprintf(buf, len, "%c%d", 'a' + col - 1, row);
    else
        snprintf(buf, len, "?");
}

int seqboard_parse(const char *s, int *row, int *col)
{
    char c = s[0] >= 'A' && s[0] <= 'Z' ? (char)(s[0] - 'A' + 'a') : s[0];
    if (c < 'a' || c >= 'a' + SEQB_COLS || s[1] < '1' || s[1] >= '1' + SEQB_ROWS || s[2])
        return 0;
    *col = c - 'a' + 1;
    *row = s[1] - '0';
    return 1;
}

void seqboard_rewrite(char *text, size_t len)
{
    char out[512];
    size_t used = 0;
    for (const char *s = text; *s && used + 8 < sizeof out;) {
        int r, c, k = 0;
        if (*s == '[' && sscanf(s, "[%d,%d]%n", &r, &c, &k) == 2 && k > 0) {
            seqboard_name(r, c, out + used, sizeof out - used);
            used += strlen(out + used);
            s += k;
        } else {
            out[used++] = *s++;
        }
    }
    out[used] = 0;
    snprintf(text, len, "%s", out);
}
