/*
 * prop_words_walk.c - ad_lex_words, which is tuned for speed (issue 19),
 * against the plain walk it replaced, kept here as the reference: over
 * thousands of random 12-card hands with wilds from the shout deck, in
 * random order and with a random least number of cards, it must list the
 * same words in the same order (Shout's bots break ties by that order),
 * each with the same spelling, card for card.  The reference walks the
 * DAWG a card at a time, as the library did before: every edge in letter
 * order (its own card while one is left, else a wild), then the
 * multi-letter cards in the order the hand first holds them; a word met
 * again keeps its first record, and its spelling when the new one is not
 * better (more cards, then fewer wilds).
 * AD_PROP_GAMES * 3 / 10 hands (10,000 by default: 3,000 hands).
 */
#include "../testutil.h"

#include "alphadeck/lexicon.h"
#include "lexicon/lex.h"

static int hands(void)
{
    const char *e = getenv("AD_PROP_GAMES");
    int n = e ? atoi(e) : 0;
    n = (n > 0 ? n : 10000) * 3 / 10;
    return n < 200 ? 200 : n;
}

/* -------------------------------------------------------- the plain walk */

typedef struct found {
    char word[AD_LEX_WORD_MAX];
    int n, wilds;
    uint8_t card[AD_LEX_WORD_MAX];
    uint32_t slot; /* its place in the table */
} found;

/* The table has room for a hand of up to SLOTS / 2 words (a hand of 12
 * cards with 3 wilds can spell more than 32,767). */
#define SLOTS (1u << 18)

typedef struct plain {
    const ad_lex *lex;
    const lex_cards *t;
    int min, wilds; /* wilds: in the hand */
    uint8_t count[AD_LEX_CARD_MAX];
    uint8_t multi[AD_LEX_CARD_MAX]; /* in the order the hand first holds them */
    int nmulti;
    char word[AD_LEX_WORD_MAX];
    uint8_t card[AD_LEX_WORD_MAX];
    found *out;
    int n, cap;
    uint32_t slot[SLOTS]; /* found + 1 by the word's hash, or 0 */
} plain;

static void plain_visit(plain *p, uint32_t s, int left, int depth, int n);

/* A word reached: a new record, or a better spelling of one already met
 * (found through a plain hash table of the words so far). */
static void plain_hit(plain *p, int depth, int n, int left)
{
    uint32_t h = 2166136261u, i;
    p->word[depth] = 0;
    for (int k = 0; k < depth; k++)
        h = (h ^ (uint8_t)p->word[k]) * 16777619u;
    for (i = h & (SLOTS - 1); p->slot[i]; i = (i + 1) & (SLOTS - 1)) {
        found *f = &p->out[p->slot[i] - 1];
        if (strcmp(f->word, p->word) != 0)
            continue;
        if (n > f->n || (n == f->n && p->wilds - left < f->wilds)) {
            f->n = n;
            f->wilds = p->wilds - left;
            memcpy(f->card, p->card, (size_t)n);
        }
        return;
    }
    assert_true(p->n < (int)SLOTS / 2);
    p->slot[i] = (uint32_t)p->n + 1;
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 4096;
        p->out = realloc(p->out, sizeof *p->out * (size_t)p->cap);
        assert_non_null(p->out);
    }
    found *f = &p->out[p->n++];
    f->slot = i;
    memcpy(f->word, p->word, (size_t)depth + 1);
    f->n = n;
    f->wilds = p->wilds - left;
    memcpy(f->card, p->card, (size_t)n);
}

static void plain_arrive(plain *p, uint32_t e, int left, int depth, int n)
{
    if ((e & LEX_FINAL) && n >= p->min)
        plain_hit(p, depth, n, left);
    if (lex_target(e) && depth < AD_LEX_WORD_MAX - 1)
        plain_visit(p, lex_target(e), left, depth, n);
}

static void plain_visit(plain *p, uint32_t s, int left, int depth, int n)
{
    const uint32_t *cell = p->lex->cell;
    for (unsigned c = 0; c < 26; c++) {
        uint32_t at = lex_edge(cell, s, c);
        int id = p->count[c] ? (int)c : AD_LEX_WILD;
        if (!at || !p->count[id])
            continue;
        p->count[id]--;
        p->word[depth] = (char)('a' + c);
        p->card[n] = (uint8_t)id;
        plain_arrive(p, cell[at], left - (id == AD_LEX_WILD), depth + 1, n + 1);
        p->count[id]++;
    }
    for (int i = 0; i < p->nmulti; i++) {
        int m = p->multi[i], k = p->t->len[m], on = 1;
        uint32_t t = s, e = 0;
        if (!p->count[m] || depth + k >= AD_LEX_WORD_MAX)
            continue;
        for (int j = 0; j < k && on; j++) { /* all its letters, in order */
            uint32_t at = t ? lex_edge(cell, t, (unsigned)(p->t->letters[m][j] - 'a')) : 0;
            on = at != 0;
            e = on ? cell[at] : 0;
            t = lex_target(e);
            p->word[depth + j] = p->t->letters[m][j];
        }
        if (!on)
            continue;
        p->count[m]--;
        p->card[n] = (uint8_t)m;
        plain_arrive(p, e, left, depth + k, n + 1);
        p->count[m]++;
    }
}

