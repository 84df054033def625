/*
 * jsonr.c - the request reader of jsonr.h: a descent over the text that
 * builds jansson's tree as its parser would, and gives up (NULL) at the
 * first thing it does not read itself, for jansson to read or refuse.
 */
#include <string.h>

#include "jsonr.h"

/* Deeper than this, jansson reads it (its own limit is 2048). */
#define DEPTH_MAX 64
/* Room for a string with escapes, decoded; longer ones are jansson's. */
#define DECODED_MAX 512

typedef struct {
    const char *p, *end;
    int depth;
} reader;

static json_t *value(reader *r);

/* jansson's whitespace: space, tab, newline, return. */
static void skip_ws(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

/* The letter after a backslash as the byte it stands for; 0: not ours
 * (\u is jansson's: surrogates, and NUL in a key). */
static char unescaped(char c)
{
    switch (c) {
    case '"': return '"';
    case '\\': return '\\';
    case '/': return '/';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    default: return 0;
    }
}

/* A string's bytes after its opening quote: *s and *n, pointing into the
 * text when it has no escape, else decoded into buf.  -1: not ours (a
 * control character, a byte past ASCII, whose UTF-8 jansson checks, \u,
 * no closing quote). */
static int string_at(reader *r, char *buf, const char **s, size_t *n)
{
    const char *start = r->p;
    size_t len = 0;
    int escaped = 0;
    while (r->p < r->end) {
        unsigned char c = (unsigned char)*r->p++;
        if (c == '"') {
            *s = escaped ? buf : start;
            *n = escaped ? len : (size_t)(r->p - 1 - start);
            return 0;
        }
        if (c < 0x20 || c >= 0x80)
            return -1;
        if (c == '\\') {
            if (!escaped) { /* the plain run so far, then decoded bytes */
                len = (size_t)(r->p - 1 - start);
                if (len > DECODED_MAX)
                    return -1;
                memcpy(buf, start, len);
                escaped = 1;
            }
            if (r->p == r->end || !(c = (unsigned char)unescaped(*r->p++)))
                return -1;
        }
        if (escaped) {
            if (len == DECODED_MAX)
                return -1;
            buf[len++] = (char)c;
        }
    }
    return -1;
}

/* An integer as jansson reads one: -?(0|[1-9][0-9]*), not followed by a
 * fraction or an exponent (a real, jansson's); 18 digits at most, so it
 * cannot overflow (jansson's error past json_int_t). */
static json_t *integer(reader *r)
{
    int neg = *r->p == '-';
    if (neg)
        r->p++;
    const char *first = r->p;
    while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
        r->p++;
    size_t digits = (size_t)(r->p - first);
    if (digits == 0 || digits > 18 || (*first == '0' && digits > 1))
        return NULL;
    long long v = 0; /* summed once the digits are known to fit */
    for (const char *d = first; d < r->p; d++)
        v = v * 10 + (*d - '0');
    if (r->p < r->end && (*r->p == '.' || *r->p == 'e' || *r->p == 'E'))
        return NULL;
    return json_integer(neg ? -v : v);
}

/* true, false or null, spelled out. */
static json_t *literal(reader *r, const char *word, size_t n, json_t *(*make)(void))
{
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
        return NULL;
    r->p += n;
    return make();
}

static json_t *make_true(void) { return json_true(); }
static json_t *make_false(void) { return json_false(); }
static json_t *make_null(void) { return json_null(); }

/* Whether an object or array ends here, after any space: its `close`,
 * then taken. */
static int closed(reader *r, char close)
{
    skip_ws(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return 1;
    }
    return 0;
}

/* An object's members after its '{': a key twice is jansson's refusal. */
static json_t *object(reader *r)
{
    json_t *o = json_object();
    if (closed(r, '}'))
        return o;
    char buf[DECODED_MAX];
    for (;;) {
        const char *k;
        size_t kn;
        if (!o || r->p == r->end || *r->p++ != '"' || string_at(r, buf, &k, &kn) < 0)
            break;
        skip_ws(r);
        if (r->p == r->end || *r->p++ != ':' || json_object_getn(o, k, kn))
            break;
        skip_ws(r);
        json_t *v = value(r);
        if (!v || json_object_setn_new_nocheck(o, k, kn, v) < 0)
            break;
        if (closed(r, '}'))
            return o;
        if (r->p == r->end || *r->p++ != ',')
            break;
        skip_ws(r);
    }
    json_decref(o);
    return NULL;
}

/* An array's values after its '['. */
static json_t *array(reader *r)
{
    json_t *a = json_array();
    if (closed(r, ']'))
        return a;
    for (;;) {
        json_t *v = a ? value(r) : NULL;
        if (!v || json_array_append_new(a, v) < 0)
            break;
        if (closed(r, ']'))
            return a;
        if (r->p == r->end || *r->p++ != ',')
            break;
        skip_ws(r);
    }
    json_decref(a);
    return NULL;
}

static json_t *value(reader *r)
{
    if (r->p == r->end || r->depth >= DEPTH_MAX)
        return NULL;
    json_t *v = NULL;
    char c = *r->p;
    if (c == '{' || c == '[') {
        r->p++;
        r->depth++;
        v = c == '{' ? object(r) : array(r);
        r->depth--;
    } else if (c == '"') {
        char buf[DECODED_MAX];
        const char *s;
        size_t n;
        r->p++;
        if (string_at(r, buf, &s, &n) == 0)
            v = json_stringn_nocheck(s, n);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        v = integer(r);
    } else if (c == 't') {
        v = literal(r, "true", 4, make_true);
    } else if (c == 'f') {
        v = literal(r, "false", 5, make_false);
    } else if (c == 'n') {
        v = literal(r, "null", 4, make_null);
    }
    return v;
}

json_t *ad_jsonr_plain(const char *text, size_t len)
{
    reader r = {.p = text, .end = text + len, .depth = 0};
    skip_ws(&r);
    if (r.p == r.end || (*r.p != '{' && *r.p != '['))
        return NULL; /* jansson's: a request is an object, and its error words */
    json_t *v = value(&r);
    skip_ws(&r);
    if (v && r.p != r.end) { /* more after the value: jansson's error */
        json_decref(v);
        v = NULL;
    }
    return v;
}

json_t *ad_jsonr_load(const char *text, size_t len)
{
    json_t *v = ad_jsonr_plain(text, len);
    if (v)
        return v;
    json_error_t je;
    return json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
}
