/*
 * child_sequence.c - `child`, a model of a five-year-old playing Sequence
 * Letters, for measuring the `easy` level (`alphadeck sim --bots
 * child,easy`).  It is a model of a person, not a level: the unit lists it
 * among its models, which no table offers (unit.h).  A child picks a card
 * from the hand at random and puts it on a square with its picture, also at
 * random: no line planned, nothing blocked on purpose; a Z goes on any open
 * square and an X takes any of the other side's chips.  Only when no card
 * can be played does it turn in a dead card (a grown-up shows how), and
 * only when the rules say so does it discard.
 */
#include <string.h>

#include "sequence.h"
#include "sequence_unit.h"

BOT_FN(ad_bot_child_sequence)
{
    (void)o;
    const seq_state *s = view;
    ad_action all[SQ_MAX_LEGAL];
    int n = ad_seq_legal(s, seat, all), kinds[SQ_KINDS], nk = 0;
    memset(out, 0, sizeof *out);
    if (n == 0)
        return;
    /* the playable cards, each once: a child picks a card, not a square */
    for (int i = 0; i < n; i++)
        if (all[i].type == SQ_A_PLAY && (nk == 0 || kinds[nk - 1] != all[i].cards[0]))
            kinds[nk++] = all[i].cards[0];
    if (nk == 0) { /* nothing to play: all[] is every turn-in, or every discard */
        *out = all[ad_rng_below(r, (uint32_t)n)];
        return;
    }
    int k = kinds[ad_rng_below(r, (uint32_t)nk)], seen = 0;
    for (int i = 0; i < n; i++)
        if (all[i].type == SQ_A_PLAY && all[i].cards[0] == k &&
            ad_rng_below(r, (uint32_t)++seen) == 0)
            *out = all[i];
}
