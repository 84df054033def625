// Deltas in the browser (docs/server.md, "Deltas"): the page asks for
// them and applies them (web/js/conn.js, web/js/delta.js), and a game
// played in it by clicks ends right: the end panel names a winner, and the
// view the page's frames rebuild to is, at the end, the one the server
// gives a fresh join, and at every version holds no other seat's hidden
// card (the same check as games.test.mjs, on every rebuilt view).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import {
    person, createTable, gotoTable, playByClicks, mySeat, getRecord, Engine, checkFrames, SHORT,
    serverAndBrowser, within,
} from './harness.mjs';
import { updateOf, heldAfter } from '../../web/js/delta.js';

const s = serverAndBrowser();

/** The page's frames of one table with every update rebuilt as the page does (its view, and the clock folded into it). */
function rebuilt(frames, table) {
    let held = null;
    const out = [];
    const failed = [];
    for (const f of frames) {
        if (f.table !== table) continue;
        if (f.ok && f.view && typeof f.v === 'number') held = heldAfter(f);
        if (f.push !== 'update') { out.push(f); continue; }
        const u = updateOf(held, f);
        if (!u) { failed.push(f.v); continue; }
        held = heldAfter(u.update, held);
        out.push(u.update);
        if (u.clock) out.push(u.clock);
    }
    return { out, held, failed };
}

/** The seat's view now, as a fresh join gives it, over a connection of the page's player. */
async function joinView(server, token, table) {
    const ws = new WebSocket(server.wsUrl, { origin: server.url });
    await within(new Promise((res, rej) => { ws.once('open', res); ws.once('error', rej); }), 5000, 'a connection');
    const replies = new Map();
    ws.on('message', (d) => { const f = JSON.parse(String(d)); if (f.rid) replies.get(f.rid)?.(f); });
    const ask = (o) => within(new Promise((res) => { replies.set(o.rid, res); ws.send(JSON.stringify(o)); }), 5000, o.cmd);
    await ask({ cmd: 'hello', name: 'again', token, rid: 1 });
    const j = await ask({ cmd: 'join', table, rid: 2 });
    ws.terminate();
    return j;
}

for (const game of ['sequence', 'noway']) {
    test(`a ${game} game played by clicks in a browser that takes deltas ends right, its views rebuilt from them`,
        { skip: s.why || false, timeout: 120000 }, async () => {
            const p = await person(s.browser, s.server, `Dee ${game}`);
            const engine = new Engine();
            try {
                const page = await p.open('#/');
                const made = await createTable(page, {
                    game, players: 3, seats: ['open', 'random', 'random'], options: SHORT[game], bot_pause_ms: 0, seed: 33,
                });
                await gotoTable(page, made.table);
                const stats = await playByClicks(page, game, 90000);
                assert.match(stats.end, /^(.+) wins?!$/, `the end panel names a winner: ${JSON.stringify(stats.end)}`);
                await page.screenshot({ path: `/tmp/deltas-${game}-end.png`, fullPage: true });
                assert.deepEqual(p.errors, [], 'no script errors');
                const seat = await mySeat(page);
                const ups = p.frames.filter((f) => f.push === 'update' && f.table === made.table);
                const deltas = ups.filter((f) => f.delta !== undefined).length;
                assert.ok(deltas >= ups.length / 2, `most updates came as deltas (${deltas} of ${ups.length})`);
                const { out, held, failed } = rebuilt(p.frames, made.table);
                assert.deepEqual(failed, [], 'every delta applied to the view held');
                const token = await page.evaluate(() => localStorage.getItem('alphadeck.token'));
                const again = await joinView(s.server, token, made.table);
                assert.equal(again.v, held.v, 'the page saw the last version');
                assert.deepEqual(held.view, again.view, 'the view rebuilt at the end is the one a join gives');
                const gods = await engine.godViews(await getRecord(s.server, made.table));
                const { checked, problems } = checkFrames(game, out.filter((f) => !(f.view && f.view.seat === null)), seat, gods);
                assert.deepEqual(problems.slice(0, 5), [], 'no other seat\'s hidden cards in any rebuilt view');
                assert.ok(checked >= ups.length - 2, `every version's view was checked (${checked} of ${ups.length})`);
            } finally {
                engine.close();
                await p.close();
            }
        });
}
