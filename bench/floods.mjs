// bench/floods.mjs - what one hostile client's floods do to everyone else on
// `alphadeck serve` (issue 28, "one client must not starve the others").
//
//   node bench/floods.mjs [--bin build/alphadeck] [--flood NAME[,NAME..]]
//                         [--scale K] [--seconds S] [--json] [--limit SECONDS]
//
// For each flood it starts a fresh server (`serve --port 0 --host 127.0.0.1`
// on a database in a temporary folder, its stderr in a file there), and
// beside the flood it keeps two honest people at work:
//  - a bystander: one connection seated at a game of its own (I Doubt It, 2
//    players, against `basic`) sending every 50 ms an `act` with a stale
//    `v`, which the server answers `stale` without touching the game: the
//    round trip of a cheap request through the event loop (p50, p99, max);
//  - a person: seated against a `basic` bot (I Doubt It, 2 players,
//    bot_pause_ms 0), playing whenever asked after 50 ms of thought: each
//    wait on the bot, from the acknowledgement of the person's act (or the
//    update that asks the bot again) to the update holding the bot's move
//    (median, max; a wait still open at the end is shown apart, as at
//    least that long);
// each measured in three phases: `quiet` (2 s before the flood), `flood`
// and `after` (3 s after it, while two lobby connections ask `tables` once
// a second, as the web lobby does: the size of that answer in bytes, and
// how many askers were dropped instead of answered).
//
// The floods (`--flood` takes names or numbers; default all):
//  1 tables   create + leave of 10-seat waiting tables, 8 x K connections
//             at the documented request rate, for S seconds
//  2 bots     create + leave of bot-only tables (No Way, one open seat and
//             three `strong`), 100 x K of them, then 10 s of play
//  3 files    the server under an open-file limit of 256 (prlimit), 400
//             WebSocket connections opened and held 5 s: the log's size,
//             and whether a fresh client gets in while they are held and
//             after they are gone
//  4 replays  20 x K concurrent GET /api/tables/<id>/replay of a long
//             finished game (No Way, 2 random bots, ~2,000 actions), round
//             after round for S seconds: bodies that arrived whole (length
//             == Content-Length)
//  5 syncs    8 x K connections watching that finished game, each sending
//             `sync` from v 0 at the documented rate for S seconds: bytes
//             received
//  6 watch    300 x K finished games made first, then watched, 16 a
//             connection: /api/stats and the server's VmRSS before, while
//             watched and after the watchers left
//  7 hello    `hello` without a token from 8 x K connections at the
//             documented rate for S seconds: players made and refused
// K is --scale (default 1), S is --seconds (default 5).  The counts of
// issue 28 correspond to about K = 5 for tables and bots, 3 for replays and
// watch, 2 for hello.
//
// Flood connections pace themselves at the documented per-connection rate
// (50 requests a second, bursts of 200: docs/server.md), so what they meet
// is the server's other limits.  Every refusal is counted by its `code`;
// the client's own failures are counted in parentheses: `(timeout)`,
// `(closed)`, and connections that did not open by their reason.  Every
// wait has a time limit, the whole run too (--limit, default 900 s); every
// server is killed at the end, pass or fail.  Traffic goes only to
// 127.0.0.1.  Output: a block per flood and a Markdown summary table, or
// with --json one JSON object.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

const args = {};
for (let i = 2; i < process.argv.length; i++) {
    const a = process.argv[i];
    if (!a.startsWith('--')) continue;
    const next = process.argv[i + 1];
    args[a.slice(2)] = next === undefined || next.startsWith('--') ? true : (i++, next);
}
const BIN = path.resolve(args.bin || 'build/alphadeck');
const SCALE = Math.max(0.1, Number(args.scale || 1));
const SECONDS = Math.max(1, Number(args.seconds || 5));
const LIMIT_S = Math.max(30, Number(args.limit || 900));
const JSON_OUT = Boolean(args.json);
const HOST = '127.0.0.1';
const RATE = 48;          /* requests a second a flood connection sends: the documented 50, */
const BURST = 190;        /* bursts of 200, less a margin for the two clocks' drift */
const QUIET_MS = 2000;
const AFTER_MS = 3000;
const THINK_MS = 50;      /* the person's thought before each act */
const TICK_MS = 50;       /* the bystander's interval */

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();
const n = (x) => Math.max(1, Math.round(x * SCALE));

/* ------------------------------------------------------------- processes */

const children = new Set();
const tmpdirs = new Set();

function killAll() {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of tmpdirs) fs.rmSync(d, { recursive: true, force: true });
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

function waitExit(proc, ms) {
    if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(true);
    return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        proc.once('exit', () => { clearTimeout(timer); resolve(true); });
    });
}

/* A promise's value, or `fallback` when it takes longer than ms (or fails). */
function within(promise, ms, fallback) {
    let timer;
    const limit = new Promise((r) => { timer = setTimeout(() => r(fallback), ms); });
    return Promise.race([promise.catch(() => fallback), limit]).finally(() => clearTimeout(timer));
}

function hasPrlimit() {
    try { execFileSync('prlimit', ['--version'], { stdio: 'ignore' }); return true; } catch { return false; }
}

/*
 * Starts `alphadeck serve` on a free loopback port with a database in a new
 * temporary folder; its stderr goes to a file there, so a server that logs
 * without pause fills a file rather than this process.  nofile: an
 * open-file limit to start it under.
 */
