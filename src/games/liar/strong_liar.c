/*
 * strong_liar.c - the `strong` computer player for Liar: the determinized
 * search of search.c with the pieces of Liar, from the seat's view only.
 *  - Candidates.  Announcing: for each allowed length the hand spells, the
 *    word a random hand of that size spells least often (hardest to
 *    believe: it is called, and scores) and the one it spells most often;
 *    and bluffs, the words of the shortest lengths a random hand spells
 *    most often (easiest to believe).  Discarding: each different letter.
 *    Answering: accept or "liar", unless the seat's knowledge settles it
 *    (a word longer than the hand, or that the cards it knows of cannot or
 *    must spell).
 *  - Determinization.  The cards the seat cannot place come from the deck
 *    less what it knows is elsewhere: its hand, its own face-down discards,
 *    the hands turned up.  A hand it held comes back with one card gone and
 *    two drawn for each pass since.  When it is to answer, the announcer's
 *    hand is made to spell the word with the chance a bluff model gives:
 *    the odds of the word from how often such a hand spells it, against
 *    the odds that a bluffer names this very word (one among roughly the
 *    square root of the words of that length, less likely the longer it
 *    is than needed, and scaled by how often that seat's called words were
 *    false).
 *  - Playouts.  Every seat announces the longest word it spells, or
 *    bluffs a shortest word; answers like `basic` (a word a random hand of
 *    that size spells at least 15% of the time is accepted), or by its
 *    memory when that settles it; discards the letter least worth keeping.
 *    A playout ends when the hand is called.
 *  - Value.  The chance of winning a race to the target in which each
 *    called hand gives one seat a few points; the seat holding the next
 *    fresh hand is likelier to score next.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "liar.h"
#include "liar_unit.h"
#include "bots/search.h"

#define RACE_N 64        /* the race table covers needs of up to this many points */
#define BINOM_N (LI_CARDS + 1)
#define ACCEPT_AT 0.15   /* the playouts' receiver accepts a word this likely in a random hand */
#define Q_FRESH 0.6      /* the chance the holder of a fresh hand scores next */
#define SPELL_SAMPLES 400 /* hands drawn to judge a word when the seat remembers the hand */
#define TRIES 200        /* rejection tries for a hand that spells the word, or does not */

/* ------------------------------------------------------- shared tables */

static double binom[BINOM_N][BINOM_N]; /* C(a, b) */
static double race2[RACE_N + 1][RACE_N + 1]; /* P(first to need a wins against need b) */
static const struct {
    int points;
    double p;
} gains[] = {{3, 0.10}, {4, 0.40}, {5, 0.30}, {6, 0.15}, {7, 0.05}}; /* a called hand's points */
#define NGAINS ((int)(sizeof gains / sizeof gains[0]))
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* How much each letter is worth keeping for spelling words (its first copy). */
static const double worth[LI_LETTERS] = {
    0.90, 0.45, 0.65, 0.65, 1.00, 0.40, 0.55, 0.50, 0.90, 0.15, 0.35, 0.80, 0.55, /* a-m */
    0.85, 0.80, 0.55, 0.10, 0.85, 0.95, 0.85, 0.60, 0.35, 0.35, 0.20, 0.45, 0.20, /* n-z */
};

static void make_tables(void)
{
    for (int a = 0; a < BINOM_N; a++) {
        binom[a][0] = 1;
        for (int b = 1; b <= a; b++)
            binom[a][b] = binom[a - 1][b - 1] + (b < a ? binom[a - 1][b] : 0);
    }
    for (int a = 0; a <= RACE_N; a++)
        for (int b = 0; b <= RACE_N; b++) {
            if (a == 0 || b == 0) {
                race2[a][b] = a == 0 ? 1.0 : 0.0;
                continue;
            }
            double v = 0;
            for (int i = 0; i < NGAINS; i++) {
                int x = gains[i].points;
                v += gains[i].p * 0.5 * (race2[a > x ? a - x : 0][b] + race2[a][b > x ? b - x : 0]);
            }
            race2[a][b] = v;
        }
}

/* ------------------------------------------------------------- helpers */

static void word_need(const char *word, uint8_t *need)
{
    memset(need, 0, LI_LETTERS);
    for (const char *c = word; *c; c++)
        need[*c - 'a']++;
}

