// Deltas (docs/server.md, "Deltas"): a connection that says hello with
// "deltas":true is sent, in each update, what changed in its view since the
// view it holds; the view it rebuilds from them (web/js/delta.js, the
// browser's own code) is, at every version, the view a connection that did
// not opt in is sent whole; and so are the rest of each update rebuilt from
// its compact form (updateOf: the events, asked, aloud, play_on) and the
// clock pushes, folded into updates or not.  A connection that did not opt
// in is sent exactly what it was before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    startServer, Client, player, Seat, playToEnd, expectOk, until, isOver, SHORT,
} from './harness.mjs';
import { updateOf, heldAfter } from '../../web/js/delta.js';

/**
 * What one connection is sent at a table: the view at each version (rebuilt
 * from deltas where it opted in), and every update push without its view.
 */
class Watcher {
    constructor(client, table, deltas) {
        this.c = client;
        this.table = table;
        this.deltas = deltas;
        this.held = null; // { v, view, play_on }
        this.views = new Map(); // v -> view
        this.pushes = new Map(); // v -> the push (rebuilt) without its view
        this.clocks = new Map(); // v -> the clock pushes after the update of v, in order
        this.last = -1; // the v of the last update
        this.counts = { delta: 0, whole: 0 };
        this.problems = [];
        client.ws.on('message', (d) => this.#frame(JSON.parse(String(d))));
    }

    /** the answer to join or watch: the view it holds from then on, unless
     * an update newer than it came already (frames that come together are
     * handed over before the request's await goes on, so a push sent right
     * after the answer, a bot moving at once, was read first; a client
     * reading frames in order, as the browser's conn.js does, took the
     * answer and then that update) */
    took(r) {
        if (this.held && this.held.v >= r.v)
            return r;
        this.held = heldAfter(r);
        this.last = r.v;
        return r;
    }

    #clock(f) {
        if (!this.clocks.has(this.last)) this.clocks.set(this.last, []);
        this.clocks.get(this.last).push(f);
    }

    #frame(f) {
        if (f.push === 'clock' && f.table === this.table) this.#clock(f);
        if (f.push !== 'update' || f.table !== this.table) return;
        if (!this.deltas && f.clock !== undefined) this.problems.push(`v ${f.v}: a clock folded into an update to a connection that did not opt in`);
        if (!this.deltas && (f.delta !== undefined || f.base !== undefined)) this.problems.push(`v ${f.v}: a delta to a connection that did not opt in`);
        if (f.delta !== undefined && f.base !== this.held?.v) this.problems.push(`v ${f.v}: a delta from v ${f.base} to one holding v ${this.held?.v}`);
        let u = null;
        try { u = updateOf(this.held, f); } catch (e) { this.problems.push(`v ${f.v}: ${e.message}`); }
        if (!u) { this.problems.push(`v ${f.v}: no view (${JSON.stringify(f).slice(0, 300)})`); return; }
        this.counts[f.delta !== undefined ? 'delta' : 'whole']++;
        if (this.deltas) countCompact(f);
        this.held = heldAfter(u.update, this.held);
        this.last = f.v;
        this.views.set(f.v, u.update.view);
        const { view: _v, ...rest } = u.update;
        if (!f.sync) this.pushes.set(f.v, rest); // (a sync's answer is a push of its own)
        if (u.clock) this.#clock(u.clock);
    }

    get over() { return this.held && isOver(this.held.view); }
}

/** How often each compact form was sent, over the whole test. */
const compact = { problems: [], clock: 0, asked: 0, aloud: 0, event_v: 0, seat_acting: 0, play_on_same: 0, play_on_delta: 0, field_by_place: 0, words_again: 0 };
function countCompact(f) {
    if (f.clock !== undefined) compact.clock++;
    if (f.asked === undefined) compact.asked++;
    if (f.aloud === undefined) compact.aloud++;
    if ((f.delta?.set || []).some((k, i) => i % 2 === 0 && typeof k === 'number')) compact.field_by_place++; // (a view is an object)
    if (f.play_on_same === true) compact.play_on_same++;
    if (f.play_on_delta) compact.play_on_delta++;
    if (f.play_on !== undefined && f.view === undefined) compact.problems.push(`v ${f.v}: a whole play_on beside a delta`);
    if ((f.aloud || []).some((l) => typeof l === 'number')) compact.words_again++;
    for (const e of f.events || []) {
        if (typeof e.text === 'number') compact.words_again++;
        if (e.v === undefined) compact.event_v++;
        if (e.seat_acting === undefined && e.seat !== undefined) compact.seat_acting++;
    }
}

