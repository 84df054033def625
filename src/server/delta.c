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
 * the update pushes.c writes for the audience (its members where pushes.c
 * noted them, ad_update_at): the view's top-level members are compared as
 * text, the old view's walked only where it differs from the new, and a
 * container that changed in a few places (a board's row, one seat's entry)
 * one or two levels deeper, so no view is parsed again; the delta is
 * written from the texts' own pieces into the update's text, no tree
 * built.  A delta names what it changes in flat lists of names each
 * followed by its value (name, value, name, value..), not as an object's keys: an array's members are named by their index, a
 * number, and no field of a view (a `hand`) appears as a key outside a
 * view.
 */
#include <limits.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/jsonw.h"
#include "lobby_impl.h"

/* How deep below the view's top level a changed container is looked into
 * (2: a board's cell rather than its row). */
#define DELTA_DEPTH 2
/* The most members of one object or array compared (a view's fields, a
 * board's rows); a larger container is sent whole when it changed. */
#define DELTA_SPAN_MAX 128

/* How many updates back a member may be pointed to words it was sent
 * (the newest: the update being written), and the most it holds: a
 * member's serial counts, in its low 2 bits, the updates it holds. */
#define HIST 4
#define HELD_MAX 3u

/* The end of a view's text, shared by the audiences of a table whose
 * views end alike: the views of its seats differ in their first fields
 * (the seat, its hand) and end with the same public ones, about two thirds
 * of a No Way view's bytes. */
typedef struct shared_text {
    uint32_t refs, len;
    uint32_t room; /* the bytes p has room for (len at most) */
    char p[];
} shared_text;
/* The bytes kept of each top-level member of a text (audience.nends). */
#define MEMBER_AT 3
/* The least end worth sharing. */
#define SHARE_MIN 32

/* An audience: the public view's or a seat's.  Its struct is small, its
 * words one block, and the end of its last view's text shared with the
 * table's other audiences: a server with deltas holds one a seat at every
 * table it has, in play or idle. */
typedef struct audience {
    /* the last view sent to an opted-in member: head's bytes, then the
     * last tail_len bytes of tail's (both NULL: none yet) */
    char *head;
    shared_text *tail;
    char *play_on;        /* its "play_on" (play_on_len 0: none; the block may be kept) */
    char *said;           /* the words of its last HIST updates, the oldest first: each
                           * string as its JSON text after its length (2 bytes) */
    uint32_t head_len, tail_len;
    uint32_t play_on_len;
    uint32_t serial;      /* names that text (and play_on), server-wide (0: none) */
    uint32_t v;           /* the table's version when it was sent */
    uint16_t said_n[HIST]; /* the bytes of each update's words ([HIST - 1]: the newest) */
    unsigned char folded; /* its members were sent this pass's clock in their update */
    unsigned char said_ok; /* how many of the newest of them are known whole */
    /* where the text's top-level members are (for each, where its value
     * ends, 2 bytes, and its key's length, 1 byte: MEMBER_AT bytes after
     * head's bytes in its block), so that the next delta need not walk the
     * old text to find them (0: not kept; a text no delta was found for,
     * as an idle table's first, keeps none) */
    unsigned char nends;
} audience;

struct ad_delta_room {
    int n;            /* audiences: the table's players + 1 */
    int clock_folded; /* this pass's updates held the clock (the clock push skips them) */
    long long clock_left; /* ... its deadline_ms, said the same to everyone */
    shared_text *last;    /* the text the next audience's view may share the end of */
    audience aud[];   /* [0]: the public view, [s+1]: seat s */
};

/* Shared texts that nobody holds any more, kept for the next to be made:
 * each push of a table makes one and lets the one before it go, so in
 * steady state no push calls malloc for it.  At most SPARES (a few dozen
 * KB). */
#define SPARES 32
static shared_text *spare[SPARES];
static int nspare;

static void release(shared_text *s)
{
    if (!s || --s->refs)
        return;
    if (nspare < SPARES)
        spare[nspare++] = s;
    else
        free(s);
}

/* A shared text with room for n bytes (its refs and len unset): the spare
 * that fits it best (as ad_refit would take a block again) and a new block
 * a quarter larger when none does, but for a table's first text (grow 0),
 * a block of its size (an idle table holds its text alone); NULL: out of
 * memory. */
static shared_text *shared_new(size_t n, int grow)
{
    int best = -1;
    for (int i = 0; grow && i < nspare; i++)
        if (ad_refits(spare[i]->room, n) && (best < 0 || spare[i]->room < spare[best]->room))
            best = i;
    if (best >= 0) {
        shared_text *s = spare[best];
        spare[best] = spare[--nspare];
        return s;
    }
    size_t room = grow ? n + n / 4 : n;
    shared_text *s = room <= UINT32_MAX ? malloc(sizeof *s + room) : NULL;
    if (s)
        s->room = (uint32_t)room;
    return s;
}

void ad_delta_trim(void)
{
    while (nspare > 0)
        free(spare[--nspare]);
}

/* a's view text forgotten: no view held. */
static void drop_text(audience *a)
{
    free(a->head);
    release(a->tail);
    a->head = NULL;
    a->tail = NULL;
    a->head_len = a->tail_len = 0;
    a->nends = 0;
}

/* a's view text in one piece (*n its length; NULL: none held), in a
 * buffer of this file's until the next call. */
static const char *text_of(const audience *a, size_t *n)
{
    static char *joined;
    static size_t room;
    *n = (size_t)a->head_len + a->tail_len;
    if (!a->tail) /* (keep_text gives every text held a tail) */
        return NULL;
    if (*n > room) { /* (doubled: it grows a few times, to the largest view) */
        size_t want = *n > 2 * room ? *n : 2 * room;
        char *p = realloc(joined, want);
        if (!p)
            return NULL;
        joined = p;
        room = want;
    }
    if (a->head_len)
        memcpy(joined, a->head, a->head_len);
    memcpy(joined + a->head_len, a->tail->p + a->tail->len - a->tail_len, a->tail_len);
    return joined;
}

/* How many bytes x (n of them) and y (m) end alike. */
static size_t common_end(const char *x, size_t n, const char *y, size_t m)
{
    size_t k = 0, most = n < m ? n : m;
    while (k + 8 <= most && memcmp(x + n - k - 8, y + m - k - 8, 8) == 0)
        k += 8;
    while (k < most && x[n - k - 1] == y[m - k - 1])
        k++;
    return k;
}

/* Keeps v (n bytes) as a's view text: its end shared with the table's
 * last text when they end alike, else all of it a new shared text, the
 * table's last; with it where its nends top-level members are (ends,
 * MEMBER_AT bytes each).  -1: out of memory (a holds none). */
