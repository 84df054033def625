/*
 * liar_hint.c - the Liar coach (unit.h's ad_hint_fn), from the seat's view
 * alone.  Its answer, a JSON object:
 *   "kind"     which hint: "announce", "discard", "answer" or "wait"
 *   "text"     a sentence for a person (always)
 * "announce" and "discard": the seat holds the hand (to announce a word, or
 * to discard after accepting):
 *   "words"    up to 6 words the hand spells that may be announced now (for a
 *              discard: longer than the word accepted), longest first, then
 *              alphabetical; lowercase
 *   "count"    how many such words there are in all
 *   "longest"  the letters of the longest of them (0: none, a bluff it is)
 *   "min"      the fewest letters the next word may have
 *   "discard"  in the discard only: the card the strong player would let go
 *              (its search at the given think budget)
 *   "keeps"    the longest word the hand still spells without that card,
 *              longer than the word accepted (absent when none)
 * "answer": a word was announced to the seat, which believes it or says liar:
 *   "word"     the word; "from" the seat that announced it
 *   "true"     how likely the hand spells it, 0 to 1, as the strong player
 *              judges it (strong_liar.c's ad_liar_judge: its proof from what
 *              the seat knows, else its bluff model, which samples on its own
 *              fixed count): exactly 0 or 1 when proved, else between 0.001
 *              and 0.999; three decimal places
 *   "certain"  true when proved (0 or 1), false for odds
 * "wait": another seat's move: "text" only, what is going on.  A finished
 * game has nothing to hint: game_over.
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

/* The words listed for the text: "CHEATS, CHASTE and 3 more" (count in all). */
static void list_words(const json_t *words, int count, char *buf, size_t len)
{
    json_t *shown = json_array();
    for (size_t i = 0; i < json_array_size(words); i++) {
        char w[LI_WORD_MAX + 1];
        caps(json_string_value(json_array_get(words, i)), w, sizeof w);
        json_array_append_new(shown, json_string(w));
    }
    if (count > (int)json_array_size(words)) {
        char more[32];
        snprintf(more, sizeof more, "%d more", count - (int)json_array_size(words));
        json_array_append_new(shown, json_string(more));
    }
    ad_narrate_list(shown, buf, len);
    json_decref(shown);
}

/* In the discard: the strong player's card to let go ("discard"), and the
 * longest word the hand still spells without it ("keeps"), longer than the
 * word accepted; the sentence into buf. */
static void discard_part(const liar_state *s, int seat, const ad_bot_opts *think, ad_rng *r,
                         json_t *h, char *buf, size_t len)
{
    ad_bot_opts o = think ? *think : (ad_bot_opts){0};
    ad_action a;
    memset(&a, 0, sizeof a);
    ad_bot_strong_liar(s, seat, &o, r, &a);
    buf[0] = 0;
    if (a.type != LI_A_DISCARD || !s->hand[a.cards[0]])
        return;
    liar_state less = *s;
    less.hand[a.cards[0]]--;
    less.hand_n--;
    json_t *words = json_array();
    int longest, count = hand_spells(&less, s->word_len + 1, s->words->maxlen, words, &longest);
    const char *card = s->deck->kind[a.cards[0]];
    json_object_set_new(h, "discard", json_string(card));
    if (count) {
        const char *keeps = json_string_value(json_array_get(words, 0));
        char up[LI_WORD_MAX + 1];
        caps(keeps, up, sizeof up);
        json_object_set_new(h, "keeps", json_string(keeps));
        snprintf(buf, len, "Suggested: discard %s; without it your hand still spells %s. ", card,
                 up);
    } else {
        snprintf(buf, len, "Suggested: discard %s, the card least worth keeping. ", card);
    }
    json_decref(words);
}

/* The holder's hint: the words its hand spells that it may announce (and,
 * in the discard, the card to let go). */
