/*
 * tui.c - the full-screen client (see tui.h) for No Way and I Doubt It.
 * The screen is redrawn whole from the human seat's view after every
 * change, so a resize or a help page never leaves anything stale: the
 * header, the table and the players side by side, a scrolling log told by
 * narrate.c, the hand, and one line saying what the keys do now.
 */
#include <curses.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "narrate.h"
#include "tui.h"

#define LOG_MAX 500
#define LOG_W 240
#define HAND_MAX 160

enum { C_HEAD = 1, C_ORANGE, C_PURPLE, C_GREEN, C_PINK, C_RED, C_TURN, C_DIM, C_WARN };

typedef struct tui {
    const tui_setup *ts;
    const ad_game *g;
    narrator nar;
    int players, doubt;
    char log[LOG_MAX][LOG_W];
    int log_n, log_back; /* lines kept; how far the player scrolled back */
    /* the human's turn */
    int cursor, confirming;
    uint8_t sel[HAND_MAX];
    char say[8];
    char status[LOG_W];
    int left; /* 1: the player left the game */
    int utf8;
} tui;

int tui_supports(const ad_game *g)
{
    return strcmp(g->id, "noway") == 0 || strcmp(g->id, "doubt") == 0;
}

/* ------------------------------------------------------------- helpers */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static json_t *my_view(const tui *t)
{
    return ad_table_view_json(t->ts->t, t->ts->human);
}

static long jint(const json_t *o, const char *key)
{
    return (long)json_integer_value(json_object_get(o, key));
}

