/*
 * strong_sequence.c - the `strong` computer player for Sequence Letters: the
 * determinized search of search.c with the pieces of a board game whose
 * only hidden parts are the other hands and the draw deck's order.
 *  - Forced answers, without searching: a play that makes a line of four
 *    is taken at once; a dead card is turned in first (a free card); with
 *    nothing playable, the card least worth keeping is discarded.
 *  - Candidates: every letter play, and the Z squares and X removals that
 *    the line count rates best.  Whether to block a line about to be made
 *    is left to the search: the opponent may well not hold its last card.
 *  - Determinization: the cards the seat cannot see (the game's cards less
 *    its hand and every discard pile, all public) dealt at random to the
 *    other hands and the draw deck; the opponent who moved last keeps only
 *    cards that its move shows it did not hold a better play with (the
 *    casual model below).
 *  - Playouts: the seat's side plays a quick greedy game (win, else block
 *    a line about to be made, else the play that adds most to its windows
 *    of four and takes most from the others'), with a little noise; the
 *    opponents play as a casual player does (the best play by `basic`'s
 *    line count); the end is scored won / lost / drawn, or by the windows
 *    each side holds.
 */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sequence.h"
#include "sequence_unit.h"
#include "bots/search.h"

/* ------------------------------------------------------------- windows */

/* The line count's weights (rate_plays): a play that leaves one line the
 * hand can finish next turn, or two; the price of spending a Z or an X; how
 * much of an opposing window's worth a block takes (in quarters). */
#define TUNE_LOADED 120
#define TUNE_DOUBLE 600
#define TUNE_ZCOST 30
#define TUNE_XCOST 40
#define TUNE_BLOCK 4

/* Every four squares in a row, column or diagonal: 6x5 across, 8x3 down,
 * 3x5 each diagonal way. */
#define NWIN 84
#define WIN_PER_SQUARE 16

static uint8_t win_sq[NWIN][4];
static uint8_t through_n[SQ_SQUARES];
static uint8_t through[SQ_SQUARES][WIN_PER_SQUARE]; /* windows holding a square */
static pthread_once_t windows_once = PTHREAD_ONCE_INIT;

static void build_wtab(void);

static void build_windows(void)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int n = 0;
    for (int d = 0; d < 4; d++)
        for (int r = 0; r < SQ_ROWS; r++)
            for (int c = 0; c < SQ_COLS; c++) {
                int r3 = r + 3 * dirs[d][0], c3 = c + 3 * dirs[d][1];
                if (r3 < 0 || r3 >= SQ_ROWS || c3 < 0 || c3 >= SQ_COLS)
                    continue;
                for (int i = 0; i < 4; i++) {
                    int q = (r + i * dirs[d][0]) * SQ_COLS + c + i * dirs[d][1];
                    win_sq[n][i] = (uint8_t)q;
                    through[q][through_n[q]++] = (uint8_t)n;
                }
                n++;
            }
    build_wtab();
}

/* A window's one colour, or 0 when it is empty or mixed. */
static int owner(const uint8_t *n)
{
    for (int c = 1; c <= 3; c++)
        if (n[c] && n[c] + n[0] == 4)
            return c;
    return 0;
}

/* What a window of one colour is worth to it, by its chips. */
static const int worth[5] = {0, 1, 8, 60, 1000};

/* What a window (n: its empty squares and each colour's chips) adds to
 * the gain of colour c's chip on one of its empty squares: its own window
 * grows, or a window of one other colour is lost to that colour.  A full
 * window has no empty square, and adds nothing. */
static int window_gain(const uint8_t *n, int c)
{
    if (!n[0])
        return 0;
    if (n[c] + n[0] == 4)
        return worth[n[c] + 1] - worth[n[c]];
    int o = n[c] ? 0 : owner(n);
    return o ? worth[n[o]] * TUNE_BLOCK / 4 : 0;
}

/* 1 when the window is one chip of colour c from a line. */
static int window_three(const uint8_t *n, int c)
{
    return n[c] == 3 && n[0] == 1;
}

/* window_gain and window_three by a window's make-up (wcode), worked out
 * once: the playouts look them up at every move. */
