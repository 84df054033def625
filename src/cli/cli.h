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
#include "app/app.h"

int ad_cli_engine(int argc, char **argv);
/* The dictionary's indexes in lexicon/ beside the binary, when there
 * (a build tree), told to the library (src/cli/lexdir.c). */
void ad_cli_use_build_lexicon(void);

#endif
