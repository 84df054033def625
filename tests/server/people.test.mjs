// Promises about the people at a table (issue 30, "People, names and
// tables"): `watch` never seats anyone, at a waiting table or one being
// played, and says which seat is the watcher's own; `join`, `watch` and
// `sync` answer the table's recent events ("recent"), each told as the
// receiver may know it (a spectator: the public narration, no hidden
// card), and after a restart they come back from the store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    startServer, tmpDir, player, twoPersonTable, driveUntil, expectOk, sleep, within, SHORT,
} from './harness.mjs';

/** every event the client heard in update pushes of table, in order */
function heard(c, table) {
    return c.frames.filter((f) => f.push === 'update' && f.table === table).flatMap((f) => f.events);
}

/** the events of versions after v - 32, the last 50: what "recent" promises at v */
function tail(events, v) {
    return events.filter((e) => e.v > v - 32 && e.v <= v).slice(-50);
}

/** polls until the client has heard an update push of table at version v or later */
async function hearUpTo(c, table, v) {
    const deadline = Date.now() + 10000;
    while (!c.frames.some((f) => f.push === 'update' && f.table === table && f.v >= v)) {
        if (Date.now() > deadline) throw new Error(`${c.name} heard no update of v ${v}`);
        await sleep(50);
    }
}

/** nothing in an event a spectator gets may name a card still hidden */
function assertPublic(events) {
    for (const e of events) {
        assert.ok(!('hand' in e) && !('hands' in e), `an event with a hand: ${JSON.stringify(e)}`);
        if (e.type === 'play') assert.ok(!('cards' in e), `a face-down play shows its cards: ${JSON.stringify(e)}`);
        assert.ok(!/\bYou\b/.test(e.text || ''), `a spectator is told "You": ${e.text}`);
    }
}

test('watch never seats anyone: not at a waiting table with an open seat, nor at a table being played; it names the watcher\'s own seat', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const a = await player(server, 'Ann');
    const b = await player(server, 'Bob');
    const c = await player(server, 'Cal');
    const made = expectOk(await a.request({
        cmd: 'create', game: 'noway', players: 3, seats: ['open', 'open', 'basic'], options: SHORT.noway, bot_pause_ms: 0,
    }), 'create');
    // a waiting table: watching it takes no seat and starts nothing
    const w = expectOk(await b.request({ cmd: 'watch', table: made.table }), 'B watches the waiting table');
    assert.equal(w.seat, null, 'a watcher has no seat');
    assert.equal(w.status, 'waiting', 'watching did not start the game');
    assert.equal(w.your_seat, undefined, 'B has no seat there');
    assert.deepEqual(w.recent, [], 'nothing happened yet');
    const list = expectOk(await c.request({ cmd: 'tables' }), 'tables');
    const row = list.tables.find((x) => x.table === made.table);
    assert.ok(row, 'the waiting table is listed');
    assert.equal(row.status, 'waiting');
    assert.equal(row.seats[1].name, null, 'seat 1 is still open');
    // A, on another connection of the same player, watching: told its own seat, not seated
    const a2 = await player(server, 'Ann');
    const again = expectOk(await a2.request({ cmd: 'hello', name: 'Ann', token: a.token }), 'hello as Ann');
    assert.equal(again.player, a.player);
    const aw = expectOk(await a2.request({ cmd: 'watch', table: made.table }), 'Ann watches from a second tab');
    assert.equal(aw.seat, null, 'the watching tab has no seat');
    assert.equal(aw.your_seat, 0, 'the answer names Ann\'s own seat');
    const mine = expectOk(await a2.request({ cmd: 'tables' }), 'tables for Ann');
    assert.equal(mine.tables.find((x) => x.table === made.table).your_seat, 0, 'tables names Ann\'s own seat');
    // B sits by join: the game starts; C watches it being played
    expectOk(await b.request({ cmd: 'join', table: made.table }), 'B joins');
    const cw = expectOk(await c.request({ cmd: 'watch', table: made.table }), 'C watches the game');
    assert.equal(cw.seat, null);
    assert.equal(cw.status, 'playing');
    const act = await c.request({ cmd: 'act', table: made.table, action: { type: 'pass' } });
    assert.equal(act.ok, false, 'a watcher cannot act');
    assert.equal(act.code, 'not_seated');
    const after = expectOk(await a.request({ cmd: 'tables', status: 'playing' }), 'tables playing');
    const seats = after.tables.find((x) => x.table === made.table).seats.map((s) => s.name || s.bot);
    assert.deepEqual(seats, ['Ann', 'Bob', 'basic'], 'the seats are those who joined');
});

