// quick.js - finding people (docs/server.md, "Finding people"): in the
// lobby, one row a game with the tables waiting for people to join (from
// the server's `tables`) and "Play with people", which asks the server for
// a seat at a public table (`quick`) and goes there; at such a table, while
// it waits, "Waiting for people... bots join in N s".
import { el } from './ui.js';

/** @typedef {import('./facts.js').GameInfo} GameInfo */
/** @typedef {{name: string|null, bot: string|null}} SeatEntry */
/** @typedef {{table: number, game: string, status: string, seats: SeatEntry[], quick?: boolean, your_seat?: number|null}} TableEntry */

/** A waiting table's open seats. @param {TableEntry} t */
function openSeats(t) {
    return t.status === 'waiting' ? t.seats.filter((s) => !s.name && !s.bot).length : 0;
}

/**
 * The lobby's "Play with people": a row a game, each with its open tables
 * (at most `shown` of them; the list below has every one) and the button.
 * @param {GameInfo[]} games
 * @param {import('./conn.js').Conn} conn
 * @param {(table: number) => void} openTable
 * @param {HTMLElement} msg  where a refusal is told
 */
export function peopleSection(games, conn, openTable, msg) {
    const shown = 3;
    /** @param {number} table @param {{ok?: boolean, seat?: number|null, v?: number, error?: string}} r */
    const go = (table, r) => {
        if (!r.ok) { msg.textContent = r.error || 'That table cannot be joined.'; return; }
        conn.at(table, r.seat ?? null, r.v || 0, false);
        openTable(table);
    };
    /** @param {GameInfo} g @param {HTMLButtonElement} b */
    const quick = async (g, b) => {
        b.disabled = true;
        msg.textContent = '';
        const r = await conn.request({ cmd: 'quick', game: g.id });
        b.disabled = false;
        go(r.table, r);
    };
    /** Join it, or (a seat of mine) go back to it. @param {TableEntry} t */
    const joinButton = (t) => {
        const who = t.seats.filter((s) => s.name).map((s) => s.name).join(', ');
        const open = openSeats(t);
        const mine = typeof t.your_seat === 'number';
        return el('button', { type: 'button', class: `join-open${mine ? ' mine' : ''}`, 'data-table': t.table, onclick: async () => {
            go(t.table, await conn.request({ cmd: 'join', table: t.table }));
        } }, mine ? `Back to my seat (${open} open seat${open === 1 ? '' : 's'})` : `Join ${who || 'table'} (${open} open seat${open === 1 ? '' : 's'})`);
    };
    const rows = new Map(games.map((g) => {
        const b = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', class: 'primary quick', id: `quick-${g.id}` }, 'Play with people'));
        b.addEventListener('click', () => quick(g, b));
        const open = el('span', { class: 'open-tables' });
        return [g.id, { row: el('li', { class: 'people-game' }, el('span', { class: 'people-title' }, g.title), open, b), open }];
    }));
    const box = el('ul', { class: 'people', 'aria-label': 'Play with people' }, ...[...rows.values()].map((r) => r.row));
    /** Shows each game's open tables, from a `tables` answer. @param {TableEntry[]} tables */
    const show = (tables) => {
        for (const [id, r] of rows) {
            const open = tables.filter((t) => t.game === id && openSeats(t) > 0);
            r.open.replaceChildren(...(open.length ? open.slice(0, shown).map(joinButton)
                : [el('span', { class: 'none' }, 'No table waiting: be the first')]));
        }
    };
    return { box, show };
}

/**
 * At a public table that waits: "Waiting for people... bots join in N s"
 * under the notice, counted down each second, gone once the game starts
 * (the table's first update) or the page leaves the table.  Not a live
 * region: a screen reader is not read a number a second.
 * @param {HTMLElement} notice
 * @param {import('./conn.js').Conn} conn
 * @param {number} table
 * @param {number|undefined} fillInMs  the server's fill_in_ms (absent: no bots' time yet)
 */
export function waitForPeople(notice, conn, table, fillInMs) {
    const until = typeof fillInMs === 'number' ? Date.now() + fillInMs : null;
    const line = el('p', { class: 'waiting-people' });
    const words = () => {
        if (until === null) return 'Waiting for people...';
        const s = Math.ceil((until - Date.now()) / 1000);
        return s > 0 ? `Waiting for people... bots join in ${s} s` : 'Waiting for people... bots are sitting down';
    };
    line.textContent = words();
    notice.after(line);
    /** @param {Event} e */
    const onPush = (e) => {
        const f = /** @type {CustomEvent} */ (e).detail;
        if (f.table === table && f.push === 'update') stop();
    };
    const timer = setInterval(() => { if (!line.isConnected) stop(); else line.textContent = words(); }, 1000);
    const stop = () => {
        clearInterval(timer);
        conn.removeEventListener('push', onPush);
        line.remove();
    };
    conn.addEventListener('push', onPush);
}
