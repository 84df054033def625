/*
 * words.c - every word some cards spell (ad_lex_words), found in the letter
 * table (sigs.c) instead of by a walk of the DAWG.  One pass over the
 * signatures keeps the words whose letters the hand holds, counting a
 * multi-letter card's letters as loose letters and each wild as any one
 * letter; a popcount decides most words whole.  A word the single cards
 * and wilds spell needs nothing more: that way is the best (the most
 * cards; the wild rule leaves one such way) and comes first in the walk
 * order.  The rest, words that need a multi-letter card, are worked out
 * one by one (multi.c, ways.c) with the walk's own rules, block by block
 * while the block's entries are in the cache.  The list keeps the
 * order of the depth-first walk the library used to do (docs/lexicon.md;
 * bots break ties by it): the single-card words come in alphabetical
 * order, which is that walk's order for them, and the others are sorted
 * by their walk order and merged in.
 */
#include <stdlib.h>
#include <string.h>

#include "words.h"

ad_lex_results *ad_lex_results_new(void)
{
    return calloc(1, sizeof(ad_lex_results));
}

void ad_lex_results_free(ad_lex_results *r)
{
    if (!r)
        return;
    free(r->e);
    free(r->tmp);
    free(r->m);
    free(r->key);
    free(r->ktmp);
    free(r->heap);
    free(r->pool);
    free(r->maybe);
    free(r->forder);
    free(r->frec);
    free(r->fafter);
    free(r->lsimple);
    free(r->lother);
    free(r->cx);
    free(r->lk);
    free(r->kall);
    free(r->kall2);
    free(r);
}

int ad_lex_results_count(const ad_lex_results *r)
{
    return r->n;
}

const char *ad_lex_results_word(const ad_lex_results *r, int i)
{
    return i >= 0 && i < r->n ? lex_rec_word(r, &r->e[i]) : NULL;
}

/* The cards of a word whose multi-letter cards are at the given places
 * (npl pairs of place and id, in order): each letter's own card while one
 * is left, else a wild, as the walk goes; returns how many. */
static int cards_of(const ad_lex_results *r, const char *word, int len, const uint8_t *place,
                    int npl, uint8_t *card)
{
    const lex_cards *t = ad_lex_cards_get();
    uint8_t left[26];
    int n = 0;
    memcpy(left, r->hand, sizeof left);
    for (int p = 0; p < len;) {
        if (npl && p == place[0]) {
            card[n++] = place[1];
            p += t->len[place[1]];
            place += 2;
            npl--;
            continue;
        }
        int c = word[p++] - 'a';
        card[n++] = left[c] ? (uint8_t)c : AD_LEX_WILD;
        left[c] -= left[c] != 0;
    }
    return n;
}

/* The cards of record e, into card; returns how many. */
static int cards_of_rec(const ad_lex_results *r, const lex_rec *e, const char *word,
                        uint8_t *card)
{
    if (e->cards == 1) {
        memcpy(card, r->pool + e->at + e->len + 1, e->n);
        return e->n;
    }
    if (e->cards == LEX_REC_PLACES) {
        const uint8_t *p = (const uint8_t *)r->pool + e->at + 4;
        return cards_of(r, word, e->len, p + 1, p[0], card);
    }
    uint8_t one[2] = {e->n, e->cards};
    return cards_of(r, word, e->len, one, e->cards != 0, card);
}

int ad_lex_results_get(const ad_lex_results *r, int i, ad_lex_found *out)
{
    if (i < 0 || i >= r->n)
        return -1;
    const lex_rec *e = &r->e[i];
    const lex_cards *t = ad_lex_cards_get();
    memcpy(out->word, lex_rec_word(r, e), (size_t)e->len + 1);
    out->how.wilds = e->wilds;
    out->how.n = (uint8_t)cards_of_rec(r, e, out->word, out->how.card);
    for (int k = 0, pos = 0; k < out->how.n; k++) {
        int card = out->how.card[k];
        out->how.as[k] = card == AD_LEX_WILD ? out->word[pos] : 0;
        pos += t->len[card];
    }
    return 0;
}

static int by_word(const void *a, const void *b, void *r)
{
    return strcmp(lex_rec_word(r, a), lex_rec_word(r, b));
}

