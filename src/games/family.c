/*
 * family.c - the family dictionary: the word games' dictionary less the
 * offensive words and slurs of data/words/family.txt (and their
 * inflections), and the bots' words: the common words (SCOWL up to size
 * 50) that the family dictionary keeps.  A table's `words` option says
 * whether people are held to the family dictionary; the bots are, always.
 * Everything is read once and then shared read-only between threads.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/adjson.h"
#include "dict.h"

#define LIST_MAX 512 /* room for the listed and added words */

const char *const ad_words_option_names[] = {"family", "full"};

static char *list_text;          /* the file, copied: the words point into it */
static char *pkg_text;           /* the package's words, copied likewise */
static const char *listed[LIST_MAX];
static int nlisted;
/* The first three letters of every listed word: a word that starts
 * otherwise is kept at once (its stems start as it does), which keeps the
 * check cheap where it runs on every move (Shout's random player). */
static uint8_t starts[26 * 26 * 26 / 8 + 1];
static const char *shorts[8]; /* the listed words of one or two letters ("xx") */
static int nshorts;
static pthread_once_t list_once = PTHREAD_ONCE_INIT;
static atomic_int list_ready; /* set once the list is read: the once call skipped after */

static int by_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether a [kept] line names w. */
static int kept(const char *text, const char *w)
{
    const char *k = strstr(text, "\n[kept]");
    size_t n = strlen(w);
    for (const char *p = k; p && (p = strstr(p, w)); p += n)
        if (p[-1] == '\n' && (p[n] == '\n' || p[n] == 0))
            return 1;
    return 0;
}

/* The index of a word's first three letters, or -1 when it has none. */
static int start_of(const char *w)
{
    int x = 0;
    for (int i = 0; i < 3; i++) {
        if (w[i] < 'a' || w[i] > 'z')
            return -1;
        x = x * 26 + (w[i] - 'a');
    }
    return x;
}

/* Takes the words of text (one a line; '#' comments; with sections, only
 * those of [added]) into the list, less those family.txt's [kept] names.
 * The lines are cut in place: text is the list's own copy. */
static void take_words(char *text, int sections, const char *own)
{
    int in = !sections;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '[')
            in = strncmp(line, "[added]", 7) == 0;
        else if (in && line[0] != '#' && nlisted < LIST_MAX && !kept(own, line))
            listed[nlisted++] = line;
    }
}

/* Reads the package's words (family-listed.txt, made by the build from
 * npm's naughty-words) and family.txt's [added], less those [kept] names. */
static void load_list(void)
{
    const char *own = ad_data_get("words/family.txt");
    const char *pkg = ad_data_get("words/family-listed.txt");
    if (!own || !pkg || !(list_text = strdup(own)) || !(pkg_text = strdup(pkg)))
        return;
    take_words(pkg_text, 0, own);
    take_words(list_text, 1, own);
    qsort(listed, (size_t)nlisted, sizeof listed[0], by_text);
    for (int i = 0; i < nlisted; i++) {
        int x = start_of(listed[i]);
        if (x >= 0)
            starts[x / 8] |= (uint8_t)(1u << (x % 8));
        else if (strlen(listed[i]) < 3 && nshorts < 8)
            shorts[nshorts++] = listed[i];
    }
    atomic_store_explicit(&list_ready, 1, memory_order_release);
}

static int is_listed(const char *w)
{
    return bsearch(&w, listed, (size_t)nlisted, sizeof listed[0], by_text) != NULL;
}

/* Looks at one way of reading the word as stem + an inflection: whether
 * the stem is listed (*bad), or a word that is not (*clean). */
static void reading(const ad_lex *dict, const char *word, int keep, const char *add, int *bad,
                    int *clean)
{
    char stem[AD_WORD_MAX + 2];
    if (keep < 3 || keep + strlen(add) >= sizeof stem)
        return;
    memcpy(stem, word, (size_t)keep);
    strcpy(stem + keep, add);
    if (is_listed(stem))
        *bad = 1;
    else if (dict && ad_lex_contains(dict, stem) == 1)
        *clean = 1;
}

/* -ed and -ing: the stem as it is, with its final e dropped ("raped"), or
 * with its last consonant doubled ("shitting"; never s: "pissed" is piss). */
