/*
 * pane.h - what the full-screen tests share: `alphadeck play` in a tmux
 * pane, its screen read back with capture-pane.  Each game runs in a tmux
 * server of its own (a socket named by the process and a count, so none
 * waits on another's end), under the tests' time limit; the teardown
 * pane_kill ends it, passed or failed.  Included by one test file each
 * (its functions are static).
 */
#ifndef AD_TESTS_CLI_PANE_H
#define AD_TESTS_CLI_PANE_H

#include <stdarg.h>
#include <time.h>

#include "../testutil.h"

static char pane_sock[64];
static int pane_count;

/* A command, under the tests' time limit (tu_system). */
static inline int pane_sh(const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    return tu_system(cmd);
}

/* The socket of the next tmux server: `name`-pid-count. */
static inline void pane_new(const char *name)
{
    snprintf(pane_sock, sizeof pane_sock, "%s-%d-%d", name, (int)getpid(), ++pane_count);
}

/* A new tmux server (pane_new) with a session of cols x rows running the
 * shell command `run`, quoted in single quotes. */
static inline void pane_start(const char *name, int cols, int rows, const char *run)
{
    pane_new(name);
    assert_int_equal(pane_sh("tmux -L %s -f /dev/null new-session -d -s play -x %d -y %d '%s'",
                             pane_sock, cols, rows, run),
                     0);
}

/* A test's teardown: its tmux server goes. */
static inline int pane_kill(void **state)
{
    (void)state;
    pane_sh("tmux -L %s kill-server 2>/dev/null", pane_sock);
    return 0;
}

/* The pane's text now (caller frees). */
static inline char *pane_screen(void)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tmux -L %s capture-pane -p -t play 2>/dev/null", pane_sock);
    FILE *f = tu_popen(cmd, "r");
    assert_non_null(f);
    char *buf = tu_read_all(f);
    pclose(f);
    return buf;
}

static inline void pane_keys(const char *k)
{
    assert_int_equal(pane_sh("tmux -L %s send-keys -t play %s", pane_sock, k), 0);
}

static inline void pane_nap(int ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* The screen once it holds `what` or `or` (NULL: what alone), polled up
 * to ms (caller frees); NULL when it never does. */
static inline char *pane_wait_for_either(const char *what, const char *or, int ms)
{
    for (int waited = 0; waited <= ms; waited += 20) {
        char *s = pane_screen();
        if (strstr(s, what) || (or && strstr(s, or)))
            return s;
        free(s);
        pane_nap(20);
    }
    return NULL;
}

/* The screen once it holds `what`, polled up to ms (caller frees); NULL
 * when it never does. */
static inline char *pane_wait_for(const char *what, int ms)
{
    return pane_wait_for_either(what, NULL, ms);
}

#endif
