/*
 * view_text.h - a table's view as JSON text, written straight into a
 * writer (core/jsonw.h) for the server's hot path: the same bytes as
 * ad_table_view_json's tree dumped compact.  A game with a writer of its
 * own (the claim games) writes it without a tree; the others go through
 * their tree.  Not part of the public API.
 */
#ifndef AD_GAMES_VIEW_TEXT_H
#define AD_GAMES_VIEW_TEXT_H

#include "alphadeck/alphadeck.h"
#include "core/jsonw.h"

/* seat's view of t (a seat, AD_GOD or AD_PUBLIC), appended to w. */
void ad_table_view_text(const ad_table *t, int seat, ad_jw *w);
/* A view of g's (made by its .view) appended to w: g's own writer when it
 * has one, else its tree's text (g->view_json). */
void ad_view_state_text(const ad_game *g, const void *view, ad_jw *w);
/* A claim game's view (made by its .view) appended to w (claim_text.c). */
void ad_claim_view_text(const ad_game *g, const void *view, ad_jw *w);
/* An action of a state's (g->action_to_json's tree) as compact text
 * appended to w: the claim games' without a tree (ad_claim_action_text). */
void ad_action_text(const ad_game *g, const void *st, const ad_action *a, ad_jw *w);
void ad_claim_action_text(const void *st, const ad_action *a, ad_jw *w);

/* A claim game's public view appended to w, with cut[4]: where the
 * viewer's own parts go in it (claim_text.c), for ad_claim_view_seat. */
void ad_claim_view_pub(const ad_game *g, const void *view, ad_jw *w, size_t cut[4]);
/* A seat's view (made by .view for that seat) appended to w: the public
 * text pub (ad_claim_view_pub's, with its cuts) with the seat's own parts. */
void ad_claim_view_seat(const void *seat_view, const ad_jw *pub, const size_t cut[4], ad_jw *w);

/* The public part of one position's views, written once and shared by
 * every seat's (the server writes a view a seat at every update): zero it
 * (ad_view_share_reset) when the position changes. */
typedef struct {
    ad_jw pub;     /* the public view's text */
    size_t cut[4]; /* ad_claim_view_pub's */
    int ready;     /* 1: pub is this position's */
} ad_view_share;
void ad_view_share_reset(ad_view_share *sh);
/* ad_table_view_text, the same bytes, with the public part from sh (made
 * there at the first call after a reset) for the games that share it. */
void ad_table_view_text_shared(const ad_table *t, int seat, ad_view_share *sh, ad_jw *w);

/* The public view as far as read-aloud lines read it (narrate.h's
 * ad_aloud_*): a claim game's few fields (ad_claim_aloud_view), the whole
 * public view's tree for the others; the same lines either way. */
json_t *ad_table_aloud_view(const ad_table *t);
json_t *ad_claim_aloud_view(const ad_game *g, const void *view);

#endif