static int by_length(const void *a, const void *b, void *r)
{
    int la = ((const lex_rec *)a)->len, lb = ((const lex_rec *)b)->len;
    return la != lb ? lb - la : by_word(a, b, r);
}

void ad_lex_results_sort(ad_lex_results *r, ad_lex_order order)
{
    if (r->n > 1)
        qsort_r(r->e, (size_t)r->n, sizeof r->e[0],
                order == AD_LEX_LONGEST_FIRST ? by_length : by_word, r);
}

/* ------------------------------------------------------------------ room */

/* Room for need items of size bytes in *p (of *cap): doubled from 1024
 * when short, and kept. */
static int grow(void **p, int *cap, long need, size_t size)
{
    if (need <= *cap)
        return 0;
    long cap2 = *cap ? *cap : 1024;
    while (cap2 < need)
        cap2 *= 2;
    void *q = cap2 <= INT32_MAX ? realloc(*p, (size_t)cap2 * size) : NULL;
    if (!q)
        return -1;
    *p = q;
    *cap = (int)cap2;
    return 0;
}

/* Room for `more` records and maybes more. */
static int room(ad_lex_results *r, long more)
{
    return grow((void **)&r->e, &r->ecap, r->n + more, sizeof *r->e) < 0 ||
                   grow((void **)&r->maybe, &r->maycap, r->nmaybe + more, sizeof *r->maybe) < 0
               ? -1
               : 0;
}

int ad_lex_room_to_merge(ad_lex_results *r, int more)
{
    if (grow((void **)&r->e, &r->ecap, (long)r->n + LEX_RUN, sizeof *r->e) < 0)
        return -1;
    for (int k = 0; k < LEX_RUN; k++) /* past every word: the merge counts LEX_RUN at a time */
        r->e[r->n + k] = (lex_rec){UINT32_MAX, 0, 0, 0, 0};
    return grow((void **)&r->tmp, &r->tcap, (long)r->n + r->nm + more + LEX_RUN,
                sizeof *r->tmp) < 0 ||
                   grow((void **)&r->key, &r->kcap, r->nm, sizeof *r->key) < 0 ||
                   grow((void **)&r->ktmp, &r->ktcap, r->nm, sizeof *r->ktmp) < 0
               ? -1
               : 0;
}

/* Room in the pool for one more record of any kind. */
static int pool_room(ad_lex_results *r)
{
    if (r->used + LEX_REC_ROOM <= r->pcap)
        return 0;
    size_t cap = r->pcap ? r->pcap * 2 : 1 << 16;
    char *pool = cap <= UINT32_MAX ? realloc(r->pool, cap) : NULL;
    if (!pool)
        return -1;
    r->pool = pool;
    r->pcap = cap;
    return 0;
}

/* Table word i, which the single cards and wilds spell: its letters stay
 * in the table, and its cards are found again from the hand
 * (ad_lex_results_get). */
static inline void add_single(ad_lex_results *r, long i, int len, int wilds)
{
    r->e[r->n++] = (lex_rec){(uint32_t)i, (uint8_t)len, (uint8_t)len, (uint8_t)wilds, 0};
}

/* ------------------------------------------------------------------ hand */

/* The counts of the single cards with the letters of the hand's i-th
 * multi-letter card added times[i] times (each count at most 255), into
 * count: what the hand's signatures with some of those cards' letters
 * are made from. */
static void counts_plus(const lex_hand *h, const uint8_t *times, uint8_t *count)
{
    memcpy(count, h->count, 26);
    for (int i = 0; i < h->nmulti; i++)
        for (int k = 0; times[i] && k < h->mlen[i]; k++) {
            int c = h->mletters[i][k] - 'a';
            int sum = count[c] + times[i];
            count[c] = (uint8_t)(sum > 255 ? 255 : sum);
        }
}

/* The signature of those counts. */
static uint64_t sig_plus(const lex_sigs *s, const lex_hand *h, const uint8_t *times)
{
    uint8_t count[26];
    counts_plus(h, times, count);
    return ad_lex_sig_of(s, count);
}

/* The signature of the single letters with the letters of each subset of
 * the multi-letter cards (all copies of each). */
