/*
 * claim.h - the claim-and-challenge engine behind No Way and I Doubt It.
 * One state, two presets (claim_rules).  The state is a flat struct: copy it
 * with memcpy; a view is the same struct with what the viewer cannot see
 * wiped to zero (hands of others, the pile's faces, a pending claim's faces,
 * the shuffle generator).
 */
#ifndef AD_GAMES_CLAIM_H
#define AD_GAMES_CLAIM_H

#include "alphadeck/alphadeck.h"

#define CC_KINDS 64   /* faces a row holds: doubt has 52; 64 keeps rows word-sized */
#define CC_MAXPLAY 16 /* most cards in one play (copies * decks) */

enum { CC_PLAY = 0, CC_CHALLENGE = 1, CC_OVER = 2 };               /* phases */
enum { CC_A_PLAY = 1, CC_A_PASS = 2, CC_A_CHALLENGE = 3 };         /* actions */
enum {                                                              /* events */
    CC_EV_PLAY = 1,   /* seat laid n cards face down, naming class `value` */
    CC_EV_NOPLAY,     /* seat passed its turn ("no sevens") */
    CC_EV_PASS,       /* seat let the pending play stand */
    CC_EV_STANDS,     /* everyone passed: the play stands */
    CC_EV_CHALLENGE,  /* seat challenged other's play */
    CC_EV_REVEAL,     /* cards turned up; value 1 if the claim was true */
    CC_EV_TAKE,       /* seat took `value` cards from the pile */
    CC_EV_WIN,        /* seat went out and won the deal */
    CC_EV_SCORE,      /* seat scored value points */
    CC_EV_DEAL,       /* a new deal; seat is the dealer */
    CC_EV_OVER,       /* the game is over; seat is the winner */
    CC_EV_TIME_UP,    /* max_turns reached: seat, with the fewest cards, wins the deal */
};

typedef struct claim_rules {
    const char *id;
    uint8_t say_free;     /* may name any class (No Way), or only the called one */
    uint8_t last_face_up; /* the last play is checked at once (No Way) */
    uint8_t draw_dealer;  /* draw for dealer, ace high (I Doubt It) */
    uint8_t pays_points;  /* the winner scores a point a card left (I Doubt It) */
} claim_rules;

typedef struct claim_state {
    const claim_rules *rules;
    const ad_deck *deck;
    uint8_t players, nkinds, nclasses, maxplay;
    uint8_t packs, allow_pass, total;
    int8_t viewer;          /* AD_GOD, or the seat this view belongs to */
    uint8_t phase, dealer, turn, call;
    uint8_t in_play[CC_KINDS];   /* copies of each face in this game */
    uint8_t class_of[CC_KINDS];
    uint32_t waiting;       /* challenge window: seats yet to answer */
    int8_t winner;          /* -1 while playing */
    uint32_t deal_no;       /* 1 for the first deal of a match (a match at target
                             * 100000 may run to many thousands of deals) */
    int32_t target;
    uint8_t hand[AD_MAX_SEATS][CC_KINDS];
    uint8_t count[AD_MAX_SEATS];
    uint8_t pile[CC_KINDS];
    uint8_t pile_n;
    /* the play under challenge, or the last one */
    int8_t claim_seat;
    uint8_t claim_n, claim_say, claim_call;
    uint8_t claim_cards[CC_MAXPLAY];
    /* the public outcome of the last accepted action */
    struct {
        int8_t seat;
        uint8_t type;      /* CC_A_* or 0 */
        uint8_t settled;   /* a challenge or a face-up check happened */
        uint8_t truthful;
        int8_t challenger; /* -1: face-up check */
        int8_t taker;
        uint8_t taken;
        uint8_t nrev;
        uint8_t rev[CC_MAXPLAY];
    } last;
    /* The public history, folded in as it happens (a bot's memory of the
     * table): known[p] are cards everyone saw go into p's hand (turned up,
     * then taken with the pile) and not yet seen to leave it; cleared on a
     * new deal.  A play is settled against it when the play is: during a
     * challenge window the claimer's row still holds the cards it had.
     * shown[p] counts p's plays that were turned up, lied[p] the false ones. */
    uint8_t known[AD_MAX_SEATS][CC_KINDS];
    uint16_t shown[AD_MAX_SEATS], lied[AD_MAX_SEATS];
    /* Private memory, what a player at a real table remembers of its own
     * plays: laid[p] are the cards p laid face down in plays that stood,
     * still unseen in the pile.  A seat's view keeps only its own row.  The
     * pile being taken (or a new deal) clears every row, so for each face
     * the rows together never hold more than the pile does. */
    uint8_t laid[AD_MAX_SEATS][CC_KINDS];
    uint8_t laid_n[AD_MAX_SEATS]; /* the cards in each row */
    int8_t draw[AD_MAX_SEATS]; /* doubt: the last round of the draw for dealer (a
                                  tie redraws); -1: not in that round, or no draw */
    int32_t score[AD_MAX_SEATS];
    uint8_t ranking[AD_MAX_SEATS];
    uint16_t max_turns;     /* 0: no limit */
    uint16_t turns;         /* turns begun in this deal */
    uint32_t moves;
    ad_rng rng;
} claim_state;

extern const ad_game ad_game_noway;
extern const ad_game ad_game_doubt;

/* The options, in the order of these indexes (claim_options.c). */
enum { NW_DECKS, NW_COPIES, NW_MAX_TURNS, NW_NOPT };
enum { DB_DECKS, DB_ALLOW_PASS, DB_TARGET, DB_MAX_TURNS, DB_NOPT };
extern const ad_option_def ad_claim_noway_options[NW_NOPT], ad_claim_doubt_options[DB_NOPT];
/* The two games' presets (claim_unit.c), and a claim game's preset (one
 * of the two above), or NULL. */
extern const claim_rules ad_claim_noway_rules, ad_claim_doubt_rules;
const claim_rules *ad_claim_rules_of(const ad_game *g);

#endif
