/*
 * told_text.h - an update's words written straight into a writer
 * (core/jsonw.h) for the server's hot path: the events told (each event
 * with its "text", the narrator's sentence) and the lines read aloud.  Each
 * has its tree form beside it, made by the same code, for the few callers
 * that want a tree; the text is the tree's compact dump byte for byte
 * (tests/unit/test_told_text.c).  Not part of the public API.
 */
#ifndef AD_GAMES_TOLD_TEXT_H
#define AD_GAMES_TOLD_TEXT_H

#include "alphadeck/narrate.h"
#include "core/jsonw.h"

/* The events (a JSON array) as n tells them: a copy of each with "text",
 * its sentence, when the narrator says one.  Tree and text. */
json_t *ad_told_tree(narrator *n, const json_t *events);
void ad_told_text(ad_jw *w, narrator *n, const json_t *events);

/* Whether s is UTF-8 that jansson takes as a string. */
int ad_told_utf8(const char *s);

/* ad_aloud_update's lines as a JSON array of strings, written to w. */
void ad_aloud_text(ad_jw *w, narrator *n, const json_t *events, const json_t *view);

#endif
