/*
 * words.c - `alphadeck words`: the dictionary on the command line.  The
 * words some cards spell, whether a word is in the list, how cards spell a
 * word, the best word for a hand, and writing the index `make` installs.
 * Exit status: 0 yes (or something found), 1 no (or nothing), 2 bad input.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alphadeck/lexicon.h"
#include "../app/app.h"
#include "tools.h"

enum { DO_LIST, DO_CHECK, DO_SPELL, DO_BEST, DO_INFO, DO_INDEX };

typedef struct opts {
    int what;
    const char *dict, *word, *best, *index;
    int size, min, json, in_order;
    char **args;
    int nargs;
} opts;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: alphadeck words [LIST] [--min N] [--json] CARD...   the words the cards spell\n"
            "       alphadeck words [LIST] --check WORD...               whether each is a word\n"
            "       alphadeck words [LIST] --spell WORD [--in-order] [--min N] [--json] CARD...\n"
            "       alphadeck words [LIST] --best longest|cards [--min N] [--json] CARD...\n"
            "       alphadeck words [LIST] --info                        the list and its index\n"
            "       alphadeck words [LIST] --write-index FILE            build and save the index\n"
            "LIST: --dict FILE (one word a line), --common (SCOWL size 50) or --size N;\n"
            "      default: SCOWL English and American words up to size 70.\n"
            "A CARD is a letter, a double card as printed (TH CH SH ...), or * for a wild;\n"
            "case does not matter.  Exit status: 0 yes or found, 1 no or none, 2 bad input.\n");
}

static int bad_usage(const char *what, const char *arg)
{
    fprintf(stderr, "alphadeck words: %s%s%s\n", what, arg ? " " : "", arg ? arg : "");
    usage(stderr);
    return 2;
}

/* Options with a value; returns 1 when argv[*i] was one, -1 when its
 * value is missing, -2 when the value was refused (and said why). */
static int value_option(opts *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    const char *names[] = {"--dict", "--min", "--size", "--spell", "--best", "--write-index"};
    int k = 0;
    while (k < 6 && strcmp(a, names[k]) != 0)
        k++;
    if (k == 6)
        return 0;
    if (*i + 1 >= argc)
        return -1;
    const char *v = argv[++*i];
    unsigned long long n;
    switch (k) {
    case 0: o->dict = v; break;
    case 1:
        if (ad_cli_option_in("words", a, v, 0, AD_LEX_HAND_MAX, &n) < 0)
            return -2;
        o->min = (int)n;
        break;
    case 2: /* the sizes between are refused by the lexicon, naming them */
        if (ad_cli_option_in("words", a, v, 10, 95, &n) < 0)
            return -2;
        o->size = (int)n;
        break;
    case 3: o->what = DO_SPELL; o->word = v; break;
    case 4: o->what = DO_BEST; o->best = v; break;
    default: o->what = DO_INDEX; o->index = v; break;
    }
    return 1;
}

/* Returns -1 to go on, or the exit status (help, or bad usage). */
static int parse(opts *o, int argc, char **argv)
{
    int options = 1;
    memset(o, 0, sizeof *o);
    o->size = AD_LEX_DEFAULT_SIZE;
    o->min = 1;
    o->args = calloc((size_t)argc + 1, sizeof *o->args);
    if (!o->args)
        return bad_usage("out of memory", NULL);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int v = options ? value_option(o, argc, argv, &i) : 0;
        if (v == -2)
            return 2;
        if (v < 0)
            return bad_usage("missing value after", a);
        if (v > 0)
            continue;
        if (options && strcmp(a, "--") == 0)
            options = 0;
        else if (options && strcmp(a, "--json") == 0)
            o->json = 1;
        else if (options && strcmp(a, "--common") == 0)
            o->size = AD_LEX_COMMON_SIZE;
        else if (options && strcmp(a, "--in-order") == 0)
            o->in_order = 1;
        else if (options && strcmp(a, "--check") == 0)
            o->what = DO_CHECK;
        else if (options && strcmp(a, "--info") == 0)
            o->what = DO_INFO;
        else if (options && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            usage(stdout);
            return 0;
        } else if (options && a[0] == '-' && a[1] == '-')
            return bad_usage("unknown option", a);
        else
            o->args[o->nargs++] = argv[i];
    }
    return -1;
}

/* ------------------------------------------------------------------ input */

