/*
 * director_impl.h - inside the director (src/director/): the seeds of bot
 * decisions, shared by the director and the requests it hands out.
 */
#ifndef AD_DIRECTOR_IMPL_H
#define AD_DIRECTOR_IMPL_H

#include "alphadeck/director.h"

/* splitmix64's step from x: a well-mixed 64-bit function of x.  Inline,
 * with the two below: every bot decision makes a seed and a generator. */
static inline uint64_t director_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* The part of every bot decision's seed that depends on the table alone
 * (computed once), and the seed of seat's decision in the position of
 * that version. */
static inline uint64_t director_seed_base(uint64_t table_seed)
{
    return director_mix(table_seed ^ 0xd12ec7042b075eedULL);
}

static inline uint64_t director_seed(uint64_t base, int seat, uint32_t version)
{
    return director_mix(base ^ (((uint64_t)version << 8) | (uint64_t)(seat & 0xff)));
}

/* ad_rng_seed(r, seed), the same state (a test checks it), its four
 * splitmix64 steps side by side and inline. */
static inline void director_rng(ad_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = director_mix(seed + (uint64_t)i * 0x9e3779b97f4a7c15ULL);
}

#endif
