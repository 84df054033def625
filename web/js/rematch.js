// rematch.js - another game by consent at the end of one (docs/server.md,
// "Rematch"): "Play again?" with the offerer's choice for the seats of
// those who decline; the offer as everyone at the table sees it, with
// Accept / Decline for those asked and who has answered; and, for a
// spectator or a decliner, the invitation to watch the next game.
import { el, seatName, countdown } from './ui.js';

/**
 * The panel in the end-of-game screen.  table.js places `node`, calls
 * draw() when it redraws the end and push(f) with the rematch pushes.
 * @param {import('./conn.js').Conn} conn
 * @param {number} table
 * @param {() => {seat: number|null, seats: {name: string|null, bot: string|null}[]}} now  the table's seat and seats
 * @param {(text: string) => void} notice
 */
export function rematchPanel(conn, table, now, notice) {
    const node = el('div', { class: 'rematch', 'aria-live': 'polite' });
    /** @type {any} the offer standing (a rematch_offer push, or an answer's offer) */
    let offer = null;
    /** @type {number|null} the next game, when invited to watch it */
    let watchNext = null;
    let busy = false;
    let stopClock = () => {};

    const name = (/** @type {number} */ s) => (s === now().seat ? 'You' : seatName(now().seats, s));
    const go = (/** @type {number} */ next) => { location.hash = `#/table/${next}`; };

    /** a rematch or rematch_answer request; its answer says where to go, or the offer now
     * @param {any} req */
    const ask = async (req) => {
        busy = true;
        draw();
        const r = await conn.request({ ...req, table });
        busy = false;
        if (r.ok && typeof r.table === 'number' && r.seat !== null && r.seat !== undefined) return go(r.table);
        if (r.ok && r.offer) offer = r.offer;
        else if (r.ok && typeof r.table === 'number') watchNext = r.table;
        else if (r.ok) offer = null;
        else notice(r.error || 'That was refused.');
        draw();
    };

    /** other people at the table (bots are always willing) */
    const others = () => now().seats.some((x, s) => s !== now().seat && x && x.name && !x.bot);

    // kept across draws, so a redraw keeps what was chosen
    const choice = /** @type {HTMLSelectElement} */ (el('select', { id: 'rematch-declined' },
        el('option', { value: 'bot' }, 'a computer takes their seat'),
        el('option', { value: 'open' }, 'their seat waits for a person')));

    // "Play again?": the offer, and who takes a decliner's seat
    const offerForm = () => el('div', { class: 'rematch-offer' },
            el('p', { class: 'rematch-q' }, 'Play again?'),
            others() ? el('label', {}, 'If someone declines, ', choice) : null,
            el('button', { type: 'button', class: 'primary', id: 'rematch', disabled: busy,
                onclick: () => ask({ cmd: 'rematch', declined: choice.value }) },
            others() ? 'Offer a rematch' : 'Play again'));

    // the offer standing: who offered, each person's answer, and mine to give
    const standing = () => {
        const me = now().seat;
        const says = (/** @type {number} */ s) => (offer.accepted.includes(s) ? 'yes' : offer.said_no.includes(s) ? 'no' : 'waiting');
        const people = [...offer.accepted, ...offer.waiting, ...offer.said_no].sort((a, b) => a - b);
        const clock = el('span', { class: 'clock' });
        stopClock = countdown(clock, Date.now() + offer.expires_ms, false);
        const asked = me !== null && offer.waiting.includes(me);
        return el('div', { class: 'rematch-offer' },
            el('p', { class: 'rematch-q' }, offer.from === me ? 'You offered a rematch.' : `${name(offer.from)} ${asked ? 'asks: play again?' : 'offered a rematch.'}`),
            el('ul', { class: 'rematch-answers', 'aria-label': 'Answers' },
                ...people.map((s) => el('li', { class: `answer ${says(s)}` }, `${name(s)}: `,
                    el('strong', {}, s === offer.from ? 'offered' : says(s))))),
            el('p', { class: 'rematch-note' }, offer.declined === 'open'
                ? 'A seat of someone who declines waits for a person.' : 'A computer takes the seat of someone who declines.',
            ' Answers close in ', clock, '.'),
            asked ? el('div', { class: 'controls' },
                el('button', { type: 'button', class: 'primary', id: 'rematch-accept', disabled: busy,
                    onclick: () => ask({ cmd: 'rematch_answer', accept: true }) }, 'Accept'),
                el('button', { type: 'button', id: 'rematch-decline', disabled: busy,
                    onclick: () => ask({ cmd: 'rematch_answer', accept: false }) }, 'Decline')) : null,
            offer.from === me ? el('button', { type: 'button', id: 'rematch-withdraw', disabled: busy,
                onclick: () => ask({ cmd: 'rematch_answer', accept: false }) }, 'Withdraw the offer') : null);
    };

    const draw = () => {
        stopClock();
        stopClock = () => {};
        if (watchNext !== null) {
            node.replaceChildren(el('p', { class: 'rematch-q' }, 'The next game has begun.'),
                el('a', { href: `#/table/${watchNext}/watch`, id: 'rematch-watch', class: 'button' }, 'Watch the next game'));
        } else if (offer) node.replaceChildren(standing());
        else if (now().seat !== null) node.replaceChildren(offerForm());
        else node.replaceChildren();
    };

    /** a rematch_offer or rematch push of this table @param {any} f */
    const push = (f) => {
        if (f.push === 'rematch' && !f.watch) return go(f.next);
        if (f.push === 'rematch') { offer = null; watchNext = f.next; } else if (f.ended) { offer = null; notice(f.text || 'The rematch is off.'); } else offer = f;
        draw();
    };

    return { node, draw, push };
}
