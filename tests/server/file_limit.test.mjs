// The server at its open-file limit (issue 33: 19,000 connections under a
// hard limit of 20,000 files): --max-connections N past the default
// reserve (an eighth of the limit) is held, with only a small reserve of
// files left above.  The server runs under a limit of 1,024 files here, so
// the test needs no more than a thousand sockets of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import readline from 'node:readline';
import { BIN, HOST, tmpDir, webDir, within, waitExit } from './harness.mjs';

/** `alphadeck serve` under `ulimit -n files`, stopped when the test ends: { port } */
async function limitedServer(t, files, args) {
    const dir = tmpDir(t);
    const proc = spawn('sh', ['-c', `ulimit -n ${files} && exec "$0" "$@"`, BIN, 'serve', '--port', '0',
        '--host', HOST, '--db', `${dir}/x.db`, '--web', webDir(dir), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    t.after(async () => {
        proc.kill('SIGKILL');
        await waitExit(proc, 5000);
    });
    let err = '';
    proc.stderr.on('data', (d) => { if (err.length < 4096) err += d; });
    const port = await within(new Promise((resolve, reject) => {
        readline.createInterface({ input: proc.stdout }).once('line', (line) => {
            const m = /listening on http:\/\/[^/]+:(\d+)\/$/.exec(line);
            if (m) resolve(Number(m[1]));
            else reject(new Error(`not a listening line: ${line}`));
        });
        proc.once('exit', (code) => reject(new Error(`alphadeck serve exited ${code}: ${err}`)));
    }), 15000, 'alphadeck serve to listen');
    return { port };
}

/** a WebSocket that says nothing and stays open (the server keeps it
 * for --hello-seconds): resolves 101 when held, else the status of the
 * answer to its upgrade (503: refused as full), 0 when none came */
function holdOne(port, sockets) {
    return within(new Promise((resolve) => {
        const ws = new WebSocket(`ws://${HOST}:${port}/ws`);
        sockets.push(ws);
        ws.on('open', () => resolve(101));
        ws.on('unexpected-response', (req, res) => { resolve(res.statusCode); req.destroy(); });
        ws.on('error', () => resolve(0));
    }), 30000, 'a WebSocket to open or be refused');
}

test('a server told --max-connections 900 under a limit of 1,024 files holds 900 connections, past the default reserve of an eighth', { timeout: 120000 }, async (t) => {
    const n = 900; // the default cap: 1,024 less 128, less the server's own files
    const { port } = await limitedServer(t, 1024, ['--max-connections', String(n), '--connections-per-address', '0',
        '--hello-seconds', '600']);
    const sockets = [];
    t.after(() => { for (const s of sockets) s.terminate(); });
    const got = [];
    for (let i = 0; i < n; i += 50) { // fifty at a time: the listen backlog is not what is tested
        got.push(...await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => holdOne(port, sockets))));
    }
    const held = got.filter((s) => s === 101).length;
    assert.equal(held, n, `every one of ${n} connections held (${held}; others: ${[...new Set(got.filter((s) => s !== 101))].join(', ')})`);
    // and the one past --max-connections is refused as full, in words
    const past = await holdOne(port, sockets);
    assert.equal(past, 503, 'the connection past --max-connections is refused: 503');
});
