/*
 * play_shout.c - Shout a Word in `alphadeck play`, in real time.  The
 * human types a word and the client finds the table cards that spell it
 * (shout_cards.h).  The race (the bots' reaction times, the dealer's clock,
 * the final window) is the director's; this client gives it one of two
 * clocks:
 *  - in a terminal, the wall clock: stdin is polled until the director's
 *    next wake;
 *  - otherwise (tests, pipes) a virtual clock that only moves between the
 *    human's lines, so the output depends only on the seed and the input.
 *    Each line is read the moment the table last changed, before any bot.
 *    A word, `deal`, `pass` or `auto` acts at that moment; a blank line
 *    (or `auto` with no word to shout) lets time run to the director's next
 *    wake.  No line is read while the human may not act (the table is
 *    empty and a bot deals, or the human has passed).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play.h"
#include "shout_cards.h"

static int int_of(const json_t *v, const char *key)
{
    return (int)json_integer_value(json_object_get(v, key));
}

/* ------------------------------------------------------------ display */

static void show(player *p)
{
    json_t *v = play_view(p);
    int dealer = int_of(v, "dealer");
    int deck = int_of(v, "deck_count");
    /* a replay seen from above has no seat of its own: the first seat's need */
    fprintf(p->out, "  Round %d of %d (%s %s); %d card%s in the deck; a word needs %lld cards.\n",
            int_of(v, "round"), int_of(v, "rounds"), play_name(p, dealer),
            dealer == p->human ? "deal" : "deals", deck, deck == 1 ? "" : "s",
            (long long)json_integer_value(json_array_get(json_object_get(v, "need"),
                                                         (size_t)(p->human >= 0 ? p->human : 0))));
    const json_t *table = json_object_get(v, "table"), *won = json_object_get(v, "won");
    const json_t *scores = json_object_get(v, "scores");
    fprintf(p->out, "  Table:");
    size_t i;
    const json_t *c;
    json_array_foreach(table, i, c) fprintf(p->out, " %s",
                                            json_string_value(json_object_get(c, "card")));
    fprintf(p->out, "%s\n  Cards won:", json_array_size(table) ? "" : " (empty)");
    play_per_seat(p, won);
    fprintf(p->out, "; points:");
    play_per_seat(p, scores);
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
            "  hint        the best words on the table now (after a round: those nobody took)\n"
            "  auto        let the computer shout for you if it sees a word; help; quit\n",
            isatty(p->in.fd) ? "" : " (without a terminal: let time run to what "
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
        else if (!play_my_move(p))
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
        if (n == 0 || k != n || n >= AD_WORD_MAX)
            snprintf(why, len, "A word is letters a-z only, at most %d of them.", AD_WORD_MAX - 1);
        else if (!play_my_move(p))
            snprintf(why, len, "%s", final ? "You have passed: you may not shout any more."
                                            : "There is nothing on the table yet.");
        else if ((*action = shout_word_claim(v, p->human, word, why, len)) != NULL)
            rc = PLAY_ACT;
    }
    json_decref(v);
    return rc;
}

enum { LINE_QUIT = -1, LINE_STAY = 0, LINE_WAIT = 1, LINE_ACTED = 2 };

/* One line the human typed, now. */
static int take_line(player *p, const char *line)
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
    case 'i':
        ad_term_play_hint(p);
        return LINE_STAY;
    case 'a': {
        uint32_t before = ad_director_version(p->d);
        if (play_auto(p) < 0)
            return LINE_QUIT;
        return ad_director_version(p->d) != before ? LINE_ACTED : LINE_WAIT;
    }
    }
    json_t *action = NULL;
    if (parse(p, line, &action, why, sizeof why) != PLAY_ACT) {
        fprintf(p->out, "  %s\n", why);
        return LINE_STAY;
    }
    ad_err e;
    int rc = play_act_json(p, action, &e);
    json_decref(action);
    if (rc < 0) {
        play_say_error(p, &e);
        return LINE_STAY;
    }
    return LINE_ACTED;
}

/* --------------------------------------------------------------- loops */

static int over(const player *p)
{
    return p->g->is_over(ad_table_state(p->t));
}

/* Without a terminal: time moves only to the director's next wake. */
static int run_virtual(player *p)
{
    char line[256], pr[128];
    p->clock.is_virtual = 1;
    p->clock.vnow = 0;
    while (!over(p)) {
        if (play_advance(p) < 0)
            return -1;
        if (over(p))
            break;
        if (play_my_move(p)) {
            prompt(p, pr, sizeof pr);
            show(p);
            int got;
            do {
                if (play_ask(p, pr, line, sizeof line) != PLAY_LINE)
                    return -1;
                got = take_line(p, line);
            } while (got == LINE_STAY);
            if (got == LINE_QUIT)
                return -1;
            if (got == LINE_ACTED)
                continue;
        }
        if (p->clock.wake_ms == AD_DIRECTOR_NEVER)
            return -1; /* nothing can happen: should not be */
        p->clock.vnow = p->clock.wake_ms;
    }
    return 0;
}

/* In a terminal: the wall clock, and the keys waited for until the
 * director's next wake.  The person's line is edited here (linein.h), so a
 * card dealt while they type is printed in place of their half-typed line,
 * which is shown again below the position. */
static int run_terminal(player *p)
{
    char line[256], pr[128];
    uint32_t shown = UINT32_MAX;
    int rc = 0;
    linein_edit_start(&p->in, "");
    while (!over(p)) {
        ad_director_out out;
        ad_err e;
        int a = ad_term_clock_advance(&p->clock, &out, &e);
        if (out.n)
            linein_edit_hide(&p->in, p->out);
        play_tell(p, &out);
        if (a < 0) {
            fprintf(stderr, "alphadeck: the computer player failed: %s\n", e.text);
            rc = -1;
            break;
        }
        if (over(p))
            break;
        if (shown != ad_director_version(p->d)) {
            shown = ad_director_version(p->d);
            show(p);
            prompt(p, pr, sizeof pr);
            linein_edit_prompt(&p->in, pr);
            linein_edit_show(&p->in, p->out);
        }
        int ready = linein_ready(&p->in, play_until_wake(p));
        if (ready < 0) { /* a stop signal */
            rc = -1;
            break;
        }
        if (ready == 0)
            continue;
        int got = linein_edit_step(&p->in, p->out, line, sizeof line);
        if (got == LINEIN_END) {
            rc = -1;
            break;
        }
        if (got != LINEIN_LINE)
            continue;
        int took = take_line(p, line);
        if (took == LINE_QUIT) {
            rc = -1;
            break;
        }
        if (took != LINE_ACTED)
            linein_edit_show(&p->in, p->out);
    }
    linein_edit_stop(&p->in);
    return rc;
}

static int run(player *p)
{
    return isatty(p->in.fd) ? run_terminal(p) : run_virtual(p);
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
    play_per_seat(p, scores);
    fprintf(p->out, "; cards won in all rounds:");
    play_per_seat(p, total);
    fprintf(p->out, ".\n");
    json_decref(v);
}

const play_rules play_shout = {
    .family = "shout",
    .show = show,
    .help = help,
    .prompt = prompt,
    .parse = parse,
    .result = result,
    .run = run,
};
