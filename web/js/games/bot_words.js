// games/bot_words.js - the end of a word game (Liar, Shout a Word): every
// word the computer players said, each marked "common word" or "rarer word"
// by the table's dictionary (the family dictionary, or the full one of a
// table made with words "full"), and a box to check any word against that
// dictionary.  A family can then judge what the computer said.  The words
// are read from the finished game's replay (GET /api/tables/<id>/replay:
// Liar's `announce` events, Shout's `claim` events of the computer's seats);
// every look-up is GET /api/words/<dictionary>/<words>, which the library
// answers: nothing here knows a word list.
import { el, seatName } from '../ui.js';

/** @typedef {{word: string, in: boolean, common: boolean, said: string}} Looked */
/** @typedef {{word: string, seat: number, times: number, looked: Looked|null}} BotWord */

/** @type {Map<string, BotWord[]|null>} one answer per finished table and seat */
const done = new Map();
/** @type {Set<string>} asked already */
const asking = new Set();

/**
 * Looks words up in the table's dictionary, a few to a request (an address
 * is at most 255 bytes). @param {string} dict @param {string[]} words
 * @returns {Promise<Map<string, Looked>>}
 */
export async function lookUp(dict, words) {
    /** @type {Map<string, Looked>} */
    const out = new Map();
    for (let i = 0; i < words.length;) {
        const batch = [];
        let len = 0;
        while (i < words.length && batch.length < 40 && len + words[i].length < 160) { len += words[i].length + 1; batch.push(words[i++]); }
        if (!batch.length) batch.push(words[i++]);
        const r = await fetch(`/api/words/${encodeURIComponent(dict)}/${batch.map(encodeURIComponent).join(',')}`);
        if (!r.ok) continue;
        for (const w of /** @type {{words: Looked[]}} */ (await r.json()).words) out.set(w.word, w);
    }
    return out;
}

/**
 * The computer players' words of a finished game, asked once; `then` runs
 * when they first arrive (to draw again). undefined while being asked.
 * @param {import('../table.js').GameCtx} ctx @param {() => void} then
 * @returns {BotWord[]|null|undefined}
 */
export function botWordsOf(ctx, then) {
    if (!ctx.seats.some((s) => s && s.bot)) return []; // no computer player (or a replay, which names none)
    const key = `${ctx.table}:${ctx.seat}`;
    if (!asking.has(key)) {
        asking.add(key);
        ask(ctx).catch(() => null).then((w) => { done.set(key, w); then(); });
    }
    return done.get(key);
}

/** @param {import('../table.js').GameCtx} ctx @returns {Promise<BotWord[]|null>} */
async function ask(ctx) {
    const url = `/api/tables/${ctx.table}/replay${ctx.seat === null ? '' : `?seat=${ctx.seat}`}`;
    let r = await fetch(url);
    // the record is stored as the game ends: a moment later it is there
    for (let tries = 0; !r.ok && tries < 5; tries++) {
        await new Promise((res) => setTimeout(res, 500));
        r = await fetch(url);
    }
    if (!r.ok) return null;
    const data = await r.json();
    /** @type {Map<string, BotWord>} */
    const said = new Map();
    for (const step of data.steps) {
        for (const ev of step.events || []) {
            const spoken = (ev.type === 'announce' || ev.type === 'claim') && typeof ev.word === 'string' && ev.word;
            if (!spoken || !ctx.seats[ev.seat] || !ctx.seats[ev.seat].bot) continue;
            const w = said.get(ev.word);
            if (w) w.times++; else said.set(ev.word, { word: ev.word, seat: ev.seat, times: 1, looked: null });
        }
    }
    const words = [...said.values()];
    const looked = await lookUp(ctx.view.words || 'family', words.map((w) => w.word));
    for (const w of words) w.looked = looked.get(w.word) || null;
    return words;
}

/** The dictionary's name in words. @param {string} dict */
function dictName(dict) {
    return dict === 'full' ? 'the full dictionary' : 'the family dictionary';
}

/**
 * The panel: the computer players' words, and the box to check a word.
 * @param {BotWord[]|null|undefined} words @param {import('../table.js').GameCtx} ctx
 * @param {() => void} redraw @returns {HTMLElement}
 */
export function botWordsPanel(words, ctx, redraw) {
    const dict = ctx.view.words || 'family';
    const anyBot = ctx.seats.some((s) => s && s.bot);
    const box = el('section', { class: 'bot-words', 'aria-label': anyBot ? "The computer players' words" : 'Check a word' },
        el('h2', {}, anyBot ? "The computer players' words" : 'Check a word'));
    if (anyBot) box.append(...listOf(words, ctx, dict));
    box.append(checkBox(ctx, dict, redraw));
    return box;
}

/**
 * The words, each with its mark, or why there are none (yet).
 * @param {BotWord[]|null|undefined} words @param {import('../table.js').GameCtx} ctx @param {string} dict
 * @returns {HTMLElement[]}
 */
function listOf(words, ctx, dict) {
    if (words === undefined) return [el('p', { class: 'muted' }, 'Reading the words…')];
    if (words === null) return [el('p', { class: 'muted' }, 'The words could not be read.')];
    if (!words.length) return [el('p', { class: 'muted' }, 'No computer player said a word.')];
    return [el('p', { class: 'muted' }, `Each word as ${dictName(dict)} of this table has it: a common word, or a rarer one.`),
        el('ul', { class: 'bot-word-list' }, ...words.map((w) => el('li', { 'data-word': w.word },
            el('strong', { class: 'word' }, w.word.toUpperCase()),
            ` ${seatName(ctx.seats, w.seat)}${w.times > 1 ? ` (${w.times} times)` : ''}: `,
            el('span', { class: `said ${w.looked && w.looked.common ? 'common' : 'rarer'}` }, w.looked ? w.looked.said : 'not looked up'))))];
}

/**
 * A word box: any word, looked up in the table's dictionary.
 * @param {import('../table.js').GameCtx} ctx @param {string} dict @param {() => void} redraw
 */
function checkBox(ctx, dict, redraw) {
    const L = ctx.local;
    const input = /** @type {HTMLInputElement} */ (el('input', {
        id: 'check-word', type: 'text', maxlength: 31, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false',
        value: L.checkWord || '', 'aria-describedby': 'check-answer',
    }));
    const answer = el('p', { id: 'check-answer', class: 'check-answer', 'aria-live': 'polite' }, L.checkAnswer || '');
    const go = async () => {
        const w = input.value.trim().toLowerCase();
        L.checkWord = input.value;
        if (!/^[a-z]{1,31}$/.test(w)) { L.checkAnswer = 'A word is 1 to 31 letters, A to Z.'; redraw(); return; }
        const got = (await lookUp(dict, [w])).get(w);
        L.checkAnswer = got ? `${w.toUpperCase()}: ${got.said}.` : `${w.toUpperCase()}: it could not be looked up.`;
        redraw();
    };
    input.addEventListener('input', () => { L.checkWord = input.value; });
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } });
    return el('div', { class: 'check-word' },
        el('label', { for: 'check-word' }, `Check a word in ${dictName(dict)} of this table: `), input,
        el('button', { type: 'button', id: 'check-word-go', onclick: go }, 'Check'), answer);
}
