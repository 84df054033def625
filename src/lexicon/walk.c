/*
 * walk.c - every word some cards spell: one depth-first walk of the DAWG,
 * trying at each state each distinct card left, not each copy.  A wild
 * stands for a letter only when no card of that letter is left: that loses
 * no word and no card count (the two can swap), and cuts the walk a lot.
 * The walk lives on the stack; only the result list may grow.
 */
#include <stdlib.h>
#include <string.h>

#include "lex.h"

typedef struct walk walk;
typedef void (*hit_fn)(walk *w);

/* The walk's arrays.  Where it stands (letters and wilds left, depth,
 * cards used) is passed down the recursion instead, in registers; count[]
 * keeps the copies left of letters and multi-letter cards. */
struct walk {
    const uint32_t *cell;
    const lex_cards *t;
    uint8_t count[AD_LEX_CARD_MAX]; /* cards left, by id */
    int nmulti;                     /* distinct multi-letter cards in the hand */
    uint8_t multi[AD_LEX_CARD_MAX];
    uint8_t multi_at[AD_LEX_CARD_MAX]; /* the first letter of each (0-25) */
    uint32_t multi_first;               /* all those first letters */
    int min_cards, wilds;               /* wilds: in the hand */
    char word[AD_LEX_WORD_MAX];
    uint64_t hash[AD_LEX_WORD_MAX]; /* hash[d]: FNV-1a of the first d letters */
    ad_lex_spelling how;            /* card[] as the walk goes; the rest at a hit */
    int depth;                      /* at a hit: the word's length */
    hit_fn hit;
    void *ctx;
};

static void visit(walk *w, uint32_t s, uint32_t letters, int wilds, int depth, int n);

/* What can go on from a state: any letter while a wild is left, else the
 * letters and the first letters of the cards left. */
static inline uint32_t on(const walk *w, uint32_t letters, int wilds)
{
    return wilds ? LEX_MASK : letters | w->multi_first;
}

/* The word just reached, depth letters with n cards and `wilds` wilds
 * left: its end and length, and the counts of its spelling; what each
 * wild stands for is filled in only when needed. */
static inline void reached(walk *w, int depth, int n, int wilds)
{
    w->word[depth] = 0;
    w->depth = depth;
    w->how.n = n;
    w->how.wilds = w->wilds - wilds;
}

/* What each wild of the spelling stands for. */
static void finish(walk *w)
{
    for (int i = 0, pos = 0; i < w->how.n; pos += w->t->len[w->how.card[i]], i++)
        w->how.as[i] = w->how.card[i] == AD_LEX_WILD ? w->word[pos] : 0;
}

/* Just along edge e, with n cards used: a word when one ends there, and
 * on from where it leads only if some card can go on (a dead end costs no
 * call). */
static inline void arrive(walk *w, uint32_t e, uint32_t letters, int wilds, int depth, int n)
{
    if ((e & LEX_FINAL) && n >= w->min_cards) {
        reached(w, depth, n, wilds);
        w->hit(w);
    }
    uint32_t t = lex_target(e);
    if ((w->cell[t] & on(w, letters, wilds)) && depth < AD_LEX_WORD_MAX - 1)
        visit(w, t, letters, wilds, depth, n);
}

static inline void enter(walk *w, int depth, unsigned c)
{
    w->word[depth] = (char)('a' + c);
    w->hash[depth + 1] = (w->hash[depth] ^ (c + 1)) * 0x100000001b3ULL;
}

/* Letter c along the edge in cell at: its own card if one is left, else a
 * wild. */
static inline void step_letter(walk *w, unsigned c, uint32_t at, uint32_t letters, int wilds,
                               int depth, int n)
{
    int own = (letters >> c) & 1;
    uint32_t e = w->cell[at];
    if (!own)
        wilds--;
    else if (--w->count[c] == 0)
        letters &= ~(1u << c);
    w->how.card[n] = (uint8_t)(own ? (int)c : AD_LEX_WILD);
    enter(w, depth, c);
    arrive(w, e, letters, wilds, depth + 1, n + 1);
    if (own)
        w->count[c]++;
}

