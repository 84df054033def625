/*
 * sigs.c - the letter table of a lexicon, for ad_lex_words (words.c): every
 * word in alphabetical order with a 64-bit signature of its letter counts.
 * Bit c says the word has at least one c, bit 26+c at least two, and 12
 * more bits at least three of the 12 letters that most often come three
 * times; a 16-bit mask of the multi-letter cards whose letters are in it
 * (the rarest share its last bit), and
 * the places where they stand (so a query reads no letters for them).
 * A hand's signature is made the same way, so the letters a word
 * needs beyond the hand are at least popcount(word & ~hand), and exactly
 * that for a word whose counts all fit the bits ("exact").  `make` writes
 * the table of each index beside it (sigs_file.c); the first time a
 * lexicon is asked for words it maps that, or makes the table from the
 * DAWG (for a list loaded from text; tens of ms), so loading stays as fast
 * as mapping the index.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "lex.h"

typedef struct grow {
    lex_sigs *s;
    size_t tcap;
    long cap;
    uint32_t three[26]; /* words with three or more of each letter */
    int oom;
} grow;

static int add_word(const char *word, int len, void *ctx)
{
    grow *g = ctx;
    lex_sigs *s = g->s;
    if (s->n == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 65536;
        uint32_t *at = realloc(s->at, sizeof *at * (size_t)g->cap);
        if (at)
            s->at = at;
        if (!at)
            return g->oom = 1;
    }
    if (s->used + (size_t)len + LEX_SIGS_SLACK + 1 > g->tcap) {
        g->tcap = g->tcap * 2 + 1 + (1u << 20);
        char *t = realloc(s->text, g->tcap);
        if (!t)
            return g->oom = 1;
        s->text = t;
    }
    uint8_t count[26] = {0};
    for (int i = 0; i < len; i++)
        if (++count[word[i] - 'a'] == 3)
            g->three[word[i] - 'a']++;
    s->at[s->n++] = (uint32_t)s->used;
    memcpy(s->text + s->used, word, (size_t)len + 1);
    s->used += (size_t)len + 1;
    return 0;
}

/* The 12 letters most often three times in a word get a third bit. */
static void choose_third(lex_sigs *s, const uint32_t *three)
{
    memset(s->third, -1, sizeof s->third);
    for (int bit = 52; bit < 64; bit++) {
        int best = -1;
        for (int c = 0; c < 26; c++)
            if (s->third[c] < 0 && (best < 0 || three[c] > three[best]))
                best = c;
        s->third[best] = (int8_t)bit;
    }
}

uint64_t ad_lex_sig_of(const lex_sigs *s, const uint8_t *count)
{
    uint64_t sig = 0;
    for (int c = 0; c < 26; c++) {
        sig |= (uint64_t)(count[c] >= 1) << c;
        sig |= (uint64_t)(count[c] >= 2) << (26 + c);
        if (s->third[c] >= 0)
            sig |= (uint64_t)(count[c] >= 3) << s->third[c];
    }
    return sig;
}

/* The multi-letter cards whose letters are in word: at each place, the
 * cards starting with its letter (from[c], a list ending in 0); bit id -
 * AD_LEX_WILD - 1 for card id. */
static uint64_t multis_in(const char *word, int len, uint8_t from[26][AD_LEX_CARD_MAX])
{
    const lex_cards *t = ad_lex_cards_get();
    uint64_t m = 0;
    for (int i = 0; i < len; i++)
        for (const uint8_t *id = from[word[i] - 'a']; *id; id++)
            if (i + t->len[*id] <= len && !memcmp(word + i, t->letters[*id], t->len[*id]))
                m |= 1ull << (*id - AD_LEX_WILD - 1);
    return m;
}

/* The bits of multi[]: one for each of the LEX_MULTI_BITS - 1 cards the
 * most words hold (ties to the lower id), the last shared by the rest.
 * A shared bit only lets more words through the scan's tests, which are
 * filters: the places decide (multi.c). */
static void choose_multi_bits(lex_sigs *s, const long *holding)
{
    const lex_cards *t = ad_lex_cards_get();
    int given = 0;
    uint8_t done[AD_LEX_CARD_MAX] = {0};
    memset(s->multi_bit, 0, sizeof s->multi_bit);
    for (int round = AD_LEX_WILD + 1; round < t->n; round++) {
        int best = -1;
        for (int id = AD_LEX_WILD + 1; id < t->n; id++)
            if (!done[id] && (best < 0 || holding[id] > holding[best]))
                best = id;
        done[best] = 1;
        s->multi_bit[best] = (uint8_t)(given < LEX_MULTI_BITS - 1 ? given++ : LEX_MULTI_BITS - 1);
    }
}

