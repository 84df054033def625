/*
 * shout_hint.c - the Shout a Word coach (unit.h's ad_hint_fn).  Everything
 * in Shout is face up but the deck's order, so the coach tells what anyone
 * at the table could see with the whole dictionary in mind: the words the
 * `strong` player finds (basic_shout.c's ad_shout_words, the same ranking:
 * the most cards, then the longest word).  Its answer, a JSON object:
 *   "kind"        "table" (cards lie on the table), "empty" (none yet: the
 *                 round's start) or "over" (the game is over)
 *   "text"        a sentence for a person (always)
 *   "need"        the cards a word needs from the seat this round
 *   "words"       while cards lie on the table: up to 5 of the best words on
 *                 it, best first, each {"word", "cards": the table card ids
 *                 in word order (a claim's "cards"), "takes": how many}
 *   "count"       how many words the table spells in all (with need cards)
 *   "left"        once a round is over (before the next deal, and when the
 *                 game is over): the same for the words the table still held
 *                 when the round ended, that nobody took
 *   "left_count"  how many those were
 * A finished game still answers (what the last table held, for a caller
 * that asks: the protocol's front refuses finished games); a bad seat is
 * bad_seat.
 */
#include <string.h>

#include "games/dict.h"
#include "shout.h"
#include "shout_unit.h"

#define SHOWN_WORDS 5

/* Puts f among the best n of top (best first; an equal stays behind the
 * ones found before it, as the bot's choice keeps the first it meets);
 * returns the new n. */
static int keep_best(ad_lex_found *top, int n, const ad_lex_found *f)
{
    int at = n < SHOWN_WORDS ? n : SHOWN_WORDS;
    while (at > 0 && ad_shout_better(f, &top[at - 1]))
        at--;
    if (at >= SHOWN_WORDS)
        return n;
    int last = n < SHOWN_WORDS ? n : SHOWN_WORDS - 1;
    memmove(&top[at + 1], &top[at], sizeof *top * (size_t)(last - at));
    top[at] = *f;
    return n < SHOWN_WORDS ? n + 1 : n;
}

/* The words cards (n ids) spell with at least need of them, best first:
 * up to SHOWN_WORDS into out (a JSON array); returns how many in all.  At
 * a family table (the `words` option) a word it would refuse is none. */
static int best_words(const shout_state *s, const uint8_t *cards, int n, int need, json_t *out)
{
    uint8_t ids[SH_CARDS];
    ad_lex_found top[SHOWN_WORDS], f;
    ad_lex_results *found = ad_lex_results_new();
    int words = found ? ad_shout_words(s, cards, n, need, s->lex, found, ids) : 0;
    int count = 0, kept = 0;
    for (int i = 0; i < words; i++)
        if (ad_lex_results_get(found, i, &f) == 0 && ad_shout_claimable(&f, AD_ACTION_MAX_CARDS) &&
            (s->full || !ad_family_refuses(f.word))) { /* never a word the table refuses */
            kept = keep_best(top, kept, &f);
            count++;
        }
    for (int i = 0; i < kept; i++) {
        uint8_t claim[AD_ACTION_MAX_CARDS];
        ad_shout_cards_of(cards, ids, n < AD_LEX_HAND_MAX ? n : AD_LEX_HAND_MAX, &top[i], claim);
        json_t *c = json_array();
        for (int p = 0; p < top[i].how.n; p++)
            json_array_append_new(c, json_integer(claim[p]));
        json_array_append_new(out, json_pack("{s:s,s:o,s:i}", "word", top[i].word, "cards", c,
                                             "takes", top[i].how.n));
    }
    ad_lex_results_free(found);
    return count;
}

