// The server against hostile or broken clients (issue 19's faults, scaled
// down to fit the suite): a client that never reads is dropped once its
// queue passes the bound, and a table beside it does not slow down; a
// frame in many fragments is read whole, and fragments past the frame
// limit are refused; a thousand connections opened and dropped at once
// leave the server serving.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, Client, player, twoPersonTable, expectOk, sleep, within, chooseAction, SCALE } from './harness.mjs';

test('a client that never reads is dropped when its queue passes the bound, and the table beside it does not slow down', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: ['--queue-kib', '64'] });
    const sloth = await player(server, 'sloth');
    // 50 tables where someone waits for a second person: a full page of the
    // lobby's list (five people, each at the most tables one may keep waiting)
    const makers = await Promise.all([0, 1, 2, 3, 4].map((i) => player(server, `maker${i}`)));
    await Promise.all(makers.map(async (m) => {
        for (let i = 0; i < 10; i++) {
            expectOk(await m.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'] }, 10000), 'create');
            await sleep(22);
        }
    }));
    sloth.ws._socket.pause(); // from now on it reads nothing, and asks for the list 45 times a second
    const flood = (async () => {
        for (let i = 0; i < 45 * 8 && sloth.open; i++) { // under the rate limit, for 8 s at most
            try { sloth.send({ cmd: 'tables' }); } catch { break; }
            await sleep(22);
        }
    })();
    // meanwhile two people play at their own table, and are answered at once
    const tb = await twoPersonTable(server, 'sequence', { seats: ['open', 'open'] });
    const lat = [];
    for (let i = 0; i < 8; i++) {
        const mover = tb.seats.find((s) => { s.drain(); return s.view && (s.asked || s.view.to_act).includes(s.seat); });
        if (!mover) { await sleep(50); continue; }
        const t0 = Date.now();
        const r = await mover.c.request({ cmd: 'act', table: tb.table, action: chooseAction(mover.view, mover.asked), v: mover.v }, 5000);
        lat.push(Date.now() - t0);
        if (r.ok) await mover.c.waitPush((f) => f.push === 'update' && f.table === tb.table && f.v >= r.v, 5000, 'the update of the move');
    }
    await flood;
    assert.ok(lat.length >= 4, 'the people played');
    assert.ok(Math.max(...lat) < 1000, `acts answered within a second while the other client flooded its queue: ${lat.join(', ')} ms`);
    // the sloth was dropped by the server
    sloth.ws._socket.resume();
    await within(sloth.closed, 20000, 'the server to drop the client that does not read');
    // and the server serves on
    expectOk(await (await player(server, 'after')).request({ cmd: 'tables' }), 'tables after the drop');
});

test('a frame in many fragments is read whole; fragments past the frame limit are refused and the connection stays', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const c = await Client.connect(server, { name: 'frag' });
    const text = JSON.stringify({ cmd: 'hello', name: 'Fragmented', rid: 'f1' });
    const n = 40;
    const size = Math.ceil(text.length / n);
    for (let i = 0; i < text.length; i += size) c.ws.send(text.slice(i, i + size), { fin: i + size >= text.length });
    const r = await c.waitFrame((f) => f.rid === 'f1', 5000, 'the reply to a fragmented hello');
    assert.equal(r.ok, true, JSON.stringify(r));
    // 20 fragments of 1 KiB: past the 16 KiB limit
    const big = 'x'.repeat(1024);
    for (let i = 0; i < 20; i++) c.ws.send(big, { fin: i === 19 });
    const refusal = await c.waitFrame((f) => f.code === 'frame_too_big', 5000, 'frame_too_big');
    assert.equal(refusal.ok, false);
    const again = await c.request({ cmd: 'tables' });
    assert.equal(again.ok, true, 'the connection is still served');
});

test('a thousand connections opened and dropped at once leave the server serving', { timeout: 60000 * SCALE }, async (t) => {
    // all from 127.0.0.1: past the limit of one address, which is not what this tests
    const server = await startServer(t, { args: ['--connections-per-address', '0'] });
    const tb = await twoPersonTable(server, 'noway', { seats: ['open', 'open', 'basic'] });
    const conns = [];
    const batch = 100;
    const burst = 1000 * SCALE;
    for (let i = 0; i < burst; i += batch) {
        const some = await Promise.all(Array.from({ length: batch }, (_, k) => Client.connect(server, { name: `burst${i + k}`, ms: 10000 })));
        for (const c of some) c.send({ cmd: 'hello', name: 'burst' });
        conns.push(...some);
    }
    assert.equal(conns.length, burst);
    for (const c of conns) c.terminate(); // vanish without a close
    await sleep(500);
    // the people at their table are answered as before
    const [sa] = tb.seats;
    const r = await sa.c.request({ cmd: 'join', table: tb.table });
    assert.equal(r.ok, true, JSON.stringify(r));
    // (the burst's hellos made new players past what one address may: a
    // person comes back with their token)
    const fresh = await player(server, 'fresh', tb.clients[0].token);
    expectOk(await fresh.request({ cmd: 'tables' }), 'a new connection after the burst');
});