static int wcode(const uint8_t *n)
{
    return n[1] * 25 + n[2] * 5 + n[3];
}

/* Packed by colour (c = 1..3): a gain in bits 16c..16c+15 (a square's
 * sum of them is at most 13 x 940, under 2^16), a count in bits 8c..8c+7.
 * Packed sums and differences are exact lane by lane as long as every
 * lane's true value is in range, which it is: a square's counts move
 * all four colours with one addition. */
static uint64_t wgain[125];
static uint32_t wthree[125];

static void build_wtab(void)
{
    for (int a = 0; a <= 4; a++)
        for (int b = 0; a + b <= 4; b++)
            for (int c = 0; a + b + c <= 4; c++) {
                uint8_t n[4] = {(uint8_t)(4 - a - b - c), (uint8_t)a, (uint8_t)b, (uint8_t)c};
                for (int k = 1; k <= 3; k++) {
                    wgain[wcode(n)] |= (uint64_t)window_gain(n, k) << (16 * k);
                    wthree[wcode(n)] |= (uint32_t)window_three(n, k) << (8 * k);
                }
            }
}

/* Per window, how many of its squares are empty (colour 0) or hold each
 * colour (1..3); and what those windows make of each square for each
 * colour: the gain of a chip there (the sum of window_gain over the
 * windows through it) and how many of them are one chip from a line.
 * The playouts keep it up to date move by move (tally_change), as a move
 * changes one square: counting it again at every move was most of a
 * decision's time. */
typedef struct tally {
    uint8_t n[NWIN][4];
    uint64_t gain[SQ_SQUARES];   /* packed by colour, as wgain */
    uint32_t threes[SQ_SQUARES]; /* packed by colour, as wthree */
    uint8_t chips[4]; /* squares empty (0) or of each colour */
} tally;

static void count_windows(const seq_state *s, tally *t)
{
    memset(t, 0, sizeof *t);
    for (int q = 0; q < SQ_SQUARES; q++)
        t->chips[s->board[q]]++;
    for (int w = 0; w < NWIN; w++) {
        uint8_t *n = t->n[w];
        for (int i = 0; i < 4; i++)
            n[s->board[win_sq[w][i]]]++;
        int code = wcode(n);
        for (int i = 0; i < 4; i++) {
            t->gain[win_sq[w][i]] += wgain[code];
            t->threes[win_sq[w][i]] += wthree[code];
        }
    }
}

/* Square q went from colour was to colour now (0: empty). */
static void tally_change(tally *t, int q, int was, int now)
{
    for (int i = 0; i < through_n[q]; i++) {
        int w = through[q][i];
        uint8_t *n = t->n[w];
        int before = wcode(n);
        n[was]--;
        n[now]++;
        int after = wcode(n);
        uint64_t g = wgain[after] - wgain[before];
        uint32_t k = wthree[after] - wthree[before];
        for (int j = 0; j < 4; j++) {
            t->gain[win_sq[w][j]] += g;
            t->threes[win_sq[w][j]] += k;
        }
    }
    t->chips[was]--;
    t->chips[now]++;
}

/* The searched state: the game's, with its tally. */
typedef struct sim {
    seq_state s;
    tally t;
} sim;

/* The game's move, and the tally after it: a move changes at most the
 * square it names. */
static int sim_apply(void *state, int seat, const ad_action *a)
{
    sim *m = state;
    int q = a->type == SQ_A_PLAY && a->arg[0] >= 0 && a->arg[0] < SQ_SQUARES ? a->arg[0] : -1;
    int was = q >= 0 ? m->s.board[q] : 0;
    int rc = ad_game_sequence.apply(&m->s, seat, a, NULL, NULL);
    if (rc >= 0 && q >= 0 && m->s.board[q] != was)
        tally_change(&m->t, q, was, m->s.board[q]);
    return rc;
}

/* What putting colour c on empty square q gains. */
static int place_gain(const tally *t, int q, int c)
{
    return (int)(t->gain[q] >> (16 * c) & 0xffff);
}

/* What removing the chip on q (colour u) gains for colour c: u's windows
 * through q shrink, and c's windows that chip alone blocked open again. */
