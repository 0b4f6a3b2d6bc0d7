/**
 * Puzzle ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) through `glicko2-lite`, one attempt
 * at a time. An attempt is one rating period for both sides: the player scores 1 against the puzzle when right,
 * the puzzle scores 1 against the player when not. A player's deviation grows between attempts, one rating period a
 * day away (the paper's step 6 for periods without games), up to where a new player starts.
 *
 * ```ts
 * const { player, puzzle } = rateAttempt(NEW_PLAYER, { rating: 1650, rd: 120, vol: 0.06 }, true, 0);
 * ```
 */
import rate from 'glicko2-lite';
import type { Glicko } from '../store/puzzles.js';

export { NEW_PLAYER, type Glicko } from '../store/puzzles.js';

/** The system constant: how fast volatility may move (Glickman: 0.3 to 1.2; lower for games with little luck). */
export const TAU = 0.5;
/** A puzzle's volatility at the start (its rating and deviation come from the library). */
export const PUZZLE_VOL = 0.06;
/** The deviation never falls below these, so that a rating keeps following its player or puzzle. */
export const MIN_RD = { player: 45, puzzle: 50 } as const;
/** Nor grows above where a new one starts. */
export const MAX_RD = 350;
/** Glicko-2's scale factor (the paper's 173.7178). */
const SCALE = 173.7178;
const DAY_MS = 86_400_000;

const bounded = (g: Glicko, min: number): Glicko => ({
  rating: g.rating,
  rd: Math.min(MAX_RD, Math.max(min, g.rd)),
  vol: g.vol,
});

/** A player's deviation after `ms` without an attempt: one rating period of the paper's step 6 a day. */
export function aged(g: Glicko, ms: number): Glicko {
  const days = Math.max(0, ms) / DAY_MS;
  if (days === 0) return g;
  const phi = g.rd / SCALE;
  return bounded({ ...g, rd: SCALE * Math.sqrt(phi * phi + days * g.vol * g.vol) }, MIN_RD.player);
}

/** Both sides after one attempt (`right`: the player found the answer); each computed from the other's rating before. */
export function rateAttempt(
  player: Glicko,
  puzzle: Glicko,
  right: boolean,
): { player: Glicko; puzzle: Glicko } {
  const p = rate(player.rating, player.rd, player.vol, [[puzzle.rating, puzzle.rd, right ? 1 : 0]], {
    tau: TAU,
  });
  const q = rate(puzzle.rating, puzzle.rd, puzzle.vol, [[player.rating, player.rd, right ? 0 : 1]], {
    tau: TAU,
  });
  return { player: bounded(p, MIN_RD.player), puzzle: bounded(q, MIN_RD.puzzle) };
}

/** A player is provisional while the deviation is this large: the rating is shown with a question mark. */
export const PROVISIONAL_RD = 110;
