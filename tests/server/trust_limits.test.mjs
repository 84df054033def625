// Promises of issue 28, "one client must not starve the others": what one
// player and one address may hold (tables waiting for players, tables of
// bots alone, new players), each refused with its own code past its limit,
// while a classroom behind one address plays within the defaults; a waiting
// table nobody is at closes; `tables` answers a page of what is worth
// joining or watching; a flood of bots' tables never holds up a person's
// bot; a sync from far back answers the view alone; and a finished game
// someone looks at costs little memory and leaves it with them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, httpGet, getRecord, sleep, tmpDir, until, refused, againstABot } from './harness.mjs';

/** GET /api/stats: { tables: {waiting, playing, over}, memory: {heap_kib, rss_kib} } */
async function stats(server) {
    const r = await httpGet(server, '/api/stats');
    assert.equal(r.status, 200, r.body);
    return JSON.parse(r.body);
}

// a table of four that waits for three more people
const WAITING = { cmd: 'create', game: 'noway', players: 4, seats: ['open', 'open', 'open', 'open'] };
// a game of four basic bots that goes on for a long while (bots alone from the start)
const BOTS = { cmd: 'create', game: 'doubt', players: 4, seats: ['basic', 'basic', 'basic', 'basic'], options: { target: 100000 } };

test('a player may keep only so many tables waiting for players, and an address so many: create and leave is refused with too_many_tables, also after a restart', { timeout: 60000 }, async (t) => {
    const dir = tmpDir(t);
    const args = ['--waiting-per-player', '3', '--waiting-per-address', '5'];
    let server = await startServer(t, { dir, args });
    const ada = await player(server, 'Ada');
    for (let i = 0; i < 3; i++) {
        const r = expectOk(await ada.request(WAITING), `Ada's waiting table ${i}`);
        expectOk(await ada.request({ cmd: 'leave', table: r.table }), 'leave it (nobody is seated then)');
    }
    refused(await ada.request(WAITING), 'too_many_tables', 'a fourth waiting table of Ada\'s');
    // a table that starts at once does not wait: Ada may still play
    expectOk(await ada.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'] }), 'a game against a bot');
    // another player of the same address: two more, then the address is full
    const bea = await player(server, 'Bea');
    for (let i = 0; i < 2; i++) expectOk(await bea.request(WAITING), `Bea's waiting table ${i}`);
    refused(await bea.request(WAITING), 'too_many_tables', 'a sixth waiting table of the address');
    assert.equal((await stats(server)).tables.waiting, 5, 'nothing made by the refusals');

    // who made a table is stored with it: after a restart Ada is still at her limit
    const token = ada.token;
    ada.terminate();
    bea.terminate();
    await server.stop();
    server = await startServer(t, { dir, db: server.db, web: server.web, args });
    const ada2 = await player(server, 'Ada', token);
    t.after(() => ada2.terminate());
    refused(await ada2.request(WAITING), 'too_many_tables', 'Ada\'s fourth after a restart');
});

test('tables of bots alone are limited per player and in all: too_many_tables for the player, busy for the server, and a person may still sit down to play', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: ['--bot-tables-per-player', '2', '--bot-tables', '3'] });
    const ada = await player(server, 'Ada');
    t.after(() => ada.terminate());
    // one of bots alone from the start, one that becomes so when Ada leaves it
    const a1 = expectOk(await ada.request(BOTS), 'Ada\'s bots\' table');
    expectOk(await ada.request({ cmd: 'leave', table: a1.table }), 'stop watching it');
    const a2 = expectOk(await ada.request({ ...BOTS, seats: ['open', 'basic', 'basic', 'basic'] }), 'Ada plays against bots');
    expectOk(await ada.request({ cmd: 'leave', table: a2.table }), 'Ada leaves: the bots play on');
    refused(await ada.request(BOTS), 'too_many_tables', 'Ada\'s third table of bots alone');
    refused(await ada.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'] }), 'too_many_tables',
        'any new table of Ada\'s while two of hers are played by bots alone');

    const bea = await player(server, 'Bea');
    t.after(() => bea.terminate());
    const b1 = expectOk(await bea.request(BOTS), 'the third of the server');
    expectOk(await bea.request({ cmd: 'leave', table: b1.table }), 'stop watching it');
    refused(await bea.request(BOTS), 'busy', 'a fourth table of bots alone on the server');
    const st = (await stats(server)).tables;
    assert.equal(st.playing, 3, `three games of bots alone: ${JSON.stringify(st)}`);
    expectOk(await bea.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'] }),
        'a person sitting down to play is not refused for the bots');
});

