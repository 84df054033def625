// learn.js - "Learn to play": the lobby's button that starts a game's
// guided first game (the server's `learn`), and the table's panel that
// shows the step the server sends the learner: its words, big, above the
// game; the rule it shows; a Next button when the step asks to read on.
// Every word comes from the server (data/learn/<game>.txt); read aloud
// says the step's words when they change.
import { el } from './ui.js';
import { say } from './speech.js';

/**
 * The lobby's "Learn to play" button for the game chosen now (game()),
 * shown only where /api/games says the game has a lesson.
 * @param {import('./conn.js').Conn} conn
 * @param {() => import('./facts.js').GameInfo} game
 * @param {(table: number) => void} openTable
 * @param {HTMLElement} msg   where a refusal is told
 */
export function learnButton(conn, game, openTable, msg) {
    const b = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', class: 'learn-start', id: 'learn-start', onclick: async () => {
        const g = game();
        const r = await conn.request({ cmd: 'learn', game: g.id });
        if (!r.ok) { msg.textContent = r.error || 'The lesson could not start.'; return; }
        conn.at(r.table, r.seat, r.v, false);
        openTable(r.table);
    } }, 'Learn to play'));
    const sync = () => { b.hidden = !game().learn; };
    sync();
    return { node: b, sync };
}

/**
 * The table's lesson panel (hidden at any table that is not a guided game).
 * @param {import('./conn.js').Conn} conn
 * @param {number} table
 */
export function learnPanel(conn, table) {
    const count = el('p', { class: 'learn-count' });
    const words = el('p', { class: 'learn-say', 'aria-live': 'polite' });
    const rule = el('p', { class: 'learn-rule' });
    const next = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', class: 'primary learn-next', id: 'learn-next' }, 'Next'));
    const node = el('section', { class: 'learn', hidden: true, 'aria-label': 'Learn to play' }, count, words, rule, next);
    let said = '';
    /** @param {any} step the server's `learn`, or undefined at another table */
    const show = (step) => {
        if (!step) return;
        node.hidden = false;
        count.textContent = step.done ? 'Lesson done: play on!' : `Step ${step.step + 1} of ${step.steps}`;
        words.textContent = step.say;
        rule.textContent = step.rule ? `The rule: ${step.rule}` : '';
        rule.hidden = !step.rule;
        next.hidden = step.do !== 'next';
        const key = `${step.step}:${step.say}`;
        if (key !== said) { /* a new step: said aloud, and brought into sight (the learner may be down at the board) */
            said = key;
            say(step.say);
            node.scrollIntoView({ block: 'nearest' });
        }
    };
    next.addEventListener('click', async () => {
        const r = await conn.request({ cmd: 'learn_next', table });
        show(r.learn);
    });
    return { node, show };
}
