// games/claim.js - No Way and I Doubt It at the table: your hand as cards
// you pick (never more than a play may hold), what you say (No Way: any
// letter, the call by default; I Doubt It: the rank called), the pile, the
// claim on the table with a button to object while your seat is asked,
// and each player's cards (in the players list).  What may be said, how a
// claim is said and the words that object to it are the server's
// (/api/games: the game's `claim`).
import { el, cardButton, seatName, countdown, count } from '../ui.js';
import { gameInfo, claimWords, cardFace } from '../facts.js';
import { dock } from '../dock.js';
import { sayCard } from '../speech.js';

/** every player's cards are listed: a hand is what the game measures */
export const handCounts = true;

/** points are shown where the game plays to a target (I Doubt It's matches) @param {any} v */
export function showsScores(v) { return v.target !== undefined; }

/** @type {import('../facts.js').ClaimInfo} a game not in /api/games: nothing may be said */
const NONE = { say_free: false, objection: '', says: [], class_of: {}, phrases: {} };

/**
 * @param {HTMLElement} root
 * @param {import('../table.js').GameCtx} ctx
 */
export function render(root, ctx) {
    const v = ctx.view;
    const game = gameInfo(v.game);
    const C = (game && game.claim) || NONE;
    const free = C.say_free; // any class may be said (the call is a suggestion), or only the rank called
    const L = ctx.local;
    if (L.v !== v.turns || L.phase !== v.phase) { // a new position: nothing picked
        L.picked = [];
        L.say = null;
        L.v = v.turns;
        L.phase = v.phase;
    }
    /** @type {number[]} indexes into the hand */
    const picked = L.picked;
    const hand = /** @type {string[]} */ (v.hand || []);
    const objection = C.objection;
    const claimer = v.claim ? (v.claim.seat === ctx.seat ? 'You' : nameOf(ctx, v.claim.seat)) : '';

    const info = el('div', { class: 'claim-info' },
        el('p', { class: 'call' }, free ? 'The call: ' : 'Rank called: ', el('strong', { class: 'big-letter' }, v.call)),
        el('p', {}, `Pile: ${v.pile_count} card${v.pile_count === 1 ? '' : 's'} face down`),
        v.claim ? el('p', { class: 'claim' }, `${claimer} ${v.claim.seat === ctx.seat ? 'say' : 'says'}: "${claimWords(v.game, v.claim.count, v.claim.say)}."`) : null,
        v.deal === undefined ? null : el('p', {}, `Deal ${v.deal}${v.target ? `, playing to ${count(v.target, 'point')}` : ''}`));

    const controls = el('div', { class: 'controls' });
    if (L.stopClock) { L.stopClock(); L.stopClock = null; }
    // the window is a race: every asked person may call the moment the
    // cards go down; the first call wins, so an answer is sent once
    const windowKey = `${v.deal ?? 0}-${v.turns}`;
    if (ctx.seat !== null && v.phase === 'challenge' && (ctx.myTurn || L.playedOn === windowKey) && L.answered === windowKey) {
        controls.append(el('p', { class: 'prompt', id: 'answered' }, L.playedOn === windowKey
            ? 'Your cards are ready: they go down the moment the others have answered.'
            : 'Your answer is in: waiting for the table.'));
    } else if (ctx.seat !== null && v.phase === 'challenge' && ctx.myTurn) {
        const answer = (/** @type {any} */ action) => {
            L.answered = windowKey;
            if (action.type === 'play') L.playedOn = windowKey;
            render(root, ctx);
            ctx.act(action).then((r) => {
                if (r && !r.ok && action.type === 'play') ctx.notice(r.error || 'Your play was refused: play again.');
            });
        };
        const clock = el('span', { class: 'clock window-clock', id: 'window-clock', 'aria-label': 'time left to answer' });
        if (ctx.deadline) L.stopClock = countdown(clock, ctx.deadline, !!ctx.clockLong);
        const redraw = () => render(root, ctx);
        if (ctx.playOn && L.playOnMode === windowKey) {
            // playing on: you play next, so your cards going down is your pass
            const [sayBox, playBtn, pickCall] = playControls(ctx.playOn, C, L, picked, hand, redraw, answer);
            controls.append(el('p', { class: 'prompt play-on' }, `Play on: your cards for ${ctx.playOn.call} go down once everyone has answered. `, ctx.deadline ? clock : null),
                sayBox, playBtn,
                el('p', { class: 'link-row' }, pickCall,
                    el('button', { type: 'button', class: 'link', id: 'back-to-claim', 'aria-label': `Back to ${claimer}'s claim`, onclick: () => { L.playOnMode = null; redraw(); } }, 'Back')));
        } else {
            controls.append(
                el('p', { class: 'prompt' }, `Do you believe ${claimer}? Anyone may call: the first wins. `, ctx.deadline ? clock : null),
                el('button', { type: 'button', class: 'big danger', id: 'challenge', onclick: () => answer({ type: 'challenge' }) }, objection),
                el('button', { type: 'button', class: 'big', id: 'let-pass', onclick: () => answer({ type: 'pass' }) }, 'Let it pass'),
                // you play next: at a real table you would simply play
                ...(ctx.playOn ? [el('button', { type: 'button', class: 'big', id: 'play-on', onclick: () => { L.playOnMode = windowKey; redraw(); } }, 'Play on')] : []));
        }
    } else if (ctx.seat !== null && v.phase === 'play' && ctx.myTurn) {
        controls.append(el('p', { class: 'prompt' }, v.max_cards === 1 ? 'Your turn: lay down 1 card.' : `Your turn: lay down 1 to ${v.max_cards} cards.`),
            ...trapTip(C, v, hand, L),
            ...playControls(v, C, L, picked, hand, () => render(root, ctx), (a) => ctx.act(a)),
            ...(v.allow_pass ? [el('button', { type: 'button', class: 'big', id: 'pass', onclick: () => ctx.act({ type: 'pass' }) }, 'Pass')] : []));
    } else if (v.phase !== 'over') {
        const who = ctx.asked.map((s) => (s === ctx.seat ? 'You' : nameOf(ctx, s)));
        controls.append(el('p', { class: 'prompt' }, who.length ? `Waiting for ${who.join(', ')}.` : ''));
    }

    const handBox = el('div', { class: 'hand', role: 'group', 'aria-label': 'Your hand' },
        ...hand.map((c, i) => suited(v.game, c, cardButton(c, picked.includes(i), () => {
            const at = picked.indexOf(i);
            if (at >= 0) picked.splice(at, 1);
            else if (picked.length >= v.max_cards) { ctx.notice(`A play holds at most ${count(v.max_cards, 'card')}.`); return; }
            else { picked.push(i); sayCard(v.game, c); }
            render(root, ctx);
            const again = /** @type {HTMLElement|null} */ (root.querySelector(`.hand .card:nth-child(${i + 1})`));
            if (again) again.focus();
        }, `${cardFace(v.game, c).face}${picked.includes(i) ? ', picked' : ''}`))));
    // (append and replaceChildren would show a null as the text "null")
    // asked on a phone: the claim, the buttons and the hand stay on the screen (dock.js)
    const asked = ctx.seat !== null && ctx.myTurn && (v.phase === 'challenge' || v.phase === 'play');
    const said = asked && v.phase === 'challenge' && v.claim ? el('p', { class: 'dock-claim' }, `${claimer} ${v.claim.seat === ctx.seat ? 'say' : 'says'}: "${claimWords(v.game, v.claim.count, v.claim.say)}."`) : null;
    root.replaceChildren(info, dock(asked, [said, controls, ...(ctx.seat !== null ? [el('h2', {}, `Your hand (${hand.length})`), handBox] : [])]));
}

