/*
 * words_bench.c - `alphadeck bench --words`: the dictionary's speed, each
 * figure beside a simple baseline timed in the same run (medians of R
 * rounds, with the fastest and slowest): building the index (read and sort
 * the list), membership (binary search), all words from 12 table cards with
 * 2 wilds (ad_lex_spell on every word), and a cold `words --check cat`.
 */
#define _POSIX_C_SOURCE 200809L
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "alphadeck/lexicon.h"
#include "tools.h"

extern char **environ;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* "median (fastest .. slowest)" of n timings, times k, into buf. */
static const char *spread(double *t, int n, double k, char *buf, size_t size)
{
    qsort(t, (size_t)n, sizeof t[0], cmp_double);
    const char *fmt = t[n / 2] * k < 10 ? "%.3g (%.3g .. %.3g)" : "%.0f (%.0f .. %.0f)";
    snprintf(buf, size, fmt, t[n / 2] * k, t[0] * k, t[n - 1] * k);
    return buf;
}

/* One row of the report: ours, the baseline (if any) and what it is, the
 * aim. */
static void report(const char *what, double *ours, double *base, const char *how, int n,
                   double k, const char *unit, const char *aim)
{
    char a[80], b[80] = "-", col[96];
    snprintf(col, sizeof col, "%s %s", spread(ours, n, k, a, sizeof a), unit);
    printf("%-40s %-28s", what, col);
    if (base)
        snprintf(col, sizeof col, "%s %s %s", spread(base, n, k, b, sizeof b), unit, how);
    printf(" %-40s %s\n", base ? col : "-", aim);
}

/* ------------------------------------------------------ the baseline list */

/* The SCOWL lists up to size 70 read the plain way: every line that is a
 * lowercase a-z word, sorted, repeats dropped. */
typedef struct plain_list {
    char *text;
    char **word;
    long n;
} plain_list;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int plain_keep(const char *s)
{
    if (!*s || strlen(s) >= AD_LEX_WORD_MAX)
        return 0;
    for (; *s; s++)
        if (*s < 'a' || *s > 'z')
            return 0;
    return 1;
}

static long plain_read(plain_list *l, const char *path, size_t *cap, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t got;
    do {
        if (*cap - *len < 65536) {
            *cap = *cap * 2 + 65536;
            l->text = realloc(l->text, *cap + 1);
        }
        got = fread(l->text + *len, 1, *cap - *len, f);
        *len += got;
    } while (got > 0);
    fclose(f);
    l->text[(*len)++] = '\n';
    return 0;
}

static int plain_load(plain_list *l)
{
    static const int sizes[] = {10, 20, 35, 40, 50, 55, 60, 70};
    const char *dir = getenv("AD_SCOWL_DIR") ? getenv("AD_SCOWL_DIR") : "/usr/share/dict/scowl";
    char path[4096];
    size_t cap = 0, len = 0;
    memset(l, 0, sizeof *l);
    for (int i = 0; i < 16; i++) {
        snprintf(path, sizeof path, "%s/%s-words.%d", dir, i % 2 ? "american" : "english",
                 sizes[i / 2]);
        if (plain_read(l, path, &cap, &len) < 0)
            return -1;
    }
    l->word = malloc(sizeof l->word[0] * (len + 1));
    for (char *p = l->text, *e = l->text + len; p < e;) {
        char *nl = memchr(p, '\n', (size_t)(e - p));
        *nl = 0;
        if (plain_keep(p))
            l->word[l->n++] = p;
        p = nl + 1;
    }
    qsort(l->word, (size_t)l->n, sizeof l->word[0], cmp_str);
    long out = 0;
    for (long i = 0; i < l->n; i++)
        if (out == 0 || strcmp(l->word[out - 1], l->word[i]) != 0)
            l->word[out++] = l->word[i];
    l->n = out;
    return 0;
}

