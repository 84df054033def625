/*
 * sequence_hint.c - the Sequence Letters coach (unit.h's ad_hint_fn), from
 * the seat's view alone.  Squares are [row, column] from 1, as in actions;
 * the text names them as the board does ("the Kite (K, c2)").  Its answer,
 * a JSON object:
 *   "kind"     "turn" (the seat is to move: with "move") or "wait"
 *   "text"     a sentence or a few for a person (always)
 *   "squares"  what the seat's cards can take: [{"card", "squares": [[r,c],
 *              ...]}] per playable card (a letter its open squares, Z every
 *              open square, X every opposing chip), in the deck's order
 *   "dead"     the dead letters the seat holds (both squares covered): each
 *              may be turned in for a fresh card, one a turn
 *   "threats"  the empty squares that would finish a line of four for
 *              another side
 *   "move"     on the seat's turn only: the suggested action, as the game's
 *              action JSON: the `strong` player's choice at the given think
 *              budget (the same search, so a hint and the bot agree)
 *   "reason"   why, in words ("it blocks Bea's three in a row", "it makes
 *              your four in a row: you win"), from strong_sequence.c's line
 *              count (ad_strong_sequence_effect)
 * A finished game has nothing to hint: game_over.
 */
#include <string.h>

#include "narrate/narrate_impl.h"
#include "seqboard.h"
#include "sequence_unit.h"

/* "the Kite (K, c2)". */
static void square_name(int q, char *buf, size_t len)
{
    const seqboard *b = ad_seqboard_get();
    int r = q / SQ_COLS, c = q % SQ_COLS;
    char name[8];
    ad_seqboard_name(r + 1, c + 1, name, sizeof name);
    if (b)
        snprintf(buf, len, "the %s (%s, %s)", b->picture[r][c], b->letter[r][c], name);
    else
        snprintf(buf, len, "%s", name);
}

static json_t *square_json(int q)
{
    return json_pack("[i,i]", q / SQ_COLS + 1, q % SQ_COLS + 1);
}

/* "Bea's", "Bea and Dee's", "your": the seats of side `colour` (1-3). */
static void side_name(const seq_state *s, const narrator *n, int colour, char *buf, size_t len)
{
    size_t used = 0;
    int count = 0;
    if (colour == n->you % s->teams + 1) {
        snprintf(buf, len, "your");
        return;
    }
    buf[0] = 0;
    for (int p = 0; p < s->players; p++)
        if (p % s->teams + 1 == colour && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", count++ ? " and " : "",
                                     ad_narrate_name(n, p));
    if (used < len)
        snprintf(buf + used, len - used, "'s");
}

/* The seat's hand as if it were its turn afresh: every play, turn-in and
 * discard the rules would let it make (ad_seq_legal, the rules' own list). */
static int all_plays(const seq_state *s, int seat, ad_action *out)
{
    seq_state afresh = *s;
    afresh.turn = (uint8_t)seat;
    afresh.turned_in = 0;
    return ad_seq_legal(&afresh, seat, out);
}

/* Appends to buf (holding *used bytes) as snprintf would, never past len. */
static void add(char *buf, size_t len, size_t *used, const char *text)
{
    if (*used < len)
        *used += (size_t)snprintf(buf + *used, len - *used, "%s", text);
}

/* The plays of one card, all[i] on (they come together in ad_seq_legal's
 * list): its entry of "squares", and its words ("K c2 or f4", "Z any of the
 * 31 open squares") into words.  Returns the index after them. */
