// bench/serve-load.mjs - a first load figure for `alphadeck serve` (issue 17):
// TABLES tables of No Way, every seat a person on its own WebSocket, each
// person acting the moment its seat is asked (a play of one card saying the
// call, or a pass in a challenge window), for SECONDS.  It reports the
// actions acknowledged per second (each ack comes only after its commit)
// and the time from `act` to its acknowledgement (p50, p99, max).
//
//   node bench/serve-load.mjs [--tables 100] [--players 4] [--seconds 20]
//                             [--bin build/alphadeck] [--url ws://127.0.0.1:PORT/ws]
//
// Without --url it starts `alphadeck serve --port 0` on a fresh database in a
// temporary folder and stops it at the end.  Loopback only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdClient } from './adclient.mjs';

const args = Object.fromEntries(
    process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const TABLES = Number(args.tables || 100);
const PLAYERS = Number(args.players || 4);
const SECONDS = Number(args.seconds || 20);
const BIN = args.bin || 'build/alphadeck';

async function startServer() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alphadeck-load-'));
    // every person from 127.0.0.1: past the limits of one address (docs/server.md, "Limits")
    const child = spawn(BIN, ['serve', '--port', '0', '--db', path.join(dir, 'load.db'), '--workers', '2',
        '--connections-per-address', '0', '--new-players-burst', '1000000', '--waiting-per-address', '1000000'],
        { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the server did not start in 10 s')), 10000);
        child.stdout.on('data', (d) => {
            const m = /listening on http:\/\/([^/]+)\//.exec(String(d));
            if (m) { clearTimeout(timer); resolve(`ws://${m[1]}/ws`); }
        });
        child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    return { url, child, dir };
}

const lat = [];
const errors = {};
let acks = 0;
let measuring = false;
let stop = false;

function decide(view) {
    if (view.phase === 'challenge') return { type: 'pass' };
    return { type: 'play', cards: [view.hand[0]], say: view.call };
}

async function seat(c, table, mySeat) {
    let busy = false;
    let latest = null;
    let minV = 0; /* after an ack of v, act again only on a view at least that new */
    const go = async () => {
        if (busy || stop || !latest) return;
        const p = latest;
        if (p.v < minV || p.view.phase === 'over' || !(p.asked || p.view.to_act).includes(mySeat)) return;
        // a person's requests are limited (docs/server.md, "Limits": 50 a
        // second, bursts of 200): this connection keeps to 40 a second in
        // bursts of 100, as `alphadeck loadtest` does
        const t = Date.now();
        c.tokens = Math.min(100, (c.tokens ?? 100) + ((t - (c.filled ?? t)) * 40) / 1000);
        c.filled = t;
        if (c.tokens < 1) {
            if (!c.later) c.later = setTimeout(() => { c.later = null; go(); }, ((1 - c.tokens) * 1000) / 40);
            return;
        }
        c.tokens -= 1;
        busy = true;
        const t0 = process.hrtime.bigint();
        const r = await c.request({ cmd: 'act', table, action: decide(p.view), v: p.v });
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (r.ok) {
            minV = r.v;
            if (measuring) { acks++; lat.push(ms); }
        } else {
            errors[r.code] = (errors[r.code] || 0) + 1;
        }
        busy = false;
        go();
    };
    let accepted = false;
    c.onPush = (p) => {
        // a rematch is an offer every other person answers (docs/server.md,
        // "Rematch"): each accepts it once
        if (p.push === 'rematch_offer' && p.table === table && (p.waiting || []).includes(mySeat) && !accepted && !stop) {
            accepted = true;
            c.request({ cmd: 'rematch_answer', table, accept: true });
            return;
        }
        if (p.push !== 'update' || p.table !== table) return;
        if (!latest || p.v >= latest.v) latest = p;
        if (p.view.phase === 'over') {
            // the table starts again: a rematch, every seat joins it
            if (mySeat === 0 && !stop) c.request({ cmd: 'rematch', table });
            return;
        }
        go();
    };
    return go;
}

async function main() {
    const srv = args.url ? { url: args.url } : await startServer();
    const clients = [];
    for (let t = 0; t < TABLES; t++) {
        const people = [];
        for (let s = 0; s < PLAYERS; s++) {
            const c = new AdClient(srv.url);
            await c.ready;
            await c.request({ cmd: 'hello', name: `t${t}s${s}` });
            people.push(c);
        }
        clients.push(people);
    }
    // every table: seat 0 creates, the others join; rematches are followed
    const tables = [];
    for (const people of clients) {
        const created = await people[0].request({
            cmd: 'create', game: 'noway', players: PLAYERS, seats: Array(PLAYERS).fill('open'),
            options: { max_turns: 200 }, bot_pause_ms: 0,
        });
        let table = created.table;
        const seats = [0];
        for (let s = 1; s < PLAYERS; s++) seats.push((await people[s].request({ cmd: 'join', table })).seat);
        tables.push(table);
        people.forEach((c, s) => {
            const follow = async (tb) => {
                const go = await seat(c, tb, seats[s]);
                const prev = c.onPush;
                c.onPush = async (p) => {
                    if (p.push === 'rematch' && p.table === tb) {
                        const j = await c.request({ cmd: 'join', table: p.next });
                        seats[s] = j.seat;
                        await follow(p.next);
                        c.onPush({ push: 'update', table: p.next, v: j.v, view: j.view, asked: j.asked });
                        return;
                    }
                    prev(p);
                };
                go();
            };
            follow(table);
        });
        // the start push came before `follow`: look at the table once
        for (let s = 0; s < PLAYERS; s++) {
            const j = await people[s].request({ cmd: 'join', table });
            people[s].onPush({ push: 'update', table, v: j.v, view: j.view, asked: j.asked });
        }
    }
    await new Promise((r) => setTimeout(r, 1000)); // warm up
    measuring = true;
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    measuring = false;
    stop = true;
    const secs = (Date.now() - t0) / 1000;
    lat.sort((a, b) => a - b);
    const q = (f) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(f * lat.length))] : 0);
    const out = {
        tables: TABLES, players: PLAYERS, connections: TABLES * PLAYERS, seconds: secs,
        acks, acks_per_s: acks / secs, p50_ms: q(0.5), p99_ms: q(0.99), max_ms: lat.length ? lat[lat.length - 1] : 0,
        errors,
    };
    console.log(JSON.stringify(out));
    console.log(`${TABLES} tables of ${PLAYERS}: ${(acks / secs).toFixed(0)} acknowledged actions/s, ` +
        `act->ack p50 ${q(0.5).toFixed(2)} ms, p99 ${q(0.99).toFixed(2)} ms, max ${out.max_ms.toFixed(2)} ms`);
    for (const people of clients) for (const c of people) c.ws.terminate();
    if (srv.child) {
        srv.child.kill('SIGTERM');
        await new Promise((r) => { srv.child.on('exit', r); setTimeout(r, 5000); });
        fs.rmSync(srv.dir, { recursive: true, force: true });
    }
    process.exit(0);
}

main().catch((e) => { console.error(e); process.exit(1); });