static int spells(const uint8_t *hand, const uint8_t *need)
{
    for (int k = 0; k < LI_LETTERS; k++)
        if (need[k] > hand[k])
            return 0;
    return 1;
}

/* The chance that n cards drawn at random from `from` (counts; total
 * cards) hold every letter of need: exact, letter by letter. */
static double p_spell(const uint8_t *need, const uint8_t *from, int total, int n)
{
    double f[BINOM_N], g[BINOM_N]; /* f[m]: ways with m cards of the letters so far */
    int top = 0, rest = total;
    f[0] = 1;
    if (n > total)
        n = total;
    for (int k = 0; k < LI_LETTERS; k++) {
        if (!need[k])
            continue;
        if (from[k] < need[k])
            return 0;
        rest -= from[k];
        int ntop = top + from[k] < n ? top + from[k] : n;
        memset(g, 0, sizeof(double) * (size_t)(ntop + 1));
        for (int m = 0; m <= top; m++)
            if (f[m] > 0)
                for (int x = need[k]; x <= from[k] && m + x <= n; x++)
                    g[m + x] += f[m] * binom[from[k]][x];
        memcpy(f, g, sizeof(double) * (size_t)(ntop + 1));
        top = ntop;
    }
    double ways = 0;
    for (int m = 0; m <= top; m++)
        if (f[m] > 0 && n - m <= rest)
            ways += f[m] * binom[rest][n - m];
    return ways / binom[total][n];
}

/* How often a random hand of n cards from the whole deck spells the word:
 * what a receiver who knows nothing of the hand may go by. */
static double p_random(const liar_state *s, const uint8_t *need, int n)
{
    int total = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        total += s->deck->copies[k];
    return p_spell(need, s->deck->copies, total, n);
}

/* The shortest length from min on that has words (0 if none). */
static int word_length_from(const liar_state *s, int min)
{
    for (int l = min; l <= s->words->maxlen; l++)
        if (s->words->count[l])
            return l;
    return 0;
}

static void copy_word(const liar_state *s, int len, uint32_t i, char *out)
{
    memcpy(out, s->words->base[len] + (size_t)i * (size_t)len, (size_t)len);
    out[len] = 0;
}

/* The hand's cards as a list (the lexicon's ids 0-25 are the letters). */
static int hand_cards(const uint8_t *hand, uint8_t *cards)
{
    int n = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        for (int c = 0; c < hand[k]; c++)
            cards[n++] = (uint8_t)k;
    return n;
}

/* ------------------------------------------------------- the seat's view */

/* The view with what the bot works out from it once per decision.  The
 * search hands this to candidates() and determinize() as the view. */
typedef struct liar_ctx {
    liar_state v; /* first: the view itself */
    int seat;
    uint8_t pool[LI_CARDS]; /* the cards the seat cannot place */
    int pool_n;
    uint8_t pool_count[LI_LETTERS];
    uint8_t known_discards[LI_LETTERS]; /* in the discards, as far as it knows */
    int known_discard_n;
    int hidden;         /* the hand is not the seat's own */
    int mem;            /* the seat held this hand: held, and `since` passes ago */
    int since;
    uint8_t need[LI_LETTERS]; /* the letters of the word to answer */
    double p_true;      /* the bluff model's chance that it is spelled */
    double last_weight[LI_LETTERS]; /* one pass since: each discard's share of the chance */
    double last_sum;
} liar_ctx;

static void setup(liar_ctx *c, const liar_state *v, int seat)
{
    memset(c, 0, sizeof *c);
    c->v = *v;
    c->seat = seat;
    c->hidden = v->holder != seat;
    const uint8_t *held = v->held[seat];
    int held_n = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        held_n += held[k];
    c->since = v->passes - v->held_at[seat];
    c->mem = c->hidden && v->held_at[seat] >= 0 && held_n + c->since == v->hand_n;
    for (int k = 0; k < LI_LETTERS; k++) {
        c->known_discards[k] = (uint8_t)(v->turned_up[k] + v->gone[seat][k]);
        c->known_discard_n += c->known_discards[k];
        int placed = c->known_discards[k];
        if (!c->hidden)
            placed += v->hand[k];
        else if (c->mem)
            placed += held[k];
        int left = v->deck->copies[k] - placed;
        c->pool_count[k] = (uint8_t)(left > 0 ? left : 0);
        for (int i = 0; i < c->pool_count[k]; i++)
            c->pool[c->pool_n++] = (uint8_t)k;
    }
    if (v->phase == LI_RESPOND)
        word_need(v->word, c->need);
}