static int keep_text(struct ad_delta_room *r, audience *a, const char *v, size_t n,
                     const unsigned char *ends, int nends)
{
    shared_text *s = r->last;
    size_t share = s ? common_end(v, n, s->p, s->len) : 0;
    char *head = a->head; /* its block, taken again for the new head */
    a->head = NULL;
    drop_text(a);
    if (n > UINT32_MAX || (share < SHARE_MIN && !(s = shared_new(n, r->last != NULL)))) {
        free(head);
        return -1;
    }
    if (share < SHARE_MIN) {
        s->refs = 1; /* the room's */
        s->len = (uint32_t)n;
        memcpy(s->p, v, n);
        release(r->last);
        r->last = s;
        share = n;
    }
    size_t more = (size_t)nends * MEMBER_AT, hn = n - share + more;
    char *h = hn ? ad_refit(head, hn) : NULL;
    if (!h) {
        free(head);
        if (hn)
            return -1;
    }
    a->head = h;
    if (n > share)
        memcpy(a->head, v, n - share);
    if (more)
        memcpy(a->head + (n - share), ends, more);
    a->nends = (unsigned char)nends;
    a->head_len = (uint32_t)(n - share);
    a->tail = s;
    s->refs++;
    a->tail_len = (uint32_t)share;
    return 0;
}

static uint32_t serials; /* the last serial given (any table; a multiple of 4, not 0) */

static uint32_t next_serial(void)
{
    serials += HELD_MAX + 1;
    if (!serials)
        serials += HELD_MAX + 1;
    return serials;
}

typedef struct span {
    const char *key; /* the key's JSON text (with its quotes); NULL in an array */
    size_t klen;
    const char *val; /* the value's JSON text */
    size_t vlen;
} span;

static int named_n(const span *m, const char *key, size_t k)
{
    return m->klen == k && memcmp(m->key, key, k) == 0;
}
/* Whether m's key is the literal key (its JSON text). */
#define named(m, key) named_n(m, key, sizeof key - 1)

/* What one byte does to value_end's walk (depth: of brackets; in_str:
 * inside a string): nothing to see (GO), the end is at it (AT) or just
 * past it (PAST), or the byte after it is escaped (ESCAPE). */
enum { GO, AT, PAST, ESCAPE };
static inline int value_byte(char ch, int *depth, int *in_str)
{
    if (*in_str) {
        if (ch == '\\')
            return ESCAPE;
        if (ch == '"' && (*in_str = 0, *depth == 0))
            return PAST;
    } else if (ch == '"') {
        *in_str = 1;
    } else if (ch == '{' || ch == '[') {
        ++*depth;
    } else if (ch == '}' || ch == ']') {
        if (--*depth <= 0)
            return *depth == 0 ? PAST : AT;
    } else if (ch == ',' && *depth == 0) {
        return AT;
    }
    return GO;
}

/* The end of a string's text that starts at s (its opening quote): just
 * past its closing quote (end: none). */
static const char *string_end(const char *s, const char *end)
{
    const char *p = s + 1;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), back = _mm_set1_epi8('\\');
    while (end - p >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, back)));
        if (!m) {
            p += 16;
            continue;
        }
        int i = __builtin_ctz(m);
        if (p[i] == '"')
            return p + i + 1;
        p += i + 2; /* a backslash: the byte after it is not looked at */
    }
#endif
    for (; p < end; p++) {
        if (*p == '\\')
            p++;
        else if (*p == '"')
            return p + 1;
    }
    return end;
}

/* The end of the JSON value (compact text) that starts at s: just past its
 * closing quote or bracket, or at the comma (or the bracket closing the
 * container) that ends a number or a literal; end when nothing does.
 * Where SSE2 is, 16 bytes at a time: a string's end found by its quotes
 * and backslashes alone; in a container, a block without a backslash has
 * its strings found all at once (the quotes' running parity: a bit for
 * each byte inside one) and only its brackets and commas outside them
 * visited, in order (a view's text is mostly short strings: most of its
 * bytes are quotes); a block with a backslash byte by byte, as
 * value_byte says. */
static const char *value_end(const char *s, const char *end)
{
    int depth = 0, in_str = 0;
    const char *p = s;
    if (p < end && *p == '"')
        return string_end(s, end);
    if (p < end && *p != '{' && *p != '[') { /* a number or a literal: a few bytes */
        while (p < end && *p != ',' && *p != '}' && *p != ']')
            p++;
        return p;
    }
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), back = _mm_set1_epi8('\\'),
                  comma = _mm_set1_epi8(','), lower = _mm_set1_epi8(0x20),
                  open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
    while (end - p >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i l = _mm_or_si128(v, lower); /* '[' as '{', ']' as '}' */
        unsigned q = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote));
        unsigned bs = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, back));
        unsigned st = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, comma),
                         _mm_or_si128(_mm_cmpeq_epi8(l, open), _mm_cmpeq_epi8(l, close))));
        int step = 16;
        if (!bs) {
            unsigned x = q; /* bit i: inside a string at byte i (its opening quote counted in) */
            x ^= x << 1;
            x ^= x << 2;
            x ^= x << 4;
            x ^= x << 8;
            x = (in_str ? ~x : x) & 0xffffu;
            in_str = (int)(x >> 15);
            for (unsigned m = st & ~x; m; m &= m - 1) {
                int i = __builtin_ctz(m);
                char ch = p[i];
                if (ch == ',') {
                    if (depth == 0)
                        return p + i;
                } else if ((ch | 0x20) == '{') {
                    depth++;
                } else if (--depth <= 0) {
                    return p + i + (depth == 0);
                }
            }
        } else {
            for (unsigned m = q | bs | st; m;) {
                int i = __builtin_ctz(m), r = value_byte(p[i], &depth, &in_str);
                m &= m - 1;
                if (r == ESCAPE) { /* the byte after it is not looked at */
                    m &= ~(2u << i);
                    step = i == 15 ? 17 : 16;
                } else if (r != GO) {
                    return p + i + (r == PAST);
                }
            }
        }
        p += step;
    }
#endif
    for (; p < end; p++) {
        int r = value_byte(*p, &depth, &in_str);
        if (r == ESCAPE)
            p++;
        else if (r != GO)
            return p + (r == PAST);
    }
    return end;
}


/* How many bytes x and y (n at most) begin with alike. */
static size_t same_start(const char *x, const char *y, size_t n)
{
    size_t i = 0;
#if defined(__SSE2__)
    for (; i + 16 <= n; i += 16) {
        unsigned m = (unsigned)_mm_movemask_epi8(
                         _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(x + i)),
                                        _mm_loadu_si128((const __m128i *)(const void *)(y + i)))) ^
                     0xffffu;
        if (m)
            return i + (size_t)__builtin_ctz(m);
    }
#endif
    while (i < n && x[i] == y[i])
        i++;
    return i;
}

/* diff's at the top: the old view's members may be known from the
 * changes kept (below) */
static int old_known;
static size_t known_old(const span *key, const char *p, const char *end);

