// The replay that explains (issue 32; docs/server.md, "A replay's hints"):
// GET /api/tables/T/hint?seat=S&step=K answers, once the game is over, the
// hint seat S could have had at step K of the replay, from that seat's view
// then: the engine's own hint at that version.  Before the end it is
// refused as the record is (not_over), and a bad seat or step is refused in
// words with a stable code.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
    startServer, player, expectOk, getRecord, httpGet, Seat, playToEnd, SHORT, Engine,
} from './harness.mjs';

/** a person alone with a bot, playing game to its end; the table and its record */
async function finishedGame(t, server, game, seed) {
    const a = await player(server, `Ann-${game}`);
    const create = expectOk(await a.request({
        cmd: 'create', game, players: 2, seats: ['open', 'basic'], seed,
        options: SHORT[game], bot_pause_ms: 0,
    }), `create ${game}`);
    const seat = new Seat(a, create.table, create.seat);
    seat.see(create.v, create.view, create.asked);
    return { a, create, seat, table: create.table };
}

const hintAt = async (server, table, seat, step) => {
    const r = await httpGet(server, `/api/tables/${table}/hint?seat=${seat}&step=${step}`);
    return { ...r, json: JSON.parse(r.body) };
};

/** the engine's hint for seat after the record's first k actions */
async function engineHint(eng, rec, seat, k) {
    const id = `h${seat}-${k}`;
    const loaded = await eng.request({ cmd: 'load', id, record: { new: rec.new, actions: rec.actions.slice(0, k) } });
    assert.equal(loaded.ok, true, JSON.stringify(loaded));
    const h = await eng.request({ cmd: 'hint', id, seat });
    await eng.request({ cmd: 'close', id });
    return h;
}

test('a replay step\'s hint is refused before the game is over, and afterwards is the engine\'s own hint for that seat at that step, its person named as at the table', { timeout: 120000 }, async (t) => {
    const server = await startServer(t);
    const g = await finishedGame(t, server, 'noway', 11);
    const early = await hintAt(server, g.table, 0, 0);
    assert.equal(early.status, 403);
    assert.equal(early.json.code, 'not_over');
    assert.ok(early.json.error.length > 10, 'in words');
    await playToEnd([g.seat], 60000);
    const rec = (await getRecord(server, g.table)).json;
    const n = rec.actions.length;
    const eng = new Engine(t);
    // the engine knows no names: where its hint says the narrator's name of
    // the person's seat, the table's says the person's own
    const facts = JSON.parse((await httpGet(server, '/api/games')).body);
    const narrated = new RegExp(`\\b${facts.seat_names[g.create.seat]}\\b`, 'g');
    const named = (h) => ({ ...h, text: h.text.replace(narrated, 'Ann-noway') });
    // the deal, a few steps along the game (some in a challenge window), for both seats
    const steps = [0, 1, 2, 3, Math.floor(n / 3), Math.floor(n / 2), n - 1];
    let claims = 0;
    for (const k of steps) {
        for (const s of [0, 1]) {
            const r = await hintAt(server, g.table, s, k);
            assert.equal(r.status, 200, r.body);
            assert.equal(r.json.step, k);
            assert.equal(r.json.seat, s);
            const e = await engineHint(eng, rec, s, k);
            assert.deepEqual(r.json.hint, named(e.hint), `seat ${s} at step ${k}`);
            if (r.json.hint.kind === 'claim') claims++;
        }
    }
    assert.ok(claims > 0, 'some of those steps were challenge windows with a claim judged');
    // a finished game never changes: the answer may be kept
    const again = await hintAt(server, g.table, 1, 2);
    assert.match(String(again.headers['cache-control']), /max-age/);
    // the last step: the game is over, nothing to hint
    const last = await hintAt(server, g.table, 0, n);
    assert.equal(last.json.code, 'game_over', last.body);
});

test('a replay step\'s hint for a seat names only cards that seat held then, never another seat\'s', { timeout: 120000 }, async (t) => {
    const server = await startServer(t);
    for (const [game, seed] of [['noway', 3], ['sequence', 4]]) {
        const g = await finishedGame(t, server, game, seed);
        await playToEnd([g.seat], 90000);
        for (const s of [0, 1]) {
            const rep = await httpGet(server, `/api/tables/${g.table}/replay?seat=${s}`, 20000);
            const steps = JSON.parse(rep.body).steps;
            let named = 0;
            for (let k = 0; k < steps.length - 1; k += Math.max(1, Math.floor(steps.length / 12))) {
                const own = new Set(steps[k].view.hand);
                const r = await hintAt(server, g.table, s, k);
                assert.equal(r.status, 200, r.body);
                const h = r.json.hint;
                const cards = [...(h.truthful || []), ...((h.bluff && h.bluff.cards) || []),
                    ...(h.squares || []).map((x) => x.card), ...(h.dead || [])];
                for (const c of cards) assert.ok(own.has(c), `${game} seat ${s} step ${k}: the hint names ${c}, not in its hand ${[...own]}`);
                named += cards.length;
            }
            assert.ok(named > 0, `${game} seat ${s}: some hints named cards`);
        }
    }
});

test('a replay\'s hint for a bad seat, a bad step, or no seat or step is refused in words with a stable code', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const g = await finishedGame(t, server, 'noway', 7);
    await playToEnd([g.seat], 60000);
    const cases = [
        [`seat=2&step=0`, 400, 'bad_seat'],
        [`seat=0&step=999999`, 400, 'bad_step'],
        [`step=0`, 400, 'bad_seat'],
        [`seat=0`, 400, 'bad_step'],
        [`seat=x&step=0`, 400, 'bad_seat'],
        [`seat=0&step=-1`, 400, 'bad_step'],
    ];
    for (const [q, status, code] of cases) {
        const r = await httpGet(server, `/api/tables/${g.table}/hint?${q}`);
        const j = JSON.parse(r.body);
        assert.equal(r.status, status, `${q}: ${r.body}`);
        assert.equal(j.code, code, q);
        assert.ok(j.error.length > 10, `${q}: in words`);
    }
    const none = await httpGet(server, '/api/tables/99999/hint?seat=0&step=0');
    assert.equal(none.status, 404);
    assert.equal(JSON.parse(none.body).code, 'unknown_table');
});
