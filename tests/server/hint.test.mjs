// Hints at a table (shared/PROTOCOL.md, "Hints"; docs/server.md): `hint`
// answers a seated person from their own seat's view, at tables that allow
// hints (on by default at a table of one person and bots, off where other
// people may sit, never at a table found through quick); it is refused in
// words with a stable code elsewhere and to spectators, is rate-limited,
// and is no part of the game: no push, no new version, not in the record.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
    startServer, player, expectOk, getRecord, Seat, playToEnd, SHORT, twoPersonTable, refused, sleep,
    Engine,
} from './harness.mjs';

/** Ann alone with a bot at No Way (the bot waits long: the position holds still) */
async function aloneWithABot(server, name, extra = {}) {
    const a = await player(server, name);
    const create = expectOk(await a.request({
        cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], seed: 11,
        options: SHORT.noway, bot_pause_ms: extra.bot_pause_ms ?? 5000, ...extra.create,
    }), `${name} creates a table with a bot`);
    return { a, create, table: create.table };
}

test('hints are allowed at a table of one person and bots, answered from that person\'s own seat', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const { a, create, table } = await aloneWithABot(server, 'Ann');
    assert.equal(create.hints, true, 'create answers whether the table allows hints');
    const r = expectOk(await a.request({ cmd: 'hint', table }), 'Ann asks for a hint');
    assert.equal(r.table, table);
    assert.equal(typeof r.hint.text, 'string');
    assert.ok(r.hint.text.length > 10, r.hint.text);
    assert.ok(['turn', 'claim', 'wait'].includes(r.hint.kind), JSON.stringify(r.hint));
    // the bot's hand is nowhere in it: every card the hint names is Ann's own
    const own = new Set(create.view.hand);
    for (const card of [...(r.hint.truthful || []), ...((r.hint.bluff && r.hint.bluff.cards) || [])]) {
        assert.ok(own.has(card), `the hint names ${card}, which Ann does not hold`);
    }
    // the same position asked again: the same hint
    const again = expectOk(await a.request({ cmd: 'hint', table }), 'again');
    assert.deepEqual(again.hint, r.hint);
});

test('hints are refused at tables that do not allow them: other people may sit, the maker said no, a quick table; and to a spectator', { timeout: 40000 }, async (t) => {
    const server = await startServer(t, { args: ['--fill-after-seconds', '3600'] });
    // two people and a bot: off by default
    const two = await twoPersonTable(server, 'noway');
    assert.equal(two.create.hints, false);
    for (const c of two.clients) refused(await c.request({ cmd: 'hint', table: two.table }), 'hints_off', `${c.name} at a table of two people`);
    // one person and a bot, made with hints false
    const off = await aloneWithABot(server, 'Bea', { create: { hints: false } });
    assert.equal(off.create.hints, false);
    refused(await off.a.request({ cmd: 'hint', table: off.table }), 'hints_off', 'hints false');
    // a table found through quick never allows them
    const q = await player(server, 'Cal');
    const quick = expectOk(await q.request({ cmd: 'quick', game: 'noway', players: 2 }), 'quick');
    assert.equal(quick.hints, false);
    refused(await q.request({ cmd: 'hint', table: quick.table }), 'hints_off', 'a quick table');
    // a spectator of a table that allows hints holds no seat to coach
    const on = await aloneWithABot(server, 'Dee');
    const w = await player(server, 'Watcher');
    expectOk(await w.request({ cmd: 'watch', table: on.table }), 'watch');
    refused(await w.request({ cmd: 'hint', table: on.table }), 'not_seated', 'a spectator');
    // bad input: refused, and nothing is made
    const e = await player(server, 'Eve');
    refused(await e.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], hints: 'yes' }), 'bad_field', 'hints not a boolean');
    const mine = expectOk(await e.request({ cmd: 'tables' }), 'tables').tables;
    assert.equal(mine.filter((x) => x.seats.some((s) => s.name === 'Eve')).length, 0, 'no table was made');
    refused(await e.request({ cmd: 'hint' }), 'missing_field', 'no table');
    refused(await e.request({ cmd: 'hint', table: 99999 }), 'unknown_table', 'no such table');
});

test('a table made with hints true allows them to each person at it', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const a = await player(server, 'Fay');
    const b = await player(server, 'Gus');
    const create = expectOk(await a.request({
        cmd: 'create', game: 'doubt', players: 2, seats: ['open', 'open'], hints: true, options: SHORT.doubt,
    }), 'create');
    assert.equal(create.hints, true);
    refused(await a.request({ cmd: 'hint', table: create.table }), 'not_started', 'before the game starts');
    expectOk(await b.request({ cmd: 'join', table: create.table }), 'join');
    for (const c of [a, b]) expectOk(await c.request({ cmd: 'hint', table: create.table }), `${c.name} asks`);
});

