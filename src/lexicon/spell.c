/*
 * spell.c - membership, and whether cards spell a word.  A double card is
 * used as printed (its letters, in order, never split); a wild stands for
 * exactly one letter.  Of all the ways a hand spells a word, spell reports
 * one with the most cards and then the fewest wilds; it searches depth
 * first with a bound, on the stack, and allocates nothing.
 */
#include <string.h>

#include "lex.h"

int ad_lex_contains(const ad_lex *lex, const char *word)
{
    const uint32_t *cell = lex->cell;
    uint32_t e = 0, s = lex->root;
    for (const unsigned char *p = (const unsigned char *)word; *p; p++) {
        unsigned c = (unsigned)*p - 'a';
        uint32_t at = c < 26 ? lex_edge(cell, s, c) : 0;
        if (!at)
            return 0;
        e = cell[at];
        s = lex_target(e);
    }
    return (e & LEX_FINAL) != 0;
}

/* Far more steps than any real hand needs: a hand built to defeat the bound
 * (dozens of copies of the same double card) gets an error, not a hang. */
#define STEP_BUDGET (1L << 22)

typedef struct speller {
    const lex_cards *t;
    const char *word;
    int len, all, done;
    uint8_t count[AD_LEX_CARD_MAX];
    int left;    /* cards not used */
    int reach;   /* letters the unused cards cover at most */
    long steps;
    ad_lex_spelling cur, best;
    int found;
} speller;

static void spell_from(speller *s, int pos);

/* Puts card id on the word at pos (it matches) and goes on. */
static void use(speller *s, int pos, int id)
{
    int k = s->t->len[id];
    s->count[id]--;
    s->left--;
    s->reach -= k;
    s->cur.card[s->cur.n] = (uint8_t)id;
    s->cur.as[s->cur.n] = id == AD_LEX_WILD ? s->word[pos] : 0;
    s->cur.n++;
    s->cur.wilds += id == AD_LEX_WILD;
    spell_from(s, pos + k);
    s->cur.n--;
    s->cur.wilds -= id == AD_LEX_WILD;
    s->reach += k;
    s->left++;
    s->count[id]++;
}

/* Whether the search below pos can still give something better. */
static int hopeless(const speller *s, int pos)
{
    int rest = s->len - pos;
    if (s->reach < rest || (s->all && s->reach != rest))
        return 1;
    if (!s->found)
        return 0;
    int most = s->cur.n + (rest < s->left ? rest : s->left);
    return most < s->best.n || (most == s->best.n && s->cur.wilds >= s->best.wilds);
}

static void spell_from(speller *s, int pos)
{
    if (s->done || ++s->steps > STEP_BUDGET || hopeless(s, pos))
        return;
    if (pos == s->len) {
        if ((!s->all || s->left == 0) && (!s->found || lex_better(&s->cur, &s->best))) {
            s->best = s->cur;
            s->found = 1;
            s->done = s->all; /* every card used: nothing can be better */
        }
        return;
    }
    int c = s->word[pos] - 'a';
    if (s->count[c])
        use(s, pos, c);
    /* a wild for a letter whose own card is left could swap with it */
    if (s->count[AD_LEX_WILD] && !s->count[c])
        use(s, pos, AD_LEX_WILD);
    for (int id = AD_LEX_WILD + 1; id < s->t->n; id++)
        if (s->count[id] && strncmp(s->word + pos, s->t->letters[id], s->t->len[id]) == 0)
            use(s, pos, id);
}

/* A claim: the cards in word order, every one used. */
static int spell_in_order(const lex_cards *t, const char *word, int len, const uint8_t *cards,
                          int n, ad_lex_spelling *out)
{
    int pos = 0;
    out->n = n;
    out->wilds = 0;
    for (int i = 0; i < n; i++) {
        int id = cards[i], k = t->len[id];
        if (pos + k > len)
            return 0;
        if (id == AD_LEX_WILD)
            out->wilds++;
        else if (strncmp(word + pos, t->letters[id], (size_t)k) != 0)
            return 0;
        out->card[i] = (uint8_t)id;
        out->as[i] = id == AD_LEX_WILD ? word[pos] : 0;
        pos += k;
    }
    return pos == len;
}

static int word_length(const char *word, ad_err *err)
{
    size_t len = word ? strnlen(word, AD_LEX_WORD_MAX) : 0;
    for (size_t i = 0; i < len; i++)
        if (word[i] < 'a' || word[i] > 'z')
            return ad_err_set(err, AD_E_BAD_WORD, "a word is lowercase letters a-z only");
    if (len == 0 || len >= AD_LEX_WORD_MAX)
        return ad_err_set(err, AD_E_BAD_WORD, "a word has 1 to %d letters", AD_LEX_WORD_MAX - 1);
    return (int)len;
}

int ad_lex_spell(const char *word, const uint8_t *cards, int n, int flags, ad_lex_spelling *out,
                 ad_err *err)
{
    int len = word_length(word, err);
    if (len < 0 || ad_lex_cards_check(cards, n, err) < 0)
        return -1;
    speller s;
    memset(&s, 0, sizeof s);
    s.t = ad_lex_cards_get();
    if (flags & AD_LEX_IN_ORDER) {
        int ok = spell_in_order(s.t, word, len, cards, n, &s.best);
        if (ok && out)
            *out = s.best;
        return ok;
    }
    s.word = word;
    s.len = len;
    s.all = (flags & AD_LEX_ALL_CARDS) != 0;
    s.left = n;
    for (int i = 0; i < n; i++) {
        s.count[cards[i]]++;
        s.reach += s.t->len[cards[i]];
    }
    spell_from(&s, 0);
    if (s.steps > STEP_BUDGET && !s.done)
        return ad_err_set(err, AD_E_BAD_CARD, "too many ways to try to spell \"%s\" with %d cards",
                          word, n);
    if (s.found && out)
        *out = s.best;
    return s.found;
}
