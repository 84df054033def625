/*
 * shout.h - Shout a Word: the dealer turns cards face up one at a time and
 * anyone may claim a word from the table cards at any moment.  Every card of
 * the game has an id (its index in the game's card list); the table is a
 * list of ids.  The state is flat; a view wipes only the deck's order and
 * the generator, as everything else in this game is face up.
 */
#ifndef AD_GAMES_SHOUT_H
#define AD_GAMES_SHOUT_H

#include "alphadeck/alphadeck.h"
#include "alphadeck/lexicon.h"

#define SH_CARDS 128 /* room for the 80-card deck */
#define SH_MAXP 8
#define SH_FACES 64

enum { SH_DEAL = 0, SH_FINAL = 1, SH_OVER = 2 };                    /* phases */
enum { SH_A_DEAL = 1, SH_A_CLAIM = 2, SH_A_PASS = 3 };              /* actions */
enum { SH_OK = 0, SH_TOO_FEW, SH_NOT_SPELLED, SH_NOT_A_WORD };      /* claim verdicts */
enum {                                                              /* events */
    SH_EV_DEAL = 1,   /* the dealer turned card id `value` face up */
    SH_EV_CLAIM,      /* seat claimed (cards and word in last); value: verdict */
    SH_EV_REWARD,     /* seat got a card from the deck after a failed claim */
    SH_EV_FINAL,      /* the deck is empty: the final window opens */
    SH_EV_PASS,       /* seat passed in the final window */
    SH_EV_ROUND,      /* round `value` ended; seat -1 */
    SH_EV_POINT,      /* seat won the round's point */
    SH_EV_NEW_ROUND,  /* seat deals round value */
    SH_EV_OVER,       /* the game is over */
};

typedef struct shout_state {
    const ad_deck *deck;
    const ad_lex *lex;
    uint8_t players, phase, dealer, round; /* round counts from 0 */
    int8_t viewer;
    uint8_t min_cards, handicap;
    uint8_t full;                /* the `words` option: 1 for the full dictionary */
    int32_t deal_ms, final_ms;   /* for a server's clock; the engine has none */
    uint8_t ncards;
    uint8_t face_of[SH_CARDS];   /* card id -> face (deck kind) */
    int8_t lexid_of[SH_FACES];   /* face -> the lexicon's card id */
    uint8_t pile[SH_CARDS];      /* this round's deck, top at pile[pile_n-1] */
    uint8_t pile_n;
    uint8_t table[SH_CARDS];     /* face-up card ids, in the order dealt */
    uint8_t table_n;
    uint8_t won[SH_MAXP];        /* cards won this round */
    uint16_t won_total[SH_MAXP]; /* cards won in the whole game */
    uint8_t need[SH_MAXP];       /* cards a word needs, per seat, this round */
    uint8_t round_winner[SH_MAXP]; /* 1 for the seats that won the last round */
    uint32_t passed;             /* final window: seats that passed */
    uint8_t left[SH_CARDS];      /* the table as the last round ended: cards nobody took */
    uint8_t left_n;
    int32_t score[SH_MAXP];      /* round points */
    struct {
        int8_t seat;
        uint8_t type, verdict, n;
        uint8_t cards[AD_ACTION_MAX_CARDS];
        char word[AD_WORD_MAX];
        uint8_t rewarded;        /* seats rewarded, as a bitmask */
    } last;
    uint32_t moves;
    ad_rng rng;
} shout_state;

extern const ad_game ad_game_shout;

#endif
