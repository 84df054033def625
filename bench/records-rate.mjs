// bench/records-rate.mjs - what a finished game's record and replay cost
// a request (issue 33: "written once, not rebuilt per request"): starts
// `alphadeck serve` on a fresh database, has bots play one game of No Way
// for PLAYERS to its end, then asks GET /api/tables/T/record and
// /replay?seat=0 as fast as CONCURRENCY keep-alive clients can for SECONDS
// each, and reports requests a second and the server's CPU a request
// (utime + stime from /proc/PID/stat).  Run once with the answers kept
// (--cache-mib 32, the default) and once with none kept (--cache-mib 0:
// each request built again from the store, as before the answers were
// kept), one after the other in the same run.
//
//   node bench/records-rate.mjs [--bin build/alphadeck] [--seconds 5]
//                               [--concurrency 8] [--players 4] [--seed 7]
//
// Loopback only; the server is stopped at the end.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { AdClient } from './adclient.mjs';

const args = Object.fromEntries(
    process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const BIN = args.bin || 'build/alphadeck';
const SECONDS = Number(args.seconds || 5);
const CONCURRENCY = Number(args.concurrency || 8);
const PLAYERS = Number(args.players || 4);
const SEED = Number(args.seed || 7); // the same game on both servers
const TICK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

async function startServer(cacheMib) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alphadeck-records-'));
    const child = spawn(BIN, ['serve', '--port', '0', '--host', '127.0.0.1', '--db', path.join(dir, 'r.db'),
        '--cache-mib', String(cacheMib), '--http-rate', '1000000', '--http-kib', '10000000',
        '--connections-per-address', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the server did not start in 10 s')), 10000);
        child.stdout.on('data', (d) => {
            const m = /listening on http:\/\/[^/]+:(\d+)\//.exec(String(d));
            if (m) { clearTimeout(timer); resolve(Number(m[1])); }
        });
        child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    return { port, child, dir };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(port, p) {
    return new Promise((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
            let n = 0;
            res.on('data', (d) => { n += d.length; });
            res.on('end', () => resolve({ status: res.statusCode, bytes: n }));
        }).on('error', reject);
    });
}

function cpuTicks(pid) {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return Number(f[11]) + Number(f[12]);
}

async function finishedGame(port) {
    const c = new AdClient(`ws://127.0.0.1:${port}/ws`);
    await c.ready;
    await c.request({ cmd: 'hello', name: 'Bench' });
    const seats = ['open', ...Array(PLAYERS - 1).fill('random')];
    const r = await c.request({ cmd: 'create', game: 'noway', players: PLAYERS, seats, bot_pause_ms: 0, seed: SEED });
    if (!r.ok) throw new Error(`create: ${JSON.stringify(r)}`);
    await c.request({ cmd: 'leave', table: r.table });
    c.close();
    for (let i = 0; i < 600; i++) {
        if ((await get(port, `/api/tables/${r.table}/record`)).status === 200) return r.table;
        await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('the game did not end in 60 s');
}

async function hammer(server, p) {
    const first = await get(server.port, p); // built (and kept, when the cache keeps it)
    const end = Date.now() + SECONDS * 1000;
    const c0 = cpuTicks(server.child.pid), t0 = process.hrtime.bigint();
    let n = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
            const r = await get(server.port, p);
            if (r.status !== 200 || r.bytes !== first.bytes) throw new Error(`${p}: ${r.status}, ${r.bytes} bytes`);
            n++;
        }
    }));
    const s = Number(process.hrtime.bigint() - t0) / 1e9, cpu = (cpuTicks(server.child.pid) - c0) / TICK;
    return { n, perS: n / s, cpuUs: (1e6 * cpu) / n, bytes: first.bytes };
}

console.log(`records-rate: ${new Date().toISOString()}, ${os.cpus().length} cores, ${os.cpus()[0].model}, ` +
    `load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; ${BIN}, ${CONCURRENCY} clients, ${SECONDS} s each`);
for (const cache of [32, 0]) {
    const server = await startServer(cache);
    try {
        const table = await finishedGame(server.port);
        for (const p of [`/api/tables/${table}/record`, `/api/tables/${table}/replay?seat=0`]) {
            const r = await hammer(server, p);
            console.log(`records-rate: --cache-mib ${String(cache).padEnd(2)} ${p.replace(/^\/api\/tables\/\d+\//, '').padEnd(14)} ` +
                `${r.bytes} bytes: ${r.perS.toFixed(0)} requests/s, server CPU ${r.cpuUs.toFixed(0)} us a request (${r.n} requests)`);
        }
    } finally {
        server.child.kill('SIGTERM');
        await new Promise((res) => server.child.once('exit', res));
        fs.rmSync(server.dir, { recursive: true, force: true });
    }
}
agent.destroy();
