/*
 * fuzz_record.c - libFuzzer harness for the record loader: the input, if
 * it is JSON, is given to ad_table_load (a table from a record, as the
 * engine's `load` and the server's resume do) and ad_replay_load (a record
 * opened for review).  A record either is rejected with an error or loads
 * whole; one that loads is used as its clients use it (its record written
 * back, its replay stepped to the end and back, the views made), so a
 * record the loader accepts but the game cannot hold is found too.
 * Everything is freed, so a leak is a finding (LeakSanitizer).
 */
#include <stdint.h>
#include <stdlib.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_t *rec = json_loadb((const char *)data, size, 0, NULL);
    if (!rec)
        return 0;
    ad_err e;
    ad_table *t = ad_table_load(rec, &e);
    if (t) {
        json_decref(ad_table_record_json(t));
        json_decref(ad_table_view_json(t, AD_GOD));
        ad_table_free(t);
    }
    ad_replay *r = ad_replay_load(rec, &e);
    if (r) {
        int len = ad_replay_length(r);
        if (ad_replay_goto(r, len, &e) == 0) {
            json_decref(ad_replay_view_json(r, AD_GOD));
            json_decref(ad_replay_events_json(r));
            json_decref(ad_replay_action_json(r));
        }
        ad_replay_goto(r, 0, &e);
        json_decref(ad_replay_view_json(r, 0));
        ad_table *rt = ad_replay_table(r, &e);
        ad_table_free(rt);
        ad_replay_free(r);
    }
    json_decref(rec);
    return 0;
}
