/*
 * basic_sequence.c - the `basic` computer player for Sequence Letters, from
 * the seat's view only.  It scores every legal action by the lines of four
 * it builds and the opposing lines it blocks or breaks, keeps Z and X for
 * moves worth them, turns in a dead card whenever it may, and picks the best
 * action (ties drawn at random, so it is not predictable).
 */
#include <string.h>

#include "sequence.h"
#include "sequence_unit.h"

/* The worth of a window of four holding n chips of one side (and none of
 * any other): the nearer to a line, the more it is worth. */
static const long worth[5] = {0, 1, 8, 60, 100000};

/* Every window of four squares in a row, column or diagonal through q:
 * calls fn for each with its four squares. */
static long windows(const seq_state *s, int q, long (*fn)(const seq_state *, const int *, void *),
                    void *ctx)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int r0 = q / SQ_COLS, c0 = q % SQ_COLS;
    long total = 0;
    for (int d = 0; d < 4; d++)
        for (int start = -3; start <= 0; start++) {
            int sq[4], ok = 1;
            for (int i = 0; i < 4 && ok; i++) {
                int r = r0 + dirs[d][0] * (start + i), c = c0 + dirs[d][1] * (start + i);
                ok = r >= 0 && r < SQ_ROWS && c >= 0 && c < SQ_COLS;
                sq[i] = r * SQ_COLS + c;
            }
            if (ok)
                total += fn(s, sq, ctx);
        }
    return total;
}

typedef struct {
    int colour; /* the side whose windows count (board value) */
} side;

/* What a window is worth to `colour`: its chips if no other colour is in it. */
static long window_worth(const seq_state *s, const int *sq, void *ctx)
{
    int colour = ((side *)ctx)->colour, mine = 0;
    for (int i = 0; i < 4; i++) {
        if (s->board[sq[i]] == colour)
            mine++;
        else if (s->board[sq[i]])
            return 0;
    }
    return worth[mine];
}

/* The worth of all windows through q for colour, on board b. */
static long around(const seq_state *b, int q, int colour)
{
    side c = {colour};
    return windows(b, q, window_worth, &c);
}

/* 1 for a window of four all of colour. */
static long window_full(const seq_state *s, const int *sq, void *ctx)
{
    int colour = ((side *)ctx)->colour;
    for (int i = 0; i < 4; i++)
        if (s->board[sq[i]] != colour)
            return 0;
    return 1;
}

static long score(const seq_state *s, int seat, const ad_action *a)
{
    const sq_board *bd = s->bd;
    int mine = seat % s->teams + 1, k = a->cards[0], q = a->arg[0];
    if (a->type == SQ_A_TURN_IN)
        return 1000000; /* a free card: always first */
    if (a->type == SQ_A_DISCARD)
        return 0;
    seq_state b = *s;
    if (k == bd->kind_x) {
        /* breaking a side's windows through q is worth what they lose */
        int theirs = s->board[q];
        long before = around(s, q, theirs);
        b.board[q] = 0;
        return before - around(&b, q, theirs) - 40; /* X is scarce */
    }
    long gain = 0;
    b.board[q] = (uint8_t)mine;
    side me = {mine};
    if (windows(&b, q, window_full, &me))
        return 100000000L - (k == bd->kind_z); /* a win is a win; a letter keeps Z */
    gain += around(&b, q, mine) - around(s, q, mine);
    for (int t = 1; t <= s->teams; t++)
        if (t != mine)
            gain += around(s, q, t) - around(&b, q, t); /* what blocking takes from them */
    if (k == bd->kind_z)
        gain -= 30; /* Z covers anything: keep it for a square no letter can take */
    return gain;
}

BOT_FN(ad_bot_basic_sequence)
{
    (void)o;
    const seq_state *s = view;
    ad_action all[SQ_MAX_LEGAL];
    int n = ad_seq_legal(s, seat, all), ties = 0;
    long best = 0;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n; i++) {
        long v = score(s, seat, &all[i]);
        if (ties == 0 || v > best) {
            best = v;
            ties = 1;
            *out = all[i];
        } else if (v == best && ad_rng_below(r, (uint32_t)++ties) == 0) {
            *out = all[i]; /* a fair draw among equals */
        }
    }
}
