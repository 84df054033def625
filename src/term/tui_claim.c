/*
 * tui_claim.c - No Way and I Doubt It in the full-screen client: the pile,
 * the call and the claim waiting for answers beside the players; the hand
 * to choose from with the arrows and space; a countdown to answer a claim
 * (the director's answer clock).
 * The director asks the answers in order from the claimer's left.
 */
#include <stdlib.h>
#include <string.h>

#include "claim_facts.h"
#include "play.h"
#include "tui_impl.h"

/* The game's facts: suited cards or letters, whether a play may name
 * another class, what a challenge calls. */
static const ad_term_claim *facts(const tui *t)
{
    return ad_term_claim_of(t->g);
}

/* A card as shown, in face (a suited card with its suit's sign, "10♥",
 * as the library says), and its colour: a letter's by its place in the
 * alphabet (orange, purple, green, pink, as on the cards), a red suit red. */
static int card_face(const tui *t, const char *card, char *face, size_t n)
{
    int red = ad_claim_card_face(t->g, card, face, n);
    if (red < 0)
        snprintf(face, n, "%s", card);
    if (facts(t)->suited)
        return red > 0 ? C_RED : 0;
    return tui_letter_colour(card[0]);
}

/* The columns a face takes: its characters, not its bytes (a suit's sign
 * is three bytes of UTF-8 and one column). */
static int face_cols(const char *face)
{
    int n = 0;
    for (const char *p = face; *p; p++)
        n += ((unsigned char)*p & 0xC0) != 0x80;
    return n;
}


/* "two M's" for a count of a class in this game. */
static void claim_words(const tui *t, long count, const char *say, char *buf, size_t n)
{
    ad_narrate_count(&t->nar, (int)count, say, buf, n);
}

static void draw_table(const tui *t, const json_t *v, int y, int x, int h, int w)
{
    tui_frame(y, x, h, w, "Table");
    char line[TUI_W], words[96];
    int r = y + 1;
    long pile = tui_int(v, "pile_count");
    snprintf(line, sizeof line, "Pile: %ld card%s face down", pile, pile == 1 ? "" : "s");
    tui_put(r++, x + 2, 0, 0, line);
    claim_words(t, 1, tui_str(v, "call"), words, sizeof words);
    snprintf(line, sizeof line, "The call: %s", strchr(words, ' ') ? strchr(words, ' ') + 1 : "");
    tui_put(r++, x + 2, 0, A_BOLD, line);
    const json_t *claim = json_object_get(v, "claim");
    if (claim && r < y + h - 1) {
        claim_words(t, tui_int(claim, "count"), tui_str(claim, "say"), words, sizeof words);
        snprintf(line, sizeof line, "%s: \"%s\"", ad_narrate_name(&t->nar, (int)tui_int(claim, "seat")),
                 words);
        tui_put(r++, x + 2, C_WARN, A_BOLD, line);
    }
    if (r < y + h - 1) {
        /* the turn being played, never past the limit: the deal ends at it */
        long turn = tui_int(v, "turns") + 1, most = tui_int(v, "max_turns");
        if (most > 0 && turn > most)
            turn = most;
        if (most > 0)
            snprintf(line, sizeof line, "Deal %ld, turn %ld of %ld",
                     tui_int(v, "deal") ? tui_int(v, "deal") : 1, turn, most);
        else
            snprintf(line, sizeof line, "Deal %ld, turn %ld",
                     tui_int(v, "deal") ? tui_int(v, "deal") : 1, turn);
        tui_put(r++, x + 2, C_DIM, 0, line);
    }
}

static void draw_players(const tui *t, const json_t *v, int y, int x, int h, int w)
{
    tui_frame(y, x, h, w, "Players");
    const json_t *counts = json_object_get(v, "hand_counts"), *scores = json_object_get(v, "scores");
    const json_t *to_act = json_object_get(v, "to_act");
    int scored = tui_int(v, "target") > 0;
    for (int s = 0; s < t->players && s < h - 2; s++) {
        int acting = 0;
        for (size_t i = 0; i < json_array_size(to_act); i++)
            acting |= json_integer_value(json_array_get(to_act, i)) == s;
        char line[96];
        long n = (long)json_integer_value(json_array_get(counts, (size_t)s));
        int len = snprintf(line, sizeof line, "%s %-4s %3ld card%s", acting ? ">" : " ",
                           ad_narrate_name(&t->nar, s), n, n == 1 ? " " : "s");
        if (scored && len > 0)
            snprintf(line + len, sizeof line - (size_t)len, "  %ld pts",
                     (long)json_integer_value(json_array_get(scores, (size_t)s)));
        tui_put(y + 1 + s, x + 2, acting ? C_TURN : 0, s == t->ts->human ? A_BOLD : 0, line);
        if (s != t->ts->human && w > 30)
            tui_put(y + 1 + s, x + w - 10, C_DIM, 0, t->ts->levels[s]);
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
            char face[32];
            card_face(t, json_string_value(json_array_get(hand, (size_t)k)), face, sizeof face);
            int cw = face_cols(face) + 1;
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
        char face[32];
        int colour = card_face(t, json_string_value(json_array_get(hand, (size_t)k)), face,
                               sizeof face);
        int cw = face_cols(face) + 1;
        if (x + cw > COLS - 2) {
            if (++row == 2)
                break;
            x = 16;
        }
        int attrs = (k < TUI_HAND_MAX && t->sel[k] ? A_REVERSE : 0) |
                    (k == t->cursor ? A_UNDERLINE | A_BOLD : 0);
        tui_put(y + row, x, colour, attrs, face);
        x += cw;
    }
    if (start > 0)
        tui_put(y + 1, 0, C_DIM, 0, "  (more left)");
}

