/*
 * records.c - the terminal's word on a saved game (see records.h); the
 * saving itself is the library's (src/records/records.c).
 */
#include "records.h"

int records_save_told(const ad_director *d, const char *file, FILE *out)
{
    char saved[4096];
    ad_err e;
    json_t *rec = ad_director_record_json(d);
    int rc = ad_record_save(rec, file, saved, sizeof saved, &e);
    json_decref(rec);
    if (rc < 0) {
        fprintf(stderr, "alphadeck: %s.\n", e.text);
        return -1;
    }
    fprintf(out, "The game's record is in %s.\n", saved);
    return 0;
}