/**
 * What you say, the button that lays the picked cards down, and the one
 * that picks the cards of the call, for a turn in position p (your turn's,
 * or the one after the window when you play on).
 * @param {any} p @param {import('../facts.js').ClaimInfo} C @param {Record<string, any>} L
 * @param {number[]} picked @param {string[]} hand @param {() => void} redraw @param {(a: any) => any} send
 */
function playControls(p, C, L, picked, hand, redraw, send) {
    const free = C.say_free;
    const say = L.say || p.call;
    const n = picked.length;
    // naming another letter than the call is a lie anyone can prove: said
    // under the choice (the group lays its parts out in the row as its own)
    const bluff = free && say !== p.call
        ? [el('p', { class: 'say-bluff', id: 'say-bluff', role: 'status' }, `You say ${say}, but the call is ${p.call}: that is a bluff, and anyone may call it (${C.objection}).`)]
        : [];
    const sayBox = free
        ? el('div', { class: 'say-group' },
            el('label', { class: 'say' }, 'Say ', selectOf(C.says, say, (x) => { L.say = x; redraw(); }, 'the letter you say')), ...bluff)
        : el('span', { class: 'say' }, `You say: ${p.call}`);
    const playBtn = el('button', {
        type: 'button', class: 'big primary', id: 'play', disabled: n === 0,
        onclick: () => send({ type: 'play', cards: picked.map((i) => hand[i]), say: free ? say : p.call }),
    }, n ? `Lay down ${n} saying "${claimWords(p.game, n, free ? say : p.call)}"` : p.max_cards === 1 ? 'Pick 1 card' : `Pick 1 to ${p.max_cards} cards`);
    const pickCall = el('button', { type: 'button', class: 'link', onclick: () => {
        L.picked = hand.map((c, i) => (C.class_of[c] === p.call ? i : -1)).filter((i) => i >= 0).slice(0, p.max_cards);
        redraw();
    } }, 'Pick the cards of the call');
    return [sayBox, playBtn, pickCall];
}

