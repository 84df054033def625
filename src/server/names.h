/*
 * names.h - what a person may be called on the server (shared/PROTOCOL.md,
 * "Names"; docs/server.md).  Apart from the rest of the server so that its
 * unit test (tests/unit/test_names.c) needs nothing else.
 */
#ifndef AD_SERVER_NAMES_H
#define AD_SERVER_NAMES_H

#include <stddef.h>

#define SRV_NAME_MARKS 3 /* combining marks one character may carry (Thai's vowel and tone,
                          * Hebrew's points: up to 3; a stack of dozens spills over the
                          * lines around it) */

/* Reads name `in` (UTF-8): its NFC form goes to out (outsz bytes, with the
 * NUL) when it is a name of 1 to max_chars characters; 0.  Otherwise -1,
 * and `why` (whysz bytes) says in words what is wrong. */
int srv_name_normal(const char *in, int max_chars, char *out, size_t outsz, char *why,
                    size_t whysz);

/* The same rules for a message said at a table (talk.c): 1 to max_chars
 * characters of NFC, none of them a control or format character. */
int ad_text_normal(const char *in, int max_chars, char *out, size_t outsz, char *why,
                   size_t whysz);

#endif
