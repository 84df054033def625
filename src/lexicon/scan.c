/*
 * scan.c - the signature test of ad_lex_words over every word of the
 * table: a word is kept when the bits of its signature the single cards
 * lack are no more than the wilds, or when it holds the letters of one of
 * the hand's multi-letter cards and the bits all the hand's letters lack
 * are no more than the wilds.  What a kept word needs next comes out with
 * it (LEX_KEPT), so the words the single cards spell need no more reads.
 * Compiled plain, and on x86-64 again for the popcnt instruction, with
 * AVX2 and with AVX-512 (8 words a step), the best the processor can run
 * chosen at run time: a machine without AVX-512 (this project's own VM,
 * some days) takes the AVX2 way, 2.5 times faster than popcnt's.  Where
 * the processor also has AVX-512's bit shuffle, a hand of 1 to 4
 * multi-letter cards has words.c's sift done in the same pass
 * (scan_avx512_sifted), where the lists are not used.  The single
 * cards' pass (ad_lex_scan_singles) takes the AVX2 way on an AVX-512
 * processor too: its groups of 8 passed over make it the faster there.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "words.h"

#define SCAN_BODY                                                                            \
    if (!h->mmask) { /* no multi-letter card: one count a word, on the single cards */       \
        long k = 0;                                                                          \
        for (long i = from; i < to; i++) {                                                   \
            uint64_t lack = (uint64_t)__builtin_popcountll(s->sig[i] & ~h->sig);             \
            out[k] = (uint64_t)i | (uint64_t)s->len[i] << 32 | lack << 40;                   \
            k += lack <= (uint64_t)h->wilds;                                                 \
        }                                                                                    \
        return k;                                                                            \
    }                                                                                        \
    long k = 0;                                                                              \
    for (long i = from; i < to; i++) {                                                       \
        uint64_t lack = (uint64_t)__builtin_popcountll(s->sig[i] & ~h->sig);                 \
        int all = __builtin_popcountll(s->sig[i] & ~h->sig_all) <= h->wilds;                \
        int keep = (lack <= (uint64_t)h->wilds) | (((s->multi[i] & h->mmask) != 0) & all);  \
        out[k] = (uint64_t)i | (uint64_t)s->len[i] << 32 | lack << 40;                       \
        k += keep; /* no branch: which words are kept is data, not predictable */             \
    }                                                                                        \
    return k;

static long scan_plain(const lex_sigs *s, const lex_hand *h, long from, long to, uint64_t *out)
{
    SCAN_BODY
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

__attribute__((target("popcnt"))) static long scan_popcnt(const lex_sigs *s, const lex_hand *h,
                                                         long from, long to, uint64_t *out)
{
    SCAN_BODY
}

/* The end of a vector scan: each kept word's record made from its number
 * (at[0..k), in order), then the words i..to-1 the steps left, by the
 * popcnt way, after them; returns how many in all. */
__attribute__((target("popcnt"))) static inline long scan_end(const lex_sigs *s,
                                                             const lex_hand *h,
                                                             const uint32_t *at, long k,
                                                             long i, long to, uint64_t *out)
{
    const uint64_t *sig = s->sig, lacking = ~h->sig; /* in registers: out could alias h->sig */
    const uint8_t *len = s->len;
    for (long j = 0; j < k; j++) {
        uint64_t lack = (uint64_t)__builtin_popcountll(sig[at[j]] & lacking);
        out[j] = at[j] | (uint64_t)len[at[j]] << 32 | lack << 40;
    }
    return k + scan_popcnt(s, h, i, to, out + k);
}

/* The record of kept word w (len[w] letters, lacking `lack` bits on the
 * single cards; add_single's in words.c) into e[n], kept when it has at
 * least min letters (without a branch: which words are is data); its
 * place in e into fix[*nfix] when its signature is not exact (a branch
 * seldom taken: 13 words a hand).  Returns 1 when kept. */
static inline int single_rec(lex_rec *e, long n, uint32_t w, unsigned len, uint64_t lack,
                             unsigned min, uint32_t *fix, int *nfix)
{
    unsigned l = len & 0x7f;
    uint64_t rec = w | (uint64_t)(l * 0x101u) << 32 | lack << 48;
    memcpy(&e[n], &rec, sizeof rec);
    int keep = l >= min;
    if (__builtin_expect((len >> 7) & keep, 0))
        fix[(*nfix)++] = (uint32_t)n;
    return keep;
}

/* The kept words of a scan (packed as ad_lex_scan says), cand[0..k), made
 * records (single_rec); returns how many. */
static long singles_of(const uint64_t *cand, long k, const lex_hand *h, lex_rec *e, uint32_t *fix,
                       int *nfix)
{
    long n = 0;
    int nf = *nfix;
    for (long j = 0; j < k; j++)
        n += single_rec(e, n, (uint32_t)cand[j], (unsigned)(cand[j] >> 32) & 0xff, cand[j] >> 40,
                        (unsigned)h->min, fix, &nf);
    *nfix = nf;
    return n;
}

/* The signature test of 8 words at i: the mask of those kept.  A word
 * that holds the letters of one of the hand's multi-letter cards is kept
 * when it lacks no more than the wilds on all the hand's letters, which
 * it then does too if it does on the single cards' alone (those are
 * fewer); so each word needs one count, against the letters its multi
 * bits choose. */
__attribute__((target("avx512f,avx512vl,avx512bw,avx512vpopcntdq"))) static inline __mmask8
keep8(const lex_sigs *s, long i, __m512i one, __m512i all, __m512i w, __m128i mm)
{
    __m512i v = _mm512_loadu_si512((const void *)(s->sig + i));
    __m128i m = _mm_loadu_si128((const __m128i *)(const void *)(s->multi + i));
    __mmask8 has = _mm_test_epi16_mask(m, mm);
    /* the letters chosen first, so the signatures are read once (the
     * compiler read them twice, once for each and-not) */
    __m512i lack = _mm512_andnot_si512(_mm512_mask_blend_epi64(has, one, all), v);
    return _mm512_cmple_epu64_mask(_mm512_popcnt_epi64(lack), w);
}

/* The steps of the AVX-512 ways, 16 words a step (KEEP8(i): the mask of
 * the 8 words at i kept), in a function with uint32_t at[LEX_BLOCK + 16]:
 * the kept words' numbers compressed out, 32 bits each (in a register,
 * then stored whole: a compressing store to memory is slow on some
 * processors, AMD Zen 4), then scan_end. */
#define SCAN16(KEEP8)                                                                        \
    __m512i idx = _mm512_add_epi32(                                                          \
                _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),     \
                _mm512_set1_epi32((int)from)),                                               \
            sixteen = _mm512_set1_epi32(16);                                                 \
    long k = 0, i = from, last = to - from <= LEX_BLOCK ? to : from + LEX_BLOCK;             \
    for (; i + 16 <= last; i += 16) {                                                        \
        __mmask16 keep = (__mmask16)(KEEP8(i) | (unsigned)KEEP8(i + 8) << 8);                \
        _mm512_storeu_si512((void *)(at + k), _mm512_maskz_compress_epi32(keep, idx));      \
        k += __builtin_popcount(keep);                                                       \
        idx = _mm512_add_epi32(idx, sixteen);                                                \
    }                                                                                        \
    return scan_end(s, h, at, k, i, to, out);

