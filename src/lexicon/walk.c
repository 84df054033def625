/*
 * walk.c - every word some cards spell: one depth-first walk of the DAWG,
 * trying at each state each distinct card left, not each copy.  A wild
 * stands for a letter only when no card of that letter is left: that loses
 * no word and no card count (the two can swap), and cuts the walk a lot.
 * The order of the walk is the order of the results, and bots break ties
 * by it.  The walk lives on the stack; only the result list may grow.
 */
#include <stdlib.h>
#include <string.h>

#include "lex.h"

typedef struct walk walk;

/* Where the walk stands (letters and wilds left, depth, cards used) is
 * passed down the recursion, in registers; count[] keeps the copies left
 * of letters and multi-letter cards. */
struct walk {
    const uint32_t *cell;
    const lex_cards *t;
    int min_cards, wilds;           /* wilds: in the hand */
    int nmulti;                     /* distinct multi-letter cards in the hand */
    uint32_t multi_first;           /* the first letters of those */
    uint64_t multi_left;            /* bit i: a copy of multi[i] is left */
    int multis;                     /* multi-letter cards on the way so far ... */
    uint8_t multi_on[AD_LEX_WORD_MAX]; /* ... and which */
    void *ctx;                      /* the results, or ad_lex_best's context */
    int best;                       /* 1: ad_lex_best's walk */
    int depth;                      /* at a hit: the word's length */
    uint8_t count[AD_LEX_CARD_MAX]; /* cards left, by id */
    uint8_t hand[AD_LEX_CARD_MAX];  /* cards in the hand, by id */
    uint8_t multi[AD_LEX_CARD_MAX];
    uint8_t multi_at[AD_LEX_CARD_MAX];   /* the first letter of each (0-25) */
    uint8_t multi_next[AD_LEX_CARD_MAX]; /* and its second */
    char word[AD_LEX_WORD_MAX + 8];    /* room to copy it 8 bytes at a time */
    ad_lex_spelling how;               /* card[] as the walk goes; the rest at a hit */
};

static inline void hit_words(walk *w);
static void hit_best(walk *w);

/* What each wild of the spelling stands for. */
static void finish(walk *w)
{
    for (int i = 0, pos = 0; i < w->how.n; pos += w->t->len[w->how.card[i]], i++)
        w->how.as[i] = w->how.card[i] == AD_LEX_WILD ? w->word[pos] : 0;
}

/* Counts the hand; returns the letters it holds, or -1 with err set. */
static int64_t start(walk *w, const ad_lex *lex, const uint8_t *cards, int n, int min_cards,
                     ad_err *err)
{
    uint32_t letters = 0;
    if (ad_lex_cards_check(cards, n, err) < 0)
        return -1;
    memset(w, 0, sizeof *w);
    w->cell = lex->cell;
    w->t = ad_lex_cards_get();
    w->min_cards = min_cards > 1 ? min_cards : 1;
    for (int i = 0; i < n; i++) {
        int c = cards[i];
        if (c < 26)
            letters |= 1u << c;
        else if (c > AD_LEX_WILD && w->count[c] == 0) {
            w->multi_at[w->nmulti] = (uint8_t)(w->t->letters[c][0] - 'a');
            w->multi_next[w->nmulti] = (uint8_t)(w->t->letters[c][1] - 'a');
            w->multi_first |= 1u << w->multi_at[w->nmulti];
            w->multi_left |= 1ull << w->nmulti;
            w->multi[w->nmulti++] = (uint8_t)c;
        }
        w->count[c]++;
    }
    memcpy(w->hand, w->count, sizeof w->hand);
    w->wilds = w->count[AD_LEX_WILD];
    return letters;
}

/* The walk's steps (walk_steps.h): a plain copy, and on x86-64 one for
 * processors with popcnt, taken when this one has it. */
#define STEPS(name) name
#define BITS(x) lex_bits(x)
#define STEPS_TARGET
#include "walk_steps.h"
#undef STEPS
#undef BITS
#undef STEPS_TARGET