static int shortfall(const uint8_t *hand, const uint8_t *need, uint8_t *short_of);

/* The fewest and most cards of each letter the hidden hand may hold, from
 * what the seat knows. */
static void hand_bounds(const liar_ctx *c, uint8_t *least, uint8_t *most)
{
    for (int k = 0; k < LI_LETTERS; k++) {
        if (c->mem) {
            int h = c->v.held[c->seat][k], extra = 2 * c->since;
            least[k] = (uint8_t)(h > c->since ? h - c->since : 0);
            most[k] = (uint8_t)(h + (extra < c->pool_count[k] ? extra : c->pool_count[k]));
        } else {
            least[k] = 0;
            most[k] = (uint8_t)(c->v.hand_n < c->pool_count[k] ? c->v.hand_n : c->pool_count[k]);
        }
    }
}

/* The proof's details, when the caller wants them (the coach's words). */
static int proved(liar_proof *why, int sure, int how, int letter, int most, int need)
{
    if (why) {
        why->sure = sure;
        why->how = how;
        why->letter = letter;
        why->most = most;
        why->need = need;
    }
    return sure;
}

/* 1: the word to answer is surely spelled; -1: surely not; 0: who knows.
 * why (may be NULL) gets what proves it. */
static int settled(const liar_ctx *c, liar_proof *why)
{
    uint8_t least[LI_LETTERS], most[LI_LETTERS];
    if (why)
        why->since = c->mem ? c->since : -1;
    if (c->v.word_len > c->v.hand_n)
        return proved(why, -1, LI_PROOF_LENGTH, -1, c->v.hand_n, c->v.word_len);
    hand_bounds(c, least, most);
    for (int k = 0; k < LI_LETTERS; k++)
        if (most[k] < c->need[k])
            return proved(why, -1, LI_PROOF_LETTER, k, most[k], c->need[k]);
    if (c->mem) { /* the letters it lacks must all have come in the draws */
        uint8_t short_of[LI_LETTERS];
        int lacked = shortfall(c->v.held[c->seat], c->need, short_of);
        if (lacked > 2 * c->since)
            return proved(why, -1, LI_PROOF_DRAWS, -1, 2 * c->since, lacked);
    }
    if (spells(least, c->need))
        return proved(why, 1, LI_PROOF_KEPT, -1, 0, 0);
    return proved(why, 0, LI_PROOF_NONE, -1, 0, 0);
}

/* ------------------------------------------------------ determinization */

/* n cards from the first *pool_n of pool, at random, taken out of it. */
static void take(uint8_t *pool, int *pool_n, int n, ad_rng *r, uint8_t *counts, uint8_t *order)
{
    for (int i = 0; i < n && *pool_n > 0; i++) {
        int j = (int)ad_rng_below(r, (uint32_t)*pool_n);
        uint8_t k = pool[j];
        pool[j] = pool[--*pool_n];
        if (counts)
            counts[k]++;
        if (order)
            order[i] = k;
    }
}

/* One card of hand, at random (the hand holds n). */
static int random_card(const uint8_t *hand, int n, ad_rng *r)
{
    int x = (int)ad_rng_below(r, (uint32_t)n), k = 0;
    while (x >= hand[k])
        x -= hand[k++];
    return k;
}

/* Counts of the cards in a pool list. */
static void pool_counts(const uint8_t *pool, int pool_n, uint8_t *counts)
{
    memset(counts, 0, LI_LETTERS);
    for (int i = 0; i < pool_n; i++)
        counts[pool[i]]++;
}

/* The letters need asks for beyond hand (into short); how many. */
static int shortfall(const uint8_t *hand, const uint8_t *need, uint8_t *short_of)
{
    int n = 0;
    for (int k = 0; k < LI_LETTERS; k++) {
        short_of[k] = (uint8_t)(need[k] > hand[k] ? need[k] - hand[k] : 0);
        n += short_of[k];
    }
    return n;
}

