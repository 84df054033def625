/*
 * play.c - `alphadeck play`: a game against computer players, full-screen
 * on a terminal (tui.c) or in plain lines.  This file is the driver: the
 * arguments, the table, the bots, and the loop of a turn-based game, asking
 * the human when it is their move.  What differs per game (whose move it
 * is, what a typed line means, how the position looks) is in play_*.c,
 * behind play.h; Shout, played in real time, has its own loop there.
 */
#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alphadeck/alphadeck.h"
#include "cli.h"
#include "play.h"
#include "records.h"
#include "tui.h"

const char *play_name(const player *p, int seat)
{
    return narrate_name(&p->nar, seat);
}

json_t *play_view(const player *p)
{
    return ad_table_view_json(p->t, p->human);
}

json_t *play_legal(const player *p)
{
    void *view = malloc(p->g->state_size);
    p->g->view(ad_table_state(p->t), p->human, view);
    json_t *legal = p->g->legal_json(view, p->human);
    free(view);
    return legal;
}

static void tell(player *p, const ad_events *ev)
{
    json_t *list = ad_table_events_json(p->t, ev);
    size_t i;
    json_t *e;
    char line[400];
    json_array_foreach(list, i, e) if (narrate_event(&p->nar, e, line, sizeof line))
        fprintf(p->out, "%s\n", line);
    json_decref(list);
}

int play_act(player *p, int seat, const ad_action *a, ad_err *err)
{
    ad_events ev;
    if (ad_table_act(p->t, seat, a, &ev, err) < 0)
        return -1;
    tell(p, &ev);
    return 0;
}

int play_act_json(player *p, int seat, const json_t *action, ad_err *err)
{
    ad_events ev;
    if (ad_table_act_json(p->t, seat, action, &ev, err) < 0)
        return -1;
    tell(p, &ev);
    return 0;
}

int play_bot_choose(player *p, int seat, ad_action *a, double *react_ms)
{
    ad_err e;
    ad_bot_opts o;
    memset(&o, 0, sizeof o);
    void *view = malloc(p->g->state_size);
    p->g->view(ad_table_state(p->t), seat, view);
    int rc = ad_bot_choose_opts(p->g, view, seat, p->levels[seat], &o, &p->bot_rng, a, &e);
    free(view);
    if (rc < 0)
        fprintf(stderr, "alphadeck: the computer player failed: %s\n", e.text);
    if (react_ms)
        *react_ms = o.react_ms;
    return rc;
}

int play_bot_acts(player *p, int seat)
{
    ad_action a;
    ad_err e;
    int rc = play_bot_choose(p, seat, &a, NULL);
    if (rc == 1)
        return 0; /* it waits */
    if (rc < 0)
        return -1;
    if (play_act(p, seat, &a, &e) < 0) {
        fprintf(stderr, "alphadeck: the computer player failed: %s\n", e.text);
        return -1;
    }
    return 0;
}

void play_say_error(player *p, const ad_err *e)
{
    char text[sizeof e->text];
    snprintf(text, sizeof text, "%s", e->text);
    if (p->rules->explain)
        p->rules->explain(p, text, sizeof text);
    if (isalpha((unsigned char)text[1])) /* a word, not a square like "a1" */
        text[0] = (char)toupper((unsigned char)text[0]);
    fprintf(p->out, "  %s.\n", text);
}

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

int play_stop_signal(void)
{
    return stop_signal;
}

/* Ctrl-C, a kill or a closed terminal ends the game as `q` does, and its
 * record is still written: the handler only notes the signal, and without
 * SA_RESTART a read waiting for the player returns at once.  A signal the
 * shell set to be ignored (a background job's SIGINT) stays ignored. */
static void catch_stop_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa = {.sa_handler = on_stop};
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
}

int play_ask(player *p, const char *prompt, char *buf, size_t len)
{
    if (stop_signal)
        return 0;
    fprintf(p->out, "%s", prompt);
    fflush(p->out);
    if (!fgets(buf, (int)len, p->in) || stop_signal)
        return 0;
    buf[strcspn(buf, "\r\n")] = 0;
    return 1;
}

void play_trim(const char *line, char *buf, size_t len)
{
    while (isspace((unsigned char)*line))
        line++;
    snprintf(buf, len, "%s", line);
    size_t n = strlen(buf);
    while (n && isspace((unsigned char)buf[n - 1]))
        buf[--n] = 0;
}

int play_command(const char *line)
{
    char w[32];
    play_trim(line, w, sizeof w);
    if (strcmp(w, "quit") == 0 || strcmp(w, "q") == 0)
        return 'q';
    if (strcmp(w, "help") == 0 || strcmp(w, "?") == 0)
        return 'h';
    if (strcmp(w, "auto") == 0)
        return 'a';
    return 0;
}

void play_cards(const json_t *items, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = 0;
    for (size_t i = 0; i < json_array_size(items) && used < len; i++) {
        const char *s = json_string_value(json_array_get(items, i));
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", s ? s : "?");
    }
}

