/*
 * liar_hint.c - the Liar coach (unit.h's ad_hint_fn), from the seat's view
 * alone.  Its answer, a JSON object:
 *   "text"     a sentence for a person (always)
 * When the seat holds the hand (to announce, or to discard after accepting):
 *   "words"    up to 6 words the hand spells that may be announced now (for a
 *              discard: longer than the word accepted), longest first, then
 *              alphabetical; lowercase
 *   "count"    how many such words there are in all
 *   "longest"  the letters of the longest of them (0: none, a bluff it is)
 *   "min"      the fewest letters the next word may have
 * When a word was announced to the seat, which must believe it or say liar:
 *   "word"     the word; "from" the seat that announced it
 *   "true"     how likely the hand spells it, 0 to 1, as the strong player
 *              judges it (strong_liar.c's ad_liar_judge): exactly 0 or 1 when
 *              what the seat knows proves it
 *   "sure"     true when proved
 * Any other moment (another seat's turn) has nothing to hint: NULL and
 * not_your_turn; a finished game: game_over.
 */
#include <math.h>
#include <string.h>

#include "core/adjson.h"
#include "liar_unit.h"
#include "narrate/narrate_impl.h"

#define SHOWN_WORDS 6

/* The word in capitals, as the text shows words ("CHASE"). */
static void caps(const char *w, char *out, size_t len)
{
    size_t i = 0;
    for (; w[i] && i + 1 < len; i++)
        out[i] = (char)(w[i] - 'a' + 'A');
    out[i] = 0;
}

/* The hand as a list of its letters, for the text: "A E S T T". */
static void hand_words(const liar_state *s, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int k = 0; k < LI_LETTERS && used < len; k++)
        for (int c = 0; c < s->hand[k] && used < len; c++)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? " " : "",
                                     s->deck->kind[k]);
}

/* Every word the hand spells of min..max letters, longest first, then
 * alphabetical, into out (a JSON array of at most SHOWN_WORDS); returns how
 * many there are in all, and the longest's letters in *longest. */
static int hand_spells(const liar_state *s, int min, int max, json_t *out, int *longest)
{
    uint8_t cards[LI_CARDS];
    int n = 0, count = 0;
    for (int k = 0; k < LI_LETTERS; k++)
        for (int c = 0; c < s->hand[k]; c++)
            cards[n++] = (uint8_t)k; /* the lexicon's ids 0-25 are the letters */
    *longest = 0;
    ad_lex_results *res = ad_lex_results_new();
    if (!res || ad_lex_words(s->words->lex, cards, n, 1, res, NULL) < 0) {
        ad_lex_results_free(res);
        return 0;
    }
    ad_lex_results_sort(res, AD_LEX_LONGEST_FIRST);
    for (int i = 0; i < ad_lex_results_count(res); i++) {
        const char *w = ad_lex_results_word(res, i);
        int len = (int)strlen(w);
        if (len < min || len > max)
            continue;
        if (!count++)
            *longest = len;
        if (count <= SHOWN_WORDS)
            json_array_append_new(out, json_string(w));
    }
    ad_lex_results_free(res);
    return count;
}

/* The words listed for the text: "CHEATS, CHASTE and SACHET". */
static void list_words(const json_t *words, char *buf, size_t len)
{
    json_t *shown = json_array();
    for (size_t i = 0; i < json_array_size(words); i++) {
        char w[LI_WORD_MAX + 1];
        caps(json_string_value(json_array_get(words, i)), w, sizeof w);
        json_array_append_new(shown, json_string(w));
    }
    ad_narrate_list(shown, buf, len);
    json_decref(shown);
}

