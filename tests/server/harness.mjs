// The harness of the server tests (tests/server/*.test.mjs): starts a real
// `alphadeck serve` (the binary named by $ALPHADECK, default
// build/alphadeck) on a free port of 127.0.0.1 with a database in a
// temporary folder, drives it with real WebSocket clients (the `ws`
// package), and kills it when the test ends, pass or fail.  Every wait has a
// time limit, so nothing here can hang a run.  Traffic goes only to
// 127.0.0.1.
//
// With ALPHADECK_DB_URL set (a PostgreSQL URL, as tests/pg-up prints; `make
// test-pg` sets it), every server stores in PostgreSQL instead: in a
// database of its own in that cluster, made empty for it and dropped when
// its test ends.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import assert from 'node:assert/strict';
import net from 'node:net';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = path.resolve(ROOT, process.env.ALPHADECK || 'build/alphadeck');
export const HOST = '127.0.0.1';
// The fault tests' size: 1 in the suite; bench/faults-full.sh runs them
// with ALPHADECK_FAULT_SCALE=10 (ten times the connections and tables).
export const SCALE = Math.max(1, Number(process.env.ALPHADECK_FAULT_SCALE) || 1);
export const DB_URL = process.env.ALPHADECK_DB_URL || '';

// ---------------------------------------------------------------- processes

const live = new Set(); // every child process still running
function killAll() {
    for (const p of live) {
        try { p.kill('SIGKILL'); } catch { /* gone */ }
    }
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => { killAll(); process.exit(128 + os.constants.signals[sig]); });
}

export function sleep(ms) {
    return new Promise((r) => setTimeout(r, ms));
}

// a promise that rejects with `what` after `ms`
export function within(promise, ms, what) {
    let timer;
    const limit = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    });
    return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

export function waitExit(proc, ms) {
    if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(true);
    return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        proc.once('exit', () => { clearTimeout(timer); resolve(true); });
    });
}

export function tmpDir(t) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alphadeck-serve-'));
    if (t) t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
}

// ------------------------------------------------------------- PostgreSQL

/** runs SQL with psql on the database at url (default ALPHADECK_DB_URL); its output */
export function psql(sql, url = DB_URL, ms = 20000) {
    return new Promise((resolve, reject) => {
        execFile('psql', [url, '-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-c', sql],
            { timeout: ms }, (e, out, err) => {
                if (e) reject(new Error(`psql ${JSON.stringify(sql)}: ${err || e.message}`));
                else resolve(out.trim());
            });
    });
}

let dbCount = 0;
/** a new empty database in ALPHADECK_DB_URL's cluster: { url, name, drop() } */
export async function freshDatabase() {
    const name = `ad_t_${process.pid}_${++dbCount}`;
    await psql(`CREATE DATABASE ${name}`);
    const u = new URL(DB_URL);
    u.pathname = `/${name}`;
    return {
        url: u.toString(),
        name,
        // FORCE: a server still connected (one a test restarted) is cut off
        drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}),
    };
}

// a web folder for --web: index.html with a marker, and beside the folder a
// file that must never be served
export function webDir(dir) {
    const web = path.join(dir, 'web');
    fs.mkdirSync(web, { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'),
        '<!doctype html><title>alphadeck test</title><p>WEB-INDEX-MARKER</p>\n');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'SECRET-OUTSIDE-WEB-MARKER\n');
    return web;
}

/**
 * Starts `alphadeck serve --port 0 --host 127.0.0.1 --db DB --web WEB`.
 * opts: dir (a folder from tmpDir; made when absent), db (default
 * DIR/x.db, or with ALPHADECK_DB_URL a fresh database's URL), web (default
 * DIR/web, made by webDir), args (more options),
 * startMs (how long to wait for the "listening" line).  The server is
 * stopped when test t ends (SIGTERM, SIGKILL after 5 s).  Returns
 * { port, url, wsUrl, proc, dir, db, web, stderr(), stop(), kill9() }.
 */
