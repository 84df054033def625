/*
 * shout.c - Shout a Word.  A round: the dealer deals cards face up; any seat
 * claims a word naming table cards in word order; the lexicon judges it
 * (spelled in order with doubles as printed and a wild for one letter, at
 * least `need` cards, in the dictionary).  Valid: the claimer takes the
 * cards.  Failed: every other seat gets one card from the deck.  When the
 * deck is empty a final window runs until every seat passes.  Invariant:
 * each card is in exactly one place - deck, table, or won by one seat.
 */
#include <stdio.h>
#include <string.h>

#include "games/dict.h"
#include "shout.h"
#include "core/adjson.h"

enum { OPT_MIN_CARDS, OPT_HANDICAP, OPT_DEAL_MS, OPT_FINAL_MS, OPT_WORDS };

/* The two clocks are for a server that deals in real time; the engine has
 * no clock and only keeps and shows them. */
static const ad_option_def shout_options[] = {
    {"min_cards", 3, 10, 3,
     "a shouted word must use at least this many cards (a two-letter card like TH counts as one)",
     "Fewest cards in a word"},
    {"handicap", 0, 1, 0,
     "1: whoever wins a round needs one card more per word in the next round; 0: no handicap",
     "Handicap for winners"},
    {"deal_ms", 100, 60000, 2500,
     "how long the dealer waits between two cards, in thousandths of a second (2500 is two and a "
     "half seconds)",
     "Time between cards (ms)"},
    {"final_ms", 0, 600000, 10000,
     "once the deck is empty, how long everyone has to find a last word, in thousandths of a "
     "second; 0: the round ends with the last card",
     "Last look at the table (ms)"},
    {"words", 0, 1, 0, "family: offensive words and slurs are refused (the computer players never "
                       "say them); full: every word of the dictionary may be said",
     "Word list", ad_words_option_names},
};

static uint32_t all_seats(const shout_state *s)
{
    return (1u << s->players) - 1;
}

/* A round starts: every card of the game shuffled into the deck (or, for
 * the first round of a game set up with an explicit deck, that order). */
static void start_round(shout_state *s, const uint8_t *order)
{
    s->pile_n = 0;
    if (order) {
        for (int i = s->ncards - 1; i >= 0; i--) /* the top card is dealt first */
            s->pile[s->pile_n++] = order[i];
    } else {
        for (int id = 0; id < s->ncards; id++)
            s->pile[s->pile_n++] = (uint8_t)id;
        ad_rng_shuffle(&s->rng, s->pile, s->pile_n);
    }
    s->table_n = 0;
    memset(s->table, 0, sizeof s->table);
    memset(s->won, 0, sizeof s->won);
    s->passed = 0;
    s->phase = SH_DEAL;
    for (int p = 0; p < s->players; p++)
        s->need[p] = (uint8_t)(s->min_cards + (s->handicap && s->round_winner[p]));
}

static int shout_init(void *st, const ad_setup *su, ad_err *err)
{
    shout_state *s = st;
    const ad_lex *lex = ad_games_dictionary(err);
    if (!lex)
        return -1;
    memset(s, 0, sizeof *s);
    s->deck = ad_deck_get("shout");
    s->lex = lex;
    s->players = (uint8_t)su->players;
    s->viewer = AD_GOD;
    s->min_cards = (uint8_t)su->opt[OPT_MIN_CARDS];
    s->handicap = (uint8_t)su->opt[OPT_HANDICAP];
    s->deal_ms = su->opt[OPT_DEAL_MS];
    s->final_ms = su->opt[OPT_FINAL_MS];
    s->full = (uint8_t)(su->opt[OPT_WORDS] == AD_WORDS_FULL);
    s->dealer = (uint8_t)(su->dealer >= 0 ? su->dealer : 0);
    s->last.seat = -1;
    for (int k = 0; k < s->deck->nkinds; k++) {
        s->lexid_of[k] = (int8_t)ad_lex_card(s->deck->kind[k]);
        if (s->lexid_of[k] < 0)
            return ad_err_set(err, AD_E_INTERNAL, "the dictionary has no card %s",
                              s->deck->kind[k]);
    }
    ad_rng_seed(&s->rng, su->seed);
    if (su->deck_n >= 0) {
        uint8_t seen[SH_FACES] = {0}, order[SH_CARDS];
        for (int i = 0; i < su->deck_n; i++) {
            int k = su->deck[i];
            if (++seen[k] > s->deck->copies[k])
                return ad_err_set(err, AD_E_BAD_CARD, "the deck has more %s cards than the game's %d",
                                  s->deck->kind[k], s->deck->copies[k]);
            s->face_of[i] = (uint8_t)k;
            order[i] = (uint8_t)i;
        }
        if (su->deck_n == 0)
            return ad_err_set(err, AD_E_BAD_CARD, "a deck needs at least one card");
        s->ncards = (uint8_t)su->deck_n;
        start_round(s, order);
        return 0;
    }
    for (int k = 0; k < s->deck->nkinds; k++)
        for (int c = 0; c < s->deck->copies[k]; c++)
            s->face_of[s->ncards++] = (uint8_t)k;
    start_round(s, NULL);
    return 0;
}

