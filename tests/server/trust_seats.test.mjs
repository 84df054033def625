// Promises of trust at a table (issue 28): a seat belongs to one player and
// only its player's connections hear it or act for it; nobody sees a card
// before the game starts; a chosen seed is marked; names are what
// shared/PROTOCOL.md's "Names" allows; finished games keep their names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { startServer, Client, player, expectOk, Engine, chooseAction, isOver, httpGet, sleep, DB_URL, psql, until } from './harness.mjs';

// every place in a frame where key k appears, as paths (".view.hand")
function keyPaths(x, k, at = '') {
    if (!x || typeof x !== 'object') return [];
    const out = [];
    for (const [key, val] of Object.entries(x)) {
        const here = `${at}.${key}`;
        if (key === k) out.push(here);
        out.push(...keyPaths(val, k, here));
    }
    return out;
}

test('a seat given up on a waiting table leaves every connection of its player: the next person\'s hand and moves stay theirs', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const a = await player(server, 'twin-a');
    const b = await Client.connect(server, { name: 'twin-b' });
    t.after(() => { a.terminate(); b.terminate(); });
    await b.hello('twin-b', a.token); // the same player on a second connection
    assert.equal(b.player, a.player);

    const made = expectOk(await a.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'], bot_pause_ms: 0 }), 'create');
    assert.equal(made.seat, 0);
    const bj = expectOk(await b.request({ cmd: 'join', table: made.table }), 'the second connection joins its own seat');
    assert.equal(bj.seat, 0);
    expectOk(await a.request({ cmd: 'leave', table: made.table }), 'the creator gives seat 0 up');
    const aj = expectOk(await a.request({ cmd: 'join', table: made.table, seat: 1 }), 'and takes seat 1');
    assert.equal(aj.seat, 1);
    const framesBefore = b.frames.length;

    const victim = await player(server, 'victim');
    t.after(() => victim.terminate());
    const vj = expectOk(await victim.request({ cmd: 'join', table: made.table }), 'the victim joins');
    assert.equal(vj.seat, 0, 'the victim gets the freed seat 0');
    assert.equal(vj.status, 'playing', 'every seat is taken: the game starts');

    // play seat 1 (the attacker's own) until the victim's seat 0 is asked
    const st = await a.waitPush((f) => f.push === 'update' && f.table === made.table, 5000, 'the start at seat 1');
    let view = vj.view, asked = vj.asked, av = st.view, aasked = st.asked, v = vj.v;
    const take = () => {
        for (const p of victim.takePushes('update')) if (p.v >= v) { v = p.v; view = p.view; asked = p.asked; }
        for (const p of a.takePushes('update')) { av = p.view; aasked = p.asked; }
    };
    for (let i = 0; i < 10; i++) {
        take();
        if (asked.includes(0)) break;
        if (aasked && aasked.includes(1) && av.seat === 1) {
            const act = chooseAction(av, aasked);
            if (act) expectOk(await a.request({ cmd: 'act', table: made.table, action: act }), 'seat 1 plays');
        }
        const p = await victim.waitPush((f) => f.push === 'update', 5000, 'an update');
        if (p.v >= v) { v = p.v; view = p.view; asked = p.asked; }
    }
    take();
    assert.ok(asked.includes(0), `seat 0 is asked: ${JSON.stringify(asked)}`);

    // the second connection acting "for seat 0": refused, nothing changed
    const move = chooseAction(view, asked);
    const r = await b.request({ cmd: 'act', table: made.table, action: move });
    assert.equal(r.ok, false, `the second connection's act is refused: ${JSON.stringify(r)}`);
    assert.equal(r.code, 'not_seated', JSON.stringify(r));
    expectOk(await victim.request({ cmd: 'sync', table: made.table, v }), 'the victim syncs');
    const s = await victim.waitPush((f) => f.push === 'update' && f.sync, 5000, 'the sync push');
    assert.equal(s.v, v, 'the table did not move: nothing was done for the victim');
    // and the victim's own move is still theirs to make
    expectOk(await victim.request({ cmd: 'act', table: made.table, action: move, v }), 'the victim plays its own move');

    // no frame of the second connection since the victim sat holds a hand
    // or a view of seat 0
    await b.request({ cmd: 'sync', table: made.table, v: 0 });
    for (const f of b.frames.slice(framesBefore)) {
        assert.deepEqual(keyPaths(f, 'hand'), [], `the second connection got a hand: ${JSON.stringify(f).slice(0, 300)}`);
        if (f.view) assert.notEqual(f.view.seat, 0, `a view of the victim's seat: ${JSON.stringify(f).slice(0, 300)}`);
    }
});

