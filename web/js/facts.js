// facts.js - what the browser knows about the games, all of it from the
// server (GET /api/games, read once when the page opens): each game's
// title, family, players, options and bot levels, the names of seats
// nobody named, the clock presets, how a claim is said, the Sequence
// board.  Nothing about a game is written in web/: a screen asks here.

/** @typedef {{name: string, label: string, min: number, max: number, default: number, help: string}} OptionInfo
 * (`label` and `help` in a player's words, the library's) */
/** @typedef {{letter: string, picture: string, image: string, name: string}} Square */
/**
 * How a claim is said, in the narrator's words (the claim family).
 * @typedef {Object} ClaimInfo
 * @property {boolean} say_free   a player may say any class (else only the one called)
 * @property {boolean} [last_face_up]  a player's last cards are turned up at once: they must be true to go out
 * @property {string} objection   the words that object to a claim ("No Way!")
 * @property {string[]} says      the classes, in the deck's order
 * @property {Record<string, string>} class_of   each card's class ("10D": "10")
 * @property {Record<string, string[]>} phrases  per class, the claim of 0, 1, ... cards; the last for any more
 * @property {Record<string, {face: string, red: boolean}>} [faces]  suited cards as shown: "10H" is "10♥", red
 */
/**
 * @typedef {Object} GameInfo
 * @property {string} id
 * @property {string} title
 * @property {string} family    the browser module that draws it (web/js/games/<family>.js)
 * @property {number} min_players
 * @property {number} max_players
 * @property {OptionInfo[]} options
 * @property {string[]} bots   the computer's levels, weakest first
 * @property {string} bot_default   the level Play now starts with until the person chooses
 * @property {ClaimInfo} [claim]
 * @property {Square[][]} [board]
 * @property {Record<string, string>} [aloud]  each card as a child hears it picked ("B... balloon, bike")
 */
/** @typedef {{name: string, turn_ms: number, answer_ms: number}} ClockInfo */
/** @typedef {{games: GameInfo[], seat_names: string[], clocks: ClockInfo[]}} Facts */

/** @type {Promise<Facts>|null} */
let loading = null;
/** @type {Facts} until loaded: no games, no names */
let known = { games: [], seat_names: [], clocks: [] };

/** Reads /api/games, once for the page (a failure is tried again on the next call).
 * @returns {Promise<Facts>} */
export function loadFacts() {
    if (!loading) {
        loading = fetch('/api/games').then((r) => r.json()).then((/** @type {Facts} */ f) => { known = f; return f; });
        loading.catch(() => { loading = null; });
    }
    return loading;
}

/** The facts read (empty before loadFacts has answered). @returns {Facts} */
export function facts() { return known; }

/** @param {string} id @returns {GameInfo|undefined} */
export function gameInfo(id) { return known.games.find((g) => g.id === id); }

/** The narrator's name of seat s when nobody sits there by name (Ann, Bea, ...). @param {number} s */
export function defaultName(s) { return known.seat_names[s] || `Seat ${s + 1}`; }

/** "two M's", "one king", "many A's": count cards of class `say`, as the narrator says it.
 * @param {string} game @param {number} count @param {string} say */
export function claimWords(game, count, say) {
    const g = gameInfo(game);
    const p = g && g.claim && g.claim.phrases[say];
    return p ? p[Math.max(0, Math.min(count, p.length - 1))] : `${count} ${say}`;
}

/** How a card of `game` is shown: a suited card with its suit's sign and
 * colour ("10H": "10♥", red), a letter as it is (no suit).
 * @param {string} game @param {string} card @returns {{face: string, suit: 'red'|'black'|null}} */
export function cardFace(game, card) {
    const g = gameInfo(game);
    const f = g && g.claim && g.claim.faces && g.claim.faces[card];
    return f ? { face: f.face, suit: f.red ? 'red' : 'black' } : { face: card, suit: null };
}
