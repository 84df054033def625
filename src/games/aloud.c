/*
 * aloud.c - read aloud (narrate.h's ad_aloud_*): the front, beside the
 * narrator's (narrate.c).  What is said to a child is decided here and in
 * each family's spoken words (unit.h's aloud, turn and card_words hooks,
 * src/games/<family>/aloud_<family>.c); a family without them is said in
 * its narrator's sentences, its turn as "Cal's turn." and its cards by
 * name.  Everything here reads public events, the listener's own view and
 * the game's data, so a line holds nothing its listener cannot know.
 */
#include <string.h>

#include "told_text.h"
#include "unit.h"
#include "narrate/narrate_impl.h"

/* Quotation marks are for the eye: a voice reads the words inside. */
static void unquote(char *s)
{
    char *w = s;
    for (const char *r = s; *r; r++)
        if (*r != '"')
            *w++ = *r;
    *w = 0;
}

int ad_aloud_event(narrator *n, const json_t *e, const json_t *view, char *buf, size_t len)
{
    const ad_unit *u = ad_unit_of(n->g);
    if (len)
        buf[0] = 0;
    int said = u && u->aloud ? u->aloud(u, n, e, ev_str(e, "type"), view, buf, len) : -1;
    if (said < 0) {
        said = ad_narrate_event(n, e, buf, len);
        unquote(buf);
    }
    if (!said && len)
        buf[0] = 0;
    return said;
}

/* The plain turn line: the one seat asked by the view's to_act. */
static int plain_turn(const narrator *n, const json_t *view, char *buf, size_t len)
{
    const json_t *to = json_object_get(view, "to_act");
    if (json_array_size(to) != 1 || strcmp(ev_str(view, "phase"), "over") == 0)
        return 0;
    ad_aloud_whose(n, (int)json_integer_value(json_array_get(to, 0)), buf, len);
    return 1;
}

static int turn_line(narrator *n, const json_t *events, const json_t *view, char *buf,
                     size_t len)
{
    const ad_unit *u = ad_unit_of(n->g);
    if (len)
        buf[0] = 0;
    if (!view)
        return 0;
    int said = u && u->turn ? u->turn(u, n, events, view, buf, len) : -1;
    if (said < 0)
        said = plain_turn(n, view, buf, len);
    if (!said && len)
        buf[0] = 0;
    return said;
}

int ad_aloud_turn(narrator *n, const json_t *events, const json_t *view, char *buf, size_t len)
{
    /* a turn is said after a step that was said: not after a silent pass */
    int moved = !events;
    size_t i;
    json_t *e;
    char line[400];
    json_array_foreach(events, i, e) moved |= ad_aloud_event(n, e, view, line, sizeof line);
    if (!moved) {
        if (len)
            buf[0] = 0;
        return 0;
    }
    return turn_line(n, events, view, buf, len);
}

/* Every line said after an update, each given to put(ctx, line): each
 * event said aloud, then the turn line.  One place for the tree
 * (ad_aloud_update) and the server's text (ad_aloud_text). */
static int each_line(narrator *n, const json_t *events, const json_t *view,
                     void (*put)(void *, const char *), void *ctx)
{
    int said = 0;
    size_t i;
    json_t *e;
    char line[400];
    json_array_foreach(events, i, e) if (ad_aloud_event(n, e, view, line, sizeof line)) {
        put(ctx, line);
        said++;
    }
    if ((said || !events) && turn_line(n, events, view, line, sizeof line)) {
        put(ctx, line);
        said++;
    }
    return said;
}

static void put_tree(void *out, const char *line)
{
    json_array_append_new(out, json_string(line));
}

int ad_aloud_update(narrator *n, const json_t *events, const json_t *view, json_t *out)
{
    return each_line(n, events, view, put_tree, out);
}

/* A line as the next string of the array being written to w (aloud_text). */
typedef struct {
    ad_jw *w;
    int first;
} text_ctx;

static void put_text(void *ctx, const char *line)
{
    text_ctx *c = ctx;
    size_t n = strlen(line);
    if (!ad_told_utf8n(line, n))
        return; /* as the tree: json_string refuses it */
    if (!c->first)
        ad_jw_raw(c->w, ",", 1);
    c->first = 0;
    ad_jw_str(c->w, line, n);
}

void ad_aloud_text(ad_jw *w, narrator *n, const json_t *events, const json_t *view)
{
    text_ctx c = {.w = w, .first = 1};
    ad_jw_raw(w, "[", 1);
    each_line(n, events, view, put_text, &c);
    ad_jw_raw(w, "]", 1);
}

void ad_aloud_card(const ad_game *g, const char *card, char *buf, size_t len)
{
    const ad_unit *u = g ? ad_unit_of(g) : NULL;
    if (!(u && u->card_words && u->card_words(u, card, buf, len)))
        snprintf(buf, len, "%s", card);
}
