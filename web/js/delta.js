// delta.js - an update's delta applied to the view it was made from
// (docs/server.md, "Deltas"): {"set":[k,v,..],"del":[k..],"in":[k,<delta>,..]},
// where `in` goes one level into the object or array at k (an array's
// members are named by their index; an object's field by its key, or by
// its place, a number, among the object's keys sorted), and "len", in an
// array's delta, cuts or grows it to that length first.  Shared by the browser
// (conn.js) and the server tests, so both rebuild views the same way.

/** The keys of the last few objects and their sorted order, kept: the
 * next delta is most often for an object with the same keys as one of
 * them (a view's fields, the object of its last action), and sorting them
 * again was a tenth of a client's time with deltas. */
const KEPT = 4;
/** @type {{keys: string[], sorted: string[]}[]} */
const kept = [];

/** An object's keys, sorted. @param {object} o @returns {string[]} */
function sortedKeys(o) {
    const keys = Object.keys(o);
    for (const k of kept)
        if (k.keys.length === keys.length && keys.every((key, i) => key === k.keys[i])) return k.sorted;
    const sorted = keys.slice().sort();
    if (kept.length === KEPT) kept.pop();
    kept.unshift({ keys, sorted });
    return sorted;
}

/**
 * A new view: `view` with `delta` applied.  Nothing of `view` is changed
 * (a page may still hold it), and what the delta does not touch is shared.
 * @param {any} view @param {any} delta @returns {any}
 */
export function applyDelta(view, delta) {
    const array = Array.isArray(view);
    const out = array ? view.slice() : { ...view };
    if (Array.isArray(out) && typeof delta.len === 'number') out.length = delta.len;
    /** @type {string[]|null} */
    let sorted = null; // an object's keys, sorted: a number names the field at that place
    /** @param {string|number} k */
    const name = (k) => (typeof k === 'number' && !array ? (sorted ||= sortedKeys(view))[k] : k);
    const set = delta.set || [], into = delta.in || [];
    for (let i = 0; i + 1 < set.length; i += 2) out[name(set[i])] = set[i + 1];
    for (const k of delta.del || []) delete out[name(k)];
    for (let i = 0; i + 1 < into.length; i += 2) {
        const k = name(into[i]), inner = out[k];
        if (inner === null || typeof inner !== 'object') throw new Error(`delta: nothing to go into at ${k}`);
        out[k] = applyDelta(inner, into[i + 1]);
    }
    return out;
}

/**
 * The view an update push brings to a client that holds `held`
 * ({v, view}, or null): its whole view, or its delta applied when the
 * client holds the view of the delta's base.  null: the client must ask
 * for the whole view again (a sync).
 * @param {{v: number, view: any}|null} held @param {any} push @returns {any}
 */
export function viewOfUpdate(held, push) {
    if (push.view !== undefined) return push.view;
    if (!push.delta || !held || held.v !== push.base) return null;
    return applyDelta(held.view, push.delta);
}

/**
 * What a connection with deltas holds of a table to rebuild its next
 * update: the view, the play_on of its last update, and the words of its
 * last updates (`lines`: for each, its events' texts, then its aloud lines).
 * @typedef {{v: number, view: any, play_on?: any, lines?: string[][]}} Held
 */

/** How many updates' words are held (the server points back at most 3). */
const LINES_HELD = 3;

/** An update's words, as the server counts them. @param {any} update @returns {string[]} */
function wordsOf(update) {
    const texts = (update.events || []).map((/** @type {any} */ e) => e && e.text).filter((/** @type {any} */ t) => typeof t === 'string');
    return [...texts, ...(update.aloud || []).filter((/** @type {any} */ l) => typeof l === 'string')];
}

/**
 * An update push to a connection with deltas (docs/server.md, "Deltas")
 * as a connection without them is sent it, and the clock push folded into
 * it: `update` has its whole `view`, `asked`, `aloud`, `play_on` and
 * `events` (each event's `v`, `seat_acting` and words given back); `clock` is the clock push it
 * held (null: none).  null: its view cannot be rebuilt from `held` (ask a
 * sync).  `held` is not changed; the next is heldAfter(update).
 * @param {Held|null} held @param {any} push @returns {{update: any, clock: any}|null}
 */
export function updateOf(held, push) {
    const view = viewOfUpdate(held, push);
    if (!view) return null;
    // (fields taken out, not deleted after: a deleted field slowed every later use of the object)
    const { base: _b, delta: _d, clock: folded, play_on_same: same, play_on_delta: onDelta, play_on: whole, ...update } = push;
    // a number for words: those sent in an update held, counted back from the last
    const lines = held?.lines || [];
    /** @param {any} w */
    const word = (w) => {
        if (typeof w !== 'number') return w;
        for (let u = lines.length - 1, back = w; u >= 0; u--) { // (not flattened: most are the last's)
            if (back < lines[u].length) return lines[u][lines[u].length - 1 - back];
            back -= lines[u].length;
        }
        return undefined;
    };
    update.view = view;
    if (update.asked === undefined) update.asked = Array.isArray(view.to_act) ? view.to_act.slice() : [];
    const on = same === true ? held?.play_on : onDelta ? applyDelta(view, onDelta) : whole;
    if (on !== undefined) update.play_on = on;
    update.aloud = (update.aloud || []).map(word);
    if (Array.isArray(update.events)) {
        // an event without v: the one after the event before's, not past the push's
        let prev = typeof push.base === 'number' ? push.base : push.v - 1;
        update.events = update.events.map((/** @type {any} */ e) => {
            const out = { ...e };
            if (out.v === undefined) out.v = prev >= 0 && prev + 1 < push.v ? prev + 1 : push.v;
            if (out.seat_acting === undefined && out.seat !== undefined) out.seat_acting = out.seat;
            if (typeof out.text === 'number') out.text = word(out.text);
            prev = typeof out.v === 'number' ? out.v : -2;
            return out;
        });
    }
    let clock = null;
    if (typeof folded === 'number') clock = { push: 'clock', table: push.table, seats: update.asked, deadline_ms: folded };
    else if (folded) clock = { push: 'clock', table: push.table, ...folded };
    return { update, clock };
}

/**
 * What is held after an update (as updateOf gives it), or after a join's
 * or watch's answer, from what was held before (`held`): a sync's answer
 * adds no words (the server counts only the updates every member is sent).
 * @param {any} update @param {Held|null} [held] @returns {Held}
 */
export function heldAfter(update, held) {
    const lines = update.push !== 'update' ? [] : update.sync ? held?.lines || [] : [...(held?.lines || []), wordsOf(update)].slice(-LINES_HELD);
    return { v: update.v, view: update.view, play_on: update.play_on, lines };
}