static void plain_free(plain_list *l)
{
    free(l->text);
    free(l->word);
}

/* ------------------------------------------------------------------ build */

static int bench_build(int rounds)
{
    double ours[16], base[16];
    for (int r = 0; r < rounds; r++) {
        ad_err e;
        double t0 = now();
        ad_lex *lex = ad_lex_load_scowl(AD_LEX_DEFAULT_SIZE, AD_LEX_BUILD, &e);
        ours[r] = now() - t0;
        if (!lex) {
            fprintf(stderr, "alphadeck bench: %s\n", e.text);
            return 1;
        }
        ad_lex_free(lex);
        plain_list l;
        t0 = now();
        int rc = plain_load(&l);
        base[r] = now() - t0;
        plain_free(&l);
        if (rc < 0) {
            fprintf(stderr, "alphadeck bench: cannot read the SCOWL lists\n");
            return 1;
        }
    }
    report("build the index from the default list", ours, base, "(read, sort)", rounds, 1, "s",
           "<= 0.3 s");
    return 0;
}

/* ------------------------------------------------------------- membership */

#define QUERIES 200000

/* Half words from the list, half the same with one letter changed (and
 * not a word then), in random order; the texts live in buf. */
static void make_queries(const plain_list *l, char **q, char *buf)
{
    ad_rng r;
    ad_rng_seed(&r, 42);
    for (int i = 0; i < QUERIES; i++) {
        char *w = buf + (size_t)i * AD_LEX_WORD_MAX;
        q[i] = w;
        do {
            strcpy(w, l->word[ad_rng_below(&r, (uint32_t)l->n)]);
            if (i % 2)
                w[ad_rng_below(&r, (uint32_t)strlen(w))] = (char)('a' + ad_rng_below(&r, 26));
        } while (i % 2 && bsearch(&w, l->word, (size_t)l->n, sizeof l->word[0], cmp_str));
    }
}

static int bench_contains(const ad_lex *lex, const plain_list *l, int rounds)
{
    char **q = malloc(sizeof *q * QUERIES), *buf = malloc((size_t)QUERIES * AD_LEX_WORD_MAX);
    double ours[16], base[16];
    long hits = 0, bhits = 0;
    make_queries(l, q, buf);
    for (int r = 0; r < rounds; r++) {
        double t0 = now();
        for (int i = 0; i < QUERIES; i++)
            hits += ad_lex_contains(lex, q[i]);
        ours[r] = (now() - t0) / QUERIES;
        t0 = now();
        for (int i = 0; i < QUERIES; i++)
            bhits += bsearch(&q[i], l->word, (size_t)l->n, sizeof l->word[0], cmp_str) != NULL;
        base[r] = (now() - t0) / QUERIES;
    }
    report("contains, half words and half not", ours, base, "(binary search)", rounds, 1e9, "ns",
           "<= 200 ns");
    if (hits != bhits)
        printf("contains: the index and the baseline DISAGREE\n");
    free(q);
    free(buf);
    return hits != bhits;
}

/* ------------------------------------------------------------------ words */

#define HANDS 200
#define BASE_HANDS 10

/* 10 cards drawn from the shout deck without its wilds, and 2 wilds. */
static void deal_hands(uint8_t hands[][12])
{
    const ad_deck *d = ad_deck_get("shout");
    uint8_t pack[AD_MAX_DECK];
    int n = 0;
    for (int k = 0; d && k < d->nkinds; k++)
        for (int c = 0; c < d->copies[k]; c++)
            if (strcmp(d->kind[k], "*") != 0)
                pack[n++] = (uint8_t)ad_lex_card(d->kind[k]);
    ad_rng r;
    ad_rng_seed(&r, 7);
    for (int h = 0; h < HANDS; h++) {
        ad_rng_shuffle(&r, pack, n);
        memcpy(hands[h], pack, 10);
        hands[h][10] = hands[h][11] = AD_LEX_WILD;
    }
}

