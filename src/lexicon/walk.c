/*
 * walk.c - the best word some cards spell (ad_lex_best): one depth-first
 * walk of the DAWG, trying at each state each distinct card left, not each
 * copy, and offering every way to the caller's score.  A wild stands for a
 * letter only when no card of that letter is left: that loses no word and
 * no card count (the two can swap), and cuts the walk a lot.  The walk
 * lives on the stack.  (Every word of a hand, ad_lex_words, is found in
 * the letter table instead: words.c.)
 */
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
    void *ctx;                      /* ad_lex_best's context */
    int depth;                      /* at a hit: the word's length */
    uint8_t count[AD_LEX_CARD_MAX]; /* cards left, by id */
    uint8_t hand[AD_LEX_CARD_MAX];  /* cards in the hand, by id */
    uint8_t multi[AD_LEX_CARD_MAX];
    uint8_t multi_at[AD_LEX_CARD_MAX];   /* the first letter of each (0-25) */
    uint8_t multi_next[AD_LEX_CARD_MAX]; /* and its second */
    char word[AD_LEX_WORD_MAX + 8];    /* room to copy it 8 bytes at a time */
    ad_lex_spelling how;               /* card[] as the walk goes; the rest at a hit */
};

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
    w.ctx = &b;
    walk_from_root(&w, lex, (uint32_t)letters);
    return b.found;
}
