/*
 * tui_shout.c - Shout a Word in the full-screen client, on a clock.  The
 * dealer turns a card up every deal_ms; each bot says when it would shout
 * after the table last changed (its reaction time, ad_bot_opts.react_ms),
 * and the soonest acts when that moment comes unless the player's word
 * arrives first.  The player types a word and Enter; the client finds
 * which table cards spell it (shout_cards.h) and claims them in order.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shout_cards.h"
#include "tui_impl.h"

static int face_pair(const char *card)
{
    if (!card || !card[0] || card[0] == '*')
        return C_WARN;
    return tui_letter_colour(card[0]);
}

static void draw(tui *t, const json_t *v)
{
    const json_t *table = json_object_get(v, "table");
    char line[TUI_W];
    int final = strcmp(tui_str(v, "phase"), "final") == 0;
    tui_frame(1, 0, 8, COLS, "Table");
    int x = 2, y = 2;
    for (size_t i = 0; i < json_array_size(table); i++) {
        const char *c = tui_str(json_array_get(table, i), "card");
        if (x + (int)strlen(c) + 2 > COLS - 2) {
            x = 2;
            if (++y > 6)
                break;
        }
        tui_put(y, x, face_pair(c), A_BOLD, c);
        x += (int)strlen(c) + 2;
    }
    if (json_array_size(table) == 0)
        tui_put(2, 2, C_DIM, 0, "(no cards on the table)");
    /* the players: cards won this round and in all, who deals */
    const json_t *won = json_object_get(v, "won"), *total = json_object_get(v, "won_total"),
                 *scores = json_object_get(v, "scores"), *need = json_object_get(v, "need");
    int dealer = (int)tui_int(v, "dealer");
    x = 0;
    for (int s = 0; s < t->players; s++) {
        snprintf(line, sizeof line, "%s%s %ld (%ld) %ldpt", s == dealer ? "*" : " ",
                 narrate_name(&t->nar, s), (long)json_integer_value(json_array_get(won, (size_t)s)),
                 (long)json_integer_value(json_array_get(total, (size_t)s)),
                 (long)json_integer_value(json_array_get(scores, (size_t)s)));
        if (x + (int)strlen(line) >= COLS)
            break;
        tui_put(9, x, s == t->ts->human ? C_TURN : 0, s == t->ts->human ? A_BOLD : 0, line);
        x += (int)strlen(line) + 2;
    }
    snprintf(line, sizeof line, "Round %ld/%ld, * deals; cards won (all rounds); deck %ld; words of "
             "%ld+ cards%s",
             tui_int(v, "round"), tui_int(v, "rounds"), tui_int(v, "deck_count"),
             (long)json_integer_value(json_array_get(need, (size_t)t->ts->human)),
             final ? "; FINAL WINDOW" : "");
    tui_put(10, 0, C_DIM, 0, line);
    tui_draw_log(t, 11, 0, LINES - 13, COLS);
    mvprintw(LINES - 2, 0, "Your word: %s_", t->text);
}

/* The table cards that spell word, as a JSON array of ids in word order
 * (NULL when the table cannot spell it). */
static json_t *find_cards(const json_t *table, const char *word)
{
    int ids[AD_ACTION_MAX_CARDS];
    int n = shout_table_spell(table, word, ids, AD_ACTION_MAX_CARDS);
    if (n == 0)
        return NULL;
    json_t *out = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(out, json_integer(ids[i]));
    return out;
}

/* The player's word, when Enter is pressed: a claim, a pass (an empty
 * word in the final window), or a message.  Returns 1 when the game
 * changed. */
static int shout(tui *t)
{
    json_t *v = tui_view(t);
    ad_err e;
    int changed = 0;
    if (!t->text[0]) {
        if (strcmp(tui_str(v, "phase"), "final") == 0) {
            changed = tui_act_json(t, t->ts->human, json_pack("{s:s}", "type", "pass"), &e) == 0;
            if (!changed)
                snprintf(t->status, sizeof t->status, "%s.", e.text);
        }
        json_decref(v);
        return changed;
    }
    json_t *ids = find_cards(json_object_get(v, "table"), t->text);
    if (!ids) {
        snprintf(t->status, sizeof t->status, "The table cannot spell \"%s\". Type another word.",
                 t->text);
    } else if (tui_act_json(t, t->ts->human,
                            json_pack("{s:s,s:o,s:s}", "type", "claim", "cards", ids, "word", t->text),
                            &e) < 0) {
        snprintf(t->status, sizeof t->status, "%s.", e.text);
    } else {
        t->status[0] = 0;
        changed = 1;
    }
    t->text[0] = 0;
    json_decref(v);
    return changed;
}

