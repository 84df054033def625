/*
 * words_http.c - GET /api/words/<family|full>/<word>[,<word>...]: each word
 * looked up in a table's dictionary (the family dictionary, or the full one
 * of a table made with words "full"), answered by the library's family
 * dictionary (src/games/family.c): whether it is in, whether it is a common
 * word, and that in words.  The end of a Liar or Shout game asks it for the
 * words the computer players said and for any word a person wants to check;
 * nothing is asked of anything but the library.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "games/dict.h"
#include "server.h"

#define WORDS_MAX 64   /* words in one request */
#define WORD_LETTERS 31 /* the longest word a game takes */

static int refuse(char **body, const char *why)
{
    *body = srv_refusal_text("bad_word", why);
    return 400;
}

/* One word of the list, lowercased into out; 0 when it is no word. */
static int one_word(const char *p, size_t n, char *out)
{
    if (n == 0 || n > WORD_LETTERS)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (!isalpha((unsigned char)p[i]) || (unsigned char)p[i] > 127)
            return 0;
        out[i] = (char)tolower((unsigned char)p[i]);
    }
    out[n] = 0;
    return 1;
}

int api_words(const char *rest, char **body)
{
    int full = strncmp(rest, "full/", 5) == 0;
    if (!full && strncmp(rest, "family/", 7) != 0)
        return refuse(body, "ask /api/words/family/WORD or /api/words/full/WORD");
    const char *p = rest + (full ? 5 : 7);
    json_t *list = json_array();
    for (int n = 0; *p; n++) {
        size_t len = strcspn(p, ",");
        char word[WORD_LETTERS + 1];
        if (n == WORDS_MAX || !one_word(p, len, word)) {
            json_decref(list);
            return refuse(body, "a word is 1 to 31 letters a-z; at most 64 words, separated by "
                                "commas");
        }
        json_array_append_new(list, ad_family_lookup_json(word, full));
        p += len + (p[len] == ',');
    }
    if (json_array_size(list) == 0) {
        json_decref(list);
        return refuse(body, "name a word to look up");
    }
    json_t *j = json_pack("{s:s,s:o}", "dictionary", ad_words_option_names[full], "words", list);
    *body = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return *body ? 200 : 500;
}