/* --------------------------------------------------------------- rules */

static uint32_t shout_to_act(const void *st)
{
    const shout_state *s = st;
    if (s->phase == SH_OVER)
        return 0;
    if (s->phase == SH_FINAL)
        return all_seats(s) & ~s->passed;
    /* anyone may claim while cards lie on the table; the dealer may deal */
    return s->table_n ? all_seats(s) : 1u << s->dealer;
}

static int shout_is_over(const void *st)
{
    return ((const shout_state *)st)->phase == SH_OVER;
}

/* The game's pace (docs/rules/shout.md): the dealer deals deal_ms after the
 * table last changed, and the final window closes final_ms after it opened,
 * everyone still in passing. */
static int shout_timeout(const void *st, int seat, ad_timeout *out)
{
    const shout_state *s = st;
    if (!(shout_to_act(s) & (1u << seat)))
        return 0;
    memset(out, 0, sizeof *out);
    if (s->phase == SH_FINAL) {
        out->action.type = SH_A_PASS;
        out->keeps = 1;
        out->ms = s->final_ms;
        return 1;
    }
    if (seat != s->dealer)
        return 0;
    out->action.type = SH_A_DEAL;
    out->ms = s->deal_ms;
    return 1;
}

static int on_table(const shout_state *s, int id)
{
    for (int i = 0; i < s->table_n; i++)
        if (s->table[i] == id)
            return i;
    return -1;
}

static int check(const shout_state *s, int seat, const ad_action *a, ad_err *err)
{
    if (ad_check_seat(seat, s->players, s->phase == SH_OVER, err) < 0)
        return -1;
    switch (a->type) {
    case SH_A_DEAL:
        if (s->phase != SH_DEAL)
            return ad_err_set(err, AD_E_ILLEGAL, "the deck is empty: nothing is left to deal");
        if (seat != s->dealer)
            return ad_err_set(err, AD_E_NOT_YOUR_TURN, "seat %d deals this round", s->dealer);
        return 0;
    case SH_A_PASS:
        if (s->phase != SH_FINAL)
            return ad_err_set(err, AD_E_ILLEGAL, "passing is for the final window, once the deck "
                                                 "is empty");
        if (s->passed & (1u << seat))
            return ad_err_set(err, AD_E_NOT_YOUR_TURN, "seat %d has passed already", seat);
        return 0;
    case SH_A_CLAIM:
        if (s->phase == SH_FINAL && (s->passed & (1u << seat)))
            return ad_err_set(err, AD_E_NOT_YOUR_TURN, "seat %d has passed already", seat);
        if (a->n < 1)
            return ad_err_set(err, AD_E_BAD_ACTION, "a claim names the table cards it uses");
        if (!memchr(a->word, 0, sizeof a->word))
            return ad_err_set(err, AD_E_BAD_ACTION, "a claim's word is too long");
        /* refused before it is judged: nobody else sees the word, and it
         * costs nothing, as a word the table never takes */
        if (!s->full && ad_family_refuses(a->word))
            return ad_err_set(err, AD_E_FAMILY_WORD, "that word is not in the family dictionary of "
                                                     "this table (a table made with words \"full\" "
                                                     "takes every word)");
        for (int i = 0; i < a->n; i++) {
            if (on_table(s, a->cards[i]) < 0)
                return ad_err_set(err, AD_E_ILLEGAL, "card %d is not on the table", a->cards[i]);
            for (int j = 0; j < i; j++)
                if (a->cards[j] == a->cards[i])
                    return ad_err_set(err, AD_E_BAD_ACTION, "card %d is named twice",
                                      a->cards[i]);
        }
        return 0;
    }
    return ad_err_set(err, AD_E_BAD_ACTION, "unknown action");
}

