/*
 * walk_words.h - what the property tests of ad_lex_words hold it to: the
 * library's own DAWG walk as ad_lex_best runs it, which offers every
 * spelling of every word in walk order.  A word's first offer is its
 * place, and its spelling the best offered (most cards, then fewest
 * wilds, the first of equals), as the walk's ad_lex_words kept them.
 * Included by one test file each (its functions are static).
 */
#ifndef AD_TESTS_WALK_WORDS_H
#define AD_TESTS_WALK_WORDS_H

#include "../testutil.h"

#include "alphadeck/lexicon.h"

/* How many hands a property test deals: AD_PROP_GAMES (10,000 by
 * default) / per, and at least `least`. */
static inline int walk_hands(int per, int least)
{
    const char *e = getenv("AD_PROP_GAMES");
    int n = e ? atoi(e) : 0;
    n = (n > 0 ? n : 10000) / per;
    return n < least ? least : n;
}

#define WALK_SLOTS (1u << 18) /* more than twice the words of any hand tested */

typedef struct offered {
    char word[AD_LEX_WORD_MAX];
    ad_lex_spelling how;
} offered;

typedef struct walked {
    offered *out; /* each word once, where the walk first offered it */
    int n, cap;
    uint32_t slot[WALK_SLOTS]; /* out + 1 by the word's hash, or 0 */
} walked;

/* Every offer of the walk: a new word in its place, or a better spelling
 * of one met before. */
static long walk_record(const char *word, const ad_lex_spelling *how, void *ctx)
{
    walked *w = ctx;
    uint32_t h = 2166136261u, i;
    for (const char *p = word; *p; p++)
        h = (h ^ (uint8_t)*p) * 16777619u;
    for (i = h & (WALK_SLOTS - 1); w->slot[i]; i = (i + 1) & (WALK_SLOTS - 1)) {
        offered *o = &w->out[w->slot[i] - 1];
        if (strcmp(o->word, word) != 0)
            continue;
        if (how->n > o->how.n || (how->n == o->how.n && how->wilds < o->how.wilds))
            o->how = *how;
        return 0;
    }
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 4096;
        w->out = realloc(w->out, sizeof *w->out * (size_t)w->cap);
        assert_non_null(w->out);
    }
    assert_true(w->n < (int)WALK_SLOTS / 2);
    w->slot[i] = (uint32_t)++w->n;
    snprintf(w->out[w->n - 1].word, AD_LEX_WORD_MAX, "%s", word);
    w->out[w->n - 1].how = *how;
    return 0;
}

static void walk_words(walked *w, const ad_lex *lex, const uint8_t *hand, int n, int min)
{
    memset(w->slot, 0, sizeof w->slot);
    w->n = 0;
    ad_lex_found f;
    assert_true(ad_lex_best(lex, hand, n, min, walk_record, w, &f, NULL) >= 0);
}

static void say_hand(const uint8_t *hand, int n, int min)
{
    for (int i = 0; i < n; i++)
        printf("%s ", ad_lex_card_name(hand[i]));
    printf("(min %d)\n", min);
}

/* The same words as the walk, in its order, spelled card for card alike
 * (w: room for the walk's words); how many. */
static long same_as_walk(const ad_lex *lex, const uint8_t *hand, int n, int min, walked *w,
                         ad_lex_results *res)
{
    int got = ad_lex_words(lex, hand, n, min, res, NULL);
    walk_words(w, lex, hand, n, min);
    if (got != w->n) {
        say_hand(hand, n, min);
        fail_msg("ad_lex_words found %d words, the walk %d", got, w->n);
    }
    for (int i = 0; i < got; i++) {
        ad_lex_found f;
        const offered *o = &w->out[i];
        assert_int_equal(ad_lex_results_get(res, i, &f), 0);
        if (strcmp(f.word, o->word) != 0 || f.how.n != o->how.n ||
            f.how.wilds != o->how.wilds ||
            memcmp(f.how.card, o->how.card, (size_t)o->how.n) != 0 ||
            memcmp(f.how.as, o->how.as, (size_t)o->how.n) != 0) {
            say_hand(hand, n, min);
            fail_msg("word %d: ad_lex_words gives %s (%d cards, %d wilds), the walk %s (%d "
                     "cards, %d wilds)",
                     i, f.word, f.how.n, f.how.wilds, o->word, o->how.n, o->how.wilds);
        }
    }
    return got;
}

#endif
