/*
 * sim.c - `alphadeck sim`: many games between bot levels, with seats rotated
 * so no level keeps a seat's advantage.  Game i is dealt from a seed made of
 * --seed and i, and its bots draw from generators made of that seed and the
 * seat, so a game's result does not depend on which thread played it: the
 * results for a seed are identical whatever --jobs is (only timings vary).
 * When several seats may act at once (Shout), the race goes to the bot that
 * says it would act soonest (ad_bot_opts.react_ms, a model, not a clock).
 * For a game that counts cards won over a game (the view's `won_total`,
 * Shout), each level's share of them is reported too.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "alphadeck/alphadeck.h"
#include "cli.h"

#define MAX_LEVELS AD_MAX_SEATS
#define MOVE_CAP 2000000L

typedef struct sim_cfg {
    const ad_game *g;
    ad_setup base;
    int players, nlevels, games, jobs;
    char levels[MAX_LEVELS][16];
    uint64_t seed;
    int think_ms;   /* --think: the strong level's clock per decision */
    long sims;      /* --sims: its simulations per decision */
} sim_cfg;

/* What one game gave: per seat, the level it played, its share of the win
 * (1/k when k seats share it) and the cards it won (when the game counts
 * them); the moves; decision time per seat. */
typedef struct game_result {
    uint8_t level[AD_MAX_SEATS];
    double share[AD_MAX_SEATS];
    long cards[AD_MAX_SEATS];
    int counts_cards; /* the view has won_total */
    long moves;
    int finished;
    double secs[AD_MAX_SEATS];
    long decisions[AD_MAX_SEATS];
    long sims[AD_MAX_SEATS]; /* search simulations run */
    double slowest[AD_MAX_SEATS]; /* the longest decision */
} game_result;

typedef struct worker {
    const sim_cfg *cfg;
    game_result *res;
    int first, step;
    volatile long *done;
    pthread_mutex_t *lock;
} worker;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* The winners of a finished game, from its god view's `winner`, and the
 * cards each seat won, from its `won_total` when it has one. */
static void share_win(const ad_game *g, const void *st, int players, game_result *r)
{
    void *v = malloc(g->state_size);
    g->view(st, AD_GOD, v);
    json_t *j = g->view_json(v);
    json_t *w = json_object_get(j, "winner");
    if (json_is_integer(w)) {
        r->share[json_integer_value(w)] = 1.0;
    } else if (json_is_array(w) && json_array_size(w) > 0) {
        double part = 1.0 / (double)json_array_size(w);
        for (size_t i = 0; i < json_array_size(w); i++) {
            json_int_t s = json_integer_value(json_array_get(w, i));
            if (s >= 0 && s < players)
                r->share[s] = part;
        }
    }
    json_t *cards = json_object_get(j, "won_total");
    if (json_is_array(cards) && json_array_size(cards) == (size_t)players) {
        r->counts_cards = 1;
        for (int p = 0; p < players; p++)
            r->cards[p] = (long)json_integer_value(json_array_get(cards, p));
    }
    json_decref(j);
    free(v);
}

