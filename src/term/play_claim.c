/*
 * play_claim.c - No Way and I Doubt It in `alphadeck play`.  On a turn the
 * human lays cards down ("C K say M"); in a challenge window they answer
 * y or n.  Who is asked when (a window asks every other seat at once, a
 * race) is the director's; the terminal asks its one person for an answer
 * and does not offer playing on (director.h), which is for tables of
 * several people.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "claim_facts.h"
#include "play.h"

/* The game's facts: whether a play may name another class, what a
 * challenge calls. */
static const ad_term_claim *facts(const player *p)
{
    return ad_term_claim_of(p->g);
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
    char turn[64];
    play_turn_text(v, turn, sizeof turn);
    turn[0] = (char)tolower((unsigned char)turn[0]);
    fprintf(p->out, "; pile %lld%s%s.\n",
            (long long)json_integer_value(json_object_get(v, "pile_count")), turn[0] ? "; " : "",
            turn);
    if (json_object_get(v, "hand")) { /* not in a replay seen from above */
        char hand[600];
        play_cards(json_object_get(v, "hand"), hand, sizeof hand);
        fprintf(p->out, "  Your hand: %s\n", hand);
    }
    json_decref(v);
}

/* Each game's own commands, and no other: No Way may name another letter;
 * I Doubt It may pass only when the game allows it. */
static void help(player *p)
{
    json_t *v = play_view(p);
    int can_pass = json_is_true(json_object_get(v, "allow_pass"));
    json_decref(v);
    if (!facts(p)->say_free) {
        fprintf(p->out, "On your turn type the cards to lay down, e.g. \"7H 7S\" (announced as "
                        "the call).\n");
        if (can_pass)
            fprintf(p->out, "Or type pass to lay nothing down and say you have none (\"no "
                            "sevens\").\n");
    } else {
        fprintf(p->out, "On your turn type the cards to lay down, e.g. \"C C\". To name another "
                        "letter\nthan the call add \"say X\", e.g. \"C K say M\" (a lie in "
                        "itself if challenged).\n");
    }
    fprintf(p->out,
            "In a challenge window answer y to call \"%s\", or n to let the play stand\n"
            "(Enter alone does too).\n"
            "Also: hint (what your own cards tell you about this move: how likely the claim\n"
            "is a lie, your truthful plays, the odds a bluff is called), auto (the computer\n"
            "chooses this move for you), hand (the table again), help, quit.\n",
            facts(p)->objection);
}

static int prompt(player *p, char *buf, size_t len)
{
    json_t *v = play_view(p);
    int window = in_window(v);
    if (window)
        snprintf(buf, len, "Call \"%s\"? [y/N]> ", facts(p)->objection);
    else
        snprintf(buf, len, "Your turn: the call is %s. Lay down 1-%lld cards> ",
                 json_string_value(json_object_get(v, "call")),
                 (long long)json_integer_value(json_object_get(v, "max_cards")));
    json_decref(v);
    return !window;
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
    char w[256];
    play_trim(line, w, sizeof w);
    json_t *v = play_view(p);
    int window = in_window(v);
    json_decref(v);
    if (strcmp(w, "hand") == 0)
        return PLAY_SHOW;
    if (window) {
        /* only a plain yes calls and only a plain no (or Enter) lets the
         * play stand: cards typed early, or "maybe", are asked again */
        for (char *c = w; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        int yes = strcmp(w, "y") == 0 || strcmp(w, "yes") == 0;
        if (!yes && w[0] && strcmp(w, "n") && strcmp(w, "no")) {
            snprintf(why, len, "Answer y to call \"%s\" (the cards laid are shown), or n or Enter "
                               "alone to let the play stand.",
                     facts(p)->objection);
            return PLAY_BAD;
        }
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

const play_rules play_claim = {
    .family = "claim",
    .show = show,
    .help = help,
    .prompt = prompt,
    .parse = parse,
    .result = result,
};
