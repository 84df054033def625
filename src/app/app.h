/*
 * app.h - what the binary's clients share: the command line's readers
 * (numbers with a range, an option's number, a --bots list), the rules
 * pages carried in the binary, and how a long-running command is stopped.  Below every client (src/term, src/tools,
 * src/server) and the dispatcher (src/cli), none of which it knows.
 */
#ifndef AD_APP_H
#define AD_APP_H

#include "alphadeck/alphadeck.h"

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
 * AD_CLI_LEVELS_PER_SEAT in flags the list holds one level for them all or
 * exactly one per seat (play), otherwise 1 to seats levels (sim: they take
 * turns at the seats); with AD_CLI_LEVELS_MODELS a model of a person the
 * game has (ad_bot_model_available: Sequence's `child`) is taken too (sim).
 * Returns the number of levels, or says why not on stderr and returns -1. */
enum { AD_CLI_LEVELS_PER_SEAT = 1, AD_CLI_LEVELS_MODELS = 2 };
int ad_cli_bot_levels(const char *cmd, const ad_game *g, const char *list, int seats,
                      int flags, char (*levels)[AD_CLI_LEVEL_LEN]);

/* A game's rules page (docs/rules/GAME.md, carried in the binary) as
 * Markdown, or NULL; and as plain text for a terminal (caller frees). */
const char *ad_cli_rules_page(const char *game_id);
char *ad_cli_rules_text(const char *game_id);
/* The picture of its "How to play" (docs/rules/GAME.svg), or NULL. */
const char *ad_cli_rules_picture(const char *game_id);

/* SIGINT and SIGTERM call stop (which should only mark the stop and wake
 * the command's loop); SIGPIPE is ignored, so a peer that hangs up is an
 * error on its socket (signals.c). */
void ad_cli_stop_on_signals(void (*stop)(int));

#endif
