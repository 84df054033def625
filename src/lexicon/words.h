/*
 * words.h - inside ad_lex_words: the result list, the hand as the search
 * sees it, and the parts in words.c (the pass over the table), scan.c
 * (the signature test) and multi.c (words that need multi-letter cards).
 */
#ifndef AD_LEX_WORDS_H
#define AD_LEX_WORDS_H

#include <string.h>

#include "lex.h"

/* A found word.  A word of single cards only (cards 0) is the table's
 * word number `at`, and keeps no cards: they are each letter's own card
 * while one is left, else a wild (ad_lex_results_get).  So is a word with
 * one multi-letter card (cards: that card's id, past AD_LEX_WILD; n: its
 * place, not the number of cards).  A word of more multi-letter cards
 * (cards LEX_REC_PLACES) keeps in the pool at `at` its table word number
 * (4 bytes), then how many cards its spelling has past the single ones
 * and each one's place and id, then the same for the way that is its
 * place in the walk order, with each card's index in the hand.  Another
 * (cards 1) sits in the pool at `at`, NUL-terminated, then its cards (and
 * then its walk-order key). */
#define LEX_REC_PLACES 2
typedef struct lex_rec {
    uint32_t at;
    uint8_t len, n, wilds;
    uint8_t cards;
} lex_rec;

/* A word that needs a multi-letter card, waiting to be merged in: its
 * place in the walk order is its key (the walk's choices: a letter c is
 * c + 1, the i-th multi-letter card of the hand 27 + i; kept in the pool
 * after its cards, or made again for a table word), which puts it after
 * the first `after` table words (multi.c says why); `order` is after,
 * then the place and the hand's index of its first multi-letter card. */
typedef struct lex_mrec {
    uint64_t order;
    lex_rec rec;
    uint32_t after;
    uint32_t rank; /* its place among the words of its order (multi.c),
                      or LEX_KEY_CARDS: its key says */
} lex_mrec;

#define LEX_KEY_CARDS 0xffffffffu

/* Among the waiting words of one order (the same letters before the same
 * first card), one whose key is letters after that card goes in table
 * order: its rank is twice its table word number i.  One whose key has
 * another card after `at` letters goes after every table word that shares
 * those letters (they have a letter there, or end): before the first
 * that does not, `after` (ad_lex_sigs_after), so its rank is 2 after - 1
 * (i is then after - 1, odd 1).  Two of those of the same rank share those
 * letters and the same `at`: their keys decide. */
static inline uint32_t lex_rank(long i, int odd)
{
    return i < 0x7fffffff ? (uint32_t)(2 * i + odd) : LEX_KEY_CARDS;
}

#define LEX_REC_ROOM (3 * AD_LEX_WORD_MAX + 24) /* the most pool one record takes */

#define LEX_BLOCK 4096 /* words scanned at a time */

/* An other place the lists' scan keeps: its info, signature and other
 * places (lex_lists), so that its word is sifted without a read at a
 * random place of the table. */
typedef struct lex_list_kept {
    uint64_t info, sig, other;
} lex_list_kept;

/* Every array grows when it must and is kept, so a warm list allocates
 * nothing. */
struct ad_lex_results {
    lex_rec *e, *tmp;              /* the list; room to merge */
    lex_mrec *m;                   /* words waiting to be merged */
    lex_mrec *heap;                /* those waiting for their rank (multi.c) */
    int nheap, hcap;
    uint64_t *key, *ktmp;          /* their orders sorted; room to sort */
    int n, nm;
    int ecap, tcap, mcap, kcap, ktcap; /* of e, tmp, m, key and ktmp */
    char *pool;
    size_t used, pcap;
    uint64_t cand[LEX_BLOCK + 8];  /* the words of a block the scan kept */
    uint64_t *maybe;               /* those that may need a multi-letter card */
    int nmaybe, maycap;
    uint64_t *forder, *frec;       /* what ad_lex_fits made of them */
    uint32_t *fafter;
    int focap, frcap, facap;
    /* the lists' way (lex_lists): the places each kept, of the words of
     * one place (simple) and of others (other, card after card: loseg
     * says where each card's start); those the others' sift keeps; the
     * waiting words of the simple ones, card after card
     * (lseg); room to merge them two at a time */
    uint64_t *lsimple, *cx;
    lex_list_kept *lother;
    int lscap, locap, cxcap;
    int loseg[AD_LEX_CARD_MAX + 1];
    int oseg[AD_LEX_CARD_MAX + 1]; /* where each card's start in r->m (other_words) */
    uint64_t *lk, *kall, *kall2;   /* the simple ones' keys (lex_key_simple), card after
                                      card (lseg); room to merge them */
    int lkcap, kallcap, kall2cap;
    int lseg[AD_LEX_CARD_MAX + 1];
    const lex_sigs *table;         /* of the last query: its words */
    int keyed;                     /* the waiting words' orders are whole keys (lex_key) */
    uint8_t hand[AD_LEX_CARD_MAX]; /* the cards of the query, by id */
};

