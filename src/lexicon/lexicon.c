/*
 * lexicon.c - loading a lexicon: the SCOWL lists (from the index `make`
 * built when one is found, else built here), any plain word list, or an
 * index file; and letting it go.  Whatever the source, the result is the
 * same read-only trie, and a failed load leaves nothing behind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "lex.h"

/* Builds from text (modified in place); info's source is set by the caller. */
static ad_lex *from_text(char *text, size_t len, ad_err *err)
{
    lex_list l;
    ad_lex_info info;
    memset(&info, 0, sizeof info);
    if (ad_lex_list_from_text(text, len, &l, &info, err) < 0)
        return NULL;
    ad_lex *lex = ad_lex_build(&l, err);
    if (lex) {
        lex->info.skipped = info.skipped;
        lex->info.first_skipped = info.first_skipped;
    }
    free(l.word);
    free(l.len);
    return lex;
}

ad_lex *ad_lex_load_scowl(int size, int flags, ad_err *err)
{
    if (!(flags & AD_LEX_BUILD)) {
        ad_lex *lex = ad_lex_find_index(size);
        if (lex)
            return lex;
    }
    char source[sizeof(((ad_lex_info *)0)->source)];
    size_t len;
    char *text = ad_lex_scowl_text(size, &len, source, sizeof source, err);
    if (!text)
        return NULL;
    ad_lex *lex = from_text(text, len, err);
    free(text);
    if (lex) {
        snprintf(lex->key, sizeof lex->key, "scowl-%d", size);
        snprintf(lex->info.source, sizeof lex->info.source, "%s", source);
    }
    return lex;
}

ad_lex *ad_lex_load_default(ad_err *err)
{
    return ad_lex_load_scowl(AD_LEX_DEFAULT_SIZE, 0, err);
}

ad_lex *ad_lex_load_common(ad_err *err)
{
    return ad_lex_load_scowl(AD_LEX_COMMON_SIZE, 0, err);
}

/* Puts "path: " before the words of an error about a file's content. */
static void name_file(ad_err *err, const char *path)
{
    if (!err || err->code == AD_E_IO)
        return;
    char text[sizeof err->text];
    snprintf(text, sizeof text, "%s", err->text);
    ad_err_set(err, err->code, "%.100s: %s", path, text);
}

ad_lex *ad_lex_load_file(const char *path, ad_err *err)
{
    size_t len;
    char *text = ad_lex_read_file(path, &len, err);
    if (!text)
        return NULL;
    ad_lex *lex = from_text(text, len, err);
    free(text);
    if (!lex) {
        name_file(err, path);
        return NULL;
    }
    snprintf(lex->info.source, sizeof lex->info.source, "%s", path);
    return lex;
}

ad_lex *ad_lex_load_text(const char *text, size_t len, ad_err *err)
{
    char *copy = malloc(len + 1);
    if (!copy) {
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
        return NULL;
    }
    memcpy(copy, text, len);
    copy[len] = 0;
    ad_lex *lex = from_text(copy, len, err);
    free(copy);
    if (lex)
        snprintf(lex->info.source, sizeof lex->info.source, "a word list in memory");
    return lex;
}

void ad_lex_free(ad_lex *lex)
{
    if (!lex)
        return;
    ad_lex_sigs_free(atomic_load(&lex->sigs));
    if (lex->mem_len)
        munmap(lex->mem, lex->mem_len);
    else
        free(lex->mem);
    free(lex);
}

void ad_lex_describe(const ad_lex *lex, ad_lex_info *out)
{
    *out = lex->info;
}