/* The human's move in a turn-based game.  Returns 0, or -1 to quit. */
static int human_moves(player *p)
{
    const play_rules *r = p->rules;
    char line[256], prompt[256], why[256];
    if (r->prompt(p, prompt, sizeof prompt))
        r->show(p);
    for (;;) {
        if (!play_ask(p, prompt, line, sizeof line))
            return -1;
        switch (play_command(line)) {
        case 'q':
            return -1;
        case 'h':
            r->help(p);
            continue;
        case 'a':
            return play_bot_acts(p, p->human);
        }
        json_t *action = NULL;
        switch (r->parse(p, line, &action, why, sizeof why)) {
        case PLAY_SHOW:
            r->show(p);
            continue;
        case PLAY_BAD:
            fprintf(p->out, "  %s\n", why);
            continue;
        }
        ad_err e;
        int rc = play_act_json(p, p->human, action, &e);
        json_decref(action);
        if (rc == 0)
            return 0;
        play_say_error(p, &e);
    }
}

/* A turn-based game: whoever's move it is moves, until the end. */
static int take_turns(player *p)
{
    while (!p->g->is_over(ad_table_state(p->t))) {
        if (stop_signal)
            return -1;
        int seat = p->rules->next_seat(p);
        if ((seat == p->human ? human_moves(p) : play_bot_acts(p, seat)) < 0)
            return -1;
    }
    return 0;
}

static const play_rules *rules_for(const char *id)
{
    const play_rules *all[] = {&play_noway, &play_doubt, &play_sequence, &play_liar, &play_shout};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->game, id) == 0)
            return all[i];
    return NULL;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: alphadeck play [GAME] [--players N] [--seat K] [--seed S] "
               "[--bots LEVEL,...] [--plain] [--pace MS] [--save FILE] [--OPTION=N ...]\n"
               "  GAME: noway (default), doubt, sequence, liar or shout; options: see "
               "`alphadeck games`\n"
               "  On a terminal the game is full-screen; --plain (or no terminal) plays it in\n"
               "  lines. Without a terminal Shout runs on a clock that only moves between your\n"
               "  lines: see docs/play.md.\n");
}

int ad_cli_play(int argc, char **argv)
{
    const char *game = "noway", *bots = NULL, *save = NULL;
    long long players = 4, seat = 0, seed = -1, pace = 900;
    int plain = !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO);
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
            plain = 1;
        } else if (strcmp(a, "--pace") == 0 && val) {
            pace = ad_cli_number(argv[++i]);
            if (pace < 0 || pace > 60000) {
                fprintf(stderr, "alphadeck: --pace takes milliseconds, 0 to 60000\n");
                goto done;
            }
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
    p.rules = p.g ? rules_for(p.g->id) : NULL;
    if (!p.rules) {
        fprintf(stderr, "alphadeck: there is no game \"%s\" (try: noway, doubt, sequence, liar, "
                        "shout)\n", game);
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
    snprintf(p.levels[p.human], sizeof p.levels[p.human], "%s", p.rules->auto_level);
    /* --bots: one level for every bot, or a list in seat order (skipping you) */
    {
        char list[256];
        /* the default: the level `auto` plays for you (random in the claim games) */
        snprintf(list, sizeof list, "%s", bots ? bots : p.rules->auto_level);
        char *save_ptr = NULL, *tok = strtok_r(list, ",", &save_ptr);
        const char *last = tok ? tok : p.rules->auto_level;
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
    catch_stop_signals();

    rc = 0;
    if (!plain && tui_supports(p.g)) {
        tui_setup ts = {.t = p.t, .human = p.human, .levels = (const char (*)[16])p.levels,
                        .bot_rng = &p.bot_rng, .pace_ms = (int)pace, .answer_s = 10};
        int r = tui_play(&ts);
        if (r < 0)
            rc = 1;
        if (records_save_told(p.t, save, p.out) < 0)
            rc = 1;
        ad_table_free(p.t);
        goto done;
    }
    json_t *v = play_view(&p);
    fprintf(p.out, "%s for %d players (seed %llu). You are seat %d", p.g->title, p.players,
            (unsigned long long)ad_table_seed(p.t), p.human);
    if (json_is_integer(json_object_get(v, "dealer"))) {
        int dealer = (int)json_integer_value(json_object_get(v, "dealer"));
        fprintf(p.out, "; the dealer is %s", dealer == p.human ? "you" : play_name(&p, dealer));
    } else if (json_is_integer(json_object_get(v, "first"))) {
        int first = (int)json_integer_value(json_object_get(v, "first"));
        fprintf(p.out, "; %s", first == p.human ? "you start" : play_name(&p, first));
        if (first != p.human)
            fprintf(p.out, " starts");
    }
    fprintf(p.out, ". Type help for help.\n");
    json_decref(v);

    rc = 0;
    if ((p.rules->run ? p.rules->run(&p) : take_turns(&p)) < 0)
        fprintf(p.out, "\nGame left unfinished.\n");
    if (p.g->is_over(ad_table_state(p.t)))
        p.rules->result(&p);
    if (records_save_told(p.t, save, p.out) < 0)
        rc = 1;
    ad_table_free(p.t);
done:
    if (stop_signal)
        rc = 128 + stop_signal; /* the shell's way to tell a stop by a signal */
    json_decref(opts);
    return rc;
}
