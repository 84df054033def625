// Promise: an acknowledged action is never lost, not by a `kill -9`, and a
// restarted server resumes every unfinished table.  The server is killed
// with SIGKILL 20 times at random moments while people and bots play at
// several tables, and restarted on the same database each time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    startServer, tmpDir, Client, Seat, getRecord, isOver, sleep, within, expectOk, SHORT, SCALE,
} from './harness.mjs';

const KILLS = 20;
// a table of each game at a time; ALPHADECK_FAULT_SCALE makes it that many of each
const GAMES = Array.from({ length: SCALE }, () => ['noway', 'doubt', 'liar']).flat();

test('kill -9 at random moments loses no acknowledged action, and every table resumes and plays to its end', { timeout: 150000 * Math.min(SCALE, 3) }, async (t) => {
    const dir = tmpDir(t);
    let server = await startServer(t, { dir });
    let up = Promise.resolve(server); // the server now running, or the one starting
    let killing = true;
    let aborted = null; // the first failure: everything stops
    const servers = [server];
    let epoch = 0; // one more at each kill
    let failUp = () => {};
    const log = [];
    const stats = { rejoins: 0, sameV: 0, finished: 0, acks: 0 };

    // a person: a token kept across restarts, a seat at the table of the slot
    class Person {
        constructor(name) { this.name = name; this.c = null; this.token = null; this.player = null; }
        async connect() {
            const srv = await within(up, 30000, 'the restarted server');
            this.c = await Client.connect(srv, { name: this.name });
            const r = expectOk(await this.c.request(this.token ? { cmd: 'hello', name: this.name, token: this.token } : { cmd: 'hello', name: this.name }), `${this.name} hello`);
            if (this.token) assert.equal(r.player, this.player, `${this.name}: hello with the token after a restart is the same player`);
            this.token = r.token;
            this.player = r.player;
            if (this.seat) this.seat.c = this.c;
        }
        get down() { return !this.c || !this.c.open; }
        // after a restart: join the table again and check what it says
        async rejoin() {
            const s = this.seat;
            const r = expectOk(await this.c.request({ cmd: 'join', table: s.table }), `${this.name} join ${s.table} after a restart`);
            stats.rejoins++;
            assert.equal(r.seat, s.seat, `${this.name}: the same seat after a restart`);
            const acked = Math.max(-1, ...s.acks.map((a) => a.v));
            assert.ok(r.v >= acked, `${this.name} at ${s.table}: v ${r.v} after the restart, but v ${acked} was acknowledged (kills: ${log.join(' ')})`);
            if (s.lastPush) {
                assert.ok(r.v >= s.lastPush.v, `${this.name} at ${s.table}: v ${r.v} after the restart, but v ${s.lastPush.v} was pushed`);
                if (r.v === s.lastPush.v) {
                    stats.sameV++;
                    assert.deepEqual(r.view, s.lastPush.view, `${this.name} at ${s.table}: the view at v ${r.v} after the restart is the one pushed before the kill`);
                }
            }
            s.see(r.v, r.view, r.asked);
            s.actedAt = -2; // an act in flight may have been lost: think again
        }
        // keeps the connection up through kills; runs f, retrying it after a restart
        async retry(f) {
            for (let tries = 0; ; tries++) {
                if (aborted) throw new Error('stopped: another part of the test failed');
                if (tries > KILLS + 5) throw new Error(`${this.name}: too many retries`);
                const e0 = epoch;
                try {
                    if (this.down) {
                        await this.connect();
                        if (this.seat && this.seat.seat !== null) await this.rejoin();
                    }
                    return await f();
                } catch (e) {
                    // not a kill: a real failure
                    if (this.c && this.c.open && epoch === e0 && this.c.name === this.name) throw e;
                    if (this.c && this.c.open) this.c.terminate();
                    await sleep(50);
                }
            }
        }
    }

    async function slot(game, k) {
        const a = new Person(`k${k}a`);
        const b = new Person(`k${k}b`);
        for (let round = 0; killing || round === 0; round++) {
            a.seat = null;
            b.seat = null;
            const create = await a.retry(async () => expectOk(await a.c.request({
                cmd: 'create', game, players: 3, seats: ['open', 'open', 'basic'],
                options: SHORT[game], bot_pause_ms: 0,
            }), `create ${game}`));
            a.seat = new Seat(a.c, create.table, create.seat);
            b.seat = new Seat(null, create.table, null);
            await b.retry(async () => { b.seat.c = b.c; await b.seat.join(); });
            for (const p of [a, b]) p.seat.pause = 15;
            await Promise.all([a, b].map((p) => p.retry(async () => {
                const deadline = Date.now() + 90000;
                while (!isOver(p.seat.view)) {
                    assert.ok(Date.now() < deadline, `${p.name}: the game at ${p.seat.table} did not end`);
                    await p.seat.step(5000);
                }
            })));
            // the game is over: its stored record holds every acknowledged action
            const rec = await a.retry(async () => getRecord(await up, create.table));
            assert.equal(rec.status, 200, `the record of finished table ${create.table}: ${rec.status}`);
            const actions = rec.json.actions;
            for (const p of [a, b]) {
                for (const ack of p.seat.acks) {
                    stats.acks++;
                    const got = actions[ack.v - 1];
                    assert.ok(got, `${p.name}: acknowledged v ${ack.v} at ${create.table} is not in the record (${actions.length} actions; kills: ${log.join(' ')})`);
                    assert.equal(got.seat, ack.seat, `${p.name}: the seat of acknowledged v ${ack.v}`);
                    assert.equal(got.action.type, ack.action.type, `${p.name}: the action of acknowledged v ${ack.v}`);
                    if (ack.action.word) assert.equal(got.action.word, ack.action.word);
                    if (ack.action.cards) assert.deepEqual([...got.action.cards].sort(), [...ack.action.cards].sort());
                }
            }
            stats.finished++;
        }
        for (const p of [a, b]) if (p.c) await p.c.close();
    }

    const players = GAMES.map((g, k) => slot(g, k));
    const killer = (async () => {
        const t0 = Date.now();
        for (let i = 0; i < KILLS && !aborted; i++) {
            const wait = 200 + Math.floor(Math.random() * 1100);
            await sleep(wait);
            let restarted;
            up = new Promise((resolve, reject) => { restarted = resolve; failUp = reject; });
            up.catch(() => {});
            epoch++;
            await server.kill9();
            log.push(`${((Date.now() - t0) / 1000).toFixed(1)}s`);
            server = await startServer(t, { dir, db: server.db, web: server.web });
            servers.push(server);
            restarted(server);
        }
        killing = false;
    })();
    // a failure in either half fails the test at once, and stops the rest
    try {
        await Promise.all([killer, ...players].map((p) => p.catch((e) => { aborted ||= e; failUp(e); throw e; })));
    } finally {
        killing = false;
        for (const s of servers) await s.stop();
    }
    assert.equal(log.length, KILLS);
    assert.ok(stats.rejoins >= KILLS, `people joined again after the kills: ${JSON.stringify(stats)}`);
    assert.ok(stats.acks > 0 && stats.finished >= GAMES.length, `games finished: ${JSON.stringify(stats)}`);
    t.diagnostic(`kills at ${log.join(' ')}; ${JSON.stringify(stats)}`);
});
