// games/shout_spell.js - which of Shout's table cards spell a typed word,
// in the browser (a word is typed, the cards are found as it is typed).
// It answers as the library's speller does (ad_lex_spell, src/lexicon/
// spell.c): a double card its two letters as printed, a wild exactly one
// letter; of all the ways, one with the most cards, then the fewest wilds.
// tests/server/shout_spell.test.mjs checks it against `alphadeck words
// --spell` on a few hundred seeded tables.  The server judges the claim.

/** @typedef {{id: number, card: string}} TCard */

/** Steps at most, as the library's speller allows itself: a table built to
 * defeat the bound finds nothing rather than freezing the page. */
const STEP_BUDGET = 1 << 22;

/** the letters a card spells in a word: a double its two, a wild "?"
 * @param {string} face */
export function spellOf(face) {
    return face === '*' ? '?' : face.toLowerCase();
}

/**
 * Cards of the table that spell the word, in the word's order: as many
 * cards as can be (a word needs cards, not letters), then the fewest wilds.
 * @param {TCard[]} table @param {string} word @returns {number[]|null}
 */
export function findCards(table, word) {
    let steps = 0;
    /** @type {number[]|null} */
    let best = null;
    let bestN = 0;
    let bestWilds = 0;
    /** @param {number} at @param {number[]} used @param {number} wilds */
    const go = (at, used, wilds) => {
        if (++steps > STEP_BUDGET) return;
        // every card left covers a letter at least: no better way down here
        if (best && (used.length + word.length - at < bestN || (used.length + word.length - at === bestN && wilds >= bestWilds))) return;
        if (at === word.length) {
            if (!best || used.length > bestN || (used.length === bestN && wilds < bestWilds)) {
                best = [...used];
                bestN = used.length;
                bestWilds = wilds;
            }
            return;
        }
        /** @type {Set<string>} one card of each face is enough */
        const tried = new Set();
        for (const t of table) {
            if (used.includes(t.id) || tried.has(t.card)) continue;
            const s = t.card.toLowerCase();
            const fits = t.card === '*' ? true : word.startsWith(s, at);
            if (!fits) continue;
            tried.add(t.card);
            used.push(t.id);
            go(at + (t.card === '*' ? 1 : s.length), used, wilds + (t.card === '*' ? 1 : 0));
            used.pop();
        }
    };
    go(0, [], 0);
    return best;
}

/** Whether the faces, in this order, spell the word.
 * @param {string[]} faces @param {string} word */
export function spells(faces, word) {
    let at = 0;
    for (const f of faces) {
        if (f === '*') { if (at >= word.length) return false; at++; continue; }
        const s = f.toLowerCase();
        if (!word.startsWith(s, at)) return false;
        at += s.length;
    }
    return at === word.length;
}