/* 16 words a step (SCAN16): and-not, popcount, compare; then what each
 * kept word needs next is added to it, a word at a time (its entries are
 * in the cache then), which costs less than packing every word of the
 * step. */
__attribute__((target("avx512f,avx512vl,avx512bw,avx512vpopcntdq,popcnt"))) static long
scan_avx512(const lex_sigs *s, const lex_hand *h, long from, long to, uint64_t *out)
{
    uint32_t at[LEX_BLOCK + 16];
    __m512i one = _mm512_set1_epi64((long long)h->sig);
    __m512i all = _mm512_set1_epi64((long long)h->sig_all);
    __m512i w = _mm512_set1_epi64(h->wilds);
    __m128i mm = _mm_set1_epi16((short)h->mmask);
#define KEEP8(i) keep8(s, i, one, all, w, mm)
    SCAN16(KEEP8)
#undef KEEP8
}

/* keep8 with the sift of words.c folded in, for a hand of 1 to 4
 * multi-letter cards: a word is tested against the signature of the
 * single cards with the letters of the hand's multi-letter cards it holds
 * (lex_hand.sub, by the set of those cards), so a word that holds none is
 * tested against the single cards alone, and one kept that they do not
 * spell is one words.c would have let through its sift.  The set comes
 * out of the word's multi bits by a bit shuffle (each of a lane's 8
 * control bytes picks one bit: the places of the hand's cards' bits, then
 * bit 63, which is 0), weighted 1, 2, 4, 8 and summed. */
__attribute__((target("avx512f,avx512vl,avx512bw,avx512bitalg,avx512vpopcntdq"))) static inline
__mmask8 keep8_sifted(const lex_sigs *s, long i, __m512i sublo, __m512i subhi, __m512i pick,
                      __m512i w)
{
    const __m512i weight = _mm512_set1_epi64(0x8040201008040201ll);
    __m512i v = _mm512_loadu_si512((const void *)(s->sig + i));
    __m512i m =
        _mm512_cvtepu16_epi64(_mm_loadu_si128((const __m128i *)(const void *)(s->multi + i)));
    __mmask64 held = _mm512_bitshuffle_epi64_mask(m, pick);
    __m512i set = _mm512_sad_epu8(_mm512_maskz_mov_epi8(held, weight), _mm512_setzero_si512());
    __m512i sub = _mm512_permutex2var_epi64(sublo, set, subhi);
    return _mm512_cmple_epu64_mask(_mm512_popcnt_epi64(_mm512_andnot_si512(sub, v)), w);
}

/* scan_avx512 with keep8_sifted (ad_lex_scan_sifts says when). */
__attribute__((target("avx512f,avx512vl,avx512bw,avx512bitalg,avx512vpopcntdq,popcnt"))) static long
scan_avx512_sifted(const lex_sigs *s, const lex_hand *h, long from, long to, uint64_t *out)
{
    uint32_t at[LEX_BLOCK + 16];
    uint64_t pick = 0x3f3f3f3f3f3f3f3full; /* bit 63 in every byte */
    for (int k = 0; k < h->nmulti; k++)
        pick = (pick & ~(0xffull << (8 * k))) | (uint64_t)__builtin_ctz(h->mbit[k]) << (8 * k);
    __m512i sublo = _mm512_loadu_si512((const void *)h->sub);
    __m512i subhi = _mm512_loadu_si512((const void *)(h->sub + 8));
    __m512i picks = _mm512_set1_epi64((long long)pick), w = _mm512_set1_epi64(h->wilds);
#define KEEP8(i) keep8_sifted(s, i, sublo, subhi, picks, w)
    SCAN16(KEEP8)
#undef KEEP8
}

/* AVX2, for the processors without AVX-512: 8 words a step, as two
 * halves of 4 (64 bits a word), each word tested once (keep4, at_most4:
 * AVX2 has no count of a lane's bits), the kept words' numbers moved to
 * the front of the step by one permutation (perm: for each mask of 8 kept
 * or not, the places of the kept, one a byte) and stored whole; then, as
 * the AVX-512 way does, each kept word's record made a word at a time. */
static uint64_t perm[256];
/* and for 4 words of 64 bits, kept or not: the 32-bit halves of the kept */
static uint64_t perm4[16];
static pthread_once_t perm_once = PTHREAD_ONCE_INIT;
static atomic_int perm_made; /* read first: take8_avx2 is called many times a query */

static void perm_make(void);

/* The tables made, once. */
static inline void perm_need(void)
{
    if (!atomic_load_explicit(&perm_made, memory_order_acquire))
        pthread_once(&perm_once, perm_make);
}