export async function startServer(t, opts = {}) {
    const dir = opts.dir || tmpDir(t);
    const web = opts.web || webDir(dir);
    if (!fs.existsSync(BIN)) throw new Error(`no server binary at ${BIN} (set ALPHADECK)`);
    let db = opts.db, fresh = null;
    if (!db && DB_URL) {
        fresh = await freshDatabase();
        db = fresh.url;
    } else if (!db) {
        db = path.join(dir, 'x.db');
    }
    const args = ['serve', '--port', '0', '--host', HOST, '--db', db, '--web', web, ...(opts.args || [])];
    const proc = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(proc);
    proc.once('exit', () => live.delete(proc));
    let err = '';
    proc.stderr.on('data', (d) => { if (err.length < 65536) err += d; });
    const out = [];
    const lines = readline.createInterface({ input: proc.stdout });
    const stop = async () => {
        if (proc.exitCode !== null || proc.signalCode !== null) return;
        proc.kill('SIGTERM');
        if (!(await waitExit(proc, 5000))) {
            proc.kill('SIGKILL');
            await waitExit(proc, 5000);
        }
    };
    if (t) t.after(async () => { await stop(); if (fresh) await fresh.drop(); });
    const port = await within(new Promise((resolve, reject) => {
        lines.on('line', (line) => {
            out.push(line);
            const m = /^alphadeck serve: listening on http:\/\/([^/]+):(\d+)\/$/.exec(line);
            if (m && out.length === 1) resolve(Number(m[2]));
            else if (out.length === 1) reject(new Error(`first line of alphadeck serve is not "alphadeck serve: listening on http://HOST:PORT/": ${JSON.stringify(line)}`));
        });
        proc.once('error', reject);
        proc.once('exit', (code, sig) => reject(new Error(
            `alphadeck serve exited (${code ?? sig}) before listening: ${args.join(' ')}\n${err.slice(0, 2000)}`)));
    }), opts.startMs || 15000, `alphadeck serve ${args.join(' ')} to print its listening line`).catch(async (e) => {
        proc.kill('SIGKILL');
        throw e;
    });
    return {
        port, dir, db, web, proc, dbName: fresh ? fresh.name : null,
        url: `http://${HOST}:${port}`,
        wsUrl: `ws://${HOST}:${port}/ws`,
        stderr: () => err,
        stop,
        async kill9() {
            proc.kill('SIGKILL');
            if (!(await waitExit(proc, 5000))) throw new Error('alphadeck serve did not die of SIGKILL');
        },
    };
}

// ------------------------------------------------------------------ clients

let clientCount = 0;

/**
 * One WebSocket connection to /ws.  Every frame received is kept in
 * `frames` (parsed; raw text in `raw` when it is not JSON); replies carrying
 * a rid settle the request that sent it, other frames go to a queue read by
 * waitPush / waitFrame.  `upgradeHeaders`: the headers of the answer to
 * the upgrade (lower-case names).
 */