static void subsets(lex_hand *h, const lex_sigs *s)
{
    for (int set = 0; set < 1 << h->nmulti; set++) {
        uint8_t times[LEX_SUBSETS];
        for (int i = 0; i < h->nmulti; i++)
            times[i] = (set >> i) & 1 ? h->count[h->multi[i]] : 0;
        h->sub[set] = sig_plus(s, h, times);
    }
}

/* What the search needs of each multi-letter card of the hand: its bit,
 * its place in multi[], the signature with its letters once, and its
 * letters' slots (multi.c). */
static void each_multi(lex_hand *h, const lex_sigs *s)
{
    uint8_t times[AD_LEX_CARD_MAX] = {0};
    for (int c = 0; c < 26; c++)
        h->slot[c] = 26;
    for (int i = 0; i < h->nmulti; i++) {
        for (int k = 0; k < h->mlen[i]; k++)
            h->slot[h->mletters[i][k] - 'a'] = (uint8_t)(h->mletters[i][k] - 'a');
        times[i] = 1;
        h->one[h->multi[i]] = sig_plus(s, h, times);
        times[i] = 0;
        h->mindex[h->multi[i]] = (uint8_t)i;
        h->held |= 1ull << h->multi[i];
        h->fitinfo[h->multi[i]] = (uint64_t)i | (uint64_t)(h->mlen[i] - 1) << 8;
        h->mmask |= lex_multi_bit(s, h->multi[i]);
        if (i < LEX_SUBSETS)
            h->mbit[i] = lex_multi_bit(s, h->multi[i]);
    }
}

/* The signature of the single cards with the letters of the hand's
 * multi-letter cards m0 and m1 (places in multi[]) once each (m0 == m1:
 * that card's twice). */
static uint64_t sig_two(const lex_sigs *s, const lex_hand *h, int m0, int m1)
{
    uint8_t times[AD_LEX_CARD_MAX] = {0};
    times[m0]++;
    times[m1]++;
    return sig_plus(s, h, times);
}

uint64_t ad_lex_sig_two(const lex_sigs *s, const lex_hand *h, int m0, int m1)
{
    return m0 < LEX_SUBSETS && m1 < LEX_SUBSETS ? h->two[m0][m1] : sig_two(s, h, m0, m1);
}

/* The sets of the hand's multi-letter cards by the bytes of a word's
 * multi bits (lex_hand.set_lo, set_hi), each from the one with its lowest
 * bit cleared. */
static void set_tables(lex_hand *h)
{
    uint8_t one[16] = {0}; /* by bit: the cards with that bit */
    for (int k = 0; k < h->nmulti; k++)
        one[__builtin_ctz(h->mbit[k])] |= (uint8_t)(1u << k);
    h->set_lo[0] = h->set_hi[0] = 0;
    for (unsigned v = 1; v < 256; v++) {
        int low = __builtin_ctz(v);
        h->set_lo[v] = h->set_lo[v & (v - 1)] | one[low];
        h->set_hi[v] = h->set_hi[v & (v - 1)] | one[8 + low];
    }
}

/* Counts the hand: single letters, wilds, the multi-letter cards in the
 * order the hand first holds them, and the signatures. */
static void count_hand(lex_hand *h, const lex_sigs *s, const uint8_t *cards, int n, int min)
{
    const lex_cards *t = ad_lex_cards_get();
    uint8_t all[26];
    memset(h, 0, sizeof *h);
    h->min = min > 1 ? min : 1;
    for (int i = 0; i < n; i++) {
        int c = cards[i];
        if (c > AD_LEX_WILD && h->count[c] == 0) {
            h->multi[h->nmulti] = (uint8_t)c;
            h->mlen[h->nmulti] = t->len[c];
            memcpy(h->mletters[h->nmulti], t->letters[c], sizeof h->mletters[0]);
            h->mfirst |= 1u << (t->letters[c][0] - 'a');
            h->nmulti++;
        }
        h->count[c]++;
    }
    for (int c = 0; c < 26; c++)
        h->most = h->count[c] > h->most ? h->count[c] : h->most;
    h->wilds = h->count[AD_LEX_WILD];
    uint8_t copies[AD_LEX_CARD_MAX];
    for (int i = 0; i < h->nmulti; i++)
        copies[i] = h->count[h->multi[i]];
    counts_plus(h, copies, all);
    h->sig = ad_lex_sig_of(s, h->count);
    h->sig_all = ad_lex_sig_of(s, all);
    memcpy(h->all, all, sizeof all);
    each_multi(h, s);
    if (h->nmulti <= LEX_SUBSETS)
        subsets(h, s);
    for (int i = 0; i < h->nmulti && i < LEX_SUBSETS; i++)
        for (int j = i; j < h->nmulti && j < LEX_SUBSETS; j++)
            h->two[i][j] = h->two[j][i] = sig_two(s, h, i, j);
    h->sifted = ad_lex_scan_sifts(h);
}

