/*
 * fuzz_engine.c - libFuzzer harness for `alphadeck engine`'s line handler
 * (src/engine/engine.c).  The input is split into lines, each handed to
 * one engine as `alphadeck engine` would (ad_engine_line, the same function
 * its read loop calls), so sequences of commands are explored: a game made
 * by one line is played, recorded, loaded and closed by the next.  Every
 * reply is printed to a string (as the engine prints it) and freed, and the
 * state is freed at the end, so a leak is a finding (LeakSanitizer).
 *
 * One thing is left out on purpose: a `bot` request for a searching level.
 * Its time is bounded by design (AD_BOT_MAX_THINK_MS, AD_BOT_MAX_SIMS: a
 * few seconds a request), which is a libFuzzer timeout, not a bug; the
 * harness keeps "random" (the default) and skips the others.  The search
 * itself is covered by the property tests.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alphadeck/alphadeck.h"
#include "alphadeck/engine.h"

#define MAX_LINES 64 /* lines handled from one input; the rest ignored */

/* Whether line asks a bot other than "random" to choose (see above). */
static int slow_bot(const char *line, size_t n)
{
    json_t *req = json_loadb(line, n, 0, NULL);
    int slow = 0;
    if (json_is_object(req)) {
        const char *cmd = json_string_value(json_object_get(req, "cmd"));
        const json_t *lv = json_object_get(req, "level");
        slow = cmd && strcmp(cmd, "bot") == 0 && json_is_string(lv) &&
               strcmp(json_string_value(lv), "random") != 0;
    }
    json_decref(req);
    return slow;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ad_engine *en = ad_engine_new();
    if (!en)
        return 0;
    const char *p = (const char *)data, *end = p + size;
    for (int k = 0; k < MAX_LINES && p < end; k++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = (size_t)((nl ? nl : end) - p);
        /* as the engine's reader: a CR before the LF is not part of the line */
        size_t len = n > 0 && p[n - 1] == '\r' ? n - 1 : n;
        if (!slow_bot(p, len)) {
            json_t *r = ad_engine_line(en, p, len);
            if (r) {
                free(json_dumps(r, JSON_COMPACT));
                json_decref(r);
            }
        }
        p += n + 1;
    }
    ad_engine_free(en);
    return 0;
}
