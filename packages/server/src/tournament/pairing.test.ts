import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_PAIRING, pair, policyProblem, type Candidate, type PairingPolicy } from './pairing.js';
import { POINT_UNIT } from './scoring.js';

const P: PairingPolicy = { ...DEFAULT_PAIRING, pool: 8, gatherMs: 3_000, maxWaitMs: 10_000 };
const c = (userId: string, points = 0, since = 0, lastMet: string[] = []): Candidate => ({
  userId,
  units: points * POINT_UNIT,
  since,
  lastMet,
});
const sets = (ps: ReturnType<typeof pair>) => ps.map((p) => [[...p.players].sort(), p.bots]);

describe('pairing', () => {
  test('four free players wait for more until one has waited gatherMs, then sit together', () => {
    const free = ['a', 'b', 'c', 'd'].map((u) => c(u));
    expect(pair(free, 2_999, P)).toEqual([]);
    expect(sets(pair(free, 3_000, P))).toEqual([[['a', 'b', 'c', 'd'], 0]]);
  });

  test('a full pool is paired at once, by similar points', () => {
    const free = [c('a', 0), c('b', 20), c('c', 1), c('d', 21), c('e', 2), c('f', 22), c('g', 3), c('h', 23)];
    expect(sets(pair(free, 0, P))).toEqual([
      [['a', 'c', 'e', 'g'], 0],
      [['b', 'd', 'f', 'h'], 0],
    ]);
  });

  test('players who just met are split when others of similar points are free', () => {
    const last = ['a', 'b', 'c', 'd'];
    const free = [
      ...last.map((u) =>
        c(
          u,
          4,
          0,
          last.filter((x) => x !== u),
        ),
      ),
      ...['e', 'f', 'g', 'h'].map((u) => c(u, 4, 1, [])),
    ];
    for (const p of pair(free, 0, P)) expect(p.players.filter((u) => last.includes(u))).toHaveLength(2);
  });

  test('fewer than four: bots fill the table once the longest wait reaches maxWaitMs, unless bots are off', () => {
    const free = [c('a', 0, 0), c('b', 0, 5_000)];
    expect(pair(free, 9_999, P)).toEqual([]);
    expect(sets(pair(free, 10_000, P))).toEqual([[['a', 'b'], 2]]);
    expect(pair(free, 60_000, { ...P, bots: false })).toEqual([]);
  });

  test('a policy whose gathering outlasts the bots wait is refused', () => {
    expect(policyProblem(P)).toBeNull();
    expect(policyProblem({ ...P, gatherMs: 20_000 })).toMatch(/gatherMs/);
  });

  const freeArb = fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { maxLength: 40 }).chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          userId: fc.constant(`u${id}`),
          units: fc.integer({ min: 0, max: 40 * POINT_UNIT }),
          since: fc.integer({ min: 0, max: 30_000 }),
          lastMet: fc.subarray(
            ids.map((x) => `u${x}`).filter((x) => x !== `u${id}`),
            {
              maxLength: Math.min(3, ids.length - 1),
            },
          ),
        }),
      ),
    ),
  );
  const policyArb = fc
    .record({
      pool: fc.integer({ min: 4, max: 20 }),
      maxWaitMs: fc.integer({ min: 0, max: 20_000 }),
      bots: fc.boolean(),
      metPenalty: fc.integer({ min: 0, max: 10 }),
    })
    .chain((p) =>
      fc
        .integer({ min: 0, max: p.maxWaitMs })
        .map((gatherMs) => ({ ...p, seats: 4, gatherMs }) as PairingPolicy),
    );

  test('nobody waits maxWaitMs while four are free; with bots nobody waits maxWaitMs at all; no one sits twice', () => {
    fc.assert(
      fc.property(freeArb, policyArb, fc.integer({ min: 30_000, max: 60_000 }), (free, p, now) => {
        const out = pair(free, now, p);
        const seated = out.flatMap((g) => g.players);
        expect(new Set(seated).size).toBe(seated.length);
        for (const g of out) {
          expect(g.players.length + g.bots).toBe(4);
          expect(g.players.length).toBeGreaterThan(0);
          if (g.bots > 0) expect(p.bots).toBe(true);
        }
        expect(out.filter((g) => g.bots > 0).length).toBeLessThanOrEqual(1);
        const left = free.filter((f) => !seated.includes(f.userId));
        const longest = Math.max(0, ...left.map((f) => now - f.since));
        if (left.length >= 4) expect(longest).toBeLessThan(p.gatherMs);
        if (p.bots && left.length > 0) expect(longest).toBeLessThan(p.maxWaitMs);
      }),
    );
  });
});
