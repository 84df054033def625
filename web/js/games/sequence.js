// games/sequence.js - Sequence Letters at the table: the board of 48
// pictures (each square its picture and its word, its name a1..h6, the
// chip on it by colour AND by shape and letter), your letters as coloured
// cards; picking a card lights up the squares it can take (a letter: its
// open squares; Z: any open square; X: a chip of another side), says so
// in words, and a second click (or the Place button) plays it. Dead cards
// (both squares covered) are offered for turn-in; when nothing can be
// played, a discard. At the end the winning line is marked.  The board
// (each square's letter, picture and word) is the server's: /api/games.
import { el, keepFocus, seatName, count } from '../ui.js';
import { gameInfo } from '../facts.js';
import { sayCard } from '../speech.js';

/** @typedef {import('../facts.js').Square} Sq */

const ROWS = 6;
const COLS = 8;
/** a letter's colour on its squares and cards, by its place in the alphabet (docs/rules/sequence.md) */
const TINTS = ['orange', 'purple', 'green', 'pink'];
/** chips: a colour, a shape and a letter, so that colour is never alone */
const CHIPS = /** @type {Record<string, {shape: string, mark: string}>} */ ({
    red: { shape: 'circle', mark: 'R' },
    blue: { shape: 'square', mark: 'B' },
    yellow: { shape: 'triangle', mark: 'Y' },
});
/** every player's cards are listed */
export const handCounts = true;

/** its points are shown */
export function showsScores() { return true; }

/**
 * @param {HTMLElement} root
 * @param {import('../table.js').GameCtx} ctx
 */
export function render(root, ctx) {
    keepFocus(root, () => draw(root, ctx));
}

/**
 * @param {HTMLElement} root
 * @param {import('../table.js').GameCtx} ctx
 */
