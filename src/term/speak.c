/*
 * speak.c - `alphadeck play --speak` (speak.h): the read-aloud lines piped
 * to espeak-ng --stdin, which says each line as it reads it.  The lines
 * are the library's, so the terminal and the browser say the same words.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "speak.h"

/* Whether the command `name` is an executable on the PATH. */
static int on_path(const char *name)
{
    const char *path = getenv("PATH");
    char dir[4096];
    while (path && *path) {
        size_t n = strcspn(path, ":");
        snprintf(dir, sizeof dir, "%.*s/%s", (int)n, n ? path : ".", name);
        if (access(dir, X_OK) == 0)
            return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

int ad_term_speaker_open(ad_term_speaker *s, FILE *note)
{
    const char *cmd = "espeak-ng";
    char line[64];
    memset(s, 0, sizeof s[0]);
    if (!on_path(cmd)) {
        fprintf(note, "--speak: %s is not installed (or not on the PATH): the game goes on "
                      "without speech.\n", cmd);
        return 0;
    }
    /* a speaker that dies must not end the game: its pipe's writes fail */
    signal(SIGPIPE, SIG_IGN);
    snprintf(line, sizeof line, "exec %s --stdin 2>/dev/null", cmd);
    s->pipe = popen(line, "w");
    if (!s->pipe)
        fprintf(note, "--speak: %s would not start: the game goes on without speech.\n", cmd);
    return 0;
}

void ad_term_speaker_say(ad_term_speaker *s, const json_t *lines)
{
    size_t i;
    const json_t *l;
    if (!s || !s->pipe)
        return;
    json_array_foreach(lines, i, l) fprintf(s->pipe, "%s\n", json_string_value(l));
    if (fflush(s->pipe) != 0) { /* it went away: silent from now on */
        pclose(s->pipe);
        s->pipe = NULL;
    }
}

void ad_term_speaker_close(ad_term_speaker *s)
{
    if (s && s->pipe)
        pclose(s->pipe);
    if (s)
        s->pipe = NULL;
}
