/*
 * lists.c - the places of each multi-letter card (lex_lists, lex.h),
 * made from the table's places (lex_sigs.occ) when the table is first
 * needed: a few milliseconds, once.  The words query (words.c) goes down
 * the lists of the hand's multi-letter cards in order instead of reading
 * each word that may need one of them at its random place of the table,
 * and the words it finds there come out in walk order, card by card.
 */
#include <stdlib.h>
#include <string.h>

#include "lex.h"

void ad_lex_lists_free(lex_lists *l)
{
    if (!l)
        return;
    free(l->sig);
    free(l->other);
    free(l->info);
    free(l);
}

/* n zeros of 64 bits, on cache lines (lex_on_lines), or NULL. */
static uint64_t *zeroes(size_t n)
{
    uint64_t *p = lex_on_lines(n * sizeof *p);
    if (p)
        memset(p, 0, n * sizeof *p);
    return p;
}

/* The bits of the cards of word i's places after place k, and of those
 * before it << 32. */
static uint64_t others(const lex_sigs *s, long i, uint32_t k)
{
    uint64_t bits = 0;
    for (uint32_t j = s->occ_at[i]; j < s->occ_at[i + 1]; j++)
        if (j != k)
            bits |= (uint64_t)lex_list_bit((int)(s->occ[j] >> 40) & 0xff) << (j < k ? 32 : 0);
    return bits;
}

/* Each place's sort key: its card, then `after`, then its place from the
 * end (63 - place), as one number of 12 + after_bits bits; the places
 * come in table order, and a stable sort keeps that among equals. */
static uint64_t key_of(uint64_t occ, int after_bits)
{
    uint64_t id = (occ >> 40) & 0xff, after = (uint32_t)occ, from_end = 63 - ((occ >> 32) & 63);
    return (id << after_bits | after) << 6 | from_end;
}

/* A stable sort of the places o[0..n) (table order) by key_of: an order
 * of their indexes, by radix passes of 11 bits, into *out. */
static int sort_places(const uint64_t *o, uint32_t n, int after_bits, uint32_t **out)
{
    int bits = 6 + after_bits + 6;
    uint32_t *a = malloc(sizeof *a * (n ? n : 1)), *b = malloc(sizeof *b * (n ? n : 1));
    uint32_t *count = malloc(sizeof *count * ((1u << 11) + 1));
    if (!a || !b || !count) {
        free(a);
        free(b);
        free(count);
        return -1;
    }
    for (uint32_t k = 0; k < n; k++)
        a[k] = k;
    for (int shift = 0; shift < bits; shift += 11) {
        memset(count, 0, sizeof *count * ((1u << 11) + 1));
        for (uint32_t k = 0; k < n; k++)
            count[((key_of(o[a[k]], after_bits) >> shift) & 0x7ff) + 1]++;
        for (int d = 0; d < 1 << 11; d++)
            count[d + 1] += count[d];
        for (uint32_t k = 0; k < n; k++)
            b[count[(key_of(o[a[k]], after_bits) >> shift) & 0x7ff]++] = a[k];
        uint32_t *t = a;
        a = b;
        b = t;
    }
    free(b);
    free(count);
    *out = a;
    return 0;
}

lex_lists *ad_lex_lists_make(const lex_sigs *s)
{
    const lex_cards *t = ad_lex_cards_get();
    /* other[]'s bits; `after` (at most n) in info's 18 bits */
    if (t->n - (AD_LEX_WILD + 1) > 31 || s->n >= LEX_LIST_WORDS)
        return NULL;
    uint32_t n = (uint32_t)s->nocc;
    lex_lists *l = calloc(1, sizeof *l);
    uint32_t *word = malloc(sizeof *word * (n ? n : 1)), *order = NULL;
    if (!l || !word)
        goto fail;
    int after_bits = 1;
    while ((1l << after_bits) <= s->n)
        after_bits++;
    for (long i = 0; i < s->n; i++)
        for (uint32_t k = s->occ_at[i]; k < s->occ_at[i + 1]; k++)
            word[k] = (uint32_t)i;
    if (sort_places(s->occ, n, after_bits, &order) < 0)
        goto fail;
    size_t m = (size_t)n + 8; /* 8 zeros past the last: room to spare (no step reads there) */
    l->sig = zeroes(m);
    l->other = zeroes(m);
    l->info = zeroes(m);
    if (!l->sig || !l->other || !l->info)
        goto fail;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t j = order[k], i = word[j];
        uint64_t occ = s->occ[j];
        l->sig[k] = s->sig[i];
        l->other[k] = others(s, i, j) | (s->len[i] & LEX_SIGS_INEXACT ? LEX_LIST_INEXACT : 0);
        l->info[k] = i | (uint64_t)(uint32_t)occ << 18 | ((occ >> 32) & 63) << 36 |
                     (uint64_t)(s->len[i] & 63) << 42 |
                     (s->len[i] & LEX_SIGS_INEXACT ? LEX_LIST_INEXACT << 32 : 0);
        l->at[((occ >> 40) & 0xff) + 1]++;
    }
    for (int id = 0; id < AD_LEX_CARD_MAX; id++)
        l->at[id + 1] += l->at[id];
    free(word);
    free(order);
    return l;
fail:
    free(word);
    free(order);
    ad_lex_lists_free(l);
    return NULL;
}
