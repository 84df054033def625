/*
 * tui.c - the full-screen client's core (see tui.h, tui_impl.h).  The
 * screen is redrawn whole from the human seat's view after every change,
 * so a resize or a help page never leaves anything stale: a header, the
 * body a family of games draws (tui_claim.c, tui_sequence.c), the log told
 * by narrate.c, and one line saying what the keys do now.
 */
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <term.h>
#include <time.h>
#include <unistd.h>

#include "../app/app.h"
#include "coach.h"
#include "play.h"
#include "tui_impl.h"

/* The screen of g's family (ad_game.family), or NULL. */
static const tui_kind *kind_of(const ad_game *g)
{
    const tui_kind *all[] = {&tui_claim, &tui_sequence, &tui_liar, &tui_shout};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->family, g->family) == 0)
            return all[i];
    return NULL;
}

int tui_supports(const ad_game *g)
{
    return kind_of(g) != NULL;
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
    /* while a word is typed (or letters pick cards), h is a letter: ! asks for the hint */
    mvaddstr(0, COLS - 29, t->typing || t->letter_keys ? "!: hint  ?: rules  q: leave "
                                                       : "h: hint  ?: rules  q: leave ");
    attroff(COLOR_PAIR(C_HEAD) | A_BOLD);
    t->kind->draw(t, v);
    attron(A_BOLD);
    mvprintw(LINES - 1, 0, "%.*s", COLS - 1, t->status);
    attroff(A_BOLD);
    json_decref(v);
    refresh();
}

/* --------------------------------------------------------- keys */

/* A key within ms (forever when ms < 0); ERR when the time ran out or a
 * stop signal came.  The signals that stop `play` are blocked from the
 * check of play_stop_signal() until ppoll, which lets them in only while
 * it waits: one that lands just before the wait wakes it instead of being
 * lost until the next key.  Keys ncurses already holds come first. */
/* Set when the terminal hangs up under us; then every wait leaves as a
 * stop signal makes it leave, keeping the record. */
static int term_gone;

static int stopping(void)
{
    return play_stop_signal() || term_gone;
}

static int get_key(int ms)
{
    timeout(0);
    int k = getch();
    if (k != ERR || stopping())
        return k;
    sigset_t stop, old;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGHUP);
    sigprocmask(SIG_BLOCK, &stop, &old);
    int hup = 0;
    if (!stopping()) {
        struct pollfd pfd = {.fd = STDIN_FILENO, .events = POLLIN};
        struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
        /* a resize (SIGWINCH) wakes it too */
        if (ppoll(&pfd, 1, ms < 0 ? NULL : &ts, &old) > 0)
            hup = pfd.revents & (POLLHUP | POLLERR | POLLNVAL);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (stopping())
        return ERR;
    k = getch();
    /* the terminal hung up (a pty gone reads as ready, then fails; with no
     * SIGHUP, or one ignored): never spin on it */
    if (k == ERR && hup)
        term_gone = 1;
    return k;
}

/* --------------------------------------------------------- help, leave */

/* Splits text into lines of at most width columns, breaking at spaces
 * (a word longer than the width is cut); a continued line keeps the
 * first line's indent (and a list item's "- "), so lists stay lists. */
static char **wrap_lines(const char *text, int width, int *count)
{
    int cap = 256, n = 0;
    char **out = malloc(sizeof *out * (size_t)cap);
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s), indent = 0;
        while (indent < len && s[indent] == ' ')
            indent++;
        if (indent + 1 < len && s[indent] == '-' && s[indent + 1] == ' ')
            indent += 2;
        if (indent > (size_t)width / 2)
            indent = 0;
        size_t pad = 0;
        do {
            size_t room = (size_t)width - pad, take = len;
            if (len > room) {
                take = room;
                while (take > 0 && s[take] != ' ')
                    take--;
                if (take == 0)
                    take = room;
            }
            if (n == cap)
                out = realloc(out, sizeof *out * (size_t)(cap *= 2));
            out[n] = malloc(pad + take + 1);
            memset(out[n], ' ', pad);
            memcpy(out[n] + pad, s, take);
            out[n++][pad + take] = 0;
            s += take;
            len -= take;
            while (len > 0 && *s == ' ')
                s++, len--;
            pad = indent;
        } while (len > 0);
        s += nl != NULL;
    }
    *count = n;
    return out;
}

