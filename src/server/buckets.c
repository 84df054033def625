/*
 * buckets.c - a token bucket for each person, for what a person may repeat
 * only so often whichever connection they ask from (table talk, hints):
 * `burst` at once, then one back every `every_ms` (0: always full).  A
 * full bucket is as good as none, so when `kept` buckets are held the full
 * ones are let go before another is made.
 */
#include "lobby_impl.h"

static void refill(ad_bucket *k, int burst, int every_ms, int64_t now)
{
    double got = every_ms > 0 ? (double)(now - k->at_ms) / every_ms : burst;
    k->tokens = k->tokens + got > burst ? burst : k->tokens + got;
    k->at_ms = now;
}

static ad_bucket *bucket_of(ad_buckets *bs, int64_t player, int burst, int every_ms, int kept,
                            int64_t now)
{
    for (int i = 0; i < bs->n; i++)
        if (bs->b[i].player == player)
            return &bs->b[i];
    for (int i = 0; bs->n >= kept && i < bs->n;) {
        refill(&bs->b[i], burst, every_ms, now);
        if (bs->b[i].tokens >= burst)
            bs->b[i] = bs->b[--bs->n];
        else
            i++;
    }
    bs->b = ad_grown(bs->b, bs->n, &bs->cap, sizeof *bs->b, 16);
    ad_bucket *k = &bs->b[bs->n++];
    *k = (ad_bucket){player, burst, now};
    return k;
}

int ad_bucket_take(ad_buckets *bs, int64_t player, int burst, int every_ms, int kept)
{
    int64_t now = srv_now_ms();
    ad_bucket *k = bucket_of(bs, player, burst, every_ms, kept, now);
    refill(k, burst, every_ms, now);
    if (k->tokens < 1)
        return 0;
    k->tokens -= 1;
    return 1;
}

void ad_buckets_free(ad_buckets *bs)
{
    free(bs->b);
    *bs = (ad_buckets){0};
}
