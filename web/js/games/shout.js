// games/shout.js - Shout a Word at the table: the cards face up on the table
// as they arrive (the newest marked), a word made by clicking cards in the
// order of the word or by typing it (the cards that spell it are then found
// on the table), what can be said before shouting (enough cards? do they
// spell it?), Shout!, Pass in the final window, Deal for the dealer, the
// last claim and its verdict, and the cards won and points of every player;
// at the end the computer players' words, each to look up (bot_words.js).
import { el, seatName, count } from '../ui.js';
import { keepFocus } from '../ui.js';
import { findCards, spells, spellOf } from './shout_spell.js';
import { noteTaken, beatenBy, takenCount, firstWords } from './shout_race.js';
import { keepAboveKeyboard } from './shout_keyboard.js';
import { storyOf, endOf } from './shout_end.js';
import { botWordsOf, botWordsPanel } from './bot_words.js';

/** the cards are on the table, not in hands: the players list gives none */
export const handCounts = false;

/** the points are the game's measure */
export function showsScores() { return true; }

const WHY = /** @type {Record<string, string>} */ ({
    too_few_cards: 'too few cards for a word',
    not_spelled: 'those cards do not spell it',
    not_a_word: 'that is not a word',
});

/** @typedef {{id: number, card: string}} TCard */

/**
 * @param {HTMLElement} root
 * @param {import('../table.js').GameCtx} ctx
 */
export function render(root, ctx) {
    keepFocus(root, () => draw(root, ctx));
    keepAboveKeyboard(root);
}

/**
 * @param {HTMLElement} root
 * @param {import('../table.js').GameCtx} ctx
 */
