/*
 * rules.c - the rules pages of docs/rules, carried in the binary (the
 * Makefile embeds them as build/gen/rules.c), as Markdown for the server's
 * API and as text for a terminal: `alphadeck rules GAME` and the clients'
 * help screens show them without any file at run time.  Each page's
 * picture (docs/rules/GAME.svg) is carried too, for the browser; the
 * terminal leaves it out (see ad_cli_rules_text).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alphadeck/alphadeck.h"
#include "app.h"

extern const struct {
    const char *path;
    const char *text;
} ad_cli_rules_files[];

static const char *rules_file(const char *game_id, const char *ext)
{
    char want[64];
    if (strchr(game_id, '/') || strchr(game_id, '.'))
        return NULL; /* a game's id, never a path */
    snprintf(want, sizeof want, "%s.%s", game_id, ext);
    for (int i = 0; ad_cli_rules_files[i].path; i++)
        if (strcmp(ad_cli_rules_files[i].path, want) == 0)
            return ad_cli_rules_files[i].text;
    return NULL;
}

const char *ad_cli_rules_page(const char *game_id)
{
    return rules_file(game_id, "md");
}

const char *ad_cli_rules_picture(const char *game_id)
{
    return rules_file(game_id, "svg");
}

/* Copies one line of Markdown as plain text: no emphasis marks, no
 * backquotes, a link's text without its address, a heading without its
 * hashes (a top heading in capitals). */
static size_t plain_line(const char *s, size_t n, char *out)
{
    size_t o = 0, i = 0;
    int level = 0;
    while (i < n && s[i] == '#')
        level++, i++;
    if (level && i < n && s[i] == ' ')
        i++;
    else if (level)
        i = 0, level = 0;
    for (; i < n; i++) {
        char c = s[i];
        if (c == '`' || (c == '*' && i + 1 < n && s[i + 1] == '*')) {
            if (c == '*')
                i++;
            continue;
        }
        if (c == ']' && i + 1 < n && s[i + 1] == '(') { /* [text](address) */
            const char *close = memchr(s + i, ')', n - i);
            if (close) {
                i = (size_t)(close - s);
                continue;
            }
        }
        if (c == '[') { /* only a link's bracket: "[text](" */
            const char *close = memchr(s + i, ']', n - i);
            if (close && close + 1 < s + n && close[1] == '(')
                continue;
        }
        out[o++] = level == 1 && c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
    }
    return o;
}

/* A page's picture is left out: the terminal's own screen draws the
 * table, and a sketch of characters read out by a screen reader would be
 * noise; its description would repeat the words that follow it. */
char *ad_cli_rules_text(const char *game_id)
{
    const char *md = ad_cli_rules_page(game_id);
    if (!md)
        return NULL;
    size_t len = strlen(md);
    char *out = malloc(len + 1), *o = out;
    if (!out)
        return NULL;
    int fence = 0, picture = 0;
    for (const char *s = md; *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        if (!fence && (picture || (n >= 2 && strncmp(s, "![", 2) == 0))) {
            picture = !memmem(s, n, "](", 2); /* until the line with its address */
            if (!picture && nl && nl[1] == '\n')
                n++; /* and the blank line after it */
        } else if (n >= 3 && strncmp(s, "```", 3) == 0) {
            fence = !fence; /* a code block's lines stay as they are, less the fences */
        } else {
            if (fence) {
                memcpy(o, s, n);
                o += n;
            } else {
                o += plain_line(s, n, o);
            }
            *o++ = '\n';
        }
        s += n + (nl != NULL);
    }
    *o = 0;
    return out;
}
