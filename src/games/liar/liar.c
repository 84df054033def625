/*
 * liar.c - Liar.  A fresh hand is the top 5 cards; its holder announces a
 * dictionary word of at most 4 letters to the left.  The receiver accepts
 * (takes the hand unseen, discards one face down, draws two, announces a
 * longer word) or says "liar" (the hand is shown; the word's letters score
 * for whoever was right; the accuser starts a fresh hand).  Invariant after
 * every apply: hand + draw pile + discards hold all the cards exactly once.
 * Each seat remembers the hand as it last passed it on and its own face-down
 * discards; its view shows that memory to it alone.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "games/dict.h"
#include "liar.h"
#include "core/adjson.h"

#define FRESH_CARDS 5
#define FRESH_MAX_LETTERS LI_FRESH_MAX

enum { OPT_TARGET, OPT_WORDS };

static const ad_option_def liar_options[] = {
    {"target", 1, 1000, 25, "the first player to reach this many points wins", "Points to win"},
    {"words", 0, 1, 0, "family: offensive words and slurs are refused (the computer players never "
                       "say them); full: every word of the dictionary may be said",
     "Word list", ad_words_option_names},
};

/* ------------------------------------------------------------ dictionary */

static liar_words words;
static ad_err words_err;
static int words_ok;
static pthread_once_t words_once = PTHREAD_ONCE_INIT;

/* What a walk over a lexicon does: count the words of each length, or
 * (store) copy them into words.base, only those of the lengths `want`
 * marks, and only family words when `family` is set. */
typedef struct word_walk {
    int store, family;
    uint8_t want[LI_WORD_MAX + 1];
    uint32_t n[LI_WORD_MAX + 1];
} word_walk;

static int walk_word(const char *w, int len, void *ctx)
{
    word_walk *k = ctx;
    if (len > LI_WORD_MAX || !k->want[len] || (k->family && ad_family_refuses(w)))
        return 0;
    if (k->store)
        memcpy((char *)words.base[len] + (size_t)k->n[len] * (size_t)len, w, (size_t)len);
    k->n[len]++;
    return 0;
}

static int longest(const char *w, int len, void *ctx)
{
    (void)w;
    int *max = ctx;
    if (len <= LI_WORD_MAX && len > *max)
        *max = len;
    return 0;
}

/* Counts (store 0) or stores (1) the bots' words: the common family words,
 * and the family dictionary's for the lengths with none. */
static void walk_words(int store, word_walk *common, word_walk *rare)
{
    memset(common, 0, sizeof *common);
    memset(rare, 0, sizeof *rare);
    common->store = rare->store = store;
    rare->family = 1;
    memset(common->want, 1, sizeof common->want);
    ad_lex_each(words.lex, walk_word, common);
    for (int l = 1; l <= LI_WORD_MAX; l++)
        rare->want[l] = common->n[l] == 0;
    ad_lex_each(words.dict, walk_word, rare);
}

/* Groups the bots' words by length, once. */
static void load_words(void)
{
    words.dict = ad_games_dictionary(&words_err);
    words.lex = words.dict ? ad_games_bot_words(&words_err) : NULL;
    if (!words.lex)
        return;
    ad_lex_each(words.dict, longest, &words.maxlen);
    word_walk common, rare;
    walk_words(0, &common, &rare);
    size_t bytes = 0;
    for (int l = 1; l <= LI_WORD_MAX; l++) {
        words.count[l] = common.n[l] + rare.n[l];
        bytes += (size_t)words.count[l] * (size_t)l;
    }
    char *buf = malloc(bytes ? bytes : 1), *p = buf;
    for (int l = 1; l <= LI_WORD_MAX; l++) {
        words.base[l] = p;
        p += (size_t)words.count[l] * (size_t)l;
    }
    walk_words(1, &common, &rare);
    words_ok = words.maxlen > 0;
    if (!words_ok)
        ad_err_set(&words_err, AD_E_BAD_DICT, "the dictionary has no words");
}

/* ------------------------------------------------------------- helpers */

static int left_of(const liar_state *s, int seat)
{
    return (seat + 1) % s->players;
}

