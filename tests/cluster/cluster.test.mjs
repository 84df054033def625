// Promise (issue 20): several `alphadeck serve` nodes behind HAProxy share
// one PostgreSQL, and a node that dies loses nothing.  scripts/cluster
// starts the real pieces on loopback (PostgreSQL, three nodes, HAProxy
// routing `/ws?table=ID` by consistent hashing); people play No Way at
// tables on every node through HAProxy, a spectator watches from a node
// that does not hold the table, and one node is killed with SIGKILL in the
// middle of the games.  The people reconnect through HAProxy (asking again
// on `moving`, following `moved`) and play every table to its end.  Then:
//   (a) the dead node's tables were taken over by the other nodes;
//   (b) every acknowledged action is in the log, at its version;
//   (c) no table was written by two nodes: versions 1..n with no gap, and
//       the writer of a table changes only at the takeover, never back;
//   (d) the spectators saw every version of their tables.
// The log is read from PostgreSQL with psql (actions: table_id, v, seat,
// action, node; leases: table_id, node).  Its at_ms is the game's time of
// an action (a bot's answer carries the time of what it answered), not
// when a node wrote it, so it tells nothing of who wrote first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
    ROOT, BIN, HOST, Client, Seat, isOver, sleep, within, expectOk, psql, waitExit, httpGet, SHORT,
} from '../server/harness.mjs';

const NODES = 3;
const MIN_TABLES = 6;      // tables played, at least...
const MAX_TABLES = 12;     // ...and more, up to this, until every node has one
const KILL_AT_V = 15;      // the kill comes once every table is past this version
const MOVING_MS = 15000;   // how long a request is asked again while `moving`
const LEASE_MS = 3000;     // a lease not renewed for this long lapses (src/server/cluster.c)
const RESUME_MS = LEASE_MS + 5000 + 2000; // lapse, the 5 s the issue allows, 2 s of slack
const TEST_MS = 120000;

// ------------------------------------------------------------- the cluster

/**
 * scripts/cluster with --print-env: resolves to its KEY=VALUE lines as an
 * object once every piece answers.  Stopped when test t ends (SIGTERM: the
 * script stops every piece; SIGKILL after 20 s), and in any case when this
 * process is gone (--parent) or after --max-seconds.
 */
async function startCluster(t) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alphadeck-cluster-test-'));
    const envFile = path.join(dir, 'env');
    const proc = spawn(path.join(ROOT, 'scripts', 'cluster'), [
        '--nodes', String(NODES), '--port', '0', '--bin', BIN, '--web', path.join(ROOT, 'web'),
        '--print-env', envFile, '--max-seconds', String(Math.ceil(TEST_MS / 1000) + 60),
        '--parent', String(process.pid),
    ], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let closed = false; // its output read to the end
    proc.stdout.on('data', (d) => { out += d; });
    proc.stderr.on('data', (d) => { out += d; });
    proc.once('close', () => { closed = true; });
    const onExit = () => { try { proc.kill('SIGTERM'); } catch { /* gone */ } };
    process.on('exit', onExit);
    t.after(async () => {
        process.off('exit', onExit);
        if (proc.exitCode === null && proc.signalCode === null) {
            proc.kill('SIGTERM');
            if (!(await waitExit(proc, 20000))) {
                proc.kill('SIGKILL');
                await waitExit(proc, 5000);
            }
        }
        fs.rmSync(dir, { recursive: true, force: true });
    });
    const deadline = Date.now() + 60000;
    while (!fs.existsSync(envFile)) {
        if (closed) throw new Error(`scripts/cluster exited (${proc.exitCode ?? proc.signalCode}) before the cluster was up:\n${out}`);
        if (Date.now() > deadline) throw new Error(`scripts/cluster: no cluster within 60 s:\n${out}`);
        await sleep(100);
    }
    const env = {};
    for (const line of fs.readFileSync(envFile, 'utf8').split('\n')) {
        const m = /^([a-z0-9_]+)=(.*)$/.exec(line);
        if (m) env[m[1]] = m[2];
    }
    const nodes = {};
    for (let k = 1; k <= Number(env.nodes); k++) {
        nodes[`node${k}`] = { name: `node${k}`, port: Number(env[`node${k}_port`]), pid: Number(env[`node${k}_pid`]) };
    }
    return {
        db: env.db, nodes, port: Number(env.haproxy_port), dir: env.dir,
        /** what each node wrote to its log (stdout and stderr) */
        logs: () => Object.keys(nodes).map((n) => {
            let text = '';
            try { text = fs.readFileSync(path.join(env.dir, `${n}.log`), 'utf8'); } catch { /* gone */ }
            return `--- ${n}.log\n${text.slice(-4000)}`;
        }).join('\n'),
        wsUrl: `ws://${HOST}:${env.haproxy_port}/ws`,
        output: () => out,
    };
}

