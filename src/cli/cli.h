/*
 * cli.h - the subcommands of the alphadeck binary.  Each takes the
 * arguments after its name and returns the process exit code.
 */
#ifndef AD_CLI_H
#define AD_CLI_H

#include <stdio.h>

#include "alphadeck/alphadeck.h"

int ad_cli_engine(int argc, char **argv);
/* The dictionary's indexes in lexicon/ beside the binary, when there
 * (a build tree), told to the library (src/cli/lexdir.c). */
void ad_cli_use_build_lexicon(void);
int ad_cli_play(int argc, char **argv);
int ad_cli_replay(int argc, char **argv);
int ad_cli_bench(int argc, char **argv);
int ad_cli_sim(int argc, char **argv);
int ad_cli_serve(int argc, char **argv); /* src/server/net.c */
/* `alphadeck loadtest`: many WebSocket players against a server on this
 * machine (src/tools/loadtest.c). */
int ad_cli_loadtest(int argc, char **argv);
int ad_cli_words(int argc, char **argv);
/* `alphadeck bench --words`: the dictionary's speed beside simple baselines. */
int ad_cli_bench_words(int rounds);

/* `alphadeck rules GAME`. */
int ad_cli_rules(int argc, char **argv);
/* A game's rules page (docs/rules/GAME.md, carried in the binary) as
 * Markdown, or NULL; and as plain text for a terminal (caller frees). */
const char *ad_cli_rules_page(const char *game_id);
char *ad_cli_rules_text(const char *game_id);

/* For commands that play many games (sim, bench): keep freed memory in the
 * process instead of handing it back to the kernel after every game's
 * record, which made page faults a fifth of a playout's time. */
void ad_cli_keep_memory(void);


/* The command line's one number reader.  s must be a whole decimal number
 * (digits only: no sign, space or point) from lo to hi; any number of
 * digits, so the whole uint64 range (every seed alphadeck prints) reads
 * back.  Returns 0 with *out set, AD_CLI_NOT_A_NUMBER, or
 * AD_CLI_OUT_OF_RANGE for a number outside lo..hi (a negative one too).
 * Nothing is ever wrapped or cut into the range. */
enum { AD_CLI_NOT_A_NUMBER = -1, AD_CLI_OUT_OF_RANGE = -2 };
int ad_cli_number_in(const char *s, unsigned long long lo, unsigned long long hi,
                     unsigned long long *out);
/* ad_cli_number_in for the value of option opt of `alphadeck cmd`; when it
 * fails, says why on stderr ("--jobs takes a whole number (1 to 256), not
 * "x"", "--seed must be 0 to 18446744073709551615, not -1") and returns -1. */
int ad_cli_option_in(const char *cmd, const char *opt, const char *s, unsigned long long lo,
                     unsigned long long hi, unsigned long long *out);
/* For a caller that checks the range itself, with words of its own (a
 * game's player count, an option's bounds): s as a number, -1 when it is
 * not a whole number, LLONG_MAX when it is larger (so it fails any range
 * check rather than being cut into one). */
long long ad_cli_number(const char *s);

/* The longest bot level name, with its NUL. */
#define AD_CLI_LEVEL_LEN 16
/* Reads a --bots list of game g's levels into levels[]: comma-separated,
 * none empty, each a level g has.  seats is the number of bot seats; with
 * per_seat the list holds one level for them all or exactly one per seat
 * (play), otherwise 1 to seats levels (sim: they take turns at the seats).
 * Returns the number of levels, or says why not on stderr and returns -1. */
int ad_cli_bot_levels(const char *cmd, const ad_game *g, const char *list, int seats,
                      int per_seat, char (*levels)[AD_CLI_LEVEL_LEN]);

#endif
