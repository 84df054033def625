// Table talk (shared/PROTOCOL.md, "Table talk"; docs/server.md): reactions
// and messages reach everyone at the table, seated or watching; messages
// only where the table allows them; nothing invisible or controlling gets
// through; a person who talks too fast is refused; and talk is never part
// of the game's record.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
    startServer, player, expectOk, httpGet, getRecord, Seat, playToEnd, SHORT,
} from './harness.mjs';

/** a table of `talk` (undefined: create says nothing) with a and b seated,
 *  a bot beside them, and w watching: { table, a, b, w, create } */
async function talkTable(server, talk, tag = talk || 'default') {
    const a = await player(server, `Ann-${tag}`);
    const b = await player(server, `Bea-${tag}`);
    const w = await player(server, `Watcher-${tag}`);
    const create = expectOk(await a.request({
        cmd: 'create', game: 'liar', players: 3, seats: ['open', 'open', 'basic'],
        options: SHORT.liar, bot_pause_ms: 0, ...(talk ? { talk } : {}),
    }), `create a table of talk ${talk}`);
    expectOk(await b.request({ cmd: 'join', table: create.table }), 'b joins');
    expectOk(await w.request({ cmd: 'watch', table: create.table }), 'w watches');
    return { table: create.table, a, b, w, create };
}

const talkPush = (c, table, pred = () => true, what = 'a talk push') =>
    c.waitPush((f) => f.push === 'talk' && f.table === table && pred(f), 5000, what);

test('GET /api/reactions lists at least 8 reactions, each with an id, a text and an emoji', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const r = await httpGet(server, '/api/reactions');
    assert.equal(r.status, 200);
    const list = JSON.parse(r.body);
    assert.ok(Array.isArray(list) && list.length >= 8, r.body);
    for (const e of list) {
        assert.match(e.id, /^[a-z_]+$/);
        assert.ok(e.text.length > 0 && e.emoji.length > 0, JSON.stringify(e));
    }
    assert.ok(list.some((e) => e.id === 'liar' && e.text === 'Liar!'), 'Liar! is among them');
});

test('a reaction and a message reach every seat and every spectator, naming who said it (a spectator with seat null)', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const { table, a, b, w, create } = await talkTable(server, 'chat');
    assert.equal(create.talk, 'chat', 'create answers with the table talk');
    expectOk(await a.request({ cmd: 'react', table, reaction: 'good_luck' }), 'a reacts');
    for (const c of [a, b, w]) {
        const p = await talkPush(c, table, (f) => f.reaction === 'good_luck', `${c.name} hears the reaction`);
        assert.equal(p.seat, create.seat);
        assert.equal(p.name, 'Ann-chat');
        assert.equal(p.player, a.player, 'the player\'s number, to mute them by');
        assert.equal(p.text, 'Good luck');
        assert.equal(typeof p.at_ms, 'number');
    }
    expectOk(await w.request({ cmd: 'say', table, text: 'Cafe\u0301 for everyone!' }), 'the spectator says');
    for (const c of [a, b, w]) {
        const p = await talkPush(c, table, (f) => f.name === 'Watcher-chat', `${c.name} hears the message`);
        assert.equal(p.seat, null, 'a spectator talks with seat null');
        assert.equal(p.reaction, undefined);
        assert.equal(p.text, 'Caf\u00e9 for everyone!', 'the text comes in NFC');
    }
});

test('a table made with no talk or with "reactions" takes reactions but refuses messages', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    for (const talk of [undefined, 'reactions']) {
        const { table, a, w, create } = await talkTable(server, talk);
        assert.equal(create.talk, 'reactions');
        const r = await a.request({ cmd: 'say', table, text: 'hello' });
        assert.equal(r.ok, false);
        assert.equal(r.code, 'forbidden');
        assert.match(r.error, /reactions only/);
        expectOk(await w.request({ cmd: 'react', table, reaction: 'wow' }), 'a spectator reacts');
        await talkPush(a, table, (f) => f.reaction === 'wow', 'the reaction');
        assert.equal(a.queue.filter((f) => f.push === 'talk' && f.text === 'hello').length, 0);
    }
});

test('a table made with talk "off" refuses reactions and messages, and create refuses an unknown talk', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const { table, a, b } = await talkTable(server, 'off');
    for (const req of [{ cmd: 'react', table, reaction: 'wow' }, { cmd: 'say', table, text: 'hi' }]) {
        const r = await a.request(req);
        assert.equal(r.ok, false);
        assert.equal(r.code, 'forbidden');
        assert.match(r.error, /off/);
    }
    const bad = await b.request({ cmd: 'create', game: 'liar', players: 2, talk: 'shout' });
    assert.equal(bad.code, 'bad_field');
    assert.match(bad.error, /chat/);
    assert.equal(a.queue.filter((f) => f.push === 'talk').length, 0, 'nothing was said');
});

test('an unknown reaction, a missing field, and talk at a table one is not at are refused', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const { table, a } = await talkTable(server, 'chat');
    const stranger = await player(server, 'Stranger');
    const cases = [
        [a, { cmd: 'react', table, reaction: 'you_stink' }, 'bad_field'],
        [a, { cmd: 'react', table, reaction: 7 }, 'bad_field'],
        [a, { cmd: 'react', table }, 'missing_field'],
        [a, { cmd: 'say', table }, 'missing_field'],
        [a, { cmd: 'say', table, text: 5 }, 'bad_field'],
        [stranger, { cmd: 'react', table, reaction: 'wow' }, 'not_watching'],
        [stranger, { cmd: 'say', table, text: 'hi' }, 'not_watching'],
    ];
    for (const [c, req, code] of cases) {
        const r = await c.request(req);
        assert.equal(r.ok, false, JSON.stringify(req));
        assert.equal(r.code, code, `${JSON.stringify(req)}: ${JSON.stringify(r)}`);
        assert.ok(r.error.length > 0);
    }
});