async function startServer(nofile) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alphadeck-floods-'));
    tmpdirs.add(dir);
    const db = path.join(dir, 'floods.db');
    const logPath = path.join(dir, 'serve.log');
    const serve = [BIN, 'serve', '--port', '0', '--host', HOST, '--db', db];
    let argv = serve;
    if (nofile) {
        argv = hasPrlimit() ? ['prlimit', `--nofile=${nofile}:${nofile}`, '--', ...serve]
            : ['sh', '-c', `ulimit -n ${nofile} && exec "$@"`, 'sh', ...serve];
    }
    const fd = fs.openSync(logPath, 'w');
    const proc = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', fd] });
    fs.closeSync(fd);
    children.add(proc);
    proc.once('exit', () => children.delete(proc));
    let out = '';
    const port = await within(new Promise((resolve, reject) => {
        proc.stdout.on('data', (d) => {
            out += d;
            const m = /listening on http:\/\/[^/]+:(\d+)\//.exec(out);
            if (m) resolve(Number(m[1]));
        });
        proc.once('exit', (code, sig) => reject(new Error(`exited (${code ?? sig})`)));
    }), 15000, null);
    if (!port) {
        proc.kill('SIGKILL');
        throw new Error(`${argv.join(' ')} did not print its listening line within 15 s: ${fs.readFileSync(logPath, 'utf8').slice(0, 500)}`);
    }
    return {
        port, dir, db, logPath, proc, pid: proc.pid,
        wsUrl: `ws://${HOST}:${port}/ws`,
        logBytes: () => fileSize(logPath),
        logHead: () => firstLine(logPath),
        dbBytes: () => fileSize(db) + fileSize(`${db}-wal`),
        rssKiB: () => rssKiB(proc.pid),
        async stop() {
            if (proc.exitCode === null && proc.signalCode === null) {
                proc.kill('SIGTERM');
                if (!(await waitExit(proc, 5000))) {
                    proc.kill('SIGKILL');
                    await waitExit(proc, 5000);
                }
            }
            fs.rmSync(dir, { recursive: true, force: true });
            tmpdirs.delete(dir);
        },
    };
}

function fileSize(p) {
    try { return fs.statSync(p).size; } catch { return 0; }
}

/* The log's first line (up to 160 characters): what it says so often. */
function firstLine(p) {
    try {
        const fd = fs.openSync(p, 'r');
        const buf = Buffer.alloc(160);
        const got = fs.readSync(fd, buf, 0, 160, 0);
        fs.closeSync(fd);
        return buf.toString('utf8', 0, got).split('\n')[0];
    } catch { return ''; }
}

function rssKiB(pid) {
    try {
        const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
        return m ? Number(m[1]) : null;
    } catch { return null; }
}

/* ------------------------------------------------------------ clients */

/* A client's own pace: the server's documented token bucket, mirrored. */
class Pacer {
    constructor(rate = RATE, burst = BURST) {
        this.rate = rate;
        this.burst = burst;
        this.tokens = burst;
        this.at = now();
    }

    async take() {
        for (;;) {
            const t = now();
            this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.rate);
            this.at = t;
            if (this.tokens >= 1) { this.tokens -= 1; return; }
            await sleep(Math.ceil(((1 - this.tokens) / this.rate) * 1000));
        }
    }
}

/*
 * One WebSocket to /ws.  request() never throws: a refusal is a reply like
 * any other, and the client's own failures are replies with a code in
 * parentheses.  Pushes go to onPush, parsed only when someone listens
 * (a flood's pushes are counted in bytes and dropped unread).
 */
class Conn {
    constructor(ws) {
        this.ws = ws;
        this.bytes = 0;
        this.rid = 0;
        this.waiting = new Map();
        this.onPush = null;
        this.pacer = null;
        this.closeCode = null;
        this.closed = new Promise((resolve) => ws.on('close', (code) => {
            this.closeCode = code;
            for (const w of this.waiting.values()) w({ ok: false, code: '(closed)' });
            this.waiting.clear();
            resolve(code);
        }));
        ws.on('error', () => { /* a close follows */ });
        ws.on('message', (d) => this.frame(d));
    }

    /* Opens a connection: the Conn, or { fail: reason } within ms. */
    static open(srv, ms = 5000) {
        return new Promise((resolve) => {
            const ws = new WebSocket(srv.wsUrl, {
                perMessageDeflate: false, handshakeTimeout: ms, maxPayload: 256 << 20,
                origin: `http://${HOST}:${srv.port}`,
            });
            let done = false;
            const settle = (v) => { if (!done) { done = true; clearTimeout(timer); resolve(v); } };
            const timer = setTimeout(() => { ws.terminate(); settle({ fail: '(timeout)' }); }, ms + 1000);
            ws.once('open', () => settle(new Conn(ws)));
            ws.once('unexpected-response', (req, res) => {
                settle({ fail: `HTTP ${res.statusCode}` });
                req.destroy();
            });
            ws.once('error', (e) => settle({ fail: /timed out/.test(e.message) ? '(timeout)' : `(${e.code || e.message})` }));
        });
    }

    frame(d) {
        this.bytes += d.length;
        const isPush = d.length > 8 && d.toString('latin1', 0, 8) === '{"push":';
        if (isPush && !this.onPush) return;
        let m;
        try { m = JSON.parse(d); } catch { return; }
        if (m.push !== undefined) { if (this.onPush) this.onPush(m); return; }
        const w = m.rid !== undefined && this.waiting.get(m.rid);
        if (w) {
            this.waiting.delete(m.rid);
            m._bytes = d.length;
            w(m);
        }
    }

