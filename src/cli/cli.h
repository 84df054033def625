/*
 * cli.h - the subcommands of the alphadeck binary.  Each takes the
 * arguments after its name and returns the process exit code.
 */
#ifndef AD_CLI_H
#define AD_CLI_H

#include <stdio.h>

int ad_cli_engine(int argc, char **argv);
int ad_cli_play(int argc, char **argv);
int ad_cli_replay(int argc, char **argv);
int ad_cli_bench(int argc, char **argv);
int ad_cli_sim(int argc, char **argv);
int ad_cli_words(int argc, char **argv);
/* `alphadeck bench --words`: the dictionary's speed beside simple baselines. */
int ad_cli_bench_words(int rounds);

/* `alphadeck rules GAME`. */
int ad_cli_rules(int argc, char **argv);
/* A game's rules page (docs/rules/GAME.md, carried in the binary) as
 * Markdown, or NULL; and as plain text for a terminal (caller frees). */
const char *ad_cli_rules_page(const char *game_id);
char *ad_cli_rules_text(const char *game_id);

/* Parses a whole non-negative decimal number; -1 when s is not one. */
long long ad_cli_number(const char *s);

#endif
