/*
 * play_shout.c - Shout a Word in `alphadeck play`, in real time.  The
 * human types a word and the client finds the table cards that spell it
 * (shout_cards.h); the bots shout when their reaction time (docs/bots.md)
 * comes, the soonest first, and the dealer deals deal_ms after the table
 * last changed.  Two clocks drive the same race:
 *  - in a terminal, the wall clock: stdin is polled with a timeout to the
 *    next bot action, deal or the end of the final window;
 *  - otherwise (tests, pipes) a virtual clock that only moves between the
 *    human's lines, so the output depends only on the seed and the input.
 *    Each line is read the moment the table last changed, before any bot.
 *    A word, `deal` or `pass` acts at that moment; a blank line (or `auto`)
 *    lets time run to the next thing that happens.  No line is read while
 *    the human may not act (the table is empty and a bot deals, or the
 *    human has passed).
 */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "play.h"
#include "shout_cards.h"

#define SPELL_MAX AD_ACTION_MAX_CARDS

/* ---------------------------------------------------------------- race */

typedef struct race {
    double now;        /* ms since the game began, on the clock in use */
    double changed_at; /* when the table last changed */
    double final_at;   /* when the final window opened; < 0: not open */
    int fresh;         /* the table changed: ask the bots again */
    int pending[AD_MAX_SEATS];
    double due[AD_MAX_SEATS];
    ad_action act[AD_MAX_SEATS];
} race;

enum { NEXT_NONE, NEXT_SEAT, NEXT_CLOSE };

static int int_of(const json_t *v, const char *key)
{
    return (int)json_integer_value(json_object_get(v, key));
}

static int may_act(const player *p, int seat)
{
    return (p->g->to_act(ad_table_state(p->t)) >> seat) & 1;
}

/* The table changed: when it did, and what each bot would do and when.
 * A human dealer's next card comes at the game's pace too, unless they
 * deal sooner.  Returns -1 when a bot fails. */
static int race_refresh(player *p, race *r)
{
    json_t *v = play_view(p);
    const char *phase = json_string_value(json_object_get(v, "phase"));
    int final = phase && strcmp(phase, "final") == 0;
    r->changed_at = r->now;
    if (!final)
        r->final_at = -1;
    else if (r->final_at < 0)
        r->final_at = r->now;
    r->fresh = 0;
    int rc = 0;
    for (int s = 0; s < p->players; s++) {
        r->pending[s] = 0;
        if (!may_act(p, s))
            continue;
        if (s == p->human) {
            if (!final && int_of(v, "dealer") == s) {
                ad_err e;
                json_t *deal = json_pack("{s:s}", "type", "deal");
                r->pending[s] = p->g->action_from_json(ad_table_state(p->t), deal, &r->act[s],
                                                       &e) == 0;
                r->due[s] = r->now + int_of(v, "deal_ms");
                json_decref(deal);
            }
            continue;
        }
        double react = 0;
        int b = play_bot_choose(p, s, &r->act[s], &react);
        if (b < 0)
            rc = -1;
        r->pending[s] = b == 0;
        r->due[s] = r->now + react;
    }
    json_decref(v);
    return rc;
}

/* `auto`: the computer's choice for the human joins the race. */
static void race_auto(player *p, race *r)
{
    double react = 0;
    if (!may_act(p, p->human) || play_bot_choose(p, p->human, &r->act[p->human], &react) != 0)
        return;
    r->pending[p->human] = 1;
    r->due[p->human] = r->changed_at + react < r->now ? r->now : r->changed_at + react;
}

/* What happens next and when: the soonest action (exact ties go to the
 * seat nearest the dealer's left), or the end of the final window. */
static int race_next(player *p, const race *r, int *seat, double *when)
{
    json_t *v = play_view(p);
    int dealer = int_of(v, "dealer"), kind = NEXT_NONE;
    double final_ms = int_of(v, "final_ms");
    json_decref(v);
    for (int i = 1; i <= p->players; i++) {
        int s = (dealer + i) % p->players;
        if (r->pending[s] && (kind == NEXT_NONE || r->due[s] < *when)) {
            kind = NEXT_SEAT;
            *seat = s;
            *when = r->due[s];
        }
    }
    if (r->final_at >= 0 && (kind == NEXT_NONE || r->final_at + final_ms < *when)) {
        kind = NEXT_CLOSE;
        *when = r->final_at + final_ms;
    }
    return kind;
}

