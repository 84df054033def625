// table.js - a table being played or watched: who sits where (with cards
// or points, who is asked and their clock), the game itself (drawn by the
// game's module from this seat's view), the log in words, the rules one
// click away, and at the end who won, a rematch and the replay.
import { el, seatName, countdown, count } from './ui.js';
import { showRules } from './rules.js';
import { sayLines } from './speech.js';
import { gameInfo } from './facts.js';
import { moduleOf } from './games/index.js';
import { rematchPanel } from './rematch.js';
import { talkPanel } from './talk.js';
import { enterTable, isOpen, openSeat, logEvents, waiting, waitingArea } from './people.js';
import { notifyTurn } from './notify.js';
import { waitForPeople } from './quick.js';
import { learnPanel } from './learn.js';
import { hintPanel } from './hint.js';

/** @typedef {{name: string|null, bot: string|null, online?: boolean, away?: boolean}} SeatInfo */
/**
 * What a game's module is given to draw: everything comes from this seat's
 * view and the pushes, never from another seat's cards.
 * @typedef {Object} GameCtx
 * @property {number} table
 * @property {any} view          the seat's view (a spectator: the public view)
 * @property {number|null} seat  null for a spectator
 * @property {number[]} asked    the seats that may act now
 * @property {boolean} myTurn    this seat is asked
 * @property {SeatInfo[]} seats
 * @property {(action: any) => Promise<any>} act   sends an action (with the version seen)
 * @property {(text: string) => void} notice        tells the player something
 * @property {Record<string, any>} local            the module's own state, kept across draws
 * @property {number|null} [deadline]  when this seat's clock runs out (Date.now() ms), if it has one
 * @property {boolean} [clockLong]     that clock is a long one (urgent in its last seconds)
 * @property {any} [playOn]    in a challenge window, when you play next: the position after it, to play on in
 */

/** What a seat at a table still waiting for people is told. */
const WAITING = 'Waiting for the other players: send them the invite link. The cards are dealt when every seat is taken.';

/**
 * @param {HTMLElement} root
 * @param {import('./conn.js').Conn} conn
 * @param {number} table
 */
