// bench/compare-bgio.mjs - alphadeck serve side by side with boardgame.io
// (issue 19), in one run, from one Node load driver, so both servers'
// clients cost the same kind of work.
//
// For each server in turn (alphadeck, then boardgame.io with its default
// in-memory store, then, with --flatfile, boardgame.io with its FlatFile
// store) it starts a fresh server and:
//  - load: TABLES tables of No Way, every seat a person on a connection of
//    its own, each acting the moment its seat is asked (its first card
//    saying the call, or a pass in a challenge window), a finished game
//    followed by a rematch, as bench/serve-load.mjs does; after a second of
//    warm-up it counts for SECONDS the actions acknowledged, the time from
//    sending each to its acknowledgement, and the CPU time of the server
//    and of this driver;
//  - memory: on another fresh server, one table played through setup and
//    left (the code paths warmed), then the server's VmRSS with no
//    connection, then with IDLE tables x PLAYERS seated, idle connections:
//    the difference over the number of connections.
//
//   node bench/compare-bgio.mjs [--tables 100] [--players 4] [--seconds 15]
//        [--idle-tables 250] [--bin build/alphadeck] [--flatfile] [--json]
//        [--only alphadeck,bgio,bgio-flatfile] [--deltas] [--repeat 1]
//
// --repeat N: the load phases N times, the servers taking turns (alphadeck,
// boardgame.io, alphadeck, ...), so that each round's pair shares the
// machine's moment; each figure of the table is that figure's median over
// its server's rounds (the memory phase is run once, after the first), and
// the server CPU an action is compared round by round: each round's ratio
// and their median (the figure issue 33 asks for, medians of several runs,
// in one command).
//
// SERVE_ARGS="...": more options for `alphadeck serve` (as "--commit-every-ms 0").
// alphadeck's clients say hello with "aloud":false, as the browser does
// with its Read aloud switch off (docs/server.md, "Read aloud").
// --deltas: alphadeck's clients say hello with "deltas":true and rebuild
// each view from the updates' deltas (web/js/delta.js); alphadeck's row
// says the bytes its clients were sent an action, with or without.
//
// alphadeck speaks its own protocol (docs/server.md) over `ws`; an action
// is acknowledged by the reply to its `act`, sent after its commit.
// boardgame.io is spoken to as its own client does, without its Client
// object: its lobby API over HTTP to create, join and play again, and
// socket.io-client to the game's namespace, `sync` to take a seat and
// `update` (a MAKE_MOVE action with the state's _stateID and the seat's
// credentials) to move; a move is acknowledged by the first state update
// whose deltalog holds a move by this seat.  Loopback only; every server
// is killed at the end, pass or fail, and the whole run has a time limit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdClient } from './adclient.mjs';
import { updateOf, heldAfter } from '../web/js/delta.js';

const require = createRequire(import.meta.url);
const { io } = require('socket.io-client');

const here = path.dirname(fileURLToPath(import.meta.url));
const args = {};
for (let i = 2; i < process.argv.length; i++) {
    const a = process.argv[i];
    if (!a.startsWith('--')) continue;
    const next = process.argv[i + 1];
    args[a.slice(2)] = next === undefined || next.startsWith('--') ? true : (i++, next);
}
const TABLES = Number(args.tables || 100);
const PLAYERS = Number(args.players || 4);
const SECONDS = Number(args.seconds || 15);
const IDLE_TABLES = Number(args['idle-tables'] || 250);
const BIN = args.bin || 'build/alphadeck';
const MAX_TURNS = 200;
const DELTAS = Boolean(args.deltas);
const REPEAT = Math.max(1, Math.floor(Number(args.repeat || 1)) || 1);
const SERVE_ARGS = String(process.env.SERVE_ARGS || '').split(' ').filter(Boolean);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const KINDS = args.only ? String(args.only).split(',')
    : ['alphadeck', 'bgio', ...(args.flatfile ? ['bgio-flatfile'] : [])];
const CLK_TCK = 100; /* Linux's USER_HZ: /proc/PID/stat counts in 1/100 s */

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* ------------------------------------------------------------ servers */

const children = new Set();
const tmpdirs = new Set();

function killAll() {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of tmpdirs) fs.rmSync(d, { recursive: true, force: true });
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(1));

