// Promise: a bad frame (not JSON, unknown cmd, missing field, a move by a
// connection without a seat or out of turn, a frame over 16 KiB, a binary
// frame, `state`, a flood) gets {"ok":false,"code":..} or, for a flood, a
// close with 1008, and changes nothing: the table keeps its version and
// views, and another connection at the table is served as before.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, player, expectOk, within } from './harness.mjs';

let server = null;
let dir = null;
let A = null; // seat 0
let B = null; // seat 1
let table = null;
let base = null; // { a: join reply of A, b: join reply of B }
let setupError = null;

before(async () => {
    try {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alphadeck-bad-'));
        server = await startServer(null, { dir });
        A = await player(server, 'bad-a');
        B = await player(server, 'bad-b');
        // two people, no bot, no clock: nothing moves unless they act
        const c = expectOk(await A.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'], bot_pause_ms: 0 }), 'create');
        table = c.table;
        expectOk(await B.request({ cmd: 'join', table }), 'B join');
        await A.waitPush((f) => f.push === 'update' && f.table === table, 5000, 'the start of the game');
        base = await snapshot();
        assert.equal(base.a.v, 0);
        A.takePushes('update');
        B.takePushes('update');
    } catch (e) {
        setupError = e;
    }
});

after(async () => {
    for (const c of [A, B]) if (c) c.terminate();
    if (server) await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function snapshot() {
    const a = expectOk(await A.request({ cmd: 'join', table }), 'A join');
    const b = expectOk(await B.request({ cmd: 'join', table }), 'B join');
    return { a: { v: a.v, view: a.view }, b: { v: b.v, view: b.view } };
}

// a connection a test closed is opened again (the same player) for the next
async function reopen() {
    if (!A.open) A = await player(server, 'bad-a', A.token);
    if (!B.open) B = await player(server, 'bad-b', B.token);
}

// the table is as it was, and both connections (or their replacements) are served
async function unchanged(what) {
    await reopen();
    const now = await snapshot();
    assert.deepEqual(now, base, `after ${what}: the table's version and views are unchanged`);
    const r = expectOk(await B.request({ cmd: 'tables' }), `after ${what}: another connection at the table is served`);
    assert.ok(r.tables.some((x) => x.table === table));
    const updates = [...A.takePushes('update'), ...B.takePushes('update')];
    assert.deepEqual(updates, [], `after ${what}: no update was pushed`);
}

async function ready() {
    if (setupError) throw setupError;
    await reopen();
    A.takePushes('update');
    B.takePushes('update');
}

// sends raw text (or a buffer) and waits for a refusal frame with that code
async function refusal(c, data, code, opts) {
    c.sendRaw(data, opts);
    const f = await c.waitFrame((x) => x && x.ok === false && x.code !== undefined, 5000, `a refusal (${code})`);
    assert.equal(f.code, code, `refusal: ${JSON.stringify(f)}`);
    assert.equal(typeof f.error, 'string', 'a refusal has words in "error"');
    return f;
}

test('a frame that is not JSON gets bad_json and changes nothing', { timeout: 20000 }, async () => {
    await ready();
    await refusal(A, 'this is not json {', 'bad_json');
    await refusal(A, '{"cmd":"tables"', 'bad_json');
    await refusal(A, '[1,2]', 'bad_json');
    await unchanged('bad JSON');
});

test('an unknown cmd gets unknown_cmd and changes nothing', { timeout: 20000 }, async () => {
    await ready();
    const r = await A.request({ cmd: 'frobnicate', table });
    assert.equal(r.code, 'unknown_cmd', JSON.stringify(r));
    assert.equal(r.ok, false);
    await unchanged('an unknown cmd');
});

test('a missing field gets missing_field and changes nothing', { timeout: 20000 }, async () => {
    await ready();
    for (const req of [{ cmd: 'act', table }, { cmd: 'act', action: { type: 'pass' } }, { cmd: 'join' }, { cmd: 'create', players: 2 }, { table }]) {
        const r = await A.request(req);
        assert.equal(r.ok, false, JSON.stringify(req));
        assert.equal(r.code, 'missing_field', `${JSON.stringify(req)} -> ${JSON.stringify(r)}`);
    }
    await unchanged('missing fields');
});

test('an act by a connection holding no seat at the table gets not_seated and changes nothing', { timeout: 20000 }, async () => {
    await ready();
    const C = await player(server, 'bad-c');
    try {
        const turn = base.a.view.to_act[0];
        const hand = (turn === base.a.view.seat ? base.a : base.b).view.hand;
        const r = await C.request({ cmd: 'act', table, action: { type: 'play', cards: [hand[0]], say: base.a.view.call } });
        assert.equal(r.ok, false);
        assert.equal(r.code, 'not_seated', JSON.stringify(r));
        // a spectator holds no seat either
        expectOk(await C.request({ cmd: 'watch', table }), 'watch');
        const r2 = await C.request({ cmd: 'act', table, action: { type: 'play', cards: [hand[0]], say: base.a.view.call }, v: 0 });
        assert.equal(r2.code, 'not_seated', JSON.stringify(r2));
    } finally {
        C.terminate();
    }
    await unchanged('an act without a seat');
});

test('a move out of turn gets not_your_turn and changes nothing', { timeout: 20000 }, async () => {
    await ready();
    const turn = base.a.view.to_act[0];
    const [idle, idleBase] = turn === base.a.view.seat ? [B, base.b] : [A, base.a];
    const r = await idle.request({ cmd: 'act', table, action: { type: 'play', cards: [idleBase.view.hand[0]], say: idleBase.view.call } });
    assert.equal(r.ok, false);
    assert.equal(r.code, 'not_your_turn', JSON.stringify(r));
    const r2 = await idle.request({ cmd: 'act', table, action: { type: 'play', cards: [idleBase.view.hand[0]], say: idleBase.view.call }, v: 0 });
    assert.equal(r2.code, 'not_your_turn', JSON.stringify(r2));
    // the seat is the connection's own: a "seat" field changes nothing
    const r3 = await idle.request({ cmd: 'act', table, seat: turn, action: { type: 'play', cards: [idleBase.view.hand[0]], say: idleBase.view.call } });
    assert.equal(r3.ok, false, `an act naming another seat: ${JSON.stringify(r3)}`);
    await unchanged('moves out of turn');
});

test('a frame over 16 KiB gets frame_too_big and changes nothing', { timeout: 20000 }, async () => {
    await ready();
    const turn = base.a.view.to_act[0];
    const [mover, moverBase] = turn === base.a.view.seat ? [A, base.a] : [B, base.b];
    // a legal move padded past the limit: it must not be played
    const big = JSON.stringify({ cmd: 'act', table, action: { type: 'play', cards: [moverBase.view.hand[0]], say: moverBase.view.call }, pad: 'x'.repeat(17 * 1024), rid: 'big' });
    await refusal(mover, big, 'frame_too_big');
    await unchanged('a frame over 16 KiB');
});

test('a binary frame gets binary_frame, and the connection stays open', { timeout: 20000 }, async () => {
    await ready();
    await refusal(A, Buffer.from(JSON.stringify({ cmd: 'tables', rid: 'bin' })), 'binary_frame', { binary: true });
    assert.ok(A.open, 'the connection stays open');
    expectOk(await A.request({ cmd: 'tables' }), 'a request after the binary frame');
    await unchanged('a binary frame');
});

test('state and record are never accepted over the network', { timeout: 20000 }, async () => {
    await ready();
    for (const req of [{ cmd: 'state', table }, { cmd: 'state', id: table }, { cmd: 'record', table }, { cmd: 'record', id: table }]) {
        const r = await A.request(req);
        assert.equal(r.ok, false, `${JSON.stringify(req)} -> ${JSON.stringify(r).slice(0, 300)}`);
        assert.ok(['forbidden', 'unknown_cmd'].includes(r.code), `${JSON.stringify(req)} -> ${JSON.stringify(r)}`);
        assert.ok(!JSON.stringify(r).includes('"hands"'), 'no hands in the refusal');
    }
    await unchanged('state and record');
});

test('a burst of 1,000 frames gets rate_limited refusals or a close with 1008, and nobody else notices', { timeout: 30000 }, async () => {
    await ready();
    const F = await player(server, 'flooder');
    expectOk(await F.request({ cmd: 'watch', table }), 'watch');
    const t0 = Date.now();
    for (let i = 0; i < 1000; i++) F.sendRaw(JSON.stringify({ cmd: 'tables', rid: `burst-${i}` }));
    // a reply to the burst: it carries its rid, or (a refusal made without
    // reading the frame) none
    const inBurst = (f) => (typeof f.rid === 'string' && f.rid.startsWith('burst-')) ||
        (f.rid === undefined && f.push === undefined && f.ok === false);
    // everything answered, or the connection closed
    await within((async () => {
        while (F.open && F.frames.filter(inBurst).length < 1000) {
            await Promise.race([F.nextQueued(1000), F.closed]);
        }
    })(), 15000, 'the answers to the burst, or a close');
    const replies = F.frames.filter(inBurst);
    const limited = replies.filter((f) => f.ok === false && f.code === 'rate_limited').length;
    const close = F.closeInfo;
    assert.ok(limited > 0 || (close && close.code === 1008),
        `1,000 frames in ${Date.now() - t0} ms: ${replies.length} replies, ${limited} rate_limited, close ${JSON.stringify(close)}`);
    if (close) assert.equal(close.code, 1008, 'a flood is closed with 1008');
    for (const f of replies) {
        assert.ok(f.ok === true || f.code === 'rate_limited', `a reply in the burst: ${JSON.stringify(f).slice(0, 200)}`);
    }
    F.terminate();
    await unchanged('a flood');
});

test('the connections survive all that: the game goes on', { timeout: 20000 }, async () => {
    await ready();
    const turn = base.a.view.to_act[0];
    const [mover, moverBase] = turn === base.a.view.seat ? [A, base.a] : [B, base.b];
    const r = expectOk(await mover.request({ cmd: 'act', table, action: { type: 'play', cards: [moverBase.view.hand[0]], say: moverBase.view.call }, v: 0 }), 'a legal move');
    assert.equal(r.v, 1);
    const other = mover === A ? B : A;
    const p = await other.waitPush((f) => f.push === 'update' && f.table === table && f.v === 1, 5000, 'the other seat\'s update');
    assert.equal(p.view.phase, 'challenge');
});