static void by_first_letter(uint8_t from[26][AD_LEX_CARD_MAX])
{
    const lex_cards *t = ad_lex_cards_get();
    int n[26] = {0};
    memset(from, 0, 26 * AD_LEX_CARD_MAX);
    for (int id = AD_LEX_WILD + 1; id < t->n; id++) {
        int c = t->letters[id][0] - 'a';
        from[c][n[c]++] = (uint8_t)id;
    }
}

/* Each word's signature, whether it is exact (bit 7 of len clear), and
 * its multi-letter cards. */
static int sign_all(lex_sigs *s)
{
    s->sig = lex_on_lines(sizeof *s->sig * (size_t)s->n + 64);
    s->len = malloc((size_t)s->n + 64);
    s->multi = malloc(sizeof *s->multi * (size_t)s->n + 64);
    uint64_t *in = malloc(sizeof *in * (size_t)s->n + 64);
    uint8_t from[26][AD_LEX_CARD_MAX];
    long holding[AD_LEX_CARD_MAX] = {0};
    if (!s->sig || !s->len || !s->multi || !in) {
        free(in);
        return -1;
    }
    by_first_letter(from);
    for (long i = 0; i < s->n; i++) {
        const char *w = s->text + s->at[i];
        uint8_t count[26] = {0};
        int len = (int)strlen(w), exact = 1;
        for (int k = 0; k < len; k++)
            count[w[k] - 'a']++;
        for (int c = 0; c < 26; c++)
            exact &= count[c] <= 2 || (count[c] == 3 && s->third[c] >= 0);
        s->sig[i] = ad_lex_sig_of(s, count);
        s->len[i] = (uint8_t)(len | (exact ? 0 : LEX_SIGS_INEXACT));
        in[i] = multis_in(w, len, from);
        for (uint64_t m = in[i]; m; m &= m - 1)
            holding[AD_LEX_WILD + 1 + __builtin_ctzll(m)]++;
    }
    choose_multi_bits(s, holding);
    for (long i = 0; i < s->n; i++) {
        uint32_t m = 0;
        for (uint64_t b = in[i]; b; b &= b - 1)
            m |= lex_multi_bit(s, AD_LEX_WILD + 1 + __builtin_ctzll(b));
        s->multi[i] = (uint16_t)m;
    }
    free(in);
    return 0;
}

void ad_lex_sigs_free(lex_sigs *s)
{
    if (s) {
        ad_lex_lists_free(s->lists);
        free(s->sum8);
    }
    if (s && s->map) {
        munmap(s->map, s->map_len);
        free(s);
        return;
    }
    if (!s)
        return;
    free(s->sig);
    free(s->at);
    free(s->len);
    free(s->multi);
    free(s->lcp);
    free(s->occ_at);
    free(s->occ);
    free(s->text);
    free(s);
}

/* The first two letters of word as an index of start2. */
static int two(const char *word)
{
    return (word[0] - 'a') * 27 + (word[1] ? word[1] - 'a' + 1 : 0);
}

/* The start2 index and the lcp array. */
static int index_two(lex_sigs *s)
{
    s->lcp = malloc((size_t)s->n + 1);
    if (!s->lcp)
        return -1;
    for (long i = 0; i < s->n; i++) {
        const char *a = s->text + s->at[i], *b = i + 1 < s->n ? s->text + s->at[i + 1] : "";
        int k = 0;
        while (a[k] && a[k] == b[k] && k < 255)
            k++;
        s->lcp[i] = (uint8_t)k;
    }
    long i = 0;
    for (int k = 0; k <= 26 * 27; k++) {
        while (i < s->n && two(s->text + s->at[i]) < k)
            i++;
        s->start2[k] = (uint32_t)i;
    }
    return 0;
}