function draw(root, ctx) {
    const v = ctx.view;
    const L = ctx.local;
    const info = gameInfo(v.game);
    /** @type {Sq[][]|undefined} */
    const B = info && info.board;
    const hand = /** @type {string[]} */ (v.hand || []);
    const key = `${v.turns}|${v.turned_in}|${hand.join('')}|${v.phase}`;
    if (L.key !== key) { L.key = key; L.pick = null; L.square = null; }
    /** @type {number|null} index into the hand */
    const pick = L.pick;
    const card = pick === null ? null : hand[pick];
    const board = /** @type {(string|null)[][]} */ (v.board);
    const mine = ctx.seat === null ? null : v.colours[ctx.seat];
    const playing = ctx.myTurn && v.phase === 'play';

    /** the open squares of a letter, or every square it sits on
     * @param {string} c @returns {[number, number][]} 1-based */
    const squaresOf = (c) => {
        /** @type {[number, number][]} */
        const out = [];
        if (!B) return out;
        for (let r = 0; r < ROWS; r++) for (let k = 0; k < COLS; k++) if (B[r][k].letter === c) out.push([r + 1, k + 1]);
        return out;
    };
    /** where a card may go now (1-based squares)
     * @param {string} c @returns {[number, number][]} */
    const targets = (c) => {
        /** @type {[number, number][]} */
        const out = [];
        if (!B) return out;
        for (let r = 0; r < ROWS; r++) {
            for (let k = 0; k < COLS; k++) {
                const chip = board[r][k];
                if (c === 'Z' ? chip === null : c === 'X' ? chip !== null && chip !== mine : chip === null && B[r][k].letter === c) out.push([r + 1, k + 1]);
            }
        }
        return out;
    };
    /** @param {string} c */
    const isDead = (c) => c !== 'X' && c !== 'Z' && !!B && squaresOf(c).every(([r, k]) => board[r - 1][k - 1] !== null);
    const canTurnIn = playing && !v.turned_in;
    const anyPlayable = hand.some((c) => targets(c).length > 0);
    const anyDead = hand.some(isDead);
    const mustDiscard = playing && !!B && !anyPlayable && !(canTurnIn && anyDead);
    const goes = card === null ? [] : targets(card);
    /** @param {number} r @param {number} k 1-based */
    const isTarget = (r, k) => goes.some(([a, b]) => a === r && b === k);
    const sqName = (/** @type {number} */ r, /** @type {number} */ k) => (B ? B[r - 1][k - 1].name : `${'abcdefgh'[k - 1]}${r}`);
    const sqSay = (/** @type {number} */ r, /** @type {number} */ k) => (B ? `${B[r - 1][k - 1].picture} (${B[r - 1][k - 1].letter}, ${B[r - 1][k - 1].name})` : sqName(r, k));

    // --- who plays which chips
    const legend = el('p', { class: 'seq-legend' }, ...v.colours.map((/** @type {string} */ col, /** @type {number} */ s) => {
        if (v.colours.indexOf(col) !== s) return null; // partners: said once
        const who = v.colours.map((/** @type {string} */ c2, /** @type {number} */ s2) => (c2 === col ? (s2 === ctx.seat ? 'You' : nameOf(ctx, s2)) : null)).filter(Boolean);
        return el('span', { class: 'seq-side' }, chip(col), ` ${who.join(' and ')}: ${col} ${CHIPS[col] ? CHIPS[col].shape : ''}s`);
    }));

    // --- the board
    const line = /** @type {[number, number][]} */ (v.line || []);
    const inLine = (/** @type {number} */ r, /** @type {number} */ k) => line.some(([a, b]) => a === r && b === k);
    const lastSq = v.last && v.last.action && v.last.action.square;
    const grid = el('div', { class: 'seq-board', id: 'board', role: 'group', 'aria-label': 'The board' });
    if (!B) grid.append(el('p', {}, 'Loading the board…'));
    else {
        for (let r = 1; r <= ROWS; r++) {
            for (let k = 1; k <= COLS; k++) {
                const s = B[r - 1][k - 1];
                const chipCol = board[r - 1][k - 1];
                const target = isTarget(r, k);
                const picked = !!L.square && L.square[0] === r && L.square[1] === k;
                const last = !!lastSq && lastSq[0] === r && lastSq[1] === k;
                const won = inLine(r, k);
                const tint = TINTS[(s.letter.charCodeAt(0) - 65) % 4];
                const label = [s.name, s.picture, s.letter, chipCol ? `${chipCol} chip` : 'empty',
                    target ? (card === 'X' ? 'X can take this chip off' : `${card} can go here`) : null,
                    picked ? 'picked' : null, won ? 'in the winning line' : null, last ? 'last move' : null].filter(Boolean).join(', ');
                const b = el('button', {
                    type: 'button', class: `square t-${tint}${chipCol ? ' covered' : ''}${target ? ' target' : ''}${picked ? ' picked' : ''}${won ? ' won' : ''}${last ? ' last' : ''}`,
                    'data-square': `${r},${k}`, 'data-name': s.name, 'aria-label': label, 'aria-pressed': picked ? 'true' : 'false',
                    tabindex: card !== null && !target ? -1 : 0,
                    onclick: () => clickSquare(r, k),
                },
                el('span', { class: 'sq-name', 'aria-hidden': 'true' }, s.name),
                picture(s),
                word(s.picture),
                chipCol ? chip(chipCol) : null,
                won ? el('span', { class: 'sq-star', 'aria-hidden': 'true' }, '★') : null);
                // the place on the grid (CSSOM, which the page's CSP allows): a phone turns the board a quarter
                b.style.setProperty('--r', String(r));
                b.style.setProperty('--c', String(k));
                grid.append(b);
            }
        }
        grid.addEventListener('keydown', (e) => arrows(grid, /** @type {KeyboardEvent} */ (e)));
    }

    /** @param {number} r @param {number} k */
    function clickSquare(r, k) {
        if (!playing) { ctx.notice(ctx.seat === null || v.phase === 'over' ? '' : 'It is not your turn yet.'); return; }
        if (card === null) { ctx.notice('Pick one of your cards first.'); return; }
        if (!isTarget(r, k)) {
            const s = sqSay(r, k);
            if (card === 'X') ctx.notice(`X takes off a chip of another side: ${s} ${board[r - 1][k - 1] ? 'is yours' : 'has no chip'}.`);
            else if (card === 'Z') ctx.notice(`${s} is covered already: Z goes on any open square.`);
            else if (!goes.length) ctx.notice(`Both ${card} squares are covered: ${card} is dead.`);
            else ctx.notice(`That is the ${s}. Your ${card} goes on ${goes.map(([a, b]) => sqSay(a, b)).join(' or ')}.`);
            return;
        }
        if (L.square && L.square[0] === r && L.square[1] === k) { place(); return; }
        L.square = [r, k];
        render(/** @type {HTMLElement} */ (root), ctx);
    }
    async function place() {
        if (card === null || !L.square) return;
        const r = await ctx.act({ type: 'play', card, square: L.square });
        if (r && r.ok) { L.pick = null; L.square = null; }
    }

    // --- what to do now, in words
    const controls = el('div', { class: 'controls' });
    if (playing) {
        if (!B) controls.append(el('p', { class: 'prompt' }, 'Your turn.'));
        else if (card === null) {
            const dead = hand.filter(isDead);
            controls.append(el('p', { class: 'prompt' }, mustDiscard
                ? 'None of your cards can be played: pick one to discard.'
                : canTurnIn && dead.length
                    ? `Your turn. ${unique(dead).join(' and ')} ${unique(dead).length === 1 ? 'is' : 'are'} dead (both squares covered): pick it to turn it in for a new card.`
                    : 'Your turn: pick a card, then a square with its picture.'));
        } else if (card === 'X') {
            controls.append(el('p', { class: 'prompt' }, goes.length
                ? 'X removes a chip of another side: pick the chip to take off.'
                : 'X removes a chip of another side, but there is none on the board.'));
        } else if (card === 'Z') {
            controls.append(el('p', { class: 'prompt' }, 'Z is wild: it covers any open square. Pick the square.'));
        } else if (isDead(card)) {
            controls.append(el('p', { class: 'prompt' }, `${card} is dead: both its squares (${squaresOf(card).map(([a, b]) => sqSay(a, b)).join(' and ')}) are covered.${canTurnIn ? ' Turn it in for a new card.' : ' You have turned in a card this turn already.'}`));
        } else {
            controls.append(el('p', { class: 'prompt' }, `${card}: put your chip on ${goes.map(([a, b]) => sqSay(a, b)).join(' or ')}.`));
        }
        if (card !== null && L.square) {
            const [r, k] = L.square;
            const s = B ? B[r - 1][k - 1] : null;
            const what = card === 'X' ? `Take the ${board[r - 1][k - 1]} chip off ${s ? `the ${s.picture}, ${s.name}` : ''}` : `Put your chip on ${s ? `the ${s.picture}, ${s.name}` : ''}`;
            controls.append(el('button', { type: 'button', class: 'big primary', id: 'place', onclick: place }, what));
        } else if (card !== null && !isDead(card) && goes.length) {
            controls.append(el('button', { type: 'button', class: 'big primary', id: 'place', disabled: true }, 'Pick a lit square'));
        }
        if (card !== null && isDead(card) && canTurnIn) {
            controls.append(el('button', { type: 'button', class: 'big primary', id: 'turn-in', onclick: () => ctx.act({ type: 'turn_in', card }) }, `Turn in the dead ${card} for a new card`));
        }
        if (mustDiscard && card !== null) {
            controls.append(el('button', { type: 'button', class: 'big', id: 'discard', onclick: () => ctx.act({ type: 'discard', card }) }, `Discard ${card}`));
        }
        if (card !== null) {
            controls.append(el('button', { type: 'button', class: 'link', id: 'unpick', onclick: () => { L.pick = null; L.square = null; render(root, ctx); } }, 'Pick another card'));
        }
    } else if (v.phase === 'over') {
        if (line.length && B) controls.append(el('p', { class: 'prompt' }, `The winning line: ${line.map(([a, b]) => `${B[a - 1][b - 1].name} ${B[a - 1][b - 1].picture}`).join(', ')}.`));
        else if (Array.isArray(v.winner) && !v.winner.length) controls.append(el('p', { class: 'prompt' }, `No line of four after ${v.turns} turns: the game is drawn.`));
    } else {
        const who = ctx.asked.map((s) => (s === ctx.seat ? 'you' : nameOf(ctx, s)));
        if (who.length) controls.append(el('p', { class: 'prompt' }, `Waiting for ${who.join(', ')}.`));
    }

    // --- your cards
    const handBox = el('div', { class: 'hand seq-hand', id: 'hand', role: 'group', 'aria-label': 'Your cards' },
        ...hand.map((c, i) => {
            const dead = isDead(c);
            const picked = pick === i;
            const tint = c === 'X' ? 'x' : c === 'Z' ? 'z' : TINTS[(c.charCodeAt(0) - 65) % 4];
            const what = c === 'X' ? 'removes a chip' : c === 'Z' ? 'any open square' : dead ? 'dead' : B ? squaresOf(c).map(([a, b]) => B[a - 1][b - 1].picture).join(' or ') : '';
            return el('button', {
                type: 'button', class: `card seq-card t-${tint}${picked ? ' picked' : ''}${dead ? ' dead' : ''}`,
                'data-card': c, 'aria-pressed': picked ? 'true' : 'false',
                'aria-label': `${c}, ${what}${picked ? ', picked' : ''}`,
                onclick: () => {
                    if (!playing) { ctx.notice(ctx.seat !== null && v.phase !== 'over' ? 'It is not your turn yet: look at your cards while you wait.' : ''); return; }
                    L.pick = L.pick === i ? null : i;
                    L.square = null;
                    if (L.pick !== null) sayCard(v.game, c);
                    // a card with one place to go: that square is picked at once
                    const t = L.pick === null ? [] : targets(c);
                    if (t.length === 1 && c !== 'X' && c !== 'Z') L.square = t[0];
                    render(root, ctx);
                },
            }, el('span', { class: 'face' }, c), el('small', { class: 'what', 'aria-hidden': 'true' }, what));
        }));

    // --- discards (public) and the deck
    const piles = el('p', { class: 'seq-piles' },
        `Deck: ${count(v.deck_count, 'card')}. Turn ${v.turns}. Discards: `,
        ...(v.discards || []).map((/** @type {string[]} */ d, /** @type {number} */ s) => el('span', { class: 'pile' },
            `${s === ctx.seat ? 'you' : nameOf(ctx, s)} ${d.length ? d.slice(-3).join(' ') : '-'}${s < v.discards.length - 1 ? '; ' : ''}`)));

    root.replaceChildren(el('div', { class: 'seq' },
        controls,
        ctx.seat !== null && hand.length ? el('h2', {}, `Your cards (${hand.length})`) : null,
        ctx.seat !== null ? handBox : null,
        legend,
        grid,
        piles));
    fitWords(grid);
}