/* The letters word needs beyond the hand's, counted (for a word whose
 * signature is not exact) in one pass: beyond all[] (each multi-letter
 * card's letters loose) as the return value, beyond the single cards'
 * count[] into *single. */
static int lacking(const char *word, int len, const uint8_t *all, const uint8_t *count,
                   int *single)
{
    uint8_t need[26] = {0};
    int lack = 0, lack1 = 0;
    for (int i = 0; i < len; i++) {
        int c = word[i] - 'a', k = ++need[c];
        lack += k > all[c];
        lack1 += k > count[c];
    }
    *single = lack1;
    return lack;
}

/* ------------------------------------------------------------------ words */

/* Whether a word the single cards do not spell may be spelled with the
 * multi-letter cards whose letters it holds: they must make up for what
 * the wilds cannot. */
static int may_need_multi(const lex_sigs *s, const lex_hand *h, long i)
{
    uint32_t in = s->multi[i] & h->mmask;
    if (!in)
        return 0;
    if (h->nmulti > LEX_SUBSETS || (s->len[i] & LEX_SIGS_INEXACT))
        return 1;
    int set = h->set_lo[in & 0xff] | h->set_hi[(in >> 8) & 0xff];
    return lex_at_most(s->sig[i] & ~h->sub[set], h->wilds);
}

/* One kept word (packed as ad_lex_scan says) whose signature is not
 * exact, first look: a word of single cards is listed; one that may need
 * a multi-letter card is returned (its lack made exact), with its entries
 * asked of memory for the second look; else 0.  (Exact words are taken
 * in scan_block, without a branch.) */
static uint64_t take(ad_lex_results *r, const lex_sigs *s, const lex_hand *h, uint64_t kept)
{
    long i = (long)(uint32_t)kept;
    int len = (int)(kept >> 32) & 0x7f, lack = (int)(kept >> 40);
    if (len < h->min)
        return 0;
    if ((kept >> 32) & LEX_SIGS_INEXACT) {
        const char *word = s->text + s->at[i];
        if (lacking(word, len, h->all, h->count, &lack) > h->wilds)
            return 0;
    }
    if (lack <= h->wilds) {
        add_single(r, i, len, lack);
        return 0;
    }
    if (!h->nmulti)
        return 0;
    __builtin_prefetch(&s->occ_at[i]);
    return (kept & ~(0xffull << 40)) | (uint64_t)lack << 40;
}

/* The second look at a word that may need a multi-letter card (multi.c),
 * its letters asked of memory 4 words ahead, so that the reads at random
 * places of the table overlap instead of waiting one by one.  Returns -1
 * when out of memory. */
static int take_multi(ad_lex_results *r, const lex_sigs *s, const lex_hand *h,
                      const uint64_t *maybe, long k, long n)
{
    if (k + 8 < n)
        __builtin_prefetch(s->occ + s->occ_at[(uint32_t)maybe[k + 8]]);
    long i = (long)(uint32_t)maybe[k];
    int len = (int)(maybe[k] >> 32) & 0x7f, lack = (int)(maybe[k] >> 40);
    if (pool_room(r) < 0)
        return -1;
    /* whether the signature is exact: from the maybe, not read again */
    if (((maybe[k] >> 32) & LEX_SIGS_INEXACT) || ad_lex_multi_fast(r, h, s, i, len, lack))
        ad_lex_multi_word(r, h, s, i, len, lack);
    return 0;
}

