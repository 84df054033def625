/*
 * cards.c - the cards the lexicon speaks in: the 26 letters, the wild, and
 * every multi-letter face of the shout deck (data/decks/shout.txt), so a new
 * double card is a line of data, not code.  The table is made once, under
 * pthread_once, and is read-only after that.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "lex.h"

static lex_cards table;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void add_card(const char *name, const char *letters)
{
    int id = table.n++;
    snprintf(table.name[id], sizeof table.name[id], "%s", name);
    snprintf(table.letters[id], sizeof table.letters[id], "%s", letters);
    table.len[id] = (uint8_t)(letters[0] ? strlen(letters) : 1);
}

/* A face of two or more letters A-Z becomes a card; single letters and the
 * wild are there already, and anything else is not a letter card. */
static void add_multi(const char *face)
{
    char low[8];
    size_t len = strlen(face);
    if (len < 2 || len >= sizeof low || table.n == AD_LEX_CARD_MAX)
        return;
    for (size_t i = 0; i <= len; i++) {
        if (face[i] && (face[i] < 'A' || face[i] > 'Z'))
            return;
        low[i] = (char)tolower((unsigned char)face[i]);
    }
    add_card(face, low);
}

static void make_table(void)
{
    for (int c = 0; c < 26; c++) {
        char name[2] = {(char)('A' + c), 0}, letters[2] = {(char)('a' + c), 0};
        add_card(name, letters);
    }
    add_card("*", "");
    /* every face counts, whatever its class: the lexicon only needs names */
    const ad_deck *d = ad_deck_get("shout");
    for (int k = 0; d && k < d->nkinds; k++)
        if (d->copies[k] > 0)
            add_multi(d->kind[k]);
}

const lex_cards *ad_lex_cards_get(void)
{
    pthread_once(&table_once, make_table);
    return &table;
}

int ad_lex_card_count(void)
{
    return ad_lex_cards_get()->n;
}

int ad_lex_card(const char *name)
{
    const lex_cards *t = ad_lex_cards_get();
    char up[8];
    size_t len = name ? strlen(name) : 0;
    if (len == 0 || len >= sizeof up)
        return -1;
    for (size_t i = 0; i <= len; i++)
        up[i] = (char)toupper((unsigned char)name[i]);
    for (int id = 0; id < t->n; id++)
        if (strcmp(t->name[id], up) == 0)
            return id;
    return -1;
}

const char *ad_lex_card_name(int id)
{
    const lex_cards *t = ad_lex_cards_get();
    return id >= 0 && id < t->n ? t->name[id] : NULL;
}

const char *ad_lex_card_letters(int id)
{
    const lex_cards *t = ad_lex_cards_get();
    return id >= 0 && id < t->n ? t->letters[id] : NULL;
}

int ad_lex_cards_check(const uint8_t *cards, int n, ad_err *err)
{
    int ncards = ad_lex_cards_get()->n;
    if (n < 0 || n > AD_LEX_HAND_MAX)
        return ad_err_set(err, AD_E_BAD_CARD, "a query takes 0 to %d cards, not %d",
                          AD_LEX_HAND_MAX, n);
    for (int i = 0; i < n; i++)
        if (cards[i] >= ncards)
            return ad_err_set(err, AD_E_BAD_CARD, "card id %d does not exist", cards[i]);
    return 0;
}

/* The names of the multi-letter cards, for an error message. */
static void multi_names(char *out, size_t size)
{
    const lex_cards *t = ad_lex_cards_get();
    size_t used = 0;
    out[0] = 0;
    for (int id = AD_LEX_WILD + 1; id < t->n && used + 8 < size; id++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? " " : "", t->name[id]);
}

static int bad_card(const char *name, size_t len, ad_err *err)
{
    char multis[AD_LEX_CARD_MAX * 4];
    multi_names(multis, sizeof multis);
    return ad_err_set(err, AD_E_BAD_CARD,
                      "there is no card \"%.*s\": a card is a letter, a double card (%s) or * "
                      "for a wild",
                      (int)(len > 20 ? 20 : len), name, multis);
}

int ad_lex_cards_parse(const char *text, uint8_t *cards, int max, ad_err *err)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        p += strspn(p, " \t\n,");
        size_t len = strcspn(p, " \t\n,");
        if (len == 0)
            return n;
        char name[8];
        int id = -1;
        if (len < sizeof name) {
            memcpy(name, p, len);
            name[len] = 0;
            id = ad_lex_card(name);
        }
        if (id < 0)
            return bad_card(p, len, err);
        if (n == max)
            return ad_err_set(err, AD_E_BAD_CARD, "at most %d cards at a time", max);
        cards[n++] = (uint8_t)id;
        p += len;
    }
}
