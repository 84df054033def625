/*
 * api.c - what the browser client reads once, over plain HTTP: the games
 * (GET /api/games: options, bot levels and the one Play now starts with,
 * seat names, clock presets, how a claim is said, the Sequence Letters
 * board with each square's picture's address), each game's rules page and
 * its picture, and the board alone.  All of it comes from the library and
 * the data compiled into it, never from a copy in web/: the browser says a
 * claim, names a seat or draws a square only with the words this file
 * hands it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "games/sequence/seqboard.h"
#include "alphadeck/narrate.h"
#include "server.h"

/* Counts a claim may be said with: 0 to 8 in words, then "many" for any
 * more (the narrator's own cut-off; the last phrase stands for them all). */
#define CLAIM_COUNTS 10

static json_t *options_json(const ad_game *g)
{
    json_t *opts = json_array();
    for (int k = 0; k < g->nopt; k++) {
        const ad_option_def *o = &g->options[k];
        json_array_append_new(opts, json_pack("{s:s,s:i,s:i,s:i,s:s,s:s}", "name", o->name, "min",
                                              o->min, "max", o->max, "default", o->def, "help",
                                              o->help ? o->help : "", "label",
                                              o->label ? o->label : o->name));
    }
    return opts;
}

static json_t *bots_json(const ad_game *g)
{
    json_t *bots = json_array();
    for (int k = 0; k < ad_bot_level_count(g); k++)
        json_array_append_new(bots, json_string(ad_bot_level_name(g, k)));
    return bots;
}

/* A suited game's cards as shown: {"10H": {"face": "10♥", "red": true}},
 * the suit's sign and colour as the library gives them. */
static json_t *faces_json(const ad_game *g, const ad_deck *d)
{
    json_t *faces = json_object();
    for (int k = 0; k < d->nkinds; k++) {
        char face[32];
        int red = ad_claim_card_face(g, d->kind[k], face, sizeof face);
        if (red >= 0)
            json_object_set_new(faces, d->kind[k], json_pack("{s:s,s:b}", "face", face, "red", red));
    }
    return faces;
}

/* How a claim is said, for every class and count, in the narrator's words:
 * phrases[say][count] ("two M's", "one ace"), the last for any count past
 * it ("many"); the deck's classes in order (what may be said) and each
 * card's class (what a card counts as). */
static json_t *claim_json(const ad_game *g)
{
    const ad_deck *d = ad_deck_get(g->deck);
    if (!d)
        return NULL;
    narrator n = {.g = g, .players = 2, .you = -1};
    json_t *says = json_array(), *phrases = json_object(), *class_of = json_object();
    for (int c = 0; c < d->nclasses; c++) {
        json_t *p = json_array();
        for (int k = 0; k < CLAIM_COUNTS; k++) {
            char w[64];
            ad_narrate_count(&n, k, d->class_name[c], w, sizeof w);
            json_array_append_new(p, json_string(w));
        }
        json_array_append_new(says, json_string(d->class_name[c]));
        json_object_set_new(phrases, d->class_name[c], p);
    }
    for (int k = 0; k < d->nkinds; k++)
        if (d->class_of[k] >= 0)
            json_object_set_new(class_of, d->kind[k], json_string(d->class_name[d->class_of[k]]));
    ad_claim_info info = {"", 0, 0, 0};
    ad_claim_info_of(g, &info);
    char objection[64]; /* as the narrator calls it out */
    snprintf(objection, sizeof objection, "%s!", info.objection);
    json_t *j = json_pack("{s:b,s:b,s:s,s:o,s:o,s:o}", "say_free", info.say_free, "last_face_up",
                          info.last_face_up, "objection", objection, "says", says, "class_of",
                          class_of, "phrases", phrases);
    if (j && info.suited)
        json_object_set_new(j, "faces", faces_json(g, d));
    return j;
}

/* A square's picture as the browser draws it: the address of its SVG
 * drawing (pictures.c), or "" when there is none (the word alone). */
static json_t *image_json(const char *picture)
{
    char file[64], url[96] = "";
    if (ad_picture_file(picture, file, sizeof file) == 0 && ad_picture_text(file))
        snprintf(url, sizeof url, "/api/pictures/%s", file);
    return json_string(url);
}

/* The board: each square's letter, picture, image and name (a1..h6). */
static json_t *board_rows(void)
{
    const seqboard *b = ad_seqboard_get();
    if (!b)
        return NULL;
    json_t *rows = json_array();
    for (int r = 0; r < SEQB_ROWS; r++) {
        json_t *row = json_array();
        for (int c = 0; c < SEQB_COLS; c++) {
            char name[8];
            ad_seqboard_name(r + 1, c + 1, name, sizeof name);
            json_array_append_new(row, json_pack("{s:s,s:s,s:o,s:s}", "letter", b->letter[r][c],
                                                 "picture", b->picture[r][c], "image",
                                                 image_json(b->picture[r][c]), "name", name));
        }
        json_array_append_new(rows, row);
    }
    return rows;
}

