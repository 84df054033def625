/*
 * tui_shout.c - Shout a Word in the full-screen client, on the wall
 * clock.  The race (the dealer's card every deal_ms, the bots' reaction
 * times, the final window) is the director's: this client waits for keys
 * until its next wake, and a word that comes first is given at once.  The player types a word and Enter; the client finds
 * which table cards spell it (shout_cards.h) and claims them in order.
 * The key line always says what the keys do now; a message stays on it
 * until the next key.
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

static int is_final(const json_t *v)
{
    return strcmp(tui_str(v, "phase"), "final") == 0;
}

/* A number per seat from one of the view's arrays. */
static long seat_value(const json_t *v, const char *key, int seat)
{
    return (long)json_integer_value(json_array_get(json_object_get(v, key), (size_t)seat));
}

/* The table's cards, the round in words, a small table of the players
 * (cards won this round and in all, points), the log, the word typed. */
static void draw(tui *t, const json_t *v)
{
    const json_t *table = json_object_get(v, "table");
    char line[TUI_W];
    int human = t->ts->human, dealer = (int)tui_int(v, "dealer");
    tui_frame(1, 0, 6, COLS, "Table");
    int x = 2, y = 2;
    for (size_t i = 0; i < json_array_size(table); i++) {
        const char *c = tui_str(json_array_get(table, i), "card");
        if (x + (int)strlen(c) + 2 > COLS - 2) {
            x = 2;
            if (++y > 5)
                break;
        }
        tui_put(y, x, face_pair(c), A_BOLD, c);
        x += (int)strlen(c) + 2;
    }
    if (json_array_size(table) == 0)
        tui_put(2, 2, C_DIM, 0, "(no cards on the table)");
    if (is_final(v))
        snprintf(line, sizeof line, "Round %ld of %ld: the deck is empty, the FINAL WINDOW is open. "
                 "Words: %ld+ cards.", tui_int(v, "round"), tui_int(v, "rounds"),
                 seat_value(v, "need", human));
    else
        snprintf(line, sizeof line, "Round %ld of %ld: %s %s, %ld cards in the deck. Your words: "
                 "%ld+ cards.", tui_int(v, "round"), tui_int(v, "rounds"),
                 dealer == human ? "you" : ad_narrate_name(&t->nar, dealer),
                 dealer == human ? "deal" : "deals", tui_int(v, "deck_count"),
                 seat_value(v, "need", human));
    tui_put(7, 0, is_final(v) ? C_WARN : 0, 0, line);
    /* one column per player, seven wide: eight players fit in 80 */
    static const char *const rows[] = {"won this round", "won in all rounds", "points"};
    static const char *const keys[] = {"won", "won_total", "scores"};
    tui_put(8, 0, C_DIM, 0, "cards");
    for (int s = 0; s < t->players && 19 + 7 * s + 6 < COLS; s++) {
        int you = s == human;
        tui_put(8, 19 + 7 * s, you ? C_TURN : 0, A_BOLD, ad_narrate_name(&t->nar, s));
        for (int r = 0; r < 3; r++) {
            snprintf(line, sizeof line, "%3ld", seat_value(v, keys[r], s));
            tui_put(9 + r, 19 + 7 * s, you ? C_TURN : 0, you ? A_BOLD : 0, line);
        }
    }
    for (int r = 0; r < 3; r++)
        tui_put(9 + r, 0, C_DIM, 0, rows[r]);
    tui_draw_log(t, 12, 0, LINES - 14, COLS);
    mvprintw(LINES - 2, 0, "Your word: %s_", t->text);
}

/* The player's word, when Enter is pressed: a claim, a pass (an empty
 * word in the final window), or a message.  A word the table cannot
 * spell, or with too few cards, is never sent (shout_cards.h).  Returns 1
 * when the game changed. */