test('an address makes a burst of new players, then a few a minute (too_many_players); a known token is always welcome', { timeout: 30000 }, async (t) => {
    const server = await startServer(t, { args: ['--new-players-burst', '5', '--new-players-per-minute', '1'] });
    const first = await player(server, 'p0');
    t.after(() => first.terminate());
    for (let i = 1; i < 5; i++) (await player(server, `p${i}`)).terminate();
    const sixth = await player(server, 'known', first.token); // not a new player
    t.after(() => sixth.terminate());
    const r = await sixth.request({ cmd: 'hello', name: 'p5' });
    refused(r, 'too_many_players', 'a sixth new player from one address');
    expectOk(await sixth.request({ cmd: 'hello', name: 'p0', token: first.token }), 'hello with a token after the refusal');
    expectOk(await sixth.request({ cmd: 'tables' }), 'and it is served');
});

test('with the default limits a classroom of 30 behind one address each says hello and makes a table, to wait for a friend or to play against the computer', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const kids = [];
    t.after(() => kids.forEach((k) => k.terminate()));
    for (let i = 0; i < 30; i++) kids.push(await player(server, `kid${i}`));
    for (const [i, k] of kids.entries()) {
        // half wait for a friend, half play against the computer and leave it to the bots
        const r = expectOk(await k.request(i % 2 ? { ...WAITING, players: 2, seats: ['open', 'open'] }
            : { cmd: 'create', game: 'noway', players: 2, seats: ['open', 'strong'] }), `kid ${i}'s table`);
        if (i % 2 === 0) expectOk(await k.request({ cmd: 'leave', table: r.table }), `kid ${i} leaves the game to the bot`);
    }
    const st = (await stats(server)).tables;
    assert.equal(st.waiting, 15, JSON.stringify(st));
});

test('a waiting table nobody sits at or looks at closes after --waiting-expire-seconds: never listed, resumed or read back again', { timeout: 60000 }, async (t) => {
    const dir = tmpDir(t);
    const args = ['--waiting-expire-seconds', '1'];
    let server = await startServer(t, { dir, args });
    const ada = await player(server, 'Ada');
    const left = expectOk(await ada.request(WAITING), 'a table Ada leaves');
    expectOk(await ada.request({ cmd: 'leave', table: left.table }), 'leave');
    const kept = expectOk(await ada.request(WAITING), 'a table Ada stays at');
    const bea = await player(server, 'Bea');
    const watched = expectOk(await bea.request(WAITING), 'a table Bea leaves and watches');
    expectOk(await bea.request({ cmd: 'leave', table: watched.table }), 'leave');
    expectOk(await bea.request({ cmd: 'watch', table: watched.table }), 'watch it');
    await until(async () => (await stats(server)).tables.waiting === 2, 15000, 'the empty table to close');
    await sleep(1500); // the others stay, well past their time
    assert.equal((await stats(server)).tables.waiting, 2, 'the tables someone is at stay');
    const j = await bea.request({ cmd: 'join', table: left.table });
    refused(j, 'unknown_table', 'joining a closed table');
    refused(await bea.request({ cmd: 'watch', table: left.table }), 'unknown_table', 'watching a closed table');
    const rec = await getRecord(server, left.table);
    assert.equal(rec.status, 404, `its record: ${rec.status} ${rec.body}`);
    assert.equal(JSON.parse(rec.body).code, 'unknown_table');

    // a restart: the closed one stays closed; Bea's, nobody at it now, closes in its time
    ada.terminate();
    bea.terminate();
    await server.stop();
    server = await startServer(t, { dir, db: server.db, web: server.web, args });
    assert.equal((await stats(server)).tables.waiting, 2, 'the two tables not closed are resumed');
    await until(async () => (await stats(server)).tables.waiting === 1, 15000, 'Bea\'s table, nobody at it, to close');
    const ada2 = await player(server, 'Ada', ada.token);
    t.after(() => ada2.terminate());
    expectOk(await ada2.request({ cmd: 'join', table: kept.table }), 'Ada\'s own table is still hers');
    refused(await ada2.request({ cmd: 'join', table: watched.table }), 'unknown_table', 'Bea\'s closed table');
});