    get open() { return this.ws.readyState === WebSocket.OPEN; }

    /* The reply to obj (with _rtt in ms), after the pacer allows it. */
    async request(obj, ms = 10000) {
        if (this.pacer) await this.pacer.take();
        if (!this.open) return { ok: false, code: '(closed)', _rtt: 0 };
        const rid = ++this.rid;
        const t0 = now();
        const p = new Promise((resolve) => this.waiting.set(rid, resolve));
        this.ws.send(JSON.stringify({ ...obj, rid }));
        const r = await within(p, ms, { ok: false, code: '(timeout)' });
        this.waiting.delete(rid);
        r._rtt = now() - t0;
        return r;
    }

    async hello(name, token) {
        const r = await this.request(token ? { cmd: 'hello', name, token } : { cmd: 'hello', name });
        if (r.ok) this.token = r.token;
        return r;
    }

    close() {
        try { this.ws.terminate(); } catch { /* gone */ }
    }
}

/* Counts of outcomes by name: { ok: 12, too_many_tables: 3, "(timeout)": 1 }. */
class Tally {
    constructor() { this.c = {}; }
    add(key, k = 1) { this.c[key] = (this.c[key] || 0) + k; }
    reply(prefix, r) { this.add(`${prefix}${r.ok ? 'ok' : r.code || '(no code)'}`); }
    get(key) { return this.c[key] || 0; }
    toJSON() { return this.c; }
}

/* A connection with hello done, or null (the failure tallied). */
async function person(srv, name, tally, token) {
    const c = await Conn.open(srv);
    if (c.fail) { tally?.add(`connect ${c.fail}`); return null; }
    const r = await c.hello(name, token);
    if (!r.ok) { tally?.add(`hello ${r.code}`); c.close(); return null; }
    return c;
}

/*
 * Runs `task(conn)` over and over on each of `conns` connections (at most
 * `window` at once on one) until the deadline or until task returns false;
 * a connection the server closes is opened again (hello with the same
 * token), so the flood keeps its pace.  Each connection is a new player,
 * or with `token` all are that one.  Every outcome goes to tally.
 */
async function flood({ srv, conns, deadline, window = 8, task, setup, tally, name = 'flood', token: shared }) {
    const one = async (i) => {
        let token = shared;
        while (now() < deadline) {
            const c = await person(srv, `${name}${i}`, tally, token);
            if (!c) { await sleep(200); continue; }
            token = c.token;
            c.pacer = new Pacer();
            if (setup) await setup(c, i);
            let more = true;
            const lane = async () => {
                while (more && c.open && now() < deadline) {
                    if ((await task(c, i)) === false) more = false;
                }
            };
            await Promise.all(Array.from({ length: window }, lane));
            if (c.open) { c.close(); return; }
            tally.add('(dropped by the server)');
            if (!more) return;
        }
    };
    await Promise.all(Array.from({ length: conns }, (_, i) => one(i)));
}

/* ----------------------------------------------------------- measures */

let phase = 'setup';
const PHASES = ['quiet', 'flood', 'after'];

function quantile(sorted, q) {
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
}

function summary(samples) {
    const s = [...samples].sort((a, b) => a - b);
    const r = (x) => (x === null ? null : Math.round(x * 10) / 10);
    return { n: s.length, p50: r(quantile(s, 0.5)), p99: r(quantile(s, 0.99)), max: r(s.length ? s[s.length - 1] : null) };
}

/* The bystander: a cheap request every TICK_MS, its round trip kept by phase. */
class Bystander {
    static async start(srv) {
        const b = new Bystander();
        b.srv = srv;
        b.samples = {};
        b.lost = new Tally();
        b.stopped = false;
        if (!(await b.seat())) return null;
        b.loop = b.run();
        return b;
    }

    async seat() {
        const c = await person(this.srv, 'bystander', null, this.token);
        if (!c) return false;
        this.token = c.token;
        c.onPush = () => {};
        if (!this.table) {
            const r = await c.request({ cmd: 'create', game: 'doubt', players: 2, seats: ['open', 'basic'], bot_pause_ms: 0 });
            if (!r.ok) { c.close(); return false; }
            this.table = r.table;
        } else {
            await c.request({ cmd: 'join', table: this.table });
        }
        this.c = c;
        return true;
    }

    async run() {
        while (!this.stopped) {
            const t0 = now();
            const ph = phase;
            const r = await this.c.request({ cmd: 'act', table: this.table, action: { type: 'pass' }, v: -1 }, 10000);
            if (r.code === '(closed)') {
                this.lost.add(`${ph} (dropped)`);
                await sleep(200);
                if (!(await this.seat())) await sleep(500);
                continue;
            }
            (this.samples[ph] ||= []).push(r._rtt);
            if (r.code === '(timeout)') this.lost.add(`${ph} (timeout)`);
            await sleep(Math.max(0, TICK_MS - (now() - t0)));
        }
    }

    async stop() {
        this.stopped = true;
        await within(this.loop, 12000);
        this.c?.close();
        const out = {};
        for (const p of PHASES) out[p] = summary(this.samples[p] || []);
        out.lost = this.lost;
        return out;
    }
}

/* I Doubt It: a seat's move (its own turn: cards of the called rank, or any
 * card; a challenge window: let the play stand). */
function doubtMove(view) {
    if (view.phase === 'challenge') return { type: 'pass' };
    const same = view.hand.filter((card) => card.slice(0, -1) === view.call);
    const cards = (same.length ? same : [view.hand[0]]).slice(0, Math.max(1, view.max_cards || 1));
    return { type: 'play', cards, say: view.call };
}