test('a hint speaks of the other people at the table by their own names', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const a = await player(server, 'Grandpa');
    const b = await player(server, 'Zoé');
    const create = expectOk(await a.request({
        cmd: 'create', game: 'doubt', players: 2, seats: ['open', 'open'], hints: true, seed: 5,
        options: SHORT.doubt,
    }), 'create');
    const joined = expectOk(await b.request({ cmd: 'join', table: create.table }), 'join');
    // whoever is not to play hears whose turn it is, by that person's name
    const turn = joined.view.turn;
    assert.ok(turn === 0 || turn === 1, JSON.stringify(joined.view));
    const [waiting, playing] = turn === 0 ? [b, 'Grandpa'] : [a, 'Zoé'];
    const h = expectOk(await waiting.request({ cmd: 'hint', table: create.table }), 'the waiting person asks');
    assert.equal(h.hint.kind, 'wait');
    assert.ok(h.hint.text.includes(`${playing}'s turn`), h.hint.text);
    assert.ok(!/\b(Ann|Bea)\b/.test(h.hint.text), h.hint.text);
});

test('a person asking for hints too fast is refused rate_limited, and may ask again later', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const { a, table } = await aloneWithABot(server, 'Hal');
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await a.request({ cmd: 'hint', table }));
    assert.ok(answers.slice(0, 5).every((r) => r.ok), 'a burst is answered');
    const limited = answers.filter((r) => !r.ok);
    assert.ok(limited.length > 0, 'twenty at once are too many');
    for (const r of limited) refused(r, 'rate_limited', 'too fast');
    let ok = false;
    for (let i = 0; i < 40 && !ok; i++) {
        await sleep(250);
        ok = (await a.request({ cmd: 'hint', table })).ok;
    }
    assert.ok(ok, 'a hint is answered again after a while');
});

test('a hint is no part of the game: no push, no new version, and the record holds only the actions; the engine gives the same hint at that version', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const { a, create, table } = await aloneWithABot(server, 'Ivy', { bot_pause_ms: 0 });
    const seat = new Seat(a, table, create.seat);
    seat.see(create.v, create.view, create.asked);
    await sleep(100);
    seat.drain();
    const v0 = seat.v;
    const pushes = a.frames.filter((f) => f.push).length;
    const r = expectOk(await a.request({ cmd: 'hint', table }), 'a hint (the bot never plays Ann\'s turns)');
    await sleep(200);
    seat.drain();
    if (seat.v === v0) assert.equal(a.frames.filter((f) => f.push).length, pushes, 'a hint pushes nothing');
    const sync = expectOk(await a.request({ cmd: 'sync', table, v: seat.v }), 'sync');
    assert.equal(sync.v, seat.v, 'the version did not move');
    await playToEnd([seat], 60000);
    const rec = await getRecord(server, table);
    assert.equal(rec.status, 200);
    assert.equal(rec.json.actions.length, seat.v, 'one action a version, no hint among them');
    assert.ok(rec.json.actions.every((x) => x.action && x.action.type !== 'hint'));
    // the server's hint is the engine's for the same seat at the same version
    {
        const eng = new Engine(t);
        const loaded = await eng.request({ cmd: 'load', id: 'h', record: { new: rec.json.new, actions: rec.json.actions.slice(0, r.v) } });
        assert.equal(loaded.ok, true, JSON.stringify(loaded));
        const h = await eng.request({ cmd: 'hint', id: 'h', seat: create.seat });
        assert.deepEqual(h.hint, r.hint);
    }
});

test('a restarted server keeps each table\'s choice of hints', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const on = await aloneWithABot(server, 'Jon');
    const off = await aloneWithABot(server, 'Kim', { create: { hints: false } });
    expectOk(await on.a.request({ cmd: 'hint', table: on.table }), 'before the restart');
    await server.stop();
    const again = await startServer(t, { dir: server.dir, db: server.db, web: server.web });
    for (const [who, x, allowed] of [['Jon', on, true], ['Kim', off, false]]) {
        const c = await player(again, who, x.a.token);
        const j = expectOk(await c.request({ cmd: 'join', table: x.table }), `${who} joins again`);
        assert.equal(j.hints, allowed);
        const r = await c.request({ cmd: 'hint', table: x.table });
        if (allowed) expectOk(r, `${who}'s hint after the restart`);
        else refused(r, 'hints_off', `${who}'s table after the restart`);
    }
});