test('a message of control or format characters, blank, empty or over 200 characters is refused with bad_field', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const { table, a, b } = await talkTable(server, 'chat');
    const bad = [
        '\u202Eevil',          // right-to-left override
        'zero\u200Bwidth',     // zero-width space
        'a\u2066b',            // left-to-right isolate
        '\uFEFFbom',           // byte order mark
        'bell\u0007',          // a C0 control
        'two\nlines',          // a line break is a control too
        'csi\u009B',           // a C1 control
        'private\uE000',       // private use
        'non\uFDD0char',       // a noncharacter
        '',
        '   ',
        'x'.repeat(201),
    ];
    for (const text of bad) {
        const r = await a.request({ cmd: 'say', table, text });
        assert.equal(r.ok, false, JSON.stringify(text));
        assert.equal(r.code, 'bad_field', `${JSON.stringify(text)}: ${JSON.stringify(r)}`);
        assert.ok(r.error.length > 0);
    }
    expectOk(await a.request({ cmd: 'say', table, text: 'y'.repeat(200) }), '200 characters are fine');
    expectOk(await a.request({ cmd: 'say', table, text: 'Здравствуйте 你好 🙂' }), 'any script is fine');
    await talkPush(b, table, (f) => f.text === 'Здравствуйте 你好 🙂', 'the good message');
    const heard = b.queue.filter((f) => f.push === 'talk').map((f) => f.text);
    assert.deepEqual(heard, ['y'.repeat(200)], 'only the good messages were pushed');
});

test('a person who talks too fast is refused with rate_limited, across connections, and may talk again later', { timeout: 30000 }, async (t) => {
    const server = await startServer(t, { args: ['--talk-burst', '3', '--talk-every-ms', '500'] });
    const { table, a, w } = await talkTable(server, 'chat');
    const a2 = await player(server, 'Ann-chat', a.token); // the same person on another page
    expectOk(await a2.request({ cmd: 'watch', table }), 'a2 watches');
    let ok = 0;
    let limited = null;
    for (let i = 0; i < 10 && !limited; i++) {
        const c = i % 2 ? a2 : a;
        const r = await c.request(i % 3 ? { cmd: 'react', table, reaction: 'wow' } : { cmd: 'say', table, text: `n${i}` });
        if (r.ok) ok++;
        else limited = r;
    }
    assert.ok(limited, 'a refusal came');
    assert.equal(limited.code, 'rate_limited');
    assert.ok(ok >= 3, `the burst went through (${ok})`);
    // another person is not limited by Ann's talk
    expectOk(await w.request({ cmd: 'react', table, reaction: 'hmm' }), 'the watcher talks');
    // a while later Ann may talk again (polled: the machine may be slow)
    const deadline = Date.now() + 15000;
    let again;
    do {
        await new Promise((r) => setTimeout(r, 300));
        again = await a.request({ cmd: 'react', table, reaction: 'oops' });
    } while (!again.ok && again.code === 'rate_limited' && Date.now() < deadline);
    expectOk(again, 'Ann talks again later');
});

test('talk is not in the game record, and the table keeps its talk across a restart', { timeout: 120000 }, async (t) => {
    const server = await startServer(t);
    const { table, a, b, w } = await talkTable(server, 'chat');
    expectOk(await a.request({ cmd: 'say', table, text: 'SECRET-TALK-MARKER' }), 'a says');
    expectOk(await b.request({ cmd: 'react', table, reaction: 'liar' }), 'b reacts');
    await talkPush(w, table, (f) => f.reaction === 'liar', 'the reaction');
    const sa = new Seat(a, table, 0);
    const sb = new Seat(b, table, 1);
    await sa.join();
    await sb.join();
    await playToEnd([sa, sb], 90000);
    let rec;
    const deadline = Date.now() + 20000;
    do {
        rec = await getRecord(server, table);
        if (rec.status !== 200) await new Promise((r) => setTimeout(r, 200));
    } while (rec.status !== 200 && Date.now() < deadline);
    assert.equal(rec.status, 200, rec.body);
    assert.ok(Array.isArray(rec.json.actions) && rec.json.actions.length > 0);
    assert.doesNotMatch(rec.body, /SECRET-TALK-MARKER|"push"|"reaction"/);
    // a table of chat made and left waiting keeps its talk when the server restarts
    const c = await player(server, 'Cid');
    const made = expectOk(await c.request({ cmd: 'create', game: 'liar', players: 2, seats: ['open', 'open'], talk: 'chat' }), 'create');
    await server.stop();
    const again = await startServer(t, { dir: server.dir, db: server.db, web: server.web });
    const c2 = await player(again, 'Cid', c.token);
    const j = expectOk(await c2.request({ cmd: 'join', table: made.table }), 'rejoin after the restart');
    assert.equal(j.talk, 'chat');
    expectOk(await c2.request({ cmd: 'say', table: made.table, text: 'still here' }), 'chat still allowed');
});
