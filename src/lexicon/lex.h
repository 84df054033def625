/*
 * lex.h - inside the lexicon: the index format and the card table.  The
 * index is a minimal DAWG in one array of 32-bit cells.  A state is a mask
 * of the letters that lead on (bits 0-25), then one cell per such letter,
 * in letter order: the state it leads to, and in bit 31 whether a word ends
 * there.  A state's id is its mask's index; state 0 has no way on.
 */
#ifndef AD_LEX_INTERNAL_H
#define AD_LEX_INTERNAL_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "alphadeck/lexicon.h"

#define LEX_MASK 0x3ffffffu
#define LEX_FINAL (1u << 31)
#define LEX_MAX_CELLS (1u << 28)

/* Bits set in x.  Written out because without -mpopcnt the builtin is a
 * library call, and this is on every step of every query. */
static inline uint32_t lex_bits(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* Whether x has at most w bits set: its lowest bit cleared w times, which
 * for the few wilds of a hand costs less than counting (the loop runs
 * the same times all query long); many wilds count. */
static inline int lex_at_most(uint64_t x, int w)
{
    if (w > 4)
        return (int)(lex_bits((uint32_t)x) + lex_bits((uint32_t)(x >> 32))) <= w;
    for (int k = 0; k < w; k++)
        x &= x - 1;
    return x == 0;
}

/* How many bits x has when they are at most w, else -1: counted as they
 * are cleared, in the same loop as lex_at_most's. */
static inline int lex_count_at_most(uint64_t x, int w)
{
    if (w > 4) {
        int n = (int)(lex_bits((uint32_t)x) + lex_bits((uint32_t)(x >> 32)));
        return n <= w ? n : -1;
    }
    int n = 0;
    for (int k = 0; k < w; k++) {
        n += x != 0;
        x &= x - 1;
    }
    return x == 0 ? n : -1;
}

static inline uint32_t lex_target(uint32_t e)
{
    return e & ~LEX_FINAL;
}

/* The cell of the edge for letter c (0-25) out of state s, or 0 (never an
 * edge's cell) when there is none. */
static inline uint32_t lex_edge(const uint32_t *cell, uint32_t s, unsigned c)
{
    uint32_t m = cell[s];
    if (!((m >> c) & 1))
        return 0;
    return s + 1 + lex_bits(m & ((1u << c) - 1));
}

/* The letter table of a lexicon (sigs.c): its words in alphabetical order,
 * each with a signature of its letter counts (sigs.c says how). */
#define LEX_SIGS_SLACK 16      /* zero bytes after the text: reads go 8 at a time */
#define LEX_SIGS_INEXACT 0x80u /* in len[i]: the signature is only a lower bound */

/* At least `bytes` bytes starting a cache line (the scans read 8
 * signatures, 64 bytes, at a time), freed by free(), or NULL. */
static inline void *lex_on_lines(size_t bytes)
{
    return aligned_alloc(64, (bytes + 63) / 64 * 64);
}

/* For each multi-letter card of the deck, every place of the table
 * where its letters stand (lists.c), in the order the walk meets those
 * words with that card first: by the table words before them (`after`,
 * as occ holds it), then by the place counted from the word's end, then
 * in table order.  Beside each place what the words query tests of it
 * without reading the table at a random place: the word's signature, the
 * cards of its other places, and whether that signature is exact; and
 * what it makes of a word it keeps. */
#define LEX_LIST_INEXACT 0x80000000ull /* in other[]: the signature is only a lower bound */
#define LEX_LIST_WORDS (1l << 18)      /* the most table words a table with lists has */
typedef struct lex_lists {
    uint32_t at[AD_LEX_CARD_MAX + 1]; /* card id's places: at[id] .. at[id + 1] */
    uint64_t *sig;   /* the word's signature */
    uint64_t *other; /* lex_list_bit of the card of each place of the word after
                        this one, | LEX_LIST_INEXACT, | those of the places before
                        it << 32 */
    uint64_t *info;  /* the table word, `after`, the place, the word's letters and
                        LEX_LIST_INEXACT << 32 (lex_list_*); the scan puts the
                        letters the word lacks in bits 48-55 of those it keeps */
} lex_lists;

static inline uint32_t lex_list_word(uint64_t info)
{
    return (uint32_t)info & (LEX_LIST_WORDS - 1);
}
static inline uint32_t lex_list_after(uint64_t info)
{
    return (uint32_t)(info >> 18) & (LEX_LIST_WORDS - 1);
}
static inline int lex_list_place(uint64_t info)
{
    return (int)(info >> 36) & 63;
}
static inline int lex_list_len(uint64_t info)
{
    return (int)(info >> 42) & 63;
}
static inline int lex_list_lack(uint64_t info)
{
    return (int)(info >> 48) & 0xff;
}

/* The lists of table s, made (NULL when out of memory, or when the table
 * or the deck's multi-letter cards do not fit their fields), and freed. */
struct lex_sigs;
lex_lists *ad_lex_lists_make(const struct lex_sigs *s);
void ad_lex_lists_free(lex_lists *l);

/* The bit of multi-letter card id in lex_lists.other (id past AD_LEX_WILD). */
static inline uint32_t lex_list_bit(int id)
{
    return 1u << (id - AD_LEX_WILD - 1);
}

typedef struct lex_sigs {
    long n;
    uint64_t *sig;
    uint32_t *at;   /* where each word starts in text */
    uint8_t *len;   /* letters, and LEX_SIGS_INEXACT */
    uint16_t *multi; /* the multi-letter cards in the word: lex_multi_bit */
    /* Every place where the letters of one of the deck's multi-letter
     * cards stand in a word: occ[occ_at[i] .. occ_at[i + 1]) for word i,
     * each LEX_OCC_AFTER | its place << 32 | the card's id << 40, where
     * LEX_OCC_AFTER is how many table words share no more than the word's
     * letters before that place (ad_lex_sigs_after). */
    uint32_t *occ_at;
    uint64_t *occ;
    long nocc;
    char *text;     /* the words, each NUL-terminated */
    size_t used;
    int8_t third[26]; /* the bit of "three or more" of each letter, or -1 */
    /* The bit of multi[] of each multi-letter card (by id; 0 for the
     * others): the LEX_MULTI_BITS - 1 cards most words hold have one each,
     * the rest share the last (which then means "maybe one of them"). */
    uint8_t multi_bit[AD_LEX_CARD_MAX];
    /* The first word whose first two letters are at or past k (a letter
     * 0-25 times 27, plus the second letter + 1, or 0 for none), k up to
     * 26 * 27: the words are in alphabetical order. */
    uint32_t start2[26 * 27 + 1];
    uint8_t *lcp; /* letters word i shares with word i + 1, at most 255 */
    lex_lists *lists; /* the places by card (lists.c), or NULL: the words query
                         then works out the words of multi-letter cards another way */
    /* Each 8 words' signatures ANDed (sig[8 b .. 8 b + 8), whole groups
     * only), made when the table is first needed, or NULL: a hand that
     * lacks more of those letters than its wilds spells none of the 8, so
     * the scan of single cards skips them (scan.c). */
    uint64_t *sum8;
    void *map;    /* the mapped file the parts lie in (sigs_file.c), or NULL */
    size_t map_len;
} lex_sigs;

struct ad_lex {
    const uint32_t *cell;
    uint32_t ncells, root;
    void *mem;       /* what to free or unmap */
    size_t mem_len;  /* nonzero when mem is a mapping */
    char key[32];    /* "scowl-70", or "" for other lists */
    ad_lex_info info;
    _Atomic(lex_sigs *) sigs; /* made on first need (sigs.c) */
};

/* The card alphabet, read once from the shout deck. */
typedef struct lex_cards {
    int n;                             /* ids 0..n-1 */
    char name[AD_LEX_CARD_MAX][8];     /* "A", "TH", "*" */
    char letters[AD_LEX_CARD_MAX][8];  /* "a", "th", "" */
    uint8_t len[AD_LEX_CARD_MAX];      /* letters in the card; 1 for the wild */
} lex_cards;

const lex_cards *ad_lex_cards_get(void);

/* Whether spelling a beats b: more cards, then fewer wilds. */
static inline int lex_better(const ad_lex_spelling *a, const ad_lex_spelling *b)
{
    return a->n > b->n || (a->n == b->n && a->wilds < b->wilds);
}

/* Checks cards[0..n) against the card table; -1 with err set when bad. */
int ad_lex_cards_check(const uint8_t *cards, int n, ad_err *err);

/* A sorted list of distinct words, each NUL-terminated (words point into
 * memory the caller owns). */
typedef struct lex_list {
    char **word;
    uint8_t *len;
    long n;
} lex_list;

/* Builds the DAWG of a sorted list into a new ad_lex (info partly filled). */
ad_lex *ad_lex_build(const lex_list *l, ad_err *err);

/* The text of the SCOWL lists up to size, concatenated (caller frees). */
char *ad_lex_scowl_text(int size, size_t *len, char *source, size_t srclen, ad_err *err);
/* A whole file, NUL-terminated (caller frees); at most 256 MB. */
char *ad_lex_read_file(const char *path, size_t *len, ad_err *err);
/* Splits text (modified in place) into a sorted list of distinct words;
 * counts what it skips in info.  Caller frees l->word and l->len. */
int ad_lex_list_from_text(char *text, size_t len, lex_list *l, ad_lex_info *info, ad_err *err);

#define LEX_MULTI_BITS 16 /* in lex_sigs.multi */

/* The bit of multi-letter card id in lex_sigs.multi. */
static inline uint32_t lex_multi_bit(const lex_sigs *s, int id)
{
    return 1u << s->multi_bit[id];
}

/* The letter table of lex, made on first call; NULL when out of memory. */
const lex_sigs *ad_lex_sigs_get(const ad_lex *lex);
void ad_lex_sigs_free(lex_sigs *s);
/* The table file of an index (sigs_file.c): its name beside the index
 * (-1 when too long), and the mapped table of lex when its index has a
 * sound one, else NULL. */
int ad_lex_tab_path(const char *index, char *out, size_t size);
lex_sigs *ad_lex_map_table(const ad_lex *lex);
/* The checksum of lex's cells, as an index file holds it. */
uint64_t ad_lex_cells_sum(const ad_lex *lex);

#define LEX_OCC_AFTER 0xffffffffu

/* The table words that come before a word that takes a multi-letter card
 * after its first j0 letters (word i; multi.c says why): those up to the
 * end of the run of words that share those letters. */
uint32_t ad_lex_sigs_after(const lex_sigs *s, long i, int j0);

/* The signature of letter counts count[26]. */
uint64_t ad_lex_sig_of(const lex_sigs *s, const uint8_t *count);

/* The index of SCOWL size `size` if one is found and sound, else NULL. */
ad_lex *ad_lex_find_index(int size);

/* A file written whole or not at all: ad_lex_file_open opens a temporary
 * beside path (its name in tmp, size bytes) to write; ad_lex_file_done
 * closes it and, if ok and the close went well, renames it to path, else
 * removes it.  Both set err and fail (NULL, -1) in words. */
FILE *ad_lex_file_open(const char *path, char *tmp, size_t size, ad_err *err);
int ad_lex_file_done(FILE *f, int ok, const char *tmp, const char *path, ad_err *err);

#endif
