import { describe, expect, test } from 'vitest';
import { acceptableGap, findMatches, type MatchPolicy, type Waiting } from './matchmaking.js';

const P: MatchPolicy = { baseGap: 100, gapPerSecond: 20, waitMs: 20_000, seats: 4 };
const w = (id: string, rating: number, since = 0, rated = true, targetScore = 50): Waiting => ({
  id,
  rating,
  since,
  rated,
  targetScore,
});
const ids = (m: ReturnType<typeof findMatches>) => m.map((g) => [g.players.map((p) => p.id).sort(), g.bots]);

describe('quick match', () => {
  test('four players of similar rating sit together at once', () => {
    const q = [w('a', 1500), w('b', 1550), w('c', 1450), w('d', 1520), w('e', 2000)];
    expect(ids(findMatches(q, 1000, P))).toEqual([[['a', 'b', 'c', 'd'], 0]]);
  });

  test('players far apart in rating wait, and meet once their gap has widened', () => {
    const q = [w('a', 1500), w('b', 1700), w('c', 1650), w('d', 1600)];
    expect(findMatches(q, 0, P)).toEqual([]);
    expect(acceptableGap(q[0]!, 5000, P)).toBe(200);
    expect(ids(findMatches(q, 5000, P))).toEqual([[['a', 'b', 'c', 'd'], 0]]);
  });

  test('after the wait, bots fill the seats of compatible players', () => {
    const q = [w('a', 1500, 0), w('b', 1540, 5000), w('z', 3000, 0)];
    expect(findMatches(q, 19_999, P)).toEqual([]);
    const m = findMatches(q, 20_000, P);
    expect(ids(m)).toEqual([
      [['a', 'b'], 2],
      [['z'], 3],
    ]);
  });

  test('rated and unrated players, and targets 50 and 100, never meet', () => {
    const q = [
      w('a', 1500, 0, true, 50),
      w('b', 1500, 0, false, 50),
      w('c', 1500, 0, true, 100),
      w('d', 1500, 0, true, 50),
    ];
    expect(ids(findMatches(q, 25_000, P))).toEqual([
      [['a', 'd'], 2],
      [['b'], 3],
      [['c'], 3],
    ]);
  });

  test('every member of a table accepts every other member', () => {
    // a accepts b and c, but b and c are 190 apart: only one of them joins a.
    const q = [w('a', 1500, 0), w('b', 1405, 1000), w('c', 1595, 1000)];
    const m = findMatches(q, 20_000, { ...P, gapPerSecond: 0 });
    expect(m[0]!.players.length).toBe(2);
    expect(m[0]!.players[0]!.id).toBe('a');
  });

  test('the longest waiting player is served first and nobody is seated twice', () => {
    const q = Array.from({ length: 10 }, (_, i) => w(`p${i}`, 1500 + i, i * 100));
    const m = findMatches(q, 1000, P);
    expect(m.map((g) => g.players.map((p) => p.id))).toEqual([
      ['p0', 'p1', 'p2', 'p3'],
      ['p4', 'p5', 'p6', 'p7'],
    ]);
  });

  test.each([
    ['the blocker waits first', ['a', 'b']],
    ['the blocked waits first', ['b', 'a']],
  ])('a blocked pair never sits together, in either direction (%s)', (_, order) => {
    // a blocked b: a's list names b (as the store's avoidedBy gives it to both: here only one side knows).
    const block = (x: Waiting, avoid: string[]): Waiting => ({ ...x, avoid: new Set(avoid) });
    const base = { a: w('a', 1500, order[0] === 'a' ? 0 : 1), b: w('b', 1500, order[0] === 'b' ? 0 : 1) };
    for (const [who, avoid] of [
      ['a', ['b']],
      ['b', ['a']],
    ] as const) {
      const q = [
        who === 'a' ? block(base.a, [...avoid]) : base.a,
        who === 'b' ? block(base.b, [...avoid]) : base.b,
        w('c', 1500, 2),
        w('d', 1500, 3),
        w('e', 1500, 4),
      ];
      const m = findMatches(q, 1000, P);
      expect(m).toHaveLength(1);
      const seated = m[0]!.players.map((p) => p.id);
      expect(seated).toHaveLength(4);
      expect(seated.includes('a') && seated.includes('b')).toBe(false);
      // After the wait, each is seated with bots rather than together.
      const late = findMatches(q.slice(0, 2), 60_000, P);
      expect(ids(late)).toEqual([
        [[order[0]!], 3],
        [[order[1]!], 3],
      ]);
    }
  });
});
