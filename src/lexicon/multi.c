/*
 * multi.c - the words a hand spells only with a multi-letter card, each
 * worked out alone by the rules of the old depth-first walk of the DAWG:
 * at each place of the word, the letter's own card while one is left,
 * else a wild; then each multi-letter card whose letters follow, in the
 * order the hand first holds them.  The first way met (with enough
 * cards) is the word's place in the walk order; the best way (the most
 * cards, then the fewest wilds, the first met of equals) is its spelling.
 * Most words are decided from the places of the cards kept in the letter
 * table, without reading their letters: one place by a popcount here,
 * a few by ways.c; the rest (a signature that is not exact, many places)
 * by a search over the letters.  Then these words are sorted by place
 * and merged into the single-card words, which are already in walk order.
 */
#include <stdlib.h>
#include <string.h>

#include "words.h"

typedef struct way {
    const lex_hand *h;
    const char *word;
    int len;
    uint8_t left[AD_LEX_CARD_MAX];
    int wilds;                     /* left */
    uint8_t code[AD_LEX_WORD_MAX]; /* the choices so far */
    uint8_t card[AD_LEX_WORD_MAX];
    int first;                     /* 1 once the first way is known */
    uint8_t key[AD_LEX_WORD_MAX + 8]; /* its choices, then zeros (order reads 6) */
    int nkey;
    int best_n, best_wilds;        /* -1: none yet */
    uint8_t best[AD_LEX_WORD_MAX];
} way;

/* A whole way, n cards and nc choices long. */
static void done(way *w, int n, int nc)
{
    if (n < w->h->min)
        return;
    if (!w->first) {
        w->first = 1;
        w->nkey = nc;
        memcpy(w->key, w->code, (size_t)nc);
    }
    int wilds = w->h->wilds - w->wilds;
    if (n > w->best_n || (n == w->best_n && wilds < w->best_wilds)) {
        w->best_n = n;
        w->best_wilds = wilds;
        memcpy(w->best, w->card, (size_t)n);
    }
}

/* On from place pos with n cards used: the single way, then the cards. */
static void go(way *w, int pos, int n)
{
    if (pos == w->len) {
        done(w, n, n);
        return;
    }
    int c = w->word[pos] - 'a';
    w->code[n] = (uint8_t)(c + 1);
    if (w->left[c]) {
        w->left[c]--;
        w->card[n] = (uint8_t)c;
        go(w, pos + 1, n + 1);
        w->left[c]++;
    } else if (w->wilds) {
        w->wilds--;
        w->card[n] = AD_LEX_WILD;
        go(w, pos + 1, n + 1);
        w->wilds++;
    }
    if (!((w->h->mfirst >> c) & 1))
        return;
    for (int i = 0; i < w->h->nmulti; i++) {
        int id = w->h->multi[i], k = w->h->mlen[i], j = 0;
        if (!w->left[id] || pos + k > w->len)
            continue;
        while (j < k && w->word[pos + j] == w->h->mletters[i][j])
            j++;
        if (j < k)
            continue;
        w->left[id]--;
        w->code[n] = (uint8_t)(27 + i);
        w->card[n] = (uint8_t)id;
        go(w, pos + k, n + 1);
        w->left[id]++;
    }
}

/* Where each letter stands in the word: bit p of at[c] for a c at place
 * p, and how many there are, for the letters of the hand's multi-letter
 * cards; the others all go to [26], never read (so only those few are
 * cleared, not all). */
typedef struct places {
    uint64_t at[27];
    uint8_t n[27];
} places;

static void find_places(places *pl, const way *w)
{
    const lex_hand *h = w->h;
    for (int m = 0; m < h->nmulti; m++)
        for (int j = 0; j < h->mlen[m]; j++) {
            pl->at[h->mletters[m][j] - 'a'] = 0;
            pl->n[h->mletters[m][j] - 'a'] = 0;
        }
    pl->at[26] = 0;
    pl->n[26] = 0;
    for (int p = 0; p < w->len; p++) {
        int c = h->slot[w->word[p] - 'a'];
        pl->at[c] |= 1ull << p;
        pl->n[c]++;
    }
}

/* The places where the hand's m-th multi-letter card fits: all its
 * letters, in order, from there. */
static uint64_t fits_at(const places *pl, const lex_hand *h, int m)
{
    uint64_t at = ~0ull;
    for (int j = 0; j < h->mlen[m]; j++)
        at &= pl->at[h->mletters[m][j] - 'a'] >> j;
    return at;
}

/* Places from..to of the word on single cards, as the walk goes them
 * (each letter's own card while one is left, else a wild), from choice
 * n on; returns the choices then. */
static int singles(way *w, int from, int to, int n)
{
    for (int p = from; p < to; p++, n++) {
        int c = w->word[p] - 'a';
        w->code[n] = (uint8_t)(c + 1);
        w->card[n] = w->left[c] ? (uint8_t)c : AD_LEX_WILD;
        w->left[c] -= w->left[c] != 0;
    }
    return n;
}

/* The one way of a word that holds the letters of only one of the hand's
 * multi-letter cards (m, at pos) once, and lacks `lack` letters on single
 * cards: the card takes its letters off what the wilds must make up for
 * (a letter counts when the word has more of it than the single cards);
 * then the way is written out as the walk would go it. */
