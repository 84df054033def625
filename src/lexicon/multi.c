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
    uint8_t key[AD_LEX_WORD_MAX];  /* its choices */
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

/* Packs the first 10 choices, 6 bits each, from the top. */
static uint64_t pack(const uint8_t *code, int n)
{
    uint64_t k = 0;
    for (int i = 0; i < 10; i++)
        k = k << 6 | (i < n ? code[i] : 0);
    return k << 4;
}

void ad_lex_multi_word(ad_lex_results *r, const lex_hand *h, const char *word, int len)
{
    way w;
    w.h = h;
    w.word = word;
    w.len = len;
    memcpy(w.left, h->count, sizeof w.left);
    w.wilds = h->wilds;
    w.first = 0;
    w.best_n = -1;
    w.best_wilds = 0;
    go(&w, 0, 0);
    if (!w.first)
        return;
    int j0 = 0;
    for (int i = 0; w.key[i] <= 26; i++)
        j0++;
    char *p = r->pool + r->used;
    lex_rec rec = {(uint32_t)r->used, (uint8_t)len, (uint8_t)w.best_n, (uint8_t)w.best_wilds, 1};
    memcpy(p, word, (size_t)len);
    p[len] = 0;
    memcpy(p + len + 1, w.best, (size_t)w.best_n);
    memcpy(p + len + 1 + w.best_n, w.key, (size_t)w.nkey);
    p[len + 1 + w.best_n + w.nkey] = 0;
    r->used += (size_t)(len + w.best_n + w.nkey + 2);
    r->m[r->nm++] = (lex_mrec){pack(w.key, w.nkey), rec, (uint32_t)j0};
}

/* ------------------------------------------------------------------ order */

/* The full key of a waiting word, NUL-terminated (choices are never 0). */
static const char *full_key(const ad_lex_results *r, const lex_mrec *m)
{
    return r->pool + m->rec.at + m->rec.len + 1 + m->rec.n;
}

/* Sorts r->m by packed key, a byte at a time from the lowest (a pass
 * where every key has the same byte is skipped), then puts runs of equal
 * packed keys (keys longer than 10 choices) in order by their full keys. */
static void sort_keys(ad_lex_results *r)
{
    lex_mrec *a = r->m, *b = r->mtmp;
    for (int shift = 0; shift < 64; shift += 8) {
        int count[257] = {0};
        for (int i = 0; i < r->nm; i++)
            count[((a[i].key >> shift) & 255) + 1]++;
        if (count[((a[0].key >> shift) & 255) + 1] == r->nm)
            continue;
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (int i = 0; i < r->nm; i++)
            b[count[(a[i].key >> shift) & 255]++] = a[i];
        lex_mrec *t = a;
        a = b;
        b = t;
    }
    for (int i = 1; i < r->nm; i++)
        for (int j = i; j > 0 && a[j - 1].key == a[j].key &&
                        strcmp(full_key(r, &a[j - 1]), full_key(r, &a[j])) > 0;
             j--) {
            lex_mrec t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
    r->mtmp = b;
    r->m = a;
}

/* Whether waiting word m comes before single-card word s in walk order:
 * their choices agree while both are letters, and where m takes its first
 * multi-letter card (j0), s has a letter or has ended, which comes first;
 * so m is first exactly when s's first j0 letters are beyond m's. */
static inline int before(const ad_lex_results *r, const lex_mrec *m, const lex_rec *s)
{
    return strncmp(r->pool + s->at, r->pool + m->rec.at, m->j0) > 0;
}

void ad_lex_merge_multi(ad_lex_results *r)
{
    sort_keys(r);
    int i = 0, k = 0;
    for (int j = 0; j < r->nm; j++) {
        while (i < r->n && !before(r, &r->m[j], &r->e[i]))
            r->tmp[k++] = r->e[i++];
        r->tmp[k++] = r->m[j].rec;
    }
    while (i < r->n)
        r->tmp[k++] = r->e[i++];
    lex_rec *t = r->e;
    r->e = r->tmp;
    r->tmp = t;
    r->n = k;
    r->nm = 0;
}