static int remove_gain(const tally *t, int q, int u, int c)
{
    int g = 0;
    for (int i = 0; i < through_n[q]; i++) {
        const uint8_t *n = t->n[through[q][i]];
        if (n[u] + n[0] == 4)
            g += worth[n[u]] - worth[n[u] - 1];
        else if (n[u] == 1 && n[c] && n[c] + n[0] == 3)
            g += worth[n[c]];
    }
    return g;
}

/* How many windows through q are one chip of colour c from a line. */
static int threes_through(const tally *t, int q, int c)
{
    return (int)(t->threes[q] >> (8 * c) & 0xff);
}

/* ------------------------------------------------------------- actions */

static int colour_of(const seq_state *s, int seat)
{
    return seat % s->teams + 1;
}

static int is_dead(const seq_state *s, int k)
{
    const sq_board *b = s->bd;
    return k != b->kind_x && k != b->kind_z && s->board[b->squares_of[k][0]] &&
           s->board[b->squares_of[k][1]];
}

static void set_action(ad_action *a, int type, int k, int q)
{
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)type;
    a->n = 1;
    a->cards[0] = (uint8_t)k;
    a->arg[0] = (int16_t)q;
}

/* A forced action (1, in *out) when seat's hand leaves no choice worth
 * weighing: a dead card to turn in first, or a discard when nothing can be
 * played (the card least worth keeping: a dead letter, then an X). */
static int forced(const seq_state *s, int seat, const tally *t, ad_action *out)
{
    const sq_board *b = s->bd;
    const uint8_t *hand = s->hand[seat];
    int mine = colour_of(s, seat), playable = 0, dead = -1;
    int open = t->chips[0], opposing = SQ_SQUARES - t->chips[0] - t->chips[mine];
    for (int k = 0; k < s->deck->nkinds; k++) {
        if (!hand[k])
            continue;
        if (is_dead(s, k))
            dead = k;
        else if (k == b->kind_x ? opposing > 0 : k == b->kind_z ? open > 0 : 1)
            playable = 1;
    }
    if (dead >= 0 && !s->turned_in) {
        set_action(out, SQ_A_TURN_IN, dead, 0);
        return 1;
    }
    if (playable)
        return 0;
    int k = dead >= 0 ? dead : hand[b->kind_x] ? b->kind_x : -1;
    for (int j = 0; k < 0 && j < s->deck->nkinds; j++)
        if (hand[j])
            k = j;
    set_action(out, SQ_A_DISCARD, k, 0);
    return 1;
}

/* A play of seat that makes a line now, a letter before a Z (1, in *out). */
static int winning_play(const seq_state *s, int seat, const tally *t, ad_action *out)
{
    const sq_board *b = s->bd;
    int mine = colour_of(s, seat), by_z = -1;
    for (int w = 0; w < NWIN; w++) {
        if (t->n[w][mine] != 3 || t->n[w][0] != 1)
            continue;
        int q = win_sq[w][0];
        for (int i = 1; i < 4 && s->board[q]; i++)
            q = win_sq[w][i];
        if (s->hand[seat][b->letter_of[q]]) {
            set_action(out, SQ_A_PLAY, b->letter_of[q], q);
            return 1;
        }
        if (by_z < 0 && s->hand[seat][b->kind_z])
            by_z = q;
    }
    if (by_z < 0)
        return 0;
    set_action(out, SQ_A_PLAY, b->kind_z, by_z);
    return 1;
}

/* How many squares would then make a line for the seat's side that its
 * hand, less card k, can cover (with the letter, or a Z), after k goes on
 * empty square q: 1 is a threat it can carry out, 2 one that a single
 * block cannot stop. */
static int loaded_threats(const seq_state *s, int seat, const tally *t, int k, int q)
{
    const sq_board *b = s->bd;
    const uint8_t *hand = s->hand[seat];
    int mine = colour_of(s, seat), found = -1;
    int z = hand[b->kind_z] - (k == b->kind_z);
    for (int i = 0; i < through_n[q]; i++) {
        int w = through[q][i];
        if (t->n[w][mine] != 2 || t->n[w][0] != 2)
            continue;
        for (int j = 0; j < 4; j++) {
            int e = win_sq[w][j], letter = b->letter_of[e];
            if (e == q || s->board[e] || (hand[letter] - (k == letter) <= 0 && z <= 0))
                continue;
            if (found >= 0 && found != e)
                return 2;
            found = e;
        }
    }
    return found >= 0;
}

