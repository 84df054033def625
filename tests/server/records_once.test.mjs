// A finished game's record and replays are written once and served as the
// same bytes (issue 33): the record is the engine's own `record` of that
// game, byte for byte (docs/protocol PROTOCOL.md: "exactly as the engine's
// `record` gives it"), every request gets the bytes the first got, and the
// answers kept stay within --cache-mib, the least recently asked leaving
// first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import readline from 'node:readline';
import { startServer, player, expectOk, twoPersonTable, playToEnd, until, within, waitExit, BIN, HOST, SHORT } from './harness.mjs';

/** GET path: { status, bytes } */
function download(server, path, ms = 60000) {
    return within(new Promise((resolve, reject) => {
        const req = http.get({ host: HOST, port: server.port, path, agent: false }, (res) => {
            const parts = [];
            res.on('data', (d) => parts.push(d));
            res.on('end', () => resolve({ status: res.statusCode, bytes: Buffer.concat(parts) }));
            res.on('error', reject);
        });
        req.on('error', reject);
    }), ms, `GET ${path}`);
}

const CAP = 2 * 1024 * 1024;

async function stats(server) {
    const r = await download(server, '/api/stats');
    assert.equal(r.status, 200);
    return JSON.parse(r.bytes.toString('utf8')).replays;
}

/** `alphadeck engine` fed raw lines: the raw reply lines, in order */
async function engineLines(t, lines) {
    const proc = spawn(BIN, ['engine'], { stdio: ['pipe', 'pipe', 'ignore'] });
    t.after(async () => { proc.kill('SIGKILL'); await waitExit(proc, 5000); });
    const out = [];
    const done = new Promise((resolve) => {
        readline.createInterface({ input: proc.stdout }).on('line', (l) => {
            out.push(l);
            if (out.length === lines.length) resolve(out);
        });
    });
    proc.stdin.write(lines.join('\n') + '\n');
    return within(done, 30000, 'the engine to answer');
}

/** A game of No Way played to its end by bots, its creator gone at once:
 * its table id, once its record is public. */
async function botGame(server, who, players, options) {
    const seats = ['open', ...Array(players - 1).fill('random')];
    const r = expectOk(await who.request({ cmd: 'create', game: 'noway', players, seats, options, bot_pause_ms: 0 }),
        'create a table of bots');
    expectOk(await who.request({ cmd: 'leave', table: r.table }), 'leave it to the bots');
    await until(async () => (await download(server, `/api/tables/${r.table}/record`)).status === 200,
        90000, `table ${r.table} to finish`);
    return r.table;
}

test('a finished game\'s record is the engine\'s `record` of that game byte for byte, and the same bytes every time', { timeout: 120000 }, async (t) => {
    const server = await startServer(t);
    // two people play every turn themselves (no stand-in marks its actions
    // "by"), from a seed JSON numbers hold exactly
    const { table, seats, clients } = await twoPersonTable(server, 'noway', { seats: ['open', 'open'], seed: 4242, options: SHORT.noway });
    t.after(() => clients.forEach((c) => c.terminate()));
    await playToEnd(seats);
    let first;
    await until(async () => (first = await download(server, `/api/tables/${table}/record`)).status === 200, 30000, 'the record');
    const text = first.bytes.toString('utf8');
    assert.ok(JSON.parse(text).actions.length > 0, 'the record has the game\'s actions');
    for (let i = 0; i < 3; i++) {
        const again = await download(server, `/api/tables/${table}/record`);
        assert.ok(again.bytes.equals(first.bytes), `request ${i + 2} got the same bytes`);
    }
    const [loaded, rec] = await engineLines(t, [`{"cmd":"load","id":"g","record":${text}}`, '{"cmd":"record","id":"g"}']);
    assert.ok(JSON.parse(loaded).ok, `the engine loads the record: ${loaded.slice(0, 300)}`);
    assert.equal(`{"ok":true,"record":${text}}`, rec, 'the served record is the engine\'s, byte for byte');
});

test('finished games\' answers are kept within --cache-mib: past it the least recently asked leave first and are built again', { timeout: 240000 }, async (t) => {
    // 2 MiB: a seat's replay of a game of No Way for six of at most 60
    // turns is some 200 to 250 KiB (none over a quarter of the cache would
    // be kept), and 24 of them are more than twice what the cache holds
    const server = await startServer(t, { args: ['--cache-mib', '2', '--http-rate', '100000', '--http-kib', '1048576'] });
    const bea = await player(server, 'Bea');
    t.after(() => bea.terminate());
    const tables = [];
    for (let i = 0; i < 4; i++) tables.push(await botGame(server, bea, 6, { max_turns: 60 }));
    const sizes = [];
    const kept = [];
    for (const table of tables) { // asked in turn until the cache is past full: the first leaves
        for (const seat of [0, 1, 2, 3, 4, 5]) {
            const r = await download(server, `/api/tables/${table}/replay?seat=${seat}`);
            assert.equal(r.status, 200);
            sizes.push(r.bytes.length);
            kept.push({ path: `/api/tables/${table}/replay?seat=${seat}`, bytes: r.bytes });
            const s = await stats(server);
            assert.ok(s.bytes <= CAP, `the kept answers stay within 2 MiB: ${JSON.stringify(s)}`);
        }
    }
    const total = sizes.reduce((a, b) => a + b, 0);
    t.diagnostic(`replays of ${Math.min(...sizes)} to ${Math.max(...sizes)} bytes, ${total} in all`);
    assert.ok(total > CAP, `the replays asked for (${total} bytes) are more than the cache holds`);
    // the newest is served from memory; the oldest was pushed out, built again, the same bytes
    const before = await stats(server);
    const newest = kept[kept.length - 1];
    assert.ok((await download(server, newest.path)).bytes.equals(newest.bytes));
    const mid = await stats(server);
    assert.equal(mid.hits, before.hits + 1, `the newest asked is served from memory: ${JSON.stringify(before)} -> ${JSON.stringify(mid)}`);
    assert.equal(mid.built, before.built, 'and not built again');
    const oldest = kept[0];
    assert.ok((await download(server, oldest.path)).bytes.equals(oldest.bytes), 'the oldest, built again, is the same bytes');
    const after = await stats(server);
    assert.equal(after.built, mid.built + 1, `the least recently asked left the cache and was built again: ${JSON.stringify(mid)} -> ${JSON.stringify(after)}`);
    assert.ok(after.bytes <= CAP);
});
