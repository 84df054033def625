/*
 * sequence.c - Sequence Letters.  A turn: at most one dead card turned in,
 * then one card played (a letter covers one of its two squares, Z any open
 * square, X removes an opposing chip and ends the turn) or, with nothing
 * playable, one card discarded; then one card drawn.  Invariant after every
 * apply: hands + draw deck + discard piles hold every card of the game
 * exactly once.  The game always ends: a line of four, or after max_turns
 * turns a drawn game (docs/rules/sequence.md says why that rule exists).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "sequence.h"
#include "core/adjson.h"

static const ad_option_def sequence_options[] = {
    {"max_turns", 20, 60000, 1000,
     "after this many turns with no four in a row, the game stops as a draw (X cards could "
     "otherwise keep it going for ever)",
     "Longest game, in turns"},
};

/* ------------------------------------------------------------- board data */

static sq_board board_data;
static int board_ok;
static pthread_once_t board_once = PTHREAD_ONCE_INIT;

static int colour_index(sq_board *b, const char *name)
{
    for (int i = 0; i < 4; i++) {
        if (b->colour_name[i][0] == 0)
            snprintf(b->colour_name[i], sizeof b->colour_name[i], "%.7s", name);
        if (strcmp(b->colour_name[i], name) == 0)
            return i;
    }
    return -1;
}

/* Parses data/boards/sequence.txt; board_ok stays 0 if anything is off. */
static void load_board(void)
{
    sq_board *b = &board_data;
    const ad_deck *d = ad_deck_get("sequence");
    const char *p = ad_data_get("boards/sequence.txt");
    int seen[SQ_KINDS] = {0}, squares = 0;
    if (!d || !p)
        return;
    memset(b, 0, sizeof *b);
    memset(b->colour_of, -1, sizeof b->colour_of);
    b->kind_x = ad_deck_kind(d, "X");
    b->kind_z = ad_deck_kind(d, "Z");
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[128], a[16], c1[16], c2[16], c3[16];
        int r, c;
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
        p += eol ? len + 1 : len;
        int off = 0;
        if (sscanf(line, "square %d %d %15s %n", &r, &c, a, &off) == 3 && off > 0) {
            int k = ad_deck_kind(d, a);
            if (k < 0 || r < 1 || r > SQ_ROWS || c < 1 || c > SQ_COLS || seen[k] >= 2)
                return;
            int sq = (r - 1) * SQ_COLS + (c - 1);
            b->letter_of[sq] = (int8_t)k;
            b->squares_of[k][seen[k]++] = (uint8_t)sq;
            snprintf(b->picture[sq], sizeof b->picture[sq], "%.23s", line + off);
            squares++;
        } else if (sscanf(line, "colour %15s %15s", a, c1) == 2) {
            int k = ad_deck_kind(d, a);
            if (k < 0)
                return;
            b->colour_of[k] = (int8_t)colour_index(b, c1);
        } else if (sscanf(line, "chips %15s %15s %15s", c1, c2, c3) == 3) {
            snprintf(b->chip_name[0], sizeof b->chip_name[0], "%.7s", c1);
            snprintf(b->chip_name[1], sizeof b->chip_name[1], "%.7s", c2);
            snprintf(b->chip_name[2], sizeof b->chip_name[2], "%.7s", c3);
        }
    }
    board_ok = squares == SQ_SQUARES && b->kind_x >= 0 && b->kind_z >= 0;
}

const sq_board *ad_sequence_board(void)
{
    pthread_once(&board_once, load_board);
    return board_ok ? &board_data : NULL;
}

/* -------------------------------------------------------------- helpers */

static int team_of(const seq_state *s, int seat)
{
    return seat % s->teams;
}

static int is_letter(const seq_state *s, int k)
{
    return k != s->bd->kind_x && k != s->bd->kind_z;
}

/* A letter whose two squares are both covered. */
static int is_dead(const seq_state *s, int k)
{
    return is_letter(s, k) && s->board[s->bd->squares_of[k][0]] &&
           s->board[s->bd->squares_of[k][1]];
}

static int any_open(const seq_state *s)
{
    for (int q = 0; q < SQ_SQUARES; q++)
        if (!s->board[q])
            return 1;
    return 0;
}

