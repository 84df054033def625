/*
 * records.h - how the terminal tells a player where their game was kept:
 * the record is saved by the library (alphadeck/records.h), by default in
 * $XDG_DATA_HOME/alphadeck/games/, and the last line says where, or why not.
 */
#ifndef AD_CLI_RECORDS_H
#define AD_CLI_RECORDS_H

#include <stdio.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/director.h"
#include "alphadeck/records.h"

/* ad_record_save of the director's record (the moves a stand-in or a clock
 * made are marked), then tells the player: where the record is, on out; or
 * why it could not be written, on stderr.  Returns 0 or -1. */
int records_save_told(const ad_director *d, const char *file, FILE *out);

#endif
