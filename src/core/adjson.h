/*
 * adjson.h - the library's internal JSON helpers (on jansson): reading typed
 * fields with an ad_err that names the field, and writing cards and seats.
 * Used by core and the games; not part of the public API.
 */
#ifndef AD_CORE_ADJSON_H
#define AD_CORE_ADJSON_H

#include "alphadeck/alphadeck.h"

/* Reads obj[key] as an integer in [min, max].  Missing: if required, a
 * missing_field error, else *out = def.  Returns 0 or -1. */
int ad_json_int(const json_t *obj, const char *key, int required, long long min, long long max,
            long long def, long long *out, ad_err *err);
/* Reads obj[key] as a string; missing and required: error; else NULL. */
int ad_json_str(const json_t *obj, const char *key, int required, const char **out, ad_err *err);

/* Reads obj[key] (required) as a word: 1 to max letters a-z, capitals read
 * as lowercase, into out (room for max + 1).  Errors: missing_field,
 * bad_field (not a string), bad_action (empty, too long, not letters). */
int ad_json_word(const json_t *obj, const char *key, char *out, int max, ad_err *err);

/* Face names of `n` kinds. */
json_t *ad_json_cards(const ad_deck *d, const uint8_t *kinds, int n);
/* Face names from per-kind counts, in deck order (a sorted hand). */
json_t *ad_json_counts(const ad_deck *d, const uint8_t *counts, int nkinds);
/* Parses an array of face names into kinds.  Errors: bad_field (not an array
 * of strings, more than max), bad_card (not a face of this deck, or a face
 * that never enters play). */
int ad_json_parse_cards(const ad_deck *d, const json_t *arr, const char *what, uint8_t *out, int max,
                    int *n, ad_err *err);
/* [seats...] from a bitmask. */
json_t *ad_json_seats(uint32_t mask, int players);
json_t *ad_json_int_array(const int32_t *v, int n);

#endif