/*
 * The person: plays I Doubt It against a `basic` bot, and times each wait
 * on it: from the acknowledgement of the person's act (or from the update
 * that asks the bot again) to the update holding the bot's move.  Kept by
 * the phase the wait began in; a wait still open at the end is reported
 * apart (unanswered_ms), as at least that long.
 */
class Person {
    static async start(srv) {
        const p = new Person();
        p.srv = srv;
        p.delays = {};
        p.open = {};          /* phase -> the longest wait still unanswered at the end */
        p.refused = new Tally();
        p.stopped = false;
        p.games = 0;
        p.early = [];
        const c = await person(srv, 'person', null);
        if (!c) return null;
        p.c = c;
        c.onPush = (m) => p.push(m);
        if (!(await p.newTable())) return null;
        p.loop = p.run();
        return p;
    }

    async newTable() {
        const r = await this.c.request({ cmd: 'create', game: 'doubt', players: 2, seats: ['open', 'basic'], bot_pause_ms: 0 });
        if (!r.ok) { this.refused.add(`create ${r.code}`); return false; }
        this.table = r.table;
        this.seat = r.seat;
        this.bot = 1 - r.seat;
        this.v = r.v;
        this.view = r.view;
        this.asked = r.asked || r.view.to_act;
        this.actedAt = -1;
        this.pending = null;
        this.botV = -1;
        this.games++;
        const early = this.early.filter((m) => m.table === this.table);
        this.early = [];
        for (const m of early) this.push(m);
        return true;
    }

    push(m) {
        if (m.push !== 'update') return;
        if (m.table !== this.table) { /* a new table's first pushes may come before its create's answer */
            this.early.push(m);
            return;
        }
        for (const e of m.events || []) if (e.seat_acting === this.bot && e.v > this.botV) this.botV = e.v;
        if (this.pending && this.botV > this.pending.v) this.answered();
        if (m.v >= this.v) { this.v = m.v; this.view = m.view; this.asked = m.asked || m.view.to_act; }
        this.waitOnBot();
        if (this.news) this.news();
    }

    /* After news: a wait begins when the bot alone is asked, and one the
     * news shows needless (the person's own turn) is dropped. */
    waitOnBot() {
        const botAsked = !this.over() && this.asked.includes(this.bot) && !this.asked.includes(this.seat);
        if (!botAsked) {
            if (this.pending && this.v >= this.pending.v) this.pending = null;
        } else if (!this.pending) {
            this.pending = { t: now(), v: this.v, phase };
        }
    }

    answered() {
        (this.delays[this.pending.phase] ||= []).push(now() - this.pending.t);
        this.pending = null;
    }

    over() { return this.view.phase === 'over' || (this.view.winner !== null && this.view.winner !== undefined); }

    async run() {
        while (!this.stopped) {
            if (this.over()) {
                if (!(await this.newTable())) await sleep(500);
                continue;
            }
            if (this.asked.includes(this.seat) && this.actedAt !== this.v) {
                await this.act();
                continue;
            }
            const news = await within(new Promise((r) => { this.news = () => r(true); }), 3000, false);
            this.news = null;
            /* silence while the bot is asked: ask for what was missed (nothing should be) */
            if (!news && !this.stopped) {
                const r = await this.c.request({ cmd: 'sync', table: this.table, v: this.v }, 10000);
                if (!r.ok) this.refused.add(`${phase} sync ${r.code}`);
            }
        }
    }

    async act() {
        await sleep(THINK_MS);
        const action = doubtMove(this.view);
        this.actedAt = this.v;
        const ph = phase;
        const r = await this.c.request({ cmd: 'act', table: this.table, action, v: this.v }, 30000);
        if (!r.ok) { this.refused.add(`${ph} ${r.code}`); return; }
        this.pending = { t: now(), v: r.v, phase: ph };
        if (this.botV > r.v) this.answered(); /* the bot's move came before the answer */
        else if (this.v >= r.v) this.waitOnBot(); /* so did the news of this act */
    }

    async stop() {
        this.stopped = true;
        if (this.news) this.news();
        await within(this.loop, 35000);
        /* a wait still open at the end says something only when it is
         * already longer than every answered one of its phase */
        if (this.pending) {
            const p = this.pending;
            const age = now() - p.t;
            if (age > Math.max(0, ...(this.delays[p.phase] || []))) this.open[p.phase] = Math.round(age);
        }
        this.c.close();
        const out = {};
        for (const p of PHASES) {
            const s = summary(this.delays[p] || []);
            out[p] = { n: s.n, median: s.p50, max: s.max, unanswered_ms: this.open[p] ?? null };
        }
        out.games = this.games;
        out.refused = this.refused;
        return out;
    }
}

/*
 * The web lobby after a flood: two connections asking `tables` once a
 * second; the largest answer in bytes, and askers dropped (a connection
 * closed before its answer) or left unanswered.
 */