export class Client {
    constructor(ws, name) {
        this.ws = ws;
        this.name = name;
        this.frames = [];       // every frame received, in order
        this.queue = [];        // frames not yet taken by a request or a wait
        this.waiters = [];      // { pred, resolve }
        this.listeners = [];    // called with each frame that goes to the queue
        this.pending = new Map(); // rid -> resolve
        this.nextRid = 1;
        this.closeInfo = null;
        this.closed = new Promise((resolve) => {
            ws.on('close', (code, reason) => {
                this.closeInfo = { code, reason: String(reason) };
                resolve(this.closeInfo);
            });
        });
        ws.on('error', () => { /* a close follows */ });
        ws.on('message', (data, isBinary) => this.#onFrame(data, isBinary));
    }

    static async connect(server, opts = {}) {
        const url = typeof server === 'string' ? server : server.wsUrl;
        const port = new URL(url).port;
        const headers = {};
        const wsOpts = { handshakeTimeout: opts.ms || 5000, maxPayload: 64 << 20 };
        // a browser sends its page's origin: the server's own by default
        if (opts.origin !== null) wsOpts.origin = opts.origin || `http://${HOST}:${port}`;
        if (opts.headers) Object.assign(headers, opts.headers);
        wsOpts.headers = headers;
        const ws = new WebSocket(url, wsOpts);
        const name = opts.name || `client${++clientCount}`;
        // the upgrade's answer: its headers say, behind a proxy, who answered
        let upgrade = null;
        ws.once('upgrade', (res) => { upgrade = res.headers; });
        await within(new Promise((resolve, reject) => {
            ws.once('open', resolve);
            ws.once('error', reject);
            ws.once('unexpected-response', (req, res) => reject(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
        }), (opts.ms || 5000) + 500, `${name} to connect to ${url}`);
        const c = new Client(ws, name);
        c.upgradeHeaders = upgrade || {};
        return c;
    }

    #onFrame(data, isBinary) {
        let f;
        const text = data.toString('utf8');
        try { f = JSON.parse(text); } catch { f = { raw: text, binary: isBinary }; }
        this.frames.push(f);
        if (f && f.rid !== undefined && f.push === undefined && this.pending.has(f.rid)) {
            const resolve = this.pending.get(f.rid);
            this.pending.delete(f.rid);
            resolve(f);
            return;
        }
        for (let i = 0; i < this.waiters.length; i++) {
            if (this.waiters[i].pred(f)) {
                const w = this.waiters.splice(i, 1)[0];
                w.resolve(f);
                return;
            }
        }
        this.queue.push(f);
        const ls = this.listeners;
        this.listeners = [];
        for (const l of ls) l(f);
    }

    /** resolves when the next frame is queued, without taking it; false after ms */
    nextQueued(ms = 5000) {
        return new Promise((resolve) => {
            const timer = setTimeout(() => resolve(false), ms);
            const l = () => { clearTimeout(timer); resolve(true); };
            this.listeners.push(l);
            this.closed.then(() => { clearTimeout(timer); resolve(false); });
        });
    }

    get open() { return this.ws.readyState === WebSocket.OPEN; }

    sendRaw(data, opts) { this.ws.send(data, opts); }
    send(obj) { this.ws.send(JSON.stringify(obj)); }

    /** sends obj with a fresh rid; resolves on the reply carrying it */
    request(obj, ms = 5000) {
        const rid = `${this.name}-${this.nextRid++}`;
        const msg = { ...obj, rid };
        const p = new Promise((resolve, reject) => {
            this.pending.set(rid, resolve);
            this.closed.then((c) => {
                if (this.pending.delete(rid)) reject(new Error(`${this.name}: connection closed (${c.code}) before the reply to ${JSON.stringify(obj).slice(0, 200)}`));
            });
        });
        if (!this.open) {
            this.pending.delete(rid);
            return Promise.reject(new Error(`${this.name}: connection not open for ${obj.cmd}`));
        }
        this.ws.send(JSON.stringify(msg));
        return within(p, ms, `${this.name}: the reply to ${JSON.stringify(msg).slice(0, 300)}`)
            .finally(() => this.pending.delete(rid));
    }

    /** the first queued or coming frame for which pred holds (taken off the queue) */
    waitFrame(pred, ms = 5000, what = 'a frame') {
        const i = this.queue.findIndex(pred);
        if (i >= 0) return Promise.resolve(this.queue.splice(i, 1)[0]);
        let entry;
        const p = new Promise((resolve, reject) => {
            entry = { pred, resolve };
            this.waiters.push(entry);
            this.closed.then((c) => {
                if (this.waiters.includes(entry)) reject(new Error(`${this.name}: connection closed (${c.code}) while waiting for ${what}`));
            });
        });
        return within(p, ms, `${this.name}: ${what}`).finally(() => {
            const j = this.waiters.indexOf(entry);
            if (j >= 0) this.waiters.splice(j, 1);
        });
    }

    /** the first push (optionally of that kind) for which pred holds */
    waitPush(pred = () => true, ms = 5000, what = 'a push') {
        return this.waitFrame((f) => f && f.push !== undefined && pred(f), ms, what);
    }

    /** pushes queued and not yet taken, of one kind (all of them taken) */
    takePushes(kind) {
        const got = this.queue.filter((f) => f && f.push === kind);
        this.queue = this.queue.filter((f) => !(f && f.push === kind));
        return got;
    }

    async hello(name = this.name, token) {
        const r = await this.request(token ? { cmd: 'hello', name, token } : { cmd: 'hello', name });
        if (!r.ok) throw new Error(`${this.name}: hello refused: ${JSON.stringify(r)}`);
        this.player = r.player;
        this.token = r.token;
        return r;
    }

    close() {
        try { this.ws.close(1000); } catch { /* closed */ }
        return within(this.closed, 3000, `${this.name} to close`).catch(() => this.ws.terminate());
    }

    terminate() { this.ws.terminate(); }
}

/** a connection with its hello done */
export async function player(server, name, token) {
    const c = await Client.connect(server, { name });
    await c.hello(name, token);
    return c;
}

/**
 * n tables of four basic bots alone playing I Doubt It (a match of many
 * deals), made and left by one player named Bea: they play on as fast as
 * the workers go (the connection is ended with t).
 */
export async function botsAlone(t, server, n) {
    const bea = await player(server, 'Bea');
    t.after(() => bea.terminate());
    for (let i = 0; i < n; i++) {
        const r = expectOk(await bea.request({
            cmd: 'create', game: 'doubt', players: 4, seats: ['basic', 'basic', 'basic', 'basic'],
            options: { target: 100000 },
        }), `create bots' table ${i}`);
        expectOk(await bea.request({ cmd: 'leave', table: r.table }), 'leave it');
    }
}

/**
 * A person (named `name`) at a new table of No Way against one bot that
 * answers at once, joined: their Seat (the connection is ended with t).
 */
export async function againstABot(t, server, name = 'Ada') {
    const c = await player(server, name);
    t.after(() => c.terminate());
    const cr = expectOk(await c.request({
        cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], options: { max_turns: 2000 }, bot_pause_ms: 0,
    }), 'create');
    const seat = new Seat(c, cr.table, cr.seat);
    await seat.join();
    return seat;
}

export function expectOk(r, what) {
    if (!r || r.ok !== true) throw new Error(`${what}: expected ok, got ${JSON.stringify(r).slice(0, 500)}`);
    return r;
}

// -------------------------------------------------------------------- HTTP

/** GET url path over http: { status, headers, body } */
export function httpGet(server, p, ms = 5000) {
    return within(new Promise((resolve, reject) => {
        const req = http.get({ host: HOST, port: server.port, path: p, agent: false }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => { body += d; });
            res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
            res.on('error', reject);
        });
        req.on('error', reject);
    }), ms, `GET ${p}`);
}

