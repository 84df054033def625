// Promise: the browser finds the cards of a typed Shout word as the library
// does.  web/js/games/shout_spell.js (the one speller in web/) answers a few
// hundred seeded tables (drawn from Shout's deck, some with extra wilds) as
// `alphadeck words --spell` (ad_lex_spell) does: the same words spelled,
// with as many cards and as few wilds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BIN, ROOT } from './harness.mjs';
import { findCards, spells } from '../../web/js/games/shout_spell.js';

/** a small seeded generator (mulberry32) */
function rng(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** Shout's pack, a face per card, from its data file */
function pack() {
    const cards = [];
    for (const line of fs.readFileSync(path.join(ROOT, 'data', 'decks', 'shout.txt'), 'utf8').split('\n')) {
        const m = /^(\S+)\s+\S+\s+(\d+)/.exec(line);
        if (m && !line.startsWith('#')) for (let i = 0; i < Number(m[2]); i++) cards.push(m[1]);
    }
    return cards;
}

/** a table of n cards of the pack, plus `wilds` more wilds, shuffled */
function deal(next, cards, n, wilds) {
    const bag = [...cards];
    const table = [];
    for (let i = 0; i < n && bag.length; i++) table.push(bag.splice(Math.floor(next() * bag.length), 1)[0]);
    for (let i = 0; i < wilds; i++) table.splice(Math.floor(next() * (table.length + 1)), 0, '*');
    return table.map((card, id) => ({ id: id + 1, card }));
}

/** a word to try: the letters of some of the table's cards (a wild any
 * letter), or now and then letters at random */
function wordFor(next, table) {
    const abc = 'abcdefghijklmnopqrstuvwxyz';
    if (next() < 0.15) return Array.from({ length: 2 + Math.floor(next() * 6) }, () => abc[Math.floor(next() * 26)]).join('');
    const pool = [...table];
    const k = 1 + Math.floor(next() * Math.min(8, pool.length));
    let w = '';
    for (let i = 0; i < k; i++) {
        const c = pool.splice(Math.floor(next() * pool.length), 1)[0].card;
        w += c === '*' ? abc[Math.floor(next() * 26)] : c.toLowerCase();
    }
    return w.slice(0, 31);
}

test('the browser\'s Shout speller finds as many cards and as few wilds as the library, on 300 seeded tables', { timeout: 120000 }, () => {
    const next = rng(29);
    const cards = pack();
    assert.ok(cards.length >= 80, 'Shout\'s pack read');
    let spelled = 0;
    for (let i = 0; i < 300; i++) {
        const table = deal(next, cards, 3 + Math.floor(next() * 28), next() < 0.3 ? Math.floor(next() * 5) : 0);
        const word = wordFor(next, table);
        const r = spawnSync(BIN, ['words', '--spell', word, '--json', ...table.map((t) => t.card)], { encoding: 'utf8' });
        assert.ok(r.status === 0 || r.status === 1, `words --spell ${word}: ${r.stderr}`);
        const lib = JSON.parse(r.stdout);
        const ids = findCards(table, word);
        const what = `${word} from ${table.map((t) => t.card).join(' ')}: library ${JSON.stringify(lib.cards || null)}`;
        assert.equal(ids !== null, lib.spells, what);
        if (!ids) continue;
        const faces = ids.map((id) => /** @type {{card: string}} */ (table.find((t) => t.id === id)).card);
        assert.ok(spells(faces, word), `${what}; browser ${faces.join(' ')} does not spell it`);
        assert.equal(new Set(ids).size, ids.length, `${what}: a card used twice`);
        assert.equal(faces.length, lib.cards.length, `${what}; browser ${faces.join(' ')}: as many cards`);
        assert.equal(faces.filter((f) => f === '*').length, lib.cards.filter((f) => f === '*').length, `${what}; browser ${faces.join(' ')}: as few wilds`);
        spelled++;
    }
    assert.ok(spelled > 150, `most words spelled (${spelled})`);
});
