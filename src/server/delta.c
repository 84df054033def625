/*
 * delta.c - updates as small as their news: for a connection that said
 * hello with "deltas":true, an update carries what changed in its view
 * since the view it holds ("delta", applied to the view of version
 * "base"), not the whole view.  docs/server.md, "Deltas", has the format.
 *
 * The table keeps, for each audience (the public view and each seat's),
 * the last view text it sent to an opted-in member, and the member the
 * serial of the text it holds: so the base is per audience, never per
 * connection, and a member holding anything else (just joined, synced,
 * missed a push) gets the whole view.  The delta is found on the text of
 * the update pushes.c writes for the audience (its "view" member, found by
 * scanning it): the view's top-level members are compared as text, and a
 * container that changed in a few places (a board's row, one seat's entry)
 * one or two levels deeper, so no view is parsed again; the delta is
 * written from the texts' own pieces into the update's text, no tree
 * built.  A delta names what it changes in lists of [name, value] pairs,
 * not as an object's keys: an array's members are named by their index, a
 * number, and no field of a view (a `hand`) appears as a key outside a
 * view.
 */
#include "lobby_impl.h"

/* How deep below the view's top level a changed container is looked into
 * (2: a board's cell rather than its row). */
#define DELTA_DEPTH 2
/* The most members of one object or array compared (a view's fields, a
 * board's rows); a larger container is sent whole when it changed. */
#define DELTA_SPAN_MAX 128

typedef struct audience {
    char *text;      /* the last view sent to an opted-in member (NULL: none yet) */
    size_t len;
    uint32_t serial; /* names that text, server-wide (0: none) */
    uint32_t v;      /* the table's version when it was sent */
} audience;

struct ad_delta_room {
    int n;          /* audiences: the table's players + 1 */
    audience aud[]; /* [0]: the public view, [s+1]: seat s */
};

static uint32_t serials; /* the last serial given (any table) */

typedef struct span {
    const char *key; /* the key's JSON text (with its quotes); NULL in an array */
    size_t klen;
    const char *val; /* the value's JSON text */
    size_t vlen;
} span;

/* The end of the JSON value (compact text) that starts at s. */
static const char *value_end(const char *s, const char *end)
{
    int depth = 0;
    for (const char *p = s; p < end; p++) {
        char ch = *p;
        if (ch == '"') {
            for (p++; p < end && *p != '"'; p++)
                if (*p == '\\')
                    p++;
            if (depth == 0)
                return p < end ? p + 1 : end;
        } else if (ch == '{' || ch == '[') {
            depth++;
        } else if (ch == '}' || ch == ']') {
            if (--depth <= 0)
                return depth == 0 ? p + 1 : p;
        } else if (depth == 0 && ch == ',') {
            return p;
        }
    }
    return end;
}

/* The members of the object or array whose text is s..s+n: -1 when there
 * are more than DELTA_SPAN_MAX or the text is not one. */
static int members(const char *s, size_t n, span *out)
{
    const char *end = s + n, *p = s + 1;
    int obj = *s == '{', k = 0;
    if (n < 2 || (*s != '{' && *s != '['))
        return -1;
    while (p < end - 1) {
        if (k == DELTA_SPAN_MAX)
            return -1;
        span *m = &out[k++];
        m->key = NULL;
        m->klen = 0;
        if (obj) {
            m->key = p;
            p = value_end(p, end);
            m->klen = (size_t)(p - m->key);
            if (p >= end || *p != ':')
                return -1;
            p++;
        }
        m->val = p;
        p = value_end(p, end - 1);
        m->vlen = (size_t)(p - m->val);
        if (p < end - 1 && *p == ',')
            p++;
    }
    return k;
}

/* A text being written (on failure to grow, bad is set and it stops). */
typedef struct buf {
    char *p;
    size_t n, cap;
    int bad;
} buf;

/* Room for n more bytes; 0, or -1 (bad set). */
static int reserve(buf *b, size_t n)
{
    if (b->bad)
        return -1;
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->n + n + 1) * 2 > 256 ? (b->n + n + 1) * 2 : 256;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->bad = 1;
            return -1;
        }
        b->p = p;
        b->cap = cap;
    }
    return 0;
}

