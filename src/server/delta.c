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
 * missed a push) gets the whole view.  The delta is found on the compact
 * text: its top-level members are compared as text, and a container that
 * changed in a few places (a board's row, one seat's entry) is compared
 * one or two levels deeper, so no view is parsed again.  A delta names
 * what it changes in lists of [name, value] pairs, not as an object's keys:
 * an array's members are named by their index, a number, and no field of a
 * view (a `hand`) appears as a key outside a view.
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
                return p + 1;
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

static json_t *parse(const char *s, size_t n)
{
    return json_loadb(s, n, JSON_DECODE_ANY, NULL);
}

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

static json_t *diff(const char *a, size_t na, const char *b, size_t nb, int depth, size_t *len);

/* The length of a member's name in a delta: its key's text, or an index's
 * digits (a few: counted as 3). */
static size_t name_len(const span *m)
{
    return m->key ? m->klen : 3;
}

/* [name, value]: one entry of a delta's list. */
static int add_pair(json_t *list, json_t *name, json_t *v)
{
    if (!name || !v) {
        json_decref(name);
        json_decref(v);
        return -1;
    }
    return json_array_append_new(list, json_pack("[oo]", name, v));
}

/* Puts what changed from o to m (one member, named name) in the delta's
 * lists. */
static int diff_member(const span *o, const span *m, json_t *name, int depth, json_t *set,
                       json_t *in, size_t *len)
{
    if (o && o->vlen == m->vlen && memcmp(o->val, m->val, m->vlen) == 0) {
        json_decref(name);
        return 0;
    }
    size_t sublen = 0;
    json_t *sub = o && depth < DELTA_DEPTH ? diff(o->val, o->vlen, m->val, m->vlen, depth + 1, &sublen)
                                           : NULL;
    /* [name,value], and its comma */
    *len += name_len(m) + 4 + (sub && sublen < m->vlen ? sublen : m->vlen);
    if (sub && sublen < m->vlen)
        return add_pair(in, name, sub);
    json_decref(sub);
    return add_pair(set, name, parse(m->val, m->vlen));
}

/* The name a member goes by in a delta: an object's key, an array's index. */
static json_t *name_of(const span *m, int i)
{
    return m->key ? parse(m->key, m->klen) : json_integer(i);
}

/* The delta from text a to text b (both an object, or both an array):
 * {"set":[[name,value]..],"del":[name..],"in":[[name,delta]..]}, and for an
 * array whose length changed "len" (it is cut or grown to that first, so a
 * card added at the end is one entry); empty lists left out; NULL when they
 * cannot be compared member by member.
 * *len: about the length of its text (what it would cost beside the view's). */
static json_t *diff(const char *a, size_t na, const char *b, size_t nb, int depth, size_t *len)
{
    span old[DELTA_SPAN_MAX], now[DELTA_SPAN_MAX];
    int nold = members(a, na, old), nnow = members(b, nb, now);
    if (nold < 0 || nnow < 0 || *a != *b)
        return NULL;
    json_t *set = json_array(), *in = json_array(), *del = json_array(), *d = json_object();
    int bad = 0;
    for (int i = 0; i < nnow && !bad; i++)
        bad = diff_member(old_of(old, nold, &now[i], i), &now[i], name_of(&now[i], i), depth, set,
                          in, len) < 0;
    for (int j = 0; j < nold && !bad && *a == '{'; j++) {
        int found = 0;
        for (int i = 0; i < nnow && !found; i++)
            found = now[i].klen == old[j].klen && memcmp(now[i].key, old[j].key, old[j].klen) == 0;
        json_t *name = found ? NULL : name_of(&old[j], j);
        if (!found)
            bad = !name || json_array_append_new(del, name) < 0;
        *len += found ? 0 : name_len(&old[j]) + 1;
    }
    if (!bad && json_array_size(set))
        json_object_set(d, "set", set);
    if (!bad && json_array_size(del))
        json_object_set(d, "del", del);
    if (!bad && json_array_size(in))
        json_object_set(d, "in", in);
    if (!bad && *a == '[' && nold != nnow) { /* an array grown or cut at its end */
        json_object_set_new(d, "len", json_integer(nnow));
        *len += 10;
    }
    *len += 2 + 8 * (size_t)json_object_size(d); /* {}, "set":[] and the like */
    json_decref(set);
    json_decref(in);
    json_decref(del);
    if (bad)
        json_decref(d);
    return bad ? NULL : d;
}

typedef struct ad_delta_found found;

void ad_delta_end(ad_delta_pass *p)
{
    for (int i = 0; i <= AD_MAX_SEATS; i++)
        json_decref(p->f[i].delta);
}

void ad_delta_free(table *t)
{
    for (int i = 0; t->delta && i < t->delta->n; i++)
        free(t->delta->aud[i].text);
    free(t->delta);
    t->delta = NULL;
}

/* The audience's view, now: kept as its last text, and the delta from the
 * text it had (the text is the same: an empty delta, the serial kept). */
static void find(table *t, audience *a, found *f, const json_t *view)
{
    f->done = 1;
    f->was = a->serial;
    f->base = a->v;
    char *text = json_dumps(view, JSON_COMPACT);
    if (!text) { /* out of memory: nobody holds a known text now */
        free(a->text);
        *a = (audience){0};
        return;
    }
    size_t n = strlen(text);
    if (a->text && a->len == n && memcmp(a->text, text, n) == 0) {
        free(text);
        f->delta = json_object();
        a->v = version(t);
        return;
    }
    size_t len = 0;
    if (a->text)
        f->delta = diff(a->text, a->len, text, n, 0, &len);
    if (f->delta && len + 16 >= n) { /* "delta" and "base" vs "view" */
        json_decref(f->delta);
        f->delta = NULL;
    }
    free(a->text);
    a->text = text;
    a->len = n;
    a->serial = ++serials ? serials : ++serials; /* 0 means none */
    a->v = version(t);
}

/* The hook of ad_push_update: for an opted-in member, push p's "view"
 * becomes "delta" and "base" when the member holds the audience's last
 * text and the delta is smaller; a sync's answer keeps the whole view, and
 * so does a push with play_on. */
void ad_delta_swap(table *t, member *m, int seat, json_t *p, int sync_of, ad_delta_pass *pass)
{
    if (!conn_state(m->c)->deltas)
        return;
    if (!t->delta && !(t->delta = calloc(1, sizeof *t->delta + (size_t)(t->players + 1) *
                                                                   sizeof t->delta->aud[0])))
        return;
    t->delta->n = t->players + 1;
    found *f = &pass->f[seat + 1];
    if (!f->done)
        find(t, &t->delta->aud[seat + 1], f, json_object_get(p, "view"));
    /* play_on, the position the seat would play on, goes beside its whole
     * view: a page compares the two (and the hidden-card checks read them) */
    int takes = f->delta && !sync_of && f->was && m->dseen == f->was &&
                !json_object_get(p, "play_on");
    m->dseen = t->delta->aud[seat + 1].serial;
    if (!takes)
        return;
    json_object_del(p, "view");
    json_object_set(p, "delta", f->delta);
    json_object_set_new(p, "base", json_integer((json_int_t)f->base));
}