/* "CHASE (5 cards), HATS (4 cards) and HAT (3 cards)". */
static void list_words(const json_t *words, char *buf, size_t len)
{
    size_t used = 0, n = json_array_size(words);
    buf[0] = 0;
    for (size_t i = 0; i < n && used < len; i++) {
        const json_t *w = json_array_get(words, i);
        char up[AD_WORD_MAX];
        const char *word = json_string_value(json_object_get(w, "word"));
        size_t j = 0;
        for (; word[j] && j + 1 < sizeof up; j++)
            up[j] = (char)(word[j] - 'a' + 'A');
        up[j] = 0;
        used += (size_t)snprintf(buf + used, len - used, "%s%s (%d cards)",
                                 i == 0 ? "" : i + 1 == n ? " and " : ", ", up,
                                 (int)json_integer_value(json_object_get(w, "takes")));
    }
}

/* What nobody took when the last round ended, as a sentence into buf. */
static json_t *left_words(const shout_state *s, int seat, char *buf, size_t len)
{
    json_t *left = json_array();
    int count = best_words(s, s->left, s->left_n, s->need[seat], left);
    char list[400];
    list_words(left, list, sizeof list);
    if (count)
        snprintf(buf, len, "Nobody took %s%s when the round ended. ", list,
                 count > SHOWN_WORDS ? ", among others," : "");
    else
        snprintf(buf, len, "%s", "");
    return json_pack("{s:o,s:i}", "left", left, "left_count", count);
}

/* Cards on the table: "words" and "count", and their sentence into text. */
static void table_part(const shout_state *s, int seat, json_t *h, char *text, size_t len)
{
    json_t *words = json_array();
    char list[400];
    int count = best_words(s, s->table, s->table_n, s->need[seat], words);
    list_words(words, list, sizeof list);
    const char *lead = s->phase == SH_FINAL ? "The deck is out; still on the table: "
                                            : "The best on the table: ";
    if (count)
        snprintf(text, len, "%s%s; %d word%s in all.", lead, list, count, count == 1 ? "" : "s");
    else
        snprintf(text, len, "No word of %d cards or more is on the table yet.", s->need[seat]);
    json_object_set_new(h, "words", words);
    json_object_set_new(h, "count", json_integer(count));
}

/* Nothing on the table (a round's start, or the game's end): its sentence. */
static void empty_words(const shout_state *s, int seat, char *text, size_t len)
{
    if (s->phase == SH_OVER)
        snprintf(text, len, "The game is over.");
    else if (s->need[seat] > s->min_cards)
        snprintf(text, len, "Nothing is on the table yet. You won the last round, so this round "
                            "your words need %d cards or more.",
                 s->need[seat]);
    else
        snprintf(text, len, "Nothing is on the table yet: watch the cards as they are dealt, and "
                            "shout a word of %d cards or more.",
                 s->need[seat]);
}

json_t *ad_shout_hint(const ad_unit *u, const void *view, int seat, const char *const *names,
                      const ad_bot_opts *think, ad_rng *r, ad_err *err)
{
    const shout_state *s = view;
    (void)u;
    (void)names; /* it names nobody */
    (void)think; /* nothing hidden to sample: the table is face up */
    (void)r;
    if (ad_check_seat(seat, s->players, 0, err) < 0)
        return NULL;
    char before[512] = "", now[600], text[1200];
    json_t *h = json_pack("{s:i}", "need", s->need[seat]);
    if (s->phase == SH_OVER || (s->round > 0 && s->table_n == 0 && s->phase == SH_DEAL))
        json_object_update_new(h, left_words(s, seat, before, sizeof before));
    if (s->phase == SH_OVER && !before[0])
        snprintf(before, sizeof before, "No word was left on the table. ");
    if (s->phase != SH_OVER && s->table_n)
        table_part(s, seat, h, now, sizeof now);
    else
        empty_words(s, seat, now, sizeof now);
    snprintf(text, sizeof text, "%s%s", before, now);
    json_object_set_new(h, "kind", json_string(s->phase == SH_OVER ? "over"
                                               : s->table_n    ? "table"
                                                               : "empty"));
    json_object_set_new(h, "text", json_string(text));
    return h;
}
