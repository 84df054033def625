// hint.js - the coach at a table (issue 32; docs/server.md, "Hints"): a
// "Hint" button for the seated person at a table that allows hints, a panel
// with the server's hint (its words, and what a beginner can use at a
// glance: how likely a claim is a lie, as words and a bar; the words a
// hand spells; the best words on the table; Sequence's suggested square lit
// on the board), and a small line always in view when the seat's own cards
// prove a claim or an announcement (asked for once a position, when the
// seat must judge one).  Every word of a hint is the server's; this module
// only lays it out.  A hint's words are said when Read aloud is on.
import { el } from './ui.js';
import { say } from './speech.js';

/** odds in words, for the bar beside them @param {number} p the chance it is a lie */
export function lieWords(p) {
    if (p >= 1) return 'a lie for sure';
    if (p <= 0) return 'true for sure';
    if (p >= 0.8) return 'very likely a lie';
    if (p >= 0.6) return 'more likely a lie than not';
    if (p > 0.4) return 'could go either way';
    if (p > 0.2) return 'more likely true than not';
    return 'very likely true';
}

/** how often, in words @param {number} p */
function oftenWords(p) {
    return p < 0.05 ? 'almost never' : p < 0.3 ? 'now and then' : p < 0.6 ? 'often' : p < 0.95 ? 'most times' : 'almost always';
}

/** a bar of a chance, with its words and its percentage @param {string} label @param {number} p @param {string} words */
function chance(label, p, words) {
    const pct = Math.round(p * 100);
    return el('div', { class: 'hint-chance' },
        el('span', { class: 'hint-chance-label' }, `${label}: ${words} (${pct}%)`),
        el('meter', { min: '0', max: '1', low: '0.3', high: '0.7', optimum: '0', value: String(p), 'aria-label': `${label}: ${pct}%` }));
}

/** a row of words, as chips @param {string} label @param {string[]} words */
function wordRow(label, words) {
    return el('p', { class: 'hint-words' }, el('span', { class: 'hint-chance-label' }, `${label}: `),
        ...words.map((w) => el('span', { class: 'hint-word' }, w)));
}

/** What a beginner can use of a hint, beside its words. @param {any} h @returns {HTMLElement[]} */
export function hintDetails(h) {
    /** @type {HTMLElement[]} */
    const out = [];
    if (typeof h.lie === 'number') out.push(chance('This claim', h.lie, lieWords(h.lie)));
    if (typeof h.true === 'number') out.push(chance('This word is a bluff', 1 - h.true, lieWords(1 - h.true).replace('a lie', 'a bluff')));
    if (Array.isArray(h.truthful)) out.push(el('p', { class: 'hint-words' }, h.truthful.length
        ? `Truthful plays: ${h.truthful.join(' ')}` : 'You hold none of the call: any play is a bluff.'));
    if (h.bluff && typeof h.bluff.called === 'number') out.push(chance('Your bluff would be called', h.bluff.called, oftenWords(h.bluff.called)));
    if (Array.isArray(h.words) && h.words.length) {
        out.push(wordRow(h.kind === 'table' ? 'Best words on the table' : 'Words your hand spells',
            h.words.map((/** @type {any} */ w) => (typeof w === 'string' ? w : w.word))));
    }
    if (Array.isArray(h.left) && h.left.length) out.push(wordRow('Words nobody took', h.left.map((/** @type {any} */ w) => (typeof w === 'string' ? w : w.word))));
    if (Array.isArray(h.dead) && h.dead.length) out.push(el('p', { class: 'hint-words' }, `Dead cards to turn in: ${h.dead.join(' ')}`));
    return out;
}

/** The always-visible line: only what the seat's own cards prove. @param {any} h */
function certainLine(h) {
    if (!h || !h.certain) return '';
    if (typeof h.lie === 'number') return h.lie >= 1 ? 'Your cards prove it: this claim is a lie for sure.' : 'Your cards prove it: this claim is true for sure.';
    if (typeof h.true === 'number') return h.true <= 0 ? 'What you know proves it: this word is a bluff for sure.' : 'What you know proves it: the hand spells this word for sure.';
    return '';
}

