/*
 * replay_line.c - `alphadeck replay FILE`: a saved game, step by step, in
 * plain line mode.  The stepping is the library's (ad_replay); this file
 * only reads commands and prints.  With --seat K the game is told as that seat lived
 * it ("You") and `show` draws that seat's view only; without it the game is
 * seen from above, every hand open, as a review after the game, with the
 * seat a person played in `play` still "You".  A position is drawn by the
 * game's own line-mode display (play_rules.show), so it reads as in play.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/records.h"
#include "../app/app.h"
#include "linein.h"
#include "alphadeck/narrate.h"
#include "play.h"
#include "term.h"

typedef struct reviewer {
    ad_replay *r;
    int seat; /* AD_GOD, or the seat the game is seen from */
    narrator nar;
    FILE *out;
} reviewer;

static const char *name_of(const reviewer *v, int seat)
{
    return ad_narrate_name(&v->nar, seat);
}

/* A JSON value in a few words: strings bare, arrays of strings spaced,
 * null as "-", anything else as compact JSON. */
static void print_value(FILE *f, const json_t *x)
{
    if (json_is_null(x)) {
        fputs("-", f);
    } else if (json_is_string(x)) {
        fputs(json_string_value(x), f);
    } else if (json_is_array(x) && json_array_size(x) > 0 &&
               json_is_string(json_array_get(x, 0))) {
        size_t i;
        json_t *e;
        json_array_foreach(x, i, e) {
            if (i)
                fputc(' ', f);
            print_value(f, e);
        }
    } else {
        char *s = json_dumps(x, JSON_COMPACT | JSON_ENCODE_ANY);
        fputs(s ? s : "?", f);
        free(s);
    }
}

/* "Ann", "Ann and Cal", from a seat or an array of seats. */
static void print_seats(const reviewer *v, FILE *f, const json_t *seats)
{
    if (json_is_integer(seats)) {
        fputs(name_of(v, (int)json_integer_value(seats)), f);
        return;
    }
    size_t n = json_array_size(seats);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ",
                name_of(v, (int)json_integer_value(json_array_get(seats, i))));
    if (n == 0)
        fputs("nobody", f);
}

/* What only a review from above shows, after the game's own display:
 * every hand but the one that display already showed as "Your hand", and
 * the cards face down on a pile.  The deck stays hidden: it is the future,
 * not the position. */
static void show_hidden(const reviewer *v)
{
    json_t *god = ad_replay_view_json(v->r, AD_GOD);
    FILE *f = v->out;
    const json_t *hands = json_object_get(god, "hands");
    char cards[800];
    for (int s = 0; s < ad_replay_players(v->r); s++) {
        const json_t *hand = json_array_get(hands, (size_t)s);
        if (s == v->nar.you || json_array_size(hand) == 0)
            continue;
        play_cards(hand, cards, sizeof cards);
        fprintf(f, "  %s's hand: %s\n", name_of(v, s), cards);
    }
    const json_t *pile = json_object_get(god, "pile");
    if (json_array_size(pile) > 0) {
        play_cards(pile, cards, sizeof cards);
        fprintf(f, "  Face down on the pile: %s\n", cards);
    }
    json_decref(god);
}

/* The position at the step shown, the way the game's line-mode client
 * shows it (play_rules.show), as the seat told as "You" saw it; from
 * above, then every hand.  A seat's view holds only what that seat could
 * know: the library has wiped the rest. */
static void show_position(const reviewer *v)
{
    ad_err e;
    ad_table *t = ad_replay_table(v->r, &e);
    if (!t) {
        fprintf(v->out, "  The position cannot be shown: %s.\n", e.text);
        return;
    }
    player p = {.t = t, .g = ad_replay_game(v->r), .rules = play_rules_for(ad_replay_game(v->r)),
                .human = v->nar.you, .players = ad_replay_players(v->r), .nar = v->nar,
                .out = v->out};
    json_t *view = ad_table_view_json(t, AD_GOD);
    const json_t *to_act = json_object_get(view, "to_act");
    if (json_array_size(to_act) > 0) {
        fputs("  To act: ", v->out);
        print_seats(v, v->out, to_act);
        fputs(".\n", v->out);
    }
    json_decref(view);
    if (p.rules)
        p.rules->show(&p);
    if (v->seat == AD_GOD)
        show_hidden(v);
    ad_table_free(t);
}

