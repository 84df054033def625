/*
 * test_director.c - the director's promises (director.h), each on a fake
 * clock: the caller's now_ms is all the time there is.
 */
#include "../testutil.h"

#include "alphadeck/director.h"
#include "director/director_impl.h"
#include "games/claim/claim.h"
#include "games/shout/shout.h"

/* A director for the `new` request req; kinds[i] is 'p' (a person) or 'b'
 * (a bot of level). */
static ad_director *mk(const char *req, const char *kinds, const char *level,
                       const ad_director_opts *o)
{
    ad_table *t = tu_new(req);
    ad_seat_cfg seats[AD_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    for (int s = 0; kinds[s]; s++) {
        seats[s].person = kinds[s] == 'p';
        snprintf(seats[s].level, sizeof seats[s].level, "%s", level);
    }
    ad_err e;
    ad_director *d = ad_director_new(t, seats, o, 0, &e);
    if (!d)
        fail_msg("ad_director_new: %s", e.text);
    return d;
}

static const void *state(const ad_director *d)
{
    return ad_table_state(ad_director_table(d));
}

static int only_seat(uint32_t mask)
{
    assert_int_equal(__builtin_popcount(mask), 1);
    return __builtin_ctz(mask);
}

/* A person's move: the game's random legal action from the seat's view. */
static void person_moves(ad_director *d, int64_t now, int seat, ad_rng *r, ad_director_out *out)
{
    const ad_game *g = ad_table_game(ad_director_table(d));
    void *v = malloc(g->state_size);
    g->view(state(d), seat, v);
    ad_action a;
    g->random_action(v, seat, r, &a);
    free(v);
    ad_err e;
    if (ad_director_act(d, now, seat, &a, out, &e) < 0)
        fail_msg("seat %d could not act: %s", seat, e.text);
}

static void act_ok(ad_director *d, int64_t now, int seat, ad_action a, ad_director_out *out)
{
    ad_err e;
    if (ad_director_act(d, now, seat, &a, out, &e) < 0)
        fail_msg("seat %d could not act: %s", seat, e.text);
}

/* ------------------------------------------------------ challenge window */

/* A claim's window in a 4-person No Way game at time 100; returns the
 * claimer. */
static int open_window(ad_director *d, ad_director_out *out)
{
    ad_rng r;
    ad_rng_seed(&r, 1);
    int claimer = only_seat(ad_director_asked(d));
    person_moves(d, 100, claimer, &r, out);
    assert_int_equal(((const claim_state *)state(d))->phase, CC_CHALLENGE);
    return claimer;
}

static const ad_action pass_a = {.type = CC_A_PASS}, call_a = {.type = CC_A_CHALLENGE};

static void test_window_asks_every_other_seat_at_once_and_closes_when_all_passed(void **st)
{
    (void)st;
    ad_director_opts o = ad_director_defaults();
    ad_director *d = mk("{\"game\":\"noway\",\"players\":4,\"seed\":7}", "pppp", "basic", &o);
    ad_director_out out = {0};
    int c = open_window(d, &out);
    assert_int_equal(ad_director_asked(d), 0xfu & ~(1u << c)); /* all three, at once */
    for (int k = 1; k < 4; k++) /* each with the window's clock */
        assert_int_equal(ad_director_deadline(d, (c + k) % 4), 10100);
    /* the farthest may answer first; the others' clocks run on */
    act_ok(d, 200, (c + 3) % 4, pass_a, &out);
    assert_int_equal(ad_director_asked(d), 0xfu & ~(1u << c) & ~(1u << ((c + 3) % 4)));
    assert_int_equal(ad_director_deadline(d, (c + 1) % 4), 10100);
    act_ok(d, 300, (c + 1) % 4, pass_a, &out);
    act_ok(d, 400, (c + 2) % 4, pass_a, &out);
    /* every other seat passed: the play stands at once, the next turn is asked */
    assert_int_equal(out.n, 1);
    assert_int_equal(((const claim_state *)state(d))->phase, CC_PLAY);
    assert_int_equal(ad_director_asked(d), 1u << ((c + 1) % 4));
    ad_director_out_clear(&out);
    ad_director_free(d);
}

/* The challenger the window's reveal names (its CC_EV_CHALLENGE). */
static int challenger_of(const ad_director_out *out)
{
    for (int i = 0; i < out->n; i++)
        for (int k = 0; k < out->step[i].ev.n; k++)
            if (out->step[i].ev.ev[k].type == CC_EV_CHALLENGE)
                return out->step[i].ev.ev[k].seat;
    return -1;
}

static void test_calls_within_the_grace_go_to_the_nearest_left(void **st)
{
    (void)st;
    ad_director_opts o = ad_director_defaults(); /* call_grace_ms 300 */
    ad_director *d = mk("{\"game\":\"noway\",\"players\":4,\"seed\":7}", "pppp", "basic", &o);
    ad_director_out out = {0};
    int c = open_window(d, &out);
    int far = (c + 3) % 4, near = (c + 1) % 4;
    act_ok(d, 1000, far, call_a, &out); /* held, not applied */
    assert_int_equal(out.n, 0);
    assert_int_equal(ad_director_calls(d), 1u << far);
    assert_int_equal(out.wake_ms, 1300);
    act_ok(d, 1250, near, call_a, &out); /* within the grace */
    assert_int_equal(out.n, 0);
    ad_err e;
    assert_int_equal(ad_director_act(d, 1260, far, &call_a, &out, &e), -1); /* once only */
    assert_int_equal(e.code, AD_E_NOT_YOUR_TURN);
    assert_int_equal(ad_director_advance(d, 1299, &out, NULL), 0);
    assert_int_equal(out.n, 0);
    assert_int_equal(ad_director_advance(d, 1300, &out, NULL), 0);
    assert_int_equal(out.n, 1);
    assert_int_equal(out.step[0].seat, near);
    assert_int_equal(challenger_of(&out), near);
    assert_int_equal(ad_director_calls(d), 0);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

static void test_a_call_past_the_grace_loses_to_the_first_and_a_late_call_is_refused(void **st)
{
    (void)st;
    ad_director_opts o = ad_director_defaults();
    o.call_grace_ms = 200;
    ad_director *d = mk("{\"game\":\"noway\",\"players\":4,\"seed\":7}", "pppp", "basic", &o);
    ad_director_out out = {0};
    int c = open_window(d, &out);
    int far = (c + 3) % 4, near = (c + 1) % 4;
    act_ok(d, 1000, far, call_a, &out);
    /* a pass in the grace is applied as it comes */
    act_ok(d, 1100, (c + 2) % 4, pass_a, &out);
    assert_int_equal(out.n, 1);
    assert_int_equal(out.step[0].action.type, CC_A_PASS);
    ad_err e;
    uint32_t v = ad_director_version(d);
    /* past the grace: the first call was settled first, this one is late */
    assert_int_equal(ad_director_act(d, 1201, near, &call_a, &out, &e), -1);
    assert_int_equal(e.code, AD_E_NOT_YOUR_TURN);
    assert_int_equal(out.n, 1);
    assert_int_equal(out.step[0].seat, far);
    assert_int_equal(challenger_of(&out), far);
    assert_int_equal(ad_director_version(d), v + 1); /* the late call changed nothing */
    ad_director_out_clear(&out);
    ad_director_free(d);
}

static void test_a_lone_call_settles_at_once_when_nobody_else_is_asked(void **st)
{
    (void)st;
    ad_director_opts o = ad_director_defaults();
    ad_director *d = mk("{\"game\":\"noway\",\"players\":2,\"seed\":7}", "pp", "basic", &o);
    ad_director_out out = {0};
    ad_rng r;
    ad_rng_seed(&r, 1);
    int c = only_seat(ad_director_asked(d));
    person_moves(d, 100, c, &r, &out);
    act_ok(d, 500, 1 - c, call_a, &out);
    assert_int_equal(out.n, 1);
    assert_int_equal(challenger_of(&out), 1 - c);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

/* ------------------------------------------------------------ playing on */

/* seat's random legal action in the position after the window (the one a
 * play on is judged in) */
static ad_action next_play(const ad_director *d, int seat)
{
    const ad_game *g = ad_table_game(ad_director_table(d));
    void *after = malloc(g->state_size), *v = malloc(g->state_size);
    assert_int_equal(ad_director_play_on(d, seat, after), 1);
    g->view(after, seat, v);
    ad_rng r;
    ad_rng_seed(&r, 5);
    ad_action a;
    g->random_action(v, seat, &r, &a);
    free(after);
    free(v);
    assert_int_equal(a.type, CC_A_PLAY);
    return a;
}

/* Four people at No Way (the default clocks), the first play's window open;
 * *claimer is who played. */
static ad_director *four_in_a_window(ad_director_out *out, int *claimer)
{
    ad_director_opts o = ad_director_defaults();
    ad_director *d = mk("{\"game\":\"noway\",\"players\":4,\"seed\":7}", "pppp", "basic", &o);
    *claimer = open_window(d, out);
    return d;
}

static int steps_of(const ad_director_out *out, int seat)
{
    int n = 0;
    for (int i = 0; i < out->n; i++)
        n += out->step[i].seat == seat;
    return n;
}

static void test_the_next_seat_may_play_on_and_its_play_goes_down_when_the_window_closes(void **st)
{
    (void)st;
    ad_director_out out = {0};
    int c;
    ad_director *d = four_in_a_window(&out, &c);
    int next = (c + 1) % 4;
    assert_int_equal(ad_director_play_on(d, (c + 2) % 4, NULL), 0); /* not theirs to play */
    ad_action play = next_play(d, next);
    act_ok(d, 200, next, play, &out);
    /* its pass now; the others still asked, their clocks running on */
    assert_int_equal(out.n, 1);
    assert_int_equal(out.step[0].action.type, CC_A_PASS);
    assert_int_equal(ad_director_ahead(d), 1u << next);
    assert_int_equal(ad_director_asked(d), 0xfu & ~(1u << c) & ~(1u << next));
    assert_int_equal(ad_director_deadline(d, (c + 2) % 4), 10100);
    ad_err e;
    assert_int_equal(ad_director_act(d, 250, next, &play, &out, &e), -1); /* once only */
    act_ok(d, 300, (c + 2) % 4, pass_a, &out);
    assert_int_equal(out.n, 1);
    act_ok(d, 400, (c + 3) % 4, pass_a, &out);
    /* the window closed: the play went down at that moment, a new window opened */
    assert_int_equal(out.n, 2);
    assert_int_equal(out.step[1].seat, next);
    assert_int_equal(out.step[1].action.type, CC_A_PLAY);
    assert_int_equal(out.step[1].at_ms, 400);
    assert_int_equal(ad_director_ahead(d), 0);
    const claim_state *cs = state(d);
    assert_int_equal(cs->phase, CC_CHALLENGE);
    assert_int_equal(cs->claim_seat, next);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

static void test_playing_on_closes_the_window_for_nobody_and_a_call_drops_the_play(void **st)
{
    (void)st;
    ad_director_out out = {0};
    int c;
    ad_director *d = four_in_a_window(&out, &c);
    int next = (c + 1) % 4;
    act_ok(d, 200, next, next_play(d, next), &out);
    act_ok(d, 5000, (c + 3) % 4, call_a, &out); /* still in time: a call */
    assert_int_equal(ad_director_advance(d, 5300, &out, NULL), 0);
    assert_int_equal(challenger_of(&out), (c + 3) % 4);
    assert_int_equal(steps_of(&out, next), 0); /* its play was dropped ... */
    assert_int_equal(ad_director_ahead(d), 0);
    /* ... and it is asked again, with the cards turned up */
    assert_int_equal(ad_director_asked(d), 1u << next);
    assert_int_equal(((const claim_state *)state(d))->phase, CC_PLAY);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

static void test_a_play_on_refused_by_the_rules_or_by_another_seat_changes_nothing(void **st)
{
    (void)st;
    ad_director_out out = {0};
    int c;
    ad_director *d = four_in_a_window(&out, &c);
    int next = (c + 1) % 4;
    ad_action play = next_play(d, next);
    uint32_t v = ad_director_version(d), asked = ad_director_asked(d);
    ad_err e;
    /* a seat that does not play next may not play on */
    assert_int_equal(ad_director_act(d, 200, (c + 2) % 4, &play, &out, &e), -1);
    /* nor may the next seat lay down cards it does not hold */
    ad_action bad = play;
    bad.n = 1;
    const claim_state *cs = state(d);
    for (int k = 0; k < cs->nkinds; k++)
        if (!cs->hand[next][k])
            bad.cards[0] = (uint8_t)k;
    assert_int_equal(ad_director_act(d, 200, next, &bad, &out, &e), -1);
    assert_int_equal(e.code, AD_E_NO_SUCH_CARD); /* the rules' own words */
    assert_int_equal(ad_director_version(d), v);
    assert_int_equal(ad_director_asked(d), asked);
    assert_int_equal(ad_director_ahead(d), 0);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

static void test_bots_answer_a_window_on_their_own_time_not_in_seat_order(void **st)
{
    (void)st;
    ad_director_opts o = ad_director_defaults();
    o.inline_bots = 1;
    ad_director *d = mk("{\"game\":\"noway\",\"players\":4,\"seed\":3}", "bbbb", "basic", &o);
    ad_director_out out = {0};
    int64_t now = 0;
    int windows = 0, not_left = 0, later = 0;
    const claim_state *s = state(d);
    ad_director_advance(d, now, &out, NULL);
    for (int i = 0; i < 5000 && !ad_table_game(ad_director_table(d))->is_over(s); i++) {
        for (int k = 0; k < out.n; k++) {
            const ad_director_step *sp = &out.step[k];
            if (sp->action.type == CC_A_PLAY && s->phase == CC_CHALLENGE && k == out.n - 1) {
                /* a window opened with this step: who answers first, and when */
                int claimer = sp->seat;
                int64_t opened = sp->at_ms;
                ad_director_advance(d, now = out.wake_ms, &out, NULL);
                windows++;
                /* (a first call is held, with no step yet: it came at now) */
                not_left += out.n > 0 ? out.step[0].seat != (claimer + 1) % 4
                                      : !(ad_director_calls(d) & (1u << ((claimer + 1) % 4)));
                later += (out.n > 0 ? out.step[0].at_ms : now) > opened;
                break;
            }
        }
        if (out.wake_ms == AD_DIRECTOR_NEVER)
            break;
        ad_director_advance(d, now = out.wake_ms, &out, NULL);
    }
    assert_true(windows > 10);
    assert_true(later == windows);    /* each on its reaction time, never at once */
    assert_true(not_left > windows / 4); /* not in seat order from the claimer's left */
    ad_director_out_clear(&out);
    ad_director_free(d);
}

static void test_bad_call_grace_is_refused(void **st)
{
    (void)st;
    ad_director_opts o = ad_director_defaults();
    o.call_grace_ms = 2001;
    ad_table *t = tu_new("{\"game\":\"noway\",\"players\":2,\"seed\":7}");
    ad_seat_cfg seats[2] = {{.person = 1}, {.person = 1}};
    ad_err e;
    assert_null(ad_director_new(t, seats, &o, 0, &e));
    assert_int_equal(e.code, AD_E_BAD_OPTION);
    assert_non_null(strstr(e.text, "call_grace_ms"));
    ad_table_free(t);
}

static void test_answer_window_running_out_is_a_pass(void **st)
{
    (void)st;
    ad_director_opts o = ad_director_defaults(); /* answer_ms 10000 */
    o.json = 1;
    ad_director *d = mk("{\"game\":\"doubt\",\"players\":3,\"seed\":3}", "ppp", "basic", &o);
    ad_director_out out = {0};
    ad_rng r;
    ad_rng_seed(&r, 2);
    int claimer = only_seat(ad_director_asked(d));
    person_moves(d, 1000, claimer, &r, &out);
    int left = (claimer + 1) % 3;
    assert_int_equal(ad_director_deadline(d, left), 11000);
    assert_int_equal(out.wake_ms, 11000);
    assert_int_equal(ad_director_advance(d, 10999, &out, NULL), 0);
    assert_int_equal(out.n, 0);
    assert_int_equal(ad_director_advance(d, 11000, &out, NULL), 0);
    /* both other seats were asked at once: both clocks run out together */
    assert_int_equal(out.n, 2);
    assert_int_equal((1u << out.step[0].seat) | (1u << out.step[1].seat),
                     (1u << left) | (1u << ((claimer + 2) % 3)));
    assert_int_equal(out.step[0].action.type, CC_A_PASS);
    assert_int_equal(out.step[0].by, AD_BY_TIME);
    assert_int_equal(out.step[0].at_ms, 11000);
    assert_int_equal(out.step[1].by, AD_BY_TIME);
    json_t *j = out.step[0].json; /* for everyone: the events, not the action */
    assert_string_equal(json_string_value(json_object_get(j, "by")), "time");
    assert_null(json_object_get(j, "action"));
    assert_true(json_array_size(json_object_get(j, "events")) >= 1);
    /* the play stood: the next turn is asked */
    assert_int_equal(ad_director_asked(d), 1u << left);
    json_t *rec = ad_director_record_json(d);
    json_t *step = json_array_get(json_object_get(rec, "actions"), 1);
    assert_string_equal(json_string_value(json_object_get(step, "by")), "time");
    json_decref(rec);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

/* ------------------------------------------------- turns and stand-ins */

static int count_by(const json_t *rec, const char *by)
{
    int n = 0;
    size_t i;
    json_t *a;
    json_array_foreach(json_object_get(rec, "actions"), i, a)
    {
        const char *b = json_string_value(json_object_get(a, "by"));
        n += b && strcmp(b, by) == 0;
    }
    return n;
}

static void test_turn_clock_running_out_lets_a_bot_move_marked_in_the_record(void **st)
{
    (void)st;
    ad_director_opts o = ad_director_defaults();
    o.turn_ms = 30000;
    o.inline_bots = 1;
    ad_director *d = mk("{\"game\":\"sequence\",\"players\":2,\"seed\":5}", "pp", "basic", &o);
    ad_director_out out = {0};
    int t = only_seat(ad_director_asked(d));
    assert_int_equal(ad_director_deadline(d, t), 30000);
    assert_int_equal(ad_director_advance(d, 29999, &out, NULL), 0);
    assert_int_equal(out.n, 0);
    assert_int_equal(ad_director_advance(d, 30000, &out, NULL), 0);
    assert_int_equal(out.away, 1u << t);
    assert_int_equal(ad_director_away(d), 1u << t);
    assert_int_equal(out.n, 1);
    assert_int_equal(out.step[0].seat, t);
    assert_int_equal(out.step[0].by, AD_BY_BOT);
    json_t *rec = ad_director_record_json(d);
    json_t *step = json_array_get(json_object_get(rec, "actions"), 0);
    assert_string_equal(json_string_value(json_object_get(step, "by")), "bot");
    assert_true(json_is_true(json_object_get(json_array_get(json_object_get(rec, "seats"), t),
                                             "person")));
    /* the record still replays */
    ad_err e;
    ad_table *again = ad_table_load(rec, &e);
    assert_non_null(again);
    ad_table_free(again);
    json_decref(rec);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

static void test_person_takes_the_seat_back(void **st)
{
    (void)st;
    ad_director_opts o = ad_director_defaults();
    o.turn_ms = 30000;
    o.inline_bots = 1;
    ad_director *d = mk("{\"game\":\"sequence\",\"players\":2,\"seed\":5}", "pp", "basic", &o);
    ad_director_out out = {0};
    ad_rng r;
    ad_rng_seed(&r, 3);
    ad_err e;
    int t = only_seat(ad_director_asked(d)), other = 1 - t;
    ad_director_advance(d, 30000, &out, NULL); /* t's stand-in moves */
    /* while away, the person's own moves are refused */
    person_moves(d, 31000, other, &r, &out);
    assert_int_equal(out.n, 2); /* other's move, then t's stand-in at once */
    assert_int_equal(out.step[1].seat, t);
    assert_int_equal(out.step[1].by, AD_BY_BOT);
    ad_action any = {0};
    assert_int_equal(ad_director_act(d, 31500, t, &any, &out, &e), -1);
    assert_int_equal(e.code, AD_E_NOT_YOUR_TURN);
    assert_int_equal(ad_director_take_back(d, 32000, t, &out, &e), 0);
    assert_int_equal(ad_director_away(d), 0);
    person_moves(d, 33000, other, &r, &out);
    assert_int_equal(out.n, 1); /* t's turn now waits for t */
    assert_int_equal(ad_director_asked(d), 1u << t);
    assert_int_equal(ad_director_deadline(d, t), 63000);
    person_moves(d, 34000, t, &r, &out);
    assert_int_equal(out.step[0].by, AD_BY_SEAT);
    json_t *rec = ad_director_record_json(d);
    assert_int_equal(count_by(rec, "bot"), 2);
    json_decref(rec);
    /* leaving hands the seat to the stand-in at once */
    assert_int_equal(ad_director_leave(d, 35000, other, &out, &e), 0);
    assert_int_equal(out.away, 1u << other);
    assert_int_equal(out.n, 1);
    assert_int_equal(out.step[0].seat, other);
    assert_int_equal(out.step[0].by, AD_BY_BOT);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

/* ----------------------------------------------------------------- Shout */

static void test_shout_deals_at_deal_ms(void **st)
{
    (void)st;
    ad_director *d = mk("{\"game\":\"shout\",\"players\":2,\"seed\":9,\"options\":{\"deal_ms\":1500}}",
                        "pp", "basic", NULL);
    ad_director_out out = {0};
    const shout_state *s = state(d);
    int dealer = s->dealer;
    assert_int_equal(ad_director_asked(d), 1u << dealer);
    assert_int_equal(ad_director_advance(d, 1499, &out, NULL), 0);
    assert_int_equal(out.n, 0);
    assert_int_equal(out.wake_ms, 1500);
    assert_int_equal(ad_director_advance(d, 1500, &out, NULL), 0);
    assert_int_equal(out.n, 1);
    assert_int_equal(out.step[0].seat, dealer);
    assert_int_equal(out.step[0].action.type, SH_A_DEAL);
    assert_int_equal(out.step[0].by, AD_BY_TIME);
    assert_int_equal(out.wake_ms, 3000); /* deal_ms after the table last changed */
    /* a caller woken late still gets each card at its moment */
    assert_int_equal(ad_director_advance(d, 6100, &out, NULL), 0);
    assert_int_equal(out.n, 3);
    assert_int_equal(out.step[0].at_ms, 3000);
    assert_int_equal(out.step[2].at_ms, 6000);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

/* A failed claim: one table card and a non-word (still a legal action). */
static ad_action bad_claim(const ad_director *d)
{
    const shout_state *s = state(d);
    ad_action a = {.type = SH_A_CLAIM, .n = 1};
    a.cards[0] = s->table[0];
    snprintf(a.word, sizeof a.word, "zq");
    return a;
}

static void answer(ad_director *d, int64_t now, const ad_bot_request *rq, ad_action a,
                   double react_ms, ad_director_out *out, int expect)
{
    ad_bot_answer ans = {.id = rq->id, .seat = rq->seat, .rc = 0, .action = a,
                         .react_ms = react_ms};
    ad_err e;
    assert_int_equal(ad_director_bot_answer(d, now, &ans, out, &e), expect);
}

/* Shout with seat 0 a person who deals and two bots, bots answered by the
 * test: the table after the first card, with the bots' two requests. */
static ad_director *shout_race(ad_bot_request rq[2], ad_director_out *out)
{
    ad_director_opts o = ad_director_defaults();
    o.inline_bots = 0;
    /* seed 4: seat 0 deals the first round */
    ad_director *d = mk("{\"game\":\"shout\",\"players\":3,\"seed\":4}", "pbb", "basic", &o);
    const shout_state *s = state(d);
    if (s->dealer != 0)
        fail_msg("seed 4 should make seat 0 the dealer (it is %d)", s->dealer);
    assert_int_equal(ad_director_requests(d, rq, 2), 0); /* nothing to claim yet */
    ad_director_advance(d, 2500, out, NULL);             /* the deal */
    assert_int_equal(out->n, 1);
    assert_int_equal(out->requests, 2);
    assert_int_equal(ad_director_requests(d, rq, 2), 2);
    assert_int_equal(out->wake_ms, AD_DIRECTOR_NEVER); /* waits for the answers */
    return d;
}

static void test_soonest_bot_shouts_first(void **st)
{
    (void)st;
    ad_bot_request rq[2];
    ad_director_out out = {0};
    ad_director *d = shout_race(rq, &out);
    int slow = rq[0].seat, fast = rq[1].seat;
    /* the slower answer comes back first, and may not act before the other is in */
    answer(d, 2600, &rq[0], bad_claim(d), 900, &out, 0);
    assert_int_equal(out.n, 0);
    assert_int_equal(out.wake_ms, AD_DIRECTOR_NEVER);
    ad_director_advance(d, 3500, &out, NULL); /* past the slow one's moment */
    assert_int_equal(out.n, 0);
    /* the fast one's answer comes late, and still goes first, at its moment */
    answer(d, 3600, &rq[1], bad_claim(d), 400, &out, 0);
    assert_int_equal(out.n, 1);
    assert_int_equal(out.step[0].at_ms, 2900);
    assert_int_equal(out.step[0].seat, fast);
    assert_int_equal(out.step[0].by, AD_BY_SEAT);
    assert_int_not_equal(fast, slow);
    for (int i = 0; i < 2; i++)
        ad_bot_request_free(&rq[i]);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

static void test_stale_bot_answer_is_dropped(void **st)
{
    (void)st;
    ad_bot_request rq[2];
    ad_director_out out = {0};
    ad_director *d = shout_race(rq, &out);
    uint32_t v = ad_director_version(d);
    assert_int_equal(rq[0].version, v);
    act_ok(d, 2600, 0, bad_claim(d), &out); /* the person shouts first: the table moves on */
    assert_int_equal(ad_director_version(d), v + 1);
    /* the answers asked about the old table are dropped, not applied */
    answer(d, 2700, &rq[0], bad_claim(d), 10, &out, 1);
    answer(d, 2700, &rq[1], bad_claim(d), 10, &out, 1);
    assert_int_equal(out.n, 0);
    ad_director_advance(d, 100000, &out, NULL);
    assert_int_equal(out.n, 0); /* still waiting for the new position's answers */
    assert_int_equal(ad_director_version(d), v + 1);
    for (int i = 0; i < 2; i++)
        ad_bot_request_free(&rq[i]);
    ad_bot_request fresh[2];
    int n = ad_director_requests(d, fresh, 2);
    assert_int_equal(n, 2);
    assert_int_equal(fresh[0].version, v + 1);
    for (int i = 0; i < n; i++)
        ad_bot_request_free(&fresh[i]);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

static void test_final_window_closes_at_final_ms(void **st)
{
    (void)st;
    ad_director *d = mk("{\"game\":\"shout\",\"players\":2,\"seed\":9,"
                        "\"options\":{\"deal_ms\":100,\"final_ms\":5000}}",
                        "pp", "basic", NULL);
    ad_director_out out = {0};
    int64_t now = 0, opened = -1;
    for (int i = 0; i < 1000 && opened < 0; i++) {
        now = out.wake_ms == AD_DIRECTOR_NEVER ? now : out.wake_ms;
        ad_director_advance(d, now, &out, NULL);
        for (int k = 0; k < out.n; k++)
            for (int j = 0; j < out.step[k].ev.n; j++)
                if (out.step[k].ev.ev[j].type == SH_EV_FINAL)
                    opened = out.step[k].at_ms;
    }
    assert_true(opened > 0);
    const shout_state *s = state(d);
    assert_int_equal(s->phase, SH_FINAL);
    assert_int_equal(out.wake_ms, opened + 5000);
    /* one person passes midway: the window keeps its end */
    act_ok(d, opened + 1000, 0, (ad_action){.type = SH_A_PASS}, &out);
    assert_int_equal(out.wake_ms, opened + 5000);
    ad_director_advance(d, opened + 4999, &out, NULL);
    assert_int_equal(out.n, 0);
    ad_director_advance(d, opened + 5000, &out, NULL);
    assert_int_equal(out.n, 1);
    assert_int_equal(out.step[0].seat, 1);
    assert_int_equal(out.step[0].action.type, SH_A_PASS);
    assert_int_equal(out.step[0].by, AD_BY_TIME);
    assert_int_not_equal(s->phase, SH_FINAL);
    ad_director_out_clear(&out);
    ad_director_free(d);
}

/* ------------------------------------------------------- determinism */

/* A session: seat 0 a person who answers 700 ms after being asked, the
 * others bots with a pause; bots answered inline or through requests.
 * Returns the record's text (caller frees). */
static char *session(int inline_bots)
{
    ad_director_opts o = ad_director_defaults();
    o.pause_ms = 900;
    o.turn_ms = 20000;
    o.inline_bots = inline_bots;
    o.json = 1;
    ad_director *d = mk("{\"game\":\"noway\",\"players\":3,\"seed\":11}", "pbb", "basic", &o);
    ad_director_out out = {0};
    ad_rng r;
    ad_rng_seed(&r, 5);
    int64_t now = 0;
    int turns = 0; /* the person's; inline and requested bots take different loop counts */
    int silent = 0; /* the person lets this decision's clock run out */
    ad_director_advance(d, now, &out, NULL);
    const ad_game *g = ad_table_game(ad_director_table(d));
    for (int i = 0; i < 100000 && !g->is_over(state(d)); i++) {
        ad_bot_request rq[4];
        int n = ad_director_requests(d, rq, 4);
        for (int k = 0; k < n; k++) {
            ad_bot_answer a;
            ad_bot_request_run(&rq[k], &a);
            ad_director_bot_answer(d, now, &a, &out, NULL);
            ad_bot_request_free(&rq[k]);
        }
        if (n)
            continue;
        if (!(ad_director_asked(d) & 1))
            silent = 0;
        if (ad_director_away(d) & 1 && !(ad_director_asked(d) & 1)) {
            ad_director_take_back(d, now += 300, 0, &out, NULL); /* once the stand-in moved */
        } else if (ad_director_asked(d) & 1 && !(ad_director_away(d) & 1) &&
                   (silent || ++turns % 7 == 3)) {
            /* now and then the person stays silent for the whole decision */
            silent = 1;
            assert_true(out.wake_ms != AD_DIRECTOR_NEVER);
            ad_director_advance(d, now = out.wake_ms, &out, NULL);
        } else if (ad_director_asked(d) & 1 && !(ad_director_away(d) & 1)) {
            /* the person thinks 700 ms (now and then longer than the turn clock) */
            ad_director_advance(d, now += 700, &out, NULL);
            if (ad_director_asked(d) & 1 && !(ad_director_away(d) & 1))
                person_moves(d, now, 0, &r, &out);
        } else {
            assert_true(out.wake_ms != AD_DIRECTOR_NEVER);
            ad_director_advance(d, now = out.wake_ms, &out, NULL);
        }
    }
    assert_true(g->is_over(state(d)));
    json_t *rec = ad_director_record_json(d);
    char *text = json_dumps(rec, JSON_COMPACT);
    json_decref(rec);
    ad_director_out_clear(&out);
    ad_director_free(d);
    return text;
}

/* Fails with the first place two records differ (cmocka cuts long strings). */
static void same_text(const char *a, const char *b)
{
    size_t k = 0;
    while (a[k] && a[k] == b[k])
        k++;
    if (a[k] || b[k])
        fail_msg("the records differ at %zu:\n...%.160s\n...%.160s", k, a + (k > 80 ? k - 80 : 0),
                 b + (k > 80 ? k - 80 : 0));
}

static void test_same_inputs_at_the_same_times_give_the_same_record(void **st)
{
    (void)st;
    char *a = session(1), *b = session(1), *c = session(0);
    assert_true(strlen(a) > 200);
    /* the session met every clock: a window's silence and a stand-in */
    assert_non_null(strstr(a, "\"by\":\"time\""));
    assert_non_null(strstr(a, "\"by\":\"bot\""));
    same_text(a, b);
    same_text(a, c); /* bots on requests: the same game as inline */
    free(a);
    free(b);
    free(c);
}

static void test_bots_play_every_game_to_the_end_on_virtual_time(void **st)
{
    (void)st;
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        char req[128];
        snprintf(req, sizeof req, "{\"game\":\"%s\",\"players\":%d,\"seed\":21}", g->id,
                 g->min_players + 1 <= g->max_players ? g->min_players + 1 : g->min_players);
        ad_director_opts o = ad_director_defaults();
        o.inline_bots = 1;
        ad_director *d = mk(req, "bbbbbbbbbb", "basic", &o);
        ad_director_out out = {0};
        int64_t now = 0;
        long calls = 0;
        ad_err e;
        while (!g->is_over(state(d)) && calls < 200000) {
            if (ad_director_advance(d, now, &out, &e) < 0)
                fail_msg("%s: %s", g->id, e.text);
            if (out.wake_ms == AD_DIRECTOR_NEVER)
                break;
            now = out.wake_ms;
            calls++;
        }
        if (!g->is_over(state(d)))
            fail_msg("%s did not finish (%ld calls, virtual %lld ms)", g->id, calls,
                     (long long)now);
        ad_director_free(d);
    }
}

/* ------------------------------------------------------------ bad input */

/* ------------------------------------------------ the playouts' fast path */

/* Random positions of every game at 4 players (each game's own random
 * moves through a table), handed to check() one by one. */
static void each_position(void (*check)(const ad_game *g, ad_table *t, ad_rng *r))
{
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        for (int game = 0; game < 40; game++) {
            char req[96];
            snprintf(req, sizeof req, "{\"game\":\"%s\",\"players\":4,\"seed\":%d}", g->id,
                     game + 1);
            ad_table *t = tu_new(req);
            ad_rng r;
            ad_rng_seed(&r, (uint64_t)game);
            for (int m = 0; m < 3000 && !g->is_over(ad_table_state(t)); m++) {
                check(g, t, &r);
                if (g->is_over(ad_table_state(t)))
                    break; /* check's own actions may end it */
                uint32_t mask = g->to_act(ad_table_state(t));
                int seat = __builtin_ctz(mask);
                ad_action a;
                ad_err e;
                g->random_action(ad_table_state(t), seat, &r, &a);
                if (ad_table_act(t, seat, &a, NULL, &e) < 0)
                    fail_msg("%s: a random move was refused: %s", g->id, e.text);
            }
            ad_table_free(t);
        }
    }
}

static void same_from_state_and_view(const ad_game *g, ad_table *t, ad_rng *r)
{
    const void *st = ad_table_state(t);
    uint8_t view[4096];
    assert_true(g->state_size <= sizeof view);
    for (uint32_t m = g->to_act(st); m; m &= m - 1) {
        int seat = __builtin_ctz(m);
        ad_rng r1 = *r, r2 = *r;
        ad_action a, b;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        g->view(st, seat, view);
        g->random_action(view, seat, &r1, &a);
        g->random_action(st, seat, &r2, &b);
        if (memcmp(&a, &b, sizeof a) != 0 || memcmp(&r1, &r2, sizeof r1) != 0)
            fail_msg("%s: seat %d's random action from the state is not the one from its view",
                     g->id, seat);
    }
}

/* The director gives the game's own random_action the state, not a view
 * (director.c): that is only fair, and only the same record as a worker's
 * answer, if it reads nothing the view hides. */
static void test_random_action_chooses_the_same_from_the_state_as_from_the_view(void **st)
{
    (void)st;
    each_position(same_from_state_and_view);
}

static void random_level_same_from_state_and_view(const ad_game *g, ad_table *t, ad_rng *r)
{
    const void *st = ad_table_state(t);
    uint8_t view[4096];
    for (uint32_t m = g->to_act(st); m; m &= m - 1) {
        int seat = __builtin_ctz(m);
        ad_rng r1 = *r, r2 = *r;
        ad_action a, b;
        ad_bot_opts o1 = {0}, o2 = {0};
        ad_err e;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        g->view(st, seat, view);
        int rc1 = ad_bot_choose_opts(g, view, seat, "random", &o1, &r1, &a, &e);
        int rc2 = ad_bot_choose_opts(g, st, seat, "random", &o2, &r2, &b, &e);
        if (rc1 != rc2 || memcmp(&a, &b, sizeof a) != 0 || memcmp(&r1, &r2, sizeof r1) != 0 ||
            o1.react_ms != o2.react_ms)
            fail_msg("%s: seat %d's random bot from the state is not the one from its view",
                     g->id, seat);
    }
}

/* The same for the `random` level whatever it is (ad_bot_lookup's reads_state): in
 * Shout a bot of its own, the game's random action and a reaction time. */
static void test_random_level_chooses_the_same_from_the_state_as_from_the_view(void **st)
{
    (void)st;
    each_position(random_level_same_from_state_and_view);
}

/* The director seeds each decision's generator with its own inline copy
 * of ad_rng_seed: it must give the very same state. */
static void test_a_decisions_generator_is_ad_rng_seeds(void **st)
{
    (void)st;
    uint64_t seed = 0;
    for (int i = 0; i < 1000; i++, seed = director_mix(seed) + (uint64_t)i) {
        ad_rng a, b;
        ad_rng_seed(&a, seed);
        director_rng(&b, seed);
        assert_memory_equal(&a, &b, sizeof a);
    }
    ad_rng a, b;
    ad_rng_seed(&a, UINT64_MAX);
    director_rng(&b, UINT64_MAX);
    assert_memory_equal(&a, &b, sizeof a);
}

static void refused_changes_nothing(const ad_game *g, ad_table *t, ad_rng *r)
{
    uint8_t before[4096];
    memcpy(before, ad_table_state(t), g->state_size);
    const ad_step *steps;
    int n = ad_table_steps(t, &steps);
    for (int k = 0; k < 4; k++) {
        ad_action a;
        uint8_t *p = (uint8_t *)&a;
        for (size_t i = 0; i < sizeof a; i++)
            p[i] = (uint8_t)ad_rng_below(r, k < 2 ? 4 : 256); /* near-legal, then anything */
        a.n = (uint8_t)(a.n % (AD_ACTION_MAX_CARDS + 1));
        ad_err e;
        if (ad_table_act(t, (int)ad_rng_below(r, 5), &a, NULL, &e) < 0) {
            if (memcmp(before, ad_table_state(t), g->state_size) != 0)
                fail_msg("%s: a refused action changed the state: %s", g->id, e.text);
            assert_int_equal(ad_table_steps(t, &steps), n);
        } else {
            memcpy(before, ad_table_state(t), g->state_size);
            n++;
        }
    }
}

/* The table applies in place, with no copy to fall back on (table.c): it
 * stands on every game's apply refusing before it changes anything. */
static void test_a_refused_action_changes_nothing(void **st)
{
    (void)st;
    each_position(refused_changes_nothing);
}

/* sim's tables are made from a setup, with no JSON: their record still
 * loads and replays to the same state, a seed past 2^63 included. */
static void test_a_table_from_a_setup_keeps_a_record_that_replays(void **st)
{
    (void)st;
    for (int i = 0; i < ad_game_count(); i++) {
        const ad_game *g = ad_game_at(i);
        ad_setup su;
        memset(&su, 0, sizeof su);
        su.players = 3;
        su.seed = 0xfedcba9876543210ULL;
        su.deck_n = -1;
        su.dealer = -1;
        for (int k = 0; k < g->nopt; k++)
            su.opt[k] = g->options[k].def;
        ad_err e;
        ad_table *t = ad_table_new_setup(g, &su, &e);
        if (!t)
            fail_msg("%s: %s", g->id, e.text);
        assert_true(ad_table_seed(t) == su.seed);
        ad_rng r;
        ad_rng_seed(&r, 3);
        for (int m = 0; m < 40 && !g->is_over(ad_table_state(t)); m++) {
            int seat = __builtin_ctz(g->to_act(ad_table_state(t)));
            ad_action a;
            g->random_action(ad_table_state(t), seat, &r, &a);
            assert_int_equal(ad_table_act(t, seat, &a, NULL, &e), 0);
        }
        json_t *rec = ad_table_record_json(t);
        ad_table *u = ad_table_load(rec, &e);
        if (!u)
            fail_msg("%s: the record did not load: %s", g->id, e.text);
        assert_memory_equal(ad_table_state(t), ad_table_state(u), g->state_size);
        json_decref(rec);
        ad_table_free(u);
        ad_table_free(t);
    }
}

static void test_bad_setups_are_refused_in_words(void **st)
{
    (void)st;
    ad_table *t = tu_new("{\"game\":\"liar\",\"players\":2,\"seed\":1}");
    ad_seat_cfg seats[2] = {{.person = 0, .level = "clever"}, {.person = 1}};
    ad_err e;
    assert_null(ad_director_new(t, seats, NULL, 0, &e));
    assert_int_equal(e.code, AD_E_BAD_LEVEL);
    ad_director_opts o = ad_director_defaults();
    memset(o.standin, 'x', sizeof o.standin); /* no end */
    seats[0] = (ad_seat_cfg){.level = "basic"};
    assert_null(ad_director_new(t, seats, &o, 0, &e));
    assert_int_equal(e.code, AD_E_BAD_LEVEL);
    o = ad_director_defaults();
    o.turn_ms = -5;
    snprintf(seats[0].level, sizeof seats[0].level, "basic");
    assert_null(ad_director_new(t, seats, &o, 0, &e));
    assert_int_equal(e.code, AD_E_BAD_OPTION);
    ad_director *d = ad_director_new(t, seats, NULL, 0, &e);
    assert_non_null(d);
    ad_director_out out = {0};
    ad_action a = {0};
    assert_int_equal(ad_director_act(d, 0, 0, &a, &out, &e), -1); /* a bot's seat */
    assert_int_equal(e.code, AD_E_BAD_SEAT);
    assert_int_equal(ad_director_act(d, 0, 7, &a, &out, &e), -1);
    assert_int_equal(e.code, AD_E_BAD_SEAT);
    assert_int_equal(ad_director_leave(d, 0, 0, &out, &e), -1);
    assert_int_equal(e.code, AD_E_BAD_SEAT);
    ad_director_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_window_asks_every_other_seat_at_once_and_closes_when_all_passed),
        cmocka_unit_test(test_calls_within_the_grace_go_to_the_nearest_left),
        cmocka_unit_test(test_a_call_past_the_grace_loses_to_the_first_and_a_late_call_is_refused),
        cmocka_unit_test(test_a_lone_call_settles_at_once_when_nobody_else_is_asked),
        cmocka_unit_test(test_bad_call_grace_is_refused),
        cmocka_unit_test(test_the_next_seat_may_play_on_and_its_play_goes_down_when_the_window_closes),
        cmocka_unit_test(test_playing_on_closes_the_window_for_nobody_and_a_call_drops_the_play),
        cmocka_unit_test(test_a_play_on_refused_by_the_rules_or_by_another_seat_changes_nothing),
        cmocka_unit_test(test_bots_answer_a_window_on_their_own_time_not_in_seat_order),
        cmocka_unit_test(test_answer_window_running_out_is_a_pass),
        cmocka_unit_test(test_turn_clock_running_out_lets_a_bot_move_marked_in_the_record),
        cmocka_unit_test(test_person_takes_the_seat_back),
        cmocka_unit_test(test_shout_deals_at_deal_ms),
        cmocka_unit_test(test_soonest_bot_shouts_first),
        cmocka_unit_test(test_stale_bot_answer_is_dropped),
        cmocka_unit_test(test_final_window_closes_at_final_ms),
        cmocka_unit_test(test_same_inputs_at_the_same_times_give_the_same_record),
        cmocka_unit_test(test_bots_play_every_game_to_the_end_on_virtual_time),
        cmocka_unit_test(test_bad_setups_are_refused_in_words),
        cmocka_unit_test(test_random_action_chooses_the_same_from_the_state_as_from_the_view),
        cmocka_unit_test(test_random_level_chooses_the_same_from_the_state_as_from_the_view),
        cmocka_unit_test(test_a_refused_action_changes_nothing),
        cmocka_unit_test(test_a_decisions_generator_is_ad_rng_seeds),
        cmocka_unit_test(test_a_table_from_a_setup_keeps_a_record_that_replays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