test('no frame holds a hand or any seat\'s card before the game starts, whichever seat a person sits at, leaves and takes', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const host = await player(server, 'host');
    const peek = await player(server, 'peek');
    const fan = await player(server, 'fan');
    t.after(() => { host.terminate(); peek.terminate(); fan.terminate(); });
    const seed = 4242;
    const made = expectOk(await host.request({ cmd: 'create', game: 'noway', players: 4, seats: ['open', 'open', 'open', 'open'], seed, bot_pause_ms: 0 }), 'create');
    expectOk(await fan.request({ cmd: 'watch', table: made.table }), 'a spectator');
    for (const seat of [1, 2, 3]) {
        const j = expectOk(await peek.request({ cmd: 'join', table: made.table, seat }), `join seat ${seat}`);
        assert.equal(j.status, 'waiting');
        assert.equal(j.view.seat, seat, 'the view says whose seat it is');
        expectOk(await peek.request({ cmd: 'sync', table: made.table, v: 0 }), 'sync while waiting');
        expectOk(await host.request({ cmd: 'sync', table: made.table, v: 0 }), 'the host syncs');
        expectOk(await peek.request({ cmd: 'leave', table: made.table }), `leave seat ${seat}`);
    }
    expectOk(await host.request({ cmd: 'join', table: made.table }), 'the host joins its own seat again');
    // let every push of the waiting time arrive: a round trip on each connection
    for (const c of [host, peek, fan]) expectOk(await c.request({ cmd: 'tables' }), 'tables');

    // the deal of that seed, as the engine makes it
    const engine = new Engine(t);
    const god = expectOk(await engine.request({ cmd: 'new', game: 'noway', players: 4, seed }), 'engine new').view;
    for (const c of [host, peek, fan]) {
        assert.ok(c.frames.length > 0);
        for (const f of c.frames) {
            const where = `${c.name}: ${JSON.stringify(f).slice(0, 300)}`;
            assert.deepEqual(keyPaths(f, 'hand'), [], `a hand before the start: ${where}`);
            assert.deepEqual(keyPaths(f, 'hands'), [], `hands before the start: ${where}`);
            const text = JSON.stringify(f);
            for (const h of god.hands) assert.ok(!text.includes(JSON.stringify(h)), `a seat's cards before the start: ${where}`);
        }
    }

    // once every seat is taken, each seat hears its own hand
    const others = [];
    for (let i = 0; i < 3; i++) {
        const p = await player(server, `p${i}`);
        t.after(() => p.terminate());
        others.push(p);
        expectOk(await p.request({ cmd: 'join', table: made.table }), 'join');
    }
    const start = await host.waitPush((f) => f.push === 'update' && f.table === made.table && !f.sync, 5000, 'the start');
    assert.deepEqual(start.view.hand.slice().sort(), god.hands[0].slice().sort(), 'the host\'s hand once the game started');
});

test('a connection that says hello as another player hears and plays its old seat no more', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const c = await player(server, 'first');
    t.after(() => c.terminate());
    const token = c.token;
    const made = expectOk(await c.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], bot_pause_ms: 0 }), 'create');
    assert.equal(made.seat, 0);
    assert.ok(made.view.hand, 'the game started: the seat sees its hand');
    const other = expectOk(await c.request({ cmd: 'hello', name: 'second' }), 'hello as a new player');
    assert.notEqual(other.player, made.player);
    const frames = c.frames.length;
    expectOk(await c.request({ cmd: 'sync', table: made.table, v: 0 }), 'sync');
    const w = expectOk(await c.request({ cmd: 'watch', table: made.table }), 'watch');
    assert.equal(w.seat, null, 'a spectator now');
    const r = await c.request({ cmd: 'act', table: made.table, action: { type: 'pass' } });
    assert.equal(r.code, 'not_seated', JSON.stringify(r));
    for (const f of c.frames.slice(frames)) {
        assert.deepEqual(keyPaths(f, 'hand'), [], `a hand after the hello: ${JSON.stringify(f).slice(0, 300)}`);
    }
    // the first player, back with the token, has the seat again
    const back = await player(server, 'first', token);
    t.after(() => back.terminate());
    const j = expectOk(await back.request({ cmd: 'join', table: made.table }), 'join again');
    assert.equal(j.seat, 0);
    assert.ok(j.view.hand, 'its own hand');
});