static void one_way(way *w, const places *pl, int m, int pos, int lack)
{
    const lex_hand *h = w->h;
    int k = h->mlen[m], n = 0;
    for (int j = 0; j < k; j++) {
        int c = h->mletters[m][j] - 'a', before = 0;
        for (int q = 0; q < j; q++)
            before += h->mletters[m][q] - 'a' == c;
        lack -= pl->n[c] - before > h->count[c];
    }
    if (lack > h->wilds || w->len - k + 1 < h->min)
        return;
    n = singles(w, 0, pos, 0);
    w->code[n] = (uint8_t)(27 + m);
    w->card[n++] = h->multi[m];
    n = singles(w, pos + k, w->len, n);
    w->wilds = h->wilds - lack;
    done(w, n, n);
}

/* How many (place, card) fits the hand's multi-letter cards have in the
 * word, up to 2 (more count as 2); the first one into m and pos. */
static int fits(const way *w, const places *pl, int *m, int *pos)
{
    int found = 0;
    for (int k = 0; k < w->h->nmulti; k++) {
        uint64_t at = fits_at(pl, w->h, k);
        if (at && !found) {
            *m = k;
            *pos = __builtin_ctzll(at);
        }
        found += (at != 0) + ((at & (at - 1)) != 0);
    }
    return found;
}

/* The walk-order key of a waiting word, for the sort: `after` (below
 * 2^28: an index holds fewer words), then the place of its first
 * multi-letter card from the end, and that card's place in the hand.
 *
 * Where a word goes among the single-card words, which are the table's
 * words in alphabetical order: their choices agree with its own while
 * both are letters, and where it takes its first multi-letter card (j0
 * letters in), a single-card word has a letter or has ended, which comes
 * first.  So it comes after exactly the table words whose first j0
 * letters are not beyond its own (ad_lex_sigs_after).  Two waiting words
 * with the same `after` and j0 share their first j0 letters (the runs
 * end at the same word); with the same `after` and another j0, the
 * longer one's letters start the shorter's, and its letter comes before
 * the other's card.  Then the card decides, then the rest of the choices
 * (sort_keys). */

/* The places of word i whose card the hand has, into fits (room for
 * LEX_FITS + 1); returns how many, or LEX_FITS + 1 for more.  A word of
 * one or two places (most) reads both without a branch a place: how many
 * a word has is data, and the loop's end went either way (the table has
 * room for two places past its last). */
static inline int fitting(const lex_hand *h, const lex_sigs *s, long i, uint64_t *fits)
{
    uint32_t k = s->occ_at[i], nk = s->occ_at[i + 1] - k;
    if (nk <= 2) {
        uint64_t o0 = s->occ[k], o1 = s->occ[k + 1];
        int v0 = (nk >= 1) & (h->count[(o0 >> 40) & (AD_LEX_CARD_MAX - 1)] != 0);
        int v1 = (nk == 2) & (h->count[(o1 >> 40) & (AD_LEX_CARD_MAX - 1)] != 0);
        fits[0] = v0 ? o0 : o1;
        fits[1] = o1;
        return v0 + v1;
    }
    int found = 0;
    for (; k < s->occ_at[i + 1] && found <= LEX_FITS; k++) {
        fits[found] = s->occ[k];
        found += h->count[(s->occ[k] >> 40) & 0xff] != 0;
    }
    return found;
}

int ad_lex_multi_fast(ad_lex_results *r, const lex_hand *h, const lex_sigs *s, long i, int len,
                      int lack)
{
    uint64_t fits[LEX_FITS + 1];
    int found = fitting(h, s, i, fits);
    if (found > LEX_FITS)
        return 1;
    if (found != 1) {
        if (found)
            ad_lex_multi_ways(r, h, s, i, len, lack, fits, found);
        return 0;
    }
    uint64_t fit = fits[0];
    int id = (int)(fit >> 40) & 0xff, pos = (int)(fit >> 32) & 0xff, m = h->mindex[id];
    uint64_t need = s->sig[i] & ~h->one[id]; /* by id: one read less before the test */
    lack = lex_count_at_most(need, h->wilds);
    if (lack < 0 || len - h->mlen[m] + 1 < h->min)
        return 0;
    lex_wait_table_word(r, lex_order_one(r, (uint32_t)fit, pos, m, i), i, len, pos, lack, id,
                        (uint32_t)fit);
    return 0;
}

