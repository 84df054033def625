/*
 * engine.c - `alphadeck engine`: the JSON Lines protocol (docs/protocol.md)
 * on stdin and stdout.  One request per line, one reply per line, in order;
 * each line is handled by the library's engine (alphadeck/engine.h,
 * src/engine/engine.c).  Lines are read with a hard length limit, so no
 * input can make it allocate without bound.
 */
#include <stdio.h>
#include <stdlib.h>

#include "alphadeck/engine.h"
#include "cli.h"

#define LINE_MAX_BYTES AD_ENGINE_LINE_MAX /* a line of 1 MB or more is refused */

/* Reads one line into buf (LINE_MAX_BYTES + 1 bytes: a line just under the
 * limit and its CR); returns its length, -1 at end of input, or -2 for a
 * line that was too long (consumed whole).  A CR before the LF ends the
 * line and is not part of it, so CR LF and LF lines have the same limit. */
static long read_line(FILE *in, char *buf, int *eof)
{
    long n = 0;
    int ch;
    while ((ch = getc_unlocked(in)) != EOF && ch != '\n') {
        if (n <= LINE_MAX_BYTES)
            buf[n] = (char)ch;
        n++;
    }
    if (ch == EOF) {
        *eof = 1;
        if (n == 0)
            return -1;
    }
    if (n > 0 && n <= LINE_MAX_BYTES + 1 && buf[n - 1] == '\r')
        n--;
    if (n >= LINE_MAX_BYTES)
        return -2;
    return n;
}

static void reply(json_t *r)
{
    char *s = json_dumps(r, JSON_COMPACT);
    if (s) {
        fputs(s, stdout);
        free(s);
    } else {
        fputs("{\"ok\":false,\"error\":\"internal error\",\"code\":\"internal\"}", stdout);
    }
    fputc('\n', stdout);
    fflush(stdout);
    json_decref(r);
}

int ad_cli_engine(int argc, char **argv)
{
    (void)argv;
    if (argc > 0) {
        fprintf(stderr, "usage: alphadeck engine   (requests on stdin, one JSON object a line)\n");
        return 2;
    }
    ad_engine *en = ad_engine_new();
    char *buf = malloc(LINE_MAX_BYTES + 1);
    if (!en || !buf) {
        fprintf(stderr, "alphadeck engine: out of memory\n");
        free(buf);
        ad_engine_free(en);
        return 1;
    }
    int eof = 0;
    while (!eof) {
        long n = read_line(stdin, buf, &eof);
        if (n == -1)
            break;
        /* a line too long: its first LINE_MAX_BYTES bytes get the refusal */
        json_t *r = ad_engine_line(en, buf, n == -2 ? LINE_MAX_BYTES : (size_t)n);
        if (r)
            reply(r);
    }
    ad_engine_free(en);
    free(buf);
    return 0;
}
