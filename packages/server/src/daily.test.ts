import { describe, expect, test } from 'vitest';
import {
  bestPerHand,
  dailyClock,
  dayBefore,
  dayEnd,
  dayOf,
  dayStart,
  percentOf,
  rankAttempts,
  rankedAttempt,
  streakOf,
  wouldStand,
} from './daily.js';
import type { DailyAttempt } from './store/daily.js';

const attempt = (userId: string, points: number[] | null, finishedAt = 1, ranked = true): DailyAttempt => ({
  date: '2026-12-01',
  userId,
  name: userId,
  tableId: `t-${userId}`,
  startedAt: 0,
  status: points ? 'finished' : 'playing',
  points,
  total: points ? points.reduce((a, b) => a + b, 0) : null,
  left: false,
  finishedAt: points ? finishedAt : null,
  ranked,
});

describe('the day changes at midnight in Europe/Berlin', () => {
  test('winter (UTC+1) and summer (UTC+2)', () => {
    expect(dayOf(Date.UTC(2026, 11, 1, 22, 59, 59))).toBe('2026-12-01');
    expect(dayOf(Date.UTC(2026, 11, 1, 23, 0, 0))).toBe('2026-12-02');
    expect(dayOf(Date.UTC(2026, 6, 1, 21, 59, 59))).toBe('2026-07-01');
    expect(dayOf(Date.UTC(2026, 6, 1, 22, 0, 0))).toBe('2026-07-02');
    expect(dayStart('2026-12-02')).toBe(Date.UTC(2026, 11, 1, 23));
    expect(dayEnd('2026-07-01')).toBe(Date.UTC(2026, 6, 1, 22));
    expect(dayEnd('2026-12-31')).toBe(Date.UTC(2026, 11, 31, 23));
  });

  test('the days summer time starts and ends are 23 and 25 hours long', () => {
    expect(dayEnd('2026-03-29') - dayStart('2026-03-29')).toBe(23 * 3600_000);
    expect(dayEnd('2026-10-25') - dayStart('2026-10-25')).toBe(25 * 3600_000);
    for (const d of ['2026-03-29', '2026-10-25', '2026-12-01']) {
      expect(dayOf(dayStart(d))).toBe(d);
      expect(dayOf(dayEnd(d) - 1)).toBe(d);
    }
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });
});

describe('a day’s leaderboard', () => {
  test('a percentile is 100 only when every other did worse and 0 only when none did, however it rounds', () => {
    expect(percentOf(999, 1000)).toBe(99); // tied with one at the top of 1,001: not "better than 100 %"
    expect(percentOf(1, 1000)).toBe(1);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(0, 1000)).toBe(0);
    expect(percentOf(0, 0)).toBe(100); // alone on the board
    expect(percentOf(2, 3)).toBe(67);
    const top = rankAttempts([
      attempt('a', [0]),
      attempt('b', [0]),
      ...Array.from({ length: 300 }, (_, i) => attempt(`x${i}`, [1 + i])),
    ]);
    expect(top.slice(0, 2).map((r) => [r.rank, r.percentile])).toEqual([
      [1, 99],
      [1, 99],
    ]);
  });

  test('lowest total first; equal totals share a rank (1, 2, 2, 4); the percentile counts who did worse', () => {
    const ranked = rankAttempts([
      attempt('d', [26, 0, 0, 0]),
      attempt('b', [5, 5, 0, 0], 2),
      attempt('a', [0, 3, 0, 0]),
      attempt('c', [0, 0, 10, 0], 1),
      attempt('e', null),
    ]);
    expect(ranked.map((r) => [r.attempt.userId, r.rank, r.percentile])).toEqual([
      ['a', 1, 100],
      ['c', 2, 33],
      ['b', 2, 33],
      ['d', 4, 0],
    ]);
    expect(rankAttempts([attempt('x', [1, 1, 1, 1])])[0]).toMatchObject({ rank: 1, percentile: 100 });
    expect(rankAttempts([])).toEqual([]);
    const all = rankAttempts([attempt('p', [1]), attempt('q', [1]), attempt('r', [1])]);
    expect(all.map((r) => [r.rank, r.percentile])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
  });

  test('only names claimed before the day are on the board; the others see where they would stand', () => {
    const start = dayStart('2026-12-01');
    const user = (claimedAt: number | null) => ({
      passwordHash: claimedAt === null ? null : 'scrypt$x',
      claimedAt,
    });
    expect(rankedAttempt(user(start - 1), '2026-12-01')).toBe(true);
    expect(rankedAttempt(user(start), '2026-12-01')).toBe(false); // claimed as the day began: during it
    expect(rankedAttempt(user(null), '2026-12-01')).toBe(false); // a guest
    expect(rankedAttempt({ passwordHash: null }, '2026-12-01')).toBe(false);
    const guest = attempt('g', [0, 1, 0, 0], 1, false);
    const board = rankAttempts([
      attempt('a', [0, 0, 0, 0]),
      guest,
      attempt('b', [5, 5, 0, 0]),
      attempt('c', null),
    ]);
    expect(board.map((r) => r.attempt.userId)).toEqual(['a', 'b']); // the guest is not on it
    expect(wouldStand(guest, board)).toEqual({ rank: 2, percentile: 50 }); // between a and b
    expect(wouldStand(attempt('b', [5, 5, 0, 0]), board)).toEqual({ rank: 2, percentile: 0 });
    expect(wouldStand(attempt('z', null, 1, false), board)).toBeNull();
    expect(wouldStand(guest, [])).toEqual({ rank: 1, percentile: 100 });
    expect(bestPerHand([guest, attempt('a', [3, 3, 3, 3])], 4)[1]).toEqual({
      hand: 1,
      points: 3,
      players: ['a'],
    });
  });

  test('the best of each hand and who made it', () => {
    const best = bestPerHand(
      [attempt('a', [0, 13, 0, 3]), attempt('b', [0, 2, 26, 0]), attempt('c', null)],
      4,
    );
    expect(best).toEqual([
      { hand: 0, points: 0, players: ['a', 'b'] },
      { hand: 1, points: 2, players: ['b'] },
      { hand: 2, points: 0, players: ['a'] },
      { hand: 3, points: 0, players: ['b'] },
    ]);
    expect(bestPerHand([], 4)).toEqual([]);
  });

  test('a streak counts days in a row up to today, or yesterday while today is open', () => {
    expect(streakOf(['2026-12-01', '2026-11-30', '2026-11-28'], '2026-12-01')).toBe(2);
    expect(streakOf(['2026-11-30', '2026-11-29'], '2026-12-01')).toBe(2);
    expect(streakOf(['2026-11-29'], '2026-12-01')).toBe(0);
    expect(streakOf([], '2026-12-01')).toBe(0);
    expect(streakOf(['2026-03-01', '2026-02-28'], '2026-03-01')).toBe(2);
  });
});

describe('the daily clock', () => {
  test('the real one, or a test’s that starts at DAILY_TEST_NOW and runs on', () => {
    let real = 1_000;
    const clock = () => real;
    expect(dailyClock(null, clock)).toBe(clock);
    const later = dailyClock(Date.parse('2026-12-07T23:30:00Z'), clock);
    expect(later()).toBe(Date.parse('2026-12-07T23:30:00Z'));
    real += 90_000;
    expect(later()).toBe(Date.parse('2026-12-07T23:31:30Z'));
    expect(dayOf(later())).toBe('2026-12-08'); // past midnight in Berlin
  });
});
