/*
 * claim_options.c - No Way's and I Doubt It's options (claim.h gives their
 * indexes), each with its range, its default and its words: a player's, as
 * the table form and `alphadeck games` show them.
 */
#include "claim.h"

/* Players who remember every card turned up can lock a game for ever (two
 * No Way players each holding the letters only the other is called for
 * must bluff every turn and are always caught), so a deal ends after
 * max_turns turns: the fewest cards wins it (docs/rules). */
#define MAX_TURNS_OPTION                                                                      \
    {"max_turns", 0, 60000, 1000,                                                           \
     "after this many turns the deal stops and whoever holds the fewest cards wins it; "     \
     "0: no limit",                                                                          \
     "Longest deal, in turns"}

/* The words are a player's: the table form shows them (GET /api/games). */
const ad_option_def ad_claim_noway_options[NW_NOPT] = {
    {"decks", 0, 2, 0,
     "how many packs are shuffled together; 0 chooses for you: one pack for 2 to 4 players, "
     "two for 5 or 6",
     "Packs of cards"},
    {"copies", 0, 4, 0, "how many cards of each letter one pack holds; 0: the usual two",
     "Cards of each letter"},
    MAX_TURNS_OPTION,
};

const ad_option_def ad_claim_doubt_options[DB_NOPT] = {
    {"decks", 0, 2, 0,
     "how many packs are shuffled together; 0 chooses for you: one pack for 2 to 5 players, "
     "two for 6 to 10",
     "Packs of cards"},
    {"allow_pass", 0, 1, 0,
     "1: on your turn you may lay nothing down and say \"no sevens\" (or whatever is called); "
     "0: you always lay down a card",
     "Passing allowed"},
    {"target", 0, 100000, 0,
     "play deal after deal until someone has this many points (going out scores a point for "
     "each card left in the other hands); 0: one deal",
     "Points to win a match"},
    MAX_TURNS_OPTION,
};
