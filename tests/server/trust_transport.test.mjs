// Trust at the transport (issue 28): one client, or one address, must not
// make the server unusable for the others.  Connections are capped below
// the open-file limit and per address, with a refusal in words; a
// WebSocket that never says hello is closed; the log says a repeated
// thing once with a count; a flood is closed with 1008.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import WebSocket from 'ws';
import {
    BIN, HOST, startServer, tmpDir, webDir, within, waitExit, sleep, player, Client, expectOk, rawHttp,
    twoPersonTable, driveUntil, isOver, DB_URL, freshDatabase, psql,
} from './harness.mjs';

/**
 * Starts `alphadeck serve --port 0 --host 127.0.0.1 --db DIR/x.db --web
 * DIR/web ARGS` behind `wrap` (a command the server's own command line is
 * appended to: a shell setting a limit, setpriv).  Resolves { port, proc,
 * stderr(), stop() } once it listens, or { exited: code, stderr() } when
 * it exits first.  Killed when the test ends.
 */
async function spawnServer(t, wrap, opts = {}) {
    const dir = opts.dir || tmpDir(t);
    const web = opts.web || webDir(dir);
    const args = ['serve', '--port', '0', '--host', HOST, '--db', opts.db || path.join(dir, 'x.db'),
        '--web', web, ...(opts.args || [])];
    const proc = spawn(wrap[0], [...wrap.slice(1), BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d) => { err += d; });
    const stop = async () => {
        if (proc.exitCode !== null || proc.signalCode !== null) return;
        proc.kill('SIGTERM');
        if (!(await waitExit(proc, 5000))) {
            proc.kill('SIGKILL');
            await waitExit(proc, 5000);
        }
    };
    t.after(stop);
    const lines = readline.createInterface({ input: proc.stdout });
    return within(new Promise((resolve, reject) => {
        lines.on('line', (line) => {
            const m = /^alphadeck serve: listening on http:\/\/[^/]+:(\d+)\/$/.exec(line);
            if (m) resolve({ port: Number(m[1]), url: `http://${HOST}:${m[1]}`, wsUrl: `ws://${HOST}:${m[1]}/ws`, proc, stop, stderr: () => err });
        });
        proc.once('error', reject);
        proc.once('exit', (code, sig) => resolve({ exited: code ?? sig, stderr: () => err }));
    }), opts.startMs || 15000, `alphadeck serve ${args.join(' ')} to listen or exit`);
}

/**
 * Opens a WebSocket to url and says how it went: 'open' (with the socket in
 * .ws), 'refused' (an HTTP answer instead of the upgrade: .status, .body),
 * 'closed' (the connection closed or reset before either) or 'hung' (none
 * of those within ms).
 */
function tryConnect(url, ms = 10000) {
    return new Promise((resolve) => {
        const port = new URL(url).port;
        const ws = new WebSocket(url, { origin: `http://${HOST}:${port}`, handshakeTimeout: ms });
        let done = false;
        const finish = (r) => { if (!done) { done = true; clearTimeout(timer); resolve(r); } };
        const timer = setTimeout(() => { ws.terminate(); finish({ how: 'hung' }); }, ms + 1000);
        ws.on('open', () => finish({ how: 'open', ws }));
        ws.on('unexpected-response', (req, res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => { body += d; });
            const end = () => { req.destroy(); finish({ how: 'refused', status: res.statusCode, body }); };
            res.on('end', end);
            res.on('error', end);
            res.on('close', end);
        });
        ws.on('error', (e) => finish(/timeout/i.test(e.message) ? { how: 'hung', error: e.message } : { how: 'closed', error: e.message }));
    });
}

// a refusal's body as JSON (null when it is not)
function refusalBody(r) {
    try { return JSON.parse(r.body); } catch { return null; }
}