#if defined(__x86_64__) && defined(__GNUC__)
#define STEPS(name) name##_popcnt
#define BITS(x) ((uint32_t)__builtin_popcount(x))
#define STEPS_TARGET __attribute__((target("popcnt")))
#include "walk_steps.h"
#undef STEPS
#undef BITS
#undef STEPS_TARGET

static void walk_from_root(walk *w, const ad_lex *lex, uint32_t letters)
{
    if (__builtin_cpu_supports("popcnt"))
        walk_all_popcnt(w, lex, letters);
    else
        walk_all(w, lex, letters);
}
#else
#define walk_from_root walk_all
#endif

/* ------------------------------------------------------------- spellings */

/* The walk meets a word once for each way the hand spells it.  Where two
 * ways part, a single card comes before a multi-letter one, so the way on
 * single cards (and wilds) comes first when there is one; it is also the
 * best way (the most cards, and the wild rule leaves only one such way).
 * So a word reached on single cards is new, and one reached through a
 * multi-letter card is old when the single-card way exists.  Only words
 * with no single-card way go through a table of words, to keep the first
 * record and the best spelling, as the walk met them. */

/* Whether the hand spells the walk's word on single cards (and wilds),
 * with enough cards: then that way came first.  It does when the letters
 * the word needs beyond the hand's single cards are no more than its
 * wilds.  Those are the wilds the walk used, and the letters of the
 * multi-letter cards on the way beyond the cards of those letters still
 * left (a wild stands for a letter only when none is left, so a letter
 * with a card left has had no wild), so only the multi-letter cards on
 * the way are looked at. */
static int singles_way(const walk *w)
{
    uint8_t need[26];
    int lack = w->how.wilds;
    if (w->depth < w->min_cards)
        return 0;
    for (int i = 0; i < w->multis; i++)
        for (const char *l = w->t->letters[w->multi_on[i]]; *l; l++)
            need[*l - 'a'] = 0;
    for (int i = 0; i < w->multis; i++)
        for (const char *l = w->t->letters[w->multi_on[i]]; *l; l++)
            lack += ++need[*l - 'a'] > w->count[*l - 'a'];
    return lack <= w->wilds;
}

/* ------------------------------------------------------------------ words */

/* A found word: its letters sit in the pool at `at`, NUL-terminated, then
 * its cards when `cards` is 1.  A word met on single cards only (most of
 * them) keeps no cards: they are each letter's own card while one is left,
 * else a wild, as the walk took them, and ad_lex_results_get finds them
 * again from the hand.  Records and the table are small so that a big
 * result list stays in cache while the walk runs. */
typedef struct rec {
    uint32_t at;
    uint8_t len, n, wilds;
    uint8_t cards;
} rec;

/* A slot of the table: its record + 1 (0: empty) and the word's hash. */
typedef struct slot {
    uint32_t rec1, hash;
} slot;

#define SLACK 16 /* pool bytes kept free past the end: copies go 8 at a time */
#define REC_ROOM (2 * AD_LEX_WORD_MAX + 1 + SLACK) /* the most one record takes */

/* The table holds only the words with no single-card way (see above). */
struct ad_lex_results {
    rec *e;
    int n, cap;
    char *pool;
    size_t used, pcap;
    slot *slot;      /* open addressing, at most half full */
    uint32_t *taken; /* the slots in use (in_table of them) */
    uint32_t hcap, in_table;
    uint8_t hand[AD_LEX_CARD_MAX]; /* the cards of the query, by id */
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
    free(r->taken);
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
    const lex_cards *t = ad_lex_cards_get();
    uint8_t left[26];
    memcpy(out->word, r->pool + e->at, (size_t)e->len + 1);
    memcpy(left, r->hand, sizeof left);
    out->how.n = e->n;
    out->how.wilds = e->wilds;
    for (int k = 0, pos = 0; k < e->n; k++) {
        int card;
        if (e->cards) {
            card = (uint8_t)r->pool[e->at + e->len + 1 + k];
        } else {
            card = out->word[k] - 'a';
            if (left[card])
                left[card]--;
            else
                card = AD_LEX_WILD;
        }
        out->how.card[k] = (uint8_t)card;
        out->how.as[k] = card == AD_LEX_WILD ? out->word[pos] : 0;
        pos += t->len[card];
    }
    return 0;
}

