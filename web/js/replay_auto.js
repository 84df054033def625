// replay_auto.js - the replay's autoplay: a Play/Pause button and a speed
// (0.5x to 8x; 1x is a step a second) that step a finished game forward
// by themselves and stop at its end.  A No Way game is some 650 single
// steps, so watching one needs this more than the Next button.  Plain
// buttons and a select: Tab reaches them, Enter/Space press them.
import { el } from './ui.js';

/** the speeds offered, as multiples of one step a second */
export const SPEEDS = [0.5, 1, 2, 4, 8];
/** a step's time at 1x */
const STEP_MS = 1000;

/**
 * @typedef {Object} Autoplay
 * @property {HTMLElement[]} controls the button and the speed, for the replay's bar
 * @property {() => void} pause stops (a step by hand stops it too)
 * @property {() => void} toggle plays or pauses
 */

/**
 * @param {() => number} at the step shown
 * @param {() => number} last the last step
 * @param {(to: number) => void} go shows a step
 * @returns {Autoplay}
 */
export function autoplay(at, last, go) {
    /** @type {ReturnType<typeof setTimeout>|null} */
    let timer = null;
    let speed = 1;
    const button = el('button', { type: 'button', id: 'replay-play', 'aria-pressed': 'false', 'aria-keyshortcuts': 'Space' }, '▶ Play');
    const select = /** @type {HTMLSelectElement} */ (el('select', { id: 'replay-speed', 'aria-label': 'Speed' },
        ...SPEEDS.map((x) => el('option', { value: String(x) }, `${x}x`))));
    select.value = String(speed);
    const show = () => {
        button.textContent = timer ? '⏸ Pause' : '▶ Play';
        button.setAttribute('aria-pressed', timer ? 'true' : 'false');
    };
    const schedule = () => {
        timer = setTimeout(() => {
            if (at() >= last()) { pause(); return; }
            go(at() + 1);
            if (at() >= last()) pause(); else schedule();
        }, STEP_MS / speed);
    };
    const pause = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        show();
    };
    const play = () => {
        if (timer) return;
        if (at() >= last()) go(0); // played to the end: Play starts again
        schedule();
        show();
    };
    const toggle = () => { if (timer) pause(); else play(); };
    button.addEventListener('click', toggle);
    select.addEventListener('change', () => {
        speed = Number(select.value) || 1;
        // the new pace from now on, not after the step already waiting
        if (timer) { clearTimeout(timer); schedule(); }
    });
    return { controls: [button, el('label', { class: 'speed' }, 'Speed ', select)], pause, toggle };
}