/* The verdict on a well-formed claim. */
static int judge(const shout_state *s, int seat, const ad_action *a)
{
    uint8_t ids[AD_ACTION_MAX_CARDS];
    if (a->n < s->need[seat])
        return SH_TOO_FEW;
    for (int i = 0; i < a->n; i++)
        ids[i] = (uint8_t)s->lexid_of[s->face_of[a->cards[i]]];
    if (ad_lex_spell(a->word, ids, a->n, AD_LEX_IN_ORDER, NULL, NULL) != 1)
        return SH_NOT_SPELLED;
    return ad_lex_contains(s->lex, a->word) ? SH_OK : SH_NOT_A_WORD;
}

static void end_round(shout_state *s, ad_events *ev)
{
    int most = 0;
    ad_events_add(ev, SH_EV_ROUND, -1, -1, s->round + 1);
    memcpy(s->left, s->table, s->table_n); /* face up: the coach tells what nobody took */
    s->left_n = s->table_n;
    for (int p = 0; p < s->players; p++)
        if (s->won[p] > most)
            most = s->won[p];
    for (int p = 0; p < s->players; p++) {
        s->round_winner[p] = (uint8_t)(most > 0 && s->won[p] == most);
        if (s->round_winner[p]) {
            s->score[p]++;
            ad_events_add(ev, SH_EV_POINT, p, -1, s->won[p]);
        }
    }
    if (s->round + 1 >= s->players) { /* each player has dealt one round */
        s->phase = SH_OVER;
        ad_events_add(ev, SH_EV_OVER, -1, -1, 0);
        return;
    }
    s->round++;
    s->dealer = (uint8_t)((s->dealer + 1) % s->players);
    start_round(s, NULL);
    ad_events_add(ev, SH_EV_NEW_ROUND, s->dealer, -1, s->round + 1);
}

/* The deck has run out: the final window opens (or, with nothing on the
 * table to claim, the round ends at once). */
static void deck_out(shout_state *s, ad_events *ev)
{
    if (s->phase != SH_DEAL || s->pile_n)
        return;
    s->phase = SH_FINAL;
    s->passed = 0;
    ad_events_add(ev, SH_EV_FINAL, -1, -1, s->table_n);
    if (s->table_n == 0)
        end_round(s, ev);
}

static void take_from_table(shout_state *s, int id)
{
    int i = on_table(s, id);
    memmove(s->table + i, s->table + i + 1, (size_t)(s->table_n - i - 1));
    s->table[--s->table_n] = 0;
}

static void claim(shout_state *s, int seat, const ad_action *a, ad_events *ev)
{
    int verdict = judge(s, seat, a);
    s->last.verdict = (uint8_t)verdict;
    s->last.n = a->n;
    memcpy(s->last.cards, a->cards, a->n);
    memcpy(s->last.word, a->word, sizeof s->last.word);
    s->last.rewarded = 0;
    ad_events_add(ev, SH_EV_CLAIM, seat, -1, verdict);
    if (verdict == SH_OK) {
        for (int i = 0; i < a->n; i++)
            take_from_table(s, a->cards[i]);
        s->won[seat] = (uint8_t)(s->won[seat] + a->n);
        s->won_total[seat] = (uint16_t)(s->won_total[seat] + a->n);
    } else {
        /* every other seat, from the claimer's left, gets a card while any remain */
        for (int i = 1; i < s->players && s->pile_n; i++) {
            int p = (seat + i) % s->players;
            s->pile[--s->pile_n] = 0;
            s->won[p]++;
            s->won_total[p]++;
            s->last.rewarded |= (uint8_t)(1u << p);
            ad_events_add(ev, SH_EV_REWARD, p, -1, 1);
        }
        deck_out(s, ev);
    }
    if (s->phase == SH_FINAL && s->table_n == 0)
        end_round(s, ev);
}

static int shout_apply(void *st, int seat, const ad_action *a, ad_events *ev, ad_err *err)
{
    shout_state *s = st;
    if (check(s, seat, a, err) < 0)
        return -1;
    if (ev)
        ev->n = 0;
    s->moves++;
    s->last.seat = (int8_t)seat;
    s->last.type = a->type;
    if (a->type == SH_A_DEAL) {
        int id = s->pile[--s->pile_n];
        s->pile[s->pile_n] = 0;
        s->table[s->table_n++] = (uint8_t)id;
        ad_events_add(ev, SH_EV_DEAL, seat, -1, id);
        deck_out(s, ev);
    } else if (a->type == SH_A_PASS) {
        s->passed |= 1u << seat;
        ad_events_add(ev, SH_EV_PASS, seat, -1, 0);
        if (s->passed == all_seats(s))
            end_round(s, ev);
    } else {
        claim(s, seat, a, ev);
    }
    return 0;
}