static void perm_make(void)
{
    for (unsigned m = 0; m < 16; m++) {
        uint64_t p = 0;
        int k = 0;
        for (int b = 0; b < 4; b++)
            if (m & (1u << b)) {
                p |= (uint64_t)(2 * b) << (8 * k++);
                p |= (uint64_t)(2 * b + 1) << (8 * k++);
            }
        perm4[m] = p;
    }
    for (unsigned m = 0; m < 256; m++) {
        uint64_t p = 0;
        int k = 0;
        for (int b = 0; b < 8; b++)
            if (m & (1u << b))
                p |= (uint64_t)b << (8 * k++);
        perm[m] = p;
    }
    atomic_store_explicit(&perm_made, 1, memory_order_release);
}

/* The bits set in each 64-bit lane of x. */
__attribute__((target("avx2"))) static inline __m256i count4(__m256i x)
{
    const __m256i nibble = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1,
                                            2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4),
                  low = _mm256_set1_epi8(0x0f);
    __m256i lo = _mm256_shuffle_epi8(nibble, _mm256_and_si256(x, low));
    __m256i hi = _mm256_shuffle_epi8(nibble, _mm256_and_si256(_mm256_srli_epi16(x, 4), low));
    return _mm256_sad_epu8(_mm256_add_epi8(lo, hi), _mm256_setzero_si256());
}

/* Each 64-bit lane of x that has no more than w bits set, all ones:
 * for a few wilds, its lowest bit cleared w times leaves nothing; for
 * more, its bits counted by the nibble table (a byte's bits by a lookup
 * of each half, a word's bytes summed). */
__attribute__((target("avx2"))) static inline __m256i at_most4(__m256i x, int w, __m256i wv)
{
    if (w > 3)
        return _mm256_xor_si256(_mm256_cmpgt_epi64(count4(x), wv), _mm256_set1_epi64x(-1));
    for (int j = 0; j < w; j++)
        x = _mm256_and_si256(x, _mm256_add_epi64(x, _mm256_set1_epi64x(-1)));
    return _mm256_cmpeq_epi64(x, _mm256_setzero_si256());
}

/* One step of a vector scan: of the 8 signatures at sig, those whose
 * bits `lacking` marks (lo for the first 4, hi for the others) are no
 * more than w, their numbers (idx, the 8 in order) stored at out, moved
 * to the front by one permutation (perm); returns how many. */
__attribute__((target("avx2,popcnt"), always_inline)) static inline int
keep8_by(const uint64_t *sig, __m256i lo, __m256i hi, int w, __m256i wv, __m256i idx,
         uint32_t *out)
{
    __m256i v0 = _mm256_loadu_si256((const __m256i *)(const void *)sig);
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(const void *)(sig + 4));
    unsigned keep = (unsigned)_mm256_movemask_pd(
                        _mm256_castsi256_pd(at_most4(_mm256_and_si256(v0, lo), w, wv))) |
                    (unsigned)_mm256_movemask_pd(
                        _mm256_castsi256_pd(at_most4(_mm256_and_si256(v1, hi), w, wv)))
                        << 4;
    __m256i p = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)perm[keep]));
    _mm256_storeu_si256((__m256i *)(void *)out, _mm256_permutevar8x32_epi32(idx, p));
    return __builtin_popcount(keep);
}

/* keep8_by with the same letters for the 8. */
__attribute__((target("avx2,popcnt"), always_inline)) static inline int
keep8_avx2(const uint64_t *sig, __m256i lacking, int w, __m256i wv, __m256i idx, uint32_t *out)
{
    return keep8_by(sig, lacking, lacking, w, wv, idx, out);
}

/* The mask of the 4 words at i the signature test keeps.  A word that
 * holds one of the hand's multi-letter cards' letters is kept when it
 * lacks no more than the wilds on all the hand's letters, which it then
 * does too if it does on the single cards' alone (those are fewer); so,
 * as the AVX-512 way does, each word needs one test, against the letters
 * its multi bits choose. */
__attribute__((target("avx2"))) static inline unsigned keep4(const lex_sigs *s, long i,
                                                              __m256i one, __m256i all, int w,
                                                              __m256i wv, __m128i none8)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s->sig + i));
    __m256i none = _mm256_cvtepi16_epi64(none8);
    __m256i lacking = _mm256_blendv_epi8(all, one, none);
    __m256i keep = at_most4(_mm256_and_si256(v, lacking), w, wv);
    return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(keep));
}

/* scan_avx2 for a hand of `wilds` wilds, inlined once for each of 0 to 3
 * (and one for more), so that at_most4's loop is unrolled: the count of
 * its steps is then no longer data read at every step. */
__attribute__((target("avx2,popcnt"), always_inline)) static inline long
scan_avx2_for(const lex_sigs *s, const lex_hand *h, long from, long to, uint64_t *out,
              const int wilds)
{
    uint32_t at[LEX_BLOCK + 16];
    perm_need();
    __m256i one = _mm256_set1_epi64x((long long)~h->sig);
    __m256i all = _mm256_set1_epi64x((long long)~h->sig_all);
    __m256i w = _mm256_set1_epi64x(h->wilds);
    __m128i mm = _mm_set1_epi16((short)h->mmask);
    __m256i idx = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                   _mm256_set1_epi32((int)from)),
            eight = _mm256_set1_epi32(8);
    long k = 0, i = from, last = to - from <= LEX_BLOCK ? to : from + LEX_BLOCK; /* at's room */
    for (; i + 8 <= last; i += 8) {
        /* the 8 words' multi bits tested at once: which hold none of the hand's cards */
        __m128i none = _mm_cmpeq_epi16(
            _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(s->multi + i)), mm),
            _mm_setzero_si128());
        unsigned keep = keep4(s, i, one, all, wilds, w, none) |
                        keep4(s, i + 4, one, all, wilds, w, _mm_unpackhi_epi64(none, none)) << 4;
        __m256i p = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)perm[keep]));
        _mm256_storeu_si256((__m256i *)(void *)(at + k), _mm256_permutevar8x32_epi32(idx, p));
        k += __builtin_popcount(keep);
        idx = _mm256_add_epi32(idx, eight);
    }
    return scan_end(s, h, at, k, i, to, out);
}