/* The slot holding word (of hash h, len letters), or the empty slot for
 * it. */
static uint32_t slot_of(const ad_lex_results *r, uint32_t h, const char *word, int len)
{
    uint32_t i = h & (r->hcap - 1);
    for (const slot *s; (s = &r->slot[i])->rec1 != 0; i = (i + 1) & (r->hcap - 1)) {
        const rec *e = &r->e[s->rec1 - 1];
        if (s->hash == h && e->len == len && memcmp(r->pool + e->at, word, (size_t)len) == 0)
            break;
    }
    return i;
}

/* Doubles the table (from 1024 slots) and puts its words back. */
static int grow_table(ad_lex_results *r)
{
    uint32_t cap = r->hcap ? r->hcap * 2 : 1024;
    slot *sl = calloc(cap, sizeof *sl), *old = r->slot;
    uint32_t *taken = realloc(r->taken, sizeof *taken * (cap / 2 + 1));
    if (!sl || !taken) {
        free(sl);
        if (taken)
            r->taken = taken;
        return -1;
    }
    r->slot = sl;
    r->taken = taken;
    r->hcap = cap;
    for (uint32_t k = 0; k < r->in_table; k++) {
        slot s = old[taken[k]];
        const rec *e = &r->e[s.rec1 - 1];
        taken[k] = slot_of(r, s.hash, r->pool + e->at, e->len);
        r->slot[taken[k]] = s;
    }
    free(old);
    return 0;
}

/* Room for one more record of any length: grows what must grow.  The test
 * is cheap and inline; the growing is not. */
static int grow_for(ad_lex_results *r)
{
    if (r->n == r->cap) {
        int cap = r->cap ? r->cap * 2 : 1024;
        rec *e = realloc(r->e, sizeof *e * (size_t)cap);
        if (!e)
            return -1;
        r->e = e;
        r->cap = cap;
    }
    if (r->used + REC_ROOM > r->pcap) {
        size_t cap = r->pcap ? r->pcap * 2 : 1 << 16;
        char *pool = cap <= UINT32_MAX ? realloc(r->pool, cap) : NULL;
        if (!pool)
            return -1;
        r->pool = pool;
        r->pcap = cap;
    }
    return 0;
}

static inline int room(ad_lex_results *r)
{
    if (r->n < r->cap && r->used + REC_ROOM <= r->pcap)
        return 0;
    return grow_for(r);
}

/* Empties the list: only the slots in use are wiped, so a table grown big
 * once costs nothing on later small queries. */
static void clear(ad_lex_results *r)
{
    for (uint32_t k = 0; k < r->in_table; k++)
        r->slot[r->taken[k]].rec1 = 0;
    r->n = 0;
    r->used = 0;
    r->in_table = 0;
    r->oom = 0;
}

/* Copies len bytes (and up to 7 more) 8 at a time: both sides have the
 * room. */
static inline void copy8(char *to, const void *from, int len)
{
    for (int i = 0; i < len; i += 8)
        memcpy(to + i, (const char *)from + i, 8);
}

/* A 32-bit hash of the walk's word, read 8 letters at a time (the bytes
 * after it are masked off). */