/* The chance that hand, less one card at random (the holder's discard),
 * plus two cards drawn from the pool spells need; weight[k] gets each
 * discard's share of it. */
static double last_pass_chance(const uint8_t *hand, int n, const uint8_t *need,
                               const uint8_t *pool_count, int pool_n, double *weight)
{
    double sum = 0;
    uint8_t h[LI_LETTERS], short_of[LI_LETTERS];
    memcpy(h, hand, sizeof h);
    for (int k = 0; k < LI_LETTERS; k++) {
        weight[k] = 0;
        if (!hand[k])
            continue;
        h[k]--;
        if (shortfall(h, need, short_of) <= 2)
            weight[k] = (double)hand[k] / n * p_spell(short_of, pool_count, pool_n, 2);
        h[k]++;
        sum += weight[k];
    }
    return sum;
}

/* The hand the seat held, through the passes since but the last one:
 * each pass one card out at random (to gone_out) and two drawn from pool.
 * Returns the hand's size. */
static int replay_passes(const liar_ctx *c, int passes, uint8_t *pool, int *pool_n, ad_rng *r,
                         uint8_t *hand, uint8_t *gone_out)
{
    memcpy(hand, c->v.held[c->seat], LI_LETTERS);
    memset(gone_out, 0, LI_LETTERS);
    int n = c->v.hand_n - c->since;
    for (int p = 0; p < passes; p++) {
        int k = random_card(hand, n, r);
        hand[k]--;
        gone_out[k]++;
        take(pool, pool_n, 2, r, hand, NULL);
        n++;
    }
    return n;
}

/* The hidden hand as the seat may imagine it, taken from pool; the cards
 * it saw go out of it go to gone_out. */
static void imagine_hand(const liar_ctx *c, uint8_t *pool, int *pool_n, ad_rng *r, uint8_t *hand,
                         uint8_t *gone_out)
{
    if (c->mem) {
        replay_passes(c, c->since, pool, pool_n, r, hand, gone_out);
        return;
    }
    memset(hand, 0, LI_LETTERS);
    memset(gone_out, 0, LI_LETTERS);
    take(pool, pool_n, c->v.hand_n, r, hand, NULL);
}

/* Takes the cards of want (counts) out of the pool list into hand; 0 if
 * the pool lacks one. */
static int take_these(uint8_t *pool, int *pool_n, const uint8_t *want, uint8_t *hand)
{
    for (int k = 0; k < LI_LETTERS; k++)
        for (int i = 0; i < want[k]; i++) {
            int j = 0;
            while (j < *pool_n && pool[j] != k)
                j++;
            if (j == *pool_n)
                return 0;
            pool[j] = pool[--*pool_n];
            hand[k]++;
        }
    return 1;
}

/* A remembered hand that spells the word: the passes but the last one at
 * random, then the last discard weighted by the chance it leaves the word
 * within two draws, and draws that complete it.  0 if none was found. */
static int spelling_remembered(const liar_ctx *c, uint8_t *pool, int *pool_n, ad_rng *r,
                               uint8_t *hand, uint8_t *gone_out)
{
    uint8_t keep[LI_CARDS], counts[LI_LETTERS], short_of[LI_LETTERS];
    int keep_n = *pool_n;
    memcpy(keep, pool, (size_t)keep_n);
    for (int t = 0; t < TRIES / 4; t++) {
        memcpy(pool, keep, (size_t)keep_n);
        *pool_n = keep_n;
        int n = replay_passes(c, c->since - 1, pool, pool_n, r, hand, gone_out);
        double weight[LI_LETTERS], sum = c->last_sum;
        if (c->since == 1) {
            memcpy(weight, c->last_weight, sizeof weight);
        } else {
            pool_counts(pool, *pool_n, counts);
            sum = last_pass_chance(hand, n, c->need, counts, *pool_n, weight);
        }
        if (sum <= 0)
            continue;
        double x = (double)(ad_rng_next(r) >> 11) * 0x1p-53 * sum;
        int k = 0;
        while (k < LI_LETTERS - 1 && (x >= weight[k] || weight[k] == 0)) {
            x -= weight[k];
            k++;
        }
        if (!hand[k])
            continue;
        hand[k]--;
        gone_out[k]++;
        int m = shortfall(hand, c->need, short_of);
        if (!take_these(pool, pool_n, short_of, hand))
            continue;
        take(pool, pool_n, 2 - m, r, hand, NULL);
        return 1;
    }
    return 0;
}