test('at the open-file limit connections are refused in words, the server stays responsive and its log stays small', { timeout: 90000 }, async (t) => {
    // 128 files: a shell sets the limit (soft and hard), then becomes the server
    const server = await spawnServer(t, ['sh', '-c', 'ulimit -n 128 && exec "$0" "$@"']);
    assert.equal(server.exited, undefined, `the server did not start under 128 files: ${server.stderr && server.stderr()}`);
    const tries = await Promise.all(Array.from({ length: 250 }, () => tryConnect(server.wsUrl)));
    const count = (how) => tries.filter((r) => r.how === how).length;
    const summary = `open ${count('open')}, refused ${count('refused')}, closed ${count('closed')}, hung ${count('hung')}`;
    assert.equal(count('hung'), 0, `every connection is let in, refused or closed, none left hanging: ${summary}`);
    assert.ok(count('open') > 0 && count('open') < 128, `some are let in, fewer than the open-file limit: ${summary}`);
    const refused = tries.filter((r) => r.how === 'refused');
    assert.ok(refused.length > 0, `the ones over the limit are refused in words: ${summary}`);
    for (const r of refused) {
        assert.equal(r.status, 503, `a refusal is a 503: ${JSON.stringify(r)}`);
        const b = refusalBody(r);
        assert.ok(b && b.ok === false && b.code === 'server_full' && typeof b.error === 'string', `a refusal says why: ${r.body}`);
    }
    // the others leave; a newcomer is served
    for (const r of tries) if (r.ws) r.ws.terminate();
    const deadline = Date.now() + 20000;
    let fresh = null;
    while (!fresh && Date.now() < deadline) {
        const r = await tryConnect(server.wsUrl, 5000);
        if (r.how === 'open') fresh = r.ws;
        else await sleep(200);
    }
    assert.ok(fresh, 'a new connection is let in once the others have gone');
    const c = new Client(fresh, 'fresh');
    expectOk(await c.hello('fresh'), 'the newcomer\'s hello');
    expectOk(await c.request({ cmd: 'tables' }), 'the newcomer\'s tables');
    c.terminate();
    await server.stop();
    const log = server.stderr();
    assert.ok(log.length < 20000, `the log stays small: ${log.length} bytes, beginning ${JSON.stringify(log.slice(0, 300))}`);
    const said = log.split('\n').filter((l) => l.includes('a connection refused')).length;
    assert.ok(said >= 1 && said <= 4, `the refusal is logged once, then counted: ${said} lines\n${log.slice(0, 2000)}`);
    assert.match(log, /\(repeated \d+ times\)/, 'the log tells how many times a line repeated');
});

test('one address may hold --connections-per-address connections; the next is refused with too_many_connections until one ends', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: ['--connections-per-address', '5'] });
    const held = [];
    for (let i = 0; i < 5; i++) {
        const r = await tryConnect(server.wsUrl);
        assert.equal(r.how, 'open', `connection ${i + 1} of 5 is let in: ${JSON.stringify(r)}`);
        held.push(r.ws);
    }
    const over = await tryConnect(server.wsUrl);
    assert.equal(over.how, 'refused', `the sixth is refused: ${JSON.stringify(over)}`);
    assert.equal(over.status, 503);
    const b = refusalBody(over);
    assert.ok(b && b.code === 'too_many_connections' && /5/.test(b.error), `the refusal says why: ${over.body}`);
    // an HTTP request from the same address is a connection too
    const res = await new Promise((resolve) => {
        fetch(`${server.url}/api/games`).then((r) => resolve(r.status), () => resolve('closed'));
    });
    assert.ok(res === 503 || res === 'closed', `a plain HTTP request over the limit is refused: ${res}`);
    // one leaves: another gets in
    held.pop().close();
    const deadline = Date.now() + 15000;
    let again = null;
    while (!again && Date.now() < deadline) {
        const r = await tryConnect(server.wsUrl);
        if (r.how === 'open') again = r.ws;
        else await sleep(100);
    }
    assert.ok(again, 'once one of the five has closed, a new one is let in');
    held.push(again);
    for (const w of held) w.terminate();
});

