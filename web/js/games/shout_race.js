// games/shout_race.js - who beat you to a word in Shout a Word.  Two people
// who see the same word shout it at once: the server takes the first and
// refuses the second ("card 72 is not on the table"), or the cards go while
// the second is still typing.  Either way the loser is told who shouted
// what first ("Bob shouted ANTE first") and the dead word leaves the box.
// What was taken is read from the views the table pushes (`last`: a valid
// claim of another seat), never from anything hidden.

/** @typedef {{seat: number, word: string, ids: number[]}} Taken */

/**
 * Notes a valid claim of another seat, as the view's `last` shows it;
 * returns it the first time it is seen, else null.
 * @param {Record<string, any>} L the module's own state
 * @param {any} v the view @param {number|null} me
 * @returns {Taken|null}
 */
export function noteTaken(L, v, me) {
    /** @type {Taken[]} */
    const taken = L.taken || (L.taken = []);
    const last = v.last;
    // the first view of a page shows an old claim: it beat nobody here
    const first = !L.drawn;
    L.drawn = true;
    if (!last || !last.action || last.action.type !== 'claim' || !last.outcome || !last.outcome.valid || last.seat === me) return null;
    const ids = last.action.cards.map((/** @type {{id: number}} */ c) => c.id);
    const key = `${v.round}:${last.seat}:${last.action.word}:${ids.join(',')}`;
    if (L.takenKey === key) return null;
    L.takenKey = key;
    const t = { seat: last.seat, word: last.action.word, ids };
    taken.push(t);
    L.takenN = (L.takenN || 0) + 1;
    if (taken.length > 20) taken.shift();
    return first ? null : t;
}

/**
 * The claim that took cards of a refused claim naming `ids`, or, if none
 * did, the newest claim taken since the refused one was sent (`since`:
 * how many were known then); null when no claim of another seat explains it.
 * @param {Record<string, any>} L @param {number[]} ids @param {number} since
 * @returns {Taken|null}
 */
export function beatenBy(L, ids, since) {
    /** @type {Taken[]} */
    const taken = L.taken || [];
    for (let i = taken.length - 1; i >= 0; i--) if (taken[i].ids.some((id) => ids.includes(id))) return taken[i];
    return (L.takenN || 0) > since && taken.length ? taken[taken.length - 1] : null;
}

/** how many claims have been noted so far @param {Record<string, any>} L */
export function takenCount(L) {
    return L.takenN || 0;
}

/** "Bob shouted ANTE first." @param {string} name @param {Taken} t */
export function firstWords(name, t) {
    return `${name} shouted ${t.word.toUpperCase()} first.`;
}
