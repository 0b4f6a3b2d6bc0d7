/**
 * A game positioned at the start of any hand: the arena plays each deal as a given hand number (which fixes
 * the dealer and the pass direction) with given running totals, and the tactics suite builds its positions
 * the same way. The state is an ordinary engine state: the moves are the engine's, and so are the observations.
 *
 * ```ts
 * const state = handAt(rules, 2, [10, 4, 0, 30]); // hand 2 (passing across), waiting for the deal
 * const dealt = dealRandom(state, seededRandom(7));
 * ```
 */
import { newGame, type GameState, type HandLog, type Rules } from '@hearts/engine';

/**
 * A game waiting for the deal of hand `handNumber`, with `scores` as the totals so far. Earlier hands are not
 * kept (their log entries are empty): such a state is for playing one hand, not for writing a record.
 */
export function handAt(rules: Rules, handNumber: number, scores: readonly number[]): GameState {
  const game = newGame(rules);
  if (!game.ok) throw new Error(`internal: rules refused: ${game.error.message}`);
  if (!Number.isInteger(handNumber) || handNumber < 0) throw new Error('a hand number is a whole number ≥ 0');
  if (scores.length !== rules.players) throw new Error(`scores need one total per seat (${rules.players})`);
  return { ...game.value, handNumber, scores: [...scores], log: new Array<HandLog>(handNumber) };
}

/** How many hands pass in a cycle and rotate the dealer: hand h and h + period pass the same way, same dealer. */
export function handPeriod(rules: Rules): number {
  const n = rules.players;
  const cycle =
    rules.passCards === 0 || rules.passCycle === 'left' || rules.passCycle === 'right'
      ? 1
      : rules.passCycle === 'rotate'
        ? n
        : n % 2 === 0
          ? 4
          : 3;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return (cycle * n) / gcd(cycle, n);
}
