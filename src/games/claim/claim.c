/*
 * claim.c - one claim-and-challenge engine for No Way and I Doubt It.
 * A turn lays 1..maxplay cards face down and names a class (letter or rank);
 * then every other seat answers once (challenge or pass) unless the play is
 * checked at once.  Invariant after every apply: for each face k,
 * sum(hand[s][k]) + pile[k] == in_play[k], and sum(laid[s][k]) <= pile[k];
 * the pending claim's cards are in the pile.  apply validates everything
 * before it changes anything.
 */
#include <string.h>

#include "claim.h"
#include "core/adjson.h"

/* ------------------------------------------------------------ helpers */

static int next_seat(const claim_state *s, int seat)
{
    return (seat + 1) % s->players;
}

static uint32_t others(const claim_state *s, int seat)
{
    return ((1u << s->players) - 1) & ~(1u << seat);
}

/* The pile has gone (into a hand, or a new deal): nobody can tell any more
 * where the cards it laid face down are. */
static void forget_laid(claim_state *s)
{
    memset(s->laid, 0, sizeof s->laid);
    memset(s->laid_n, 0, sizeof s->laid_n);
}

/* Deals `n` cards (kinds, top first) one at a time from the dealer's left. */
static void deal(claim_state *s, const uint8_t *cards, int n)
{
    memset(s->hand, 0, sizeof s->hand);
    memset(s->count, 0, sizeof s->count);
    memset(s->pile, 0, sizeof s->pile);
    memset(s->known, 0, sizeof s->known);
    forget_laid(s);
    s->pile_n = 0;
    int seat = next_seat(s, s->dealer);
    for (int i = 0; i < n; i++) {
        s->hand[seat][cards[i]]++;
        s->count[seat]++;
        seat = next_seat(s, seat);
    }
    s->turn = (uint8_t)next_seat(s, s->dealer);
    s->call = 0;
    s->phase = CC_PLAY;
    s->waiting = 0;
    s->claim_seat = -1;
    s->claim_n = 0;
    s->turns = 0;
}

/* Every card of the game, in deck order. */
static int full_pack(const claim_state *s, uint8_t *out)
{
    int n = 0;
    for (int k = 0; k < s->nkinds; k++)
        for (int c = 0; c < s->in_play[k]; c++)
            out[n++] = (uint8_t)k;
    return n;
}

static void shuffle_and_deal(claim_state *s)
{
    uint8_t cards[AD_MAX_DECK];
    int n = full_pack(s, cards);
    ad_rng_shuffle(&s->rng, cards, n);
    deal(s, cards, n);
}

/* Draw value for choosing the dealer: rank order with the ace high. */
static int draw_value(const claim_state *s, int kind)
{
    int c = s->class_of[kind];
    return c == 0 ? s->nclasses : c;
}

/* I Doubt It: each player draws; highest deals; the tied highest redraw.
 * The final round's cards stay in draw[] for everyone to see. */
static void draw_for_dealer(claim_state *s)
{
    uint8_t cards[AD_MAX_DECK];
    uint32_t in = (1u << s->players) - 1;
    for (;;) {
        int n = full_pack(s, cards);
        ad_rng_shuffle(&s->rng, cards, n);
        int best = -1, nbest = 0, i = 0, who = 0;
        for (int p = 0; p < s->players; p++) {
            s->draw[p] = -1;
            if (!(in & (1u << p)))
                continue;
            s->draw[p] = (int8_t)cards[i++];
            int v = draw_value(s, cards[i - 1]);
            if (v > best) {
                best = v;
                nbest = 1;
                who = p;
            } else if (v == best) {
                nbest++;
            }
        }
        if (nbest == 1) {
            s->dealer = (uint8_t)who;
            return;
        }
        uint32_t tied = 0;
        for (int p = 0; p < s->players; p++)
            if ((in & (1u << p)) && draw_value(s, s->draw[p]) == best)
                tied |= 1u << p;
        in = tied;
    }
}

/* ------------------------------------------------------------- set-up */

