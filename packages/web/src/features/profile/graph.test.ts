import { describe, expect, it } from 'vitest';
import { puzzleSteps, ratingGraph } from './graph';

describe('the rating graph', () => {
  it('has no points without rated games', () => {
    expect(ratingGraph([], 320, 140).points).toEqual([]);
  });

  it('starts at the rating before the first game and has one point per game, left to right', () => {
    const h = [
      { before: 1500, after: 1850 },
      { before: 1850, after: 1790 },
      { before: 1790, after: 1820 },
    ];
    const g = ratingGraph(h, 320, 140, 10);
    expect(g.points.map((p) => p.rating)).toEqual([1500, 1850, 1790, 1820]);
    expect(g.points[0]!.x).toBe(10);
    expect(g.points[3]!.x).toBe(310);
    const xs = g.points.map((p) => p.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    // Higher ratings are higher up; everything stays inside the box.
    expect(g.points[1]!.y).toBeLessThan(g.points[0]!.y);
    for (const p of g.points) {
      expect(p.y).toBeGreaterThanOrEqual(10);
      expect(p.y).toBeLessThanOrEqual(130);
    }
    expect(g.min).toBeLessThanOrEqual(1500);
    expect(g.max).toBeGreaterThanOrEqual(1850);
  });

  it('draws round gridlines across the range', () => {
    const g = ratingGraph([{ before: 1500, after: 1512 }], 320, 140);
    expect(g.grid.length).toBeGreaterThanOrEqual(2);
    expect(g.grid.every((l) => l.rating % 25 === 0)).toBe(true);
    expect(g.grid.map((l) => l.rating)).toEqual([...g.grid.map((l) => l.rating)].sort((a, b) => a - b));
    // A flat history still has a height.
    const flat = ratingGraph([{ before: 1500, after: 1500 }], 320, 140);
    expect(flat.max).toBeGreaterThan(flat.min);
    expect(flat.points.every((p) => Number.isFinite(p.y))).toBe(true);
  });
});

describe('the puzzle rating’s steps', () => {
  it('start at a new player’s 1500 when the history is whole, one step per rated answer', () => {
    const h = [{ rating: 1320 }, { rating: 1410 }, { rating: 1395 }];
    expect(puzzleSteps(h, 500)).toEqual([
      { before: 1500, after: 1320 },
      { before: 1320, after: 1410 },
      { before: 1410, after: 1395 },
    ]);
    expect(ratingGraph(puzzleSteps(h, 500), 320, 140).points.map((p) => p.rating)).toEqual([
      1500, 1320, 1410, 1395,
    ]);
  });

  it('start at the first point kept when older answers were cut off', () => {
    expect(puzzleSteps([{ rating: 1700 }, { rating: 1720 }], 2)[0]).toEqual({ before: 1700, after: 1700 });
    expect(puzzleSteps([], 500)).toEqual([]);
  });
});
