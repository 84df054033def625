/*
 * sim.c - `alphadeck sim`: many games between bot levels, with seats rotated
 * so no level keeps a seat's advantage.  Each game is run by a director
 * (director.h) with a bot at every seat, on virtual time: the clock jumps to
 * each wake, so who acts when (a challenge window nearest the claimer's
 * left first; in Shout the bot that would shout soonest, its react_ms a
 * model and not a clock) is the director's, as at any table.  Game i is
 * dealt from a seed made of --seed and i, and the director seeds each
 * decision from that seed, the seat and the position, so a game's result
 * does not depend on which thread played it: the results for a seed are
 * identical whatever --jobs is (only timings vary).
 * For a game that counts cards won over a game (the view's `won_total`,
 * Shout), each level's share of them is reported too.
 */
#define _POSIX_C_SOURCE 200809L
#include <malloc.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/director.h"
#include "../app/app.h"
#include "tools.h"

#define MAX_LEVELS AD_MAX_SEATS
#define MOVE_CAP 2000000L

typedef struct sim_cfg {
    const ad_game *g;
    ad_setup base;
    int players, nlevels, games, jobs;
    char levels[MAX_LEVELS][AD_CLI_LEVEL_LEN];
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
    int has_turns;  /* the view counts turns (`turns`, `max_turns`) */
    long turns;     /* the turns the (last) deal ran */
    int turn_limit; /* it ended because it reached max_turns */
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

/* The winners of a finished game, from its god view's `winner`; the cards
 * each seat won, from its `won_total` when it has one; and, for a game
 * whose view counts turns, how many the last deal ran and whether it was
 * ended by the turn limit (`turns` reached `max_turns`) rather than won. */
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
    json_t *turns = json_object_get(j, "turns"), *limit = json_object_get(j, "max_turns");
    if (json_is_integer(turns) && json_is_integer(limit)) {
        r->has_turns = 1;
        r->turns = (long)json_integer_value(turns);
        r->turn_limit = json_integer_value(limit) > 0 && r->turns >= json_integer_value(limit);
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

void ad_cli_keep_memory(void)
{
#ifdef __GLIBC__
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
}

/* Times each of a game's bot decisions for the per-seat statistics (the
 * director reads no clock; its run_bot hook lets sim read one). */
static void timed_bot(void *ctx, const ad_bot_request *rq, ad_bot_answer *out)
{
    game_result *r = ctx;
    double t0 = now();
    ad_bot_request_run(rq, out);
    double dt = now() - t0;
    r->secs[rq->seat] += dt;
    if (dt > r->slowest[rq->seat])
        r->slowest[rq->seat] = dt;
    r->decisions[rq->seat]++;
    r->sims[rq->seat] += out->sims_done;
}

/* Game i, by a director with a bot at every seat, run inline on virtual
 * time until it ends, every seat waits, a bot fails or MOVE_CAP moves. */
static void play_one(const sim_cfg *c, int i, game_result *r)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, ad_cli_keep_memory);
    const ad_game *g = c->g;
    ad_err e;
    ad_seat_cfg seats[AD_MAX_SEATS];
    memset(r, 0, sizeof *r);
    memset(seats, 0, sizeof seats);
    uint64_t seed = mix(c->seed ^ mix((uint64_t)i));
    for (int p = 0; p < c->players; p++) {
        r->level[p] = (uint8_t)((p + i) % c->nlevels); /* rotate the seats */
        memcpy(seats[p].level, c->levels[r->level[p]], sizeof seats[p].level);
        seats[p].think = (ad_bot_opts){.think_ms = c->think_ms, .sims = c->sims};
    }
    ad_director_opts o = ad_director_defaults();
    o.inline_bots = 1;
    o.pause_ms = 0;
    o.silent = 1;
    o.run_bot = timed_bot;
    o.run_ctx = r;
    ad_setup su = c->base;
    su.seed = seed;
    ad_table *t = ad_table_new_setup(g, &su, &e);
    ad_director *d = t ? ad_director_new(t, seats, &o, 0, &e) : NULL;
    if (!d) {
        ad_table_free(t);
        return;
    }
    ad_director_out out = {0};
    int64_t now_ms = 0;
    const void *st = ad_table_state(t);
    while (!g->is_over(st) && r->moves < MOVE_CAP) {
        int rc = ad_director_advance(d, now_ms, &out, &e);
        r->moves += out.n;
        st = ad_table_state(t);
        if (rc < 0 || out.wake_ms == AD_DIRECTOR_NEVER)
            break; /* a bot failed, or every seat waits: the game is unfinished */
        now_ms = out.wake_ms;
    }
    r->finished = g->is_over(st);
    if (r->finished)
        share_win(g, st, c->players, r);
    ad_director_free(d);
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

/* How the games ended, for a game whose view counts turns: those ended by
 * the turn limit, and the median turns a game ran (of all finished ones). */
typedef struct turn_stats {
    int known;  /* some finished game's view counts turns */
    int limit;  /* games ended by the turn limit */
    double median;
} turn_stats;

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static void summarize_turns(const sim_cfg *c, const game_result *res, turn_stats *t)
{
    long *v = malloc(sizeof *v * (size_t)c->games);
    int n = 0;
    memset(t, 0, sizeof *t);
    for (int i = 0; i < c->games; i++)
        if (res[i].finished && res[i].has_turns) {
            v[n++] = res[i].turns;
            t->limit += res[i].turn_limit;
        }
    if (n) {
        qsort(v, (size_t)n, sizeof *v, cmp_long);
        t->known = 1;
        t->median = n % 2 ? (double)v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    }
    free(v);
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
    fprintf(f, "usage: alphadeck sim --game G [--players N] [--bots LEVEL[,LEVEL...]] [--games K] "
               "[--seed S] [--jobs J] [--think MS] [--sims N] [--json] [--svg FILE] "
               "[--OPTION=N ...]\n"
               "  --players N   players per game (default 4)\n"
               "  --bots L,...  1 to N levels (default random); they take turns at the seats, "
               "moving one seat\n"
               "                each game (seat p of game i plays level (p+i) mod count)\n"
               "                or `child` in sequence: a model of a five-year-old (a random "
               "card on a\n                random square with its picture), to measure the "
               "levels against\n"
               "  --games K     games to play, 1 to 100000000 (default 100)\n"
               "  --seed S      0 to 18446744073709551615 (default 1)\n"
               "  --jobs J      threads, 1 to 256 (default 1); the results do not depend on it\n"
               "  --think MS    the strong level's clock per decision, 0 to %d ms (0: none)\n"
               "  --sims N      its simulations per decision, 0 to %ld (0: its own default)\n"
               "Reports each level's win rate with its 95%% interval; for shout also its share "
               "of the cards won\n(card share; card_share and card_ci95 in --json). In shout "
               "the seat whose bot would shout\nsoonest acts (the bots' reaction times, "
               "docs/bots.md).\n", AD_BOT_MAX_THINK_MS, AD_BOT_MAX_SIMS);
}

/* Parses the arguments into c (and the flags); returns 0 or prints why not. */
static int parse(int argc, char **argv, sim_cfg *c, int *json, const char **svg)
{
    const char *game = NULL, *bots = "random";
    json_t *req = json_object(), *opts = json_object();
    long long players = 4; /* as play: every game takes 4 */
    unsigned long long games = 100, seed = 1, jobs = 1, think = 0, sims = 0;
    int rc = -1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        /* each number's range; --players is checked against the game's */
        static const struct {
            const char *name;
            unsigned long long lo, hi;
        } nums[] = {{"--games", 1, 100000000},       {"--seed", 0, UINT64_MAX},
                    {"--jobs", 1, 256},              {"--think", 0, AD_BOT_MAX_THINK_MS},
                    {"--sims", 0, AD_BOT_MAX_SIMS}};
        unsigned long long *vals[] = {&games, &seed, &jobs, &think, &sims};
        int k = 0;
        while (k < 5 && strcmp(a, nums[k].name) != 0)
            k++;
        if (k < 5 && val) {
            if (ad_cli_option_in("sim", a, argv[++i], nums[k].lo, nums[k].hi, vals[k]) < 0)
                goto out;
        } else if (strcmp(a, "--players") == 0 && val) {
            players = ad_cli_number(argv[++i]);
            if (players < 0) {
                fprintf(stderr, "alphadeck sim: --players takes a whole number, not \"%.40s\"\n",
                        argv[i]);
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
            long long x = ad_cli_number(eq + 1); /* its range: the game's, below */
            int named = x < 0 && eq[1] && strspn(eq + 1, "abcdefghijklmnopqrstuvwxyz") == strlen(eq + 1);
            if (x < 0 && !named) {
                fprintf(stderr, "alphadeck sim: %s: the option's value must be a whole number "
                                "(or the name of one, as --words=full)\n", a);
                goto out;
            }
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(eq - a - 2), a + 2);
            /* a name ("full") is the game's to check, as a number's range is */
            json_object_set_new(opts, name, named ? json_string(eq + 1) : json_integer(x));
        } else {
            fprintf(stderr, "alphadeck sim: unknown argument \"%s\"\n", a);
            usage(stderr);
            goto out;
        }
    }
    if (!game) {
        fprintf(stderr, "alphadeck sim: --game is needed (one of:");
        for (int g = 0; g < ad_game_count(); g++)
            fprintf(stderr, " %s", ad_game_at(g)->id);
        fprintf(stderr, ")\n");
        usage(stderr);
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
    c->nlevels = ad_cli_bot_levels("sim", c->g, bots, (int)players, AD_CLI_LEVELS_MODELS,
                                   c->levels);
    if (c->nlevels < 0)
        goto out;
    c->players = (int)players;
    c->games = (int)games;
    c->jobs = (int)jobs;
    c->seed = (uint64_t)seed;
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
    turn_stats ts;
    summarize(&c, res, ls, &mean_moves, &unfinished, &cards);
    summarize_turns(&c, res, &ts);
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
        json_t *out = json_pack("{s:s,s:i,s:i,s:o,s:o,s:f,s:i}", "game", c.g->id, "players",
                                c.players, "games", c.games, "seed", ad_seed_to_json(c.seed), "bots",
                                bots, "mean_moves", mean_moves, "unfinished", unfinished);
        if (ts.known) {
            json_object_set_new(out, "median_turns", json_real(ts.median));
            json_object_set_new(out, "turn_limit_games", json_integer(ts.limit));
            json_object_set_new(out, "turn_limit_share", json_real((double)ts.limit / c.games));
        }
        char *text = json_dumps(out, JSON_COMPACT | JSON_REAL_PRECISION(6));
        puts(text);
        free(text);
        json_decref(out);
    } else {
        printf("%s, %d players, %d game%s (seed %llu, %d job%s, %.1f s)\n", c.g->title,
               c.players, c.games, c.games == 1 ? "" : "s", (unsigned long long)c.seed, c.jobs,
               c.jobs == 1 ? "" : "s", wall);
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
        if (ts.known)
            printf("median game length: %.1f turns; ended by the turn limit: %d of %d games "
                   "(%.1f%%)\n", ts.median, ts.limit, c.games, 100.0 * ts.limit / c.games);
    }
    if (svg && write_svg(&c, ls, svg) < 0) {
        fprintf(stderr, "alphadeck sim: could not write %s\n", svg);
        return 1;
    }
    return 0;
}
