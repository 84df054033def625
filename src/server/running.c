/*
 * running.c - tables in play: each runs on a director, which the lobby
 * gives the wall clock (the table's timer), people's actions (`act`) and
 * the workers' bot answers; what a director does is taken (ad_took) as
 * pending steps for the pass's commit.  A waiting table nobody is at
 * closes when its expiry comes (expire).
 */
#include "games/view_text.h"
#include "lobby_impl.h"

/* A person sits at the table and is here (a connection of theirs is at
 * it): its bots' decisions go before those of tables of bots alone. */
static int people_here(const table *t)
{
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].player && t->seat[s].online > 0)
            return 1;
    return 0;
}

/* When the stand-in takes over the first seat of a person who is gone
 * (AD_DIRECTOR_NEVER: none is). */
static int64_t first_away_ms(const lobby *l, const table *t)
{
    int64_t at = AD_DIRECTOR_NEVER;
    uint32_t away = t->d ? ad_director_away(t->d) : 0;
    for (int s = 0; s < t->players; s++)
        if (t->seat[s].gone_ms && !t->seat[s].online && !(away & (1u << s)) &&
            t->seat[s].gone_ms + l->away_ms < at)
            at = t->seat[s].gone_ms + l->away_ms;
    return at;
}

/* When a waiting table closes (AD_DIRECTOR_NEVER: it does not): once it
 * has been waiting_expire_s with no person seated and no connection at it,
 * since nobody will start it (a person who made one and left, or a client
 * making many).  Only where this node plays it. */
static int64_t expiry_ms(lobby *l, table *t)
{
    int empty = t->status == TABLE_WAITING && t->nmem == 0 && ad_cluster_plays(l, t);
    for (int s = 0; s < t->players && empty; s++)
        empty = !t->seat[s].player;
    if (!empty) {
        t->empty_ms = 0;
        return AD_DIRECTOR_NEVER;
    }
    if (!t->empty_ms)
        t->empty_ms = srv_now_ms();
    return t->empty_ms + (int64_t)l->lim.waiting_expire_s * 1000;
}

/* The table's timer: while it waits, its expiry; in play, the director's
 * wake, or when a gone person's seat passes to the stand-in, whichever is
 * first; once the game is over, a rematch offer's expiry. */
void ad_schedule(lobby *l, table *t)
{
    int64_t at = AD_DIRECTOR_NEVER;
    if (t->status == TABLE_WAITING) {
        at = expiry_ms(l, t);
        int64_t fill = ad_quick_fill_at(l, t); /* a public table's bots (quick.c) */
        if (fill < at)
            at = fill;
    }
    if (t->status == TABLE_OVER) /* a rematch offered: its expiry */
        at = ad_rematch_due(t);
    if (t->d && t->status == TABLE_PLAYING) {
        at = first_away_ms(l, t);
        if (t->wake_ms < at)
            at = t->wake_ms;
    }
    if (at == AD_DIRECTOR_NEVER)
        srv_timer_cancel(&t->tm);
    else
        srv_timer(l->srv, &t->tm, at - srv_now_ms());
}

/* The action's text as the store keeps it (action_to_json's tree's
 * compact text), malloc'd; NULL when out of memory.  Written straight,
 * not through a tree (view_text.h's ad_action_text). */
static char *action_text(const ad_game *g, const void *st, const ad_action *a)
{
    static ad_jw w; /* the loop thread's, kept */
    ad_jw_reset(&w);
    ad_action_text(g, st, a, &w);
    char *text = w.oom ? NULL : malloc(w.n + 1);
    if (text) {
        memcpy(text, w.p, w.n);
        text[w.n] = '\0';
    }
    return text;
}

/* A director's applied steps, pending until the pass's commit: each with
 * its action as JSON text and its public step (+ "v") for the push. */
