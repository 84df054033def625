/*
 * deck.c - card decks read from the data files compiled into the library
 * (data/decks/<name>.txt, embedded by scripts/embed-data).  Each deck is
 * parsed once, on first use, under pthread_once; after that it is read-only
 * and safe to share between threads.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "alphadeck/alphadeck.h"

struct ad_data_file {
    const char *path;
    const char *text;
};
extern const struct ad_data_file ad_data_files[];

const char *ad_data_get(const char *path)
{
    for (int i = 0; ad_data_files[i].path; i++)
        if (strcmp(ad_data_files[i].path, path) == 0)
            return ad_data_files[i].text;
    return NULL;
}

#define MAX_DECKS 8
static ad_deck decks[MAX_DECKS];
static int ndecks;
static pthread_once_t decks_once = PTHREAD_ONCE_INIT;

static int class_index(ad_deck *d, const char *name)
{
    for (int i = 0; i < d->nclasses; i++)
        if (strcmp(d->class_name[i], name) == 0)
            return i;
    if (d->nclasses == AD_MAX_CLASSES)
        return -1;
    size_t len = strlen(name);
    if (len >= AD_NAME_MAX)
        return -1;
    memcpy(d->class_name[d->nclasses], name, len + 1);
    return d->nclasses++;
}

/* Lines: "face class copies"; '#' starts a comment.  Returns 0, or -1 for
 * a malformed file (a build bug): ad_deck_get then finds no such deck, so
 * the game that needs it fails loudly instead of playing with part of it. */
static int parse_deck(ad_deck *d, const char *text)
{
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[128], face[16], cls[16];
        int copies;
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, p, len);
        line[len] = 0;
        p += eol ? len + 1 : len;
        if (line[0] == '#' || line[0] == 0)
            continue;
        if (sscanf(line, "%15s %15s %d", face, cls, &copies) != 3 || d->nkinds == AD_MAX_KINDS ||
            strlen(face) >= AD_NAME_MAX || copies < 1 || copies > 255)
            return -1;
        int k = d->nkinds++;
        memcpy(d->kind[k], face, strlen(face) + 1); /* fits: checked above */
        d->copies[k] = (uint8_t)copies;
        d->class_of[k] = (int8_t)(strcmp(cls, "-") == 0 ? -1 : class_index(d, cls));
        if (strcmp(cls, "-") != 0 && d->class_of[k] < 0)
            return -1; /* more classes than AD_MAX_CLASSES */
    }
    return d->nkinds > 0 ? 0 : -1;
}

static void load_all(void)
{
    for (int i = 0; ad_data_files[i].path && ndecks < MAX_DECKS; i++) {
        const char *path = ad_data_files[i].path;
        const char *base = "decks/";
        size_t blen = strlen(base), plen = strlen(path);
        if (strncmp(path, base, blen) != 0 || plen < blen + 5 || strcmp(path + plen - 4, ".txt") != 0)
            continue;
        ad_deck *d = &decks[ndecks];
        memset(d, 0, sizeof *d);
        snprintf(d->name, sizeof d->name, "%.*s", (int)(plen - blen - 4), path + blen);
        if (parse_deck(d, ad_data_files[i].text) == 0)
            ndecks++;
    }
}

const ad_deck *ad_deck_get(const char *name)
{
    pthread_once(&decks_once, load_all);
    for (int i = 0; i < ndecks; i++)
        if (strcmp(decks[i].name, name) == 0)
            return &decks[i];
    return NULL;
}

int ad_deck_kind(const ad_deck *d, const char *name)
{
    for (int i = 0; i < d->nkinds; i++)
        if (strcmp(d->kind[i], name) == 0)
            return i;
    return -1;
}

int ad_deck_class(const ad_deck *d, const char *name)
{
    for (int i = 0; i < d->nclasses; i++)
        if (strcmp(d->class_name[i], name) == 0)
            return i;
    return -1;
}
