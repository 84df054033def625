/*
 * sequence.h - Sequence Letters: a 6x8 board of letter pictures, a hand of
 * letter cards, chips placed by team colour; four in a row wins.  The state
 * is a flat struct (memcpy copies it); a view is the same struct with the
 * other hands, the draw pile's order and the generator wiped.
 */
#ifndef AD_GAMES_SEQUENCE_H
#define AD_GAMES_SEQUENCE_H

#include "alphadeck/alphadeck.h"

#define SQ_ROWS 6
#define SQ_COLS 8
#define SQ_SQUARES (SQ_ROWS * SQ_COLS)
#define SQ_KINDS 32  /* card faces a hand row holds (26 used) */
#define SQ_CARDS 64  /* most cards in one game (52 used) */
#define SQ_MAXP 4

enum { SQ_PLAY = 0, SQ_OVER = 1 };                                  /* phases */
enum { SQ_A_TURN_IN = 1, SQ_A_PLAY = 2, SQ_A_DISCARD = 3 };         /* actions */
enum {                                                              /* events */
    SQ_EV_TURN_IN = 1, /* seat turned in dead card cards[0] */
    SQ_EV_PLACE,       /* seat played cards[0] and covered square value */
    SQ_EV_REMOVE,      /* seat played X and removed the chip on square value */
    SQ_EV_DISCARD,     /* seat discarded cards[0] with no effect */
    SQ_EV_DRAW,        /* seat drew a card */
    SQ_EV_RESHUFFLE,   /* the discards (value cards) became the new draw deck */
    SQ_EV_SEQUENCE,    /* team `other` made a line: cards[] are its 4 squares */
    SQ_EV_DRAWN_GAME,  /* the turn limit ended the game: nobody wins */
};

/* The board and cards, from data/boards/sequence.txt and data/decks. */
typedef struct sq_board {
    int8_t letter_of[SQ_SQUARES];  /* the card face of each square */
    uint8_t squares_of[SQ_KINDS][2]; /* the two squares of each letter face */
    int8_t colour_of[SQ_KINDS];    /* index into colour_name, -1 for X and Z */
    char picture[SQ_SQUARES][24];
    char colour_name[4][8];
    char chip_name[3][8];
    int kind_x, kind_z;
} sq_board;

/* The board, parsed once from the data (pthread_once), for the rules and
 * for the clients' board (seqboard.c); NULL when the data is missing or
 * damaged. */
const sq_board *ad_sequence_board(void);

typedef struct seq_state {
    const ad_deck *deck;
    const sq_board *bd;
    uint8_t players, teams, hand_size;
    int8_t viewer;
    uint8_t phase, dealer, turn, turned_in;
    uint8_t board[SQ_SQUARES];       /* 0 empty, else team + 1 */
    uint8_t hand[SQ_MAXP][SQ_KINDS]; /* counts per face */
    uint8_t count[SQ_MAXP];
    uint8_t pile[SQ_CARDS];          /* the draw deck; the top is pile[pile_n-1] */
    uint8_t pile_n;
    uint8_t discard[SQ_MAXP][SQ_CARDS]; /* public, in order played */
    uint8_t discard_n[SQ_MAXP];
    uint8_t total;                   /* cards in this game */
    int8_t winner_team;              /* -1: none (yet, or a drawn game) */
    uint8_t line[4];                 /* the winning squares */
    uint16_t turns, max_turns;
    uint16_t reshuffles;
    struct {
        int8_t seat;
        uint8_t type, card, square; /* square: 0xff none */
    } last;
    uint32_t moves;
    ad_rng rng;
} seq_state;

/* Every legal action of seat (from a view or the state), in a fixed order,
 * into out (room for SQ_MAX_LEGAL); returns how many there are. */
#define SQ_MAX_LEGAL 256
int ad_seq_legal(const seq_state *s, int seat, ad_action *out);

extern const ad_game ad_game_sequence;

#endif
