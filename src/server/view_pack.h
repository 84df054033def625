/*
 * view_pack.h - a bot's view packed while its job waits (view_pack.c).
 */
#ifndef AD_VIEW_PACK_H
#define AD_VIEW_PACK_H

#include <stddef.h>

/* Packs the size bytes at v into out, and says how many bytes that took;
 * out NULL: only says it (measure, malloc, pack).  Runs of zeros and of
 * other bytes, each told by two 2-byte lengths (low byte first). */
size_t ad_view_pack(const unsigned char *v, size_t size, unsigned char *out);
/* Writes the size bytes a pack of them holds back into v. */
void ad_view_unpack(const unsigned char *packed, size_t size, unsigned char *v);

#endif