/* The answer's world: a hand that spells the word with chance p_true.
 * Rejection first; a hand made to spell it when that keeps failing. */
static void answer_hand(const liar_ctx *c, uint8_t *pool, int *pool_n, ad_rng *r, uint8_t *hand,
                        uint8_t *gone_out)
{
    int want = ad_rng_below(r, 1u << 24) < c->p_true * (1u << 24);
    uint8_t keep[LI_CARDS];
    int keep_n = *pool_n;
    memcpy(keep, pool, (size_t)keep_n);
    for (int t = 0; t < (!want ? TRIES : c->mem ? 0 : 20); t++) {
        memcpy(pool, keep, (size_t)keep_n);
        *pool_n = keep_n;
        imagine_hand(c, pool, pool_n, r, hand, gone_out);
        if (spells(hand, c->need) == want)
            return;
    }
    if (!want)
        return; /* the last try stands */
    memcpy(pool, keep, (size_t)keep_n);
    *pool_n = keep_n;
    if (c->mem) {
        if (!spelling_remembered(c, pool, pool_n, r, hand, gone_out)) {
            memcpy(pool, keep, (size_t)keep_n);
            *pool_n = keep_n;
            imagine_hand(c, pool, pool_n, r, hand, gone_out);
        }
        return;
    }
    /* the word's letters, and the rest at random */
    memset(hand, 0, LI_LETTERS);
    memset(gone_out, 0, LI_LETTERS);
    int n = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        n += c->need[k];
    if (!take_these(pool, pool_n, c->need, hand)) {
        memcpy(pool, keep, (size_t)keep_n);
        *pool_n = keep_n;
        imagine_hand(c, pool, pool_n, r, hand, gone_out);
        return;
    }
    take(pool, pool_n, c->v.hand_n - n, r, hand, NULL);
}

static void determinize(const void *view, int seat, ad_rng *r, void *out)
{
    const liar_ctx *c = view;
    liar_state *s = out;
    (void)seat;
    memcpy(s, &c->v, sizeof *s);
    s->viewer = AD_GOD;
    ad_rng_seed(&s->rng, ad_rng_next(r));
    uint8_t pool[LI_CARDS], gone_out[LI_LETTERS] = {0};
    int pool_n = c->pool_n;
    memcpy(pool, c->pool, (size_t)pool_n);
    if (c->hidden) {
        if (c->v.phase == LI_RESPOND)
            answer_hand(c, pool, &pool_n, r, s->hand, gone_out);
        else
            imagine_hand(c, pool, &pool_n, r, s->hand, gone_out);
        if (s->phase == LI_RESPOND) { /* the announcer knows the hand it passes on */
            memcpy(s->held[s->holder], s->hand, sizeof s->hand);
            s->held_at[s->holder] = (int8_t)s->passes;
        }
    }
    /* the discards: what the seat knows is there, the cards it saw leave
     * the hand, the rest at random; then the pile */
    int n = 0;
    for (int k = 0; k < LI_LETTERS; k++) {
        s->discard[k] = c->known_discards[k];
        n += s->discard[k];
    }
    for (int k = 0; k < LI_LETTERS; k++)
        for (; gone_out[k]; gone_out[k]--) {
            if (n < s->discard_n) {
                s->discard[k]++;
                n++;
            } else {
                pool[pool_n++] = (uint8_t)k; /* reshuffled since: back in the pile */
            }
        }
    if (n < s->discard_n)
        take(pool, &pool_n, s->discard_n - n, r, s->discard, NULL);
    n = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        n += s->discard[k];
    s->discard_n = (uint8_t)n;
    int pile = s->pile_n < pool_n ? s->pile_n : pool_n;
    memset(s->pile, 0, sizeof s->pile);
    take(pool, &pool_n, pile, r, NULL, s->pile);
    s->pile_n = (uint8_t)pile;
}

/* ---------------------------------------------------------- bluff model */

