/*
 * tui_liar.c - Liar (Verba Volant) in the full-screen client: the word on
 * the table and who said it to whom beside the scores, the hand while you
 * hold it (and, from memory, the hand as you passed it on); you type the
 * words you announce, answer with y or n, and pick the card to discard.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui_impl.h"

static int letter_pair(const char *card)
{
    return card ? tui_letter_colour(card[0]) : 0;
}

static void draw_cards(const json_t *cards, int y, int x, int cursor)
{
    for (size_t k = 0; k < json_array_size(cards) && x < COLS - 3; k++) {
        const char *c = json_string_value(json_array_get(cards, k));
        tui_put(y, x, letter_pair(c), (int)k == cursor ? A_REVERSE | A_BOLD : A_BOLD, c);
        x += (int)strlen(c) + 1;
    }
}

static void draw_table(const tui *t, const json_t *v, int y, int x, int h, int w)
{
    tui_frame(y, x, h, w, "Table");
    char line[TUI_W];
    int r = y + 1, holder = (int)tui_int(v, "holder");
    const char *word = tui_str(v, "word");
    if (*word) {
        int by = (int)tui_int(v, "announcer");
        snprintf(line, sizeof line, "%s to %s: \"%s\" (%zu letters)", ad_narrate_name(&t->nar, by),
                 ad_narrate_name(&t->nar, (by + 1) % t->players), word, strlen(word));
        tui_put(r++, x + 2, C_WARN, A_BOLD, line);
    } else {
        snprintf(line, sizeof line, "%s %s a fresh hand", ad_narrate_name(&t->nar, holder),
                 holder == t->ts->human ? "hold" : "holds");
        tui_put(r++, x + 2, 0, 0, line);
    }
    const json_t *letters = json_object_get(v, "letters");
    snprintf(line, sizeof line, "Next word: %ld-%ld letters; passes %ld", tui_int(letters, "min"),
             tui_int(letters, "max"), tui_int(v, "passes"));
    tui_put(r++, x + 2, 0, 0, line);
    snprintf(line, sizeof line, "Deck %ld, discards %ld", tui_int(v, "deck_count"),
             tui_int(v, "discard_count"));
    tui_put(r++, x + 2, C_DIM, 0, line);
    /* held is the hand as this seat last held it: while it still holds
     * it, the hand row shows it; once passed on, this is the memory */
    const json_t *held = json_object_get(v, "held");
    if (json_is_object(held) && holder != t->ts->human && r < y + h - 1) {
        mvaddstr(r, x + 2, "You passed on:");
        draw_cards(json_object_get(held, "cards"), r++, x + 17, -1);
    }
}

static void draw_players(const tui *t, const json_t *v, int y, int x, int h, int w)
{
    char title[32];
    snprintf(title, sizeof title, "Scores (to %ld)", tui_int(v, "target"));
    tui_frame(y, x, h, w, title);
    const json_t *scores = json_object_get(v, "scores"), *counts = json_object_get(v, "hand_counts");
    const json_t *to_act = json_object_get(v, "to_act");
    for (int s = 0; s < t->players && s < h - 2; s++) {
        int acting = 0;
        for (size_t i = 0; i < json_array_size(to_act); i++)
            acting |= json_integer_value(json_array_get(to_act, i)) == s;
        long n = (long)json_integer_value(json_array_get(counts, (size_t)s));
        char line[96], hand[32] = "";
        if (n > 0)
            snprintf(hand, sizeof hand, "holds %ld", n);
        snprintf(line, sizeof line, "%s %-4s %3ld pts  %s", acting ? ">" : " ",
                 ad_narrate_name(&t->nar, s),
                 (long)json_integer_value(json_array_get(scores, (size_t)s)), hand);
        tui_put(y + 1 + s, x + 2, acting ? C_TURN : 0, s == t->ts->human ? A_BOLD : 0, line);
    }
}

static void draw(tui *t, const json_t *v)
{
    int top = t->players + 2 > 7 ? t->players + 2 : 7, tw = COLS * 11 / 20;
    draw_table(t, v, 1, 0, top, tw);
    draw_players(t, v, 1, tw, top, COLS - tw);
    tui_draw_log(t, 1 + top, 0, LINES - 4 - top, COLS);
    const json_t *hand = json_object_get(v, "hand");
    if (json_array_size(hand) > 0) {
        mvprintw(LINES - 3, 0, "Your hand (%zu):", json_array_size(hand));
        draw_cards(hand, LINES - 3, 17, t->confirming ? t->cursor : -1);
    }
    if (t->typing)
        mvprintw(LINES - 2, 0, "Your word: %s_", t->text);
}

/* ---------------------------------------------------------- the human */

#define WORD_MAX 40 /* < sizeof t->text */

/* Types the word to announce: letters, Backspace, Enter; Tab lets the
 * computer choose; Esc on an empty word asks to leave. */