// ------------------------------------------------------------------ people

const stats = { moving: 0, moved: 0, rejoins: 0, spectatorRejoins: 0, spectatorMoved: 0, acks: 0 };
const opened = []; // every connection made, closed when the test ends
let killAt = 0;    // when the node was killed (Date.now())
let aborted = false; // a failure: every loop stops

/**
 * A person with a token, connected through HAProxy: to the lobby (`/ws`)
 * or to a table's node (`/ws?table=ID`).  A request refused with `moving`
 * is asked again every 200 ms (up to MOVING_MS); a `moved` push for the
 * person's table closes the connection, and play() then connects again.
 */
class Person {
    constructor(cl, name) {
        this.cl = cl;
        this.name = name;
        this.token = null;
        this.player = null;
        this.c = null;
        this.seat = null;   // a Seat, once at a table
        this.node = null;   // the node HAProxy sent the connection to
    }

    /** through HAProxy (to table's node, or the lobby), or straight to node `direct` */
    async connect(table, direct) {
        const url = direct ? `ws://${HOST}:${direct.port}/ws`
            : table === undefined ? this.cl.wsUrl : `${this.cl.wsUrl}?table=${table}`;
        const c = await Client.connect(url, { name: this.name });
        opened.push(c);
        this.node = direct ? direct.name : c.upgradeHeaders['x-alphadeck-node'];
        const ask = c.request.bind(c);
        c.request = async (obj, ms = 5000) => {
            const until = Date.now() + MOVING_MS;
            for (;;) {
                const r = await ask(obj, ms);
                if (!r || r.code !== 'moving' || Date.now() > until || aborted) return r;
                stats.moving++;
                await sleep(200);
            }
        };
        c.ws.on('message', (data) => {
            let f;
            try { f = JSON.parse(data.toString('utf8')); } catch { return; }
            if (f && f.push === 'moved' && this.c === c && this.seat && f.table === this.seat.table) {
                stats.moved++;
                c.terminate();
            }
        });
        this.c = c;
        if (this.seat) this.seat.c = c;
        const r = expectOk(await c.request(this.token ? { cmd: 'hello', name: this.name, token: this.token } : { cmd: 'hello', name: this.name }), `${this.name} hello`);
        if (this.token) assert.equal(r.player, this.player, `${this.name}: hello with the token on another node is the same player`);
        this.token = r.token;
        this.player = r.player;
    }

    /** a new connection to the table's node, join, then sync from the last version seen */
    async rejoin() {
        const s = this.seat;
        const before = s.v;
        await this.connect(s.table);
        const r = expectOk(await this.c.request({ cmd: 'join', table: s.table }, 5000), `${this.name} join ${s.table} again (through HAProxy, on ${this.node})`);
        assert.equal(r.seat, s.seat, `${this.name}: the same seat at ${s.table} after reconnecting`);
        const acked = Math.max(-1, ...s.acks.map((a) => a.v));
        assert.ok(r.v >= acked, `${this.name} at ${s.table}: v ${r.v} on ${this.node} after reconnecting, but v ${acked} was acknowledged`);
        if (killAt && !s.resumedAt) s.resumedAt = Date.now();
        s.see(r.v, r.view, r.asked);
        expectOk(await this.c.request({ cmd: 'sync', table: s.table, v: Math.max(0, before) }), `${this.name} sync ${s.table} from v ${before}`);
        s.actedAt = -2; // an act in flight may have been lost: think again
        stats.rejoins++;
    }

