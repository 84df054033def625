/*
 * list.c - word lists in: the SCOWL files of a size, or any plain file with
 * one word a line.  Keeps lowercase a-z words of 1 to 63 letters, counts
 * what it skips, and refuses what is not a word list at all (empty, binary,
 * a line of AD_LEX_LINE_MAX bytes or more) with a clear error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

#define FILE_MAX (256L << 20) /* a word list bigger than this is a mistake */

static const int scowl_sizes[] = {10, 20, 35, 40, 50, 55, 60, 70, 80, 95};
#define NSIZES (int)(sizeof scowl_sizes / sizeof scowl_sizes[0])

static const char *scowl_dir(void)
{
    const char *d = getenv("AD_SCOWL_DIR");
    return d && *d ? d : "/usr/share/dict/scowl";
}

/* Appends the whole file at path to *buf (grown as needed). */
static int append_file(const char *path, char **buf, size_t *len, size_t *cap, ad_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return ad_err_set(err, AD_E_IO, "cannot read %s: %s", path, strerror(errno));
    for (;;) {
        if (*cap - *len < 65536) {
            size_t ncap = *cap ? *cap * 2 : 1 << 20;
            char *nb = ncap > (size_t)FILE_MAX ? NULL : realloc(*buf, ncap + 1);
            if (!nb) {
                fclose(f);
                return ad_err_set(err, AD_E_BAD_DICT, "%s: a word list is at most %ld MB",
                                  path, FILE_MAX >> 20);
            }
            *buf = nb;
            *cap = ncap;
        }
        size_t got = fread(*buf + *len, 1, *cap - *len, f);
        *len += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad)
        return ad_err_set(err, AD_E_IO, "cannot read %s", path);
    (*buf)[*len] = 0;
    return 0;
}

static int scowl_size_ok(int size)
{
    for (int i = 0; i < NSIZES; i++)
        if (scowl_sizes[i] == size)
            return 1;
    return 0;
}

char *ad_lex_scowl_text(int size, size_t *len, char *source, size_t srclen, ad_err *err)
{
    if (!scowl_size_ok(size)) {
        ad_err_set(err, AD_E_BAD_DICT,
                   "SCOWL has no size %d (sizes: 10 20 35 40 50 55 60 70 80 95)", size);
        return NULL;
    }
    char *buf = NULL, path[4096];
    size_t cap = 0;
    *len = 0;
    for (int i = 0; i < NSIZES && scowl_sizes[i] <= size; i++) {
        for (int a = 0; a < 2; a++) {
            snprintf(path, sizeof path, "%s/%s-words.%d", scowl_dir(), a ? "american" : "english",
                     scowl_sizes[i]);
            if (append_file(path, &buf, len, &cap, err) < 0) {
                if (err && err->code == AD_E_IO)
                    snprintf(err->text + strlen(err->text), sizeof err->text - strlen(err->text),
                             " (install Debian's scowl: scripts/install-deps)");
                free(buf);
                return NULL;
            }
            buf[(*len)++] = '\n'; /* a file whose last line lacks one */
            buf[*len] = 0;
        }
    }
    snprintf(source, srclen, "SCOWL english-words and american-words, sizes 10 to %d (%s)", size,
             scowl_dir());
    return buf;
}

/* ---------------------------------------------------------------- parsing */

static int is_binary_byte(unsigned char c)
{
    return c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v';
}

static int is_word(const char *s, size_t len)
{
    if (len == 0 || len >= AD_LEX_WORD_MAX)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] < 'a' || s[i] > 'z')
            return 0;
    return 1;
}

/* Where the ascending run that starts at a ends. */
static long run_end(char **w, long a, long n)
{
    while (++a < n && strcmp(w[a - 1], w[a]) <= 0)
        ;
    return a;
}

/* Merges the sorted x[0..nx) and y[0..ny) into out. */
static void merge(char **x, long nx, char **y, long ny, char **out)
{
    long i = 0, j = 0;
    while (i < nx && j < ny)
        *out++ = strcmp(x[i], y[j]) <= 0 ? x[i++] : y[j++];
    while (i < nx)
        *out++ = x[i++];
    while (j < ny)
        *out++ = y[j++];
}