async function lobbyAskers(srv, ms, token) {
    const res = { answers: 0, max_bytes: 0, tables: 0, dropped: 0, unanswered: 0, refused: new Tally() };
    const end = now() + ms;
    const asker = async (i) => {
        let c = null;
        while (now() < end) {
            const t0 = now();
            if (!c || !c.open) c = await person(srv, `lobby${i}`, res.refused, token);
            if (c) {
                const r = await c.request({ cmd: 'tables' }, 20000);
                if (r.ok) {
                    res.answers++;
                    res.max_bytes = Math.max(res.max_bytes, r._bytes);
                    res.tables = Math.max(res.tables, Array.isArray(r.tables) ? r.tables.length : 0);
                } else if (r.code === '(closed)') res.dropped++;
                else if (r.code === '(timeout)') res.unanswered++;
                else res.refused.add(r.code);
            }
            await sleep(Math.max(0, 1000 - (now() - t0)));
        }
        c?.close();
    };
    await Promise.all([asker(0), asker(1)]);
    return res;
}

/* GET path: { status, length (Content-Length), got (bytes), whole, error,
 * body (its first `keep` bytes, when 200) }. */
function httpGet(srv, p, ms = 30000, keep = 1 << 16) {
    return new Promise((resolve) => {
        let done = false;
        const settle = (v) => { if (!done) { done = true; clearTimeout(timer); resolve(v); } };
        const req = http.get({ host: HOST, port: srv.port, path: p, agent: false }, (res) => {
            const length = res.headers['content-length'] !== undefined ? Number(res.headers['content-length']) : null;
            let got = 0;
            const chunks = [];
            res.on('data', (d) => { got += d.length; if (res.statusCode === 200 && got <= keep) chunks.push(d); });
            res.on('close', () => settle({
                status: res.statusCode, length, got, body: Buffer.concat(chunks).toString(),
                whole: res.complete && (length === null || got === length),
            }));
            res.on('error', () => {});
        });
        req.on('error', (e) => settle({ status: null, error: e.code || e.message, got: 0, whole: false }));
        const timer = setTimeout(() => { req.destroy(); settle({ status: null, error: '(timeout)', got: 0, whole: false }); }, ms);
    });
}

async function stats(srv) {
    const r = await httpGet(srv, '/api/stats', 10000);
    try { return JSON.parse(r.body).tables; } catch { return null; }
}

/* ------------------------------------------------------------ set-ups */

/*
 * Bot-only games played to their end: `count` tables made (create with no
 * open seat, then leave, so nobody watches), from a few connections; a
 * refusal (a limit on bot tables) is waited out and tried again.  Resolves
 * with the ids whose record is public (the game finished) by the deadline.
 */
async function finishedGames(srv, count, spec, ms, token) {
    const deadline = now() + ms;
    const ids = [];
    const tally = new Tally();
    let left = count;
    let seeded = spec.seed !== undefined;
    await flood({
        srv, conns: Math.min(4, count), deadline, window: 2, tally, name: 'maker', token,
        task: async (c) => {
            if (left <= 0) return false;
            left--;
            const r = await c.request({ cmd: 'create', bot_pause_ms: 0, ...spec, ...(seeded ? {} : { seed: undefined }) });
            tally.reply('create ', r);
            if (!r.ok && seeded && /seed/i.test(r.error || '')) seeded = false; /* a server that takes no seed */
            if (!r.ok) { left++; await sleep(250); return true; }
            ids.push(r.table);
            await c.request({ cmd: 'leave', table: r.table });
            return true;
        },
    });
    const done = [];
    for (const id of ids) {
        for (;;) {
            const r = await httpGet(srv, `/api/tables/${id}/record`, 10000);
            if (r.status === 200) { done.push(id); break; }
            if (now() > deadline) return { ids: done, tally, seeded };
            await sleep(200);
        }
    }
    return { ids: done, tally, seeded };
}

/* The long game the replay and sync floods ask for: No Way, two random
 * bots, on a seed that plays all 1,000 turns (1,999 actions), so that every
 * run asks for the same game. */
const LONG_GAME = { game: 'noway', players: 2, seats: ['random', 'random'], options: { max_turns: 1000 }, seed: 1 };

async function longGame(srv, token) {
    const g = await finishedGames(srv, 1, LONG_GAME, 60000, token);
    if (!g.ids.length) throw new Error(`no long game finished within 60 s: ${JSON.stringify(g.tally)}`);
    const rec = await httpGet(srv, `/api/tables/${g.ids[0]}/record`, 30000, 16 << 20);
    let actions = null;
    try { actions = JSON.parse(rec.body).actions.length; } catch { /* said as null */ }
    return { table: g.ids[0], record_bytes: rec.length ?? rec.got, actions, seeded: g.seeded };
}

/* -------------------------------------------------------------- floods */

const FLOODS = {};

FLOODS.tables = {
    title: 'waiting tables: create + leave of 10-seat tables',
    async run(srv, res) {
        const tally = new Tally();
        const conns = n(8);
        const t0 = now();
        await flood({
            srv, conns, deadline: now() + SECONDS * 1000, tally, name: 'host',
            task: async (c) => {
                const r = await c.request({ cmd: 'create', game: 'doubt', players: 10, seats: Array(10).fill('open') });
                tally.reply('create ', r);
                if (r.ok) tally.reply('leave ', await c.request({ cmd: 'leave', table: r.table }));
                else if (r.code !== '(timeout)') await sleep(100);
            },
        });
        res.did = { connections: conns, seconds: Math.round(now() - t0) / 1000, outcomes: tally };
        res.headline = `${tally.get('create ok')} tables made by ${conns} connections in ${res.did.seconds} s`;
    },
};

