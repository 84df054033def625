/*
 * director_info.c - what a director's callers read of it (the position's
 * version, who is asked, who called, the clocks), its defaults, handing
 * out bot requests, freeing it and its record.  The schedule itself is
 * director.c's.
 */
#include "director_impl.h"

ad_director_opts ad_director_defaults(void)
{
    ad_director_opts o;
    memset(&o, 0, sizeof o);
    o.answer_ms = 10000;
    o.call_grace_ms = 300;
    snprintf(o.standin, sizeof o.standin, "basic");
    return o;
}

const ad_table *ad_director_table(const ad_director *d)
{
    return d->t;
}

uint32_t ad_director_version(const ad_director *d)
{
    return d->version;
}

uint32_t ad_director_asked(const ad_director *d)
{
    return d->asked;
}

uint32_t ad_director_calls(const ad_director *d)
{
    return d->calls;
}

uint32_t ad_director_asked_since(const ad_director *d, int seat)
{
    if (seat < 0 || seat >= d->players || !(d->asked & (1u << seat)))
        return d->version;
    return d->seat[seat].since;
}

int ad_director_settled(const ad_director *d)
{
    return d->settled;
}

uint32_t ad_director_people(const ad_director *d)
{
    return d->people;
}

uint32_t ad_director_away(const ad_director *d)
{
    uint32_t m = 0;
    for (int s = 0; s < d->players; s++)
        if (d->seat[s].away)
            m |= 1u << s;
    return m;
}

int64_t ad_director_deadline(const ad_director *d, int seat)
{
    if (seat < 0 || seat >= d->players || d->seat[seat].clock == CLK_NONE)
        return AD_DIRECTOR_NEVER;
    return whole_ms(d->seat[seat].clock_due);
}

void ad_director_out_clear(ad_director_out *out)
{
    for (int i = 0; i < out->n && i < AD_DIRECTOR_MAX_STEPS; i++) {
        json_decref(out->step[i].json);
        out->step[i].json = NULL;
    }
    out->n = 0;
    out->away = 0;
    out->requests = 0;
    out->wake_ms = AD_DIRECTOR_NEVER;
}

int ad_director_requests(ad_director *d, ad_bot_request *out, int max)
{
    int n = 0;
    while (n < max && d->nqueue > 0) {
        out[n++] = d->queue[0];
        memmove(d->queue, d->queue + 1, (size_t)(--d->nqueue) * sizeof *d->queue);
    }
    return n;
}

void ad_director_free(ad_director *d)
{
    if (!d)
        return;
    for (int i = 0; i < d->nqueue; i++)
        ad_bot_request_free(&d->queue[i]);
    free(d->queue);
    free(d->by);
    free(d->view);
    ad_table_free(d->t);
    free(d);
}

json_t *ad_director_record_json(const ad_director *d)
{
    json_t *rec = ad_table_record_json(d->t);
    json_t *acts = json_object_get(rec, "actions");
    for (size_t i = 0; i < json_array_size(acts) && (int)i < d->by_cap; i++)
        if (by_name(d->by[i]))
            json_object_set_new(json_array_get(acts, i), "by", json_string(by_name(d->by[i])));
    json_t *seats = json_array();
    for (int s = 0; s < d->players; s++)
        json_array_append_new(seats, d->seat[s].cfg.person
                                         ? json_pack("{s:b}", "person", 1)
                                         : json_pack("{s:s}", "bot", d->seat[s].cfg.level));
    json_object_set_new(rec, "seats", seats);
    return rec;
}