/* The end of the record: who won, or that the game was left unfinished. */
static void tell_end(const reviewer *v)
{
    json_t *view = ad_replay_view_json(v->r, AD_GOD);
    json_t *w = json_object_get(view, "winner");
    const char *phase = json_string_value(json_object_get(view, "phase"));
    FILE *f = v->out;
    if (json_is_integer(w)) {
        int s = (int)json_integer_value(w);
        fprintf(f, "%s %s the game!\n", name_of(v, s), s == v->nar.you ? "win" : "wins");
    } else if (json_array_size(w) > 0) {
        print_seats(v, f, w);
        fputs(" win the game!\n", f);
    } else if (phase && strcmp(phase, "over") == 0) {
        fputs("The game ends in a draw.\n", f);
    } else {
        fputs("The record ends here: the game was left unfinished.\n", f);
    }
    json_decref(view);
}

/* Prints the step shown now: its number and its events in words. */
static void tell_step(reviewer *v)
{
    int k = ad_replay_at(v->r), n = ad_replay_length(v->r);
    if (k == 0) {
        fprintf(v->out, "Step 0 of %d: the deal.\n", n);
        if (n == 0)
            tell_end(v); /* a game left before its first move */
        return;
    }
    fprintf(v->out, "Step %d of %d\n", k, n);
    json_t *events = ad_replay_events_json(v->r);
    size_t i;
    json_t *e;
    char line[400];
    int told = 0;
    v->nar.time_up = 0; /* what one event says of the next stays within a step */
    json_array_foreach(events, i, e) {
        if (ad_narrate_event(&v->nar, e, line, sizeof line)) {
            fprintf(v->out, "  %s\n", line);
            told++;
        }
    }
    json_decref(events);
    if (!told) {
        /* nothing told (a pass, or a game narrate.c does not tell yet): the action */
        const ad_step *s = ad_replay_step(v->r);
        json_t *a = ad_replay_action_json(v->r);
        fprintf(v->out, "  %s: %s", name_of(v, s->seat),
                json_string_value(json_object_get(a, "type")));
        const char *key;
        json_t *x;
        json_object_foreach(a, key, x) {
            if (strcmp(key, "type") == 0)
                continue;
            fprintf(v->out, " %s ", key);
            print_value(v->out, x);
        }
        fputs(".\n", v->out);
        json_decref(a);
    }
    if (k == n)
        tell_end(v);
}

static void help(const reviewer *v)
{
    fprintf(v->out, "Commands: Enter or n (next step), p or b (back one step), g N (go to step "
                    "N, 0 to %d), s or show (the position), q (quit), help.\n",
            ad_replay_length(v->r));
}

static void go(reviewer *v, int k)
{
    ad_err e;
    if (ad_replay_goto(v->r, k, &e) < 0) {
        fprintf(v->out, "There is no step %d: the steps are 0 to %d.\n", k, ad_replay_length(v->r));
        return;
    }
    tell_step(v);
}