/* The chance that the word to answer is spelled, from the seat's view. */
static double chance_true(liar_ctx *c, ad_rng *r)
{
    const liar_state *v = &c->v;
    double ps;
    if (c->mem && c->since == 1) { /* exactly: which card went, which two came */
        ps = c->last_sum = last_pass_chance(c->v.held[c->seat], v->hand_n - 1, c->need,
                                            c->pool_count, c->pool_n, c->last_weight);
    } else if (c->mem) { /* the passes before the last one at random */
        ps = 0;
        for (int t = 0; t < SPELL_SAMPLES; t++) {
            uint8_t pool[LI_CARDS], hand[LI_LETTERS], gone_out[LI_LETTERS], counts[LI_LETTERS];
            double weight[LI_LETTERS];
            int pool_n = c->pool_n;
            memcpy(pool, c->pool, (size_t)pool_n);
            int n = replay_passes(c, c->since - 1, pool, &pool_n, r, hand, gone_out);
            pool_counts(pool, pool_n, counts);
            ps += last_pass_chance(hand, n, c->need, counts, pool_n, weight);
        }
        ps /= SPELL_SAMPLES;
    } else {
        ps = p_spell(c->need, c->pool_count, c->pool_n, v->hand_n);
    }
    int a = v->announcer, len = v->word_len, over = len - v->word_min;
    double named = 1.0 / sqrt((double)(v->words->count[len] ? v->words->count[len] : 1));
    double rate = (1.0 + v->lied[a]) / (2.0 + v->shown[a]);
    double bluff = named * pow(0.5, over) * rate * (v->passes == 0 ? 0.25 : 1.0);
    return ps / (ps + (1 - ps) * bluff);
}

/* ---------------------------------------------------------- candidates */

/* Adds the announcement of word (if not there already). */
static int add_word(ad_action *out, int n, const char *word)
{
    for (int i = 0; i < n; i++)
        if (strcmp(out[i].word, word) == 0)
            return n;
    if (n >= SEARCH_MAX_CANDIDATES)
        return n;
    memset(&out[n], 0, sizeof out[n]);
    out[n].type = LI_A_ANNOUNCE;
    snprintf(out[n].word, sizeof out[n].word, "%s", word);
    return n + 1;
}

#define TRUE_LENGTHS 4 /* the longest lengths the hand spells, for honest words */
#define BLUFF_LENGTHS 2
#define BLUFFS 2       /* per length */

static int announce_candidates(const liar_state *s, ad_action *out)
{
    int min = s->word_len ? s->word_len + 1 : 1;
    int max = s->word_len ? s->words->maxlen : 4;
    int n = 0;
    uint8_t cards[LI_CARDS], need[LI_LETTERS];
    int nc = hand_cards(s->hand, cards);
    /* honest words: for each length, the least and the most believable */
    char lo[LI_WORD_MAX + 1][LI_WORD_MAX + 1], hi[LI_WORD_MAX + 1][LI_WORD_MAX + 1];
    double plo[LI_WORD_MAX + 1], phi[LI_WORD_MAX + 1];
    for (int l = 0; l <= LI_WORD_MAX; l++) {
        plo[l] = 2;
        phi[l] = -1;
    }
    ad_lex_results *res = ad_lex_results_new();
    if (res && ad_lex_words(s->words->lex, cards, nc, 1, res, NULL) > 0)
        for (int i = 0; i < ad_lex_results_count(res); i++) {
            const char *w = ad_lex_results_word(res, i);
            int len = (int)strlen(w);
            if (len < min || len > max)
                continue;
            word_need(w, need);
            double p = p_random(s, need, s->hand_n);
            if (p < plo[len] || (p == plo[len] && strcmp(w, lo[len]) < 0)) {
                plo[len] = p;
                snprintf(lo[len], sizeof lo[len], "%s", w);
            }
            if (p > phi[len] || (p == phi[len] && strcmp(w, hi[len]) < 0)) {
                phi[len] = p;
                snprintf(hi[len], sizeof hi[len], "%s", w);
            }
        }
    ad_lex_results_free(res);
    for (int l = max, lengths = 0; l >= min && lengths < TRUE_LENGTHS; l--)
        if (phi[l] >= 0) {
            n = add_word(out, n, lo[l]);
            n = add_word(out, n, hi[l]);
            lengths++;
        }
    /* bluffs: the likeliest-looking words of the shortest lengths */
    for (int l = word_length_from(s, min), lengths = 0; l && l <= max && lengths < BLUFF_LENGTHS;
         l = word_length_from(s, l + 1), lengths++) {
        char best[BLUFFS][LI_WORD_MAX + 1];
        double pbest[BLUFFS];
        for (int b = 0; b < BLUFFS; b++)
            pbest[b] = -1;
        char w[LI_WORD_MAX + 1];
        for (uint32_t i = 0; i < s->words->count[l]; i++) {
            copy_word(s, l, i, w);
            word_need(w, need);
            if (spells(s->hand, need))
                continue;
            double p = p_random(s, need, s->hand_n);
            if (p <= pbest[BLUFFS - 1])
                continue;
            int at = BLUFFS - 1;
            while (at > 0 && p > pbest[at - 1]) {
                pbest[at] = pbest[at - 1];
                memcpy(best[at], best[at - 1], sizeof best[at]);
                at--;
            }
            pbest[at] = p;
            memcpy(best[at], w, sizeof w);
        }
        for (int b = 0; b < BLUFFS; b++)
            if (pbest[b] >= 0)
                n = add_word(out, n, best[b]);
        if (!s->word_len && l == 1)
            lengths--; /* on a fresh hand, one letter is nearly free: look one length further */
    }
    return n;
}

