/*
 * records.h - a game's record kept and read back: saving a record file
 * whole or not at all, and a record opened for review (go to step k, that
 * step's position as any seat saw it).  Every client that keeps games (the
 * terminal, a server, a browser's replay) uses these, so a record written
 * by one is read by all.
 */
#ifndef ALPHADECK_RECORDS_H
#define ALPHADECK_RECORDS_H

#include <stddef.h>

#include "alphadeck/alphadeck.h"

#ifdef __cplusplus
extern "C" {
#endif

#pragma GCC visibility push(default)

/* ------------------------------------------------------------- saving */

/* The directory records go to by default, without a trailing slash:
 * $XDG_DATA_HOME/alphadeck/games, or $HOME/.local/share/alphadeck/games
 * when XDG_DATA_HOME is unset or not absolute.  Returns 0, or -1 with err
 * set when neither variable gives an absolute path. */
int ad_record_dir(char *buf, size_t len, ad_err *err);

/* Writes a record (ad_table_record_json or ad_director_record_json) to
 * `file`, replacing it if it exists; or, when file is NULL, to a new file in
 * ad_record_dir() (created as needed) named after the time, the game and the
 * seed, e.g. 2026-11-22-214005-noway-s123.json, never replacing one.  It is
 * written whole or not at all: to a temporary file beside its place,
 * flushed to disk, then renamed into place.  On success `saved` (len bytes) holds the path
 * written.  Returns 0, or -1 with err saying where and why (code AD_E_IO). */
int ad_record_save(const json_t *record, const char *file, char *saved, size_t len, ad_err *err);

/* Whether ad_record_save could write to `file`, asked before a game begins so
 * that a place that cannot be written is refused at once, not after the
 * game: file is a name, not a directory nor any other special file (a
 * device, a FIFO, which the rename would replace; ad_record_save refuses
 * them too), and a temporary file can be made beside it (and is removed).  Returns 0, or -1 with err (AD_E_IO). */
int ad_record_check(const char *file, ad_err *err);

/* ------------------------------------------------------------- replay */

/* A record opened for review: step through it forwards and back.  Step 0
 * is the deal; step k is the position after the record's k-th action.  The
 * model knows nothing of printing; any step's position is exactly the one
 * the game had (it is rebuilt from the deal, never undone). */
typedef struct ad_replay ad_replay;

/* Reads and checks a record file.  NULL with err set (AD_E_IO: it cannot
 * be read; AD_E_BAD_JSON: it is not JSON; AD_E_BAD_RECORD: the library
 * rejects it), err->text in words for a person. */
ad_replay *ad_replay_open(const char *path, ad_err *err);
/* The same from a record already parsed. */
ad_replay *ad_replay_load(const json_t *record, ad_err *err);
void ad_replay_free(ad_replay *r);

const ad_game *ad_replay_game(const ad_replay *r);
int ad_replay_players(const ad_replay *r);
uint64_t ad_replay_seed(const ad_replay *r);
/* The number of actions in the record: the steps are 0 to this. */
int ad_replay_length(const ad_replay *r);
/* The step shown now (0 after opening). */
int ad_replay_at(const ad_replay *r);
/* Goes to step k (0 to ad_replay_length).  Returns 0, or -1 with err set and
 * nothing changed when there is no such step. */
int ad_replay_goto(ad_replay *r, int k, ad_err *err);

/* The position now, as seat sees it (or AD_GOD: every hand). */
json_t *ad_replay_view_json(const ad_replay *r, int seat);
/* The events of the step shown now, as JSON (an empty array at step 0). */
json_t *ad_replay_events_json(const ad_replay *r);
/* Who acted to reach the step shown now and how, or NULL at step 0. */
const ad_step *ad_replay_step(const ad_replay *r);
/* That step's action as JSON (protocol form), or NULL at step 0. */
json_t *ad_replay_action_json(const ad_replay *r);
/* A table at the step shown now, for code that reads a table (the game's
 * line-mode display); the caller frees it.  NULL with err set when out of
 * memory. */
ad_table *ad_replay_table(const ad_replay *r, ad_err *err);
/* The seat a person played, as `alphadeck play` writes it into the
 * record's new request ("human"), or -1 for a record that names none (one
 * from the engine, or from an older alphadeck). */
int ad_replay_human(const ad_replay *r);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