/* One command.  Returns 0, or 1 to quit. */
static int command(reviewer *v, char *line)
{
    while (isspace((unsigned char)*line))
        line++;
    size_t len = strlen(line);
    while (len && isspace((unsigned char)line[len - 1]))
        line[--len] = 0;
    int at = ad_replay_at(v->r), n = ad_replay_length(v->r);
    if (!*line || strcmp(line, "n") == 0 || strcmp(line, "next") == 0) {
        if (at == n)
            fprintf(v->out, "That was the last step (%d of %d): type p to go back, q to quit.\n",
                    n, n);
        else
            go(v, at + 1);
    } else if (strcmp(line, "p") == 0 || strcmp(line, "b") == 0 || strcmp(line, "back") == 0) {
        if (at == 0)
            fprintf(v->out, "This is the start of the game (step 0): type n to go on.\n");
        else
            go(v, at - 1);
    } else if (line[0] == 'g' && (line[1] == 0 || isspace((unsigned char)line[1]))) {
        const char *arg = line + 1;
        while (isspace((unsigned char)*arg))
            arg++;
        long long k = ad_cli_number(arg);
        if (k < 0)
            fprintf(v->out, "g takes a step number, 0 to %d: e.g. \"g 12\".\n", n);
        else if (k > n)
            fprintf(v->out, "There is no step %lld: the steps are 0 to %d.\n", k, n);
        else
            go(v, (int)k);
    } else if (strcmp(line, "s") == 0 || strcmp(line, "show") == 0) {
        fprintf(v->out, "Step %d of %d, %s:\n", at, n,
                v->seat == AD_GOD ? "every hand" : "as you saw it");
        show_position(v);
    } else if (strcmp(line, "q") == 0 || strcmp(line, "quit") == 0) {
        return 1;
    } else if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0 || strcmp(line, "h") == 0) {
        help(v);
    } else {
        fprintf(v->out, "Unknown command \"%s\": type help for the commands.\n", line);
    }
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: alphadeck replay FILE [--seat K] [--plain]\n"
               "  FILE: a game record (alphadeck play saves one for every game)\n"
               "  --seat K: see the game as seat K saw it (default: every hand)\n");
}

int ad_cli_replay(int argc, char **argv)
{
    const char *file = NULL;
    long long seat = AD_GOD;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--plain") == 0) {
            /* the only mode for now */
        } else if (strcmp(a, "--seat") == 0 && i + 1 < argc) {
            seat = ad_cli_number(argv[++i]);
            if (seat < 0) {
                fprintf(stderr, "alphadeck: --seat takes a seat number\n");
                return 2;
            }
        } else if (a[0] != '-' && !file) {
            file = a;
        } else {
            fprintf(stderr, "alphadeck: replay: unknown argument \"%s\"\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!file) {
        usage(stderr);
        return 2;
    }
    ad_err e;
    reviewer v = {.seat = (int)seat, .out = stdout};
    v.r = ad_replay_open(file, &e);
    if (!v.r) {
        fprintf(stderr, "alphadeck: %s\n", e.text);
        return 1;
    }
    const ad_game *g = ad_replay_game(v.r);
    int players = ad_replay_players(v.r);
    if (seat != AD_GOD && seat >= players) {
        fprintf(stderr, "alphadeck: --seat must be 0 to %d: the game had %d players\n",
                players - 1, players);
        ad_replay_free(v.r);
        return 2;
    }
    /* "You": the seat asked for, else the seat the person played in a
     * game `play` saved, else nobody (a record from the engine) */
    int you = v.seat != AD_GOD ? v.seat : ad_replay_human(v.r);
    v.nar = (narrator){.g = g, .players = players, .you = you};
    fprintf(v.out, "%s for %d players (seed %llu), %d steps; ", g->title, players,
            (unsigned long long)ad_replay_seed(v.r), ad_replay_length(v.r));
    if (v.seat != AD_GOD)
        fprintf(v.out, "you are seat %d. Type help for help.\n", v.seat);
    else if (you >= 0)
        fprintf(v.out, "seen from above; you played seat %d. Type help for help.\n", you);
    else
        fprintf(v.out, "seen from above. Type help for help.\n");
    tell_step(&v);
    char line[256];
    linein in; /* the one reader of a person's lines, as in `play` */
    linein_init(&in, STDIN_FILENO);
    for (;;) {
        fprintf(v.out, "[%d/%d]> ", ad_replay_at(v.r), ad_replay_length(v.r));
        fflush(v.out);
        int got = linein_get(&in, line, sizeof line);
        if (got == LINEIN_END) {
            fputc('\n', v.out);
            break;
        }
        if (got == LINEIN_LONG) { /* a line too long to be a command */
            fprintf(v.out, "That is not a command: type help for the commands.\n");
            continue;
        }
        if (command(&v, line))
            break;
    }
    ad_replay_free(v.r);
    return 0;
}
