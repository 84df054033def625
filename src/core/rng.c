/*
 * rng.c - xoshiro256** (Blackman and Vigna, 2018) seeded through splitmix64.
 * Pure integer arithmetic on uint64_t: the same seed gives the same stream on
 * every machine and compiler.  ad_rng_next and ad_rng_below (Lemire's
 * multiply-and-reject: every value in [0, n) exactly equally likely) are
 * inline in alphadeck.h.
 */
#include "alphadeck/alphadeck.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void ad_rng_seed(ad_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

void ad_rng_shuffle(ad_rng *r, uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ad_rng_below(r, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
