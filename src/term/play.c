/*
 * play.c - `alphadeck play`: a game against computer players, full-screen
 * on a terminal (tui.c) or in plain lines.  This file is the driver: the
 * arguments, the table and its director (the clocks and bots: see
 * alphadeck/director.h), and the loop of a turn-based game, asking the
 * human when the director asks their seat.  What differs per game (whose move it
 * is, what a typed line means, how the position looks) is in play_*.c,
 * behind play.h; Shout, played in real time, has its own loop there.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/director.h"
#include "../app/app.h"
#include "coach.h"
#include "play.h"
#include "speak.h"
#include "term.h"
#include "records.h"
#include "tui.h"

const char *play_name(const player *p, int seat)
{
    return ad_narrate_name(&p->nar, seat);
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

/* The clock's say(): a line of what happened, for the person. */
static void say_line(void *ctx, const char *line)
{
    player *p = ctx;
    fprintf(p->out, "%s\n", line);
}

void play_clock_start(player *p)
{
    p->clock.human = p->human;
    p->clock.nar = &p->nar;
    p->clock.say = say_line;
    p->clock.ctx = p;
    ad_term_clock_start(&p->clock);
}

int64_t play_now(const player *p)
{
    return ad_term_clock_now(&p->clock);
}

void play_tell(player *p, ad_director_out *out)
{
    ad_term_clock_tell(&p->clock, out);
    int away = (ad_director_away(p->d) >> p->human) & 1;
    if (away && !p->away_told)
        fprintf(p->out, "Your time ran out: the computer plays for you now. Type back (or any "
                        "line) to take your seat back.\n");
    p->away_told = away;
}

int play_advance(player *p)
{
    ad_director_out out;
    ad_err e;
    int rc = ad_term_clock_advance(&p->clock, &out, &e);
    play_tell(p, &out);
    if (rc < 0)
        fprintf(stderr, "alphadeck: the computer player failed: %s\n", e.text);
    return rc;
}

int play_act(player *p, const ad_action *a, ad_err *err)
{
    ad_director_out out;
    int rc = ad_term_clock_act(&p->clock, p->human, a, &out, err);
    play_tell(p, &out);
    return rc;
}

int play_act_json(player *p, const json_t *action, ad_err *err)
{
    ad_director_out out;
    int rc = ad_term_clock_act_json(&p->clock, p->human, action, &out, err);
    play_tell(p, &out);
    return rc;
}

int play_auto(player *p)
{
    ad_action a;
    ad_err e;
    void *view = malloc(p->g->state_size);
    p->g->view(ad_table_state(p->t), p->human, view);
    int rc = ad_bot_choose(p->g, view, p->human, p->levels[p->human], &p->bot_rng, &a, &e);
    free(view);
    if (rc == 1)
        return 0; /* it waits */
    if (rc == 0 && play_act(p, &a, &e) == 0)
        return 0;
    fprintf(stderr, "alphadeck: the computer player failed: %s\n", e.text);
    return -1;
}

int play_my_move(const player *p)
{
    return ((ad_director_asked(p->d) & ~ad_director_away(p->d)) >> p->human) & 1;
}

