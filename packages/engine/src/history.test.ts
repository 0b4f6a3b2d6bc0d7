import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { arbRules, randomGame, start } from '../test/helpers.js';
import {
  DEFAULT_RULES,
  historyProblem,
  observation,
  seededRandom,
  type HandResult,
  type Rules,
} from './index.js';

const hand = (taken: number[], points = taken, shooter: number | null = null): HandResult => ({
  taken,
  points,
  shooter,
  moonChoice: null,
});

describe('historyProblem', () => {
  test('every observation of random games under random rules passes (moons, the die, every rule)', () => {
    fc.assert(
      fc.property(arbRules, fc.integer(), fc.boolean(), (rules, seed, greedy) => {
        const problems: string[] = [];
        randomGame(start(rules), seededRandom(seed), {
          maxHands: 8,
          greedy,
          onStep: (g) => {
            if (g.phase !== 'pass' && g.phase !== 'play') return;
            const o = observation(g, 0);
            const p = historyProblem(o.rules, o.handResults, o.scores);
            if (p !== null) problems.push(`hand ${g.handNumber}: ${p}`);
          },
        });
        expect(problems).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  const standard: Rules = DEFAULT_RULES;
  const zero = hand([0, 0, 0, 0]);
  test.each<[string, Rules, HandResult[], number[], string | null]>([
    ['no hand yet', standard, [], [0, 0, 0, 0], null],
    ['a hand as scored', standard, [hand([13, 5, 8, 0])], [13, 5, 8, 0], null],
    ['two hands', standard, [hand([13, 5, 8, 0]), hand([0, 0, 26, 0])], [13, 5, 34, 0], null],
    ['a moon, others plus 26', standard, [hand([26, 0, 0, 0], [0, 26, 26, 26], 0)], [0, 26, 26, 26], null],
    [
      '200 made-up hands of nothing',
      standard,
      Array<HandResult>(200).fill(zero),
      [0, 0, 0, 0],
      'hand 1: 0 points taken, where the cards in play count 26',
    ],
    [
      'scores that are not the sum',
      standard,
      [hand([13, 5, 8, 0])],
      [0, 0, 0, 0],
      'scores: not the sum of the hands',
    ],
    [
      'points that do not follow',
      standard,
      [hand([13, 5, 8, 0], [0, 5, 8, 13])],
      [0, 5, 8, 13],
      'hand 1: points that do not follow from the points taken',
    ],
    ['a seat too many', standard, [hand([13, 5, 8, 0, 0])], [13, 5, 8, 0], 'hand 1: not one entry per seat'],
    [
      'more than the cards hold',
      standard,
      [hand([40, -14, 0, 0])],
      [40, -14, 0, 0],
      'hand 1: more points taken than the cards hold',
    ],
    [
      'a moon without the moon cards',
      standard,
      [hand([20, 6, 0, 0], [-6, 32, 26, 26], 0)],
      [-6, 32, 26, 26],
      'hand 1: a moon without the moon cards',
    ],
    [
      'a moon where there are none',
      { ...standard, moon: 'none' },
      [hand([26, 0, 0, 0], [26, 0, 0, 0], 0)],
      [26, 0, 0, 0],
      'hand 1: a moon that cannot be',
    ],
    [
      'a game that was over',
      { ...standard, targetScore: 100 },
      Array.from({ length: 4 }, () => hand([26, 0, 0, 0])),
      [104, 0, 0, 0],
      'hand 4: the game ended there',
    ],
    [
      'fractions',
      standard,
      [hand([12.5, 13.5, 0, 0])],
      [13, 13, 0, 0],
      'hand 1: points that are not whole numbers',
    ],
    [
      'the die’s seven counts',
      { ...standard, sevenOfDie: true },
      [hand([13, 5, 8, 40])],
      [13, 5, 8, 40],
      null,
    ],
    [
      'a moon under the shooter’s choice needs the choice',
      { ...standard, moon: 'shooterChoice' },
      [hand([26, 0, 0, 0], [-26, 0, 0, 0], 0)],
      [-26, 0, 0, 0],
      'hand 1: points that do not follow from the points taken',
    ],
  ])('%s', (_, rules, results, scores, problem) => {
    expect(historyProblem(rules, results, scores)).toBe(problem);
  });
});
