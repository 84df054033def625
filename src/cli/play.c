/* placeholder replaced below */
#include "cli.h"
int ad_cli_play(int argc, char **argv) { (void)argc; (void)argv; return 1; }