/* The members of the object or array a..a+na, with the members of its
 * next text (now[0..nnow)) as a guide: while they
 * have the same keys in the same order (an array: from its start), an old
 * value whose text begins with its new one's bytes, followed by where a
 * value ends, is that value, found without walking it (compact JSON: a
 * whole value is the only one those bytes can start), and a run of
 * members whose bytes are all the guide's, each delimiter included, is
 * taken at once: the texts compared 16 bytes a step, not member by member
 * (the guide is any text's members: the new view's, or another seat's).
 * Most of a view's members are as they were, so most of the old text is
 * compared, not walked.  *aligned: how many members from the start have the same keys in
 * both (old[i] is now[i]'s old member; a field added or gone at the end
 * leaves the others so).  -1: more than DELTA_SPAN_MAX, or not a container. */
static int members_along(const char *a, size_t na, const span *now, int nnow, span *out,
                         int *aligned)
{
    const char *end = a + na, *p = a + 1;
    int obj = *a == '{', k = 0, along = 1;
    *aligned = 0;
    if (na < 2 || (*a != '{' && *a != '['))
        return -1;
    while (p < end - 1) {
        if (along && k < nnow) { /* the members from here that are the guide's, at once */
            const char *from = obj ? now[k].key : now[k].val,
                       *last = now[nnow - 1].val + now[nnow - 1].vlen; /* its closing bracket */
            size_t n = (size_t)(last + 1 - from) < (size_t)(end - p) ? (size_t)(last + 1 - from)
                                                                     : (size_t)(end - p);
            const char *same = from + same_start(p, from, n);
            ptrdiff_t shift = p - from;
            for (; k < nnow && now[k].val + now[k].vlen < same; k++) { /* its delimiter too */
                const span *g = &now[k];
                out[k] = (span){.key = g->key ? g->key + shift : NULL, .klen = g->klen,
                                .val = g->val + shift, .vlen = g->vlen};
                p = g->val + g->vlen + shift;
                p += *p == ','; /* else the closing bracket: the end */
                ++*aligned;
            }
            if (p >= end - 1)
                break;
        }
        if (k == DELTA_SPAN_MAX)
            return -1;
        span *m = &out[k];
        const span *g = along && k < nnow ? &now[k] : NULL;
        k++;
        m->key = NULL;
        m->klen = 0;
        if (obj) {
            m->key = p;
            if (g && g->klen < (size_t)(end - p) && memcmp(p, g->key, g->klen) == 0 &&
                p[g->klen] == ':') {
                p += g->klen;
            } else {
                g = NULL;
                along = 0;
                p = value_end(p, end);
            }
            m->klen = (size_t)(p - m->key);
            if (p >= end || *p != ':')
                return -1;
            p++;
        }
        m->val = p;
        size_t known;
        if (g && g->vlen <= (size_t)(end - 1 - p) && memcmp(p, g->val, g->vlen) == 0 &&
            (p + g->vlen == end - 1 || p[g->vlen] == ','))
            p += g->vlen;
        else if (g && obj && old_known && (known = known_old(g, p, end - 1)) > 0)
            p += known; /* another audience's old view had it: not walked again */
        else
            p = value_end(p, end - 1);
        m->vlen = (size_t)(p - m->val);
        if (p < end - 1 && *p == ',')
            p++;
        *aligned += g != NULL;
    }
    return k;
}

/* The members of the object or array whose text is s..s+n: -1 when there
 * are more than DELTA_SPAN_MAX or the text is not one (members_along
 * with no guide). */
static int members(const char *s, size_t n, span *out)
{
    int aligned;
    return members_along(s, n, NULL, 0, out, &aligned);
}

/* The top-level members of the object a..a+na from where they are (n of
 * them, MEMBER_AT bytes each at e, kept with the text: keep_text): each
 * key starts after the last member's comma.  -1 when they do not fit the
 * text (never, but it is checked). */