#define LEX_SUBSETS 6 /* hands of up to so many multi-letter cards get sub[] */

typedef struct lex_hand {
    int min, wilds, nmulti;
    int most;                       /* the most copies of one single letter */
    int sifted;                     /* the scan sifts (ad_lex_scan_sifts) */
    uint8_t count[AD_LEX_CARD_MAX]; /* cards by id */
    uint8_t all[26];                /* letters, a multi-letter card's included */
    uint64_t sig, sig_all;          /* of count[0..26) and of all[] */
    uint32_t mfirst;                /* the first letters of the multi-letter cards */
    uint32_t mmask;                 /* their lex_multi_bit */
    uint32_t mbit[LEX_SUBSETS];     /* and each one's, in the hand's order */
    uint8_t slot[26];               /* c for their letters, else 26 (multi.c) */
    uint64_t sub[1 << LEX_SUBSETS]; /* signature of the single letters and the
                                       letters of each subset of them */
    uint8_t multi[AD_LEX_CARD_MAX]; /* their ids, in the order the hand holds them */
    uint8_t mindex[AD_LEX_CARD_MAX]; /* and back: the place in multi[] of an id */
    uint64_t one[AD_LEX_CARD_MAX];   /* by a multi-letter card's id: the signature
                                        of the single letters and its letters once */
    uint64_t two[LEX_SUBSETS][LEX_SUBSETS]; /* by two places in multi[]: the
                                               signature of the single letters and
                                               the letters of both cards once each */
    uint8_t set_lo[256], set_hi[256]; /* by the low and high byte of a word's multi
                                         bits: the set of the hand's cards they are
                                         (places in multi[], below LEX_SUBSETS), made
                                         when words.c sifts (sift_maybes) */
    uint64_t held;                   /* bit id: the hand holds multi-letter card id */
    uint64_t fitinfo[AD_LEX_CARD_MAX]; /* by such an id: its place in multi[], and its
                                          letters less one << 8 (ad_lex_fits) */
    uint8_t mlen[AD_LEX_CARD_MAX];
    char mletters[AD_LEX_CARD_MAX][8];
} lex_hand;

/* The words from..to-1 that pass the signature test of hand h (scan.c),
 * into out in order (out has room for 8 more than to - from), each as its
 * number | its len[] << 32 | the bits of its signature the single cards
 * lack << 40; returns how many. */
long ad_lex_scan(const lex_sigs *s, const lex_hand *h, long from, long to, uint64_t *out);

/* For a hand without multi-letter cards (nmulti 0): the records of the
 * words from..to-1 (at most LEX_BLOCK of them, from a multiple of 8 where
 * it can skip groups of 8) of at least h->min letters that pass the signature
 * test on the single cards (scan.c), into e in order (room for 8 more
 * than to - from), each as add_single (words.c) makes it with its lack
 * as its wilds; the places in e of those whose signatures are not exact
 * (their letters to be counted) into fix, *nfix of them.  cand: room for
 * the scan's kept words (ad_lex_scan), where a way needs it.  Returns how
 * many. */
long ad_lex_scan_singles(const lex_sigs *s, const lex_hand *h, long from, long to, lex_rec *e,
                         uint64_t *cand, uint32_t *fix, int *nfix);

/* Whether ad_lex_scan keeps, of the words the single cards and wilds do
 * not spell, only those that pass the sift of words.c (sift_maybes): the
 * AVX-512 way, on a processor with its bit shuffle, for a hand of 1 to 4
 * multi-letter cards (asked only where the lists are not: a table
 * without them, or the tests' ad_lex_use_lists(0)).  The sift is a
 * filter, not a test: what it lets through is worked out exactly
 * (multi.c), so the few words a scan takes one at a time at the end of
 * the table, unsifted, cost only time. */
int ad_lex_scan_sifts(const lex_hand *h);

/* The signature of the single letters and the letters of the hand's
 * multi-letter cards m0 and m1 (places in multi[]) once each (words.c). */
uint64_t ad_lex_sig_two(const lex_sigs *s, const lex_hand *h, int m0, int m1);