/* Shuffles the discards into the draw pile (which is empty). */
static void reshuffle(liar_state *s, ad_events *ev)
{
    for (int k = 0; k < LI_LETTERS; k++)
        for (; s->discard[k]; s->discard[k]--)
            s->pile[s->pile_n++] = (uint8_t)k;
    s->discard_n = 0;
    memset(s->gone, 0, sizeof s->gone); /* nothing known is left in the discards */
    memset(s->turned_up, 0, sizeof s->turned_up);
    ad_rng_shuffle(&s->rng, s->pile, s->pile_n);
    ad_events_add(ev, LI_EV_RESHUFFLE, -1, -1, s->pile_n);
}

static void draw(liar_state *s, int n, ad_events *ev)
{
    int got = 0;
    for (int i = 0; i < n; i++) {
        if (s->pile_n == 0 && s->discard_n)
            reshuffle(s, ev);
        if (s->pile_n == 0)
            break; /* every card is in the hand: only a tiny explicit deck */
        s->hand[s->pile[--s->pile_n]]++;
        s->pile[s->pile_n] = 0;
        s->hand_n++;
        got++;
    }
    ad_events_add(ev, LI_EV_DRAW, s->holder, -1, got);
}

/* The holder has its hand for this pass: it remembers it. */
static void remember(liar_state *s)
{
    memcpy(s->held[s->holder], s->hand, sizeof s->hand);
    s->held_at[s->holder] = (int8_t)s->passes;
}

/* seat takes the top cards for a fresh hand: at most 4 letters to announce */
static void fresh_hand(liar_state *s, int seat, ad_events *ev)
{
    s->holder = (uint8_t)seat;
    s->announcer = -1;
    s->word[0] = 0;
    s->word_len = 0;
    s->word_min = 0;
    s->passes = 0;
    s->phase = LI_ANNOUNCE;
    ad_events_add(ev, LI_EV_FRESH, seat, -1, 0);
    draw(s, FRESH_CARDS, ev);
    memset(s->held, 0, sizeof s->held); /* the old hand is gone */
    memset(s->held_at, -1, sizeof s->held_at);
    remember(s);
}

/* The draw for first player: the letter nearest A starts; ties redraw. */
static void draw_for_first(liar_state *s, const uint8_t *all, int n)
{
    uint8_t cards[LI_CARDS];
    uint32_t in = (1u << s->players) - 1;
    for (;;) {
        memcpy(cards, all, (size_t)n);
        ad_rng_shuffle(&s->rng, cards, n);
        int best = LI_LETTERS, nbest = 0, i = 0, who = 0;
        for (int p = 0; p < s->players; p++) {
            s->draw[p] = -1;
            if (!(in & (1u << p)))
                continue;
            s->draw[p] = (int8_t)cards[i++];
            if (s->draw[p] < best) {
                best = s->draw[p];
                nbest = 1;
                who = p;
            } else if (s->draw[p] == best) {
                nbest++;
            }
        }
        if (nbest == 1) {
            s->first = (uint8_t)who;
            return;
        }
        uint32_t tied = 0;
        for (int p = 0; p < s->players; p++)
            if ((in & (1u << p)) && s->draw[p] == best)
                tied |= 1u << p;
        in = tied;
    }
}

/* ------------------------------------------------------------- set-up */

static int liar_init(void *st, const ad_setup *su, ad_err *err)
{
    liar_state *s = st;
    pthread_once(&words_once, load_words);
    if (!words_ok) {
        if (err)
            *err = words_err;
        return -1;
    }
    memset(s, 0, sizeof *s);
    s->deck = ad_deck_get("liar");
    s->words = &words;
    s->players = (uint8_t)su->players;
    s->viewer = AD_GOD;
    s->winner = -1;
    s->announcer = -1;
    s->target = su->opt[OPT_TARGET];
    s->full = (uint8_t)(su->opt[OPT_WORDS] == AD_WORDS_FULL);
    s->last.seat = -1;
    memset(s->draw, -1, sizeof s->draw);
    ad_rng_seed(&s->rng, su->seed);

    uint8_t all[LI_CARDS], cards[LI_CARDS];
    int n_all = 0, n = 0;
    for (int k = 0; k < s->deck->nkinds; k++)
        for (int c = 0; c < s->deck->copies[k]; c++)
            all[n_all++] = (uint8_t)k;
    if (su->dealer >= 0)
        s->first = (uint8_t)((su->dealer + 1) % s->players);
    else
        draw_for_first(s, all, n_all);
    if (su->deck_n >= 0) {
        uint8_t seen[LI_LETTERS] = {0};
        for (int i = 0; i < su->deck_n; i++) {
            int k = su->deck[i];
            if (++seen[k] > s->deck->copies[k])
                return ad_err_set(err, AD_E_BAD_CARD, "the deck has more %s cards than the game's %d",
                                  s->deck->kind[k], s->deck->copies[k]);
            cards[n++] = (uint8_t)k;
        }
        if (n < FRESH_CARDS)
            return ad_err_set(err, AD_E_BAD_CARD, "a deck needs at least %d cards for a hand",
                              FRESH_CARDS);
    } else {
        memcpy(cards, all, (size_t)n_all);
        n = n_all;
        ad_rng_shuffle(&s->rng, cards, n);
    }
    s->total = (uint8_t)n;
    for (int i = n - 1; i >= 0; i--) /* the top card is drawn first */
        s->pile[s->pile_n++] = cards[i];
    fresh_hand(s, s->first, NULL);
    return 0;
}

