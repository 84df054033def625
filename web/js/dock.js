// dock.js - what you act with, kept on the screen while you are asked: on a
// phone the hand and the buttons of No Way and I Doubt It sit in a panel
// fixed to the bottom of the window (style.css, "issue 30, r6"), since the
// players list above them pushes them below the fold.  The page below gets
// room at its end as tall as the panel, so nothing is hidden under it for good.
import { el } from './ui.js';

/**
 * The controls and the hand in a dock, held at the bottom on a narrow
 * screen while `asked`; elsewhere just a box in the flow.
 * @param {boolean} asked @param {(Node|null)[]} kids @returns {HTMLElement}
 */
export function dock(asked, kids) {
    const d = el('div', { class: `dock${asked ? ' asked' : ''}`, role: asked ? 'region' : undefined, 'aria-label': asked ? 'Your move' : undefined },
        ...kids.filter((k) => k !== null));
    // once drawn: the room below the page, as tall as the panel when it is fixed
    requestAnimationFrame(roomBelow);
    return d;
}

/** Room at the page's end for a fixed dock (none when the dock is in the flow or gone). */
function roomBelow() {
    const d = /** @type {HTMLElement|null} */ (document.querySelector('.dock.asked'));
    const fixed = d && d.isConnected && getComputedStyle(d).position === 'fixed';
    document.body.style.paddingBottom = fixed && d ? `${Math.ceil(d.getBoundingClientRect().height) + 8}px` : '';
}

window.addEventListener('resize', roomBelow);
window.addEventListener('hashchange', () => requestAnimationFrame(roomBelow));
