/*
 * view_text.c - ad_table_view_text (view_text.h): the view made on the
 * stack, then written by the game's own writer when it has one.
 */
#include <stdlib.h>
#include <string.h>

#include "view_text.h"

static int is_claim(const ad_game *g)
{
    return g->family && strcmp(g->family, "claim") == 0;
}

void ad_view_state_text(const ad_game *g, const void *view, ad_jw *w)
{
    if (is_claim(g)) {
        ad_claim_view_text(g, view, w);
    } else {
        json_t *j = g->view_json(view);
        ad_jw_tree(w, j);
        json_decref(j);
    }
}

void ad_action_text(const ad_game *g, const void *st, const ad_action *a, ad_jw *w)
{
    if (is_claim(g)) {
        ad_claim_action_text(st, a, w);
        return;
    }
    json_t *j = g->action_to_json(st, a);
    ad_jw_tree(w, j);
    json_decref(j);
}

void ad_view_share_reset(ad_view_share *sh)
{
    ad_jw_reset(&sh->pub);
    sh->ready = 0;
}

/* The claim views the server sends are the same bytes as their public one
 * but in a seat's own parts: those written from the seat's own view, the
 * rest copied (writing each seat's whole view was 4.7% of the server's
 * time under load, 2026-11-28). */
void ad_table_view_text_shared(const ad_table *t, int seat, ad_view_share *sh, ad_jw *w)
{
    const ad_game *g = ad_table_game(t);
    _Alignas(max_align_t) unsigned char buf[4096];
    if (!is_claim(g) || g->state_size > sizeof buf || seat == AD_GOD) {
        ad_table_view_text(t, seat, w);
        return;
    }
    if (!sh->ready) {
        ad_jw_reset(&sh->pub);
        g->view(ad_table_state(t), AD_PUBLIC, buf);
        ad_claim_view_pub(g, buf, &sh->pub, sh->cut);
        sh->ready = 1;
    }
    if (sh->pub.oom) {
        w->oom = 1;
        return;
    }
    if (seat < 0) {
        ad_jw_raw(w, sh->pub.p, sh->pub.n);
        return;
    }
    g->view(ad_table_state(t), seat, buf);
    ad_claim_view_seat(buf, &sh->pub, sh->cut, w);
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
    if (!is_claim(g) || g->state_size > sizeof buf)
        return ad_table_view_json(t, AD_PUBLIC);
    g->view(ad_table_state(t), AD_PUBLIC, buf);
    return ad_claim_aloud_view(g, buf);
}
