// games/index.js - the browser's module of each game family, by the family
// name the server gives every game (ad_game.family in /api/games): a table
// and a replay draw a game with the module of its family.  A new game of a
// known family needs nothing here; a new family adds its module.
import * as claim from './claim.js';
import * as sequence from './sequence.js';
import * as liar from './liar.js';
import * as shout from './shout.js';
import { gameInfo } from '../facts.js';

/**
 * What a family's module offers: render draws the game from a seat's view;
 * handCounts says whether hands are the game's measure (each player's cards
 * are listed); showsScores whether its points are.  What is read aloud
 * comes from the server (speech.js), never from a module.
 * @typedef {Object} GameModule
 * @property {(root: HTMLElement, ctx: import('../table.js').GameCtx) => void} render
 * @property {boolean} handCounts
 * @property {(view: any) => boolean} showsScores
 */

/** @type {Record<string, GameModule>} */
const FAMILIES = { claim, sequence, liar, shout };

/** The module that draws game `id`, or undefined. @param {string} id @returns {GameModule|undefined} */
export function moduleOf(id) {
    const g = gameInfo(id);
    return g ? FAMILIES[g.family] : undefined;
}
