// Promise: an action is acknowledged only once it is stored.  When the
// database refuses the write (another process holds it locked, or the disk
// is full), the `act` is refused with `store_failed`, nothing of it is
// acknowledged or pushed, the table stays at its stored version for
// everyone, the server keeps serving, and once the database can write again
// the same action goes through.
// On PostgreSQL (ALPHADECK_DB_URL) the same, with the action table locked
// by another session; and when the server's connection to the database is
// cut, the act under way is refused the same way and the next goes through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { startServer, twoPersonTable, chooseAction, expectOk, sleep, within, waitExit, getRecord, playToEnd, until, DB_URL, psql } from './harness.mjs';

/** Another process holding the database's write lock until release(). */
function lockDatabase(server) {
    return DB_URL ? lockPostgres(server) : lockSqlite(server.db);
}

/** sqlite3's own shell, in an exclusive transaction */
async function lockSqlite(db) {
    const proc = spawn('sqlite3', [db], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d) => { out += d; });
    proc.stdin.write('PRAGMA busy_timeout=5000;\nBEGIN EXCLUSIVE;\nSELECT \'locked\';\n');
    await within((async () => { while (!out.includes('locked')) await sleep(20); })(), 10000, 'sqlite3 to take the lock');
    return {
        async release() {
            proc.stdin.end('ROLLBACK;\n.quit\n');
            if (!(await waitExit(proc, 5000))) proc.kill('SIGKILL');
        },
        kill() { proc.kill('SIGKILL'); },
    };
}

/** psql, in a transaction holding the action table in EXCLUSIVE mode (reads go on, writes wait) */
async function lockPostgres(server) {
    const proc = spawn('psql', [server.db, '-X', '-q', '-v', 'ON_ERROR_STOP=1'], { stdio: ['pipe', 'ignore', 'pipe'] });
    proc.stdin.write('BEGIN;\nLOCK TABLE actions IN EXCLUSIVE MODE;\n');
    const held = `SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
        WHERE c.relname = 'actions' AND l.mode = 'ExclusiveLock' AND l.granted`;
    await within((async () => { while (await psql(held, server.db) !== '1') await sleep(20); })(),
        10000, 'psql to take the lock');
    return {
        async release() {
            proc.stdin.end('ROLLBACK;\n');
            if (!(await waitExit(proc, 5000))) proc.kill('SIGKILL');
        },
        kill() { proc.kill('SIGKILL'); },
    };
}

/** the person asked now at a two-person table, at a version both have seen */
async function askedPerson(sa, sb) {
    for (let i = 0; i < 50; i++) {
        for (const s of [sa, sb]) s.drain();
        const mover = [sa, sb].find((s) => s.view && (s.asked || s.view.to_act).includes(s.seat) && s.view.phase !== 'over');
        if (mover) return mover;
        await sleep(100);
    }
    assert.fail('one of the people is asked');
}

/**
 * A full disk, for the server alone: prlimit sets its file-size limit
 * (RLIMIT_FSIZE, its soft limit only: the hard one stays, so it can be
 * raised back) to `bytes`, so a write past that offset in any file fails
 * with EFBIG as a write to a full disk fails with ENOSPC.  null: no limit.
 */
async function fileSizeLimit(pid, bytes) {
    const proc = spawn('prlimit', ['--pid', String(pid), `--fsize=${bytes === null ? 'unlimited' : bytes}:`], { stdio: 'inherit' });
    const done = await waitExit(proc, 5000);
    assert.ok(done && proc.exitCode === 0, `prlimit --pid ${pid} --fsize=${bytes} exited ${proc.exitCode}`);
}

