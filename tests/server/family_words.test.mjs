// Promise (issue 31, "a family dictionary by default"): a Liar or Shout
// table made with `create` holds people to the family dictionary unless it
// was made with the option words "full"; a listed word is refused in words
// with the code family_word and nothing changes; GET /api/words looks any
// word up in a table's dictionary, answered by the library, and says
// whether it is a common word; /api/games lists the option.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, httpGet, twoPersonTable, refused } from './harness.mjs';

/** the seat asked to announce at a two-person Liar table, and its Seat */
function announcer(t) {
    for (const s of t.seats) s.drain();
    const asked = t.seats[0].view.to_act[0];
    return t.seats.find((s) => s.seat === asked);
}

test('a Liar table refuses a listed word with family_word by default and takes it with words "full"', async (t) => {
    const server = await startServer(t);
    const fam = await twoPersonTable(server, 'liar', { seats: ['open', 'open'], options: {}, seed: 5 });
    const s = announcer(fam);
    assert.equal(s.view.words, 'family');
    const r = await s.c.request({ cmd: 'act', table: fam.table, action: { type: 'announce', word: 'shit' }, v: s.v });
    refused(r, 'family_word', 'a listed word at a family table');
    assert.match(r.error, /not in the family dictionary of this table/);
    const again = expectOk(await s.c.request({ cmd: 'act', table: fam.table, action: { type: 'announce', word: 'this' }, v: s.v }),
        'a family word at the same version: nothing changed');
    assert.equal(again.v, s.v + 1);

    const full = await twoPersonTable(server, 'liar', { seats: ['open', 'open'], options: { words: 'full' }, seed: 5, a: fam.clients[0], b: fam.clients[1] });
    const f = announcer(full);
    assert.equal(f.view.words, 'full');
    expectOk(await f.c.request({ cmd: 'act', table: full.table, action: { type: 'announce', word: 'shit' }, v: f.v }),
        'a listed word at a table made with words "full"');
});

test('GET /api/words looks words up in the family or the full dictionary, common or rarer', async (t) => {
    const server = await startServer(t);
    const r = await httpGet(server, '/api/words/family/cat,toea,shit,Fucks,xqzt');
    assert.equal(r.status, 200, r.body);
    const j = JSON.parse(r.body);
    assert.equal(j.dictionary, 'family');
    assert.deepEqual(j.words.map((w) => [w.word, w.in, w.common, w.said]), [
        ['cat', true, true, 'common word'],
        ['toea', true, false, 'rarer word'],
        ['shit', false, false, 'not in the family dictionary of this table'],
        ['fucks', false, false, 'not in the family dictionary of this table'],
        ['xqzt', false, false, "not a word in this table's dictionary"],
    ]);
    const full = JSON.parse((await httpGet(server, '/api/words/full/shit')).body);
    assert.deepEqual(full.words[0], { word: 'shit', in: true, common: false, said: 'a word of the full dictionary only' });
    for (const bad of ['/api/words/family/', '/api/words/adult/cat', '/api/words/family/c4t', `/api/words/family/${'a'.repeat(40)}`,
        `/api/words/family/${Array(65).fill('a').join(',')}`]) {
        const b = await httpGet(server, bad);
        assert.equal(b.status, 400, bad);
        const body = JSON.parse(b.body);
        assert.equal(body.code, 'bad_word', bad);
        assert.ok(body.error.length > 10, `${bad}: words for a person`);
    }
});

test('/api/games lists the words option of Liar and Shout, family by default, explained in words', async (t) => {
    const server = await startServer(t);
    const api = JSON.parse((await httpGet(server, '/api/games')).body);
    for (const id of ['liar', 'shout']) {
        const o = api.games.find((g) => g.id === id).options.find((x) => x.name === 'words');
        assert.ok(o, `${id} has the words option`);
        assert.deepEqual([o.min, o.max, o.default], [0, 1, 0]);
        assert.match(o.help, /^family: offensive words and slurs are refused.*full: every word/);
    }
    // a create with a value it does not have is refused, in words
    const p = await player(server, 'maker');
    refused(await p.request({ cmd: 'create', game: 'shout', players: 2, seats: ['open', 'basic'], options: { words: 'adult' } }),
        'bad_option', 'a words value that is neither family nor full');
});
