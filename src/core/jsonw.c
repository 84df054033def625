/*
 * jsonw.c - the JSON writer of jsonw.h: a growing buffer (its common case,
 * room enough, inline in jsonw.h), a byte's escape tested by a comparison
 * or two, integers without printf.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "jsonw.h"

void ad_jw_free(ad_jw *w)
{
    free(w->p);
    w->p = NULL;
    w->n = w->cap = 0;
    w->oom = 0;
}

int ad_jw_room(ad_jw *w, size_t n)
{
    if (w->oom)
        return -1;
    if (w->cap - w->n > n) /* one byte spare: ad_jw_text's NUL */
        return 0;
    size_t cap = w->cap ? w->cap : 1024;
    while (cap - w->n <= n)
        cap *= 2;
    char *p = realloc(w->p, cap);
    if (!p) {
        w->oom = 1;
        return -1;
    }
    w->p = p;
    w->cap = cap;
    return 0;
}

void ad_jw_raw_grow(ad_jw *w, const char *s, size_t n)
{
    if (ad_jw_room(w, n) == 0) {
        memcpy(w->p + w->n, s, n);
        w->n += n;
    }
}

/* What byte c becomes inside a string: 0, itself; 1, \u00XX; else the
 * letter after the backslash.  jansson escapes the same set and no more
 * (not '/', not DEL, nothing above ASCII). */
static unsigned char escape_of(unsigned char c)
{
    switch (c) {
    case '"': return '"';
    case '\\': return '\\';
    case '\b': return 'b';
    case '\f': return 'f';
    case '\n': return 'n';
    case '\r': return 'r';
    case '\t': return 't';
    default: return c < 0x20 ? 1 : 0;
    }
}

/* escape_of(c) == 0, the test of most bytes, without the switch. */
static inline int plain(unsigned char c)
{
    return c >= 0x20 && c != '"' && c != '\\';
}

void ad_jw_str(ad_jw *w, const char *s, size_t n)
{
    /* at most 6 bytes a byte (\u00XX) and the quotes: one check of room,
     * inline, as most strings are a card's name or a key */
    if (w->cap - w->n <= n * 6 + 2 && ad_jw_room(w, n * 6 + 2) < 0)
        return;
    char *o = w->p + w->n;
    *o++ = '"';
    size_t i = 0;
    while (i < n) {
#if defined(__SSE2__)
        /* 16 bytes at a time while none needs an escape (a quote, a
         * backslash, a control byte): a line read aloud is mostly plain */
        const __m128i quote = _mm_set1_epi8('"'), back = _mm_set1_epi8('\\'),
                      ctl = _mm_set1_epi8(0x1f);
        while (n - i >= 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
            __m128i esc = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, back)),
                _mm_cmpeq_epi8(_mm_max_epu8(v, ctl), ctl)); /* v <= 0x1f */
            unsigned m = (unsigned)_mm_movemask_epi8(esc);
            _mm_storeu_si128((__m128i *)(void *)o, v); /* within the room: 6 bytes a byte */
            unsigned k = m ? (unsigned)__builtin_ctz(m) : 16;
            o += k;
            i += k;
            if (m)
                break;
        }
        if (i == n)
            break;
#endif
        /* byte by byte up to and through the next that needs an escape */
        for (; i < n; i++) {
            unsigned char c = (unsigned char)s[i];
            if (plain(c)) {
                *o++ = (char)c;
                continue;
            }
            unsigned char e = escape_of(c);
            if (e == 1) {
                static const char hex[] = "0123456789ABCDEF";
                memcpy(o, "\\u00", 4);
                o[4] = hex[c >> 4];
                o[5] = hex[c & 15];
                o += 6;
            } else {
                o[0] = '\\';
                o[1] = (char)e;
                o += 2;
            }
            i++;
            break;
        }
    }
    *o++ = '"';
    w->n = (size_t)(o - w->p);
}

void ad_jw_int(ad_jw *w, long long v)
{
    char buf[24], *e = buf + sizeof buf, *b = e;
    /* unsigned arithmetic: -LLONG_MIN does not fit a long long */
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        *--b = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *--b = '-';
    ad_jw_raw(w, b, (size_t)(e - b));
}

/* A real as jansson prints it (strconv.c): %.17g, ".0" added when it
 * reads as an integer, the exponent without '+' or leading zeros. */
static void jw_real(ad_jw *w, double d)
{
    char buf[40];
    int len = snprintf(buf, sizeof buf - 2, "%.17g", d);
    if (len < 0)
        return;
    if (!strchr(buf, '.') && !strchr(buf, 'e')) {
        memcpy(buf + len, ".0", 3);
        len += 2;
    }
    char *start = strchr(buf, 'e');
    if (start) { /* start: the sign %g always writes; '-' is kept */
        start++;
        char *end = start + 1;
        if (*start == '-')
            start++;
        while (*end == '0')
            end++;
        memmove(start, end, strlen(end) + 1);
        len = (int)strlen(buf);
    }
    ad_jw_raw(w, buf, (size_t)len);
}

void ad_jw_tree(ad_jw *w, const json_t *j)
{
    switch (json_typeof(j)) {
    case JSON_OBJECT: {
        const char *k;
        json_t *v;
        char sep = '{';
        json_object_foreach((json_t *)j, k, v) {
            ad_jw_raw(w, &sep, 1);
            ad_jw_str(w, k, strlen(k));
            ad_jw_raw(w, ":", 1);
            ad_jw_tree(w, v);
            sep = ',';
        }
        ad_jw_raw(w, sep == '{' ? "{}" : "}", sep == '{' ? 2 : 1);
        return;
    }
    case JSON_ARRAY: {
        size_t n = json_array_size(j);
        ad_jw_raw(w, "[", 1);
        for (size_t i = 0; i < n; i++) {
            if (i)
                ad_jw_raw(w, ",", 1);
            ad_jw_tree(w, json_array_get(j, i));
        }
        ad_jw_raw(w, "]", 1);
        return;
    }
    case JSON_STRING:
        ad_jw_str(w, json_string_value(j), json_string_length(j));
        return;
    case JSON_INTEGER: ad_jw_int(w, (long long)json_integer_value(j)); return;
    case JSON_REAL: jw_real(w, json_real_value(j)); return;
    case JSON_TRUE: ad_jw_raw(w, "true", 4); return;
    case JSON_FALSE: ad_jw_raw(w, "false", 5); return;
    default: ad_jw_raw(w, "null", 4); return;
    }
}

const char *ad_jw_text(ad_jw *w)
{
    if (ad_jw_room(w, 0) < 0)
        return NULL;
    w->p[w->n] = '\0';
    return w->p;
}