/* Random policy: the dealer deals (three times in four while cards lie on
 * the table, else claims); the others claim; in the final window each seat
 * passes or claims with even odds.  A random claim takes 1 to 6 distinct
 * table cards in a random order and spells what they say, a wild standing
 * for a random letter: mostly nonsense, now and then a word. */
static void shout_random(const void *view, int seat, ad_rng *r, ad_action *out)
{
    const shout_state *s = view;
    memset(out, 0, sizeof *out);
    if (s->phase == SH_DEAL && seat == s->dealer && (s->table_n == 0 || ad_rng_below(r, 4))) {
        out->type = SH_A_DEAL;
        return;
    }
    if (s->phase == SH_FINAL && (s->table_n == 0 || ad_rng_below(r, 2))) {
        out->type = SH_A_PASS;
        return;
    }
    uint8_t pick[SH_CARDS];
    memcpy(pick, s->table, s->table_n);
    int n = 1 + (int)ad_rng_below(r, (uint32_t)(s->table_n < 6 ? s->table_n : 6)), len = 0;
    out->type = SH_A_CLAIM;
    out->n = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        int j = i + (int)ad_rng_below(r, (uint32_t)(s->table_n - i));
        uint8_t t = pick[i];
        pick[i] = pick[j];
        pick[j] = t;
        out->cards[i] = pick[i];
        const char *letters = ad_lex_card_letters(s->lexid_of[s->face_of[pick[i]]]);
        if (!*letters && len < AD_WORD_MAX - 1)
            out->word[len++] = (char)('a' + ad_rng_below(r, 26));
        for (; *letters && len < AD_WORD_MAX - 1; letters++)
            out->word[len++] = *letters;
    }
    if (ad_family_refuses(out->word)) { /* a bot never says one: its first card alone */
        const char *first = ad_lex_card_letters(s->lexid_of[s->face_of[out->cards[0]]]);
        out->n = 1;
        memset(out->word, 0, sizeof out->word);
        snprintf(out->word, sizeof out->word, "%s", *first ? first : "a");
    }
}

/* --------------------------------------------------------------- views */

static void shout_view(const void *st, int seat, void *out)
{
    const shout_state *s = st;
    shout_state *v = out;
    memcpy(v, s, sizeof *v);
    if (seat == AD_GOD)
        return;
    v->viewer = (int8_t)seat;
    memset(v->pile, 0, sizeof v->pile);
    memset(&v->rng, 0, sizeof v->rng);
}

/* ---------------------------------------------------------------- JSON */

static const char *const verdicts[] = {"ok", "too_few_cards", "not_spelled", "not_a_word"};

static json_t *cards_json(const shout_state *s, const uint8_t *ids, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_pack("{s:i,s:s}", "id", ids[i], "card",
                                           s->deck->kind[s->face_of[ids[i]]]));
    return a;
}

static json_t *winner_json(const shout_state *s)
{
    if (s->phase != SH_OVER)
        return json_null();
    int32_t best = 0;
    int n = 0, who = 0;
    for (int p = 0; p < s->players; p++)
        if (s->score[p] > best)
            best = s->score[p];
    json_t *a = json_array();
    for (int p = 0; p < s->players; p++)
        if (s->score[p] == best) {
            json_array_append_new(a, json_integer(p));
            n++;
            who = p;
        }
    if (n == 1) {
        json_decref(a);
        return json_integer(who);
    }
    return a; /* a shared win */
}

static json_t *last_json(const shout_state *s)
{
    static const char *const names[] = {NULL, "deal", "claim", "pass"};
    if (s->last.seat < 0)
        return json_null();
    json_t *a = json_pack("{s:s}", "type", names[s->last.type]);
    json_t *o = json_pack("{s:i,s:o}", "seat", s->last.seat, "action", a);
    if (s->last.type == SH_A_CLAIM) {
        json_object_set_new(a, "cards", cards_json(s, s->last.cards, s->last.n));
        json_object_set_new(a, "word", json_string(s->last.word));
        json_object_set_new(o, "outcome",
                            json_pack("{s:b,s:s,s:o}", "valid", s->last.verdict == SH_OK, "verdict",
                                      verdicts[s->last.verdict], "rewarded",
                                      ad_json_seats(s->last.rewarded, s->players)));
    }
    return o;
}

