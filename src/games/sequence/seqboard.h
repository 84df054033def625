/*
 * seqboard.h - the Sequence Letters board as a client needs it: each
 * square's letter, picture and the picture's emoji, read once from the data compiled into the
 * library (data/boards/sequence.txt, sequence-emoji.txt), and the square names players type
 * and read: columns a-h from the left, rows 1-6 from the top ("c2" is
 * row 2, column 3: the Kite).
 */
#ifndef AD_CLI_SEQBOARD_H
#define AD_CLI_SEQBOARD_H

#include <stddef.h>

#define SEQB_ROWS 6
#define SEQB_COLS 8

typedef struct seqboard {
    char letter[SEQB_ROWS][SEQB_COLS][4];    /* "K" */
    char picture[SEQB_ROWS][SEQB_COLS][24];  /* "Kite" */
    char emoji[SEQB_ROWS][SEQB_COLS][8];     /* its emoji in UTF-8, or "" */
} seqboard;

/* The board, or NULL when the data is missing or damaged. */
const seqboard *ad_seqboard_get(void);

/* "c2" for row 2, column 3 (both from 1). */
void ad_seqboard_name(int row, int col, char *buf, size_t len);

/* Reads "c2" (or "C2"): returns 1 with row and column from 1, else 0. */
int ad_seqboard_parse(const char *s, int *row, int *col);

/* Rewrites the protocol's squares in text ("[2,3]", as the engine's
 * errors name them) as a person reads them ("c2"), in place. */
void ad_seqboard_rewrite(char *text, size_t len);

#endif
