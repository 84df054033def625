/*
 * sigs_file.c - the letter table of an index (sigs.c), made at `make` time
 * beside it: ad_lex_save writes scowl-70.tab next to scowl-70.idx, and the
 * first words query of a mapped index maps it instead of making the table
 * (a few ms saved, and no memory of its own).  Like the index, a mapped
 * table is checked whole before use: a checksum, that it belongs to this
 * very index and to this deck's multi-letter cards, and that every word
 * lies inside the text, is a-z and at most 63 letters; so no query can
 * read outside it, whatever the file holds.  Anything wrong: the table is
 * made from the DAWG as for an index built at load.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lex.h"

#define TAB_MAGIC "ADLEXT\0\4" /* \4: the header a multiple of 64 bytes */
#define TAB_ENDIAN 0x01020304u

/* The file: this header, then sig[n], occ[nocc], at[n], occ_at[n + 1],
 * multi[n] (16 bits each), len[n], lcp[n] and the text (used bytes, then
 * LEX_SIGS_SLACK zero bytes): each part at a multiple of its size, and
 * sig[] at a multiple of 64 bytes, as the mapping's start is. */
typedef struct tab_header {
    char magic[8];
    uint32_t endian;
    uint32_t n;
    uint64_t used;
    uint64_t index_sum; /* ad_lex_cells_sum of the index it belongs to */
    uint64_t cards_sum; /* of the multi-letter cards' letters */
    uint64_t checksum;  /* of everything after the header */
    int8_t third[32];
    uint32_t start2[26 * 27 + 1];
    uint32_t nocc;
    uint8_t multi_bit[AD_LEX_CARD_MAX];
    uint8_t zero[48]; /* to 64 bytes: sig[] on cache lines, 8 a line (scan.c) */
} tab_header;

_Static_assert(sizeof(tab_header) % 64 == 0, "the signatures start a cache line");