static void play_one(const sim_cfg *c, int i, game_result *r)
{
    const ad_game *g = c->g;
    ad_setup su = c->base;
    ad_err e;
    ad_rng order, bot[AD_MAX_SEATS];
    memset(r, 0, sizeof *r);
    su.seed = mix(c->seed ^ mix((uint64_t)i));
    for (int p = 0; p < c->players; p++) {
        r->level[p] = (uint8_t)((p + i) % c->nlevels); /* rotate the seats */
        ad_rng_seed(&bot[p], mix(su.seed + 1 + (uint64_t)p));
    }
    ad_rng_seed(&order, mix(su.seed));
    void *st = malloc(g->state_size), *view = malloc(g->state_size);
    if (g->init(st, &su, &e) < 0) {
        free(st);
        free(view);
        return;
    }
    while (!g->is_over(st) && r->moves < MOVE_CAP) {
        /* the seats that may act are asked in a fair random order.  An
         * answer with no reaction time (a game without races) acts at
         * once; in a race (Shout) every seat is asked and the one that
         * would act soonest acts, ties going to the one asked first */
        uint32_t m = g->to_act(st);
        int seats[AD_MAX_SEATS], n = 0, rc = 0, seat = -1;
        double soonest = 0;
        for (int p = 0; p < c->players; p++)
            if (m & (1u << p))
                seats[n++] = p;
        ad_action a, mine;
        for (int k = 0; k < n; k++) {
            int j = k + (int)ad_rng_below(&order, (uint32_t)(n - k)), x = seats[k];
            seats[k] = seats[j];
            seats[j] = x;
            int p = seats[k];
            double t0 = now();
            g->view(st, p, view);
            ad_bot_opts o = {.think_ms = c->think_ms, .sims = c->sims};
            rc = ad_bot_choose_opts(g, view, p, c->levels[r->level[p]], &o, &bot[p], &mine, &e);
            double dt = now() - t0;
            r->secs[p] += dt;
            if (dt > r->slowest[p])
                r->slowest[p] = dt;
            r->decisions[p]++;
            r->sims[p] += o.sims_done;
            if (rc < 0)
                break;
            if (rc == 0 && (seat < 0 || o.react_ms < soonest)) {
                seat = p;
                a = mine;
                soonest = o.react_ms;
            }
            if (seat >= 0 && soonest == 0)
                break; /* no race: it acts when asked */
        }
        if (rc < 0 || seat < 0 || g->apply(st, seat, &a, NULL, &e) < 0)
            break; /* a bot failed, or every seat waits: the game is unfinished */
        r->moves++;
    }
    r->finished = g->is_over(st);
    if (r->finished)
        share_win(g, st, c->players, r);
    free(st);
    free(view);
}

static void *work(void *arg)
{
    worker *w = arg;
    for (int i = w->first; i < w->cfg->games; i += w->step) {
        play_one(w->cfg, i, &w->res[i]);
        pthread_mutex_lock(w->lock);
        (*w->done)++;
        pthread_mutex_unlock(w->lock);
    }
    return NULL;
}

/* Wilson's 95% interval for k successes in n trials. */
static void wilson(double k, double n, double *lo, double *hi)
{
    const double z = 1.959964;
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = k / n, d = 1 + z * z / n;
    double mid = (p + z * z / (2 * n)) / d;
    double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
    *lo = mid - half < 0 ? 0 : mid - half;
    *hi = mid + half > 1 ? 1 : mid + half;
}

/* Card sums over the finished games that count cards: per game, x the
 * cards a level's seats won and y all the cards won. */
typedef struct card_sums {
    double n, x, y, xx, xy, yy;
} card_sums;

typedef struct level_stats {
    double wins, seats, secs, slowest;
    long decisions, sims;
    double rate, lo, hi, fair;
    card_sums cards; /* kept by level name (the merged entry) */
    double card_share, card_lo, card_hi;
} level_stats;

/* Levels may repeat ("random,random"): results are reported per level name. */
static int merged(const sim_cfg *c, int l)
{
    for (int m = 0; m < l; m++)
        if (strcmp(c->levels[m], c->levels[l]) == 0)
            return m;
    return l;
}

/* Adds one finished game's cards to each level name's sums. */
static void add_cards(const sim_cfg *c, const game_result *r, level_stats *ls)
{
    double x[MAX_LEVELS] = {0}, y = 0;
    for (int p = 0; p < c->players; p++) {
        x[merged(c, r->level[p])] += (double)r->cards[p];
        y += (double)r->cards[p];
    }
    for (int l = 0; l < c->nlevels; l++) {
        card_sums *s = &ls[l].cards;
        s->n += 1;
        s->x += x[l];
        s->y += y;
        s->xx += x[l] * x[l];
        s->xy += x[l] * y;
        s->yy += y * y;
    }
}

/* Adds up the games per level (as listed in --bots, before merging); *cards
 * is set when the game counts cards won. */
static void summarize(const sim_cfg *c, const game_result *res, level_stats *ls, double *mean_moves,
                      int *unfinished, int *cards)
{
    long moves = 0;
    memset(ls, 0, sizeof(level_stats) * MAX_LEVELS);
    *unfinished = 0;
    *cards = 0;
    for (int i = 0; i < c->games; i++) {
        const game_result *r = &res[i];
        moves += r->moves;
        *unfinished += !r->finished;
        for (int p = 0; p < c->players; p++) {
            level_stats *l = &ls[r->level[p]];
            l->wins += r->share[p];
            l->seats += 1;
            l->secs += r->secs[p];
            l->decisions += r->decisions[p];
            l->sims += r->sims[p];
            if (r->slowest[p] > l->slowest)
                l->slowest = r->slowest[p];
        }
        if (r->finished && r->counts_cards) {
            *cards = 1;
            add_cards(c, r, ls);
        }
    }
    *mean_moves = (double)moves / c->games;
}