/* The holder's hint: the words its hand spells that it may announce. */
static json_t *holder_hint(const liar_state *s)
{
    int min = s->word_len ? s->word_len + 1 : 1;
    int max = s->word_len ? s->words->maxlen : LI_FRESH_MAX, longest;
    json_t *words = json_array();
    int count = hand_spells(s, min, max, words, &longest);
    char hand[3 * LI_CARDS], list[256], word[LI_WORD_MAX + 1], than[64] = "";
    hand_words(s, hand, sizeof hand);
    list_words(words, list, sizeof list);
    caps(s->word, word, sizeof word);
    if (s->word_len)
        snprintf(than, sizeof than, " longer than %s", word);
    else
        snprintf(than, sizeof than, " of %d letters or fewer (a fresh hand)", LI_FRESH_MAX);
    char text[768];
    const char *before = s->phase == LI_DISCARD ? "Discard one card, then draw two. " : "";
    if (count == 0)
        snprintf(text, sizeof text,
                 "%sYour hand (%s) spells no word%s: announce one anyway, a bluff, and hope it "
                 "is believed.",
                 before, hand, than);
    else
        snprintf(text, sizeof text, "%sYour hand (%s) spells %d word%s%s%s %s (%d letters).",
                 before, hand, count, count == 1 ? "" : "s", than,
                 count == 1 ? ":" : count <= SHOWN_WORDS ? "; longest first:" : "; the longest:",
                 list, longest);
    return json_pack("{s:s,s:o,s:i,s:i,s:i}", "text", text, "words", words, "count", count,
                     "longest", longest, "min", min);
}

/* Why the word is surely false, or surely true, in words. */
static void proof_words(const narrator *n, const liar_state *s, const liar_proof *why,
                        const char *word, char *buf, size_t len)
{
    char need[48], most[48];
    switch (why->how) {
    case LI_PROOF_LENGTH:
        snprintf(buf, len, "the hand has %d cards and %s has %d letters", why->most, word,
                 why->need);
        return;
    case LI_PROOF_LETTER:
        ad_narrate_count(n, why->need, s->deck->kind[why->letter], need, sizeof need);
        ad_narrate_count(n, why->most, s->deck->kind[why->letter], most, sizeof most);
        if (why->most == 0)
            snprintf(buf, len, "it needs %s, and none can be in the hand: you know where every %s is",
                     need, s->deck->kind[why->letter]);
        else
            snprintf(buf, len, "it needs %s, and the hand can hold at most %s: you know where the "
                               "others are",
                     need, most);
        return;
    case LI_PROOF_DRAWS:
        snprintf(buf, len, "when you passed the hand on it lacked %d of its letters, and only %d "
                           "cards have been drawn into it since",
                 why->need, why->most);
        return;
    default:
        snprintf(buf, len, "the hand you passed on spelled it, and too few cards have left it "
                           "since to lose a letter");
    }
}

/* The answerer's hint: how likely the word announced to the seat is true. */
static json_t *answer_hint(const liar_state *s, int seat, ad_rng *r)
{
    liar_proof why;
    double p = ad_liar_judge(s, seat, r, &why);
    p = round(p * 1000) / 1000;
    narrator n = {.g = &ad_game_liar, .players = s->players, .you = seat};
    const char *who = ad_narrate_name(&n, s->announcer);
    char word[LI_WORD_MAX + 1], text[512], reason[256];
    caps(s->word, word, sizeof word);
    if (why.sure) {
        proof_words(&n, s, &why, word, reason, sizeof reason);
        snprintf(text, sizeof text, "%s's %s %s: %s.", who, word,
                 why.sure < 0 ? "cannot be true" : "is true for sure", reason);
    } else {
        const char *sense = p >= 0.7 ? "likely true" : p >= 0.3 ? "could go either way"
                                                                : "likely a bluff";
        snprintf(text, sizeof text,
                 "%s says the hand spells %s: as far as you can tell it is true %d%% of the "
                 "time (%s).",
                 who, word, (int)lround(p * 100), sense);
    }
    return json_pack("{s:s,s:s,s:i,s:f,s:b}", "text", text, "word", s->word, "from", s->announcer,
                     "true", p, "sure", why.sure != 0);
}

json_t *ad_liar_hint(const ad_unit *u, const void *view, int seat, const ad_bot_opts *think,
                     ad_rng *r, ad_err *err)
{
    const liar_state *s = view;
    (void)u;
    (void)think; /* the judgement samples on its own fixed count, as the bot's does */
    if (ad_check_seat(seat, s->players, s->phase == LI_OVER, err) < 0)
        return NULL;
    if (s->phase == LI_RESPOND && seat == (s->holder + 1) % s->players)
        return answer_hint(s, seat, r);
    if (s->phase != LI_RESPOND && seat == s->holder)
        return holder_hint(s);
    narrator n = {.g = &ad_game_liar, .players = s->players, .you = seat};
    int turn = s->phase == LI_RESPOND ? (s->holder + 1) % s->players : s->holder;
    ad_err_set(err, AD_E_NOT_YOUR_TURN, "nothing to hint now: it is %s's turn",
               ad_narrate_name(&n, turn));
    return NULL;
}