/* The game's rules page, full screen, until q, Esc or ?. */
static void show_rules(tui *t)
{
    char *text = ad_cli_rules_text(t->g->id);
    if (!text)
        return;
    int n, top = 0;
    char **rows = wrap_lines(text, COLS - 1, &n);
    for (;;) {
        erase();
        attron(COLOR_PAIR(C_HEAD) | A_BOLD);
        mvhline(0, 0, ' ', COLS);
        mvprintw(0, 1, "Rules of %s   arrows, PgUp/PgDn: scroll   q: back to the game",
                 t->g->title);
        attroff(COLOR_PAIR(C_HEAD) | A_BOLD);
        for (int i = 0; i < LINES - 1 && top + i < n; i++)
            mvaddstr(1 + i, 0, rows[top + i]);
        refresh();
        int k = get_key(-1), page = LINES - 2, most = n - (LINES - 1) > 0 ? n - (LINES - 1) : 0;
        if (k == 'q' || k == 27 || k == '?' || stopping())
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
        free(rows[i]);
    free(rows);
    free(text);
}

/* Asks before leaving; 1 when the player leaves. */
int tui_ask_leave(tui *t)
{
    char keep[TUI_W];
    snprintf(keep, sizeof keep, "%s", t->status);
    snprintf(t->status, sizeof t->status,
             "Leave this game? Its record is kept, unfinished.  y: leave   other keys: stay");
    tui_draw(t);
    int k = get_key(-1);
    snprintf(t->status, sizeof t->status, "%s", keep);
    if (k == 'y' || k == 'Y' || stopping()) {
        t->left = 1;
        return 1;
    }
    return 0;
}

/* The log's lines from a long one, broken at spaces to the log's width
 * (the frame and its margins take 4 columns); the lines after the first
 * indented under its text. */
static void log_wrapped(tui *t, const char *line, size_t indent)
{
    int n, width = (COLS < TUI_W ? COLS : TUI_W) - 4 - (int)indent;
    char **rows = wrap_lines(line, width > 20 ? width : 20, &n);
    for (int i = 0; i < n; i++) {
        char row[TUI_W];
        snprintf(row, sizeof row, "%*s%s", i ? (int)indent : 0, "", rows[i]);
        tui_log(t, row);
        free(rows[i]);
    }
    free(rows);
}

/* `h` (or `!`): the coach's hint for the person's seat, from its view
 * alone (coach.h), into the log and, with --speak, aloud; the family
 * shows what else it can of it.  The table does not change. */
static void show_hint(tui *t)
{
    char line[1024], keep[TUI_W];
    snprintf(keep, sizeof keep, "%s", t->status);
    snprintf(t->status, sizeof t->status, "Working out a hint from your seat...");
    tui_draw(t); /* a hint can take a moment: say so first */
    json_t *h = ad_term_coach(t->ts->t, t->ts->human, t->ts->speak, line, sizeof line);
    snprintf(t->status, sizeof t->status, "%s", keep);
    log_wrapped(t, line, 6); /* under the text after "Hint: " */
    if (h && t->kind->hinted)
        t->kind->hinted(t, h);
    json_decref(h);
}

/* Waits up to ms (forever when ms < 0) for a key, and handles the keys
 * that mean the same everywhere: a resize redraws, ? shows the rules, q
 * asks to leave, PgUp/PgDn scroll the log, h (! while typing) shows a
 * hint.  Returns the key, ERR when the
 * time ran out, or 'q' when the player leaves (ERR, with t->left set, when
 * a stop signal or a hangup ends a wait while a word is typed). */
int tui_wait_key(tui *t, double ms)
{
    double end = tui_now_ms() + ms;
    for (;;) {
        double left = end - tui_now_ms();
        if (ms >= 0 && left <= 0)
            return ERR;
        int k = get_key(ms < 0 ? -1 : (int)left + 1);
        if (stopping()) { /* Ctrl-C, a kill: leave, keeping the record */
            t->left = 1;
            return t->typing ? ERR : 'q'; /* while a word is typed, q is a letter */
        }
        if (k == ERR) /* a wait woken with no key: the time is checked above */
            continue;
        if (k == KEY_RESIZE) {
            tui_draw(t);
        } else if (k == '?') {
            show_rules(t);
            tui_draw(t);
        } else if (k == 'q' && !t->typing) {
            if (tui_ask_leave(t))
                return 'q';
            tui_draw(t);
        } else if (k == '!' || (k == 'h' && !t->typing && !t->letter_keys)) {
            show_hint(t);
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

int64_t tui_clock(const tui *t)
{
    return ad_term_clock_now(&t->clock);
}

int tui_until_wake(const tui *t)
{
    return ad_term_clock_until_wake(&t->clock);
}

/* The clock's say(): a line of what happened, to the log. */
static void say_line(void *ctx, const char *line)
{
    tui_log(ctx, line);
}

int tui_advance(tui *t)
{
    ad_director_out out;
    ad_err e;
    int rc = ad_term_clock_advance(&t->clock, &out, &e);
    ad_term_clock_tell(&t->clock, &out);
    if (rc < 0)
        tui_log(t, "The computer player could not move.");
    return rc;
}

int tui_act(tui *t, int seat, const ad_action *a, ad_err *e)
{
    ad_director_out out;
    int rc = ad_term_clock_act(&t->clock, seat, a, &out, e);
    ad_term_clock_tell(&t->clock, &out);
    return rc;
}

int tui_act_json(tui *t, int seat, json_t *action, ad_err *e)
{
    ad_director_out out;
    int rc = ad_term_clock_act_json(&t->clock, seat, action, &out, e);
    json_decref(action);
    ad_term_clock_tell(&t->clock, &out);
    return rc;
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

/* While the director runs bots (or a stand-in plays for the person): the
 * keys every screen shares, space skipping a bot's pause, and, when the
 * person is away, any key taking the seat back.  0, or -1 to leave. */
static int between(tui *t)
{
    int me = t->ts->human;
    int away = (ad_director_away(t->ts->d) >> me) & 1;
    uint32_t asked = ad_director_asked(t->ts->d);
    int bot = asked ? __builtin_ctz(asked) : -1;
    if (away)
        snprintf(t->status, sizeof t->status,
                 "Your time ran out: the computer plays for you.  Any key takes your seat back.");
    else if (bot >= 0)
        snprintf(t->status, sizeof t->status, "%s %s...", ad_narrate_name(&t->nar, bot),
                 t->kind->doing(t, bot));
    tui_draw(t);
    int wait = tui_until_wake(t);
    if (wait == 0)
        return 0;
    int k = tui_wait_key(t, wait);
    if (k == 'q')
        return -1;
    if (k == ERR)
        return 0;
    if (away) {
        ad_director_out out;
        ad_err e;
        int rc = ad_term_clock_take_back(&t->clock, me, &out, &e);
        ad_term_clock_tell(&t->clock, &out);
        if (rc == 0)
            tui_log(t, "You are back in your seat.");
        return rc;
    }
    if (k == ' ')
        ad_term_clock_skip(&t->clock); /* skip the pause: the clock jumps to it */
    return 0;
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
        snprintf(line, sizeof line, "%s %s the game!", ad_narrate_name(&t->nar, s),
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
                     ad_narrate_name(&t->nar, s));
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

/* Whether this terminal can draw the screen: its terminfo entry is known
 * (setupterm), it can move the cursor anywhere (cup), and it has at least
 * 80x24.  When not, why in words (for one line) and 0. */
static int screen_usable(char *why, size_t len)
{
    const char *term = getenv("TERM");
    int err = 0;
    if (!term || !*term || setupterm(NULL, STDOUT_FILENO, &err) != OK) {
        snprintf(why, len, "the terminal type \"%.20s\" is unknown", term ? term : "");
        return 0;
    }
    const char *cup = tigetstr("cup");
    int rows = tigetnum("lines"), cols = tigetnum("cols");
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
        rows = ws.ws_row, cols = ws.ws_col;
    del_curterm(cur_term);
    if (!cup || cup == (char *)-1)
        snprintf(why, len, "the terminal \"%.20s\" cannot move its cursor", term);
    else if (rows < 24 || cols < 80)
        snprintf(why, len, "the terminal is %dx%d, smaller than 80x24", cols, rows);
    else
        return 1;
    return 0;
}

int tui_play(const tui_setup *ts)
{
    char why[160];
    setlocale(LC_ALL, "");
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        snprintf(why, sizeof why, "there is no terminal");
    else if (screen_usable(why, sizeof why))
        why[0] = 0;
    SCREEN *screen = why[0] ? NULL : newterm(NULL, stdout, stdin);
    if (!screen) {
        fprintf(stderr, "alphadeck: playing in lines: %s.\n",
                why[0] ? why : "the terminal cannot be used full screen");
        return TUI_LINES;
    }
    tui *t = calloc(1, sizeof *t);
    t->ts = ts;
    t->g = ad_table_game(ts->t);
    t->kind = kind_of(t->g);
    t->players = ad_table_players(ts->t);
    t->nar = (narrator){.g = t->g, .players = t->players, .you = ts->human};
    t->clock = (ad_term_clock){.d = ts->d, .human = ts->human, .nar = &t->nar, .say = say_line,
                               .ctx = t, .speak = ts->speak};
    ad_term_clock_start(&t->clock);
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
        snprintf(who, sizeof who, "; %s %s", dealer == ts->human ? "you" : ad_narrate_name(&t->nar, dealer),
                 dealer == ts->human ? "deal" : "deals");
    snprintf(line, sizeof line, "%s, %d players: you are seat %d%s. ? shows the rules.",
             t->g->title, t->players, ts->human, who);
    tui_log(t, line);
    /* the director moves the table; the person moves when it asks them */
    while (!t->g->is_over(ad_table_state(ts->t))) {
        if (tui_advance(t) < 0 || t->g->is_over(ad_table_state(ts->t)))
            break;
        int me = ts->human;
        int mine = ((ad_director_asked(ts->d) & ~ad_director_away(ts->d)) >> me) & 1;
        int away = (ad_director_away(ts->d) >> me) & 1;
        int rc = !away && (mine || t->kind->realtime) ? t->kind->step(t) : between(t);
        if (rc < 0 || t->left)
            break;
    }
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
    delscreen(screen);
    free(t);
    return over ? 0 : 1;
}
