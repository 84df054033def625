/*
 * jsonr.h - a JSON reader of our own for the server's requests: the same
 * tree as jansson's json_loadb(text, len, JSON_REJECT_DUPLICATES), made
 * without jansson's lexer (which cost some 17,000 instructions a request
 * of a hundred bytes, a byte at a time through its stream and string
 * buffers).  It reads the plain JSON requests are made of (objects,
 * arrays, strings of printable ASCII with the simple escapes, integers,
 * true, false, null) and hands anything else to jansson, so what it does
 * not read is read, or refused, exactly as before.  Not part of the
 * public API.
 */
#ifndef AD_CORE_JSONR_H
#define AD_CORE_JSONR_H

#include <stddef.h>

#include <jansson.h>

/* The tree of text[0..len), as json_loadb with JSON_REJECT_DUPLICATES
 * gives it (NULL where it gives NULL). */
json_t *ad_jsonr_load(const char *text, size_t len);
/* The tree when our reader reads text alone, else NULL (jansson's then):
 * for the tests, which hold both readers to one tree. */
json_t *ad_jsonr_plain(const char *text, size_t len);

#endif
