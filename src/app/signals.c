/*
 * signals.c - how a long-running command of the binary (serve, loadtest)
 * is stopped: SIGINT and SIGTERM call its stop function, which only marks
 * the stop and wakes its loop, and a peer that hangs up mid-write is an
 * error on that socket, not SIGPIPE ending the process.
 */
#include <signal.h>
#include <string.h>

#include "app.h"

void ad_cli_stop_on_signals(void (*stop)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stop;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}