/* Makes the next thing happen.  Returns -1 when an action fails. */
static int race_step(player *p, race *r, int kind, int seat)
{
    ad_err e;
    r->fresh = 1;
    if (kind == NEXT_SEAT) {
        r->pending[seat] = 0;
        if (play_act(p, seat, &r->act[seat], &e) < 0) {
            fprintf(stderr, "alphadeck: %s could not act: %s\n", play_name(p, seat), e.text);
            return -1;
        }
        return 0;
    }
    /* the final window's time is up: whoever has not passed passes */
    fprintf(p->out, "Time is up for the final window.\n");
    json_t *v = play_view(p), *pass = json_pack("{s:s}", "type", "pass");
    int dealer = int_of(v, "dealer");
    json_decref(v);
    for (int i = 1; i <= p->players; i++) {
        int s = (dealer + i) % p->players;
        if (may_act(p, s) && play_act_json(p, s, pass, &e) < 0) {
            json_decref(pass);
            return -1;
        }
    }
    json_decref(pass);
    return 0;
}

/* ------------------------------------------------------------ display */

static void show(player *p)
{
    json_t *v = play_view(p);
    int dealer = int_of(v, "dealer");
    fprintf(p->out, "  Round %d of %d (%s %s); %d cards in the deck; a word needs %lld cards.\n",
            int_of(v, "round"), int_of(v, "rounds"), play_name(p, dealer),
            dealer == p->human ? "deal" : "deals", int_of(v, "deck_count"),
            (long long)json_integer_value(
                json_array_get(json_object_get(v, "need"), (size_t)p->human)));
    const json_t *table = json_object_get(v, "table"), *won = json_object_get(v, "won");
    const json_t *scores = json_object_get(v, "scores");
    fprintf(p->out, "  Table:");
    size_t i;
    const json_t *c;
    json_array_foreach(table, i, c) fprintf(p->out, " %s",
                                            json_string_value(json_object_get(c, "card")));
    fprintf(p->out, "%s\n  Cards won:", json_array_size(table) ? "" : " (empty)");
    for (int s = 0; s < p->players; s++)
        fprintf(p->out, "%s %s %lld", s ? "," : "", play_name(p, s),
                (long long)json_integer_value(json_array_get(won, (size_t)s)));
    fprintf(p->out, "; points:");
    for (int s = 0; s < p->players; s++)
        fprintf(p->out, "%s %s %lld", s ? "," : "", play_name(p, s),
                (long long)json_integer_value(json_array_get(scores, (size_t)s)));
    fprintf(p->out, ".\n");
    json_decref(v);
}

static void help(player *p)
{
    fprintf(p->out,
            "Type a word the table cards spell and press Enter: the client finds the cards "
            "(a double\ncard such as TH is used as printed, a wild * for any one letter) and "
            "shouts it. A word\nthat is not in the dictionary gives every other player a "
            "card.\n"
            "  say WORD    shout a word that is also a command (say pass)\n"
            "  deal        when you deal: the next card now (it comes by itself anyway)\n"
            "  pass        in the final window, when you see no more words\n"
            "  Enter       wait%s\n"
            "  auto        let the computer shout for you if it sees a word; help; quit\n",
            isatty(fileno(p->in)) ? "" : " (without a terminal: let time run to what "
                                         "happens next)");
}

static int prompt(player *p, char *buf, size_t len)
{
    json_t *v = play_view(p);
    const char *phase = json_string_value(json_object_get(v, "phase"));
    if (phase && strcmp(phase, "final") == 0)
        snprintf(buf, len, "Final window: a word, or pass> ");
    else if (int_of(v, "dealer") == p->human)
        snprintf(buf, len, "A word, or deal (Enter waits)> ");
    else
        snprintf(buf, len, "A word (Enter waits)> ");
    json_decref(v);
    return 1;
}

/* ------------------------------------------------------------- input */

