// Promise: every reply and push arrives whole, as its own text frame, and
// in the order the server made them, however many it writes to a
// connection at once: a burst of requests answered in one pass (its
// replies of every length across a frame header's 125/126-byte boundary,
// and up to 16 KiB) comes back in order, each reply carrying its request's
// rid; an act's acknowledgement and the pushes of the same pass, written
// together, are each a frame of their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, within, chooseAction } from './harness.mjs';

test('a burst of replies of every length arrives whole and in order', async (t) => {
    const server = await startServer(t);
    const c = await player(server, 'burst');
    t.after(() => c.terminate());
    // rids of 1 to 160 characters, then a few long ones: each reply is
    // {"ok":false,...,"rid":"..."}, so the replies' lengths cross 125/126
    const lengths = [];
    for (let n = 1; n <= 160; n++) lengths.push(n);
    lengths.push(1000, 4000, 15000);
    const rids = lengths.map((n, i) => `${i}-`.padEnd(n, 'x'));
    const before = c.frames.length;
    // sent without waiting: the server reads many in a pass and answers them together
    for (const rid of rids) c.send({ rid }); // missing_field: a reply of 70 bytes and the rid
    await within(new Promise((resolve) => {
        const check = () => (c.frames.length - before >= rids.length ? resolve() : setTimeout(check, 20));
        check();
    }), 10000, 'every reply');
    const replies = c.frames.slice(before);
    assert.equal(replies.length, rids.length);
    replies.forEach((r, i) => {
        assert.equal(r.raw, undefined, `reply ${i} is JSON`);
        assert.equal(r.ok, false);
        assert.equal(r.rid, rids[i], `reply ${i} answers request ${i}`);
    });
    // and the connection goes on
    expectOk(await c.request({ cmd: 'tables' }), 'tables after the burst');
});

test("an act's acknowledgement and its pass's pushes come as frames of their own", async (t) => {
    const server = await startServer(t);
    const A = await player(server, 'ack-a');
    const B = await player(server, 'ack-b');
    t.after(() => { A.terminate(); B.terminate(); });
    const c = expectOk(await A.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'], bot_pause_ms: 0 }), 'create');
    expectOk(await B.request({ cmd: 'join', table: c.table }), 'join');
    const start = await A.waitPush((f) => f.push === 'update' && f.table === c.table, 5000, 'the start');
    const startB = await B.waitPush((f) => f.push === 'update' && f.table === c.table, 5000, 'the start');
    const mover = chooseAction(start.view, start.asked) ? A : B;
    const first = mover === A ? start : startB;
    const before = mover.frames.length;
    const r = await mover.request({ cmd: 'act', table: c.table, v: first.v, action: chooseAction(first.view, first.asked) });
    expectOk(r, 'act');
    await mover.waitPush((f) => f.push === 'update' && f.v === r.v, 5000, 'the update of the act');
    const frames = mover.frames.slice(before);
    // the ack and the update, each one JSON object (a frame each), neither raw
    assert.ok(frames.every((f) => f.raw === undefined), 'every frame is one JSON object');
    assert.ok(frames.some((f) => f.ok === true && f.rid !== undefined), 'the ack is a frame');
    assert.ok(frames.some((f) => f.push === 'update'), 'the update is a frame');
});
