/*
 * clock.c - the wall-clock driver of a director for both terminal
 * displays (clock.h): the table's time, the director's calls on it, and
 * the steps they applied in words.
 */
#include <string.h>
#include <time.h>

#include "clock.h"
#include "alphadeck/narrate.h"
#include "speak.h"

int64_t ad_term_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void ad_term_clock_start(ad_term_clock *c)
{
    c->origin_ms = ad_term_wall_ms();
    c->wake_ms = 0;
}

int64_t ad_term_clock_now(const ad_term_clock *c)
{
    return c->is_virtual ? c->vnow : ad_term_wall_ms() - c->origin_ms;
}

int ad_term_clock_until_wake(const ad_term_clock *c)
{
    if (c->wake_ms == AD_DIRECTOR_NEVER)
        return -1;
    int64_t left = c->wake_ms - ad_term_clock_now(c);
    return left <= 0 ? 0 : left > 3600000 ? 3600000 : (int)left;
}

void ad_term_clock_skip(ad_term_clock *c)
{
    int64_t now = ad_term_clock_now(c);
    if (c->wake_ms != AD_DIRECTOR_NEVER && c->wake_ms > now)
        c->origin_ms -= c->wake_ms - now;
}

/* The table's time stands still while a bot thinks on this thread: a
 * director call that began at wall time t0 takes its thinking out of the
 * clock, so a slow bot slows the table down (as a worker's late answer
 * would) rather than letting the deals and the final window it missed all
 * happen at once when it is done. */
static void think_paused(ad_term_clock *c, int64_t t0)
{
    if (!c->is_virtual)
        c->origin_ms += ad_term_wall_ms() - t0;
}

int ad_term_clock_advance(ad_term_clock *c, ad_director_out *out, ad_err *e)
{
    memset(out, 0, sizeof *out);
    int64_t t0 = ad_term_wall_ms();
    int rc = ad_director_advance(c->d, ad_term_clock_now(c), out, e);
    think_paused(c, t0);
    return rc;
}

int ad_term_clock_act(ad_term_clock *c, int seat, const ad_action *a, ad_director_out *out,
                      ad_err *e)
{
    memset(out, 0, sizeof *out);
    int64_t t0 = ad_term_wall_ms();
    int rc = ad_director_act(c->d, ad_term_clock_now(c), seat, a, out, e);
    think_paused(c, t0);
    return rc;
}

int ad_term_clock_act_json(ad_term_clock *c, int seat, const json_t *action,
                           ad_director_out *out, ad_err *e)
{
    memset(out, 0, sizeof *out);
    int64_t t0 = ad_term_wall_ms();
    int rc = ad_director_act_json(c->d, ad_term_clock_now(c), seat, action, out, e);
    think_paused(c, t0);
    return rc;
}

int ad_term_clock_take_back(ad_term_clock *c, int seat, ad_director_out *out, ad_err *e)
{
    memset(out, 0, sizeof *out);
    int64_t t0 = ad_term_wall_ms();
    int rc = ad_director_take_back(c->d, ad_term_clock_now(c), seat, out, e);
    think_paused(c, t0);
    return rc;
}

/* One step in words, from its JSON, made when it was applied (later steps
 * may have moved the cards it names).  Only the person's own time running
 * out is worth a word: not a bot's, and not the dealer turning a card on
 * the clock. */
static void tell_step(ad_term_clock *c, const ad_director_step *st)
{
    const json_t *events = json_object_get(st->json, "events");
    const char *first = json_string_value(json_object_get(json_array_get(events, 0), "type"));
    int mine = st->by == AD_BY_TIME && st->seat == c->human;
    if (mine && first && strcmp(first, "pass") == 0 &&
        strcmp(c->nar->g->family, "shout") == 0) {
        /* Shout's final window ran out: not a pass the person chose */
        c->say(c->ctx, "Time is up for the final window.");
        return;
    }
    if (mine && !(first && strcmp(first, "deal") == 0))
        c->say(c->ctx, "Your time is up.");
    char line[400];
    size_t i;
    json_t *ev;
    json_array_foreach(events, i, ev) if (ad_narrate_event(c->nar, ev, line, sizeof line))
        c->say(c->ctx, line);
}

/* --speak: what the library reads aloud to the person of these steps
 * (their events, then whose turn it is), from the person's own view; the
 * first call, before any step, says whose turn it is. */
static void speak_steps(ad_term_clock *c, const ad_director_out *out)
{
    if (!out->n && c->speak->started)
        return;
    json_t *events = out->n ? json_array() : NULL, *lines = json_array();
    for (int i = 0; i < out->n; i++)
        json_array_extend(events, json_object_get(out->step[i].json, "events"));
    json_t *view = ad_table_view_json(ad_director_table(c->d), c->human);
    narrator n = *c->nar; /* its memory of a time_up is the line narrator's */
    ad_aloud_update(&n, events, view, lines);
    ad_term_speaker_say(c->speak, lines);
    c->speak->started = 1;
    json_decref(view);
    json_decref(lines);
    json_decref(events);
}

void ad_term_clock_tell(ad_term_clock *c, ad_director_out *out)
{
    for (int i = 0; i < out->n; i++)
        tell_step(c, &out->step[i]);
    if (c->speak)
        speak_steps(c, out);
    c->wake_ms = out->wake_ms;
    ad_director_out_clear(out);
}
