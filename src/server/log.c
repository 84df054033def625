/*
 * log.c - libwebsockets' log for `alphadeck serve`: a line said again and
 * again is counted, not repeated ("... (repeated N times)").
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "net.h"

/* lws logs a failure each time it happens: at the open-file limit an
 * accept() failing in a loop wrote 84 MB in 5 s.  So a line said in the
 * last SRV_LOG_QUIET_S seconds is counted rather than written, and the
 * count is told once that time has passed: "... (repeated N times)".  The
 * last few lines are remembered, so two failures taking turns are counted
 * too.  Only the loop's thread logs through lws. */
#define LOG_LINES 8

typedef struct log_line {
    char text[200];
    int level;
    unsigned long repeats; /* said again since it was last written */
    int64_t said_ms;       /* when it was last written (0: the slot is free) */
} log_line;

static log_line log_lines[LOG_LINES];

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Writes a remembered line with its count, when it has one. */
static void log_tell(log_line *l)
{
    if (!l->repeats)
        return;
    char line[256];
    snprintf(line, sizeof line, "%.*s (repeated %lu times)\n", (int)strcspn(l->text, "\n"),
             l->text, l->repeats);
    lwsl_emit_stderr(l->level, line);
    l->repeats = 0;
}

void ad_srv_log_emit(int level, const char *text)
{
    int64_t now = mono_ms();
    log_line *l = NULL, *oldest = &log_lines[0];
    for (int i = 0; i < LOG_LINES && !l; i++) {
        if (log_lines[i].said_ms && strncmp(log_lines[i].text, text, sizeof log_lines[i].text - 1) == 0)
            l = &log_lines[i];
        else if (log_lines[i].said_ms < oldest->said_ms)
            oldest = &log_lines[i];
    }
    if (l && now - l->said_ms < SRV_LOG_QUIET_S * 1000) {
        l->repeats++;
        return;
    }
    if (!l) { /* a new line takes the place of the oldest, whose count is told */
        l = oldest;
        log_tell(l);
        snprintf(l->text, sizeof l->text, "%s", text);
    }
    l->level = level;
    if (l->repeats) {
        l->repeats++; /* this one too */
        log_tell(l);
    } else {
        lwsl_emit_stderr(level, text);
    }
    l->said_ms = now;
}

/* Tells the counts of lines quiet for long enough (every so often), or of
 * all of them (at the end). */
void ad_srv_log_flush(int all)
{
    int64_t now = mono_ms();
    for (int i = 0; i < LOG_LINES; i++)
        if (all || now - log_lines[i].said_ms >= SRV_LOG_QUIET_S * 1000) {
            if (log_lines[i].repeats)
                log_lines[i].said_ms = now;
            log_tell(&log_lines[i]);
        }
}