test('when the disk is full an act is refused as store_failed and never acknowledged, the server keeps serving, and it recovers when there is room', { timeout: 60000, skip: DB_URL ? 'the file-size limit is the SQLite server\'s own; PostgreSQL writes in its own process' : false }, async (t) => {
    const server = await startServer(t);
    const tb = await twoPersonTable(server, 'noway', { seats: ['open', 'open'], options: { max_turns: 80 }, seed: 11 });
    const [sa, sb] = tb.seats;
    const mover = await askedPerson(sa, sb);
    const other = mover === sa ? sb : sa;
    const v0 = mover.v;
    const action = chooseAction(mover.view, mover.asked);
    // no room past what the files hold now: the next commit cannot grow the log
    const size = Math.max(...['', '-wal'].map((x) => (fs.existsSync(server.db + x) ? fs.statSync(server.db + x).size : 0)));
    await fileSizeLimit(server.proc.pid, size);
    const refused = await mover.c.request({ cmd: 'act', table: tb.table, action, v: v0 }, 10000);
    assert.equal(refused.ok, false, `an act while the disk is full: ${JSON.stringify(refused)}`);
    assert.equal(refused.code, 'store_failed');
    assert.match(refused.error, /database/, 'the refusal says in words that the database could not write');
    await sleep(300);
    for (const s of [mover, other]) {
        const past = s.c.takePushes('update').filter((p) => p.table === tb.table && p.v > v0);
        assert.deepEqual(past.map((p) => p.v), [], `${s.c.name} got no update past v ${v0}`);
    }
    // still serving: the lobby, and a sync that shows the stored version
    expectOk(await other.c.request({ cmd: 'tables' }), 'tables while the disk is full');
    const sync = expectOk(await mover.c.request({ cmd: 'sync', table: tb.table, v: v0 }), 'sync while the disk is full');
    assert.equal(sync.v, v0, 'the table is still at its stored version');
    // a second try while still full is refused the same way
    const again = await mover.c.request({ cmd: 'act', table: tb.table, action, v: v0 }, 10000);
    assert.equal(again.code, 'store_failed', `a second act while the disk is full: ${JSON.stringify(again)}`);

    await fileSizeLimit(server.proc.pid, null); // room again
    const ok = await mover.c.request({ cmd: 'act', table: tb.table, action, v: v0 }, 10000);
    assert.equal(ok.ok, true, `the same act once there is room: ${JSON.stringify(ok)}`);
    assert.equal(ok.v, v0 + 1, 'its version follows the stored one: the refused acts left no trace');
    mover.acks.push({ v: ok.v, seat: mover.seat, action });
    await playToEnd([sa, sb], 40000);
    const rec = await getRecord(server, tb.table);
    assert.equal(rec.status, 200);
    for (const s of [sa, sb])
        for (const a of s.acks) {
            assert.equal(rec.json.actions[a.v - 1].seat, a.seat, `the acknowledged act of v ${a.v} is in the record`);
            assert.deepEqual(rec.json.actions[a.v - 1].action, a.action);
        }
    assert.equal(server.proc.exitCode, null, 'the server never stopped');
});

test('a write the database refuses is refused as store_failed, never acknowledged, and goes through once the database is free', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const tb = await twoPersonTable(server, 'noway', { seats: ['open', 'open', 'basic'], options: { max_turns: 80 } });
    const [sa, sb] = tb.seats;
    const mover = await askedPerson(sa, sb);
    const other = mover === sa ? sb : sa;
    const v0 = mover.v;
    const action = chooseAction(mover.view, mover.asked);

    const lock = await lockDatabase(server);
    t.after(() => lock.kill());
    const refused = await mover.c.request({ cmd: 'act', table: tb.table, action, v: v0 }, 10000);
    assert.equal(refused.ok, false, `an act while the database is locked: ${JSON.stringify(refused)}`);
    assert.equal(refused.code, 'store_failed');
    await sleep(300);
    // nothing of it was pushed: nobody saw a version past v0
    for (const s of [mover, other]) {
        const past = s.c.takePushes('update').filter((p) => p.table === tb.table && p.v > v0);
        assert.deepEqual(past.map((p) => p.v), [], `${s.c.name} got no update past v ${v0}`);
    }
    // the server keeps serving: the lobby answers
    expectOk(await other.c.request({ cmd: 'tables' }), 'tables while the database is locked');
    await lock.release();

    // the same action, at the same version, now goes through and is stored
    const ok = await mover.c.request({ cmd: 'act', table: tb.table, action, v: v0 }, 10000);
    assert.equal(ok.ok, true, `the same act once the database is free: ${JSON.stringify(ok)}`);
    assert.equal(ok.v, v0 + 1, 'its version follows the stored one: the refused act left no trace');
    mover.acks.push({ v: ok.v, seat: mover.seat, action });
    await playToEnd([sa, sb], 40000);
    const rec = await getRecord(server, tb.table);
    assert.equal(rec.status, 200);
    const a = rec.json.actions[ok.v - 1];
    assert.equal(a.seat, mover.seat);
    assert.deepEqual(a.action, action, 'the acknowledged action is in the record at its version');
    assert.match(server.stderr(), /nothing of this pass was stored/, 'the server said why in its log');
});

