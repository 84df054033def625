/*
 * shout_cards.c - a typed word to Shout's table cards (see shout_cards.h).
 * The library says which faces spell the word; each face is then matched
 * to the first table card of that face not used yet.
 */
#include "shout_cards.h"

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