static const char *jstr(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

static void log_add(tui *t, const char *line)
{
    if (t->log_n == LOG_MAX) {
        memmove(t->log[0], t->log[1], sizeof t->log[0] * (LOG_MAX - 1));
        t->log_n--;
    }
    snprintf(t->log[t->log_n++], LOG_W, "%s", line);
    t->log_back = 0;
}

/* A card's colour: a letter's by its place in the alphabet (orange, purple,
 * green, pink, as on the cards), a red suit red. */
static int card_colour(const tui *t, const char *card)
{
    if (t->doubt) {
        char suit = card[0] ? card[strlen(card) - 1] : 0;
        return suit == 'H' || suit == 'D' ? C_RED : 0;
    }
    int k = card[0] >= 'A' && card[0] <= 'Z' ? card[0] - 'A' : 0;
    return C_ORANGE + k % 4;
}

/* The letter or rank a card counts as: "C", or "10" of "10C". */
static void card_class(const tui *t, const char *card, char *out, size_t n)
{
    size_t len = strlen(card);
    snprintf(out, n, "%.*s", (int)(t->doubt && len > 1 ? len - 1 : len), card);
}

/* ------------------------------------------------------------- drawing */

static void put(int y, int x, int colour, int attrs, const char *s)
{
    if (colour)
        attron(COLOR_PAIR(colour));
    attron(attrs);
    mvaddstr(y, x, s);
    attroff(attrs);
    if (colour)
        attroff(COLOR_PAIR(colour));
}

static void frame(int y, int x, int h, int w, const char *title)
{
    mvhline(y, x + 1, ACS_HLINE, w - 2);
    mvhline(y + h - 1, x + 1, ACS_HLINE, w - 2);
    mvvline(y + 1, x, ACS_VLINE, h - 2);
    mvvline(y + 1, x + w - 1, ACS_VLINE, h - 2);
    mvaddch(y, x, ACS_ULCORNER);
    mvaddch(y, x + w - 1, ACS_URCORNER);
    mvaddch(y + h - 1, x, ACS_LLCORNER);
    mvaddch(y + h - 1, x + w - 1, ACS_LRCORNER);
    mvprintw(y, x + 2, " %s ", title);
}

/* "two M's" for a count of a class in this game. */
static void claim_words(const tui *t, long count, const char *say, char *buf, size_t n)
{
    narrate_count(&t->nar, (int)count, say, buf, n);
}

static void draw_table(const tui *t, const json_t *v, int y, int x, int h, int w)
{
    frame(y, x, h, w, "Table");
    char line[LOG_W], words[96];
    int r = y + 1;
    long pile = jint(v, "pile_count");
    snprintf(line, sizeof line, "Pile: %ld card%s face down", pile, pile == 1 ? "" : "s");
    put(r++, x + 2, 0, 0, line);
    claim_words(t, 1, jstr(v, "call"), words, sizeof words);
    snprintf(line, sizeof line, "The call: %s", strchr(words, ' ') ? strchr(words, ' ') + 1 : "");
    put(r++, x + 2, 0, A_BOLD, line);
    const json_t *claim = json_object_get(v, "claim");
    if (claim && r < y + h - 1) {
        claim_words(t, jint(claim, "count"), jstr(claim, "say"), words, sizeof words);
        snprintf(line, sizeof line, "%s: \"%s\"", narrate_name(&t->nar, (int)jint(claim, "seat")),
                 words);
        put(r++, x + 2, C_WARN, A_BOLD, line);
    }
    if (r < y + h - 1) {
        snprintf(line, sizeof line, "Deal %ld, turn %ld of %ld", jint(v, "deal") ? jint(v, "deal") : 1,
                 jint(v, "turns") + 1, jint(v, "max_turns"));
        put(r++, x + 2, C_DIM, 0, line);
    }
}

static void draw_players(const tui *t, const json_t *v, int y, int x, int h, int w)
{
    frame(y, x, h, w, "Players");
    const json_t *counts = json_object_get(v, "hand_counts"), *scores = json_object_get(v, "scores");
    const json_t *to_act = json_object_get(v, "to_act");
    int scored = jint(v, "target") > 0;
    for (int s = 0; s < t->players && s < h - 2; s++) {
        int acting = 0;
        for (size_t i = 0; i < json_array_size(to_act); i++)
            acting |= json_integer_value(json_array_get(to_act, i)) == s;
        char line[96];
        long n = (long)json_integer_value(json_array_get(counts, (size_t)s));
        int len = snprintf(line, sizeof line, "%s %-4s %3ld card%s", acting ? ">" : " ",
                           narrate_name(&t->nar, s), n, n == 1 ? " " : "s");
        if (scored && len > 0)
            snprintf(line + len, sizeof line - (size_t)len, "  %ld pts",
                     (long)json_integer_value(json_array_get(scores, (size_t)s)));
        put(y + 1 + s, x + 2, acting ? C_TURN : 0, s == t->ts->human ? A_BOLD : 0, line);
        if (s != t->ts->human && w > 30)
            put(y + 1 + s, x + w - 10, C_DIM, 0, t->ts->levels[s]);
    }
}

static void draw_log(const tui *t, int y, int x, int h, int w)
{
    frame(y, x, h, w, t->log_back ? "Log (PgDn: newer)" : "Log");
    int rows = h - 2, last = t->log_n - t->log_back;
    for (int i = 0; i < rows; i++) {
        int k = last - rows + i;
        if (k < 0 || k >= t->log_n)
            continue;
        mvprintw(y + 1 + i, x + 2, "%.*s", w - 4, t->log[k]);
    }
}

/* The hand on two rows, scrolled so the cursor shows: the cursor's card
 * underlined, chosen cards in reverse video. */
static void draw_hand(const tui *t, const json_t *v, int y)
{
    const json_t *hand = json_object_get(v, "hand");
    int n = (int)json_array_size(hand);
    mvprintw(y, 0, "Your hand (%d):", n);
    int x = 16, row = 0, start = 0;
    /* how many cards fit on two rows, from start */
    for (;;) {
        int used = 16, r = 0, k = start;
        for (; k < n; k++) {
            int cw = (int)strlen(json_string_value(json_array_get(hand, (size_t)k))) + 1;
            if (used + cw > COLS - 2) {
                if (++r == 2)
                    break;
                used = 16;
            }
            used += cw;
        }
        if (t->cursor < k || k >= n)
            break;
        start += 4;
    }
    for (int k = start; k < n; k++) {
        const char *c = json_string_value(json_array_get(hand, (size_t)k));
        int cw = (int)strlen(c) + 1;
        if (x + cw > COLS - 2) {
            if (++row == 2)
                break;
            x = 16;
        }
        int attrs = (k < HAND_MAX && t->sel[k] ? A_REVERSE : 0) |
                    (k == t->cursor ? A_UNDERLINE | A_BOLD : 0);
        put(y + row, x, card_colour(t, c), attrs, c);
        x += cw;
    }
    if (start > 0)
        put(y + 1, 0, C_DIM, 0, "  (more left)");
}

static void draw(tui *t)
{
    erase();
    if (LINES < 24 || COLS < 80) {
        mvprintw(0, 0, "alphadeck needs a terminal of at least 80x24 (this one is %dx%d).", COLS,
                 LINES);
        mvprintw(1, 0, "Make it larger, or press q to leave.");
        refresh();
        return;
    }
    json_t *v = my_view(t);
    char head[LOG_W];
    snprintf(head, sizeof head, " %s  -  %d players  -  seed %llu", t->g->title, t->players,
             (unsigned long long)ad_table_seed(t->ts->t));
    attron(COLOR_PAIR(C_HEAD) | A_BOLD);
    mvhline(0, 0, ' ', COLS);
    mvaddstr(0, 0, head);
    mvaddstr(0, COLS - 22, "?: rules   q: leave ");
    attroff(COLOR_PAIR(C_HEAD) | A_BOLD);
    int top = t->players + 2 > 6 ? t->players + 2 : 6, tw = COLS * 11 / 20;
    draw_table(t, v, 1, 0, top, tw);
    draw_players(t, v, 1, tw, top, COLS - tw);
    draw_log(t, 1 + top, 0, LINES - 4 - top, COLS);
    draw_hand(t, v, LINES - 3);
    attron(A_BOLD);
    mvprintw(LINES - 1, 0, "%.*s", COLS - 1, t->status);
    attroff(A_BOLD);
    json_decref(v);
    refresh();
}

/* --------------------------------------------------------- help, leave */

/* The game's rules page, full screen, until q, Esc or ?. */
static void show_rules(tui *t)
{
    char *text = ad_cli_rules_text(t->g->id);
    if (!text)
        return;
    /* split into screen lines, wrapping long ones at the width */
    int cap = 256, n = 0;
    char **lines = malloc(sizeof *lines * (size_t)cap);
    for (char *s = text; *s;) {
        char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        do {
            size_t take = len > (size_t)(COLS - 1) ? (size_t)(COLS - 1) : len;
            if (n == cap)
                lines = realloc(lines, sizeof *lines * (size_t)(cap *= 2));
            lines[n++] = strndup(s, take);
            s += take;
            len -= take;
        } while (len > 0);
        s += nl != NULL;
    }
    int top = 0;
    for (;;) {
        erase();
        attron(COLOR_PAIR(C_HEAD) | A_BOLD);
        mvhline(0, 0, ' ', COLS);
        mvprintw(0, 1, "The rules of %s   (arrows, PgUp/PgDn: scroll;  q: back to the game)",
                 t->g->title);
        attroff(COLOR_PAIR(C_HEAD) | A_BOLD);
        for (int i = 0; i < LINES - 1 && top + i < n; i++)
            mvaddstr(1 + i, 0, lines[top + i]);
        refresh();
        timeout(-1);
        int k = getch(), page = LINES - 2, most = n - (LINES - 1) > 0 ? n - (LINES - 1) : 0;
        if (k == 'q' || k == 27 || k == '?')
            break;
        if (k == KEY_DOWN || k == 'j')
            top++;
        else if (k == KEY_UP || k == 'k')
            top--;
        else if (k == KEY_NPAGE || k == ' ')
            top += page;
        else if (k == KEY_PPAGE || k == 'b')
            top -= page;
        else if (k == KEY_HOME || k == 'g')
            top = 0;
        else if (k == KEY_END || k == 'G')
            top = most;
        top = top < 0 ? 0 : top > most ? most : top;
    }
    for (int i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
    free(text);
}

/* Asks before leaving; 1 when the player leaves. */
static int ask_leave(tui *t)
{
    char keep[LOG_W];
    snprintf(keep, sizeof keep, "%s", t->status);
    snprintf(t->status, sizeof t->status,
             "Leave this game? Its record is kept, unfinished.  y: leave   any other key: stay");
    draw(t);
    timeout(-1);
    int k = getch();
    snprintf(t->status, sizeof t->status, "%s", keep);
    if (k == 'y' || k == 'Y') {
        t->left = 1;
        return 1;
    }
    return 0;
}

/* Waits up to ms (forever when ms < 0) for a key, and handles the keys
 * that mean the same everywhere: a resize redraws, ? shows the rules, q
 * asks to leave, PgUp/PgDn scroll the log.  Returns the key, ERR when the
 * time ran out, or 'q' when the player leaves. */
static int wait_key(tui *t, double ms)
{
    double end = now_ms() + ms;
    for (;;) {
        double left = end - now_ms();
        if (ms >= 0 && left <= 0)
            return ERR;
        timeout(ms < 0 ? -1 : (int)left + 1);
        int k = getch();
        if (k == ERR) {
            if (ms >= 0)
                return ERR;
            continue;
        }
        if (k == KEY_RESIZE) {
            draw(t);
        } else if (k == '?' && !t->confirming) {
            show_rules(t);
            draw(t);
        } else if (k == 'q' && !t->confirming) {
            if (ask_leave(t))
                return 'q';
            draw(t);
        } else if (k == KEY_PPAGE) {
            t->log_back = t->log_back + 5 < t->log_n ? t->log_back + 5 : t->log_n;
            draw(t);
        } else if (k == KEY_NPAGE) {
            t->log_back = t->log_back > 5 ? t->log_back - 5 : 0;
            draw(t);
        } else {
            return k;
        }
    }
}

/* ------------------------------------------------------------- acting */

/* Applies an action for seat and logs its events in words. */
static int act(tui *t, int seat, const ad_action *a, ad_err *e)
{
    ad_events ev;
    if (ad_table_act(t->ts->t, seat, a, &ev, e) < 0)
        return -1;
    json_t *list = ad_table_events_json(t->ts->t, &ev);
    size_t i;
    json_t *x;
    char line[LOG_W];
    json_array_foreach(list, i, x) if (narrate_event(&t->nar, x, line, sizeof line)) log_add(t, line);
    json_decref(list);
    return 0;
}

/* The level of seat (for the human: the level `a` plays for them) chooses
 * from seat's view. */
static int bot_act(tui *t, int seat)
{
    const ad_game *g = t->g;
    void *view = malloc(g->state_size);
    g->view(ad_table_state(t->ts->t), seat, view);
    ad_action a;
    ad_err e;
    int rc = ad_bot_choose(g, view, seat, t->ts->levels[seat], t->ts->bot_rng, &a, &e);
    free(view);
    if (rc == 0)
        rc = act(t, seat, &a, &e);
    if (rc < 0)
        log_add(t, "The computer player could not move.");
    return rc < 0 ? -1 : 0;
}

/* A bot's turn, after a pause a person can follow. */
static int bot_turn(tui *t, int seat, const char *doing)
{
    snprintf(t->status, sizeof t->status, "%s %s...", narrate_name(&t->nar, seat), doing);
    draw(t);
    if (t->ts->pace_ms > 0) {
        double pause = t->ts->pace_ms * (0.6 + 0.8 * (rand() % 1000) / 1000.0);
        while (pause > 0) {
            double t0 = now_ms();
            int k = wait_key(t, pause);
            if (k == 'q')
                return -1;
            if (k == ERR || k == ' ')
                break;
            pause -= now_ms() - t0;
        }
    }
    return bot_act(t, seat);
}

static int hand_size(const tui *t)
{
    json_t *v = my_view(t);
    int n = (int)json_array_size(json_object_get(v, "hand"));
    json_decref(v);
    return n;
}

/* The cards chosen, as a JSON array of card names. */
static json_t *chosen(const tui *t, const json_t *v)
{
    json_t *hand = json_object_get(v, "hand"), *out = json_array();
    for (size_t k = 0; k < json_array_size(hand) && k < HAND_MAX; k++)
        if (t->sel[k])
            json_array_append(out, json_array_get(hand, k));
    return out;
}

/* `c`: choose the cards of the call, as many as may be laid. */
static void choose_call(tui *t, const json_t *v)
{
    json_t *hand = json_object_get(v, "hand");
    long most = jint(v, "max_cards"), n = 0;
    memset(t->sel, 0, sizeof t->sel);
    for (size_t k = 0; k < json_array_size(hand) && k < HAND_MAX && n < most; k++) {
        char cls[8];
        card_class(t, json_string_value(json_array_get(hand, k)), cls, sizeof cls);
        if (strcmp(cls, jstr(v, "call")) == 0) {
            t->sel[k] = 1;
            n++;
        }
    }
}

static void turn_help(tui *t, const json_t *v)
{
    snprintf(t->status, sizeof t->status,
             "Your turn, call %s: space picks 1-%ld cards, c: the %s's, Enter: lay down, a: auto%s",
             jstr(v, "call"), jint(v, "max_cards"), jstr(v, "call"),
             json_is_true(json_object_get(v, "allow_pass")) ? ", p: pass" : "");
}

/* The human's turn: choose cards, say a letter (No Way), confirm. */
static int human_turn(tui *t)
{
    int n = hand_size(t);
    memset(t->sel, 0, sizeof t->sel);
    t->cursor = t->cursor < n ? t->cursor : 0;
    t->confirming = 0;
    json_t *v = my_view(t);
    turn_help(t, v);
    for (;;) {
        draw(t);
        int k = wait_key(t, -1);
        if (k == 'q' && !t->confirming) {
            json_decref(v);
            return -1;
        }
        ad_err e;
        if (t->confirming) {
            if (k == 27 || k == KEY_BACKSPACE || k == 127) {
                t->confirming = 0;
                turn_help(t, v);
                continue;
            }
            if (!t->doubt && k < 128 && k > 0 && ((k | 32) >= 'a' && (k | 32) <= 'z')) {
                snprintf(t->say, sizeof t->say, "%c", k & ~32); /* say another letter */
            } else if (k == '\n' || k == '\r' || k == KEY_ENTER) {
                json_t *a = json_pack("{s:s,s:o,s:s}", "type", "play", "cards", chosen(t, v),
                                      "say", t->say);
                ad_action x;
                int rc = t->g->action_from_json(ad_table_state(t->ts->t), a, &x, &e);
                json_decref(a);
                if (rc == 0 && act(t, t->ts->human, &x, &e) == 0) {
                    json_decref(v);
                    t->confirming = 0;
                    return 0;
                }
                t->confirming = 0;
                snprintf(t->status, sizeof t->status, "%s. Choose again.", e.text);
                continue;
            }
        } else if (k == KEY_LEFT || k == 'h') {
            t->cursor = t->cursor > 0 ? t->cursor - 1 : 0;
        } else if (k == KEY_RIGHT || k == 'l') {
            t->cursor = t->cursor + 1 < n ? t->cursor + 1 : t->cursor;
        } else if (k == KEY_HOME) {
            t->cursor = 0;
        } else if (k == KEY_END) {
            t->cursor = n > 0 ? n - 1 : 0;
        } else if (k == ' ' && t->cursor < HAND_MAX) {
            t->sel[t->cursor] = !t->sel[t->cursor];
        } else if (k == 'c') {
            choose_call(t, v);
            int any = 0;
            for (int i = 0; i < HAND_MAX; i++)
                any |= t->sel[i];
            if (!any)
                snprintf(t->status, sizeof t->status,
                         "You hold no %s: choose other cards with the arrows and space (a bluff).",
                         jstr(v, "call"));
        } else if (k == 'a') {
            json_decref(v);
            return bot_act(t, t->ts->human);
        } else if (k == 'p') {
            json_t *a = json_pack("{s:s}", "type", "pass");
            ad_action x;
            int rc = t->g->action_from_json(ad_table_state(t->ts->t), a, &x, &e);
            json_decref(a);
            if (rc == 0 && act(t, t->ts->human, &x, &e) == 0) {
                json_decref(v);
                return 0;
            }
            snprintf(t->status, sizeof t->status, "%s.", e.text);
            continue;
        } else if (k == '\n' || k == '\r' || k == KEY_ENTER) {
            json_t *cards = chosen(t, v);
            size_t count = json_array_size(cards);
            json_decref(cards);
            if (count == 0) {
                snprintf(t->status, sizeof t->status,
                         "Choose the cards to lay down first (space), or c for the call's cards.");
                continue;
            }
            snprintf(t->say, sizeof t->say, "%s", jstr(v, "call"));
            t->confirming = 1;
        }
        if (t->confirming) {
            char words[96];
            json_t *cards = chosen(t, v);
            claim_words(t, (long)json_array_size(cards), t->say, words, sizeof words);
            json_decref(cards);
            snprintf(t->status, sizeof t->status, "Lay them down saying \"%s\"?  Enter: yes%s   Esc: back",
                     words, t->doubt ? "" : "   a letter: say another");
        }
    }
}

/* The human answers a claim, with a countdown; silence lets it pass. */
static int human_answers(tui *t)
{
    json_t *v = my_view(t);
    const json_t *claim = json_object_get(v, "claim");
    char words[96];
    claim_words(t, jint(claim, "count"), jstr(claim, "say"), words, sizeof words);
    const char *call = t->doubt ? "I doubt it" : "No Way";
    char who[16];
    snprintf(who, sizeof who, "%s", narrate_name(&t->nar, (int)jint(claim, "seat")));
    json_decref(v);
    int secs = t->ts->answer_s > 0 ? t->ts->answer_s : 10;
    for (int left = secs; left > 0; left--) {
        snprintf(t->status, sizeof t->status,
                 "%s: \"%s\". Call \"%s\"?  y: call it   n: let it pass   a: computer   (%ds)", who,
                 words, call, left);
        draw(t);
        int k = wait_key(t, 1000);
        if (k == ERR)
            continue;
        if (k == 'q')
            return -1;
        if (k == 'a')
            return bot_act(t, t->ts->human);
        if (k == 'y' || k == 'n' || k == '\n' || k == '\r') {
            json_t *a = json_pack("{s:s}", "type", k == 'y' ? "challenge" : "pass");
            ad_action x;
            ad_err e;
            int rc = t->g->action_from_json(ad_table_state(t->ts->t), a, &x, &e);
            json_decref(a);
            if (rc == 0)
                rc = act(t, t->ts->human, &x, &e);
            return rc;
        }
        left++; /* another key: the second is not over */
    }
    json_t *a = json_pack("{s:s}", "type", "pass");
    ad_action x;
    ad_err e;
    int rc = t->g->action_from_json(ad_table_state(t->ts->t), a, &x, &e);
    json_decref(a);
    return rc == 0 ? act(t, t->ts->human, &x, &e) : -1;
}

/* A challenge window: the seats answer in order from the claimer's left,
 * so when several would call, the nearest to the left is the one. */
static int answer_window(tui *t)
{
    json_t *v = my_view(t);
    int claimer = (int)jint(json_object_get(v, "claim"), "seat");
    json_decref(v);
    for (int i = 1; i < t->players; i++) {
        int seat = (claimer + i) % t->players;
        const void *st = ad_table_state(t->ts->t);
        if (t->g->is_over(st) || !(t->g->to_act(st) & (1u << seat)))
            return 0;
        int rc = seat == t->ts->human ? human_answers(t) : bot_turn(t, seat, "weighs the claim");
        if (rc < 0)
            return -1;
    }
    return 0;
}

static void tell_result(tui *t)
{
    json_t *v = my_view(t);
    int winner = (int)jint(v, "winner");
    char line[LOG_W];
    snprintf(line, sizeof line, "%s %s the game!", narrate_name(&t->nar, winner),
             winner == t->ts->human ? "win" : "wins");
    log_add(t, line);
    json_decref(v);
    snprintf(t->status, sizeof t->status, "%.160s  Press Enter to finish (? rules, PgUp: the log).",
             line);
}

/* ------------------------------------------------------------- the loop */

int tui_play(const tui_setup *ts)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "alphadeck: the full-screen client needs a terminal (try --plain)\n");
        return -1;
    }
    tui *t = calloc(1, sizeof *t);
    t->ts = ts;
    t->g = ad_table_game(ts->t);
    t->players = ad_table_players(ts->t);
    t->doubt = strcmp(t->g->id, "doubt") == 0;
    t->nar = (narrator){.g = t->g, .players = t->players, .you = ts->human};
    setlocale(LC_ALL, "");
    if (!initscr()) {
        fprintf(stderr, "alphadeck: this terminal cannot be used full-screen (try --plain)\n");
        free(t);
        return -1;
    }
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(50);
    if (has_colors()) {
        start_color();
        use_default_colors();
        init_pair(C_HEAD, COLOR_BLACK, COLOR_CYAN);
        init_pair(C_ORANGE, COLOR_YELLOW, -1);
        init_pair(C_PURPLE, COLOR_MAGENTA, -1);
        init_pair(C_GREEN, COLOR_GREEN, -1);
        init_pair(C_PINK, COLOR_RED, -1);
        init_pair(C_RED, COLOR_RED, -1);
        init_pair(C_TURN, COLOR_CYAN, -1);
        init_pair(C_DIM, COLOR_BLUE, -1);
        init_pair(C_WARN, COLOR_YELLOW, -1);
    }
    char line[LOG_W];
    json_t *v = my_view(t);
    int dealer = (int)jint(v, "dealer");
    json_decref(v);
    snprintf(line, sizeof line, "%s for %d players: you are seat %d, the dealer is %s. Press ? for "
             "the rules.", t->g->title, t->players, ts->human,
             dealer == ts->human ? "you" : narrate_name(&t->nar, dealer));
    log_add(t, line);
    int rc = 0;
    while (!t->g->is_over(ad_table_state(ts->t))) {
        json_t *vv = my_view(t);
        int window = strcmp(jstr(vv, "phase"), "challenge") == 0;
        int turn = (int)jint(vv, "turn");
        json_decref(vv);
        rc = window ? answer_window(t)
             : turn == ts->human ? human_turn(t)
                                 : bot_turn(t, turn, "is choosing cards");
        if (rc < 0 || t->left)
            break;
    }
    int over = t->g->is_over(ad_table_state(ts->t));
    if (over) {
        tell_result(t);
        draw(t);
        for (;;) {
            int k = wait_key(t, -1);
            if (k == '\n' || k == '\r' || k == KEY_ENTER || k == 'q')
                break;
        }
    }
    endwin();
    free(t);
    return over ? 0 : 1;
}