test('a table whose creator chose the seed says so to everyone: seeded in tables, join and watch answers, after a restart too', { timeout: 30000 }, async (t) => {
    let server = await startServer(t);
    const host = await player(server, 'host');
    const guest = await player(server, 'guest');
    const fan = await player(server, 'fan');
    const seeded = expectOk(await host.request({ cmd: 'create', game: 'noway', players: 3, seats: ['open', 'open', 'basic'], seed: 7 }), 'create with a seed');
    const plain = expectOk(await host.request({ cmd: 'create', game: 'noway', players: 3, seats: ['open', 'open', 'basic'] }), 'create without a seed');
    assert.equal(seeded.seeded, true, 'the creator is told');
    assert.equal(plain.seeded, false);
    const listed = async (c) => {
        const r = expectOk(await c.request({ cmd: 'tables' }), 'tables');
        return Object.fromEntries(r.tables.map((x) => [x.table, x.seeded]));
    };
    assert.deepEqual(await listed(guest), { [seeded.table]: true, [plain.table]: false }, 'tables says which');
    assert.equal(expectOk(await fan.request({ cmd: 'watch', table: seeded.table }), 'watch').seeded, true, 'a spectator is told');
    assert.equal(expectOk(await fan.request({ cmd: 'watch', table: plain.table }), 'watch').seeded, false);
    assert.equal(expectOk(await guest.request({ cmd: 'join', table: seeded.table }), 'join').seeded, true, 'whoever sits down is told');
    for (const c of [host, guest, fan]) c.terminate();

    // the mark is stored with the table
    await server.stop();
    server = await startServer(t, { dir: server.dir, db: server.db, web: server.web });
    const again = await player(server, 'later');
    t.after(() => again.terminate());
    assert.deepEqual(await listed(again), { [seeded.table]: true, [plain.table]: false }, 'after a restart');
    assert.equal(expectOk(await again.request({ cmd: 'watch', table: seeded.table }), 'watch').seeded, true);
});

test('a seed above 2^53 - 1 is refused with bad_field and words, and makes no table; 2^53 - 1 is fine', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const c = await player(server, 'seeder');
    t.after(() => c.terminate());
    for (const seed of [2 ** 53, '9007199254740992', '18446744073709551615', -1, 'x', 1.5]) {
        const r = await c.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], seed });
        assert.equal(r.ok, false, `seed ${JSON.stringify(seed)}: ${JSON.stringify(r)}`);
        assert.equal(r.code, 'bad_field', `seed ${JSON.stringify(seed)}: ${JSON.stringify(r)}`);
        assert.match(r.error, /seed/, 'the words say what is wrong');
    }
    assert.deepEqual(expectOk(await c.request({ cmd: 'tables' }), 'tables').tables, [], 'no table was made');
    const ok = expectOk(await c.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], seed: 2 ** 53 - 1 }), 'the largest seed');
    assert.equal(ok.seeded, true);
});

// how many players the store holds (SQLite's shell, or psql on PostgreSQL)
function countPlayers(server) {
    if (DB_URL) return psql('SELECT count(*) FROM players', server.db).then(Number);
    return new Promise((resolve, reject) => {
        execFile('sqlite3', [server.db, 'SELECT count(*) FROM players'], { timeout: 10000 }, (e, out, err) => {
            if (e) reject(new Error(`sqlite3: ${err || e.message}`));
            else resolve(Number(out.trim()));
        });
    });
}

