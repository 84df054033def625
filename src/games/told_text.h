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

/* The events' fields, written once for every seat told them (the server
 * tells one step's events to each seat at an update: only the sentence
 * differs, "You" to the one who acted).  Zero it (ad_told_share_reset)
 * when the events change. */
typedef struct {
    ad_jw text; /* each shared event's fields, "{" and its fields, no "}" */
    ad_jw said; /* sentences made for no seat, each NUL-ended */
    /* what is kept of event i */
    struct ad_told_one {
        size_t start, end; /* its fields in text (start SIZE_MAX: told whole) */
        /* its sentence as made for no seat (said_at: in said; SIZE_MAX:
         * not made yet; SIZE_MAX - 1: none said), the seats it compared
         * with "you" and the narrator's memory of the events before
         * (time_up) it was made from and left: a seat it did not compare,
         * whose narrator remembers the same, is told the same words and
         * left remembering the same */
        size_t said_at;
        uint64_t compared;
        int time_up, time_up_after;
    } *one;
    size_t cap;    /* room in one */
    size_t n;      /* the events it was made for */
    int ready;     /* 1: made for this update's events; -1: not shared */
} ad_told_share;
void ad_told_share_reset(ad_told_share *sh);
void ad_told_share_free(ad_told_share *sh);
/* ad_told_text's bytes, the fields from sh (made at the first call). */
void ad_told_text_shared(ad_jw *w, narrator *n, const json_t *events, ad_told_share *sh);
/* Event i of events as the compact text of its tree, untold (no "text"
 * added), its fields from sh (made at the first call): the server keeps a
 * step's events so for sync, and the fields are the ones its update
 * tells. */
void ad_told_event_text(ad_jw *w, const json_t *events, size_t i, ad_told_share *sh);

/* Whether s (or its n bytes, no NUL among them) is UTF-8 that jansson
 * takes as a string. */
int ad_told_utf8(const char *s);
int ad_told_utf8n(const char *s, size_t n);

/* ad_aloud_update's lines as a JSON array of strings, written to w. */
void ad_aloud_text(ad_jw *w, narrator *n, const json_t *events, const json_t *view);

#endif