async function deltaClient(server, name, token) {
    const c = await Client.connect(server, { name });
    const h = expectOk(await c.request({ cmd: 'hello', name, deltas: true, ...(token ? { token } : {}) }), `${name}: hello with deltas`);
    assert.equal(h.deltas, true, 'hello says deltas are on');
    return c;
}

/** Asserts that `got` (deltas) saw, at every version both saw, what `want` (whole views) saw. */
function sameViews(got, want, what) {
    assert.deepEqual(got.problems, [], `${what}: the deltas applied`);
    assert.deepEqual(want.problems, [], `${what}: whole views`);
    let both = 0;
    for (const [v, view] of got.views) {
        if (!want.views.has(v)) continue;
        both++;
        assert.deepEqual(view, want.views.get(v), `${what}: the view rebuilt at v ${v} is the view sent whole`);
        assert.deepEqual(got.pushes.get(v), want.pushes.get(v), `${what}: the rest of the push at v ${v} (events, asked, aloud, play_on)`);
        assert.deepEqual(got.clocks.get(v) || [], want.clocks.get(v) || [], `${what}: the clock pushes after v ${v}`);
    }
    assert.ok(both >= Math.min(got.views.size, want.views.size) - 2, `${what}: both saw the same versions (${both} of ${got.views.size})`);
    // (whole: the first after a join, a sync's answer, a push with play_on)
    assert.ok(got.counts.delta >= got.views.size / 2, `${what}: most updates came as deltas (${JSON.stringify(got.counts)})`);
    return both;
}

// Each game is played at seeded tables, two people ('open') at each and
// random bots in the other seats (the seats of the people change from one
// table to the next), until it has had at least MIN actions.
const LAYOUTS = {
    noway: [['open', 'random', 'open', 'random'], ['random', 'open', 'random', 'random', 'open']],
    doubt: [['open', 'random', 'random', 'open'], ['random', 'open', 'open']],
    sequence: [['open', 'random', 'open'], ['random', 'open', 'random', 'open']],
    liar: [['open', 'random', 'open', 'random'], ['random', 'open', 'open']],
    shout: [['open', 'random', 'random', 'open'], ['random', 'open', 'open']],
};
const MIN = { noway: 1000, doubt: 400, sequence: 250, liar: 250, shout: 400 };
const OPTIONS = {
    noway: { max_turns: 300 }, doubt: { max_turns: 300 }, sequence: { max_turns: 200 },
    liar: { target: 100 }, shout: SHORT.shout,
};

/** One table played to its end; returns how many versions were compared. */
async function playOne(server, game, seats, seed, i) {
    const a = await player(server, `${game}${i}-a`);
    const b = await player(server, `${game}${i}-b`);
    const made = expectOk(await a.request({
        cmd: 'create', game, players: seats.length, seats, options: OPTIONS[game], bot_pause_ms: 0, seed,
    }), `create ${game}`);
    const t = made.table;
    const watchers = [];
    // A's seat, a watcher: each on a connection with deltas and one without
    const ad = new Watcher(await deltaClient(server, `${game}${i}-a+`, a.token), t, true);
    ad.took(expectOk(await ad.c.request({ cmd: 'join', table: t }), 'A joins again, with deltas'));
    const ap = new Watcher(a, t, false);
    ap.took(made);
    const wd = new Watcher(await deltaClient(server, `${game}${i}-w+`), t, true);
    wd.took(expectOk(await wd.c.request({ cmd: 'watch', table: t }), 'watch with deltas'));
    const wp = new Watcher(await player(server, `${game}${i}-w`), t, false);
    wp.took(expectOk(await wp.c.request({ cmd: 'watch', table: t }), 'watch'));
    const sa = new Seat(a, t, made.seat);
    const sb = new Seat(b, t, null);
    sa.pause = sb.pause = 0;
    const bp = new Watcher(b, t, false);
    bp.took(await sb.join()); // the game starts
    sa.see(made.v, made.view, made.asked);
    const bd = new Watcher(await deltaClient(server, `${game}${i}-b+`, b.token), t, true);
    bd.took(expectOk(await bd.c.request({ cmd: 'join', table: t }), 'B joins again, with deltas'));
    watchers.push(ad, ap, wd, wp, bd, bp);
    // midway, B's delta connection asks for a sync from far back: a whole view, then deltas again
    let synced = null;
    const sync = until(() => bd.views.size >= 10 || bd.over || bd.problems.length, 120000, 'B+ to see 10 versions').then(async () => {
        const r = await bd.c.request({ cmd: 'sync', table: t, v: 0 });
        synced = r.ok ? r.v : r;
    }, (e) => { synced = e.message; });
    await playToEnd([sa, sb], 120000);
    await sync;
    await until(() => watchers.every((w) => w.over), 10000, 'every connection to see the end');
    assert.equal(typeof synced, 'number', `sync answered: ${JSON.stringify(synced)}`);
    const what = `${game} table ${t} (${seats.join(',')})`;
    const n = sameViews(ad, ap, `${what}, seat A`) + sameViews(bd, bp, `${what}, seat B`) + sameViews(wd, wp, `${what}, watcher`);
    // the end rebuilt from deltas is the end a fresh join is told
    const again = expectOk(await bd.c.request({ cmd: 'join', table: t }), 'join at the end');
    assert.deepEqual(bd.held.view, again.view, `${what}: the last view rebuilt is the one a join gives`);
    assert.equal(bd.held.v, again.v);
    for (const w of watchers) w.c.close();
    return { n, actions: sa.view ? bp.held.v : 0 };
}