static void pend_steps(lobby *l, table *t, const ad_director_out *out)
{
    const ad_table *gt = ad_director_table(t->d);
    uint32_t base = ad_director_version(t->d) - (uint32_t)out->n;
    for (int i = 0; i < out->n; i++) {
        const ad_director_step *s = &out->step[i];
        t->pend = ad_grown(t->pend, t->npend, &t->cpend, sizeof *t->pend, 8);
        pend_step *p = &t->pend[t->npend++];
        p->v = base + (uint32_t)i + 1;
        p->seat = s->seat;
        p->by = s->by;
        p->at_ms = s->at_ms;
        p->action = action_text(t->g, ad_table_state(gt), &s->action);
        p->ev = s->json ? json_incref(s->json) : json_object();
        json_object_set_new(p->ev, "v", json_integer(p->v));
        mark_dirty(l, t);
    }
}

/* The bots' decisions the director asks for, each a job for the workers. */
static void ask_bots(lobby *l, table *t)
{
    ad_bot_request rq[8];
    int n;
    while ((n = ad_director_requests(t->d, rq, 8)) > 0)
        for (int i = 0; i < n; i++) {
            worker_job *j = calloc(1, sizeof *j);
            if (!j) {
                ad_bot_request_free(&rq[i]);
                continue;
            }
            j->table = t->id;
            j->gen = t->gen;
            j->people = people_here(t);
            j->rq = rq[i];
            workers_submit(l->w, j);
        }
}

/* Takes what a director call did: its steps become pending (stored and
 * pushed at the end of the pass), its bot requests go to the workers, its
 * wake to the timer. */
void ad_took(lobby *l, table *t, ad_director_out *out)
{
    pend_steps(l, t, out);
    if (l->ncalls)
        ad_settle_calls(l, t, out);
    if (out->n && t->g->is_over(ad_table_state(ad_director_table(t->d))) &&
        t->status != TABLE_OVER) {
        t->status = TABLE_OVER;
        t->meta_dirty = 1;
        mark_dirty(l, t);
    }
    if (out->away != t->away) {
        t->away = out->away;
        t->seats_dirty = 1;
        mark_dirty(l, t);
    }
    if (out->n || t->seats_dirty) {
        t->clock_dirty = 1;
        mark_dirty(l, t);
    }
    ask_bots(l, t);
    t->wake_ms = out->wake_ms;
    ad_schedule(l, t);
    ad_director_out_clear(out);
}

void ad_advance(lobby *l, table *t, int64_t now)
{
    ad_err e;
    if (ad_director_advance(t->d, now, &l->out, &e) < 0)
        fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, e.text);
    ad_took(l, t, &l->out);
}

ad_director *ad_make_director(table *t, ad_table *gt, int64_t now_ms, ad_err *err)
{
    ad_seat_cfg seats[AD_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < t->players; s++) {
        seats[s].person = t->seat[s].bot[0] == 0;
        snprintf(seats[s].level, sizeof seats[s].level, "%s", t->seat[s].bot);
    }
    ad_director_opts o = ad_director_defaults();
    o.answer_ms = ad_clock_presets[t->clock].answer_ms;
    o.turn_ms = ad_clock_presets[t->clock].turn_ms;
    o.pause_ms = t->pause_ms;
    o.call_grace_ms = t->call_grace_ms;
    o.inline_bots = 0;
    o.json = 1;
    return ad_director_new(gt, seats, &o, now_ms, err);
}

/* Every open seat is taken: the game begins, at version 0. */
int ad_start_game(lobby *l, table *t, ad_err *err)
{
    int64_t now = srv_now_ms();
    ad_director *d = ad_make_director(t, t->t0, now, err);
    if (!d)
        return -1;
    t->d = d;
    t->t0 = NULL;
    t->status = TABLE_PLAYING;
    t->started_ms = now;
    char *meta = ad_meta_text(t);
    int rc = store_table_update(l->st, t->id, meta, t->status, t->started_ms, err);
    free(meta);
    if (rc < 0)
        return -1; /* it is playing in memory; it resumes from the store as waiting */
    ad_push_update(t, json_array(), 0, NULL);
    ad_push_seats(t);
    t->clock_dirty = 1; /* the first seat's clock, sent with the pass's commit */
    mark_dirty(l, t);
    ad_advance(l, t, now);
    return 0;
}