test('while one table\'s commit waits for the database, the server answers another table at once: the store has a thread of its own', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const tb = await twoPersonTable(server, 'noway', { seats: ['open', 'open'], options: { max_turns: 80 }, seed: 5 });
    const elsewhere = await twoPersonTable(server, 'noway', { seats: ['open', 'open'], options: { max_turns: 80 }, seed: 6 });
    const mover = await askedPerson(...tb.seats);
    const v0 = mover.v;
    const action = chooseAction(mover.view, mover.asked);
    const [ea] = elsewhere.seats;
    await until(() => ea.v >= 0, 5000, 'the other table\'s first view');

    const lock = await lockDatabase(server);
    t.after(() => lock.kill());
    let refusedAt = null;
    const act = mover.c.request({ cmd: 'act', table: tb.table, action, v: v0 }, 10000)
        .then((r) => { refusedAt = Date.now(); return r; });
    await sleep(30); // its commit under way: it waits for the lock, then gives up
    const sync = expectOk(await ea.c.request({ cmd: 'sync', table: elsewhere.table, v: ea.v }), 'a sync at the other table');
    const answeredAt = Date.now();
    const refused = await act;
    assert.equal(refused.code, 'store_failed', `the act while the database is locked: ${JSON.stringify(refused)}`);
    assert.equal(sync.v, ea.v);
    assert.ok(answeredAt < refusedAt, `the other table was answered (at ${answeredAt}) before the stuck commit gave up (at ${refusedAt}), not after it`);
    await lock.release();
    const ok = await mover.c.request({ cmd: 'act', table: tb.table, action, v: v0 }, 10000);
    assert.equal(ok.ok, true, `the same act once the database is free: ${JSON.stringify(ok)}`);
    assert.equal(ok.v, v0 + 1);
});

test('on PostgreSQL, an act while the server\'s connection to the database is cut is refused as store_failed, and the next goes through on a new connection', { timeout: 60000, skip: DB_URL ? false : 'only a PostgreSQL store has a connection to cut (make test-pg runs this)' }, async (t) => {
    const server = await startServer(t);
    const tb = await twoPersonTable(server, 'noway', { seats: ['open', 'open', 'basic'], options: { max_turns: 80 } });
    const [sa, sb] = tb.seats;
    const mover = await askedPerson(sa, sb);
    const v0 = mover.v;
    const action = chooseAction(mover.view, mover.asked);

    // the database ends the server's session (as a restart or a network fault would)
    const mine = `datname = '${server.dbName}' AND application_name = 'alphadeck'`;
    await psql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${mine}`);
    await within((async () => {
        while (await psql(`SELECT count(*) FROM pg_stat_activity WHERE ${mine}`) !== '0') await sleep(20);
    })(), 10000, 'the server\'s session to end');

    const refused = await mover.c.request({ cmd: 'act', table: tb.table, action, v: v0 }, 10000);
    assert.equal(refused.ok, false, `an act on a cut connection: ${JSON.stringify(refused)}`);
    assert.equal(refused.code, 'store_failed');
    const ok = await mover.c.request({ cmd: 'act', table: tb.table, action, v: v0 }, 10000);
    assert.equal(ok.ok, true, `the same act next: ${JSON.stringify(ok)}`);
    assert.equal(ok.v, v0 + 1, 'its version follows the stored one');
    mover.acks.push({ v: ok.v, seat: mover.seat, action });
    await playToEnd([sa, sb], 40000);
    const rec = await getRecord(server, tb.table);
    assert.equal(rec.status, 200);
    assert.deepEqual(rec.json.actions[ok.v - 1].action, action, 'the acknowledged action is in the record at its version');
    assert.match(server.stderr(), /nothing of this pass was stored/, 'the server said why in its log');
});
