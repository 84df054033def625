/*
 * main.c - the alphadeck binary: one command, several subcommands.  Each
 * client (src/term, src/tools, src/server, the engine) declares its own
 * entry point; what they share (the command line's readers, the rules
 * pages) is below them all, in src/app.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alphadeck/alphadeck.h"
#include "app/app.h"
#include "cli.h"
#include "server/serve.h"
#include "term/term.h"
#include "tools/tools.h"

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

/* `alphadeck rules GAME`. */
static int rules(int argc, char **argv)
{
    if (argc != 1 || argv[0][0] == '-') {
        fprintf(argc == 1 && strcmp(argv[0], "--help") == 0 ? stdout : stderr,
                "usage: alphadeck rules GAME   (the rules of a game, as alphadeck plays it)\n");
        return argc == 1 && strcmp(argv[0], "--help") == 0 ? 0 : 2;
    }
    const ad_game *g = ad_game_find(argv[0]);
    char *text = g ? ad_cli_rules_text(g->id) : NULL;
    if (!text) {
        fprintf(stderr, "alphadeck: there is no game \"%s\" (try: alphadeck games)\n", argv[0]);
        return 2;
    }
    fputs(text, stdout);
    free(text);
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
        return rules(argc - 2, argv + 2);
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
