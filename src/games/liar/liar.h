/*
 * liar.h - Liar (Verba Volant, Scripta Manent): one hand of letter cards
 * passes to the left with ever longer claimed words until someone says
 * "liar".  The state is flat (memcpy copies it); a view wipes the hand for
 * everyone but its holder, the draw pile's order, the faces in the discard
 * pile, the generator and what the other seats remember (below).
 */
#ifndef AD_GAMES_LIAR_H
#define AD_GAMES_LIAR_H

#include "alphadeck/alphadeck.h"
#include "alphadeck/lexicon.h"

#define LI_LETTERS 26
#define LI_CARDS 128     /* room for the 98-card deck */
#define LI_WORD_MAX 31   /* the longest word a player may announce */
#define LI_MAXP 6
#define LI_FRESH_MAX 4   /* the most letters a fresh hand's word may have */

enum { LI_ANNOUNCE = 0, LI_RESPOND = 1, LI_DISCARD = 2, LI_OVER = 3 };      /* phases */
enum { LI_A_ANNOUNCE = 1, LI_A_ACCEPT = 2, LI_A_LIAR = 3, LI_A_DISCARD = 4 }; /* actions */
enum {                                                                       /* events */
    LI_EV_ANNOUNCE = 1, /* seat announced word to other */
    LI_EV_ACCEPT,       /* seat accepted the hand */
    LI_EV_DISCARD,      /* seat discarded one card face down */
    LI_EV_DRAW,         /* seat drew value cards */
    LI_EV_LIAR,         /* seat called other a liar */
    LI_EV_REVEAL,       /* the hand was shown (faces in last.rev); value 1: it spells the word */
    LI_EV_SCORE,        /* seat scored value points */
    LI_EV_FRESH,        /* seat starts a fresh hand */
    LI_EV_RESHUFFLE,    /* the discards (value cards) became the draw pile */
    LI_EV_OVER,         /* seat won */
};

/* The words: the dictionary that judges, and the bots' words (common
 * family words, games/dict.h) grouped by length, for announcing at random;
 * a length with no common word has the family dictionary's words of that
 * length instead, so a bot can always say a word as long as the rules ask. */
typedef struct liar_words {
    const ad_lex *dict;               /* judges what is announced */
    const ad_lex *lex;                /* the bots' words: what they spell */
    int maxlen;                       /* the dictionary's longest word, at most LI_WORD_MAX */
    uint32_t count[LI_WORD_MAX + 1];  /* bots' words of each length */
    const char *base[LI_WORD_MAX + 1]; /* word i of length L: base[L] + i * L */
} liar_words;

typedef struct liar_state {
    const ad_deck *deck;
    const liar_words *words;
    uint8_t players, phase, holder, first;
    uint8_t full;                  /* the `words` option: 1 for the full dictionary */
    int8_t viewer, announcer, winner;
    uint8_t passes;                /* accepts since this hand was fresh */
    uint8_t hand[LI_LETTERS];      /* the one hand in play, held by holder */
    uint8_t hand_n;
    uint8_t pile[LI_CARDS];        /* the draw pile; its top is pile[pile_n-1] */
    uint8_t pile_n;
    uint8_t discard[LI_LETTERS];   /* face-down discards and shown hands */
    uint8_t discard_n;
    uint8_t total;
    char word[LI_WORD_MAX + 1];    /* the last word announced; "" on a fresh hand */
    uint8_t word_len;
    uint8_t word_min;              /* the fewest letters word could have had; 0 on a fresh hand */
    int8_t draw[LI_MAXP];          /* the last round of the draw for first player */
    int32_t score[LI_MAXP];
    int32_t target;
    struct {
        int8_t seat, other;
        uint8_t type, spelled, points, nrev;
        char word[LI_WORD_MAX + 1];
        uint8_t rev[LI_CARDS];     /* the hand shown when "liar" was called */
    } last;
    /* What each seat remembers, shown only in its own view: the hand as it
     * last held it since the hand was fresh (after its draw: what it passed
     * on), and the cards it discarded face down that are still in the
     * discards (none after a reshuffle). */
    uint8_t held[LI_MAXP][LI_LETTERS];
    int8_t held_at[LI_MAXP];           /* passes when it did; -1: not this hand */
    uint8_t gone[LI_MAXP][LI_LETTERS];
    /* Public history: the cards shown after "liar" that are still in the
     * discards, and per seat how many of its words were called and how many
     * of those its hand did not spell. */
    uint8_t turned_up[LI_LETTERS];
    uint16_t shown[LI_MAXP], lied[LI_MAXP];
    uint32_t moves;
    ad_rng rng;
} liar_state;

extern const ad_game ad_game_liar;

#endif
