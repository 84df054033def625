// ui.js - small helpers every screen uses: building elements, the names of
// seats, cards as buttons, the log (an aria-live region), and a countdown.
import { defaultName } from './facts.js';

/**
 * An element with attributes and children.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node|string|null|undefined|false)} kids
 * @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === null || v === false) continue;
        if (k === 'class') e.className = v;
        else if (k === 'text') e.textContent = v;
        else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
        else if (v === true) e.setAttribute(k, '');
        else e.setAttribute(k, String(v));
    }
    for (const k of kids) if (k !== null && k !== undefined && k !== false) e.append(k);
    return e;
}

/** The name to show for a seat: its person's name, else the narrator's Ann, Bea...
 * @param {{name: string|null, bot: string|null}[]|undefined} seats @param {number} s */
export function seatName(seats, s) {
    const st = seats && seats[s];
    return (st && st.name) || defaultName(s);
}

/** A card as a toggle button (aria-pressed), labelled for a screen reader.
 * @param {string} face @param {boolean} picked @param {(e: Event) => void} onclick @param {string} [label] */
export function cardButton(face, picked, onclick, label) {
    return el('button', {
        class: `card${picked ? ' picked' : ''}`, type: 'button', 'aria-pressed': picked ? 'true' : 'false',
        'aria-label': label || `card ${face}`, 'data-card': face, 'data-hue': hueOf(face), onclick,
    }, face);
}

/** A card's colour, one of six, from its letter (the same letter, the same
 * colour, as in the terminal); the letter itself is always written too.
 * @param {string} face */
export function hueOf(face) {
    const c = face.toUpperCase().charCodeAt(0);
    return String(Number.isNaN(c) ? 0 : c % 6);
}

/** Appends sentences to the log, newest last, kept to the last 200.
 * @param {HTMLElement} log @param {string[]} lines */
export function logLines(log, lines) {
    for (const l of lines) log.append(el('li', {}, l));
    while (log.children.length > 200 && log.firstChild) log.firstChild.remove();
    log.scrollTop = log.scrollHeight;
}

/** A countdown in whole seconds inside `node` until `deadline` (ms since the
 * epoch), shown as urgent in its last 3 seconds when `long` (a person's turn
 * or answer), never for a clock of a second or two (Shout's next card).
 * @param {HTMLElement} node @param {number} deadline @param {boolean} long
 * @returns {() => void} stops it */
export function countdown(node, deadline, long) {
    const tick = () => {
        const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
        node.textContent = `${left} s`;
        node.classList.toggle('urgent', long && left <= 3);
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
}

/** redraws with fn and gives the focus back to the same control (by id,
 * square, card id, or place in its group), so keyboard play survives a redraw
 * @param {HTMLElement} root @param {() => void} fn */
export function keepFocus(root, fn) {
    const a = /** @type {HTMLElement|null} */ (document.activeElement);
    let sel = null;
    /** @type {[number|null, number|null]|null} */
    let caret = null;
    if (a && root.contains(a)) {
        if (a.id) sel = `#${a.id}`;
        else if (a.dataset.square) sel = `[data-square="${a.dataset.square}"]`;
        else if (a.dataset.id) sel = `.card[data-id="${a.dataset.id}"]`;
        else if (a.parentElement && a.parentElement.id) sel = `#${a.parentElement.id} > :nth-child(${[...a.parentElement.children].indexOf(a) + 1})`;
        if (a instanceof HTMLInputElement) caret = [a.selectionStart, a.selectionEnd];
    }
    fn();
    if (!sel) return;
    let b = /** @type {HTMLElement|null} */ (root.querySelector(sel));
    if (!b && sel.startsWith('#') && a && a.parentElement && a.parentElement.id) b = root.querySelector(`#${a.parentElement.id} > :last-child`);
    if (b && !(/** @type {HTMLButtonElement} */ (b).disabled)) {
        b.focus({ preventScroll: true });
        if (caret && b instanceof HTMLInputElement) b.setSelectionRange(caret[0], caret[1]);
    }
}

/** A count with its noun, one or many: "1 letter", "2 letters", "1 card".
 * @param {number} n @param {string} one @param {string} [many] */
export function count(n, one, many = `${one}s`) {
    return `${n} ${n === 1 ? one : many}`;
}

/** A range with its noun: "3-5 letters", or "4 letters" and "1 letter" when
 * both ends are one number. @param {number} lo @param {number} hi @param {string} one */
export function countRange(lo, hi, one) {
    return lo === hi ? count(lo, one) : `${lo}-${hi} ${one}s`;
}
