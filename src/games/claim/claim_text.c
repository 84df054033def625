/*
 * claim_text.c - a claim game's view (No Way, I Doubt It) written straight
 * as JSON text by the writer of core/jsonw.h, for the server's hot path:
 * the same bytes as claim_view_json's tree dumped compact (the unit test
 * test_view_text checks it over thousands of random positions, every
 * seat), without a tree of some 150 jansson values to build and free for
 * every seat at every update.
 */
#include <string.h>

#include "claim.h"
#include "core/adjson.h"
#include "core/jsonw.h"
#include "games/view_text.h"

static const char *const phase_names[] = {"play", "challenge", "over"};
static const char *const action_names[] = {NULL, "play", "pass", "challenge"};

/* ,"key": (the first key of an object writes its own '{'). */
#define KEY(w, k) ad_jw_raw(w, ",\"" k "\":", sizeof(k) + 3)

static void put_name(ad_jw *w, const char *s)
{
    ad_jw_str(w, s, strlen(s));
}

static void put_int_or_null(ad_jw *w, int v)
{
    if (v >= 0)
        ad_jw_int(w, v);
    else
        ad_jw_raw(w, "null", 4);
}

/* [names] of n cards (ad_json_cards). */
static void put_cards(ad_jw *w, const ad_deck *d, const uint8_t *kinds, int n)
{
    ad_jw_raw(w, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            ad_jw_raw(w, ",", 1);
        put_name(w, d->kind[kinds[i]]);
    }
    ad_jw_raw(w, "]", 1);
}

/* [names] from counts by kind, in deck order (ad_json_counts). */
static void put_counts(ad_jw *w, const ad_deck *d, const uint8_t *counts, int nkinds)
{
    int first = 1;
    ad_jw_raw(w, "[", 1);
    for (int k = 0; k < nkinds; k++)
        for (int c = 0; c < counts[k]; c++) {
            if (!first)
                ad_jw_raw(w, ",", 1);
            first = 0;
            put_name(w, d->kind[k]);
        }
    ad_jw_raw(w, "]", 1);
}

/* [rows of counts], one a seat. */
static void put_rows(ad_jw *w, const ad_deck *d, const uint8_t (*rows)[CC_KINDS], int n,
                     int nkinds)
{
    ad_jw_raw(w, "[", 1);
    for (int p = 0; p < n; p++) {
        if (p)
            ad_jw_raw(w, ",", 1);
        put_counts(w, d, rows[p], nkinds);
    }
    ad_jw_raw(w, "]", 1);
}

/* [numbers], int-typed through long long so every field width fits. */
#define PUT_INTS(w, arr, n)                                                                      \
    do {                                                                                         \
        ad_jw_raw(w, "[", 1);                                                                    \
        for (int i_ = 0; i_ < (n); i_++) {                                                       \
            if (i_)                                                                              \
                ad_jw_raw(w, ",", 1);                                                            \
            ad_jw_int(w, (long long)(arr)[i_]);                                                  \
        }                                                                                        \
        ad_jw_raw(w, "]", 1);                                                                    \
    } while (0)

static void put_seats(ad_jw *w, uint32_t mask, int players)
{
    int first = 1;
    ad_jw_raw(w, "[", 1);
    for (int s = 0; s < players; s++)
        if (mask & (1u << s)) {
            if (!first)
                ad_jw_raw(w, ",", 1);
            first = 0;
            ad_jw_int(w, s);
        }
    ad_jw_raw(w, "]", 1);
}

/* The last accepted action and its public outcome (claim.c's last_json). */
static void put_last(ad_jw *w, const claim_state *s)
{
    if (s->last.seat < 0) {
        ad_jw_raw(w, "null", 4);
        return;
    }
    const ad_deck *d = s->deck;
    ad_jw_raw(w, "{\"seat\":", 8);
    ad_jw_int(w, s->last.seat);
    ad_jw_raw(w, ",\"action\":{\"type\":", 18);
    put_name(w, action_names[s->last.type]);
    if (s->last.type == CC_A_PLAY && s->claim_seat == s->last.seat) {
        KEY(w, "count");
        ad_jw_int(w, s->claim_n);
        KEY(w, "say");
        put_name(w, d->class_name[s->claim_say]);
    }
    ad_jw_raw(w, "}", 1);
    if (s->last.settled) {
        ad_jw_raw(w, ",\"outcome\":{\"cards\":", 20);
        put_cards(w, d, s->last.rev, s->last.nrev);
        KEY(w, "true");
        ad_jw_raw(w, s->last.truthful ? "true" : "false", s->last.truthful ? 4 : 5);
        KEY(w, "taker");
        put_int_or_null(w, s->last.taker);
        KEY(w, "taken");
        ad_jw_int(w, s->last.taken);
        KEY(w, "challenger");
        put_int_or_null(w, s->last.challenger);
        ad_jw_raw(w, "}", 1);
    }
    ad_jw_raw(w, "}", 1);
}