/* A merge sort of the runs already there: the SCOWL lists are 16 sorted
 * files, so they sort in 4 passes, and a sorted list in one look. */
static int sort_words(char **w, long n)
{
    char **tmp = malloc(sizeof *tmp * (size_t)(n ? n : 1)), **src = w, **dst = tmp;
    if (!tmp)
        return -1;
    for (;;) {
        long runs = 0;
        for (long a = 0; a < n; runs++) {
            long mid = run_end(src, a, n), b = mid < n ? run_end(src, mid, n) : n;
            merge(src + a, mid - a, src + mid, b - mid, dst + a);
            a = b;
        }
        char **t = src;
        src = dst;
        dst = t;
        if (runs <= 1)
            break;
    }
    if (src != w)
        memcpy(w, src, sizeof *w * (size_t)n);
    free(tmp);
    return 0;
}

/* Sorts the words and drops repeats; fills l->len. */
static int sort_unique(lex_list *l, ad_err *err)
{
    if (sort_words(l->word, l->n) < 0)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    long out = 0;
    for (long i = 0; i < l->n; i++)
        if (out == 0 || strcmp(l->word[out - 1], l->word[i]) != 0)
            l->word[out++] = l->word[i];
    l->n = out;
    l->len = malloc((size_t)(out ? out : 1));
    if (!l->len)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    for (long i = 0; i < out; i++)
        l->len[i] = (uint8_t)strlen(l->word[i]);
    return 0;
}

/* One line [s, e): a word is kept (NUL-terminated in place), a blank line
 * ignored, anything else counted as skipped. */
static void take_line(char *s, char *e, long lineno, lex_list *l, ad_lex_info *info)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\f' ||
                     e[-1] == '\v'))
        e--;
    if (s == e)
        return;
    if (is_word(s, (size_t)(e - s))) {
        *e = 0;
        l->word[l->n++] = s;
        return;
    }
    if (info->skipped++ == 0)
        info->first_skipped = lineno;
}

/* Checks the whole text first, so a bad file changes nothing. */
static int check_text(const char *text, size_t len, long *lines, ad_err *err)
{
    size_t start = 0;
    *lines = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && is_binary_byte((unsigned char)text[i]))
            return ad_err_set(err, AD_E_BAD_DICT,
                              "this is not a word list: a binary byte (0x%02x) at offset %zu",
                              (unsigned char)text[i], i);
        if (i == len || text[i] == '\n') {
            if (i - start >= AD_LEX_LINE_MAX)
                return ad_err_set(err, AD_E_BAD_DICT,
                                  "line %ld is %zu bytes long: a word list has one word a line",
                                  *lines + 1, i - start);
            (*lines)++;
            start = i + 1;
        }
    }
    return 0;
}

int ad_lex_list_from_text(char *text, size_t len, lex_list *l, ad_lex_info *info, ad_err *err)
{
    long lines;
    memset(l, 0, sizeof *l);
    if (check_text(text, len, &lines, err) < 0)
        return -1;
    l->word = malloc(sizeof l->word[0] * (size_t)(lines + 1));
    if (!l->word)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    char *p = text, *end = text + len;
    for (long lineno = 1; p < end; lineno++) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *e = nl ? nl : end;
        take_line(p, e, lineno, l, info);
        p = e + 1;
    }
    if (l->n == 0) {
        free(l->word);
        l->word = NULL;
        if (info->skipped)
            return ad_err_set(err, AD_E_BAD_DICT,
                              "no lowercase a-z word in it (%ld entries skipped, the first on "
                              "line %ld)",
                              info->skipped, info->first_skipped);
        return ad_err_set(err, AD_E_BAD_DICT, "it is empty: a word list has one word a line");
    }
    return sort_unique(l, err);
}

char *ad_lex_read_file(const char *path, size_t *len, ad_err *err)
{
    char *buf = NULL;
    size_t cap = 0;
    *len = 0;
    if (append_file(path, &buf, len, &cap, err) < 0) {
        free(buf);
        return NULL;
    }
    return buf;
}