static int candidates(const void *view, int seat, ad_rng *r, ad_action *out)
{
    const liar_ctx *c = view;
    const liar_state *s = &c->v;
    (void)seat;
    (void)r;
    memset(out, 0, sizeof(ad_action) * SEARCH_MAX_CANDIDATES);
    if (s->phase == LI_RESPOND) {
        int can_accept = s->word_len < s->words->maxlen, known = settled(c, NULL);
        out[0].type = LI_A_LIAR;
        if (!can_accept || known < 0)
            return 1;
        out[0].type = LI_A_ACCEPT;
        if (known > 0)
            return 1;
        out[1].type = LI_A_LIAR;
        return 2;
    }
    if (s->phase == LI_DISCARD) {
        int n = 0;
        for (int k = 0; k < LI_LETTERS; k++)
            if (s->hand[k]) {
                out[n].type = LI_A_DISCARD;
                out[n].n = 1;
                out[n++].cards[0] = (uint8_t)k;
            }
        return n;
    }
    int n = announce_candidates(s, out);
    if (n == 0) { /* cannot happen with a sound dictionary */
        int len = word_length_from(s, s->word_len ? s->word_len + 1 : 1);
        out[0].type = LI_A_ANNOUNCE;
        copy_word(s, len, 0, out[0].word);
        n = 1;
    }
    return n;
}

/* ------------------------------------------------------------- playouts */

/* The letter least worth keeping: the last copy of a letter is worth less
 * the more copies there are. */
static int least_worth(const uint8_t *hand)
{
    int best = -1;
    double low = 1e9;
    for (int k = 0; k < LI_LETTERS; k++)
        if (hand[k]) {
            double w = worth[k] * pow(0.5, hand[k] - 1);
            if (w < low) {
                low = w;
                best = k;
            }
        }
    return best;
}