test('--max-connections caps the connections open in all; the next is refused with server_full until one ends', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: ['--max-connections', '3', '--connections-per-address', '0'] });
    const held = [];
    for (let i = 0; i < 3; i++) {
        const r = await tryConnect(server.wsUrl);
        assert.equal(r.how, 'open', `connection ${i + 1} of 3: ${JSON.stringify(r)}`);
        held.push(r.ws);
    }
    const over = await tryConnect(server.wsUrl);
    assert.equal(over.how, 'refused', `the fourth is refused: ${JSON.stringify(over)}`);
    assert.equal(refusalBody(over)?.code, 'server_full', over.body);
    held.shift().terminate();
    const deadline = Date.now() + 15000;
    let again = null;
    while (!again && Date.now() < deadline) {
        const r = await tryConnect(server.wsUrl);
        if (r.how === 'open') again = r.ws;
        else await sleep(100);
    }
    assert.ok(again, 'once one has gone, a new one is let in');
    for (const w of [...held, again]) w.terminate();
});

test('by default one address may hold 200 connections (a classroom behind one router) and no more', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const tries = [];
    for (let i = 0; i < 200; i += 50) {
        tries.push(...await Promise.all(Array.from({ length: 50 }, () => tryConnect(server.wsUrl))));
    }
    const opened = tries.filter((r) => r.how === 'open');
    assert.equal(opened.length, 200, `200 connections from one address are let in: ${JSON.stringify(tries.filter((r) => r.how !== 'open').slice(0, 3))}`);
    const over = await tryConnect(server.wsUrl);
    assert.equal(over.how, 'refused', `the 201st is refused: ${JSON.stringify(over)}`);
    assert.equal(refusalBody(over)?.code, 'too_many_connections');
    for (const r of opened) r.ws.terminate();
});

test('a WebSocket that says no hello is closed with 1008 after --hello-seconds; one that said hello stays', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: ['--hello-seconds', '1'] });
    const idle = await Client.connect(server, { name: 'idle' });
    const hello = await player(server, 'talker');
    const closed = await within(idle.closed, 20000, 'the connection without hello to be closed');
    assert.equal(closed.code, 1008, `closed with 1008: ${JSON.stringify(closed)}`);
    assert.match(closed.reason, /hello/, 'the close says why');
    // the one that said hello is kept past the same time, and served
    await sleep(1500);
    assert.ok(hello.open, 'the connection that said hello is still open');
    expectOk(await hello.request({ cmd: 'tables' }), 'it is still served');
    hello.terminate();
});

test('a flood of requests is closed with 1008 after the replies before it, not cut', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const f = await player(server, 'flooder');
    // far more than the burst of 200 and the 1,000 refusals in a row
    for (let i = 0; i < 20000; i++) f.sendRaw(`{"cmd":"tables","rid":"f${i}"}`);
    const close = await within(f.closed, 30000, 'the flood to be closed');
    assert.equal(close.code, 1008, `a flood is closed with 1008: ${JSON.stringify(close)}`);
    const limited = f.frames.filter((x) => x && x.code === 'rate_limited').length;
    assert.ok(limited >= 1000, `the refusals before the close reached the client: ${limited}`);
    // the server serves others as before
    const other = await player(server, 'other');
    expectOk(await other.request({ cmd: 'tables' }), 'another client after the flood');
    other.terminate();
});

