// conn.js - the server protocol (docs/server.md) over one WebSocket: requests
// with a rid matched to their replies, pushes handed to listeners, and a
// connection that comes back by itself.  When it drops it says
// "reconnecting", retries with a growing pause, says hello again with the
// player's token (kept in the browser's storage), takes back every table it
// was at (join or watch) and asks for what it missed (sync).  An action
// sent while offline is held and sent once back, with the version it was
// meant for, so it can never be applied twice (the server answers `stale`).
// On a cluster (hello names the server's node) a table is played through
// a connection opened for it, /ws?table=N, which the proxy sends to the
// table's node: entering a table opens one; `moving` is asked again a
// moment later, and `moved` (the table went to another node) reconnects.
// It asks for deltas (docs/server.md, "Deltas"): an update then carries
// what changed in the view, which this file applies (delta.js) to the view
// it holds for the table, and gives back the parts sent compact (events,
// asked, play_on, the clock folded in: updateOf), so every listener gets
// updates, and clock pushes, as before; a delta it cannot apply is dropped
// for a `sync`.  Its hello says whether the page reads aloud (`aloud`):
// a page that does not is sent no read-aloud lines.

import { updateOf, heldAfter } from './delta.js';

/** @typedef {{cmd: string, rid?: number, [k: string]: any}} Request */
/** @typedef {{ok?: boolean, push?: string, rid?: number, code?: string, error?: string, [k: string]: any}} Frame */

const TOKEN_KEY = 'alphadeck.token';
const NAME_KEY = 'alphadeck.name';

export class Conn extends EventTarget {
    /** @param {string} url */
    constructor(url) {
        super();
        this.url = url;
        /** @type {WebSocket|null} */
        this.ws = null;
        this.rid = 0;
        /** @type {Map<number, {resolve: (f: Frame) => void, req: Request}>} */
        this.waiting = new Map();
        /** @type {{resolve: (f: Frame) => void, req: Request}[]} requests to send once back */
        this.held = [];
        /** @type {Map<number, {seat: number|null, v: number, watch: boolean}>} tables this page is at */
        this.tables = new Map();
        this.ready = false;
        this.tries = 0;
        /** @type {number|null} */
        this.player = null;
        this.name = localStorage.getItem(NAME_KEY) || '';
        /** whether this page wants the lines read aloud (docs/server.md, "Read aloud") */
        this.aloud = true;
        this.closedByUs = false;
        /** @type {string|null} the server's node, on a cluster */
        this.node = null;
        /** @type {number|null} the table this connection was opened for (a cluster's route) */
        this.route = null;
        /** @type {Map<number, import('./delta.js').Held>} what is held of each table, for deltas */
        this.views = new Map();
        /** @type {Set<number>} tables a sync was asked of, for a delta that did not apply */
        this.resyncing = new Set();
    }

    get token() { return localStorage.getItem(TOKEN_KEY); }

    /** @param {string} state */
    setStatus(state) {
        this.dispatchEvent(new CustomEvent('status', { detail: state }));
    }

    /** Opens the socket; resolves once hello was answered. @returns {Promise<void>} */
    open() {
        return new Promise((resolve) => {
            const ws = new WebSocket(this.route ? `${this.url}?table=${this.route}` : this.url);
            this.ws = ws;
            ws.onopen = async () => {
                this.tries = 0;
                const ok = await this.hello(this.name || 'Player');
                if (!ok) return;
                await this.rejoin();
                this.ready = true;
                this.setStatus('online');
                const held = this.held;
                this.held = [];
                for (const w of held) this.transmit(w);
                resolve();
            };
            ws.onmessage = (m) => this.onFrame(JSON.parse(String(m.data)));
            ws.onclose = () => {
                this.ready = false;
                if (this.closedByUs) return;
                this.setStatus('reconnecting');
                // every request still waiting is sent again after the reconnect
                for (const [, w] of this.waiting) this.held.push(w);
                this.waiting.clear();
                const pause = Math.min(10000, 500 * 2 ** this.tries++) * (0.75 + Math.random() / 2);
                setTimeout(() => this.open().then(resolve), pause);
            };
        });
    }

    /** @param {string} name */
    async hello(name) {
        /** @type {Request} the hello of a new player; with the token, this one's */
        const fresh = { cmd: 'hello', name, deltas: true, aloud: this.aloud };
        let r = await this.sendNow(this.token ? { ...fresh, token: this.token } : fresh);
        if (!r.ok && r.code === 'bad_token') { // the server forgot us: start again
            localStorage.removeItem(TOKEN_KEY);
            r = await this.sendNow(fresh);
        }
        if (r.ok) {
            localStorage.setItem(TOKEN_KEY, r.token);
            localStorage.setItem(NAME_KEY, name);
            this.name = name;
            this.player = r.player;
            this.node = r.node || null;
        }
        return r.ok;
    }