void ad_start_logged(lobby *l, table *t)
{
    ad_err err;
    if (ad_start_game(l, t, &err) < 0)
        fprintf(stderr, "alphadeck serve: table %lld did not start: %s\n", (long long)t->id,
                err.text);
}

/* At most this many bot answers a commit: the workers answer while the
 * loop takes their answers, and each answer asks the next bot, so tables of
 * bots alone (every person gone) could keep one pass going with nothing
 * committed, acknowledged or pushed, their steps piling up in memory (a
 * loadtest's 1,000 tables played out by their stand-ins: 190,000 pending
 * steps, 300 MB).  Counted from one commit's start to the next (not a
 * pass): while a commit runs on its thread the loop's passes go on, and
 * a budget a pass let the bots pile up a commit's worth of steps each
 * millisecond, so that on a slow disk the next commit was larger, took
 * longer, and a person's act at another table waited seconds for it (on
 * PostgreSQL beside two busy CPUs, 2.8 s).  The rest wait for the next
 * commit, whose start wakes the loop for them (commit_now). */
#define ANSWERS_A_COMMIT 256

void lobby_worker_answers(lobby *l)
{
    worker_job *j;
    while (l->bot_answers < ANSWERS_A_COMMIT && (j = workers_take(l->w))) {
        table *t = ad_find_table(l, j->table);
        if (t && t->d && t->gen == j->gen && t->status == TABLE_PLAYING) {
            ad_err e;
            if (ad_director_bot_answer(t->d, srv_now_ms(), &j->ans, &l->out, &e) < 0)
                fprintf(stderr, "alphadeck serve: table %lld: a bot failed: %s\n",
                        (long long)t->id, e.text);
            ad_took(l, t, &l->out);
        }
        ad_bot_request_free(&j->rq);
        free(j);
        l->bot_answers++;
    }
}

void ad_answers_anew(lobby *l)
{
    if (l->bot_answers >= ANSWERS_A_COMMIT)
        srv_wake(l->srv); /* the answers left waiting, in the next pass */
    l->bot_answers = 0;
}

/* A waiting table whose expiry came: stored as expired (never resumed,
 * listed or read back again; its number answers unknown_table), and it
 * leaves memory at the end of the pass. */
static void expire(lobby *l, table *t)
{
    int64_t at = expiry_ms(l, t);
    if (at == AD_DIRECTOR_NEVER)
        return;
    if (srv_now_ms() < at) {
        ad_schedule(l, t);
        return;
    }
    ad_err err;
    char *meta = ad_meta_text(t);
    int rc = meta ? store_table_update(l->st, t->id, meta, TABLE_EXPIRED, t->started_ms, &err)
                  : ad_err_set(&err, AD_E_INTERNAL, "out of memory");
    free(meta);
    if (rc < 0) { /* it stays, and is tried again in a minute */
        fprintf(stderr, "alphadeck serve: table %lld did not close: %s\n", (long long)t->id,
                err.text);
        srv_timer(l->srv, &t->tm, 60000);
        return;
    }
    t->status = TABLE_EXPIRED;
    ad_cluster_let_go(l, t);
    l->evict = 1;
}