/** sends raw bytes over TCP and returns everything the server answers until it closes or ms pass */
export function rawHttp(server, text, ms = 3000) {
    return new Promise((resolve, reject) => {
        const sock = net.connect({ host: HOST, port: server.port });
        let got = '';
        const timer = setTimeout(() => { sock.destroy(); resolve(got); }, ms);
        sock.setEncoding('latin1');
        sock.on('connect', () => sock.write(text));
        sock.on('data', (d) => { got += d; });
        sock.on('end', () => { clearTimeout(timer); resolve(got); });
        sock.on('close', () => { clearTimeout(timer); resolve(got); });
        sock.on('error', (e) => { clearTimeout(timer); if (got) resolve(got); else reject(e); });
    });
}

export async function getRecord(server, table) {
    const r = await httpGet(server, `/api/tables/${encodeURIComponent(table)}/record`);
    // integers past 2^53 (a random seed) would lose digits in JSON.parse:
    // they are kept as decimal strings, a form the engine's `seed` takes too
    if (r.status === 200) r.json = JSON.parse(r.body.replace(/([:\[,]\s*)(\d{16,})(?=\s*[,}\]])/g, '$1"$2"'));
    return r;
}

// ------------------------------------------------------------------ engine

/** `alphadeck engine`: one request a line, one reply a line */
export class Engine {
    constructor(t) {
        this.proc = spawn(BIN, ['engine'], { stdio: ['pipe', 'pipe', 'pipe'] });
        live.add(this.proc);
        this.proc.once('exit', () => live.delete(this.proc));
        this.waiting = [];
        this.proc.stdin.on('error', () => { /* gone */ });
        readline.createInterface({ input: this.proc.stdout }).on('line', (line) => {
            const w = this.waiting.shift();
            if (w) w(JSON.parse(line));
        });
        if (t) t.after(() => this.close());
    }

    request(obj, ms = 10000) {
        const p = new Promise((resolve) => this.waiting.push(resolve));
        this.proc.stdin.write(JSON.stringify(obj) + '\n');
        return within(p, ms, `alphadeck engine: the reply to ${JSON.stringify(obj).slice(0, 200)}`);
    }

    close() {
        try { this.proc.stdin.end(); } catch { /* gone */ }
        setTimeout(() => { try { this.proc.kill('SIGKILL'); } catch { /* gone */ } }, 2000).unref();
    }

