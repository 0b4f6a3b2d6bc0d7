import { describe, expect, it } from 'vitest';
import { ratingGraph } from './graph';

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
