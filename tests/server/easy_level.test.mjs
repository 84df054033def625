// Issue 31, "A level for children": /api/games names each game's level for
// Play now (bot_default: easy in Sequence Letters, basic in the others),
// one of the levels it lists; a table of Sequence Letters with easy bots
// plays to its end; and `child`, the model of a five-year-old that `sim`
// measures easy with, is no level a table seats: create refuses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, httpGet, refused, until, SHORT } from './harness.mjs';

test('/api/games names each game\'s Play now level, easy in Sequence Letters and basic in the others, one it lists', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const r = await httpGet(server, '/api/games');
    assert.equal(r.status, 200);
    for (const g of JSON.parse(r.body).games) {
        assert.ok(g.bots.includes(g.bot_default), `${g.id}: ${g.bot_default} is among ${g.bots}`);
        assert.equal(g.bot_default, g.id === 'sequence' ? 'easy' : 'basic', g.id);
        assert.ok(!g.bots.includes('child'), `${g.id}: child is no level`);
    }
});

test('a table refuses a child bot, the model sim measures with, and easy bots play Sequence Letters to its end', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const ann = await player(server, 'Ann');
    t.after(() => ann.terminate());
    refused(await ann.request({ cmd: 'create', game: 'sequence', players: 2, seats: ['open', 'child'] }),
        'bad_level', 'a child bot');
    const made = expectOk(await ann.request({
        cmd: 'create', game: 'sequence', players: 2, seats: ['easy', 'easy'], options: SHORT.sequence, bot_pause_ms: 0, seed: 3,
    }), 'a table of easy bots');
    assert.deepEqual(made.seats.map((s) => s.bot), ['easy', 'easy']);
    expectOk(await ann.request({ cmd: 'leave', table: made.table }), 'leave it');
    await until(async () => (await httpGet(server, `/api/tables/${made.table}/replay`)).status === 200, 60000,
        'the easy bots to finish their game');
});