/* The claim under challenge, its cards to its claimer alone. */
static void put_claim(ad_jw *w, const claim_state *s)
{
    const ad_deck *d = s->deck;
    ad_jw_raw(w, "{\"seat\":", 8);
    ad_jw_int(w, s->claim_seat);
    KEY(w, "count");
    ad_jw_int(w, s->claim_n);
    KEY(w, "say");
    put_name(w, d->class_name[s->claim_say]);
    KEY(w, "called");
    put_name(w, d->class_name[s->claim_call]);
    if (s->viewer == AD_GOD || s->viewer == s->claim_seat) {
        KEY(w, "cards");
        put_cards(w, d, s->claim_cards, s->claim_n);
    }
    ad_jw_raw(w, "}", 1);
}

/* I Doubt It's match: points, the deal, the draw for dealer. */
static void put_match(ad_jw *w, const claim_state *s)
{
    int n = s->players, drew = 0;
    KEY(w, "allow_pass");
    ad_jw_raw(w, s->allow_pass ? "true" : "false", s->allow_pass ? 4 : 5);
    KEY(w, "target");
    ad_jw_int(w, s->target);
    KEY(w, "deal");
    ad_jw_int(w, s->deal_no);
    for (int p = 0; p < n; p++)
        drew |= s->draw[p] >= 0;
    if (!drew || s->deal_no != 1)
        return;
    KEY(w, "draw");
    ad_jw_raw(w, "[", 1);
    for (int p = 0; p < n; p++) {
        if (p)
            ad_jw_raw(w, ",", 1);
        if (s->draw[p] >= 0)
            put_name(w, s->deck->kind[s->draw[p]]);
        else
            ad_jw_raw(w, "null", 4);
    }
    ad_jw_raw(w, "]", 1);
}

/* The cards seen by the viewer: every hand (the all-seeing view), its own
 * hand and laid row (a seat), nothing (a watcher). */
static void put_hidden(ad_jw *w, const claim_state *s)
{
    const ad_deck *d = s->deck;
    if (s->viewer == AD_GOD) {
        KEY(w, "hands");
        put_rows(w, d, s->hand, s->players, s->nkinds);
        KEY(w, "pile");
        put_counts(w, d, s->pile, s->nkinds);
        KEY(w, "laid");
        put_rows(w, d, s->laid, s->players, s->nkinds);
    } else if (s->viewer >= 0) {
        KEY(w, "hand");
        put_counts(w, d, s->hand[s->viewer], s->nkinds);
        KEY(w, "laid");
        put_counts(w, d, s->laid[s->viewer], s->nkinds);
    }
}

/* w's length past base, into cut[i] when cuts are asked for. */
static void mark_cut(const ad_jw *w, size_t base, size_t *cut, int i)
{
    if (cut)
        cut[i] = w->n - base;
}

/* The view, and, when cut is not NULL, where the viewer's own parts are in
 * it (ad_claim_view_pub's cuts). */
