/*
 * play_claim.c - No Way and I Doubt It in `alphadeck play`.  On a turn the
 * human lays cards down ("C K say M"); in a challenge window they answer
 * y or n.  A window asks the seats in order from the player's left, so
 * when several would challenge at once the nearest to the left is the
 * official one.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

static int is_doubt(const player *p)
{
    return strcmp(p->g->id, "doubt") == 0;
}

static int in_window(const json_t *v)
{
    const char *phase = json_string_value(json_object_get(v, "phase"));
    return phase && strcmp(phase, "challenge") == 0;
}

static void show(player *p)
{
    json_t *v = play_view(p);
    json_t *counts = json_object_get(v, "hand_counts");
    fprintf(p->out, "  Cards held:");
    for (int s = 0; s < p->players; s++)
        fprintf(p->out, " %s %lld%s", play_name(p, s),
                (long long)json_integer_value(json_array_get(counts, (size_t)s)),
                s + 1 < p->players ? "," : "");
    fprintf(p->out, "; pile %lld.\n", (long long)json_integer_value(json_object_get(v, "pile_count")));
    char hand[600];
    play_cards(json_object_get(v, "hand"), hand, sizeof hand);
    fprintf(p->out, "  Your hand: %s\n", hand);
    json_decref(v);
}

static void help(player *p)
{
    fprintf(p->out,
            "On your turn type the cards to lay down, e.g. \"%s\"; to name another letter add "
            "\"say X\" (No Way only).\n"
            "In a challenge window answer y (challenge) or n (let it pass; Enter does too).\n"
            "Other commands: auto (let the computer choose this move for you), hand (show the "
            "table), help, quit.\n",
            is_doubt(p) ? "7H 7S" : "C C");
}

static int prompt(player *p, char *buf, size_t len)
{
    json_t *v = play_view(p);
    int window = in_window(v);
    if (window)
        snprintf(buf, len, "Call \"%s\"? [y/N]> ", is_doubt(p) ? "I doubt it" : "No Way");
    else
        snprintf(buf, len, "Your turn: the call is %s. Lay down 1-%lld cards> ",
                 json_string_value(json_object_get(v, "call")),
                 (long long)json_integer_value(json_object_get(v, "max_cards")));
    json_decref(v);
    return !window;
}

int play_window_next(uint32_t to_act, int claimer, int players)
{
    for (int i = 1; i < players; i++)
        if (to_act & (1u << ((claimer + i) % players)))
            return (claimer + i) % players;
    return claimer;
}

/* The player on turn, or in a window the next to answer. */
static int next_seat(player *p)
{
    json_t *v = play_view(p);
    int seat = (int)json_integer_value(json_object_get(v, "turn"));
    if (in_window(v))
        seat = play_window_next(p->g->to_act(ad_table_state(p->t)), seat, p->players);
    json_decref(v);
    return seat;
}

/* "C K say M" or "pass" as an action. */
static json_t *parse_play(const char *line)
{
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", line);
    json_t *cards = json_array();
    char say[16] = "";
    int saying = 0;
    for (char *tok = strtok_r(buf, " ,\t", &save); tok; tok = strtok_r(NULL, " ,\t", &save)) {
        for (char *c = tok; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        if (strcmp(tok, "PASS") == 0 && json_array_size(cards) == 0) {
            json_decref(cards);
            return json_pack("{s:s}", "type", "pass");
        }
        if (strcmp(tok, "SAY") == 0 || strcmp(tok, "AS") == 0) {
            saying = 1;
            continue;
        }
        if (saying) {
            snprintf(say, sizeof say, "%s", tok);
            saying = 0;
            continue;
        }
        json_array_append_new(cards, json_string(tok));
    }
    json_t *a = json_pack("{s:s,s:o}", "type", "play", "cards", cards);
    if (say[0])
        json_object_set_new(a, "say", json_string(say));
    return a;
}

static int parse(player *p, const char *line, json_t **action, char *why, size_t len)
{
    (void)why;
    (void)len;
    char w[256];
    play_trim(line, w, sizeof w);
    json_t *v = play_view(p);
    int window = in_window(v);
    json_decref(v);
    if (strcmp(w, "hand") == 0)
        return PLAY_SHOW;
    if (window) {
        int yes = w[0] == 'y' || w[0] == 'Y';
        *action = json_pack("{s:s}", "type", yes ? "challenge" : "pass");
        return PLAY_ACT;
    }
    if (!w[0])
        return PLAY_SHOW;
    *action = parse_play(w);
    return PLAY_ACT;
}

static void result(player *p)
{
    json_t *v = play_view(p);
    int winner = (int)json_integer_value(json_object_get(v, "winner"));
    fprintf(p->out, "\n%s %s the game!\n", play_name(p, winner),
            winner == p->human ? "win" : "wins");
    json_t *rank = json_object_get(v, "ranking"), *counts = json_object_get(v, "hand_counts");
    json_t *scores = json_object_get(v, "scores");
    for (size_t i = 0; i < json_array_size(rank); i++) {
        int s = (int)json_integer_value(json_array_get(rank, i));
        fprintf(p->out, "  %zu. %-4s %lld cards left", i + 1, play_name(p, s),
                (long long)json_integer_value(json_array_get(counts, (size_t)s)));
        if (json_object_get(v, "target"))
            fprintf(p->out, ", %lld points",
                    (long long)json_integer_value(json_array_get(scores, (size_t)s)));
        fputc('\n', p->out);
    }
    json_decref(v);
}

const play_rules play_noway = {
    .game = "noway",
    .auto_level = "random",
    .show = show,
    .help = help,
    .prompt = prompt,
    .next_seat = next_seat,
    .parse = parse,
    .result = result,
};

const play_rules play_doubt = {
    .game = "doubt",
    .auto_level = "random",
    .show = show,
    .help = help,
    .prompt = prompt,
    .next_seat = next_seat,
    .parse = parse,
    .result = result,
};
