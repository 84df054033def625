/*
 * lexdir.c - tells the library where this build's dictionary indexes are:
 * lexicon/ beside the binary (build/alphadeck -> build/lexicon/, which
 * `make` writes).  The library never looks beside the program by itself: it
 * cannot know which program it is in (docs/lexicon.md, "Finding the index").
 */
#include <limits.h>
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
    char dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - sizeof "/lexicon");
    if (n <= 0)
        return;
    dir[n] = 0;
    char *slash = strrchr(dir, '/');
    if (!slash)
        return;
    strcpy(slash, "/lexicon");
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        ad_lex_set_dir(dir);
}
