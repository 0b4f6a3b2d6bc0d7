/**
 * Small facts about a rule set in the UI's terms, from the engine: what a card counts, a signed number, the pass
 * directions hand by hand. Free of React and styles, so the help page (in the main bundle) and the rules page
 * (loaded on demand) share them.
 *
 * ```ts
 * pointsOf(DEFAULT_RULES, 'QS'); // 13
 * passSequence(DEFAULT_RULES).map((d) => d.kind); // ['left', 'right', 'across', 'none']
 * ```
 */
import { compiledRules, parseCard, passOffset, type CardName, type Rules } from '@hearts/engine';
import { passDirection, type PassDirection } from '../view';

/** What `card` counts under `rules` for whoever takes it (the engine's card points). */
export const pointsOf = (rules: Rules, card: CardName): number =>
  compiledRules(rules).cardPoints[parseCard(card)!]!;

/** Points with their sign: "+13", "−10", "0". */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** The directions of the first hands under a pass cycle, until it repeats (the engine's pass offsets). */
export function passSequence(rules: Rules): PassDirection[] {
  const n = rules.players;
  const len = rules.passCycle === 'standard' ? (n % 2 === 0 ? 4 : 3) : rules.passCycle === 'rotate' ? n : 1;
  return Array.from({ length: len }, (_, h) => passDirection(passOffset(rules, h), n));
}