function draw(root, ctx) {
    const v = ctx.view;
    const L = ctx.local;
    const me = ctx.seat;
    const table = /** @type {TCard[]} */ (v.table || []);
    if (L.round !== v.round) { L.round = v.round; L.picks = []; L.word = ''; L.seen = null; L.taken = []; L.mine = []; }
    // another seat took cards of the word in the box: say who, and empty the box
    const took = noteTaken(L, v, me);
    if (took && lostTo(L, took, table)) {
        L.lost = firstWords(nameOf(ctx, took.seat), took);
        L.picks = [];
        L.word = '';
        ctx.notice(L.lost);
    }
    /** @type {Set<number>} cards already drawn once: the others are new */
    const seen = L.seen || new Set(table.map((t) => t.id));
    L.seen = seen;
    /** @type {number[]} ids picked, in the order of the word */
    L.picks = (L.picks || []).filter((/** @type {number} */ id) => table.some((t) => t.id === id));
    const picks = /** @type {number[]} */ (L.picks);
    const byId = new Map(table.map((t) => [t.id, t.card]));
    const who = (/** @type {number} */ s) => (s === me ? 'You' : nameOf(ctx, s));
    const need = me !== null ? v.need[me] : Math.min(...v.need);
    const passed = /** @type {number[]} */ (v.passed || []);
    const canClaim = me !== null && v.phase !== 'over' && ctx.myTurn && table.length > 0 && !passed.includes(me);

    // the last claim, kept until the next one, with its verdict
    if (v.last && v.last.action && v.last.action.type === 'claim') L.verdict = { seat: v.last.seat, ...v.last.action, outcome: v.last.outcome, round: v.round };
    const vd = L.verdict;
    const verdict = el('div', { class: `shout-verdict${vd ? (vd.outcome.valid ? ' good' : ' bad') : ''}`, id: 'verdict', role: 'status', 'aria-live': 'polite' });
    if (vd) {
        const faces = vd.cards.map((/** @type {TCard} */ c) => c.card);
        const sh = vd.seat === me ? 'shout' : 'shouts';
        verdict.append(el('span', { class: 'mark', 'aria-hidden': 'true' }, vd.outcome.valid ? '✓' : '✗'),
            el('span', {}, vd.outcome.valid
                ? `${who(vd.seat)} ${sh} ${vd.word.toUpperCase()} with ${faces.join(', ')} and ${vd.seat === me ? 'take' : 'takes'} ${faces.length} card${faces.length === 1 ? '' : 's'}.`
                : `${who(vd.seat)} ${sh} ${vd.word.toUpperCase()} with ${faces.join(', ')}: ${WHY[vd.outcome.verdict] || vd.outcome.verdict}.${vd.outcome.rewarded && vd.outcome.rewarded.length ? ` ${vd.outcome.rewarded.map(who).join(', ')} ${vd.outcome.rewarded.length === 1 && vd.outcome.rewarded[0] !== me ? 'gets' : 'get'} a card from the deck.` : ''}`));
    }

    // the round
    const dealer = v.dealer;
    const status = el('p', { class: `shout-status${v.phase === 'final' ? ' final' : ''}` }, v.phase === 'over'
        ? 'The game is over.'
        : v.phase === 'final'
            ? `Round ${v.round} of ${v.rounds}: the deck is empty, the FINAL WINDOW is open. Words: ${need}+ cards.`
            : `Round ${v.round} of ${v.rounds}: ${dealer === me ? 'you deal' : `${nameOf(ctx, dealer)} deals`}, ${count(v.deck_count, 'card')} in the deck. Your words: ${need}+ cards.`);

    // the word: picked cards, or the cards found for the typed word
    const typed = L.word.trim();
    const found = picks.length ? picks : typed && /^[a-zA-Z]+$/.test(typed) ? findCards(table, typed.toLowerCase()) || [] : [];
    const c = judge(picks.length ? picks : found, byId, typed, need, picks.length > 0);
    // the cards of the word as it stands, to know later whether a claim took them
    L.mine = picks.length ? [...picks] : [...found];

    // the table
    const tableBox = el('div', { class: 'hand shout-table', id: 'table-cards', role: 'group', 'aria-label': `The table: ${count(table.length, 'card')}` },
        ...table.map((t) => {
            const at = picks.indexOf(t.id);
            const use = !picks.length && found.includes(t.id);
            const fresh = !seen.has(t.id);
            return el('button', {
                type: 'button', class: `card shout-card${at >= 0 ? ' picked' : ''}${use ? ' found' : ''}${fresh ? ' new' : ''}${t.card === '*' ? ' wild' : t.card.length > 1 ? ' double' : ''}`,
                'data-card': t.card, 'data-id': String(t.id), 'aria-pressed': at >= 0 ? 'true' : 'false',
                'aria-label': `${t.card === '*' ? 'wild card, any one letter' : t.card}${at >= 0 ? `, picked ${at + 1}` : use ? ', in your word' : ''}${fresh ? ', new' : ''}`,
                onclick: () => {
                    if (!canClaim) { if (me !== null && v.phase !== 'over') ctx.notice(passed.includes(me) ? 'You have passed: no more words this round.' : 'Wait for cards on the table.'); return; }
                    L.lost = '';
                    const k = picks.indexOf(t.id);
                    if (k >= 0) picks.splice(k, 1); else picks.push(t.id);
                    L.word = picks.map((id) => spellOf(/** @type {string} */ (byId.get(id)))).join('');
                    render(root, ctx);
                },
            }, el('span', { class: 'face' }, t.card === '*' ? '★' : t.card),
            at >= 0 ? el('span', { class: 'order', 'aria-hidden': 'true' }, String(at + 1)) : null);
        }));
    for (const t of table) seen.add(t.id);
    if (!table.length) tableBox.append(el('p', { class: 'muted' }, '(no cards on the table)'));

    // the controls
    const controls = el('div', { class: 'controls shout-controls' });
    if (me !== null && v.phase !== 'over') {
        const input = /** @type {HTMLInputElement} */ (el('input', {
            id: 'word', type: 'text', value: L.word, maxlength: 31, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false',
            'aria-describedby': 'word-check', 'aria-label': 'Your word', disabled: passed.includes(me),
        }));
        const shoutBtn = el('button', { type: 'button', class: 'big primary', id: 'claim', disabled: !canClaim || !c.ok },
            c.ok ? `Shout ${typed.toUpperCase()}!` : 'Shout!');
        const claim = async () => {
            if (!canClaim) return;
            const now = judge(picks.length ? picks : found, byId, L.word.trim(), need, picks.length > 0);
            if (!now.ok) { ctx.notice(now.lines[0].replace(/^✗ /, '')); return; }
            const action = { type: 'claim', cards: picks.length ? [...picks] : [...found], word: L.word.trim().toLowerCase() };
            const since = takenCount(L);
            let r = await ctx.act(action);
            // a card dealt meanwhile moves the table on: the same cards, if still there, are shouted again
            if (r && !r.ok && r.code === 'stale') r = await ctx.act(action);
            if (r && r.ok) { L.picks = []; L.word = ''; render(root, L.ctx || ctx); return; }
            // beaten to it: who shouted what first, the box empty and still yours
            const by = r && !r.ok && (r.code === 'illegal_action' || r.code === 'stale') ? beatenBy(L, action.cards, since) : null;
            if (!by) return;
            L.lost = firstWords(nameOf(ctx, by.seat), by);
            L.picks = [];
            L.word = '';
            const here = root.contains(document.activeElement);
            render(root, L.ctx || ctx);
            (L.ctx || ctx).notice(L.lost);
            const box = /** @type {HTMLInputElement|null} */ (root.querySelector('#word'));
            if (here && box && !box.disabled) box.focus();
        };
        input.addEventListener('input', () => {
            L.word = input.value;
            L.lost = '';
            // typing changes the word: cards picked by hand stay only while they still spell it
            if (picks.length && !input.value.includes('?') && !judge(picks, byId, input.value.trim(), 0, true).ok) L.picks = [];
            render(root, L.ctx || ctx);
        });
        input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); claim(); } });
        shoutBtn.addEventListener('click', claim);
        controls.append(...[el('label', { class: 'word-box' }, 'Your word: ', input), shoutBtn,
            el('button', { type: 'button', id: 'clear', disabled: !picks.length && !L.word, onclick: () => { L.picks = []; L.word = ''; L.lost = ''; render(root, ctx); } }, 'Start again'),
            v.phase === 'final' && ctx.myTurn && !passed.includes(me)
                ? el('button', { type: 'button', class: 'big', id: 'pass', onclick: () => ctx.act({ type: 'pass' }) }, 'Pass: no more words') : null,
            v.phase === 'deal' && dealer === me && v.deck_count > 0
                ? el('button', { type: 'button', class: 'big', id: 'deal', onclick: () => ctx.act({ type: 'deal' }) }, 'Turn up a card') : null,
            L.lost ? el('p', { class: 'shout-first', id: 'shout-first' }, L.lost) : null,
            el('p', { class: 'word-check', id: 'word-check', 'aria-live': 'polite' },
                ...c.lines.map((t) => el('span', { class: t.startsWith('✓') ? 'good' : t.startsWith('✗') ? 'bad' : '' }, t))),
            passed.includes(me) ? el('p', { class: 'prompt' }, 'You have passed: wait for the others.') : null].filter((x) => x !== null));
    }
    L.ctx = ctx;

    // everybody's cards won and points
    const scores = el('table', { class: 'shout-scores' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Player'), el('th', { scope: 'col' }, 'won this round'), el('th', { scope: 'col' }, 'won in all rounds'), el('th', { scope: 'col' }, 'points'))),
        el('tbody', {}, ...Array.from({ length: v.players }, (_, s) => el('tr', { class: s === me ? 'me' : '' },
            el('th', { scope: 'row' }, `${who(s)}${s === dealer && v.phase !== 'over' ? ' (deals)' : ''}${passed.includes(s) ? ' (passed)' : ''}`),
            el('td', {}, String(v.won[s])), el('td', {}, String(v.won_total[s])), el('td', {}, String(v.scores[s]))))));

    // the end: the rounds, and how the winner is decided (shout_end.js)
    const end = v.phase === 'over' ? endOf(storyOf(ctx.table, me, v.game, () => { if (root.isConnected) render(root, L.ctx || ctx); }), v, who) : null;
    // and the computer players' words, each to look up (bot_words.js)
    const redraw = () => { if (root.isConnected) render(root, L.ctx || ctx); };
    const words = v.phase === 'over' ? botWordsPanel(botWordsOf(ctx, redraw), ctx, redraw) : null;
    root.replaceChildren(el('div', { class: 'shout' }, status, ...(end ? [end, words] : []), verdict,
        el('h2', {}, `On the table (${table.length})`), tableBox, controls, scores));
}

