// games/shout_keyboard.js - Shout's table and word box stay in sight above a
// phone's on-screen keyboard.  The keyboard shrinks the visual viewport
// (window.visualViewport) and the browser scrolls only the box into view,
// which can hide the cards the word is made of.  While the box has the
// focus, whenever the visible part changes (the keyboard opens, a card
// arrives), the page is scrolled so the table's cards start at its top and
// the box is still above its bottom; when both are in sight already,
// nothing moves (so a desktop never scrolls).

/** @type {HTMLElement|null} the Shout area drawn last */
let current = null;
let installed = false;

/** Keeps the table and the box of `root` in sight from now on. @param {HTMLElement} root */
export function keepAboveKeyboard(root) {
    current = root;
    if (!installed) {
        installed = true;
        const later = () => requestAnimationFrame(adjust); // after the browser's own scroll to the box
        if (window.visualViewport) window.visualViewport.addEventListener('resize', later);
        window.addEventListener('resize', later);
        document.addEventListener('focusin', (e) => { if (e.target instanceof HTMLElement && e.target.id === 'word') later(); });
    }
    adjust();
}

/** Scrolls the least that puts the table's top and the box in the visible part. */
function adjust() {
    const root = current;
    if (!root || !root.isConnected) return;
    const box = root.querySelector('#word');
    const cards = root.querySelector('#table-cards');
    if (!box || !cards || document.activeElement !== box) return;
    const vv = window.visualViewport;
    const top = vv ? vv.offsetTop : 0;
    const bottom = top + (vv ? vv.height : window.innerHeight);
    const margin = 6;
    const t = cards.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (t.top >= top && b.bottom <= bottom) return;
    let dy = t.top - top - margin; // the cards at the top...
    if (b.bottom - dy > bottom - margin) dy = b.bottom - bottom + margin; // ...unless the box would fall below: the box first
    if (Math.abs(dy) > 1) window.scrollBy(0, dy);
}
