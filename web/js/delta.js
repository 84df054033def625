// delta.js - an update's delta applied to the view it was made from
// (docs/server.md, "Deltas"): {"set":[[k,v]..],"del":[k..],"in":[[k,<delta>]..]},
// where `in` goes one level into the object or array at k (an array's
// members are named by their index, a number), and "len", in an array's
// delta, cuts or grows it to that length first.  Shared by the browser
// (conn.js) and the server tests, so both rebuild views the same way.

/**
 * A new view: `view` with `delta` applied.  Nothing of `view` is changed
 * (a page may still hold it), and what the delta does not touch is shared.
 * @param {any} view @param {any} delta @returns {any}
 */
export function applyDelta(view, delta) {
    const out = Array.isArray(view) ? view.slice() : { ...view };
    if (Array.isArray(out) && typeof delta.len === 'number') out.length = delta.len;
    for (const [k, v] of delta.set || []) out[k] = v;
    for (const k of delta.del || []) delete out[k];
    for (const [k, d] of delta.in || []) {
        const inner = out[k];
        if (inner === null || typeof inner !== 'object') throw new Error(`delta: nothing to go into at ${k}`);
        out[k] = applyDelta(inner, d);
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