static int claim_init(void *st, const ad_setup *su, const claim_rules *rules, ad_err *err)
{
    claim_state *s = st;
    const ad_deck *d = ad_deck_get(rules->id);
    if (!d)
        return ad_err_set(err, AD_E_INTERNAL, "the %s deck data is missing", rules->id);
    memset(s, 0, sizeof *s);
    s->rules = rules;
    s->deck = d;
    s->players = (uint8_t)su->players;
    s->viewer = AD_GOD;
    s->winner = -1;
    s->claim_seat = -1;
    s->last.seat = -1;
    s->deal_no = 1;
    memset(s->draw, -1, sizeof s->draw);

    int packs, copies = 0;
    if (rules == &ad_claim_noway_rules) {
        packs = su->opt[NW_DECKS] ? su->opt[NW_DECKS] : (su->players <= 4 ? 1 : 2);
        copies = su->opt[NW_COPIES];
        s->max_turns = (uint16_t)su->opt[NW_MAX_TURNS];
    } else {
        int n = su->players;
        packs = su->opt[DB_DECKS] ? su->opt[DB_DECKS] : (n <= 5 ? 1 : 2);
        if (n <= 4 && packs != 1)
            return ad_err_set(err, AD_E_BAD_OPTION, "%d players use one pack (decks 1)", n);
        if (n >= 6 && packs != 2)
            return ad_err_set(err, AD_E_BAD_OPTION, "%d players use a double pack (decks 2)", n);
        s->allow_pass = (uint8_t)su->opt[DB_ALLOW_PASS];
        s->target = su->opt[DB_TARGET];
        s->max_turns = (uint16_t)su->opt[DB_MAX_TURNS];
    }
    s->packs = (uint8_t)packs;
    s->nkinds = 0;
    s->nclasses = (uint8_t)d->nclasses;
    int per_class[AD_MAX_CLASSES] = {0}, total = 0;
    for (int k = 0; k < d->nkinds; k++) {
        if (d->class_of[k] < 0)
            continue; /* ants: never in play; they sort after every card in play */
        int c = (copies ? copies : d->copies[k]) * packs;
        s->in_play[k] = (uint8_t)c;
        s->class_of[k] = (uint8_t)d->class_of[k];
        s->nkinds = (uint8_t)(k + 1);
        total += c;
        per_class[d->class_of[k]] += c;
    }
    /* "a player must be permitted to put down every card of a group": the
     * most a play may hold is the number of cards of one letter or rank */
    for (int c = 0; c < s->nclasses; c++)
        if (per_class[c] > s->maxplay)
            s->maxplay = (uint8_t)(per_class[c] > 255 ? 255 : per_class[c]);
    if (total > AD_MAX_DECK || s->maxplay > CC_MAXPLAY)
        return ad_err_set(err, AD_E_BAD_OPTION, "that many cards (%d) do not fit one game", total);

    ad_rng_seed(&s->rng, su->seed);
    if (su->dealer >= 0)
        s->dealer = (uint8_t)su->dealer;
    else if (rules->draw_dealer)
        draw_for_dealer(s); /* from a whole pack, whatever the deal uses */
    else
        s->dealer = 0;

    if (su->deck_n >= 0) {
        uint8_t seen[CC_KINDS] = {0};
        for (int i = 0; i < su->deck_n; i++) {
            int k = su->deck[i];
            if (k >= s->nkinds || s->in_play[k] == 0)
                return ad_err_set(err, AD_E_BAD_CARD, "\"%s\" is not a card of this game",
                                  d->kind[k]);
            if (++seen[k] > s->in_play[k])
                return ad_err_set(err, AD_E_BAD_CARD,
                                  "the deck has more %s cards than the game's %d", d->kind[k],
                                  s->in_play[k]);
        }
        if (su->deck_n < su->players)
            return ad_err_set(err, AD_E_BAD_CARD,
                              "a deck of %d card%s cannot deal one to each of %d players",
                              su->deck_n, su->deck_n == 1 ? "" : "s", su->players);
        memcpy(s->in_play, seen, sizeof seen);
    }
    s->total = 0;
    for (int k = 0; k < s->nkinds; k++)
        s->total = (uint8_t)(s->total + s->in_play[k]);

    if (su->deck_n >= 0)
        deal(s, su->deck, su->deck_n);
    else
        shuffle_and_deal(s);
    return 0;
}

static int noway_init(void *st, const ad_setup *su, ad_err *err)
{
    return claim_init(st, su, &ad_claim_noway_rules, err);
}

static int doubt_init(void *st, const ad_setup *su, ad_err *err)
{
    return claim_init(st, su, &ad_claim_doubt_rules, err);
}

/* --------------------------------------------------------------- rules */

static uint32_t claim_to_act(const void *st)
{
    const claim_state *s = st;
    if (s->phase == CC_PLAY)
        return 1u << s->turn;
    if (s->phase == CC_CHALLENGE)
        return s->waiting;
    return 0;
}

static int claim_is_over(const void *st)
{
    return ((const claim_state *)st)->phase == CC_OVER;
}

/* A challenge window asks every seat still to answer at once, as at a
 * real table; calls at one moment go to the nearest the claimer's left
 * (claim_timeout's order; the director's rule, director.h). */
static uint32_t claim_asked(const void *st)
{
    const claim_state *s = st;
    if (s->phase != CC_CHALLENGE)
        return claim_to_act(st);
    return s->waiting;
}

/* Silence in a challenge window lets the play stand: a pass.  A turn has
 * no answer of its own.  The order says who is nearest the claimer's left
 * when calls come at the same moment. */