static ad_lex *open_lex(const opts *o)
{
    ad_err e;
    ad_lex *lex = o->dict ? ad_lex_load_file(o->dict, &e)
                          : ad_lex_load_scowl(o->size, o->what == DO_INDEX ? AD_LEX_BUILD : 0, &e);
    if (!lex) {
        fprintf(stderr, "alphadeck words: %s\n", e.text);
        return NULL;
    }
    ad_lex_info info;
    ad_lex_describe(lex, &info);
    if (o->dict && info.skipped)
        fprintf(stderr,
                "alphadeck words: %s: skipped %ld entr%s that %s not lowercase a-z words (the "
                "first on line %ld)\n",
                o->dict, info.skipped, info.skipped == 1 ? "y" : "ies",
                info.skipped == 1 ? "is" : "are", info.first_skipped);
    return lex;
}

/* The cards named by the arguments ("th e n", or one card an argument). */
static int read_cards(const opts *o, uint8_t *cards)
{
    int n = 0;
    for (int i = 0; i < o->nargs; i++) {
        ad_err e;
        uint8_t some[AD_LEX_HAND_MAX];
        int k = ad_lex_cards_parse(o->args[i], some, AD_LEX_HAND_MAX, &e);
        if (k < 0) {
            fprintf(stderr, "alphadeck words: %s\n", e.text);
            return -1;
        }
        if (n + k > AD_LEX_HAND_MAX) {
            fprintf(stderr, "alphadeck words: at most %d cards at a time\n", AD_LEX_HAND_MAX);
            return -1;
        }
        memcpy(cards + n, some, (size_t)k);
        n += k;
    }
    if (n == 0) {
        fprintf(stderr, "alphadeck words: name some cards, for example: alphadeck words t h e n\n");
        return -1;
    }
    return n;
}

/* ----------------------------------------------------------------- output */

static void print_cards_text(const ad_lex_spelling *h)
{
    for (int i = 0; i < h->n; i++) {
        printf("%s%s", i ? " " : "", ad_lex_card_name(h->card[i]));
        if (h->card[i] == AD_LEX_WILD)
            printf("=%c", h->as[i]);
    }
}

static void print_cards_json(const ad_lex_spelling *h)
{
    printf("\"cards\":[");
    for (int i = 0; i < h->n; i++)
        printf("%s\"%s\"", i ? "," : "", ad_lex_card_name(h->card[i]));
    printf("]");
    if (h->wilds) {
        printf(",\"wilds\":[");
        for (int i = 0, k = 0; i < h->n; i++)
            if (h->card[i] == AD_LEX_WILD)
                printf("%s\"%c\"", k++ ? "," : "", h->as[i]);
        printf("]");
    }
}

static void print_found(const ad_lex_found *f, int json, int width)
{
    if (json) {
        printf("{\"word\":\"%s\",", f->word);
        print_cards_json(&f->how);
        printf("}");
        return;
    }
    printf("%-*s  ", width, f->word);
    print_cards_text(&f->how);
    printf("\n");
}

/* --------------------------------------------------------------- commands */

static int do_list(const ad_lex *lex, const opts *o, const uint8_t *cards, int n)
{
    ad_lex_results *r = ad_lex_results_new();
    ad_err e;
    int found = r ? ad_lex_words(lex, cards, n, o->min, r, &e) : -1;
    if (found < 0) {
        fprintf(stderr, "alphadeck words: %s\n", r ? e.text : "out of memory");
        ad_lex_results_free(r);
        return 2;
    }
    ad_lex_results_sort(r, AD_LEX_LONGEST_FIRST);
    int width = found ? (int)strlen(ad_lex_results_word(r, 0)) : 0;
    if (o->json)
        printf("[");
    for (int i = 0; i < found; i++) {
        if (o->json && i)
            printf(",\n");
        ad_lex_found f;
        ad_lex_results_get(r, i, &f);
        print_found(&f, o->json, width);
    }
    if (o->json)
        printf("]\n");
    ad_lex_results_free(r);
    return found ? 0 : 1;
}

static int do_best(const ad_lex *lex, const opts *o, const uint8_t *cards, int n)
{
    ad_lex_score_fn score = strcmp(o->best, "longest") == 0 ? ad_lex_score_longest
                            : strcmp(o->best, "cards") == 0 ? ad_lex_score_cards
                                                              : NULL;
    if (!score)
        return bad_usage("--best is longest or cards, not", o->best);
    ad_lex_found f;
    ad_err e;
    int rc = ad_lex_best(lex, cards, n, o->min, score, NULL, &f, &e);
    if (rc < 0) {
        fprintf(stderr, "alphadeck words: %s\n", e.text);
        return 2;
    }
    if (rc == 0) {
        printf(o->json ? "null\n" : "the cards spell no word\n");
        return 1;
    }
    print_found(&f, o->json, 0);
    if (o->json)
        printf("\n");
    return 0;
}