static long scan_spell(const plain_list *l, const uint8_t *hand)
{
    long found = 0;
    for (long i = 0; i < l->n; i++)
        found += ad_lex_spell(l->word[i], hand, 12, 0, NULL, NULL) == 1;
    return found;
}

static int bench_words(const ad_lex *lex, const plain_list *l, int rounds)
{
    static uint8_t hands[HANDS][12];
    double ours[16], base[16];
    long words = 0, agree = 1;
    ad_lex_results *res = ad_lex_results_new();
    deal_hands(hands);
    for (int r = 0; r < rounds; r++) {
        double t0 = now();
        for (int h = 0; h < HANDS; h++)
            words += ad_lex_words(lex, hands[h], 12, 1, res, NULL);
        ours[r] = (now() - t0) / HANDS;
        t0 = now();
        for (int h = 0; h < BASE_HANDS; h++) {
            int k = (r * BASE_HANDS + h) % HANDS;
            long found = scan_spell(l, hands[k]);
            agree &= found == ad_lex_words(lex, hands[k], 12, 1, res, NULL);
        }
        base[r] = (now() - t0) / BASE_HANDS;
    }
    report("all words from 12 cards with 2 wilds", ours, base, "(spell each word)", rounds, 1e6,
           "us", "<= 1000 us");
    printf("# %ld words a hand on average%s\n", words / HANDS / rounds,
           agree ? "" : "; the walk and the baseline DISAGREE");
    ad_lex_results_free(res);
    return !agree;
}

/* ------------------------------------------------------------- cold start */

static double run_check(void)
{
    char *argv[] = {"alphadeck", "words", "--check", "cat", NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", 1 /* O_WRONLY */, 0);
    pid_t pid;
    double t0 = now();
    int rc = posix_spawn(&pid, "/proc/self/exe", &fa, NULL, argv, environ);
    int status = 1;
    if (rc == 0)
        waitpid(pid, &status, 0);
    double t = now() - t0;
    posix_spawn_file_actions_destroy(&fa);
    return rc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? t : -1;
}

#define COLD_RUNS 21

static int bench_cold(void)
{
    double t[COLD_RUNS];
    for (int r = 0; r < COLD_RUNS; r++)
        if ((t[r] = run_check()) < 0) {
            fprintf(stderr, "alphadeck bench: alphadeck words --check cat failed\n");
            return 1;
        }
    report("cold alphadeck words --check cat", t, NULL, NULL, COLD_RUNS, 1e3, "ms", "< 50 ms");
    return 0;
}

int ad_cli_bench_words(int rounds, const char *scan)
{
    ad_err e;
    if (scan && ad_lex_use_scan(scan, &e) < 0) {
        fprintf(stderr, "alphadeck bench: --scan: %s\n", e.text);
        return 2;
    }
    ad_lex *lex = ad_lex_load_default(&e);
    plain_list l;
    if (!lex || plain_load(&l) < 0) {
        fprintf(stderr, "alphadeck bench: %s\n", lex ? "cannot read the SCOWL lists" : e.text);
        ad_lex_free(lex);
        return 1;
    }
    ad_lex_info i;
    ad_lex_describe(lex, &i);
    printf("# dictionary: %ld words (baseline list: %ld); index %zu bytes, %s%s\n", i.words, l.n,
           i.bytes, i.index[0] ? "mapped from " : "built at load", i.index);
    printf("# median (fastest .. slowest) of %d rounds; cold start: of %d processes; the scan's "
           "way: %s\n", rounds, COLD_RUNS, ad_lex_scan_name());
    printf("%-40s %-28s %-40s %s\n", "what", "alphadeck", "baseline", "aim");
    int bad = bench_build(rounds) || bench_contains(lex, &l, rounds) ||
              bench_words(lex, &l, rounds) || bench_cold();
    plain_free(&l);
    ad_lex_free(lex);
    return bad;
}