/**
 * Whether a claim of another seat killed the word in the box: it took some
 * of the word's cards, and the word cannot be made again from what is left.
 * @param {Record<string, any>} L @param {import('./shout_race.js').Taken} took @param {TCard[]} table
 */
function lostTo(L, took, table) {
    const mine = /** @type {number[]} */ (L.mine || []);
    if (!mine.some((id) => took.ids.includes(id))) return false;
    const typed = String(L.word || '').trim().toLowerCase();
    const byHand = (L.picks || []).length > 0;
    if (byHand || !/^[a-z]+$/.test(typed)) return true;
    const again = findCards(table, typed);
    return !again || again.length < mine.length;
}

/**
 * What can be said about a claim before the server judges it.
 * @param {number[]} ids @param {Map<number, string>} byId @param {string} word @param {number} need @param {boolean} byHand
 * @returns {{ok: boolean, lines: string[]}}
 */
function judge(ids, byId, word, need, byHand) {
    if (!word && !ids.length) return { ok: false, lines: ['Click the cards of a word in its order, or type the word.'] };
    if (word.includes('?')) return { ok: false, lines: ['✗ Type the letter the wild card ★ stands for in place of the "?".'] };
    if (!/^[a-zA-Z]+$/.test(word)) return { ok: false, lines: ['✗ Only the letters A to Z.'] };
    if (!ids.length) return { ok: false, lines: [`✗ The cards on the table do not spell ${word.toUpperCase()}.`] };
    const faces = ids.map((id) => byId.get(id) || '');
    if (!spells(faces, word.toLowerCase())) return { ok: false, lines: [`✗ ${faces.join(', ')} spell ${faces.map(spellOf).join('').toUpperCase()}, not ${word.toUpperCase()}.`] };
    if (ids.length < need) return { ok: false, lines: [`✗ Too few cards: ${faces.join(', ')} ${ids.length === 1 ? 'is one card' : `are ${ids.length} cards`}; your words need ${need} cards or more.`] };
    return { ok: true, lines: [`✓ ${faces.join(', ')}: ${ids.length} cards spell ${word.toUpperCase()}${byHand ? '' : ' (found on the table)'}.`, 'Whether it is a word is judged when you shout.'] };
}

/** @param {import('../table.js').GameCtx} ctx @param {number} s */
function nameOf(ctx, s) {
    return seatName(ctx.seats, s);
}