FLOODS.bots = {
    title: 'bot-only tables: create (one open seat, three strong) + leave',
    hold_s: 10,
    async run(srv, res) {
        const tally = new Tally();
        const tables = n(100);
        const conns = Math.ceil(tables / 40); /* under the 50 unfinished tables a player may hold */
        const left = Array.from({ length: conns }, (_, i) => Math.floor(tables / conns) + (i < tables % conns ? 1 : 0));
        const t0 = now();
        await flood({
            srv, conns, deadline: now() + 30000, tally, name: 'botter',
            task: async (c, i) => {
                if (left[i] <= 0) return false;
                left[i]--;
                const r = await c.request({ cmd: 'create', game: 'noway', players: 4, seats: ['open', 'strong', 'strong', 'strong'], bot_pause_ms: 0 });
                tally.reply('create ', r);
                if (r.ok) tally.reply('leave ', await c.request({ cmd: 'leave', table: r.table }));
                return true;
            },
        });
        const made = Math.round(now() - t0) / 1000;
        await sleep(this.hold_s * 1000);
        res.did = { asked: tables, connections: conns, burst_seconds: made, then_seconds: this.hold_s, outcomes: tally, stats_end: await stats(srv) };
        res.headline = `${tally.get('create ok')} of ${tables} bot tables made in ${made} s, then ${this.hold_s} s of play`;
    },
};

FLOODS.files = {
    title: 'the file limit: 400 idle WebSockets under nofile=256',
    nofile: 256,
    async run(srv, res) {
        const tally = new Tally();
        const held = [];
        const log0 = srv.logBytes();
        const t0 = now();
        const opened = await Promise.all(Array.from({ length: 400 }, () => Conn.open(srv, 4000)));
        for (const c of opened) {
            if (c.fail) tally.add(`connect ${c.fail}`);
            else { tally.add('connect ok'); held.push(c); }
        }
        await sleep(Math.max(0, 5000 - (now() - t0)));
        const logHeld = srv.logBytes() - log0;
        const heldS = Math.round(now() - t0) / 1000;
        /* a server may take a connection and close it at once, with words */
        const stillOpen = held.filter((c) => c.open).length;
        for (const c of held) if (!c.open) tally.add(`closed by the server (${c.closeCode})`);
        const fresh = await person(srv, 'fresh', null);
        const freshDuring = Boolean(fresh);
        fresh?.close();
        for (const c of held) c.close();
        await sleep(1000);
        const again = await person(srv, 'fresh2', null);
        again?.close();
        res.did = {
            connections: 400, held_s: heldS, outcomes: tally, still_open: stillOpen, log_bytes_while_held: logHeld,
            log_bytes_1s_after_release: srv.logBytes() - log0,
            fresh_client_while_held: freshDuring, fresh_client_after: Boolean(again),
        };
        res.headline = `${tally.get('connect ok')} of 400 opened, ${stillOpen} still open after ${heldS} s; log ${logHeld} bytes by then; ` +
            `a fresh client ${freshDuring ? 'got in' : 'did not get in'} while held, ${again ? 'got in' : 'did not get in'} after`;
    },
};

FLOODS.replays = {
    title: 'replays: concurrent GET /api/tables/<id>/replay of a long game',
    setup: longGame,
    async run(srv, res, game) {
        const at = n(20);
        const results = [];
        const rounds = [];
        const end = now() + SECONDS * 1000;
        do {
            const t0 = now();
            results.push(...await Promise.all(Array.from({ length: at }, () => httpGet(srv, `/api/tables/${game.table}/replay`, 60000))));
            rounds.push(Math.round(now() - t0));
        } while (now() < end);
        const whole = results.filter((r) => r.status === 200 && r.whole).length;
        const tally = new Tally();
        for (const r of results) tally.add(r.error ? r.error : r.whole ? `${r.status} whole` : `${r.status} short`);
        res.did = {
            game, concurrent: at, requests: results.length, whole, outcomes: tally, round_ms: rounds,
            body_bytes: Math.max(0, ...results.map((r) => r.length || 0)),
        };
        res.headline = `${whole} of ${results.length} bodies whole (${at} at once, ${rounds.length} round${rounds.length > 1 ? 's' : ''} of ` +
            `${rounds.join(', ')} ms; ${res.did.body_bytes} bytes each, a game of ${game.actions} actions)`;
    },
};

FLOODS.syncs = {
    title: 'syncs: `sync` from v 0 of a long finished game',
    setup: longGame,
    async run(srv, res, game) {
        const tally = new Tally();
        const conns = n(8);
        const bytes = [];
        const t0 = now();
        await flood({
            srv, conns, deadline: now() + SECONDS * 1000, tally, name: 'syncer', window: 8,
            setup: async (c, i) => {
                tally.reply('watch ', await c.request({ cmd: 'watch', table: game.table }));
                bytes[i] = (bytes[i] || 0) - c.bytes; /* the answers' bytes count from here */
                c.closed.then(() => { bytes[i] += c.bytes; });
            },
            task: async (c) => { tally.reply('sync ', await c.request({ cmd: 'sync', table: game.table, v: 0 }, 20000)); },
        });
        await sleep(100);
        const total = bytes.reduce((a, b) => a + (b || 0), 0);
        const secs = Math.round(now() - t0) / 1000;
        res.did = { game, connections: conns, seconds: secs, outcomes: tally, bytes_received: total };
        const ok = tally.get('sync ok');
        res.headline = `${ok} syncs answered to ${conns} connections in ${secs} s: ${(total / 1e6).toFixed(1)} MB received` +
            (ok ? `, ${Math.round(total / ok / 1000)} KB each` : '') + ` (a game of ${game.actions} actions)`;
    },
};