/* What the lists' scan tests (ad_lex_list_scan): the signatures of the
 * single cards with one card's letters (one), of the single cards
 * (single) and of the whole hand (all), and the bits of the hand's
 * multi-letter cards (held, lex_list_bit). */
typedef struct lex_list_test {
    uint64_t one, single, all;
    uint32_t held;
    int wilds;
} lex_list_test;

/* The places l[from..to) of one card of the hand, tested (scan.c): into
 * simple from *nsimple on, the infos (with the letters the word lacks on
 * the single cards and that card) of those of a word that no other
 * card of the hand has a place in, whose signature is exact, that the
 * single cards and wilds do not spell and that they spell with that card
 * at that place; into other from *nother on, those of a word where
 * another card of the hand has a place too, or whose signature is not
 * exact, and none before whose card the hand holds (a word's first such
 * place only), whose letters the whole hand holds with the wilds (each
 * card's letters loose).  Both counts moved on; both have room for 8
 * more than to - from. */
void ad_lex_list_scan(const lex_lists *l, long from, long to, const lex_list_test *t,
                      uint64_t *simple, long *nsimple, lex_list_kept *other, long *nother);
/* Whether the words of hand h's multi-letter cards are found in the
 * lists (the table has them: the caller's to see), not from the scan's
 * maybes: a hand of multi-letter cards, on every way, unless the tests
 * turned the lists off (ad_lex_use_lists). */
int ad_lex_scan_lists(const lex_hand *h);
/* Turns the lists' way off (0) or on, for the tests that hold both ways
 * equal. */
void ad_lex_use_lists(int on);

/* What taking a block's kept words needs of the hand (words.c). */
typedef struct lex_take {
    int min, wilds, lacks; /* lacks: whether a word may need a multi-letter card */
} lex_take;

/* The kept words cand[from..n) whose signatures are exact, taken 8 at a
 * time where the scan takes the AVX-512 way (4 at a time the AVX2 way;
 * scan.c): the records of
 * those of single cards into e from *ne on, the others of at least min
 * letters into maybe from *nmaybe on (when t->lacks), both counts moved
 * on; stops at the first 8 that hold a word whose signature is not exact,
 * or fewer than 8 left, and returns where (-1: not this way, all are the
 * caller's).  e and maybe have room for 8 more. */
long ad_lex_take8(const uint64_t *cand, long from, long n, const lex_take *t, lex_rec *e,
                  long *ne, uint64_t *maybe, long *nmaybe);

/* The scans there are: plain C, with the popcnt instruction, with AVX2,
 * with AVX-512.
 * ad_lex_scan_ways: those this build and processor can run (bit per way);
 * ad_lex_scan_use: every scan from now on takes that way (-1, or one the
 * processor cannot run: the best), for the tests that hold them equal. */
enum { LEX_SCAN_PLAIN, LEX_SCAN_POPCNT, LEX_SCAN_AVX2, LEX_SCAN_AVX512 };
int ad_lex_scan_ways(void);
void ad_lex_scan_use(int way);
/* Table word i (len letters, lacking `lack` on single cards), which may
 * need a multi-letter card, its signature exact: when the hand's
 * multi-letter cards fit it at no more than LEX_FITS places (kept in the
 * table), adds it to r->m if the hand spells it (a popcount for one
 * place, ad_lex_multi_ways for more), and returns 0; else 1, and it
 * takes ad_lex_multi_word.  r's pool has room for a record. */
int ad_lex_multi_fast(ad_lex_results *r, const lex_hand *h, const lex_sigs *s, long i, int len,
                      int lack);
/* Adds table word i (len letters, lacking `lack` letters on single cards)
 * to r->m when the hand spells it with a multi-letter card. */
void ad_lex_multi_word(ad_lex_results *r, const lex_hand *h, const lex_sigs *s, long i, int len,
                       int lack);
/* The order of a waiting word (lex_mrec) whose first multi-letter card
 * is the hand's m-th, after j0 letters, putting it after `after` table
 * words. */