static int claim_timeout(const void *st, int seat, ad_timeout *out)
{
    const claim_state *s = st;
    if (s->phase != CC_CHALLENGE || !(s->waiting & (1u << seat)))
        return 0;
    memset(out, 0, sizeof *out);
    out->action.type = CC_A_PASS;
    out->answer = 1;
    /* seats from the claimer's left: 1, 2, ... (no division: asked often) */
    int d = seat - s->claim_seat;
    out->order = (uint8_t)(d > 0 ? d : d + s->players);
    return 1;
}

static void win_deal(claim_state *s, int seat, ad_events *ev);

/* The next turn, after `after`'s; or, when the deal has run max_turns
 * turns, its end: the fewest cards wins it (a tie: nearest the dealer's
 * left). */
static void next_turn(claim_state *s, int after, ad_events *ev)
{
    s->turn = (uint8_t)next_seat(s, after);
    s->call = (uint8_t)((s->call + 1) % s->nclasses);
    s->phase = CC_PLAY;
    s->waiting = 0;
    if (s->max_turns && ++s->turns >= s->max_turns) {
        int best = next_seat(s, s->dealer);
        for (int i = 1, p = best; i < s->players; i++) {
            p = next_seat(s, p);
            if (s->count[p] < s->count[best])
                best = p;
        }
        ad_events_add(ev, CC_EV_TIME_UP, best, -1, s->turns);
        win_deal(s, best, ev);
    }
}

static void take_pile(claim_state *s, int seat, ad_events *ev)
{
    /* eight faces a word: no byte can carry, as no face has 256 copies */
    for (int k = 0; k < CC_KINDS; k += 8) {
        uint64_t h, p;
        memcpy(&h, s->hand[seat] + k, 8);
        memcpy(&p, s->pile + k, 8);
        h += p;
        memcpy(s->hand[seat] + k, &h, 8);
    }
    memset(s->pile, 0, sizeof s->pile);
    forget_laid(s);
    s->count[seat] = (uint8_t)(s->count[seat] + s->pile_n);
    s->last.taker = (int8_t)seat;
    s->last.taken = s->pile_n;
    ad_events_add(ev, CC_EV_TAKE, seat, -1, s->pile_n);
    s->pile_n = 0;
}

/* Ranks the seats for the result: the winner, then by cards left (fewest
 * first), ties in seat order from the winner's left. */
static void rank_seats(claim_state *s)
{
    int n = 0;
    s->ranking[n++] = (uint8_t)s->winner;
    for (int c = 0; c <= s->total; c++)
        for (int i = 1; i < s->players; i++) {
            int p = (s->winner + i) % s->players;
            if (s->count[p] == c)
                s->ranking[n++] = (uint8_t)p;
        }
}

/* `seat` has gone out: score the deal, then end the game or deal again. */
static void win_deal(claim_state *s, int seat, ad_events *ev)
{
    int32_t points = 0;
    for (int p = 0; p < s->players; p++)
        if (p != seat) /* the winner's own cards, when time ran out, are not paid */
            points += s->count[p];
    ad_events_add(ev, CC_EV_WIN, seat, -1, s->deal_no);
    if (s->rules->pays_points) { /* 1 point a card left in the other hands */
        s->score[seat] += points;
        ad_events_add(ev, CC_EV_SCORE, seat, -1, points);
    }
    s->winner = (int8_t)seat;
    rank_seats(s);
    if (s->target > 0 && s->score[seat] < s->target) {
        /* the match goes on: the deal passes to the left */
        s->winner = -1;
        s->deal_no++;
        s->dealer = (uint8_t)next_seat(s, s->dealer);
        shuffle_and_deal(s);
        ad_events_add(ev, CC_EV_DEAL, s->dealer, -1, s->deal_no);
        return;
    }
    s->phase = CC_OVER;
    s->waiting = 0;
    ad_events_add(ev, CC_EV_OVER, seat, -1, 0);
}

static int claim_true(const claim_state *s)
{
    if (s->claim_say != s->claim_call)
        return 0;
    for (int i = 0; i < s->claim_n; i++)
        if (s->class_of[s->claim_cards[i]] != s->claim_say)
            return 0;
    return 1;
}

/* The claimer's play has left its hand: of the cards known to be there,
 * the ones turned up (or, unseen, any `claim_n` of them) may be gone. */
static void forget_played(claim_state *s, int revealed)
{
    uint8_t *k = s->known[s->claim_seat];
    if (revealed) {
        for (int i = 0; i < s->claim_n; i++)
            if (k[s->claim_cards[i]])
                k[s->claim_cards[i]]--;
        return;
    }
    for (int f = 0; f < s->nkinds; f++)
        k[f] = k[f] > s->claim_n ? (uint8_t)(k[f] - s->claim_n) : 0;
}