/* The maybes of a block worked out, in order: those of one place
 * several at a time (ad_lex_fits) where the processor can, the others
 * one by one.  Returns -1 when out of memory. */
static int take_multis(ad_lex_results *r, const lex_sigs *s, const lex_hand *h)
{
    long n = r->nmaybe, done = 0;
    if (grow((void **)&r->forder, &r->focap, n + 8, sizeof *r->forder) < 0 || /* 8 a step */
        grow((void **)&r->frec, &r->frcap, n + 8, sizeof *r->frec) < 0 ||
        grow((void **)&r->fafter, &r->facap, n + 8, sizeof *r->fafter) < 0)
        return -1;
    done = ad_lex_fits(s, h, r->maybe, n, r->forder, r->frec, r->fafter);
    for (long k = 0; k < done; k++) {
        uint32_t a = r->fafter[k];
        if (!(a & LEX_FIT_NONE))
            lex_wait_fit(r, r->forder[k], r->frec[k], a);
        else if ((a & LEX_FIT_OTHER) && take_multi(r, s, h, r->maybe, k, n) < 0)
            return -1;
    }
    /* the places of the first 8 too: take_multi asks 8 words ahead, so
     * a block's first 8 came cold (216 words of 1,270 a hand) */
    for (long k = done; k < done + 8 && k < n; k++)
        __builtin_prefetch(s->occ + s->occ_at[(uint32_t)r->maybe[k]]);
    for (long k = done; k < n; k++)
        if (take_multi(r, s, h, r->maybe, k, n) < 0)
            return -1;
    return 0;
}

/* The maybes the subset test (may_need_multi) lets through, kept in
 * place; where their places start is asked of memory meanwhile. */
static long sift_maybes(ad_lex_results *r, const lex_sigs *s, const lex_hand *h)
{
    long kept = 0;
    for (long k = 0; k < r->nmaybe; k++) {
        uint32_t i = (uint32_t)r->maybe[k];
        __builtin_prefetch(s->occ_at + i);
        r->maybe[kept] = r->maybe[k];
        kept += may_need_multi(s, h, i);
    }
    return kept;
}

/* The words of one block of the table: those of single cards listed,
 * those that may need a multi-letter card kept for later. */
/* The kept words of a block: those of single cards listed, those that
 * may need a multi-letter card into r->maybe (room made for both). */
static void take_block(ad_lex_results *r, const lex_sigs *s, const lex_hand *h, long kept)
{
    lex_rec *e = r->e;
    uint64_t *maybe = r->maybe;
    long n = r->n, nmaybe = r->nmaybe, lacks = h->nmulti != 0; /* may a word need them */
    int min = h->min, wilds = h->wilds; /* in registers: the stores could alias *h */
    lex_take t = {min, wilds, (int)lacks};
    for (long k = 0, end = 0; k < kept; k++) {
        if (k == end) { /* 8 at a time where it can, else one by one to the next 8 */
            long n8 = n, m8 = nmaybe; /* n's own address never taken: it stays in a register */
            long at = ad_lex_take8(r->cand, k, kept, &t, e, &n8, maybe, &m8);
            n = n8;
            nmaybe = m8;
            k = at < 0 ? k : at;
            end = at < 0 ? kept : at + 8;
            if (k >= kept)
                break;
        }
        uint64_t c = r->cand[k];
        if ((c >> 32) & LEX_SIGS_INEXACT) { /* few: the letters counted */
            r->n = (int)n;
            uint64_t m = take(r, s, h, c);
            n = r->n;
            if (m)
                maybe[nmaybe++] = m;
            continue;
        }
        /* without a branch a word: which are single-card words is data */
        int len = (int)(c >> 32) & 0x7f, lack = (int)(c >> 40);
        int ok = len >= min, single = ok & (lack <= wilds);
        e[n] = (lex_rec){(uint32_t)c, (uint8_t)len, (uint8_t)len, (uint8_t)lack, 0};
        n += single;
        maybe[nmaybe] = c;
        nmaybe += ok & !single & lacks;
    }
    r->n = (int)n;
    r->nmaybe = (int)nmaybe;
}