    /** the god view after each prefix of the record: views[v] is after v actions */
    async godViews(record) {
        const id = `gv${Math.random().toString(16).slice(2)}`;
        const views = [];
        const loaded = await this.request({ cmd: 'load', id, record: { new: record.new, actions: [] } });
        if (!loaded.ok) throw new Error(`engine load of the record's new request: ${JSON.stringify(loaded)}`);
        views.push(loaded.view);
        for (const [i, a] of record.actions.entries()) {
            const r = await this.request({ cmd: 'act', id, seat: a.seat, action: a.action });
            if (!r.ok) throw new Error(`engine: action ${i} of the record fails: ${JSON.stringify(a)} -> ${JSON.stringify(r)}`);
            const s = await this.request({ cmd: 'state', id });
            views.push(s.view);
        }
        await this.request({ cmd: 'close', id });
        return views;
    }
}

// --------------------------------------------------------- choosing moves

// Sequence Letters: each letter's two squares, from data/boards/sequence.txt
let seqSquares = null;
function sequenceSquares() {
    if (seqSquares) return seqSquares;
    seqSquares = {};
    const text = fs.readFileSync(path.join(ROOT, 'data', 'boards', 'sequence.txt'), 'utf8');
    for (const line of text.split('\n')) {
        const m = /^square\s+(\d+)\s+(\d+)\s+(\S+)/.exec(line);
        if (m) (seqSquares[m[3]] ||= []).push([Number(m[1]), Number(m[2])]);
    }
    return seqSquares;
}

function seqAction(view) {
    const sq = sequenceSquares();
    const board = view.board;
    const open = (s) => board[s[0] - 1][s[1] - 1] === null;
    const mine = view.colours[view.seat];
    const hand = view.hand;
    for (const c of hand) {
        if (c === 'X' || c === 'Z') continue;
        const s = (sq[c] || []).find(open);
        if (s) return { type: 'play', card: c, square: s };
    }
    if (hand.includes('Z')) {
        for (let r = 1; r <= board.length; r++) {
            for (let c = 1; c <= board[0].length; c++) {
                if (open([r, c])) return { type: 'play', card: 'Z', square: [r, c] };
            }
        }
    }
    if (hand.includes('X')) {
        for (let r = 1; r <= board.length; r++) {
            for (let c = 1; c <= board[0].length; c++) {
                const chip = board[r - 1][c - 1];
                if (chip !== null && chip !== mine) return { type: 'play', card: 'X', square: [r, c] };
            }
        }
    }
    const dead = hand.find((c) => c !== 'X' && c !== 'Z');
    if (dead && !view.turned_in) return { type: 'turn_in', card: dead };
    return { type: 'discard', card: hand[0] };
}

/**
 * A legal action for the seat whose view this is, or null when it has
 * nothing to do now.  Simple and honest where it can be: plays the called
 * letter when it holds it, lets plays stand, calls "liar", deals and passes.
 */
export function chooseAction(view, asked) {
    const me = view.seat;
    if (view.phase === 'over' || view.winner !== null && view.winner !== undefined) return null;
    if (!Array.isArray(view.to_act) || !view.to_act.includes(me)) return null;
    // the server names the seats it asks now (docs/server.md, "Who is asked")
    if (Array.isArray(asked) && !asked.includes(me)) return null;
    switch (view.game) {
    case 'noway':
    case 'doubt': {
        if (view.phase === 'challenge') return { type: 'pass' };
        const same = view.hand.filter((c) => (view.game === 'noway' ? c === view.call : c.slice(0, -1) === view.call));
        const cards = (same.length ? same : [view.hand[0]]).slice(0, Math.max(1, view.max_cards || 1));
        return { type: 'play', cards, say: view.call };
    }
    case 'sequence':
        return seqAction(view);
    case 'liar':
        if (view.phase === 'respond') return { type: 'liar' };
        if (view.phase === 'announce') {
            const words = ['a', 'at', 'cat', 'cats', 'crate', 'crates'];
            const w = [...words].reverse().find((x) => x.length >= view.letters.min && x.length <= view.letters.max);
            return { type: 'announce', word: w || 'cat' };
        }
        if (view.phase === 'discard') return { type: 'discard', card: view.hand[0] };
        return null;
    case 'shout':
        if (view.phase === 'deal' && view.dealer === me && view.deck_count > 0) return { type: 'deal' };
        if (view.phase === 'final' && !(view.passed || []).includes(me)) return { type: 'pass' };
        return null;
    default:
        throw new Error(`no move chooser for game ${view.game}`);
    }
}

export function isOver(view) {
    return view && (view.phase === 'over' || (view.winner !== null && view.winner !== undefined));
}

