/*
 * strong_claim.c - the `strong` computer player for No Way and I Doubt It:
 * the determinized search of search.c with the pieces of a claim game.
 *  - Candidates: honest plays of each size, an honest play padded with one
 *    extra card, one- and two-card bluffs with the cards least worth
 *    keeping, a pass where allowed (where seats skip letters: the play
 *    `basic` would make instead of those bluffs); in a window, challenge
 *    or pass.  With 2 players (every card dealt, so nearly every lie is
 *    provable) no padding, and holding none of the call two-card bluffs
 *    only (bluffs_in_pairs); in I Doubt It hunches only against a
 *    player left two cards or fewer.  In No Way with 3 or 5 players
 *    (every letter called) no bluff while it holds the call, hunches only
 *    against a last card (so too with 6 players), three provable lies in
 *    four let pass, and with one pack no padding, with two no two-card
 *    bluffs (noway_every_letter).
 *  - Determinization: the cards the seat cannot place are dealt at random
 *    to the other hands and the face-down pile, each hand keeping the cards
 *    everyone saw go into it, the pile the cards the seat laid there
 *    itself; the claimer's hand, when a claim is pending, dealt again
 *    while it does not fit the claim as casual players make claims
 *    (claim_fits).  The claim is then laid from that hand by the bluff
 *    model: a claimer who can play true does so, except at a rate learned
 *    from how often its turned-up plays were false; one who cannot, lies.
 *  - Playouts: every seat plays as `basic` (basic_claim.c), for 80 moves;
 *    then the hands are scored (in No Way with 4 players or more, mostly
 *    by its own: value).  The candidates are compared on common
 *    deals (search.c's sequential halving).
 */
#include <math.h>
#include <string.h>

#include "claim_unit.h"
#include "claimkit.h"
#include "bots/search.h"

/* ---------------------------------------------------------- candidates */