void ad_lex_multi_word(ad_lex_results *r, const lex_hand *h, const lex_sigs *s, long i, int len,
                       int lack)
{
    way w;
    places pl;
    int m = 0, pos = 0;
    w.h = h;
    w.word = s->text + s->at[i];
    w.len = len;
    memcpy(w.left, h->count, sizeof w.left);
    w.wilds = h->wilds;
    w.first = 0;
    w.best_n = -1;
    w.best_wilds = 0;
    find_places(&pl, &w);
    int fit = fits(&w, &pl, &m, &pos);
    if (fit == 1)
        one_way(&w, &pl, m, pos, lack);
    else if (fit)
        go(&w, 0, 0);
    if (!w.first)
        return;
    memset(w.key + w.nkey, 0, 8);
    int j0 = fit == 1 ? pos : 0; /* one fit: the singles before the card */
    while (fit > 1 && w.key[j0] <= 26)
        j0++;
    uint32_t aft = ad_lex_sigs_after(s, i, j0);
    uint64_t order = ad_lex_multi_order(aft, j0, w.key[j0] - 27);
    if (r->keyed) { /* the first way's second card, if it has one: its place and rank */
        int j1 = j0 + h->mlen[w.key[j0] - 27], q = j0 + 1;
        while (q < w.nkey && w.key[q] <= 26)
            q++, j1++;
        order = q < w.nkey ? lex_key(aft, j0, w.key[j0] - 27,
                                     2 * ad_lex_sigs_after(s, i, j1) - 1, j1, w.key[q] - 27)
                           : lex_order_one(r, aft, j0, w.key[j0] - 27, i);
    }
    lex_rec rec = {0, (uint8_t)len, (uint8_t)w.best_n, (uint8_t)w.best_wilds, 1};
    ad_lex_multi_pool(r, w.word, rec, w.best, w.key, w.nkey,
                      (lex_mrec){order, rec, aft, LEX_KEY_CARDS});
}

void ad_lex_multi_pool(ad_lex_results *r, const char *word, lex_rec rec, const uint8_t *card,
                       const uint8_t *key, int nkey, lex_mrec m)
{
    char *p = r->pool + r->used;
    int len = rec.len;
    memcpy(p, word, (size_t)len);
    p[len] = 0;
    memcpy(p + len + 1, card, rec.n);
    memcpy(p + len + 1 + rec.n, key, (size_t)nkey);
    p[len + 1 + rec.n + nkey] = 0;
    m.rec = rec;
    m.rec.at = (uint32_t)r->used;
    r->used += (size_t)(len + rec.n + nkey + 2);
    lex_wait(r, &m);
}

/* --------------------------------------------------------------- waiting */

