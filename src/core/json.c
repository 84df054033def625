/*
 * json.c - typed field readers and card writers shared by every game, so
 * that all doors report bad input the same way (code + the field's name).
 */
#include <string.h>

#include "adjson.h"

static const char *type_word(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number with a fraction";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

int ad_json_int(const json_t *obj, const char *key, int required, long long min, long long max,
            long long def, long long *out, ad_err *err)
{
    const json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            return ad_err_set(err, AD_E_MISSING_FIELD, "the field \"%s\" is missing", key);
        *out = def;
        return 0;
    }
    if (!json_is_integer(v))
        return ad_err_set(err, AD_E_BAD_FIELD, "\"%s\" must be an integer, not %s", key,
                          type_word(v));
    long long x = json_integer_value(v);
    if (x < min || x > max)
        return ad_err_set(err, AD_E_BAD_FIELD, "\"%s\" must be between %lld and %lld, not %lld",
                          key, min, max, x);
    *out = x;
    return 0;
}

int ad_json_str(const json_t *obj, const char *key, int required, const char **out, ad_err *err)
{
    const json_t *v = json_object_get(obj, key);
    *out = NULL;
    if (!v) {
        if (required)
            return ad_err_set(err, AD_E_MISSING_FIELD, "the field \"%s\" is missing", key);
        return 0;
    }
    if (!json_is_string(v))
        return ad_err_set(err, AD_E_BAD_FIELD, "\"%s\" must be a string, not %s", key,
                          type_word(v));
    *out = json_string_value(v);
    return 0;
}

int ad_json_word(const json_t *obj, const char *key, char *out, int max, ad_err *err)
{
    const char *text;
    if (ad_json_str(obj, key, 1, &text, err) < 0)
        return -1;
    size_t len = strlen(text);
    if (len == 0 || len > (size_t)max)
        return ad_err_set(err, AD_E_BAD_ACTION, "a word has 1 to %d letters", max);
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c < 'a' || c > 'z')
            return ad_err_set(err, AD_E_BAD_ACTION,
                              "a word is letters a-z only (no apostrophes, hyphens or accents)");
        out[i] = c;
    }
    out[len] = 0;
    return 0;
}

json_t *ad_json_cards(const ad_deck *d, const uint8_t *kinds, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(d->kind[kinds[i]]));
    return a;
}

json_t *ad_json_counts(const ad_deck *d, const uint8_t *counts, int nkinds)
{
    json_t *a = json_array();
    for (int k = 0; k < nkinds; k++)
        for (int c = 0; c < counts[k]; c++)
            json_array_append_new(a, json_string(d->kind[k]));
    return a;
}

int ad_json_parse_cards(const ad_deck *d, const json_t *arr, const char *what, uint8_t *out, int max,
                    int *n, ad_err *err)
{
    if (!json_is_array(arr))
        return ad_err_set(err, AD_E_BAD_FIELD, "\"%s\" must be an array of card names", what);
    size_t len = json_array_size(arr);
    if (len > (size_t)max)
        return ad_err_set(err, AD_E_BAD_FIELD, "\"%s\" has %zu cards; at most %d are allowed",
                          what, len, max);
    for (size_t i = 0; i < len; i++) {
        const json_t *c = json_array_get(arr, i);
        if (!json_is_string(c))
            return ad_err_set(err, AD_E_BAD_FIELD, "\"%s\" must be an array of card names", what);
        const char *name = json_string_value(c);
        int k = ad_deck_kind(d, name);
        if (k < 0)
            return ad_err_set(err, AD_E_BAD_CARD, "\"%.20s\" is not a card of this game", name);
        if (d->class_of[k] < 0)
            return ad_err_set(err, AD_E_BAD_CARD, "\"%s\" cards never enter play in this game",
                              name);
        out[i] = (uint8_t)k;
    }
    *n = (int)len;
    return 0;
}

json_t *ad_json_seats(uint32_t mask, int players)
{
    json_t *a = json_array();
    for (int s = 0; s < players; s++)
        if (mask & (1u << s))
            json_array_append_new(a, json_integer(s));
    return a;
}

json_t *ad_json_int_array(const int32_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}
