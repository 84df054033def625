/*
 * play.c - `alphadeck play`: a game against computer players in plain line
 * mode (the full-screen client comes later).  The client knows only what
 * the human's seat may know: it draws from that seat's view and the public
 * events, and the bots choose from their own seats' views.  A challenge
 * window asks the seats in order from the player's left, so when several
 * would challenge at once the nearest to the left is the official one.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alphadeck/alphadeck.h"
#include "cli.h"
#include "narrate.h"
#include "records.h"

typedef struct player {
    ad_table *t;
    const ad_game *g;
    int human;
    int players;
    char levels[AD_MAX_SEATS][16];
    ad_rng bot_rng;
    narrator nar;
    FILE *in, *out;
} player;

static const char *name_of(const player *p, int seat)
{
    return narrate_name(&p->nar, seat);
}

static json_t *my_view(const player *p)
{
    return ad_table_view_json(p->t, p->human);
}

static void show_table(const player *p)
{
    json_t *v = my_view(p);
    json_t *counts = json_object_get(v, "hand_counts");
    fprintf(p->out, "  Cards held:");
    for (int s = 0; s < p->players; s++)
        fprintf(p->out, " %s %lld%s", name_of(p, s),
                (long long)json_integer_value(json_array_get(counts, (size_t)s)),
                s + 1 < p->players ? "," : "");
    fprintf(p->out, "; pile %lld.\n", (long long)json_integer_value(json_object_get(v, "pile_count")));
    char hand[600];
    size_t used = 0;
    json_t *h = json_object_get(v, "hand");
    hand[0] = 0;
    for (size_t i = 0; i < json_array_size(h) && used < sizeof hand; i++)
        used += (size_t)snprintf(hand + used, sizeof hand - used, "%s%s", i ? " " : "",
                                 json_string_value(json_array_get(h, i)));
    fprintf(p->out, "  Your hand: %s\n", hand);
    json_decref(v);
}

/* Applies an action for seat and tells its events.  Returns 0 or -1. */
static int act(player *p, int seat, const ad_action *a, ad_err *err)
{
    ad_events ev;
    if (ad_table_act(p->t, seat, a, &ev, err) < 0)
        return -1;
    json_t *list = ad_table_events_json(p->t, &ev);
    size_t i;
    json_t *e;
    char line[400];
    json_array_foreach(list, i, e) if (narrate_event(&p->nar, e, line, sizeof line))
        fprintf(p->out, "%s\n", line);
    json_decref(list);
    return 0;
}

/* Applies an action given as JSON (what the human typed) for seat. */
static int act_json(player *p, int seat, json_t *j, ad_err *err)
{
    ad_action a;
    int rc = p->g->action_from_json(ad_table_state(p->t), j, &a, err);
    json_decref(j);
    return rc < 0 ? -1 : act(p, seat, &a, err);
}

static int bot_acts(player *p, int seat)
{
    ad_err e;
    ad_action a;
    void *view = malloc(p->g->state_size);
    p->g->view(ad_table_state(p->t), seat, view);
    int rc = ad_bot_choose(p->g, view, seat, p->levels[seat], &p->bot_rng, &a, &e);
    free(view);
    if (rc == 1)
        return 0; /* it waits */
    if (rc == 0)
        rc = act(p, seat, &a, &e);
    if (rc < 0)
        fprintf(stderr, "alphadeck: the computer player failed: %s\n", e.text);
    return rc;
}

/* Reads a line; 0 at end of input. */
static int ask(player *p, const char *prompt, char *buf, size_t n)
{
    fprintf(p->out, "%s", prompt);
    fflush(p->out);
    if (!fgets(buf, (int)n, p->in))
        return 0;
    buf[strcspn(buf, "\r\n")] = 0;
    return 1;
}

static void help(const player *p)
{
    fprintf(p->out,
            "On your turn type the cards to lay down, e.g. \"%s\"; to name another letter add "
            "\"say X\" (No Way only).\n"
            "In a challenge window answer y (challenge) or n (let it pass; Enter does too).\n"
            "Other commands: auto (let the computer choose this move for you), hand (show the "
            "table), help, quit.\n",
            strcmp(p->g->id, "doubt") == 0 ? "7H 7S" : "C C");
}

/* Parses "C K say M" or "pass" into an action JSON; NULL when it is a
 * command handled here. */
static json_t *parse_turn(const char *line)
{
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", line);
    json_t *cards = json_array();
    const char *say = NULL;
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
            say = strdup(tok);
            saying = 0;
            continue;
        }
        json_array_append_new(cards, json_string(tok));
    }
    json_t *a = json_pack("{s:s,s:o}", "type", "play", "cards", cards);
    if (say) {
        json_object_set_new(a, "say", json_string(say));
        free((char *)say);
    }
    return a;
}

