/*
 * linein.c - reading a person's lines in the line clients (linein.h).  A
 * stop signal's handler notes the signal and writes a byte to a pipe (the
 * self-pipe trick); every wait polls that pipe beside the input, so a
 * signal that lands between a check and the wait still ends the wait.  The
 * input is read from its file descriptor into our own buffer, never through
 * stdio, so no line can sit unseen in a buffer while we wait.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "linein.h"

static volatile sig_atomic_t stop_signal;
static int wake[2] = {-1, -1}; /* the self-pipe: read end, write end */

static void on_stop(int sig)
{
    int saved = errno;
    stop_signal = sig;
    if (wake[1] >= 0) /* non-blocking: a full pipe already wakes every wait */
        (void)!write(wake[1], "", 1);
    errno = saved;
}

void linein_catch_stop_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    if (wake[0] < 0 && pipe2(wake, O_NONBLOCK | O_CLOEXEC) < 0)
        wake[0] = wake[1] = -1; /* waits then see the signal only by EINTR */
    /* no SA_RESTART: a read or write under way returns at once */
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa = {.sa_handler = on_stop};
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
}

int linein_stop_signal(void)
{
    return stop_signal;
}

void linein_init(linein *in, int fd)
{
    memset(in, 0, sizeof *in);
    in->fd = fd;
}

/* Waits for fd: 1 readable (or ended), 0 time out or another signal's
 * EINTR, -1 a stop signal. */
static int wait_fd(int fd, int ms)
{
    if (stop_signal)
        return -1;
    struct pollfd pfd[2] = {{.fd = fd, .events = POLLIN}, {.fd = wake[0], .events = POLLIN}};
    int n = poll(pfd, wake[0] >= 0 ? 2 : 1, ms);
    if (stop_signal)
        return -1;
    if (n < 0)
        return errno == EINTR ? 0 : 1; /* another error: let the read tell it */
    return n > 0 && pfd[0].revents != 0;
}

/* Reads what has come into the buffer; the end of input (or an error) sets eof. */
static void fill(linein *in)
{
    ssize_t n = read(in->fd, in->buf + in->have, sizeof in->buf - in->have);
    if (n > 0)
        in->have += (size_t)n;
    else if (n == 0 || errno != EINTR)
        in->eof = 1;
}

int linein_sleep(int ms)
{
    return wait_fd(-1, ms) < 0 ? -1 : 0; /* poll skips a negative fd */
}

int linein_ready(linein *in, int ms)
{
    if (stop_signal)
        return -1;
    if (in->have || in->eof)
        return 1;
    return wait_fd(in->fd, ms);
}

static void consume(linein *in, size_t n)
{
    memmove(in->buf, in->buf + n, in->have - n);
    in->have -= n;
}

int linein_get(linein *in, char *line, size_t len)
{
    for (;;) {
        if (stop_signal)
            return LINEIN_END;
        char *nl = memchr(in->buf, '\n', in->have);
        if (nl || (in->eof && (in->have || in->skipping))) {
            size_t n = nl ? (size_t)(nl - in->buf) : in->have;
            size_t k = n && in->buf[n - 1] == '\r' ? n - 1 : n;
            int rc = LINEIN_LINE;
            if (in->skipping || k + 1 > len) {
                rc = LINEIN_LONG;
                if (len)
                    line[0] = 0;
            } else {
                memcpy(line, in->buf, k);
                line[k] = 0;
            }
            in->skipping = 0;
            consume(in, nl ? n + 1 : n);
            return rc;
        }
        if (in->eof)
            return LINEIN_END;
        if (in->have == sizeof in->buf) { /* no end in sight: drop it, and its rest */
            in->skipping = 1;
            in->have = 0;
        }
        int w = wait_fd(in->fd, -1);
        if (w < 0)
            return LINEIN_END;
        if (w > 0)
            fill(in);
    }
}

/* ------------------------------------------------------- a terminal */

/* The terminal being edited on, to put back at exit or on Ctrl-Z. */
static linein *editing;
static struct termios raw_mode;
static int own_suspend; /* our Ctrl-Z handler is installed */

static void restore_at_exit(void)
{
    if (editing)
        linein_edit_stop(editing);
}

/* Ctrl-Z: the shell gets its terminal as it was; after fg, ours again. */
static void on_suspend(int sig)
{
    int saved = errno;
    if (editing)
        tcsetattr(editing->fd, TCSANOW, &editing->saved);
    struct sigaction dfl = {.sa_handler = SIG_DFL}, back = {.sa_handler = on_suspend};
    sigemptyset(&dfl.sa_mask);
    sigemptyset(&back.sa_mask);
    sigaction(sig, &dfl, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig); /* stops here until continued */
    sigaction(sig, &back, NULL);
    if (editing)
        tcsetattr(editing->fd, TCSANOW, &raw_mode);
    errno = saved;
}

