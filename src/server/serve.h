/*
 * serve.h - the game server's entry point, for the dispatcher
 * (src/cli/main.c): `alphadeck serve` takes the arguments after its name
 * and returns the process exit code (docs/server.md).
 */
#ifndef AD_SERVE_H
#define AD_SERVE_H

int ad_cli_serve(int argc, char **argv);

#endif