/** a square's picture: its drawing (the server's SVG, the same on every
 * device), or its letter in a box when the server has none
 * @param {Sq} s */
function picture(s) {
    if (s.image) return el('img', { class: 'sq-pic', src: s.image, alt: '', 'aria-hidden': 'true', draggable: 'false' });
    return el('span', { class: 'sq-pic sq-tile', 'aria-hidden': 'true' }, s.letter);
}

/** a square's word, its first letter bold: it may break between words
 * ("Jack-in- / the-box") but never inside one.  Its size comes from the
 * letters that must fit on a line (--chars; the CSS sizes it to the
 * square's width): a name of up to ten letters on one line, a longer one
 * on two, so nothing is cut off and the picture keeps its room
 * @param {string} name */
function word(name) {
    const longest = Math.max(...name.split(/[\s-]+/).map((w) => w.length));
    const line = name.length <= 10 ? name.length : Math.max(longest, Math.ceil(name.length / 2));
    const w = el('span', { class: 'sq-word', 'aria-hidden': 'true' }, el('b', {}, name.slice(0, 1)), name.slice(1));
    w.style.setProperty('--chars', String(Math.max(line, 5)));
    return w;
}

/** A word still wider than its square (a font wider than the one the CSS
 * expects) is drawn smaller until it fits: cut off, a child's parent
 * could not read it.  Again when the window changes size.
 * @param {HTMLElement} grid */