/* The games the watch flood watches: No Way, two random bots, 200 turns
 * (about 400 actions: a table read back holds its last 32 steps' events). */
const WATCH_GAME = { game: 'noway', players: 2, seats: ['random', 'random'], options: { max_turns: 200 } };

FLOODS.watch = {
    title: 'watch: finished tables watched back into memory',
    async setup(srv, token) {
        const g = await finishedGames(srv, n(300), WATCH_GAME, 120000, token);
        const deadline = now() + 20000; /* the finished ones leave memory once stored */
        let st = await stats(srv);
        while (st && st.over > 20 && now() < deadline) { await sleep(250); st = await stats(srv); }
        return { tables: g.ids, made: g.tally, token };
    },
    async run(srv, res, made) {
        const before = { stats: await stats(srv), rss_kib: srv.rssKiB() };
        const tally = new Tally();
        const per = 16; /* the tables one connection may watch at once */
        const watchers = [];
        const conns = Math.ceil(made.tables.length / per);
        await Promise.all(Array.from({ length: conns }, async (_, i) => {
            const c = await person(srv, `watcher${i}`, tally, made.token);
            if (!c) return;
            c.pacer = new Pacer();
            watchers.push(c);
            for (const id of made.tables.slice(i * per, (i + 1) * per)) tally.reply('watch ', await c.request({ cmd: 'watch', table: id }, 20000));
        }));
        await sleep(1000);
        const during = { stats: await stats(srv), rss_kib: srv.rssKiB() };
        for (const c of watchers) c.close();
        /* the tables may leave memory once their watchers are gone: give them 3 s */
        const end = now() + 3000;
        let st = await stats(srv);
        while (st && st.over > (before.stats?.over ?? 0) && now() < end) { await sleep(250); st = await stats(srv); }
        const after = { stats: st, rss_kib: srv.rssKiB() };
        res.did = { finished_tables: made.tables.length, setup: made.made, connections: conns, outcomes: tally, before, during, after };
        const mb = (k) => (k === null ? '?' : (k / 1024).toFixed(0));
        res.headline = `${tally.get('watch ok')} of ${made.tables.length} finished tables watched by ${conns} connections: ` +
            `held over ${before.stats?.over} -> ${during.stats?.over} -> ${after.stats?.over}, ` +
            `RSS ${mb(before.rss_kib)} -> ${mb(during.rss_kib)} -> ${mb(after.rss_kib)} MB (before, watched, 3 s after they left)`;
    },
};

FLOODS.hello = {
    title: 'hello: `hello` without a token',
    async run(srv, res) {
        const tally = new Tally();
        const conns = n(8);
        const db0 = srv.dbBytes();
        const t0 = now();
        let i = 0;
        await flood({
            srv, conns, deadline: now() + SECONDS * 1000, tally, name: 'greeter',
            task: async (c) => { tally.reply('hello ', await c.request({ cmd: 'hello', name: `g${i++}` })); },
        });
        const secs = Math.round(now() - t0) / 1000;
        res.did = { connections: conns, seconds: secs, outcomes: tally, db_growth_bytes: srv.dbBytes() - db0 };
        res.headline = `${tally.get('hello ok')} players made (${conns} connections, ${secs} s), refused: ` +
            `${JSON.stringify(Object.fromEntries(Object.entries(tally.c).filter(([k]) => !k.endsWith(' ok'))))}`;
    },
};

const ORDER = ['tables', 'bots', 'files', 'replays', 'syncs', 'watch', 'hello'];

/* ----------------------------------------------------------------- run */

async function runFlood(name) {
    const f = FLOODS[name];
    const res = { flood: name, title: f.title, load_before: os.loadavg()[0] };
    phase = 'setup';
    const srv = await startServer(f.nofile);
    let by = null;
    let pe = null;
    try {
        /* one player for the set-up and the lobby's askers, so that they
         * make no players of their own */
        const lobby = await person(srv, 'lobby', null);
        if (!lobby) throw new Error('no hello for the set-up player');
        const lobbyToken = lobby.token;
        lobby.close();
        const prep = f.setup ? await within(f.setup.call(f, srv, lobbyToken), 180000, null) : null;
        if (f.setup && !prep) throw new Error('the set-up did not finish in 180 s');
        by = await Bystander.start(srv);
        pe = await Person.start(srv);
        if (!by || !pe) throw new Error('the bystander or the person could not sit down');
        phase = 'quiet';
        await sleep(QUIET_MS);
        phase = 'flood';
        const t0 = now();
        await within(f.run.call(f, srv, res, prep), 240000, null);
        res.flood_s = Math.round(now() - t0) / 1000;
        phase = 'after';
        res.lobby = await lobbyAskers(srv, AFTER_MS, lobbyToken);
    } catch (e) {
        res.error = String(e.message || e);
    } finally {
        phase = 'done';
        if (by) res.bystander = await by.stop();
        if (pe) res.bot_delay = await pe.stop();
        res.server = {
            stats: await stats(srv), rss_kib: srv.rssKiB(), log_bytes: srv.logBytes(), log_first_line: srv.logHead(),
            db_bytes: srv.dbBytes(),
        };
        res.load_after = os.loadavg()[0];
        await srv.stop();
    }
    return res;
}

/* The lobby's answer: its size, or that nobody got one. */
function lobbySize(l) {
    if (!l) return '-';
    if (!l.answers) return `no answer: ${l.dropped} askers dropped, ${l.unanswered} unanswered`;
    return `${l.max_bytes} bytes${l.dropped ? ` (${l.dropped} askers dropped)` : ''}`;
}

