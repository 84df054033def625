/*
 * main.c - the alphadeck binary: one command, several subcommands, and the
 * one reader of the numbers they take (ad_cli_number_in): whole decimal
 * numbers checked against a range, refused when outside it, never wrapped.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alphadeck/alphadeck.h"
#include "cli.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: alphadeck COMMAND [ARGS]\n"
            "\n"
            "commands:\n"
            "  play GAME [options]  play a game against the computer (see alphadeck play --help)\n"
            "  replay FILE          step through a saved game, forwards and back (--seat K)\n"
            "  serve [options]      play with friends: the game server (docs/server.md)\n"
            "  loadtest [options]   many players against a server on this machine: its speed\n"
            "  engine               the JSON engine protocol on stdin/stdout (docs/protocol.md)\n"
            "  sim [options]        many games between bot levels: win rates with 95%% intervals\n"
            "  bench [options]      random-playout speed of the rules engines (--words: the dictionary)\n"
            "  words CARD...        the words the cards spell; --check WORD (see words --help)\n"
            "  rules GAME           the rules of a game, as alphadeck plays it\n"
            "  games                list the games and their options\n"
            "  version              print the version\n"
            "\n"
            "games:");
    for (int i = 0; i < ad_game_count(); i++)
        fprintf(f, " %s", ad_game_at(i)->id);
    fprintf(f, "\nsee man alphadeck (docs/alphadeck.1) for everything\n");
}

int ad_cli_number_in(const char *s, unsigned long long lo, unsigned long long hi,
                     unsigned long long *out)
{
    int negative = s && s[0] == '-';
    const char *p = negative ? s + 1 : s;
    if (!p || !*p)
        return AD_CLI_NOT_A_NUMBER;
    unsigned long long x = 0;
    int over = 0; /* more than an unsigned long long holds: out of any range */
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return AD_CLI_NOT_A_NUMBER;
        unsigned d = (unsigned)(*p - '0');
        if (x > (ULLONG_MAX - d) / 10)
            over = 1;
        else
            x = x * 10 + d;
    }
    if (over || negative || x < lo || x > hi)
        return AD_CLI_OUT_OF_RANGE;
    *out = x;
    return 0;
}

int ad_cli_option_in(const char *cmd, const char *opt, const char *s, unsigned long long lo,
                     unsigned long long hi, unsigned long long *out)
{
    int rc = ad_cli_number_in(s, lo, hi, out);
    if (rc == AD_CLI_NOT_A_NUMBER)
        fprintf(stderr, "alphadeck %s: %s takes a whole number (%llu to %llu), not \"%.40s\"\n",
                cmd, opt, lo, hi, s);
    else if (rc == AD_CLI_OUT_OF_RANGE)
        fprintf(stderr, "alphadeck %s: %s must be %llu to %llu, not %.40s\n", cmd, opt, lo, hi, s);
    return rc < 0 ? -1 : 0;
}

long long ad_cli_number(const char *s)
{
    unsigned long long x;
    int rc = ad_cli_number_in(s, 0, LLONG_MAX, &x);
    if (rc == AD_CLI_OUT_OF_RANGE && s[0] != '-')
        return LLONG_MAX; /* too big for any range; never cut down into one */
    return rc == 0 ? (long long)x : -1;
}

int ad_cli_bot_levels(const char *cmd, const ad_game *g, const char *list, int seats,
                      int per_seat, char (*levels)[AD_CLI_LEVEL_LEN])
{
    int n = 0;
    for (const char *p = list;; p++) {
        size_t len = strcspn(p, ",");
        char level[AD_CLI_LEVEL_LEN];
        ad_err e;
        if (len == 0) {
            fprintf(stderr, "alphadeck %s: --bots \"%.60s\" has an empty entry: give levels "
                            "separated by single commas\n", cmd, list);
            return -1;
        }
        /* a name too long for level[] is cut, and so is no level either */
        snprintf(level, sizeof level, "%.*s", (int)len, p);
        if (!ad_bot_available(g, level, &e)) {
            fprintf(stderr, "alphadeck %s: %s\n", cmd, e.text);
            return -1;
        }
        if (n < seats)
            memcpy(levels[n], level, sizeof level);
        n++;
        p += len;
        if (!*p)
            break;
    }
    if (per_seat && n != 1 && n != seats) {
        fprintf(stderr, "alphadeck %s: --bots lists %d levels for %d computer player%s: give one "
                        "level for them all, or one for each in seat order (skipping yours)\n",
                cmd, n, seats, seats == 1 ? "" : "s");
        return -1;
    }
    if (!per_seat && n > seats) {
        fprintf(stderr, "alphadeck %s: --bots lists %d levels for %d seats: give 1 to %d (the "
                        "levels take turns at the seats)\n", cmd, n, seats, seats);
        return -1;
    }
    return n;
}

static int list_games(void)
{
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        printf("%-9s %-12s %d-%d players\n", g->id, g->title, g->min_players, g->max_players);
        for (int o = 0; o < g->nopt; o++)
            printf("          --%s=N  (%d..%d, default %d) %s\n", g->options[o].name,
                   g->options[o].min, g->options[o].max, g->options[o].def, g->options[o].help);
    }
    return 0;
}

int main(int argc, char **argv)
{
    ad_cli_use_build_lexicon();
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "engine") == 0)
        return ad_cli_engine(argc - 2, argv + 2);
    if (strcmp(cmd, "play") == 0)
        return ad_cli_play(argc - 2, argv + 2);
    if (strcmp(cmd, "replay") == 0)
        return ad_cli_replay(argc - 2, argv + 2);
    if (strcmp(cmd, "serve") == 0)
        return ad_cli_serve(argc - 2, argv + 2);
    if (strcmp(cmd, "loadtest") == 0)
        return ad_cli_loadtest(argc - 2, argv + 2);
    if (strcmp(cmd, "sim") == 0)
        return ad_cli_sim(argc - 2, argv + 2);
    if (strcmp(cmd, "bench") == 0)
        return ad_cli_bench(argc - 2, argv + 2);
    if (strcmp(cmd, "words") == 0)
        return ad_cli_words(argc - 2, argv + 2);
    if (strcmp(cmd, "games") == 0)
        return list_games();
    if (strcmp(cmd, "rules") == 0)
        return ad_cli_rules(argc - 2, argv + 2);
    if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
        printf("alphadeck %s (protocol %d)\n", AD_VERSION, AD_PROTOCOL_VERSION);
        return 0;
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "alphadeck: unknown command \"%s\"\n", cmd);
    usage(stderr);
    return 2;
}
