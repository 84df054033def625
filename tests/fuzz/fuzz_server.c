/*
 * fuzz_server.c - libFuzzer harness for the server's frame handler,
 * lobby_request (src/server/commands.c), with its store on an in-memory
 * SQLite database.  The input is split into lines, each one text frame;
 * frames go to the first of two connections, or to the second when the
 * line begins with '@' (removed), so two players can meet at one table.
 * After each frame the loop's end-of-pass work is done (lobby_flush:
 * commit, acknowledge, push), as net.c does.  At the end the connections
 * go, and the lobby and store are freed, so a leak is a finding.
 *
 * What net.c and workers.c do is stubbed (tests/server_stub.c, shared
 * with the lobby's unit test): frames sent are dropped (shown on stderr
 * with FUZZ_SERVER_ECHO set), the clock moves a second a frame, and timers
 * never fire (a table's clock and bot pauses are not explored); a bot's
 * job is dropped, never answered, so no thread and no search runs and a
 * run depends on its input alone.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../server_stub.h"

#define MAX_FRAMES 64 /* frames handled from one input; the rest ignored */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ad_err e;
    store *st = store_open(":memory:", &e);
    if (!st)
        abort(); /* the harness itself is broken */
    lobby *l = lobby_new(NULL, st, 1, &e);
    if (!l)
        abort();
    conn cs[2];
    memset(cs, 0, sizeof cs);
    const char *p = (const char *)data, *end = p + size;
    for (int k = 0; k < MAX_FRAMES && p < end; k++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = (size_t)((nl ? nl : end) - p);
        conn *c = &cs[0];
        const char *f = p;
        size_t fn = n;
        if (fn > 0 && f[0] == '@')
            c = &cs[1], f++, fn--;
        if (fn <= SRV_FRAME_MAX) /* net.c refuses a longer one unread */
            lobby_request(l, c, f, fn);
        lobby_worker_answers(l);
        lobby_flush(l);
        ad_stub_now_ms += 1000;
        p += n + 1;
    }
    lobby_conn_gone(l, &cs[0]);
    lobby_conn_gone(l, &cs[1]);
    lobby_flush(l);
    lobby_quiesce(l);
    lobby_free(l);
    store_close(st);
    return 0;
}
