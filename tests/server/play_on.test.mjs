// Promise of playing on (docs/server.md "Playing on"; director.h): in a No
// Way challenge window the seat that plays next may lay its cards down
// already, as at a kitchen table.  Its update offers it (`play_on`, the
// position it would play in), nobody else's does; its play is its pass, and
// goes down the moment the others have passed, answered ok then; the others
// keep their whole window, and a call from one of them turns the cards up
// first: the play is refused `stale` and the seat is asked again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, chooseAction, expectOk, refused, sleep, noWayWindow, revealOf } from './harness.mjs';

test('only the seat that plays next is offered to play on, with the next call', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server);
    const next = w.at(1);
    assert.ok(next.playOn, 'the next seat may play on');
    assert.equal(next.playOn.phase, 'play', 'in the position after the window');
    assert.notEqual(next.playOn.call, next.view.call, 'the call has moved on');
    assert.deepEqual(next.playOn.hand, next.view.hand, 'its own hand, nothing more');
    for (const k of [0, 2, 3]) assert.equal(w.at(k).playOn, undefined, `seat +${k} is not offered it`);
});

test('a play on goes down the moment the others have passed, and is answered then', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server);
    const next = w.at(1);
    const play = chooseAction(next.playOn, [next.view.seat]);
    let answered = null;
    const r = next.c.request({ cmd: 'act', table: w.table, action: play }, 10000).then((x) => (answered = x));
    await next.c.waitPush((f) => f.push === 'update' && f.table === w.table && !f.asked.includes(next.view.seat), 5000, 'its pass');
    await sleep(200);
    assert.equal(answered, null, 'held while the others may still call');
    expectOk(await w.at(2).c.request({ cmd: 'act', table: w.table, action: { type: 'pass' } }), 'pass');
    assert.equal(answered, null, 'one seat still to answer');
    expectOk(await w.at(3).c.request({ cmd: 'act', table: w.table, action: { type: 'pass' } }), 'the last pass');
    const ok = expectOk(await r, 'the play on');
    const up = await w.at(2).c.waitPush((f) => f.push === 'update' && f.table === w.table && f.view.phase === 'challenge' &&
        f.view.claim && f.view.claim.seat === next.view.seat, 5000, 'the play on the table');
    assert.equal(up.v, ok.v, 'the answer names the play\'s step');
    assert.equal(up.view.claim.count, play.cards.length);
});

test('playing on closes the window for nobody: a later call turns the cards up and the play is refused stale', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server, { call_grace_ms: 0 });
    const next = w.at(1);
    const r = next.c.request({ cmd: 'act', table: w.table, action: chooseAction(next.playOn, [next.view.seat]) }, 10000);
    await next.c.waitPush((f) => f.push === 'update' && f.table === w.table && !f.asked.includes(next.view.seat), 5000, 'its pass');
    expectOk(await w.at(3).c.request({ cmd: 'act', table: w.table, action: { type: 'challenge' } }), 'a call after the play on');
    refused(await r, 'stale', 'the play on, overtaken by the call');
    const ev = await revealOf(w.at(2), w.table);
    assert.equal(ev.challenger, w.at(3).view.seat);
    const again = await next.c.waitPush((f) => f.push === 'update' && f.table === w.table && f.view.phase === 'play', 5000, 'asked again');
    assert.deepEqual(again.asked, [next.view.seat], 'the seat plays its turn afresh');
});

test('a seat that does not play next cannot play on, and a play on refused changes nothing', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server);
    const next = w.at(1), other = w.at(2);
    const r = await other.c.request({ cmd: 'act', table: w.table, action: chooseAction(next.playOn, [next.view.seat]) });
    assert.equal(r.ok, false, `${JSON.stringify(r)}`);
    const bad = await next.c.request({ cmd: 'act', table: w.table, action: { type: 'play', cards: ['Q', 'Q', 'Q', 'Q', 'Q', 'Q', 'Q', 'Q', 'Q'], say: next.playOn.call } });
    assert.equal(bad.ok, false, `${JSON.stringify(bad)}`);
    const j = expectOk(await next.c.request({ cmd: 'join', table: w.table }), 'join again to look');
    assert.equal(j.v, w.seats[0].v, 'nothing changed');
});
