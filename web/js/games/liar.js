// games/liar.js - placeholder: draws the seat's view as text until the game's own table is written.
import { el } from '../ui.js';

/**
 * @param {HTMLElement} root
 * @param {import('../table.js').GameCtx} ctx
 */
export function render(root, ctx) {
    root.replaceChildren(el('pre', {}, JSON.stringify(ctx.view, null, 1)));
}
