/*
 * director_impl.h - inside the director (src/director/): the seeds of bot
 * decisions, shared by the director and the requests it hands out.
 */
#ifndef AD_DIRECTOR_IMPL_H
#define AD_DIRECTOR_IMPL_H

#include "alphadeck/director.h"

/* splitmix64's finalizer: a well-mixed 64-bit function of x. */
uint64_t director_mix(uint64_t x);
/* The part of every bot decision's seed that depends on the table alone
 * (computed once), and the seed of seat's decision in the position of
 * that version. */
uint64_t director_seed_base(uint64_t table_seed);
uint64_t director_seed(uint64_t base, int seat, uint32_t version);

#endif
