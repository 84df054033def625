/*
 * ways.c - a word the hand's multi-letter cards fit at a few places (2 to
 * LEX_FITS, kept in the letter table): its ways are the sets of those
 * places that do not overlap and that the hand has the copies for, the
 * rest of the word on single cards and wilds.  They are gone through in
 * the order of the old depth-first walk (at each place a letter first,
 * then each card that starts there, in the order the hand holds them),
 * without reading the word's letters: what a set of cards leaves to the
 * wilds comes from the word's signature (which is exact here) and the
 * letters of the cards.  The first way (with enough cards) is the word's
 * place in the walk order, the best (the most cards, then the fewest
 * wilds, the first of equals) its spelling, as in multi.c.
 */
#include <string.h>

#include "words.h"

typedef struct ways {
    const lex_hand *h;
    int nfit, len;
    uint64_t fit[LEX_FITS];       /* as lex_sigs.occ, by place then the hand's order */
    uint8_t pos[LEX_FITS], m[LEX_FITS], k[LEX_FITS];
    int nlet;                     /* letters of the cards that fit */
    uint8_t letter[2 * LEX_FITS]; /* those letters (0-25), each once */
    uint8_t need[2 * LEX_FITS];   /* how many of each the single cards lack */
    uint64_t has[LEX_FITS];       /* how many of each letter card q holds, 4 bits each */
    int lack;                     /* the word's lack on single cards alone */
    uint8_t used[AD_LEX_CARD_MAX]; /* copies in the set being made */
    int first, first_set, best_n, best_wilds, best_set;
} ways;

/* How many of letter c the word holds, from its (exact) signature. */
static int count_of(const lex_sigs *s, uint64_t sig, int c)
{
    return (int)((sig >> c) & 1) + (int)((sig >> (26 + c)) & 1) +
           (s->third[c] >= 0 ? (int)((sig >> s->third[c]) & 1) : 0);
}

/* The letters of the cards that fit, each once, with what the single
 * cards lack of each, and how many of each every card holds. */
static void letters(ways *w, const lex_sigs *s, uint64_t sig)
{
    w->nlet = 0;
    memset(w->has, 0, sizeof w->has);
    for (int q = 0; q < w->nfit; q++)
        for (int j = 0; j < w->k[q]; j++) {
            int c = w->h->mletters[w->m[q]][j] - 'a', d = 0;
            while (d < w->nlet && w->letter[d] != c)
                d++;
            if (d == w->nlet) {
                int lack = count_of(s, sig, c) - w->h->count[c];
                w->letter[d] = (uint8_t)c;
                w->need[d] = (uint8_t)(lack > 0 ? lack : 0);
                w->nlet++;
            }
            w->has[q] += 1ull << (4 * d);
        }
}

/* A whole way, its lack counted: the cards of set, n cards in all. */
static void leaf_lacking(ways *w, int set, int n, int lack)
{
    if (lack > w->h->wilds || n < w->h->min)
        return;
    if (!w->first) {
        w->first = 1;
        w->first_set = set;
    }
    if (n > w->best_n || (n == w->best_n && lack < w->best_wilds)) {
        w->best_n = n;
        w->best_wilds = lack;
        w->best_set = set;
    }
}

/* A whole way: the cards of set, n cards in all, holding `got` of each
 * letter (4 bits each: at most LEX_FITS cards of at most 2 of a letter
 * each, summed as the walk goes, not again at every leaf). */
static void leaf(ways *w, int set, int n, uint64_t got)
{
    int lack = w->lack;
    for (int d = 0; d < w->nlet; d++) {
        int g = (int)(got >> (4 * d) & 15);
        lack -= g < w->need[d] ? g : w->need[d];
    }
    leaf_lacking(w, set, n, lack);
}

/* On from the q-th place that fits, none of the word before `end` left
 * to take: at the next place, a letter first, then each card there. */
static void walk(ways *w, int q, int end, int set, int n, uint64_t got)
{
    while (q < w->nfit && w->pos[q] < end)
        q++;
    if (q == w->nfit) {
        leaf(w, set, n, got);
        return;
    }
    int next = q;
    while (next < w->nfit && w->pos[next] == w->pos[q])
        next++;
    walk(w, next, w->pos[q] + 1, set, n, got);
    for (int f = q; f < next; f++) {
        int id = w->h->multi[w->m[f]];
        if (w->used[id] == w->h->count[id])
            continue;
        w->used[id]++;
        walk(w, next, w->pos[f] + w->k[f], set | 1 << f, n - w->k[f] + 1, got + w->has[f]);
        w->used[id]--;
    }
}


/* The letters bits x stand for, or more than w when they are more. */
static inline int lacking_bits(uint64_t x, int w)
{
    int n = lex_count_at_most(x, w);
    return n < 0 ? w + 1 : n;
}

/* walk() for two places (most words here), without its recursion and
 * the copies it counts, and without sort_fits' loops: the same leaves in
 * the same order.  The fits f0, f1 (as lex_sigs.occ) by place, then by
 * the hand's order (occ holds a word's places in order: they seldom
 * swap), into w.  At one place: no card, then each card in the hand's
 * order.  At two: no card, the second, the first, then both when they do
 * not overlap and the hand has the copies (two of one card at both
 * places).  A way's lack is counted from the word's signature (exact
 * here) against the single cards' with its cards' letters, as for a word
 * of one place (multi.c). */