static int scan_block(ad_lex_results *r, const lex_sigs *s, const lex_hand *h, long from,
                      int sifted)
{
    long to = from + LEX_BLOCK < s->n ? from + LEX_BLOCK : s->n;
    long kept = ad_lex_scan(s, h, from, to, r->cand);
    r->nmaybe = 0;
    if (room(r, kept + 8) < 0) /* 8 more: taken 8 at a time (ad_lex_take8) */
        return -1;
    take_block(r, s, h, kept);
    long most = (long)r->nm + r->nheap + r->nmaybe;
    if (grow((void **)&r->m, &r->mcap, most, sizeof *r->m) < 0 ||
        grow((void **)&r->heap, &r->hcap, most, sizeof *r->heap) < 0)
        return -1;
    if (sifted) /* by the scan: only where their places start is asked for */
        for (long k = 0; k < r->nmaybe; k++)
            __builtin_prefetch(s->occ_at + (uint32_t)r->maybe[k]);
    else
        r->nmaybe = (int)sift_maybes(r, s, h);
    return take_multis(r, s, h);
}

#define LEX_REC_NONE 0xffu /* a record to leave out (singles_block) */

/* The words of single cards of one block of the table, for a hand
 * without multi-letter cards: their records made by the scan, those of
 * inexact signatures (about 13 a hand) counted here: their wilds set, or
 * left out.  A word's signature is inexact when it holds more of a
 * letter than its bits count (2, or 3 for the letters with a third bit),
 * so when the hand holds no more than 2 of any letter, such a word lacks
 * at least one letter more than its signature says: one the signature
 * says lacks as many as the wilds is left out unread (12 of the 13). */
static int singles_block(ad_lex_results *r, const lex_sigs *s, const lex_hand *h, long from)
{
    uint32_t fix[LEX_BLOCK + 8];
    int nfix;
    long to = from + LEX_BLOCK < s->n ? from + LEX_BLOCK : s->n;
    if (room(r, to - from + 8) < 0)
        return -1;
    lex_rec *e = r->e + r->n;
    long n = ad_lex_scan_singles(s, h, from, to, e, r->cand, fix, &nfix), out = -1;
    for (int f = 0; f < nfix; f++) {
        lex_rec *x = &e[fix[f]];
        int lack = h->wilds + 1;
        if ((h->most <= 2 && x->wilds >= h->wilds) ||
            lacking(s->text + s->at[x->at], x->len, h->all, h->count, &lack) > h->wilds) {
            x->cards = LEX_REC_NONE; /* no word of the hand: left out below */
            out = out < 0 ? fix[f] : out;
        }
        x->wilds = (uint8_t)lack;
    }
    if (out >= 0) { /* from the first left out on, those kept moved down */
        long kept = out;
        for (long k = out; k < n; k++)
            if (e[k].cards != LEX_REC_NONE)
                e[kept++] = e[k];
        n = kept;
    }
    r->n += (int)n;
    return 0;
}

/* ------------------------------------------------------------------ lists */

/* The words of the simple places kept in the lists (lsimple[from..to),
 * all of card m of the hand), of enough cards, as their keys
 * (lex_key_simple) into r->lk from *nl on. */
static void simple_words(ad_lex_results *r, const lex_hand *h, int m, long from, long to,
                         int *nl)
{
    int min = h->min + h->mlen[m] - 1, n = *nl;
    const uint64_t *in = r->lsimple;
    uint64_t *d = r->lk;
    for (long j = from; j < to; j++) {
        uint64_t info = in[j];
        int len = lex_list_len(info);
        d[n] = lex_key_simple(lex_list_after(info), lex_list_place(info), m, lex_list_word(info),
                              len, lex_list_lack(info));
        n += len >= min; /* its cards: its letters, the card's counted once */
    }
    *nl = n;
}

/* Whether the word of an other place kept (of card m of the hand) may be
 * spelled with the hand's cards that have places in it: the single cards
 * do not spell it, and those cards' letters (all copies) make up for what
 * the wilds cannot (the sift of words.c, sharper here: the cards of its
 * places, not of its multi bits).  A word whose signature is not exact is
 * let through, to be counted. */