/**
 * The hint box of a table: a button, the always-visible line, the panel.
 * @param {import('./conn.js').Conn} conn
 * @param {number} table
 */
export function hintPanel(conn, table) {
    const line = el('p', { class: 'hint-line', 'aria-live': 'polite', hidden: true });
    const panel = el('div', { class: 'hint-panel', role: 'status', hidden: true });
    const button = el('button', { type: 'button', class: 'hint-btn', id: 'hint' }, 'Hint');
    const box = el('div', { class: 'hint-box', hidden: true }, button, line, panel);
    const node = el('div', { class: 'hint-home' }, box); /* its place where no dock is drawn */
    /** @type {{v: number, hint: any}|null} the newest hint, and its position */
    let got = null;
    let asked = -1; /* the last version asked for by itself: never twice */
    /** @type {{v: number, area: HTMLElement|null}} */
    const now = { v: -1, area: null };

    /** lights Sequence's suggested square on the board drawn for this position */
    const light = () => {
        const sq = got && got.v === now.v && got.hint.move && got.hint.move.square;
        if (!sq || !now.area) return;
        const b = now.area.querySelector(`[data-square="${sq[0]},${sq[1]}"]`);
        if (b) b.classList.add('hint-square');
    };
    /** @param {any} h */
    const show = (h) => {
        panel.hidden = false;
        panel.replaceChildren(el('p', { class: 'hint-text' }, h.text), ...hintDetails(h));
        light();
        say(h.text);
    };
    /** asks the server for this position's hint; null when refused (the refusal's words shown) @param {boolean} open */
    const ask = async (open) => {
        const r = await conn.request({ cmd: 'hint', table });
        if (!r.ok) {
            if (open) { panel.hidden = false; panel.replaceChildren(el('p', { class: 'hint-text refused' }, r.error || 'No hint now.')); }
            return null;
        }
        if (r.v !== now.v) return null; /* the table moved on meanwhile */
        got = { v: r.v, hint: r.hint };
        const certain = certainLine(r.hint);
        if (certain && line.textContent !== certain) say(certain);
        line.textContent = certain;
        line.hidden = !certain;
        light();
        return r.hint;
    };
    /** beside the hand and buttons: atop the game's dock (held on a phone's
     * screen while asked), else below the game */
    const place = () => {
        const d = now.area && now.area.querySelector('.dock');
        if (d && box.parentNode !== d) d.prepend(box);
        else if (!d && box.parentNode !== node) node.append(box);
    };
    /** a module that draws itself again (a card picked) makes a new dock: the box goes back atop it @param {HTMLElement} area */
    const watch = (area) => {
        new MutationObserver(() => { place(); light(); }).observe(area, { childList: true });
    };
    button.addEventListener('click', async () => {
        const h = got && got.v === now.v ? got.hint : await ask(true);
        if (h) show(h);
    });

    /**
     * After each draw of the table: shown to its seated person while the
     * game goes on, at a table that allows hints; asks by itself once a
     * position when the seat must judge a claim or a word.
     * @param {{hints: boolean, seat: number|null, v: number, asked: number[], view: any, playing: boolean}} st
     * @param {HTMLElement} area the game as drawn
     */
    const update = (st, area) => {
        const on = st.hints && st.seat !== null && st.playing && st.view && st.view.phase !== 'over';
        box.hidden = !on;
        if (!on) return;
        if (st.v !== now.v) { /* a new position: the old hint is gone */
            line.hidden = true;
            line.textContent = '';
            panel.hidden = true;
        }
        now.v = st.v;
        if (now.area !== area) watch(area);
        now.area = area;
        place();
        light();
        const judging = st.seat !== null && st.asked.includes(st.seat) && (st.view.phase === 'challenge' || st.view.phase === 'respond');
        if (judging && asked !== st.v) {
            asked = st.v;
            ask(false);
        }
    };
    return { node, update };
}