/* ad_lex_scan_singles with AVX2, for a hand of `wilds` wilds (inlined
 * for each as scan_avx2_for is): the kept words' numbers found as
 * scan_avx2_for finds them, then each one's record made where it goes. */
__attribute__((target("avx2,popcnt"), always_inline)) static inline long
singles_avx2_for(const lex_sigs *s, const lex_hand *h, long from, long to, lex_rec *e,
                 uint32_t *fix, int *nfix, const int wilds)
{
    uint32_t at[LEX_BLOCK + 16];
    perm_need();
    __m256i one = _mm256_set1_epi64x((long long)~h->sig), w = _mm256_set1_epi64x(h->wilds);
    __m256i idx = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                   _mm256_set1_epi32((int)from)),
            eight = _mm256_set1_epi32(8);
    long k = 0, i = from, last = to; /* at most LEX_BLOCK words (words.h) */
    if (s->sum8 && !(from & 7)) {
        /* each 8 words' common letters known (lex_sigs.sum8): first, 8 a
         * step, the groups of 8 words whose common letters the hand may
         * hold (about half of them on the bench's hands), their numbers
         * moved to the front; then those groups' words, 8 a step, each
         * group's signatures asked of memory 4 groups ahead (they are no
         * longer read in order) */
        uint32_t group[LEX_BLOCK / 8 + 8];
        long g = from / 8, gend = last / 8, ng = 0;
        __m256i gidx = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                        _mm256_set1_epi32((int)g));
        for (; g + 8 <= gend; g += 8) {
            ng += keep8_avx2(s->sum8 + g, one, wilds, w, gidx, group + ng);
            gidx = _mm256_add_epi32(gidx, eight);
        }
        for (; g < gend; g++)
            group[ng++] = (uint32_t)g;
        for (int j = 0; j < 4; j++) /* what the last groups ask for: the first again */
            group[ng + j] = (uint32_t)(from / 8);
        const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        for (long j = 0; j < ng; j++) {
            long at8 = 8 * (long)group[j];
            _mm_prefetch((const char *)(s->sig + 8 * (long)group[j + 4]), _MM_HINT_T0);
            k += keep8_avx2(s->sig + at8, one, wilds, w,
                            _mm256_add_epi32(lane, _mm256_set1_epi32((int)at8)), at + k);
        }
        i = 8 * gend;
        idx = _mm256_add_epi32(lane, _mm256_set1_epi32((int)i));
    }
    for (; i + 8 <= last; i += 8) {
        k += keep8_avx2(s->sig + i, one, wilds, w, idx, at + k);
        idx = _mm256_add_epi32(idx, eight);
    }
    /* the words the steps left (fewer than 8), tested one by one */
    const uint64_t *sig = s->sig, lacking = ~h->sig; /* in registers: e could alias them */
    for (; i < last; i++) {
        at[k] = (uint32_t)i;
        k += __builtin_popcountll(sig[i] & lacking) <= h->wilds;
    }
    const uint8_t *len = s->len;
    unsigned min = (unsigned)h->min;
    long n = 0;
    int nf = *nfix;
    for (long j = 0; j < k; j++) {
        uint32_t x = at[j];
        n += single_rec(e, n, x, len[x], (uint64_t)__builtin_popcountll(sig[x] & lacking), min,
                        fix, &nf);
    }
    *nfix = nf;
    return n;
}

__attribute__((target("avx2,popcnt"))) static long singles_avx2(const lex_sigs *s,
                                                               const lex_hand *h, long from,
                                                               long to, lex_rec *e, uint32_t *fix,
                                                               int *nfix)
{
    switch (h->wilds) {
    case 0:
        return singles_avx2_for(s, h, from, to, e, fix, nfix, 0);
    case 1:
        return singles_avx2_for(s, h, from, to, e, fix, nfix, 1);
    case 2:
        return singles_avx2_for(s, h, from, to, e, fix, nfix, 2);
    case 3:
        return singles_avx2_for(s, h, from, to, e, fix, nfix, 3);
    default:
        return singles_avx2_for(s, h, from, to, e, fix, nfix, 4);
    }
}

__attribute__((target("avx2,popcnt"))) static long scan_avx2(const lex_sigs *s, const lex_hand *h,
                                                            long from, long to, uint64_t *out)
{
    switch (h->wilds) {
    case 0:
        return scan_avx2_for(s, h, from, to, out, 0);
    case 1:
        return scan_avx2_for(s, h, from, to, out, 1);
    case 2:
        return scan_avx2_for(s, h, from, to, out, 2);
    case 3:
        return scan_avx2_for(s, h, from, to, out, 3);
    default:
        return scan_avx2_for(s, h, from, to, out, 4); /* counted: any count over 3 */
    }
}

/* The exact kept words of cand from `from` on, 8 at a time (words.h,
 * ad_lex_take8): the tests on length and lack, the single-card words'
 * records made, and both kinds compressed out, all without a branch a
 * word; stops at the first 8 that hold a word whose signature is not
 * exact (few), which take their own way. */
_Static_assert(sizeof(lex_rec) == 8 && offsetof(lex_rec, len) == 4 && offsetof(lex_rec, n) == 5 &&
                   offsetof(lex_rec, wilds) == 6 && offsetof(lex_rec, cards) == 7,
               "take8_avx512 makes a record as one 64-bit lane");