/* What each bot would do now and when, after the table last changed:
 * the soonest bot and its action (seat -1 when every bot waits). */
static int soonest_bot(tui *t, ad_action *out, double *when_ms)
{
    const ad_game *g = t->g;
    const void *st = ad_table_state(t->ts->t);
    uint32_t mask = g->to_act(st);
    void *view = malloc(g->state_size);
    int best = -1;
    for (int s = 0; s < t->players; s++) {
        if (s == t->ts->human || !(mask & (1u << s)))
            continue;
        g->view(st, s, view);
        ad_bot_opts o = {0};
        ad_action a;
        if (ad_bot_choose_opts(g, view, s, t->ts->levels[s], &o, t->ts->bot_rng, &a, NULL) != 0)
            continue; /* it waits */
        if (best < 0 || o.react_ms < *when_ms) {
            best = s;
            *when_ms = o.react_ms;
            *out = a;
        }
    }
    free(view);
    return best;
}

static void help_line(tui *t)
{
    json_t *v = tui_view(t);
    int final = strcmp(tui_str(v, "phase"), "final") == 0;
    json_decref(v);
    if (!t->status[0] || strstr(t->status, "Shout"))
        snprintf(t->status, sizeof t->status,
                 final ? "Final window! Shout a word and Enter, or Enter alone to pass.  Esc: leave"
                       : "Shout a word: type it and Enter (the table's cards spell it).  Esc: leave");
}

/* One change of the table: the player's word, a bot's shout, or the deal,
 * whichever comes first. */
static int step(tui *t)
{
    const ad_game *g = t->g;
    const void *st = ad_table_state(t->ts->t);
    json_t *v = tui_view(t);
    int final = strcmp(tui_str(v, "phase"), "final") == 0;
    int dealer = (int)tui_int(v, "dealer");
    double deal_ms = (double)tui_int(v, "deal_ms"), final_ms = (double)tui_int(v, "final_ms");
    json_decref(v);
    int human_may = (g->to_act(st) >> t->ts->human) & 1;
    ad_action bot_action;
    double bot_ms = 0;
    int bot = soonest_bot(t, &bot_action, &bot_ms);
    /* the human dealer's cards come on the clock too */
    int human_deals = !final && dealer == t->ts->human && human_may;
    double start = tui_now_ms(), limit = final ? final_ms : deal_ms;
    if (human_deals && (bot < 0 || deal_ms < bot_ms)) {
        bot = -2;
        bot_ms = deal_ms;
    }
    t->typing = 1;
    for (;;) {
        help_line(t);
        double left = (bot == -1 ? limit : bot_ms) - (tui_now_ms() - start);
        if (left <= 0)
            break;
        tui_draw(t);
        int k = tui_wait_key(t, left);
        if (k == ERR)
            break;
        size_t n = strlen(t->text);
        if (k == 27 && n == 0) {
            t->typing = 0;
            int leave = tui_ask_leave(t);
            t->typing = 1;
            if (leave)
                return -1;
        } else if (k == 27) {
            t->text[0] = 0;
        } else if ((k == KEY_BACKSPACE || k == 127 || k == 8) && n > 0) {
            t->text[n - 1] = 0;
        } else if (k > 0 && k < 128 && isalpha(k) && n + 1 < sizeof t->text) {
            t->text[n] = (char)tolower(k);
            t->text[n + 1] = 0;
        } else if ((k == '\n' || k == '\r' || k == KEY_ENTER) && human_may) {
            if (shout(t))
                return 0; /* the table changed */
        }
    }
    ad_err e;
    if (bot == -2)
        return tui_act_json(t, t->ts->human, json_pack("{s:s}", "type", "deal"), &e) < 0 ? -1 : 0;
    if (bot >= 0)
        return tui_act(t, bot, &bot_action, &e) < 0 ? -1 : 0;
    if (final) {
        /* the final window's time is up: everyone still in passes */
        uint32_t mask = g->to_act(ad_table_state(t->ts->t));
        for (int s = 0; s < t->players; s++)
            if (mask & (1u << s))
                tui_act_json(t, s, json_pack("{s:s}", "type", "pass"), &e);
    }
    return 0;
}

const tui_kind tui_shout = {draw, step};
