// Promises of issue 30, "Finding people": `quick` seats people who ask for
// the same game at one public table (never at a table someone made with
// `create`), makes a new one when none waits with an open seat, and bots
// take the seats still open fill_after_s after the first person sat (also
// after a restart); `tables` lists, a page at a time, what a person may
// join or watch with interest, and neither games of bots alone nor
// finished ones; bad input to quick is refused and changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, httpGet, sleep, tmpDir, until, refused } from './harness.mjs';

const LONG_FILL = ['--fill-after-seconds', '3600']; // no bots during the test

async function stats(server) {
    const r = await httpGet(server, '/api/stats');
    assert.equal(r.status, 200, r.body);
    return JSON.parse(r.body).tables;
}

/** every table the default listing holds, page after page */
async function listed(c, extra = {}) {
    const all = [];
    for (let page = 0; page < 20; page++) {
        const r = expectOk(await c.request({ cmd: 'tables', page, ...extra }), `tables page ${page}`);
        all.push(...r.tables);
        if (!r.more) return all;
    }
    throw new Error('more than 20 pages');
}

test('two people asking quick for the same game meet at one public table; a third asking for another game, another size or a table made by create does not', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: LONG_FILL });
    const [zed, ada, bea, cal, dan, eve, viewer] = await Promise.all(
        ['Zed', 'Ada', 'Bea', 'Cal', 'Dan', 'Eve', 'Viewer'].map((n) => player(server, n)));
    t.after(() => [zed, ada, bea, cal, dan, eve, viewer].forEach((c) => c.terminate()));
    // a table Zed made for his friends (an invite) waits with open seats: not public
    const own = expectOk(await zed.request({ cmd: 'create', game: 'noway', players: 4, seats: ['open', 'open', 'open', 'open'] }), 'Zed\'s table');

    const a = expectOk(await ada.request({ cmd: 'quick', game: 'noway' }), 'Ada quick');
    assert.notEqual(a.table, own.table, 'quick never seats anyone at a table made by create');
    assert.equal(a.seat, 0);
    assert.equal(a.status, 'waiting');
    assert.equal(a.quick, true);
    assert.equal(a.view.players, 4, 'No Way\'s usual size when none is named: 4');
    assert.ok(a.fill_in_ms > 0 && a.fill_in_ms <= 3600 * 1000, `bots come in fill_after_s: ${a.fill_in_ms}`);

    const b = expectOk(await bea.request({ cmd: 'quick', game: 'noway' }), 'Bea quick');
    assert.equal(b.table, a.table, 'Bea meets Ada');
    assert.equal(b.seat, 1);
    const seats = await ada.waitPush((f) => f.push === 'seats' && f.table === a.table && f.seats[1].name === 'Bea', 5000, 'Ada hears Bea sit');
    assert.equal(seats.seats[0].name, 'Ada');

    const c = expectOk(await cal.request({ cmd: 'quick', game: 'doubt' }), 'Cal quick doubt');
    assert.notEqual(c.table, a.table, 'another game: another table');
    const d = expectOk(await dan.request({ cmd: 'quick', game: 'noway', players: 2 }), 'Dan quick noway for 2');
    assert.notEqual(d.table, a.table, 'another size: another table');
    assert.equal(d.view.players, 2);
    const e = expectOk(await eve.request({ cmd: 'quick', game: 'noway', players: 4 }), 'Eve quick noway for 4');
    assert.equal(e.table, a.table, 'the same game and size: the oldest waiting public table');
    assert.equal(e.seat, 2);
    // asking again (a second tab, a double click) gives the same seat back
    const again = expectOk(await ada.request({ cmd: 'quick', game: 'noway' }), 'Ada asks again');
    assert.deepEqual([again.table, again.seat], [a.table, 0]);

    // the lobby lists the public table, marked, with its people
    const list = await listed(viewer);
    const entry = list.find((x) => x.table === a.table);
    assert.ok(entry, 'the public table is listed');
    assert.equal(entry.quick, true);
    assert.deepEqual(entry.seats.map((s) => s.name), ['Ada', 'Bea', 'Eve', null]);
    assert.equal(list.find((x) => x.table === own.table).quick, undefined, 'Zed\'s table is not marked public');
});

test('bots take the seats still open fill_after_s after the first person sat, and the game starts', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: ['--fill-after-seconds', '1'] });
    const ada = await player(server, 'Ada');
    const bea = await player(server, 'Bea');
    t.after(() => { ada.terminate(); bea.terminate(); });
    const a = expectOk(await ada.request({ cmd: 'quick', game: 'noway', players: 4 }), 'Ada quick');
    assert.ok(a.fill_in_ms <= 1000, `bots within the second: ${a.fill_in_ms}`);
    const b = expectOk(await bea.request({ cmd: 'quick', game: 'noway', players: 4 }), 'Bea quick');
    assert.equal(b.table, a.table);
    // the game starts (v 0) with two bots beside the two people
    const start = await ada.waitPush((f) => f.push === 'update' && f.table === a.table && f.v === 0, 20000, 'the game to start with bots');
    assert.equal(start.view.players, 4);
    const seats = await until(() => ada.frames.filter((f) => f.push === 'seats' && f.table === a.table)
        .find((f) => f.seats.every((s) => s.name || s.bot)), 5000, 'the seats push with the bots');
    assert.deepEqual(seats.seats.map((s) => s.name || `bot:${s.bot}`), ['Ada', 'Bea', 'bot:basic', 'bot:basic']);
    await bea.waitPush((f) => f.push === 'update' && f.table === a.table && f.v === 0, 5000, 'Bea hears the start');
    const listing = expectOk(await bea.request({ cmd: 'tables', status: 'playing' }), 'playing tables');
    assert.ok(listing.tables.some((x) => x.table === a.table), 'the table is being played');
});