__attribute__((target("avx512f,avx512vl,popcnt"))) static long
take8_avx512(const uint64_t *cand, long from, long n, const lex_take *t, lex_rec *e, long *ne,
             uint64_t *maybe, long *nmaybe)
{
    __m512i low7 = _mm512_set1_epi64(0x7f), low32 = _mm512_set1_epi64(0xffffffff);
    __m512i min = _mm512_set1_epi64(t->min), w = _mm512_set1_epi64(t->wilds);
    __m512i inexact = _mm512_set1_epi64((long long)LEX_SIGS_INEXACT << 32);
    __mmask8 lacks = t->lacks ? 0xff : 0;
    long k = from, ns = *ne, nm = *nmaybe; /* in registers: the stores could alias them */
    for (; k + 8 <= n; k += 8) {
        __m512i v = _mm512_loadu_si512((const void *)(cand + k));
        if (_mm512_test_epi64_mask(v, inexact))
            break;
        __m512i len = _mm512_and_si512(_mm512_srli_epi64(v, 32), low7);
        __m512i lack = _mm512_srli_epi64(v, 40);
        __mmask8 ok = _mm512_cmpge_epu64_mask(len, min);
        __mmask8 single = _mm512_mask_cmple_epu64_mask(ok, lack, w);
        __mmask8 more = ok & (__mmask8)~single & lacks;
        __m512i rec = _mm512_or_si512(
            _mm512_or_si512(_mm512_and_si512(v, low32), _mm512_slli_epi64(len, 32)),
            _mm512_or_si512(_mm512_slli_epi64(len, 40), _mm512_slli_epi64(lack, 48)));
        _mm512_storeu_si512((void *)(e + ns), _mm512_maskz_compress_epi64(single, rec));
        ns += __builtin_popcount(single);
        _mm512_storeu_si512((void *)(maybe + nm), _mm512_maskz_compress_epi64(more, v));
        nm += __builtin_popcount(more);
    }
    *ne = ns;
    *nmaybe = nm;
    return k;
}

int ad_lex_scan_ways(void)
{
    int ways = 1 << LEX_SCAN_PLAIN;
    if (__builtin_cpu_supports("popcnt"))
        ways |= 1 << LEX_SCAN_POPCNT;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
        ways |= 1 << LEX_SCAN_AVX2;
    if (__builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw"))
        ways |= 1 << LEX_SCAN_AVX512;
    return ways;
}

/* Whether the processor has the bit shuffle of scan_avx512_sifted. */
static int has_bitalg(void)
{
    return __builtin_cpu_supports("avx512bitalg") && __builtin_cpu_supports("avx512bw");
}

static int sifts(int way, const lex_hand *h)
{
    return way == LEX_SCAN_AVX512 && h->nmulti >= 1 && h->nmulti <= 4 && has_bitalg();
}

static long scan_by(int way, const lex_sigs *s, const lex_hand *h, long from, long to,
                    uint64_t *out)
{
    return sifts(way, h)            ? scan_avx512_sifted(s, h, from, to, out)
           : way == LEX_SCAN_AVX512 ? scan_avx512(s, h, from, to, out)
           : way == LEX_SCAN_AVX2   ? scan_avx2(s, h, from, to, out)
           : way == LEX_SCAN_POPCNT ? scan_popcnt(s, h, from, to, out)
                                    : scan_plain(s, h, from, to, out);
}
#else
int ad_lex_scan_ways(void)
{
    return 1 << LEX_SCAN_PLAIN;
}

static int sifts(int way, const lex_hand *h)
{
    (void)way, (void)h;
    return 0;
}

static long scan_by(int way, const lex_sigs *s, const lex_hand *h, long from, long to,
                    uint64_t *out)
{
    (void)way;
    return scan_plain(s, h, from, to, out);
}
#endif

/* The way every scan takes: the best this processor runs, unless the tests
 * chose one (each must give the same words). */
static _Atomic int chosen = -1;
/* Whether the words of multi-letter cards are found in the lists (the
 * tests turn them off to hold both ways equal). */
static _Atomic int lists_on = 1;

void ad_lex_scan_use(int way)
{
    chosen = way >= 0 && (ad_lex_scan_ways() & (1 << way)) ? way : -1;
}

/* The best of the ways (a bit each). */
static int best_way(int ways)
{
    return ways & (1 << LEX_SCAN_AVX512)   ? LEX_SCAN_AVX512
           : ways & (1 << LEX_SCAN_AVX2)   ? LEX_SCAN_AVX2
           : ways & (1 << LEX_SCAN_POPCNT) ? LEX_SCAN_POPCNT
                                            : LEX_SCAN_PLAIN;
}

/* The way the scans take now. */
static int way_now(void)
{
    int way = chosen;
    return way < 0 ? best_way(ad_lex_scan_ways()) : way;
}

long ad_lex_scan(const lex_sigs *s, const lex_hand *h, long from, long to, uint64_t *out)
{
    return scan_by(way_now(), s, h, from, to, out);
}

long ad_lex_scan_singles(const lex_sigs *s, const lex_hand *h, long from, long to, lex_rec *e,
                         uint64_t *cand, uint32_t *fix, int *nfix)
{
    int way = way_now();
    *nfix = 0;
#if defined(__x86_64__) && defined(__GNUC__)
    /* the AVX-512 way's too: its 16-lane scan has no groups of 8 to pass
     * over, and took 38.5 us a hand of single cards on Zen 5 where this
     * took 31.6 (bench/words-cpu.c, round thirty-seven) */
    if (way == LEX_SCAN_AVX2 || way == LEX_SCAN_AVX512)
        return singles_avx2(s, h, from, to, e, fix, nfix);
#endif
    return singles_of(cand, scan_by(way, s, h, from, to, cand), h, e, fix, nfix);
}

static const char *const way_names[] = {"plain", "popcnt", "avx2", "avx512"};

int ad_lex_use_scan(const char *way, ad_err *err)
{
    if (!way)
        way = "";
    if (strcmp(way, "best") == 0) {
        ad_lex_scan_use(-1);
        return 0;
    }
    int ways = ad_lex_scan_ways();
    for (int w = LEX_SCAN_PLAIN; w <= LEX_SCAN_AVX512; w++) {
        if (strcmp(way, way_names[w]) != 0)
            continue;
        if (!(ways & (1 << w)))
            return ad_err_set(err, AD_E_BAD_OPTION,
                              "this processor cannot take the %s way (its best: %s)", way,
                              way_names[best_way(ways)]);
        ad_lex_scan_use(w);
        return 0;
    }
    return ad_err_set(err, AD_E_BAD_OPTION,
                      "there is no scan \"%.20s\" (the ways: best, plain, popcnt, avx2, avx512)",
                      way);
}

const char *ad_lex_scan_name(void)
{
    return way_names[way_now()];
}

int ad_lex_scan_sifts(const lex_hand *h)
{
    return sifts(way_now(), h);
}

#if defined(__x86_64__) && defined(__GNUC__)
/* The 4 words of v that mask keeps, moved to the front (perm4). */
__attribute__((target("avx2"))) static inline __m256i front4(__m256i v, unsigned mask)
{
    return _mm256_permutevar8x32_epi32(
        v, _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)perm4[mask])));
}

