/*
 * view_pack.c - a bot's view packed while its job waits for a worker
 * (workers.c): a view is a game's whole state struct, sized for the most
 * cards and seats a game can have, so most of its bytes are zeros (95% of
 * noway's 2,368).  Packed, it is runs of zeros and of other bytes; unpacked,
 * the very bytes it was, so the bot decides as it would have.
 */
#include <stdint.h>
#include <string.h>

#include "view_pack.h"

/* The next run of other bytes from b: a lone zero among them is kept in
 * the run (cutting it would cost 4 bytes to save 1). */
static size_t bytes_run(const unsigned char *v, size_t size, size_t b)
{
    size_t from = b;
    while (b < size && b - from < 0xffff && (v[b] || (b + 1 < size && v[b + 1])))
        b++;
    return b;
}

/* The end of the run of zeros from i: eight bytes a step while it can
 * (a view is mostly zeros: byte by byte, packing took 4 us a view). */
static size_t zeros_run(const unsigned char *v, size_t size, size_t i)
{
    size_t z = i;
    uint64_t w;
    while (z + 8 <= size && z - i + 8 <= 0xffff && (memcpy(&w, v + z, 8), w == 0))
        z += 8;
    while (z < size && z - i < 0xffff && !v[z])
        z++;
    return z;
}

size_t ad_view_pack(const unsigned char *v, size_t size, unsigned char *out)
{
    size_t k = 0, i = 0;
    while (i < size) {
        size_t z = zeros_run(v, size, i);
        size_t b = bytes_run(v, size, z);
        if (out) {
            out[k] = (unsigned char)((z - i) & 0xff);
            out[k + 1] = (unsigned char)((z - i) >> 8);
            out[k + 2] = (unsigned char)((b - z) & 0xff);
            out[k + 3] = (unsigned char)((b - z) >> 8);
            memcpy(out + k + 4, v + z, b - z);
        }
        k += 4 + (b - z);
        i = b;
    }
    return k;
}

void ad_view_unpack(const unsigned char *p, size_t size, unsigned char *v)
{
    for (size_t i = 0; i < size;) {
        size_t z = (size_t)p[0] | (size_t)p[1] << 8, b = (size_t)p[2] | (size_t)p[3] << 8;
        memset(v + i, 0, z);
        memcpy(v + i + z, p + 4, b);
        i += z + b;
        p += 4 + b;
    }
}