static int any_opposing(const seq_state *s, int seat)
{
    int mine = team_of(s, seat) + 1;
    for (int q = 0; q < SQ_SQUARES; q++)
        if (s->board[q] && s->board[q] != mine)
            return 1;
    return 0;
}

static int playable(const seq_state *s, int seat, int k)
{
    if (k == s->bd->kind_z)
        return any_open(s);
    if (k == s->bd->kind_x)
        return any_opposing(s, seat);
    return !is_dead(s, k);
}

static int holds_playable(const seq_state *s, int seat)
{
    for (int k = 0; k < s->deck->nkinds; k++)
        if (s->hand[seat][k] && playable(s, seat, k))
            return 1;
    return 0;
}

static int holds_dead(const seq_state *s, int seat)
{
    for (int k = 0; k < s->deck->nkinds; k++)
        if (s->hand[seat][k] && is_dead(s, k))
            return 1;
    return 0;
}

/* Discarding without effect is allowed only when nothing can be played and
 * no dead card may still be turned in for a fresh one. */
static int must_discard(const seq_state *s, int seat)
{
    return !holds_playable(s, seat) && (s->turned_in || !holds_dead(s, seat));
}

/* An event naming one card (card < 0: none). */
static ad_event *emit(ad_events *ev, int type, int seat, int other, int32_t value, int card)
{
    ad_event *e = ad_events_add(ev, type, seat, other, value);
    if (e && card >= 0) {
        e->n = 1;
        e->cards[0] = (uint8_t)card;
    }
    return e;
}

/* Draws one card for seat, rebuilding the deck from every discard pile
 * when it has run out. */
static void draw(seq_state *s, int seat, ad_events *ev)
{
    if (s->pile_n == 0) {
        for (int p = 0; p < s->players; p++) {
            memcpy(s->pile + s->pile_n, s->discard[p], s->discard_n[p]);
            s->pile_n = (uint8_t)(s->pile_n + s->discard_n[p]);
            s->discard_n[p] = 0;
        }
        memset(s->discard, 0, sizeof s->discard);
        ad_rng_shuffle(&s->rng, s->pile, s->pile_n);
        s->reshuffles++;
        emit(ev, SQ_EV_RESHUFFLE, -1, -1, s->pile_n, -1);
    }
    if (s->pile_n == 0)
        return; /* every card is in a hand: nothing to draw */
    uint8_t k = s->pile[--s->pile_n];
    s->pile[s->pile_n] = 0;
    s->hand[seat][k]++;
    s->count[seat]++;
    emit(ev, SQ_EV_DRAW, seat, -1, 0, -1);
}

static void to_discard(seq_state *s, int seat, int k)
{
    s->hand[seat][k]--;
    s->count[seat]--;
    s->discard[seat][s->discard_n[seat]++] = (uint8_t)k;
}