/* Turns the pending play up; `challenger` is -1 for a face-up last play. */
static void settle(claim_state *s, int challenger, ad_events *ev)
{
    int claimer = s->claim_seat;
    int truthful = claim_true(s);
    forget_played(s, 1);
    s->shown[claimer]++;
    s->lied[claimer] += !truthful;
    int taker = truthful ? challenger : claimer;
    if (taker >= 0) /* everyone saw these go into the taker's hand */
        for (int i = 0; i < s->claim_n; i++)
            s->known[taker][s->claim_cards[i]]++;
    s->last.settled = 1;
    s->last.truthful = (uint8_t)truthful;
    s->last.challenger = (int8_t)challenger;
    s->last.nrev = s->claim_n;
    memcpy(s->last.rev, s->claim_cards, s->claim_n);
    ad_event *e = ad_events_add(ev, CC_EV_REVEAL, claimer, challenger, truthful);
    if (e) {
        e->n = s->claim_n;
        memcpy(e->cards, s->claim_cards, s->claim_n);
    }
    if (truthful && s->count[claimer] == 0) {
        if (challenger >= 0)
            take_pile(s, challenger, ev);
        win_deal(s, claimer, ev);
        return;
    }
    take_pile(s, taker, ev);
    next_turn(s, claimer, ev);
}

static int check_play(const claim_state *s, int seat, const ad_action *a, ad_err *err)
{
    const ad_deck *d = s->deck;
    int most = s->maxplay < s->count[seat] ? s->maxplay : s->count[seat];
    if (a->n < 1 || a->n > most)
        return most == 1 ? ad_err_set(err, AD_E_ILLEGAL, "you may lay down 1 card, not %d", a->n)
                         : ad_err_set(err, AD_E_ILLEGAL, "you may lay down 1 to %d cards, not %d",
                                      most, a->n);
    uint8_t need[CC_KINDS] = {0};
    for (int i = 0; i < a->n; i++) {
        int k = a->cards[i];
        if (k >= s->nkinds)
            return ad_err_set(err, AD_E_BAD_CARD, "that is not a card of this game");
        if (++need[k] > s->hand[seat][k]) {
            if (s->hand[seat][k] == 0)
                return ad_err_set(err, AD_E_NO_SUCH_CARD, "you hold no card %s", d->kind[k]);
            return ad_err_set(err, AD_E_NO_SUCH_CARD, "you hold only %d card%s %s",
                              s->hand[seat][k], s->hand[seat][k] == 1 ? "" : "s", d->kind[k]);
        }
    }
    if (a->arg[0] < 0 || a->arg[0] >= s->nclasses)
        return ad_err_set(err, AD_E_BAD_ACTION, "that names nothing a player can call");
    if (!s->rules->say_free && a->arg[0] != s->call)
        return ad_err_set(err, AD_E_ILLEGAL, "the call is %s: a play can only announce %s",
                          d->class_name[s->call], d->class_name[s->call]);
    return 0;
}

static int check(const claim_state *s, int seat, const ad_action *a, ad_err *err)
{
    if (ad_check_seat(seat, s->players, s->phase == CC_OVER, err) < 0)
        return -1;
    if (a->type != CC_A_PLAY && a->type != CC_A_PASS && a->type != CC_A_CHALLENGE)
        return ad_err_set(err, AD_E_BAD_ACTION, "unknown action");
    if (s->phase == CC_PLAY) {
        if (seat != s->turn) {
            if (a->type == CC_A_CHALLENGE)
                return ad_err_set(err, AD_E_ILLEGAL, "there is no play to challenge now");
            return ad_err_set(err, AD_E_NOT_YOUR_TURN, "it is seat %d's turn", s->turn);
        }
        if (a->type == CC_A_CHALLENGE)
            return ad_err_set(err, AD_E_ILLEGAL, "there is no play to challenge now");
        if (a->type == CC_A_PASS && !s->allow_pass)
            return ad_err_set(err, AD_E_ILLEGAL,
                              "you must lay down at least one card (passing is off)");
        if (a->type == CC_A_PLAY)
            return check_play(s, seat, a, err);
        return 0;
    }
    /* challenge window */
    if (a->type == CC_A_PLAY)
        return ad_err_set(err, AD_E_ILLEGAL,
                          "seat %d's play is waiting for answers: challenge or pass",
                          s->claim_seat);
    if (seat == s->claim_seat)
        return ad_err_set(err, AD_E_NOT_YOUR_TURN, "you cannot answer your own play");
    if (!(s->waiting & (1u << seat)))
        return ad_err_set(err, AD_E_NOT_YOUR_TURN, "seat %d has already answered this play",
                          seat);
    return 0;
}

