// Deltas' compact updates in the browser (docs/server.md, "Deltas"): the
// page asks for deltas, so its updates come with `aloud` left out when
// empty, `asked` when it is the view's `to_act`, and the challenge window's
// clock folded into them rather than pushed on its own.  Played in a No Way
// game with Read aloud on (speechSynthesis stubbed to record what it is
// asked to say), the page says the lines a connection without deltas, of
// the same seat, is sent, and shows the window's clock on its own row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { person, createTable, gotoTable, playByClicks, serverAndBrowser, within, until, recordSpeech, holdOnTheWay } from './harness.mjs';
import { updateOf, heldAfter } from '../../web/js/delta.js';

const s = serverAndBrowser();

/** A connection without deltas at the page's own seat: its updates by v, and its clock pushes after each. */
async function plainSeat(server, token, table) {
    const ws = new WebSocket(server.wsUrl, { origin: server.url });
    await within(new Promise((res, rej) => { ws.once('open', res); ws.once('error', rej); }), 5000, 'a connection');
    const seen = { ws, updates: new Map(), clocks: new Map(), last: -1 };
    const replies = new Map();
    ws.on('message', (d) => {
        const f = JSON.parse(String(d));
        if (f.rid) { replies.get(f.rid)?.(f); return; }
        if (f.table !== table) return;
        if (f.push === 'update') { seen.updates.set(f.v, f); seen.last = f.v; }
        if (f.push === 'clock') seen.clocks.set(seen.last, [...(seen.clocks.get(seen.last) || []), f]);
    });
    const ask = (o) => within(new Promise((res) => { replies.set(o.rid, res); ws.send(JSON.stringify(o)); }), 5000, o.cmd);
    const h = await ask({ cmd: 'hello', name: 'Cleo', token, rid: 1 }); // the page's name: no rename
    assert.equal(h.deltas, undefined, 'this connection did not ask for deltas');
    const j = await ask({ cmd: 'join', table, rid: 2 });
    assert.equal(j.ok, true, `the plain connection joins its seat again: ${JSON.stringify(j)}`);
    seen.last = j.v;
    return seen;
}

/**
 * The page's updates of the table rebuilt as the page does, the clock pushes
 * (folded or not) after each, and the version its seat's answer (join) held.
 */
function pageUpdates(frames, table) {
    let held = null;
    let last = -1;
    let entered = -1;
    const updates = new Map();
    const clocks = new Map();
    const addClock = (c) => clocks.set(last, [...(clocks.get(last) || []), c]);
    let folded = 0;
    for (const f of frames) {
        if (f.table !== table) continue;
        const { page: _p, ...frame } = f;
        if (frame.ok && frame.view && typeof frame.v === 'number') {
            held = heldAfter(frame);
            last = frame.v;
            if (frame.view.seat !== null) entered = frame.v;
        }
        if (frame.push === 'clock') addClock(frame);
        if (frame.push !== 'update') continue;
        const u = updateOf(held, frame);
        assert.ok(u, `the page's update of v ${frame.v} rebuilt`);
        held = heldAfter(u.update, held);
        last = frame.v;
        updates.set(frame.v, u.update);
        if (u.clock) { folded++; addClock(u.clock); }
    }
    return { updates, clocks, folded, entered };
}

test('a browser with deltas reads aloud the lines a connection without them is sent, and shows the clock folded into its updates',
    { skip: s.why || false, timeout: 120000 }, async () => {
        const p = await person(s.browser, s.server, 'Cleo');
        let plain = null;
        try {
            await recordSpeech(p);
            // the page watches the table first, then takes its seat: its
            // join is held until a push meets it watching (5 s at most), so
            // it holds a spectator's update, whose lines are not the seat's
            const hold = await holdOnTheWay(p.context, 'join');
            const page = await p.open('#/');
            const token = await page.evaluate(() => localStorage.getItem('alphadeck.token'));
            const made = await createTable(page, {
                game: 'noway', players: 3, seats: ['open', 'random', 'random'], options: { max_turns: 40 }, bot_pause_ms: 200, seed: 11,
            });
            plain = await plainSeat(s.server, token, made.table);
            hold.on = true;
            await page.evaluate((n) => { location.hash = `#/table/${n}`; }, made.table);
            await until(() => hold.held.length === 1, 10000, 'the page watching, its join held');
            await until(() => hold.pushed > 0, 5000, 'a push at the watching page').catch(() => null);
            hold.release();
            await gotoTable(page, made.table);
            await playByClicks(page, 'noway', 40000, { actions: 4 }); // a few moves and windows first
            // then play until a computer's claim asks this seat in a challenge window: its clock then runs
            const myClock = page.locator('.player.me .clock');
            const shown = await until(async () => {
                const text = (await myClock.textContent()) || '';
                if (/\d/.test(text)) return text;
                if (await page.locator('#play').isVisible()) await playByClicks(page, 'noway', 20000, { actions: 1 });
                return false;
            }, 60000, 'the seat to be asked in a challenge window, its clock shown');
            await page.screenshot({ path: '/tmp/deltas-compact-clock.png' });
            assert.match(shown, /^\d+ s$/, 'the clock counts down on the seat\'s own row');
            const { updates, clocks, folded, entered } = pageUpdates(p.frames, made.table);
            assert.ok(folded >= 1, `a clock came folded into an update (${folded})`);
            const raw = p.frames.filter((f) => f.push === 'update' && f.table === made.table);
            assert.ok(raw.some((f) => f.asked === undefined), 'updates came compact (asked left out)');
            const last = Math.max(...updates.keys());
            await until(() => plain.last >= last, 5000, 'the plain connection to see the same versions');
            let both = 0;
            const lines = [];
            for (const [v, u] of updates) {
                const want = plain.updates.get(v);
                // (before its seat's answer the page was watching: a
                // spectator's pushes, not the seat's)
                if (!want || v <= entered) continue;
                both++;
                assert.deepEqual(u.aloud, want.aloud, `the aloud lines at v ${v}`);
                assert.deepEqual(u.asked, want.asked, `asked at v ${v}`);
                // (the clock pushes after the last update may be on their way still)
                if (v < last) assert.deepEqual(clocks.get(v) || [], plain.clocks.get(v) || [], `the clock pushes after v ${v}`);
                // (one who comes to the table hears whose turn it is, not
                // the moves met on the way in: docs/server.md, Read aloud)
                lines.push(...want.aloud);
            }
            // the page says each update's lines once it has drawn it (its frames are seen a moment before)
            const said = await until(async () => {
                const s = /** @type {string[]} */ (await page.evaluate(() => [...window.__said]));
                return lines.every((l) => s.includes(l)) && s;
            }, 5000, 'the page to say every line').catch(() => null);
            const now = /** @type {string[]} */ (await page.evaluate(() => [...window.__said]));
            assert.ok(said, `the page said every line a connection without deltas was sent: missing ${JSON.stringify(lines.filter((l) => !now.includes(l)))}`);
            assert.ok(both >= 2, `both connections saw the same updates (${both})`);
            assert.ok([...updates.values()].some((u) => u.aloud.length > 0), 'some update had lines to read aloud');
            assert.deepEqual(p.errors, [], 'no script errors');
        } finally {
            plain?.ws.terminate();
            await p.close();
        }
    });
