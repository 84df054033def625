/*
 * lexdir.c - tells the library where this build's dictionary indexes are:
 * lexicon/ beside the binary (build/alphadeck -> build/lexicon/, which
 * `make` writes), or ../lexicon from it (/opt/alphadeck/bin/alphadeck ->
 * /opt/alphadeck/lexicon/, docs/deploy.md).  The library never looks
 * beside the program by itself: it cannot know which program it is in
 * (docs/lexicon.md, "Finding the index").
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alphadeck/lexicon.h"
#include "cli.h"

void ad_cli_use_build_lexicon(void)
{
    /* a folder named by the person running it wins, as it always has */
    const char *env = getenv("AD_LEXICON_DIR");
    if (env && *env)
        return;
    char exe[PATH_MAX], dir[PATH_MAX + 16];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return;
    *slash = 0;
    const char *const tail[2] = {"lexicon", "../lexicon"};
    for (int i = 0; i < 2; i++) {
        struct stat st;
        snprintf(dir, sizeof dir, "%s/%s", exe, tail[i]);
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
            ad_lex_set_dir(dir);
            return;
        }
    }
}