static void view_text_cut(const ad_game *g, const void *view, ad_jw *w, size_t *cut)
{
    const claim_state *s = view;
    const ad_deck *d = s->deck;
    int n = s->players;
    size_t base = w->n;
    ad_jw_raw(w, "{\"game\":", 8);
    put_name(w, s->rules->id);
    KEY(w, "players");
    ad_jw_int(w, n);
    KEY(w, "seat");
    mark_cut(w, base, cut, 0);
    put_int_or_null(w, s->viewer);
    mark_cut(w, base, cut, 1);
    KEY(w, "phase");
    put_name(w, phase_names[s->phase]);
    KEY(w, "to_act");
    put_seats(w, g->to_act(s), n);
    mark_cut(w, base, cut, 2);
    put_hidden(w, s);
    KEY(w, "hand_counts");
    PUT_INTS(w, s->count, n);
    KEY(w, "scores");
    PUT_INTS(w, s->score, n);
    KEY(w, "seen");
    put_rows(w, d, s->known, n, s->nkinds);
    KEY(w, "shown");
    PUT_INTS(w, s->shown, n);
    KEY(w, "lied");
    PUT_INTS(w, s->lied, n);
    KEY(w, "winner");
    if (s->phase == CC_OVER)
        ad_jw_int(w, s->winner);
    else
        ad_jw_raw(w, "null", 4);
    KEY(w, "last");
    put_last(w, s);
    KEY(w, "dealer");
    ad_jw_int(w, s->dealer);
    KEY(w, "turn");
    ad_jw_int(w, s->turn);
    KEY(w, "call");
    put_name(w, d->class_name[s->call]);
    KEY(w, "max_cards");
    ad_jw_int(w, s->maxplay);
    KEY(w, "pile_count");
    ad_jw_int(w, s->pile_n);
    KEY(w, "turns");
    ad_jw_int(w, s->turns);
    KEY(w, "max_turns");
    ad_jw_int(w, s->max_turns);
    KEY(w, "packs");
    ad_jw_int(w, s->packs);
    mark_cut(w, base, cut, 3);
    if (s->phase == CC_CHALLENGE) {
        KEY(w, "claim");
        put_claim(w, s);
        mark_cut(w, base, cut, 3);
        if (cut) /* the cut is before the claim's closing brace */
            cut[3]--;
    }
    if (s->rules->pays_points)
        put_match(w, s);
    if (s->phase == CC_OVER) {
        KEY(w, "ranking");
        PUT_INTS(w, s->ranking, n);
    }
    ad_jw_raw(w, "}", 1);
}

void ad_claim_view_text(const ad_game *g, const void *view, ad_jw *w)
{
    view_text_cut(g, view, w, NULL);
}

void ad_claim_view_pub(const ad_game *g, const void *view, ad_jw *w, size_t cut[4])
{
    view_text_cut(g, view, w, cut);
}

/* The public text's bytes [from, to) appended to w. */
static void put_span(ad_jw *w, const ad_jw *pub, size_t from, size_t to)
{
    ad_jw_raw(w, pub->p + from, to - from);
}

/* A seat's view differs from the public one in three places only: the
 * "seat" it names, its own hand and laid row after "to_act" (put_hidden),
 * and, in a challenge, its own claim's cards at the end of "claim"
 * (put_claim); the rest is the public text's bytes.  The seat's parts are
 * read from its own view, so nothing else of the state is. */
void ad_claim_view_seat(const void *seat_view, const ad_jw *pub, const size_t cut[4], ad_jw *w)
{
    const claim_state *s = seat_view;
    put_span(w, pub, 0, cut[0]);
    put_int_or_null(w, s->viewer);
    put_span(w, pub, cut[1], cut[2]);
    put_hidden(w, s);
    put_span(w, pub, cut[2], cut[3]);
    if (s->phase == CC_CHALLENGE && s->viewer == s->claim_seat) {
        KEY(w, "cards");
        put_cards(w, s->deck, s->claim_cards, s->claim_n);
    }
    put_span(w, pub, cut[3], pub->n);
}

/* A literal's bytes. */
#define LIT(w, lit) ad_jw_raw(w, lit, sizeof lit - 1)

/* claim.c's claim_action_to_json, as its compact text. */
void ad_claim_action_text(const void *st, const ad_action *a, ad_jw *w)
{
    const claim_state *s = st;
    if (a->type != CC_A_PLAY) {
        if (a->type == CC_A_PASS)
            LIT(w, "{\"type\":\"pass\"}");
        else
            LIT(w, "{\"type\":\"challenge\"}");
        return;
    }
    LIT(w, "{\"type\":\"play\",\"cards\":");
    put_cards(w, s->deck, a->cards, a->n);
    KEY(w, "say");
    put_name(w, s->deck->class_name[a->arg[0]]);
    ad_jw_raw(w, "}", 1);
}

/* The fields of a claim view its read-aloud lines read (aloud_claim.c's
 * turn and window lines, aloud.c's plain turn), as a tree: the server
 * reads an update aloud from this, not from the whole public view's tree
 * of some 150 values (tests/unit/test_aloud_view.c holds the lines the
 * same). */
json_t *ad_claim_aloud_view(const ad_game *g, const void *view)
{
    const claim_state *s = view;
    const ad_deck *d = s->deck;
    /* one field at a time: json_pack's reading of its format was as much
     * as the tree */
    json_t *j = json_object();
    json_object_set_new_nocheck(j, "phase", json_string(phase_names[s->phase]));
    json_object_set_new_nocheck(j, "to_act", ad_json_seats(g->to_act(s), s->players));
    json_object_set_new_nocheck(j, "call", json_string(d->class_name[s->call]));
    json_object_set_new_nocheck(j, "max_cards", json_integer(s->maxplay));
    return j;
}