/* take8_avx512's work with AVX2, 4 words a step (the records made as
 * there, each kind moved to the front of the step by one permutation and
 * stored whole). */
__attribute__((target("avx2,popcnt"))) static long take8_avx2(const uint64_t *cand, long from,
                                                             long n, const lex_take *t,
                                                             lex_rec *e, long *ne, uint64_t *maybe,
                                                             long *nmaybe)
{
    perm_need();
    __m256i low7 = _mm256_set1_epi64x(0x7f), low32 = _mm256_set1_epi64x(0xffffffff);
    __m256i short_of = _mm256_set1_epi64x(t->min - 1), w = _mm256_set1_epi64x(t->wilds);
    __m256i inexact = _mm256_set1_epi64x((long long)LEX_SIGS_INEXACT << 32);
    unsigned lacks = t->lacks ? 0xfu : 0;
    long k = from, ns = *ne, nm = *nmaybe; /* in registers: the stores could alias them */
    for (; k + 4 <= n; k += 4) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(cand + k));
        if (!_mm256_testz_si256(v, inexact))
            break;
        __m256i len = _mm256_and_si256(_mm256_srli_epi64(v, 32), low7);
        __m256i lack = _mm256_srli_epi64(v, 40);
        __m256i ok = _mm256_cmpgt_epi64(len, short_of);
        __m256i single = _mm256_andnot_si256(_mm256_cmpgt_epi64(lack, w), ok);
        unsigned okm = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(ok));
        unsigned sm = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(single));
        unsigned more = okm & ~sm & lacks;
        __m256i rec = _mm256_or_si256(
            _mm256_or_si256(_mm256_and_si256(v, low32), _mm256_slli_epi64(len, 32)),
            _mm256_or_si256(_mm256_slli_epi64(len, 40), _mm256_slli_epi64(lack, 48)));
        _mm256_storeu_si256((__m256i *)(void *)(e + ns), front4(rec, sm));
        ns += __builtin_popcount(sm);
        _mm256_storeu_si256((__m256i *)(void *)(maybe + nm), front4(v, more));
        nm += __builtin_popcount(more);
    }
    *ne = ns;
    *nmaybe = nm;
    return k;
}
#endif

/* ad_lex_fits with AVX-512, 8 maybes a step: each one's places read by
 * gathers (where they start and end, the first two), the one place a
 * card of the hand fits, if one, found without a branch, its lack on the
 * single cards and that card counted, and the waiting word made as
 * ad_lex_multi_fast and lex_wait_table_word make it. */