/* A level's share of all the cards won, pooled over the games (x / y), and
 * its 95% interval: from the ratio's standard error over games (they are
 * independent; the cards within a game are not), widened to at least
 * Wilson's interval for x cards of y, which stays honest when every game
 * gives the same share (all cards, or none) and the standard error is 0. */
static void card_share(const card_sums *s, double *share, double *lo, double *hi)
{
    *share = s->y > 0 ? s->x / s->y : 0;
    wilson(s->x, s->y, lo, hi);
    if (s->n < 2 || s->y <= 0)
        return;
    double r = *share, mean_y = s->y / s->n;
    double ss = s->xx - 2 * r * s->xy + r * r * s->yy; /* sum of (x - r y)^2 */
    double half = 1.959964 * sqrt((ss > 0 ? ss : 0) / (s->n * (s->n - 1))) / mean_y;
    if (r - half < *lo)
        *lo = r - half < 0 ? 0 : r - half;
    if (r + half > *hi)
        *hi = r + half > 1 ? 1 : r + half;
}

/* Folds repeated level names into their first entry, then computes each
 * level's win rate (the games won by a seat of that level, a shared win
 * split evenly), its interval and its fair share (its seats / all seats). */
static void merge_levels(const sim_cfg *c, level_stats *ls)
{
    for (int l = 0; l < c->nlevels; l++) {
        int m = merged(c, l);
        if (m == l)
            continue;
        ls[m].wins += ls[l].wins;
        ls[m].seats += ls[l].seats;
        ls[m].secs += ls[l].secs;
        ls[m].decisions += ls[l].decisions;
        ls[m].sims += ls[l].sims;
        if (ls[l].slowest > ls[m].slowest)
            ls[m].slowest = ls[l].slowest;
    }
    for (int l = 0; l < c->nlevels; l++) {
        level_stats *s = &ls[l];
        s->rate = s->wins / c->games;
        s->fair = s->seats / ((double)c->games * c->players);
        wilson(s->wins, c->games, &s->lo, &s->hi);
        card_share(&s->cards, &s->card_share, &s->card_lo, &s->card_hi);
    }
}

static int write_svg(const sim_cfg *c, const level_stats *ls, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int n = 0;
    for (int l = 0; l < c->nlevels; l++)
        n += merged(c, l) == l;
    int w = 120 + 110 * n, h = 320, top = 40, base = 260;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "font-family=\"sans-serif\" font-size=\"12\">\n", w, h);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(f, "<text x=\"10\" y=\"20\" font-size=\"14\">%s, %d players, %d games: win rate "
               "with 95%% interval</text>\n", c->g->title, c->players, c->games);
    for (int t = 0; t <= 4; t++) {
        int y = base - (base - top) * t / 4;
        fprintf(f, "<line x1=\"50\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                   "<text x=\"10\" y=\"%d\">%d%%</text>\n", w - 10, y, y, y + 4, t * 25);
    }
    int x = 80;
    for (int l = 0; l < c->nlevels; l++) {
        if (merged(c, l) != l)
            continue;
        const level_stats *s = &ls[l];
        double span = base - top;
        int y = base - (int)(s->rate * span), ylo = base - (int)(s->lo * span);
        int yhi = base - (int)(s->hi * span), yfair = base - (int)(s->fair * span);
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"60\" height=\"%d\" fill=\"#4a7ebb\"/>\n", x, y,
                base - y);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", x + 30,
                x + 30, ylo, yhi);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>"
                   "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n",
                x + 22, x + 38, ylo, ylo, x + 22, x + 38, yhi, yhi);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#c33\" "
                   "stroke-dasharray=\"4 3\"/>\n", x - 5, x + 65, yfair, yfair);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x + 30, base + 18,
                c->levels[l]);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%.1f%%</text>\n", x + 30,
                base + 34, 100 * s->rate);
        x += 110;
    }
    fprintf(f, "<text x=\"10\" y=\"%d\" fill=\"#c33\">dashed: fair share</text>\n</svg>\n",
            h - 8);
    return fclose(f) == 0 ? 0 : -1;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: alphadeck sim --game G --players N --bots LEVEL[,LEVEL...] --games K "
               "--seed S [--jobs J] [--think MS] [--sims N] [--json] [--svg FILE] "
               "[--OPTION=N ...]\n"
               "Reports each level's win rate with its 95%% interval; for shout also its share "
               "of the cards won\n(card share; card_share and card_ci95 in --json). In shout "
               "the seat whose bot would shout\nsoonest acts (the bots' reaction times, "
               "docs/bots.md).\n");
}

