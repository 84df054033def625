// Promises of the HTTP side: static files only from the web folder, every
// response with a Content-Security-Policy, and no WebSocket for a page of
// another origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { startServer, rawHttp, httpGet, Client, within, HOST } from './harness.mjs';

function status(text) {
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
    return m ? Number(m[1]) : null;
}

test('GET of a path with .. serves nothing from outside the web folder', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const index = await httpGet(server, '/');
    assert.equal(index.status, 200, 'GET / serves index.html');
    assert.ok(index.body.includes('WEB-INDEX-MARKER'));
    for (const p of ['/../etc/passwd', '/../../../../../../etc/passwd', '/%2e%2e/etc/passwd', '/..%2f..%2f..%2fetc/passwd',
        '/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/.%2e/secret.txt', '//etc/passwd', '/..\\secret.txt']) {
        const res = await rawHttp(server, `GET ${p} HTTP/1.1\r\nHost: ${HOST}:${server.port}\r\nConnection: close\r\n\r\n`);
        assert.ok(!res.includes('root:'), `GET ${p} served /etc/passwd: ${res.slice(0, 300)}`);
        assert.ok(!res.includes('SECRET-OUTSIDE-WEB-MARKER'), `GET ${p} served a file outside the web folder: ${res.slice(0, 300)}`);
        const st = status(res);
        assert.ok(st === null || st >= 300 || res.includes('WEB-INDEX-MARKER'), `GET ${p}: ${res.slice(0, 200)}`);
    }
    // the server still serves after that
    assert.equal((await httpGet(server, '/index.html')).status, 200);
});

test('responses carry a Content-Security-Policy header (and nosniff)', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    for (const p of ['/', '/index.html']) {
        const r = await httpGet(server, p);
        assert.equal(r.status, 200, `GET ${p}`);
        const csp = r.headers['content-security-policy'];
        assert.ok(csp, `GET ${p} has a Content-Security-Policy: ${JSON.stringify(r.headers)}`);
        assert.match(csp, /default-src 'self'/);
        assert.equal(r.headers['x-content-type-options'], 'nosniff', `GET ${p}: X-Content-Type-Options`);
    }
    const missing = await httpGet(server, '/no-such-file.html');
    assert.equal(missing.status, 404, 'a missing file is 404');
    const rec = await httpGet(server, '/api/tables/nope/record');
    assert.equal(rec.status, 404, 'the record of an unknown table is 404');
});

test('a WebSocket upgrade from another origin is refused; from the server\'s own it is accepted', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const own = await Client.connect(server);
    await own.close();
    for (const origin of ['http://evil.example', 'null', `http://${HOST}:${server.port}.evil.example`, `http://evil.example:${server.port}`]) {
        const outcome = await within(new Promise((resolve) => {
            const ws = new WebSocket(server.wsUrl, { origin, handshakeTimeout: 5000 });
            ws.on('open', () => { ws.terminate(); resolve('open'); });
            ws.on('unexpected-response', (req, res) => { resolve(`refused ${res.statusCode}`); req.destroy(); });
            ws.on('error', (e) => resolve(`error ${e.message}`));
        }), 8000, `the upgrade from ${origin}`);
        assert.notEqual(outcome, 'open', `an upgrade with Origin: ${origin} was accepted`);
    }
    // and the raw upgrade is answered with no 101
    const res = await rawHttp(server, `GET /ws HTTP/1.1\r\nHost: ${HOST}:${server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://evil.example\r\n\r\n`, 2000);
    assert.notEqual(status(res), 101, `the raw upgrade from evil.example: ${res.slice(0, 200)}`);
});
