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
#include "alphadeck/director.h"
#include "../app/app.h"
#include "tools.h"

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

/* A game of `players` with its own pack, dealer rule and default options:
 * what every timing here plays (the seed is set per game). */
static ad_setup default_setup(const ad_game *g, int players)
{
    ad_setup su;
    memset(&su, 0, sizeof su);
    su.players = players;
    su.deck_n = -1;
    su.dealer = -1;
    for (int i = 0; i < g->nopt; i++)
        su.opt[i] = g->options[i].def;
    return su;
}

static int bench_game(const ad_game *g, int players, double seconds, int rounds)
{
    ad_setup su = default_setup(g, players);
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
                    fprintf(stderr, "alphadeck bench: %s\n", e.text);
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
static int bench_bot(const ad_game *g, int players, const char *level, const ad_bot_opts *budget,
                     double seconds, int rounds)
{
    ad_err e;
    if (!ad_bot_available(g, level, &e) || !ad_bot_available(g, "basic", &e)) {
        fprintf(stderr, "alphadeck bench: %s\n", e.text);
        return 2;
    }
    ad_setup su = default_setup(g, players);
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
                fprintf(stderr, "alphadeck bench: %s\n", e.text);
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
                    ad_bot_opts o = *budget;
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

/* --director: the same random games as bench_game, played two ways in each
 * round, one after the other so both see the same machine: raw (the loop
 * above, on the flat state) and through the director as `alphadeck sim`
 * runs them (a table, random bots at every seat run inline, pause 0, the
 * clock jumping to each wake).  Prints each way's moves/s (medians over the
 * rounds) and the director's share of the raw speed (median of the rounds'
 * ratios). */
static long director_game(const ad_game *g, const ad_setup *su, ad_seat_cfg *seats,
                          const ad_director_opts *o, ad_director_out *out)
{
    ad_err e;
    ad_table *t = ad_table_new_setup(g, su, &e);
    ad_director *d = t ? ad_director_new(t, seats, o, 0, &e) : NULL;
    if (!d) {
        ad_table_free(t);
        fprintf(stderr, "bench: %s\n", e.text);
        return -1;
    }
    int64_t now_ms = 0;
    long moves = 0;
    while (!g->is_over(ad_table_state(ad_director_table(d))) && moves < 10000000) {
        if (ad_director_advance(d, now_ms, out, &e) < 0 || out->wake_ms == AD_DIRECTOR_NEVER) {
            moves += out->n;
            break;
        }
        moves += out->n;
        now_ms = out->wake_ms;
    }
    ad_director_free(d);
    return moves;
}

/* This thread's CPU time: the machine is shared, and both ways must be
 * charged only for their own work. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int bench_director(const ad_game *g, int players, double seconds, int rounds)
{
    ad_setup su = default_setup(g, players);
    ad_seat_cfg seats[AD_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < players; s++)
        snprintf(seats[s].level, sizeof seats[s].level, "random");
    ad_director_opts o = ad_director_defaults();
    o.inline_bots = 1;
    o.silent = 1; /* as sim: nobody watches */
    void *st = malloc(g->state_size);
    /* one out for all the games, as a table loop keeps one (each call empties it) */
    static ad_director_out out;
    double raw[16], dir[16], ratio[16];
    uint64_t seed = 1, dseed = 1;
    ad_rng r;
    ad_rng_seed(&r, 42);
    int rc = 0;
    ad_cli_keep_memory();
    for (int round = 0; round < rounds && !rc; round++) {
        long moves = 0;
        double t0 = cpu_now(), t;
        do {
            for (int i = 0; i < 64; i++) {
                ad_err e;
                su.seed = seed++;
                if (g->init(st, &su, &e) < 0) {
                    fprintf(stderr, "bench: %s\n", e.text);
                    rc = 1;
                    break;
                }
                moves += playout(g, st, &r, 10000000);
            }
            t = cpu_now() - t0;
        } while (!rc && t < seconds / (2 * rounds));
        raw[round] = (double)moves / t;
        moves = 0;
        t0 = cpu_now();
        do {
            for (int i = 0; i < 64 && !rc; i++) {
                su.seed = dseed++;
                long m = director_game(g, &su, seats, &o, &out);
                rc = m < 0;
                moves += m;
            }
            t = cpu_now() - t0;
        } while (!rc && t < seconds / (2 * rounds));
        dir[round] = (double)moves / t;
        ratio[round] = dir[round] / raw[round];
    }
    free(st);
    if (rc)
        return 1;
    qsort(raw, (size_t)rounds, sizeof raw[0], cmp_double);
    qsort(dir, (size_t)rounds, sizeof dir[0], cmp_double);
    qsort(ratio, (size_t)rounds, sizeof ratio[0], cmp_double);
    printf("%-9s players=%-2d raw moves/s=%11.0f  director moves/s=%11.0f  director/raw=%5.1f%%  "
           "(medians of %d; ratio min %.1f%% max %.1f%%)\n",
           g->id, players, raw[rounds / 2], dir[rounds / 2], 100 * ratio[rounds / 2], rounds,
           100 * ratio[0], 100 * ratio[rounds - 1]);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: alphadeck bench [--game G] [--players N] [--seconds S] [--rounds R] "
               "[--bot LEVEL [--think MS] [--sims N] | --director]\n"
               "       alphadeck bench --words [--rounds R] [--scan WAY]\n"
               "  --players N   players (default 4; the game's range)\n"
               "  --seconds S   seconds per game, more than 0 and at most 3600 (default 5)\n"
               "  --rounds R    timed rounds, 1 to 15 (default 5): the median is reported\n"
               "  --bot LEVEL   time a bot level's decisions (random, easy, basic, strong)\n"
               "  --director    random playouts raw and through the director, and their ratio\n"
               "  --scan WAY    with --words: the dictionary's scan takes WAY (best, avx512,\n"
               "                avx2, popcnt, plain) instead of the processor's best\n"
               "  --think MS    the strong level's clock per decision, 0 to %d ms (0: none)\n"
               "  --sims N      its simulations per decision, 0 to %ld (0: its own default)\n",
            AD_BOT_MAX_THINK_MS, AD_BOT_MAX_SIMS);
}