static int claim_apply(void *st, int seat, const ad_action *a, ad_events *ev, ad_err *err)
{
    claim_state *s = st;
    if (check(s, seat, a, err) < 0)
        return -1;
    if (ev)
        ev->n = 0;
    s->moves++;
    s->last.seat = (int8_t)seat;
    s->last.type = a->type;
    s->last.settled = 0;
    s->last.taker = -1;
    s->last.taken = 0;
    s->last.challenger = -1;
    s->last.nrev = 0;

    if (s->phase == CC_PLAY) {
        if (a->type == CC_A_PASS) {
            ad_events_add(ev, CC_EV_NOPLAY, seat, -1, s->call);
            next_turn(s, seat, ev);
            return 0;
        }
        for (int i = 0; i < a->n; i++) {
            s->hand[seat][a->cards[i]]--;
            s->pile[a->cards[i]]++;
        }
        s->count[seat] = (uint8_t)(s->count[seat] - a->n);
        s->pile_n = (uint8_t)(s->pile_n + a->n);
        s->claim_seat = (int8_t)seat;
        s->claim_n = a->n;
        s->claim_say = (uint8_t)a->arg[0];
        s->claim_call = s->call;
        memcpy(s->claim_cards, a->cards, a->n);
        ad_events_add(ev, CC_EV_PLAY, seat, a->n, a->arg[0]);
        if (s->count[seat] == 0 && s->rules->last_face_up) {
            settle(s, -1, ev);
            return 0;
        }
        s->phase = CC_CHALLENGE;
        s->waiting = others(s, seat);
        return 0;
    }
    if (a->type == CC_A_CHALLENGE) {
        ad_events_add(ev, CC_EV_CHALLENGE, seat, s->claim_seat, 0);
        settle(s, seat, ev);
        return 0;
    }
    ad_events_add(ev, CC_EV_PASS, seat, s->claim_seat, 0);
    s->waiting &= ~(1u << seat);
    if (s->waiting == 0) {
        int claimer = s->claim_seat;
        ad_events_add(ev, CC_EV_STANDS, claimer, -1, 0);
        forget_played(s, 0);
        for (int i = 0; i < s->claim_n; i++) /* unseen, but the claimer knows them */
            s->laid[claimer][s->claim_cards[i]]++;
        s->laid_n[claimer] = (uint8_t)(s->laid_n[claimer] + s->claim_n);
        if (s->count[claimer] == 0)
            win_deal(s, claimer, ev);
        else
            next_turn(s, claimer, ev);
    }
    return 0;
}

/* --------------------------------------------------------------- views */

static void claim_view(const void *st, int seat, void *out)
{
    const claim_state *s = st;
    claim_state *v = out;
    memcpy(v, s, sizeof *v);
    if (seat == AD_GOD)
        return;
    v->viewer = (int8_t)seat;
    for (int p = 0; p < AD_MAX_SEATS; p++)
        if (p != seat) {
            memset(v->hand[p], 0, sizeof v->hand[p]);
            memset(v->laid[p], 0, sizeof v->laid[p]);
            v->laid_n[p] = 0;
        }
    memset(v->pile, 0, sizeof v->pile);
    if (s->claim_seat != seat && !s->last.settled)
        memset(v->claim_cards, 0, sizeof v->claim_cards);
    memset(&v->rng, 0, sizeof v->rng);
}

/* Random policy, documented in docs/rules: in a challenge window each seat
 * challenges with probability 1/(2(n-1)), so a window is challenged about
 * 40% of the time at any table size (half the time with two players); on a
 * turn (with allow_pass, pass one time in
 * four), lay down a number of cards chosen uniformly from 1..most, the
 * cards a uniform random subset of the hand, naming the called class
 * (No Way: three times in four; else another letter, uniformly). */
/* Fills out[0..n) with the faces of n distinct cards drawn uniformly from a
 * row of counts holding `have` cards.  Positions are drawn without
 * replacement into a sorted list, then mapped to faces in one pass that
 * skips eight faces a word while their byte-sum (by multiplication; no
 * overflow, a face has at most CC_MAXPLAY copies) is not above the next
 * position.  The row is only read. */
static void sample_cards(const uint8_t *row, int have, int n, ad_rng *r, uint8_t *out)
{
    int pos[CC_MAXPLAY];
    for (int i = 0; i < n; i++) {
        int x = (int)ad_rng_below(r, (uint32_t)(have - i)), j = 0;
        while (j < i && pos[j] <= x) {
            x++;
            j++;
        }
        for (int m = i; m > j; m--)
            pos[m] = pos[m - 1];
        pos[j] = x;
    }
    int k = 0, before = 0; /* cards in faces below k */
    for (int i = 0; i < n; i++) {
        int x = pos[i] - before;
        for (;;) {
            uint64_t w;
            memcpy(&w, row + k, 8);
            int sum = (int)((w * 0x0101010101010101ULL) >> 56);
            if (x < sum)
                break;
            x -= sum;
            before += sum;
            k += 8;
        }
        while (x >= row[k]) {
            x -= row[k];
            before += row[k];
            k++;
        }
        out[i] = (uint8_t)k;
    }
}