export async function renderTable(root, conn, table) {
    /** @type {{view: any, v: number, seat: number|null, asked: number[], seats: SeatInfo[], deadline: number|null, clockLong: boolean, clockSeats: number[], status: string, playOn: any, hints: boolean, entered: boolean, held: any[]}} */
    const st = { view: null, v: 0, seat: null, asked: [], seats: [], deadline: null, clockLong: false, clockSeats: [], status: 'waiting', playOn: null, hints: false, entered: false, held: [] };
    /** @type {Record<string, any>} */
    const local = {};
    const title = el('h1', { class: 'table-title' });
    const notice = el('p', { class: 'notice', role: 'alert' });
    // a chosen seed: whoever chose it may know every hand (the server marks the table)
    const seeded = el('p', { class: 'seeded', hidden: true }, 'Practice deal: the creator chose the seed, so they may know every hand.');
    const players = el('ul', { class: 'players', 'aria-label': 'Players' });
    const area = el('section', { class: 'game', 'aria-label': 'The table' });
    const log = el('ol', { class: 'log', 'aria-live': 'polite', 'aria-label': 'What happened' });
    const end = el('section', { class: 'end', hidden: true });
    const rematch = rematchPanel(conn, table, () => st, (t) => { notice.textContent = t; });
    const talk = talkPanel(conn, table); // table talk, beside the log (talk.js)
    const lesson = learnPanel(conn, table); // a guided first game's step (learn.js)
    const hint = hintPanel(conn, table); // the coach, where the table allows it (hint.js)
    const invite = el('button', { type: 'button', class: 'link', onclick: async () => {
        const link = `${location.origin}/#/table/${table}`;
        try { await navigator.clipboard.writeText(link); notice.textContent = `Invite link copied: ${link}`; } catch { notice.textContent = `Send your friends this link: ${link}`; }
    } }, 'Copy invite link');
    const rulesBtn = el('button', { type: 'button', class: 'link', onclick: () => {
        const g = st.view && gameInfo(st.view.game);
        if (g) showRules(g.id, g.title);
    } }, 'Rules');
    root.replaceChildren(el('div', { class: 'table-screen' },
        el('div', { class: 'table-head' }, title, el('nav', { class: 'table-links' }, rulesBtn, invite, el('a', { href: '#/' }, 'Lobby'))),
        notice,
        seeded,
        lesson.node,
        el('div', { class: 'table-body' }, players, area),
        hint.node,
        end,
        el('div', { class: 'log-and-talk' },
            el('div', { class: 'log-box' }, el('h2', { class: 'log-title' }, 'What happened'), log),
            talk.node)));

    let stopClock = () => {};
    const draw = () => {
        if (!st.view) return;
        const g = gameInfo(st.view.game);
        const mod = moduleOf(st.view.game);
        title.textContent = `${g ? g.title : st.view.game}, table ${table}${st.seat === null ? ' (watching)' : ''}`;
        // the players: name, computer level, cards or points, asked, clock
        stopClock();
        stopClock = () => {};
        players.replaceChildren(...st.view.players ? Array.from({ length: st.view.players }, (_, s) => {
            const info = st.seats[s] || { name: null, bot: null };
            /* cards in hand where hands are the game's measure (not Shout's table, not Liar's one hand) */
            const counts = st.view.hand_counts && mod && mod.handCounts && !waiting(st.seats) ? count(st.view.hand_counts[s], 'card') : '';
            const score = st.view.scores && mod && mod.showsScores(st.view) ? `${st.view.scores[s]} pts` : '';
            const asked = st.asked.includes(s) && st.view.phase !== 'over';
            const clock = el('span', { class: 'clock' });
            if (asked && st.deadline && st.clockSeats.includes(s)) {
                const stop = countdown(clock, st.deadline, st.clockLong);
                const prev = stopClock;
                stopClock = () => { prev(); stop(); };
            }
            if (isOpen(st.seats, s)) return el('li', { class: 'player open' }, ...openSeat());
            return el('li', { class: `player${asked ? ' asked' : ''}${s === st.seat ? ' me' : ''}` },
                el('span', { class: 'pname' }, s === st.seat ? `${seatName(st.seats, s)} (you)` : seatName(st.seats, s)),
                info.bot ? el('span', { class: 'tag' }, `computer, ${info.bot}`) : null,
                info.away ? el('span', { class: 'tag away' }, 'away: a computer plays for now') : null,
                !info.bot && info.name && info.online === false ? el('span', { class: 'tag' }, 'offline') : null,
                el('span', { class: 'count' }, [counts, score].filter(Boolean).join(', ')),
                asked ? el('span', { class: 'turn' }, 'to play') : null,
                clock);
        }) : []);
        if (waiting(st.seats)) area.replaceChildren(waitingArea());
        else if (mod) mod.render(area, {
            table, view: st.view, seat: st.seat, asked: st.asked, myTurn: st.seat !== null && st.asked.includes(st.seat),
            seats: st.seats, local, notice: (t) => { notice.textContent = t; }, act,
            deadline: st.seat !== null && st.deadline && st.clockSeats.includes(st.seat) ? st.deadline : null,
            clockLong: st.clockLong, playOn: st.playOn,
        });
        if (st.view.phase === 'over') drawEnd();
        hint.update({ ...st, playing: !waiting(st.seats) }, area);
        const mine = st.seat !== null && st.asked.includes(st.seat) && st.view.phase !== 'over';
        notifyTurn(!mine ? '' : st.view.phase === 'challenge' ? 'asked' : 'turn');
    };

    const drawEnd = () => {
        const w = st.view.winner;
        const winners = Array.isArray(w) ? w : w === null || w === undefined ? [] : [w];
        const names = winners.map((s) => (s === st.seat ? 'You' : seatName(st.seats, s)));
        const text = names.length ? `${names.join(' and ')} ${names.length === 1 && names[0] === 'You' ? 'win' : names.length > 1 ? 'win' : 'wins'}!` : 'The game is over.';
        end.hidden = false;
        rematch.draw();
        end.replaceChildren(el('h2', {}, 'The game is over'), el('p', { class: 'winner' }, text),
            rematch.node,
            el('a', { href: `#/replay/${table}${st.seat !== null ? `?seat=${st.seat}` : ''}` }, 'Replay this game'));
    };

    /** @param {any} action */
    const act = async (action) => {
        notice.textContent = '';
        const r = await conn.request({ cmd: 'act', table, action, v: st.v });
        if (!r.ok) {
            if (r.code === 'stale') notice.textContent = 'The table moved on: look again.';
            else notice.textContent = r.error || 'That was refused.';
            lesson.show(r.learn); /* not this step: the step again */
        }
        return r;
    };

    /** a clock push, or a join's clock: who is timed, and the time left @param {any} c */
    const clockFrom = (c) => {
        st.deadline = Date.now() + c.deadline_ms;
        st.clockLong = c.deadline_ms > 5000;
        st.clockSeats = c.seats;
    };

    /** @param {any} r a join or watch answer @param {boolean} [seatsKnown] the seats were asked for after it came (newer than its own) */
    const took = (r, seatsKnown = false) => {
        st.entered = true;
        st.view = r.view;
        st.v = r.v;
        st.seat = r.seat;
        st.asked = r.asked || [];
        st.playOn = r.play_on || null;
        if (r.clock) clockFrom(r.clock);
        st.status = r.status;
        if (r.seats && !seatsKnown) st.seats = r.seats;
        seeded.hidden = !r.seeded || !!r.learn; /* a lesson's deal is public: nobody to warn */
        st.hints = !!r.hints;
        talk.setMode(r.talk);
        conn.at(table, r.seat, r.v, r.seat === null);
        if (r.recent) logEvents(log, r.recent);
        sayLines(r.aloud); /* whose turn it is, for one who comes mid-game */
        lesson.show(r.learn);
        draw();
        // the pushes met on the way in: the versions the answer holds (and
        // their clocks: the answer's clock is as new) are dropped, the newer
        // ones told now, in order (at a table the answer found waiting, any
        // update is newer: the deal, of the version it had)
        const held = st.held;
        st.held = [];
        let newer = false;
        for (const f of held) {
            if (f.push === 'update') newer = f.v > st.v || st.status === 'waiting';
            if (!newer) continue;
            if (f.push === 'update') update(f);
            else { clockFrom(f); draw(); }
        }
    };

    /** an update push of this table @param {any} f */
    const update = (f) => {
        if (f.v < st.v && !f.sync) return;
        if (st.status === 'waiting') { /* the cards are dealt: the waiting words go */
            st.status = f.view.phase === 'over' ? 'over' : 'playing';
            if (notice.textContent === WAITING) notice.textContent = '';
        }
        st.view = f.view;
        st.v = f.v;
        st.asked = f.asked || [];
        st.playOn = f.play_on || null;
        logEvents(log, f.events);
        sayLines(f.aloud); /* the library's words for this seat (docs/server.md, Read aloud) */
        lesson.show(f.learn);
        if (f.view.phase !== 'over') st.deadline = null;
        draw();
    };

    /** @param {Event} e */
    const onPush = (e) => {
        const f = /** @type {CustomEvent} */ (e).detail;
        if (!root.isConnected) { conn.removeEventListener('push', onPush); conn.removeEventListener('rejoined', onRejoined); return; }
        if (f.table !== table) {
            if (f.push === 'rematch') return;
            return;
        }
        if (!st.entered && (f.push === 'update' || f.push === 'clock')) {
            // on the way in (watching first, then the seat; or the answer in
            // hand but not yet taken): held until the answer is taken, which
            // tells the versions it holds as the seat is told them
            st.held.push(f);
        } else if (f.push === 'update') {
            update(f);
        } else if (f.push === 'seats') {
            st.seats = f.seats;
            draw();
        } else if (f.push === 'clock') {
            clockFrom(f);
            draw();
        } else if (f.push === 'talk') {
            talk.heard(f);
        } else if (f.push === 'rematch' || f.push === 'rematch_offer') {
            rematch.push(f);
        }
    };
    /** @param {Event} e */
    const onRejoined = (e) => {
        const r = /** @type {CustomEvent} */ (e).detail;
        if (r.table === table && root.isConnected) took(r);
    };
    conn.addEventListener('push', onPush);
    conn.addEventListener('rejoined', onRejoined);

    const seatsNow = async () => {
        const all = await conn.request({ cmd: 'tables' });
        const mine = all.ok && all.tables.find((/** @type {any} */ t) => t.table === table);
        if (mine) st.seats = mine.seats;
        return !!mine;
    };
    // my own seat; at a waiting table, once my name is said, an open one; else watch (people.js)
    let r = await enterTable(conn, table, root, async (w) => { took(w, await seatsNow()); });
    if (!r.ok && (r.code === 'table_full' || r.code === 'too_many_tables')) r = await conn.request({ cmd: 'watch', table });
    if (!r.ok) {
        area.replaceChildren(el('p', {}, r.error || 'That table cannot be opened.'), el('a', { href: '#/' }, 'Back to the lobby'));
        return;
    }
    took(r, await seatsNow());
    if (r.refused) notice.textContent = r.refused;
    else if (st.status === 'waiting' && st.seat !== null && r.quick) waitForPeople(notice, conn, table, r.fill_in_ms);
    else if (st.status === 'waiting' && st.seat !== null) notice.textContent = WAITING;
}