int ad_cli_bench(int argc, char **argv)
{
    const char *only = NULL, *bot = NULL, *scan = NULL;
    long long players = 0;
    unsigned long long rounds = 5, think = 0, sims = 0;
    int words = 0, director = 0;
    double seconds = 5.0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--game") == 0 && val) {
            only = argv[++i];
        } else if (strcmp(a, "--players") == 0 && val) {
            players = ad_cli_number(argv[++i]); /* its range: the game's, below */
            if (players <= 0) {
                fprintf(stderr, "alphadeck bench: --players takes a whole number, not \"%.40s\"\n",
                        argv[i]);
                return 2;
            }
        } else if (strcmp(a, "--seconds") == 0 && val) {
            char *end;
            seconds = strtod(argv[++i], &end);
            if (end == argv[i] || *end || !(seconds > 0 && seconds <= 3600)) {
                fprintf(stderr, "alphadeck bench: --seconds takes a number of seconds, more than "
                                "0 and at most 3600, not \"%.40s\"\n", argv[i]);
                return 2;
            }
        } else if (strcmp(a, "--rounds") == 0 && val) {
            if (ad_cli_option_in("bench", a, argv[++i], 1, 15, &rounds) < 0)
                return 2;
        } else if (strcmp(a, "--think") == 0 && val) {
            if (ad_cli_option_in("bench", a, argv[++i], 0, AD_BOT_MAX_THINK_MS, &think) < 0)
                return 2;
        } else if (strcmp(a, "--sims") == 0 && val) {
            if (ad_cli_option_in("bench", a, argv[++i], 0, AD_BOT_MAX_SIMS, &sims) < 0)
                return 2;
        } else if (strcmp(a, "--bot") == 0 && val) {
            bot = argv[++i];
            if (!ad_bot_level_known(bot)) { /* else `bench` would skip every game */
                fprintf(stderr, "alphadeck bench: there is no bot level \"%.20s\" (try: random, "
                                "easy, basic, strong)\n", bot);
                return 2;
            }
        } else if (strcmp(a, "--scan") == 0 && val) {
            scan = argv[++i];
        } else if (strcmp(a, "--words") == 0) {
            words = 1;
        } else if (strcmp(a, "--director") == 0) {
            director = 1;
        } else {
            fprintf(stderr, "alphadeck bench: unknown argument \"%s\"\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (scan && !words) {
        fprintf(stderr, "alphadeck bench: --scan is for --words (the dictionary's scan)\n");
        return 2;
    }
    if (words) /* the dictionary (words_bench.c) */
        return ad_cli_bench_words((int)rounds, scan);
    if (only && !ad_game_find(only)) {
        fprintf(stderr, "alphadeck bench: there is no game \"%s\"\n", only);
        return 2;
    }
    ad_bot_opts budget = {.think_ms = (int)think, .sims = (long)sims};
    if (director)
        printf("# random playouts raw and through the director on one core, %.1f s per game "
               "in %llu rounds\n", seconds, rounds);
    else if (bot)
        printf("# the %s bot's search on one core, %.1f s per game in %llu rounds\n", bot, seconds,
               rounds);
    else
        printf("# random playouts on one core, %.1f s per game in %llu rounds\n", seconds, rounds);
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        if (only && strcmp(only, g->id) != 0)
            continue;
        long long n = players ? players : 4;
        if (n < g->min_players || n > g->max_players) {
            fprintf(stderr, "alphadeck bench: %s is for %d to %d players\n", g->id, g->min_players,
                    g->max_players);
            return 2;
        }
        if (director) {
            if (bench_director(g, (int)n, seconds, (int)rounds))
                return 1;
        } else if (bot) {
            ad_err e;
            if (!ad_bot_available(g, bot, &e)) {
                if (only) {
                    fprintf(stderr, "alphadeck bench: %s\n", e.text);
                    return 2;
                }
                continue; /* all games: those that have the level */
            }
            int rc = bench_bot(g, (int)n, bot, &budget, seconds, (int)rounds);
            if (rc)
                return rc;
        } else if (bench_game(g, (int)n, seconds, (int)rounds))
            return 1;
    }
    return 0;
}