/** The last-card trap (No Way, where the last cards are turned up at
 * once): with an even number of players a seat is only ever called every
 * other letter, so a card of the other letters leaves the hand only in a
 * bluff.  On your turn, while you hold such cards, a tip names your
 * letters and the cards that are stuck: on your first turn (to plan) and
 * again near the end of your hand (when it bites), not every turn.  One
 * line that opens (a phone keeps the hand on screen).
 * @param {import('../facts.js').ClaimInfo} C @param {any} v @param {string[]} hand
 * @param {Record<string, any>} L the table's memory (ctx.local)
 * @returns {HTMLElement[]} */
function trapTip(C, v, hand, L) {
    const players = (v.hand_counts || []).length;
    const n = C.says.length, at = C.says.indexOf(v.call);
    const step = gcd(players, n);
    if (!C.say_free || !C.last_face_up || step < 2 || at < 0) return [];
    if (L.trapTurn === undefined) L.trapTurn = v.turns;
    if (L.trapTurn !== v.turns && hand.length > 3 * v.max_cards) return [];
    const mine = C.says.filter((_, i) => ((i - at) % step + step) % step === 0);
    const stuck = [...new Set(hand.map((c) => C.class_of[c]).filter((x) => x && !mine.includes(x)))];
    if (!stuck.length) return [];
    const every = step === 2 ? 'every other letter' : `one letter in ${step}`;
    return [el('details', { class: 'tip', id: 'trap-tip' },
        el('summary', {}, `Tip: with ${players} players you are only ever called ${every}.`),
        el('p', {}, `Your letters: ${mine.join(' ')}. Your last cards are turned up at once, so your ${stuck.join(', ')} can only go in a bluff: play ${stuck.length === 1 ? 'it' : 'them'} before your last turn.`))];
}

/** @param {number} a @param {number} b @returns {number} */
function gcd(a, b) { return b ? gcd(b, a % b) : a; }

/** A suited card (I Doubt It) shows its suit's sign, red or black by its
 * suit, as the server says (/api/games: the claim's `faces`); a letter
 * keeps its colour by letter.  `data-card` stays the card's name.
 * @param {string} game @param {string} card @param {HTMLElement} b */
function suited(game, card, b) {
    const { face, suit } = cardFace(game, card);
    if (!suit) return b;
    b.textContent = face;
    b.removeAttribute('data-hue');
    b.dataset.suit = suit;
    return b;
}

/** @param {import('../table.js').GameCtx} ctx @param {number} s */
function nameOf(ctx, s) {
    return seatName(ctx.seats, s);
}

/** @param {string[]} items @param {string} value @param {(x: string) => void} onchange @param {string} label */
function selectOf(items, value, onchange, label) {
    const s = /** @type {HTMLSelectElement} */ (el('select', { 'aria-label': label, id: 'say' }, ...items.map((x) => el('option', { value: x }, x))));
    s.value = value;
    s.addEventListener('change', () => onchange(s.value));
    return s;
}