/* Starts a server and waits for the line naming its port. */
function startChild(cmd, argv, env, pattern, withIpc) {
    const child = spawn(cmd, argv, {
        stdio: withIpc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
    });
    children.add(child);
    child.errorLines = 0;
    child.stderr.on('data', (d) => {
        const text = String(d);
        child.errorLines += (text.match(/ERROR/g) || []).length;
        if (process.env.COMPARE_VERBOSE) process.stderr.write(text);
    });
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${cmd} did not start in 15 s`)), 15000);
        let out = '';
        child.stdout.on('data', (d) => {
            out += String(d);
            const m = pattern.exec(out);
            if (m) { clearTimeout(timer); resolve({ child, port: Number(m[1]) }); }
        });
        child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${cmd} exited (${code})`)); });
    });
}

async function startServer(kind) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `compare-${kind}-`));
    tmpdirs.add(dir);
    let s;
    if (kind === 'alphadeck') {
        // every person from 127.0.0.1: past the limits of one address (docs/server.md, "Limits")
        s = await startChild(BIN, ['serve', '--port', '0', '--db', path.join(dir, 'load.db'), '--workers', '2',
            '--connections-per-address', '0', '--new-players-burst', '1000000', '--waiting-per-address', '1000000',
            ...SERVE_ARGS],
            {}, /listening on http:\/\/127\.0\.0\.1:(\d+)\//, false);
    } else {
        const argv = ['--expose-gc', path.join(here, 'boardgameio/server.mjs'), '--port', '0'];
        if (kind === 'bgio-flatfile') argv.push('--flatfile', path.join(dir, 'flatfile'));
        s = await startChild(process.execPath, argv, { NODE_ENV: 'production' }, /listening on (\d+)/, true);
    }
    return { kind, dir, ...s };
}

async function stopServer(srv) {
    if (srv.child.exitCode === null && srv.child.signalCode === null) {
        const gone = new Promise((r) => srv.child.once('exit', r));
        srv.child.kill('SIGTERM');
        await Promise.race([gone, sleep(5000)]);
        if (srv.child.exitCode === null && srv.child.signalCode === null) srv.child.kill('SIGKILL');
    }
    children.delete(srv.child);
    fs.rmSync(srv.dir, { recursive: true, force: true });
    tmpdirs.delete(srv.dir);
}

function rssBytes(pid) {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(m[1]) * 1024;
}

/* CPU seconds a process has used so far: { user, system } */
function cpuTimes(pid) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(f[11]) / CLK_TCK, system: Number(f[12]) / CLK_TCK }; /* fields 14 and 15 */
}

/* boardgame.io's garbage collected first, so no garbage counts as memory. */
async function settledRss(srv) {
    await sleep(2000);
    if (srv.child.send) {
        const done = new Promise((r) => srv.child.once('message', r));
        srv.child.send('gc');
        await Promise.race([done, sleep(5000)]);
        await sleep(500);
    }
    return rssBytes(srv.child.pid);
}

/* ------------------------------------------------------------ measures */

function newStats() {
    return { acks: 0, games: 0, lat: [], errors: {}, measuring: false, stop: false };
}

function countError(stats, code) {
    stats.errors[code] = (stats.errors[code] || 0) + 1;
}