/* --------------------------------------------------------------- rules */

static uint32_t liar_to_act(const void *st)
{
    const liar_state *s = st;
    if (s->phase == LI_OVER)
        return 0;
    return 1u << (s->phase == LI_RESPOND ? left_of(s, s->holder) : s->holder);
}

static int liar_is_over(const void *st)
{
    return ((const liar_state *)st)->phase == LI_OVER;
}

/* The letters the next announcement may have. */
static void letters_allowed(const liar_state *s, int *min, int *max)
{
    *min = s->word_len ? s->word_len + 1 : 1;
    *max = s->word_len ? s->words->maxlen : FRESH_MAX_LETTERS;
}

static int spells(const liar_state *s)
{
    uint8_t need[LI_LETTERS] = {0};
    for (int i = 0; i < s->word_len; i++)
        if (++need[s->word[i] - 'a'] > s->hand[s->word[i] - 'a'])
            return 0;
    return 1;
}

static int check(const liar_state *s, int seat, const ad_action *a, ad_err *err)
{
    if (ad_check_seat(seat, s->players, s->phase == LI_OVER, err) < 0)
        return -1;
    if (!(liar_to_act(s) & (1u << seat)))
        return ad_err_set(err, AD_E_NOT_YOUR_TURN, "it is seat %d's turn",
                          __builtin_ctz(liar_to_act(s)));
    static const char *const wants[] = {"announce a word", "accept or say liar",
                                        "discard one card"};
    int want = s->phase == LI_ANNOUNCE ? LI_A_ANNOUNCE
               : s->phase == LI_DISCARD ? LI_A_DISCARD
                                        : 0;
    if (want ? a->type != want : (a->type != LI_A_ACCEPT && a->type != LI_A_LIAR))
        return ad_err_set(err, AD_E_ILLEGAL, "now you must %s", wants[s->phase]);
    if (a->type == LI_A_ANNOUNCE) {
        int len = (int)strnlen(a->word, sizeof a->word), min, max;
        letters_allowed(s, &min, &max);
        if (len < min || len > max) {
            if (s->word_len)
                return ad_err_set(err, AD_E_ILLEGAL,
                                  "the word must be longer than \"%s\": %d letters or more",
                                  s->word, min);
            return ad_err_set(err, AD_E_ILLEGAL, "a fresh hand's word has at most %d letters",
                              FRESH_MAX_LETTERS);
        }
        if (!ad_lex_contains(s->words->dict, a->word))
            return ad_err_set(err, AD_E_ILLEGAL, "\"%s\" is not in the dictionary", a->word);
        if (!s->full && ad_family_refuses(a->word))
            return ad_err_set(err, AD_E_FAMILY_WORD, "that word is not in the family dictionary of "
                                                     "this table (a table made with words \"full\" "
                                                     "takes every word)");
    }
    if (a->type == LI_A_ACCEPT && s->word_len >= s->words->maxlen)
        return ad_err_set(err, AD_E_ILLEGAL,
                          "no word that may be announced (%d letters at most) is longer than "
                          "\"%s\": you must say liar",
                          s->words->maxlen, s->word);
    if (a->type == LI_A_DISCARD) {
        if (a->n != 1 || a->cards[0] >= LI_LETTERS)
            return ad_err_set(err, AD_E_BAD_ACTION, "a discard names one card");
        if (!s->hand[a->cards[0]])
            return ad_err_set(err, AD_E_NO_SUCH_CARD, "the hand holds no card %s",
                              s->deck->kind[a->cards[0]]);
    }
    return 0;
}