static inline uint64_t ad_lex_multi_order(uint32_t after, int j0, int m)
{
    return (uint64_t)after << 12 | (uint64_t)(63 - j0) << 6 | (uint64_t)m;
}
/* The lists' way orders its waiting words by whole keys instead
 * (ad_lex_results.keyed): a word's key says where it goes in the walk
 * order among every other waiting word, so they need come in no order
 * and wait in no heap.  Its first card's order as above (after, where
 * it starts from the end, its index in the hand), then its rank (lex_rank:
 * 2 i for a word whose first way has one card, else 2 after - 1 for its
 * second card, from lex_sigs.occ) and that card's place from the end and
 * index in the hand (63 and 0 for none): after 19 bits, rank 20, each
 * place and index 6, 63 bits in all.  Two words of the same key (both of
 * two cards or more, the second at the same place) go by the rest of
 * their choices (multi.c).  Why this is the walk order: at each card
 * the same reasoning as for the first (multi.c), on the letters the two
 * words share up to there. */
static inline uint64_t lex_key(uint32_t after, int j0, int m0, uint32_t rank, int j1, int m1)
{
    return (uint64_t)after << 44 | (uint64_t)(63 - j0) << 38 | (uint64_t)m0 << 32 |
           (uint64_t)rank << 12 | (uint64_t)(63 - j1) << 6 | (uint64_t)m1;
}
/* The key of the word of a simple place of the lists (table word i, len
 * letters, lacking `lack` on the single cards and its card): a word of
 * one card's key (lex_key), whose low 12 bits its rank alone leaves
 * unread (two such words never share a rank; a word of two cards or more
 * has an odd one), so they hold its letters and lack; the rest of its
 * record (lex_rec) is in the key's fields (ad_lex_merge_lists). */
static inline uint64_t lex_key_simple(uint32_t after, int pos, int m, long i, int len, int lack)
{
    return lex_key(after, pos, m, (uint32_t)(2 * i), 63, 0) | (uint64_t)lack << 6 | (uint64_t)len;
}
/* The order of a waiting word of table word i whose first way has one
 * card (the hand's m-th, after j0 letters, putting it after `after` table
 * words): a key when r is keyed. */
static inline uint64_t lex_order_one(const ad_lex_results *r, uint32_t after, int j0, int m, long i)
{
    return r->keyed ? lex_key(after, j0, m, (uint32_t)(2 * i), 63, 0)
                    : ad_lex_multi_order(after, j0, m);
}
/* Adds a waiting word to r->m, in rank order: words come in table order,
 * so r->m is in rank order (lex_rank) if each word of an odd rank (whose
 * place is after table words still to come) waits in a heap until the
 * words of lesser ranks are in.  The sort by order keeps that order, and
 * leaves only the words without a rank to be put right.  lex_wait takes
 * the common case here; ad_lex_multi_wait_more the rest (multi.c). */
void ad_lex_multi_wait_more(ad_lex_results *r, const lex_mrec *m);
static inline void lex_wait(ad_lex_results *r, const lex_mrec *m)
{
    if (r->keyed || (!(m->rank & 1) && (!r->nheap || r->heap[0].rank >= m->rank)))
        r->m[r->nm++] = *m;
    else
        ad_lex_multi_wait_more(r, m);
}
/* A waiting word from its parts, written where it goes in r->m a field at
 * a time (lex_put), not made first and copied: such a record was built
 * on the stack and read back whole before its stores had landed, a stall
 * a word. */
static inline void lex_put(ad_lex_results *r, uint64_t order, uint32_t at, int len, int n,
                           int wilds, int cards, uint32_t after, uint32_t rank)
{
    lex_mrec *d = &r->m[r->nm++];
    d->order = order;
    d->rec.at = at;
    d->rec.len = (uint8_t)len;
    d->rec.n = (uint8_t)n;
    d->rec.wilds = (uint8_t)wilds;
    d->rec.cards = (uint8_t)cards;
    d->after = after;
    d->rank = rank;
}
/* lex_wait for a table word of one card, from its parts: put in place
 * when it waits in no heap (most). */
static inline void lex_wait_table_word(ad_lex_results *r, uint64_t order, long i, int len, int pos,
                                       int wilds, int id, uint32_t after)
{
    uint32_t rank = lex_rank(i, 0);
    if (!r->keyed && (rank == LEX_KEY_CARDS || (r->nheap && r->heap[0].rank < rank))) {
        lex_rec rec = {(uint32_t)i, (uint8_t)len, (uint8_t)pos, (uint8_t)wilds, (uint8_t)id};
        ad_lex_multi_wait_more(r, &(lex_mrec){order, rec, after, rank});
        return;
    }
    lex_put(r, order, (uint32_t)i, len, pos, wilds, id, after, rank);
}
/* ad_lex_fits' marks in after[k] (an index has fewer than 2^28 words): the
 * maybe is no word, or one the caller works out (ad_lex_multi_fast). */