static void put(buf *b, const char *s, size_t n)
{
    if (reserve(b, n) < 0)
        return;
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

/* Empties b for a new text (and forgets a failure to grow it). */
static void clear(buf *b)
{
    b->n = 0;
    b->bad = 0;
}

static void put_str(buf *b, const char *s)
{
    put(b, s, strlen(s));
}

static void put_int(buf *b, long long i)
{
    char num[24];
    put(b, num, (size_t)snprintf(num, sizeof num, "%lld", i));
}

/* Scratch for the lists of each level of a delta (one thread writes them,
 * a level at a time), kept from one push to the next. */
enum { SET, DEL, IN, LISTS };
static buf scratch[DELTA_DEPTH + 1][LISTS];
static buf sub_text[DELTA_DEPTH + 2]; /* a level's delta, before it is placed */
static buf push_text;                 /* a push written, its delta added */

/* The old member with new's key (or, in an array, its index i); NULL: none.
 * The views list their keys in one order, so the same place is tried first. */
static const span *old_of(const span *old, int nold, const span *m, int i)
{
    if (!m->key)
        return i < nold ? &old[i] : NULL;
    for (int j = 0; j < nold; j++) {
        const span *o = &old[(i + j) % nold];
        if (o->klen == m->klen && memcmp(o->key, m->key, m->klen) == 0)
            return o;
    }
    return NULL;
}

/* A member's name in a delta: an object's key (its JSON text), an array's index. */
static void put_name(buf *b, const span *m, int i)
{
    if (m->key)
        put(b, m->key, m->klen);
    else
        put_int(b, i);
}

static int diff(const char *a, size_t na, const char *b, size_t nb, int depth, buf *out);

/* Adds what changed from o to m (member i) to the level's lists: [name,value]
 * to set, or [name,delta] to in when that is shorter. */
static void diff_member(const span *o, const span *m, int i, int depth)
{
    if (o && o->vlen == m->vlen && memcmp(o->val, m->val, m->vlen) == 0)
        return;
    buf *sub = &sub_text[depth + 1];
    clear(sub);
    int deeper = o && depth < DELTA_DEPTH && diff(o->val, o->vlen, m->val, m->vlen, depth + 1, sub) == 0 &&
                 sub->n < m->vlen;
    buf *list = &scratch[depth][deeper ? IN : SET];
    put(list, list->n ? ",[" : "[", list->n ? 2 : 1);
    put_name(list, m, i);
    put(list, ",", 1);
    if (deeper)
        put(list, sub->p, sub->n);
    else
        put(list, m->val, m->vlen);
    put(list, "]", 1);
}

/* A level's list, as "name":[..], when it has anything. */
static void put_list(buf *out, int *first, const char *name, const buf *list)
{
    if (!list->n)
        return;
    put_str(out, *first ? "\"" : ",\"");
    put_str(out, name);
    put(out, "\":[", 3);
    put(out, list->p, list->n);
    put(out, "]", 1);
    *first = 0;
}

/* Writes to out the delta from text a to text b (both an object, or both
 * an array): {"set":[[name,value]..],"del":[name..],"in":[[name,delta]..]},
 * and for an array whose length changed "len" (it is cut or grown to that
 * first, so a card added at the end is one entry); empty lists left out.
 * -1: they cannot be compared member by member. */
static int diff(const char *a, size_t na, const char *b, size_t nb, int depth, buf *out)
{
    span old[DELTA_SPAN_MAX], now[DELTA_SPAN_MAX];
    int nold = members(a, na, old), nnow = members(b, nb, now);
    if (nold < 0 || nnow < 0 || *a != *b)
        return -1;
    buf *l = scratch[depth];
    for (int k = 0; k < LISTS; k++)
        clear(&l[k]);
    for (int i = 0; i < nnow; i++)
        diff_member(old_of(old, nold, &now[i], i), &now[i], i, depth);
    for (int j = 0; j < nold && *a == '{'; j++) {
        int found = 0;
        for (int i = 0; i < nnow && !found; i++)
            found = now[i].klen == old[j].klen && memcmp(now[i].key, old[j].key, old[j].klen) == 0;
        if (!found) {
            put(&l[DEL], ",", l[DEL].n ? 1 : 0);
            put_name(&l[DEL], &old[j], j);
        }
    }
    int first = 1;
    put(out, "{", 1);
    put_list(out, &first, "set", &l[SET]);
    put_list(out, &first, "del", &l[DEL]);
    put_list(out, &first, "in", &l[IN]);
    if (*a == '[' && nold != nnow) { /* an array grown or cut at its end */
        put_str(out, first ? "\"len\":" : ",\"len\":");
        put_int(out, nnow);
    }
    put(out, "}", 1);
    return l[SET].bad || l[DEL].bad || l[IN].bad || out->bad ? -1 : 0;
}

typedef struct ad_delta_found found;

void ad_delta_end(ad_delta_pass *p)
{
    for (int i = 0; i <= AD_MAX_SEATS; i++)
        free(p->f[i].delta);
}

void ad_delta_free(table *t)
{
    for (int i = 0; t->delta && i < t->delta->n; i++)
        free(t->delta->aud[i].text);
    free(t->delta);
    t->delta = NULL;
}

/* The audience's view, now (text v..v+n): kept as its last text, and the
 * delta from the text it had (the same text: an empty delta, the serial
 * kept). */
static void find(table *t, audience *a, found *f, const char *v, size_t n)
{
    f->done = 1;
    f->was = a->serial;
    f->base = a->v;
    if (a->text && a->len == n && memcmp(a->text, v, n) == 0) {
        f->delta = strdup("{}");
        f->len = 2;
        a->v = version(t);
        return;
    }
    char *text = malloc(n + 1);
    if (!text) { /* out of memory: nobody holds a known text now */
        free(a->text);
        *a = (audience){0};
        return;
    }
    memcpy(text, v, n);
    text[n] = 0;
    buf *d = &sub_text[0];
    clear(d);
    /* "base" and "delta" in the place of "view": no shorter, no delta */
    if (a->text && diff(a->text, a->len, text, n, 0, d) == 0 && d->n + 16 < n &&
        (f->delta = malloc(d->n)) != NULL) {
        memcpy(f->delta, d->p, d->n);
        f->len = d->n;
    }
    free(a->text);
    a->text = text;
    a->len = n;
    a->serial = ++serials ? serials : ++serials; /* 0 means none */
    a->v = version(t);
}

/* The push text's member named key (a JSON string with its quotes). */
static const span *member_named(const span *ms, int n, const char *key)
{
    size_t k = strlen(key);
    for (int i = 0; i < n; i++)
        if (ms[i].klen == k && memcmp(ms[i].key, key, k) == 0)
            return &ms[i];
    return NULL;
}

/* The push's text with "base" and "delta" in the place of its view
 * (view: that member), to m's connection. */
static void send_with(member *m, const char *text, size_t n, const span *view, const found *f)
{
    buf *b = &push_text;
    clear(b);
    put(b, text, (size_t)(view->key - text));
    put_str(b, "\"base\":");
    put_int(b, f->base);
    put_str(b, ",\"delta\":");
    put(b, f->delta, f->len);
    const char *rest = view->val + view->vlen;
    put(b, rest, (size_t)(text + n - rest));
    if (b->bad) /* out of memory: the whole view, as before */
        conn_send_text(m->c, text, n);
    else
        conn_send_text(m->c, b->p, b->n);
}

/* The hook of ad_push_update: an opted-in member that holds its audience's
 * last text is sent the update's text (text..text+n) with "base" and
 * "delta" in the place of "view" (1: sent), when the delta is shorter;
 * else the caller sends the text as it is (0).  A sync's answer keeps its
 * whole view, and so does a push with play_on (that view and its own go
 * whole together). */
int ad_delta_send(table *t, member *m, int seat, const char *text, size_t n, int sync_of,
                  ad_delta_pass *pass)
{
    if (!conn_state(m->c)->deltas)
        return 0;
    span ms[DELTA_SPAN_MAX];
    int k = members(text, n, ms);
    const span *view = k > 0 ? member_named(ms, k, "\"view\"") : NULL;
    if (!view || (!t->delta && !(t->delta = calloc(1, sizeof *t->delta + (size_t)(t->players + 1) *
                                                                         sizeof t->delta->aud[0]))))
        return 0;
    t->delta->n = t->players + 1;
    found *f = &pass->f[seat + 1];
    if (!f->done)
        find(t, &t->delta->aud[seat + 1], f, view->val, view->vlen);
    int takes = f->delta && !sync_of && f->was && m->dseen == f->was &&
                !member_named(ms, k, "\"play_on\"");
    m->dseen = t->delta->aud[seat + 1].serial;
    if (takes)
        send_with(m, text, n, view, f);
    return takes;
}