static json_t *board_json(const ad_game *g)
{
    (void)g; /* one board, the library's */
    return board_rows();
}

/* What a family's games add for the browser, under the family's name:
 * the one place a family is named here. */
static const struct {
    const char *family, *key;
    json_t *(*facts)(const ad_game *g);
} family_facts[] = {
    {"claim", "claim", claim_json},
    {"sequence", "board", board_json},
};

/* Each card in play as a child hears it picked (narrate.h's ad_aloud_card:
 * "B... balloon, bike", "Z: any square!"), for the browser's Read aloud. */
static json_t *cards_aloud_json(const ad_game *g)
{
    const ad_deck *d = ad_deck_get(g->deck);
    json_t *o = json_object();
    for (int k = 0; d && k < d->nkinds; k++) {
        char w[200];
        if (d->class_of[k] < 0)
            continue; /* never in play: No Way's ants */
        ad_aloud_card(g, d->kind[k], w, sizeof w);
        json_object_set_new(o, d->kind[k], json_string(w));
    }
    return o;
}

static json_t *game_json(const ad_game *g)
{
    json_t *j = json_pack("{s:s,s:s,s:s,s:i,s:i,s:o,s:o,s:s}", "id", g->id, "title", g->title,
                          "family", g->family, "min_players", g->min_players, "max_players",
                          g->max_players, "options", options_json(g), "bots", bots_json(g),
                          "bot_default", ad_bot_level_default(g));
    json_object_set_new(j, "aloud", cards_aloud_json(g));
    for (size_t i = 0; i < sizeof family_facts / sizeof family_facts[0]; i++)
        if (strcmp(family_facts[i].family, g->family) == 0) {
            json_t *f = family_facts[i].facts(g);
            if (f)
                json_object_set_new(j, family_facts[i].key, f);
        }
    return j;
}

/* The narrator's names of seats nobody named: Ann, Bea, ... */
static json_t *seat_names_json(void)
{
    narrator n = {.g = ad_game_at(0), .players = AD_MAX_SEATS, .you = -1};
    json_t *a = json_array();
    for (int s = 0; s < AD_MAX_SEATS; s++)
        json_array_append_new(a, json_string(ad_narrate_name(&n, s)));
    return a;
}

static json_t *clocks_json(void)
{
    json_t *a = json_array();
    for (int i = 0; i < ad_clock_presets_n; i++) {
        const srv_clock_preset *c = &ad_clock_presets[i];
        json_array_append_new(a, json_pack("{s:s,s:i,s:i}", "name", c->name, "turn_ms",
                                           c->turn_ms, "answer_ms", c->answer_ms));
    }
    return a;
}

static json_t *games_json(void)
{
    json_t *a = json_array();
    for (int i = 0; i < ad_game_count(); i++)
        json_array_append_new(a, game_json(ad_game_at(i)));
    return json_pack("{s:o,s:o,s:o}", "games", a, "seat_names", seat_names_json(), "clocks",
                     clocks_json());
}

srv_body *ad_api_games_body(void)
{
    static srv_body *body; /* built once, on the loop's thread; kept for good */
    if (!body) {
        json_t *j = games_json();
        char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
        json_decref(j);
        body = text ? srv_body_new(200, "application/json", text, strlen(text)) : NULL;
        free(text);
        if (!body)
            return NULL;
        body->cache = "public, max-age=300";
    }
    body->refs++;
    return body;
}

/* GET /api/rules/GAME.svg: the picture of the page's "How to play", drawn
 * for the page (docs/rules/GAME.svg) and carried in the binary with it. */
static int rules_picture(const char *name, char **body, const char **type)
{
    char game[64];
    size_t n = strlen(name);
    const char *svg = NULL;
    if (n > 4 && n - 4 < sizeof game && strcmp(name + n - 4, ".svg") == 0) {
        memcpy(game, name, n - 4);
        game[n - 4] = 0;
        svg = ad_cli_rules_picture(game);
    }
    if (!svg) {
        *body = srv_refusal_text("not_found", "no such address");
        return 404;
    }
    *type = "image/svg+xml";
    *body = strdup(svg);
    return *body ? 200 : 500;
}

int api_static(const char *path, char **body, const char **type)
{
    *type = "application/json";
    json_t *j = NULL;
    if (strcmp(path, "/api/reactions") == 0) {
        j = ad_talk_reactions_json();
    } else if (strcmp(path, "/api/board/sequence") == 0) {
        json_t *rows = board_rows();
        j = rows ? json_pack("{s:o}", "board", rows) : NULL;
    } else if (strncmp(path, "/api/words/", 11) == 0) {
        return api_words(path + 11, body); /* words_http.c */
    } else if (strncmp(path, "/api/rules/", 11) == 0) {
        const char *md = ad_cli_rules_page(path + 11);
        if (!md)
            return rules_picture(path + 11, body, type);
        *type = "text/markdown; charset=utf-8";
        *body = strdup(md);
        return *body ? 200 : 500;
    }
    if (!j) {
        *body = srv_refusal_text("not_found", "no such address");
        return 404;
    }
    *body = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return 200;
}