static void policy(const void *state, int seat, ad_rng *r, ad_action *out)
{
    const liar_state *s = state;
    memset(out, 0, sizeof *out);
    if (s->phase == LI_RESPOND) {
        out->type = LI_A_LIAR;
        if (s->word_len >= s->words->maxlen || s->word_len > s->hand_n)
            return;
        uint8_t need[LI_LETTERS];
        word_need(s->word, need);
        if (s->held_at[seat] >= 0) { /* what it remembers may settle it */
            int since = s->passes - s->held_at[seat], sure = 1;
            uint8_t short_of[LI_LETTERS];
            for (int k = 0; k < LI_LETTERS; k++)
                sure &= need[k] + since <= s->held[seat][k];
            if (shortfall(s->held[seat], need, short_of) > 2 * since)
                return;
            if (sure) {
                out->type = LI_A_ACCEPT;
                return;
            }
        }
        if (p_random(s, need, s->hand_n) >= ACCEPT_AT)
            out->type = LI_A_ACCEPT;
        return;
    }
    if (s->phase == LI_DISCARD) {
        out->type = LI_A_DISCARD;
        out->n = 1;
        out->cards[0] = (uint8_t)least_worth(s->hand);
        return;
    }
    if (s->word_len == 0)
        return; /* a fresh hand: the hand was called, the playout ends here */
    int min = s->word_len + 1;
    uint8_t cards[LI_CARDS];
    int nc = hand_cards(s->hand, cards);
    ad_lex_found f;
    out->type = LI_A_ANNOUNCE;
    if (ad_lex_best(s->words->lex, cards, nc, 1, NULL, NULL, &f, NULL) > 0) {
        int len = (int)strlen(f.word);
        if (len >= min && len <= LI_WORD_MAX) {
            memcpy(out->word, f.word, (size_t)len + 1);
            return;
        }
    }
    int len = word_length_from(s, min); /* a bluff, as short as allowed */
    if (!len) {
        out->type = 0; /* cannot happen: the accept was legal */
        return;
    }
    copy_word(s, len, ad_rng_below(r, s->words->count[len]), out->word);
}

/* -------------------------------------------------------------- value */

/* The chance that seat wins from these needs, each called hand giving one
 * seat a few points: its two-seat races against each other seat, made
 * into shares. */
static double win_share(const int *need, int n, int seat)
{
    double mine = 0, all = 0;
    for (int i = 0; i < n; i++) {
        double s = 1;
        for (int j = 0; j < n; j++)
            if (j != i)
                s *= race2[need[i]][need[j]];
        all += s;
        if (i == seat)
            mine = s;
    }
    return all > 0 ? mine / all : 1.0 / n;
}

static double value(const void *state, int seat)
{
    const liar_state *s = state;
    if (s->phase == LI_OVER)
        return s->winner == seat ? 1.0 : 0.0;
    int n = s->players, need[LI_MAXP];
    double scale = s->target > RACE_N - 8 ? (RACE_N - 8.0) / s->target : 1.0;
    int fresh = s->phase == LI_ANNOUNCE && s->word_len == 0 ? s->holder : -1;
    double v = 0;
    for (int j = 0; j < n; j++) { /* j scores next */
        double pj = fresh < 0 ? 1.0 / n : j == fresh ? Q_FRESH : (1 - Q_FRESH) / (n - 1);
        for (int i = 0; i < NGAINS; i++) {
            for (int p = 0; p < n; p++) {
                int left = s->target - s->score[p] - (p == j ? gains[i].points : 0);
                need[p] = left <= 0 ? 0 : (int)ceil(left * scale);
                if (need[p] > RACE_N)
                    need[p] = RACE_N;
            }
            double w = need[j] == 0 ? (j == seat) : win_share(need, n, seat);
            v += pj * gains[i].p * w;
        }
    }
    return v;
}

/* -------------------------------------------------------------- the bot */

static const search_game liar_search = {
    .candidates = candidates,
    .determinize = determinize,
    .policy = policy,
    .value = value,
    .depth = 24,
    .sims = 1000,
};

BOT_FN(ad_bot_strong_liar)
{
    pthread_once(&tables_once, make_tables);
    liar_ctx *c = malloc(sizeof *c);
    if (!c) {
        ad_bot_basic_liar(view, seat, o, r, out);
        return;
    }
    setup(c, view, seat);
    if (c->v.phase == LI_RESPOND)
        c->p_true = chance_true(c, r);
    search_game sg = liar_search;
    sg.g = &ad_game_liar;
    ad_search_choose(&sg, c, seat, o, r, out);
    free(c);
}

/* The coach's door (liar_unit.h): the same judgement the bot makes before it
 * searches, so a hint and the bot never disagree. */
double ad_liar_judge(const liar_state *view, int seat, ad_rng *r, liar_proof *why)
{
    pthread_once(&tables_once, make_tables);
    liar_ctx *c = malloc(sizeof *c);
    if (!c) {
        proved(why, 0, LI_PROOF_NONE, -1, 0, 0);
        return 0.5;
    }
    setup(c, view, seat);
    int sure = settled(c, why);
    double p = sure ? (sure > 0 ? 1.0 : 0.0) : chance_true(c, r);
    free(c);
    return p;
}
