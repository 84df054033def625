// Promise of the race (PROTOCOL.md "Challenge windows are a race",
// docs/server.md "The race"): in No Way a play asks every other seat at once;
// calls within the table's call_grace_ms of the first go to the one nearest
// the claimer's left, a call past the grace loses to the first, a late call
// is refused and changes nothing, and a window where everyone passed closes
// at once.  Four people (no bots: what happens depends on nobody's timing
// but the test's), a seeded deal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, sleep, noWayWindow, revealOf as reveal } from './harness.mjs';

test('a play asks every other seat at once, in every update', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server);
    const others = [1, 2, 3].map((k) => (w.claimer + k) % 4).sort();
    for (const s of w.seats) assert.deepEqual([...s.asked].sort(), others, `seat ${s.view.seat}'s update asks all three`);
});

test('calls within the grace go to the one nearest the claimer\'s left; the other call is refused and changes nothing', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server, { call_grace_ms: 2000 });
    const far = w.at(3), near = w.at(1);
    const farCall = far.c.request({ cmd: 'act', table: w.table, action: { type: 'challenge' } }, 10000);
    await sleep(100);
    const nearCall = near.c.request({ cmd: 'act', table: w.table, action: { type: 'challenge' } }, 10000);
    const [rf, rn] = await Promise.all([farCall, nearCall]);
    assert.equal(rn.ok, true, `the nearest caller is the official challenger: ${JSON.stringify(rn)}`);
    assert.equal(rf.ok, false, `the farther call is refused: ${JSON.stringify(rf)}`);
    assert.ok(['stale', 'not_your_turn'].includes(rf.code), rf.code);
    const ev = await reveal(w.at(2), w.table);
    assert.equal(ev.challenger, near.view.seat, 'the reveal names the official challenger');
    assert.equal(rn.v, w.seats[0].v + 1, 'one step: the official call');
});

test('a call past the grace loses to the first, and a late call is refused and changes nothing', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server, { call_grace_ms: 200 });
    const far = w.at(3), near = w.at(1);
    const rf = await far.c.request({ cmd: 'act', table: w.table, action: { type: 'challenge' } }, 10000);
    assert.equal(rf.ok, true, `the first call, alone in its grace, is the official one: ${JSON.stringify(rf)}`);
    const ev = await reveal(w.at(2), w.table);
    assert.equal(ev.challenger, far.view.seat);
    await sleep(300);
    const rn = await near.c.request({ cmd: 'act', table: w.table, action: { type: 'challenge' } });
    assert.equal(rn.ok, false, `a call after the window settled: ${JSON.stringify(rn)}`);
    assert.ok(['stale', 'not_your_turn'].includes(rn.code), rn.code);
    // nothing changed: the next step is still the one after the official call
    const j = expectOk(await near.c.request({ cmd: 'join', table: w.table }), 'join again to look');
    assert.equal(j.v, rf.v, 'the late call made no step');
});

test('a window where every other seat passed closes at once', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server, { clock: 'blitz' });
    const started = Date.now();
    const acks = await Promise.all([3, 1, 2].map((k) =>
        w.at(k).c.request({ cmd: 'act', table: w.table, action: { type: 'pass' } })));
    for (const r of acks) assert.equal(r.ok, true, JSON.stringify(r));
    const up = await w.at(2).c.waitPush((f) => f.push === 'update' && f.table === w.table &&
        f.events.some((e) => e.type === 'stands'), 5000, 'the play standing');
    assert.equal(up.view.phase, 'play', 'the next turn at once');
    assert.ok(Date.now() - started < 5000, 'not at the end of the window\'s clock');
    assert.deepEqual(up.asked, [(w.claimer + 1) % 4]);
});

test('an answer sent with the version the window opened at still counts after another seat passed', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server, { call_grace_ms: 0 });
    const opened = w.at(1).v;
    expectOk(await w.at(2).c.request({ cmd: 'act', table: w.table, action: { type: 'pass' }, v: opened }), 'a pass');
    const r = await w.at(1).c.request({ cmd: 'act', table: w.table, action: { type: 'challenge' }, v: opened });
    assert.equal(r.ok, true, `the same decision, to the same play: ${JSON.stringify(r)}`);
    const late = await w.at(3).c.request({ cmd: 'act', table: w.table, action: { type: 'challenge' }, v: opened });
    assert.equal(late.ok, false, 'once the window settled its version no longer holds');
    assert.ok(['stale', 'not_your_turn'].includes(late.code), late.code);
});

test('create refuses a call_grace_ms out of 0..2000 with bad_field', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const a = await player(server, 'grace');
    for (const bad of [-1, 2001, '300', 1.5]) {
        const r = await a.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], call_grace_ms: bad });
        assert.equal(r.ok, false, `call_grace_ms ${JSON.stringify(bad)}: ${JSON.stringify(r)}`);
        assert.equal(r.code, 'bad_field');
        assert.match(r.error, /call_grace_ms/);
    }
    expectOk(await a.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], call_grace_ms: 0 }), 'grace 0');
});

test('a page that joins or watches mid-window gets the window\'s countdown with its answer', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const w = await noWayWindow(server);
    const j = expectOk(await w.at(2).c.request({ cmd: 'join', table: w.table }), 'join again (a reload)');
    assert.ok(j.clock, `the join answer carries the clock: ${JSON.stringify(j).slice(0, 200)}`);
    assert.deepEqual([...j.clock.seats].sort(), [...w.seats[0].asked].sort(), 'every seat of the window is timed');
    assert.ok(j.clock.deadline_ms > 0 && j.clock.deadline_ms <= 60000, `time left: ${j.clock.deadline_ms}`);
    const watcher = await player(server, 'watcher');
    const wj = expectOk(await watcher.request({ cmd: 'watch', table: w.table }), 'watch');
    assert.ok(wj.clock && wj.clock.deadline_ms > 0, 'a spectator sees it too');
    assert.equal(wj.play_on, undefined, 'a spectator plays on nothing');
});
