/*
 * api.c - what the browser client reads once, over plain HTTP: the games
 * with their options (defaults and what they mean) and bot levels, each
 * game's rules page, and the Sequence Letters board.  All of it comes from
 * the library and the data compiled into it, never from a copy in web/.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "games/sequence/seqboard.h"
#include "server.h"

static const char *const levels[] = {"random", "basic", "strong"};

static json_t *games_json(void)
{
    json_t *a = json_array();
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        json_t *opts = json_array(), *bots = json_array();
        for (int k = 0; k < g->nopt; k++) {
            const ad_option_def *o = &g->options[k];
            json_array_append_new(opts, json_pack("{s:s,s:i,s:i,s:i,s:s}", "name", o->name, "min",
                                                  o->min, "max", o->max, "default", o->def,
                                                  "help", o->help ? o->help : ""));
        }
        for (size_t k = 0; k < sizeof levels / sizeof levels[0]; k++)
            if (ad_bot_available(g, levels[k], NULL))
                json_array_append_new(bots, json_string(levels[k]));
        json_array_append_new(a, json_pack("{s:s,s:s,s:i,s:i,s:o,s:o}", "id", g->id, "title",
                                           g->title, "min_players", g->min_players,
                                           "max_players", g->max_players, "options", opts,
                                           "bots", bots));
    }
    return json_pack("{s:o}", "games", a);
}

static json_t *board_json(void)
{
    const seqboard *b = seqboard_get();
    if (!b)
        return NULL;
    json_t *rows = json_array();
    for (int r = 0; r < SEQB_ROWS; r++) {
        json_t *row = json_array();
        for (int c = 0; c < SEQB_COLS; c++) {
            char name[8];
            seqboard_name(r + 1, c + 1, name, sizeof name);
            json_array_append_new(row, json_pack("{s:s,s:s,s:s,s:s}", "letter", b->letter[r][c],
                                                 "picture", b->picture[r][c], "emoji",
                                                 b->emoji[r][c], "name", name));
        }
        json_array_append_new(rows, row);
    }
    return json_pack("{s:o}", "board", rows);
}

int api_static(const char *path, char **body, const char **type)
{
    *type = "application/json";
    json_t *j = NULL;
    if (strcmp(path, "/api/games") == 0) {
        j = games_json();
    } else if (strcmp(path, "/api/board/sequence") == 0) {
        j = board_json();
    } else if (strncmp(path, "/api/rules/", 11) == 0) {
        const char *md = ad_cli_rules_page(path + 11);
        if (md) {
            *type = "text/markdown; charset=utf-8";
            *body = strdup(md);
            return *body ? 200 : 500;
        }
    }
    if (!j) {
        *body = srv_refusal_text("not_found", "no such address");
        return 404;
    }
    *body = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return 200;
}