int linein_edit_start(linein *in, const char *prompt)
{
    if (!isatty(in->fd) || tcgetattr(in->fd, &in->saved) < 0)
        return 0;
    raw_mode = in->saved;
    raw_mode.c_lflag &= (tcflag_t) ~(ICANON | ECHO); /* ISIG stays: Ctrl-C is still a signal */
    raw_mode.c_cc[VMIN] = 1;
    raw_mode.c_cc[VTIME] = 0;
    static int registered;
    if (!registered)
        registered = atexit(restore_at_exit) == 0;
    editing = in;
    in->editing = 1;
    struct sigaction old, sa = {.sa_handler = on_suspend};
    sigemptyset(&sa.sa_mask);
    if (!own_suspend && sigaction(SIGTSTP, NULL, &old) == 0 && old.sa_handler == SIG_DFL)
        own_suspend = sigaction(SIGTSTP, &sa, NULL) == 0;
    /* TCSADRAIN, not FLUSH: keys typed ahead are kept */
    tcsetattr(in->fd, TCSADRAIN, &raw_mode);
    in->elen = 0;
    linein_edit_prompt(in, prompt);
    return 1;
}

void linein_edit_stop(linein *in)
{
    if (!in->editing)
        return;
    tcsetattr(in->fd, TCSADRAIN, &in->saved);
    if (own_suspend) {
        struct sigaction dfl = {.sa_handler = SIG_DFL};
        sigemptyset(&dfl.sa_mask);
        sigaction(SIGTSTP, &dfl, NULL);
        own_suspend = 0;
    }
    in->editing = 0;
    if (editing == in)
        editing = NULL;
}

void linein_edit_prompt(linein *in, const char *prompt)
{
    snprintf(in->prompt, sizeof in->prompt, "%s", prompt ? prompt : "");
}

/* Characters, not bytes: a UTF-8 continuation byte takes no column. */
static size_t columns(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

void linein_edit_hide(linein *in, FILE *out)
{
    /* spaces, not an escape sequence: every terminal understands them */
    size_t n = columns(in->prompt, strlen(in->prompt)) + columns(in->edit, in->elen);
    fputc('\r', out);
    for (size_t i = 0; i < n; i++)
        fputc(' ', out);
    fputc('\r', out);
    fflush(out);
}

void linein_edit_show(linein *in, FILE *out)
{
    fputs(in->prompt, out);
    fwrite(in->edit, 1, in->elen, out);
    fflush(out);
}

int linein_edit_step(linein *in, FILE *out, char *line, size_t len)
{
    if (!in->have && !in->eof)
        fill(in);
    if (!in->have)
        return in->eof ? LINEIN_END : LINEIN_NONE;
    int rc = LINEIN_NONE;
    size_t i = 0;
    while (i < in->have && rc == LINEIN_NONE) {
        unsigned char c = (unsigned char)in->buf[i++];
        if (in->esc == 1) { /* a key such as an arrow: ESC [ ... or ESC O x */
            in->esc = c == '[' || c == 'O' ? 2 : 0;
        } else if (in->esc == 2) {
            in->esc = c >= 0x40 && c <= 0x7e ? 0 : 2;
        } else if (c == 27) {
            in->esc = 1;
        } else if (c == '\r' || c == '\n') {
            fputc('\n', out);
            size_t k = in->elen < len ? in->elen : len ? len - 1 : 0;
            if (len) {
                memcpy(line, in->edit, k);
                line[k] = 0;
            }
            in->elen = 0;
            rc = LINEIN_LINE;
        } else if (c == 127 || c == 8) { /* Backspace: one character */
            if (in->elen) {
                while (in->elen > 1 && ((unsigned char)in->edit[in->elen - 1] & 0xC0) == 0x80)
                    in->elen--;
                in->elen--;
                fputs("\b \b", out);
            }
        } else if (c == 21) { /* Ctrl-U: the whole line */
            linein_edit_hide(in, out);
            in->elen = 0;
            linein_edit_show(in, out);
        } else if (c == 4) { /* Ctrl-D: the end, as on a line of its own */
            if (!in->elen) {
                in->eof = 1;
                in->have = 0;
                fputc('\n', out);
                fflush(out);
                return LINEIN_END;
            }
        } else if (c >= 32 && in->elen + 1 < sizeof in->edit) {
            in->edit[in->elen++] = (char)c;
            fputc(c, out);
        }
    }
    consume(in, i);
    fflush(out);
    return rc;
}
