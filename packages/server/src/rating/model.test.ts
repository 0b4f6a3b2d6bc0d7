import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BOT_LEVELS } from '@hearts/protocol/socket';
import { placesWithLeavers as places } from '../fairness/policy.js';
import {
  BOT_SEEDS,
  DAY_MS,
  FRESH,
  MODEL,
  PROVISIONAL,
  boundedStep,
  closestLevel,
  isProvisional,
  decayed,
  displayRating,
  idleDays,
  matchRating,
  mergeSeats,
  rateGame,
  type Skill,
} from './model.js';

const skill = fc.record({
  mu: fc.double({ min: 5, max: 45, noNaN: true }),
  sigma: fc.double({ min: 0.5, max: MODEL.sigma, noNaN: true }),
});
const four = fc.array(skill, { minLength: 4, maxLength: 4 });
const rating = (s: Skill) => displayRating(s);

describe('a game moves ratings by the pairs', () => {
  test('a newcomer shows 1500', () => {
    expect(displayRating(FRESH)).toBeCloseTo(1500, 9);
    expect(matchRating(FRESH)).toBe(1500);
  });

  test('a clear winner gains, in μ and in the displayed rating', () => {
    fc.assert(
      fc.property(four, fc.integer({ min: 0, max: 3 }), (skills, w) => {
        const rest = [0, 1, 2, 3].filter((i) => i !== w);
        const placesOf = skills.map((_, i) => (i === w ? 1 : 2 + rest.indexOf(i)));
        const out = rateGame(skills.map((s, i) => ({ skill: s, place: placesOf[i]! })));
        expect(out[w]!.mu).toBeGreaterThan(skills[w]!.mu);
        expect(rating(out[w]!)).toBeGreaterThan(rating(skills[w]!));
        expect(out[w]!.sigma).toBeLessThanOrEqual(skills[w]!.sigma);
      }),
    );
  });

  test('the last loses, in μ and in the displayed rating', () => {
    fc.assert(
      fc.property(four, (skills) => {
        const out = rateGame(skills.map((s, i) => ({ skill: s, place: i + 1 })));
        expect(out[3]!.mu).toBeLessThan(skills[3]!.mu);
        expect(rating(out[3]!)).toBeLessThanOrEqual(rating(skills[3]!));
      }),
    );
    // Equals at a table: the winner's gain and the last's loss are real amounts of rating.
    const out = rateGame([1, 2, 3, 4].map((place) => ({ skill: FRESH, place })));
    expect(rating(out[0]!) - 1500).toBeGreaterThan(100);
    expect(rating(out[3]!) - 1500).toBeLessThan(-100);
    expect(out.map(rating)).toEqual([...out.map(rating)].sort((a, b) => b - a));
  });

  test('ties are symmetric: equal players sharing a place end equal, whatever their seats', () => {
    fc.assert(
      fc.property(skill, skill, skill, fc.integer({ min: 1, max: 3 }), (a, b, c, shared) => {
        const ps = [shared, shared, shared === 1 ? 3 : 1, 4];
        const out = rateGame([
          { skill: a, place: ps[0]! },
          { skill: a, place: ps[1]! },
          { skill: b, place: ps[2]! },
          { skill: c, place: ps[3]! },
        ]);
        expect(out[0]!.mu).toBeCloseTo(out[1]!.mu, 9);
        expect(out[0]!.sigma).toBeCloseTo(out[1]!.sigma, 9);
        // Seat order does not matter.
        const swapped = rateGame([
          { skill: c, place: ps[3]! },
          { skill: b, place: ps[2]! },
          { skill: a, place: ps[1]! },
          { skill: a, place: ps[0]! },
        ]);
        expect(swapped[3]!.mu).toBeCloseTo(out[0]!.mu, 9);
        expect(swapped[0]!.mu).toBeCloseTo(out[3]!.mu, 9);
      }),
    );
    // All four level: nobody of four equals moves.
    const level = rateGame([1, 1, 1, 1].map((place) => ({ skill: FRESH, place })));
    for (const s of level) expect(s.mu).toBeCloseTo(FRESH.mu, 9);
  });

  test('a leaver finishes last whatever their score, and is rated as last', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 3 }),
        (scores, leaver) => {
          const leavers = scores.map((_, i) => i === leaver);
          const p = places(scores, leavers);
          expect(p[leaver]).toBe(4);
          for (let i = 0; i < 4; i++) if (i !== leaver) expect(p[i]).toBeLessThan(4);
          const out = rateGame(p.map((place) => ({ skill: FRESH, place })));
          for (let i = 0; i < 4; i++) if (i !== leaver) expect(out[leaver]!.mu).toBeLessThan(out[i]!.mu);
          expect(out[leaver]!.mu).toBeLessThan(FRESH.mu);
        },
      ),
    );
    // The lowest score does not save a leaver.
    expect(places([0, 40, 60, 80], [true, false, false, false])).toEqual([4, 1, 2, 3]);
    expect(places([10, 10, 60, 80], [false, false, true, true])).toEqual([1, 1, 4, 4]);
  });

  test('fewer than two rated seats change nothing', () => {
    expect(rateGame([{ skill: FRESH, place: 1 }])).toEqual([FRESH]);
    expect(rateGame([])).toEqual([]);
  });

  test('bad input is refused, not rated', () => {
    expect(() =>
      rateGame([
        { skill: { mu: 25, sigma: 0 }, place: 1 },
        { skill: FRESH, place: 2 },
      ]),
    ).toThrow(/not a skill/);
    expect(() =>
      rateGame([
        { skill: FRESH, place: 0 },
        { skill: FRESH, place: 2 },
      ]),
    ).toThrow(/not a place/);
  });
});

