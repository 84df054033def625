// Half-open connections (issue 19): a client that vanishes without a close
// (a phone gone out of range: no FIN, no pong) is found by the server's
// ping within --ping-seconds twice over, and after --away-after its seat
// passes to the stand-in, as docs/server.md says; a client that is merely
// quiet answers the pings and keeps its connection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, twoPersonTable, sleep, within } from './harness.mjs';

test('a vanished client is found by ping and its seat passes to the stand-in, while a quiet client that answers pings stays', { timeout: 40000 }, async (t) => {
    const server = await startServer(t, { args: ['--ping-seconds', '1', '--away-after', '1'] });
    const tb = await twoPersonTable(server, 'noway', { seats: ['open', 'open'], seed: 7 });
    const [stay, gone] = tb.seats;
    // the vanished client: it reads nothing from now on and so answers no
    // ping, and never closes its socket
    gone.c.ws._socket.pause();
    const t0 = Date.now();
    // the one who stays sends nothing either (only its pongs), and watches
    // the seats: the other seat goes offline, then away
    const away = await stay.c.waitPush((f) => f.push === 'seats' && f.table === tb.table &&
        f.seats[gone.seat] && f.seats[gone.seat].away === true && f.seats[gone.seat].online === false,
    15000, 'the vanished seat shown offline and away');
    const took = Date.now() - t0;
    // ping after 1 s of silence, dropped by 2 s, stand-in 1 s later; lws checks
    // its timers about once a second, so allow a few seconds over that
    assert.ok(took <= 8000, `the vanished seat passed to the stand-in after ${took} ms (ping 1 s, hang-up 2 s, away 1 s)`);
    assert.equal(away.seats[stay.seat].online, true, 'the quiet client that answers pings is still online');
    // the stand-in plays the vanished seat: the game goes on through its turns
    const before = stay.v;
    let byStandIn = null;
    const deadline = Date.now() + 15000;
    while (!byStandIn && Date.now() < deadline) {
        await stay.step(Math.max(1000, deadline - Date.now()));
        const p = stay.lastPush;
        if (p && p.v > before && p.events.some((e) => e.seat === gone.seat && e.by !== undefined)) byStandIn = p;
    }
    assert.ok(byStandIn, 'a move of the vanished seat was made by its stand-in');
    assert.equal(stay.c.closeInfo, null, 'the client that answered every ping was not dropped');
    gone.c.ws.terminate();
    await within(gone.c.closed, 5000, 'the vanished client to be done');
});