static void claim_random(const void *view, int seat, ad_rng *r, ad_action *out)
{
    const claim_state *s = view;
    memset(out, 0, sizeof *out);
    if (s->phase == CC_CHALLENGE) {
        int challenge = ad_rng_below(r, 2u * (uint32_t)(s->players - 1)) == 0;
        out->type = (uint8_t)(challenge ? CC_A_CHALLENGE : CC_A_PASS);
        return;
    }
    if (s->allow_pass && ad_rng_below(r, 4) == 0) {
        out->type = CC_A_PASS;
        return;
    }
    int have = s->count[seat];
    int most = s->maxplay < have ? s->maxplay : have;
    int n = 1 + (int)ad_rng_below(r, (uint32_t)most);
    out->type = CC_A_PLAY;
    out->n = (uint8_t)n;
    sample_cards(s->hand[seat], have, n, r, out->cards);
    int say = s->call;
    if (s->rules->say_free && ad_rng_below(r, 4) == 0)
        say = (s->call + 1 + (int)ad_rng_below(r, (uint32_t)s->nclasses - 1)) % s->nclasses;
    out->arg[0] = (int16_t)say;
}

/* ---------------------------------------------------------------- JSON */

static const char *const phase_names[] = {"play", "challenge", "over"};
static const char *const action_names[] = {NULL, "play", "pass", "challenge"};

static json_t *last_json(const claim_state *s)
{
    if (s->last.seat < 0)
        return json_null();
    const ad_deck *d = s->deck;
    json_t *act = json_pack("{s:s}", "type", action_names[s->last.type]);
    if (s->last.type == CC_A_PLAY && s->claim_seat == s->last.seat) {
        json_object_set_new(act, "count", json_integer(s->claim_n));
        json_object_set_new(act, "say", json_string(d->class_name[s->claim_say]));
    }
    json_t *o = json_pack("{s:i,s:o}", "seat", s->last.seat, "action", act);
    if (s->last.settled) {
        json_t *out = json_pack("{s:o,s:b,s:o,s:i}", "cards", ad_json_cards(d, s->last.rev, s->last.nrev),
                                "true", s->last.truthful, "taker",
                                s->last.taker >= 0 ? json_integer(s->last.taker) : json_null(),
                                "taken", s->last.taken);
        json_object_set_new(out, "challenger",
                            s->last.challenger >= 0 ? json_integer(s->last.challenger) : json_null());
        json_object_set_new(o, "outcome", out);
    }
    return o;
}