test('a connection with deltas rebuilds from them, at every version of thousands of actions in every game, the view, events, asked, aloud, play_on and clock pushes sent whole to one without', { timeout: 600000 }, async (t) => {
    // many people, one address; a commit every pass, so that updates are
    // mostly of one step and every compact form comes up (a pace batches
    // steps: the next test)
    const server = await startServer(t, { args: ['--new-players-burst', '100000', '--commit-every-ms', '0'] });
    const actions = {};
    let i = 0;
    for (const game of Object.keys(LAYOUTS)) {
        actions[game] = 0;
        for (let k = 0; actions[game] < MIN[game]; k++, i++) {
            const seats = LAYOUTS[game][k % LAYOUTS[game].length];
            const { n: compared, actions: n } = await playOne(server, game, seats, 100 * i + 7, i);
            console.log(`${game} (${seats.join(',')}): ${n} actions, ${compared} views compared`);
            actions[game] += n;
        }
    }
    const total = Object.values(actions).reduce((x, y) => x + y, 0);
    assert.ok(total >= 2000, `thousands of actions: ${JSON.stringify(actions)}`);
    const { problems, ...forms } = compact;
    assert.deepEqual(problems.slice(0, 5), [], 'a play_on is sent whole only beside the whole view');
    console.log(`compact forms sent: ${JSON.stringify(forms)}`);
    for (const [form, n] of Object.entries(forms)) assert.ok(n > 0, `the compact form ${form} was sent and rebuilt (${JSON.stringify(forms)})`);
    });

test('with commits paced at 5 ms (updates of several steps, a sync answered between commits), a connection with deltas rebuilds every version of a game of each kind', { timeout: 300000 }, async (t) => {
    const server = await startServer(t, { args: ['--new-players-burst', '100000', '--commit-every-ms', '5'] });
    let i = 50, total = 0;
    for (const game of Object.keys(LAYOUTS)) {
        const seats = LAYOUTS[game][0];
        const { n: compared, actions: n } = await playOne(server, game, seats, 100 * i + 7, i);
        assert.ok(compared > 0 && n > 0, `${game}: views compared (${compared}) over ${n} actions`);
        total += n;
        i++;
    }
    assert.ok(total >= 100, `actions: ${total}`);
});

test('a connection that did not ask for deltas is sent every update with its whole view, and a bad deltas is refused', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const c = await Client.connect(server, { name: 'plain' });
    const h = expectOk(await c.request({ cmd: 'hello', name: 'plain' }), 'hello');
    assert.equal(h.deltas, undefined, 'hello without deltas says nothing of them');
    const bad = await c.request({ cmd: 'hello', name: 'plain', deltas: 'yes' });
    assert.equal(bad.ok, false);
    assert.equal(bad.code, 'bad_field', `deltas that is not true or false: ${JSON.stringify(bad)}`);
    const made = expectOk(await c.request({
        cmd: 'create', game: 'noway', players: 3, seats: ['open', 'random', 'random'], options: { max_turns: 60 }, bot_pause_ms: 0,
    }), 'create');
    const w = new Watcher(c, made.table, false);
    w.took(made);
    // an opted-in watcher at the same table changes nothing of what c is sent
    const d = new Watcher(await deltaClient(server, 'deltas'), made.table, true);
    d.took(expectOk(await d.c.request({ cmd: 'watch', table: made.table }), 'watch'));
    const seat = new Seat(c, made.table, made.seat);
    seat.see(made.v, made.view, made.asked);
    seat.pause = 0;
    await playToEnd([seat], 60000);
    await until(() => w.over, 5000, 'the end');
    assert.deepEqual(w.problems, []);
    const ups = c.frames.filter((f) => f.push === 'update');
    assert.ok(ups.length >= 10, `updates: ${ups.length}`);
    for (const u of ups) {
        assert.equal(typeof u.view, 'object', `v ${u.v}: the whole view`);
        assert.equal(u.delta, undefined);
        assert.equal(u.base, undefined);
    }
});