/* The table and the players side by side, the log, the hand. */
static void draw(tui *t, const json_t *v)
{
    int top = t->players + 2 > 6 ? t->players + 2 : 6, tw = COLS * 11 / 20;
    draw_table(t, v, 1, 0, top, tw);
    draw_players(t, v, 1, tw, top, COLS - tw);
    tui_draw_log(t, 1 + top, 0, LINES - 4 - top, COLS);
    draw_hand(t, v, LINES - 3);
}

static int hand_size(const tui *t)
{
    json_t *v = tui_view(t);
    int n = (int)json_array_size(json_object_get(v, "hand"));
    json_decref(v);
    return n;
}

/* The cards chosen, as a JSON array of card names. */
static json_t *chosen(const tui *t, const json_t *v)
{
    json_t *hand = json_object_get(v, "hand"), *out = json_array();
    for (size_t k = 0; k < json_array_size(hand) && k < TUI_HAND_MAX; k++)
        if (t->sel[k])
            json_array_append(out, json_array_get(hand, k));
    return out;
}

/* `c`: choose the cards of the call, as many as may be laid. */
static void choose_call(tui *t, const json_t *v)
{
    json_t *hand = json_object_get(v, "hand");
    long most = tui_int(v, "max_cards"), n = 0;
    memset(t->sel, 0, sizeof t->sel);
    for (size_t k = 0; k < json_array_size(hand) && k < TUI_HAND_MAX && n < most; k++) {
        char cls[8];
        ad_term_claim_class(facts(t), json_string_value(json_array_get(hand, k)), cls, sizeof cls);
        if (strcmp(cls, tui_str(v, "call")) == 0) {
            t->sel[k] = 1;
            n++;
        }
    }
}

static void turn_help(tui *t, const json_t *v)
{
    snprintf(t->status, sizeof t->status,
             "Your turn: space picks 1-%ld, c: the %s's, Enter: lay down, a: auto%s",
             tui_int(v, "max_cards"), tui_str(v, "call"),
             json_is_true(json_object_get(v, "allow_pass")) ? ", p: pass" : "");
}