/* A checksum 8 bytes at a time (the tail a byte at a time). */
static uint64_t sum(uint64_t h, const void *p, size_t len)
{
    const uint8_t *b = p;
    size_t i = 0;
    for (uint64_t w; i + 8 <= len; i += 8) {
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    for (; i < len; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static uint64_t cards_sum(void)
{
    const lex_cards *t = ad_lex_cards_get();
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int id = AD_LEX_WILD + 1; id < t->n; id++)
        h = sum(h, t->letters[id], sizeof t->letters[id]);
    return h;
}

/* The sizes of the parts after the header. */
static size_t body_size(uint64_t n, uint64_t nocc, uint64_t used)
{
    return n * (8 + 4 + 4 + 2 + 1 + 1) + 4 + 8 * nocc + used + LEX_SIGS_SLACK;
}

/* The checksum of a mapped body, part by part as it was written. */
static uint64_t body_sum(const uint8_t *b, size_t n, size_t nocc, size_t used)
{
    size_t part[8] = {8 * n, 8 * nocc, 4 * n, 4 * (n + 1), 2 * n, n, n, used + LEX_SIGS_SLACK};
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < 8; b += part[i], i++)
        h = sum(h, b, part[i]);
    return h;
}

/* scowl-70.idx -> scowl-70.tab; another name gets .tab added. */
int ad_lex_tab_path(const char *index, char *out, size_t size)
{
    size_t len = strlen(index);
    if (len >= 4 && strcmp(index + len - 4, ".idx") == 0)
        len -= 4;
    return snprintf(out, size, "%.*s.tab", (int)len, index) < (int)size ? 0 : -1;
}

/* ------------------------------------------------------------------ write */

static int put(FILE *f, const void *p, size_t len, uint64_t *h)
{
    *h = sum(*h, p, len);
    return fwrite(p, 1, len, f) == len;
}

static int write_body(FILE *f, const lex_sigs *s, uint64_t *h)
{
    size_t n = (size_t)s->n;
    return put(f, s->sig, 8 * n, h) && put(f, s->occ, 8 * (size_t)s->nocc, h) &&
           put(f, s->at, 4 * n, h) && put(f, s->occ_at, 4 * (n + 1), h) &&
           put(f, s->multi, 2 * n, h) && put(f, s->len, n, h) && put(f, s->lcp, n, h) &&
           put(f, s->text, s->used + LEX_SIGS_SLACK, h);
}

int ad_lex_save_table(const ad_lex *lex, const char *index, ad_err *err)
{
    const lex_sigs *s = ad_lex_sigs_get(lex);
    char path[PATH_MAX], tmp[PATH_MAX + 32];
    if (!s)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    if (ad_lex_tab_path(index, path, sizeof path) < 0)
        return ad_err_set(err, AD_E_IO, "the path %.100s... is too long", index);
    tab_header hd;
    memset(&hd, 0, sizeof hd);
    memcpy(hd.magic, TAB_MAGIC, 8);
    hd.endian = TAB_ENDIAN;
    hd.n = (uint32_t)s->n;
    hd.used = s->used;
    hd.nocc = (uint32_t)s->nocc;
    hd.index_sum = ad_lex_cells_sum(lex);
    hd.cards_sum = cards_sum();
    memcpy(hd.third, s->third, sizeof s->third);
    memcpy(hd.start2, s->start2, sizeof hd.start2);
    memcpy(hd.multi_bit, s->multi_bit, sizeof hd.multi_bit);
    FILE *f = ad_lex_file_open(path, tmp, sizeof tmp, err);
    if (!f)
        return -1;
    uint64_t h = 0xcbf29ce484222325ULL;
    int ok = fwrite(&hd, sizeof hd, 1, f) == 1 && write_body(f, s, &h);
    hd.checksum = h; /* known only now: the header again */
    ok = ok && fseek(f, 0, SEEK_SET) == 0 && fwrite(&hd, sizeof hd, 1, f) == 1;
    return ad_lex_file_done(f, ok, tmp, path, err);
}

/* ------------------------------------------------------------------- map */

/* Word i's places of multi-letter cards: in order, each a card of this
 * deck whose letters stand there, and coming before words past i only. */
static int places_sound(const lex_sigs *s, long i)
{
    const lex_cards *t = ad_lex_cards_get();
    const char *w = s->text + s->at[i];
    size_t len = s->len[i] & ~LEX_SIGS_INEXACT;
    if (s->occ_at[i] > s->occ_at[i + 1] || s->occ_at[i + 1] > s->nocc)
        return 0;
    for (uint32_t k = s->occ_at[i]; k < s->occ_at[i + 1]; k++) {
        uint64_t o = s->occ[k];
        size_t pos = (o >> 32) & 0xff, id = (o >> 40) & 0xff;
        if ((o >> 48) || id <= AD_LEX_WILD || id >= (size_t)t->n || pos + t->len[id] > len ||
            memcmp(w + pos, t->letters[id], t->len[id]) || (uint32_t)o <= (uint64_t)i ||
            (uint32_t)o > s->n)
            return 0;
    }
    return 1;
}

/* Every word inside the text, a-z, at most 63 letters, NUL-terminated,
 * its places of multi-letter cards sound; the index of first letters in
 * order; the third bits where they can be. */
static int sound(const lex_sigs *s, const tab_header *hd)
{
    if (s->occ_at[0] != 0 || s->occ_at[s->n] != s->nocc)
        return 0;
    for (size_t i = 0; i < s->used; i++)
        if (s->text[i] && (s->text[i] < 'a' || s->text[i] > 'z'))
            return 0;
    for (int i = 0; i < LEX_SIGS_SLACK; i++)
        if (s->text[s->used + (size_t)i])
            return 0;
    for (long i = 0; i < s->n; i++) {
        size_t at = s->at[i], len = s->len[i] & ~LEX_SIGS_INEXACT;
        if (at >= s->used || len == 0 || len >= AD_LEX_WORD_MAX || s->used - at <= len ||
            s->text[at + len] != 0 || strlen(s->text + at) != len || !places_sound(s, i))
            return 0;
    }
    for (int k = 0; k <= 26 * 27; k++)
        if (hd->start2[k] > s->n || (k && hd->start2[k] < hd->start2[k - 1]))
            return 0;
    for (int c = 0; c < 26; c++)
        if (hd->third[c] != -1 && (hd->third[c] < 52 || hd->third[c] > 63))
            return 0;
    for (int id = 0; id < AD_LEX_CARD_MAX; id++)
        if (hd->multi_bit[id] >= LEX_MULTI_BITS)
            return 0;
    return 1;
}

/* The parts of a mapping whose header was checked, into s. */
static void point(lex_sigs *s, const tab_header *hd)
{
    const uint8_t *b = (const uint8_t *)(hd + 1);
    size_t n = hd->n;
    s->n = (long)n;
    s->used = hd->used;
    s->sig = (uint64_t *)(uintptr_t)b;
    s->occ = (uint64_t *)(uintptr_t)(b + 8 * n);
    b += 8 * (size_t)hd->nocc;
    s->nocc = hd->nocc;
    s->at = (uint32_t *)(uintptr_t)(b + 8 * n);
    s->occ_at = (uint32_t *)(uintptr_t)(b + 12 * n);
    s->multi = (uint16_t *)(uintptr_t)(b + 16 * n + 4);
    s->len = (uint8_t *)(uintptr_t)(b + 18 * n + 4);
    s->lcp = (uint8_t *)(uintptr_t)(b + 19 * n + 4);
    s->text = (char *)(uintptr_t)(b + 20 * n + 4);
    memcpy(s->third, hd->third, sizeof s->third);
    memcpy(s->start2, hd->start2, sizeof s->start2);
    memcpy(s->multi_bit, hd->multi_bit, sizeof s->multi_bit);
}

static int header_fits(const tab_header *hd, size_t size, const ad_lex *lex)
{
    return memcmp(hd->magic, TAB_MAGIC, 8) == 0 && hd->endian == TAB_ENDIAN &&
           hd->n == (uint64_t)lex->info.words && hd->used < ((uint64_t)1 << 32) &&
           size - sizeof *hd == body_size(hd->n, hd->nocc, hd->used) &&
           hd->index_sum == ad_lex_cells_sum(lex) && hd->cards_sum == cards_sum() &&
           hd->checksum == body_sum((const uint8_t *)(hd + 1), hd->n, hd->nocc, hd->used);
}

lex_sigs *ad_lex_map_table(const ad_lex *lex)
{
    char path[PATH_MAX];
    if (!lex->info.index[0] || ad_lex_tab_path(lex->info.index, path, sizeof path) < 0)
        return NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return NULL;
    size_t size = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? (size_t)st.st_size : 0;
    void *map = size > sizeof(tab_header) ? mmap(NULL, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE,
                                                 fd, 0)
                                          : MAP_FAILED;
    close(fd);
    if (map == MAP_FAILED)
        return NULL;
    lex_sigs *s = calloc(1, sizeof *s);
    if (s && header_fits(map, size, lex)) {
        point(s, map);
        s->map = map;
        s->map_len = size;
        if (sound(s, map))
            return s;
    }
    free(s);
    munmap(map, size);
    return NULL;
}