static json_t *shout_view_json(const void *view)
{
    static const char *const phases[] = {"deal", "final", "over"};
    const shout_state *s = view;
    int n = s->players;
    int32_t zeros[SH_MAXP] = {0}, won[SH_MAXP], won_total[SH_MAXP], need[SH_MAXP];
    for (int p = 0; p < n; p++) {
        won[p] = s->won[p];
        won_total[p] = s->won_total[p];
        need[p] = s->need[p];
    }
    json_t *v = json_object();
    json_object_set_new(v, "game", json_string("shout"));
    json_object_set_new(v, "players", json_integer(n));
    json_object_set_new(v, "seat", s->viewer < 0 ? json_null() : json_integer(s->viewer));
    json_object_set_new(v, "phase", json_string(phases[s->phase]));
    json_object_set_new(v, "to_act", ad_json_seats(shout_to_act(s), n));
    if (s->viewer == AD_GOD) {
        json_t *hands = json_array();
        for (int p = 0; p < n; p++)
            json_array_append_new(hands, json_array());
        json_object_set_new(v, "hands", hands);
        json_t *deck = json_array();
        for (int i = s->pile_n - 1; i >= 0; i--)
            json_array_append_new(deck, json_pack("{s:i,s:s}", "id", s->pile[i], "card",
                                                  s->deck->kind[s->face_of[s->pile[i]]]));
        json_object_set_new(v, "deck", deck);
    } else if (s->viewer >= 0) {
        json_object_set_new(v, "hand", json_array()); /* shout has no hands */
    }
    json_object_set_new(v, "hand_counts", ad_json_int_array(zeros, n));
    json_object_set_new(v, "scores", ad_json_int_array(s->score, n));
    json_object_set_new(v, "winner", winner_json(s));
    json_object_set_new(v, "last", last_json(s));
    json_object_set_new(v, "table", cards_json(s, s->table, s->table_n));
    json_object_set_new(v, "won", ad_json_int_array(won, n));
    json_object_set_new(v, "won_total", ad_json_int_array(won_total, n));
    json_object_set_new(v, "need", ad_json_int_array(need, n));
    json_object_set_new(v, "dealer", json_integer(s->dealer));
    json_object_set_new(v, "round", json_integer(s->round + 1));
    json_object_set_new(v, "rounds", json_integer(n));
    json_object_set_new(v, "deck_count", json_integer(s->pile_n));
    json_object_set_new(v, "deal_ms", json_integer(s->deal_ms));
    json_object_set_new(v, "final_ms", json_integer(s->final_ms));
    json_object_set_new(v, "words", json_string(ad_words_option_names[s->full]));
    if (s->phase == SH_FINAL)
        json_object_set_new(v, "passed", ad_json_seats(s->passed, n));
    return v;
}

static json_t *shout_legal_json(const void *view, int seat)
{
    const shout_state *s = view;
    json_t *a = json_array();
    if (!(shout_to_act(s) & (1u << seat)))
        return a;
    if (s->phase == SH_DEAL && seat == s->dealer)
        json_array_append_new(a, json_pack("{s:s}", "type", "deal"));
    if (s->table_n) {
        json_t *ids = json_array();
        for (int i = 0; i < s->table_n; i++)
            json_array_append_new(ids, json_integer(s->table[i]));
        /* any 1..max cards may be claimed; fewer than `need` is a failed claim */
        json_array_append_new(a, json_pack("{s:s,s:{s:o,s:i,s:i},s:i}", "type", "claim", "cards",
                                           "from", ids, "min", 1, "max",
                                           s->table_n < AD_ACTION_MAX_CARDS ? s->table_n
                                                                            : AD_ACTION_MAX_CARDS,
                                           "need", s->need[seat]));
    }
    if (s->phase == SH_FINAL)
        json_array_append_new(a, json_pack("{s:s}", "type", "pass"));
    return a;
}