/** the options that keep each game short in a test */
export const SHORT = {
    noway: { max_turns: 80 },
    doubt: { max_turns: 80 },
    sequence: { max_turns: 60 },
    liar: { target: 40 },
    shout: { deal_ms: 100, final_ms: 0 },
};

/**
 * A person at a table: keeps the newest view (join reply, update pushes),
 * answers every turn of its seat with chooseAction, sending `v` with each
 * act.  acks: the { v, seat, action } of every acknowledged act.
 */
export class Seat {
    constructor(client, table, seat) {
        this.c = client;
        this.table = table;
        this.seat = seat;
        this.view = null;
        this.v = -1;
        this.acks = [];
        this.refusals = [];
        this.actedAt = -2;
        this.lastPush = null;
        this.pause = 20;        // ms to wait before each act: keeps under 50 requests a second
    }

    see(v, view, asked) {
        if (v >= this.v) { this.v = v; this.view = view; this.asked = asked; }
    }

    async join(extra = {}) {
        const r = expectOk(await this.c.request({ cmd: 'join', table: this.table, ...extra }), `${this.c.name} join ${this.table}`);
        this.seat = r.seat;
        this.see(r.v, r.view, r.asked);
        return r;
    }

    // takes every queued update push into the view
    drain() {
        for (const p of this.c.takePushes('update')) {
            if (p.table === this.table) { this.see(p.v, p.view, p.asked); this.lastPush = p; }
        }
    }

    /** one step: act when it is this seat's turn; true when the game is over */
    async step(ms = 10000) {
        const v0 = this.v;
        this.drain();
        if (isOver(this.view)) return true;
        const action = this.view && this.actedAt !== this.v ? chooseAction(this.view, this.asked) : null;
        if (action) {
            if (this.pause) await sleep(this.pause);
            this.actedAt = this.v;
            const sentV = this.v;
            const r = await this.c.request({ cmd: 'act', table: this.table, action, v: sentV }, ms);
            if (r.ok) this.acks.push({ v: r.v, seat: this.seat, action });
            else if (r.code === 'rate_limited') { this.refusals.push(r); this.actedAt = -2; await sleep(250); }
            else if (['stale', 'not_your_turn'].includes(r.code)) this.refusals.push(r);
            else if (r.code === 'illegal_action' && this.view.game === 'shout') this.refusals.push(r);
            // Shout runs on the server's clock: its last card (final_ms 0) can
            // end the game between the view this seat acted on and its act
            else if (r.code === 'game_over' && this.view.game === 'shout') this.refusals.push(r);
            else throw new Error(`${this.c.name} (seat ${this.seat}) act ${JSON.stringify(action)} at v ${sentV} refused: ${JSON.stringify(r)}; view ${JSON.stringify(this.view).slice(0, 1500)}`);
            return false;
        }
        if (this.v !== v0) return false; // news: let the caller look at it first
        const p = await this.c.waitPush((f) => f.push === 'update' && f.table === this.table, ms,
            `an update push at table ${this.table} after v ${this.v}`);
        this.see(p.v, p.view, p.asked);
        this.lastPush = p;
        return isOver(this.view);
    }
}

/** plays every seat to the end of the game, within ms */
export async function playToEnd(seats, ms = 60000) {
    const deadline = Date.now() + ms;
    await Promise.all(seats.map(async (s) => {
        while (!isOver(s.view)) {
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`${s.c.name}: the game at table ${s.table} did not end within ${ms} ms (v ${s.v}, view ${JSON.stringify(s.view).slice(0, 800)})`);
            await s.step(Math.min(left, 15000));
        }
    }));
}

/**
 * Plays the seats (each answering its turns) until until() holds, one at a
 * time: when none has anything to do, waits for a push to any of them.
 */
