import { expect, test } from 'vitest';
import { seededRandom } from '@hearts/engine';
import type { PuzzleFinds } from '@hearts/practice/puzzles';
import { fitRatings, START_RATING } from './ratings.js';

const TRIES = { random: 3, easy: 8, medium: 8, hard: 6, expert: 4 } as const;
const SKILL = { easy: 1200, medium: 1500, hard: 1800, expert: 2000 } as const;

/** Finds drawn from the model itself: puzzles of known ratings, levels of known skill. */
function simulate(ratings: readonly number[], seed: string): PuzzleFinds[][] {
  const rng = seededRandom(seed);
  return ratings.map((b) => [
    { level: 'random', found: 1, tries: TRIES.random },
    ...(['easy', 'medium', 'hard', 'expert'] as const).map((level) => {
      const p = 1 / (1 + 10 ** ((b - SKILL[level]) / 400));
      let found = 0;
      for (let i = 0; i < TRIES[level]; i++) if (rng.nextUint32() / 2 ** 32 < p) found++;
      return { level, found, tries: TRIES[level] };
    }),
  ]);
}

test('the fit puts the median puzzle at the start rating and keeps the levels in order of skill', () => {
  const truth = Array.from({ length: 400 }, (_, i) => 900 + (i % 40) * 40);
  const fit = fitRatings(simulate(truth, 'a'));
  const sorted = fit.puzzles.map((p) => p.rating).sort((a, b) => a - b);
  expect(sorted[200]).toBe(START_RATING);
  const { easy, medium, hard, expert } = fit.levels as Record<string, number>;
  expect(easy).toBeLessThan(medium!);
  expect(medium).toBeLessThan(hard!);
  expect(hard).toBeLessThan(expert!);
  // The gaps between the levels come out near the true ones (300, 300, 200).
  expect(medium! - easy!).toBeGreaterThan(200);
  expect(medium! - easy!).toBeLessThan(420);
  // Harder puzzles get higher ratings: the fitted ratings follow the true ones.
  const low = fit.puzzles.filter((_, i) => truth[i]! < 1200).map((p) => p.rating);
  const high = fit.puzzles.filter((_, i) => truth[i]! > 2000).map((p) => p.rating);
  const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
  expect(mean(high) - mean(low)).toBeGreaterThan(500);
});

test('a puzzle found by fewer levels is rated higher; every rating and deviation stays finite', () => {
  const finds = (found: Record<string, number>): PuzzleFinds[] =>
    (['random', 'easy', 'medium', 'hard', 'expert'] as const).map((level) => ({
      level,
      found: found[level] ?? 0,
      tries: TRIES[level],
    }));
  const base = simulate(
    Array.from({ length: 100 }, (_, i) => 1000 + i * 10),
    'b',
  );
  const everyone = finds({ random: 1, easy: 8, medium: 8, hard: 6, expert: 4 });
  const strongOnly = finds({ random: 1, hard: 6, expert: 4 });
  const nobody = finds({ random: 1 });
  const fit = fitRatings([...base, everyone, strongOnly, nobody]);
  const [e, s, n] = fit.puzzles.slice(-3);
  expect(e!.rating).toBeLessThan(s!.rating);
  expect(s!.rating).toBeLessThan(n!.rating);
  for (const p of fit.puzzles) {
    expect(Number.isFinite(p.rating)).toBe(true);
    expect(p.rd).toBeGreaterThanOrEqual(60);
    expect(p.rd).toBeLessThanOrEqual(350);
  }
});
