/*
 * shout_cards.c - a typed word to Shout's table cards (see shout_cards.h).
 * The library says which faces spell the word; each face is then matched
 * to the first table card of that face not used yet.
 */
#include "shout_cards.h"

#include <stdio.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/lexicon.h"

#define TABLE_MAX AD_LEX_HAND_MAX

int shout_table_spell(const json_t *table, const char *word, int *ids, int max)
{
    uint8_t faces[TABLE_MAX];
    size_t at[TABLE_MAX]; /* where each face is on the table */
    int n = 0;
    for (size_t i = 0; i < json_array_size(table) && n < TABLE_MAX; i++) {
        const char *name = json_string_value(json_object_get(json_array_get(table, i), "card"));
        int face = name ? ad_lex_card(name) : -1;
        if (face >= 0) {
            at[n] = i;
            faces[n++] = (uint8_t)face;
        }
    }
    ad_lex_spelling how;
    if (ad_lex_spell(word, faces, n, 0, &how, NULL) != 1 || how.n > max)
        return 0;
    uint8_t used[TABLE_MAX] = {0};
    for (int k = 0; k < how.n; k++)
        for (int i = 0; i < n; i++)
            if (!used[i] && faces[i] == how.card[k]) {
                used[i] = 1;
                ids[k] = (int)json_integer_value(json_object_get(json_array_get(table, at[i]), "id"));
                break;
            }
    return how.n;
}

json_t *shout_word_claim(const json_t *view, int seat, const char *word, char *why, size_t len)
{
    int ids[AD_ACTION_MAX_CARDS];
    int cards = shout_table_spell(json_object_get(view, "table"), word, ids, AD_ACTION_MAX_CARDS);
    int need = (int)json_integer_value(json_array_get(json_object_get(view, "need"), (size_t)seat));
    if (cards == 0) {
        snprintf(why, len, "The table cannot spell \"%s\".", word);
        return NULL;
    }
    if (cards < need) {
        snprintf(why, len, "\"%s\" takes only %d card%s here; a word needs %d.", word, cards,
                 cards == 1 ? "" : "s", need);
        return NULL;
    }
    json_t *list = json_array();
    for (int i = 0; i < cards; i++)
        json_array_append_new(list, json_integer(ids[i]));
    return json_pack("{s:s,s:o,s:s}", "type", "claim", "cards", list, "word", word);
}
