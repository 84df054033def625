/*
 * told_text.c - the events told and the read-aloud lines of an update,
 * as text into a writer (told_text.h).  The server sends them to every
 * seat at every update; building a jansson tree a seat for them, only to
 * write it out and free it, was a tenth of the server's time (2026-11-28).
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "narrate/narrate_impl.h"
#include "told_text.h"

#define RAW(w, lit) ad_jw_raw(w, lit, sizeof lit - 1)

/* Whether s is UTF-8 as jansson takes it for a string (json_string gives
 * NULL otherwise, and the tree then has no such string): no overlong
 * forms, no surrogates, nothing past U+10FFFF.  A sentence cut at its
 * buffer's end can end inside a character. */
int ad_told_utf8(const char *s)
{
    return ad_told_utf8n(s, strlen(s));
}

int ad_told_utf8n(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
#if defined(__SSE2__)
    /* ASCII, 16 bytes at a time (a sentence is mostly ASCII) */
    while (end - p >= 16 &&
           !_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)p)))
        p += 16;
#endif
    while (p < end) {
        unsigned c = *p++;
        int more = c < 0x80 ? 0 : c >= 0xC2 && c <= 0xDF ? 1 : (c & 0xF0) == 0xE0 ? 2
                 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
        if (more < 0)
            return 0;
        unsigned long cp = more ? c & (0x3Fu >> more) : c;
        for (int i = 0; i < more; i++, p++) {
            if (p == end || (*p & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (*p & 0x3F);
        }
        if ((more == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (more == 3 && (cp < 0x10000 || cp > 0x10FFFF)))
            return 0;
    }
    return 1;
}

/* The narrator's sentence for e into text; 1 when the tree gets one. */
static int sentence(narrator *n, const json_t *e, char *text, size_t len)
{
    return ad_narrate_event(n, e, text, len) && ad_told_utf8(text);
}

json_t *ad_told_tree(narrator *n, const json_t *events)
{
    json_t *out = json_array();
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) {
        json_t *one = json_copy(e);
        char text[400];
        if (sentence(n, e, text, sizeof text))
            json_object_set_new(one, "text", json_string(text));
        json_array_append_new(out, one);
    }
    return out;
}

/* "{" and e's fields into w in their order, a field "text" given text
 * (when not NULL: *placed set) in place of its value; whether any field
 * was written. */
static int put_fields(ad_jw *w, json_t *e, const char *text, int *placed)
{
    const char *k;
    json_t *v;
    int first = 1;
    RAW(w, "{");
    json_object_foreach(e, k, v) {
        if (!first)
            RAW(w, ",");
        first = 0;
        ad_jw_str(w, k, strlen(k));
        RAW(w, ":");
        if (text && strcmp(k, "text") == 0) {
            ad_jw_str(w, text, strlen(text));
            *placed = 1;
        } else {
            ad_jw_tree(w, v);
        }
    }
    return !first;
}

/* "text" after an event's fields (after_fields: some came before). */
static void put_text_last(ad_jw *w, int after_fields, const char *text)
{
    if (after_fields)
        RAW(w, ",");
    RAW(w, "\"text\":");
    ad_jw_str(w, text, strlen(text));
}

/* One event told: its fields in their order, "text" in the place the
 * tree's would have (its own place when the event had one, else last). */
static void told_one(ad_jw *w, narrator *n, json_t *e)
{
    char text[400];
    int said = sentence(n, e, text, sizeof text);
    if (!said || !json_is_object(e)) { /* the tree's copy is the event as it is */
        ad_jw_tree(w, e);
        return;
    }
    int placed = 0, any = put_fields(w, e, text, &placed);
    if (!placed)
        put_text_last(w, any, text);
    RAW(w, "}");
}

static void told_shared(ad_jw *w, narrator *n, json_t *e, ad_told_share *sh, size_t i);

/* The events told, each from its shared fields where sh (NULL: none)
 * holds them, else whole. */
static void told_all(ad_jw *w, narrator *n, const json_t *events, ad_told_share *sh)
{
    size_t i;
    json_t *e;
    RAW(w, "[");
    json_array_foreach(events, i, e) {
        if (i)
            RAW(w, ",");
        if (!sh || sh->one[i].start == SIZE_MAX)
            told_one(w, n, e);
        else
            told_shared(w, n, e, sh, i);
    }
    RAW(w, "]");
}

void ad_told_text(ad_jw *w, narrator *n, const json_t *events)
{
    told_all(w, n, events, NULL);
}

void ad_told_share_reset(ad_told_share *sh)
{
    ad_jw_reset(&sh->text);
    ad_jw_reset(&sh->said);
    sh->ready = 0;
}

void ad_told_share_free(ad_told_share *sh)
{
    ad_jw_free(&sh->text);
    ad_jw_free(&sh->said);
    free(sh->one);
    memset(sh, 0, sizeof *sh);
}

/* Whether e's told form is its fields and then "text": an object without
 * a "text" of its own (an event with one keeps it in its own place). */
static int shareable(const json_t *e)
{
    return json_is_object(e) && !json_object_get(e, "text");
}

/* sh made for events: 0, or -1 (out of memory: told whole). */
static int make_share(ad_told_share *sh, const json_t *events)
{
    size_t n = json_array_size(events);
    if (n > sh->cap) {
        struct ad_told_one *a = realloc(sh->one, n * sizeof *a);
        if (!a)
            return -1;
        sh->one = a;
        sh->cap = n;
    }
    size_t i;
    json_t *e;
    sh->n = n;
    json_array_foreach(events, i, e) {
        struct ad_told_one *o = &sh->one[i];
        o->start = o->end = o->said_at = SIZE_MAX;
        if (!shareable(e))
            continue;
        o->start = sh->text.n;
        put_fields(&sh->text, e, NULL, NULL); /* as told_one writes them before "text" */
        o->end = sh->text.n;
    }
    return sh->text.oom ? -1 : 0;
}

/* Event i's sentence for n->you (NULL: none said): the one made for no
 * seat, when that compared no seat with n->you's place and n remembers
 * what that narrator did (then no comparison with "you" came out true in
 * either, and the words are the same: n is left remembering what that
 * one was), else made now into text (len bytes). */
static const char *shared_sentence(narrator *n, json_t *e, ad_told_share *sh, size_t i,
                                   char *text, size_t len)
{
    struct ad_told_one *as = &sh->one[i];
    if (as->said_at == SIZE_MAX) {
        narrator nobody = *n;
        uint64_t seen = 0;
        nobody.you = INT_MIN;
        ad_narrate_compared = &seen;
        int said = sentence(&nobody, e, text, len);
        ad_narrate_compared = NULL;
        as->compared = seen;
        as->time_up = n->time_up;
        as->time_up_after = nobody.time_up;
        as->said_at = SIZE_MAX - 1;
        if (said) {
            as->said_at = sh->said.n;
            ad_jw_raw(&sh->said, text, strlen(text) + 1);
        }
        if (sh->said.oom)
            as->compared = ~0ull; /* not kept: every seat its own */
    }
    int bit = n->you >= 0 && n->you < 63 ? n->you : 63;
    if (((as->compared >> bit) & 1) || n->time_up != as->time_up)
        return sentence(n, e, text, len) ? text : NULL;
    n->time_up = as->time_up_after;
    return as->said_at == SIZE_MAX - 1 ? NULL : sh->said.p + as->said_at;
}

/* Event i told from its shared fields: the same bytes as told_one. */
static void told_shared(ad_jw *w, narrator *n, json_t *e, ad_told_share *sh, size_t i)
{
    char text[400];
    size_t from = sh->one[i].start, to = sh->one[i].end;
    ad_jw_raw(w, sh->text.p + from, to - from);
    const char *said = shared_sentence(n, e, sh, i, text, sizeof text);
    if (said)
        put_text_last(w, to - from > 1, said); /* not "{" alone: fields before */
    RAW(w, "}");
}

void ad_told_event_text(ad_jw *w, const json_t *events, size_t i, ad_told_share *sh)
{
    if (!sh->ready)
        sh->ready = make_share(sh, events) == 0 ? 1 : -1;
    if (sh->ready < 0 || i >= sh->n || sh->one[i].start == SIZE_MAX) { /* (n: made for fewer) */
        ad_jw_tree(w, json_array_get(events, i));
        return;
    }
    ad_jw_raw(w, sh->text.p + sh->one[i].start, sh->one[i].end - sh->one[i].start);
    RAW(w, "}");
}

void ad_told_text_shared(ad_jw *w, narrator *n, const json_t *events, ad_told_share *sh)
{
    if (!sh->ready)
        sh->ready = make_share(sh, events) == 0 ? 1 : -1;
    told_all(w, n, events, sh->ready < 0 ? NULL : sh);
}