/* Parses the arguments into c (and the flags); returns 0 or prints why not. */
static int parse(int argc, char **argv, sim_cfg *c, int *json, const char **svg)
{
    const char *game = NULL, *bots = "random";
    json_t *req = json_object(), *opts = json_object();
    long long players = 0, games = 100, seed = 1, jobs = 1, think = 0, sims = 0;
    int rc = -1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        long long *num = strcmp(a, "--players") == 0 ? &players
                         : strcmp(a, "--games") == 0 ? &games
                         : strcmp(a, "--seed") == 0  ? &seed
                         : strcmp(a, "--jobs") == 0  ? &jobs
                         : strcmp(a, "--think") == 0 ? &think
                         : strcmp(a, "--sims") == 0  ? &sims
                                                     : NULL;
        if (num && val) {
            *num = ad_cli_number(argv[++i]);
            if (*num < 0) {
                fprintf(stderr, "alphadeck sim: %s takes a whole number\n", a);
                goto out;
            }
        } else if (strcmp(a, "--game") == 0 && val) {
            game = argv[++i];
        } else if (strcmp(a, "--bots") == 0 && val) {
            bots = argv[++i];
        } else if (strcmp(a, "--json") == 0) {
            *json = 1;
        } else if (strcmp(a, "--svg") == 0 && val) {
            *svg = argv[++i];
        } else if (strncmp(a, "--", 2) == 0 && strchr(a, '=')) {
            const char *eq = strchr(a, '=');
            long long x = ad_cli_number(eq + 1);
            if (x < 0) {
                fprintf(stderr, "alphadeck sim: %s: the option's value must be a whole number\n", a);
                goto out;
            }
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(eq - a - 2), a + 2);
            json_object_set_new(opts, name, json_integer(x));
        } else {
            fprintf(stderr, "alphadeck sim: unknown argument \"%s\"\n", a);
            usage(stderr);
            goto out;
        }
    }
    if (!game) {
        usage(stderr);
        goto out;
    }
    if (games < 1 || games > 100000000 || jobs < 1 || jobs > 256) {
        fprintf(stderr, "alphadeck sim: --games is 1 to 100000000 and --jobs 1 to 256\n");
        goto out;
    }
    char list[256], *save = NULL;
    snprintf(list, sizeof list, "%s", bots);
    c->nlevels = 0;
    for (char *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (c->nlevels == MAX_LEVELS) {
            fprintf(stderr, "alphadeck sim: at most %d bot levels\n", MAX_LEVELS);
            goto out;
        }
        snprintf(c->levels[c->nlevels++], sizeof c->levels[0], "%s", tok);
    }
    if (c->nlevels == 0) {
        fprintf(stderr, "alphadeck sim: --bots names at least one level\n");
        goto out;
    }
    json_object_set_new(req, "game", json_string(game));
    json_object_set_new(req, "players", json_integer(players));
    json_object_set_new(req, "options", json_incref(opts));
    ad_err e;
    c->g = ad_setup_from_json(req, &c->base, &e);
    if (!c->g) {
        fprintf(stderr, "alphadeck sim: %s\n", e.text);
        goto out;
    }
    for (int l = 0; l < c->nlevels; l++)
        if (!ad_bot_available(c->g, c->levels[l], &e)) {
            fprintf(stderr, "alphadeck sim: %s\n", e.text);
            goto out;
        }
    c->players = (int)players;
    c->games = (int)games;
    c->jobs = (int)jobs;
    c->seed = (uint64_t)seed;
    if (think > 600000 || sims > 100000000) {
        fprintf(stderr, "alphadeck sim: --think is at most 600000 ms and --sims 100000000\n");
        goto out;
    }
    c->think_ms = (int)think;
    c->sims = (long)sims;
    rc = 0;
out:
    json_decref(opts);
    json_decref(req);
    return rc;
}