    /** plays the seat to the end of the game, reconnecting whenever the connection is lost */
    async play(deadline) {
        const s = this.seat;
        s.pause = 15;
        while (!isOver(s.view)) {
            if (aborted) throw new Error(`${this.name}: stopped, another part of the test failed`);
            if (Date.now() > deadline) throw new Error(`${this.name}: the game at table ${s.table} did not end in time (v ${s.v})`);
            try {
                if (!this.c.open) await this.rejoin();
                await s.step(20000);
            } catch (e) {
                // a refusal or a timeout on a connection still up is a failure;
                // a connection lost (a node killed, a `moved`) is not
                if (this.c.open) throw e;
                await sleep(100);
            }
        }
        for (const a of s.acks) a.table = s.table;
    }
}

/**
 * A spectator connected straight to one node (no HAProxy, no ?table): it
 * watches a table that node does not hold and keeps every version its
 * update pushes name.  Should its connection drop (its node is never the
 * one killed), it watches again on the same node and syncs.
 */
class Spectator {
    constructor(node, table) {
        this.node = node;
        this.table = table;
        this.v0 = null;      // the version of the watch answer
        this.v = -1;         // the newest version pushed
        this.seen = new Set(); // the version of every event pushed
        this.pushVs = [];
        this.c = null;
        this.over = false;
        this.moved = 0;      // `moved` pushes heard
    }

    #take(f, c) {
        if (f && f.push === 'moved' && f.table === this.table) {
            // the node let the table go: watch again (on the same node)
            stats.spectatorMoved++;
            this.moved++;
            c.movedAway = true;
            c.terminate();
            return;
        }
        if (!f || f.push !== 'update' || f.table !== this.table) return;
        assert.ok(f.v >= this.v, `spectator on ${this.node.name}: update v ${f.v} after v ${this.v} at table ${this.table}`);
        this.v = f.v;
        this.pushVs.push(f.v);
        for (const e of f.events || []) this.seen.add(e.v);
        if (isOver(f.view)) this.over = true;
    }

    async watch() {
        for (let tries = 0; ; tries++) {
            const c = await Client.connect(`ws://${HOST}:${this.node.port}/ws`, { name: `spectator-${this.table}` });
            opened.push(c);
            c.ws.on('message', (data) => {
                try { this.#take(JSON.parse(data.toString('utf8')), c); } catch (e) {
                    if (e instanceof assert.AssertionError) this.error ||= e;
                }
            });
            try {
                expectOk(await c.request({ cmd: 'hello', name: `spec${this.table}` }), 'spectator hello');
                const r = expectOk(await c.request({ cmd: 'watch', table: this.table }), `watch ${this.table} on ${this.node.name}`);
                if (this.v0 === null) this.v0 = r.v;
                if (this.v >= 0) {
                    stats.spectatorRejoins++;
                    expectOk(await c.request({ cmd: 'sync', table: this.table, v: this.v }), `spectator sync ${this.table} from v ${this.v}`);
                }
                this.v = Math.max(this.v, r.v);
                if (isOver(r.view)) this.over = true;
            } catch (e) {
                // told `moved` again before it was done: once more (the
                // count of `moved` is checked at the end)
                if (!c.movedAway || tries >= 20 || aborted) throw e;
                continue;
            }
            this.c = c;
            c.closed.then(() => { if (!this.stopped && !aborted) this.rewatch = this.watch().catch((e) => { this.error ||= e; }); });
            return;
        }
    }

    /** waits until the spectator has seen version v (the table's last), within ms */
    async until(v, ms) {
        const deadline = Date.now() + ms;
        while (this.v < v && Date.now() < deadline) await sleep(50);
        this.stopped = true;
        if (this.c) await this.c.close();
        if (this.error) throw this.error;
    }
}