static void walk2(ways *w, const lex_sigs *s, uint64_t sig, uint64_t f0, uint64_t f1)
{
    const lex_hand *h = w->h;
    int id0 = (int)(f0 >> 40) & 0xff, id1 = (int)(f1 >> 40) & 0xff;
    int p0 = (int)(f0 >> 32) & 0xff, p1 = (int)(f1 >> 32) & 0xff;
    int m0 = h->mindex[id0], m1 = h->mindex[id1];
    if (p1 < p0 || (p1 == p0 && m1 < m0)) {
        uint64_t f = f0;
        int id = id0, p = p0, m = m0;
        f0 = f1, id0 = id1, p0 = p1, m0 = m1;
        f1 = f, id1 = id, p1 = p, m1 = m;
    }
    int n = w->len, k0 = h->mlen[m0], k1 = h->mlen[m1], wilds = h->wilds;
    w->fit[0] = f0, w->fit[1] = f1;
    w->pos[0] = (uint8_t)p0, w->pos[1] = (uint8_t)p1;
    w->m[0] = (uint8_t)m0, w->m[1] = (uint8_t)m1;
    int lack0 = lacking_bits(sig & ~h->one[id0], wilds);
    int lack1 = lacking_bits(sig & ~h->one[id1], wilds);
    int both = p1 >= p0 + k0 && (id0 != id1 || h->count[id0] >= 2);
    leaf_lacking(w, 0, n, w->lack);
    if (p0 == p1) {
        leaf_lacking(w, 1, n - k0 + 1, lack0);
        leaf_lacking(w, 2, n - k1 + 1, lack1);
        return;
    }
    leaf_lacking(w, 2, n - k1 + 1, lack1);
    leaf_lacking(w, 1, n - k0 + 1, lack0);
    if (both)
        leaf_lacking(w, 3, n - k0 - k1 + 2,
                     lacking_bits(sig & ~ad_lex_sig_two(s, h, m0, m1), wilds));
}

/* The fits by place, then by the hand's order of their cards. */
static void sort_fits(ways *w, const lex_hand *h, const uint64_t *fit)
{
    for (int q = 0; q < w->nfit; q++) {
        uint64_t f = fit[q];
        int p = q, m = h->mindex[(f >> 40) & 0xff], pos = (int)(f >> 32) & 0xff;
        while (p > 0 && (w->pos[p - 1] > pos || (w->pos[p - 1] == pos && w->m[p - 1] > m))) {
            w->fit[p] = w->fit[p - 1];
            w->pos[p] = w->pos[p - 1];
            w->m[p] = w->m[p - 1];
            p--;
        }
        w->fit[p] = f;
        w->pos[p] = (uint8_t)pos;
        w->m[p] = (uint8_t)m;
    }
    for (int q = 0; q < w->nfit; q++)
        w->k[q] = w->h->mlen[w->m[q]];
}

/* Word i as a record of places (words.h, LEX_REC_PLACES) into r->m. */
static void add_places(ad_lex_results *r, const ways *w, long i, uint64_t order, uint32_t after,
                       uint32_t rank)
{
    uint8_t *p = (uint8_t *)r->pool + r->used, *start = p;
    uint32_t i32 = (uint32_t)i;
    memcpy(p, &i32, 4);
    p += 4;
    uint8_t *nb = p++;
    *nb = 0;
    for (int q = 0; q < w->nfit; q++)
        if (w->best_set >> q & 1) {
            *p++ = w->pos[q];
            *p++ = w->h->multi[w->m[q]];
            ++*nb;
        }
    *p++ = (uint8_t)lex_bits((uint32_t)w->first_set);
    for (int q = 0; q < w->nfit; q++)
        if (w->first_set >> q & 1) {
            *p++ = w->pos[q];
            *p++ = w->h->multi[w->m[q]];
            *p++ = w->m[q];
        }
    uint32_t at = (uint32_t)r->used;
    r->used += (size_t)(p - start);
    if (r->keyed) { /* in no heap: written in place (lex_put) */
        lex_put(r, order, at, w->len, w->best_n, w->best_wilds, LEX_REC_PLACES, after, rank);
        return;
    }
    lex_rec rec = {at, (uint8_t)w->len, (uint8_t)w->best_n, (uint8_t)w->best_wilds,
                   LEX_REC_PLACES};
    lex_wait(r, &(lex_mrec){order, rec, after, rank});
}

void ad_lex_multi_ways(ad_lex_results *r, const lex_hand *h, const lex_sigs *s, long i, int len,
                       int lack, const uint64_t *fit, int nfit)
{
    ways w;
    w.h = h;
    w.nfit = nfit;
    w.len = len;
    w.lack = lack;
    w.first = 0;
    w.best_n = -1;
    w.best_wilds = 0;
    if (nfit == 2) {
        walk2(&w, s, s->sig[i], fit[0], fit[1]);
    } else {
        sort_fits(&w, h, fit);
        letters(&w, s, s->sig[i]);
        for (int q = 0; q < nfit; q++)
            w.used[h->multi[w.m[q]]] = 0;
        walk(&w, 0, 0, 0, len, 0);
    }
    if (!w.first)
        return;
    int f = __builtin_ctz((unsigned)w.first_set), rest = w.first_set & (w.first_set - 1);
    uint32_t after = (uint32_t)w.fit[f];
    uint64_t order = lex_order_one(r, after, w.pos[f], w.m[f], i);
    if (!rest && w.best_set == w.first_set) { /* a table word, like one fit */
        lex_wait_table_word(r, order, i, len, w.pos[f], w.best_wilds, h->multi[w.m[f]], after);
        return;
    }
    int g = rest ? __builtin_ctz((unsigned)rest) : 0; /* the second card */
    uint32_t rank = rest ? lex_rank((long)(uint32_t)w.fit[g] - 1, 1) : lex_rank(i, 0);
    if (rest && r->keyed)
        order = lex_key(after, w.pos[f], w.m[f], rank, w.pos[g], w.m[g]);
    add_places(r, &w, i, order, after, rank);
}