/* The human's turn: choose cards, say a letter (No Way), confirm. */
static int human_turn(tui *t)
{
    int n = hand_size(t);
    memset(t->sel, 0, sizeof t->sel);
    t->cursor = t->cursor < n ? t->cursor : 0;
    t->typing = 0;
    json_t *v = tui_view(t);
    turn_help(t, v);
    for (;;) {
        tui_draw(t);
        int k = tui_wait_key(t, tui_until_wake(t));
        if (k == ERR) { /* the director's wake: a clock, for this client to apply */
            json_decref(v);
            return 0;
        }
        if (k == 'q' && !t->typing) {
            json_decref(v);
            return -1;
        }
        ad_err e;
        if (t->typing) {
            if (k == 27 || k == KEY_BACKSPACE || k == 127) {
                t->typing = 0;
                turn_help(t, v);
                continue;
            }
            if (facts(t)->say_free && k < 128 && k > 0 && ((k | 32) >= 'a' && (k | 32) <= 'z')) {
                snprintf(t->say, sizeof t->say, "%c", k & ~32); /* say another letter */
            } else if (k == '\n' || k == '\r' || k == KEY_ENTER) {
                json_t *a = json_pack("{s:s,s:o,s:s}", "type", "play", "cards", chosen(t, v),
                                      "say", t->say);
                if (tui_act_json(t, t->ts->human, a, &e) == 0) {
                    json_decref(v);
                    t->typing = 0;
                    return 0;
                }
                t->typing = 0;
                snprintf(t->status, sizeof t->status, "%s. Choose again.", e.text);
                continue;
            }
        } else if (k == KEY_LEFT) { /* h is the hint's key (tui.c) */
            t->cursor = t->cursor > 0 ? t->cursor - 1 : 0;
        } else if (k == KEY_RIGHT || k == 'l') {
            t->cursor = t->cursor + 1 < n ? t->cursor + 1 : t->cursor;
        } else if (k == KEY_HOME) {
            t->cursor = 0;
        } else if (k == KEY_END) {
            t->cursor = n > 0 ? n - 1 : 0;
        } else if (k == ' ' && t->cursor < TUI_HAND_MAX) {
            /* a play holds at most max_cards: the card past it is refused here */
            long most = tui_int(v, "max_cards"), picked = 0;
            for (int i = 0; i < TUI_HAND_MAX; i++)
                picked += t->sel[i];
            if (!t->sel[t->cursor] && most > 0 && picked >= most)
                snprintf(t->status, sizeof t->status,
                         "A play holds at most %ld card%s: space on a chosen card puts it back.",
                         most, most == 1 ? "" : "s");
            else
                t->sel[t->cursor] = !t->sel[t->cursor];
        } else if (k == 'c') {
            choose_call(t, v);
            int any = 0;
            for (int i = 0; i < TUI_HAND_MAX; i++)
                any |= t->sel[i];
            if (!any)
                snprintf(t->status, sizeof t->status,
                         "You hold no %s: choose other cards with the arrows and space (a bluff).",
                         tui_str(v, "call"));
        } else if (k == 'a') {
            json_decref(v);
            return tui_bot_act(t, t->ts->human);
        } else if (k == 'p') {
            if (tui_act_json(t, t->ts->human, json_pack("{s:s}", "type", "pass"), &e) == 0) {
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
            snprintf(t->say, sizeof t->say, "%s", tui_str(v, "call"));
            t->typing = 1;
        }
        if (t->typing) {
            char words[96];
            json_t *cards = chosen(t, v);
            claim_words(t, (long)json_array_size(cards), t->say, words, sizeof words);
            json_decref(cards);
            if (strcmp(t->say, tui_str(v, "call")) != 0) /* a lie anyone can prove */
                snprintf(t->status, sizeof t->status,
                         "\"%s\" is not the call: that is a bluff: anyone may call it.  "
                         "Enter: yes  A-Z: another  Esc: back",
                         words);
            else
                snprintf(t->status, sizeof t->status,
                         "Lay them down saying \"%s\"?  Enter: yes%s  Esc: back", words,
                         facts(t)->say_free ? "  A-Z: say another" : "");
        }
    }
}

/* The human answers a claim, with the countdown of the director's answer
 * clock (ad_director_deadline); when it runs out the director passes for
 * them. */
static int human_answers(tui *t)
{
    json_t *v = tui_view(t);
    const json_t *claim = json_object_get(v, "claim");
    char words[96];
    claim_words(t, tui_int(claim, "count"), tui_str(claim, "say"), words, sizeof words);
    const char *call = facts(t)->objection;
    char who[16];
    snprintf(who, sizeof who, "%s", ad_narrate_name(&t->nar, (int)tui_int(claim, "seat")));
    json_decref(v);
    for (;;) {
        int wait = tui_until_wake(t);
        if (wait == 0)
            return 0; /* the time is up: the director passes */
        /* the countdown first, so it always shows; the claim (also on the
         * table) only when the line has room for it */
        char keys[100], left[8] = "";
        int64_t due = ad_director_deadline(t->ts->d, t->ts->human);
        if (due != AD_DIRECTOR_NEVER)
            snprintf(left, sizeof left, "%2ds", (int)((due - tui_clock(t) + 999) / 1000));
        snprintf(keys, sizeof keys, "%3s  Call \"%s\"?  y: call it   n: let it pass   a: computer",
                 left, call);
        int room = COLS - 1 - (int)strlen(keys);
        if ((int)(strlen(who) + strlen(words)) + 6 <= room)
            snprintf(t->status, sizeof t->status, "%.3s  %.15s: \"%.90s\".%s", keys, who, words,
                     keys + 3);
        else
            snprintf(t->status, sizeof t->status, "%s", keys);
        tui_draw(t);
        int k = tui_wait_key(t, wait < 0 || wait > 1000 ? 1000 : wait); /* a second's tick */
        if (k == ERR)
            continue;
        if (k == 'q')
            return -1;
        if (k == 'a')
            return tui_bot_act(t, t->ts->human);
        if (k == 'y' || k == 'n' || k == '\n' || k == '\r') {
            ad_err e;
            return tui_act_json(t, t->ts->human,
                                json_pack("{s:s}", "type", k == 'y' ? "challenge" : "pass"), &e);
        }
    }
}

static int in_window(const tui *t)
{
    json_t *v = tui_view(t);
    int window = strcmp(tui_str(v, "phase"), "challenge") == 0;
    json_decref(v);
    return window;
}

/* The person's move: a turn, or an answer in a challenge window (the
 * director asks every other seat at once: a race). */
static int step(tui *t)
{
    return in_window(t) ? human_answers(t) : human_turn(t);
}

static const char *doing(tui *t, int seat)
{
    (void)seat;
    return in_window(t) ? "weighs the claim" : "is choosing cards";
}

const tui_kind tui_claim = {
    .draw = draw, .step = step, .doing = doing, .realtime = 0, .family = "claim"};