int play_take_back(player *p)
{
    ad_director_out out;
    ad_err e;
    int rc = ad_term_clock_take_back(&p->clock, p->human, &out, &e);
    play_tell(p, &out);
    if (rc == 0)
        fprintf(p->out, "You are back in your seat.\n");
    return rc;
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

int play_stop_signal(void)
{
    return linein_stop_signal();
}

/* How long until the director's next wake, for a wait (-1: for ever). */
int play_until_wake(const player *p)
{
    return ad_term_clock_until_wake(&p->clock);
}

int play_ask(player *p, const char *prompt, char *buf, size_t len)
{
    for (;;) {
        if (linein_stop_signal())
            return PLAY_END;
        if (prompt) {
            fprintf(p->out, "%s", prompt);
            fflush(p->out);
        }
        int ready = p->clock.is_virtual ? 1 : linein_ready(&p->in, play_until_wake(p));
        if (ready < 0)
            return PLAY_END;
        if (ready == 0) {
            if (prompt)
                fputc('\n', p->out);
            return PLAY_WAKE;
        }
        int got = linein_get(&p->in, buf, len);
        if (got != LINEIN_LONG)
            return got == LINEIN_LINE ? PLAY_LINE : PLAY_END;
        fprintf(p->out, "  That line is too long to be a move: type help for what to type.\n");
    }
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
    if (strcmp(w, "hint") == 0)
        return 'i';
    return 0;
}

void ad_term_play_hint(player *p)
{
    char line[1024];
    json_decref(ad_term_coach(p->t, p->human, p->clock.speak, line, sizeof line));
    fprintf(p->out, "  %s\n", line);
}

void play_per_seat(player *p, const json_t *values)
{
    for (int s = 0; s < p->players; s++)
        fprintf(p->out, "%s %s %lld", s ? "," : "", play_name(p, s),
                (long long)json_integer_value(json_array_get(values, (size_t)s)));
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

void play_turn_text(const json_t *view, char *buf, size_t len)
{
    long long turns = json_integer_value(json_object_get(view, "turns"));
    long long most = json_integer_value(json_object_get(view, "max_turns"));
    if (len)
        buf[0] = 0;
    if (most > 0)
        snprintf(buf, len, "Turn %lld of %lld", turns < most ? turns + 1 : most, most);
}

/* The human's move.  Returns 0 (moved, or the director's wake came
 * first), or -1 to quit. */
static int human_moves(player *p)
{
    const play_rules *r = p->rules;
    char line[256], prompt[256], why[256];
    if (r->prompt(p, prompt, sizeof prompt))
        r->show(p);
    for (;;) {
        int got = play_ask(p, prompt, line, sizeof line);
        if (got != PLAY_LINE)
            return got == PLAY_WAKE ? 0 : -1;
        switch (play_command(line)) {
        case 'q':
            return -1;
        case 'h':
            r->help(p);
            continue;
        case 'a':
            return play_auto(p);
        case 'i':
            ad_term_play_hint(p);
            continue;
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
        int rc = play_act_json(p, action, &e);
        json_decref(action);
        if (rc == 0)
            return 0;
        play_say_error(p, &e);
        if (!play_my_move(p))
            return 0; /* what was due came first: the move is not the person's now */
    }
}

int play_between(player *p)
{
    if (ad_director_away(p->d) & (1u << p->human)) {
        /* the stand-in plays: any line takes the seat back */
        char line[256];
        int got = play_ask(p, NULL, line, sizeof line);
        if (got == PLAY_END || (got == PLAY_LINE && play_command(line) == 'q'))
            return -1;
        return got == PLAY_LINE ? play_take_back(p) : 0;
    }
    if (p->clock.wake_ms == AD_DIRECTOR_NEVER)
        return -1; /* nothing can move the table: should not be */
    return linein_sleep(play_until_wake(p)); /* a bot's pause */
}

/* A turn-based game, on the wall clock: the director moves the table,
 * the person moves when asked, until the end. */
static int take_turns(player *p)
{
    while (!p->g->is_over(ad_table_state(p->t))) {
        if (linein_stop_signal() || play_advance(p) < 0)
            return -1;
        if (p->g->is_over(ad_table_state(p->t)))
            break;
        if ((play_my_move(p) ? human_moves(p) : play_between(p)) < 0)
            return -1;
    }
    return 0;
}

const play_rules *play_rules_for(const ad_game *g)
{
    const play_rules *all[] = {&play_claim, &play_sequence, &play_liar, &play_shout};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->family, g->family) == 0)
            return all[i];
    return NULL;
}

/* The registry's games: "a, b, c", or with last "a, b or c"; with def,
 * that one marked "(default)". */
static void game_ids(char *buf, size_t len, const char *last, const char *def)
{
    size_t used = 0;
    int n = ad_game_count();
    buf[0] = 0;
    for (int i = 0; i < n && used < len; i++) {
        const char *id = ad_game_at(i)->id;
        const char *sep = i == 0 ? "" : i + 1 == n && last ? last : ", ";
        used += (size_t)snprintf(buf + used, len - used, "%s%s%s", sep, id,
                                 def && strcmp(id, def) == 0 ? " (default)" : "");
    }
}

static void usage(FILE *f)
{
    char games[160];
    game_ids(games, sizeof games, " or ", PLAY_DEFAULT_GAME);
    fprintf(f, "usage: alphadeck play [GAME] [--players N] [--seat K] [--seed S] "
               "[--bots LEVEL,...] [--plain] [--speak] [--pace MS]\n"
               "       [--answer-ms MS] [--turn-ms MS] [--standin LEVEL] [--save FILE] "
               "[--OPTION=N ...]\n"
               "  GAME: %s; options: see `alphadeck games`\n"
               "  On a terminal the game is full-screen; --plain (or no terminal) plays it in\n"
               "  lines. Without a terminal Shout runs on a clock that only moves between your\n"
               "  lines: see docs/play.md. --speak reads the game aloud with espeak-ng.\n", games);
}

int ad_cli_play(int argc, char **argv)
{
    const char *game = PLAY_DEFAULT_GAME, *bots = NULL, *save = NULL, *seeded = NULL;
    const char *standin = "basic";
    long long players = 4, seat = 0, pace = -1, answer_ms = -1, turn_ms = 0;
    unsigned long long seed = 0;
    int plain = !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO), speak = 0;
    ad_term_speaker speaker = {0};
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
        } else if (strcmp(a, "--speak") == 0) {
            speak = 1;
        } else if (strcmp(a, "--pace") == 0 && val) {
            pace = ad_cli_number(argv[++i]);
            if (pace < 0 || pace > 60000) {
                fprintf(stderr, "alphadeck: --pace takes milliseconds, 0 to 60000\n");
                goto done;
            }
        } else if (strcmp(a, "--answer-ms") == 0 && val) {
            answer_ms = ad_cli_number(argv[++i]);
            if (answer_ms < 0 || answer_ms > 3600000) {
                fprintf(stderr, "alphadeck: --answer-ms takes milliseconds, 0 (untimed) to "
                                "3600000\n");
                goto done;
            }
        } else if (strcmp(a, "--turn-ms") == 0 && val) {
            turn_ms = ad_cli_number(argv[++i]);
            if (turn_ms < 0 || turn_ms > 86400000) {
                fprintf(stderr, "alphadeck: --turn-ms takes milliseconds, 0 (untimed) to "
                                "86400000\n");
                goto done;
            }
        } else if (strcmp(a, "--standin") == 0 && val) {
            standin = argv[++i];
        } else if (strcmp(a, "--players") == 0 && val) {
            players = ad_cli_number(argv[++i]);
            if (players < 0) {
                fprintf(stderr, "alphadeck: --players takes a whole number, not \"%.40s\"\n",
                        argv[i]);
                goto done;
            }
        } else if (strcmp(a, "--seat") == 0 && val) {
            seat = ad_cli_number(argv[++i]);
        } else if (strcmp(a, "--seed") == 0 && val) {
            seeded = argv[++i];
            if (ad_cli_option_in("play", a, seeded, 0, UINT64_MAX, &seed) < 0)
                goto done;
        } else if (strcmp(a, "--bots") == 0 && val) {
            bots = argv[++i];
        } else if (strcmp(a, "--save") == 0 && val) {
            save = argv[++i];
        } else if (a[0] == '-' && a[1] == '-' && strchr(a, '=')) {
            char name[64];
            const char *eq = strchr(a, '=');
            snprintf(name, sizeof name, "%.*s", (int)(eq - a - 2), a + 2);
            long long x = ad_cli_number(eq + 1);
            int named = x < 0 && eq[1] && strspn(eq + 1, "abcdefghijklmnopqrstuvwxyz") == strlen(eq + 1);
            if (x < 0 && !named) {
                fprintf(stderr, "alphadeck: %s: the option's value must be a whole number "
                                "(or the name of one, as --words=full)\n", a);
                goto done;
            }
            /* a name ("full") is the game's to check, as a number's range is */
            json_object_set_new(opts, name, named ? json_string(eq + 1) : json_integer(x));
        } else {
            fprintf(stderr, "alphadeck: play: unknown argument \"%s\"\n", a);
            usage(stderr);
            goto done;
        }
    }
    ad_err se;
    if (save && ad_record_check(save, &se) < 0) { /* now, not after the whole game */
        fprintf(stderr, "alphadeck: --save: %s\n", se.text);
        goto done;
    }
    player p;
    memset(&p, 0, sizeof p);
    linein_init(&p.in, STDIN_FILENO);
    p.out = stdout;
    p.g = ad_game_find(game);
    p.rules = p.g ? play_rules_for(p.g) : NULL;
    if (!p.rules) {
        char games[160];
        game_ids(games, sizeof games, NULL, NULL);
        fprintf(stderr, "alphadeck: there is no game \"%s\" (try: %s)\n", game, games);
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
    snprintf(p.levels[p.human], sizeof p.levels[p.human], "%s", PLAY_DEFAULT_LEVEL);
    /* --bots: one level for every bot, or one per bot in seat order (skipping
     * you); the default: the level `auto` plays for you */
    {
        char list[AD_MAX_SEATS][AD_CLI_LEVEL_LEN];
        int n = ad_cli_bot_levels("play", p.g, bots ? bots : PLAY_DEFAULT_LEVEL, p.players - 1,
                                  AD_CLI_LEVELS_PER_SEAT, list);
        if (n < 0)
            goto done;
        for (int s = 0, k = 0; s < p.players; s++)
            if (s != p.human)
                memcpy(p.levels[s], list[n == 1 ? 0 : k++], sizeof p.levels[s]);
    }
    /* "human": which seat was the person's, so a replay can call it "You" */
    json_t *req = json_pack("{s:s,s:i,s:O,s:i}", "game", p.g->id, "players", p.players, "options",
                            opts, "human", p.human);
    if (seeded)
        json_object_set_new(req, "seed", ad_seed_to_json(seed));
    ad_err e;
    ad_table *t = ad_table_new(req, &e);
    json_decref(req);
    if (!t) {
        fprintf(stderr, "alphadeck: %s\n", e.text);
        goto done;
    }
    int full_screen = !plain && tui_supports(p.g);
    /* the table's clocks: line mode waits for the person unless asked not
     * to; the full screen gives 10 s to answer a claim and bots a pause */
    ad_director_opts dopts = ad_director_defaults();
    dopts.answer_ms = (int)(answer_ms >= 0 ? answer_ms : full_screen ? 10000 : 0);
    dopts.turn_ms = (int)turn_ms;
    dopts.pause_ms = (int)(pace >= 0 ? pace : full_screen ? 900 : 0);
    dopts.inline_bots = 1;
    dopts.json = 1; /* each step's events as JSON, made when it was applied */
    snprintf(dopts.standin, sizeof dopts.standin, "%s", standin);
    ad_seat_cfg seats[AD_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < p.players; s++) {
        seats[s].person = s == p.human;
        snprintf(seats[s].level, sizeof seats[s].level, "%s", p.levels[s]);
    }
    play_clock_start(&p);
    if (speak) { /* read aloud: the library's lines to espeak-ng, if it is there */
        ad_term_speaker_open(&speaker, stderr);
        p.clock.speak = &speaker;
    }
    if (strlen(standin) >= sizeof dopts.standin || !ad_bot_available(p.g, standin, &e)) {
        fprintf(stderr, "alphadeck: --standin: %s\n",
                strlen(standin) >= sizeof dopts.standin ? "there is no such level" : e.text);
        ad_table_free(t);
        goto done;
    }
    p.d = ad_director_new(t, seats, &dopts, 0, &e);
    if (!p.d) {
        fprintf(stderr, "alphadeck: %s\n", e.text);
        ad_table_free(t);
        goto done;
    }
    p.t = ad_director_table(p.d);
    p.clock.d = p.d;
    ad_rng_seed(&p.bot_rng, ad_table_seed(p.t) ^ 0x5eedb0750000ULL);
    /* Ctrl-C, a kill or a closed terminal ends the game as `q` does, and
     * its record is still written */
    linein_catch_stop_signals();

    rc = 0;
    if (full_screen) {
        tui_setup ts = {.d = p.d, .t = p.t, .human = p.human,
                        .levels = (const char (*)[16])p.levels, .bot_rng = &p.bot_rng,
                        .speak = p.clock.speak};
        int r = tui_play(&ts);
        if (r != TUI_LINES) {
            if (records_save_told(p.d, save, p.out) < 0)
                rc = 1;
            ad_director_free(p.d);
            goto done;
        } /* else the terminal cannot draw the screen: the game goes on in lines */
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
    if (records_save_told(p.d, save, p.out) < 0)
        rc = 1;
    ad_director_free(p.d);
done:
    ad_term_speaker_close(&speaker);
    if (linein_stop_signal())
        rc = 128 + linein_stop_signal(); /* the shell's way to tell a stop by a signal */
    json_decref(opts);
    return rc;
}