/* A play and what the line count makes of it. */
typedef struct rated {
    ad_action a;
    int score;
    int stops; /* opposing near-lines it stops */
} rated;

/* Every play of seat (letters, Z on any open square, X on any opposing
 * chip), rated; returns how many (at most 5 faces x 48 squares).  Without
 * `every`, only the Z and X plays that stop an opposing near-line. */
static int rate_plays(const seq_state *s, int seat, const tally *t, int every, rated *out)
{
    const sq_board *b = s->bd;
    int mine = colour_of(s, seat), n = 0;
    for (int k = 0; k < s->deck->nkinds; k++) {
        if (!s->hand[seat][k] || is_dead(s, k))
            continue;
        int letter = k != b->kind_x && k != b->kind_z;
        for (int j = 0; j < (letter ? 2 : SQ_SQUARES); j++) {
            int q = letter ? b->squares_of[k][j] : j, u = s->board[q];
            if (k == b->kind_x ? !u || u == mine : u != 0)
                continue;
            int stops = 0;
            if (k == b->kind_x)
                stops = threes_through(t, q, u);
            else
                for (int c = 1; c <= s->teams; c++)
                    if (c != mine)
                        stops += threes_through(t, q, c);
            if (!letter && !stops && !every)
                continue;
            rated *x = &out[n++];
            set_action(&x->a, SQ_A_PLAY, k, q);
            x->stops = stops;
            if (k == b->kind_x) {
                x->score = remove_gain(t, q, u, mine) - TUNE_XCOST; /* X is scarce */
                continue;
            }
            int loaded = loaded_threats(s, seat, t, k, q);
            x->score = place_gain(t, q, mine) - (k == b->kind_z ? TUNE_ZCOST : 0) + /* Z too */
                       (loaded == 2 ? TUNE_DOUBLE : loaded ? TUNE_LOADED : 0);
        }
    }
    return n;
}

/* ------------------------------------------------- the casual player */

/* What `basic` (basic_sequence.c) makes of seat's play of card k on square
 * q, in the line count's terms: a line wins outright (a letter before a
 * Z); a chip gains what it adds to its side's windows and takes from the
 * others'; a Z costs a little; an X gains what the removal takes from the
 * chip's owner, less a cost. */
static long casual_score(const seq_state *s, const tally *t, int seat, int k, int q)
{
    const sq_board *b = s->bd;
    int mine = colour_of(s, seat);
    if (k == b->kind_x) {
        int u = s->board[q], g = 0;
        for (int i = 0; i < through_n[q]; i++) {
            const uint8_t *n = t->n[through[q][i]];
            if (n[u] + n[0] == 4)
                g += worth[n[u]] - worth[n[u] - 1];
        }
        return g - TUNE_XCOST;
    }
    for (int i = 0; i < through_n[q]; i++) {
        const uint8_t *n = t->n[through[q][i]];
        if (n[mine] == 3 && n[0] == 1)
            return 100000000L - (k == b->kind_z);
    }
    return place_gain(t, q, mine) - (k == b->kind_z ? TUNE_ZCOST : 0);
}

/* The best casual score of a play of card k by seat (k not dead; an X
 * needs an opposing chip, a Z an open square); LONG_MIN when none. */
static long casual_best(const seq_state *s, const tally *t, int seat, int k)
{
    const sq_board *b = s->bd;
    int mine = colour_of(s, seat), letter = k != b->kind_x && k != b->kind_z;
    long best = LONG_MIN;
    for (int j = 0; j < (letter ? 2 : SQ_SQUARES); j++) {
        int q = letter ? b->squares_of[k][j] : j, u = s->board[q];
        if (k == b->kind_x ? !u || u == mine : u != 0)
            continue;
        long v = casual_score(s, t, seat, k, q);
        if (v > best)
            best = v;
    }
    return best;
}

/* The casual player's move (it plays as `basic` does): the best scored
 * play, equals drawn at random. */
