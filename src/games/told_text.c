/*
 * told_text.c - the events told and the read-aloud lines of an update,
 * as text into a writer (told_text.h).  The server sends them to every
 * seat at every update; building a jansson tree a seat for them, only to
 * write it out and free it, was a tenth of the server's time (2026-11-28).
 */
#include <string.h>

#include "told_text.h"

#define RAW(w, lit) ad_jw_raw(w, lit, sizeof lit - 1)

/* Whether s is UTF-8 as jansson takes it for a string (json_string gives
 * NULL otherwise, and the tree then has no such string): no overlong
 * forms, no surrogates, nothing past U+10FFFF.  A sentence cut at its
 * buffer's end can end inside a character. */
int ad_told_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p++;
        int more = c < 0x80 ? 0 : c >= 0xC2 && c <= 0xDF ? 1 : (c & 0xF0) == 0xE0 ? 2
                 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
        if (more < 0)
            return 0;
        unsigned long cp = more ? c & (0x3Fu >> more) : c;
        for (int i = 0; i < more; i++, p++) {
            if ((*p & 0xC0) != 0x80)
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
    const char *k;
    json_t *v;
    int first = 1, had = 0;
    RAW(w, "{");
    json_object_foreach(e, k, v) {
        if (!first)
            RAW(w, ",");
        first = 0;
        ad_jw_str(w, k, strlen(k));
        RAW(w, ":");
        if (strcmp(k, "text") == 0) {
            ad_jw_str(w, text, strlen(text));
            had = 1;
        } else {
            ad_jw_tree(w, v);
        }
    }
    if (!had) {
        if (!first)
            RAW(w, ",");
        RAW(w, "\"text\":");
        ad_jw_str(w, text, strlen(text));
    }
    RAW(w, "}");
}

void ad_told_text(ad_jw *w, narrator *n, const json_t *events)
{
    size_t i;
    json_t *e;
    RAW(w, "[");
    json_array_foreach(events, i, e) {
        if (i)
            RAW(w, ",");
        told_one(w, n, e);
    }
    RAW(w, "]");
}