/* A line of four of team t through square q: fills s->line. */
static int makes_line(seq_state *s, int q, int t)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int r0 = q / SQ_COLS, c0 = q % SQ_COLS;
    for (int d = 0; d < 4; d++) {
        int dr = dirs[d][0], dc = dirs[d][1], back = 0, fwd = 0;
        while (1) {
            int r = r0 - dr * (back + 1), c = c0 - dc * (back + 1);
            if (r < 0 || r >= SQ_ROWS || c < 0 || c >= SQ_COLS || s->board[r * SQ_COLS + c] != t)
                break;
            back++;
        }
        while (1) {
            int r = r0 + dr * (fwd + 1), c = c0 + dc * (fwd + 1);
            if (r < 0 || r >= SQ_ROWS || c < 0 || c >= SQ_COLS || s->board[r * SQ_COLS + c] != t)
                break;
            fwd++;
        }
        if (back + fwd + 1 >= 4) {
            for (int i = 0; i < 4; i++)
                s->line[i] = (uint8_t)((r0 + dr * (i - back)) * SQ_COLS + (c0 + dc * (i - back)));
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------- set-up */

static int seq_init(void *st, const ad_setup *su, ad_err *err)
{
    seq_state *s = st;
    const sq_board *bd = ad_sequence_board();
    if (!bd)
        return ad_err_set(err, AD_E_INTERNAL, "the sequence board data is missing or malformed");
    memset(s, 0, sizeof *s);
    s->deck = ad_deck_get("sequence");
    s->bd = bd;
    s->players = (uint8_t)su->players;
    s->teams = (uint8_t)(su->players == 4 ? 2 : su->players);
    s->hand_size = (uint8_t)(su->players == 4 ? 4 : 5);
    s->viewer = AD_GOD;
    s->winner_team = -1;
    s->max_turns = (uint16_t)su->opt[0];
    s->last.seat = -1;
    s->dealer = (uint8_t)(su->dealer >= 0 ? su->dealer : 0);
    s->turn = (uint8_t)((s->dealer + 1) % s->players);
    ad_rng_seed(&s->rng, su->seed);

    uint8_t cards[SQ_CARDS];
    int n = 0;
    if (su->deck_n >= 0) {
        uint8_t seen[SQ_KINDS] = {0};
        for (int i = 0; i < su->deck_n; i++) {
            int k = su->deck[i];
            if (++seen[k] > s->deck->copies[k])
                return ad_err_set(err, AD_E_BAD_CARD, "the deck has more %s cards than the game's %d",
                                  s->deck->kind[k], s->deck->copies[k]);
            cards[n++] = (uint8_t)k;
        }
        if (n < s->hand_size * s->players)
            return ad_err_set(err, AD_E_BAD_CARD,
                              "a deck of %d card%s cannot deal %d to each of %d players", n,
                              n == 1 ? "" : "s", s->hand_size, s->players);
    } else {
        for (int k = 0; k < s->deck->nkinds; k++)
            for (int c = 0; c < s->deck->copies[k]; c++)
                cards[n++] = (uint8_t)k;
        ad_rng_shuffle(&s->rng, cards, n);
    }
    s->total = (uint8_t)n;
    /* deal one at a time from the dealer's left; the rest is the draw deck */
    int i = 0;
    for (int round = 0; round < s->hand_size; round++)
        for (int j = 1; j <= s->players; j++) {
            int seat = (s->dealer + j) % s->players;
            s->hand[seat][cards[i++]]++;
            s->count[seat]++;
        }
    for (int top = n - 1; top >= i; top--) /* the deck's top card is drawn first */
        s->pile[s->pile_n++] = cards[top];
    return 0;
}

/* --------------------------------------------------------------- rules */

static uint32_t seq_to_act(const void *st)
{
    const seq_state *s = st;
    return s->phase == SQ_PLAY ? 1u << s->turn : 0;
}

static int seq_is_over(const void *st)
{
    return ((const seq_state *)st)->phase == SQ_OVER;
}

static void square_words(int q, char *buf, size_t n)
{
    snprintf(buf, n, "[%d,%d]", q / SQ_COLS + 1, q % SQ_COLS + 1);
}

/* Why a card cannot go on square q (0: it can).  Cheap: ad_seq_legal asks it
 * for every square. */
enum { FAULT_NONE, FAULT_X_EMPTY, FAULT_X_OWN, FAULT_COVERED, FAULT_NOT_ITS_SQUARE };

static int play_fault(const seq_state *s, int seat, int k, int q)
{
    const sq_board *b = s->bd;
    if (k == b->kind_x)
        return !s->board[q]                              ? FAULT_X_EMPTY
               : s->board[q] == team_of(s, seat) + 1    ? FAULT_X_OWN
                                                        : FAULT_NONE;
    if (s->board[q])
        return FAULT_COVERED;
    if (k != b->kind_z && b->letter_of[q] != k)
        return FAULT_NOT_ITS_SQUARE;
    return FAULT_NONE;
}

static int check_play(const seq_state *s, int seat, int k, int q, ad_err *err)
{
    const sq_board *b = s->bd;
    if (q < 0 || q >= SQ_SQUARES)
        return ad_err_set(err, AD_E_BAD_ACTION, "a square is [row, column], rows 1-6, columns 1-8");
    int fault = play_fault(s, seat, k, q);
    if (fault == FAULT_NONE)
        return 0; /* the words are for a refusal: not made for every play */
    char w[16], x[16], y[16];
    square_words(q, w, sizeof w);
    switch (fault) {
    case FAULT_X_EMPTY:
        return ad_err_set(err, AD_E_ILLEGAL, "X removes an opponent's chip, and %s is empty", w);
    case FAULT_X_OWN:
        return ad_err_set(err, AD_E_ILLEGAL,
                          "the chip on %s is your own side's: X removes an opponent's", w);
    case FAULT_COVERED:
        return ad_err_set(err, AD_E_ILLEGAL, "the square %s is already covered", w);
    case FAULT_NOT_ITS_SQUARE:
        square_words(b->squares_of[k][0], x, sizeof x);
        square_words(b->squares_of[k][1], y, sizeof y);
        return ad_err_set(err, AD_E_ILLEGAL, "%s is the %s (%s); the %s squares are %s and %s", w,
                          b->picture[q], s->deck->kind[b->letter_of[q]], s->deck->kind[k], x, y);
    }
    return 0;
}

static int check(const seq_state *s, int seat, const ad_action *a, ad_err *err)
{
    if (ad_check_seat(seat, s->players, s->phase == SQ_OVER, err) < 0)
        return -1;
    if (seat != s->turn)
        return ad_err_set(err, AD_E_NOT_YOUR_TURN, "it is seat %d's turn", s->turn);
    if (a->type < SQ_A_TURN_IN || a->type > SQ_A_DISCARD)
        return ad_err_set(err, AD_E_BAD_ACTION, "unknown action");
    int k = a->cards[0];
    if (a->n != 1 || k >= s->deck->nkinds)
        return ad_err_set(err, AD_E_BAD_ACTION, "an action names exactly one card");
    if (!s->hand[seat][k])
        return ad_err_set(err, AD_E_NO_SUCH_CARD, "you hold no card %s", s->deck->kind[k]);
    switch (a->type) {
    case SQ_A_TURN_IN:
        if (s->turned_in)
            return ad_err_set(err, AD_E_ILLEGAL, "you have turned in a dead card this turn already");
        if (!is_dead(s, k))
            return ad_err_set(err, AD_E_ILLEGAL, "%s is not dead: %s", s->deck->kind[k],
                              is_letter(s, k) ? "one of its squares is open"
                                              : "only letter cards can be dead");
        return 0;
    case SQ_A_PLAY:
        if (!playable(s, seat, k))
            return ad_err_set(err, AD_E_ILLEGAL, "%s cannot be played now: %s", s->deck->kind[k],
                              k == s->bd->kind_x   ? "no opponent's chip is on the board"
                              : k == s->bd->kind_z ? "every square is covered"
                                                   : "both its squares are covered");
        return check_play(s, seat, k, a->arg[0], err);
    default:
        if (!must_discard(s, seat))
            return ad_err_set(err, AD_E_ILLEGAL, "%s",
                              holds_playable(s, seat)
                                  ? "you may only discard when no card in your hand can be played"
                                  : "turn in a dead card first: you may still turn one in");
        return 0;
    }
}

static void end_turn(seq_state *s, int seat, ad_events *ev)
{
    draw(s, seat, ev);
    s->turns++;
    s->turned_in = 0;
    s->turn = (uint8_t)((seat + 1) % s->players);
    if (s->turns >= s->max_turns) {
        s->phase = SQ_OVER;
        emit(ev, SQ_EV_DRAWN_GAME, -1, -1, s->turns, -1);
    }
}

static int seq_apply(void *st, int seat, const ad_action *a, ad_events *ev, ad_err *err)
{
    seq_state *s = st;
    if (check(s, seat, a, err) < 0)
        return -1;
    if (ev)
        ev->n = 0;
    int k = a->cards[0], q = a->arg[0];
    s->moves++;
    s->last.seat = (int8_t)seat;
    s->last.type = a->type;
    s->last.card = (uint8_t)k;
    s->last.square = 0xff;
    to_discard(s, seat, k);
    if (a->type == SQ_A_TURN_IN) {
        s->turned_in = 1;
        emit(ev, SQ_EV_TURN_IN, seat, -1, 0, k);
        draw(s, seat, ev);
        return 0;
    }
    if (a->type == SQ_A_DISCARD) {
        emit(ev, SQ_EV_DISCARD, seat, -1, 0, k);
        end_turn(s, seat, ev);
        return 0;
    }
    s->last.square = (uint8_t)q;
    if (k == s->bd->kind_x) {
        /* the removal is the whole turn, so nobody covers q again in it */
        emit(ev, SQ_EV_REMOVE, seat, s->board[q] - 1, q, k);
        s->board[q] = 0;
        end_turn(s, seat, ev);
        return 0;
    }
    int t = team_of(s, seat);
    s->board[q] = (uint8_t)(t + 1);
    emit(ev, SQ_EV_PLACE, seat, t, q, k);
    if (makes_line(s, q, t + 1)) {
        s->winner_team = (int8_t)t;
        s->phase = SQ_OVER;
        ad_event *e = emit(ev, SQ_EV_SEQUENCE, seat, t, 0, -1);
        if (e) {
            e->n = 4;
            memcpy(e->cards, s->line, 4);
        }
        return 0;
    }
    end_turn(s, seat, ev);
    return 0;
}

/* Every legal action of seat (at most 5 cards x 48 squares + turn-ins). */
int ad_seq_legal(const seq_state *s, int seat, ad_action *out)
{
    int n = 0;
    if (s->phase != SQ_PLAY || seat != s->turn)
        return 0;
    int discard = must_discard(s, seat);
    for (int k = 0; k < s->deck->nkinds; k++) {
        if (!s->hand[seat][k])
            continue;
        ad_action a;
        memset(&a, 0, sizeof a);
        a.n = 1;
        a.cards[0] = (uint8_t)k;
        if (discard) {
            a.type = SQ_A_DISCARD;
            out[n++] = a;
            continue;
        }
        if (!s->turned_in && is_dead(s, k)) {
            a.type = SQ_A_TURN_IN;
            out[n++] = a;
            continue;
        }
        a.type = SQ_A_PLAY;
        for (int q = 0; q < SQ_SQUARES; q++)
            if (play_fault(s, seat, k, q) == FAULT_NONE) {
                a.arg[0] = (int16_t)q;
                out[n++] = a;
            }
    }
    return n;
}

/* The random player picks uniformly among every legal action. */
static void seq_random(const void *view, int seat, ad_rng *r, ad_action *out)
{
    ad_action all[SQ_MAX_LEGAL];
    int n = ad_seq_legal(view, seat, all);
    if (n == 0) {
        memset(out, 0, sizeof *out);
        return;
    }
    *out = all[ad_rng_below(r, (uint32_t)n)];
}

/* --------------------------------------------------------------- views */

static void seq_view(const void *st, int seat, void *out)
{
    const seq_state *s = st;
    seq_state *v = out;
    memcpy(v, s, sizeof *v);
    if (seat == AD_GOD)
        return;
    v->viewer = (int8_t)seat;
    for (int p = 0; p < SQ_MAXP; p++)
        if (p != seat)
            memset(v->hand[p], 0, sizeof v->hand[p]);
    memset(v->pile, 0, sizeof v->pile);
    memset(&v->rng, 0, sizeof v->rng);
}

/* ---------------------------------------------------------------- JSON */

static json_t *square_json(int q)
{
    return json_pack("[i,i]", q / SQ_COLS + 1, q % SQ_COLS + 1);
}

static json_t *winner_json(const seq_state *s)
{
    if (s->phase != SQ_OVER)
        return json_null();
    if (s->winner_team < 0)
        return json_array(); /* a drawn game: nobody */
    if (s->teams == s->players)
        return json_integer(s->winner_team);
    json_t *a = json_array();
    for (int p = 0; p < s->players; p++)
        if (team_of(s, p) == s->winner_team)
            json_array_append_new(a, json_integer(p));
    return a;
}

static json_t *last_json(const seq_state *s)
{
    static const char *const names[] = {NULL, "turn_in", "play", "discard"};
    if (s->last.seat < 0)
        return json_null();
    json_t *a = json_pack("{s:s,s:s}", "type", names[s->last.type], "card",
                          s->deck->kind[s->last.card]);
    if (s->last.square != 0xff)
        json_object_set_new(a, "square", square_json(s->last.square));
    return json_pack("{s:i,s:o}", "seat", s->last.seat, "action", a);
}

static json_t *seq_view_json(const void *view)
{
    const seq_state *s = view;
    const ad_deck *d = s->deck;
    int n = s->players;
    json_t *v = json_object();
    json_object_set_new(v, "game", json_string("sequence"));
    json_object_set_new(v, "players", json_integer(n));
    json_object_set_new(v, "seat", s->viewer < 0 ? json_null() : json_integer(s->viewer));
    json_object_set_new(v, "phase", json_string(s->phase == SQ_PLAY ? "play" : "over"));
    json_object_set_new(v, "to_act", ad_json_seats(seq_to_act(s), n));
    if (s->viewer == AD_GOD) {
        json_t *hands = json_array();
        for (int p = 0; p < n; p++)
            json_array_append_new(hands, ad_json_counts(d, s->hand[p], d->nkinds));
        json_object_set_new(v, "hands", hands);
        json_t *pile = json_array(); /* top card first */
        for (int i = s->pile_n - 1; i >= 0; i--)
            json_array_append_new(pile, json_string(d->kind[s->pile[i]]));
        json_object_set_new(v, "deck", pile);
    } else if (s->viewer >= 0) {
        json_object_set_new(v, "hand", ad_json_counts(d, s->hand[s->viewer], d->nkinds));
    }
    json_t *counts = json_array(), *discards = json_array(), *colours = json_array();
    for (int p = 0; p < n; p++) {
        json_array_append_new(counts, json_integer(s->count[p]));
        json_array_append_new(discards, ad_json_cards(d, s->discard[p], s->discard_n[p]));
        json_array_append_new(colours, json_string(s->bd->chip_name[team_of(s, p)]));
    }
    json_object_set_new(v, "hand_counts", counts);
    int32_t zeros[SQ_MAXP] = {0};
    json_object_set_new(v, "scores", ad_json_int_array(zeros, n));
    json_object_set_new(v, "winner", winner_json(s));
    json_object_set_new(v, "last", last_json(s));
    json_object_set_new(v, "dealer", json_integer(s->dealer));
    json_object_set_new(v, "turn", json_integer(s->turn));
    json_object_set_new(v, "turned_in", json_boolean(s->turned_in));
    json_object_set_new(v, "colours", colours);
    json_t *board = json_array();
    for (int r = 0; r < SQ_ROWS; r++) {
        json_t *row = json_array();
        for (int c = 0; c < SQ_COLS; c++) {
            int t = s->board[r * SQ_COLS + c];
            json_array_append_new(row, t ? json_string(s->bd->chip_name[t - 1]) : json_null());
        }
        json_array_append_new(board, row);
    }
    json_object_set_new(v, "board", board);
    json_object_set_new(v, "discards", discards);
    json_object_set_new(v, "deck_count", json_integer(s->pile_n));
    json_object_set_new(v, "turns", json_integer(s->turns));
    json_object_set_new(v, "max_turns", json_integer(s->max_turns));
    if (s->phase == SQ_OVER && s->winner_team >= 0) {
        json_t *line = json_array();
        for (int i = 0; i < 4; i++)
            json_array_append_new(line, square_json(s->line[i]));
        json_object_set_new(v, "line", line);
    }
    return v;
}

static json_t *seq_action_to_json(const void *st, const ad_action *a)
{
    const seq_state *s = st;
    const char *card = s->deck->kind[a->cards[0]];
    if (a->type == SQ_A_PLAY)
        return json_pack("{s:s,s:s,s:o}", "type", "play", "card", card, "square",
                         square_json(a->arg[0]));
    return json_pack("{s:s,s:s}", "type", a->type == SQ_A_TURN_IN ? "turn_in" : "discard", "card",
                     card);
}

static json_t *seq_legal_json(const void *view, int seat)
{
    ad_action all[SQ_MAX_LEGAL];
    int n = ad_seq_legal(view, seat, all);
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, seq_action_to_json(view, &all[i]));
    return a;
}

static int seq_action_from_json(const void *st, const json_t *j, ad_action *out, ad_err *err)
{
    const seq_state *s = st;
    const char *type, *card;
    memset(out, 0, sizeof *out);
    if (!json_is_object(j))
        return ad_err_set(err, AD_E_BAD_ACTION, "an action must be a JSON object");
    if (ad_json_str(j, "type", 1, &type, err) < 0)
        return -1;
    if (strcmp(type, "turn_in") == 0)
        out->type = SQ_A_TURN_IN;
    else if (strcmp(type, "play") == 0)
        out->type = SQ_A_PLAY;
    else if (strcmp(type, "discard") == 0)
        out->type = SQ_A_DISCARD;
    else
        return ad_err_set(err, AD_E_BAD_ACTION,
                          "unknown action \"%.20s\"; use turn_in, play or discard", type);
    /* the card only once the type is known: an unknown type is bad_action */
    if (ad_json_str(j, "card", 1, &card, err) < 0)
        return -1;
    int k = ad_deck_kind(s->deck, card);
    if (k < 0)
        return ad_err_set(err, AD_E_BAD_CARD, "\"%.20s\" is not a card of this game", card);
    out->n = 1;
    out->cards[0] = (uint8_t)k;
    if (out->type != SQ_A_PLAY)
        return 0;
    const json_t *sq = json_object_get(j, "square");
    if (!sq)
        return ad_err_set(err, AD_E_MISSING_FIELD, "a play needs \"square\": [row, column]");
    if (!json_is_array(sq) || json_array_size(sq) != 2 ||
        !json_is_integer(json_array_get(sq, 0)) || !json_is_integer(json_array_get(sq, 1)))
        return ad_err_set(err, AD_E_BAD_FIELD, "\"square\" must be [row, column]");
    json_int_t r = json_integer_value(json_array_get(sq, 0));
    json_int_t c = json_integer_value(json_array_get(sq, 1));
    if (r < 1 || r > SQ_ROWS || c < 1 || c > SQ_COLS)
        return ad_err_set(err, AD_E_BAD_FIELD, "a square is [row, column], rows 1-6, columns 1-8");
    out->arg[0] = (int16_t)((r - 1) * SQ_COLS + (c - 1));
    return 0;
}

static json_t *seq_event_json(const void *st, const ad_event *e)
{
    const seq_state *s = st;
    const char *card = e->n ? s->deck->kind[e->cards[0]] : "";
    switch (e->type) {
    case SQ_EV_TURN_IN:
        return json_pack("{s:s,s:i,s:s}", "type", "turn_in", "seat", e->seat, "card", card);
    case SQ_EV_PLACE:
        return json_pack("{s:s,s:i,s:s,s:o,s:s}", "type", "place", "seat", e->seat, "card", card,
                         "square", square_json(e->value), "colour", s->bd->chip_name[e->other]);
    case SQ_EV_REMOVE:
        return json_pack("{s:s,s:i,s:s,s:o,s:s}", "type", "remove", "seat", e->seat, "card", card,
                         "square", square_json(e->value), "colour", s->bd->chip_name[e->other]);
    case SQ_EV_DISCARD:
        return json_pack("{s:s,s:i,s:s}", "type", "discard", "seat", e->seat, "card", card);
    case SQ_EV_DRAW:
        return json_pack("{s:s,s:i}", "type", "draw", "seat", e->seat);
    case SQ_EV_RESHUFFLE:
        return json_pack("{s:s,s:i}", "type", "reshuffle", "cards", e->value);
    case SQ_EV_SEQUENCE: {
        json_t *line = json_array();
        for (int i = 0; i < 4; i++)
            json_array_append_new(line, square_json(e->cards[i]));
        return json_pack("{s:s,s:i,s:s,s:o}", "type", "sequence", "seat", e->seat, "colour",
                         s->bd->chip_name[e->other], "line", line);
    }
    case SQ_EV_DRAWN_GAME:
        return json_pack("{s:s,s:i}", "type", "drawn", "turns", e->value);
    }
    return json_pack("{s:s}", "type", "unknown");
}

const ad_game ad_game_sequence = {
    .id = "sequence",
    .family = "sequence",
    .title = "Sequence Letters",
    .deck = "sequence",
    .min_players = 2,
    .max_players = 4,
    .options = sequence_options,
    .nopt = (int)(sizeof sequence_options / sizeof sequence_options[0]),
    .state_size = sizeof(seq_state),
    .init = seq_init,
    .view = seq_view,
    .to_act = seq_to_act,
    .is_over = seq_is_over,
    .apply = seq_apply,
    .random_action = seq_random,
    .view_json = seq_view_json,
    .legal_json = seq_legal_json,
    .action_from_json = seq_action_from_json,
    .action_to_json = seq_action_to_json,
    .event_json = seq_event_json,
};