static void call_liar(liar_state *s, int accuser, ad_events *ev)
{
    int announcer = s->holder, ok = spells(s);
    int scorer = ok ? announcer : accuser;
    ad_events_add(ev, LI_EV_LIAR, accuser, announcer, 0);
    s->last.spelled = (uint8_t)ok;
    s->last.nrev = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        for (int c = 0; c < s->hand[k]; c++)
            s->last.rev[s->last.nrev++] = (uint8_t)k;
    ad_events_add(ev, LI_EV_REVEAL, announcer, accuser, ok);
    s->shown[announcer]++;
    s->lied[announcer] += !ok;
    for (int k = 0; k < LI_LETTERS; k++)
        s->turned_up[k] = (uint8_t)(s->turned_up[k] + s->hand[k]);
    s->score[scorer] += s->word_len;
    s->last.points = s->word_len;
    ad_events_add(ev, LI_EV_SCORE, scorer, -1, s->word_len);
    for (int k = 0; k < LI_LETTERS; k++) {
        s->discard[k] = (uint8_t)(s->discard[k] + s->hand[k]);
        s->hand[k] = 0;
    }
    s->discard_n = (uint8_t)(s->discard_n + s->hand_n);
    s->hand_n = 0;
    if (s->score[scorer] >= s->target) {
        s->winner = (int8_t)scorer;
        s->phase = LI_OVER;
        ad_events_add(ev, LI_EV_OVER, scorer, -1, 0);
        return;
    }
    fresh_hand(s, accuser, ev);
}

static int liar_apply(void *st, int seat, const ad_action *a, ad_events *ev, ad_err *err)
{
    liar_state *s = st;
    if (check(s, seat, a, err) < 0)
        return -1;
    if (ev)
        ev->n = 0;
    s->moves++;
    s->last.seat = (int8_t)seat;
    s->last.type = a->type;
    s->last.other = -1;
    s->last.nrev = 0;
    switch (a->type) {
    case LI_A_ANNOUNCE: {
        int min, max;
        letters_allowed(s, &min, &max);
        s->word_min = (uint8_t)min;
        s->word_len = (uint8_t)strlen(a->word);
        memcpy(s->word, a->word, (size_t)s->word_len + 1);
        memcpy(s->last.word, s->word, sizeof s->word);
        s->announcer = (int8_t)seat;
        s->phase = LI_RESPOND;
        s->last.other = (int8_t)left_of(s, seat);
        ad_events_add(ev, LI_EV_ANNOUNCE, seat, left_of(s, seat), s->word_len);
        break;
    }
    case LI_A_ACCEPT:
        s->holder = (uint8_t)seat;
        s->passes++;
        s->phase = LI_DISCARD;
        ad_events_add(ev, LI_EV_ACCEPT, seat, s->announcer, 0);
        break;
    case LI_A_DISCARD:
        s->hand[a->cards[0]]--;
        s->hand_n--;
        s->discard[a->cards[0]]++;
        s->discard_n++;
        s->gone[seat][a->cards[0]]++;
        ad_events_add(ev, LI_EV_DISCARD, seat, -1, 0);
        draw(s, 2, ev);
        remember(s);
        s->phase = LI_ANNOUNCE;
        break;
    default:
        s->last.other = (int8_t)s->holder;
        call_liar(s, seat, ev);
    }
    return 0;
}

/* Random policy: a word drawn uniformly from the dictionary's words of an
 * allowed length; accept or liar with even odds (liar when no longer word
 * exists); a uniformly random card of the hand to discard. */
