// bench/delta-bytes.mjs - what deltas (docs/server.md, "Deltas") save, game
// by game: for each game, TABLES tables of random bots (bot_pause_ms 0,
// seeded) watched by two connections, one that said hello with
// "deltas":true and one that did not, to the end.  It reports, over all
// the versions both saw, the bytes of the update pushes each was sent an
// action, the part of them that is the view (whole, or its delta), and the
// fields of the view a delta changes most often (set whole, or gone into).
//
//   node bench/delta-bytes.mjs [--tables 4] [--players 4] [--bin build/alphadeck]
//
// A watcher's view is the public one; a seat's holds its hand besides, so
// the figures are those of a view a little smaller.  Starts its own server
// on a fresh database; loopback only; the server is killed at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdClient } from './adclient.mjs';
import { updateOf, heldAfter } from '../web/js/delta.js';

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const TABLES = Number(args.tables || 4);
const PLAYERS = Number(args.players || 4);
const BIN = args.bin || 'build/alphadeck';
const OPTIONS = { noway: { max_turns: 100 }, doubt: { max_turns: 100 }, sequence: {}, liar: {}, shout: { deal_ms: 100, final_ms: 0 } };

function startServer() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alphadeck-delta-bytes-'));
    const child = spawn('timeout', ['-k', '5', '900', BIN, 'serve', '--port', '0', '--db', path.join(dir, 'x.db'),
        '--new-players-burst', '1000000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the server did not start in 10 s')), 10000);
        child.stdout.on('data', (d) => {
            const m = /listening on http:\/\/([^/]+)\//.exec(String(d));
            if (m) { clearTimeout(timer); resolve(`ws://${m[1]}/ws`); }
        });
    });
    return { child, dir, url };
}

/** One watcher: the bytes of its update pushes by version, and the view part of them. */
function watch(url, table, deltas, keys) {
    const c = new AdClient(url);
    const seen = { c, bytes: new Map(), viewBytes: new Map(), over: false, held: null };
    c.ws.on('message', (d) => {
        const f = JSON.parse(String(d));
        if (f.push !== 'update' || f.table !== table) return;
        const part = f.view !== undefined ? JSON.stringify(f.view) : JSON.stringify(f.delta);
        seen.bytes.set(f.v, (seen.bytes.get(f.v) || 0) + d.length);
        seen.viewBytes.set(f.v, (seen.viewBytes.get(f.v) || 0) + part.length);
        if (f.delta) {
            // (names, each followed by its value; a number names an object's field by its place)
            const name = (k) => (typeof k === 'number' && seen.held ? Object.keys(seen.held.view).sort()[k] : k);
            for (let i = 0, l = f.delta.set || []; i < l.length; i += 2) { const k = name(l[i]); keys.set[k] = (keys.set[k] || 0) + 1; }
            for (let i = 0, l = f.delta.in || []; i < l.length; i += 2) { const k = name(l[i]); keys.in[k] = (keys.in[k] || 0) + 1; }
        }
        const u = updateOf(seen.held, f);
        if (!u) throw new Error(`a delta that did not apply at v ${f.v}`);
        seen.held = heldAfter(u.update, seen.held);
        const view = u.update.view;
        if (view.phase === 'over' || (view.winner !== null && view.winner !== undefined)) seen.over = true;
    });
    return c.ready.then(async () => {
        await c.request({ cmd: 'hello', name: deltas ? 'plus' : 'plain', ...(deltas ? { deltas: true } : {}) });
        const r = await c.request({ cmd: 'watch', table });
        seen.held = heldAfter(r);
        return seen;
    });
}

async function oneGame(url, game, seed) {
    const maker = new AdClient(url);
    await maker.ready;
    await maker.request({ cmd: 'hello', name: 'maker' });
    const keys = { set: {}, in: {} };
    const made = await maker.request({
        cmd: 'create', game, players: PLAYERS, seats: ['open', ...Array(PLAYERS - 1).fill('random')], options: OPTIONS[game], bot_pause_ms: Number(args.pause || 20), seed,
    });
    if (!made.ok) throw new Error(`create: ${JSON.stringify(made)}`);
    const [plain, plus] = await Promise.all([watch(url, made.table, false, keys), watch(url, made.table, true, keys)]);
    await maker.request({ cmd: 'leave', table: made.table }); // a bot plays the seat: the game starts
    const t0 = Date.now();
    while (!(plain.over && plus.over)) {
        if (Date.now() - t0 > 120000) throw new Error(`${game}: no end in 120 s`);
        await new Promise((r) => setTimeout(r, 50));
    }
    const both = [...plus.bytes.keys()].filter((v) => plain.bytes.has(v));
    const sum = (m) => both.reduce((a, v) => a + m.get(v), 0);
    const out = {
        actions: Math.max(...both) - Math.min(...both), plain: sum(plain.bytes), plus: sum(plus.bytes),
        plainView: sum(plain.viewBytes), plusView: sum(plus.viewBytes), keys,
        view: JSON.stringify(plain.held.view).length,
    };
    for (const c of [maker, plain.c, plus.c]) c.close();
    return out;
}

async function main() {
    const srv = startServer();
    const limit = setTimeout(() => { srv.child.kill('SIGKILL'); console.error('delta-bytes: time limit'); process.exit(1); }, 900000);
    try {
        const url = await srv.url;
        console.log(`${TABLES} tables of ${PLAYERS} random bots a game, watched by one connection with deltas and one without`);
        console.log('| game | actions | view (end) | bytes/action without | with deltas | ratio | view part without | with | ratio | fields most changed (set / gone into) |');
        console.log('|---|---|---|---|---|---|---|---|---|---|');
        for (const game of Object.keys(OPTIONS)) {
            const t = { actions: 0, plain: 0, plus: 0, plainView: 0, plusView: 0, view: 0, set: {}, in: {} };
            for (let i = 0; i < TABLES; i++) {
                const g = await oneGame(url, game, 1000 + i);
                for (const k of ['actions', 'plain', 'plus', 'plainView', 'plusView']) t[k] += g[k];
                t.view = Math.max(t.view, g.view);
                for (const w of ['set', 'in']) for (const [k, n] of Object.entries(g.keys[w])) t[w][k] = (t[w][k] || 0) + n;
            }
            const per = (x) => Math.round(x / t.actions);
            const top = (o) => Object.entries(o).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, n]) => `${k} ${(n / t.actions).toFixed(2)}`).join(', ');
            console.log(`| ${game} | ${t.actions} | ${t.view} B | ${per(t.plain)} B | ${per(t.plus)} B | ${(t.plus / t.plain).toFixed(2)} | ` +
                `${per(t.plainView)} B | ${per(t.plusView)} B | ${(t.plusView / t.plainView).toFixed(2)} | ${top(t.set)} / ${top(t.in) || '-'} |`);
        }
    } finally {
        clearTimeout(limit);
        srv.child.kill('SIGTERM');
        fs.rmSync(srv.dir, { recursive: true, force: true });
    }
    process.exit(0);
}

main().catch((e) => { console.error(e); process.exit(1); });