/* The seat's faces not of the called class, the least worth keeping first. */
static int junk(const claim_state *s, int seat, uint8_t *out)
{
    int n = 0;
    for (int k = 0; k < s->nkinds; k++)
        if (s->hand[seat][k] && s->class_of[k] != s->call)
            out[n++] = (uint8_t)k;
    for (int i = 1; i < n; i++) /* insertion sort, latest call first */
        for (int j = i; j > 0 && ck_turns_until_called(s, s->class_of[out[j]]) >
                                     ck_turns_until_called(s, s->class_of[out[j - 1]]);
             j--) {
            uint8_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* How little a card of class cls is worth keeping to seat: one it is
 * never called for most of all (only a bluff that stands can shed it), then
 * the more of its own turns before it is called for it, the less. */
static int worthless(const claim_state *s, int seat, int cls)
{
    int j = ck_own_turns_until_called(s, seat, cls);
    return j < 0 ? 1000 : j;
}

/* Up to k two-card bluffs naming the call, each of two cards next to each
 * other in bad (the cards least worth keeping first, nb of them), written
 * from out; how many. */
static int pair_bluffs(const claim_state *s, const uint8_t *bad, int nb, int k, ad_action *out)
{
    int n = 0;
    for (int j = 0; j + 1 < nb && j < k; j++, n++) {
        ad_action *a = &out[n];
        a->type = CC_A_PLAY;
        a->arg[0] = s->call;
        a->n = 2;
        a->cards[0] = bad[j];
        a->cards[1] = bad[j + 1];
    }
    return n;
}

/* The honest plays of every size, the whole run first (honest: the seat's
 * first h cards of the call), written from out; how many. */
static int honest_plays(const claim_state *s, const uint8_t *honest, int h, ad_action *out)
{
    for (int size = h; size >= 1; size--) {
        ad_action *a = &out[h - size];
        a->type = CC_A_PLAY;
        a->arg[0] = s->call;
        a->n = (uint8_t)size;
        memcpy(a->cards, honest, (size_t)size);
    }
    return h;
}

static int pads(const claim_state *s);

/* With 2 players every card is dealt, so the opponent knows where each
 * copy of a letter or rank is but those in strong's hand and those strong
 * laid face down itself: a claim of more cards than strong holds of the
 * call is a lie it can prove unless strong laid that class earlier, and
 * `basic` calls such a lie one time in two.  Holding none of the call,
 * and more than two cards (with two distinct faces to lay), strong then
 * bluffs two cards, never one: one is as provable as two and sheds half
 * as much.  (Traced, 40 games of No Way: its one-card bluffs there were
 * caught 44% of the time, its two-card ones 49%.  2,000 games, seed 7,
 * --sims 300, with no padding either (pads): No Way 55 turns, strong
 * 96.9%, against 58 and 96.6% with one-card bluffs; `basic` alone 56.) */
static int bluffs_in_pairs(const claim_state *s, int seat, int h, int nbad)
{
    return s->players == 2 && h == 0 && s->count[seat] > 2 && nbad >= 2;
}

/* The candidates where seats skip letters (No Way with 2, 4 or 6 players):
 * the casual player's play (basic_claim.c: it sheds a card it is never
 * called for under the cover of the call, or plays the call, or bluffs
 * one card), honest plays of every size, and the whole honest run padded
 * with the card least worth keeping.  What wins there is the order of the
 * last cards: a hand's last play goes down face up, so it goes out only
 * when its last cards are the call, and a play down to one card draws
 * hunches.  So the search weighs the honest plays that set up
 * that ending against the casual shedding.  (Other bluffs are left out,
 * but for the two-card bluff with 2 players below: with them all the
 * search chose worse than the casual play alone, 10 to 13
 * of 40 traced games against 17; and a fixed rule that kept one card of
 * the call as cover while shedding the rest won 1 of 20, as it shed the
 * card it was to go out on.)  With 2 players, holding none of the call,
 * only two-card bluffs (bluffs_in_pairs). */
static int skip_candidates(const claim_state *s, int seat, const uint8_t *honest, int h,
                           int most, ad_action *out)
{
    uint8_t bad[CC_KINDS];
    int nb = junk(s, seat, bad);
    if (bluffs_in_pairs(s, seat, h, nb))
        return pair_bluffs(s, bad, nb, 2, out);
    ad_rng unused;
    ad_rng_seed(&unused, 0); /* basic's turn draws nothing */
    ad_bot_basic_claim(s, seat, NULL, &unused, &out[0]);
    int n = 1 + honest_plays(s, honest, h, &out[1]);
    int pad = -1;
    for (int k = 0; k < s->nkinds; k++)
        if (s->hand[seat][k] && s->class_of[k] != s->call &&
            (pad < 0 || worthless(s, seat, s->class_of[k]) > worthless(s, seat, s->class_of[pad])))
            pad = k;
    if (pads(s) && h >= 1 && h < most && pad >= 0) {
        ad_action *a = &out[n++];
        *a = out[1];
        a->cards[a->n++] = (uint8_t)pad;
    }
    /* (Two-card bluffs: only with 2 players and none of the call, above.
     * With 4 players they made the games longer, 103.5 turns against
     * 83.5; with 2 while holding the call, 61 and 62.5 turns against 59
     * and 59, and fewer wins.) */
    /* basic's play once */
    int m = 1;
    for (int i = 1; i < n; i++)
        if (out[i].n != out[0].n || memcmp(out[i].cards, out[0].cards, out[0].n) != 0)
            out[m++] = out[i];
    return m;
}

/* No Way where every seat is called for every letter (3 or 5 players):
 * the last play is turned up, so nobody bluffs out, and the pile only
 * changes hands.  There `strong` plays like a player who means to go out
 * rather than one who keeps the others in: see answers and the bluffs in
 * candidates.  (Traced with 3 players: it called nearly half of
 * all claims on hunches, a third of them wrongly, caught every lie it
 * could prove, and bluffed three plays in four while holding the call; the
 * pile went round and round, and 12 of 20 games ran to the turn limit.) */
static int noway_every_letter(const claim_state *s)
{
    return s->rules->last_face_up && ck_call_step(s) == 1;
}

/* Whether strong pads an honest play with a card it would shed: not with
 * 2 players, where the padded claim is a lie the opponent can nearly
 * always prove (bluffs_in_pairs; in 40 traced games of No Way it was
 * caught 48% of the time, in I Doubt It 37%), nor where every letter is
 * called and the pack holds two of a letter (one pack: 3 players).
 * There "two A's" on one A is a lie whoever holds the other A can
 * prove, and the pile it risks is dearer than the card it sheds: 2,000
 * games with 3 players (seed 7, --sims 300, with the rule below letting
 * three provable lies in four pass) ran a median of 122 turns and strong
 * won 46.1%; with padding, 128 turns and 44.6%.  With four of each
 * letter (two packs: 5 players) a padded claim is seldom provable, and
 * without padding strong won 30.7% of 2,000 games against 37.4%, its
 * games no shorter (96 turns against 95, both without the two-card
 * bluffs below). */
static int pads(const claim_state *s)
{
    return s->players != 2 && (!noway_every_letter(s) || s->maxplay > 2);
}

/* Whether strong, holding none of the call, weighs two-card bluffs: not
 * where every letter is called and the pack holds four of a letter (two
 * packs: 5 players), where the pile grows long before anyone can prove a
 * lie (one game traced: 83 cards at turn 70) and the search, scoring an
 * unfinished deal near 1 (value), sheds two cards a turn into it and is
 * caught with it: 2,000 games with 5 players (seed 7, --sims 300) ran a
 * median of 101 turns with them, 95 without, `basic` alone 98; strong
 * won 36.9% and 37.4%.  With one pack they stay: without them strong's
 * 3-player games ran 142 turns against 139.5. */
static int pair_bluffs_weighed(const claim_state *s)
{
    return !noway_every_letter(s) || s->maxplay <= 2;
}

/* A lie it can prove, where noway_every_letter: called, but three in
 * four are let pass while its player holds more than three cards and
 * names the call.  Catching every provable lie locks the hands into whole
 * letters, each bluff provable by the seat holding that letter, and the
 * pile goes round (3 players: 12 of 20 games against `basic` ran to the
 * turn limit).  Letting one in two pass, strong's 3-player games still
 * ran longer than `basic`'s alone (2,000 games, seed 7, --sims 300, no
 * padding: 137 turns against 135; strong won 52.6%); three in four, 122
 * turns (46.1%).  With 5 players it made no difference (95 turns both,
 * strong 38.3% and 37.4%).  Not where seats skip letters: with 2 players
 * every lie caught is the one opponent's, and letting one in two pass
 * cost 14 games in 100 (98 won, 84); with 4, at --sims 1500, its games
 * were as long with it as without (113.5 and 105.5 turns, seeds 1 and 2,
 * against 110.5 and 106) and won 70 of 200 against 76. */
static int lets_provable_lie_pass(const claim_state *s, ad_rng *r)
{
    return noway_every_letter(s) && s->claim_say == s->claim_call &&
           s->count[s->claim_seat] > 3 && ad_rng_below(r, 4) != 0;
}

/* Whether strong calls a No Way claim on a hunch only when the play
 * leaves its player one card, as `basic` does: where every letter is
 * called (3 or 5 players), and with 6 players, where a pile handed to one
 * of five opponents helps the other four as much as strong, and the deal
 * goes on (seeds 1-3, 100 games each at --sims 300: medians of 99, 94 and
 * 94.5 turns and 30, 28 and 32 wins with the rule; 114.5 turns and 22
 * wins on seed 1 without; `basic` alone: 100, 95 and 95).  Not with 4
 * players, where strong wins by its hunches (with hunches down to two
 * cards left: 23 and 25 wins of 100 on seeds 1 and 2, against 67 and 69). */
static int noway_hunches_at_last_card(const claim_state *s)
{
    return s->rules->last_face_up && (noway_every_letter(s) || s->players >= 6);
}

/* The most cards a claimer may hold after its play for strong to call the
 * claim on a hunch: one where noway_hunches_at_last_card; two in I Doubt
 * It with 2 players, as `basic` hunches (in 60 traced games it called
 * claims wrongly 92 times, each a pile to take, 85 of them against a
 * player left more than two cards, 29 against one left twenty or more.
 * 2,000 games, seed 7, --sims 300: with this and the two-player rules
 * above, a median of 24 turns and strong 74.6%; with none of them, 25
 * and 73.3%; `basic` alone 24); else no limit. */
static int hunch_limit(const claim_state *s)
{
    if (noway_hunches_at_last_card(s))
        return 1;
    if (!s->rules->last_face_up && s->players == 2)
        return 2;
    return CC_KINDS * CC_MAXPLAY;
}

/* The answers to a claim: pass when it is provably true; challenge when
 * it is provably false (but see lets_provable_lie_pass); else both, for
 * the search, unless hunch_limit rules the hunch out. */
static int answers(const claim_state *s, int seat, ad_rng *r, ad_action *out)
{
    out[0].type = CC_A_PASS;
    if (ck_provably_true(s))
        return 1;
    if (ck_provably_false(s, seat)) {
        if (!lets_provable_lie_pass(s, r))
            out[0].type = CC_A_CHALLENGE;
        return 1;
    }
    if (s->count[s->claim_seat] > hunch_limit(s))
        return 1;
    out[1].type = CC_A_CHALLENGE;
    return 2;
}

static int candidates(const void *view, int seat, ad_rng *r, ad_action *out)
{
    const claim_state *s = view;
    int n = 0;
    memset(out, 0, sizeof(ad_action) * SEARCH_MAX_CANDIDATES);
    if (s->phase == CC_CHALLENGE)
        return answers(s, seat, r, out);
    int most = s->maxplay < s->count[seat] ? s->maxplay : s->count[seat];
    uint8_t honest[CC_MAXPLAY], bad[CC_KINDS];
    int h = 0;
    for (int k = 0; k < s->nkinds && h < most; k++)
        if (s->class_of[k] == s->call)
            for (int c = 0; c < s->hand[seat][k] && h < most; c++)
                honest[h++] = (uint8_t)k;
    if (ck_call_step(s) > 1)
        return skip_candidates(s, seat, honest, h, most, out);
    int nj = junk(s, seat, bad);
    /* honest plays of every size; the whole run, padded with a bad card */
    n += honest_plays(s, honest, h, &out[n]);
    for (int j = 0; pads(s) && j < nj && j < 3 && h >= 1 && h < most; j++) {
        ad_action *a = &out[n++];
        *a = out[0];
        a->cards[a->n++] = bad[j];
    }
    /* bluffs: one card, or two, of the faces least worth keeping; in No Way
     * with every letter called, only when it holds none of the call (a
     * bluff there sheds one card at the risk of the pile, and the honest
     * play sheds as many with none) */
    int bluffs = h == 0 || !noway_every_letter(s), singles = !bluffs_in_pairs(s, seat, h, nj);
    for (int j = 0; bluffs && singles && j < nj && j < 6; j++) {
        ad_action *a = &out[n++];
        a->type = CC_A_PLAY;
        a->arg[0] = s->call;
        a->n = 1;
        a->cards[0] = bad[j];
    }
    if (bluffs && most >= 2 && pair_bluffs_weighed(s))
        n += pair_bluffs(s, bad, nj, 3, &out[n]);
    if (s->allow_pass)
        out[n++].type = CC_A_PASS;
    return n;
}

/* ------------------------------------------------------ determinization */

/* The rate at which seat p lies when it could play true: a prior of one
 * lie in ten, moved by what its turned-up plays showed, and halved (its
 * plays are mostly turned up when they look false).  Not halved where
 * seats skip letters (No Way with 2, 4 or 6 players): there a casual
 * player holding the call lays the cards it is never called for under it,
 * so most of its plays are lies (with two `basic` players, 95%). */
static double bluff_rate(const claim_state *s, int p)
{
    double rate = (1.0 + s->lied[p]) / (10.0 + s->shown[p]);
    return ck_call_step(s) == 1 ? rate * 0.5 : rate;
}

/* n cards drawn without replacement from row (holding `have`), into out,
 * and taken out of row. */
static void draw_cards(uint8_t *row, int have, int n, ad_rng *r, uint8_t *out)
{
    for (int i = 0; i < n; i++) {
        int x = (int)ad_rng_below(r, (uint32_t)(have - i)), k = 0;
        while (x >= row[k])
            x -= row[k++];
        row[k]--;
        out[i] = (uint8_t)k;
    }
}

/* Seat p's hand: the cards everyone saw go into it and a random fill from
 * pool (holding `have`), its cards in the pending claim included. */
static void fill_hand(claim_state *s, int p, uint8_t *pool, int *have, ad_rng *r)
{
    int window = s->phase == CC_CHALLENGE;
    int size = s->count[p] + (window && p == s->claim_seat ? s->claim_n : 0), k0 = 0;
    memcpy(s->hand[p], s->known[p], sizeof s->hand[p]);
    for (int k = 0; k < s->nkinds; k++)
        k0 += s->known[p][k];
    int fill = size - k0;
    if (fill > *have)
        fill = *have; /* cannot happen while the history is sound */
    for (int i = 0; i < fill; i++) {
        uint8_t k;
        draw_cards(pool, (*have)--, 1, r, &k);
        s->hand[p][k]++;
    }
}

/* How likely a player holding the claimer's sampled hand would have made
 * the pending claim, as a person at the table reads a claim: a player
 * who holds cards of the call plays them all (up to the limit), one who
 * holds none lays one card and names the call.  Anything else happens
 * less often: a bigger bluff one time in twenty, a true play that keeps
 * some cards back one time in four.  Dealing the claimer hands in this
 * proportion is what tells a claim of three cards, almost always true,
 * from a claim of one, the size of a bluff.  (Not the rate this player was
 * caught lying: a player is mostly doubted when it bluffs one card, and
 * that rate made every big honest play look like a lie.) */
static double claim_fits(const claim_state *s, int p)
{
    if (s->claim_say != s->claim_call)
        return 1; /* a wrong letter: a lie whatever the hand */
    int size = s->count[p] + s->claim_n, n = s->claim_n;
    int most = s->maxplay < size ? s->maxplay : size;
    int good = ck_class_cards(s, s->hand[p], s->claim_say);
    double odd = 0.05;
    if (good == 0)
        return n == 1 ? 1 : odd;
    if (good < n)
        return odd;
    return n == (good < most ? good : most) ? 1 : 0.25;
}

static void determinize(const void *view, int seat, ad_rng *r, void *out)
{
    const claim_state *v = view;
    claim_state *s = out;
    memcpy(s, v, sizeof *s);
    s->viewer = AD_GOD;
    ad_rng_seed(&s->rng, ad_rng_next(r));
    int window = s->phase == CC_CHALLENGE, claimer = window ? s->claim_seat : -1;
    /* the cards this seat cannot place */
    uint8_t pool[CC_KINDS];
    int have = 0;
    for (int k = 0; k < s->nkinds; k++) {
        int c = s->in_play[k] - s->hand[seat][k] - s->laid[seat][k];
        for (int p = 0; p < s->players; p++)
            if (p != seat)
                c -= s->known[p][k];
        pool[k] = (uint8_t)(c > 0 ? c : 0);
        have += pool[k];
    }
    if (claimer == seat)
        for (int i = 0; i < s->claim_n; i++)
            if (pool[s->claim_cards[i]]) {
                pool[s->claim_cards[i]]--;
                have--;
            }
    /* each other hand: its known cards and a random fill; the claimer's
     * first, drawn again while it does not fit the claim (claim_fits).
     * Not where seats skip letters (No Way with 2, 4 or 6 players): there
     * a player holding the call lays the cards it is never called for
     * under it, and a claim says little of its hand (reading it as true
     * lost a third of the games `strong` won against `basic`). */
    int first = window && claimer != seat && ck_call_step(s) == 1 ? claimer : -1;
    if (first >= 0) {
        uint8_t keep[CC_KINDS];
        int kept = have;
        memcpy(keep, pool, sizeof keep);
        for (int tries = 0;; tries++) {
            fill_hand(s, claimer, pool, &have, r);
            if (tries == 30 || ad_rng_below(r, 1u << 20) < claim_fits(s, claimer) * (1u << 20))
                break;
            memcpy(pool, keep, sizeof pool);
            have = kept;
        }
    }
    for (int p = 0; p < s->players; p++)
        if (p != seat && p != first)
            fill_hand(s, p, pool, &have, r);
    /* the face-down pile is the rest, with the cards the seat laid there
     * itself and the pending claim's */
    for (int k = 0; k < s->nkinds; k++)
        s->pile[k] = (uint8_t)(pool[k] + s->laid[seat][k]);
    if (!window)
        return;
    if (claimer != seat) {
        uint8_t *hand = s->hand[claimer];
        int size = s->count[claimer] + s->claim_n, good = 0;
        for (int k = 0; k < s->nkinds; k++)
            good += s->class_of[k] == s->claim_say ? hand[k] : 0;
        int can = s->claim_say == s->claim_call && good >= s->claim_n;
        int truthful = can && ad_rng_below(r, 1u << 20) >= bluff_rate(s, claimer) * (1u << 20);
        uint8_t row[CC_KINDS];
        if (truthful) { /* n cards of the class */
            for (int k = 0; k < s->nkinds; k++)
                row[k] = s->class_of[k] == s->claim_say ? hand[k] : 0;
            draw_cards(row, good, s->claim_n, r, s->claim_cards);
        } else { /* n cards, at least one of another class when it could be true */
            for (int tries = 0;; tries++) {
                memcpy(row, hand, sizeof row);
                draw_cards(row, size, s->claim_n, r, s->claim_cards);
                int all = 1;
                for (int i = 0; i < s->claim_n; i++)
                    all &= s->class_of[s->claim_cards[i]] == s->claim_say;
                if (!all || s->claim_say != s->claim_call || tries == 20)
                    break;
            }
        }
        for (int i = 0; i < s->claim_n; i++)
            hand[s->claim_cards[i]]--;
    }
    for (int i = 0; i < s->claim_n; i++)
        s->pile[s->claim_cards[i]]++;
}

/* ------------------------------------------------------------- playouts */

/* Every seat of a playout plays as `basic` does, dice and all: the
 * opponents a claim game's strong seat meets are mostly casual players,
 * who call only the lies they can prove (and not every one) or a player
 * about to go out.  A model that calls every unlikely claim instead made
 * the search see each big honest play as a likely lie and doubt it. */
static void policy(const void *state, int seat, ad_rng *r, ad_action *out)
{
    ad_bot_basic_claim(state, seat, NULL, r, out);
}

/* Cards weighed by how hard they are to shed: a card never called for the
 * seat counts double. */
static double burden(const claim_state *s, int p)
{
    double b = 0;
    for (int k = 0; k < s->nkinds; k++)
        if (s->hand[p][k])
            b += s->hand[p][k] * (ck_ever_called(s, p, s->class_of[k]) ? 1.0 : 2.0);
    return b;
}

/* Won: 1, lost: 0; otherwise how the seat's burden compares with the
 * others' (the lightest of them and their mean).  In No Way with 4 players
 * or more, a player who plays to go out: its own burden against a quarter
 * of the lightest other's, from so far ahead that every unfinished playout
 * is worth nearly 1.  The search then mostly avoids the lines where
 * another player goes out, and among the rest sheds its own cards rather
 * than loading the others' hands.  (With the mixed lead, strong won 37 of
 * 100 games with 4 players, seed 1, at --sims 300, median 108.5 turns
 * against `basic` alone's 97.5; with this one 67, 83.5 turns.  With 3
 * players it did worse: 40 wins and 192.5 turns against 54 and 138.) */
static double value(const void *state, int seat)
{
    const claim_state *s = state;
    if (s->phase == CC_OVER)
        return s->winner == seat ? 1.0 : 0.0;
    double others = 0, least = 1e9;
    for (int p = 0; p < s->players; p++)
        if (p != seat) {
            double b = burden(s, p);
            others += b;
            if (b < least)
                least = b;
        }
    double own = burden(s, seat);
    double lead = s->rules->last_face_up && s->players >= 4
                      ? 40 - own + least / 4
                      : (least + others / (s->players - 1)) / 2 - own;
    return 0.5 + 0.5 * tanh(lead / 6.0);
}

static const search_game claim_search = {
    .candidates = candidates,
    .determinize = determinize,
    .policy = policy,
    .value = value,
    .depth = 80,
    .sims = 3000,
    .paired = 1,
};

BOT_FN(ad_bot_strong_claim)
{
    const claim_state *s = view;
    search_game sg = claim_search;
    sg.g = s->rules->say_free ? &ad_game_noway : &ad_game_doubt;
    ad_search_choose(&sg, view, seat, o, r, out);
}

void ad_strong_claim_deal(const void *view, int seat, ad_rng *r, void *out)
{
    determinize(view, seat, r, out);
}

double ad_strong_claim_value(const void *state, int seat)
{
    return value(state, seat);
}

/* ------------------------------------------------- the coach's questions */

/* What a hint asks of the strong player's model (claim_hint.c).  Both go
 * through determinize, the deal the search itself plays on, so the odds a
 * hint gives are the odds the strong player acts on. */

/* Whether the claim laid in state s is false. */
static int claim_is_lie(const claim_state *s)
{
    if (s->claim_say != s->claim_call)
        return 1;
    for (int i = 0; i < s->claim_n; i++)
        if (s->class_of[s->claim_cards[i]] != s->claim_say)
            return 1;
    return 0;
}

double ad_strong_claim_lie_chance(const void *view, int seat, long sims, ad_rng *r)
{
    claim_state s;
    long lies = 0;
    for (long i = 0; i < sims; i++) {
        determinize(view, seat, r, &s);
        lies += claim_is_lie(&s);
    }
    return sims > 0 ? (double)lies / (double)sims : 0;
}

int ad_strong_claim_bluff(const void *view, int seat, ad_action *out)
{
    const claim_state *s = view;
    uint8_t bad[CC_KINDS];
    memset(out, 0, sizeof *out);
    if (junk(s, seat, bad) == 0)
        return 0;
    out->type = CC_A_PLAY;
    out->arg[0] = s->call;
    out->n = 1;
    out->cards[0] = bad[0];
    return 1;
}

/* Whether a seat of the sampled table s answers the play just laid with a
 * challenge: the face-up check of a last card, or any seat asked calling
 * it as the playouts' players do (policy, handed the sampled table as the
 * playouts hand it: `basic` reads only its own seat's cards and what is
 * public). */
static int called(claim_state *s, ad_rng *r)
{
    if (s->phase != CC_CHALLENGE)
        return s->last.settled && !s->last.truthful;
    for (int p = 0; p < s->players; p++)
        if (s->waiting & (1u << p)) {
            ad_action a;
            policy(s, p, r, &a);
            if (a.type == CC_A_CHALLENGE)
                return 1;
        }
    return 0;
}

double ad_strong_claim_call_chance(const void *view, int seat, const ad_action *play, long sims,
                                   ad_rng *r)
{
    const claim_state *vs = view;
    const ad_game *g = vs->rules->say_free ? &ad_game_noway : &ad_game_doubt;
    claim_state s;
    long calls = 0, done = 0;
    for (long i = 0; i < sims; i++) {
        determinize(view, seat, r, &s);
        if (g->apply(&s, seat, play, NULL, NULL) < 0)
            continue; /* not a play of this seat's: nothing to weigh */
        done++;
        calls += called(&s, r);
    }
    return done > 0 ? (double)calls / (double)done : 0;
}

long ad_strong_claim_sims(void)
{
    return claim_search.sims;
}
