/*
 * each.c - walks every word of a lexicon, in alphabetical order, by a
 * depth-first walk of the DAWG with an explicit stack (no recursion, no
 * allocation): a word ends where an edge carries LEX_FINAL.
 */
#include "lex.h"

int ad_lex_each(const ad_lex *lex, ad_lex_each_fn fn, void *ctx)
{
    uint32_t state[AD_LEX_WORD_MAX];
    unsigned next[AD_LEX_WORD_MAX]; /* the next letter to try at each depth */
    char word[AD_LEX_WORD_MAX];
    int depth = 0, n = 0;
    state[0] = lex->root;
    next[0] = 0;
    while (depth >= 0) {
        uint32_t s = state[depth];
        unsigned c = next[depth];
        uint32_t mask = s ? lex->cell[s] : 0;
        while (c < 26 && !((mask >> c) & 1))
            c++;
        if (c == 26 || depth == AD_LEX_WORD_MAX - 1) {
            depth--;
            continue;
        }
        next[depth] = c + 1;
        uint32_t e = lex->cell[lex_edge(lex->cell, s, c)];
        word[depth] = (char)('a' + c);
        if (e & LEX_FINAL) {
            word[depth + 1] = 0;
            n++;
            int rc = fn(word, depth + 1, ctx);
            if (rc)
                return rc;
        }
        if (lex_target(e)) {
            depth++;
            state[depth] = lex_target(e);
            next[depth] = 0;
        }
    }
    return 0;
}
