/*
 * tui.c - the full-screen client's core (see tui.h, tui_impl.h).  The
 * screen is redrawn whole from the human seat's view after every change,
 * so a resize or a help page never leaves anything stale: a header, the
 * body a family of games draws (tui_claim.c, tui_sequence.c), the log told
 * by narrate.c, and one line saying what the keys do now.
 */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "play.h"
#include "tui_impl.h"

int tui_supports(const ad_game *g)
{
    (void)g;
    return 1; /* all five */
}

static const tui_kind *kind_of(const ad_game *g)
{
    return strcmp(g->id, "sequence") == 0 ? &tui_sequence
           : strcmp(g->id, "liar") == 0   ? &tui_liar
           : strcmp(g->id, "shout") == 0  ? &tui_shout
                                          : &tui_claim;
}

/* ------------------------------------------------------------- helpers */

double tui_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

int tui_letter_colour(char c)
{
    return c >= 'A' && c <= 'Z' ? C_ORANGE + (c - 'A') % 4 : 0;
}

json_t *tui_view(const tui *t)
{
    return ad_table_view_json(t->ts->t, t->ts->human);
}

long tui_int(const json_t *o, const char *key)
{
    return (long)json_integer_value(json_object_get(o, key));
}

const char *tui_str(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

void tui_log(tui *t, const char *line)
{
    if (t->log_n == TUI_LOG_MAX) {
        memmove(t->log[0], t->log[1], sizeof t->log[0] * (TUI_LOG_MAX - 1));
        t->log_n--;
    }
    snprintf(t->log[t->log_n++], TUI_W, "%s", line);
    t->log_back = 0;
}

/* ------------------------------------------------------------- drawing */

void tui_put(int y, int x, int colour, int attrs, const char *s)
{
    if (colour)
        attron(COLOR_PAIR(colour));
    attron(attrs);
    mvaddstr(y, x, s);
    attroff(attrs);
    if (colour)
        attroff(COLOR_PAIR(colour));
}

void tui_frame(int y, int x, int h, int w, const char *title)
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

void tui_draw_log(const tui *t, int y, int x, int h, int w)
{
    tui_frame(y, x, h, w, t->log_back ? "Log (PgDn: newer)" : "Log");
    int rows = h - 2, last = t->log_n - t->log_back;
    for (int i = 0; i < rows; i++) {
        int k = last - rows + i;
        if (k >= 0 && k < t->log_n)
            mvprintw(y + 1 + i, x + 2, "%.*s", w - 4, t->log[k]);
    }
}

void tui_draw(tui *t)
{
    erase();
    if (LINES < 24 || COLS < 80) {
        mvprintw(0, 0, "alphadeck needs a terminal of at least 80x24 (this one is %dx%d).", COLS,
                 LINES);
        mvprintw(1, 0, "Make it larger, or press q to leave.");
        refresh();
        return;
    }
    json_t *v = tui_view(t);
    char head[TUI_W];
    snprintf(head, sizeof head, " %s  -  %d players  -  seed %llu", t->g->title, t->players,
             (unsigned long long)ad_table_seed(t->ts->t));
    attron(COLOR_PAIR(C_HEAD) | A_BOLD);
    mvhline(0, 0, ' ', COLS);
    mvaddstr(0, 0, head);
    mvaddstr(0, COLS - 22, "?: rules   q: leave ");
    attroff(COLOR_PAIR(C_HEAD) | A_BOLD);
    t->kind->draw(t, v);
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
        if (k == 'q' || k == 27 || k == '?' || play_stop_signal())
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
int tui_ask_leave(tui *t)
{
    char keep[TUI_W];
    snprintf(keep, sizeof keep, "%s", t->status);
    snprintf(t->status, sizeof t->status,
             "Leave this game? Its record is kept, unfinished.  y: leave   any other key: stay");
    tui_draw(t);
    timeout(-1);
    int k = getch();
    snprintf(t->status, sizeof t->status, "%s", keep);
    if (k == 'y' || k == 'Y' || play_stop_signal()) {
        t->left = 1;
        return 1;
    }
    return 0;
}

/* Waits up to ms (forever when ms < 0) for a key, and handles the keys
 * that mean the same everywhere: a resize redraws, ? shows the rules, q
 * asks to leave, PgUp/PgDn scroll the log.  Returns the key, ERR when the
 * time ran out, or 'q' when the player leaves. */
int tui_wait_key(tui *t, double ms)
{
    double end = tui_now_ms() + ms;
    for (;;) {
        double left = end - tui_now_ms();
        if (ms >= 0 && left <= 0)
            return ERR;
        timeout(ms < 0 ? -1 : (int)left + 1);
        int k = getch();
        if (play_stop_signal()) { /* Ctrl-C, a kill: leave, keeping the record */
            t->left = 1;
            return 'q';
        }
        if (k == ERR) {
            if (ms >= 0)
                return ERR;
            continue;
        }
        if (k == KEY_RESIZE) {
            tui_draw(t);
        } else if (k == '?') {
            show_rules(t);
            tui_draw(t);
        } else if (k == 'q' && !t->typing) {
            if (tui_ask_leave(t))
                return 'q';
            tui_draw(t);
        } else if (k == KEY_PPAGE) {
            t->log_back = t->log_back + 5 < t->log_n ? t->log_back + 5 : t->log_n;
            tui_draw(t);
        } else if (k == KEY_NPAGE) {
            t->log_back = t->log_back > 5 ? t->log_back - 5 : 0;
            tui_draw(t);
        } else {
            return k;
        }
    }
}

/* ------------------------------------------------------------- acting */

int tui_act(tui *t, int seat, const ad_action *a, ad_err *e)
{
    ad_events ev;
    if (ad_table_act(t->ts->t, seat, a, &ev, e) < 0)
        return -1;
    json_t *list = ad_table_events_json(t->ts->t, &ev);
    size_t i;
    json_t *x;
    char line[TUI_W];
    json_array_foreach(list, i, x) if (narrate_event(&t->nar, x, line, sizeof line))
        tui_log(t, line);
    json_decref(list);
    return 0;
}

int tui_act_json(tui *t, int seat, json_t *action, ad_err *e)
{
    ad_action a;
    int rc = t->g->action_from_json(ad_table_state(t->ts->t), action, &a, e);
    json_decref(action);
    return rc < 0 ? -1 : tui_act(t, seat, &a, e);
}

int tui_bot_act(tui *t, int seat)
{
    const ad_game *g = t->g;
    void *view = malloc(g->state_size);
    g->view(ad_table_state(t->ts->t), seat, view);
    ad_action a;
    ad_err e;
    int rc = ad_bot_choose(g, view, seat, t->ts->levels[seat], t->ts->bot_rng, &a, &e);
    free(view);
    if (rc == 0)
        rc = tui_act(t, seat, &a, &e);
    if (rc < 0)
        tui_log(t, "The computer player could not move.");
    return rc < 0 ? -1 : 0;
}

int tui_bot_turn(tui *t, int seat, const char *doing)
{
    snprintf(t->status, sizeof t->status, "%s %s...", narrate_name(&t->nar, seat), doing);
    tui_draw(t);
    double pause = t->ts->pace_ms * (0.6 + 0.8 * (rand() % 1000) / 1000.0);
    while (pause > 0) {
        double t0 = tui_now_ms();
        int k = tui_wait_key(t, pause);
        if (k == 'q')
            return -1;
        if (k == ERR || k == ' ')
            break;
        pause -= tui_now_ms() - t0;
    }
    return tui_bot_act(t, seat);
}

/* ------------------------------------------------------------- the loop */

/* The end in words: the winner, the winning team, or a drawn game. */
static void tell_result(tui *t)
{
    json_t *v = tui_view(t);
    const json_t *w = json_object_get(v, "winner");
    char line[TUI_W];
    if (json_is_integer(w)) {
        int s = (int)json_integer_value(w);
        snprintf(line, sizeof line, "%s %s the game!", narrate_name(&t->nar, s),
                 s == t->ts->human ? "win" : "wins");
    } else if (json_is_array(w) && json_array_size(w) > 0) {
        char names[TUI_W] = "";
        int you = 0;
        for (size_t i = 0; i < json_array_size(w); i++) {
            int s = (int)json_integer_value(json_array_get(w, i));
            you |= s == t->ts->human;
            size_t len = strlen(names);
            snprintf(names + len, sizeof names - len, "%s%s",
                     i == 0 ? "" : i + 1 == json_array_size(w) ? " and " : ", ",
                     narrate_name(&t->nar, s));
        }
        snprintf(line, sizeof line, "%.160s win the game!%s", names, you ? " (your side)" : "");
    } else {
        snprintf(line, sizeof line, "Nobody wins: the game is drawn.");
    }
    tui_log(t, line);
    json_decref(v);
    snprintf(t->status, sizeof t->status, "%.160s  Press Enter to finish (? rules, PgUp: the log).",
             line);
}

int tui_play(const tui_setup *ts)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "alphadeck: the full-screen client needs a terminal (try --plain)\n");
        return -1;
    }
    tui *t = calloc(1, sizeof *t);
    t->ts = ts;
    t->g = ad_table_game(ts->t);
    t->kind = kind_of(t->g);
    t->players = ad_table_players(ts->t);
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
        init_pair(C_CHIP_RED, COLOR_WHITE, COLOR_RED);
        init_pair(C_CHIP_BLUE, COLOR_WHITE, COLOR_BLUE);
        init_pair(C_CHIP_YELLOW, COLOR_BLACK, COLOR_YELLOW);
        init_pair(C_CURSOR, COLOR_BLACK, COLOR_WHITE);
    }
    char line[TUI_W];
    json_t *v = tui_view(t);
    int dealer = json_object_get(v, "dealer") ? (int)tui_int(v, "dealer") : -1;
    json_decref(v);
    char who[64] = "";
    if (dealer >= 0)
        snprintf(who, sizeof who, "; %s %s", dealer == ts->human ? "you" : narrate_name(&t->nar, dealer),
                 dealer == ts->human ? "deal" : "deals");
    snprintf(line, sizeof line, "%s, %d players: you are seat %d%s. ? shows the rules.",
             t->g->title, t->players, ts->human, who);
    tui_log(t, line);
    while (!t->g->is_over(ad_table_state(ts->t)))
        if (t->kind->step(t) < 0 || t->left)
            break;
    int over = t->g->is_over(ad_table_state(ts->t));
    if (over) {
        tell_result(t);
        tui_draw(t);
        /* keys typed as the game ended (a word's Enter) must not close the result */
        napms(400);
        flushinp();
        for (;;) {
            int k = tui_wait_key(t, -1);
            if (k == '\n' || k == '\r' || k == KEY_ENTER || k == 'q')
                break;
        }
    }
    endwin();
    free(t);
    return over ? 0 : 1;
}