static void liar_random(const void *view, int seat, ad_rng *r, ad_action *out)
{
    const liar_state *s = view;
    (void)seat;
    memset(out, 0, sizeof *out);
    if (s->phase == LI_RESPOND) {
        int can_accept = s->word_len < s->words->maxlen;
        out->type = (uint8_t)(can_accept && ad_rng_below(r, 2) ? LI_A_ACCEPT : LI_A_LIAR);
    } else if (s->phase == LI_DISCARD) {
        int x = (int)ad_rng_below(r, s->hand_n), k = 0;
        while (x >= s->hand[k])
            x -= s->hand[k++];
        out->type = LI_A_DISCARD;
        out->n = 1;
        out->cards[0] = (uint8_t)k;
    } else if (s->phase == LI_ANNOUNCE) {
        const liar_words *w = s->words;
        int min, max;
        uint32_t total = 0;
        letters_allowed(s, &min, &max);
        for (int l = min; l <= max; l++)
            total += w->count[l];
        uint32_t x = ad_rng_below(r, total);
        int l = min;
        while (x >= w->count[l])
            x -= w->count[l++];
        out->type = LI_A_ANNOUNCE;
        memcpy(out->word, w->base[l] + (size_t)x * (size_t)l, (size_t)l);
    }
}

/* --------------------------------------------------------------- views */

static void liar_view(const void *st, int seat, void *out)
{
    const liar_state *s = st;
    liar_state *v = out;
    memcpy(v, s, sizeof *v);
    if (seat == AD_GOD)
        return;
    v->viewer = (int8_t)seat;
    if (seat != s->holder)
        memset(v->hand, 0, sizeof v->hand);
    memset(v->pile, 0, sizeof v->pile);
    memset(v->discard, 0, sizeof v->discard);
    memset(&v->rng, 0, sizeof v->rng);
    for (int p = 0; p < LI_MAXP; p++) /* what the others remember */
        if (p != seat) {
            memset(v->held[p], 0, sizeof v->held[p]);
            v->held_at[p] = -1;
            memset(v->gone[p], 0, sizeof v->gone[p]);
        }
}

/* ---------------------------------------------------------------- JSON */

static const char *const phase_names[] = {"announce", "respond", "discard", "over"};
static const char *const action_names[] = {NULL, "announce", "accept", "liar", "discard"};

static json_t *last_json(const liar_state *s)
{
    if (s->last.seat < 0)
        return json_null();
    json_t *a = json_pack("{s:s}", "type", action_names[s->last.type]);
    if (s->last.type == LI_A_ANNOUNCE)
        json_object_set_new(a, "word", json_string(s->last.word));
    json_t *o = json_pack("{s:i,s:o}", "seat", s->last.seat, "action", a);
    if (s->last.type == LI_A_LIAR)
        json_object_set_new(o, "outcome",
                            json_pack("{s:o,s:s,s:b,s:i,s:i}", "cards",
                                      ad_json_cards(s->deck, s->last.rev, s->last.nrev), "word",
                                      s->last.word, "spelled", s->last.spelled, "scorer",
                                      s->last.spelled ? s->last.other : s->last.seat, "points",
                                      s->last.points));
    return o;
}

/* What seat p remembers of the hand: {"cards":[...],"passes":n}, or null. */
static json_t *held_json(const liar_state *s, int p)
{
    if (s->held_at[p] < 0)
        return json_null();
    return json_pack("{s:o,s:i}", "cards", ad_json_counts(s->deck, s->held[p], LI_LETTERS), "passes",
                     s->held_at[p]);
}

