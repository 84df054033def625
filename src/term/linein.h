/*
 * linein.h - waiting for a person in the line clients (`play --plain`,
 * `replay`): one place that reads their lines from a file descriptor, with
 * no stdio buffer to hide a line, and whose every wait wakes at once on a
 * stop signal (SIGINT, SIGTERM, SIGHUP), even one that lands just before
 * the wait begins.  On a terminal a line can also be edited here, so that
 * text printed while the person types never splits what they typed.
 */
#ifndef AD_CLI_LINEIN_H
#define AD_CLI_LINEIN_H

#include <stddef.h>
#include <stdio.h>
#include <termios.h>

#define LINEIN_BUF 4096

typedef struct linein {
    int fd;
    char buf[LINEIN_BUF]; /* bytes read and not yet taken */
    size_t have;
    int eof;      /* the input has ended */
    int skipping; /* dropping the rest of a line too long for buf */
    /* editing on a terminal (linein_edit_start) */
    int editing;
    struct termios saved;
    char prompt[160];
    char edit[256]; /* what the person has typed of the line so far */
    size_t elen;
    int esc; /* inside a key's escape sequence: 1 after ESC, 2 after ESC [ */
} linein;

/* What linein_get and linein_edit_step found. */
enum { LINEIN_END = 0, LINEIN_LINE = 1, LINEIN_LONG = 2, LINEIN_NONE = 3 };

/* Ctrl-C, a kill or a closed terminal only notes the signal (and wakes any
 * wait), so the client can leave the game as `q` does.  A signal the shell
 * set to be ignored stays ignored. */
void linein_catch_stop_signals(void);
/* The stop signal that came, or 0. */
int linein_stop_signal(void);

void linein_init(linein *in, int fd);
/* Waits up to ms (forever when ms < 0) for input: 1 when there is some
 * (or bytes read before are waiting), 0 when the time ran out, -1 when a
 * stop signal came. */
int linein_ready(linein *in, int ms);
/* Waits ms (a bot's pause) without reading: 0, or -1 when a stop signal came. */
int linein_sleep(int ms);
/* The next line, without its end: LINEIN_LINE; LINEIN_LONG for a line
 * longer than len - 1 (dropped whole, line empty); LINEIN_END at the end
 * of the input or when a stop signal came. */
int linein_get(linein *in, char *line, size_t len);

/* On a terminal: the person's keys are read one at a time and echoed here
 * (printable characters, Backspace, Ctrl-U, Enter; Ctrl-D on an empty line
 * ends the input), until linein_edit_stop, which also runs at exit.
 * Returns 1 when editing, 0 when fd is no terminal. */
int linein_edit_start(linein *in, const char *prompt);
void linein_edit_stop(linein *in);
/* The prompt shown before the line being edited. */
void linein_edit_prompt(linein *in, const char *prompt);
/* Takes the keys waiting (reading once when none is): LINEIN_LINE with
 * the line typed, LINEIN_NONE when it is not finished, LINEIN_END. */
int linein_edit_step(linein *in, FILE *out, char *line, size_t len);
/* Rubs out the prompt and the line being typed, so that text can be
 * printed in their place; linein_edit_show writes them again below it. */
void linein_edit_hide(linein *in, FILE *out);
void linein_edit_show(linein *in, FILE *out);

#endif