static inline uint32_t word_hash(const walk *w)
{
    uint64_t h = (uint64_t)w->depth * 0x9e3779b97f4a7c15ULL, x;
    for (int i = 0; i < w->depth; i += 8) {
        memcpy(&x, w->word + i, 8);
        if (w->depth - i < 8)
            x &= ~0ULL >> (8 * (8 - (w->depth - i)));
        h = (h ^ x) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    return (uint32_t)((h * 0xc4ceb9fe1a85ec53ULL) >> 32);
}

/* A word met on single cards only: always new (see above), its spelling
 * found again from the hand. */
static inline void add_single(ad_lex_results *r, const walk *w, int len, int wilds)
{
    char *p = r->pool + r->used;
    r->e[r->n++] = (rec){(uint32_t)r->used, (uint8_t)len, (uint8_t)len, (uint8_t)wilds, 0};
    copy8(p, w->word, len);
    p[len] = 0;
    r->used += (size_t)len + 1;
}

/* A new record of the walk's word with its cards, in the table at slot s. */
static void add_carded(ad_lex_results *r, const walk *w, uint32_t h, uint32_t s)
{
    int len = w->depth;
    char *p = r->pool + r->used;
    r->e[r->n++] = (rec){(uint32_t)r->used, (uint8_t)len, (uint8_t)w->how.n,
                         (uint8_t)w->how.wilds, 1};
    copy8(p, w->word, len);
    p[len] = 0;
    copy8(p + len + 1, w->how.card, w->how.n);
    r->used += 2 * (size_t)len + 1;
    r->slot[s] = (slot){(uint32_t)r->n, h};
    r->taken[r->in_table++] = s;
}

/* A word reached through a multi-letter card: old when its single-card
 * way exists, else a new record or a better spelling of a known one. */
static __attribute__((noinline)) void hit_multi(ad_lex_results *r, walk *w)
{
    if (singles_way(w))
        return;
    if ((r->in_table + 1) * 2 > r->hcap && grow_table(r) < 0) {
        r->oom = 1;
        return;
    }
    uint32_t h = word_hash(w), i = slot_of(r, h, w->word, w->depth);
    if (!r->slot[i].rec1) {
        add_carded(r, w, h, i);
        return;
    }
    rec *e = &r->e[r->slot[i].rec1 - 1];
    if (w->how.n > e->n || (w->how.n == e->n && w->how.wilds < e->wilds)) {
        e->n = (uint8_t)w->how.n;
        e->wilds = (uint8_t)w->how.wilds;
        memcpy(r->pool + e->at + e->len + 1, w->how.card, (size_t)w->how.n);
    }
}

/* A word reached: a new record, or a better spelling of one already met. */
static inline void hit_words(walk *w)
{
    ad_lex_results *r = w->ctx;
    if (r->oom || room(r) < 0) {
        r->oom = 1;
        return;
    }
    if (!w->multis)
        add_single(r, w, w->depth, w->how.wilds);
    else
        hit_multi(r, w);
}

int ad_lex_words(const ad_lex *lex, const uint8_t *cards, int n, int min_cards,
                 ad_lex_results *out, ad_err *err)
{
    walk w;
    int64_t letters = start(&w, lex, cards, n, min_cards, err);
    if (letters < 0)
        return -1;
    clear(out);
    memcpy(out->hand, w.hand, sizeof out->hand);
    w.ctx = out;
    walk_from_root(&w, lex, (uint32_t)letters);
    if (out->oom) {
        out->n = 0;
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    }
    return out->n;
}

static int by_word(const void *a, const void *b, void *pool)
{
    return strcmp((const char *)pool + ((const rec *)a)->at,
                  (const char *)pool + ((const rec *)b)->at);
}

static int by_length(const void *a, const void *b, void *pool)
{
    int la = ((const rec *)a)->len, lb = ((const rec *)b)->len;
    return la != lb ? lb - la : by_word(a, b, pool);
}

/* Sorting moves records away from the table's slots: they stay readable,
 * and the next ad_lex_words empties the table through its list of the
 * slots in use. */
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
    w->word[w->depth] = 0;
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
    w.best = 1;
    w.ctx = &b;
    walk_from_root(&w, lex, (uint32_t)letters);
    return b.found;
}