test('a name is 1 to 24 characters after NFC, not blank, with no control, format, private, unassigned or noncharacter, nor a stack of combining marks: bad_field with words, and no player made', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const c = await Client.connect(server);
    t.after(() => c.terminate());
    const bad = {
        'a C1 control, U+0085': 'a\u0085b',
        'a C1 control, U+009B': 'a\u009bb',
        'a bidi override, U+202E': '\u202eevil',
        'a zero-width space, U+200B': 'a\u200bb',
        'a zero-width joiner, U+200D': 'a\u200db',
        'a lone BOM': '\ufeff',
        'blank': '   ',
        'a noncharacter, U+FDD0': 'a\ufdd0',
        'a tag character, U+E0041': 'a\u{e0041}',
        'a private-use character': 'a\ue000',
        'a stack of combining marks': `x${'\u0301\u0302\u0303\u0304\u0305'.repeat(4)}`,
        'a combining mark first': '\u0301a',
        '25 characters': 'y'.repeat(25),
        '25 characters after NFC': 'e\u0301'.repeat(25),
    };
    for (const [what, name] of Object.entries(bad)) {
        const r = await c.request({ cmd: 'hello', name });
        assert.equal(r.ok, false, `${what}: ${JSON.stringify(r)}`);
        assert.equal(r.code, 'bad_field', `${what}: ${JSON.stringify(r)}`);
        assert.ok(typeof r.error === 'string' && r.error.length > 10, `${what}: words say why: ${JSON.stringify(r)}`);
    }
    // a text frame that is not UTF-8: refused (or the connection closed), no player either
    const raw = await Client.connect(server);
    t.after(() => raw.terminate());
    raw.sendRaw(Buffer.concat([Buffer.from('{"cmd":"hello","rid":1,"name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('b"}')]), { binary: false });
    await Promise.race([raw.closed, raw.waitFrame((f) => f && f.ok === false, 5000, 'the refusal of a frame not in UTF-8')]);
    assert.equal(await countPlayers(server), 0, 'no player was made');
    assert.equal((await c.request({ cmd: 'tables' })).code, 'no_hello', 'a refused name is no hello');

    // ordinary names of any script are names; a decomposed é is kept as one character
    const good = ['Zoë Françoise', '山田花子', 'Mia 🐱', '❤️ Ana', 'กี้', 'e\u0301'.repeat(24)];
    for (const name of good) {
        const p = await Client.connect(server);
        t.after(() => p.terminate());
        expectOk(await p.request({ cmd: 'hello', name }), `hello ${JSON.stringify(name)}`);
        const made = expectOk(await p.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'] }), 'create');
        const row = expectOk(await p.request({ cmd: 'tables' }), 'tables').tables.find((x) => x.table === made.table);
        assert.equal(row.seats[0].name, name.normalize('NFC'), 'the name as shown is its NFC form');
    }
    assert.equal(await countPlayers(server), good.length);
});

test('a finished game keeps the names it was played with: a rename changes the seats of unfinished tables alone, not the replay', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const c = await player(server, 'Old Name');
    t.after(() => c.terminate());
    const done = expectOk(await c.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], options: { max_turns: 4 }, bot_pause_ms: 0 }), 'create');
    expectOk(await c.request({ cmd: 'leave', table: done.table }), 'leave: the stand-in plays it to its end');
    let replay = null;
    await until(async () => {
        const r = await httpGet(server, `/api/tables/${done.table}/replay`);
        if (r.status === 200) replay = JSON.parse(r.body);
        return r.status === 200;
    }, 30000, 'the game to end');
    assert.equal(replay.names[0], 'Old Name');
    const waiting = expectOk(await c.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'] }), 'a table waiting');

    const again = await player(server, 'New Name', c.token);
    t.after(() => again.terminate());
    assert.equal(again.player, c.player);
    const rows = Object.fromEntries(expectOk(await again.request({ cmd: 'tables' }), 'tables').tables.map((x) => [x.table, x]));
    assert.equal(rows[waiting.table].seats[0].name, 'New Name', 'an unfinished table shows the new name');
    if (rows[done.table]) assert.equal(rows[done.table].seats[0].name, 'Old Name', 'the finished one the old');
    const r = await httpGet(server, `/api/tables/${done.table}/replay`);
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.body).names, ['Old Name', null], 'the replay names the player as they were');
    for (const s of JSON.parse(r.body).steps) {
        for (const e of s.events) assert.ok(!String(e.text || '').includes('New Name'), `the replay's words: ${e.text}`);
    }
});
