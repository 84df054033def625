// Promise: a finished game nobody is at leaves the server's memory (all but
// the 20 newest finished, which `tables` with `status: "over"` lists), and
// nothing of it is lost:
// a join reads it back from the store, and a sync then gives the same events
// as before it left (the server keeps only a table's last few steps in
// memory, and reads older ones from the store), or from far back the same
// whole view (when it is shorter than the events); its record and
// replay still name its people.  A connection that joins a rematch moves on
// from the game before it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, httpGet, getRecord, sleep, Seat, playToEnd, until } from './harness.mjs';

/** the tables the server holds in memory, by status (GET /api/stats) */
async function held(server) {
    const r = await httpGet(server, '/api/stats');
    assert.equal(r.status, 200, r.body);
    return JSON.parse(r.body).tables;
}

const over = (server, table) => until(async () => (await getRecord(server, table)).status === 200,
    30000, `table ${table} to end`);

/** the sync push (and reply) for table from version v */
async function syncFrom(c, table, v) {
    c.queue.length = 0;
    const r = expectOk(await c.request({ cmd: 'sync', table, v }), `sync ${table} from ${v}`);
    const push = c.frames.filter((f) => f.push === 'update' && f.sync === true && f.table === table).pop();
    assert.ok(push, 'a sync update push');
    return { r, push };
}

test('a finished table nobody watches leaves memory and can still be synced from the store', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    // Ada plays No Way against a basic bot, and leaves: its stand-in plays to the end
    const ada = await player(server, 'Ada');
    const cr = expectOk(await ada.request({
        cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'],
        options: { max_turns: 40 }, bot_pause_ms: 0,
    }), 'create');
    const table = cr.table;
    expectOk(await ada.request({ cmd: 'leave', table }), 'leave');
    await over(server, table);
    const rec = (await getRecord(server, table)).json;
    const n = rec.actions.length;
    assert.ok(n > 40, `a game of more steps than a table keeps in memory (${n})`);

    // Ada looks at the finished table and syncs the last steps: what it says in memory
    const ada2 = await player(server, 'Ada', ada.token);
    t.after(() => ada2.terminate());
    const j1 = expectOk(await ada2.request({ cmd: 'join', table }), 'join the finished table');
    assert.equal(j1.v, n);
    const before = await syncFrom(ada2, table, n - 1);
    const wholeBefore = await syncFrom(ada2, table, 0);
    // (from 0 the events would be many times the view: the view alone comes)
    assert.deepEqual(wholeBefore.push.events, [], 'a sync from 0 of a long game: no events');
    assert.equal(wholeBefore.push.whole, true, 'but the whole view');
    assert.deepEqual(wholeBefore.push.view, j1.view);
    await ada2.close();

    // twenty games of bots alone, newer, each over in a moment
    const bea = await player(server, 'Bea');
    t.after(() => bea.terminate());
    const others = [];
    for (let i = 0; i < 20; i++) {
        const r = expectOk(await bea.request({
            cmd: 'create', game: 'noway', players: 2, seats: ['basic', 'basic'], options: { max_turns: 12 },
        }), `create bots' game ${i}`);
        assert.equal(r.seat, null);
        expectOk(await bea.request({ cmd: 'leave', table: r.table }), 'leave a bots\' game');
        others.push(r.table);
    }
    for (const id of others) await over(server, id);

    // Ada's table, the oldest of 21 finished that nobody is at, leaves memory
    await until(async () => (await held(server)).over === 20, 10000, '20 finished tables held');
    const listed = expectOk(await bea.request({ cmd: 'tables', status: 'over' }), 'tables').tables;
    assert.deepEqual(listed.filter((x) => x.status === 'over').map((x) => x.table),
        [...others].reverse(), '`tables` lists the 20 newest finished');

    // Ada comes back: the table is read from the store, as it was
    const ada3 = await player(server, 'Ada', ada.token);
    t.after(() => ada3.terminate());
    const j2 = expectOk(await ada3.request({ cmd: 'join', table }), 'join a table that left memory');
    assert.equal(j2.v, n, 'the same version');
    assert.equal(j2.seat, 0, 'the same seat');
    assert.equal(j2.status, 'over');
    assert.deepEqual(j2.view, j1.view, 'the same view');
    assert.equal((await held(server)).over, 21, 'read back into memory');
    const after = await syncFrom(ada3, table, n - 1);
    assert.equal(after.r.v, n);
    // the last step's events, or the view alone when that is shorter
    assert.deepEqual([...new Set(after.push.events.map((e) => e.v))], after.push.whole ? [] : [n],
        'the events of the last step');
    assert.deepEqual(after.push.events, before.push.events, 'the same events as before it left memory');
    assert.deepEqual(after.push.view, before.push.view);
    const wholeAfter = await syncFrom(ada3, table, 0);
    assert.deepEqual(wholeAfter.push, wholeBefore.push, 'and from 0, the same');
    for (const e of after.push.events) {
        assert.equal(e.seat_acting, rec.actions[e.v - 1].seat, 'each event names the seat that acted');
        assert.equal(e.by, rec.actions[e.v - 1].by, 'and who made the action');
    }
    // its replay names its people, from the store
    const rp = JSON.parse((await httpGet(server, `/api/tables/${table}/replay`)).body);
    assert.deepEqual(rp.names, ['Ada', null]);

    // Ada goes: the table leaves memory again; a watch reads it back
    await ada3.close();
    await until(async () => (await held(server)).over === 20, 10000, 'the table to leave again');
    const w = expectOk(await bea.request({ cmd: 'watch', table }), 'watch');
    assert.equal(w.v, n);
    assert.equal(w.view.hand, undefined, 'a spectator sees no hand');
    assert.equal((await held(server)).over, 21);
});

test('a connection that joins a rematch leaves the finished game before it, so it can play game after game', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const ada = await player(server, 'Ada');
    t.after(() => ada.terminate());
    let cr = expectOk(await ada.request({
        cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'],
        options: { max_turns: 2 }, bot_pause_ms: 0,
    }), 'create');
    let seat = new Seat(ada, cr.table, cr.seat);
    await seat.join();
    // more games than the 16 tables a connection may be at
    for (let game = 0; game < 18; game++) {
        await playToEnd([seat], 20000);
        const r = expectOk(await ada.request({ cmd: 'rematch', table: seat.table }), `rematch ${game}`);
        const again = expectOk(await ada.request({ cmd: 'rematch', table: seat.table }), 'the same rematch again');
        assert.deepEqual([again.table, again.seat], [r.table, r.seat], 'asked twice: one rematch');
        seat = new Seat(ada, r.table, r.seat);
        await seat.join();
    }
    // the finished games, nobody at them, left memory but for the newest 20
    const h = await held(server);
    assert.equal(h.playing, 1);
    assert.ok(h.over <= 20, JSON.stringify(h));
});