test('tables answers one page at a time of the tables worth joining or watching (waiting with someone seated, played by two or more people), by game; a bad game, page or status is bad_field', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    // 6 people with 10 waiting tables each (the default limit): 30 of No Way, 30 of I Doubt It
    const people = [];
    t.after(() => people.forEach((p) => p.terminate()));
    const waiting = new Set();
    for (let p = 0; p < 6; p++) {
        const c = await player(server, `host${p}`);
        people.push(c);
        for (let i = 0; i < 10; i++) {
            const game = p % 2 ? 'doubt' : 'noway';
            waiting.add(expectOk(await c.request({ ...WAITING, game }), `host ${p}'s table ${i}`).table);
        }
    }
    // not worth a look: a game of bots alone, one person's game against a bot, an empty waiting table
    const other = await player(server, 'other');
    people.push(other);
    const bots = expectOk(await other.request(BOTS), 'bots alone');
    expectOk(await other.request({ cmd: 'leave', table: bots.table }), 'leave');
    const solo = expectOk(await other.request({ ...BOTS, seats: ['open', 'basic', 'basic', 'basic'] }), 'solo');
    expectOk(await other.request({ cmd: 'leave', table: solo.table }), 'leave');
    const empty = expectOk(await other.request(WAITING), 'empty');
    expectOk(await other.request({ cmd: 'leave', table: empty.table }), 'leave');

    const viewer = await player(server, 'viewer');
    people.push(viewer);
    const p0 = expectOk(await viewer.request({ cmd: 'tables' }), 'page 0');
    assert.equal(p0.tables.length, 50, 'a page holds 50');
    assert.equal(p0.page, 0);
    assert.equal(p0.pages, 2);
    assert.equal(p0.more, true);
    const p1 = expectOk(await viewer.request({ cmd: 'tables', page: 1 }), 'page 1');
    assert.equal(p1.tables.length, 10);
    assert.equal(p1.more, false);
    const listed = [...p0.tables, ...p1.tables].map((x) => x.table);
    assert.deepEqual(new Set(listed), waiting, 'every waiting table with someone at it, once, and nothing else');
    assert.equal(listed.length, 60);
    assert.deepEqual(expectOk(await viewer.request({ cmd: 'tables', page: 7 }), 'past the end').tables, []);
    const doubt = expectOk(await viewer.request({ cmd: 'tables', game: 'doubt' }), 'doubt only');
    assert.equal(doubt.tables.length, 30);
    assert.ok(doubt.tables.every((x) => x.game === 'doubt'));
    assert.equal(doubt.more, false);
    // everything of one status, when asked for
    const playing = expectOk(await viewer.request({ cmd: 'tables', status: 'playing' }), 'every table in play');
    assert.deepEqual(playing.tables.map((x) => x.table).sort(), [bots.table, solo.table].sort());
    // a connection's own tables come first: its seat in a game not over (issue 30: never a
    // game of bots alone it only watches)
    expectOk(await viewer.request({ cmd: 'watch', table: bots.table }), 'watch the bots');
    assert.ok(!expectOk(await viewer.request({ cmd: 'tables' }), 'watching bots').tables.some((x) => x.table === bots.table),
        'a game of bots alone is not listed, watched or not');
    const mine = expectOk(await viewer.request({ ...BOTS, seats: ['open', 'basic', 'basic', 'basic'] }), 'the viewer\'s own game');
    assert.equal(expectOk(await viewer.request({ cmd: 'tables' }), 'with a table of its own').tables[0].table, mine.table);
    for (const [req, what] of [[{ game: 'chess' }, 'an unknown game'], [{ game: 7 }, 'a game that is not a string'],
        [{ page: -1 }, 'a negative page'], [{ page: 'x' }, 'a page that is not a number'], [{ page: 1.5 }, 'half a page'],
        [{ status: 'lost' }, 'an unknown status']]) {
        refused(await viewer.request({ cmd: 'tables', ...req }), 'bad_field', what);
    }
});

test('a flood of tables of strong bots alone never holds up a person\'s basic bot by more than a decision or two', { timeout: 120000 }, async (t) => {
    const server = await startServer(t, {
        args: ['--workers', '2', '--bot-tables', '1000', '--bot-tables-per-player', '1000', '--bot-tables-per-address', '1000'],
    });
    // 240 tables of four strong bots, made by 6 connections (one may be at 16 tables at once)
    const flood = [];
    t.after(() => flood.forEach((c) => c.terminate()));
    for (let k = 0; k < 6; k++) flood.push(await player(server, `flood${k}`));
    await Promise.all(flood.map(async (c, k) => {
        for (let i = 0; i < 40; i++) {
            const r = expectOk(await c.request({ ...BOTS, seats: ['strong', 'strong', 'strong', 'strong'] }), `flood ${k}.${i}`);
            expectOk(await c.request({ cmd: 'leave', table: r.table }), 'leave');
        }
    }));
    // Ada plays No Way against a basic bot that answers at once
    const seat = await againstABot(t, server);
    assert.ok((await stats(server)).tables.playing >= 200, 'the bots\' tables are in play');
    // from each act of Ada's to her next turn: the bot's answers (a challenge window, its turn)
    const waits = [];
    while (waits.length < 6 && seat.view.phase !== 'over') {
        const acks = seat.acks.length;
        await seat.step(60000);
        if (seat.acks.length === acks) continue;
        const t0 = Date.now();
        const acked = seat.acks[seat.acks.length - 1].v;
        await until(() => {
            seat.drain();
            return seat.view.phase === 'over' || (seat.v >= acked && (seat.asked || []).includes(seat.seat));
        }, 60000, 'Ada\'s turn again');
        waits.push(Date.now() - t0);
    }
    const worst = Math.max(...waits);
    // one strong decision takes up to a tenth of a second or so: the flood, first
    // in first out, would be minutes of them
    assert.ok(worst < 5000, `Ada's turn came back within 5 s each time (worst ${worst} ms: ${waits.join(' ')})`);
});

