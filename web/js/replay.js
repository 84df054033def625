// replay.js - a finished game step by step in the browser, from any seat's
// eyes or from above (GET /api/tables/<id>/replay?seat=K, which the server
// answers from the stored record once the game is over).  Each step is
// drawn by the game's own module, read-only, with the step's events in words;
// it plays by itself at a chosen speed (replay_auto.js) or a step at a time.
// Seen from a seat, "What could they know?" shows at each step the hint that
// seat could have had then (GET /api/tables/<id>/hint?seat=S&step=K).
import { el } from './ui.js';
import { hintDetails } from './hint.js';
import { defaultName } from './facts.js';
import { moduleOf } from './games/index.js';
import { autoplay } from './replay_auto.js';

/**
 * @param {HTMLElement} root
 * @param {number} table
 * @param {number|null} seat
 */
export async function renderReplay(root, table, seat) {
    const r = await fetch(`/api/tables/${table}/replay${seat === null ? '' : `?seat=${seat}`}`);
    const data = await r.json();
    if (!r.ok) {
        root.replaceChildren(el('p', {}, data.error || 'That game cannot be replayed.'), el('a', { href: '#/' }, 'Back to the lobby'));
        return;
    }
    const players = data.new.players;
    const names = data.names.map((/** @type {string|null} */ n, /** @type {number} */ s) => n || defaultName(s));
    let k = 0;
    const area = el('section', { class: 'game replay-area', 'aria-label': 'The table at this step' });
    const said = el('ol', { class: 'log', 'aria-live': 'polite', 'aria-label': 'This step' });
    const pos = el('span', { class: 'step' });
    const who = /** @type {HTMLSelectElement} */ (el('select', { 'aria-label': 'Seen by' },
        el('option', { value: '' }, 'From above (every hand)'),
        ...Array.from({ length: players }, (_, s) => el('option', { value: String(s) }, `As ${names[s]} saw it`))));
    who.value = seat === null ? '' : String(seat);
    who.addEventListener('change', () => { location.hash = `#/replay/${table}${who.value === '' ? '' : `?seat=${who.value}`}`; });
    /** @type {Record<string, any>} */
    const local = {};
    const explain = explainer(table, seat, seat === null ? '' : names[seat], area);
    const draw = () => {
        const step = data.steps[k];
        pos.textContent = `Step ${k} of ${data.length}`;
        const view = step.view;
        const mod = moduleOf(view.game);
        // the view from above holds every hand: the module draws the seat's own hand only
        const asSeat = seat === null ? null : seat;
        if (mod) mod.render(area, {
            table, view: asSeat === null ? { ...view, hand: undefined } : view, seat: asSeat, asked: [], myTurn: false,
            seats: names.map((/** @type {string} */ n) => ({ name: n, bot: null })), local, notice: () => {}, act: async () => ({ ok: false }),
        });
        if (seat === null && view.hands) {
            area.append(el('div', { class: 'all-hands' }, el('h2', {}, 'Every hand'),
                el('ul', {}, ...view.hands.map((/** @type {any} */ h, /** @type {number} */ s) => el('li', {}, `${names[s]}: ${Array.isArray(h) ? h.join(' ') || '(none)' : ''}`)))));
        }
        /** @type {string[]} */
        const lines = step.events.map((/** @type {any} */ e) => e.text).filter(Boolean);
        // a step the narrator leaves silent (a pass in a challenge window) still says who moved
        if (!lines.length && step.seat !== undefined) {
            lines.push(`${names[step.seat]}: ${step.events.map((/** @type {any} */ e) => e.type.replace(/_/g, ' ')).join(', ') || 'a move'}.`);
        }
        if (!lines.length) lines.push(k === 0 ? 'The cards are dealt.' : '');
        said.replaceChildren(...lines.map((t) => el('li', {}, t)));
        explain.show(k);
    };
    /** @param {number} to */
    const go = (to) => { k = Math.max(0, Math.min(data.length, to)); draw(); };
    const auto = autoplay(() => k, () => data.length, go);
    // a step chosen by hand stops the autoplay: the person has taken over
    /** @param {number} to */
    const step = (to) => { auto.pause(); go(to); };
    const bar = el('div', { class: 'replay-bar' },
        ...auto.controls,
        el('button', { type: 'button', onclick: () => step(0) }, '⏮ Start'),
        el('button', { type: 'button', onclick: () => step(k - 1), 'aria-keyshortcuts': 'ArrowLeft' }, '◀ Back'),
        pos,
        el('button', { type: 'button', onclick: () => step(k + 1), 'aria-keyshortcuts': 'ArrowRight', id: 'next' }, 'Next ▶'),
        el('button', { type: 'button', onclick: () => step(data.length) }, 'End ⏭'),
        who, explain.toggle);
    root.replaceChildren(el('div', { class: 'replay' }, el('h1', {}, `Replay of table ${table}`), bar, said, explain.node, area, el('a', { href: '#/' }, 'Back to the lobby')));
    root.onkeydown = (e) => {
        if (e.target instanceof HTMLSelectElement) return;
        if (e.key === 'ArrowRight') step(k + 1);
        else if (e.key === 'ArrowLeft') step(k - 1);
        // Space plays or pauses, unless it presses the button that has the focus
        else if (e.key === ' ' && !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement)) { e.preventDefault(); auto.toggle(); }
    };
    // leaving the replay stops its clock
    window.addEventListener('hashchange', () => auto.pause(), { once: true });
    draw();
}

const EXPLAIN_KEY = 'alphadeck.replayHints';

/**
 * "What could they know?": a switch (remembered for the visit) and, while
 * it is on, the hint the seat could have had at the step shown, asked of
 * the server once a step.  From above there is no seat to coach: no switch.
 * @param {number} table @param {number|null} seat @param {string} name the seat's
 * @param {HTMLElement} area the step as drawn (Sequence's suggested square is lit there)
 */
function explainer(table, seat, name, area) {
    const node = el('section', { class: 'replay-hint', 'aria-live': 'polite', 'aria-label': 'What they could know', hidden: true });
    /** @type {Map<number, Promise<any>>} */
    const asked = new Map();
    let on = sessionStorage.getItem(EXPLAIN_KEY) === '1';
    let at = 0;
    const toggle = el('button', { type: 'button', id: 'explain', 'aria-pressed': on ? 'true' : 'false', hidden: seat === null }, `What could ${name || 'they'} know?`);
    /** @param {number} k */
    const show = async (k) => {
        at = k;
        node.hidden = !on || seat === null;
        if (node.hidden) return;
        if (!asked.has(k)) asked.set(k, fetch(`/api/tables/${table}/hint?seat=${seat}&step=${k}`).then((r) => r.json()).catch(() => null));
        const r = await asked.get(k);
        if (at !== k || !on) return; /* another step is shown by now */
        if (!r || !r.ok) { /* the last step: nothing left to tell */
            node.replaceChildren(el('p', { class: 'hint-text' }, (r && r.error) || 'No hint for this step.'));
            return;
        }
        node.replaceChildren(el('h2', {}, `What ${name} could know here`), el('p', { class: 'hint-text' }, r.hint.text), ...hintDetails(r.hint));
        const sq = r.hint.move && r.hint.move.square;
        const b = sq && area.querySelector(`[data-square="${sq[0]},${sq[1]}"]`);
        if (b) b.classList.add('hint-square');
    };
    toggle.addEventListener('click', () => {
        on = !on;
        sessionStorage.setItem(EXPLAIN_KEY, on ? '1' : '0');
        toggle.setAttribute('aria-pressed', on ? 'true' : 'false');
        show(at);
    });
    return { node, toggle, show };
}