export async function driveUntil(seats, until, ms = 20000, what = 'the condition') {
    const deadline = Date.now() + ms;
    for (;;) {
        for (const s of seats) s.drain();
        if (until()) return;
        if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms driving the table to ${what}: views ${seats.map((s) => JSON.stringify(s.view).slice(0, 300)).join(' | ')}`);
        const s = seats.find((x) => x.view && x.actedAt !== x.v && !isOver(x.view) && chooseAction(x.view, x.asked));
        if (s) {
            await s.step(Math.max(1000, deadline - Date.now()));
            continue;
        }
        if (seats.some((x) => isOver(x.view))) throw new Error(`the game ended before ${what}`);
        if (seats.every((x) => x.c.queue.length === 0)) {
            await Promise.race(seats.map((x) => x.c.nextQueued(Math.max(10, deadline - Date.now()))));
        }
        // frames other than updates would stay queued: drop them
        for (const x of seats) x.c.queue = x.c.queue.filter((f) => f && f.push === 'update');
    }
}

/**
 * A new table of `game` with two persons (seats open) and bots; returns
 * { table, seats: [Seat, Seat], clients, create }.
 */
export async function twoPersonTable(server, game, opts = {}) {
    const a = opts.a || await player(server, `${game}-a`);
    const b = opts.b || await player(server, `${game}-b`);
    const seats = opts.seats || ['open', 'open', 'basic'];
    const create = expectOk(await a.request({
        cmd: 'create', game, players: seats.length, seats,
        options: opts.options || SHORT[game], bot_pause_ms: opts.bot_pause_ms ?? 0,
        ...(opts.clock ? { clock: opts.clock } : {}), ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    }), `create ${game}`);
    const sa = new Seat(a, create.table, create.seat);
    const sb = new Seat(b, create.table, null);
    await sb.join();
    // the game starts: the creator hears of it with an update push at v 0
    const start = await a.waitPush((f) => f.push === 'update' && f.table === create.table, 5000,
        `the update push of v 0 when the last open seat of ${create.table} is taken`);
    sa.see(start.v, start.view, start.asked);
    sa.lastPush = start;
    return { table: create.table, seats: [sa, sb], clients: [a, b], create };
}

/** Polls check() every `every` ms until it gives a truthy value, and returns
 * that value; fails after ms, naming what it waited for.  Tests wait this
 * way rather than for a fixed time, so a slow machine only makes them slower. */
export async function until(check, ms, what, every = 50) {
    const deadline = Date.now() + ms;
    for (;;) {
        const v = await check();
        if (v) return v;
        if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
        await sleep(every);
    }
}

/** Asserts r is a refusal with that code, given in words for a person. */
export function refused(r, code, what) {
    assert.equal(r.ok, false, `${what}: expected ${code}, got ${JSON.stringify(r).slice(0, 300)}`);
    assert.equal(r.code, code, `${what}: ${JSON.stringify(r).slice(0, 300)}`);
    assert.ok(typeof r.error === 'string' && r.error.length > 10, `${what}: words for a person`);
}

// ---- a No Way challenge window (the race and playing on)

/** four people at a seeded No Way table; the window of the first play is open */
export async function noWayWindow(server, extra = {}) {
    const cs = [];
    for (let i = 0; i < 4; i++) cs.push(await player(server, `racer${i}`));
    const c = expectOk(await cs[0].request({
        cmd: 'create', game: 'noway', players: 4, seats: ['open', 'open', 'open', 'open'],
        seed: 5, options: { max_turns: 80 }, ...extra,
    }), 'create');
    for (let i = 1; i < 4; i++) expectOk(await cs[i].request({ cmd: 'join', table: c.table }), `join ${i}`);
    const bySeat = [];
    for (const x of cs) {
        const up = await x.waitPush((f) => f.push === 'update' && f.table === c.table, 5000, 'the game starting');
        bySeat[up.view.seat] = { c: x, view: up.view, asked: up.asked, v: up.v };
    }
    const claimer = bySeat.find((s) => s.asked.includes(s.view.seat)).view.seat;
    const play = chooseAction(bySeat[claimer].view, bySeat[claimer].asked);
    expectOk(await bySeat[claimer].c.request({ cmd: 'act', table: c.table, action: play }), 'the play');
    for (const s of bySeat) {
        const up = await s.c.waitPush((f) => f.push === 'update' && f.table === c.table && f.view.phase === 'challenge', 5000, 'the window');
        s.view = up.view; s.asked = up.asked; s.v = up.v; s.playOn = up.play_on;
    }
    const at = (k) => bySeat[(claimer + k) % 4];
    return { table: c.table, claimer, seats: bySeat, at };
}

/** the update at table whose events turn the cards up; its reveal event */
export async function revealOf(x, table) {
    const up = await x.c.waitPush((f) => f.push === 'update' && f.table === table &&
        f.events.some((e) => e.type === 'reveal'), 8000, 'the cards turned up');
    return up.events.find((e) => e.type === 'reveal');
}