static void verb_readings(const ad_lex *dict, const char *w, int keep, int *bad, int *clean)
{
    reading(dict, w, keep, "", bad, clean);
    reading(dict, w, keep, "e", bad, clean);
    if (keep >= 3 && w[keep - 1] == w[keep - 2] && w[keep - 1] != 's')
        reading(dict, w, keep - 1, "", bad, clean);
}

static int ends(const char *w, int n, const char *tail)
{
    int k = (int)strlen(tail);
    return n > k && memcmp(w + n - k, tail, (size_t)k) == 0;
}

int ad_family_refuses(const char *word)
{
    if (!atomic_load_explicit(&list_ready, memory_order_acquire))
        pthread_once(&list_once, load_list);
    int x = start_of(word);
    if (x >= 0 && !(starts[x / 8] & (1u << (x % 8))))
        return 0; /* most words, at the cost of three letters */
    int n = (int)strlen(word), bad = 0, clean = 0;
    if (n < 3) { /* no inflection is that short: only a listed word itself */
        for (int i = 0; i < nshorts; i++)
            if (strcmp(word, shorts[i]) == 0)
                return 1;
        return 0;
    }
    if (n > AD_WORD_MAX)
        return 0;
    if (is_listed(word))
        return 1;
    const ad_lex *dict = ad_games_dictionary(NULL);
    if (ends(word, n, "s"))
        reading(dict, word, n - 1, "", &bad, &clean);
    if (ends(word, n, "es"))
        reading(dict, word, n - 2, "", &bad, &clean);
    if (ends(word, n, "ed"))
        verb_readings(dict, word, n - 2, &bad, &clean);
    if (ends(word, n, "ing"))
        verb_readings(dict, word, n - 3, &bad, &clean);
    /* a word that is also another word's inflection ("spices") stays */
    return bad && !clean;
}

/* ------------------------------------------------------------ the bots' words */

static ad_lex *bots;
static ad_err bots_err;
static pthread_once_t bots_once = PTHREAD_ONCE_INIT;

typedef struct text_buf {
    char *p;
    size_t n, cap;
} text_buf;

static int add_family_word(const char *w, int len, void *ctx)
{
    text_buf *b = ctx;
    if (ad_family_refuses(w))
        return 0;
    if (b->n + (size_t)len + 2 > b->cap) {
        b->cap = b->cap * 2 + (size_t)len + 4096;
        char *p = realloc(b->p, b->cap);
        if (!p)
            return 1;
        b->p = p;
    }
    memcpy(b->p + b->n, w, (size_t)len);
    b->n += (size_t)len;
    b->p[b->n++] = '\n';
    return 0;
}

static void load_bots(void)
{
    ad_lex *common = ad_lex_load_common(&bots_err);
    if (!common)
        return;
    text_buf b = {0};
    if (ad_lex_each(common, add_family_word, &b) == 0 && b.n)
        bots = ad_lex_load_text(b.p, b.n, &bots_err);
    else
        ad_err_set(&bots_err, AD_E_INTERNAL, "the bots' words could not be gathered");
    free(b.p);
    ad_lex_free(common);
}

const ad_lex *ad_games_bot_words(ad_err *err)
{
    pthread_once(&bots_once, load_bots);
    if (!bots && err)
        *err = bots_err;
    return bots;
}

/* ------------------------------------------------------------ looking up */

const char *ad_family_verdict(const char *word, int full, int *in)
{
    const ad_lex *dict = ad_games_dictionary(NULL), *common = ad_games_bot_words(NULL);
    *in = 0;
    if (!dict || ad_lex_contains(dict, word) != 1)
        return "not a word in this table's dictionary";
    if (ad_family_refuses(word)) {
        *in = full;
        return full ? "a word of the full dictionary only"
                    : "not in the family dictionary of this table";
    }
    *in = 1;
    return common && ad_lex_contains(common, word) == 1 ? "common word" : "rarer word";
}

json_t *ad_family_lookup_json(const char *word, int full)
{
    int in;
    const char *said = ad_family_verdict(word, full, &in);
    return json_pack("{s:s,s:b,s:b,s:s}", "word", word, "in", in, "common", in && !strcmp(said, "common word"), "said", said);
}