function ack(stats, ms) {
    if (!stats.measuring) return;
    stats.acks++;
    stats.lat.push(ms);
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

/* ------------------------------------------------------------ alphadeck */

/* One person at an alphadeck table: acts whenever the newest view asks
 * its seat, one action in flight at a time; follows rematches. */
class AdSeat {
    constructor(conn, stats) {
        this.c = conn;
        this.stats = stats;
        this.latest = null;
        this.minV = 0; /* after an ack of v, act only on a view at least that new */
        this.busy = false;
        conn.onPush = (p) => this.push(p);
    }
    sit(table, seat, j) {
        this.table = table;
        this.seat = seat;
        this.minV = 0;
        this.latest = { v: j.v, view: j.view, asked: j.asked };
        this.held = heldAfter(j);
    }
    push(p) {
        if (p.push === 'rematch' && p.table === this.table) { this.rejoin(p.next); return; }
        /* a rematch is an offer every other person answers (docs/server.md,
         * "Rematch"): each accepts it once, as boardgame.io's players join */
        if (p.push === 'rematch_offer' && p.table === this.table && (p.waiting || []).includes(this.seat) &&
            this.accepted !== this.table && !this.stats.stop) {
            this.accepted = this.table;
            this.c.request({ cmd: 'rematch_answer', table: this.table, accept: true })
                .then((r) => { if (!r.ok) countError(this.stats, r.code); });
            return;
        }
        if (p.push !== 'update' || p.table !== this.table) return;
        if (DELTAS) { /* as sent whole: its delta applied, the rest given back */
            const u = updateOf(this.held, p);
            if (!u) { countError(this.stats, 'delta_without_base'); return; }
            p = u.update;
            if (!this.held || p.v >= this.held.v) this.held = heldAfter(p, this.held);
        }
        if (!this.latest || p.v >= this.latest.v) this.latest = p;
        if (p.view.phase === 'over' && this.seat === 0 && !this.stats.stop && this.over !== this.table) {
            this.over = this.table;
            if (this.stats.measuring) this.stats.games++;
            this.c.request({ cmd: 'rematch', table: this.table });
        }
        this.go();
    }
    /* Pushes of the new table count from now on; the join's answer is
     * the view unless a newer push came first. */
    async rejoin(next) {
        this.table = next;
        this.latest = null;
        this.held = null;
        this.minV = 0;
        this.busy = true;
        const j = await this.c.request({ cmd: 'join', table: next });
        this.busy = false;
        if (!j.ok) { countError(this.stats, j.code); return; }
        this.seat = j.seat;
        if (!this.latest || j.v >= this.latest.v) this.latest = { v: j.v, view: j.view, asked: j.asked };
        if (!this.held || j.v >= this.held.v) this.held = heldAfter(j);
        this.go();
    }
    async go() {
        const p = this.latest;
        if (this.busy || this.stats.stop || !p || p.v < this.minV || p.view.phase === 'over') return;
        if (!(p.asked || p.view.to_act).includes(this.seat)) return;
        /* a person's requests are limited (docs/server.md, "Limits": 50 a
         * second, bursts of 200): the driver keeps under it, 40 a second in
         * bursts of 100, as `alphadeck loadtest` does */
        const t = now();
        this.tokens = Math.min(100, (this.tokens ?? 100) + ((t - (this.filled ?? t)) * 40) / 1000);
        this.filled = t;
        if (this.tokens < 1) {
            if (!this.waiting) this.waiting = setTimeout(() => { this.waiting = null; this.go(); }, ((1 - this.tokens) * 1000) / 40);
            return;
        }
        this.tokens -= 1;
        const action = p.view.phase === 'challenge' ? { type: 'pass' }
            : { type: 'play', cards: [p.view.hand[0]], say: p.view.call };
        this.busy = true;
        const t0 = now();
        const r = await this.c.request({ cmd: 'act', table: this.table, action, v: p.v });
        const ms = now() - t0;
        this.busy = false;
        if (r.ok) { this.minV = r.v; ack(this.stats, ms); } else {
            countError(this.stats, r.code);
            this.minV = p.v + 1; /* wait for a newer view rather than retry this one */
            if (r.code === 'rate_limited') { /* not the view's fault: the same view again, later */
                this.minV = p.v;
                this.tokens = 0;
            }
        }
        this.go();
    }
}

/* TABLES tables of PLAYERS people: seat 0 creates, the others join. */
async function adTables(port, tables, stats) {
    const seats = [];
    const one = async (t) => {
        const people = [];
        for (let s = 0; s < PLAYERS; s++) {
            const c = new AdClient(`ws://127.0.0.1:${port}/ws`);
            await c.ready;
            /* aloud:false: as the browser says hello with its Read aloud
             * switch off, as it is unless a person turns it on */
            const h = await c.request({ cmd: 'hello', name: `t${t}s${s}`, aloud: false, ...(DELTAS ? { deltas: true } : {}) });
            if (!h.ok) throw new Error(`alphadeck hello: ${h.error}`);
            people.push(new AdSeat(c, stats));
        }
        const created = await people[0].c.request({
            cmd: 'create', game: 'noway', players: PLAYERS, seats: Array(PLAYERS).fill('open'),
            options: { max_turns: MAX_TURNS }, bot_pause_ms: 0,
        });
        if (!created.ok) throw new Error(`alphadeck create: ${created.error}`);
        for (let s = 1; s < PLAYERS; s++) {
            const j = await people[s].c.request({ cmd: 'join', table: created.table });
            if (!j.ok) throw new Error(`alphadeck join: ${j.error}`);
        }
        /* every seat looks at the started table once: the start push came
         * before a seat knew its table */
        for (const p of people) {
            const j = await p.c.request({ cmd: 'join', table: created.table });
            p.sit(created.table, j.seat, j);
        }
        seats.push(...people);
    };
    await inBatches(tables, one);
    return seats;
}

/* ------------------------------------------------------------ boardgame.io */

async function lobby(port, urlPath, body) {
    const r = await fetch(`http://127.0.0.1:${port}/games/noway${urlPath}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`boardgame.io ${urlPath}: ${r.status} ${await r.text()}`);
    return r.json();
}

/* One person at a boardgame.io match, on a socket.io connection of its
 * own to the game's namespace; acts whenever the newest state asks it. */
class BgSeat {
    constructor(port, playerID, name, stats) {
        this.port = port;
        this.playerID = String(playerID);
        this.name = name;
        this.stats = stats;
        this.latest = null;
        this.minID = 0;
        this.busy = false;
        this.socket = io(`http://127.0.0.1:${port}/noway`,
            { transports: ['websocket'], forceNew: true, reconnection: false });
        this.ready = new Promise((res, rej) => {
            this.socket.once('connect', res);
            this.socket.once('connect_error', rej);
        });
        this.socket.on('sync', (matchID, info) => this.state(matchID, info.state, null));
        this.socket.on('update', (matchID, state, deltalog) => this.state(matchID, state, deltalog));
    }
    /* Takes its seat at a match: the lobby's join, then socket.io's sync. */
    async sit(matchID) {
        const j = await lobby(this.port, `/${matchID}/join`, { playerID: this.playerID, playerName: this.name });
        this.matchID = matchID;
        this.credentials = j.playerCredentials;
        this.latest = null;
        this.minID = 0;
        this.synced = new Promise((r) => { this.onSynced = r; });
        this.socket.emit('sync', matchID, this.playerID, this.credentials, PLAYERS);
        await this.synced;
    }
    state(matchID, state, deltalog) {
        if (matchID !== this.matchID) return;
        if (this.busy && deltalog && state._stateID > this.sentID &&
            deltalog.some((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === this.playerID)) {
            clearTimeout(this.timer);
            this.busy = false;
            this.minID = state._stateID;
            ack(this.stats, now() - this.t0);
        }
        if (!this.latest || state._stateID >= this.latest._stateID) this.latest = state;
        if (this.onSynced) { this.onSynced(); this.onSynced = null; }
        if (state.ctx.gameover && this.playerID === '0' && this.table && !this.stats.stop)
            this.table.rematch(matchID).catch(() => countError(this.stats, 'rematch_failed'));
        this.go();
    }
    go() {
        const s = this.latest;
        if (this.busy || this.stats.stop || !s || s._stateID < this.minID || s.ctx.gameover) return;
        let move;
        if (s.ctx.activePlayers) {
            if (s.ctx.activePlayers[this.playerID] !== 'answer') return;
            move = { type: 'pass', args: [] };
        } else {
            if (s.ctx.currentPlayer !== this.playerID) return;
            move = { type: 'play', args: [[s.G.hand[0]], s.G.call] };
        }
        const action = { type: 'MAKE_MOVE', payload: { ...move, playerID: this.playerID, credentials: this.credentials } };
        this.busy = true;
        this.sentID = s._stateID;
        this.t0 = now();
        /* a refused move is only logged by the server: no answer comes */
        this.timer = setTimeout(() => {
            countError(this.stats, 'no_update');
            this.busy = false;
            this.minID = this.sentID + 1;
        }, 10000);
        this.socket.emit('update', action, s._stateID, this.matchID, this.playerID);
    }
    close() { clearTimeout(this.timer); this.socket.disconnect(); }
}

/* A match of PLAYERS seats; a finished one is followed by the lobby's
 * playAgain, whose new match each seat joins. */
class BgTable {
    constructor(seats) {
        this.seats = seats;
        for (const s of seats) s.table = this;
    }
    async rematch(matchID) {
        if (this.rematching === matchID) return;
        this.rematching = matchID;
        if (this.seats[0].stats.measuring) this.seats[0].stats.games++;
        const s0 = this.seats[0];
        const r = await lobby(s0.port, `/${matchID}/playAgain`, { playerID: '0', credentials: s0.credentials });
        await Promise.all(this.seats.map((s) => s.sit(r.nextMatchID)));
    }
}

async function bgTables(port, tables, stats) {
    const seats = [];
    const one = async (t) => {
        const { matchID } = await lobby(port, '/create', { numPlayers: PLAYERS, setupData: { max_turns: MAX_TURNS } });
        const people = [];
        for (let s = 0; s < PLAYERS; s++) {
            const p = new BgSeat(port, s, `t${t}s${s}`, stats);
            await p.ready;
            await p.sit(matchID);
            people.push(p);
        }
        new BgTable(people);
        seats.push(...people);
    };
    await inBatches(tables, one);
    return seats;
}

/* ------------------------------------------------------------ phases */

async function inBatches(n, fn, width = 25) {
    for (let i = 0; i < n; i += width) {
        const batch = [];
        for (let t = i; t < Math.min(n, i + width); t++) batch.push(fn(t));
        await Promise.all(batch);
    }
}

const setUp = (kind, port, n, stats) => (kind === 'alphadeck' ? adTables(port, n, stats) : bgTables(port, n, stats));

async function loadPhase(kind) {
    const srv = await startServer(kind);
    const stats = newStats();
    let seats = [];
    try {
        stats.stop = true; /* nobody acts before every table is set up */
        seats = await setUp(kind, srv.port, TABLES, stats);
        stats.stop = false;
        for (const s of seats) s.go();
        await sleep(1000); /* warm-up */
        const cpu0 = cpuTimes(srv.child.pid);
        const me0 = process.cpuUsage();
        const errorLines0 = srv.child.errorLines;
        const bytes0 = AdClient.received;
        stats.measuring = true;
        const t0 = Date.now();
        await sleep(SECONDS * 1000);
        stats.measuring = false;
        const bytes = AdClient.received - bytes0;
        const secs = (Date.now() - t0) / 1000;
        const cpu1 = cpuTimes(srv.child.pid);
        const serverUser = cpu1.user - cpu0.user, serverSystem = cpu1.system - cpu0.system;
        const serverCpu = serverUser + serverSystem;
        const me = process.cpuUsage(me0);
        stats.stop = true;
        const lat = stats.lat.sort((a, b) => a - b);
        const q = (f) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(f * lat.length))] : 0);
        if (srv.child.errorLines > errorLines0) stats.errors.server_error_lines = srv.child.errorLines - errorLines0;
        return {
            load_average: os.loadavg()[0], /* other work on the machine, over the last minute */
            seconds: secs, acks: stats.acks, actions_per_s: stats.acks / secs, games_finished: stats.games,
            p50_ms: q(0.5), p99_ms: q(0.99), max_ms: lat.length ? lat[lat.length - 1] : 0,
            server_cpu_us_per_action: stats.acks ? (serverCpu * 1e6) / stats.acks : 0,
            /* ... of which in the kernel (its system calls: reads, writes, fsync) */
            server_system_us_per_action: stats.acks ? (serverSystem * 1e6) / stats.acks : 0,
            driver_cpu_us_per_action: stats.acks ? (me.user + me.system) / stats.acks : 0,
            /* alphadeck's: every frame its clients were sent, over the actions */
            bytes_per_action: kind === 'alphadeck' && stats.acks ? bytes / stats.acks : null,
            deltas: kind === 'alphadeck' ? DELTAS : undefined,
            errors: stats.errors,
        };
    } finally {
        stats.stop = true;
        for (const s of seats) (s.c || s).close();
        await stopServer(srv);
    }
}