static int may_spell(const lex_hand *h, const lex_list_kept *o, int m)
{
    if (o->other & LEX_LIST_INEXACT)
        return 1;
    if (lex_at_most(o->sig & ~h->sig, h->wilds))
        return 0; /* the single cards spell it: listed by the scan */
    if (h->nmulti > LEX_SUBSETS)
        return 1;
    /* the hand's cards with places in it: a step for each card of the
     * hand (as many for every word of the query), not for each place */
    uint32_t bits = (uint32_t)(o->other | o->other >> 32);
    int set = 1 << m;
    for (int q = 0; q < h->nmulti; q++)
        set |= (int)((bits >> (h->multi[q] - AD_LEX_WILD - 1)) & 1) << q;
    return lex_at_most(o->sig & ~h->sub[set], h->wilds);
}

/* The words that the lists' other places hold (lother, card by card:
 * each word's first place the hand holds), sifted (may_spell), then
 * worked out as the maybes of the scan are (take, take_multi) into r->m,
 * card by card (r->oseg says where each card's start): in the lists'
 * order, which is nearly the order of their keys, since most of these
 * words' first ways start at that place (multi.c sorts them).  Returns
 * -1 when out of memory. */
static int other_words(ad_lex_results *r, const lex_sigs *s, const lex_hand *h)
{
    long n = r->loseg[h->nmulti], nw = 0, cut[AD_LEX_CARD_MAX + 1];
    if (grow((void **)&r->cx, &r->cxcap, n, sizeof *r->cx) < 0 ||
        grow((void **)&r->m, &r->mcap, n + 1, sizeof *r->m) < 0 || /* + 1: an end (multi.c) */
        grow((void **)&r->heap, &r->hcap, n + 1, sizeof *r->heap) < 0)
        return -1;
    for (int m = 0; m < h->nmulti; m++) {
        cut[m] = nw;
        for (long j = r->loseg[m]; j < r->loseg[m + 1]; j++) {
            const lex_list_kept *o = &r->lother[j];
            r->cx[nw] = lex_list_word(o->info) | (o->other & LEX_LIST_INEXACT) | (uint64_t)j << 32;
            nw += lex_list_len(o->info) >= h->min && may_spell(h, o, m);
        }
    }
    cut[h->nmulti] = nw;
    const uint64_t *w = r->cx;
    for (long j = 0, m = 0; j < nw || m < h->nmulti; j++) {
        while (m < h->nmulti && j == cut[m])
            r->oseg[m++] = r->nm;
        if (j == nw)
            break;
        /* what ad_lex_multi_fast reads, asked of memory ahead: where the
         * places start 16 words on, the places 8 on; for a word whose
         * signature is not exact, where its letters start, then them */
        if (j + 16 < nw) {
            __builtin_prefetch(&s->occ_at[lex_list_word(w[j + 16])]);
            if (w[j + 16] & LEX_LIST_INEXACT)
                __builtin_prefetch(&s->at[lex_list_word(w[j + 16])]);
        }
        if (j + 8 < nw) {
            __builtin_prefetch(&s->occ[s->occ_at[lex_list_word(w[j + 8])]]);
            __builtin_prefetch(&s->sig[lex_list_word(w[j + 8])]);
            if (w[j + 8] & LEX_LIST_INEXACT)
                __builtin_prefetch(s->text + s->at[lex_list_word(w[j + 8])]);
        }
        const lex_list_kept *o = &r->lother[w[j] >> 32];
        long i = lex_list_word(o->info);
        int len = lex_list_len(o->info), inexact = (o->other & LEX_LIST_INEXACT) != 0;
        uint64_t need = o->sig & ~h->sig;
        int lack = (int)(lex_bits((uint32_t)need) + lex_bits((uint32_t)(need >> 32)));
        if (inexact) { /* its letters counted, as take does: first on the whole hand */
            const char *word = s->text + s->at[i];
            if (lacking(word, len, h->all, h->count, &lack) > h->wilds)
                continue;
            if (lack <= h->wilds)
                continue;
        }
        if (pool_room(r) < 0)
            return -1;
        if (inexact || ad_lex_multi_fast(r, h, s, i, len, lack))
            ad_lex_multi_word(r, h, s, i, len, lack);
    }
    r->oseg[h->nmulti] = r->nm;
    return 0;
}

