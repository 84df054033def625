/*
 * words-cpu.c - times ad_lex_words alone on the hands of `alphadeck bench
 * --words` (200 hands of 10 cards from the shout deck without its wilds,
 * and 2 wilds, the same seed), in the thread's CPU time so that waiting
 * for a shared processor is not counted; prints the words found, a
 * checksum of every word with its cards and wilds (two builds agree when
 * they print the same), and the fastest and median round in µs a hand.
 *
 *   gcc -O2 -Iinclude bench/words-cpu.c build/libalphadeck.a -lpthread -lm \
 *       -o /tmp/words-cpu && /tmp/words-cpu 30      # 30 rounds
 *   /tmp/words-cpu 30 single     # hands without multi-letter cards
 *   /tmp/words-cpu 30 all avx2   # the scan's AVX2 way (ad_lex_use_scan)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/lexicon.h"

#define HANDS 200
#define ROUNDS_MAX 1000

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The bench's deal (src/tools/words_bench.c), with the multi-letter cards
 * left out of the pack when single_only. */
static void deal(uint8_t hands[][12], int single_only)
{
    const ad_deck *d = ad_deck_get("shout");
    uint8_t pack[AD_MAX_DECK];
    int n = 0;
    for (int k = 0; d && k < d->nkinds; k++)
        for (int c = 0; c < d->copies[k]; c++) {
            int id = ad_lex_card(d->kind[k]);
            if (strcmp(d->kind[k], "*") != 0 && !(single_only && id > AD_LEX_WILD))
                pack[n++] = (uint8_t)id;
        }
    ad_rng r;
    ad_rng_seed(&r, 7);
    for (int h = 0; h < HANDS; h++) {
        ad_rng_shuffle(&r, pack, n);
        memcpy(hands[h], pack, 10);
        hands[h][10] = hands[h][11] = AD_LEX_WILD;
    }
}

/* FNV-1a over every found word, its cards, what its wilds stand for. */
static uint64_t checksum(const ad_lex *lex, uint8_t hands[][12], ad_lex_results *res, long *words)
{
    uint64_t sum = 1469598103934665603ull;
#define MIX(v) (sum = (sum ^ (uint64_t)(v)) * 1099511628211ull)
    for (int h = 0; h < HANDS; h++) {
        int n = ad_lex_words(lex, hands[h], 12, 1, res, NULL);
        *words += n;
        for (int i = 0; i < n; i++) {
            ad_lex_found f;
            ad_lex_results_get(res, i, &f);
            for (const char *p = f.word; *p; p++)
                MIX((unsigned char)*p);
            MIX(f.how.wilds * 7 + f.how.n);
            for (int k = 0; k < f.how.n; k++)
                MIX(f.how.card[k] + 256 * f.how.as[k]);
        }
    }
    return sum;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 30;
    rounds = rounds < 1 ? 1 : rounds > ROUNDS_MAX ? ROUNDS_MAX : rounds;
    ad_err e;
    ad_lex *lex = ad_lex_load_default(&e);
    if (!lex) {
        fprintf(stderr, "words-cpu: %s\n", e.text);
        return 1;
    }
    if (argc > 3 && ad_lex_use_scan(argv[3], &e) < 0) {
        fprintf(stderr, "words-cpu: %s\n", e.text);
        ad_lex_free(lex);
        return 2;
    }
    static uint8_t hands[HANDS][12];
    static double t[ROUNDS_MAX];
    deal(hands, argc > 2 && strcmp(argv[2], "single") == 0);
    ad_lex_results *res = ad_lex_results_new();
    long words = 0;
    uint64_t sum = checksum(lex, hands, res, &words);
    for (int q = 0; q < rounds; q++) {
        double t0 = cpu_now();
        for (int h = 0; h < HANDS; h++)
            ad_lex_words(lex, hands[h], 12, 1, res, NULL);
        t[q] = (cpu_now() - t0) / HANDS * 1e6;
    }
    qsort(t, (size_t)rounds, sizeof t[0], by_value);
    printf("words %ld checksum %016llx fastest %.1f us median %.1f us (scan: %s)\n", words,
           (unsigned long long)sum, t[0], t[rounds / 2], ad_lex_scan_name());
    ad_lex_results_free(res);
    ad_lex_free(lex);
    return 0;
}