static void casual_policy(const seq_state *s, const tally *t, int seat, ad_rng *r, ad_action *out)
{
    if (forced(s, seat, t, out))
        return;
    const sq_board *b = s->bd;
    int mine = colour_of(s, seat);
    long top = LONG_MIN;
    for (int k = 0; k < s->deck->nkinds; k++) {
        if (!s->hand[seat][k] || is_dead(s, k))
            continue;
        int letter = k != b->kind_x && k != b->kind_z;
        for (int j = 0; j < (letter ? 2 : SQ_SQUARES); j++) {
            int q = letter ? b->squares_of[k][j] : j, u = s->board[q];
            if (k == b->kind_x ? !u || u == mine : u != 0)
                continue;
            long key = casual_score(s, t, seat, k, q) * 256 + ad_rng_below(r, 256);
            if (key > top) {
                top = key;
                set_action(out, SQ_A_PLAY, k, q);
            }
        }
    }
}

/* ---------------------------------------------------------- candidates */

static int by_score(const void *x, const void *y)
{
    const rated *a = x, *b = y;
    if (a->score != b->score)
        return a->score < b->score ? 1 : -1;
    return a->a.cards[0] != b->a.cards[0] ? a->a.cards[0] - b->a.cards[0] : a->a.arg[0] - b->a.arg[0];
}

#define KEEP_Z 8 /* Z squares weighed */
#define KEEP_X 6 /* X removals weighed */

/* The view with what the search works out from it once per decision
 * rather than at every deal.  The search hands this to candidates() and
 * determinize() as the view. */
typedef struct seq_ctx {
    seq_state v;            /* first: the view itself */
    tally t;                /* the board's: it is the same in every deal */
    uint8_t pool[SQ_CARDS]; /* the cards the seat cannot see, unshuffled */
    int have;
    uint8_t absent[SQ_KINDS]; /* what the last mover cannot hold */
    int who;                  /* that mover (-1: nothing known) */
} seq_ctx;

static int hand_inference(const seq_state *v, int seat, uint8_t absent[SQ_KINDS]);

static void make_ctx(const seq_state *v, int seat, seq_ctx *c)
{
    c->v = *v;
    count_windows(v, &c->t);
    /* the game's cards, less the seat's hand and the discard piles (with
     * an explicit deck some of them are not in play, so a few too many may
     * be left to draw from) */
    c->have = 0;
    for (int k = 0; k < v->deck->nkinds; k++) {
        int n = v->deck->copies[k] - v->hand[seat][k];
        for (int p = 0; p < v->players; p++)
            for (int i = 0; i < v->discard_n[p]; i++)
                n -= v->discard[p][i] == k;
        for (int i = 0; i < n && c->have < SQ_CARDS; i++)
            c->pool[c->have++] = (uint8_t)k;
    }
    c->who = hand_inference(v, seat, c->absent);
}

static int candidates(const void *view, int seat, ad_rng *r, ad_action *out)
{
    const seq_ctx *c = view;
    const seq_state *s = &c->v;
    (void)r;
    if (forced(s, seat, &c->t, out))
        return 1;
    if (winning_play(s, seat, &c->t, out))
        return 1;
    rated all[SQ_MAX_LEGAL];
    int n = rate_plays(s, seat, &c->t, 1, all);
    qsort(all, (size_t)n, sizeof all[0], by_score);
    const sq_board *b = s->bd;
    int nc = 0, nz = 0, nx = 0;
    for (int i = 0; i < n && nc < SEARCH_MAX_CANDIDATES; i++) {
        int k = all[i].a.cards[0];
        if (k == b->kind_z && nz++ >= KEEP_Z)
            continue;
        if (k == b->kind_x && nx++ >= KEEP_X)
            continue;
        out[nc++] = all[i].a;
    }
    return nc;
}

/* ------------------------------------------------------ determinization */

/* What the last move tells of the hand that made it, if it was an
 * opponent's: a casual player plays its best-scored card, so a card kind
 * that would have scored more (a line it did not make, a block it did not
 * play) was not in that hand, nor is it among the cards the player kept.
 * Marks those kinds in absent and returns the mover (-1: nothing known). */