int ad_cli_sim(int argc, char **argv)
{
    sim_cfg c;
    int json = 0;
    const char *svg = NULL;
    memset(&c, 0, sizeof c);
    if (argc == 1 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0)) {
        usage(stdout);
        return 0;
    }
    if (parse(argc, argv, &c, &json, &svg) < 0)
        return 2;
    game_result *res = calloc((size_t)c.games, sizeof *res);
    pthread_t th[256];
    worker w[256];
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    volatile long done = 0;
    double t0 = now();
    for (int j = 0; j < c.jobs; j++) {
        w[j] = (worker){&c, res, j, c.jobs, &done, &lock};
        pthread_create(&th[j], NULL, work, &w[j]);
    }
    int bar = isatty(STDERR_FILENO);
    while (bar) {
        pthread_mutex_lock(&lock);
        long d = done;
        pthread_mutex_unlock(&lock);
        int filled = (int)(40 * d / c.games);
        fprintf(stderr, "\r[%.*s%*s] %ld/%d games", filled,
                "########################################", 40 - filled, "", d, c.games);
        if (d == c.games)
            break;
        struct timespec ts = {0, 100000000};
        nanosleep(&ts, NULL);
    }
    if (bar)
        fputc('\n', stderr);
    for (int j = 0; j < c.jobs; j++)
        pthread_join(th[j], NULL);
    double wall = now() - t0;

    level_stats ls[MAX_LEVELS];
    double mean_moves;
    int unfinished, cards;
    summarize(&c, res, ls, &mean_moves, &unfinished, &cards);
    merge_levels(&c, ls);
    free(res);

    if (json) {
        json_t *bots = json_object();
        for (int l = 0; l < c.nlevels; l++) {
            if (merged(&c, l) != l)
                continue;
            const level_stats *s = &ls[l];
            json_t *b =
                json_pack("{s:f,s:[f,f],s:f,s:f,s:f,s:f,s:f}", "win_rate", s->rate, "ci95", s->lo,
                          s->hi, "wins", s->wins, "fair_share", s->fair, "ms_per_decision",
                          s->decisions ? 1000 * s->secs / (double)s->decisions : 0.0,
                          "ms_slowest", 1000 * s->slowest, "sims_per_second",
                          s->secs > 0 ? s->sims / s->secs : 0.0);
            if (cards) {
                json_object_set_new(b, "card_share", json_real(s->card_share));
                json_object_set_new(b, "card_ci95", json_pack("[f,f]", s->card_lo, s->card_hi));
            }
            json_object_set_new(bots, c.levels[l], b);
        }
        json_t *out = json_pack("{s:s,s:i,s:i,s:I,s:o,s:f,s:i}", "game", c.g->id, "players",
                                c.players, "games", c.games, "seed", (json_int_t)c.seed, "bots",
                                bots, "mean_moves", mean_moves, "unfinished", unfinished);
        char *text = json_dumps(out, JSON_COMPACT | JSON_REAL_PRECISION(6));
        puts(text);
        free(text);
        json_decref(out);
    } else {
        printf("%s, %d players, %d games (seed %llu, %d jobs, %.1f s)\n", c.g->title, c.players,
               c.games, (unsigned long long)c.seed, c.jobs, wall);
        printf("%-10s %9s %18s %11s %16s %11s %11s", "bot", "win rate", "95% interval",
               "fair share", "ms per decision", "slowest ms", "sims/s");
        if (cards)
            printf(" %11s %18s", "card share", "95% interval");
        putchar('\n');
        for (int l = 0; l < c.nlevels; l++) {
            if (merged(&c, l) != l)
                continue;
            const level_stats *s = &ls[l];
            printf("%-10s %8.1f%% %8.1f%% - %5.1f%% %10.1f%% %16.4f %11.1f %11.0f", c.levels[l],
                   100 * s->rate, 100 * s->lo, 100 * s->hi, 100 * s->fair,
                   s->decisions ? 1000 * s->secs / (double)s->decisions : 0.0,
                   1000 * s->slowest, s->secs > 0 ? s->sims / s->secs : 0.0);
            if (cards)
                printf(" %10.1f%% %8.1f%% - %5.1f%%", 100 * s->card_share, 100 * s->card_lo,
                       100 * s->card_hi);
            putchar('\n');
        }
        printf("mean game length: %.1f moves%s\n", mean_moves,
               unfinished ? " (some games hit the move cap and count as unfinished)" : "");
    }
    if (svg && write_svg(&c, ls, svg) < 0) {
        fprintf(stderr, "alphadeck sim: could not write %s\n", svg);
        return 1;
    }
    return 0;
}
