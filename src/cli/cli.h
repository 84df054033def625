/*
 * cli.h - the dispatcher's own subcommands (src/cli).  The other clients
 * declare theirs in their own headers (term/term.h, tools/tools.h,
 * server/serve.h), which only main.c includes; what they all share is in
 * app/app.h, below them.
 */
#ifndef AD_CLI_H
#define AD_CLI_H

#include <stdio.h>

#include "alphadeck/alphadeck.h"
#include "app/app.h" /* for code that still reads numbers through cli.h */

int ad_cli_engine(int argc, char **argv);
/* The engine's state (its open games), and one input line handled as the
 * engine handles it: the reply (caller frees), or NULL for a blank line.
 * ad_cli_engine is a loop over these; the fuzz harness calls them too. */
typedef struct ad_cli_engine_state ad_cli_engine_state;
ad_cli_engine_state *ad_cli_engine_new(void);
json_t *ad_cli_engine_line(ad_cli_engine_state *en, const char *line, size_t len);
void ad_cli_engine_free(ad_cli_engine_state *en);

#endif
