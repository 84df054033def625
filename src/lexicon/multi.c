/*
 * multi.c - the words a hand spells only with a multi-letter card, each
 * worked out alone by the rules of the old depth-first walk of the DAWG:
 * at each place of the word, the letter's own card while one is left,
 * else a wild; then each multi-letter card whose letters follow, in the
 * order the hand first holds them.  The first way met (with enough
 * cards) is the word's place in the walk order; the best way (the most
 * cards, then the fewest wilds, the first met of equals) is its spelling.
 * Then these words are sorted by place and merged into the single-card
 * words, which are already in walk order.
 */
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

/* Where a waiting word goes among the single-card words, which are the
 * table's words in alphabetical order: their choices agree with its own
 * while both are letters, and where it takes its first multi-letter card
 * (j0 letters in), a single-card word has a letter or has ended, which
 * comes first.  So it comes after exactly the table words whose first j0
 * letters are not beyond its own: those up to the end of the run of
 * words that share its first j0 letters (from the index of first two
 * letters, or along the lcp array from the word itself). */
static uint32_t after(const lex_sigs *s, long i, const char *word, int j0)
{
    if (j0 == 0)
        return (uint32_t)s->n;
    int k = (word[0] - 'a') * 27;
    if (j0 == 1)
        return s->start2[k + 27];
    if (j0 == 2)
        return s->start2[k + word[1] - 'a' + 2];
    while (i + 1 < s->n && s->lcp[i] >= j0)
        i++;
    return (uint32_t)(i + 1);
}

/* after (28 bits: an index holds fewer words), then the first 6
 * choices, 6 bits each. */
static uint64_t order(uint32_t after_n, const uint8_t *code)
{
    uint64_t k = after_n;
    for (int i = 0; i < 6; i++) /* code[] is zero past its n choices */
        k = k << 6 | code[i];
    return k;
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
    char *p = r->pool + r->used;
    lex_rec rec = {(uint32_t)r->used, (uint8_t)len, (uint8_t)w.best_n, (uint8_t)w.best_wilds, 1};
    memcpy(p, w.word, (size_t)len);
    p[len] = 0;
    memcpy(p + len + 1, w.best, (size_t)w.best_n);
    memcpy(p + len + 1 + w.best_n, w.key, (size_t)w.nkey);
    p[len + 1 + w.best_n + w.nkey] = 0;
    r->used += (size_t)(len + w.best_n + w.nkey + 2);
    uint32_t aft = after(s, i, w.word, j0);
    r->m[r->nm++] = (lex_mrec){order(aft, w.key), rec, aft};
}

/* ------------------------------------------------------------------ order */

/* The full key of a waiting word, NUL-terminated (choices are never 0). */
static const char *full_key(const ad_lex_results *r, const lex_mrec *m)
{
    return r->pool + m->rec.at + m->rec.len + 1 + m->rec.n;
}

/* Sorts r->m by order, a byte at a time from the lowest (a pass where
 * every word has the same byte is skipped), then puts runs of equal
 * orders in order by their full keys.  Sorting by place among the table
 * words first is sorting by key: a key that comes first never goes after
 * more table words. */
static void sort_keys(ad_lex_results *r)
{
    lex_mrec *a = r->m, *b = r->mtmp;
    for (int shift = 0; shift < 64; shift += 8) {
        int count[257] = {0};
        for (int i = 0; i < r->nm; i++)
            count[((a[i].order >> shift) & 255) + 1]++;
        if (count[((a[0].order >> shift) & 255) + 1] == r->nm)
            continue;
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (int i = 0; i < r->nm; i++)
            b[count[(a[i].order >> shift) & 255]++] = a[i];
        lex_mrec *t = a;
        a = b;
        b = t;
    }
    for (int i = 1; i < r->nm; i++)
        for (int j = i; j > 0 && a[j - 1].order == a[j].order &&
                        strcmp(full_key(r, &a[j - 1]), full_key(r, &a[j])) > 0;
             j--) {
            lex_mrec t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
    if (a != r->m) { /* an odd number of passes: the two swapped */
        int cap = r->mcap;
        r->mcap = r->mtcap;
        r->mtcap = cap;
    }
    r->mtmp = b;
    r->m = a;
}

int ad_lex_merge_multi(ad_lex_results *r)
{
    if (ad_lex_room_to_merge(r) < 0)
        return -1;
    sort_keys(r);
    int i = 0, j = 0, k = 0;
    while (i < r->n && j < r->nm) { /* without a branch a word: the order is data */
        int single = r->e[i].at < r->m[j].after;
        r->tmp[k++] = single ? r->e[i] : r->m[j].rec;
        i += single;
        j += !single;
    }
    while (j < r->nm)
        r->tmp[k++] = r->m[j++].rec;
    while (i < r->n)
        r->tmp[k++] = r->e[i++];
    lex_rec *t = r->e;
    int cap = r->ecap;
    r->e = r->tmp;
    r->ecap = r->tcap;
    r->tmp = t;
    r->tcap = cap;
    r->n = k;
    r->nm = 0;
    return 0;
}