static json_t *claim_view_json(const void *view)
{
    const claim_state *s = view;
    const ad_deck *d = s->deck;
    int n = s->players;
    json_t *v = json_object();
    json_object_set_new(v, "game", json_string(s->rules->id));
    json_object_set_new(v, "players", json_integer(n));
    json_object_set_new(v, "seat", s->viewer < 0 ? json_null() : json_integer(s->viewer));
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "to_act", ad_json_seats(claim_to_act(s), n));
    if (s->viewer == AD_GOD) {
        json_t *hands = json_array();
        for (int p = 0; p < n; p++)
            json_array_append_new(hands, ad_json_counts(d, s->hand[p], s->nkinds));
        json_object_set_new(v, "hands", hands);
        json_object_set_new(v, "pile", ad_json_counts(d, s->pile, s->nkinds));
        json_t *laid = json_array();
        for (int p = 0; p < n; p++)
            json_array_append_new(laid, ad_json_counts(d, s->laid[p], s->nkinds));
        json_object_set_new(v, "laid", laid);
    } else if (s->viewer >= 0) {
        json_object_set_new(v, "hand", ad_json_counts(d, s->hand[s->viewer], s->nkinds));
        json_object_set_new(v, "laid", ad_json_counts(d, s->laid[s->viewer], s->nkinds));
    }
    json_t *counts = json_array();
    for (int p = 0; p < n; p++)
        json_array_append_new(counts, json_integer(s->count[p]));
    json_object_set_new(v, "hand_counts", counts);
    json_object_set_new(v, "scores", ad_json_int_array(s->score, n));
    /* the public history: cards seen going into each hand, plays turned up
     * and how many of them were false */
    json_t *seen = json_array(), *shown = json_array(), *lied = json_array();
    for (int p = 0; p < n; p++) {
        json_array_append_new(seen, ad_json_counts(d, s->known[p], s->nkinds));
        json_array_append_new(shown, json_integer(s->shown[p]));
        json_array_append_new(lied, json_integer(s->lied[p]));
    }
    json_object_set_new(v, "seen", seen);
    json_object_set_new(v, "shown", shown);
    json_object_set_new(v, "lied", lied);
    json_object_set_new(v, "winner", s->phase == CC_OVER ? json_integer(s->winner) : json_null());
    json_object_set_new(v, "last", last_json(s));
    json_object_set_new(v, "dealer", json_integer(s->dealer));
    json_object_set_new(v, "turn", json_integer(s->turn));
    json_object_set_new(v, "call", json_string(d->class_name[s->call]));
    json_object_set_new(v, "max_cards", json_integer(s->maxplay));
    json_object_set_new(v, "pile_count", json_integer(s->pile_n));
    json_object_set_new(v, "turns", json_integer(s->turns));
    json_object_set_new(v, "max_turns", json_integer(s->max_turns));
    json_object_set_new(v, "packs", json_integer(s->packs));
    if (s->phase == CC_CHALLENGE) {
        json_t *c = json_pack("{s:i,s:i,s:s,s:s}", "seat", s->claim_seat, "count", s->claim_n,
                              "say", d->class_name[s->claim_say], "called",
                              d->class_name[s->claim_call]);
        if (s->viewer == AD_GOD || s->viewer == s->claim_seat)
            json_object_set_new(c, "cards", ad_json_cards(d, s->claim_cards, s->claim_n));
        json_object_set_new(v, "claim", c);
    }
    if (s->rules->pays_points) {
        json_object_set_new(v, "allow_pass", json_boolean(s->allow_pass));
        json_object_set_new(v, "target", json_integer(s->target));
        json_object_set_new(v, "deal", json_integer(s->deal_no));
        int drew = 0;
        for (int p = 0; p < n; p++)
            drew |= s->draw[p] >= 0;
        if (drew && s->deal_no == 1) {
            json_t *dr = json_array();
            for (int p = 0; p < n; p++)
                json_array_append_new(dr, s->draw[p] >= 0 ? json_string(d->kind[s->draw[p]])
                                                           : json_null());
            json_object_set_new(v, "draw", dr);
        }
    }
    if (s->phase == CC_OVER) {
        json_t *r = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(r, json_integer(s->ranking[i]));
        json_object_set_new(v, "ranking", r);
    }
    return v;
}

static json_t *claim_legal_json(const void *view, int seat)
{
    const claim_state *s = view;
    const ad_deck *d = s->deck;
    json_t *a = json_array();
    if (!(claim_to_act(s) & (1u << seat)))
        return a;
    if (s->phase == CC_CHALLENGE) {
        json_array_append_new(a, json_pack("{s:s}", "type", "challenge"));
        json_array_append_new(a, json_pack("{s:s}", "type", "pass"));
        return a;
    }
    int most = s->maxplay < s->count[seat] ? s->maxplay : s->count[seat];
    json_t *say = json_array();
    for (int c = 0; c < s->nclasses; c++)
        if (s->rules->say_free || c == s->call)
            json_array_append_new(say, json_string(d->class_name[c]));
    json_array_append_new(
        a, json_pack("{s:s,s:{s:o,s:i,s:i},s:o}", "type", "play", "cards", "from",
                     ad_json_counts(d, s->hand[seat], s->nkinds), "min", 1, "max", most, "say", say));
    if (s->allow_pass)
        json_array_append_new(a, json_pack("{s:s}", "type", "pass"));
    return a;
}

static int claim_action_from_json(const void *st, const json_t *j, ad_action *out, ad_err *err)
{
    const claim_state *s = st;
    const char *type;
    memset(out, 0, sizeof *out);
    if (!json_is_object(j))
        return ad_err_set(err, AD_E_BAD_ACTION, "an action must be a JSON object");
    if (ad_json_str(j, "type", 1, &type, err) < 0)
        return -1;
    if (strcmp(type, "pass") == 0) {
        out->type = CC_A_PASS;
        return 0;
    }
    if (strcmp(type, "challenge") == 0) {
        out->type = CC_A_CHALLENGE;
        return 0;
    }
    if (strcmp(type, "play") != 0)
        return ad_err_set(err, AD_E_BAD_ACTION,
                          "unknown action \"%.20s\"; use play, pass or challenge", type);
    out->type = CC_A_PLAY;
    const json_t *cards = json_object_get(j, "cards");
    if (!cards)
        return ad_err_set(err, AD_E_MISSING_FIELD, "a play needs \"cards\"");
    int n;
    if (ad_json_parse_cards(s->deck, cards, "cards", out->cards, AD_ACTION_MAX_CARDS, &n, err) < 0)
        return -1;
    out->n = (uint8_t)n;
    const char *say;
    if (ad_json_str(j, "say", 0, &say, err) < 0)
        return -1;
    if (!say) {
        out->arg[0] = s->call;
        return 0;
    }
    int c = ad_deck_class(s->deck, say);
    if (c < 0)
        return ad_err_set(err, AD_E_BAD_ACTION, "\"%.20s\" is not a %s a player can name", say,
                          s->rules->say_free ? "letter" : "rank");
    out->arg[0] = (int16_t)c;
    return 0;
}