describe('idle decay', () => {
  const settled: Skill = { mu: 27, sigma: 1.5 };

  test('whole days only', () => {
    expect(idleDays(null, 5 * DAY_MS)).toBe(0);
    expect(idleDays(0, DAY_MS - 1)).toBe(0);
    expect(idleDays(0, DAY_MS)).toBe(1);
    expect(idleDays(10 * DAY_MS, 0)).toBe(0);
  });

  test('the displayed rating sinks slowly with idle days, μ stays, σ stops at a newcomer’s', () => {
    fc.assert(
      fc.property(
        skill,
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 400 }),
        (s, d, more) => {
          const a = decayed(s, d);
          const b = decayed(s, d + more);
          expect(a.mu).toBe(s.mu);
          expect(rating(b)).toBeLessThanOrEqual(rating(a) + 1e-9);
          expect(b.sigma).toBeLessThanOrEqual(Math.max(s.sigma, MODEL.sigma) + 1e-12);
        },
      ),
    );
    const week = rating(settled) - rating(decayed(settled, 7));
    const month = rating(settled) - rating(decayed(settled, 30));
    const year = rating(settled) - rating(decayed(settled, 365));
    expect(week).toBeGreaterThan(0);
    expect(week).toBeLessThan(25); // slowly
    expect(month).toBeGreaterThan(week);
    expect(year).toBeGreaterThan(month);
    expect(decayed(settled, 100_000).sigma).toBe(MODEL.sigma);
  });

  test('it comes back with play: after idle days a win moves the rating more', () => {
    const others = [FRESH, FRESH, FRESH];
    const win = (s: Skill) => rateGame([s, ...others].map((x, i) => ({ skill: x, place: i + 1 })))[0]!;
    const fresh = win(settled);
    const idle = decayed(settled, 200);
    const back = win(idle);
    expect(back.mu - idle.mu).toBeGreaterThan(fresh.mu - settled.mu);
    expect(rating(back)).toBeGreaterThan(rating(idle));
    expect(back.sigma).toBeLessThan(idle.sigma);
  });
});