test('quick on a public table that is full and started makes a new one', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: LONG_FILL });
    const [ada, bea, cal] = await Promise.all(['Ada', 'Bea', 'Cal'].map((n) => player(server, n)));
    t.after(() => [ada, bea, cal].forEach((c) => c.terminate()));
    const a = expectOk(await ada.request({ cmd: 'quick', game: 'doubt', players: 2 }), 'Ada quick');
    const b = expectOk(await bea.request({ cmd: 'quick', game: 'doubt', players: 2 }), 'Bea quick');
    assert.equal(b.table, a.table);
    assert.equal(b.status, 'playing', 'the last seat taken starts the game');
    const c = expectOk(await cal.request({ cmd: 'quick', game: 'doubt', players: 2 }), 'Cal quick');
    assert.notEqual(c.table, a.table, 'a started table is not joined: a new one is made');
    assert.equal(c.status, 'waiting');
    assert.equal(c.seat, 0);
});

test('a waiting public table resumes waiting after a restart, is offered again once its person is back, and its bots come fill_after_s after that', { timeout: 60000 }, async (t) => {
    const dir = tmpDir(t);
    let server = await startServer(t, { dir, args: LONG_FILL });
    const ada = await player(server, 'Ada');
    const a = expectOk(await ada.request({ cmd: 'quick', game: 'noway', players: 3 }), 'Ada quick');
    ada.terminate();
    await server.stop();
    server = await startServer(t, { dir, db: server.db, web: server.web, args: ['--fill-after-seconds', '3'] });
    const ada2 = await player(server, 'Ada', ada.token);
    const [bea, cal] = await Promise.all([player(server, 'Bea'), player(server, 'Cal')]);
    t.after(() => { ada2.terminate(); bea.terminate(); cal.terminate(); });
    // nobody of Ada's table is here yet: quick does not deal Cal a game with absent people
    const c = expectOk(await cal.request({ cmd: 'quick', game: 'noway', players: 3 }), 'Cal quick while Ada is away');
    assert.notEqual(c.table, a.table, 'a public table whose people are all gone is not offered');
    await sleep(1500); // Ada takes her time to come back
    const j = expectOk(await ada2.request({ cmd: 'join', table: a.table }), 'Ada back');
    assert.equal(j.seat, 0);
    assert.equal(j.status, 'waiting', 'it resumed waiting');
    // the bots' time counts from her return, not from the restart: however
    // long the people took to come back, a newcomer has the whole of it
    assert.ok(j.fill_in_ms > 2000, `the bots' time starts with Ada back: ${j.fill_in_ms} ms left`);
    const b = expectOk(await bea.request({ cmd: 'quick', game: 'noway', players: 3 }), 'Bea quick after the restart');
    assert.equal(b.table, a.table, 'the public table is public still, and the oldest');
    assert.equal(b.quick, true);
    await ada2.waitPush((f) => f.push === 'update' && f.table === a.table && f.v === 0, 20000, 'bots to fill after the restart');
});

