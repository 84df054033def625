/*
 * bench.c - `alphadeck bench`: random playouts on one core, straight on the
 * game's flat state (no JSON, no allocation inside the loop), reported as
 * games/s and moves/s; or, with --bot, a bot level's search at work.  Each
 * run prints the median of several timed rounds.
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

/* The search of a bot level at work: seeded games played by `basic` at
 * every seat, and at every 8th decision the level also decides (its choice
 * is not played, so every level sees the same positions).  Reports the
 * search's simulations per second of its own time, and its time per
 * decision (median and slowest), medians over the rounds. */
static int bench_bot(const ad_game *g, int players, const char *level, double seconds, int rounds)
{
    ad_err e;
    if (!ad_bot_available(g, level, &e) || !ad_bot_available(g, "basic", &e)) {
        fprintf(stderr, "bench: %s\n", e.text);
        return 2;
    }
    ad_setup su;
    memset(&su, 0, sizeof su);
    su.players = players;
    su.deck_n = -1;
    su.dealer = -1;
    for (int i = 0; i < g->nopt; i++)
        su.opt[i] = g->options[i].def;
    void *st = malloc(g->state_size), *view = malloc(g->state_size);
    enum { MAXD = 1 << 16 };
    double *ms = malloc(sizeof(double) * MAXD), sps[16], med[16], worst = 0;
    uint64_t seed = 1;
    long decisions_all = 0;
    for (int round = 0; round < rounds; round++) {
        long sims = 0, nd = 0, moves = 0;
        double busy = 0, t0 = now();
        ad_rng r, br;
        ad_rng_seed(&br, 7);
        while (now() - t0 < seconds / rounds && nd < MAXD) {
            su.seed = seed++;
            if (g->init(st, &su, &e) < 0) {
                fprintf(stderr, "bench: %s\n", e.text);
                free(ms);
                free(view);
                free(st);
                return 1;
            }
            ad_rng_seed(&r, su.seed);
            for (long m = 0; m < 20000 && !g->is_over(st) && nd < MAXD; m++) {
                uint32_t mask = g->to_act(st);
                if (!mask)
                    break;
                int seat = __builtin_ctz(mask);
                ad_action a;
                g->view(st, seat, view);
                if (++moves % 8 == 0) {
                    ad_bot_opts o = {0};
                    double t = now();
                    ad_bot_choose_opts(g, view, seat, level, &o, &br, &a, &e);
                    t = now() - t;
                    busy += t;
                    sims += o.sims_done;
                    ms[nd++] = t * 1000;
                    if (t * 1000 > worst)
                        worst = t * 1000;
                }
                if (ad_bot_choose(g, view, seat, "basic", &r, &a, &e) != 0 ||
                    g->apply(st, seat, &a, NULL, &e) < 0)
                    break; /* shout: a basic seat waits; the game is left there */
            }
        }
        decisions_all += nd;
        sps[round] = busy > 0 ? (double)sims / busy : 0;
        qsort(ms, (size_t)nd, sizeof ms[0], cmp_double);
        med[round] = nd ? ms[nd / 2] : 0;
    }
    qsort(sps, (size_t)rounds, sizeof sps[0], cmp_double);
    qsort(med, (size_t)rounds, sizeof med[0], cmp_double);
    printf("%-9s players=%-2d bot=%-6s sims/s=%10.0f  ms/decision median=%7.2f slowest=%7.1f  "
           "(median of %d rounds, %ld decisions; sims/s min %.0f max %.0f)\n",
           g->id, players, level, sps[rounds / 2], med[rounds / 2], worst, rounds, decisions_all,
           sps[0], sps[rounds - 1]);
    free(ms);
    free(view);
    free(st);
    return 0;
}

int ad_cli_bench(int argc, char **argv)
{
    const char *only = NULL, *bot = NULL;
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
        else if (strcmp(argv[i], "--bot") == 0 && i + 1 < argc)
            bot = argv[++i];
        else if (strcmp(argv[i], "--words") == 0)
            words = 1;
        else {
            fprintf(stderr, "usage: alphadeck bench [--game G] [--players N] [--seconds S] "
                            "[--rounds R] [--bot LEVEL]\n"
                            "       alphadeck bench --words [--rounds R]\n");
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
    if (bot)
        printf("# the %s bot's search on one core, %.1f s per game in %d rounds\n", bot, seconds,
               rounds);
    else
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
        if (bot) {
            ad_err e;
            if (!ad_bot_available(g, bot, &e)) {
                if (only) {
                    fprintf(stderr, "bench: %s\n", e.text);
                    return 2;
                }
                continue; /* all games: those that have the level */
            }
            int rc = bench_bot(g, n, bot, seconds, rounds);
            if (rc)
                return rc;
        } else if (bench_game(g, n, seconds, rounds))
            return 1;
    }
    return 0;
}