test('binary frames pass the rate limit like text: a flood of them gets rate_limited and is closed with 1008', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const f = await player(server, 'binflood');
    const began = Date.now();
    for (let i = 0; i < 20000; i++) f.sendRaw(Buffer.from(`{"cmd":"tables","rid":"b${i}"}`), { binary: true });
    const close = await within(f.closed, 30000, 'the binary flood to be closed');
    // the bucket lets through its burst of 200, then 50 a second while the
    // flood lasts (longer on a loaded machine): no more may be answered
    const letThrough = 200 + Math.ceil(50 * (Date.now() - began) / 1000);
    assert.equal(close.code, 1008, `a flood of binary frames is closed with 1008: ${JSON.stringify(close)}`);
    const limited = f.frames.filter((x) => x && x.code === 'rate_limited');
    assert.ok(limited.length >= 1000, `binary frames past the rate get rate_limited: ${limited.length}`);
    const refusedBinary = f.frames.filter((x) => x && x.code === 'binary_frame');
    assert.ok(refusedBinary.length <= letThrough, `no more binary frames are refused as such than the rate lets through: ${refusedBinary.length} > ${letThrough}`);
    assert.ok(refusedBinary.length > 0 && refusedBinary.every((x) => /^b\d+$/.test(x.rid)), `each binary_frame refusal carries its frame's rid: ${JSON.stringify(refusedBinary.slice(0, 3))}`);
    assert.ok(limited.every((x) => /^b\d+$/.test(x.rid)), 'each rate_limited refusal carries its frame\'s rid');
});

test('frame_too_big carries the rid the frame begins with, whatever its value', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const c = await player(server, 'bigframes');
    const pad = 'x'.repeat(20 * 1024);
    const cases = [
        ['{"rid":"big-1","cmd":"tables","pad":"PAD"}', 'big-1'],
        ['{ "cmd" : "act", "table": 1, "rid" : 42 , "pad":"PAD"}', 42],
        ['{"cmd":"act","action":{"type":"play","rid":"inner"},"rid":{"n":[1,"}"]},"pad":"PAD"}', { n: [1, '}'] }],
        ['{"cmd":"act","say":"a \\" \\\\ quote","rid":"esc","pad":"PAD"}', 'esc'],
    ];
    for (const [frame, rid] of cases) {
        c.sendRaw(frame.replace('PAD', pad));
        const r = await c.waitFrame((f) => f && f.code === 'frame_too_big', 5000, `frame_too_big for ${frame.slice(0, 40)}`);
        assert.deepEqual(r.rid, rid, `the refusal of ${frame.slice(0, 60)} carries its rid: ${JSON.stringify(r)}`);
    }
    // a rid only after the limit, or none: a refusal without one
    c.sendRaw(`{"cmd":"tables","pad":"${pad}","rid":"late"}`);
    const late = await c.waitFrame((f) => f && f.code === 'frame_too_big', 5000, 'frame_too_big, rid past the limit');
    assert.equal(late.rid, undefined, `a rid past the limit is not guessed: ${JSON.stringify(late)}`);
    c.sendRaw(`{"cmd":"tables","rid":"${pad}`);
    const cut = await c.waitFrame((f) => f && f.code === 'frame_too_big', 5000, 'frame_too_big, rid cut by the limit');
    assert.equal(cut.rid, undefined, 'a rid cut by the limit is not guessed');
    expectOk(await c.request({ cmd: 'tables' }), 'the connection is served after');
    c.terminate();
});

// the status line, headers (lower-case names) and body of a raw HTTP answer
function parseHttp(text) {
    const at = text.indexOf('\r\n\r\n');
    const head = (at >= 0 ? text.slice(0, at) : text).split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(head[0] || '');
    const headers = {};
    for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    return { status: m ? Number(m[1]) : null, headers, body: at >= 0 ? text.slice(at + 4) : '' };
}