static json_t *claim_action_to_json(const void *st, const ad_action *a)
{
    const claim_state *s = st;
    if (a->type == CC_A_PLAY)
        return json_pack("{s:s,s:o,s:s}", "type", "play", "cards",
                         ad_json_cards(s->deck, a->cards, a->n), "say",
                         s->deck->class_name[a->arg[0]]);
    return json_pack("{s:s}", "type", a->type == CC_A_PASS ? "pass" : "challenge");
}

/* An event's tree: {"type":type} and then fields i1, i2 (NULL: none) with
 * ints, and s1 with a string (NULL: none), in that order; built one field
 * at a time, not by json_pack, whose reading of its format cost as much
 * as the tree (2026-11-28). */
static json_t *event_of(const char *type, const char *i1, int v1, const char *i2, int v2)
{
    json_t *j = json_object();
    json_object_set_new_nocheck(j, "type", json_string(type));
    if (i1)
        json_object_set_new_nocheck(j, i1, json_integer(v1));
    if (i2)
        json_object_set_new_nocheck(j, i2, json_integer(v2));
    return j;
}

static json_t *with_str(json_t *j, const char *k, const char *v)
{
    json_object_set_new_nocheck(j, k, json_string(v));
    return j;
}

static json_t *claim_event_json(const void *st, const ad_event *e)
{
    const claim_state *s = st;
    const ad_deck *d = s->deck;
    switch (e->type) {
    case CC_EV_PLAY: /* one play per apply: the state's claim is this play's */
        return with_str(with_str(event_of("play", "seat", e->seat, "count", e->other), "say",
                                 d->class_name[e->value]),
                        "called", d->class_name[s->claim_call]);
    case CC_EV_NOPLAY:
        return with_str(event_of("no_play", "seat", e->seat, NULL, 0), "say",
                        d->class_name[e->value]);
    case CC_EV_PASS:
        return event_of("pass", "seat", e->seat, NULL, 0);
    case CC_EV_STANDS:
        return event_of("stands", "seat", e->seat, NULL, 0);
    case CC_EV_CHALLENGE:
        return event_of("challenge", "seat", e->seat, "of", e->other);
    case CC_EV_REVEAL: {
        /* the cards turned up name the official challenger (none: a last play face up) */
        json_t *j = event_of("reveal", "seat", e->seat, NULL, 0);
        json_object_set_new_nocheck(j, "cards", ad_json_cards(d, e->cards, e->n));
        json_object_set_new_nocheck(j, "true", json_boolean(e->value));
        if (e->other >= 0)
            json_object_set_new(j, "challenger", json_integer(e->other));
        return j;
    }
    case CC_EV_TAKE:
        return event_of("take", "seat", e->seat, "count", e->value);
    case CC_EV_WIN:
        return event_of("out", "seat", e->seat, "deal", e->value);
    case CC_EV_SCORE:
        return event_of("score", "seat", e->seat, "points", e->value);
    case CC_EV_DEAL:
        return event_of("deal", "dealer", e->seat, "deal", e->value);
    case CC_EV_OVER:
        return event_of("over", "winner", e->seat, NULL, 0);
    case CC_EV_TIME_UP:
        return event_of("time_up", "seat", e->seat, "turns", e->value);
    }
    return event_of("unknown", NULL, 0, NULL, 0);
}

#define CLAIM_GAME(ID, TITLE, MINP, MAXP, OPTS, INIT)                                           \
    {                                                                                            \
        .id = ID, .family = "claim", .title = TITLE, .deck = ID, .min_players = MINP, .max_players = MAXP,          \
        .options = OPTS, .nopt = (int)(sizeof OPTS / sizeof OPTS[0]),                            \
        .state_size = sizeof(claim_state), .init = INIT, .view = claim_view,                     \
        .to_act = claim_to_act, .is_over = claim_is_over, .apply = claim_apply,                  \
        .random_action = claim_random, .view_json = claim_view_json,                             \
        .legal_json = claim_legal_json, .action_from_json = claim_action_from_json,              \
        .action_to_json = claim_action_to_json, .event_json = claim_event_json,                  \
        .asked = claim_asked, .timeout = claim_timeout,                                          \
    }

const ad_game ad_game_noway =
    CLAIM_GAME("noway", "No Way", 2, 6, ad_claim_noway_options, noway_init);
const ad_game ad_game_doubt =
    CLAIM_GAME("doubt", "I Doubt It", 2, 10, ad_claim_doubt_options, doubt_init);