static json_t *holder_hint(const liar_state *s, int seat, const ad_bot_opts *think, ad_rng *r)
{
    int min = s->word_len ? s->word_len + 1 : 1;
    int max = s->word_len ? s->words->maxlen : LI_FRESH_MAX, longest;
    json_t *words = json_array();
    int count = hand_spells(s, min, max, words, &longest);
    char hand[3 * LI_CARDS], list[256], word[LI_WORD_MAX + 1], than[64] = "";
    hand_words(s, hand, sizeof hand);
    list_words(words, count, list, sizeof list);
    caps(s->word, word, sizeof word);
    if (s->word_len)
        snprintf(than, sizeof than, " longer than %s", word);
    else
        snprintf(than, sizeof than, " of %d letters or fewer (a fresh hand)", LI_FRESH_MAX);
    json_t *h = json_object();
    char before[256] = "", text[1536];
    if (s->phase == LI_DISCARD) {
        char suggest[200];
        discard_part(s, seat, think, r, h, suggest, sizeof suggest);
        snprintf(before, sizeof before, "Discard one card, then draw two. %s", suggest);
    }
    if (count == 0)
        snprintf(text, sizeof text,
                 "%sYour hand (%s) spells no word%s: announce one anyway, a bluff, and hope it "
                 "is believed.",
                 before, hand, than);
    else
        snprintf(text, sizeof text, "%sYour hand (%s) spells %d word%s%s%s %s.", before, hand,
                 count, count == 1 ? "" : "s", than, count == 1 ? ":" : ", longest first:", list);
    json_object_update_new(h, json_pack("{s:s,s:s,s:o,s:i,s:i,s:i}", "kind",
                                        s->phase == LI_DISCARD ? "discard" : "announce", "text",
                                        text, "words", words, "count", count, "longest", longest,
                                        "min", min));
    return h;
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
static json_t *answer_hint(const liar_state *s, int seat, const char *const *names, ad_rng *r)
{
    liar_proof why;
    double p = ad_liar_judge(s, seat, r, &why);
    p = round(p * 1000) / 1000;
    if (!why.sure) /* odds, never a proof: only a proof reads 0 or 1 (as the claim coach's) */
        p = p < 0.001 ? 0.001 : p > 0.999 ? 0.999 : p;
    narrator n = {.g = &ad_game_liar, .players = s->players, .you = seat, .names = names};
    const char *who = ad_narrate_name(&n, s->announcer);
    char word[LI_WORD_MAX + 1], text[896], reason[256];
    caps(s->word, word, sizeof word);
    if (why.sure) {
        proof_words(&n, s, &why, word, reason, sizeof reason);
        snprintf(text, sizeof text, "%s's %s %s: %s.", who, word,
                 why.sure < 0 ? "cannot be true" : "is true for sure", reason);
    } else {
        const char *sense = p >= 0.7 ? "likely true" : p >= 0.3 ? "could go either way"
                                                                : "likely a bluff";
        char record[192] = ""; /* what the bluff model weighs: the announcer's record */
        int a = s->announcer;
        if (s->shown[a])
            snprintf(record, sizeof record, " %s's words called so far: %d, %d of them false.",
                     who, s->shown[a], s->lied[a]);
        snprintf(text, sizeof text,
                 "%s says the hand spells %s: as far as you can tell it is true %d%% of the "
                 "time (%s).%s",
                 who, word, (int)lround(p * 100), sense, record);
    }
    return json_pack("{s:s,s:s,s:s,s:i,s:f,s:b}", "kind", "answer", "text", text, "word", s->word,
                     "from", s->announcer, "true", p, "certain", why.sure != 0);
}

/* Another seat's move: what is going on, in words. */
static json_t *wait_hint(const liar_state *s, int seat, const char *const *names)
{
    narrator n = {.g = &ad_game_liar, .players = s->players, .you = seat, .names = names};
    char a[128], b[128], word[LI_WORD_MAX + 1], text[512]; /* a name: 24 characters of UTF-8 */
    const char *says = verb(&n, s->holder, "say", "says");
    snprintf(a, sizeof a, "%s", ad_narrate_name(&n, s->holder));
    snprintf(b, sizeof b, "%s", ad_narrate_name(&n, (s->holder + 1) % s->players));
    caps(s->word, word, sizeof word);
    if (s->phase == LI_RESPOND)
        snprintf(text, sizeof text, "%s %s the hand spells %s; %s believes it or says liar.", a,
                 says, word, b);
    else if (s->phase == LI_DISCARD)
        snprintf(text, sizeof text, "%s took the hand and discards a card.", a);
    else
        snprintf(text, sizeof text, "%s holds the hand and is choosing a word to announce.", a);
    return json_pack("{s:s,s:s}", "kind", "wait", "text", text);
}

json_t *ad_liar_hint(const ad_unit *u, const void *view, int seat, const char *const *names,
                     const ad_bot_opts *think, ad_rng *r, ad_err *err)
{
    const liar_state *s = view;
    (void)u;
    if (ad_check_seat(seat, s->players, s->phase == LI_OVER, err) < 0)
        return NULL;
    if (s->phase == LI_RESPOND && seat == (s->holder + 1) % s->players)
        return answer_hint(s, seat, names, r);
    if (s->phase != LI_RESPOND && seat == s->holder)
        return holder_hint(s, seat, think, r);
    return wait_hint(s, seat, names);
}
