// bench/boardgameio/noway.mjs - No Way (docs/rules/noway.md) written as a
// boardgame.io Game, for the side-by-side bench of issue 19 only: it is a
// comparison and never part of alphadeck.  It keeps the rules the load
// exercises as alphadeck plays them: the same pack (read from
// data/decks/noway.txt), seat 0 deals and seat 1 plays first with the call
// A, a play of 1 to copies x decks cards face down saying a letter, a
// challenge window that asks the other seats one at a time from the
// claimer's left (pass, or "No Way" which turns the cards up and gives the
// pile to whoever was wrong), a last play turned up at once (true: out and
// the game is won; false: the pile is taken), and max_turns.
//
// Left out (the load never uses them): the `decks` and `copies` options
// (always one pack of two copies a letter, the rule for 2-4 players), the
// explicit deck, clocks and stand-ins, and the seats' memory of cards seen.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { INVALID_MOVE } = require('boardgame.io/core');

const here = path.dirname(fileURLToPath(import.meta.url));
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/* The pack as data/decks/noway.txt has it: face, letter (`-`: never in
 * play), copies.  Only the cards in play are kept. */
function readPack() {
    const text = fs.readFileSync(path.join(here, '../../data/decks/noway.txt'), 'utf8');
    const cards = [];
    for (const line of text.split('\n')) {
        const f = line.replace(/#.*/, '').trim().split(/\s+/);
        if (f.length !== 3 || f[1] === '-') continue;
        for (let i = 0; i < Number(f[2]); i++) cards.push(f[1]);
    }
    return cards;
}
const PACK = readPack();
const MAX_PLAY = Math.max(...LETTERS.split('').map((l) => PACK.filter((c) => c === l).length));

const left = (seat, n) => (seat + 1) % n;
const byLetter = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/* Whether every card of `cards` is in `hand` (counting copies). */
function holds(hand, cards) {
    const rest = [...hand];
    for (const c of cards) {
        const i = rest.indexOf(c);
        if (i < 0) return false;
        rest.splice(i, 1);
    }
    return true;
}

function removeCards(hand, cards) {
    for (const c of cards) hand.splice(hand.indexOf(c), 1);
}

function takePile(G, seat) {
    G.hands[seat].push(...G.pile);
    G.hands[seat].sort(byLetter);
    G.last.taker = seat;
    G.last.taken = G.pile.length;
    G.pile = [];
}

/* The winner first, then by cards held, fewest first; ties in seat order
 * from the winner's left. */
function ranking(G, winner) {
    const order = [winner];
    for (let c = 0; c <= PACK.length; c++)
        for (let i = 1; i < G.players; i++) {
            const p = (winner + i) % G.players;
            if (G.hands[p].length === c) order.push(p);
        }
    return order;
}

function win(G, events, seat, timeUp) {
    G.winner = seat;
    events.endGame({ winner: seat, ranking: ranking(G, seat), time_up: timeUp });
}

/* The play is settled: the next turn is the claimer's left's, with the
 * next letter; or, after max_turns turns, the fewest cards win (a tie:
 * nearest the dealer's left). */
function nextTurn(G, events) {
    G.claim = null;
    G.waiting = [];
    G.call = (G.call + 1) % LETTERS.length;
    G.turns++;
    if (G.maxTurns && G.turns >= G.maxTurns) {
        let best = left(0, G.players);
        for (let i = 1, p = best; i < G.players; i++) {
            p = left(p, G.players);
            if (G.hands[p].length < G.hands[best].length) best = p;
        }
        win(G, events, best, true);
        return;
    }
    events.endTurn();
}

/* True only if the letter said is the call and every card is that letter. */
function isTrue(claim) {
    return claim.say === claim.call && claim.cards.every((c) => c === claim.say);
}

/* Turns the pending play up; `challenger` is -1 for a last play. */
function settle(G, challenger) {
    const truthful = isTrue(G.claim);
    G.last = { seat: G.claim.seat, cards: G.claim.cards, say: G.claim.say, true: truthful, challenger };
    return truthful;
}

function askNext(G, events) {
    events.setActivePlayers({ value: { [String(G.waiting[0])]: 'answer' } });
}

function play({ G, events, playerID }, cards, say) {
    const seat = Number(playerID);
    const hand = G.hands[seat];
    if (!Array.isArray(cards) || cards.length < 1 || cards.length > Math.min(MAX_PLAY, hand.length))
        return INVALID_MOVE;
    if (!holds(hand, cards)) return INVALID_MOVE;
    const call = LETTERS[G.call];
    if (say === undefined || say === null) say = call;
    if (typeof say !== 'string' || say.length !== 1 || !LETTERS.includes(say)) return INVALID_MOVE;
    removeCards(hand, cards);
    G.pile.push(...cards);
    G.claim = { seat, cards: [...cards], say, call, n: cards.length };
    if (hand.length === 0) {
        // a last play goes down face up: no challenge window
        if (settle(G, -1)) {
            win(G, events, seat, false);
            return;
        }
        takePile(G, seat);
        nextTurn(G, events);
        return;
    }
    G.waiting = [];
    for (let i = 1, p = seat; i < G.players; i++) {
        p = left(p, G.players);
        G.waiting.push(p);
    }
    askNext(G, events);
}

function pass({ G, events }) {
    G.waiting.shift();
    if (G.waiting.length) askNext(G, events);
    else nextTurn(G, events); // every other seat passed: the play stands
}

function challenge({ G, events, playerID }) {
    const seat = Number(playerID);
    const claimer = G.claim.seat;
    takePile(G, settle(G, seat) ? seat : claimer);
    nextTurn(G, events);
}

/* Shuffled with boardgame.io's seeded random, dealt one at a time from
 * the dealer's (seat 0's) left. */
function setup({ ctx, random }, setupData = {}) {
    const deck = random.Shuffle(PACK);
    const hands = Array.from({ length: ctx.numPlayers }, () => []);
    deck.forEach((c, i) => hands[(i + 1) % ctx.numPlayers].push(c));
    hands.forEach((h) => h.sort(byLetter));
    return {
        players: ctx.numPlayers,
        maxTurns: setupData.max_turns ?? 1000,
        call: 0,
        turns: 0,
        hands,
        pile: [],
        claim: null,
        waiting: [],
        last: null,
        winner: -1,
    };
}

/* What one seat may see: its own hand, how many cards each seat holds,
 * the pile's size, the claim (never its cards) and the last play turned up. */
function playerView({ G, playerID }) {
    const seat = playerID === null || playerID === undefined ? null : Number(playerID);
    return {
        players: G.players,
        max_turns: G.maxTurns,
        call: LETTERS[G.call],
        turns: G.turns,
        seat,
        hand: seat === null ? undefined : G.hands[seat],
        counts: G.hands.map((h) => h.length),
        pile: G.pile.length,
        claim: G.claim && { seat: G.claim.seat, n: G.claim.n, say: G.claim.say },
        waiting: G.waiting,
        last: G.last,
        winner: G.winner,
    };
}

export const NoWay = {
    name: 'noway',
    minPlayers: 2,
    maxPlayers: 4,
    setup,
    playerView,
    // a play's cards are face down: its arguments are kept out of the
    // other seats' copy of the log
    moves: { play: { move: play, redact: true } },
    turn: {
        order: {
            first: ({ ctx }) => 1 % ctx.numPlayers,
            next: ({ ctx }) => (ctx.playOrderPos + 1) % ctx.numPlayers,
        },
        stages: { answer: { moves: { pass, challenge } } },
    },
};