async function memoryPhase(kind) {
    const srv = await startServer(kind);
    const stats = newStats();
    stats.stop = true; /* seated and idle: nobody acts */
    let seats = [];
    try {
        const warm = await setUp(kind, srv.port, 1, stats);
        for (const s of warm) (s.c || s).close();
        const before = await settledRss(srv);
        seats = await setUp(kind, srv.port, IDLE_TABLES, stats);
        const after = await settledRss(srv);
        const conns = IDLE_TABLES * PLAYERS;
        return { connections: conns, rss_before: before, rss_after: after, bytes_per_connection: (after - before) / conns };
    } finally {
        for (const s of seats) (s.c || s).close();
        await stopServer(srv);
    }
}

function machine() {
    const cpu = /model name\s*:\s*(.*)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'));
    return { nproc: os.cpus().length, cpu: cpu ? cpu[1] : 'unknown', date: new Date().toISOString() };
}

function report(results) {
    const f = (x, d = 0) => x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
    console.log(`${TABLES} tables x ${PLAYERS} for ${SECONDS} s; memory: ${IDLE_TABLES * PLAYERS} idle connections at ${IDLE_TABLES} tables`);
    console.log('| server | actions/s | p50 | p99 | max | server CPU/action | driver CPU/action | memory/connection | bytes sent/action | games | errors |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [kind, r] of Object.entries(results)) {
        const l = r.load;
        const m = r.memory;
        console.log(`| ${kind} | ${f(l.actions_per_s)} | ${f(l.p50_ms, 2)} ms | ${f(l.p99_ms, 2)} ms | ${f(l.max_ms, 1)} ms | ` +
            `${f(l.server_cpu_us_per_action)} us | ${f(l.driver_cpu_us_per_action)} us | ${f(m.bytes_per_connection)} B | ` +
            `${l.bytes_per_action === null ? '-' : `${f(l.bytes_per_action)} B${l.deltas ? ' (deltas)' : ''}`} | ${l.games_finished} | ${JSON.stringify(l.errors)} |`);
    }
    const a = results.alphadeck;
    for (const kind of Object.keys(results).filter((k) => k !== 'alphadeck')) {
        const b = results[kind];
        if (!a) break;
        const ratios = b.cpu_ratios; /* main's, a round each */
        console.log(`alphadeck / ${kind}: ${f(a.load.actions_per_s / b.load.actions_per_s, 1)}x the actions/s ` +
            `(target >= 20x), p99 ${f(a.load.p99_ms, 2)} vs ${f(b.load.p99_ms, 2)} ms (target: equal or better), ` +
            `${f(b.memory.bytes_per_connection / a.memory.bytes_per_connection, 1)}x fewer bytes a connection (target >= 10x), ` +
            `${f(b.cpu_ratio_median, 2)}x less server CPU an action` +
            (ratios.length > 1 ? ` (median of ${ratios.length} rounds: ${ratios.map((r) => f(r, 2)).join(', ')})` : ''));
    }
}

