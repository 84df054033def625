// speech.js - "read aloud" for the youngest players: the browser's speech
// synthesis says a played Sequence card's letter and picture ("K... kite!")
// and No Way's claims ("two B's").  Off unless the switch is on.

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