// ----------------------------------------------------------------- the test

const rows = async (db, sql) => JSON.parse((await psql(sql, db)) || 'null');

test('a node killed mid-game: its tables resume on the others, nothing acknowledged is lost, no table has two writers, spectators see every version', { timeout: TEST_MS }, async (t) => {
    const t0 = Date.now();
    const cl = await startCluster(t);
    try {
        await scenario(t, cl, t0);
    } catch (e) {
        aborted = true;
        // what the nodes said (takeovers, lost leases, failures) helps to see why
        for (const line of cl.logs().split('\n')) t.diagnostic(line);
        throw e;
    }
});

async function scenario(t, cl, t0) {
    const names = Object.keys(cl.nodes);
    t.after(() => { for (const c of opened) c.terminate(); });

    // tables: made on a lobby connection straight to one node (each in
    // turn), then played on the node HAProxy routes `?table=ID` to; more of
    // them until every node has one
    const tables = [];
    const perNode = Object.fromEntries(names.map((n) => [n, []]));
    for (let k = 0; tables.length < MIN_TABLES || (names.some((n) => perNode[n].length === 0) && tables.length < MAX_TABLES); k++) {
        const a = new Person(cl, `t${k}a`);
        const b = new Person(cl, `t${k}b`);
        await a.connect(undefined, cl.nodes[names[k % names.length]]);
        const create = expectOk(await a.c.request({
            cmd: 'create', game: 'noway', players: 3, seats: ['open', 'open', 'basic'],
            options: SHORT.noway, bot_pause_ms: 0,
        }), `create table ${k}`);
        const lobby = a.c;
        const made = a.node;
        await a.connect(create.table);
        a.seat = new Seat(a.c, create.table, create.seat);
        await a.seat.join();
        if (made !== a.node) {
            // the node that made it let it go to the node HAProxy routes it to
            await lobby.waitPush((f) => f.push === 'moved' && f.table === create.table, 5000,
                `a "moved" push of table ${create.table} on its creator's connection to ${made}, once the creator joined on ${a.node}`);
            stats.moved++;
        }
        lobby.terminate();
        await b.connect(create.table);
        assert.equal(b.node, a.node, `HAProxy sends every connection of table ${create.table} to one node`);
        b.seat = new Seat(b.c, create.table, null);
        await b.seat.join();
        const table = { id: create.table, node: a.node, people: [a, b] };
        tables.push(table);
        perNode[a.node].push(table);
    }
    const spread = names.map((n) => `${n}: ${perNode[n].map((x) => x.id).join(',')}`).join('; ');
    t.diagnostic(`tables by HAProxy's routing: ${spread}`);
    for (const n of names) assert.ok(perNode[n].length > 0, `every node plays a table (${spread})`);

    // the node that holds each table, from its lease: the node the joins went to
    const ids = tables.map((x) => x.id);
    let leases = [];
    for (const until = Date.now() + 3000; ;) {
        leases = await rows(cl.db, `SELECT coalesce(json_agg(json_build_object('table', table_id, 'node', node)), '[]') FROM leases WHERE table_id IN (${ids.join(',')})`);
        if (leases.length >= ids.length || Date.now() > until) break;
        await sleep(100);
    }
    const holder = Object.fromEntries(leases.map((l) => [l.table, l.node]));
    for (const x of tables) assert.equal(holder[x.id], x.node, `the lease of table ${x.id} names the node its players were routed to`);

    // a person's `join` on a lobby connection of a node that does not hold
    // the table is sent to the table's node (`elsewhere`), and moves nothing
    {
        const x = tables[0];
        const other = cl.nodes[names.find((n) => n !== x.node)];
        const p = new Person(cl, `${x.people[1].name}-elsewhere`);
        p.token = x.people[1].token;
        p.player = x.people[1].player;
        await p.connect(undefined, other);
        const r = await p.c.request({ cmd: 'join', table: x.id });
        assert.equal(r.code, 'elsewhere', `join of table ${x.id} (held by ${x.node}) on a lobby connection of ${other.name}: ${JSON.stringify(r)}`);
        p.c.terminate();
        const still = await rows(cl.db, `SELECT json_agg(node) FROM leases WHERE table_id = ${x.id}`);
        assert.deepEqual(still, [x.node], `table ${x.id}: still held by ${x.node} after a join elsewhere`);
    }

    // the node to kill: the one with the most tables; the spectators on another
    const victim = [...names].sort((p, q) => perNode[q].length - perNode[p].length)[0];
    const survivors = names.filter((n) => n !== victim);
    const specNode = cl.nodes[survivors[0]];
    const watched = [perNode[victim][0]];
    if (perNode[survivors[1]].length) watched.push(perNode[survivors[1]][0]);
    const spectators = [];
    for (const x of watched) {
        assert.notEqual(holder[x.id], specNode.name, `the spectator's node ${specNode.name} does not hold table ${x.id}`);
        const sp = new Spectator(specNode, x.id);
        await sp.watch();
        spectators.push(sp);
    }

    // play everything; the kill comes once every table is past KILL_AT_V
    const deadline = t0 + TEST_MS - 15000;
    const seats = tables.flatMap((x) => x.people.map((p) => p.seat));
    const inPlayAtKill = [];
    const killer = (async () => {
        while (seats.some((s) => s.v < KILL_AT_V)) {
            if (seats.some((s) => isOver(s.view))) break;
            if (Date.now() > deadline) throw new Error('the tables did not reach the kill');
            await sleep(20);
        }
        for (const x of perNode[victim]) if (!x.people.some((p) => isOver(p.seat.view))) inPlayAtKill.push(x.id);
        killAt = Date.now();
        process.kill(cl.nodes[victim].pid, 'SIGKILL');
        t.diagnostic(`killed ${victim} (pid ${cl.nodes[victim].pid}) ${((killAt - t0) / 1000).toFixed(1)} s in, its tables ${perNode[victim].map((x) => `${x.id} at v ${x.people[0].seat.v}`).join(', ')}`);
    })();
    const played = tables.flatMap((x) => x.people.map((p) => p.play(deadline)));
    await Promise.all([killer, ...played]);
    const resumedIn = (Date.now() - killAt) / 1000;
    assert.ok(inPlayAtKill.length > 0, `a table of ${victim} was in play when it was killed`);

    // ---- the log, as PostgreSQL holds it
    const log = await rows(cl.db, `SELECT coalesce(json_agg(json_build_object('table', table_id, 'v', v, 'seat', seat, 'action', action, 'node', node) ORDER BY table_id, v), '[]') FROM actions WHERE table_id IN (${ids.join(',')})`);
    const byTable = Object.fromEntries(ids.map((id) => [id, []]));
    const resumes = [];
    for (const r of log) byTable[r.table].push(r);

    for (const x of tables) {
        const acts = byTable[x.id];
        const last = Math.max(...x.people.map((p) => p.seat.v));
        // (c) versions 1..n, each once: no gap, no fork
        assert.deepEqual(acts.map((r) => r.v), Array.from({ length: acts.length }, (_, i) => i + 1), `table ${x.id}: the log holds versions 1..n with no gap`);
        assert.equal(acts.length, last, `table ${x.id}: the log ends at the last version its players saw`);
        // (c) its writers: one run per node, never back and forth
        const runs = [];
        for (const r of acts) if (runs.at(-1) !== r.node) runs.push(r.node);
        assert.equal(new Set(runs).size, runs.length, `table ${x.id}: no node writes it again after another did (writers in order: ${runs.join(' -> ')})`);
        if (x.node !== victim) {
            assert.deepEqual(runs, [x.node], `table ${x.id} of ${x.node}, which lived: written by it alone`);
        } else if (inPlayAtKill.includes(x.id)) {
            // (a) taken over after the kill, and in the end played by the node
            // HAProxy sends its people to now (a survivor that took the lapsed
            // lease first may have handed it on to that one: moving, moved)
            const now = x.people[0].node;
            assert.ok(survivors.includes(now), `table ${x.id}: its people reconnected to a surviving node (${now})`);
            assert.equal(runs[0], victim, `table ${x.id}: first written by ${victim}`);
            assert.equal(runs.at(-1), now, `table ${x.id}: last written by ${now}, where HAProxy sends its people (writers: ${runs.join(' -> ')})`);
            assert.ok(runs.length <= 3, `table ${x.id}: written by ${victim}, then by at most two others in turn (writers: ${runs.join(' -> ')})`);
            const resumed = Math.max(...x.people.map((p) => p.seat.resumedAt || Infinity)) - killAt;
            resumes.push(resumed);
            assert.ok(resumed <= RESUME_MS, `table ${x.id}: its people were back at it ${resumed} ms after the kill (at most ${RESUME_MS}: the ${LEASE_MS} ms lease, then 5 s)`);
        }
        // (b) every acknowledged action, at its version
        for (const p of x.people) {
            for (const a of p.seat.acks) {
                stats.acks++;
                const r = acts[a.v - 1];
                assert.ok(r, `${p.name}: acknowledged v ${a.v} at table ${x.id} is not in the log (${acts.length} actions)`);
                const stored = JSON.parse(r.action);
                assert.equal(r.seat, a.seat, `${p.name}: the seat of acknowledged v ${a.v} at table ${x.id}`);
                assert.equal(stored.type, a.action.type, `${p.name}: the action of acknowledged v ${a.v} at table ${x.id}`);
                if (a.action.cards) assert.deepEqual([...stored.cards].sort(), [...a.action.cards].sort(), `${p.name}: the cards of acknowledged v ${a.v} at table ${x.id}`);
            }
        }
        // the record, through HAProxy, is that log
        const rec = await httpGet({ port: cl.port }, `/api/tables/${x.id}/record`);
        assert.equal(rec.status, 200, `GET /api/tables/${x.id}/record through HAProxy: ${rec.status}`);
        assert.equal(JSON.parse(rec.body).actions.length, acts.length, `table ${x.id}: the record holds the log's ${acts.length} actions`);
    }

    // (a) the leases of the dead node's tables name surviving nodes now
    const after = await rows(cl.db, `SELECT coalesce(json_agg(json_build_object('table', table_id, 'node', node)), '[]') FROM leases WHERE table_id IN (${perNode[victim].map((x) => x.id).join(',')})`);
    for (const l of after) assert.notEqual(l.node, victim, `table ${l.table}: its lease still names ${victim}, killed`);

    // (d) the spectators saw every version, from their watch to the end
    for (const sp of spectators) {
        const last = byTable[sp.table].length;
        await sp.until(last, 10000);
        const missing = [];
        for (let v = sp.v0 + 1; v <= last; v++) if (!sp.seen.has(v)) missing.push(v);
        assert.equal(sp.v, last, `the spectator of table ${sp.table} on ${sp.node.name} got to its last version`);
        assert.deepEqual(missing, [], `the spectator of table ${sp.table} on ${sp.node.name} saw every version from v ${sp.v0} to v ${last}`);
        // its node may take the table over (the spectator is moved from the
        // copy to the table) and hand it on (moved again), no more: a table
        // does not bounce between nodes
        assert.ok(sp.moved <= 2, `the spectator of table ${sp.table} on ${sp.node.name} was told "moved" ${sp.moved} times: the table went back and forth`);
    }
    t.diagnostic(`${tables.length} tables; ${victim}'s back in play ${resumes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} after the kill; all over ${resumedIn.toFixed(1)} s after it; ${JSON.stringify(stats)}; ${((Date.now() - t0) / 1000).toFixed(1)} s in all`);
}