test('tables lists a page at a time what a person may join or watch, public tables with them; never games of bots alone or finished ones, not even to the connection at them', { timeout: 120000 }, async (t) => {
    const server = await startServer(t, { args: LONG_FILL });
    const viewer = await player(server, 'Viewer');
    t.after(() => viewer.terminate());
    // 6 people with 9 waiting tables each: 54, more than a page of 50
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => player(server, `P${i}`)));
    t.after(() => people.forEach((c) => c.terminate()));
    const made = [];
    for (const p of people) {
        for (let i = 0; i < 9; i++) {
            made.push(expectOk(await p.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'] }), 'a waiting table').table);
        }
    }
    const ada = await player(server, 'Ada');
    t.after(() => ada.terminate());
    const q = expectOk(await ada.request({ cmd: 'quick', game: 'liar' }), 'Ada quick liar');
    made.push(q.table);
    // a game of bots alone, one that ends soon, and one person's game against a bot
    const bots = expectOk(await ada.request({ cmd: 'create', game: 'doubt', players: 2, seats: ['basic', 'basic'], options: { target: 100000 } }), 'bots alone');
    const short = expectOk(await ada.request({ cmd: 'create', game: 'noway', players: 2, seats: ['basic', 'basic'], options: { max_turns: 4 }, bot_pause_ms: 0 }), 'bots alone, soon over');
    const solo = expectOk(await ada.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'] }), 'Ada against a bot');
    await until(async () => {
        const r = expectOk(await viewer.request({ cmd: 'tables', status: 'over' }), 'finished tables');
        return r.tables.some((x) => x.table === short.table);
    }, 60000, 'the short game of bots to end');

    const p0 = expectOk(await viewer.request({ cmd: 'tables' }), 'page 0');
    assert.equal(p0.tables.length, 50, 'never more than a page');
    assert.equal(p0.more, true);
    assert.equal(p0.pages, 2);
    const p1 = expectOk(await viewer.request({ cmd: 'tables', page: 1 }), 'page 1');
    assert.equal(p1.more, false);
    const ids = [...p0.tables, ...p1.tables].map((x) => x.table);
    assert.equal(new Set(ids).size, ids.length, 'page 1 continues page 0, no table twice');
    assert.deepEqual([...ids].sort((x, y) => x - y), [...made].sort((x, y) => x - y),
        'exactly the waiting tables with someone seated and a seat open');
    for (const not of [bots.table, short.table, solo.table]) assert.ok(!ids.includes(not), `table ${not} is not of interest`);
    const liar = expectOk(await viewer.request({ cmd: 'tables', game: 'liar' }), 'liar only');
    assert.deepEqual(liar.tables.map((x) => [x.table, x.quick]), [[q.table, true]]);
    // Ada's own listing: her seats first (her way back), never the bots' games she only watches
    const own = await listed(ada);
    assert.deepEqual(own.slice(0, 2).map((x) => x.table).sort((x, y) => x - y), [q.table, solo.table].sort((x, y) => x - y));
    for (const not of [bots.table, short.table]) assert.ok(!own.some((x) => x.table === not), `table ${not}, which Ada watches, is not of interest`);
    // the existing status filter keeps working
    const playing = expectOk(await viewer.request({ cmd: 'tables', status: 'playing' }), 'status playing');
    assert.ok(playing.tables.some((x) => x.table === bots.table), 'status: playing lists every table in play');
});

test('a table found through quick allows reactions and never free text', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: LONG_FILL });
    const ada = await player(server, 'Ada');
    const bea = await player(server, 'Bea');
    t.after(() => { ada.terminate(); bea.terminate(); });
    const a = expectOk(await ada.request({ cmd: 'quick', game: 'noway' }), 'Ada quick');
    expectOk(await bea.request({ cmd: 'quick', game: 'noway' }), 'Bea quick');
    assert.equal(a.talk, 'reactions');
    const reactions = JSON.parse((await httpGet(server, '/api/reactions')).body);
    const id = (reactions.reactions || reactions)[0].id;
    expectOk(await ada.request({ cmd: 'react', table: a.table, reaction: id }), 'a reaction');
    await bea.waitPush((f) => f.push === 'talk' && f.table === a.table && f.reaction === id, 5000, 'Bea hears the reaction');
    refused(await ada.request({ cmd: 'say', table: a.table, text: 'hello there' }), 'forbidden', 'free text at a public table');
});

test('quick refuses bad input as create does, and within the limits of what a player may hold, changing nothing', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: ['--waiting-per-player', '1', ...LONG_FILL] });
    const stranger = await player(server, 'Stranger');
    const ada = await player(server, 'Ada');
    t.after(() => { stranger.terminate(); ada.terminate(); });
    refused(await ada.request({ cmd: 'quick' }), 'missing_field', 'no game');
    refused(await ada.request({ cmd: 'quick', game: 42 }), 'bad_field', 'a game that is not a name');
    refused(await ada.request({ cmd: 'quick', game: 'chess' }), 'unknown_game', 'an unknown game');
    refused(await ada.request({ cmd: 'quick', game: 'noway', players: 9 }), 'bad_players', 'too many players');
    refused(await ada.request({ cmd: 'quick', game: 'noway', players: '4' }), 'bad_players', 'players as text');
    refused(await ada.request({ cmd: 'quick', game: 'noway', players: 1 }), 'bad_players', 'one player');
    assert.deepEqual(await stats(server), { waiting: 0, playing: 0, over: 0 }, 'no table made');
    // Ada keeps one table waiting (her limit): quick may not make her another
    expectOk(await ada.request({ cmd: 'create', game: 'doubt', players: 3, seats: ['open', 'open', 'basic'] }), 'Ada\'s waiting table');
    refused(await ada.request({ cmd: 'quick', game: 'noway' }), 'too_many_tables', 'a second waiting table of Ada\'s');
    assert.equal((await stats(server)).waiting, 1, 'nothing made by the refusal');
    assert.deepEqual((await listed(stranger)).map((x) => x.quick), [undefined], 'no public table');
    // before hello: no_hello
    const { Client } = await import('./harness.mjs');
    const anon = await Client.connect(server);
    t.after(() => anon.terminate());
    refused(await anon.request({ cmd: 'quick', game: 'noway' }), 'no_hello', 'quick before hello');
});
