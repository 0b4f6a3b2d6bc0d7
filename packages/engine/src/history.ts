/**
 * Whether a game's finished hands, as a view carries them (`Observation.handResults` and `scores`), can be what a
 * game under its rules scored: a check for data that claims to come from a game (a training position sent to the
 * server) and that the engine did not make itself. Each hand's points taken add up to the cards in play (and the
 * die's seven), its points follow from them by the moon rule, the totals are the scores, and the game went on after
 * every one of the hands.
 *
 * ```ts
 * historyProblem(obs.rules, obs.handResults, obs.scores); // null for any observation of a game in progress
 * historyProblem(DEFAULT_RULES, Array(200).fill({ points: [0, 0, 0, 0], taken: [0, 0, 0, 0], shooter: null, moonChoice: null }), [0, 0, 0, 0]);
 * // 'hand 1: 0 points taken, where the cards in play count 26'
 * ```
 */
import { SEVEN_OF_DIE_POINTS, compiledRules, sevenOf, type HandConfig } from './core.js';
import { DIE_SUITS, gameEnd, scoreHand, type HandResult } from './game.js';
import type { Rules } from './rules.js';

/** The points of every card in play together: what a hand's points taken add up to (the die's seven aside). */
function deckPoints(cfg: HandConfig): number {
  let total = 0;
  for (let suit = 0; suit < 4; suit++)
    for (let rank = 0; rank < 13; rank++)
      if (cfg.deckMasks[suit]! & (1 << rank)) total += cfg.cardPoints[suit * 13 + rank]!;
  return total;
}

/** What one seat may have taken in a hand at most and at least: every card of one sign (and the die's seven). */
function takenBounds(cfg: HandConfig, seven: boolean): { low: number; high: number } {
  let low = 0;
  let high = seven ? SEVEN_OF_DIE_POINTS : 0;
  for (let suit = 0; suit < 4; suit++)
    for (let rank = 0; rank < 13; rank++)
      if (cfg.deckMasks[suit]! & (1 << rank)) {
        const p = cfg.cardPoints[suit * 13 + rank]!;
        if (p < 0) low += p;
        else high += p;
      }
  return { low, high };
}

const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/**
 * Why the finished hands and totals cannot be a game in progress under the rules (the first reason, naming the
 * hand from 1), or null when they can.
 */
export function historyProblem(
  rules: Rules,
  results: readonly HandResult[],
  scores: readonly number[],
): string | null {
  const cfg = compiledRules(rules);
  const n = rules.players;
  const base = deckPoints(cfg);
  // The die's seven counts only when it is in play.
  const sevenInPlay = rules.sevenOfDie && DIE_SUITS.some((s) => cfg.deckMasks[s]! & (1 << (sevenOf(s) % 13)));
  const total = base + (sevenInPlay ? SEVEN_OF_DIE_POINTS : 0);
  const { low, high } = takenBounds(cfg, sevenInPlay);
  if (scores.length !== n || !scores.every(isWhole)) return `scores: not ${n} whole numbers`;
  let totals = new Array<number>(n).fill(0);
  for (const [k, r] of results.entries()) {
    const at = `hand ${k + 1}`;
    if (r.taken.length !== n || r.points.length !== n) return `${at}: not one entry per seat`;
    if (!r.taken.every(isWhole) || !r.points.every(isWhole))
      return `${at}: points that are not whole numbers`;
    if (r.taken.some((t) => t < low || t > high)) return `${at}: more points taken than the cards hold`;
    const taken = r.taken.reduce((a, b) => a + b, 0);
    if (taken !== total) return `${at}: ${taken} points taken, where the cards in play count ${total}`;
    const shooter = r.shooter ?? -1;
    if (r.shooter !== null) {
      if (!cfg.moonAllowed || !isWhole(r.shooter) || r.shooter < 0 || r.shooter >= n)
        return `${at}: a moon that cannot be`;
      // The moon cards, and perhaps every card of negative points besides.
      if (r.taken[r.shooter]! < cfg.moonValue + low) return `${at}: a moon without the moon cards`;
    }
    const scored = scoreHand(rules, cfg, r.taken, shooter, totals, k + 1, r.moonChoice);
    if (scored.moonChoice !== r.moonChoice || scored.points.some((p, s) => p !== r.points[s]))
      return `${at}: points that do not follow from the points taken`;
    totals = totals.map((t, s) => t + scored.points[s]!);
    if (gameEnd(rules, totals, k + 1).over) return `${at}: the game ended there`;
  }
  if (totals.some((t, s) => t !== scores[s])) return 'scores: not the sum of the hands';
  return null;
}