/* Every word the cards spell with at least min cards, the plain way. */
static void plain_words(plain *p, const ad_lex *lex, const uint8_t *hand, int n, int min)
{
    p->lex = lex;
    p->t = ad_lex_cards_get();
    p->min = min > 1 ? min : 1;
    for (int i = 0; i < p->n; i++) /* empties the table of the last hand's words */
        p->slot[p->out[i].slot] = 0;
    p->n = p->nmulti = 0;
    memset(p->count, 0, sizeof p->count);
    for (int i = 0; i < n; i++) {
        if (hand[i] > AD_LEX_WILD && !p->count[hand[i]])
            p->multi[p->nmulti++] = hand[i];
        p->count[hand[i]]++;
    }
    p->wilds = p->count[AD_LEX_WILD];
    plain_visit(p, lex->root, p->wilds, 0, 0);
}

/* ---------------------------------------------------------------- hands */

/* 12 cards: 1 to 3 wilds, the rest from the shout deck without its wilds,
 * all in random order. */
static void deal12(ad_rng *r, uint8_t *hand)
{
    const ad_deck *d = ad_deck_get("shout");
    uint8_t pack[AD_MAX_DECK];
    int n = 0;
    for (int k = 0; k < d->nkinds; k++)
        for (int c = 0; c < d->copies[k]; c++)
            if (strcmp(d->kind[k], "*") != 0)
                pack[n++] = (uint8_t)ad_lex_card(d->kind[k]);
    ad_rng_shuffle(r, pack, n);
    int wilds = 1 + (int)ad_rng_below(r, 3);
    memcpy(hand, pack, 12);
    for (int i = 0; i < wilds; i++)
        hand[i] = AD_LEX_WILD;
    ad_rng_shuffle(r, hand, 12);
}

static void say_hand(const uint8_t *hand, int min)
{
    for (int i = 0; i < 12; i++)
        printf("%s ", ad_lex_card_name(hand[i]));
    printf("(min %d)\n", min);
}

/* The same list as the plain walk, in the same order, spelled the same. */
static void same_as_plain(const ad_lex *lex, const uint8_t *hand, int min, plain *p,
                          ad_lex_results *res, long *words)
{
    int got = ad_lex_words(lex, hand, 12, min, res, NULL);
    plain_words(p, lex, hand, 12, min);
    if (got != p->n) {
        say_hand(hand, min);
        fail_msg("ad_lex_words found %d words, the plain walk %d", got, p->n);
    }
    for (int i = 0; i < got; i++) {
        ad_lex_found f;
        const found *want = &p->out[i];
        assert_int_equal(ad_lex_results_get(res, i, &f), 0);
        if (strcmp(f.word, want->word) != 0 || f.how.n != want->n ||
            f.how.wilds != want->wilds || memcmp(f.how.card, want->card, (size_t)want->n) != 0) {
            say_hand(hand, min);
            fail_msg("word %d: ad_lex_words gives %s (%d cards, %d wilds), the plain walk %s (%d "
                     "cards, %d wilds)",
                     i, f.word, f.how.n, f.how.wilds, want->word, want->n, want->wilds);
        }
    }
    *words += got;
}

static void test_words_of_12_cards_with_wilds_are_the_plain_walks_in_its_order(void **state)
{
    (void)state;
    ad_lex *lex[2] = {ad_lex_load_default(NULL), ad_lex_load_common(NULL)};
    assert_non_null(lex[0]);
    assert_non_null(lex[1]);
    ad_lex_results *res = ad_lex_results_new();
    plain *p = calloc(1, sizeof *p);
    ad_rng r;
    ad_rng_seed(&r, 19);
    long words = 0;
    int n = hands();
    for (int h = 0; h < n; h++) {
        uint8_t hand[12];
        deal12(&r, hand);
        int min = h % 2 ? 1 : 1 + (int)ad_rng_below(&r, 4);
        same_as_plain(lex[h % 3 == 2], hand, min, p, res, &words);
    }
    printf("# %d hands of 12 cards with 1 to 3 wilds: %ld words, each the plain walk's in its "
           "place\n",
           n, words);
    free(p->out);
    free(p);
    ad_lex_results_free(res);
    ad_lex_free(lex[0]);
    ad_lex_free(lex[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words_of_12_cards_with_wilds_are_the_plain_walks_in_its_order),
    };
    return cmocka_run_group_tests_name("the words walk", tests, NULL, NULL);
}