function median(xs) {
    const s = [...xs].sort((x, y) => x - y);
    return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
}

/* b's server CPU an action over a's, round by round (the rounds each ran
 * side by side). */
function cpuRatios(a, b) {
    const n = Math.min(a.loads.length, b.loads.length);
    const out = [];
    for (let i = 0; i < n; i++)
        out.push(b.loads[i].server_cpu_us_per_action / a.loads[i].server_cpu_us_per_action);
    return out;
}

/* A server's rounds folded into one load row: each figure the median of
 * its values over the rounds (they may come from different rounds), the
 * errors added up. */
function medianLoad(loads) {
    if (loads.length === 1) return loads[0];
    const row = { ...loads[0], rounds: loads.length, errors: {} };
    for (const key of Object.keys(loads[0]))
        if (typeof loads[0][key] === 'number') row[key] = median(loads.map((l) => l[key]));
    for (const l of loads)
        for (const [code, n] of Object.entries(l.errors)) row.errors[code] = (row.errors[code] || 0) + n;
    return row;
}

async function main() {
    const limit = setTimeout(() => { console.error('compare-bgio: time limit reached'); process.exit(1); },
        (KINDS.length * (REPEAT * (SECONDS + 120) + 180)) * 1000);
    limit.unref();
    const results = {};
    const t0 = Date.now();
    const say = (what) => console.error(`compare-bgio: ${((Date.now() - t0) / 1000).toFixed(0)} s: ${what}`);
    for (const kind of KINDS) results[kind] = { loads: [] };
    for (let round = 1; round <= REPEAT; round++) {
        for (const kind of KINDS) {
            say(`${kind}: load${REPEAT > 1 ? `, round ${round} of ${REPEAT}` : ''}`);
            const load = await loadPhase(kind);
            results[kind].loads.push(load);
            say(`${kind}: ${JSON.stringify(load)}`);
            if (round > 1)
                continue;
            say(`${kind}: memory`);
            results[kind].memory = await memoryPhase(kind);
            say(`${kind}: ${JSON.stringify(results[kind].memory)}`);
        }
    }
    for (const kind of KINDS) results[kind].load = medianLoad(results[kind].loads);
    if (results.alphadeck)
        for (const kind of KINDS.filter((k) => k !== 'alphadeck')) {
            const ratios = cpuRatios(results.alphadeck, results[kind]);
            results[kind].cpu_ratios = ratios; /* its server CPU an action over alphadeck's, a round each */
            results[kind].cpu_ratio_median = median(ratios);
        }
    if (args.json) console.log(JSON.stringify({ machine: machine(), tables: TABLES, players: PLAYERS, seconds: SECONDS, idle_tables: IDLE_TABLES, repeat: REPEAT, results }));
    report(results);
    process.exit(0);
}

main().catch((e) => { console.error(e); process.exit(1); });
