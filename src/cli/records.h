/*
 * records.h - where the terminal clients keep the games they play: every
 * game, finished or not, is written as a record (ad_table_record_json) to
 * $XDG_DATA_HOME/alphadeck/games/, or to a file the player names.  A record
 * is written whole or not at all: to a temporary file beside it, then
 * renamed into place.
 */
#ifndef AD_CLI_RECORDS_H
#define AD_CLI_RECORDS_H

#include <stddef.h>
#include <stdio.h>

#include "alphadeck/alphadeck.h"

/* The directory records go to by default, without a trailing slash:
 * $XDG_DATA_HOME/alphadeck/games, or $HOME/.local/share/alphadeck/games
 * when XDG_DATA_HOME is unset or not absolute.  Returns 0, or -1 with err
 * set when neither variable gives an absolute path. */
int records_dir(char *buf, size_t len, ad_err *err);

/* Writes t's record to `file`, replacing it if it exists; or, when file is
 * NULL, to a new file in records_dir() (created as needed) named after the
 * time, the game and the seed, e.g. 2026-11-22-214005-noway-s123.json,
 * never replacing one.  On success `saved` (len bytes) holds the path
 * written.  Returns 0, or -1 with err saying where and why (code AD_E_IO). */
int records_save(const ad_table *t, const char *file, char *saved, size_t len, ad_err *err);

/* records_save, then tells the player: where the record is, on out; or
 * why it could not be written, on stderr.  Returns 0 or -1. */
int records_save_told(const ad_table *t, const char *file, FILE *out);

#endif
