/*
 * shout_cards.h - which of Shout's table cards spell a typed word: one
 * answer for every client (line mode, full screen), from the library's
 * own speller (ad_lex_spell), so a client never spells differently from
 * the judge.
 */
#ifndef AD_CLI_SHOUT_CARDS_H
#define AD_CLI_SHOUT_CARDS_H

#include <jansson.h>

/* The cards of table (the view's {"id","card"} objects) that spell word
 * (lowercase a-z), in word order, the way that uses the most cards (then
 * the fewest wilds): a double card such as TH as printed, a wild for one
 * letter.  Returns how many (their ids in ids, at most max), 0 when the
 * table cannot spell it (or it takes more than max cards). */
int shout_table_spell(const json_t *table, const char *word, int *ids, int max);

/* The claim seat would send for word (lowercase a-z) on the position of
 * view (a Shout view as JSON): {"type":"claim","cards":[ids],"word":...}.
 * NULL, with why in words, when the table cannot spell it or it takes
 * fewer cards than the seat's words need: such a word is never sent, so
 * nothing happens but the message (docs/play.md), in every client. */
json_t *shout_word_claim(const json_t *view, int seat, const char *word, char *why, size_t len);

#endif