static json_t *liar_view_json(const void *view)
{
    const liar_state *s = view;
    const ad_deck *d = s->deck;
    int n = s->players, min, max;
    json_t *v = json_object();
    json_object_set_new(v, "game", json_string("liar"));
    json_object_set_new(v, "players", json_integer(n));
    json_object_set_new(v, "seat", s->viewer < 0 ? json_null() : json_integer(s->viewer));
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "to_act", ad_json_seats(liar_to_act(s), n));
    uint8_t none[LI_LETTERS] = {0};
    if (s->viewer == AD_GOD) {
        json_t *hands = json_array();
        for (int p = 0; p < n; p++)
            json_array_append_new(hands, ad_json_counts(d, p == s->holder ? s->hand : none, LI_LETTERS));
        json_object_set_new(v, "hands", hands);
        json_t *pile = json_array();
        for (int i = s->pile_n - 1; i >= 0; i--)
            json_array_append_new(pile, json_string(d->kind[s->pile[i]]));
        json_object_set_new(v, "deck", pile);
        json_object_set_new(v, "discards", ad_json_counts(d, s->discard, LI_LETTERS));
        json_t *held = json_array(), *gone = json_array();
        for (int p = 0; p < n; p++) {
            json_array_append_new(held, held_json(s, p));
            json_array_append_new(gone, ad_json_counts(d, s->gone[p], LI_LETTERS));
        }
        json_object_set_new(v, "held", held);
        json_object_set_new(v, "gone", gone);
    } else if (s->viewer >= 0) {
        json_object_set_new(v, "hand",
                            ad_json_counts(d, s->viewer == s->holder ? s->hand : none, LI_LETTERS));
        json_object_set_new(v, "held", held_json(s, s->viewer));
        json_object_set_new(v, "gone", ad_json_counts(d, s->gone[s->viewer], LI_LETTERS));
    }
    json_t *counts = json_array();
    for (int p = 0; p < n; p++)
        json_array_append_new(counts, json_integer(p == s->holder ? s->hand_n : 0));
    json_object_set_new(v, "hand_counts", counts);
    json_object_set_new(v, "scores", ad_json_int_array(s->score, n));
    json_object_set_new(v, "winner", s->phase == LI_OVER ? json_integer(s->winner) : json_null());
    json_object_set_new(v, "last", last_json(s));
    json_object_set_new(v, "holder", json_integer(s->holder));
    json_object_set_new(v, "word", s->word_len ? json_string(s->word) : json_null());
    json_object_set_new(v, "announcer", s->announcer >= 0 ? json_integer(s->announcer) : json_null());
    json_object_set_new(v, "word_min", s->word_len ? json_integer(s->word_min) : json_null());
    letters_allowed(s, &min, &max);
    json_object_set_new(v, "letters", json_pack("{s:i,s:i}", "min", min, "max", max));
    json_object_set_new(v, "passes", json_integer(s->passes));
    json_object_set_new(v, "turned_up", ad_json_counts(d, s->turned_up, LI_LETTERS));
    json_t *shown = json_array(), *lied = json_array();
    for (int p = 0; p < n; p++) {
        json_array_append_new(shown, json_integer(s->shown[p]));
        json_array_append_new(lied, json_integer(s->lied[p]));
    }
    json_object_set_new(v, "shown", shown);
    json_object_set_new(v, "lied", lied);
    json_object_set_new(v, "deck_count", json_integer(s->pile_n));
    json_object_set_new(v, "discard_count", json_integer(s->discard_n));
    json_object_set_new(v, "target", json_integer(s->target));
    json_object_set_new(v, "words", json_string(ad_words_option_names[s->full]));
    json_object_set_new(v, "first", json_integer(s->first));
    int drew = 0;
    for (int p = 0; p < n; p++)
        drew |= s->draw[p] >= 0;
    if (drew) {
        json_t *dr = json_array();
        for (int p = 0; p < n; p++)
            json_array_append_new(dr, s->draw[p] >= 0 ? json_string(d->kind[s->draw[p]])
                                                       : json_null());
        json_object_set_new(v, "draw", dr);
    }
    return v;
}

static json_t *liar_legal_json(const void *view, int seat)
{
    const liar_state *s = view;
    json_t *a = json_array();
    if (!(liar_to_act(s) & (1u << seat)))
        return a;
    if (s->phase == LI_RESPOND) {
        if (s->word_len < s->words->maxlen)
            json_array_append_new(a, json_pack("{s:s}", "type", "accept"));
        json_array_append_new(a, json_pack("{s:s}", "type", "liar"));
    } else if (s->phase == LI_DISCARD) {
        for (int k = 0; k < LI_LETTERS; k++)
            if (s->hand[k])
                json_array_append_new(a, json_pack("{s:s,s:s}", "type", "discard", "card",
                                                   s->deck->kind[k]));
    } else {
        int min, max;
        letters_allowed(s, &min, &max);
        json_array_append_new(a, json_pack("{s:s,s:{s:i,s:i}}", "type", "announce", "word",
                                           "min", min, "max", max));
    }
    return a;
}

