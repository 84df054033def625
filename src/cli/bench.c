/*
 * bench.c - `alphadeck bench`: random playouts on one core, straight on the
 * game's flat state (no JSON, no allocation inside the loop), reported as
 * games/s and moves/s.  Each run prints the median of several timed rounds.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alphadeck/alphadeck.h"
#include "cli.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Plays one random game from st; returns its number of moves (capped). */
static long playout(const ad_game *g, void *st, ad_rng *r, long cap)
{
    long moves = 0;
    ad_action a;
    while (moves < cap) {
        uint32_t m = g->to_act(st);
        if (!m)
            break;
        int seat = __builtin_ctz(m);
        if (m & (m - 1)) { /* several may act: pick one at random */
            int k = (int)ad_rng_below(r, (uint32_t)__builtin_popcount(m));
            while (k--)
                m &= m - 1;
            seat = __builtin_ctz(m);
        }
        g->random_action(st, seat, r, &a);
        if (g->apply(st, seat, &a, NULL, NULL) < 0)
            break;
        moves++;
    }
    return moves;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int bench_game(const ad_game *g, int players, double seconds, int rounds)
{
    ad_setup su;
    memset(&su, 0, sizeof su);
    su.players = players;
    su.deck_n = -1;
    su.dealer = -1;
    for (int i = 0; i < g->nopt; i++)
        su.opt[i] = g->options[i].def;
    void *st = malloc(g->state_size);
    double gps[16], mps[16];
    long longest = 0;
    uint64_t seed = 1;
    ad_rng r;
    ad_rng_seed(&r, 42);
    for (int round = 0; round < rounds; round++) {
        long games = 0, moves = 0;
        double t0 = now(), t;
        do {
            for (int i = 0; i < 64; i++) {
                su.seed = seed++;
                ad_err e;
                if (g->init(st, &su, &e) < 0) {
                    fprintf(stderr, "bench: %s\n", e.text);
                    free(st);
                    return 1;
                }
                long m = playout(g, st, &r, 10000000);
                if (m > longest)
                    longest = m;
                moves += m;
                games++;
            }
            t = now() - t0;
        } while (t < seconds / rounds);
        gps[round] = (double)games / t;
        mps[round] = (double)moves / t;
    }
    qsort(gps, (size_t)rounds, sizeof gps[0], cmp_double);
    qsort(mps, (size_t)rounds, sizeof mps[0], cmp_double);
    printf("%-9s players=%-2d games/s=%10.0f  moves/s=%12.0f  (median of %d; moves/s min %.0f "
           "max %.0f; longest game %ld moves)\n",
           g->id, players, gps[rounds / 2], mps[rounds / 2], rounds, mps[0], mps[rounds - 1],
           longest);
    free(st);
    return 0;
}

int ad_cli_bench(int argc, char **argv)
{
    const char *only = NULL;
    int players = 0, rounds = 5, words = 0;
    double seconds = 5.0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--game") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc)
            players = (int)ad_cli_number(argv[++i]);
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = (int)ad_cli_number(argv[++i]);
        else if (strcmp(argv[i], "--words") == 0)
            words = 1;
        else {
            fprintf(stderr, "usage: alphadeck bench [--game G] [--players N] [--seconds S] "
                            "[--rounds R]\n       alphadeck bench --words [--rounds R]\n");
            return 2;
        }
    }
    if (rounds < 1 || rounds > 15 || seconds <= 0 || players < 0) {
        fprintf(stderr, "bench: --rounds is 1..15, --seconds and --players positive\n");
        return 2;
    }
    if (words) /* the dictionary (words_bench.c) */
        return ad_cli_bench_words(rounds);
    if (only && !ad_game_find(only)) {
        fprintf(stderr, "bench: there is no game \"%s\"\n", only);
        return 2;
    }
    printf("# random playouts on one core, %.1f s per game in %d rounds\n", seconds, rounds);
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        if (only && strcmp(only, g->id) != 0)
            continue;
        int n = players ? players : 4;
        if (n < g->min_players || n > g->max_players) {
            fprintf(stderr, "bench: %s is for %d to %d players\n", g->id, g->min_players,
                    g->max_players);
            return 2;
        }
        if (bench_game(g, n, seconds, rounds))
            return 1;
    }
    return 0;
}
