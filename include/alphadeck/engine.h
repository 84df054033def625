/*
 * engine.h - the engine's JSON Lines protocol (docs/protocol.md) as a line
 * handler, for a program that speaks it over its own pipe or socket.  An
 * ad_engine holds the games its lines open (by "id"); each request line
 * gets one reply, a JSON object, in order.  `alphadeck engine` is a loop
 * reading stdin and writing stdout over these three calls.
 *
 *     ad_engine *en = ad_engine_new();
 *     json_t *r = ad_engine_line(en, "{\"cmd\":\"games\"}", 15);
 *     ... print r (json_dumps with JSON_COMPACT), json_decref(r) ...
 *     ad_engine_free(en);
 *
 * An engine is not shared between threads; one engine per connection.
 */
#ifndef ALPHADECK_ENGINE_H
#define ALPHADECK_ENGINE_H

#include <stddef.h>

#include <jansson.h>

#include "alphadeck/alphadeck.h"

#ifdef __cplusplus
extern "C" {
#endif

#pragma GCC visibility push(default)

/* A line of this many bytes or more is refused with "line_too_long".  A
 * reader that stops at the limit may pass the first AD_ENGINE_LINE_MAX
 * bytes of a longer line: the reply is the same. */
#define AD_ENGINE_LINE_MAX (1000 * 1000)

typedef struct ad_engine ad_engine;

/* A new engine with no game open, or NULL when out of memory. */
ad_engine *ad_engine_new(void);

/* One request line of len bytes (without its LF; a CR before the LF
 * removed), handled as the engine handles it: NULL for a blank line (no
 * reply is due), otherwise the reply, which the caller frees.  A bad line
 * gets {"ok":false,"error":...,"code":...} and changes nothing. */
json_t *ad_engine_line(ad_engine *en, const char *line, size_t len);

/* Closes every open game and frees the engine (NULL is fine). */
void ad_engine_free(ad_engine *en);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