static int liar_action_from_json(const void *st, const json_t *j, ad_action *out, ad_err *err)
{
    const liar_state *s = st;
    const char *type, *text;
    memset(out, 0, sizeof *out);
    if (!json_is_object(j))
        return ad_err_set(err, AD_E_BAD_ACTION, "an action must be a JSON object");
    if (ad_json_str(j, "type", 1, &type, err) < 0)
        return -1;
    if (strcmp(type, "accept") == 0 || strcmp(type, "liar") == 0) {
        out->type = (uint8_t)(type[0] == 'a' ? LI_A_ACCEPT : LI_A_LIAR);
        return 0;
    }
    if (strcmp(type, "discard") == 0) {
        if (ad_json_str(j, "card", 1, &text, err) < 0)
            return -1;
        int k = ad_deck_kind(s->deck, text);
        if (k < 0)
            return ad_err_set(err, AD_E_BAD_CARD, "\"%.20s\" is not a card of this game", text);
        out->type = LI_A_DISCARD;
        out->n = 1;
        out->cards[0] = (uint8_t)k;
        return 0;
    }
    if (strcmp(type, "announce") != 0)
        return ad_err_set(err, AD_E_BAD_ACTION,
                          "unknown action \"%.20s\"; use announce, accept, liar or discard", type);
    if (ad_json_word(j, "word", out->word, LI_WORD_MAX, err) < 0)
        return -1;
    out->type = LI_A_ANNOUNCE;
    return 0;
}

static json_t *liar_action_to_json(const void *st, const ad_action *a)
{
    const liar_state *s = st;
    switch (a->type) {
    case LI_A_ANNOUNCE:
        return json_pack("{s:s,s:s}", "type", "announce", "word", a->word);
    case LI_A_DISCARD:
        return json_pack("{s:s,s:s}", "type", "discard", "card", s->deck->kind[a->cards[0]]);
    default:
        return json_pack("{s:s}", "type", a->type == LI_A_ACCEPT ? "accept" : "liar");
    }
}

static json_t *liar_event_json(const void *st, const ad_event *e)
{
    const liar_state *s = st;
    switch (e->type) {
    case LI_EV_ANNOUNCE: /* one announcement per apply: the state's word is this one */
        return json_pack("{s:s,s:i,s:i,s:s}", "type", "announce", "seat", e->seat, "to", e->other,
                         "word", s->last.word);
    case LI_EV_ACCEPT:
        return json_pack("{s:s,s:i}", "type", "accept", "seat", e->seat);
    case LI_EV_DISCARD:
        return json_pack("{s:s,s:i}", "type", "discard", "seat", e->seat);
    case LI_EV_DRAW:
        return json_pack("{s:s,s:i,s:i}", "type", "draw", "seat", e->seat, "count", e->value);
    case LI_EV_LIAR:
        return json_pack("{s:s,s:i,s:i}", "type", "liar", "seat", e->seat, "of", e->other);
    case LI_EV_REVEAL: /* one reveal per apply: its cards are last.rev */
        return json_pack("{s:s,s:i,s:o,s:s,s:b}", "type", "reveal", "seat", e->seat, "cards",
                         ad_json_cards(s->deck, s->last.rev, s->last.nrev), "word", s->last.word,
                         "spelled", (int)e->value);
    case LI_EV_SCORE:
        return json_pack("{s:s,s:i,s:i}", "type", "score", "seat", e->seat, "points", e->value);
    case LI_EV_FRESH:
        return json_pack("{s:s,s:i}", "type", "fresh_hand", "seat", e->seat);
    case LI_EV_RESHUFFLE:
        return json_pack("{s:s,s:i}", "type", "reshuffle", "cards", e->value);
    case LI_EV_OVER:
        return json_pack("{s:s,s:i}", "type", "over", "winner", e->seat);
    }
    return json_pack("{s:s}", "type", "unknown");
}

const ad_game ad_game_liar = {
    .id = "liar",
    .family = "liar",
    .title = "Liar",
    .deck = "liar",
    .min_players = 2,
    .max_players = 6,
    .options = liar_options,
    .nopt = (int)(sizeof liar_options / sizeof liar_options[0]),
    .state_size = sizeof(liar_state),
    .init = liar_init,
    .view = liar_view,
    .to_act = liar_to_act,
    .is_over = liar_is_over,
    .apply = liar_apply,
    .random_action = liar_random,
    .view_json = liar_view_json,
    .legal_json = liar_legal_json,
    .action_from_json = liar_action_from_json,
    .action_to_json = liar_action_to_json,
    .event_json = liar_event_json,
};
