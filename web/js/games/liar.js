// games/liar.js - Liar (Verba Volant) at the table: the word on the table
// and who said it, the hand when you hold it, a word box that says at once
// whether the word may be announced (its length, only letters) and whether
// your hand spells it (a bluff is allowed: it only says so), Accept it /
// Liar! when a word is said to you, the discard after an accept, the hand
// shown after "liar" with who scored, and what you remember (the hand you
// passed on, the cards you put down), and at the end the computer players'
// words, each to look up (bot_words.js).  The dictionary is the server's:
// it is checked when the word is said.
import { el, seatName, count, countRange } from '../ui.js';
import { keepFocus } from '../ui.js';
import { botWordsOf, botWordsPanel } from './bot_words.js';

/** one hand goes round: the players list gives no cards in hand */
export const handCounts = false;

/** the points are the game's measure */
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
    const hand = /** @type {string[]} */ (v.hand || []);
    const key = `${v.phase}|${v.holder}|${v.word}|${v.passes}|${hand.join('')}`;
    if (L.key !== key) { L.key = key; L.word = ''; L.pick = null; }
    const me = ctx.seat;
    const left = (v.holder + 1) % v.players;
    const who = (/** @type {number} */ s) => (s === me ? 'You' : nameOf(ctx, s));
    const phase = v.phase;
    const mine = ctx.myTurn && phase !== 'over';

    // --- the table: the word said, who holds the hand, what comes next
    const info = el('div', { class: 'liar-info' });
    if (v.word) {
        info.append(el('p', { class: 'liar-said' }, `${who(v.announcer)} to ${v.announcer === me ? nameOf(ctx, (v.announcer + 1) % v.players) : (v.announcer + 1) % v.players === me ? 'you' : nameOf(ctx, (v.announcer + 1) % v.players)}:`),
            el('p', { class: 'liar-word', id: 'table-word', 'aria-label': `the word: ${v.word}, ${count(v.word.length, 'letter')}` },
                ...v.word.toUpperCase().split('').map((/** @type {string} */ c) => el('span', { class: 'tile', 'aria-hidden': 'true' }, c)),
                el('span', { class: 'len', 'aria-hidden': 'true' }, count(v.word.length, 'letter'))));
    } else if (phase !== 'over') {
        info.append(el('p', { class: 'liar-said' }, `${who(v.holder)} ${v.holder === me ? 'hold' : 'holds'} a fresh hand of ${count(v.hand_counts[v.holder], 'card')}.`));
    }
    if (phase !== 'over') {
        info.append(el('p', {}, v.letters.min > v.letters.max
            ? 'No longer word exists: the next player must say "Liar!".'
            : `Next word: ${countRange(v.letters.min, v.letters.max, 'letter')}; passes ${v.passes}`));
    }
    info.append(el('p', { class: 'muted' }, `Deck ${v.deck_count}, discards ${v.discard_count} (face down). First to ${count(v.target, 'point')} wins.`));

    // --- the hand shown after "liar"
    // kept until the next "liar" (and dropped when a replay steps back before it)
    const calls = v.shown.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0);
    if (v.last && v.last.action && v.last.action.type === 'liar') L.shown = { seat: v.last.seat, out: v.last.outcome, calls };
    if (L.shown && L.shown.calls > calls) L.shown = null;
    const out = L.shown ? L.shown.out : null;
    const fresh = !!L.shown && L.shown.calls === calls && v.last && v.last.action && v.last.action.type === 'liar';
    const shown = out ? el('div', { class: `liar-shown ${out.spelled ? 'true' : 'false'}`, role: 'status' },
        el('p', {}, `${fresh ? '' : 'Last time: '}${who(L.shown.seat)} said "Liar!". The hand was shown:`),
        el('div', { class: 'hand shown' }, ...out.cards.map((/** @type {string} */ c) => el('span', { class: 'card shown', 'data-card': c }, c))),
        el('p', { class: 'verdict' }, out.spelled
            ? `✓ It spells "${out.word.toUpperCase()}": ${who(out.scorer)} told the truth and ${out.scorer === me ? 'score' : 'scores'} ${count(out.points, 'point')}.`
            : `✗ It does not spell "${out.word.toUpperCase()}": ${who(out.scorer)} ${out.scorer === me ? 'were' : 'was'} right and ${out.scorer === me ? 'score' : 'scores'} ${count(out.points, 'point')}.`)) : null;

    // --- what to do now
    const controls = el('div', { class: 'controls' });
    const feedback = el('p', { class: 'word-check', id: 'word-check', 'aria-live': 'polite' });
    if (mine && phase === 'announce') {
        const to = nameOf(ctx, left);
        const input = /** @type {HTMLInputElement} */ (el('input', {
            id: 'word', type: 'text', value: L.word, maxlength: 31, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false',
            'aria-describedby': 'word-check', 'aria-label': `Your word for ${to}`,
        }));
        const say = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', class: 'big primary', id: 'announce' }, 'Say it'));
        const update = () => {
            const c = check(L.word, v.letters, v.word, hand);
            feedback.replaceChildren(...c.lines.map((t) => el('span', { class: t.startsWith('✓') ? 'good' : t.startsWith('✗') ? 'bad' : '' }, t)));
            say.disabled = !c.ok;
            say.textContent = c.ok ? `Say "${L.word.toUpperCase()}" to ${to}` : 'Say it';
        };
        const announce = async () => {
            if (!check(L.word, v.letters, v.word, hand).ok) { input.focus(); return; }
            const r = await ctx.act({ type: 'announce', word: L.word.toLowerCase() });
            if (r && !r.ok) { const i = root.querySelector('#word'); if (i) /** @type {HTMLElement} */ (i).focus(); }
        };
        input.addEventListener('input', () => { L.word = input.value; update(); });
        input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); announce(); } });
        say.addEventListener('click', announce);
        update();
        controls.append(el('p', { class: 'prompt' }, `Your turn: say a word of ${countRange(v.letters.min, v.letters.max, 'letter')} to ${to}. Your hand may spell it, or you may bluff.`),
            el('label', { class: 'word-box' }, 'Your word: ', input), say,
            el('button', { type: 'button', id: 'rubout', onclick: () => { L.word = L.word.slice(0, -1); render(root, ctx); } }, '⌫ Rub out'),
            feedback);
    } else if (mine && phase === 'respond') {
        const by = nameOf(ctx, v.announcer);
        const canAccept = v.letters.min <= v.letters.max;
        controls.append(el('p', { class: 'prompt' }, `${by} says your hand spells "${v.word.toUpperCase()}".`),
            el('button', { type: 'button', class: 'big primary', id: 'accept', disabled: !canAccept, onclick: () => ctx.act({ type: 'accept' }) }, 'Accept it'),
            el('button', { type: 'button', class: 'big danger', id: 'liar', onclick: () => ctx.act({ type: 'liar' }) }, 'Liar!'),
            el('p', { class: 'muted hint' }, canAccept
                ? `Accept it: you take the hand, put one card down and draw two, then say a longer word. Liar!: the hand is shown, and whoever is right scores ${count(v.word.length, 'point')}.`
                : 'No longer word exists: you must say "Liar!".'));
    } else if (mine && phase === 'discard') {
        const c = L.pick === null ? null : hand[L.pick];
        controls.append(el('p', { class: 'prompt' }, 'Discard a card, face down: pick it, then put it down. You then draw two.'),
            el('button', { type: 'button', class: 'big primary', id: 'discard', disabled: c === null, onclick: () => { if (c) ctx.act({ type: 'discard', card: c }); } },
                c ? `Put ${c} down` : 'Pick a card to put down'));
    } else if (phase !== 'over') {
        const s = ctx.asked[0];
        if (s !== undefined && s !== me) {
            controls.append(el('p', { class: 'prompt' }, phase === 'respond'
                ? `${nameOf(ctx, s)} decides: accept it, or "Liar!"?`
                : phase === 'discard' ? `${nameOf(ctx, s)} puts a card down and draws two.` : `${nameOf(ctx, s)} is thinking of a word.`));
        }
    }

    // --- the hand, when this seat holds it
    const holding = me !== null && hand.length > 0;
    const handBox = holding ? el('div', { class: 'hand', id: 'hand', role: 'group', 'aria-label': 'The hand you hold' },
        ...hand.map((c, i) => {
            const picked = phase === 'discard' && L.pick === i;
            return el('button', {
                type: 'button', class: `card liar-card${picked ? ' picked' : ''}`, 'data-card': c, 'aria-pressed': picked ? 'true' : 'false',
                'aria-label': phase === 'announce' && mine ? `${c}: add to your word` : `${c}${picked ? ', picked' : ''}`,
                onclick: () => {
                    if (!mine) { ctx.notice(phase === 'respond' ? 'The word is said: now it is up to the next player.' : 'Wait for your turn.'); return; }
                    if (phase === 'announce') { if (L.word.length < 31) L.word += c.toLowerCase(); render(root, ctx); } else if (phase === 'discard') { L.pick = L.pick === i ? null : i; render(root, ctx); }
                },
            }, c);
        })) : null;

    // --- what this seat remembers
    const memory = el('div', { class: 'liar-memory' });
    if (me !== null && v.held && !holding) memory.append(el('p', {}, 'You passed on: ', ...v.held.cards.map((/** @type {string} */ c) => el('span', { class: 'card mini', 'data-card': c }, c))));
    if (me !== null && v.gone && v.gone.length) memory.append(el('p', {}, 'You put down, face down: ', ...v.gone.map((/** @type {string} */ c) => el('span', { class: 'card mini', 'data-card': c }, c))));
    const called = el('p', { class: 'muted' }, 'Lies found when "Liar!" was called: ', ...Array.from({ length: v.players }, (_, s) => `${who(s)} ${v.lied[s]} of ${v.shown[s]}${s < v.players - 1 ? ', ' : '.'}`));

    // --- the end: the computer players' words, each to look up (bot_words.js)
    L.ctx = ctx;
    const redraw = () => { if (root.isConnected) render(root, L.ctx); };
    const words = phase === 'over' ? botWordsPanel(botWordsOf(ctx, redraw), ctx, redraw) : null;

    root.replaceChildren(el('div', { class: 'liar' }, info, shown, controls,
        holding ? el('h2', {}, `The hand you hold (${hand.length})`) : null, handBox, memory, called, words));
}

