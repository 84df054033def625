// talk.js - table talk beside the log (docs/server.md, "Table talk"): the
// reactions the server lists (GET /api/reactions) as buttons with their
// emoji, a box for a message at a table made for chat, and what everyone
// at the table said, each line naming who said it, read out by screen
// readers as it comes (aria-live).  A person can mute another at their
// own screen (remembered in this browser's storage): a muted person's talk
// is neither shown nor read out.  Nothing said is kept: a page sees only
// what is said while it is open.

import { el } from './ui.js';

const MUTED_KEY = 'alphadeck.muted';
const LINES_KEPT = 100;
const TEXT_MAX = 200; // the server's limit (docs/server.md, "Limits")

/** @typedef {{id: string, text: string, emoji: string}} Reaction */
/** @typedef {{table: number, seat: number|null, player?: number, name: string, reaction?: string, text: string, at_ms: number}} TalkPush */

/** @type {Promise<Reaction[]>|null} */
let reactionsLoading = null;

/** The reactions, read once for the page (a failure is tried again next time).
 * @returns {Promise<Reaction[]>} */
function loadReactions() {
    if (!reactionsLoading) {
        reactionsLoading = fetch('/api/reactions').then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))));
        reactionsLoading.catch(() => { reactionsLoading = null; });
    }
    return reactionsLoading;
}

/** The people muted at this screen: player number -> the name they had.
 * @returns {Record<string, string>} */
function mutedPeople() {
    try {
        const m = JSON.parse(localStorage.getItem(MUTED_KEY) || '{}');
        return m && typeof m === 'object' ? m : {};
    } catch { return {}; }
}

/** @param {Record<string, string>} m */
function saveMuted(m) {
    localStorage.setItem(MUTED_KEY, JSON.stringify(m));
}

/** Who a line is from, for muting: the player's number (a name when the server gave none).
 * @param {TalkPush} f */
const whoOf = (f) => (f.player !== undefined ? String(f.player) : `name:${f.name}`);

/**
 * The talk panel of one table.
 * @param {import('./conn.js').Conn} conn
 * @param {number} table
 * @returns {{node: HTMLElement, setMode: (mode: string|undefined) => void, heard: (f: TalkPush) => void}}
 */
export function talkPanel(conn, table) {
    const lines = el('ol', { class: 'talk-lines', 'aria-live': 'polite', 'aria-label': 'What people said' });
    const buttons = el('div', { class: 'talk-reactions', role: 'group', 'aria-label': 'Reactions' });
    const input = /** @type {HTMLInputElement} */ (el('input', { type: 'text', id: 'talk-text', maxlength: TEXT_MAX, 'aria-label': 'Say something to the table', placeholder: 'Say something nice', autocomplete: 'off' }));
    const form = el('form', { class: 'talk-say', hidden: true }, input, el('button', { type: 'submit', id: 'talk-send' }, 'Send'));
    const status = el('p', { class: 'talk-status', role: 'status' });
    const mutedBox = el('p', { class: 'talk-muted' });
    const node = el('section', { class: 'talk', 'aria-labelledby': 'talk-title' },
        el('h2', { id: 'talk-title', class: 'talk-title' }, 'Table talk'), lines, form, buttons, status, mutedBox);

    /** @param {{cmd: string, [k: string]: any}} req */
    const send = async (req) => {
        status.textContent = '';
        const r = await conn.request({ ...req, table });
        if (!r.ok) status.textContent = r.error || 'That was refused.';
        return r;
    };
    form.addEventListener('submit', async (e) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        const r = await send({ cmd: 'say', text });
        if (r.ok) input.value = '';
    });

    const drawMuted = () => {
        const m = mutedPeople();
        const who = Object.keys(m);
        mutedBox.replaceChildren(...(who.length ? ['Muted: ', ...who.map((k) => el('button', {
            type: 'button', class: 'link unmute', 'data-who': k, 'aria-label': `Unmute ${m[k]}`,
            onclick: () => { const n = mutedPeople(); delete n[k]; saveMuted(n); drawMuted(); },
        }, `${m[k]} (unmute)`))] : []));
    };
    /** @param {TalkPush} f */
    const mute = (f) => {
        const m = mutedPeople();
        m[whoOf(f)] = f.name;
        saveMuted(m);
        for (const li of [...lines.children]) if (/** @type {HTMLElement} */ (li).dataset.who === whoOf(f)) li.remove();
        drawMuted();
        status.textContent = `${f.name} is muted on this screen.`;
    };

    /** @param {TalkPush} f */
    const heard = (f) => {
        if (f.table !== table || mutedPeople()[whoOf(f)] !== undefined) return;
        const mine = conn.player !== null && f.player === conn.player;
        const shown = f.reaction ? el('span', { class: 'talk-said reaction' }, `${emojiOf(f.reaction)} ${f.text}`) : el('span', { class: 'talk-said' }, f.text);
        lines.append(el('li', { 'data-who': whoOf(f) },
            el('span', { class: 'talk-name' }, mine ? `${f.name} (you)` : f.name),
            f.seat === null ? el('span', { class: 'tag' }, 'watching') : null,
            ': ', shown,
            mine ? null : el('button', { type: 'button', class: 'link talk-mute', 'aria-label': `Mute ${f.name}`, onclick: () => mute(f) }, 'Mute')));
        while (lines.children.length > LINES_KEPT && lines.firstChild) lines.firstChild.remove();
        lines.scrollTop = lines.scrollHeight;
    };

    /** @type {Record<string, string>} */
    const emoji = {};
    /** @param {string} id */
    const emojiOf = (id) => emoji[id] || '';

    /** @param {string|undefined} mode "chat", "reactions" or "off" */
    const setMode = (mode) => {
        node.dataset.mode = mode || 'reactions';
        form.hidden = mode !== 'chat';
        buttons.hidden = mode === 'off';
        if (mode === 'off') status.textContent = 'Talk is off at this table.';
    };
    loadReactions().then((list) => {
        for (const r of list) emoji[r.id] = r.emoji;
        buttons.replaceChildren(...list.map((r) => el('button', {
            type: 'button', class: 'talk-react', 'data-reaction': r.id, title: r.text,
            onclick: () => send({ cmd: 'react', reaction: r.id }),
        }, el('span', { 'aria-hidden': 'true' }, r.emoji), ` ${r.text}`)));
    }, () => { status.textContent = 'The reactions could not be loaded.'; });
    drawMuted();
    return { node, setMode, heard };
}