test('PUT, DELETE, PATCH, OPTIONS and POST on files and the API answer 405 with an Allow header, never the file', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const host = `${HOST}:${server.port}`;
    for (const p of ['/', '/index.html', '/api/games', '/api/tables/1/record', '/api/stats', '/no-such-file']) {
        for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'POST']) {
            const body = method === 'PUT' || method === 'POST' || method === 'PATCH' ? 'x=1' : '';
            const raw = await rawHttp(server, `${method} ${p} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n` +
                (body ? `Content-Length: ${body.length}\r\n` : '') + `\r\n${body}`, 5000);
            const r = parseHttp(raw);
            assert.equal(r.status, 405, `${method} ${p}: ${raw.slice(0, 200)}`);
            assert.ok(!raw.includes('WEB-INDEX-MARKER'), `${method} ${p} must not serve the file`);
            assert.equal(r.headers.allow, p.startsWith('/api') ? 'GET' : 'GET, HEAD', `${method} ${p}: the Allow header`);
            const b = JSON.parse(r.body);
            assert.ok(b.ok === false && b.code === 'bad_method' && typeof b.error === 'string', `${method} ${p}: ${r.body}`);
        }
    }
    // GET and HEAD are answered as before
    const get = parseHttp(await rawHttp(server, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    assert.equal(get.status, 200);
    assert.ok(get.body.includes('WEB-INDEX-MARKER'));
    const head = parseHttp(await rawHttp(server, `HEAD /index.html HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    assert.equal(head.status, 200, 'HEAD of a file');
    assert.equal(head.body, '', 'HEAD has no body');
    const api = parseHttp(await rawHttp(server, `GET /api/games HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    assert.equal(api.status, 200, 'GET of the API');
});

// opens a WebSocket with these headers: 'open' or why not
function upgrade(port, headers) {
    return within(new Promise((resolve) => {
        const ws = new WebSocket(`ws://${HOST}:${port}/ws`, { headers, handshakeTimeout: 5000 });
        ws.on('open', () => { ws.terminate(); resolve('open'); });
        ws.on('unexpected-response', (req, res) => { resolve(`refused ${res.statusCode}`); req.destroy(); });
        ws.on('error', (e) => resolve(`error ${e.message}`));
    }), 8000, `the upgrade with ${JSON.stringify(headers)}`);
}

test('a page from another name cannot open a WebSocket nor read the API: Origin and Host must name this server', { timeout: 60000 }, async (t) => {
    const server = await startServer(t, { args: ['--origin', 'https://games.example.org'] });
    const P = server.port;
    // a rebinding page: its name points at 127.0.0.1, so Origin and Host
    // agree with each other, but name someone else
    for (const name of ['evil.example', 'attacker.test', '127.0.0.1.evil.example']) {
        const out = await upgrade(P, { Origin: `http://${name}:${P}`, Host: `${name}:${P}` });
        assert.notEqual(out, 'open', `an upgrade from http://${name}:${P} (Host ${name}) was let in`);
        const raw = await rawHttp(server, `GET /api/games HTTP/1.1\r\nHost: ${name}:${P}\r\nConnection: close\r\n\r\n`);
        const r = parseHttp(raw);
        assert.equal(r.status, 421, `GET /api/games with Host ${name}: ${raw.slice(0, 200)}`);
        assert.equal(JSON.parse(r.body).code, 'bad_host');
        assert.ok(!raw.includes('"title"'), 'nothing of the API is sent');
        const file = await rawHttp(server, `GET /index.html HTTP/1.1\r\nHost: ${name}:${P}\r\nConnection: close\r\n\r\n`);
        assert.ok(!file.includes('WEB-INDEX-MARKER'), `a file is not served for Host ${name}`);
    }
    // the origins this server serves: its own address and loopback's names, at its port
    for (const o of [`http://127.0.0.1:${P}`, `http://localhost:${P}`, `http://[::1]:${P}`, 'https://games.example.org']) {
        assert.equal(await upgrade(P, { Origin: o }), 'open', `an upgrade from ${o}`);
    }
    // another port, another scheme, another loopback name, a path or nothing: no
    for (const o of [`http://127.0.0.1:${P + 1 === 65536 ? P - 1 : P + 1}`, `https://127.0.0.1:${P}`, `http://127.0.0.2:${P}`,
        'http://games.example.org', `http://localhost:${P}/x`, 'null']) {
        assert.notEqual(await upgrade(P, { Origin: o }), 'open', `an upgrade from ${o} was let in`);
    }
    // a program sends no Origin: let in, when its Host is this server's
    assert.equal(await upgrade(P, {}), 'open', 'an upgrade without Origin');
    assert.notEqual(await upgrade(P, { Host: `evil.example:${P}` }), 'open', 'an upgrade without Origin, Host evil.example');
    // HTTP for the names it serves, and the --origin's (a proxy passes it on)
    for (const h of [`127.0.0.1:${P}`, `localhost:${P}`, `[::1]:${P}`, 'games.example.org']) {
        const r = parseHttp(await rawHttp(server, `GET /api/games HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`));
        assert.equal(r.status, 200, `GET /api/games with Host ${h}`);
    }
});

test('a server listening on every address answers for any address in numbers at its port, never for a name', { timeout: 60000 }, async (t) => {
    // an interface's name is listened on as every address is (its
    // addresses are not known here); lo keeps this test on loopback
    const server = await startServer(t, { args: ['--host', 'lo'] });
    const P = server.port;
    for (const h of [`192.168.1.20:${P}`, `10.0.0.7:${P}`, `[fe80::1]:${P}`, `localhost:${P}`, `127.0.0.1:${P}`]) {
        const r = parseHttp(await rawHttp(server, `GET /api/games HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`));
        assert.equal(r.status, 200, `GET with Host ${h}`);
        assert.equal(await upgrade(P, { Origin: `http://${h}`, Host: h }), 'open', `an upgrade from http://${h}`);
    }
    for (const h of [`evil.example:${P}`, `192.168.1.20:${P === 1 ? 2 : P - 1}`, 'games.example.org']) {
        const r = parseHttp(await rawHttp(server, `GET /api/games HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`));
        assert.equal(r.status, 421, `GET with Host ${h}`);
        assert.notEqual(await upgrade(P, { Origin: `http://${h}`, Host: h }), 'open', `an upgrade from http://${h}`);
    }
});

test('requests are limited by the bytes of their replies too: past --rate-kib they get rate_limited with their rid until it refills, and pushes are not charged', { timeout: 90000 }, async (t) => {
    // 1 KiB a second, 4 KiB at once
    const server = await startServer(t, { args: ['--rate-kib', '1'] });
    const tb = await twoPersonTable(server, 'noway', { seats: ['open', 'open', 'basic'], seed: 11 });
    // a spectator asks for the table's view again and again: each reply is
    // about a kilobyte, so the bytes run out long before the 200 requests
    const w = await player(server, 'watcher');
    let refusal = null, asked = 0, got = 0;
    while (!refusal && asked < 60) {
        const r = await w.request({ cmd: 'watch', table: tb.table });
        asked++;
        if (r.ok) got += JSON.stringify(r).length;
        else if (r.code === 'rate_limited') refusal = r;
        else assert.fail(`watch refused: ${JSON.stringify(r)}`);
    }
    assert.ok(refusal, `after ${asked} watches (${got} bytes of replies) none was refused`);
    assert.ok(got >= 3000 && asked < 60, `refused once the replies passed the bytes allowed: ${asked} requests, ${got} bytes`);
    assert.match(refusal.rid, /^watcher-/, 'the refusal carries its rid');
    assert.match(refusal.error, /KiB/, `the refusal says what the limit is: ${refusal.error}`);
    // it refills: served again within a few seconds
    let served = null;
    const deadline = Date.now() + 20000;
    while (!served && Date.now() < deadline) {
        await sleep(500);
        const r = await w.request({ cmd: 'tables' });
        if (r.ok) served = r;
        else assert.equal(r.code, 'rate_limited', JSON.stringify(r));
    }
    assert.ok(served, 'served again once the bytes refilled');
    // pushes cost the spectator nothing: let the game send it many
    // kilobytes of updates, then it is served at once
    await sleep(6000); // the bucket full again (4 KiB at 1 KiB a second)
    const pushed = () => w.frames.filter((f) => f && f.push === 'update').reduce((n, f) => n + JSON.stringify(f).length, 0);
    const start = pushed();
    await driveUntil(tb.seats, () => pushed() - start > 12 * 1024 || tb.seats.some((s) => isOver(s.view)), 60000, '12 KiB of pushes to the spectator');
    assert.ok(pushed() - start > 12 * 1024, `the spectator got ${pushed() - start} bytes of pushes`);
    const after = await w.request({ cmd: 'tables' });
    assert.equal(after.ok, true, `a request after many pushes is served: ${JSON.stringify(after).slice(0, 300)}`);
});

// whether a command can be run (setpriv may be missing or not allowed)
function runs(cmd, args) {
    return new Promise((resolve) => {
        const p = spawn(cmd, args, { stdio: 'ignore' });
        p.once('error', () => resolve(false));
        p.once('exit', (code) => resolve(code === 0));
    });
}

test('a database the server may only read stops it at the start with a clear message and exit 1, rather than refusing every hello', { timeout: 60000 }, async (t) => {
    const dir = tmpDir(t);
    const db = path.join(dir, 'ro.db');
    // a store with a player in it, left as a crash leaves it (its -wal and
    // -shm files beside it): then the database file alone is made read-only
    const first = await startServer(t, { dir, db });
    const c = await player(first, 'before');
    c.terminate();
    await first.kill9();
    fs.chmodSync(db, 0o444);
    // root writes whatever a file's mode says: without CAP_DAC_OVERRIDE it
    // may not (setpriv drops it for the server alone)
    let wrap = ['env'];
    if (process.getuid && process.getuid() === 0) {
        const drop = ['--bounding-set=-dac_override,-dac_read_search', '--inh-caps=-dac_override,-dac_read_search'];
        if (!(await runs('setpriv', [...drop, 'true']))) {
            t.skip('running as root, and setpriv cannot drop CAP_DAC_OVERRIDE here');
            return;
        }
        wrap = ['setpriv', ...drop];
    }
    const second = await spawnServer(t, wrap, { dir, db, web: first.web });
    if (second.exited === undefined) await second.stop();
    assert.equal(second.exited, 1, `the server exits 1 on a read-only database; it said: ${second.stderr()}`);
    assert.match(second.stderr(), /cannot be written/, 'and says why');
    assert.ok(second.stderr().includes(db), 'naming the database');
    assert.ok(second.stderr().length < 2000, `in a line or two, not a failed commit a second: ${second.stderr().length} bytes`);
});

test('on PostgreSQL, a database the server may only read stops it at the start with a clear message and exit 1', { timeout: 60000, skip: !DB_URL && 'the suite runs on SQLite (make test-pg runs it on PostgreSQL)' }, async (t) => {
    const dbase = await freshDatabase();
    const role = `ad_reader_${process.pid}`;
    t.after(async () => {
        await dbase.drop();
        await psql(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
    });
    const first = await startServer(t, { db: dbase.url });
    const c = await player(first, 'before');
    c.terminate();
    await first.stop();
    // a user who may read every table (and make one, so opening the store
    // finds nothing to do) but write none
    await psql(`CREATE ROLE ${role} LOGIN PASSWORD 'reader'`);
    await psql(`GRANT CONNECT ON DATABASE ${dbase.name} TO ${role}`);
    await psql(`GRANT USAGE, CREATE ON SCHEMA public TO ${role}; GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`, dbase.url);
    const u = new URL(dbase.url);
    u.username = role;
    u.password = 'reader';
    const second = await spawnServer(t, ['env'], { db: u.toString(), web: first.web });
    if (second.exited === undefined) await second.stop();
    assert.equal(second.exited, 1, `the server exits 1 on a database it may only read; it said: ${second.stderr()}`);
    assert.match(second.stderr(), /cannot be written/, 'and says why');
    assert.ok(!second.stderr().includes(':reader@'), 'without the password');
});