/**
 * What can be said about a word before the server checks the dictionary.
 * @param {string} word @param {{min: number, max: number}} letters @param {string|null} last @param {string[]} hand
 * @returns {{ok: boolean, lines: string[]}}
 */
export function check(word, letters, last, hand) {
    const w = word.trim();
    if (!w) return { ok: false, lines: [`Type a word of ${countRange(letters.min, letters.max, 'letter')}, or click the letters of the hand.`] };
    if (!/^[A-Za-z]+$/.test(w)) return { ok: false, lines: ['✗ Only the letters A to Z: no spaces, no marks.'] };
    if (w.length < letters.min) return { ok: false, lines: [last ? `✗ Too short: the word must be longer than "${last.toUpperCase()}": ${count(letters.min, 'letter')} or more.` : `✗ Too short: ${count(letters.min, 'letter')} or more.`] };
    if (w.length > letters.max) return { ok: false, lines: [last ? `✗ Too long: at most ${count(letters.max, 'letter')}.` : `✗ Too long: a fresh hand's word has at most ${count(letters.max, 'letter')}.`] };
    const left = hand.map((c) => c.toLowerCase());
    const missing = [];
    for (const ch of w.toLowerCase()) {
        const at = left.indexOf(ch);
        if (at >= 0) left.splice(at, 1); else missing.push(ch.toUpperCase());
    }
    return {
        ok: true, lines: [`✓ ${count(w.length, 'letter')}: it may be said.`,
            missing.length ? `Your hand does not spell it (missing ${missing.join(', ')}): that would be a bluff.` : '✓ Your hand spells it.',
            'Whether it is in the dictionary is checked when you say it.'],
    };
}

/** @param {import('../table.js').GameCtx} ctx @param {number} s */
function nameOf(ctx, s) {
    return seatName(ctx.seats, s);
}