/* A multi-letter card: follows all its letters or none. */
static void step_multi(walk *w, uint32_t s, int card, uint32_t letters, int wilds, int depth,
                       int n)
{
    const char *l = w->t->letters[card];
    int k = w->t->len[card];
    uint32_t e = 0;
    if (depth + k >= AD_LEX_WORD_MAX)
        return;
    for (int i = 0; i < k; i++) {
        uint32_t at = lex_edge(w->cell, s, (unsigned)(l[i] - 'a'));
        if (!at)
            return;
        e = w->cell[at];
        s = lex_target(e);
    }
    w->count[card]--;
    w->how.card[n] = (uint8_t)card;
    for (int i = 0; i < k; i++)
        enter(w, depth + i, (unsigned)(l[i] - 'a'));
    arrive(w, e, letters, wilds, depth + k, n + 1);
    w->count[card]++;
}

static void visit(walk *w, uint32_t s, uint32_t letters, int wilds, int depth, int n)
{
    uint32_t mask = w->cell[s];
    if (wilds) { /* every letter on: edges in order */
        uint32_t at = s + 1;
        for (uint32_t m = mask; m; m &= m - 1)
            step_letter(w, (unsigned)__builtin_ctz(m), at++, letters, wilds, depth, n);
    } else if (mask & letters) { /* the letters held: edges counted on the way */
        uint32_t at = s + 1;
        for (uint32_t m = mask; m & letters; m &= m - 1, at++)
            if ((letters >> __builtin_ctz(m)) & 1)
                step_letter(w, (unsigned)__builtin_ctz(m), at, letters, 0, depth, n);
    }
    if (mask & w->multi_first)
        for (int i = 0; i < w->nmulti; i++)
            if (((mask >> w->multi_at[i]) & 1) && w->count[w->multi[i]])
                step_multi(w, s, w->multi[i], letters, wilds, depth, n);
}

/* Counts the hand; returns the letters it holds, or -1 with err set. */
static int64_t start(walk *w, const ad_lex *lex, const uint8_t *cards, int n, int min_cards,
                     ad_err *err)
{
    uint32_t letters = 0;
    if (lex_cards_check(cards, n, err) < 0)
        return -1;
    memset(w, 0, offsetof(walk, word));
    w->cell = lex->cell;
    w->hash[0] = 0xcbf29ce484222325ULL;
    w->t = lex_cards_get();
    w->min_cards = min_cards > 1 ? min_cards : 1;
    for (int i = 0; i < n; i++) {
        int c = cards[i];
        if (c < 26)
            letters |= 1u << c;
        else if (c > AD_LEX_WILD && w->count[c] == 0) {
            w->multi_at[w->nmulti] = (uint8_t)(w->t->letters[c][0] - 'a');
            w->multi_first |= 1u << w->multi_at[w->nmulti];
            w->multi[w->nmulti++] = (uint8_t)c;
        }
        w->count[c]++;
    }
    w->wilds = w->count[AD_LEX_WILD];
    return letters;
}

/* Walks from the root if any card can start a word. */
static void walk_all(walk *w, const ad_lex *lex, uint32_t letters)
{
    if (lex->cell[lex->root] & on(w, letters, w->wilds))
        visit(w, lex->root, letters, w->wilds, 0, 0);
}

/* ------------------------------------------------------------------ words */

/* A word found: its letters and then room for one card a letter (no
 * spelling uses more) sit in the pool at `at`.  Records and the table are
 * small so that a big result list stays in cache while the walk runs. */
typedef struct rec {
    uint32_t at;
    uint32_t hash; /* the top half of the word's hash */
    uint32_t slot; /* where the table points at this record */
    uint8_t len, n, wilds;
} rec;

struct ad_lex_results {
    rec *e;
    int n, cap;
    char *pool;
    size_t used, pcap;
    uint32_t *slot; /* record + 1, or 0: open addressing, at most half full */
    uint32_t hcap;
    int oom;
};

ad_lex_results *ad_lex_results_new(void)
{
    return calloc(1, sizeof(ad_lex_results));
}

