import { expect, test } from 'vitest';
import { makeRecord, type Rules } from '@hearts/engine';
import { randomGame } from '../../test/random-game.js';
import { gameSeatStats, seatStats } from './stats.js';

test.each([
  [{}, 1],
  [{ targetScore: 50 }, 2],
  [{ players: 3 }, 3],
  [{ moon: 'shooterChoice' }, 4],
] as const)('seat stats agree with the game: %j', (rules, seed) => {
  for (let k = 0; k < 5; k++) {
    const g = randomGame(rules as Partial<Rules>, seed * 100 + k);
    expect(g.phase).toBe('gameOver');
    const record = makeRecord(
      g,
      g.scores.map((_, i) => `P${i}`),
    );
    const s = seatStats(record);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    const stats = s.value;
    expect(stats.map((x) => x.points)).toEqual([...g.scores]);
    expect(stats.every((x) => x.hands === g.results.length)).toBe(true);
    expect(stats.map((x) => x.moons)).toEqual(
      g.scores.map((_, i) => g.results.filter((r) => r.shooter === i).length),
    );
    // The Q♠ is in every deck here: exactly one seat takes it every hand.
    expect(stats.reduce((n, x) => n + x.queens, 0)).toBe(g.results.length);
    // The server's finish reads them from the game's state instead of replaying the record: the same figures.
    expect(gameSeatStats(g)).toEqual(stats);
  }
});

test('a shooter took the Q♠ in the hand of the moon', () => {
  let moons = 0;
  for (let seed = 0; seed < 300 && moons < 2; seed++) {
    const g = randomGame({}, seed);
    g.results.forEach((r, h) => {
      if (r.shooter === null) return;
      // The stats of the game up to this hand, minus those up to the hand before: this hand alone.
      const upTo = (k: number) =>
        seatStats(makeRecord({ ...g, log: g.log.slice(0, k) }, ['a', 'b', 'c', 'd']));
      const a = upTo(h);
      const b = upTo(h + 1);
      expect(a.ok && b.ok).toBe(true);
      if (!a.ok || !b.ok) return;
      const queens = b.value.map((x, i) => x.queens - a.value[i]!.queens);
      expect(queens[r.shooter]).toBe(1);
      expect(b.value[r.shooter]!.moons - a.value[r.shooter]!.moons).toBe(1);
      moons++;
    });
  }
  expect(moons).toBeGreaterThan(0);
});

test('records that do not replay are refused with a reason', () => {
  expect(seatStats({ format: 'nope' })).toMatchObject({ ok: false });
  const g = randomGame({}, 9);
  const record = makeRecord(g, ['a', 'b', 'c', 'd']);
  const broken = { ...record, hands: [{ ...record.hands[0]!, tricks: ['2C 2C 3C 4C'] }] };
  const r = seatStats(broken);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
});