static int shout_action_from_json(const void *st, const json_t *j, ad_action *out, ad_err *err)
{
    const shout_state *s = st;
    const char *type;
    memset(out, 0, sizeof *out);
    if (!json_is_object(j))
        return ad_err_set(err, AD_E_BAD_ACTION, "an action must be a JSON object");
    if (ad_json_str(j, "type", 1, &type, err) < 0)
        return -1;
    if (strcmp(type, "deal") == 0 || strcmp(type, "pass") == 0) {
        out->type = (uint8_t)(type[0] == 'd' ? SH_A_DEAL : SH_A_PASS);
        return 0;
    }
    if (strcmp(type, "claim") != 0)
        return ad_err_set(err, AD_E_BAD_ACTION, "unknown action \"%.20s\"; use deal, claim or pass",
                          type);
    const json_t *cards = json_object_get(j, "cards");
    if (!cards)
        return ad_err_set(err, AD_E_MISSING_FIELD, "a claim needs \"cards\": table card ids");
    if (!json_is_array(cards) || json_array_size(cards) > AD_ACTION_MAX_CARDS)
        return ad_err_set(err, AD_E_BAD_FIELD, "\"cards\" is an array of at most %d table card ids",
                          AD_ACTION_MAX_CARDS);
    for (size_t i = 0; i < json_array_size(cards); i++) {
        const json_t *c = json_array_get(cards, i);
        if (!json_is_integer(c) || json_integer_value(c) < 0 ||
            json_integer_value(c) >= s->ncards)
            return ad_err_set(err, AD_E_BAD_FIELD, "card ids are integers from 0 to %d",
                              s->ncards - 1);
        out->cards[i] = (uint8_t)json_integer_value(c);
    }
    out->n = (uint8_t)json_array_size(cards);
    if (ad_json_word(j, "word", out->word, AD_WORD_MAX - 1, err) < 0)
        return -1;
    out->type = SH_A_CLAIM;
    return 0;
}

static json_t *shout_action_to_json(const void *st, const ad_action *a)
{
    (void)st;
    if (a->type != SH_A_CLAIM)
        return json_pack("{s:s}", "type", a->type == SH_A_DEAL ? "deal" : "pass");
    json_t *ids = json_array();
    for (int i = 0; i < a->n; i++)
        json_array_append_new(ids, json_integer(a->cards[i]));
    return json_pack("{s:s,s:o,s:s}", "type", "claim", "cards", ids, "word", a->word);
}

static json_t *shout_event_json(const void *st, const ad_event *e)
{
    const shout_state *s = st;
    switch (e->type) {
    case SH_EV_DEAL:
        return json_pack("{s:s,s:i,s:s}", "type", "deal", "id", e->value, "card",
                         s->deck->kind[s->face_of[e->value]]);
    case SH_EV_CLAIM: /* one claim per apply: its cards and word are in last */
        return json_pack("{s:s,s:i,s:s,s:o,s:b,s:s}", "type", "claim", "seat", e->seat, "word",
                         s->last.word, "cards", cards_json(s, s->last.cards, s->last.n), "valid",
                         e->value == SH_OK, "verdict", verdicts[e->value]);
    case SH_EV_REWARD:
        return json_pack("{s:s,s:i}", "type", "reward", "seat", e->seat);
    case SH_EV_FINAL:
        return json_pack("{s:s,s:i}", "type", "final_window", "table", e->value);
    case SH_EV_PASS:
        return json_pack("{s:s,s:i}", "type", "pass", "seat", e->seat);
    case SH_EV_ROUND:
        return json_pack("{s:s,s:i}", "type", "round_over", "round", e->value);
    case SH_EV_POINT:
        return json_pack("{s:s,s:i,s:i}", "type", "point", "seat", e->seat, "cards", e->value);
    case SH_EV_NEW_ROUND:
        return json_pack("{s:s,s:i,s:i}", "type", "new_round", "dealer", e->seat, "round",
                         e->value);
    case SH_EV_OVER:
        return json_pack("{s:s,s:o}", "type", "over", "winner", winner_json(s));
    }
    return json_pack("{s:s}", "type", "unknown");
}

const ad_game ad_game_shout = {
    .id = "shout",
    .family = "shout",
    .title = "Shout a Word",
    .deck = "shout",
    .min_players = 2,
    .max_players = 8,
    .options = shout_options,
    .nopt = (int)(sizeof shout_options / sizeof shout_options[0]),
    .state_size = sizeof(shout_state),
    .init = shout_init,
    .view = shout_view,
    .to_act = shout_to_act,
    .is_over = shout_is_over,
    .apply = shout_apply,
    .random_action = shout_random,
    .view_json = shout_view_json,
    .legal_json = shout_legal_json,
    .action_from_json = shout_action_from_json,
    .action_to_json = shout_action_to_json,
    .event_json = shout_event_json,
    .timeout = shout_timeout,
};