static int card_plays(const seq_state *s, const ad_action *all, int n, int i, json_t *squares,
                      char *words, size_t len)
{
    int k = all[i].cards[0], j = i, open = 0;
    json_t *qs = json_array();
    size_t used = (size_t)snprintf(words, len, "%s", s->deck->kind[k]);
    for (; j < n && all[j].cards[0] == k && all[j].type == SQ_A_PLAY; j++) {
        char name[8];
        json_array_append_new(qs, square_json(all[j].arg[0]));
        ad_seqboard_name(all[j].arg[0] / SQ_COLS + 1, all[j].arg[0] % SQ_COLS + 1, name,
                         sizeof name);
        add(words, len, &used, j == i ? " " : " or ");
        add(words, len, &used, name);
    }
    for (int q = 0; q < SQ_SQUARES; q++)
        open += !s->board[q];
    if (k == s->bd->kind_z)
        snprintf(words, len, "Z any of the %d open squares", open);
    else if (k == s->bd->kind_x)
        snprintf(words, len, "X any of %d opposing chips", j - i);
    json_array_append_new(squares, json_pack("{s:s,s:o}", "card", s->deck->kind[k], "squares", qs));
    return j;
}

/* The dead cards' sentence: turn one in, one a turn. */
static void dead_words(const seq_state *s, int seat, const json_t *dead, char *buf, size_t len)
{
    size_t nd = json_array_size(dead);
    char list[96];
    buf[0] = 0;
    if (!nd)
        return;
    ad_narrate_list(dead, list, sizeof list);
    int later = s->turn == seat && s->turned_in; /* one a turn, and this one is used */
    snprintf(buf, len, " %s %s dead (both squares covered): turn %s in for a fresh card, one a "
                       "turn%s.",
             list, nd == 1 ? "is" : "are", nd == 1 ? "it" : "one",
             later ? " (you have turned one in this turn: next turn)" : "");
}

/* "squares" and "dead" from the seat's plays; the card sentence into buf. */
static void cards_part(const seq_state *s, int seat, json_t *h, char *buf, size_t len)
{
    ad_action all[SQ_MAX_LEGAL];
    int n = all_plays(s, seat, all), listed = 0;
    json_t *squares = json_array(), *dead = json_array();
    size_t used = 0;
    add(buf, len, &used, "Your cards can take:");
    for (int i = 0; i < n;) {
        if (all[i].type != SQ_A_PLAY) {
            if (all[i].type == SQ_A_TURN_IN)
                json_array_append_new(dead, json_string(s->deck->kind[all[i].cards[0]]));
            i++;
            continue;
        }
        char words[128];
        i = card_plays(s, all, n, i, squares, words, sizeof words);
        add(buf, len, &used, listed++ ? "; " : " ");
        add(buf, len, &used, words);
    }
    add(buf, len, &used, listed ? "." : " nothing now.");
    char sentence[256];
    dead_words(s, seat, dead, sentence, sizeof sentence);
    add(buf, len, &used, sentence);
    json_object_set_new(h, "squares", squares);
    json_object_set_new(h, "dead", dead);
}

/* "threats": where another side would finish a line; its sentence into buf. */
static void threats_part(const seq_state *s, const narrator *n, json_t *h, char *buf, size_t len)
{
    json_t *all = json_array();
    size_t used = 0;
    buf[0] = 0;
    for (int c = 1; c <= s->teams; c++) {
        if (c == n->you % s->teams + 1)
            continue;
        uint8_t q[SQ_SQUARES];
        int k = ad_strong_sequence_threats(s, c, q);
        char side[64], where[48];
        side_name(s, n, c, side, sizeof side);
        for (int i = 0; i < k; i++) {
            json_array_append_new(all, square_json(q[i]));
            square_name(q[i], where, sizeof where);
            if (used < len)
                used += (size_t)snprintf(buf + used, len - used,
                                         " Watch %s: %s would finish %s four in a row.", where,
                                         i == 0 ? "a chip there" : "that too",
                                         side);
        }
    }
    json_object_set_new(h, "threats", all);
}