function fitWords(grid) {
    for (const w of /** @type {NodeListOf<HTMLElement>} */ (grid.querySelectorAll('.sq-word'))) {
        w.style.removeProperty('font-size');
        for (let i = 0; i < 10 && w.scrollWidth > w.clientWidth; i++) {
            w.style.fontSize = `${parseFloat(getComputedStyle(w).fontSize) * 0.92}px`;
        }
    }
}
addEventListener('resize', () => {
    const grid = /** @type {HTMLElement|null} */ (document.querySelector('.seq-board'));
    if (grid) fitWords(grid);
});

/** a chip: its colour, its shape and its letter
 * @param {string} col */
function chip(col) {
    const c = CHIPS[col] || { shape: 'circle', mark: col.slice(0, 1).toUpperCase() };
    return el('span', { class: `chip chip-${col} chip-${c.shape}`, 'aria-hidden': 'true' }, el('span', {}, c.mark));
}

/** @param {string[]} xs */
function unique(xs) { return [...new Set(xs)]; }

/** @param {import('../table.js').GameCtx} ctx @param {number} s */
function nameOf(ctx, s) {
    return seatName(ctx.seats, s);
}

/** arrow keys move between the squares of the board
 * @param {HTMLElement} grid @param {KeyboardEvent} e */
function arrows(grid, e) {
    const t = /** @type {HTMLElement} */ (e.target);
    const at = t.dataset && t.dataset.square;
    if (!at) return;
    let [r, k] = at.split(',').map(Number);
    // on a phone the board is drawn turned (rows across): the arrows follow what is seen
    const turned = getComputedStyle(grid).getPropertyValue('--turned').trim() === '1';
    const across = turned ? [0, 1] : [1, 0];
    const d = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' ? -1 : e.key === 'ArrowDown' ? 1 : 0;
    if (!d) return;
    const horiz = e.key === 'ArrowLeft' || e.key === 'ArrowRight';
    if (horiz) { k += d * across[0]; r += d * across[1]; } else { r += d * across[0]; k += d * across[1]; }
    const next = /** @type {HTMLElement|null} */ (grid.querySelector(`[data-square="${r},${k}"]`));
    if (next) { e.preventDefault(); next.focus(); }
}
