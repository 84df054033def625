/*
 * race.c - a challenge window at a server table is a race (director.h):
 * a person's call is held by the director for the table's call_grace_ms,
 * so its `act` is answered only when the window settles: ok (after the
 * commit, with the version of the step) for the official challenger,
 * refused `not_your_turn` for every other call, which changed nothing.
 * A play on (director.h, "Playing on") waits the same way: its `act` is
 * answered ok when the play goes down as the window closes, or refused
 * `stale` when a call settled the window first.  Also create's
 * call_grace_ms, and the `play_on` position a seat's update carries.
 */
#include "games/view_text.h"
#include "lobby_impl.h"

/* create's (and a table's) call_grace_ms when none is given */
#define GRACE_MS 300
#define GRACE_MAX_MS 2000

int ad_read_grace(conn *c, const json_t *req, const json_t *rid)
{
    return ad_read_ms(c, req, rid, "call_grace_ms", GRACE_MS, GRACE_MAX_MS);
}

int ad_grace_of_meta(const json_t *meta)
{
    json_t *gj = json_object_get(meta, "call_grace_ms");
    return json_is_integer(gj) ? (int)json_integer_value(gj) : GRACE_MS;
}

/* An act's v older than the table's still holds when the seat has been
 * asked for the same decision since v: in a window, the others' passes
 * came meanwhile, and the seat's answer is to the same play. */
int ad_v_still_holds(const table *t, int seat, json_int_t v)
{
    if (!t->d || t->status != TABLE_PLAYING || !(ad_director_asked(t->d) & (1u << seat)))
        return 0;
    return v >= (json_int_t)ad_director_asked_since(t->d, seat) &&
           v <= (json_int_t)ad_director_version(t->d);
}

/* The act of seat at t was held (a call waiting for the window to settle):
 * its answer waits too. */
void ad_hold_call(lobby *l, conn *c, const json_t *rid, const table *t, int seat)
{
    l->calls = ad_grown(l->calls, l->ncalls, &l->ccalls, sizeof *l->calls, 8);
    l->calls[l->ncalls++] =
        (held_call){c, rid ? json_incref((json_t *)rid) : NULL, t->id, seat};
}

/* seat played on at t: its answer waits for the window to close. */
void ad_hold_play_on(lobby *l, conn *c, const json_t *rid, const table *t, int seat)
{
    ad_hold_call(l, c, rid, t, seat);
    l->calls[l->ncalls - 1].ahead = 1;
}

/* The seat that may play on now (-1: none), its own view of the position
 * after the window (what it would play in: the next call, its hand) made
 * into v; nothing in it the seat does not see already, for passes turn up
 * nothing.  after and v: room for the game's state each. */
static int play_on_view(const table *t, void *after, void *v)
{
    int seat = ad_director_play_on_seat(t->d, after);
    if (seat >= 0)
        t->g->view(after, seat, v);
    return seat;
}

/* play_on_view with the states on the stack when they fit (as
 * ad_table_view_json does: asked at every update, two 2.4-KB mallocs made
 * malloc gather its free lists each time), then the view as a tree
 * (*view) or as text (into w, emptied first). */
static int play_on(const table *t, json_t **view, ad_jw *w)
{
    if (view)
        *view = NULL;
    if (!t->d || t->status != TABLE_PLAYING)
        return -1;
    const ad_game *g = t->g;
    _Alignas(max_align_t) unsigned char buf[2][4096];
    int fits = g->state_size <= sizeof buf[0];
    void *after = fits ? buf[0] : malloc(g->state_size);
    void *v = fits ? buf[1] : malloc(g->state_size);
    int seat = after && v ? play_on_view(t, after, v) : -1;
    if (seat >= 0 && view)
        *view = g->view_json(v);
    if (seat >= 0 && w) {
        ad_jw_reset(w);
        ad_view_state_text(g, v, w);
    }
    if (!fits) {
        free(after);
        free(v);
    }
    if (view && !*view)
        return -1;
    return w && w->oom ? -1 : seat;
}

int ad_play_on_of(const table *t, json_t **view)
{
    return play_on(t, view, NULL);
}

int ad_play_on_text(const table *t, ad_jw *w)
{
    return play_on(t, NULL, w);
}

/* The version of seat's own last step among out's (0: none). */
static uint32_t step_of(const table *t, const ad_director_out *out, int seat)
{
    uint32_t base = ad_director_version(t->d) - (uint32_t)out->n;
    for (int i = out->n - 1; i >= 0; i--)
        if (out->step[i].seat == seat && out->step[i].by == AD_BY_SEAT)
            return base + (uint32_t)i + 1;
    return 0;
}

/* Who made the window's official call, in words, for the others. */
static void first_caller(const table *t, char *buf, size_t len)
{
    int s = t->d ? ad_director_settled(t->d) : -1;
    if (s < 0 || s >= t->players)
        snprintf(buf, len, "the window has closed: your call changed nothing");
    else
        snprintf(buf, len, "%s (seat %d) called first: your call changed nothing",
                 t->seat[s].bot[0] ? "the computer player" : t->seat[s].name, s);
}

/* After every director call at t (ad_took, before out is cleared): the
 * held calls of a window that has settled are answered. */
void ad_settle_calls(lobby *l, table *t, const ad_director_out *out)
{
    uint32_t held = t->d ? ad_director_calls(t->d) | ad_director_ahead(t->d) : 0;
    for (int i = 0; i < l->ncalls;) {
        held_call *h = &l->calls[i];
        if (h->table != t->id || (held & (1u << h->seat))) {
            i++;
            continue;
        }
        uint32_t v = t->d ? step_of(t, out, h->seat) : 0;
        if (h->c && v) {
            ad_ack_later(l, h->c, h->rid, t->id, v);
        } else if (h->c && h->ahead) {
            refuse(h->c, h->rid, CODE_STALE, "a call turned the cards up before your play "
                                             "went down: look at the table and play again");
        } else if (h->c) {
            char text[160];
            first_caller(t, text, sizeof text);
            refuse(h->c, h->rid, ad_code_token(AD_E_NOT_YOUR_TURN), text);
        }
        json_decref(h->rid);
        l->calls[i] = l->calls[--l->ncalls];
    }
}

/* c is gone: its held calls are answered to nobody. */
void ad_calls_forget(lobby *l, const conn *c)
{
    for (int i = 0; i < l->ncalls; i++)
        if (l->calls[i].c == c)
            l->calls[i].c = NULL;
}