#define LEX_FIT_NONE 0x40000000u
#define LEX_FIT_OTHER 0x80000000u
/* The maybes maybe[0..n) (of exact signature or not) whose one place a
 * card of the hand fits decided 8 at a time, where the scan takes the
 * AVX-512 way, the processor has VBMI and the hand at most 16
 * multi-letter cards (scan.c): for each maybe k, as ad_lex_multi_fast
 * would decide it, order[k], rec[k] (a lex_rec as 64 bits) and after[k]
 * of the waiting word it is, or after[k] marked LEX_FIT_NONE (no word of
 * the hand) or LEX_FIT_NONE | LEX_FIT_OTHER (a word the hand's cards fit
 * at several places, one of more than 2 places or of an inexact
 * signature: the caller's).  Returns how many it did, from the first (0:
 * not this way); order, rec and after have room for 8 more than n. */
long ad_lex_fits(const lex_sigs *s, const lex_hand *h, const uint64_t *maybe, long n,
                 uint64_t *order, uint64_t *rec, uint32_t *after);
/* lex_wait_table_word for a word ad_lex_fits decided. */
static inline void lex_wait_fit(ad_lex_results *r, uint64_t order, uint64_t rec, uint32_t after)
{
    uint32_t rank = lex_rank((long)(uint32_t)rec, 0);
    if (rank == LEX_KEY_CARDS || (r->nheap && r->heap[0].rank < rank)) {
        lex_mrec m = {order, {0, 0, 0, 0, 0}, after, rank};
        memcpy(&m.rec, &rec, sizeof m.rec);
        ad_lex_multi_wait_more(r, &m);
        return;
    }
    lex_mrec *d = &r->m[r->nm++];
    d->order = order;
    memcpy(&d->rec, &rec, sizeof d->rec);
    d->after = after;
    d->rank = rank;
}
/* Adds a waiting word of the pool: rec's len, n and wilds, its cards,
 * its key (nkey choices), and the rest of m. */
void ad_lex_multi_pool(ad_lex_results *r, const char *word, lex_rec rec, const uint8_t *card,
                       const uint8_t *key, int nkey, lex_mrec m);
/* The ways of table word i (len letters, lacking `lack` letters on single
 * cards, its signature exact) with the hand's multi-letter cards that fit
 * it at nfit places fit[] (2 to LEX_FITS, as lex_sigs.occ, in order):
 * adds it to r->m when it is a word of the hand (ways.c). */
#define LEX_FITS 6
void ad_lex_multi_ways(ad_lex_results *r, const lex_hand *h, const lex_sigs *s, long i, int len,
                       int lack, const uint64_t *fit, int nfit);
/* A stable radix sort of a[0..n) by the bits from..from + bits - 1 of
 * each, `w` bits a pass from the lowest (w at most 12; a pass where every
 * key has the same digit is skipped), into a or b; returns where they are
 * (multi.c).  None (n 0) leaves a as it is, even NULL. */
uint64_t *ad_lex_radix(uint64_t *a, uint64_t *b, int n, int from, int bits, int w);
/* Sorts r->m by key and merges it into r->e; -1 when out of memory. */
int ad_lex_merge_multi(ad_lex_results *r);
/* The lists' way: the keys r->lk of the words of simple places, card by
 * card (r->lseg[0..nseg]), each card's in walk order, and the waiting
 * words of r->m (others, card by card: r->oseg), merged in walk order
 * into r->e, multi[] the hand's multi-letter cards by their places in
 * it; -1 when out of memory. */
int ad_lex_merge_lists(ad_lex_results *r, int nseg, const uint8_t *multi);
/* Room in r->tmp for the merged list (`more` records past r->n and
 * r->nm) and LEX_RUN records more, and in key
 * and ktmp; r->e gets LEX_RUN records past its end past every table word
 * (words.c): the merge counts and copies the runs of single-card words
 * LEX_RUN at a time (multi.c). */
#define LEX_RUN 16
int ad_lex_room_to_merge(ad_lex_results *r, int more);

/* The table word number of a record that is not in the pool. */
static inline uint32_t lex_rec_table_word(const ad_lex_results *r, const lex_rec *e)
{
    uint32_t i = e->at;
    if (e->cards == LEX_REC_PLACES)
        memcpy(&i, r->pool + e->at, sizeof i);
    return i;
}

/* The word of record e. */
static inline const char *lex_rec_word(const ad_lex_results *r, const lex_rec *e)
{
    return e->cards == 1 ? r->pool + e->at : r->table->text + r->table->at[lex_rec_table_word(r, e)];
}

#endif
