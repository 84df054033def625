// Promises of `hello`: names of 1 to 24 printable characters, a token that
// gives the same player again (and nothing for an unknown one), and nothing
// served before it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { startServer, Client, expectOk } from './harness.mjs';

test('hello: a name of 0 or 25 characters gets bad_field; 1 and 24 are fine; a token gives the same player; an unknown token gets bad_token; nothing before hello (no_hello)', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const c = await Client.connect(server);
    t.after(() => c.terminate());

    // before hello: every other request gets no_hello
    for (const req of [{ cmd: 'tables' }, { cmd: 'create', game: 'noway', players: 2 }, { cmd: 'join', table: 'x' }, { cmd: 'watch', table: 'x' }, { cmd: 'sync', table: 'x', v: 0 }, { cmd: 'act', table: 'x', action: { type: 'pass' } }, { cmd: 'leave', table: 'x' }]) {
        const r = await c.request(req);
        assert.equal(r.ok, false, `${req.cmd} before hello: ${JSON.stringify(r)}`);
        assert.equal(r.code, 'no_hello', `${req.cmd} before hello: ${JSON.stringify(r)}`);
    }

    for (const name of ['', 'x'.repeat(25), 'é'.repeat(25), 'tab\there', 'nl\nhere', 7, null]) {
        const r = await c.request({ cmd: 'hello', name });
        assert.equal(r.ok, false, `hello with name ${JSON.stringify(name)}: ${JSON.stringify(r)}`);
        assert.equal(r.code, 'bad_field', `hello with name ${JSON.stringify(name)}: ${JSON.stringify(r)}`);
    }
    const missing = await c.request({ cmd: 'hello' });
    assert.equal(missing.code, 'missing_field', `hello without a name: ${JSON.stringify(missing)}`);
    // still nothing served: those hellos were refused
    assert.equal((await c.request({ cmd: 'tables' })).code, 'no_hello', 'a refused hello is no hello');

    const one = expectOk(await c.request({ cmd: 'hello', name: 'A' }), 'a one-letter name');
    const c2 = await Client.connect(server);
    t.after(() => c2.terminate());
    const h = expectOk(await c2.request({ cmd: 'hello', name: 'y'.repeat(24) }), 'a 24-character name');
    assert.match(h.token, /^[0-9a-f]{32}$/, 'a token is 32 hexadecimal digits');
    assert.notEqual(one.player, h.player, 'each hello without a token is a new player');
    assert.notEqual(one.token, h.token);
    expectOk(await c.request({ cmd: 'tables' }), 'tables after hello');

    // the token on another connection: the same player
    const d = await Client.connect(server);
    t.after(() => d.terminate());
    const again = expectOk(await d.request({ cmd: 'hello', name: 'renamed', token: h.token }), 'hello with the token');
    assert.equal(again.player, h.player, 'the same player');
    // and it keeps the seat: a table made by the first connection is the player's
    const made = expectOk(await c2.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'] }), 'create');
    const j = expectOk(await d.request({ cmd: 'join', table: made.table }), 'join from the other connection');
    assert.equal(j.seat, made.seat, 'the same player gets its own seat back, not a new one');

    // an unknown token: bad_token, and no player made
    const e = await Client.connect(server);
    t.after(() => e.terminate());
    const bad = await e.request({ cmd: 'hello', name: 'guess', token: crypto.randomBytes(16).toString('hex') });
    assert.equal(bad.ok, false, JSON.stringify(bad));
    assert.equal(bad.code, 'bad_token');
    assert.equal((await e.request({ cmd: 'tables' })).code, 'no_hello', 'a refused token is no hello');
    const junk = await e.request({ cmd: 'hello', name: 'guess', token: 'not-a-token' });
    assert.equal(junk.ok, false);
    assert.ok(['bad_token', 'bad_field'].includes(junk.code), JSON.stringify(junk));
});