uint32_t ad_lex_sigs_after(const lex_sigs *s, long i, int j0)
{
    const char *word = s->text + s->at[i];
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

/* The places of the deck's multi-letter cards in word i, into occ (when
 * not NULL, with end[p]: where the run of words that share word i's
 * first p letters ends); returns how many. */
static long places_in(const lex_sigs *s, long i, uint8_t from[26][AD_LEX_CARD_MAX],
                      const uint32_t *end, uint64_t *occ)
{
    const lex_cards *t = ad_lex_cards_get();
    const char *w = s->text + s->at[i];
    int len = s->len[i] & ~LEX_SIGS_INEXACT;
    long n = 0;
    for (int p = 0; p < len; p++)
        for (const uint8_t *id = from[w[p] - 'a']; *id; id++)
            if (p + t->len[*id] <= len && w[p + 1] == t->letters[*id][1] &&
                !memcmp(w + p, t->letters[*id], t->len[*id])) {
                if (occ)
                    occ[n] = (p ? end[p] : (uint32_t)s->n) | (uint64_t)p << 32 |
                             (uint64_t)*id << 40;
                n++;
            }
    return n;
}

/* occ_at and occ (lex.h): counted, then written from the last word
 * back, so that where each run of words sharing their first p letters
 * ends is known from the next word's (a word shares lcp[i] letters with
 * the next; its runs of more letters end with it). */
static int place_all(lex_sigs *s)
{
    uint8_t from[26][AD_LEX_CARD_MAX];
    uint32_t end[AD_LEX_WORD_MAX];
    by_first_letter(from);
    s->occ_at = malloc(sizeof *s->occ_at * (size_t)(s->n + 1));
    if (!s->occ_at)
        return -1;
    s->nocc = 0;
    for (long i = 0; i < s->n; i++) {
        s->occ_at[i] = (uint32_t)s->nocc;
        s->nocc += places_in(s, i, from, NULL, NULL);
    }
    s->occ_at[s->n] = (uint32_t)s->nocc;
    s->occ = malloc(sizeof *s->occ * ((size_t)s->nocc + 2)); /* multi.c reads 2 past */
    if (!s->occ)
        return -1;
    for (int p = 0; p < AD_LEX_WORD_MAX; p++)
        end[p] = (uint32_t)s->n;
    for (long i = s->n - 1; i >= 0; i--) {
        int len = s->len[i] & ~LEX_SIGS_INEXACT; /* longer runs: never read */
        for (int p = (i + 1 < s->n ? s->lcp[i] : 0) + 1; p <= len; p++)
            end[p] = (uint32_t)(i + 1);
        places_in(s, i, from, end, s->occ + s->occ_at[i]);
    }
    return 0;
}

static lex_sigs *make(const ad_lex *lex)
{
    grow g = {.s = calloc(1, sizeof(lex_sigs))};
    if (!g.s)
        return NULL;
    ad_lex_each(lex, add_word, &g);
    if (g.oom || !g.s->text) {
        ad_lex_sigs_free(g.s);
        return NULL;
    }
    memset(g.s->text + g.s->used, 0, LEX_SIGS_SLACK);
    choose_third(g.s, g.three);
    if (index_two(g.s) < 0 || sign_all(g.s) < 0 || place_all(g.s) < 0) {
        ad_lex_sigs_free(g.s);
        return NULL;
    }
    return g.s;
}

/* lex_sigs.sum8 of table s, or NULL when out of memory. */
static uint64_t *sums_of_eight(const lex_sigs *s)
{
    long nb = s->n / 8;
    uint64_t *sum = lex_on_lines(sizeof *sum * (size_t)(nb + 8));
    if (!sum)
        return NULL;
    for (long b = 0; b < nb; b++) {
        uint64_t a = ~0ull;
        for (int j = 0; j < 8; j++)
            a &= s->sig[8 * b + j];
        sum[b] = a;
    }
    for (long b = nb; b < nb + 8; b++)
        sum[b] = ~0ull; /* never read: room for a step past the end */
    return sum;
}

/* The lexicon is read-only and shared by threads: the first to need the
 * table maps it from beside the index file, or makes it, and publishes
 * it; one that loses the race lets its own go. */
const lex_sigs *ad_lex_sigs_get(const ad_lex *lex)
{
    ad_lex *l = (ad_lex *)(uintptr_t)lex;
    lex_sigs *s = atomic_load_explicit(&l->sigs, memory_order_acquire);
    if (s)
        return s;
    lex_sigs *mine = ad_lex_map_table(lex), *none = NULL;
    if (!mine)
        mine = make(lex);
    if (!mine)
        return NULL;
    mine->lists = ad_lex_lists_make(mine); /* none: the words query does without */
    mine->sum8 = sums_of_eight(mine); /* none: the scan reads every word */
    if (atomic_compare_exchange_strong_explicit(&l->sigs, &none, mine, memory_order_acq_rel,
                                                memory_order_acquire))
        return mine;
    ad_lex_sigs_free(mine);
    return none;
}