static int parse(player *p, const char *line, json_t **action, char *why, size_t len)
{
    char w[128];
    play_trim(line, w, sizeof w);
    for (char *c = w; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    if (!w[0])
        return PLAY_SHOW;
    json_t *v = play_view(p);
    const char *phase = json_string_value(json_object_get(v, "phase"));
    int final = phase && strcmp(phase, "final") == 0, dealer = int_of(v, "dealer");
    int rc = PLAY_BAD;
    if (strcmp(w, "deal") == 0 || strcmp(w, "d") == 0) {
        if (dealer != p->human)
            snprintf(why, len, "%s deals this round, not you.", play_name(p, dealer));
        else if (final)
            snprintf(why, len, "The deck is empty: there is nothing left to deal.");
        else
            rc = PLAY_ACT, *action = json_pack("{s:s}", "type", "deal");
    } else if (strcmp(w, "pass") == 0) {
        if (!final)
            snprintf(why, len, "You may pass only in the final window, once the deck is empty.");
        else if (!may_act(p, p->human))
            snprintf(why, len, "You have passed already.");
        else
            rc = PLAY_ACT, *action = json_pack("{s:s}", "type", "pass");
    } else {
        const char *word = strncmp(w, "say ", 4) == 0 ? w + 4 : w;
        while (*word == ' ')
            word++;
        size_t n = strlen(word), k = 0;
        while (k < n && isalpha((unsigned char)word[k]))
            k++;
        int ids[SPELL_MAX], cards = 0;
        int need = (int)json_integer_value(
            json_array_get(json_object_get(v, "need"), (size_t)p->human));
        if (n == 0 || k != n || n >= AD_WORD_MAX)
            snprintf(why, len, "A word is letters a-z only, at most %d of them.", AD_WORD_MAX - 1);
        else if (!may_act(p, p->human))
            snprintf(why, len, "%s", final ? "You have passed: you may not shout any more."
                                            : "There is nothing on the table yet.");
        else if ((cards = shout_table_spell(json_object_get(v, "table"), word, ids, SPELL_MAX)) == 0)
            snprintf(why, len, "The table cannot spell \"%s\".", word);
        else if (cards < need)
            snprintf(why, len, "\"%s\" takes only %d card%s here; a word needs %d.", word, cards,
                     cards == 1 ? "" : "s", need);
        else {
            json_t *list = json_array();
            for (int i = 0; i < cards; i++)
                json_array_append_new(list, json_integer(ids[i]));
            *action = json_pack("{s:s,s:o,s:s}", "type", "claim", "cards", list, "word", word);
            rc = PLAY_ACT;
        }
    }
    json_decref(v);
    return rc;
}

enum { LINE_QUIT = -1, LINE_STAY = 0, LINE_WAIT = 1, LINE_ACTED = 2 };

/* One line the human typed, at r->now. */
static int take_line(player *p, race *r, const char *line)
{
    char w[32], why[200];
    play_trim(line, w, sizeof w);
    if (!w[0])
        return LINE_WAIT;
    switch (play_command(line)) {
    case 'q':
        return LINE_QUIT;
    case 'h':
        help(p);
        return LINE_STAY;
    case 'a':
        race_auto(p, r);
        return LINE_WAIT;
    }
    json_t *action = NULL;
    if (parse(p, line, &action, why, sizeof why) != PLAY_ACT) {
        fprintf(p->out, "  %s\n", why);
        return LINE_STAY;
    }
    ad_err e;
    int rc = play_act_json(p, p->human, action, &e);
    json_decref(action);
    if (rc < 0) {
        play_say_error(p, &e);
        return LINE_STAY;
    }
    r->fresh = 1;
    return LINE_ACTED;
}

/* --------------------------------------------------------------- loops */

static int over(const player *p)
{
    return p->g->is_over(ad_table_state(p->t));
}

/* Without a terminal: time moves only to the next thing that happens. */
static int run_virtual(player *p, race *r)
{
    char line[256], pr[128];
    while (!over(p)) {
        if (r->fresh && race_refresh(p, r) < 0)
            return -1;
        if (may_act(p, p->human)) {
            prompt(p, pr, sizeof pr);
            show(p);
            int got;
            do {
                if (!play_ask(p, pr, line, sizeof line))
                    return -1;
                got = take_line(p, r, line);
            } while (got == LINE_STAY);
            if (got == LINE_QUIT)
                return -1;
            if (got == LINE_ACTED)
                continue;
        }
        int seat = -1, kind;
        double when = 0;
        if ((kind = race_next(p, r, &seat, &when)) == NEXT_NONE)
            return -1; /* nothing can happen: should not be */
        r->now = when;
        if (race_step(p, r, kind, seat) < 0)
            return -1;
    }
    return 0;
}

static double wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* In a terminal: the wall clock, and stdin polled until the next thing. */
static int run_terminal(player *p, race *r)
{
    char buf[1024], pr[128];
    size_t have = 0;
    double start = wall_ms();
    while (!over(p)) {
        r->now = wall_ms() - start;
        if (r->fresh) {
            if (race_refresh(p, r) < 0)
                return -1;
            show(p);
            prompt(p, pr, sizeof pr);
            fprintf(p->out, "%s", pr);
            fflush(p->out);
        }
        int seat = -1, kind;
        double when = 0;
        kind = race_next(p, r, &seat, &when);
        int timeout = kind == NEXT_NONE ? -1 : when <= r->now ? 0 : (int)(when - r->now) + 1;
        struct pollfd pfd = {.fd = fileno(p->in), .events = POLLIN};
        int ready = poll(&pfd, 1, timeout);
        if ((ready < 0 && errno != EINTR) || play_stop_signal())
            return -1;
        r->now = wall_ms() - start;
        if (ready > 0) {
            ssize_t got = read(pfd.fd, buf + have, sizeof buf - 1 - have);
            if (got <= 0)
                return -1; /* end of input */
            have += (size_t)got;
            buf[have] = 0;
            char *nl;
            while ((nl = strchr(buf, '\n')) != NULL) {
                *nl = 0;
                int rc = take_line(p, r, buf);
                memmove(buf, nl + 1, have - (size_t)(nl + 1 - buf) + 1);
                have = strlen(buf);
                if (rc == LINE_QUIT)
                    return -1;
                if (rc != LINE_ACTED) {
                    fprintf(p->out, "%s", pr);
                    fflush(p->out);
                }
            }
            if (have == sizeof buf - 1)
                have = 0; /* a line too long to be a word: dropped */
            continue;
        }
        if (kind != NEXT_NONE && when <= r->now && race_step(p, r, kind, seat) < 0)
            return -1;
    }
    return 0;
}

static int run(player *p)
{
    race r;
    memset(&r, 0, sizeof r);
    r.final_at = -1;
    r.fresh = 1;
    return isatty(fileno(p->in)) ? run_terminal(p, &r) : run_virtual(p, &r);
}

static void result(player *p)
{
    json_t *v = play_view(p);
    const json_t *w = json_object_get(v, "winner");
    fputc('\n', p->out);
    if (json_is_integer(w)) {
        int s = (int)json_integer_value(w);
        fprintf(p->out, "%s %s the game!\n", play_name(p, s), s == p->human ? "win" : "wins");
    } else {
        char names[200];
        size_t used = 0, n = json_array_size(w);
        names[0] = 0;
        for (size_t i = 0; i < n && used < sizeof names; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                     i == 0 ? "" : i + 1 == n ? " and " : ", ",
                                     play_name(p, (int)json_integer_value(json_array_get(w, i))));
        fprintf(p->out, "%s win the game together!\n", names);
    }
    const json_t *scores = json_object_get(v, "scores"), *total = json_object_get(v, "won_total");
    fprintf(p->out, "  Points:");
    for (int s = 0; s < p->players; s++)
        fprintf(p->out, "%s %s %lld", s ? "," : "", play_name(p, s),
                (long long)json_integer_value(json_array_get(scores, (size_t)s)));
    fprintf(p->out, "; cards won in all rounds:");
    for (int s = 0; s < p->players; s++)
        fprintf(p->out, "%s %s %lld", s ? "," : "", play_name(p, s),
                (long long)json_integer_value(json_array_get(total, (size_t)s)));
    fprintf(p->out, ".\n");
    json_decref(v);
}

const play_rules play_shout = {
    .game = "shout",
    .auto_level = "basic",
    .show = show,
    .help = help,
    .prompt = prompt,
    .parse = parse,
    .result = result,
    .run = run,
};