const f1 = (x) => (x === null || x === undefined ? '-' : x < 10 ? x.toFixed(1) : String(Math.round(x)));

function report(res) {
    const out = [`== ${ORDER.indexOf(res.flood) + 1}. ${res.flood}: ${res.title} ==`];
    if (res.error) out.push(`  ERROR: ${res.error}`);
    if (res.headline) out.push(`  flood:     ${res.headline}`);
    if (res.did?.outcomes) out.push(`  outcomes:  ${JSON.stringify(res.did.outcomes)}`);
    if (res.lobby) {
        const l = res.lobby;
        out.push(`  lobby:     \`tables\` answered ${l.max_bytes} bytes at most (${l.tables} tables); of ${l.answers + l.dropped + l.unanswered} asks ` +
            `${l.answers} answered, ${l.dropped} dropped the asker, ${l.unanswered} unanswered` +
            `${Object.keys(l.refused.c).length ? `; refused ${JSON.stringify(l.refused)}` : ''}`);
    }
    if (res.bystander) {
        const b = res.bystander;
        out.push(`  bystander: ${PHASES.map((p) => `${p} p50 ${f1(b[p].p50)} p99 ${f1(b[p].p99)} max ${f1(b[p].max)} ms (${b[p].n})`).join(' | ')}` +
            `${Object.keys(b.lost.c).length ? ` lost ${JSON.stringify(b.lost)}` : ''}`);
    }
    if (res.bot_delay) {
        const d = res.bot_delay;
        out.push(`  bot delay: ${PHASES.map((p) => `${p} median ${f1(d[p].median)} max ${f1(d[p].max)} ms (${d[p].n})` +
            `${d[p].unanswered_ms !== null ? ` + one unanswered after ${d[p].unanswered_ms} ms` : ''}`).join(' | ')}`);
    }
    const s = res.server || {};
    out.push(`  server:    log ${s.log_bytes} bytes, db ${s.db_bytes} bytes, RSS ${s.rss_kib} KiB at the end; ` +
        `held ${JSON.stringify(s.stats)}; load average ${res.load_before?.toFixed(2)} -> ${res.load_after?.toFixed(2)}`);
    if (s.log_first_line) out.push(`  log says: ${s.log_first_line}`);
    return out.join('\n');
}

function worstDelay(d) {
    if (!d) return '-';
    const f = d.flood;
    const open = f.unanswered_ms !== null ? ` (one unanswered after ${f.unanswered_ms})` : '';
    return `${f1(f.median)} / ${f1(f.max)}${open}`;
}

function table(results) {
    const rows = ['| flood | what the flood did | `tables` answer after (bytes) | bystander during: p50 / p99 / max ms | bot delay during: median / max ms | server log (bytes) |',
        '|---|---|---|---|---|---|'];
    for (const r of results) {
        const b = r.bystander?.flood;
        rows.push(`| ${ORDER.indexOf(r.flood) + 1}. ${r.flood} | ${r.error ? `ERROR: ${r.error}` : r.headline} | ` +
            `${lobbySize(r.lobby)} | ` +
            `${b ? `${f1(b.p50)} / ${f1(b.p99)} / ${f1(b.max)}` : '-'} | ${worstDelay(r.bot_delay)} | ${r.server?.log_bytes ?? '-'} |`);
    }
    return rows.join('\n');
}

function chosen() {
    if (!args.flood || args.flood === true) return ORDER;
    return String(args.flood).split(',').map((x) => {
        const name = /^\d+$/.test(x) ? ORDER[Number(x) - 1] : x;
        if (!FLOODS[name]) {
            console.error(`floods.mjs: no flood called ${x} (${ORDER.join(', ')})`);
            process.exit(2);
        }
        return name;
    });
}

async function main() {
    if (args.help) {
        console.log('node bench/floods.mjs [--bin build/alphadeck] [--flood NAME[,NAME..]] [--scale K] [--seconds S] [--json] [--limit SECONDS]');
        console.log(`floods: ${ORDER.map((x, i) => `${i + 1} ${x}`).join(', ')}`);
        process.exit(0);
    }
    const names = chosen();
    if (!fs.existsSync(BIN)) {
        console.error(`floods.mjs: no server binary at ${BIN} (--bin)`);
        process.exit(2);
    }
    const cpu = (/model name\s*:\s*(.*)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8')) || [])[1] || '?';
    const head = { date: new Date().toISOString().slice(0, 10), nproc: os.cpus().length, cpu, bin: BIN, scale: SCALE, seconds: SECONDS };
    const results = [];
    const watchdog = setTimeout(() => {
        console.error(`floods.mjs: the run passed its limit of ${LIMIT_S} s; stopping`);
        if (JSON_OUT) console.log(JSON.stringify({ ...head, floods: results, stopped: true }));
        else console.log(table(results));
        process.exit(3);
    }, LIMIT_S * 1000);
    if (!JSON_OUT) console.log(`# ${head.date} | nproc ${head.nproc} | ${cpu} | ${BIN} | scale ${SCALE}, ${SECONDS} s a flood`);
    for (const name of names) {
        const r = await runFlood(name);
        results.push(r);
        if (!JSON_OUT) console.log(`${report(r)}\n`);
    }
    clearTimeout(watchdog);
    if (JSON_OUT) console.log(JSON.stringify({ ...head, floods: results }));
    else console.log(table(results));
    process.exit(0);
}

main().catch((e) => { console.error(e); process.exit(1); });
