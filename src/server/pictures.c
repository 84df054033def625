/*
 * pictures.c - the pictures of Sequence Letters' squares for the browser:
 * our own SVG drawings in data/pictures/, carried in the binary (the
 * Makefile embeds them as build/gen/pictures.c, as it embeds the rules
 * pages), so a served board looks the same on every device and needs no
 * emoji font and no file at run time.  A picture's file is named by its
 * word ("Ice cream" is ice-cream.svg); api.c names each square's file in
 * the board it hands out, so web/ holds no list of pictures.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "server.h"

extern const struct {
    const char *path;
    const char *text;
} ad_srv_picture_files[];

/* Pictures never change while a server runs: a browser may keep them. */
#define PICTURE_CACHE "public, max-age=86400"

int ad_picture_file(const char *picture, char *buf, size_t len)
{
    size_t o = 0;
    for (const char *p = picture; *p; p++) {
        char c = (char)tolower((unsigned char)*p);
        if (o + 5 >= len || !(isalnum((unsigned char)c) || c == ' ' || c == '-'))
            return -1; /* room for ".svg" and the end; a name safe in a URL */
        buf[o++] = c == ' ' ? '-' : c;
    }
    snprintf(buf + o, len - o, ".svg");
    return o ? 0 : -1;
}

const char *ad_picture_text(const char *file)
{
    for (int i = 0; ad_srv_picture_files[i].path; i++)
        if (strcmp(ad_srv_picture_files[i].path, file) == 0)
            return ad_srv_picture_files[i].text;
    return NULL;
}

/* GET /api/pictures/<file>: the drawing, or NULL when there is none by
 * that name (the caller refuses it: 404).  Only the embedded files are
 * found, so no path reaches the disk. */
srv_body *ad_api_picture_body(const char *uri)
{
    static const char prefix[] = "/api/pictures/";
    if (strncmp(uri, prefix, sizeof prefix - 1) != 0)
        return NULL;
    const char *svg = ad_picture_text(uri + sizeof prefix - 1);
    srv_body *b = svg ? srv_body_new(200, "image/svg+xml", svg, strlen(svg)) : NULL;
    if (b)
        b->cache = PICTURE_CACHE;
    return b;
}
