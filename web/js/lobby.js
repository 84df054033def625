// lobby.js - choosing a game and a table: "Play now against the computer"
// in one click, at the level chosen beside it (kept per game); a table of
// your own (players, who is a person and which
// bots, the options with their defaults explained, a clock, the talk); the tables
// worth joining or watching (those waiting for players, and games people
// play together: the server's `tables`, a page at a time); "Play with
// people" for each game, with its open tables (quick.js); the games that
// ended lately, to replay.
import { el } from './ui.js';
import { showRules } from './rules.js';
import { loadFacts } from './facts.js';
import { backToSeat, watchButton } from './people.js';
import { peopleSection } from './quick.js';

/** @typedef {import('./facts.js').GameInfo} GameInfo */

/** A clock preset in words: "Normal: 30 s a turn".
 * @param {import('./facts.js').ClockInfo} c */
function clockWords(c) {
    const name = c.name.charAt(0).toUpperCase() + c.name.slice(1);
    return c.turn_ms ? `${name}: ${c.turn_ms / 1000} s a turn`
        : `${name}: take your time (${c.answer_ms / 1000} s to object to a claim)`;
}

/**
 * Draws the lobby into root.
 * @param {HTMLElement} root
 * @param {import('./conn.js').Conn} conn
 * @param {(table: number) => void} openTable
 */