__attribute__((target("avx512f,avx512vl,avx512dq,avx512bw,avx512vbmi,avx512vpopcntdq"))) static long
fits_avx512(const lex_sigs *s, const lex_hand *h, const uint64_t *maybe, long n, uint64_t *order,
            uint64_t *rec, uint32_t *after)
{
    const __m512i low32 = _mm512_set1_epi64(0xffffffff), byte = _mm512_set1_epi64(0xff);
    const __m512i ids = _mm512_set1_epi64(AD_LEX_CARD_MAX - 1), one = _mm512_set1_epi64(1);
    const __m512i inexact = _mm512_set1_epi64((long long)LEX_SIGS_INEXACT << 32);
    __m512i held = _mm512_set1_epi64((long long)h->held), w = _mm512_set1_epi64(h->wilds);
    __m512i min = _mm512_set1_epi64(h->min), two = _mm512_set1_epi64(2);
    __m512i none = _mm512_set1_epi64(LEX_FIT_NONE), other = _mm512_set1_epi64(LEX_FIT_OTHER);
    /* by a card's place in the hand (at most 16 places): its signature
     * with the single cards', and its place and letters (fitinfo) */
    uint64_t by[2][16] = {{0}};
    for (int m = 0; m < h->nmulti; m++) {
        by[0][m] = h->one[h->multi[m]];
        by[1][m] = h->fitinfo[h->multi[m]];
    }
    __m512i one_lo = _mm512_loadu_si512((const void *)by[0]);
    __m512i one_hi = _mm512_loadu_si512((const void *)(by[0] + 8));
    __m512i info_lo = _mm512_loadu_si512((const void *)by[1]);
    __m512i info_hi = _mm512_loadu_si512((const void *)(by[1] + 8));
    __m512i place = _mm512_loadu_si512((const void *)h->mindex); /* a byte by card id */
    long k = 0;
    for (; k < n; k += 8) {
        /* the last step's lanes past n read word 0 and are not used */
        __mmask8 in = k + 8 <= n ? 0xff : (__mmask8)((1u << (n - k)) - 1);
        /* where the places of the maybes 16 on start, and those of 8 on,
         * brought near (they were asked of memory a block before: the
         * gathers' reads wait on the cache one by one) */
        for (long j = k + 16; j < k + 24 && j < n; j++)
            __builtin_prefetch(s->occ_at + (uint32_t)maybe[j]);
        for (long j = k + 8; j < k + 16 && j < n; j++)
            __builtin_prefetch(s->occ + s->occ_at[(uint32_t)maybe[j]]);
        __m512i mv = _mm512_maskz_loadu_epi64(in, (const void *)(maybe + k));
        __m256i i = _mm512_cvtepi64_epi32(mv);
        __m256i k0 = _mm256_i32gather_epi32((const int *)s->occ_at, i, 4);
        __m256i k1 = _mm256_i32gather_epi32((const int *)(s->occ_at + 1), i, 4);
        __m512i nk = _mm512_cvtepu32_epi64(_mm256_sub_epi32(k1, k0));
        /* two past the last place are readable (sigs.c) */
        __m512i o0 = _mm512_i32gather_epi64(k0, (const void *)s->occ, 8);
        __m512i o1 = _mm512_i32gather_epi64(_mm256_add_epi32(k0, _mm256_set1_epi32(1)),
                                            (const void *)s->occ, 8);
        __m512i id0 = _mm512_and_si512(_mm512_srli_epi64(o0, 40), ids);
        __m512i id1 = _mm512_and_si512(_mm512_srli_epi64(o1, 40), ids);
        __mmask8 v0 = _mm512_test_epi64_mask(_mm512_srlv_epi64(held, id0), one) &
                      _mm512_test_epi64_mask(nk, nk);
        __mmask8 v1 = _mm512_test_epi64_mask(_mm512_srlv_epi64(held, id1), one) &
                      _mm512_cmpeq_epu64_mask(nk, two);
        __mmask8 few = _mm512_cmple_epu64_mask(nk, two) & _mm512_testn_epi64_mask(mv, inexact);
        __mmask8 fit1 = few & (v0 ^ v1), no = few & (__mmask8) ~(v0 | v1);
        __m512i fit = _mm512_mask_blend_epi64(v0, o1, o0);
        __m512i id = _mm512_and_si512(_mm512_srli_epi64(fit, 40), ids);
        __m512i pos = _mm512_and_si512(_mm512_srli_epi64(fit, 32), byte);
        __m512i sig = _mm512_i32gather_epi64(i, (const void *)s->sig, 8);
        /* the card's place in the hand: byte 0 of each lane is its id */
        __m512i m = _mm512_and_si512(_mm512_permutexvar_epi8(id, place), byte);
        __m512i with = _mm512_permutex2var_epi64(one_lo, m, one_hi);
        __m512i info = _mm512_permutex2var_epi64(info_lo, m, info_hi);
        __m512i lack = _mm512_popcnt_epi64(_mm512_andnot_si512(with, sig));
        __m512i len = _mm512_and_si512(_mm512_srli_epi64(mv, 32), _mm512_set1_epi64(0x7f));
        __m512i need = _mm512_add_epi64(_mm512_srli_epi64(info, 8), min); /* letters */
        __mmask8 word =
            fit1 & _mm512_cmple_epu64_mask(lack, w) & _mm512_cmpge_epu64_mask(len, need);
        __m512i aft = _mm512_and_si512(fit, low32);
        __m512i ord = _mm512_or_si512(
            _mm512_slli_epi64(aft, 12),
            _mm512_or_si512(_mm512_slli_epi64(_mm512_sub_epi64(_mm512_set1_epi64(63), pos), 6),
                            _mm512_and_si512(info, byte)));
        __m512i r = _mm512_or_si512(
            _mm512_or_si512(_mm512_and_si512(mv, low32), _mm512_slli_epi64(len, 32)),
            _mm512_or_si512(_mm512_slli_epi64(pos, 40),
                            _mm512_or_si512(_mm512_slli_epi64(lack, 48),
                                            _mm512_slli_epi64(id, 56))));
        aft = _mm512_mask_or_epi64(aft, (__mmask8)~word, aft, none);
        aft = _mm512_mask_or_epi64(aft, (__mmask8) ~(fit1 | no), aft, other);
        _mm512_storeu_si512((void *)(order + k), ord);
        _mm512_storeu_si512((void *)(rec + k), r);
        _mm256_storeu_si256((__m256i *)(void *)(after + k), _mm512_cvtepi64_epi32(aft));
    }
    return n;
}

long ad_lex_take8(const uint64_t *cand, long from, long n, const lex_take *t, lex_rec *e,
                  long *ne, uint64_t *maybe, long *nmaybe)
{
#if defined(__x86_64__) && defined(__GNUC__)
    int way = way_now();
    if (way == LEX_SCAN_AVX512)
        return take8_avx512(cand, from, n, t, e, ne, maybe, nmaybe);
    if (way == LEX_SCAN_AVX2)
        return take8_avx2(cand, from, n, t, e, ne, maybe, nmaybe);
#endif
    (void)cand, (void)from, (void)n, (void)t, (void)e, (void)ne, (void)maybe, (void)nmaybe;
    return -1;
}

long ad_lex_fits(const lex_sigs *s, const lex_hand *h, const uint64_t *maybe, long n,
                 uint64_t *order, uint64_t *rec, uint32_t *after)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (way_now() == LEX_SCAN_AVX512 && h->nmulti <= 16 && __builtin_cpu_supports("avx512vbmi"))
        return fits_avx512(s, h, maybe, n, order, rec, after);
#endif
    (void)s, (void)h, (void)maybe, (void)n, (void)order, (void)rec, (void)after;
    return 0;
}

/* ------------------------------------------------------------------ lists */

/* ad_lex_list_scan one place at a time, LACK(x) the bits of x when they
 * are at most the wilds, else more (or less than 0). */
#define LIST_BODY(LACK)                                                                      \
    uint64_t held = t->held | (uint64_t)t->held << 32 | LEX_LIST_INEXACT;                    \
    uint64_t before = (uint64_t)t->held << 32;                                               \
    long ns = *nsimple, no = *nother;                                                        \
    for (long k = from; k < to; k++) {                                                       \
        uint64_t v = l->sig[k], o = l->other[k];                                             \
        int lack = LACK(v & ~t->one), fit = lack >= 0 && lack <= t->wilds;                   \
        int single = (unsigned)LACK(v & ~t->single) <= (unsigned)t->wilds;                   \
        int loose = (unsigned)LACK(v & ~t->all) <= (unsigned)t->wilds;                       \
        int alone = (o & held) == 0, first = (o & before) == 0;                              \
        simple[ns] = l->info[k] | (uint64_t)(lack & 0xff) << 48;                             \
        ns += alone & fit & (single ^ 1);                                                    \
        other[no] = (lex_list_kept){l->info[k], v, o};                                       \
        no += (alone ^ 1) & first & loose;                                                   \
    }                                                                                        \
    *nsimple = ns;                                                                           \
    *nother = no;

