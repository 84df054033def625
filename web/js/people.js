// people.js - the people at a table: a first-time visitor's name, asked
// once and remembered; a guest by invite link asked their name before
// sitting (the remembered one ready to accept); entering a table without
// ever sitting anyone who only wants to watch; an open seat drawn as open;
// and the log filled from the recent events a join, watch or sync answers.
import { el, logLines } from './ui.js';

const NAME_KEY = 'alphadeck.name';
// a suggestion for someone who has not said their name: friendly, and
// never the narrator's seat names (Ann, Bea, ...) nor "Player"
const ANIMALS = ['Otter', 'Robin', 'Badger', 'Heron', 'Fox', 'Owl', 'Hare', 'Wren', 'Panda', 'Koala', 'Lynx', 'Puffin'];

const BAD_NAME = 'That name cannot be used: 1 to 24 letters, digits, spaces, signs or emoji, without invisible or control characters.';

/** What the server's names refuse for sure (PROTOCOL.md "Names"): too long,
 * control, format, private-use or unassigned characters; it judges the rest.
 * @param {string} n */
function plainName(n) {
    return [...n].length <= 24 && !/[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}]/u.test(n);
}

/** A name to offer someone new: "Otter 42". */
export function suggestName() {
    const a = ANIMALS[Math.floor(Math.random() * ANIMALS.length)];
    return `${a} ${10 + Math.floor(Math.random() * 90)}`;
}

/**
 * A form asking a name, put in place by `place`; resolves with the name (trimmed), or
 * null when `other` (a second button, e.g. "Just watch") was chosen.
 * @param {(form: HTMLElement) => void} place
 * `check` says what is wrong with a name ('' when nothing is), before the form goes.
 * @param {{heading: string, text: string, initial: string, accept: string, other?: string, check: (name: string) => Promise<string>}} o
 * @returns {Promise<string|null>}
 */
function askName(place, o) {
    return new Promise((resolve) => {
        const input = /** @type {HTMLInputElement} */ (el('input', { id: 'ask-name', maxlength: 24, required: true, autocomplete: 'nickname', value: o.initial }));
        const why = el('p', { class: 'notice', role: 'alert' });
        const form = el('form', { class: 'name-ask', 'aria-labelledby': 'ask-name-heading' },
            el('h2', { id: 'ask-name-heading' }, o.heading),
            el('p', {}, o.text),
            el('label', { class: 'field' }, 'Your name ', input),
            why,
            el('div', { class: 'controls' },
                el('button', { type: 'submit', class: 'primary big', id: 'sit-down' }, o.accept),
                o.other ? el('button', { type: 'button', id: 'just-watch', onclick: () => { form.remove(); resolve(null); } }, o.other) : null));
        form.addEventListener('submit', async (e) => {
            e.preventDefault();
            const name = input.value.trim().normalize('NFC');
            const wrong = name ? await o.check(name) : 'Say a name the others will see (1 to 24 characters).';
            if (wrong) { why.textContent = wrong; input.focus(); return; }
            form.remove();
            resolve(name);
        });
        place(form);
        input.focus();
        input.select();
    });
}

/**
 * A first-time visitor is asked a name once (nobody is "Player"): kept in
 * localStorage, so conn's hello says it.
 * @param {HTMLElement} app @param {import('./conn.js').Conn} conn
 */
export async function firstName(app, conn) {
    if (localStorage.getItem(NAME_KEY)) return;
    const box = el('section', { class: 'first-name' });
    app.replaceChildren(box);
    const name = /** @type {string} */ (await askName((f) => box.append(f), {
        heading: 'Welcome to alphadeck',
        text: 'What shall the other players call you? You can change it later in the lobby.',
        initial: suggestName(),
        accept: 'Go to the games',
        check: async (n) => (plainName(n) ? '' : BAD_NAME),
    }));
    localStorage.setItem(NAME_KEY, name);
    conn.name = name;
}