export async function renderLobby(root, conn, openTable) {
    const { games: list, clocks } = await loadFacts();
    const nameIn = /** @type {HTMLInputElement} */ (el('input', { id: 'name', maxlength: 24, value: conn.name || '', autocomplete: 'nickname' }));
    nameIn.addEventListener('change', () => { if (nameIn.value.trim()) conn.rename(nameIn.value.trim()); });
    const gameSel = /** @type {HTMLSelectElement} */ (el('select', { id: 'game' }, ...list.map((g) => el('option', { value: g.id }, g.title))));
    const playersIn = /** @type {HTMLInputElement} */ (el('input', { id: 'players', type: 'number', min: 2, max: 4, value: 4 }));
    const seatsBox = el('div', { class: 'seats-choice' });
    const optsBox = el('div', { class: 'options' });
    const clockSel = /** @type {HTMLSelectElement} */ (el('select', { id: 'clock' }, ...clocks.map((c) => el('option', { value: c.name }, clockWords(c)))));
    // what may be said at the table (docs/server.md, "Table talk")
    const talkSel = /** @type {HTMLSelectElement} */ (el('select', { id: 'talk' },
        el('option', { value: 'reactions' }, 'Reactions only'),
        el('option', { value: 'chat' }, 'Chat: messages and reactions'),
        el('option', { value: 'off' }, 'Off')));
    const msg = el('p', { class: 'notice', role: 'alert' });
    const game = () => /** @type {GameInfo} */ (list.find((g) => g.id === gameSel.value));
    // Play now's level: the game's levels as /api/games lists them, its
    // bot_default until the person chooses; the choice is kept per game
    const levelSel = /** @type {HTMLSelectElement} */ (el('select', { id: 'play-now-level' }));
    /** @param {string} id */
    const levelKey = (id) => `alphadeck.level.${id}`;
    const drawLevels = () => {
        const g = game();
        const kept = localStorage.getItem(levelKey(g.id));
        levelSel.replaceChildren(...g.bots.map((b) => el('option', { value: b }, b)));
        levelSel.value = kept && g.bots.includes(kept) ? kept : g.bot_default;
    };
    levelSel.addEventListener('change', () => localStorage.setItem(levelKey(game().id), levelSel.value));

    const drawSeats = () => {
        const g = game();
        const n = Math.max(g.min_players, Math.min(g.max_players, Number(playersIn.value) || 2));
        playersIn.min = String(g.min_players);
        playersIn.max = String(g.max_players);
        const old = [...seatsBox.querySelectorAll('select')].map((s) => /** @type {HTMLSelectElement} */ (s).value);
        seatsBox.replaceChildren(el('span', { class: 'label' }, 'Seats:'));
        for (let s = 0; s < n; s++) {
            const sel = el('select', { 'aria-label': `seat ${s + 1}`, 'data-seat': s },
                el('option', { value: 'open' }, s === 0 ? 'You' : 'A person (invite)'),
                ...g.bots.map((b) => el('option', { value: b }, `Computer: ${b}`)));
            /** @type {HTMLSelectElement} */ (sel).value = old[s] || (s === 0 ? 'open' : g.bot_default);
            seatsBox.append(el('label', { class: 'seat-pick' }, `${s + 1}`, sel));
        }
    };
    const drawOptions = () => {
        const g = game();
        optsBox.replaceChildren(...g.options.map((o) => el('label', { class: 'option' },
            el('span', {}, o.label),
            el('input', { type: 'number', name: o.name, min: o.min, max: o.max, value: o.default }),
            el('small', {}, `${o.help} (default ${o.default})`))));
    };
    const setup = () => {
        const g = game();
        playersIn.value = String(Math.max(g.min_players, Math.min(g.max_players, 4)));
        drawSeats();
        drawOptions();
        drawLevels();
    };
    gameSel.addEventListener('change', setup);
    playersIn.addEventListener('change', drawSeats);
    setup();

    /** @param {boolean} quick */
    const create = async (quick) => {
        const g = game();
        /** @type {Record<string, number>} */
        const options = {};
        if (!quick) {
            for (const i of optsBox.querySelectorAll('input')) {
                const inp = /** @type {HTMLInputElement} */ (i);
                const o = g.options.find((x) => x.name === inp.name);
                if (o && Number(inp.value) !== o.default) options[inp.name] = Number(inp.value);
            }
        }
        const n = Number(playersIn.value);
        const seats = quick
            ? Array.from({ length: n }, (_, s) => (s === 0 ? 'open' : levelSel.value))
            : [...seatsBox.querySelectorAll('select')].map((s) => /** @type {HTMLSelectElement} */ (s).value);
        const r = await conn.request({ cmd: 'create', game: g.id, players: n, seats, options, clock: quick ? 'untimed' : clockSel.value, ...(quick ? {} : { talk: talkSel.value }) });
        if (!r.ok) { msg.textContent = r.error || 'The table could not be made.'; return; }
        conn.at(r.table, r.seat, r.v, r.seat === null);
        openTable(r.table);
    };

    const people = peopleSection(list, conn, openTable, msg);
    const tablesBox = el('div', { class: 'table-list', 'aria-live': 'polite' });
    const finishedBox = el('div', { class: 'table-list finished' });
    let page = 0;
    /** @param {any} t */
    const row = (t) => {
        const title = (list.find((g) => g.id === t.game) || { title: t.game }).title;
        const who = t.seats.map((/** @type {any} */ s) => s.name || (s.bot ? `computer (${s.bot})` : 'open seat')).join(', ');
        const open = t.status === 'waiting' && t.seats.some((/** @type {any} */ s) => !s.name && !s.bot);
        return el('li', { class: `table-row ${t.status}` },
            el('span', {}, `${title} #${t.table}: ${who} (${t.status})`),
            t.seeded ? el('span', { class: 'seeded' }, 'Practice deal: the creator chose the seed') : null,
            ...(typeof t.your_seat === 'number' && t.status !== 'over' ? [backToSeat(t.table)] : [open ? el('button', { type: 'button', onclick: async () => {
                const j = await conn.request({ cmd: 'join', table: t.table });
                if (j.ok) { conn.at(t.table, j.seat, j.v, false); openTable(t.table); } else msg.textContent = j.error || '';
            } }, 'Join') : null,
            t.status !== 'over' ? watchButton(t.table) : null]),
            t.status === 'over' ? el('a', { href: `#/replay/${t.table}` }, 'Replay') : null);
    };
    /** @param {number} to */
    const turn = (to) => { page = to; refresh(); };
    const refresh = async () => {
        if (!root.isConnected) return;
        const [r, done] = await Promise.all([conn.request({ cmd: 'tables', page }), conn.request({ cmd: 'tables', status: 'over' })]);
        const first = page === 0 ? r : await conn.request({ cmd: 'tables' });
        if (first.ok) people.show(first.tables);
        if (r.ok) {
            if (page > 0 && r.tables.length === 0) { turn(Math.max(0, (r.pages || 1) - 1)); return; }
            const pager = r.pages > 1 ? el('p', { class: 'pager' },
                page > 0 ? el('button', { type: 'button', onclick: () => turn(page - 1) }, 'Earlier tables') : null,
                ` Page ${page + 1} of ${r.pages} `,
                r.more ? el('button', { type: 'button', onclick: () => turn(page + 1) }, 'More tables') : null) : null;
            tablesBox.replaceChildren(r.tables.length ? el('ul', {}, ...r.tables.map(row)) : el('p', {}, 'No tables waiting for players: make one above.'), ...(pager ? [pager] : []));
        }
        if (done.ok) finishedBox.replaceChildren(done.tables.length ? el('ul', {}, ...done.tables.map(row)) : el('p', {}, 'No games finished yet.'));
    };
    const timer = setInterval(() => { if (!root.isConnected) clearInterval(timer); else refresh(); }, 5000);

    root.replaceChildren(
        el('section', { class: 'lobby' },
            el('h1', {}, 'Play a game'),
            el('label', { class: 'field' }, 'Your name ', nameIn),
            el('div', { class: 'field' }, el('label', { for: 'game' }, 'Game '), gameSel,
                el('button', { type: 'button', class: 'link', onclick: () => showRules(game().id, game().title) }, 'Rules')),
            el('div', { class: 'field' }, el('label', { for: 'play-now-level' }, 'Computer level '), levelSel),
            el('button', { type: 'button', class: 'big primary', id: 'play-now', onclick: () => create(true) }, 'Play now against the computer'),
            el('h2', {}, 'Play with people'),
            people.box,
            el('details', { class: 'custom' },
                el('summary', {}, 'A table of your own: friends, bots, options, a clock'),
                el('label', { class: 'field' }, 'Players ', playersIn),
                seatsBox,
                el('fieldset', {}, el('legend', {}, 'Options'), optsBox),
                el('label', { class: 'field' }, 'Clock ', clockSel),
                el('label', { class: 'field' }, 'Talk ', talkSel),
                el('button', { type: 'button', class: 'primary', id: 'create', onclick: () => create(false) }, 'Create the table')),
            msg,
            el('h2', {}, 'Tables'),
            tablesBox,
            el('h2', {}, 'Finished lately'),
            finishedBox));
    refresh();
}