void ad_lex_results_free(ad_lex_results *r)
{
    if (!r)
        return;
    free(r->e);
    free(r->pool);
    free(r->slot);
    free(r);
}

int ad_lex_results_count(const ad_lex_results *r)
{
    return r->n;
}

const char *ad_lex_results_word(const ad_lex_results *r, int i)
{
    return i >= 0 && i < r->n ? r->pool + r->e[i].at : NULL;
}

int ad_lex_results_get(const ad_lex_results *r, int i, ad_lex_found *out)
{
    if (i < 0 || i >= r->n)
        return -1;
    const rec *e = &r->e[i];
    const lex_cards *t = lex_cards_get();
    memcpy(out->word, r->pool + e->at, (size_t)e->len + 1);
    out->how.n = e->n;
    out->how.wilds = e->wilds;
    for (int k = 0, pos = 0; k < e->n; k++) {
        int card = (uint8_t)r->pool[e->at + e->len + 1 + k];
        out->how.card[k] = (uint8_t)card;
        out->how.as[k] = card == AD_LEX_WILD ? out->word[pos] : 0;
        pos += t->len[card];
    }
    return 0;
}

/* The slot holding word (of hash h), or the empty slot for it. */
static uint32_t slot_of(const ad_lex_results *r, uint32_t h, const char *word)
{
    uint32_t i = h & (r->hcap - 1), at;
    while ((at = r->slot[i]) != 0 &&
           (r->e[at - 1].hash != h || strcmp(r->pool + r->e[at - 1].at, word) != 0))
        i = (i + 1) & (r->hcap - 1);
    return i;
}

/* Doubles the table (from 4096 slots) and puts the records back. */
static int grow_table(ad_lex_results *r)
{
    uint32_t cap = r->hcap ? r->hcap * 2 : 4096;
    uint32_t *sl = calloc(cap, sizeof *sl);
    if (!sl)
        return -1;
    free(r->slot);
    r->slot = sl;
    r->hcap = cap;
    for (int i = 0; i < r->n; i++) {
        r->e[i].slot = slot_of(r, r->e[i].hash, r->pool + r->e[i].at);
        r->slot[r->e[i].slot] = (uint32_t)i + 1;
    }
    return 0;
}

/* Room for one more record of a word of len letters: grows what must grow.
 * The test is cheap and inline; the growing is not. */
static int grow_for(ad_lex_results *r, int len)
{
    if (((uint32_t)r->n + 1) * 2 > r->hcap && grow_table(r) < 0)
        return -1;
    if (r->n == r->cap) {
        int cap = r->cap ? r->cap * 2 : 1024;
        rec *e = realloc(r->e, sizeof *e * (size_t)cap);
        if (!e)
            return -1;
        r->e = e;
        r->cap = cap;
    }
    if (r->used + 2 * (size_t)len + 1 > r->pcap) {
        size_t cap = r->pcap ? r->pcap * 2 : 1 << 16;
        char *pool = cap <= UINT32_MAX ? realloc(r->pool, cap) : NULL;
        if (!pool)
            return -1;
        r->pool = pool;
        r->pcap = cap;
    }
    return 0;
}

static inline int room(ad_lex_results *r, int len)
{
    if (((uint32_t)r->n + 1) * 2 <= r->hcap && r->n < r->cap &&
        r->used + 2 * (size_t)len + 1 <= r->pcap)
        return 0;
    return grow_for(r, len);
}

/* Empties the list: only the slots in use are wiped, so a table grown big
 * once costs nothing on later small queries. */
static void clear(ad_lex_results *r)
{
    for (int i = 0; i < r->n; i++)
        r->slot[r->e[i].slot] = 0;
    r->n = 0;
    r->used = 0;
    r->oom = 0;
}

static inline void keep_cards(ad_lex_results *r, rec *e, const walk *w)
{
    e->n = (uint8_t)w->how.n;
    e->wilds = (uint8_t)w->how.wilds;
    memcpy(r->pool + e->at + e->len + 1, w->how.card, (size_t)w->how.n);
}