/**
 * Enters a table the way its address asks: #/table/N/watch only watches
 * (it never seats anyone); #/table/N takes back the player's own seat, or
 * at a waiting table asks the name first and sits at an open seat (a guest
 * by invite link), or else watches.  `watching` is called with a watch
 * answer while the name is asked, so the table shows beneath.
 * @param {import('./conn.js').Conn} conn @param {number} table @param {HTMLElement} root
 * @param {(r: any) => Promise<void>} watching
 * @returns {Promise<any>} the join or watch answer to show
 */
export async function enterTable(conn, table, root, watching) {
    const at = conn.tables.get(table);
    if (at && !at.watch) return conn.request({ cmd: 'join', table }); // sat down from the lobby
    const w = await conn.request({ cmd: 'watch', table });
    if (!w.ok || /^#\/table\/\d+\/watch/.test(location.hash)) {
        const head = root.querySelector('.table-head');
        if (typeof w.your_seat === 'number' && head) head.after(el('p', { class: 'back-to-seat' }, 'You have a seat here: ', el('a', { href: `#/table/${table}` }, 'Back to my seat')));
        return w;
    }
    if (typeof w.your_seat === 'number') return conn.request({ cmd: 'join', table });
    if (w.status !== 'waiting') return w;
    await watching(w);
    const head = root.querySelector('.table-head');
    const name = await askName((f) => (head ? head.after(f) : root.prepend(f)), {
        heading: 'Take a seat',
        text: 'You were invited to this table. Who is sitting down?',
        initial: conn.name || suggestName(),
        accept: 'Sit down',
        other: 'Just watch',
        // the server judges the name: a hello with it renames this player
        check: async (n) => (n === conn.name || (plainName(n) && await conn.hello(n)) ? '' : BAD_NAME),
    });
    if (name === null) return w;
    const j = await conn.request({ cmd: 'join', table });
    return j.ok ? j : { ...w, refused: j.error || 'That seat was taken meanwhile.' };
}

/** A seat nobody has taken yet (the seats are known, and it has neither a person nor a bot).
 * @param {{name: string|null, bot: string|null}[]} seats @param {number} s */
export function isOpen(seats, s) {
    const st = seats && seats[s];
    return !!st && !st.name && !st.bot;
}

/** A table still waiting for people: some seat is open (the game starts when none is).
 * @param {{name: string|null, bot: string|null}[]} seats */
export function waiting(seats) {
    return !!seats && seats.some((_, s) => isOpen(seats, s));
}

/** What a waiting table shows instead of the game: nobody has cards yet. */
export function waitingArea() {
    return el('p', { class: 'waiting-note' }, 'No cards yet: they are dealt when every seat is taken.');
}

/** The line of an open seat in the players list. */
export function openSeat() {
    return [el('span', { class: 'pname open-seat' }, 'Open seat'), el('span', { class: 'tag' }, 'waiting for a person')];
}

/**
 * Appends the events' sentences to the log, each version once: the recent
 * events of a join or watch answer, then the pushes (a sync after a
 * reconnect repeats some).
 * @param {HTMLElement} log @param {any[]} events
 */
export function logEvents(log, events) {
    const seen = Number(log.dataset.v || 0);
    const fresh = events.filter((e) => typeof e.v !== 'number' || e.v > seen);
    logLines(log, fresh.map((e) => e.text).filter(Boolean));
    for (const e of fresh) if (typeof e.v === 'number' && e.v > Number(log.dataset.v || 0)) log.dataset.v = String(e.v);
}

/** The lobby's way back to the player's own seat at a table.
 * @param {number} table */
export function backToSeat(table) {
    return el('button', { type: 'button', class: 'primary', onclick: () => { location.hash = `#/table/${table}`; } }, 'Back to my seat');
}

/** The lobby's "Watch": a spectator's address, which never sits anyone down.
 * @param {number} table */
export function watchButton(table) {
    return el('button', { type: 'button', onclick: () => { location.hash = `#/table/${table}/watch`; } }, 'Watch');
}