/* The words of the hand's multi-letter cards, from the lists of those
 * cards: their places tested in order, card by card (ad_lex_list_scan),
 * the words of one place made waiting words in walk order, the others
 * worked out one by one; then all merged into the single-card words. */
static int lists_search(ad_lex_results *r, const lex_sigs *s, const lex_hand *h)
{
    const lex_lists *l = s->lists;
    lex_list_test t = {0, h->sig, h->sig_all, 0, h->wilds};
    r->keyed = 1; /* its waiting words' orders are whole keys (words.h) */
    long most = 0, nsimple = 0, nother = 0;
    for (int m = 0; m < h->nmulti; m++) {
        t.held |= lex_list_bit(h->multi[m]);
        most += l->at[h->multi[m] + 1] - l->at[h->multi[m]];
    }
    if (grow((void **)&r->lsimple, &r->lscap, most + 8, sizeof *r->lsimple) < 0 ||
        grow((void **)&r->lother, &r->locap, most + 8, sizeof *r->lother) < 0)
        return -1;
    long seg[AD_LEX_CARD_MAX + 1];
    for (int m = 0; m < h->nmulti; m++) {
        int id = h->multi[m];
        t.one = h->one[id];
        seg[m] = nsimple;
        r->loseg[m] = (int)nother;
        ad_lex_list_scan(l, l->at[id], l->at[id + 1], &t, r->lsimple, &nsimple, r->lother,
                         &nother);
    }
    seg[h->nmulti] = nsimple;
    r->loseg[h->nmulti] = (int)nother;
    if (grow((void **)&r->lk, &r->lkcap, nsimple + 1, sizeof *r->lk) < 0) /* never NULL */
        return -1;
    int nl = 0;
    for (int m = 0; m < h->nmulti; m++) {
        r->lseg[m] = nl;
        simple_words(r, h, m, seg[m], seg[m + 1], &nl);
    }
    r->lseg[h->nmulti] = nl;
    if (other_words(r, s, h) < 0)
        return -1;
    return ad_lex_merge_lists(r, h->nmulti, h->multi);
}

/* Block by block, so that the words that may need a multi-letter card are
 * worked out while their block's entries are still in the cache; or, when
 * they are found in the lists, the single-card words alone block by
 * block (their records made in the scan), then those; a hand without
 * multi-letter cards has single-card words only. */
static int search(ad_lex_results *r, const lex_sigs *s, lex_hand *h)
{
    if (s->lists && ad_lex_scan_lists(h)) {
        lex_hand singles = *h; /* without its multi-letter cards: no maybes */
        singles.nmulti = 0;
        singles.mmask = 0;
        singles.sig_all = singles.sig;
        memcpy(singles.all, singles.count, sizeof singles.all);
        singles.sifted = 0;
        for (long from = 0; from < s->n; from += LEX_BLOCK)
            if (singles_block(r, s, &singles, from) < 0)
                return -1;
        return lists_search(r, s, h);
    }
    if (!h->nmulti) {
        for (long from = 0; from < s->n; from += LEX_BLOCK)
            if (singles_block(r, s, h, from) < 0)
                return -1;
        return 0;
    }
    if (h->nmulti <= LEX_SUBSETS && !h->sifted) /* for sift_maybes: the lists' way needs none */
        set_tables(h);
    for (long from = 0; from < s->n; from += LEX_BLOCK)
        if (scan_block(r, s, h, from, h->sifted) < 0)
            return -1;
    return r->nm || r->nheap ? ad_lex_merge_multi(r) : 0;
}

int ad_lex_words(const ad_lex *lex, const uint8_t *cards, int n, int min_cards,
                 ad_lex_results *out, ad_err *err)
{
    if (ad_lex_cards_check(cards, n, err) < 0)
        return -1;
    const lex_sigs *s = ad_lex_sigs_get(lex);
    out->table = s;
    out->n = out->nm = out->nmaybe = out->nheap = 0;
    out->keyed = 0;
    out->used = 0;
    if (!s)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    lex_hand h;
    count_hand(&h, s, cards, n, min_cards);
    memcpy(out->hand, h.count, sizeof out->hand);
    if (search(out, s, &h) < 0) {
        out->n = out->nm = out->nheap = 0;
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    }
    return out->n;
}