test('join, watch and sync answer the recent events as each may know them; a spectator\'s are the public narration with no hidden card', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const tb = await twoPersonTable(server, 'noway', { seats: ['open', 'open', 'basic'] });
    const [sa, sb] = tb.seats;
    const early = await player(server, 'Early');
    expectOk(await early.request({ cmd: 'watch', table: tb.table }), 'a spectator from the start');
    await driveUntil([sa, sb], () => sa.v >= 8 && sb.v >= 8, 40000, 'v 8');
    // a spectator arriving mid-game: the same events the early one heard
    const late = await player(server, 'Late');
    const lw = expectOk(await late.request({ cmd: 'watch', table: tb.table }), 'a spectator mid-game');
    assert.ok(Array.isArray(lw.recent) && lw.recent.length > 0, `recent events: ${JSON.stringify(lw).slice(0, 300)}`);
    assert.ok(lw.recent.every((e) => typeof e.v === 'number'), 'each with its version');
    assert.ok(lw.recent.some((e) => typeof e.text === 'string' && e.text.length > 0), 'told in words');
    assertPublic(lw.recent);
    await hearUpTo(early, tb.table, lw.v);
    assert.deepEqual(lw.recent, tail(heard(early, tb.table), lw.v), 'the late spectator is told what the early one heard');
    // a seat reloading its page: told as that seat heard it ("You")
    const a2 = await player(server, 'A again');
    expectOk(await a2.request({ cmd: 'hello', name: sa.c.name, token: sa.c.token }), 'hello as A');
    const j = expectOk(await a2.request({ cmd: 'join', table: tb.table }), 'A joins again');
    await hearUpTo(sa.c, tb.table, j.v);
    assert.deepEqual(j.recent, tail(heard(sa.c, tb.table), j.v), 'A is told what A heard');
    assert.ok(j.recent.some((e) => /\bYou\b/.test(e.text)), 'A\'s own moves are told as "You"');
    // sync answers them too
    const s = expectOk(await a2.request({ cmd: 'sync', table: tb.table, v: j.v }), 'sync');
    assert.deepEqual(s.recent.filter((e) => e.v <= j.v), j.recent.filter((e) => e.v > s.v - 32), 'sync answers the recent events');
    const ls = expectOk(await late.request({ cmd: 'sync', table: tb.table, v: lw.v }), 'a spectator\'s sync');
    assertPublic(ls.recent);
});

test('after a restart the recent events come back, read from the store', { timeout: 90000 }, async (t) => {
    const dir = tmpDir(t);
    let server = await startServer(t, { dir });
    const tb = await twoPersonTable(server, 'noway', { seats: ['open', 'open', 'basic'] });
    const [sa, sb] = tb.seats;
    await driveUntil([sa, sb], () => sa.v >= 6 && sb.v >= 6, 40000, 'v 6');
    await sleep(300);
    const spy = await player(server, 'Spy');
    const before = expectOk(await spy.request({ cmd: 'watch', table: tb.table }), 'watch before the restart');
    assert.ok(before.recent.length > 0);
    const token = sa.c.token;
    await server.stop();
    server = await startServer(t, { dir, db: server.db });
    const a = await player(server, 'A after');
    expectOk(await a.request({ cmd: 'hello', name: sa.c.name, token }), 'hello with the token');
    const j = expectOk(await a.request({ cmd: 'join', table: tb.table }), 'join after the restart');
    assert.ok(j.recent.length > 0, 'the log came back');
    const watcher = await player(server, 'Spy again');
    const w = expectOk(await within(watcher.request({ cmd: 'watch', table: tb.table }), 10000, 'watch'), 'watch after the restart');
    // the versions both hold are told the same (bots may have played on since)
    const common = (r) => r.recent.filter((e) => e.v <= before.v && e.v > w.v - 32);
    assert.deepEqual(common(w), common(before), 'a spectator is told the same events as before the restart');
    assert.ok(common(w).length > 0, 'some of them are from before the restart');
});