/* The human's turn.  Returns 0, or -1 to quit. */
static int human_turn(player *p)
{
    char line[256], prompt[128];
    json_t *v = my_view(p);
    snprintf(prompt, sizeof prompt, "Your turn: the call is %s. Lay down 1-%lld cards> ",
             json_string_value(json_object_get(v, "call")),
             (long long)json_integer_value(json_object_get(v, "max_cards")));
    json_decref(v);
    show_table(p);
    for (;;) {
        if (!ask(p, prompt, line, sizeof line))
            return -1;
        if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0)
            return -1;
        if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
            help(p);
            continue;
        }
        if (strcmp(line, "hand") == 0 || line[0] == 0) {
            show_table(p);
            continue;
        }
        if (strcmp(line, "auto") == 0)
            return bot_acts(p, p->human);
        ad_err e;
        if (act_json(p, p->human, parse_turn(line), &e) < 0) {
            fprintf(p->out, "  %s.\n", e.text);
            continue;
        }
        return 0;
    }
}

static int human_answers(player *p)
{
    char line[64];
    const char *word = strcmp(p->g->id, "doubt") == 0 ? "I doubt it" : "No Way";
    char prompt[96];
    snprintf(prompt, sizeof prompt, "Call \"%s\"? [y/N]> ", word);
    for (;;) {
        if (!ask(p, prompt, line, sizeof line))
            return -1;
        if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0)
            return -1;
        if (strcmp(line, "hand") == 0) {
            show_table(p);
            continue;
        }
        if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
            help(p);
            continue;
        }
        if (strcmp(line, "auto") == 0)
            return bot_acts(p, p->human);
        ad_err e;
        int yes = line[0] == 'y' || line[0] == 'Y';
        return act_json(p, p->human, json_pack("{s:s}", "type", yes ? "challenge" : "pass"), &e);
    }
}