    /** Takes back each table after a reconnect, then asks what it missed. */
    async rejoin() {
        for (const [table, at] of this.tables) {
            let r = await this.sendNow(at.watch ? { cmd: 'watch', table } : { cmd: 'join', table });
            for (let tries = 0; r.code === 'moving' && tries < 25; tries++) { // a cluster's table on its way here
                await new Promise((res) => setTimeout(res, 200));
                r = await this.sendNow(at.watch ? { cmd: 'watch', table } : { cmd: 'join', table });
            }
            if (!r.ok) continue;
            this.dispatchEvent(new CustomEvent('rejoined', { detail: r }));
            await this.sendNow({ cmd: 'sync', table, v: at.v });
        }
    }

    /** Sends a request now, under a new rid. @param {{resolve: (f: Frame) => void, req: Request}} w */
    transmit(w) {
        w.req.rid = ++this.rid;
        this.waiting.set(w.req.rid, w);
        if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(w.req));
    }

    /** @param {Request} req @returns {Promise<Frame>} */
    sendNow(req) {
        return new Promise((resolve) => this.transmit({ resolve, req }));
    }

    /** A request, held while offline and sent once back; on a cluster a
     * table on its way to this node (`moving`) is asked again a moment later.
     * @param {Request} req @returns {Promise<Frame>} */
    async request(req) {
        for (let tries = 0; ; tries++) {
            const f = this.ready ? await this.sendNow({ ...req })
                : await new Promise((resolve) => { this.held.push({ resolve, req: { ...req } }); });
            if (f.code !== 'moving' || tries >= 25) return f;
            await new Promise((r) => setTimeout(r, 200));
        }
    }

    /** Opens the connection again (the same way as after a drop: hello,
     * rejoin, sync), for table `route` on a cluster. @param {number|null} route */
    reroute(route) {
        this.route = route;
        if (this.ws) this.ws.close(); // onclose reconnects, to the new address
    }

    /** @param {Frame} f */
    onFrame(f) {
        if (f.ok && f.view && typeof f.table === 'number' && typeof f.v === 'number') {
            this.views.set(f.table, heldAfter(f)); // join, watch, create, quick
        }
        let clock = null; // a clock push folded into an update (deltas)
        if (f.push === 'update') {
            const u = this.rebuilt(f);
            if (!u) return;
            f = u.update;
            clock = u.clock;
        }
        if (f.rid !== undefined && this.waiting.has(f.rid)) {
            const w = this.waiting.get(f.rid);
            this.waiting.delete(f.rid);
            if (w) w.resolve(f);
            return;
        }
        if (f.push === 'moved' && this.tables.has(f.table)) {
            this.reroute(f.table); // its node let it go: through the proxy to the new one
            return;
        }
        if (f.push) {
            const at = this.tables.get(f.table);
            if (at && f.push === 'update' && typeof f.v === 'number') at.v = Math.max(at.v, f.v);
            this.dispatchEvent(new CustomEvent('push', { detail: f }));
            if (clock) this.dispatchEvent(new CustomEvent('push', { detail: clock }));
        } else if (f.ok === false) {
            this.dispatchEvent(new CustomEvent('refused', { detail: f }));
        }
    }

    /** An update push as sent without deltas (its delta applied to the view
     * held, its compact parts given back, delta.js's updateOf), and the
     * clock push it held; null when it cannot be: then the push is dropped
     * and the table synced from the last version seen, which answers with
     * a whole view.
     * @param {Frame} f @returns {{update: Frame, clock: Frame|null}|null} */
    rebuilt(f) {
        const u = updateOf(this.views.get(f.table) || null, f);
        if (!u) {
            const at = this.tables.get(f.table);
            if (at && !this.resyncing.has(f.table)) {
                this.resyncing.add(f.table);
                this.sendNow({ cmd: 'sync', table: f.table, v: at.v }).then(() => this.resyncing.delete(f.table));
            }
            return null;
        }
        this.views.set(f.table, heldAfter(u.update, this.views.get(f.table)));
        return u;
    }

    /** Remembers a table this page is at, so a reconnect takes it back.
     * @param {number} table @param {number|null} seat @param {number} v @param {boolean} watch */
    at(table, seat, v, watch) {
        this.tables.set(table, { seat, v, watch });
        if (this.node && this.route !== table) this.reroute(table);
    }

    /** @param {number} table */
    forget(table) {
        this.tables.delete(table);
        this.views.delete(table);
    }

    /** Whether the lines read aloud are wanted from now on: said to the
     * server by a hello again when online, else by the next one.
     * @param {boolean} on */
    async setAloud(on) {
        this.aloud = on;
        if (this.ready) await this.hello(this.name || 'Player');
    }

    /** @param {string} name */
    async rename(name) {
        if (this.ready) await this.hello(name);
        else { this.name = name; localStorage.setItem(NAME_KEY, name); }
    }
}
