// speech.js - "read aloud" for the youngest players: the browser's speech
// synthesis says what the server sends each seat to hear (an update's
// "aloud" lines: whose turn it is, what to do, each move, the end) and a
// card as it is picked ("B... balloon, bike"), in the library's words from
// /api/games.  Nothing said here is composed here.  Off unless the switch
// is on.
import { gameInfo } from './facts.js';

const KEY = 'alphadeck.aloud';

export function aloudOn() {
    return localStorage.getItem(KEY) === '1';
}

/** @param {boolean} on */
export function setAloud(on) {
    localStorage.setItem(KEY, on ? '1' : '0');
    if (!on && 'speechSynthesis' in window) window.speechSynthesis.cancel();
}

/** Says a sentence, if reading aloud is on and the browser can speak. @param {string} text */
export function say(text) {
    if (!aloudOn() || !('speechSynthesis' in window) || !text) return;
    const u = new SpeechSynthesisUtterance(text);
    u.rate = 0.9;
    window.speechSynthesis.speak(u);
}

/** Says an update's lines, in order. @param {unknown} lines the push's "aloud" */
export function sayLines(lines) {
    if (!Array.isArray(lines)) return;
    for (const l of lines) if (typeof l === 'string') say(l);
}

/** Says a card just picked, as /api/games gives its words. @param {string} game @param {string} card */
export function sayCard(game, card) {
    const g = gameInfo(game);
    say((g && g.aloud && g.aloud[card]) || card);
}