static int shout(tui *t)
{
    json_t *v = tui_view(t);
    ad_err e;
    int changed = 0;
    char why[TUI_W];
    if (!t->text[0]) {
        if (is_final(v)) {
            changed = tui_act_json(t, t->ts->human, json_pack("{s:s}", "type", "pass"), &e) == 0;
            if (!changed)
                snprintf(t->status, sizeof t->status, "%s.", e.text);
        }
        json_decref(v);
        return changed;
    }
    json_t *claim = shout_word_claim(v, t->ts->human, t->text, why, sizeof why);
    if (!claim)
        snprintf(t->status, sizeof t->status, "%.200s Type another word.", why);
    else if (tui_act_json(t, t->ts->human, claim, &e) < 0)
        snprintf(t->status, sizeof t->status, "%s.", e.text);
    else
        changed = 1;
    t->text[0] = 0;
    json_decref(v);
    return changed;
}

/* Space: the next card now, when the player deals (it comes by itself
 * anyway); else a message.  Returns 1 when a card was dealt. */
static int deal(tui *t)
{
    json_t *v = tui_view(t);
    int dealer = (int)tui_int(v, "dealer"), final = is_final(v);
    json_decref(v);
    ad_err e;
    if (dealer != t->ts->human)
        snprintf(t->status, sizeof t->status, "%s deals this round, not you.",
                 ad_narrate_name(&t->nar, dealer));
    else if (final)
        snprintf(t->status, sizeof t->status, "The deck is empty: there is nothing left to deal.");
    else if (tui_act_json(t, t->ts->human, json_pack("{s:s}", "type", "deal"), &e) < 0)
        snprintf(t->status, sizeof t->status, "%s.", e.text);
    else
        return 1;
    return 0;
}

/* The key line for now, unless a message is showing. */
static void help_line(tui *t)
{
    if (t->message)
        return;
    json_t *v = tui_view(t);
    int final = is_final(v), dealer = (int)tui_int(v, "dealer");
    json_decref(v);
    int may = (ad_director_asked(t->ts->d) >> t->ts->human) & 1; /* the director's word */
    if (final && !may)
        snprintf(t->status, sizeof t->status,
                 "You passed: the others may shout until the window closes.  Esc: leave");
    else if (final)
        snprintf(t->status, sizeof t->status,
                 "Final window! Shout a word and Enter, or Enter alone to pass.  Esc: leave");
    else if (dealer == t->ts->human)
        snprintf(t->status, sizeof t->status,
                 "Shout a word: type it and Enter.  Space: the next card now.  Esc: leave");
    else
        snprintf(t->status, sizeof t->status,
                 "Shout a word: type it and Enter (the table's cards spell it).  Esc: leave");
}

/* The player's keys until the director's next wake (a bot's shout, the
 * deal, the final window's end) or their own word or deal, whichever comes
 * first. */
static int step(tui *t)
{
    int human_may = (ad_director_asked(t->ts->d) >> t->ts->human) & 1;
    t->typing = 1;
    t->message = 0; /* the table changed: an old message no longer fits it */
    for (;;) {
        help_line(t);
        int wait = tui_until_wake(t);
        if (wait == 0)
            break;
        tui_draw(t);
        int k = tui_wait_key(t, wait);
        if (k == ERR)
            break;
        t->message = 0; /* a key: the message has been seen */
        size_t n = strlen(t->text);
        int enter = k == '\n' || k == '\r' || k == KEY_ENTER;
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
        } else if (k == ' ') {
            if (deal(t))
                return 0; /* the table changed */
            t->message = 1;
        } else if (enter && human_may) {
            if (shout(t))
                return 0; /* the table changed */
            t->message = t->status[0] != 0;
        }
    }
    return 0;
}

static const char *doing(tui *t, int seat)
{
    (void)t;
    (void)seat;
    return "is looking for a word";
}

const tui_kind tui_shout = {
    .draw = draw, .step = step, .doing = doing, .realtime = 1, .family = "shout"};
