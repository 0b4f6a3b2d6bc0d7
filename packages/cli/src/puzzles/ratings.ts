/**
 * Starting ratings from the bots' finds: one logistic model for every puzzle and level at once — the chance that
 * a level of skill θ finds a puzzle of rating b is 1 / (1 + 10^((b − θ)/400)), the scale of Elo and Glicko — fitted
 * by maximum a posteriori (each puzzle's rating drawn from a normal law around the library's mean, which keeps a
 * puzzle every level finds, or none does, at a finite rating). The scale is placed so that the library's median
 * puzzle is {@link START_RATING}, where a new player starts. A puzzle's rating deviation is the posterior's
 * standard deviation, so a puzzle the bots agree on starts surer than one they split on.
 *
 * The random level is left out of the fit: it finds a puzzle with the share of right cards among the legal ones
 * whatever the puzzle's difficulty, which the model has no term for.
 */
import { FINDER_LEVELS, type PuzzleFinds } from '@hearts/practice/puzzles';

export const START_RATING = 1500;
/** The spread of puzzles' ratings the fit assumes before seeing the finds (the prior's standard deviation). */
const PRIOR_SD = 350;
const LEVEL_PRIOR_SD = 2000;
const RD_MIN = 60;
const RD_MAX = 350;
const C = Math.LN10 / 400;
const FITTED = FINDER_LEVELS.filter((l) => l !== 'random');

export interface FittedRatings {
  readonly puzzles: readonly { readonly rating: number; readonly rd: number }[];
  readonly levels: Readonly<Record<string, number>>; // each fitted level's skill on the same scale
}

const p = (theta: number, b: number): number => 1 / (1 + Math.exp(-C * (theta - b)));

/** Fits every puzzle's starting rating and each level's skill to the finds (one list of finds per puzzle). */
export function fitRatings(finds: readonly (readonly PuzzleFinds[])[]): FittedRatings {
  const theta = new Map<string, number>(FITTED.map((l, i) => [l, 1000 + 300 * i]));
  const b = finds.map(() => START_RATING);
  const count = (f: readonly PuzzleFinds[]) => f.filter((x) => theta.has(x.level));
  for (let round = 0; round < 200; round++) {
    const mean = b.reduce((a, x) => a + x, 0) / Math.max(1, b.length);
    finds.forEach((f, i) => {
      // Newton steps on the puzzle's log posterior.
      for (let step = 0; step < 3; step++) {
        let grad = -(b[i]! - mean) / PRIOR_SD ** 2;
        let info = 1 / PRIOR_SD ** 2;
        for (const x of count(f)) {
          const q = p(theta.get(x.level)!, b[i]!);
          grad += -C * (x.found - x.tries * q);
          info += C * C * x.tries * q * (1 - q);
        }
        b[i] = b[i]! + grad / info;
      }
    });
    for (const level of FITTED) {
      // A weak prior keeps a level that finds every puzzle (or none) at a finite skill.
      const t = theta.get(level)!;
      let grad = -(t - START_RATING) / LEVEL_PRIOR_SD ** 2;
      let info = 1 / LEVEL_PRIOR_SD ** 2;
      finds.forEach((f, i) => {
        const x = f.find((y) => y.level === level);
        if (!x) return;
        const q = p(t, b[i]!);
        grad += C * (x.found - x.tries * q);
        info += C * C * x.tries * q * (1 - q);
      });
      theta.set(level, t + grad / info);
    }
  }
  const sorted = [...b].sort((x, y) => x - y);
  const median = sorted.length === 0 ? START_RATING : sorted[Math.floor(sorted.length / 2)]!;
  const shift = START_RATING - median;
  return {
    puzzles: finds.map((f, i) => {
      let info = 1 / PRIOR_SD ** 2;
      for (const x of count(f)) {
        const q = p(theta.get(x.level)!, b[i]!);
        info += C * C * x.tries * q * (1 - q);
      }
      const rd = Math.min(RD_MAX, Math.max(RD_MIN, 1 / Math.sqrt(info)));
      return { rating: Math.round(b[i]! + shift), rd: Math.round(rd) };
    }),
    levels: Object.fromEntries(FITTED.map((l) => [l, Math.round(theta.get(l)! + shift)])),
  };
}
