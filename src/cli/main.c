/*
 * main.c - the alphadeck binary: one command, several subcommands.
 */
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

long long ad_cli_number(const char *s)
{
    if (!s || !*s || strlen(s) > 18)
        return -1;
    for (const char *p = s; *p; p++)
        if (*p < '0' || *p > '9')
            return -1;
    return strtoll(s, NULL, 10);
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
