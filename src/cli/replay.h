/*
 * replay.h - a game record opened for review: step through it forwards and
 * back.  Step 0 is the deal; step k is the position after the record's k-th
 * action.  The model knows nothing of printing, so the line mode and the
 * full-screen client show the same thing; any step's position is exactly
 * the one the game had (it is rebuilt from the deal, never undone).
 */
#ifndef AD_CLI_REPLAY_H
#define AD_CLI_REPLAY_H

#include "alphadeck/alphadeck.h"

typedef struct replay replay;

/* Reads and checks a record file.  NULL with err set (AD_E_IO: it cannot
 * be read; AD_E_BAD_JSON: it is not JSON; AD_E_BAD_RECORD: the library
 * rejects it), err->text in words for a person. */
replay *replay_open(const char *path, ad_err *err);
/* The same from a record already parsed. */
replay *replay_load(const json_t *record, ad_err *err);
void replay_free(replay *r);

const ad_game *replay_game(const replay *r);
int replay_players(const replay *r);
uint64_t replay_seed(const replay *r);
/* The number of actions in the record: the steps are 0 to this. */
int replay_length(const replay *r);
/* The step shown now (0 after opening). */
int replay_at(const replay *r);
/* Goes to step k (0 to replay_length).  Returns 0, or -1 with err set and
 * nothing changed when there is no such step. */
int replay_goto(replay *r, int k, ad_err *err);

/* The position now, as seat sees it (or AD_GOD: every hand). */
json_t *replay_view_json(const replay *r, int seat);
/* The events of the step shown now, as JSON (an empty array at step 0). */
json_t *replay_events_json(const replay *r);
/* Who acted to reach the step shown now and how, or NULL at step 0. */
const ad_step *replay_step(const replay *r);
/* That step's action as JSON (protocol form), or NULL at step 0. */
json_t *replay_action_json(const replay *r);

#endif