static void list_plain(const lex_lists *l, long from, long to, const lex_list_test *t,
                       uint64_t *simple, long *nsimple, lex_list_kept *other, long *nother)
{
#define LACK_PLAIN(x) lex_count_at_most(x, t->wilds)
    LIST_BODY(LACK_PLAIN)
#undef LACK_PLAIN
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("popcnt"))) static void list_popcnt(const lex_lists *l, long from, long to,
                                                         const lex_list_test *t,
                                                         uint64_t *simple, long *nsimple,
                                                         lex_list_kept *other, long *nother)
{
#define LACK_POPCNT(x) __builtin_popcountll(x)
    LIST_BODY(LACK_POPCNT)
#undef LACK_POPCNT
}

#define LIST_CHUNK 256 /* places a first look takes before the second */

/* ad_lex_list_scan with AVX2, for a hand of `wilds` wilds (inlined once
 * for each of 0 to 3, and one for more, as scan_avx2_for is), in two
 * looks a chunk: first, 8 places a step, a test every kept place passes
 * (a place of a word no other card of the hand has a place in, on the
 * single cards and its card; the others on the whole hand's letters:
 * 10% of a hand's places pass), the passing places' numbers moved to the
 * front of the step by one permutation; then those alone, one at a time
 * without a branch, as list_popcnt. */
__attribute__((target("avx2,popcnt"), always_inline)) static inline long
list_avx2_for(const lex_lists *l, long from, long to, const lex_list_test *t, uint64_t *simple,
              long *nsimple, lex_list_kept *other, long *nother, const int wilds)
{
    perm_need();
    __m256i all = _mm256_set1_epi64x((long long)~t->all), wv = _mm256_set1_epi64x(t->wilds);
    __m256i one4 = _mm256_set1_epi64x((long long)~t->one), eight = _mm256_set1_epi32(8);
    uint64_t held = t->held | (uint64_t)t->held << 32 | LEX_LIST_INEXACT;
    __m256i held4 = _mm256_set1_epi64x((long long)held);
    uint64_t before = (uint64_t)t->held << 32, one = ~t->one, single = ~t->single;
    uint32_t cand[LIST_CHUNK + 8];
    long ns = *nsimple, no = *nother, k = from;
    while (k + 8 <= to) {
        long end = to - k > LIST_CHUNK ? k + LIST_CHUNK : to, nc = 0;
        __m256i idx = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                       _mm256_set1_epi32((int)k));
        for (; k + 8 <= end; k += 8) {
            /* a place of a word where no other card of the hand has a
             * place (alone) is kept only when the single cards and this
             * card spell it: tested on those letters (`one`); the others
             * on the whole hand's, each card's letters loose */
            __m256i o0 = _mm256_loadu_si256((const __m256i *)(const void *)(l->other + k));
            __m256i o1 = _mm256_loadu_si256((const __m256i *)(const void *)(l->other + k + 4));
            __m256i alone0 = _mm256_cmpeq_epi64(_mm256_and_si256(o0, held4), _mm256_setzero_si256());
            __m256i alone1 = _mm256_cmpeq_epi64(_mm256_and_si256(o1, held4), _mm256_setzero_si256());
            _mm_prefetch((const char *)(l->info + k), _MM_HINT_T0); /* for the second look */
            nc += keep8_by(l->sig + k, _mm256_blendv_epi8(all, one4, alone0),
                           _mm256_blendv_epi8(all, one4, alone1), wilds, wv, idx, cand + nc);
            idx = _mm256_add_epi32(idx, eight);
        }
        for (long c = 0; c < nc; c++) {
            uint32_t j = cand[c];
            uint64_t v = l->sig[j], o = l->other[j], info = l->info[j];
            int lack = __builtin_popcountll(v & one);
            int fit = lack <= t->wilds, sgl = __builtin_popcountll(v & single) <= t->wilds;
            int alone = (o & held) == 0, first = (o & before) == 0;
            simple[ns] = info | (uint64_t)lack << 48;
            ns += alone & fit & (sgl ^ 1);
            other[no] = (lex_list_kept){info, v, o};
            no += (alone ^ 1) & first;
        }
    }
    *nsimple = ns;
    *nother = no;
    return k;
}

__attribute__((target("avx2,popcnt"))) static long
list_avx2(const lex_lists *l, long from, long to, const lex_list_test *t, uint64_t *simple,
          long *nsimple, lex_list_kept *other, long *nother)
{
    switch (t->wilds) {
    case 0:
        return list_avx2_for(l, from, to, t, simple, nsimple, other, nother, 0);
    case 1:
        return list_avx2_for(l, from, to, t, simple, nsimple, other, nother, 1);
    case 2:
        return list_avx2_for(l, from, to, t, simple, nsimple, other, nother, 2);
    case 3:
        return list_avx2_for(l, from, to, t, simple, nsimple, other, nother, 3);
    default:
        return list_avx2_for(l, from, to, t, simple, nsimple, other, nother, 4);
    }
}
#endif

void ad_lex_list_scan(const lex_lists *l, long from, long to, const lex_list_test *t,
                      uint64_t *simple, long *nsimple, lex_list_kept *other, long *nother)
{
#if defined(__x86_64__) && defined(__GNUC__)
    int way = way_now();
    if (way >= LEX_SCAN_AVX2)
        from = list_avx2(l, from, to, t, simple, nsimple, other, nother);
    if (way >= LEX_SCAN_POPCNT) {
        list_popcnt(l, from, to, t, simple, nsimple, other, nother);
        return;
    }
#endif
    list_plain(l, from, to, t, simple, nsimple, other, nother);
}

int ad_lex_scan_lists(const lex_hand *h)
{
    return h->nmulti > 0 && atomic_load(&lists_on);
}

void ad_lex_use_lists(int on)
{
    atomic_store(&lists_on, on != 0);
}
