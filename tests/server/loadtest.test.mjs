// Promises of `alphadeck loadtest`: against a real server it holds every
// connection it opened, gets acknowledgements without a refusal, reports
// its latencies as numbers, and what it counts as acknowledged is what the
// server stored (each person's action in the finished games' records); and
// it refuses any host but a loopback address before connecting anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { startServer, player, expectOk, getRecord, sleep, BIN } from './harness.mjs';

// runs `alphadeck loadtest ARGS`, killed after ms: { code, out, err, ms }
function loadtest(args, ms) {
    return new Promise((resolve) => {
        const t0 = Date.now();
        const p = spawn(BIN, ['loadtest', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        p.stdout.on('data', (d) => { out += d; });
        p.stderr.on('data', (d) => { err += d; });
        const timer = setTimeout(() => p.kill('SIGKILL'), ms);
        p.on('exit', (code, sig) => {
            clearTimeout(timer);
            resolve({ code: code ?? sig, out, err, ms: Date.now() - t0 });
        });
    });
}

test('loadtest: 40 players at 10 tables for 3 s hold every connection, every act is acknowledged without a refusal, and the records hold exactly the acknowledged acts', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const r = await loadtest(['--url', server.wsUrl, '--clients', '40', '--tables', '10',
        '--seconds', '3', '--json'], 15000);
    assert.equal(r.code, 0, `loadtest exited ${r.code}: ${r.err}`);
    assert.ok(r.ms < 3000 + 6000 + 5000, `loadtest took ${r.ms} ms for --seconds 3`);
    const lines = r.out.trim().split('\n');
    assert.equal(lines.length, 1, `--json prints one line: ${r.out}`);
    const j = JSON.parse(lines[0]);
    assert.equal(j.opened, 40, JSON.stringify(j));
    assert.equal(j.seated, 40, JSON.stringify(j));
    assert.equal(j.held, 40, JSON.stringify(j));
    assert.equal(j.failed, 0);
    assert.equal(j.dropped, 0);
    assert.equal(j.players, 4);
    assert.ok(j.acks > 0 && j.acks_per_s > 0, JSON.stringify(j));
    assert.ok(j.load_s >= 2.9 && j.load_s < 4, `3 s of load: ${j.load_s}`);
    assert.ok(j.acks_total >= j.acks);
    assert.deepEqual(j.errors, {}, `no refusals: ${JSON.stringify(j.errors)}`);
    for (const k of ['p50_ms', 'p99_ms', 'max_ms']) assert.equal(typeof j[k], 'number', `${k}: ${j[k]}`);
    assert.ok(j.p50_ms <= j.p99_ms && j.p99_ms <= j.max_ms, JSON.stringify(j));
    // its own turns between waits, which an answer may have waited on
    for (const k of ['client_turn_p99_ms', 'client_turn_max_ms']) assert.equal(typeof j[k], 'number', `${k}: ${j[k]}`);
    assert.ok(j.client_turn_p99_ms >= 0 && j.client_turn_p99_ms <= j.client_turn_max_ms, JSON.stringify(j));
    assert.equal(j.unanswered, 0);

    // the loadtest gave its seats to the stand-in bots, which play every
    // game to its end: then every table's record is public
    const watcher = await player(server, 'watcher');
    t.after(() => watcher.terminate());
    const deadline = Date.now() + 30000;
    for (;;) {
        const playing = expectOk(await watcher.request({ cmd: 'tables', status: 'playing' }), 'tables').tables;
        const over = expectOk(await watcher.request({ cmd: 'tables', status: 'over' }), 'tables').tables;
        if (over.length && !playing.length) break;
        assert.ok(Date.now() < deadline, `games still playing: ${JSON.stringify(playing).slice(0, 500)}`);
        await sleep(200);
    }
    // table ids count up from 1 on a fresh database; a person's own action
    // is the one a stand-in or a clock did not make ("by" absent)
    let stored = 0;
    let id = 1;
    for (;; id++) {
        const rec = await getRecord(server, id);
        if (rec.status === 404) break;
        assert.equal(rec.status, 200, `table ${id}: ${rec.status} ${rec.body.slice(0, 200)}`);
        stored += rec.json.actions.filter((a) => a.by === undefined).length;
    }
    assert.ok(id > 10, `at least the 10 tables made: ${id - 1}`);
    assert.equal(stored, j.acks_total, `persons' actions in the records (${stored}) against acts acknowledged (${j.acks_total})`);
});

test('loadtest: a host that is not a loopback address is refused with words and exit 2, before any connection; localhost is let through', { timeout: 60000 }, async () => {
    const args = ['--clients', '2', '--tables', '1', '--seconds', '1'];
    for (const url of ['ws://192.0.2.1:8080/ws', 'ws://example.com/ws', 'ws://[::2]:9/ws', 'ws://0.0.0.0:8080/ws']) {
        // "at once" is measured against a refusal that cannot try anything
        // (not ws://), run just before: the program's own start takes 2 s
        // on a loaded machine, while a try would add seconds of connecting
        const base = await loadtest(['--url', 'http://127.0.0.1/ws', ...args], 5000);
        assert.equal(base.code, 2, `a URL that is not ws:// is refused: exit ${base.code}, ${base.err}`);
        const r = await loadtest(['--url', url, ...args], 5000);
        assert.equal(r.code, 2, `${url}: exit ${r.code}, ${r.err}`);
        assert.match(r.err, /loopback/, `${url}: ${r.err}`);
        assert.equal(r.out, '', `${url}: nothing reported: ${r.out}`);
        assert.ok(r.ms < base.ms + 1500, `${url}: refused at once, not after trying (${r.ms} ms; the refusal of a URL that is not ws:// took ${base.ms})`);
    }
    // nothing listens on port 1 of loopback: let through, then no connection
    const r = await loadtest(['--url', 'ws://localhost:1/ws', ...args], 10000);
    assert.equal(r.code, 1, `exit ${r.code}: ${r.err}`);
    assert.doesNotMatch(r.err, /refusing/);
    assert.match(r.err, /no connection/);
});
