// games/shout_end.js - the end of a Shout a Word game, said in full: every
// round's cards won by each player and who took its point, the points in
// all, and how the winner is decided, in the words of the game's rules
// page (GET /api/rules/<game>, the same text as docs/rules/shout.md).  The
// player who won the most cards can lose on round points, and without
// the rounds on the screen that looks like a mistake.  The rounds are read
// from the finished game's replay (GET /api/tables/<id>/replay): its
// `round_over` and `point` events and each player's `won_total` after them,
// so a page opened after the game (or reloaded) shows them all the same.
import { el } from '../ui.js';

/** @typedef {{round: number, dealer: number, won: number[], points: number[]}} Round */
/** @typedef {{rounds: Round[], rule: string[]}|null} Story */

/** @type {Map<string, Promise<Story>>} one answer per finished table and seat */
const stories = new Map();

/**
 * The rounds and the rule of a finished game, asked once; `then` runs
 * when they first arrive (to draw again).
 * @param {number} table @param {number|null} seat @param {string} game @param {() => void} then
 * @returns {Story|undefined} undefined while being asked
 */
export function storyOf(table, seat, game, then) {
    const key = `${table}:${seat}`;
    let p = stories.get(key);
    if (!p) {
        p = ask(table, seat, game);
        stories.set(key, p);
        p.then((s) => { done.set(key, s); then(); });
    }
    return done.get(key);
}
/** @type {Map<string, Story>} */
const done = new Map();

/** @param {number} table @param {number|null} seat @param {string} game @returns {Promise<Story>} */
async function ask(table, seat, game) {
    try {
        const [rounds, rule] = await Promise.all([roundsOf(table, seat), ruleOf(game)]);
        return rounds ? { rounds, rule } : null;
    } catch {
        return null;
    }
}

/** @param {number} table @param {number|null} seat @returns {Promise<Round[]|null>} */
async function roundsOf(table, seat) {
    const url = `/api/tables/${table}/replay${seat === null ? '' : `?seat=${seat}`}`;
    let r = await fetch(url);
    // the record is stored as the game ends: a moment later it is there
    for (let tries = 0; !r.ok && tries < 5; tries++) {
        await new Promise((res) => setTimeout(res, 500));
        r = await fetch(url);
    }
    if (!r.ok) return null;
    const data = await r.json();
    /** @type {Round[]} */
    const rounds = [];
    let dealer = data.steps[0].view.dealer;
    let before = data.steps[0].view.won_total.map(() => 0);
    for (const step of data.steps) {
        for (const ev of step.events) {
            if (ev.type === 'round_over') {
                const total = /** @type {number[]} */ (step.view.won_total);
                rounds.push({ round: ev.round, dealer, won: total.map((n, s) => n - before[s]), points: total.map(() => 0) });
                before = total;
            } else if (ev.type === 'point' && rounds.length) {
                rounds[rounds.length - 1].points[ev.seat] += 1;
            } else if (ev.type === 'new_round') {
                dealer = ev.dealer;
            }
        }
    }
    return rounds;
}

/** The rules page's round score and winning, as sentences. @param {string} game @returns {Promise<string[]>} */
async function ruleOf(game) {
    const r = await fetch(`/api/rules/${encodeURIComponent(game)}`);
    if (!r.ok) return [];
    const md = await r.text();
    const para = (/** @type {RegExp} */ re) => {
        const m = re.exec(md);
        return m ? m[1].replace(/\*\*/g, '').replace(/`/g, '').replace(/\s+/g, ' ').trim() : '';
    };
    return [para(/\n(\*\*Round score\.\*\*[\s\S]*?)\n\s*\n/), para(/\n## Winning\s*\n+([\s\S]*?)\n\s*\n/)].filter(Boolean);
}

/**
 * The end, drawn: the rounds as a table (cards won each round, ★ the
 * round's point), the points and cards in all, why the winner won, and the rule.
 * @param {Story|undefined} story @param {any} v the last view @param {(s: number) => string} who
 * @returns {HTMLElement}
 */
export function endOf(story, v, who) {
    const box = el('section', { class: 'shout-end', 'aria-label': 'How the game was won' }, el('h2', {}, 'How the game was won'));
    if (story === undefined) { box.append(el('p', { class: 'muted' }, 'Reading the rounds…')); return box; }
    const seats = Array.from({ length: v.players }, (_, s) => s);
    if (story) {
        box.append(el('div', { class: 'scroll-x' }, el('table', { class: 'shout-rounds' },
            el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Round'), ...seats.map((s) => el('th', { scope: 'col' }, who(s))))),
            el('tbody', {}, ...story.rounds.map((r) => el('tr', {},
                el('th', { scope: 'row' }, `${r.round} (${who(r.dealer)} ${who(r.dealer) === 'You' ? 'deal' : 'deals'})`),
                ...seats.map((s) => el('td', { class: r.points[s] ? 'point' : '' }, `${r.won[s]} card${r.won[s] === 1 ? '' : 's'}`,
                    r.points[s] ? el('span', { class: 'star' }, ' ★ point') : null))))),
            el('tfoot', {},
                el('tr', {}, el('th', { scope: 'row' }, 'Points'), ...seats.map((s) => el('td', {}, String(v.scores[s])))),
                el('tr', {}, el('th', { scope: 'row' }, 'Cards in all'), ...seats.map((s) => el('td', {}, String(v.won_total[s]))))))));
    }
    const why = whyWon(v, who);
    if (why) box.append(el('p', { class: 'shout-why' }, why));
    if (story && story.rule.length) box.append(el('div', { class: 'shout-rule' }, ...story.rule.map((t) => el('p', {}, t))));
    return box;
}

/**
 * Why the winner won, in a sentence; the most cards in all named when they
 * did not win. @param {any} v @param {(s: number) => string} who
 */
function whyWon(v, who) {
    const w = v.winner;
    const winners = /** @type {number[]} */ (Array.isArray(w) ? w : w === null || w === undefined ? [] : [w]);
    if (!winners.length) return '';
    const names = winners.map(who).join(' and ');
    const pts = v.scores[winners[0]];
    const most = Math.max(...v.won_total);
    /** @type {number[]} */
    const top = v.won_total.map((/** @type {number} */ n, /** @type {number} */ s) => (n === most ? s : -1)).filter((/** @type {number} */ s) => s >= 0);
    const lead = `${names} ${winners.length > 1 || names === 'You' ? 'have' : 'has'} the most round points (${pts}).`;
    if (top.every((s) => winners.includes(s))) return lead;
    const topNames = top.map(who).join(' and ');
    return `${lead} ${topNames} won the most cards in all (${most}), but cards count only inside each round: the game goes to round points.`;
}
