import { expect, test } from 'vitest';
import rate from 'glicko2-lite';
import { aged, MIN_RD, NEW_PLAYER, rateAttempt } from './glicko.js';

test('the library reproduces the worked example of Glickman’s paper', () => {
  // "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300, τ = 0.5.
  const r = rate(
    1500,
    200,
    0.06,
    [
      [1400, 30, 1],
      [1550, 100, 0],
      [1700, 300, 0],
    ],
    { tau: 0.5 },
  );
  expect(r.rating).toBeCloseTo(1464.06, 1); // the paper rounds μ′ = −0.2069 on the way: 1464.05 unrounded
  expect(r.rd).toBeCloseTo(151.52, 2);
  expect(r.vol).toBeCloseTo(0.06, 4); // the paper: 0.05999
});

test('an attempt moves both sides: the player up and the puzzle down when right, the other way when not', () => {
  const puzzle = { rating: 1600, rd: 100, vol: 0.06 };
  const right = rateAttempt(NEW_PLAYER, puzzle, true);
  expect(right.player.rating).toBeGreaterThan(1500);
  expect(right.puzzle.rating).toBeLessThan(1600);
  const wrong = rateAttempt(NEW_PLAYER, puzzle, false);
  expect(wrong.player.rating).toBeLessThan(1500);
  expect(wrong.puzzle.rating).toBeGreaterThan(1600);
  // The sure puzzle moves less than the new player does, and both become surer.
  expect(Math.abs(right.puzzle.rating - 1600)).toBeLessThan(Math.abs(right.player.rating - 1500));
  expect(right.player.rd).toBeLessThan(350);
  expect(right.puzzle.rd).toBeLessThan(100);
});

test('deviations stay within their bounds; a player away for months is less sure', () => {
  let player = NEW_PLAYER;
  let puzzle = { rating: 1500, rd: 60, vol: 0.06 };
  for (let i = 0; i < 400; i++) ({ player, puzzle } = rateAttempt(player, puzzle, i % 2 === 0));
  expect(player.rd).toBeGreaterThanOrEqual(MIN_RD.player);
  expect(puzzle.rd).toBeGreaterThanOrEqual(MIN_RD.puzzle);
  const later = aged(player, 120 * 86_400_000);
  expect(later.rd).toBeGreaterThan(player.rd);
  expect(later.rd).toBeLessThanOrEqual(350);
  expect(aged(player, 0)).toEqual(player);
});