static int hand_inference(const seq_state *v, int seat, uint8_t absent[SQ_KINDS])
{
    const sq_board *b = v->bd;
    int who = v->last.seat;
    memset(absent, 0, SQ_KINDS);
    if (who < 0 || who >= v->players || colour_of(v, who) == colour_of(v, seat) ||
        v->phase != SQ_PLAY || (v->last.type != SQ_A_PLAY && v->last.type != SQ_A_DISCARD))
        return -1;
    /* the board before that move */
    seq_state prev = *v;
    int k = v->last.card, q = v->last.square;
    if (v->last.type == SQ_A_PLAY) {
        if (q >= SQ_SQUARES)
            return -1;
        if (k == b->kind_x) {
            if (v->teams != 2 || v->board[q])
                return -1; /* whose chip it took is not known */
            prev.board[q] = (uint8_t)(3 - colour_of(v, who));
        } else {
            if (v->board[q] != colour_of(v, who))
                return -1;
            prev.board[q] = 0;
        }
    }
    tally t;
    count_windows(&prev, &t);
    long chosen = v->last.type == SQ_A_PLAY ? casual_score(&prev, &t, who, k, q) : LONG_MIN;
    int any = 0;
    for (int j = 0; j < v->deck->nkinds; j++) {
        if (is_dead(&prev, j))
            continue;
        long best = casual_best(&prev, &t, who, j);
        if (best != LONG_MIN && best > chosen)
            absent[j] = 1, any = 1;
    }
    return any ? who : -1;
}

static void determinize(const void *view, int seat, ad_rng *r, void *out)
{
    const seq_ctx *x = view;
    sim *m = out;
    seq_state *s = &m->s;
    memcpy(s, &x->v, sizeof *s);
    memcpy(&m->t, &x->t, sizeof m->t);
    s->viewer = (int8_t)seat; /* the playouts' side (policy) */
    ad_rng_seed(&s->rng, ad_rng_next(r));
    /* the cards the seat cannot see, dealt at random */
    uint8_t pool[SQ_CARDS];
    int have = x->have;
    memcpy(pool, x->pool, (size_t)have);
    ad_rng_shuffle(r, pool, have);
    int next = 0;
    for (int p = 0; p < s->players; p++)
        if (p != seat)
            memset(s->hand[p], 0, sizeof s->hand[p]);
    /* the last mover's kept cards first, from the kinds it may hold: the
     * first such cards of the shuffled pool, the rest keeping its order */
    const uint8_t *absent = x->absent;
    int who = x->who;
    if (who >= 0) {
        int kept = s->count[who] - 1;
        for (int i = 0; i < have && kept > 0; i++)
            if (!absent[pool[i]]) {
                uint8_t c = pool[i];
                memmove(pool + next + 1, pool + next, (size_t)(i - next));
                pool[next++] = c;
                s->hand[who][c]++;
                kept--;
            }
    }
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        int held = 0;
        for (int k = 0; k < s->deck->nkinds; k++)
            held += s->hand[p][k];
        for (int i = held; i < s->count[p] && next < have; i++)
            s->hand[p][pool[next++]]++;
    }
    int pile = have - next < s->pile_n ? have - next : s->pile_n;
    memcpy(s->pile, pool + next, (size_t)pile);
    s->pile_n = (uint8_t)pile;
}

/* ------------------------------------------------------------- playouts */

/* The greedy play: a line if it can; else stop the most opposing
 * near-lines; else the best rated play, with a little noise so the
 * playouts differ.  The searching seat's opponents (the determinized
 * state's viewer is the searching seat) play the casual model instead. */
static void policy(const void *state, int seat, ad_rng *r, ad_action *out)
{
    const sim *m = state;
    const seq_state *s = &m->s;
    if (s->viewer >= 0 && colour_of(s, seat) != colour_of(s, s->viewer)) {
        casual_policy(s, &m->t, seat, r, out);
        return;
    }
    if (forced(s, seat, &m->t, out))
        return;
    if (winning_play(s, seat, &m->t, out))
        return;
    rated all[SQ_MAX_LEGAL];
    int n = rate_plays(s, seat, &m->t, 0, all), best = -1;
    if (n == 0) /* only Z and X, and nothing to stop */
        n = rate_plays(s, seat, &m->t, 1, all);
    long top = 0;
    for (int i = 0; i < n; i++) {
        long key = (long)all[i].stops * 100000 + all[i].score * 4 + ad_rng_below(r, 24);
        if (best < 0 || key > top) {
            top = key;
            best = i;
        }
    }
    *out = all[best].a;
}