static int members_kept(const char *a, size_t na, const unsigned char *e, int n, span *out)
{
    const char *p = a + 1, *end = a + na;
    if (na < 2 || *a != '{')
        return -1;
    for (int i = 0; i < n; i++, e += MEMBER_AT) {
        const char *vend = a + (e[0] | (size_t)e[1] << 8), *kend = p + e[2];
        if (kend >= vend || vend >= end || *p != '"' || *kend != ':' ||
            *vend != (i + 1 < n ? ',' : '}'))
            return -1;
        out[i] = (span){.key = p, .klen = e[2], .val = kend + 1, .vlen = (size_t)(vend - kend - 1)};
        p = vend + 1;
    }
    return p == end ? n : -1;
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

static void put_grow(buf *b, const char *s, size_t n)
{
    if (reserve(b, n) < 0)
        return;
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

/* Most pieces are a byte or a few (a comma, a name): inline when there is
 * room, a call to reserve each was a fifth of the cost of a delta. */
static inline void put(buf *b, const char *s, size_t n)
{
    if (b->cap - b->n > n && !b->bad) {
        memcpy(b->p + b->n, s, n);
        b->n += n;
    } else {
        put_grow(b, s, n);
    }
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

/* i in decimal (written by hand: snprintf was a few per cent of the
 * server's time, called for every name and number of a delta). */
static void put_int(buf *b, long long i)
{
    char num[24], *p = num + sizeof num;
    unsigned long long u = i < 0 ? 0ull - (unsigned long long)i : (unsigned long long)i;
    do
        *--p = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (i < 0)
        *--p = '-';
    put(b, p, (size_t)(num + sizeof num - p));
}

/* Scratch for the lists of each level of a delta (one thread writes them,
 * a level at a time), kept from one push to the next. */
enum { SET, DEL, IN, LISTS };
static buf scratch[DELTA_DEPTH + 1][LISTS];
static buf sub_text[DELTA_DEPTH + 2]; /* a level's delta, before it is placed */
static buf push_text;                 /* a push written, its delta added */
static buf found_text[AD_MAX_SEATS + 1]; /* each audience's delta of this pass */
static span to_act_now; /* diff's at the top: the new view's to_act (val NULL: none) */
static int same_value(const span *a, const span *b);

/* The members of the last view diff was given in this push (its text
 * pushes.c's, kept for the push): a guide to the next view's, which is
 * the same in all but a few fields (a seat's view is another's but for its
 * seat and hand). */
static span guide[DELTA_SPAN_MAX];
static int nguide;
static const char *guide_of; /* the text guide's members are of (diff's b at the top) */
/* diff is finding a play_on's delta from its update's view (play_on_form):
 * a play_on is no guide to the next seat's view, so it is not made one;
 * and when this call of ad_delta_send found the view's own delta
 * (guide_fresh: the guide is its members; a text at guide_of's address
 * may be another's by now), the view is not walked again */
static int of_play_on, guide_fresh;

/* The old view's members at the top, when the audience kept where they
 * end (members_kept), for diff's top level: not walked again (nold_kept
 * -1: not known). */
static const span *old_kept;
static int nold_kept = -1;

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

/* A member's name in a delta: an array's index i; an object's field by its
 * place (rank, a number) among the old object's keys in sorted order, or,
 * a field the old object did not have (rank -1), by its key's JSON text. */
static void put_name(buf *b, const span *m, int i, int rank)
{
    if (m->key && rank < 0)
        put(b, m->key, m->klen);
    else
        put_int(b, m->key ? rank : i);
}

/* Whether a key's text is plain (quotes around bytes from '#' to '~', no
 * escape): its bytes then sort as the client's JavaScript sorts the key. */
static int plain_key(const span *k)
{
    for (size_t i = 1; i + 1 < k->klen; i++)
        if (k->key[i] < '#' || k->key[i] > '~' || k->key[i] == '\\')
            return 0;
    return k->klen >= 2;
}

/* Byte by byte, as memcmp would: a view's keys are short and differ in
 * their first bytes, and a call to memcmp a pair was most of the cost of
 * sorting them. */
static int key_before(const span *x, const span *y)
{
    size_t n = (x->klen < y->klen ? x->klen : y->klen) - 2;
    const unsigned char *a = (const unsigned char *)x->key + 1, *b = (const unsigned char *)y->key + 1;
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i];
    return x->klen < y->klen;
}

/* rank[j]: the place of old[j]'s key among the n keys sorted (a short
 * name for it both ends can work out); -1 everywhere when a key is not
 * plain, so every field is named by its key. */
static void sort_keys(const span *old, int n, int *rank)
{
    int order[DELTA_SPAN_MAX], plain = 1;
    for (int j = 0; j < n; j++) {
        plain &= plain_key(&old[j]);
        int at = j;
        for (; at > 0 && key_before(&old[j], &old[order[at - 1]]); at--)
            order[at] = order[at - 1];
        order[at] = j;
    }
    for (int r = 0; r < n; r++)
        rank[order[r]] = plain ? r : -1;
}

/* The ranks of the keys of the last objects compared, kept: most objects a
 * delta is found for have the keys their last had, in the same order (a
 * view's fields, a seat's entry), and sorting them was a tenth of the
 * time.  A memo holds the keys' texts one after the other. */
#define MEMOS 8
#define MEMO_KEYS 480
static struct memo {
    int n;       /* keys (0: empty) */
    size_t len;  /* their texts' bytes */
    char keys[MEMO_KEYS];
    signed char rank[DELTA_SPAN_MAX];
} memos[MEMOS];
static int memo_next;

static void rank_keys(const span *old, int n, int *rank)
{
    size_t len = 0;
    for (int j = 0; j < n; j++)
        len += old[j].klen;
    for (int e = 0; e < MEMOS && len <= MEMO_KEYS; e++) {
        struct memo *mo = &memos[e];
        if (mo->n != n || mo->len != len)
            continue;
        const char *at = mo->keys;
        int j = 0;
        for (; j < n && memcmp(at, old[j].key, old[j].klen) == 0; j++)
            at += old[j].klen;
        if (j < n)
            continue;
        for (j = 0; j < n; j++)
            rank[j] = mo->rank[j];
        return;
    }
    sort_keys(old, n, rank);
    if (len > MEMO_KEYS || n == 0)
        return;
    struct memo *mo = &memos[memo_next];
    memo_next = (memo_next + 1) % MEMOS;
    mo->n = n;
    mo->len = len;
    for (int j = 0, at = 0; j < n; at += (int)old[j].klen, j++) {
        memcpy(mo->keys + at, old[j].key, old[j].klen);
        mo->rank[j] = (signed char)rank[j];
    }
}

static int diff(const char *a, size_t na, const char *b, size_t nb, int depth, buf *out);

/* The view members one audience's delta found changed in this push, kept
 * for the table's other audiences: the seats' views differ in a few fields
 * (the seat, its hand), and a member that changed from the same bytes to
 * the same bytes has the same delta, taken from here rather than found
 * again for each seat (a public field's, found once a seat, was most of
 * the cost of a table's deltas).  Only members looked into deeper (longer
 * than 9 bytes) are kept; their texts are copied, as the old view's is
 * text_of's buffer of the moment. */
#define CHANGES 24
static struct change {
    /* offsets into change_text; dlen 0: the value is set whole (a delta
     * looked into deeper is never empty: "{}" at least) */
    size_t key, klen, was, wlen, now, nlen, delta, dlen;
} changes[CHANGES];
static int nchanges;
static buf change_text;

static int same_bytes(size_t at, size_t n, const char *s, size_t sn)
{
    return n == sn && memcmp(change_text.p + at, s, n) == 0;
}

/* The change kept for o to m (a view's member), NULL: none. */
static const struct change *change_of(const span *o, const span *m)
{
    for (int c = 0; c < nchanges; c++) {
        const struct change *ch = &changes[c];
        if (same_bytes(ch->key, ch->klen, m->key, m->klen) &&
            same_bytes(ch->now, ch->nlen, m->val, m->vlen) &&
            same_bytes(ch->was, ch->wlen, o->val, o->vlen))
            return ch;
    }
    return NULL;
}

/* The old view's member keyed key, at p (before end): when it begins with
 * the old bytes of a change kept for key, followed by where a value ends,
 * those bytes are that value (members_along's reasoning): its length, 0
 * when none is known. */
static size_t known_old(const span *key, const char *p, const char *end)
{
    for (int c = 0; c < nchanges; c++) {
        const struct change *ch = &changes[c];
        if (same_bytes(ch->key, ch->klen, key->key, key->klen) && ch->wlen <= (size_t)(end - p) &&
            memcmp(p, change_text.p + ch->was, ch->wlen) == 0 &&
            (p + ch->wlen == end || p[ch->wlen] == ','))
            return ch->wlen;
    }
    return 0;
}

static void keep_change(const span *o, const span *m, const buf *sub)
{
    if (nchanges == CHANGES)
        return;
    struct change *ch = &changes[nchanges];
    buf *b = &change_text;
    ch->key = b->n;
    put(b, m->key, m->klen);
    ch->was = b->n;
    put(b, o->val, o->vlen);
    ch->now = b->n;
    put(b, m->val, m->vlen);
    ch->delta = b->n;
    if (sub)
        put(b, sub->p, sub->n);
    if (b->bad)
        return;
    ch->klen = m->klen;
    ch->wlen = o->vlen;
    ch->nlen = m->vlen;
    ch->dlen = sub ? sub->n : 0;
    nchanges++;
}

/* Adds what changed from o to m (member i) to the level's lists: name and
 * value to set, or name and delta to in when that is shorter. */
static void diff_member(const span *o, const span *m, int i, int rank, int depth)
{
    if (o && o->vlen == m->vlen && memcmp(o->val, m->val, m->vlen) == 0)
        return;
    buf *sub = &sub_text[depth + 1];
    clear(sub);
    /* (no delta is shorter than a value of 9 bytes: the least, {"len":N}, is 9) */
    int deep = o && depth < DELTA_DEPTH && m->vlen > 9;
    const struct change *known = deep && depth == 0 && m->key ? change_of(o, m) : NULL;
    const char *d = sub->p;
    size_t dn = 0;
    int deeper = 0;
    if (known) {
        deeper = known->dlen > 0;
        d = change_text.p + known->delta;
        dn = known->dlen;
    } else if (deep) {
        deeper = diff(o->val, o->vlen, m->val, m->vlen, depth + 1, sub) == 0 && sub->n < m->vlen;
        d = sub->p;
        dn = sub->n;
        if (depth == 0 && m->key)
            keep_change(o, m, deeper ? sub : NULL);
    }
    buf *list = &scratch[depth][deeper ? IN : SET];
    put(list, ",", list->n ? 1 : 0);
    put_name(list, m, i, rank);
    put(list, ",", 1);
    if (deeper)
        put(list, d, dn);
    else
        put(list, m->val, m->vlen);
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
 * an array): {"set":[name,value,..],"del":[name..],"in":[name,delta,..]}
 * (each name followed by its value or delta, no pair in brackets of its
 * own; an object's field named by its place among a's keys sorted),
 * and for an array whose length changed "len" (it is cut or grown to that
 * first, so a card added at the end is one entry); empty lists left out.
 * -1: they cannot be compared member by member. */
static int diff(const char *a, size_t na, const char *b, size_t nb, int depth, buf *out)
{
    span old[DELTA_SPAN_MAX], now[DELTA_SPAN_MAX];
    int aligned, nnow, kept = depth == 0 && nold_kept > 0, along_kept = 0;
    if (depth == 0 && nguide > 0) { /* walked where it differs from the last view's */
        nnow = members_along(b, nb, guide, nguide, now, &aligned);
    } else if (kept) { /* or from its own old view's, the push's first */
        nnow = members_along(b, nb, old_kept, nold_kept, now, &aligned);
        along_kept = 1; /* aligned: with the old members */
    } else {
        nnow = members(b, nb, now);
    }
    if (depth == 0 && nnow >= 0 && !of_play_on) {
        memcpy(guide, now, (size_t)nnow * sizeof now[0]);
        nguide = nnow;
        guide_of = b;
        guide_fresh = 1;
    }
    int nold = -1;
    if (depth == 0 && of_play_on && guide_fresh && guide_of == a && nguide > 0 && nnow >= 0 &&
        *a == *b) {
        /* the view's members, the guide now's were found along (aligned:
         * how many from the start have the same keys): not walked again */
        nold = nguide;
        memcpy(old, guide, (size_t)nold * sizeof old[0]);
    } else if (kept && nnow >= 0 && *a == *b) { /* the old members known: their keys compared alone */
        nold = nold_kept;
        memcpy(old, old_kept, (size_t)nold * sizeof old[0]);
        if (!along_kept) /* aligned was with the guide: the keys compared */
            for (aligned = 0; aligned < nold && aligned < nnow &&
                              named_n(&old[aligned], now[aligned].key, now[aligned].klen);
                 aligned++)
                ;
    } else if (nnow >= 0 && *a == *b) {
        old_known = depth == 0;
        nold = members_along(a, na, now, nnow, old, &aligned);
        old_known = 0;
    }
    if (nold < 0)
        return -1;
    int rank[DELTA_SPAN_MAX];
    if (*a == '{')
        rank_keys(old, nold, rank);
    for (int i = 0; depth == 0 && *b == '{' && i < nnow; i++)
        if (named(&now[i], "\"to_act\""))
            to_act_now = now[i];
    buf *l = scratch[depth];
    for (int k = 0; k < LISTS; k++)
        clear(&l[k]);
    for (int i = 0; i < nnow; i++) {
        const span *o = i < aligned ? &old[i] : old_of(old, nold, &now[i], i);
        diff_member(o, &now[i], i, o && *a == '{' ? rank[o - old] : -1, depth);
    }
    for (int j = aligned; j < nold && *a == '{'; j++) { /* (those aligned are in now) */
        if (old_of(now, nnow, &old[j], j)) /* the same place is tried first */
            continue;
        put(&l[DEL], ",", l[DEL].n ? 1 : 0);
        put_name(&l[DEL], &old[j], j, rank[j]);
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
    (void)p; /* its deltas are found_text's, kept for the next pass */
}

void ad_delta_free(table *t)
{
    for (int i = 0; t->delta && i < t->delta->n; i++) {
        drop_text(&t->delta->aud[i]);
        free(t->delta->aud[i].play_on);
        free(t->delta->aud[i].said);
    }
    if (t->delta)
        release(t->delta->last);
    free(t->delta);
    t->delta = NULL;
}

/* Keeps the text of s (NULL: absent) in *kept (*len 0: none held; its
 * block is kept for the next, a seat's play_on comes and goes): 1 when it
 * was that already.  Out of memory it keeps none, so nothing is later said
 * to be the same. */
static int keep(char **kept, uint32_t *len, const span *s)
{
    if (!s && !*len)
        return 1;
    if (s && *len == s->vlen && memcmp(*kept, s->val, s->vlen) == 0)
        return 1;
    *len = 0;
    if (!s)
        return 0;
    char *p = s->vlen <= UINT32_MAX ? ad_refit(*kept, s->vlen) : NULL;
    if (!p) {
        free(*kept);
        *kept = NULL;
        return 0;
    }
    memcpy(p, s->val, s->vlen);
    *kept = p;
    *len = (uint32_t)s->vlen;
    return 0;
}

static const span *member_named(const span *ms, int n, const char *key);
static int same_value(const span *a, const span *b);

/* Whether the update's asked is its view's to_act (text v..v+n). */
static int asked_is_to_act(const char *v, size_t n, const span *asked)
{
    span ms[DELTA_SPAN_MAX];
    int k = members(v, n, ms);
    return k > 0 && same_value(member_named(ms, k, "\"to_act\""), asked);
}

/* The audience's view, now (text v..v+n), with the update's play_on: kept
 * as its last, and the delta from the text it had (the same text: an
 * empty delta, the serial kept unless play_on changed). */
static void find(table *t, audience *a, found *f, int aud, const char *v, size_t n,
                 const span *asked, const span *on)
{
    static char same[] = "{}";
    f->done = 1;
    f->was = a->serial;
    f->base = a->v;
    int same_on = keep(&a->play_on, &a->play_on_len, on);
    f->play_on_same = same_on && on && a->serial;
    size_t had_n;
    const char *had = text_of(a, &had_n);
    if (had && had_n == n && memcmp(had, v, n) == 0) {
        f->asked_same = asked_is_to_act(v, n, asked);
        f->delta = same;
        f->len = 2;
        a->v = version(t);
        if (!same_on) /* one holding the old serial was sent the old play_on */
            a->serial = next_serial();
        return;
    }
    buf *d = &found_text[aud];
    clear(d);
    to_act_now.val = NULL;
    span olds[DELTA_SPAN_MAX];
    nold_kept = had && a->nends ? members_kept(had, had_n, (const unsigned char *)a->head +
                                                           a->head_len, a->nends, olds)
                                : -1;
    old_kept = olds;
    guide_of = NULL;
    /* "base" and "delta" in the place of "view": no shorter, no delta */
    int diffed = had && diff(had, had_n, v, n, 0, d) == 0;
    nold_kept = -1;
    if (diffed && d->n + 16 < n) {
        f->delta = d->p;
        f->len = d->n;
    }
    f->asked_same = to_act_now.val ? same_value(&to_act_now, asked) : asked_is_to_act(v, n, asked);
    /* where the new text's members end, kept with it: diff found them */
    unsigned char ends[DELTA_SPAN_MAX * MEMBER_AT];
    int nends = diffed && guide_of == v && n <= UINT16_MAX && nguide <= UCHAR_MAX ? nguide : 0;
    for (int i = 0; i < nends; i++) {
        size_t at = (size_t)(guide[i].val + guide[i].vlen - v);
        ends[MEMBER_AT * i] = (unsigned char)(at & 0xff);
        ends[MEMBER_AT * i + 1] = (unsigned char)(at >> 8);
        ends[MEMBER_AT * i + 2] = (unsigned char)guide[i].klen;
        nends = guide[i].klen > UCHAR_MAX ? 0 : nends; /* (a view's keys are short) */
    }
    if (keep_text(t->delta, a, v, n, ends, nends) < 0) { /* out of memory: nobody holds a known text now */
        a->serial = 0;
        f->play_on_same = 0;
        f->delta = NULL;
        return;
    }
    a->serial = next_serial(); /* 0 means none */
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

static int same_value(const span *a, const span *b)
{
    return a && b && a->vlen == b->vlen && memcmp(a->val, b->val, a->vlen) == 0;
}


/* The strings of the words of a's update h before its newest (0: the
 * newest), in order, into out (at most max): their count, or -1 when
 * there are more. */
static int strings_of(const audience *a, int h, span *out, int max)
{
    const char *p = a->said;
    size_t n = a->said_n[HIST - 1 - h];
    for (int i = 0; i < HIST - 1 - h; i++)
        p += a->said_n[i];
    int k = 0;
    for (size_t at = 0; at + 2 <= n;) {
        size_t len = (size_t)(unsigned char)p[at] << 8 | (unsigned char)p[at + 1];
        if (k == max)
            return -1;
        out[k++] = (span){.val = p + at + 2, .vlen = len};
        at += 2 + len;
    }
    return k;
}

/* Where the string s (JSON text) is among the words of the `back` updates
 * before this one: counted from the newest word back (0: the last), as the
 * client counts the words it holds; -1: not there. */
static int word_ref(const audience *a, int back, const span *s)
{
    span ws[DELTA_SPAN_MAX];
    int r = 0;
    for (int h = 1; h <= back; h++) {
        int n = strings_of(a, h, ws, DELTA_SPAN_MAX);
        if (n < 0)
            return -1;
        for (int i = n - 1; i >= 0; i--, r++)
            if (same_value(&ws[i], s))
                return r;
    }
    return -1;
}

/* The number a string of words (an event's text, an aloud line) goes as,
 * the same words sent in an update the member holds, when that is
 * shorter; -1: it goes as it is. */
static int word_number(const span *s, const audience *a, int back)
{
    return *s->val == '"' && s->vlen > 4 ? word_ref(a, back, s) : -1;
}

static void put_word(buf *b, const span *s, const audience *a, int back)
{
    int r = word_number(s, a, back);
    if (r >= 0)
        put_int(b, r);
    else
        put(b, s->val, s->vlen);
}

/* An update's events, each event's fields and its aloud lines, found once
 * a call of ad_delta_send for both keep_words and compact (each walked
 * them apart before); walked where they differ from the last audience's of
 * the push (its events are the others' but for what the seat alone sees),
 * which is the twin kept. */
#define FIELDS_MAX 512
static struct parsed {
    int ne;                  /* events (-1: more than looked into; 0: none) */
    span ev[DELTA_SPAN_MAX];
    int nf[DELTA_SPAN_MAX];  /* an event's fields (-1: not an object; -2: not read, no room) */
    int off[DELTA_SPAN_MAX]; /* ... from f[off] */
    span f[FIELDS_MAX];
    int nl; /* aloud lines (-1: more than looked into, or not a container) */
    span al[DELTA_SPAN_MAX];
} twin[2];
static int now_twin;  /* twin[now_twin] is this call's */
static int twin_kept; /* the other is this push's (its texts alive) */
#define got (twin[now_twin])

/* The members of s..s+n, guided by was's (n_was of them; none: 0). */
static int members_like(const char *s, size_t n, const span *was, int n_was, span *out)
{
    int aligned;
    return n_was > 0 ? members_along(s, n, was, n_was, out, &aligned) : members(s, n, out);
}

static void parse_update(const span *ev, const span *al)
{
    const struct parsed *was = twin_kept ? &twin[now_twin] : NULL;
    now_twin ^= 1;
    twin_kept = 1;
    got.ne = ev ? members_like(ev->val, ev->vlen, was ? was->ev : NULL, was ? was->ne : 0, got.ev)
                : 0;
    for (int i = 0, used = 0; i < got.ne; i++) {
        int like = was && i < was->ne && was->nf[i] > 0;
        got.off[i] = used;
        got.nf[i] = *got.ev[i].val != '{' ? -1
                    : FIELDS_MAX - used < DELTA_SPAN_MAX
                        ? -2
                        : members_like(got.ev[i].val, got.ev[i].vlen,
                                       like ? &was->f[was->off[i]] : NULL, like ? was->nf[i] : 0,
                                       &got.f[used]);
        used += got.nf[i] > 0 ? got.nf[i] : 0;
    }
    got.nl = al ? members_like(al->val, al->vlen, was ? was->al : NULL, was ? was->nl : 0, got.al)
                : 0;
}

/* Event i's fields (into mine when parse_update had no room for them). */
static const span *fields_of(int i, span *mine, int *n)
{
    if (got.nf[i] != -2) {
        *n = got.nf[i];
        return &got.f[got.off[i]];
    }
    *n = members(got.ev[i].val, got.ev[i].vlen, mine);
    return mine;
}

static void put_aloud(buf *b, const span *s, const audience *a, int back)
{
    const span *ls = got.al;
    int n = got.nl;
    if (n < 0 || *s->val != '[') {
        put(b, s->val, s->vlen);
        return;
    }
    put(b, "[", 1);
    for (int i = 0; i < n; i++) {
        put(b, ",", i ? 1 : 0);
        put_word(b, &ls[i], a, back);
    }
    put(b, "]", 1);
}

static void add_word(buf *w, const span *s)
{
    if (*s->val != '"' || s->vlen > 0xffff) {
        w->bad = 1; /* not kept: nothing may point to this update's words */
        return;
    }
    char len[2] = {(char)(s->vlen >> 8), (char)(s->vlen & 0xff)};
    put(w, len, 2);
    put(w, s->val, s->vlen);
}

/* Keeps the words of the update (its members ms[0..k)) as the audience's
 * newest: its events' texts, then its aloud lines, as the client lists them. */
static void keep_words(audience *a)
{
    static buf w;
    clear(&w);
    int ne = got.ne, nl = got.nl;
    for (int i = 0; i < ne; i++) {
        span mine[DELTA_SPAN_MAX];
        int nf;
        const span *fs = fields_of(i, mine, &nf);
        const span *text = nf > 0 ? member_named(fs, nf, "\"text\"") : NULL;
        if (text)
            add_word(&w, text);
    }
    for (int i = 0; i < nl; i++)
        add_word(&w, &got.al[i]);
    /* the oldest dropped from the front, the others moved up, this one last */
    size_t kept = 0;
    for (int h = 1; h < HIST; h++)
        kept += a->said_n[h];
    if (a->said_n[0])
        memmove(a->said, a->said + a->said_n[0], kept);
    memmove(a->said_n, a->said_n + 1, (HIST - 1) * sizeof a->said_n[0]);
    a->said_n[HIST - 1] = 0;
    int known = ne >= 0 && nl >= 0 && !w.bad && w.n <= 0xffff;
    char *p = known && w.n ? ad_refit(a->said, kept + w.n) : a->said;
    if (!known || !p) { /* unknown: none before it may be pointed to */
        a->said_ok = 0;
        return;
    }
    if (w.n)
        memcpy(p + kept, w.p, w.n);
    a->said = p;
    a->said_n[HIST - 1] = (uint16_t)w.n;
    a->said_ok = a->said_ok < HIST ? a->said_ok + 1 : HIST;
}

/* A number's text as a number (-1: not a whole number). */
static long long number_of(const span *s)
{
    long long x = 0;
    if (!s || !s->vlen || s->vlen > 18)
        return -1;
    for (size_t i = 0; i < s->vlen; i++) {
        if (s->val[i] < '0' || s->val[i] > '9')
            return -1;
        x = x * 10 + (s->val[i] - '0');
    }
    return x;
}

/* One event as an opted-in member is sent it: without its "v" when that
 * is the one after the event before's (*prev), but not past the push's v
 * (the steps of a push one after the other), and without its
 * "seat_acting" when that is its "seat".  *prev becomes its v.  The
 * fields kept as they are go in runs, each run's bytes (commas and all)
 * at once: a field a piece at a time was four pieces a field, most of
 * the pieces of a push. */
static void put_event(buf *b, int at, long long v, long long *prev, const audience *a, int back)
{
    span mine[DELTA_SPAN_MAX];
    int n;
    const span *e = &got.ev[at], *ms = fields_of(at, mine, &n);
    if (n < 0 || *e->val != '{') {
        put(b, e->val, e->vlen);
        *prev = -2; /* none said: the next says its own */
        return;
    }
    const span *seat = NULL, *vs = NULL;
    for (int i = 0; i < n; i++) {
        if (!seat && named(&ms[i], "\"seat\""))
            seat = &ms[i];
        else if (!vs && named(&ms[i], "\"v\""))
            vs = &ms[i];
    }
    long long said = number_of(vs);
    long long implied = *prev >= 0 && *prev + 1 < v ? *prev + 1 : v;
    const char *run = NULL, *run_end = NULL; /* fields kept as they are, not yet put */
    int first = 1;
    put(b, "{", 1);
    for (int i = 0; i < n; i++) {
        const span *m = &ms[i];
        int drop = (m == vs && said >= 0 && said == implied) ||
                   (named(m, "\"seat_acting\"") && same_value(m, seat));
        int ref = !drop && named(m, "\"text\"") ? word_number(m, a, back) : -1;
        if (!drop && ref < 0) { /* as it is: into the run */
            run = run ? run : m->key;
            run_end = m->val + m->vlen;
            continue;
        }
        if (run) {
            put(b, ",", first ? 0 : 1);
            put(b, run, (size_t)(run_end - run));
            first = 0;
            run = NULL;
        }
        if (drop)
            continue;
        put(b, ",", first ? 0 : 1); /* a text said before: its number */
        put(b, m->key, m->klen);
        put(b, ":", 1);
        put_int(b, ref);
        first = 0;
    }
    if (run) {
        put(b, ",", first ? 0 : 1);
        put(b, run, (size_t)(run_end - run));
    }
    put(b, "}", 1);
    *prev = said >= 0 ? said : -2;
}

/* The events (ev) compact, in a push of version v made from base (-1: no base). */
static void put_events(buf *b, const span *ev, long long v, long long base, const audience *a,
                       int back)
{
    int n = got.ne;
    if (n < 0 || v < 0) { /* more than we look into: as they are */
        put(b, ev->val, ev->vlen);
        return;
    }
    long long prev = base >= 0 ? base : v - 1;
    put(b, "[", 1);
    for (int i = 0; i < n; i++) {
        put(b, ",", i ? 1 : 0);
        put_event(b, i, v, &prev, a, back);
    }
    put(b, "]", 1);
}

/* play_on to an opted-in member, under keys of its own (a frame's
 * "play_on" is always the whole position, beside the whole view):
 * "play_on_same":true when it is the base's, else "play_on_delta", a
 * delta from this update's view (the text written into play_on_text).
 * -1: no delta can be made: the whole play_on and view go as before. */
static buf play_on_text;
static int play_on_form(const span *on, const span *view, int same)
{
    clear(&play_on_text);
    if (same) {
        put_str(&play_on_text, "\"play_on_same\":true");
        return 0;
    }
    put_str(&play_on_text, "\"play_on_delta\":");
    of_play_on = 1;
    int made = view && diff(view->val, view->vlen, on->val, on->vlen, 0, &play_on_text) == 0;
    of_play_on = 0;
    return made && !play_on_text.bad ? 0 : -1;
}

/* This pass's clock, as an update to an opted-in member holds it: its
 * deadline_ms alone when its seats are the update's asked, else
 * {"seats":..,"deadline_ms":..}; written once a pass (p->clock_len 0: none). */
static buf clock_text;
static void clock_of(table *t, ad_delta_pass *p, const span *asked)
{
    static ad_jw st; /* its seats' text, [0,2] */
    uint32_t seats;
    int64_t left;
    if (!t->clock_dirty || !ad_clock_now(t, &seats, &left))
        return;
    clear(&clock_text);
    ad_jw_reset(&st);
    ad_clock_seats_text(&st, t, seats);
    if (asked && st.n == asked->vlen && memcmp(st.p, asked->val, asked->vlen) == 0) {
        put_int(&clock_text, left);
    } else {
        put_str(&clock_text, "{\"seats\":");
        put(&clock_text, st.p, st.n);
        put_str(&clock_text, ",\"deadline_ms\":");
        put_int(&clock_text, left);
        put(&clock_text, "}", 1);
    }
    if (!st.oom && !clock_text.bad) {
        p->clock_len = clock_text.n;
        t->delta->clock_folded = 1;
        t->delta->clock_left = left;
    }
}

/* The push (its members ms[0..k)) as m's connection is sent it: the
 * view's delta in its place when it takes one, asked left out when it is
 * the view's to_act and aloud when it is empty, the events compact,
 * play_on as play_on_same or play_on_delta, the clock folded in.
 * 0: written into push_text. */
static int compact(const span *ms, int k, const found *f, int takes, const ad_delta_pass *p,
                   const audience *a, int back)
{
    buf *b = &push_text;
    const span *v = member_named(ms, k, "\"v\""), *view = member_named(ms, k, "\"view\""),
               *on = member_named(ms, k, "\"play_on\"");
    int on_compact = on && play_on_form(on, view, takes && f->play_on_same) == 0;
    if (on && !on_compact) /* the whole play_on goes beside the whole view */
        takes = back = 0;
    clear(b);
    put(b, "{", 1);
    for (int i = 0, first = 1; i < k; i++) {
        const span *s = &ms[i];
        if ((f->asked_same && named(s, "\"asked\"")) ||
            (named(s, "\"aloud\"") && s->vlen == 2)) /* [] */
            continue;
        put(b, ",", first ? 0 : 1);
        first = 0;
        if (s == on && on_compact) {
            put(b, play_on_text.p, play_on_text.n);
            continue;
        }
        if (s == view && takes) {
            put_str(b, "\"base\":");
            put_int(b, f->base);
            put_str(b, ",\"delta\":");
            put(b, f->delta, f->len);
            continue;
        }
        put(b, s->key, s->klen);
        put(b, ":", 1);
        if (named(s, "\"events\""))
            put_events(b, s, number_of(v), takes ? (long long)f->base : -1, a, back);
        else if (named(s, "\"aloud\""))
            put_aloud(b, s, a, back);
        else
            put(b, s->val, s->vlen);
    }
    if (p->clock_len) {
        put_str(b, ",\"clock\":");
        put(b, clock_text.p, p->clock_len);
    }
    put(b, "}", 1);
    return b->bad ? -1 : 0;
}

/* The update's members where pushes.c noted them (-1: a note that does not
 * fit the text, which is then not looked into). */
static int members_at(const char *text, size_t n, const ad_update_at *at, span *out)
{
    for (int i = 0; i < at->n; i++) {
        if (at->f[i].key >= at->f[i].val || at->f[i].val > at->f[i].end || at->f[i].end > n)
            return -1;
        out[i] = (span){.key = text + at->f[i].key, .klen = at->f[i].val - 1 - at->f[i].key,
                        .val = text + at->f[i].val, .vlen = at->f[i].end - at->f[i].val};
    }
    return at->n;
}

/* No clock folded into an update (the clock push goes to everyone). */
static void unfold(table *t)
{
    for (int i = 0; t->delta && i < t->delta->n; i++)
        t->delta->aud[i].folded = 0;
    if (t->delta)
        t->delta->clock_folded = 0;
}

/* The hook of ad_push_update: an opted-in member is sent the update's
 * text (text..text+n) compact (1: sent; else the caller sends the text as
 * it is, 0): with "base" and "delta" in the place of "view" when it holds
 * its audience's last text and the delta is shorter.  A sync's answer
 * keeps its whole view and leaves the clock to its own push. */
int ad_delta_send(table *t, member *m, int seat, const char *text, size_t n,
                  const ad_update_at *at, int sync_of, ad_delta_pass *pass)
{
    if (!conn_state(m->c)->deltas)
        return 0;
    span ms[DELTA_SPAN_MAX];
    int k = at && at->n >= 0 ? members_at(text, n, at, ms) : members(text, n, ms);
    const span *view = k > 0 ? member_named(ms, k, "\"view\"") : NULL;
    if (!view || (!t->delta && !(t->delta = calloc(1, sizeof *t->delta + (size_t)(t->players + 1) *
                                                                         sizeof t->delta->aud[0]))))
        return 0;
    t->delta->n = t->players + 1;
    const span *asked = member_named(ms, k, "\"asked\"");
    if (!pass->began) { /* a fold of an earlier pass is no more */
        pass->began = 1;
        nchanges = 0; /* (valid for any table; kept for one, few and small) */
        nguide = 0;    /* (its text is this push's) */
        guide_of = NULL;
        twin_kept = 0; /* likewise */
        clear(&change_text);
        unfold(t);
        if (!sync_of)
            clock_of(t, pass, asked);
    }
    found *f = &pass->f[seat + 1];
    audience *a = &t->delta->aud[seat + 1];
    guide_fresh = 0;
    parse_update(member_named(ms, k, "\"events\""), member_named(ms, k, "\"aloud\""));
    if (!f->done) {
        find(t, a, f, seat + 1, view->val, view->vlen, asked, member_named(ms, k, "\"play_on\""));
        if (!sync_of) /* a sync's answer is one connection's: not among the words all hold */
            keep_words(a);
    }
    /* held: how many of the audience's updates before this one m holds */
    uint32_t held = f->was && (m->dseen & ~HELD_MAX) == f->was ? m->dseen & HELD_MAX : 0;
    int takes = f->delta && !sync_of && f->was && (m->dseen & ~HELD_MAX) == f->was;
    /* words pointed back to only in a delta, whose base a client checks */
    int back = !takes ? 0 : (int)held < a->said_ok - 1 ? (int)held : a->said_ok - 1;
    m->dseen = a->serial | (sync_of ? 0 : held < HELD_MAX ? held + 1 : HELD_MAX);
    if (compact(ms, k, f, takes, pass, a, back < 0 ? 0 : back) < 0) { /* out of memory: whole next time */
        m->dseen = 0;
        return 0;
    }
    conn_send_text(m->c, push_text.p, push_text.n);
    a->folded |= pass->clock_len > 0;
    return 1;
}

/* Whether m was sent this pass's clock in its update. */
static int told_clock(table *t, member *m)
{
    if (!t->delta || !t->delta->clock_folded || !m->dseen || !conn_state(m->c)->deltas)
        return 0;
    int seat = ad_member_seat(t, m);
    return seat + 1 < t->delta->n && t->delta->aud[seat + 1].folded &&
           (m->dseen & ~HELD_MAX) == t->delta->aud[seat + 1].serial;
}

/* The clock push's time left: the one this pass's updates folded in,
 * when they did, so that every member is told the same deadline_ms. */
long long ad_delta_clock_left(const table *t, long long left)
{
    return t->delta && t->delta->clock_folded ? t->delta->clock_left : left;
}

/* The clock push's text (NULL: it could not be written) to every member
 * whose update did not hold it already. */
void ad_delta_push_clock(table *t, const char *text, size_t n)
{
    for (int i = 0; i < t->nmem && text; i++)
        if (!told_clock(t, &t->mem[i]))
            conn_send_text(t->mem[i].c, text, n);
    unfold(t);
}