/* A challenge window: seats answer in order from the player's left. */
static int answer_window(player *p)
{
    json_t *v = my_view(p);
    int claimer = (int)json_integer_value(json_object_get(json_object_get(v, "claim"), "seat"));
    json_decref(v);
    for (int i = 1; i < p->players; i++) {
        int seat = (claimer + i) % p->players;
        const void *st = ad_table_state(p->t);
        if (p->g->is_over(st) || !(p->g->to_act(st) & (1u << seat)))
            return 0; /* settled */
        int rc = seat == p->human ? human_answers(p) : bot_acts(p, seat);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static void show_result(player *p)
{
    json_t *v = my_view(p);
    int winner = (int)json_integer_value(json_object_get(v, "winner"));
    fprintf(p->out, "\n%s %s the game!\n", name_of(p, winner), winner == p->human ? "win" : "wins");
    json_t *rank = json_object_get(v, "ranking"), *counts = json_object_get(v, "hand_counts");
    json_t *scores = json_object_get(v, "scores");
    for (size_t i = 0; i < json_array_size(rank); i++) {
        int s = (int)json_integer_value(json_array_get(rank, i));
        fprintf(p->out, "  %zu. %-4s %lld cards left", i + 1, name_of(p, s),
                (long long)json_integer_value(json_array_get(counts, (size_t)s)));
        if (json_object_get(v, "target"))
            fprintf(p->out, ", %lld points",
                    (long long)json_integer_value(json_array_get(scores, (size_t)s)));
        fputc('\n', p->out);
    }
    json_decref(v);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: alphadeck play [GAME] [--players N] [--seat K] [--seed S] "
               "[--bots LEVEL,...] [--plain] [--save FILE] [--OPTION=N ...]\n"
               "  GAME: noway (default) or doubt; options: see `alphadeck games`\n");
}

int ad_cli_play(int argc, char **argv)
{
    const char *game = "noway", *bots = "random", *save = NULL;
    long long players = 4, seat = 0, seed = -1;
    json_t *opts = json_object();
    int rc = 2;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            json_decref(opts);
            return 0;
        } else if (a[0] != '-') {
            game = a;
        } else if (strcmp(a, "--plain") == 0) {
            /* the only mode for now */
        } else if (strcmp(a, "--players") == 0 && val) {
            players = ad_cli_number(argv[++i]);
        } else if (strcmp(a, "--seat") == 0 && val) {
            seat = ad_cli_number(argv[++i]);
        } else if (strcmp(a, "--seed") == 0 && val) {
            seed = ad_cli_number(argv[++i]);
            if (seed < 0) {
                fprintf(stderr, "alphadeck: --seed takes a whole number\n");
                goto done;
            }
        } else if (strcmp(a, "--bots") == 0 && val) {
            bots = argv[++i];
        } else if (strcmp(a, "--save") == 0 && val) {
            save = argv[++i];
        } else if (a[0] == '-' && a[1] == '-' && strchr(a, '=')) {
            char name[64];
            const char *eq = strchr(a, '=');
            snprintf(name, sizeof name, "%.*s", (int)(eq - a - 2), a + 2);
            long long x = ad_cli_number(eq + 1);
            if (x < 0) {
                fprintf(stderr, "alphadeck: %s: the option's value must be a whole number\n", a);
                goto done;
            }
            json_object_set_new(opts, name, json_integer(x));
        } else {
            fprintf(stderr, "alphadeck: play: unknown argument \"%s\"\n", a);
            usage(stderr);
            goto done;
        }
    }
    player p;
    memset(&p, 0, sizeof p);
    p.in = stdin;
    p.out = stdout;
    p.g = ad_game_find(game);
    if (!p.g) {
        fprintf(stderr, "alphadeck: there is no game \"%s\" (try: noway, doubt)\n", game);
        goto done;
    }
    if (strcmp(p.g->id, "noway") != 0 && strcmp(p.g->id, "doubt") != 0) {
        fprintf(stderr, "alphadeck: %s cannot be played in the terminal yet\n", p.g->title);
        goto done;
    }
    if (players < p.g->min_players || players > p.g->max_players) {
        fprintf(stderr, "alphadeck: %s is for %d to %d players\n", p.g->title, p.g->min_players,
                p.g->max_players);
        goto done;
    }
    if (seat < 0 || seat >= players) {
        fprintf(stderr, "alphadeck: --seat must be 0 to %lld\n", players - 1);
        goto done;
    }
    p.players = (int)players;
    p.human = (int)seat;
    p.nar = (narrator){.g = p.g, .players = p.players, .you = p.human};
    snprintf(p.levels[p.human], sizeof p.levels[p.human], "random"); /* for "auto" */
    /* --bots: one level for every bot, or a list in seat order (skipping you) */
    {
        char list[256];
        snprintf(list, sizeof list, "%s", bots);
        char *save_ptr = NULL, *tok = strtok_r(list, ",", &save_ptr);
        const char *last = tok ? tok : "random";
        for (int s = 0; s < p.players; s++) {
            if (s == p.human)
                continue;
            if (tok)
                last = tok;
            ad_err le;
            if (!ad_bot_available(p.g, last, &le)) {
                fprintf(stderr, "alphadeck: %s\n", le.text);
                goto done;
            }
            snprintf(p.levels[s], sizeof p.levels[s], "%s", last);
            tok = tok ? strtok_r(NULL, ",", &save_ptr) : NULL;
        }
    }
    json_t *req = json_pack("{s:s,s:i,s:O}", "game", p.g->id, "players", p.players, "options", opts);
    if (seed >= 0)
        json_object_set_new(req, "seed", json_integer(seed));
    ad_err e;
    p.t = ad_table_new(req, &e);
    json_decref(req);
    if (!p.t) {
        fprintf(stderr, "alphadeck: %s\n", e.text);
        goto done;
    }
    ad_rng_seed(&p.bot_rng, ad_table_seed(p.t) ^ 0x5eedb0750000ULL);

    json_t *v = my_view(&p);
    int dealer = (int)json_integer_value(json_object_get(v, "dealer"));
    fprintf(p.out, "%s for %d players (seed %llu). You are seat %d; the dealer is %s. "
                   "Type help for help.\n",
            p.g->title, p.players, (unsigned long long)ad_table_seed(p.t), p.human,
            dealer == p.human ? "you" : name_of(&p, dealer));
    json_decref(v);

    rc = 0;
    while (!p.g->is_over(ad_table_state(p.t))) {
        json_t *vv = my_view(&p);
        int window = strcmp(json_string_value(json_object_get(vv, "phase")), "challenge") == 0;
        int turn = (int)json_integer_value(json_object_get(vv, "turn"));
        json_decref(vv);
        int r = window ? answer_window(&p) : turn == p.human ? human_turn(&p) : bot_acts(&p, turn);
        if (r < 0) {
            fprintf(p.out, "\nGame left unfinished.\n");
            break;
        }
    }
    if (p.g->is_over(ad_table_state(p.t)))
        show_result(&p);
    if (records_save_told(p.t, save, p.out) < 0)
        rc = 1;
    ad_table_free(p.t);
done:
    json_decref(opts);
    return rc;
}