/* Lowercases word into buf; -1 when it is not letters a-z at all. */
static int lower_word(const char *word, char *buf)
{
    size_t len = strlen(word);
    if (len == 0 || len >= AD_LEX_WORD_MAX)
        return -1;
    for (size_t i = 0; i <= len; i++) {
        buf[i] = (char)tolower((unsigned char)word[i]);
        if (i < len && (buf[i] < 'a' || buf[i] > 'z'))
            return -1;
    }
    return 0;
}

static int do_check(const ad_lex *lex, const opts *o)
{
    int all = o->nargs > 0;
    if (!all)
        return bad_usage("--check needs a word", NULL);
    for (int i = 0; i < o->nargs; i++) {
        char w[AD_LEX_WORD_MAX];
        int bad = lower_word(o->args[i], w) < 0;
        int yes = !bad && ad_lex_contains(lex, w);
        printf("%.100s: %s\n", o->args[i],
               yes ? "a word" : bad ? "not a word (a word is 1 to 63 letters a-z)" : "not a word");
        all &= yes;
    }
    return all ? 0 : 1;
}

static int do_spell(const ad_lex *lex, const opts *o, const uint8_t *cards, int n)
{
    char w[AD_LEX_WORD_MAX];
    if (lower_word(o->word, w) < 0)
        return bad_usage("a word is 1 to 63 letters a-z, not", o->word);
    ad_lex_spelling h;
    ad_err e;
    int spells = ad_lex_spell(w, cards, n, o->in_order ? AD_LEX_IN_ORDER : 0, &h, &e);
    if (spells < 0) {
        fprintf(stderr, "alphadeck words: %s\n", e.text);
        return 2;
    }
    int word = ad_lex_contains(lex, w), enough = spells && h.n >= o->min;
    if (o->json) {
        printf("{\"word\":\"%s\",\"in_list\":%s,\"spells\":%s", w, word ? "true" : "false",
               enough ? "true" : "false");
        if (enough) {
            printf(",");
            print_cards_json(&h);
        }
        printf("}\n");
        return enough && word ? 0 : 1;
    }
    printf("%s: ", w);
    if (spells)
        print_cards_text(&h);
    else
        printf("the cards do not spell it");
    if (spells && !enough)
        printf(" (%d cards, fewer than --min %d)", h.n, o->min);
    printf("%s\n", word ? "" : " (not in the list)");
    return enough && word ? 0 : 1;
}

static int do_info(const ad_lex *lex)
{
    ad_lex_info i;
    ad_lex_describe(lex, &i);
    printf("source:  %s\nwords:   %ld (%ld entries skipped: not lowercase a-z)\n", i.source,
           i.words, i.skipped);
    printf("index:   a DAWG of %ld states, %ld edges, %zu bytes, %s%s\n", i.states, i.edges,
           i.bytes, i.index[0] ? "mapped from " : "built at load", i.index);
    printf("cards:  ");
    for (int id = 0; id < ad_lex_card_count(); id++)
        printf(" %s", ad_lex_card_name(id));
    printf("\n");
    return 0;
}

static int do_index(const ad_lex *lex, const opts *o)
{
    ad_err e;
    if (ad_lex_save(lex, o->index, &e) < 0 || ad_lex_save_table(lex, o->index, &e) < 0) {
        fprintf(stderr, "alphadeck words: %s\n", e.text);
        return 2;
    }
    ad_lex_info i;
    ad_lex_describe(lex, &i);
    printf("%s: %ld words, %ld states, %ld edges, %zu bytes\n", o->index, i.words, i.states,
           i.edges, i.bytes);
    return 0;
}

static int run(const ad_lex *lex, const opts *o)
{
    if (o->what == DO_CHECK)
        return do_check(lex, o);
    if (o->what == DO_INFO)
        return do_info(lex);
    if (o->what == DO_INDEX)
        return do_index(lex, o);
    uint8_t cards[AD_LEX_HAND_MAX];
    int n = read_cards(o, cards);
    if (n < 0)
        return 2;
    if (o->what == DO_SPELL)
        return do_spell(lex, o, cards, n);
    if (o->what == DO_BEST)
        return do_best(lex, o, cards, n);
    return do_list(lex, o, cards, n);
}

int ad_cli_words(int argc, char **argv)
{
    opts o;
    int rc = parse(&o, argc, argv);
    if (rc < 0) {
        ad_lex *lex = open_lex(&o);
        rc = lex ? run(lex, &o) : 2;
        ad_lex_free(lex);
    }
    free(o.args);
    return rc;
}
