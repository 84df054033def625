/*
 * view_text.c - ad_table_view_text (view_text.h): the view made on the
 * stack, then written by the game's own writer when it has one.
 */
#include <stdlib.h>
#include <string.h>

#include "view_text.h"

void ad_view_state_text(const ad_game *g, const void *view, ad_jw *w)
{
    if (g->family && strcmp(g->family, "claim") == 0) {
        ad_claim_view_text(g, view, w);
    } else {
        json_t *j = g->view_json(view);
        ad_jw_tree(w, j);
        json_decref(j);
    }
}

void ad_table_view_text(const ad_table *t, int seat, ad_jw *w)
{
    const ad_game *g = ad_table_game(t);
    /* on the stack, as ad_table_view_json does: a 2.4-KB malloc each time
     * made malloc gather its free lists */
    _Alignas(max_align_t) unsigned char buf[4096];
    void *v = g->state_size <= sizeof buf ? buf : malloc(g->state_size);
    if (!v) {
        w->oom = 1;
        return;
    }
    g->view(ad_table_state(t), seat, v);
    ad_view_state_text(g, v, w);
    if (v != buf)
        free(v);
}

json_t *ad_table_aloud_view(const ad_table *t)
{
    const ad_game *g = ad_table_game(t);
    _Alignas(max_align_t) unsigned char buf[4096];
    if (!(g->family && strcmp(g->family, "claim") == 0) || g->state_size > sizeof buf)
        return ad_table_view_json(t, AD_PUBLIC);
    g->view(ad_table_state(t), AD_PUBLIC, buf);
    return ad_claim_aloud_view(g, buf);
}