/* The windows of four colour c holds alone, weighed by its chips in them. */
static double potential(const tally *t, int c)
{
    static const double weight[4] = {0, 1, 4, 12};
    double p = 0;
    for (int w = 0; w < NWIN; w++)
        if (t->n[w][c] && t->n[w][c] + t->n[w][0] == 4)
            p += weight[t->n[w][c] > 3 ? 3 : t->n[w][c]];
    return p;
}

/* Won: 1, lost: 0, drawn: 1/2; unfinished: by the windows held, the
 * seat's side against the strongest other. */
static double value(const void *state, int seat)
{
    const sim *m = state;
    const seq_state *s = &m->s;
    int mine = colour_of(s, seat);
    if (s->phase == SQ_OVER)
        return s->winner_team < 0 ? 0.5 : s->winner_team + 1 == mine ? 1.0 : 0.0;
    double best = 0;
    for (int c = 1; c <= s->teams; c++)
        if (c != mine && potential(&m->t, c) > best)
            best = potential(&m->t, c);
    return 0.5 + 0.5 * tanh((potential(&m->t, mine) - best) / 30.0);
}

static const search_game sequence_search = {
    .g = &ad_game_sequence,
    .candidates = candidates,
    .determinize = determinize,
    .policy = policy,
    .value = value,
    .depth = 40,
    .sims = 2500,
    .paired = 1,
    .state_size = sizeof(sim),
    .apply = sim_apply,
};

void ad_strong_sequence_casual(const void *state, int seat, ad_rng *r, ad_action *out)
{
    pthread_once(&windows_once, build_windows);
    tally t;
    count_windows(state, &t);
    casual_policy(state, &t, seat, r, out);
}

int ad_strong_sequence_absent(const void *view, int seat, uint8_t absent[SQ_KINDS])
{
    pthread_once(&windows_once, build_windows);
    return hand_inference(view, seat, absent);
}

void ad_strong_sequence_effect(const seq_state *s, int seat, const ad_action *a, seq_effect *out)
{
    pthread_once(&windows_once, build_windows);
    memset(out, 0, sizeof *out);
    int k = a->cards[0], q = a->arg[0], mine = colour_of(s, seat);
    if (a->type != SQ_A_PLAY || q < 0 || q >= SQ_SQUARES)
        return;
    tally t;
    count_windows(s, &t);
    for (int c = 1; c <= s->teams; c++) { /* X stops the three its chip is in */
        int stops = k == s->bd->kind_x ? (c == s->board[q] ? threes_through(&t, q, c) : 0)
                    : c != mine        ? threes_through(&t, q, c)
                                       : 0;
        if (stops && !out->stops_colour)
            out->stops_colour = c;
        out->stops += stops;
    }
    if (k == s->bd->kind_x)
        return;
    for (int i = 0; i < through_n[q]; i++) {
        const uint8_t *n = t.n[through[q][i]];
        out->wins |= n[mine] == 3 && n[0] == 1;
        out->threes += n[mine] == 2 && n[0] == 2;
    }
    out->loaded = loaded_threats(s, seat, &t, k, q);
}

int ad_strong_sequence_threats(const seq_state *s, int colour, uint8_t *squares)
{
    pthread_once(&windows_once, build_windows);
    tally t;
    count_windows(s, &t);
    int n = 0;
    for (int q = 0; q < SQ_SQUARES; q++)
        if (!s->board[q] && threes_through(&t, q, colour))
            squares[n++] = (uint8_t)q;
    return n;
}

BOT_FN(ad_bot_strong_sequence)
{
    pthread_once(&windows_once, build_windows);
    seq_ctx *c = malloc(sizeof *c); /* some 3 KB: not on a worker's stack */
    if (!c) {
        ad_bot_basic_sequence(view, seat, o, r, out);
        return;
    }
    make_ctx(view, seat, c);
    ad_search_choose(&sequence_search, c, seat, o, r, out);
    free(c);
}
