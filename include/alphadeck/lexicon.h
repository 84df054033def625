/*
 * lexicon.h - the dictionary of libalphadeck (docs/lexicon.md): a word list
 * in a compact index (a minimal DAWG), and queries that speak in cards: a
 * double card such as TH is one card used as printed, a wild (*) is any one
 * letter.  A loaded ad_lex is read-only, so threads may share one; the hot
 * queries (contains, spell, words, best) allocate nothing per call.
 */
#ifndef ALPHADECK_LEXICON_H
#define ALPHADECK_LEXICON_H

#include <stddef.h>
#include <stdint.h>

#include "alphadeck/alphadeck.h"

#ifdef __cplusplus
extern "C" {
#endif

#pragma GCC visibility push(default)

#define AD_LEX_WORD_MAX 64   /* a word has at most 63 letters, a-z only */
#define AD_LEX_CARD_MAX 64   /* card ids are below this */
#define AD_LEX_HAND_MAX 128  /* cards in one query */
#define AD_LEX_LINE_MAX 4096 /* a longer line means the file is no word list */

#define AD_LEX_DEFAULT_SIZE 70 /* SCOWL size of the default list */
#define AD_LEX_COMMON_SIZE 50  /* SCOWL size of the "common" list */

/* ------------------------------------------------------------------ cards */

/* Card ids: 0-25 are the letters a-z, AD_LEX_WILD is the wild, and the ids
 * after it are the multi-letter cards of the shout deck (data/decks/
 * shout.txt), in the deck's order.  The same ids in every process. */
#define AD_LEX_WILD 26

/* The number of card ids (27 plus the multi-letter cards). */
int ad_lex_card_count(void);
/* The id of the card called `name` ("t", "TH", "th", "*"; case-insensitive),
 * or -1 when there is no such card. */
int ad_lex_card(const char *name);
/* The card's name as printed ("T", "TH", "*"), or NULL for a bad id. */
const char *ad_lex_card_name(int id);
/* The letters the card spells ("t", "th"; "" for the wild), or NULL. */
const char *ad_lex_card_letters(int id);
/* Reads card names separated by spaces or commas ("th e n *") into cards;
 * returns how many, or -1 with err set (AD_E_BAD_CARD) for a card that does
 * not exist or more than max of them. */
int ad_lex_cards_parse(const char *text, uint8_t *cards, int max, ad_err *err);

/* ------------------------------------------------------------------- load */

typedef struct ad_lex ad_lex;

/* The SCOWL English and American word files up to size 70 (the default) or
 * 50 (common words, for bots that should play like people), lowercase a-z
 * only.  Maps the index built by `make` when it finds one, else builds the
 * index from /usr/share/dict/scowl (docs/lexicon.md, "Finding the index"). */
ad_lex *ad_lex_load_default(ad_err *err);
ad_lex *ad_lex_load_common(ad_err *err);

/* The folder to look in first for those indexes (scowl-70.idx,
 * scowl-50.idx), before $AD_LEXICON_DIR and the installed
 * ad_data_dir()/lexicon; NULL or "" forgets it.  Call it before the first
 * load (the word games load theirs once, on first use).  Returns -1 for a
 * path too long, else 0.  A missing folder is no error: it is passed over. */
int ad_lex_set_dir(const char *dir);

#define AD_LEX_BUILD 1 /* flag: never map an index file; build from the lists */
/* The SCOWL lists up to `size` (10, 20, 35, 40, 50, 55, 60, 70, 80 or 95). */
ad_lex *ad_lex_load_scowl(int size, int flags, ad_err *err);
/* A plain word list, one word a line.  Entries that are not lowercase a-z
 * (or longer than 63 letters) are skipped and counted (ad_lex_describe).
 * An empty, missing or binary file, a line of AD_LEX_LINE_MAX bytes or more,
 * or a list with no word at all is an error (AD_E_IO or AD_E_BAD_DICT). */
ad_lex *ad_lex_load_file(const char *path, ad_err *err);
/* The same from text in memory (len bytes; need not end in a NUL). */
ad_lex *ad_lex_load_text(const char *text, size_t len, ad_err *err);
/* Maps an index written by ad_lex_save, checking it whole (AD_E_BAD_DICT
 * when it is damaged or of another format version). */
ad_lex *ad_lex_load_index(const char *path, ad_err *err);
/* Writes lex's index to path (through a temporary file and a rename). */
int ad_lex_save(const ad_lex *lex, const char *path, ad_err *err);
/* Writes lex's letter table, which ad_lex_words searches, beside the
 * index file `index` (scowl-70.idx: scowl-70.tab), the same way; a
 * mapped index maps it on its first words query instead of making it. */
int ad_lex_save_table(const ad_lex *lex, const char *index, ad_err *err);
void ad_lex_free(ad_lex *lex);

typedef struct ad_lex_info {
    long words;        /* distinct words */
    long skipped;      /* list entries skipped: not lowercase a-z, or too long */
    long first_skipped; /* the line number of the first one skipped, 0 if none */
    long states;       /* DAWG states */
    long edges;        /* DAWG edges */
    size_t bytes;      /* size of the index: header and nodes */
    char source[160];  /* the lists or file the words came from */
    char index[256];   /* the index file mapped; "" when built at load */
} ad_lex_info;

void ad_lex_describe(const ad_lex *lex, ad_lex_info *out);

/* ---------------------------------------------------------------- queries */

/* 1 when word (lowercase a-z, NUL-terminated) is in the list, else 0. */
int ad_lex_contains(const ad_lex *lex, const char *word);

/* How cards spell a word: card[i] is the card for the i-th part of the word
 * (a letter, a double card's letters, or one letter for a wild), as[i] the
 * letter a wild stands for (0 for other cards). */
typedef struct ad_lex_spelling {
    int n;     /* cards used */
    int wilds; /* of which wilds */
    uint8_t card[AD_LEX_WORD_MAX];
    char as[AD_LEX_WORD_MAX];
} ad_lex_spelling;

/* Flags of ad_lex_spell.  Without any, the cards are a hand: any of them, in
 * any order. */
#define AD_LEX_ALL_CARDS 1 /* every card must be used (any order) */
#define AD_LEX_IN_ORDER 2  /* the cards are a claim, in word order, all used */

/* Whether the cards spell word, and how (out may be NULL).  Of all the ways,
 * out gets one with the most cards, and of those the fewest wilds.  Does not
 * look the word up: judge a claim with ad_lex_contains as well (and compare
 * out->n with the least number of cards the game asks for).  Returns 1 or 0,
 * or -1 with err set for a word that is not lowercase a-z (AD_E_BAD_WORD), a
 * bad card id or too many cards (AD_E_BAD_CARD). */
int ad_lex_spell(const char *word, const uint8_t *cards, int n, int flags, ad_lex_spelling *out,
                 ad_err *err);

/* A word found from cards, with the way of spelling it that uses the most
 * cards (then the fewest wilds). */
typedef struct ad_lex_found {
    char word[AD_LEX_WORD_MAX];
    ad_lex_spelling how;
} ad_lex_found;

/* A reusable list of found words.  It grows when it must and keeps its
 * memory, so a program that reuses one allocates nothing once it is warm. */
typedef struct ad_lex_results ad_lex_results;
ad_lex_results *ad_lex_results_new(void);
void ad_lex_results_free(ad_lex_results *r);
int ad_lex_results_count(const ad_lex_results *r);
/* The i-th word, or NULL.  Valid until the next ad_lex_words on r, and
 * while the lexicon it came from is loaded (most words are read from
 * its table, not copied). */
const char *ad_lex_results_word(const ad_lex_results *r, int i);
/* The i-th word with its spelling, into out; -1 when there is no i-th. */
int ad_lex_results_get(const ad_lex_results *r, int i, ad_lex_found *out);
typedef enum ad_lex_order {
    AD_LEX_ALPHABETICAL,
    AD_LEX_LONGEST_FIRST /* then alphabetical */
} ad_lex_order;
void ad_lex_results_sort(ad_lex_results *r, ad_lex_order order);

/* Every word in lex that some of the cards spell using at least min_cards
 * cards (cards, not letters), one entry per word, into out (emptied first),
 * in the order a depth-first walk first meets them (docs/lexicon.md; bots
 * break ties by it, so it does not change).  Returns the number of words or
 * -1 with err set (a bad card id or more than AD_LEX_HAND_MAX cards:
 * AD_E_BAD_CARD; out of memory: AD_E_INTERNAL). */
int ad_lex_words(const ad_lex *lex, const uint8_t *cards, int n, int min_cards,
                 ad_lex_results *out, ad_err *err);

/* Calls fn for every word of lex, in alphabetical order (word is
 * NUL-terminated, len its letters).  fn returning nonzero stops the walk
 * and ad_lex_each returns that value; else it returns 0. */
typedef int (*ad_lex_each_fn)(const char *word, int len, void *ctx);
int ad_lex_each(const ad_lex *lex, ad_lex_each_fn fn, void *ctx);

/* A score for ad_lex_best: higher is better. */
typedef long (*ad_lex_score_fn)(const char *word, const ad_lex_spelling *how, void *ctx);
/* Two ready-made scores: letters in the word; cards used. */
long ad_lex_score_longest(const char *word, const ad_lex_spelling *how, void *ctx);
long ad_lex_score_cards(const char *word, const ad_lex_spelling *how, void *ctx);

/* The best word the cards spell with at least min_cards cards, by score
 * (NULL: ad_lex_score_longest).  Every spelling of every word is offered to
 * score, except those where a wild stands for a letter while a card of that
 * letter is left unused.  Ties go to more cards, then fewer wilds, then
 * the word first in alphabetical order.  Returns 1 with out filled, 0 when
 * the cards spell no word, -1 with err set as ad_lex_words. */
int ad_lex_best(const ad_lex *lex, const uint8_t *cards, int n, int min_cards,
                ad_lex_score_fn score, void *ctx, ad_lex_found *out, ad_err *err);

/* ad_lex_words tests every word of its table against the hand with the
 * best instructions the processor has: "avx512", else "avx2", else
 * "popcnt", else "plain" C; every way finds the same words in the same
 * order.  ad_lex_use_scan makes every query of this process from now on
 * take the way named, or the best again with "best": to measure a slower
 * way on a processor that has a faster one (`alphadeck bench --words
 * --scan avx2`).  Returns 0, or -1 with err set (AD_E_BAD_OPTION) for a
 * name it does not know or a way this processor cannot run, changing
 * nothing.  Call it while no other thread is in a query (as setlocale):
 * a query reads the way at several steps.  ad_lex_scan_name: the way the
 * queries take now. */
int ad_lex_use_scan(const char *way, ad_err *err);
const char *ad_lex_scan_name(void);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