static int announce(tui *t)
{
    char *word = t->text;
    word[0] = 0;
    t->typing = 1;
    int rc = 0;
    for (;;) {
        json_t *v = tui_view(t);
        const json_t *letters = json_object_get(v, "letters");
        if (!strchr(t->status, '!') && !strchr(t->status, '.'))
            snprintf(t->status, sizeof t->status,
                     "Type a %ld-%ld letter word for %s, Enter: say it   Tab: computer   Esc: leave",
                     tui_int(letters, "min"), tui_int(letters, "max"),
                     ad_narrate_name(&t->nar, (t->ts->human + 1) % t->players));
        json_decref(v);
        tui_draw(t);
        int k = tui_wait_key(t, tui_until_wake(t));
        if (k == ERR) /* the director's wake */
            break;
        size_t n = strlen(word);
        if (k == 27 && n == 0) {
            t->typing = 0;
            if (tui_ask_leave(t)) {
                rc = -1;
                break;
            }
            t->typing = 1;
        } else if (k == 27) {
            word[0] = 0;
        } else if (k == '\t') {
            rc = tui_bot_act(t, t->ts->human);
            break;
        } else if ((k == KEY_BACKSPACE || k == 127 || k == 8) && n > 0) {
            word[n - 1] = 0;
            t->status[0] = 0;
        } else if (k > 0 && k < 128 && isalpha(k) && n < WORD_MAX) {
            word[n] = (char)tolower(k);
            word[n + 1] = 0;
            t->status[0] = 0;
        } else if ((k == '\n' || k == '\r' || k == KEY_ENTER) && n > 0) {
            ad_err e;
            if (tui_act_json(t, t->ts->human, json_pack("{s:s,s:s}", "type", "announce", "word", word),
                             &e) == 0)
                break;
            snprintf(t->status, sizeof t->status, "%s. Type another.", e.text);
            word[0] = 0;
        }
    }
    t->typing = 0;
    word[0] = 0;
    return rc;
}

static int respond(tui *t)
{
    json_t *v = tui_view(t);
    snprintf(t->status, sizeof t->status,
             "%s says your hand spells \"%s\".  y: accept it   n: \"Liar!\"   a: computer",
             ad_narrate_name(&t->nar, (int)tui_int(v, "announcer")), tui_str(v, "word"));
    json_decref(v);
    for (;;) {
        tui_draw(t);
        int k = tui_wait_key(t, tui_until_wake(t));
        if (k == ERR) /* the director's wake */
            return 0;
        if (k == 'q')
            return -1;
        if (k == 'a')
            return tui_bot_act(t, t->ts->human);
        if (k == 'y' || k == 'n') {
            ad_err e;
            if (tui_act_json(t, t->ts->human,
                             json_pack("{s:s}", "type", k == 'y' ? "accept" : "liar"), &e) == 0)
                return 0;
            snprintf(t->status, sizeof t->status, "%s.", e.text);
        }
    }
}

/* Picks the card to discard with the arrows (or its letter) and Enter. */
static int discard(tui *t)
{
    json_t *v = tui_view(t);
    const json_t *hand = json_object_get(v, "hand");
    int n = (int)json_array_size(hand), rc = 0;
    t->cursor = 0;
    t->confirming = 1;
    t->letter_keys = 1; /* a card's letter picks it: H too */
    snprintf(t->status, sizeof t->status,
             "Discard a card, face down: arrows or its letter, then Enter.  a: computer");
    for (;;) {
        tui_draw(t);
        int k = tui_wait_key(t, tui_until_wake(t));
        if (k == ERR) /* the director's wake */
            break;
        if (k == 'q') {
            rc = -1;
            break;
        }
        if (k == 'a') {
            rc = tui_bot_act(t, t->ts->human);
            break;
        }
        if (k == KEY_LEFT && t->cursor > 0)
            t->cursor--;
        else if (k == KEY_RIGHT && t->cursor + 1 < n)
            t->cursor++;
        else if (k > 0 && k < 128 && isalpha(k)) {
            for (int i = 0; i < n; i++)
                if (toupper(k) == json_string_value(json_array_get(hand, (size_t)i))[0]) {
                    t->cursor = i;
                    break;
                }
        } else if (k == '\n' || k == '\r' || k == KEY_ENTER) {
            ad_err e;
            const char *card = json_string_value(json_array_get(hand, (size_t)t->cursor));
            if (tui_act_json(t, t->ts->human, json_pack("{s:s,s:s}", "type", "discard", "card", card),
                             &e) == 0)
                break;
            snprintf(t->status, sizeof t->status, "%s.", e.text);
        }
    }
    t->confirming = 0;
    t->letter_keys = 0;
    json_decref(v);
    return rc;
}

static int phase_of(const tui *t)
{
    json_t *v = tui_view(t);
    const char *phase = tui_str(v, "phase");
    int which = strcmp(phase, "announce") == 0 ? 0 : strcmp(phase, "respond") == 0 ? 1 : 2;
    json_decref(v);
    return which;
}

/* The person's move (the director asks their seat). */
static int step(tui *t)
{
    int which = phase_of(t);
    t->status[0] = 0;
    return which == 0 ? announce(t) : which == 1 ? respond(t) : discard(t);
}

/* A hint while the person discards: the card the coach would let go goes
 * under the cursor, so Enter discards it. */
static void hinted(tui *t, const json_t *hint)
{
    const char *card = json_string_value(json_object_get(hint, "discard"));
    if (!t->confirming || !card) /* not in the discard's keys */
        return;
    json_t *v = tui_view(t);
    const json_t *hand = json_object_get(v, "hand");
    for (size_t i = 0; i < json_array_size(hand); i++)
        if (strcmp(json_string_value(json_array_get(hand, i)), card) == 0) {
            t->cursor = (int)i;
            break;
        }
    json_decref(v);
}

static const char *doing(tui *t, int seat)
{
    (void)seat;
    int which = phase_of(t);
    return which == 0 ? "thinks of a word" : which == 1 ? "weighs the word" : "discards";
}

const tui_kind tui_liar = {
    .draw = draw, .step = step, .doing = doing, .realtime = 0, .family = "liar",
    .hinted = hinted};