/* Why a play: what it does in the line count (a four, a block, a three). */
static void play_reason(const seq_state *s, const narrator *n, int seat, const ad_action *a,
                        char *buf, size_t len)
{
    seq_effect e;
    char side[64];
    ad_strong_sequence_effect(s, seat, a, &e);
    size_t used = 0;
    if (e.wins) {
        snprintf(buf, len, "it makes your four in a row: you win");
        return;
    }
    if (e.stops) {
        side_name(s, n, e.stops_colour, side, sizeof side);
        used += (size_t)snprintf(buf, len, "it %s %s three in a row",
                                 a->cards[0] == s->bd->kind_x ? "breaks" : "blocks", side);
    }
    if (e.threes && used < len)
        used += (size_t)snprintf(buf + used, len - used, "%s makes your three in a row%s",
                                 used ? " and" : "it",
                                 e.loaded == 2   ? ", with two ways to finish it: one block "
                                                   "cannot stop both"
                                 : e.loaded == 1 ? ", and your hand holds the card to finish it"
                                                 : "");
    if (!used)
        snprintf(buf, len, "%s", a->cards[0] == s->bd->kind_x
                                     ? "it takes the most from the other side's lines of four"
                                     : "it builds toward your lines of four");
}

/* Why the strong player's move, in words. */
static void reason_words(const seq_state *s, const narrator *n, int seat, const ad_action *a,
                         char *buf, size_t len)
{
    const char *card = s->deck->kind[a->cards[0]];
    if (a->type == SQ_A_TURN_IN) {
        snprintf(buf, len, "%s is dead: both its squares are covered, so turn it in and draw a "
                           "fresh card before you play", card);
        return;
    }
    if (a->type == SQ_A_DISCARD) {
        snprintf(buf, len, "nothing in your hand can be played, so one card goes: %s is the one "
                           "least worth keeping", card);
        return;
    }
    play_reason(s, n, seat, a, buf, len);
}

/* The suggested move and its reason ("move", "reason"); the sentence into buf. */
static void move_part(const seq_state *s, const narrator *n, int seat, const ad_bot_opts *think,
                      ad_rng *r, json_t *h, char *buf, size_t len)
{
    ad_bot_opts o = think ? *think : (ad_bot_opts){0};
    ad_action a;
    memset(&a, 0, sizeof a);
    ad_bot_strong_sequence(s, seat, &o, r, &a);
    char why[256], where[48];
    reason_words(s, n, seat, &a, why, sizeof why);
    const char *card = s->deck->kind[a.cards[0]];
    square_name(a.arg[0], where, sizeof where);
    if (a.type != SQ_A_PLAY)
        snprintf(buf, len, "Suggested: %s %s: %s.", a.type == SQ_A_TURN_IN ? "turn in" : "discard",
                 card, why);
    else if (a.cards[0] == s->bd->kind_x)
        snprintf(buf, len, "Suggested: X on %s, taking that chip off: %s.", where, why);
    else
        snprintf(buf, len, "Suggested: %s on %s: %s.", card, where, why);
    json_object_set_new(h, "move", ad_game_sequence.action_to_json(s, &a));
    json_object_set_new(h, "reason", json_string(why));
}

json_t *ad_sequence_hint(const ad_unit *u, const void *view, int seat, const char *const *names,
                         const ad_bot_opts *think, ad_rng *r, ad_err *err)
{
    const seq_state *s = view;
    (void)u;
    if (ad_check_seat(seat, s->players, s->phase == SQ_OVER, err) < 0)
        return NULL;
    narrator n = {.g = &ad_game_sequence, .players = s->players, .you = seat, .names = names};
    json_t *h = json_object();
    char move[512] = "", cards[768], threats[1024], text[2560];
    if (s->turn == seat && s->count[seat] > 0) /* a hand of no cards has no move to weigh */
        move_part(s, &n, seat, think, r, h, move, sizeof move);
    cards_part(s, seat, h, cards, sizeof cards);
    threats_part(s, &n, h, threats, sizeof threats);
    snprintf(text, sizeof text, "%s%s%s%s", move, move[0] ? " " : "", cards, threats);
    json_object_set_new(h, "kind", json_string(s->turn == seat ? "turn" : "wait"));
    json_object_set_new(h, "text", json_string(text));
    return h;
}