/* The words waiting with odd ranks, in a heap by rank (the least first). */
static void heap_push(ad_lex_results *r, lex_mrec m)
{
    int k = r->nheap++;
    while (k > 0 && r->heap[(k - 1) / 2].rank > m.rank) {
        r->heap[k] = r->heap[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    r->heap[k] = m;
}

static lex_mrec heap_pop(ad_lex_results *r)
{
    lex_mrec top = r->heap[0], last = r->heap[--r->nheap];
    int k = 0;
    for (;;) {
        int c = 2 * k + 1;
        if (c >= r->nheap)
            break;
        if (c + 1 < r->nheap && r->heap[c + 1].rank < r->heap[c].rank)
            c++;
        if (r->heap[c].rank >= last.rank)
            break;
        r->heap[k] = r->heap[c];
        k = c;
    }
    if (r->nheap)
        r->heap[k] = last;
    return top;
}

void ad_lex_multi_wait_more(ad_lex_results *r, const lex_mrec *m)
{
    if (m->rank != LEX_KEY_CARDS && (m->rank & 1)) {
        heap_push(r, *m);
        return;
    }
    while (m->rank != LEX_KEY_CARDS && r->nheap && r->heap[0].rank < m->rank)
        r->m[r->nm++] = heap_pop(r);
    r->m[r->nm++] = *m;
}

/* ------------------------------------------------------------------ order */

/* The key of a waiting word past its first multi-letter card,
 * NUL-terminated (choices are never 0): in the pool, or made into buf
 * from its word and the places, ids and indexes in the hand of the cards
 * of its first way.  Words of the same order share their choices up to
 * and with that card (its place j0 is in the order), so these rests
 * order them as their whole keys would, and fewer letters are read. */
static const char *key_past_card(const ad_lex_results *r, const lex_mrec *m, char *buf)
{
    int shift = r->keyed ? 32 : 0; /* where its first card's order is (lex_key) */
    int j0 = 63 - (int)((m->order >> (shift + 6)) & 63), m0 = (int)((m->order >> shift) & 63);
    if (m->rec.cards == 1)
        return r->pool + m->rec.at + m->rec.len + 1 + m->rec.n + j0 + 1;
    const lex_cards *t = ad_lex_cards_get();
    uint8_t one[3] = {m->rec.n, m->rec.cards, (uint8_t)m0};
    const uint8_t *pl = one;
    int npl = 1, n = 0;
    if (m->rec.cards == LEX_REC_PLACES) {
        pl = (const uint8_t *)r->pool + m->rec.at + 4;
        pl += 1 + 2 * pl[0];
        npl = *pl++;
    }
    const char *word = lex_rec_word(r, &m->rec);
    int p = pl[0] + t->len[pl[1]]; /* past the first card */
    pl += 3;
    npl--;
    while (p < m->rec.len) {
        if (npl && p == pl[0]) {
            buf[n++] = (char)(27 + pl[2]);
            p += t->len[pl[1]];
            pl += 3;
            npl--;
        } else {
            buf[n++] = (char)(word[p++] - 'a' + 1);
        }
    }
    buf[n] = 0;
    return buf;
}

/* The cards of the way that is the walk-order place of a word of several
 * places: how many, then each one's place, id and index in the hand; or
 * NULL for another word. */
static const uint8_t *first_way(const ad_lex_results *r, const lex_mrec *m)
{
    if (m->rec.cards != LEX_REC_PLACES)
        return NULL;
    const uint8_t *pl = (const uint8_t *)r->pool + m->rec.at + 4;
    return pl + 1 + 2 * pl[0];
}

/* For a and b of the same order and the same rank, both words of
 * several places: 1 or 0 when their cards tell which comes first, else
 * -1.  Their rank is how many table words share no more than their
 * letters before their second card, and each is a table word (another
 * letter there would make another rank): when their second cards start at
 * the same place, they share every choice before them, and the cards'
 * indexes in the hand decide when they differ.  Two whose ways put the
 * same cards at the same places have keys that differ only in letters, at
 * the same places: they come in the order of their letters, the table's. */
static int by_cards(const ad_lex_results *r, const lex_mrec *a, const lex_mrec *b)
{
    const uint8_t *wa = first_way(r, a), *wb = first_way(r, b);
    if (!wa || !wb || wa[0] < 2 || wb[0] < 2 || wa[4] != wb[4])
        return -1;
    if (wa[6] != wb[6])
        return wa[6] < wb[6];
    if (wa[0] != wb[0])
        return -1;
    for (int k = 0; k < wa[0]; k++)
        if (wa[1 + 3 * k] != wb[1 + 3 * k] || wa[3 + 3 * k] != wb[3 + 3 * k])
            return -1;
    return lex_rec_table_word(r, &a->rec) < lex_rec_table_word(r, &b->rec);
}

/* Whether waiting word a comes before b, of the same order (the same
 * letters before the same first card): their ranks say, when they have
 * ranks and these differ; else their cards (by_cards: most of the 60 or
 * so comparisons a hand), else their keys. */
static int before(const ad_lex_results *r, const lex_mrec *a, const lex_mrec *b)
{
    char ka[AD_LEX_WORD_MAX + 1], kb[AD_LEX_WORD_MAX + 1];
    if (a->rank != LEX_KEY_CARDS && b->rank != LEX_KEY_CARDS && a->rank != b->rank)
        return a->rank < b->rank;
    int c = a->rank == b->rank && a->rank != LEX_KEY_CARDS ? by_cards(r, a, b) : -1;
    if (c >= 0)
        return c;
    return strcmp(key_past_card(r, a, ka), key_past_card(r, b, kb)) < 0;
}

/* Whether waiting words a and b are in walk order (their orders equal:
 * the same letters before the same first card at the same place). */
static int in_order(const ad_lex_results *r, const lex_mrec *a, const lex_mrec *b)
{
    return a->order != b->order ? a->order < b->order : !before(r, b, a);
}

/* More waiting words than the sort's keys can number (so many come only
 * from a table of that many words) are sorted in place instead.  A key's
 * low 24 bits are its word's place in r->m (22 bits) and two marks for
 * put_right: LEX_KEY_NONE, the word has no rank, and LEX_KEY_ODD, its
 * rank is odd (another word may have the same). */
#define LEX_SORT_MAX (1 << 22)
#define LEX_KEY_PLACE 0x3fffffu
#define LEX_KEY_ODD 0x400000u
#define LEX_KEY_NONE 0x800000u

static int by_walk(const void *a, const void *b, void *r)
{
    return in_order(r, a, b) ? -1 : 1; /* never equal: two words, two keys */
}

/* Keys sorted by order (a), each run of one order put in walk order one
 * word at a time: few move, those without a rank.  The words came in
 * rank order (lex_wait) and the sort kept it, so a word is in place after
 * the one before when their orders differ, or neither is without a rank
 * and they are not both of an odd rank (two words of an even rank never
 * share it): told from the keys alone, without a branch (about half the
 * words share their order with the one before, at random); only two of
 * odd ranks read their ranks. */
static void put_right(const ad_lex_results *r, uint64_t *a)
{
    for (int i = 1; i < r->nm; i++) {
        if ((a[i - 1] >> 24 != a[i] >> 24) |
            !(((a[i - 1] | a[i]) & LEX_KEY_NONE) | (a[i - 1] & a[i] & LEX_KEY_ODD)))
            continue;
        if (!((a[i - 1] | a[i]) & LEX_KEY_NONE) &&
            r->m[a[i - 1] & LEX_KEY_PLACE].rank < r->m[a[i] & LEX_KEY_PLACE].rank)
            continue;
        for (int j = i; j > 0 && a[j - 1] >> 24 == a[j] >> 24 &&
                        !in_order(r, &r->m[a[j - 1] & LEX_KEY_PLACE], &r->m[a[j] & LEX_KEY_PLACE]);
             j--) {
            uint64_t t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
    }
}

/* The number of bits that hold values 0..v. */
static int width(uint32_t v)
{
    int b = 0;
    while (v >> b)
        b++;
    return b;
}

/* count[d + 1] holding how many keys have digit d (d < nd), made where
 * each digit's keys start.  In four quarters side by side, then each
 * quarter moved on by those before it: one chain of nd adds made four of
 * nd / 4 (two passes of up to 4,096 digits for about 1,300 keys). */
static void starts(int *count, int nd)
{
    if (nd < 64) {
        for (int v = 0; v < nd - 1; v++)
            count[v + 1] += count[v];
        return;
    }
    int q = nd / 4, *c = count + 1;
    for (int t = 1; t < q; t++) {
        c[t] += c[t - 1];
        c[q + t] += c[q + t - 1];
        c[2 * q + t] += c[2 * q + t - 1];
        c[3 * q + t] += c[3 * q + t - 1];
    }
    for (int k = 1; k < 4; k++) {
        int off = c[k * q - 1]; /* the quarters before, already moved on */
        for (int t = 0; t < q; t++)
            c[k * q + t] += off;
    }
}

#define LEX_DIGIT_BITS 12 /* the most a pass of the radix sort takes */
#define LEX_FEW 512       /* fewer waiting words are sorted 8 bits a pass */
#define LEX_DIGITS (1 << LEX_DIGIT_BITS)

/* One pass of a stable radix sort: a[0..n) into b by their digit (a >>
 * shift) & mask, whose counts c[digit + 1] are made; 0 (nothing moved)
 * when every key has the same digit, else 1. */
static int radix_pass(const uint64_t *a, uint64_t *b, int n, int shift, uint32_t mask, int *c)
{
    if (c[((a[0] >> shift) & mask) + 1] == n)
        return 0;
    starts(c, (int)mask + 1);
    for (int i = 0; i < n; i++)
        b[c[(a[i] >> shift) & mask]++] = a[i];
    return 1;
}

uint64_t *ad_lex_radix(uint64_t *a, uint64_t *b, int n, int from, int bits, int w)
{
    int count[LEX_DIGITS + 1];
    uint32_t mask = (1u << w) - 1;
    if (n <= 0) /* nothing to sort (a may be NULL): radix_pass reads the first key */
        return a;
    for (int shift = from; shift < from + bits; shift += w) {
        memset(count, 0, sizeof count[0] * ((size_t)mask + 2));
        for (int j = 0; j < n; j++)
            count[((a[j] >> shift) & mask) + 1]++;
        if (radix_pass(a, b, n, shift, mask, count)) {
            uint64_t *t = a;
            a = b;
            b = t;
        }
    }
    return a;
}

/* The orders of r->m made dense, in the same order and equal where they
 * are: `after` as it is, the place of the first card (63 - j0) and the
 * card's index in the hand each by its rank among those the query has
 * (few: a query's words start their cards at few places with few cards).
 * Each into a as its dense order << 24 | its place in r->m and marks
 * (LEX_KEY_NONE, LEX_KEY_ODD); returns the bits the dense orders take. */
static int dense_orders(const ad_lex_results *r, uint64_t *a, int count[2][LEX_DIGITS + 1],
                        int counted)
{
    const lex_mrec *m = r->m; /* locals: the counts' stores could change r's fields */
    int nm = r->nm;
    uint64_t starts = 0, cards = 0;
    uint32_t most = 0;
    for (int j = 0; j < nm; j++) {
        uint64_t o = m[j].order;
        starts |= 1ull << ((o >> 6) & 63);
        cards |= 1ull << (o & 63);
        most = most > (uint32_t)(o >> 12) ? most : (uint32_t)(o >> 12);
    }
    uint8_t prank[64], crank[64];
    int np = 0, nc = 0;
    for (int v = 0; v < 64; v++) {
        prank[v] = (uint8_t)np;
        crank[v] = (uint8_t)nc;
        np += (int)(starts >> v & 1);
        nc += (int)(cards >> v & 1);
    }
    int cb = width((uint32_t)nc - 1), pb = width((uint32_t)np - 1);
    int bits = width(most) + pb + cb, w = (bits + 1) / 2;
    uint32_t mask = (1u << w) - 1;
    counted &= bits <= 2 * LEX_DIGIT_BITS;
    if (counted) /* two passes: both counted here */
        for (int pass = 0; pass < 2; pass++)
            memset(count[pass], 0, sizeof count[0][0] * ((size_t)mask + 2));
    for (int j = 0; j < nm; j++) {
        uint64_t o = m[j].order;
        uint64_t d = (o >> 12) << (pb + cb) | (uint64_t)prank[(o >> 6) & 63] << cb | crank[o & 63];
        uint32_t rank = m[j].rank;
        a[j] = d << 24 | (uint64_t)j |
               (rank == LEX_KEY_CARDS ? LEX_KEY_NONE : (rank & 1) * LEX_KEY_ODD);
        if (counted) {
            count[0][(d & mask) + 1]++;
            count[1][((d >> w) & mask) + 1]++;
        }
    }
    return bits;
}

/* A stable radix sort of a[0..n) in two passes of w bits of (a >> 24),
 * whose digits are counted already (dense_orders: a pass over the keys
 * saved each), into a or b; returns where they are. */
static uint64_t *radix_counted(uint64_t *a, uint64_t *b, int n, int w,
                               int count[2][LEX_DIGITS + 1])
{
    uint32_t mask = (1u << w) - 1;
    for (int pass = 0; pass < 2; pass++)
        if (radix_pass(a, b, n, 24 + pass * w, mask, count[pass])) {
            uint64_t *t = a;
            a = b;
            b = t;
        }
    return a;
}

/* Sorts r->m by order into r->key (each dense order << 24 | its marks
 * and place in r->m): in two passes when the dense orders take at most 24
 * bits (a table of up to 2^17 words and a hand of few multi-letter cards:
 * the bench's), else 10 bits a pass.  The sort keeps words of equal orders
 * as they came, in table order, which is their walk order when both are
 * table words; runs where a word of the pool is out of order are put
 * right one by one.  Sorting by place among the table words first is
 * sorting by key: a key that comes first never goes after more table
 * words.  Returns the sorted keys (NULL: r->m is sorted itself). */
static uint64_t *sort_keys(ad_lex_results *r)
{
    if (r->nm >= LEX_SORT_MAX) {
        qsort_r(r->m, (size_t)r->nm, sizeof *r->m, by_walk, r);
        return NULL;
    }
    int count[2][LEX_DIGITS + 1];
    int few = r->nm < LEX_FEW; /* passes of 8 bits: counting 2^12 digits costs more */
    int bits = dense_orders(r, r->key, count, !few);
    uint64_t *a = few                            ? ad_lex_radix(r->key, r->ktmp, r->nm, 24, bits, 8)
                  : bits <= 2 * LEX_DIGIT_BITS ? radix_counted(r->key, r->ktmp, r->nm,
                                                               (bits + 1) / 2, count)
                                               : ad_lex_radix(r->key, r->ktmp, r->nm, 24, bits, 10);
    put_right(r, a);
    return a;
}

/* The first of e[from..) at or past table word `after`: the records are
 * in table order, so it is from plus how many of them are before it,
 * counted LEX_RUN at a time without a branch a record (e has LEX_RUN
 * records past its end that are past every word).  The merge's places
 * only grow, so all its counting goes over the list once: a search (a
 * few steps a waiting word, each either way at random) cost more. */
static inline int first_past(const lex_rec *e, int from, uint32_t after)
{
    for (;;) {
        int sum[4] = {0}; /* four sums side by side: a quarter of the chain of adds */
        for (int k = 0; k < LEX_RUN; k++)
            sum[k & 3] += e[from + k].at < after;
        int before = sum[0] + sum[1] + sum[2] + sum[3];
        from += before;
        if (before < LEX_RUN)
            return from;
    }
}

/* n records from e to t, LEX_RUN at a time (both have room for LEX_RUN
 * past the end): most runs are shorter, and take one copy of fixed size,
 * so whether the loop goes on is seldom mispredicted. */
static inline void copy_run(lex_rec *t, const lex_rec *e, int n)
{
    int k = 0;
    do
        memcpy(t + k, e + k, LEX_RUN * sizeof *e);
    while ((k += LEX_RUN) < n);
}

/* The waiting words m, in the order of key (m's own when NULL), merged
 * into the list e of n records, into t; returns how many.  Its arguments
 * are locals: with r's fields, each store to t could change them, and
 * they were read again for every word. */
static int merge_into(lex_rec *t, const lex_rec *e, int n, const lex_mrec *m, const uint64_t *key,
                      int nm)
{
    int i = 0, k = 0;
    for (int j = 0; j < nm; j++) { /* the single-card words before it, then it */
        const lex_mrec *w = key ? &m[key[j] & LEX_KEY_PLACE] : &m[j];
        /* none when it shares its place with the one before: counted and
         * copied all the same (what is copied past the run is written
         * over), as a branch on it went either way at random */
        int past = first_past(e, i, w->after);
        copy_run(t + k, e + i, past - i);
        k += past - i;
        i = past;
        t[k++] = w->rec;
    }
    memcpy(t + k, e + i, sizeof *e * (size_t)(n - i));
    return k + n - i;
}

/* The k records merged into r->tmp take r->e's place (its room is kept
 * for the next merge); nothing waits now. */
static void took_merged(ad_lex_results *r, int k)
{
    lex_rec *t = r->e;
    int cap = r->ecap;
    r->e = r->tmp;
    r->ecap = r->tcap;
    r->tmp = t;
    r->tcap = cap;
    r->n = k;
    r->nm = 0;
}

/* The list e of n records and the waiting words m (nm, in walk order
 * or in the order of key) merged into r->tmp, which then takes r->e's
 * place (the list's room to merge made first). */
static void merged(ad_lex_results *r, const lex_mrec *m, const uint64_t *key, int nm)
{
    took_merged(r, merge_into(r->tmp, r->e, r->n, m, key, nm));
}

int ad_lex_merge_multi(ad_lex_results *r)
{
    while (r->nheap)
        r->m[r->nm++] = heap_pop(r);
    if (!r->nm) /* nothing waits: the list is whole (and the sort counts at least one card) */
        return 0;
    if (ad_lex_room_to_merge(r, 0) < 0)
        return -1;
    merged(r, r->m, sort_keys(r), r->nm);
    return 0;
}

/* Whether waiting word a comes before b, their orders equal: by rank
 * where both have one and they differ (before's first test, without a
 * call), else as in_order says. */
static inline int tied_before(const ad_lex_results *r, const lex_mrec *a, const lex_mrec *b)
{
    return a->rank != LEX_KEY_CARDS && b->rank != LEX_KEY_CARDS && a->rank != b->rank
               ? a->rank < b->rank
               : in_order(r, a, b);
}

/* Whether waiting word a comes before b, their keys equal (keyed: both
 * of two cards or more, the same letters up to the second, the same card
 * there): by the rest of their choices.  When both ways have just those
 * two cards (most), the rest is letters: the table's order. */
static int keyed_before(const ad_lex_results *r, const lex_mrec *a, const lex_mrec *b)
{
    char ka[AD_LEX_WORD_MAX + 1], kb[AD_LEX_WORD_MAX + 1];
    const uint8_t *wa = first_way(r, a), *wb = first_way(r, b);
    if (wa && wb && wa[0] == 2 && wb[0] == 2)
        return lex_rec_table_word(r, &a->rec) < lex_rec_table_word(r, &b->rec);
    return strcmp(key_past_card(r, a, ka), key_past_card(r, b, kb)) < 0;
}

/* Whether waiting word y comes before x (of two runs being merged): by
 * order, and where two orders are equal (only a card's word against one
 * of several places: the cards' own differ, the card is in them) by
 * tied_before. */
static inline int goes_first(const ad_lex_results *r, const lex_mrec *x, const lex_mrec *y)
{
    int first = y->order < x->order; /* a flag, not a branch: either way at random */
    if (__builtin_expect(y->order == x->order, 0))
        first = r->keyed ? keyed_before(r, y, x) : tied_before(r, y, x);
    return first;
}

/* How many steps of a merge from both ends leave neither run run out on
 * either side, from what is left: the front's room to its half, each
 * run's rest from the front, each run's rest from the back (the least):
 * one test a step, not five. */
static inline int safe_steps(int room, int a, int b, int a2, int b2)
{
    int safe = room < a ? room : a;
    safe = safe < b ? safe : b;
    safe = safe < a2 ? safe : a2;
    return safe < b2 ? safe : b2;
}

/* Two runs of waiting words, each in walk order, merged into t without a
 * branch a word: the first half from the front and the second from the
 * back in the same steps, two chains of loads and compares side by side
 * (a merge waits on each step's compare before its next loads). */
static int merge_two(const ad_lex_results *r, lex_mrec *t, const lex_mrec *a, int na,
                     const lex_mrec *b, int nb)
{
    int n = na + nb, half = n / 2;
    int i = 0, j = 0, k = 0;        /* the front: t[0..half) */
    int i2 = na, j2 = nb, k2 = n;   /* the back: t[half..n), from its end */
    for (int safe; (safe = safe_steps(half - k, na - i, nb - j, i2, j2)) > 0;)
        for (int end = k + safe; k < end;) {
            int from_b = goes_first(r, &a[i], &b[j]);
            t[k++] = *(from_b ? &b[j] : &a[i]);
            j += from_b;
            i += from_b ^ 1;
            int last_a = goes_first(r, &a[i2 - 1], &b[j2 - 1]); /* b's first: a's last */
            t[--k2] = *(last_a ? &a[i2 - 1] : &b[j2 - 1]);
            i2 -= last_a;
            j2 -= last_a ^ 1;
        }
    for (; k < half; k++) {
        int from_b = i == na || (j < nb && goes_first(r, &a[i], &b[j]));
        t[k] = from_b ? b[j++] : a[i++];
    }
    while (k2 > half) {
        int last_a = j2 == 0 || (i2 > 0 && goes_first(r, &a[i2 - 1], &b[j2 - 1]));
        t[--k2] = last_a ? a[--i2] : b[--j2];
    }
    return n;
}

/* The waiting words r->m sorted by key (keyed), into r->m or r->heap
 * (as large, empty now): each card's (seg[0..nseg], as other_words
 * leaves them, nearly in order) put in order one by one, then the cards'
 * merged two by two, by turns into the other.  Returns where they are. */
static const lex_mrec *sort_keyed(ad_lex_results *r, const int *seg, int nseg)
{
    lex_mrec *a = r->m, *b = r->heap;
    int cut[AD_LEX_CARD_MAX + 1];
    memcpy(cut, seg, sizeof cut[0] * ((size_t)nseg + 1));
    for (int g = 0; g < nseg; g++)
        for (int i = cut[g] + 1; i < cut[g + 1]; i++) {
            lex_mrec x = a[i];
            int j = i;
            for (; j > cut[g] && goes_first(r, &a[j - 1], &x); j--)
                a[j] = a[j - 1];
            a[j] = x;
        }
    while (nseg > 1) {
        int k = 0;
        for (int g = 0; g < nseg; g += 2) {
            int from = cut[g], mid = cut[g + 1], to = g + 2 <= nseg ? cut[g + 2] : mid;
            merge_two(r, b + from, a + from, mid - from, a + mid, to - mid);
            cut[k++] = from;
        }
        cut[k] = cut[nseg];
        nseg = k;
        lex_mrec *t = a;
        a = b;
        b = t;
    }
    return a;
}

/* The room of *p (of *cap) for n keys. */
static int grow_keys(uint64_t **p, int *cap, int n)
{
    if (n <= *cap)
        return 0;
    uint64_t *a = realloc(*p, sizeof *a * (size_t)n);
    if (!a)
        return -1;
    *p = a;
    *cap = n;
    return 0;
}

/* Two runs of keys, each in order, merged into t (none equal: the keys
 * of simple words of different cards), without a branch a key, from
 * both ends at once as merge_two merges; returns how many. */
static int merge_keys(uint64_t *t, const uint64_t *a, int na, const uint64_t *b, int nb)
{
    int n = na + nb, half = n / 2;
    int i = 0, j = 0, k = 0;      /* the front: t[0..half) */
    int i2 = na, j2 = nb, k2 = n; /* the back: t[half..n), from its end */
    for (int safe; (safe = safe_steps(half - k, na - i, nb - j, i2, j2)) > 0;)
        for (int end = k + safe; k < end;) {
            uint64_t x = a[i], y = b[j];
            int from_b = y < x; /* a flag, not a branch: either way at random */
            t[k++] = from_b ? y : x;
            j += from_b;
            i += from_b ^ 1;
            uint64_t x2 = a[i2 - 1], y2 = b[j2 - 1];
            int last_a = x2 > y2;
            t[--k2] = last_a ? x2 : y2;
            i2 -= last_a;
            j2 -= last_a ^ 1;
        }
    for (; k < half; k++) {
        int from_b = i == na || (j < nb && b[j] < a[i]);
        t[k] = from_b ? b[j++] : a[i++];
    }
    while (k2 > half) {
        int last_a = j2 == 0 || (i2 > 0 && a[i2 - 1] > b[j2 - 1]);
        t[--k2] = last_a ? a[--i2] : b[--j2];
    }
    return n;
}

/* The record of a simple word from its key (lex_key_simple), multi[] the
 * hand's multi-letter cards, as a lex_rec's 64 bits. */
static inline uint64_t simple_rec(uint64_t key, const uint8_t *multi)
{
    uint64_t at = (key >> 13) & 0x7ffff, len = key & 63, pos = 63 - ((key >> 38) & 63);
    uint64_t lack = (key >> 6) & 63, id = multi[(key >> 32) & 63];
    return at | len << 32 | pos << 40 | lack << 48 | id << 56;
}

/* merge_into for the lists' way: the simple words' keys u (nu, in walk
 * order, u[nu] past every key) and the others o (no, in walk order,
 * o[no]'s order past every key), merged into the list e of n records,
 * into t, the next of the two taken at each step without a branch (no
 * key of one is the other's: an other's rank is odd, or another table
 * word's); returns how many. */
static int merge_into_keyed(lex_rec *t, const lex_rec *e, int n, const uint64_t *u, int nu,
                            const lex_mrec *o, int no, const uint8_t *multi)
{
    int i = 0, k = 0, a = 0, b = 0;
    for (int j = 0; j < nu + no; j++) {
        uint64_t x = u[a], orec;
        const lex_mrec *y = &o[b];
        int from_o = y->order < x;
        memcpy(&orec, &y->rec, sizeof orec);
        uint64_t rec = from_o ? orec : simple_rec(x, multi);
        uint32_t after = from_o ? y->after : (uint32_t)(x >> 44);
        a += from_o ^ 1;
        b += from_o;
        int past = first_past(e, i, after);
        copy_run(t + k, e + i, past - i);
        k += past - i;
        i = past;
        memcpy(&t[k++], &rec, sizeof rec);
    }
    memcpy(t + k, e + i, sizeof *e * (size_t)(n - i));
    return k + n - i;
}

int ad_lex_merge_lists(ad_lex_results *r, int nseg, const uint8_t *multi)
{
    int nl = r->lseg[nseg], nm = r->nm;
    if (!nl && !nm)
        return 0;
    if (ad_lex_room_to_merge(r, nl) < 0 ||
        grow_keys(&r->kall, &r->kallcap, nl + 1) < 0 ||
        grow_keys(&r->kall2, &r->kall2cap, nl + 1) < 0)
        return -1;
    /* the cards' runs of keys merged two at a time, into kall and kall2 by
     * turns; the others (few) sorted (sort_keyed); then both merged into
     * the single-card words at once */
    const uint64_t *run = r->lk;
    int n = r->lseg[1];
    uint64_t *into = r->kall, *other = r->kall2;
    for (int g = 1; g < nseg; g++) {
        n = merge_keys(into, run, n, r->lk + r->lseg[g], r->lseg[g + 1] - r->lseg[g]);
        run = into;
        into = other;
        other = (uint64_t *)(uintptr_t)run;
    }
    uint64_t *keys = (uint64_t *)(uintptr_t)run;
    keys[n] = UINT64_MAX; /* past every key (room for it made) */
    lex_mrec *others = (lex_mrec *)(uintptr_t)sort_keyed(r, r->oseg, nseg);
    others[nm].order = UINT64_MAX;
    took_merged(r, merge_into_keyed(r->tmp, r->e, r->n, keys, n, others, nm, multi));
    return 0;
}
