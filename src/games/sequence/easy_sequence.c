/*
 * easy_sequence.c - the `easy` computer player for Sequence Letters, the
 * level for a young child, from the seat's view only.  It plays the way a
 * grown-up plays with a five-year-old: a letter on one of its own pictures,
 * chosen at random among the squares that are in nobody's way (none of the
 * child's half-made lines: it never blocks) and that add to no line of its
 * own beyond a pair (it plans nothing, and spreads its chips), so a line of
 * four it makes is the luck of its cards, as the child's are.  It turns in
 * a dead card, and keeps Z and X for when no letter can be played (an X
 * then takes a lone chip, part of no line).  Measured against `child`
 * (child_sequence.c) in bench/notes/2026-11-28-easy.md.
 */
#include <string.h>

#include "sequence.h"
#include "sequence_unit.h"

/* The most chips of `side` in a window of four through q that holds no
 * chip of another side (q's own chip counts when it is side's). */
static int most_of(const seq_state *s, int q, int side)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int r0 = q / SQ_COLS, c0 = q % SQ_COLS, most = 0;
    for (int d = 0; d < 4; d++)
        for (int start = -3; start <= 0; start++) {
            int chips = 0, ok = 1;
            for (int i = 0; i < 4 && ok; i++) {
                int r = r0 + dirs[d][0] * (start + i), c = c0 + dirs[d][1] * (start + i);
                int b = r >= 0 && r < SQ_ROWS && c >= 0 && c < SQ_COLS ? s->board[r * SQ_COLS + c]
                                                                       : -1;
                ok = b == 0 || b == side;
                chips += b == side;
            }
            if (ok && chips > most)
                most = chips;
        }
    return most;
}

/* How far along the line of another side that a chip on empty square q
 * would get in the way of is: 2 a half-made line, 3 one about to be made. */
static int in_their_way(const seq_state *s, int q, int mine)
{
    int most = 0;
    for (int side = 1; side <= s->teams; side++)
        if (side != mine && most_of(s, q, side) > most)
            most = most_of(s, q, side);
    return most;
}

/* One of the n actions in all[] that `fits` (called with ctx), drawn at
 * random; -1 when none does. */
static int pick(const ad_action *all, int n, int (*fits)(const ad_action *, const void *),
                const void *ctx, ad_rng *r)
{
    int found = -1, seen = 0;
    for (int i = 0; i < n; i++)
        if (fits(&all[i], ctx) && ad_rng_below(r, (uint32_t)++seen) == 0)
            found = i;
    return found;
}

typedef struct {
    const seq_state *s;
    int mine;
} easy_ctx;

static int is_turn_in(const ad_action *a, const void *ctx)
{
    (void)ctx;
    return a->type == SQ_A_TURN_IN;
}

static int is_letter_play(const ad_action *a, const seq_state *s)
{
    return a->type == SQ_A_PLAY && a->cards[0] != s->bd->kind_x && a->cards[0] != s->bd->kind_z;
}

/* A letter on a square in nobody's way (a window of theirs with two or
 * more chips). */
static int letter_harmless(const ad_action *a, const void *ctx)
{
    const easy_ctx *e = ctx;
    return is_letter_play(a, e->s) && in_their_way(e->s, a->arg[0], e->mine) < 2;
}

/* In nobody's way, and beside no pair of its own: a chip that starts a
 * line or sits beside one chip of its own at most. */
static int letter_apart(const ad_action *a, const void *ctx)
{
    const easy_ctx *e = ctx;
    return letter_harmless(a, ctx) && most_of(e->s, a->arg[0], e->mine) < 2;
}

/* A letter on a square in the way of no line about to be made. */
static int letter_no_block(const ad_action *a, const void *ctx)
{
    const easy_ctx *e = ctx;
    return is_letter_play(a, e->s) && in_their_way(e->s, a->arg[0], e->mine) < 3;
}

static int letter_any(const ad_action *a, const void *ctx)
{
    return is_letter_play(a, ((const easy_ctx *)ctx)->s);
}

static int z_harmless(const ad_action *a, const void *ctx)
{
    const easy_ctx *e = ctx;
    return a->type == SQ_A_PLAY && a->cards[0] == e->s->bd->kind_z &&
           in_their_way(e->s, a->arg[0], e->mine) < 2;
}

/* An X on a lone chip, one that is part of no line being made. */
static int x_harmless(const ad_action *a, const void *ctx)
{
    const easy_ctx *e = ctx;
    int q = a->arg[0];
    return a->type == SQ_A_PLAY && a->cards[0] == e->s->bd->kind_x &&
           most_of(e->s, q, e->s->board[q]) < 2;
}

static int anything(const ad_action *a, const void *ctx)
{
    (void)a;
    (void)ctx;
    return 1;
}

BOT_FN(ad_bot_easy_sequence)
{
    (void)o;
    const seq_state *s = view;
    ad_action all[SQ_MAX_LEGAL];
    int n = ad_seq_legal(s, seat, all), i = -1;
    easy_ctx e = {s, seat % s->teams + 1};
    /* in order of preference; the last takes whatever is left (a Z where
     * every square is in someone's way, an X on a chip of a line being
     * made, a discard) */
    int (*const order[])(const ad_action *, const void *) = {
        is_turn_in, letter_apart, letter_harmless, letter_no_block, letter_any, z_harmless,
        x_harmless, anything};
    memset(out, 0, sizeof *out);
    for (size_t k = 0; i < 0 && k < sizeof order / sizeof order[0]; k++)
        i = pick(all, n, order[k], &e, r);
    if (i >= 0)
        *out = all[i];
}