/* A word reached: a new record, or a better spelling of a known one. */
static void hit_words(walk *w)
{
    ad_lex_results *r = w->ctx;
    int len = w->depth;
    uint32_t h = (uint32_t)(w->hash[len] >> 32), i, at;
    if (r->oom || room(r, len) < 0) {
        r->oom = 1;
        return;
    }
    for (i = h & (r->hcap - 1); (at = r->slot[i]) != 0; i = (i + 1) & (r->hcap - 1)) {
        rec *e = &r->e[at - 1];
        if (e->hash != h || e->len != len || memcmp(r->pool + e->at, w->word, (size_t)len) != 0)
            continue;
        if (w->how.n > e->n || (w->how.n == e->n && w->how.wilds < e->wilds))
            keep_cards(r, e, w);
        return;
    }
    rec *e = &r->e[r->n];
    r->slot[i] = (uint32_t)++r->n;
    *e = (rec){(uint32_t)r->used, h, i, (uint8_t)len, 0, 0};
    memcpy(r->pool + e->at, w->word, (size_t)len + 1);
    keep_cards(r, e, w);
    r->used += 2 * (size_t)len + 1;
}

int ad_lex_words(const ad_lex *lex, const uint8_t *cards, int n, int min_cards,
                 ad_lex_results *out, ad_err *err)
{
    walk w;
    int64_t letters = start(&w, lex, cards, n, min_cards, err);
    if (letters < 0)
        return -1;
    clear(out);
    w.hit = hit_words;
    w.ctx = out;
    walk_all(&w, lex, (uint32_t)letters);
    if (out->oom) {
        out->n = 0;
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    }
    return out->n;
}

static int by_word(const void *a, const void *b, void *pool)
{
    return strcmp((const char *)pool + ((const rec *)a)->at, (const char *)pool + ((const rec *)b)->at);
}

static int by_length(const void *a, const void *b, void *pool)
{
    int la = ((const rec *)a)->len, lb = ((const rec *)b)->len;
    return la != lb ? lb - la : by_word(a, b, pool);
}

/* Sorting moves records away from their slots: they stay readable, and
 * the next ad_lex_words empties the table through each record's slot. */
void ad_lex_results_sort(ad_lex_results *r, ad_lex_order order)
{
    if (r->n > 1)
        qsort_r(r->e, (size_t)r->n, sizeof r->e[0],
                order == AD_LEX_LONGEST_FIRST ? by_length : by_word, r->pool);
}

/* ------------------------------------------------------------------- best */

typedef struct best_ctx {
    ad_lex_score_fn score;
    void *ctx;
    ad_lex_found *out;
    long best;
    int found;
} best_ctx;

static void hit_best(walk *w)
{
    best_ctx *b = w->ctx;
    finish(w);
    long s = b->score(w->word, &w->how, b->ctx);
    const ad_lex_spelling *h = &b->out->how;
    if (b->found) {
        if (s < b->best)
            return;
        if (s == b->best) {
            if (w->how.n != h->n || w->how.wilds != h->wilds) {
                if (!lex_better(&w->how, h))
                    return;
            } else if (strcmp(w->word, b->out->word) >= 0) {
                return;
            }
        }
    }
    b->best = s;
    b->found = 1;
    memcpy(b->out->word, w->word, (size_t)w->depth + 1);
    b->out->how = w->how;
}

long ad_lex_score_longest(const char *word, const ad_lex_spelling *how, void *ctx)
{
    (void)how;
    (void)ctx;
    return (long)strlen(word);
}

long ad_lex_score_cards(const char *word, const ad_lex_spelling *how, void *ctx)
{
    (void)word;
    (void)ctx;
    return how->n;
}

int ad_lex_best(const ad_lex *lex, const uint8_t *cards, int n, int min_cards,
                ad_lex_score_fn score, void *ctx, ad_lex_found *out, ad_err *err)
{
    walk w;
    int64_t letters = start(&w, lex, cards, n, min_cards, err);
    if (letters < 0)
        return -1;
    best_ctx b = {score ? score : ad_lex_score_longest, ctx, out, 0, 0};
    w.hit = hit_best;
    w.ctx = &b;
    walk_all(&w, lex, (uint32_t)letters);
    return b.found;
}
