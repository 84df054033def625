// notify.js - telling a person it is their turn when they look elsewhere:
// the tab's title ("Your turn - alphadeck", "You are asked - alphadeck")
// and, when they switched it on (off by default, kept in localStorage), a
// short tone made with WebAudio (no sound file).
import { el } from './ui.js';

const SOUND_KEY = 'alphadeck.sound';
const TITLE = 'alphadeck';
let was = '';
let rang = 0; // when the tone last sounded (ms): never twice within QUIET_MS
const QUIET_MS = 4000;
/** @type {AudioContext|null} */
let audio = null;

export function soundOn() { return localStorage.getItem(SOUND_KEY) === 'on'; }

/** The "Sound" switch in the top bar, beside "Read aloud". */
export function soundSwitch() {
    const box = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id: 'sound' }));
    box.checked = soundOn();
    box.addEventListener('change', () => {
        localStorage.setItem(SOUND_KEY, box.checked ? 'on' : 'off');
        if (box.checked) tone(); // a click lets the page play sound, and says what it sounds like
    });
    // a page may sound only after a gesture: each click wakes the tone up
    document.addEventListener('pointerdown', () => {
        if (!soundOn()) return;
        try {
            audio = audio || new AudioContext();
            audio.resume();
        } catch { /* no audio here */ }
    });
    const bar = document.querySelector('.top .aloud');
    if (bar) bar.after(el('label', { class: 'aloud sound', title: 'A short tone when it is your turn or you are asked' }, box, ' Sound'));
}

/** Two short soft notes, rising. */
function tone() {
    try {
        audio = audio || new AudioContext();
        if (audio.state === 'suspended') audio.resume();
        const now = audio.currentTime;
        [660, 880].forEach((hz, i) => {
            const o = /** @type {AudioContext} */ (audio).createOscillator();
            const g = /** @type {AudioContext} */ (audio).createGain();
            o.frequency.value = hz;
            g.gain.setValueAtTime(0.0001, now + i * 0.15);
            g.gain.exponentialRampToValueAtTime(0.15, now + i * 0.15 + 0.02);
            g.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.15 + 0.14);
            o.connect(g).connect(/** @type {AudioContext} */ (audio).destination);
            o.start(now + i * 0.15);
            o.stop(now + i * 0.15 + 0.15);
        });
    } catch { /* no audio here: the title still tells */ }
}

/**
 * Called on every draw of a table: `turn` when this person must play,
 * `asked` when they may answer a claim (a challenge window), '' otherwise.
 * The title says so; the tone sounds once each time they become asked.
 * @param {'turn'|'asked'|''} now
 */
export function notifyTurn(now) {
    document.title = now === 'turn' ? `Your turn - ${TITLE}` : now === 'asked' ? `You are asked - ${TITLE}` : TITLE;
    // once each time they become asked; a race that asks everyone again
    // and again (Shout a Word's deals) rings at most every few seconds
    if (now && now !== was && soundOn() && Date.now() - rang > QUIET_MS) {
        rang = Date.now();
        tone();
    }
    was = now;
}