test('a sync from far back answers one push with the whole view when that is shorter than the events', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const bea = await player(server, 'Bea');
    t.after(() => bea.terminate());
    const r = expectOk(await bea.request({ ...BOTS, game: 'noway', seats: ['basic', 'basic', 'basic', 'basic'], options: {} }), 'a bots\' game');
    await until(async () => (await getRecord(server, r.table)).status === 200, 30000, 'the game to end');
    const n = (await getRecord(server, r.table)).json.actions.length;
    assert.ok(n > 40, `a game longer than a table keeps in memory (${n} steps)`);
    const w = expectOk(await bea.request({ cmd: 'watch', table: r.table }), 'watch');
    bea.queue.length = 0;
    const before = bea.frames.length;
    const s = expectOk(await bea.request({ cmd: 'sync', table: r.table, v: 0 }), 'sync from 0');
    assert.equal(s.v, n);
    const got = bea.frames.slice(before);
    const pushes = got.filter((f) => f.push === 'update');
    assert.equal(pushes.length, 1, 'one push');
    assert.deepEqual(pushes[0].events, [], 'no events');
    assert.equal(pushes[0].whole, true, 'the view stands for them');
    assert.deepEqual(pushes[0].view, w.view, 'the whole view');
    const bytes = JSON.stringify(pushes[0]).length;
    assert.ok(bytes < 4 * JSON.stringify(w.view).length + 500, `the answer is about the view's size (${bytes} bytes)`);
});

test('watching a finished game costs a few KB, and it leaves memory when its watchers go', { timeout: 120000 }, async (t) => {
    const dir = tmpDir(t);
    let server = await startServer(t, { dir });
    // 80 finished games of bots alone, of about the same length
    const bea = await player(server, 'Bea');
    const ids = [];
    for (let i = 0; i < 80; i++) {
        const r = expectOk(await bea.request({ ...BOTS, game: 'noway', players: 2, seats: ['basic', 'basic'], options: { max_turns: 100 } }), `game ${i}`);
        expectOk(await bea.request({ cmd: 'leave', table: r.table }), 'leave');
        ids.push(r.table);
        if (i % 10 === 9) await until(async () => (await stats(server)).tables.playing === 0, 30000, 'the games to end');
    }
    bea.terminate();
    await until(async () => (await stats(server)).tables.playing === 0, 30000, 'the games to end');
    // a fresh start: none of them in memory
    await server.stop();
    server = await startServer(t, { dir, db: server.db, web: server.web });
    // the loop's store caches warm up (every table read back once by a
    // watch: the records of /record are read on a connection of their own),
    // and the tables leave memory again with their watcher
    for (let k = 0; k < ids.length; k += 16) {
        const warm = await player(server, `warm${k}`);
        for (const id of ids.slice(k, k + 16)) expectOk(await warm.request({ cmd: 'watch', table: id }), `warm ${id}`);
        expectOk(await warm.request({ cmd: 'sync', table: ids[k], v: 0 }), 'sync');
        await warm.close();
    }
    await until(async () => (await stats(server)).tables.over === 20, 10000, 'the 20 newest to stay');
    const s0 = await stats(server);
    const watchers = [];
    t.after(() => watchers.forEach((w) => w.terminate()));
    for (let k = 0; k < ids.length; k += 16) {
        const w = await player(server, `w${k}`);
        watchers.push(w);
        for (const id of ids.slice(k, k + 16)) expectOk(await w.request({ cmd: 'watch', table: id }), `watch ${id}`);
    }
    const s1 = await stats(server);
    assert.equal(s1.tables.over, 80);
    const each = (s1.memory.heap_kib - s0.memory.heap_kib) / 60;
    assert.ok(each < 10, `a finished game watched holds ${each.toFixed(1)} KiB (${JSON.stringify(s0.memory)} -> ${JSON.stringify(s1.memory)})`);
    // the watchers go: all but the 20 newest leave memory, and what they held with them
    for (const w of watchers) await w.close();
    const s2 = await until(async () => { const s = await stats(server); return s.tables.over === 20 && s; }, 10000, 'the games to leave memory');
    assert.ok(s2.memory.heap_kib < s1.memory.heap_kib - 60 * each * 0.5,
        `the memory goes with them: ${JSON.stringify(s1.memory)} -> ${JSON.stringify(s2.memory)}`);
});
