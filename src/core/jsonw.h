/*
 * jsonw.h - a small JSON writer of our own: text appended straight into a
 * buffer that is kept and reused, for the server's hot path (every update
 * to every member).  jansson's dump builds its text through a callback a
 * few bytes at a time and prints each integer with snprintf; this writes
 * the same bytes (ad_jw_tree gives jansson's JSON_COMPACT text exactly)
 * at a fraction of the cost.  Not part of the public API.
 */
#ifndef AD_CORE_JSONW_H
#define AD_CORE_JSONW_H

#include <stddef.h>
#include <string.h>

#include <jansson.h>

typedef struct {
    char *p;    /* the text so far (not NUL-terminated until ad_jw_text) */
    size_t n;   /* its length */
    size_t cap; /* room in p */
    int oom;    /* an allocation failed: the text is cut short, do not use it */
} ad_jw;

/* Empties w, keeping its buffer (no allocation in steady state). */
static inline void ad_jw_reset(ad_jw *w)
{
    w->n = 0;
    w->oom = 0;
}
/* Frees w's buffer; w is empty after. */
void ad_jw_free(ad_jw *w);
/* Room for n more bytes; 0, or -1 (w->oom set) when out of memory. */
int ad_jw_room(ad_jw *w, size_t n);
/* ad_jw_raw when w has no room for n more bytes: grows it. */
void ad_jw_raw_grow(ad_jw *w, const char *s, size_t n);
/* Bytes as they are (text already JSON: a key with its quotes, a comma).
 * Inline: most are a byte or two, and a call to room and then to memcpy
 * each was more than the copy.  After oom, what is written is not used. */
static inline void ad_jw_raw(ad_jw *w, const char *s, size_t n)
{
    if (w->cap - w->n > n) { /* one byte spare: ad_jw_text's NUL */
        memcpy(w->p + w->n, s, n);
        w->n += n;
    } else {
        ad_jw_raw_grow(w, s, n);
    }
}
/* A string, quoted and escaped as jansson does: '"' and '\\' escaped,
 * control characters as \b \f \n \r \t or \u00XX, the rest (UTF-8
 * included) as it is. */
void ad_jw_str(ad_jw *w, const char *s, size_t n);
/* An integer in decimal. */
void ad_jw_int(ad_jw *w, long long v);
/* jansson's value j in its JSON_COMPACT text, byte for byte (objects in
 * their order of insertion, reals as jansson prints them). */
void ad_jw_tree(ad_jw *w, const json_t *j);
/* The text, NUL-terminated (NULL when out of memory); w keeps it. */
const char *ad_jw_text(ad_jw *w);

#endif
