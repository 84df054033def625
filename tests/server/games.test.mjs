// Promises 1 and 2 of the server: every game can be played to its end by
// people and bots over the WebSocket (its record published only then), and
// no frame to a seat ever holds another seat's hidden cards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
    startServer, player, twoPersonTable, playToEnd, isOver, getRecord, Engine, expectOk, httpGet,
} from './harness.mjs';
import fs from 'node:fs';

const GAMES = ['noway', 'doubt', 'sequence', 'liar', 'shout'];
let server = null;
let startError = null;
let engine = null;
let dir = null;
const played = {}; // game -> { table, seats, watcher, record, final } or an Error

before(async () => {
    dir = fs.mkdtempSync(`${process.env.TMPDIR || '/tmp'}/alphadeck-games-`);
    try {
        server = await startServer(null, { dir });
        engine = new Engine();
    } catch (e) {
        startError = e;
    }
});

after(async () => {
    if (engine) engine.close();
    if (server) await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function needServer() {
    if (startError) throw startError;
    assert.ok(server, 'the server did not start');
}

// plays `game` once (two people, a basic bot, a spectator) and keeps what was seen
async function playOnce(game) {
    if (played[game]) {
        if (played[game] instanceof Error) throw played[game];
        return played[game];
    }
    try {
        needServer();
        const t = await twoPersonTable(server, game);
        const watcher = await player(server, `${game}-watcher`);
        const w = expectOk(await watcher.request({ cmd: 'watch', table: t.table }), 'watch');
        // while it is played, the record is not public
        const early = await getRecord(server, t.table);
        const earlyReplay = await httpGet(server, `/api/tables/${t.table}/replay`);
        const unknown = await getRecord(server, 'no-such-table-424242');
        await playToEnd(t.seats, 60000);
        // the spectator sees the end too
        let wv = w.view;
        while (!isOver(wv)) {
            const p = await watcher.waitPush((f) => f.push === 'update' && f.table === t.table, 10000, 'the spectator\'s updates to the end');
            wv = p.view;
        }
        const rec = await getRecord(server, t.table);
        played[game] = { ...t, watcher, early, earlyReplay, unknown, rec, watchView: wv };
        return played[game];
    } catch (e) {
        played[game] = e;
        throw e;
    }
}

for (const game of GAMES) {
    test(`every game is played to its end by people and bots, its record public only then: ${game}`, { timeout: 90000 }, async (t) => {
        const g = await playOnce(game);
        const [sa, sb] = g.seats;
        for (const s of g.seats) {
            assert.ok(s.lastPush, `${s.c.name} got update pushes`);
            const fv = s.lastPush.view;
            assert.ok(fv.phase === 'over', `the final update's view is over: phase ${fv.phase}`);
            assert.notEqual(fv.winner, null, 'the final view names a winner');
            assert.equal(fv.seat, s.seat, 'a seat\'s view is its own');
        }
        assert.notEqual(sa.seat, sb.seat, 'the two people hold two seats');
        assert.ok(sa.acks.length + sb.acks.length > 0, 'the people acted');
        assert.equal(g.early.status, 403,
            `GET /api/tables/<id>/record of a table being played: 403, got ${g.early.status} ${g.early.body.slice(0, 200)}`);
        assert.equal(g.unknown.status, 404, 'the record of an unknown table: 404');
        assert.equal(g.rec.status, 200, `the record of a finished table: 200, got ${g.rec.status} ${g.rec.body.slice(0, 200)}`);
        const record = g.rec.json;
        assert.ok(record.new && Array.isArray(record.actions), 'the record is {"new":..,"actions":[..]}');
        assert.equal(record.new.game, game);
        assert.equal(record.actions.length, sa.lastPush.v, 'one action in the record for each version');
        // every acknowledged act of the people is in the record, at its version
        for (const ack of [...sa.acks, ...sb.acks]) {
            const a = record.actions[ack.v - 1];
            assert.ok(a, `acknowledged v ${ack.v} is in the record`);
            assert.equal(a.seat, ack.seat, `the seat of v ${ack.v}`);
            assert.equal(a.action.type, ack.action.type, `the action of v ${ack.v}`);
        }
        // the engine replays it to the same end
        const loaded = await engine.request({ cmd: 'load', id: `end-${game}`, record });
        assert.ok(loaded.ok, `the engine loads the record: ${JSON.stringify(loaded).slice(0, 300)}`);
        assert.equal(loaded.view.phase, 'over');
        assert.deepEqual(loaded.view.winner, sa.lastPush.view.winner, 'the same winner');
        assert.deepEqual(loaded.view.scores, sa.lastPush.view.scores, 'the same scores');
        await engine.request({ cmd: 'close', id: `end-${game}` });
        t.diagnostic(`${game}: ${record.actions.length} actions, ${sa.acks.length} + ${sb.acks.length} by the two people, winner ${JSON.stringify(loaded.view.winner)}`);
    });
}

// ------------------------------------------------------ hidden cards

const BANNED = ['hands', 'deck', 'pile'];
// places where cards are public (turned up, seen, drawn for dealer, discarded
// face up), or a seat's own memory, which is checked against the god view's
// entry for that seat instead (held: a hand it passed on may now be another's)
const PUBLIC = new Set(['seen', 'turned_up', 'outcome', 'draw', 'line', 'board', 'colours', 'table', 'held', 'gone', 'laid']);

function sameCards(a, b) {
    return a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');
}

// every array of strings in x outside public places, with its path
function stringArrays(x, pathNow, out, game) {
    if (Array.isArray(x)) {
        if (x.length && x.every((e) => typeof e === 'string')) out.push({ path: pathNow, cards: x });
        x.forEach((e, i) => stringArrays(e, `${pathNow}[${i}]`, out, game));
    } else if (x && typeof x === 'object') {
        if (x.type === 'reveal') return; // a play or hand turned up: public
        for (const [k, v] of Object.entries(x)) {
            if (PUBLIC.has(k)) continue;
            if (k === 'discards' && game === 'sequence') continue; // face up in sequence
            stringArrays(v, `${pathNow}.${k}`, out, game);
        }
    }
    return out;
}

function keyPaths(x, key, pathNow = '', out = []) {
    if (Array.isArray(x)) x.forEach((e, i) => keyPaths(e, key, `${pathNow}[${i}]`, out));
    else if (x && typeof x === 'object') {
        for (const [k, v] of Object.entries(x)) {
            if (k === key) out.push(`${pathNow}.${k}`);
            keyPaths(v, key, `${pathNow}.${k}`, out);
        }
    }
    return out;
}

function checkFrames(game, frames, seat, gods, who) {
    let checked = 0;
    for (const f of frames) {
        const where = `${who} frame ${JSON.stringify(f).slice(0, 400)}`;
        for (const k of [...BANNED, ...(game === 'liar' ? ['discards'] : [])]) {
            assert.deepEqual(keyPaths(f, k), [], `${where}: holds "${k}"`);
        }
        const hands = keyPaths(f, 'hand');
        if (seat === null) {
            assert.deepEqual(hands, [], `${where}: a spectator got a "hand"`);
        } else {
            // playing on (docs/server.md): the seat's own view of the position
            // after the window, its own hand and nothing more
            for (const h of hands) assert.ok(h === '.view.hand' || h === '.play_on.hand', `${where}: "hand" outside the view: ${h}`);
            if (f.play_on) {
                assert.equal(f.play_on.seat, seat, `${where}: play_on is not the seat's own view`);
                assert.ok(f.view && sameCards(f.play_on.hand || [], f.view.hand || []), `${where}: play_on's hand is not the seat's own`);
            }
        }
        const claims = keyPaths(f, 'claim');
        for (const c of claims) {
            if (c !== '.view.claim' || !f.view.claim) continue;
            if (f.view.claim.cards !== undefined) {
                assert.equal(f.view.claim.seat, seat, `${where}: the cards of seat ${f.view.claim.seat}'s claim`);
            }
        }
        if (f.view && seat === null) {
            assert.ok(f.view.held === undefined || f.view.held === null, `${where}: a spectator got "held"`);
            assert.ok(f.view.gone === undefined || (Array.isArray(f.view.gone) && f.view.gone.length === 0), `${where}: a spectator got "gone"`);
            assert.ok(f.view.laid === undefined || (Array.isArray(f.view.laid) && f.view.laid.flat().length === 0), `${where}: a spectator got "laid"`);
        }
        // before the game starts a seat sees no card, its own neither (the
        // create and join answers say "waiting"; a sync then asks nobody)
        if (f.view && (f.status === 'waiting' || (f.push === 'update' && f.v === 0 && Array.isArray(f.asked) && f.asked.length === 0))) {
            assert.deepEqual(hands, [], `${where}: a hand before the game started`);
            continue;
        }
        if (!f.view || typeof f.v !== 'number' || !gods[f.v]) continue;
        const god = gods[f.v];
        checked++;
        if (seat !== null) {
            assert.ok(sameCards(f.view.hand || [], god.hands[seat]), `${where}: the hand is not seat ${seat}'s at v ${f.v} (${JSON.stringify(god.hands[seat])})`);
            if (god.held) assert.deepEqual(f.view.held, god.held[seat], `${where}: "held" is not the seat's own`);
            if (god.gone) assert.deepEqual(f.view.gone, god.gone[seat], `${where}: "gone" is not the seat's own`);
            if (god.laid) assert.deepEqual(f.view.laid, god.laid[seat], `${where}: "laid" is not the seat's own`);
        }
        const arrays = stringArrays({ ...f, view: { ...f.view, hand: undefined }, play_on: f.play_on && { ...f.play_on, hand: undefined } }, '', [], game);
        for (const gv of [god, gods[f.v - 1]].filter(Boolean)) {
            gv.hands.forEach((h, j) => {
                if (j === seat || h.length < 2) return;
                for (const a of arrays) {
                    assert.ok(!sameCards(a.cards, h), `${where}: ${a.path} is seat ${j}'s hand ${JSON.stringify(h)}`);
                }
            });
        }
    }
    return checked;
}

for (const game of GAMES) {
    test(`no frame to a seat holds another seat's hidden cards, nor any to a spectator: ${game}`, { timeout: 90000 }, async () => {
        const g = await playOnce(game);
        assert.equal(g.rec.status, 200, 'the finished game\'s record');
        const gods = await engine.godViews(g.rec.json);
        let n = 0;
        for (const s of g.seats) {
            n += checkFrames(game, s.c.frames, s.seat, gods, `${s.c.name} (seat ${s.seat})`);
        }
        checkFrames(game, g.watcher.frames, null, gods, 'the spectator');
        assert.ok(n > 0, 'some frames with views were checked');
        // a spectator's view never holds a hand, even the one it got on watch
        assert.equal(g.watchView.hand, undefined);
        assert.equal(g.watchView.seat, null, 'a spectator\'s view has seat null');
    });
}

// ------------------------------------------------------------------ replays

test('a finished game replays step by step as one seat saw it or from above, never before it ends', { timeout: 90000 }, async () => {
    const g = await playOnce('noway');
    assert.equal(g.earlyReplay.status, 403, 'no replay of a game being played');
    const seat = g.seats[0].seat;
    const mine = await httpGet(server, `/api/tables/${g.table}/replay?seat=${seat}`);
    assert.equal(mine.status, 200, mine.body.slice(0, 200));
    const r = JSON.parse(mine.body);
    assert.equal(r.length, g.rec.json.actions.length, 'one step for each action of the record');
    assert.equal(r.steps.length, r.length + 1, 'and step 0, the deal');
    for (const st of r.steps) {
        assert.equal(st.view.seat, seat, 'each step is the seat\'s own view');
        assert.equal(st.view.hands, undefined, 'a seat\'s replay holds no other hand');
        if (st.step > 0 && st.seat !== seat) assert.equal(st.action, undefined, 'another seat\'s face-down cards are not shown');
    }
    assert.ok(r.steps.some((st) => st.events.some((e) => typeof e.text === 'string' && e.text.length)), 'events are told in words');
    const above = JSON.parse((await httpGet(server, `/api/tables/${g.table}/replay`)).body);
    assert.ok(Array.isArray(above.steps[0].view.hands), 'from above: every hand');
    assert.equal((await httpGet(server, `/api/tables/${g.table}/replay?seat=9`)).status, 400, 'no such seat');
    assert.equal((await httpGet(server, `/api/tables/${g.table}/replay?seat=x`)).status, 400, 'not a seat');
    assert.equal((await httpGet(server, '/api/tables/424242/replay')).status, 404, 'no such table');
});