describe('bots', () => {
  test('the seeds keep the arena order', () => {
    const r = BOT_LEVELS.map((l) => displayRating(BOT_SEEDS[l]));
    expect(r).toEqual([...r].sort((a, b) => a - b));
    expect(new Set(r).size).toBe(r.length);
  });

  test('quick match picks the level closest to the players', () => {
    const seeds = new Map(BOT_LEVELS.map((l) => [l, BOT_SEEDS[l]]));
    expect(closestLevel(matchRating(FRESH), seeds)).toBe('medium');
    expect(closestLevel(0, seeds)).toBe('random');
    expect(closestLevel(5000, seeds)).toBe('expert');
    expect(closestLevel(matchRating(BOT_SEEDS.easy), seeds)).toBe('easy');
  });

  test('a level at two seats: μ moves by both seats, the pairs between them cancel', () => {
    const out = rateGame([
      { skill: BOT_SEEDS.easy, place: 1 },
      { skill: BOT_SEEDS.easy, place: 4 },
      { skill: FRESH, place: 2 },
      { skill: FRESH, place: 3 },
    ]);
    const merged = mergeSeats(BOT_SEEDS.easy, [out[0]!, out[1]!]);
    expect(merged.mu).toBeCloseTo(BOT_SEEDS.easy.mu + (out[0]!.mu - 20) + (out[1]!.mu - 20), 9);
    expect(merged.sigma).toBe(Math.min(out[0]!.sigma, out[1]!.sigma));
    expect(mergeSeats(FRESH, [])).toBe(FRESH);
  });
});

describe('provisional ratings', () => {
  const vsBots = (me: Skill, place: number, bot: Skill = BOT_SEEDS.medium) => {
    const others = [1, 2, 3, 4].filter((p) => p !== place);
    return rateGame([{ skill: me, place }, ...others.map((p) => ({ skill: bot, place: p }))]);
  };

  test('a newcomer is provisional for the first PROVISIONAL.games rated games; bot levels never are', () => {
    expect(PROVISIONAL.games).toBe(10);
    expect(isProvisional(0)).toBe(true);
    expect(isProvisional(PROVISIONAL.games - 1)).toBe(true);
    expect(isProvisional(PROVISIONAL.games)).toBe(false);
    expect(isProvisional(0, true)).toBe(false);
  });

  test('unbounded, one win against three bots makes a newcomer a champion (the farming report)', () => {
    const [me] = vsBots(FRESH, 1);
    expect(displayRating(me!)).toBeGreaterThan(1950);
  });

  test('bounded, one game against three bots of any level moves a newcomer by at most 50 either way', () => {
    for (const level of BOT_LEVELS)
      for (const place of [1, 2, 3, 4]) {
        const [me] = vsBots(FRESH, place, BOT_SEEDS[level]);
        const shown = displayRating(boundedStep(FRESH, me!));
        expect(Math.abs(shown - 1500)).toBeLessThanOrEqual(PROVISIONAL.maxMove + 1e-9);
      }
    const win = displayRating(boundedStep(FRESH, vsBots(FRESH, 1)[0]!));
    expect(win).toBeCloseTo(1500 + PROVISIONAL.maxMove, 6);
  });

  test('a bounded step shortens μ and σ by one factor; a small step stays as it is', () => {
    fc.assert(
      fc.property(skill, skill, fc.double({ min: 1, max: 200, noNaN: true }), (before, after, max) => {
        const b = boundedStep(before, after, max);
        const move = displayRating(b) - displayRating(before);
        expect(Math.abs(move)).toBeLessThanOrEqual(max + 1e-6);
        const full = displayRating(after) - displayRating(before);
        if (Math.abs(full) <= max) expect(b).toEqual(after);
        else {
          expect(Math.sign(move)).toBe(Math.sign(full));
          const f = (max - 1e-9) / Math.abs(full);
          expect(b.mu).toBeCloseTo(before.mu + f * (after.mu - before.mu), 9);
          expect(b.sigma).toBeCloseTo(before.sigma + f * (after.sigma - before.sigma), 9);
        }
      }),
    );
  });

  test('winning every provisional game: at most 1500 + 50 per game until established', () => {
    let me = FRESH;
    for (let g = 1; g <= PROVISIONAL.games; g++) {
      me = boundedStep(me, vsBots(me, 1)[0]!);
      expect(displayRating(me)).toBeLessThanOrEqual(1500 + g * PROVISIONAL.maxMove + 1e-6);
    }
  });
});