void lobby_timer(lobby *l, table *t)
{
    if (!t) { /* the lobby's own tick */
        ad_cluster_tick(l);
        ad_trim(l);
        return;
    }
    if (t->status == TABLE_WAITING) {
        if (!ad_quick_fill(l, t))
            expire(l, t);
        return;
    }
    if (t->status == TABLE_OVER)
        return ad_rematch_timer(l, t);
    if (!t->d || t->status != TABLE_PLAYING)
        return;
    ad_err e;
    int64_t now = srv_now_ms();
    /* a person gone for away_ms (closed, dropped, or found dead by ping):
     * the stand-in plays the seat until they join again */
    for (int s = 0; s < t->players && t->status == TABLE_PLAYING; s++) {
        seat_t *st = &t->seat[s];
        if (!st->gone_ms || st->online || now < st->gone_ms + l->away_ms)
            continue;
        st->gone_ms = 0;
        if (ad_director_away(t->d) & (1u << s))
            continue;
        if (ad_director_leave(t->d, now, s, &l->out, &e) < 0)
            fprintf(stderr, "alphadeck serve: table %lld: %s\n", (long long)t->id, e.text);
        t->seats_dirty = 1;
        ad_took(l, t, &l->out);
    }
    if (t->status != TABLE_PLAYING)
        return;
    ad_advance(l, t, now);
}

void ad_cmd_act(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = ad_member_of(t, c);
    int seat = m ? ad_member_seat(t, m) : -1; /* the seat is its player's now, or none */
    if (seat < 0)
        return refuse(c, rid, CODE_NOT_SEATED, "you hold no seat at that table (join it first)");
    json_t *action = json_object_get(req, "action");
    if (!action)
        return refuse(c, rid, CODE_MISSING_FIELD, "act needs an action");
    if (t->status == TABLE_WAITING)
        return refuse(c, rid, CODE_NOT_STARTED, "the game starts when every seat is taken");
    /* what was due by now and is not played yet (its timer has not fired:
     * the loop was busy) is played first: a window that settled on a held
     * call, a clock, a bot's move.  Else the act's v was checked against the
     * version before them, and the act then taken as an answer to the
     * position they made (a pass meant for a closed window, refused as a
     * turn's pass, or taken as one) */
    int64_t now = srv_now_ms();
    if (t->status == TABLE_PLAYING && t->d && t->wake_ms <= now)
        ad_advance(l, t, now);
    json_t *vj = json_object_get(req, "v");
    if (vj && !json_is_integer(vj))
        return refuse(c, rid, CODE_BAD_FIELD, "v is the table's version, a whole number");
    if (vj && json_integer_value(vj) != (json_int_t)version(t) &&
        !ad_v_still_holds(t, seat, json_integer_value(vj))) {
        char text[128];
        snprintf(text, sizeof text, "the table is at version %u, not %lld: nothing was done",
                 version(t), (long long)json_integer_value(vj));
        return refuse(c, rid, CODE_STALE, text);
    }
    if (t->status == TABLE_OVER)
        return refuse(c, rid, CODE_GAME_OVER, "the game is over");
    int took = ad_learn_may_act(t, seat, action, c, rid); /* a guided game's step */
    if (!took)
        return;
    ad_err err;
    int rc = ad_director_act_json(t->d, now, seat, action, &l->out, &err);
    if (rc < 0) {
        ad_took(l, t, &l->out);
        return refuse_err(c, rid, &err);
    }
    ad_learn_acted(t, seat, took);
    uint32_t v = ad_director_version(t->d);
    uint32_t base = v - (uint32_t)l->out.n;
    for (int i = l->out.n - 1; i >= 0; i--)
        if (l->out.step[i].seat == seat && l->out.step[i].by == AD_BY_SEAT) {
            v = base + (uint32_t)i + 1;
            break;
        }
    ad_took(l, t, &l->out);
    if (ad_director_calls(t->d) & (1u << seat))
        return ad_hold_call(l, c, rid, t, seat); /* answered when the window settles */
    if (ad_director_ahead(t->d) & (1u << seat))
        return ad_hold_play_on(l, c, rid, t, seat); /* ... or when it closes */
    ad_ack_later(l, c, rid, t->id, v);
}
