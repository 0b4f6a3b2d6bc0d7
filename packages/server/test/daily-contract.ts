/**
 * The daily game's storage contract ({@link DailyStore}), run by `describeGameStore` on every database: the first
 * seed of a day stays, one attempt per player and day under concurrent requests (the primary key, not a check in
 * memory), results written once, the day's attempts ranked, the calendar.
 */
import { expect, test } from 'vitest';
import { DEFAULT_RULES } from '@hearts/engine';
import { DailyPlayedError } from '../src/store/daily.js';
import type { GameStore, TableRecord } from '../src/store/types.js';

const RULES = { ...DEFAULT_RULES, handsToPlay: 4, ties: 'shareWin' as const };

const dailyTable = (id: string, userId: string): TableRecord => ({
  id,
  kind: 'daily',
  rated: false,
  rules: RULES,
  seats: [
    { kind: 'human', userId, name: userId, rating: null },
    { kind: 'bot', level: 'expert', name: 'Bot 1', rating: null },
    { kind: 'bot', level: 'expert', name: 'Bot 2', rating: null },
    { kind: 'bot', level: 'expert', name: 'Bot 3', rating: null },
  ],
  botLevel: 'expert',
  status: 'playing',
  createdAt: 1,
});

const day = (date: string, seed: string) => ({
  date,
  seed,
  commitment: [...seed].reverse().join(''),
  rules: RULES,
  createdAt: 1,
});

export function describeDailyStore(store: () => GameStore): void {
  test('daily: the first seed of a day stays, also when stored concurrently; par once', async () => {
    const d = store().daily;
    const all = await Promise.all(
      ['a', 'b', 'c', 'd'].map((s) => d.ensureDay(day('2026-12-01', s.repeat(64)))),
    );
    expect(new Set(all.map((x) => x.seed)).size).toBe(1);
    expect((await d.day('2026-12-01'))?.seed).toBe(all[0]!.seed);
    expect((await d.day('2026-12-01'))?.rules.handsToPlay).toBe(4);
    expect(await d.day('2026-12-02')).toBeNull();
    expect(await d.setPar('2026-12-01', [1, 2, 3, 4])).toBe(true);
    expect(await d.setPar('2026-12-01', [9, 9, 9, 9])).toBe(false);
    expect((await d.day('2026-12-01'))?.par).toEqual([1, 2, 3, 4]);
  });

  test('daily: one attempt per player and day under concurrent starts; nothing of the losers is stored', async () => {
    const s = store();
    await s.daily.ensureDay(day('2026-12-01', 'a'.repeat(64)));
    const tries = Array.from({ length: 12 }, (_, i) =>
      s.daily.startAttempt(
        { date: '2026-12-01', userId: 'u1', name: 'Anna', tableId: `t${i}`, startedAt: 10 + i },
        dailyTable(`t${i}`, 'u1'),
      ),
    );
    const results = await Promise.allSettled(tries);
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DailyPlayedError);
    const attempt = await s.daily.attempt('2026-12-01', 'u1');
    expect(attempt).toMatchObject({ tableId: `t${won[0]}`, status: 'playing', points: null });
    // The losers' tables were not stored (the attempt and its table are one transaction).
    for (let i = 0; i < 12; i++) expect(await s.tableExists(`t${i}`)).toBe(i === won[0]);
    // Another day, another player: allowed.
    await s.daily.startAttempt(
      { date: '2026-12-02', userId: 'u1', name: 'Anna', tableId: 'x1', startedAt: 50 },
      dailyTable('x1', 'u1'),
    );
    await s.daily.startAttempt(
      { date: '2026-12-01', userId: 'u2', name: 'Ben', tableId: 'x2', startedAt: 51 },
      dailyTable('x2', 'u2'),
    );
    expect((await s.daily.userAttempts('u1', 10)).map((a) => a.date)).toEqual(['2026-12-02', '2026-12-01']);
  });

  test('daily: a result is written once; attempts come ranked; the calendar counts finishers', async () => {
    const s = store();
    for (const date of ['2026-11-29', '2026-11-30', '2026-12-01'])
      await s.daily.ensureDay(day(date, 'b'.repeat(64)));
    const users = ['u1', 'u2', 'u3', 'u4'];
    for (const [i, u] of users.entries())
      await s.daily.startAttempt(
        { date: '2026-11-30', userId: u, name: u.toUpperCase(), tableId: `d${i}`, startedAt: 100 + i },
        dailyTable(`d${i}`, u),
      );
    const finish = (tableId: string, points: number[], at: number, left = false) =>
      s.progress.transaction((tx) => tx.finishDailyAttempt(tableId, { points, left, at }));
    expect(await finish('d0', [0, 13, 0, 3], 200)).toBe(true);
    expect(await finish('d0', [26, 26, 26, 26], 201)).toBe(false); // written once
    expect(await finish('d1', [5, 5, 5, 1], 202, true)).toBe(true);
    expect(await finish('d2', [16, 0, 0, 0], 203)).toBe(true);
    expect(await finish('nope', [0, 0, 0, 0], 204)).toBe(false);
    const attempts = await s.daily.attempts('2026-11-30');
    expect(attempts.map((a) => [a.userId, a.total, a.status, a.left])).toEqual([
      ['u1', 16, 'finished', false],
      ['u2', 16, 'finished', true],
      ['u3', 16, 'finished', false],
      ['u4', null, 'playing', false],
    ]);
    expect((await s.daily.attemptOfTable('d0'))?.points).toEqual([0, 13, 0, 3]);
    expect(await s.daily.days('2026-12-01', 10)).toEqual([
      { date: '2026-11-30', players: 3 },
      { date: '2026-11-29', players: 0 },
    ]);
    expect(await s.daily.days('2026-12-01', 1)).toEqual([{ date: '2026-11-30', players: 3 }]);
    // An attempt off the public board (a guest's) is kept and read back as such; the calendar does not count it.
    await s.daily.startAttempt(
      { date: '2026-11-30', userId: 'g1', name: 'Guest', tableId: 'dg', startedAt: 300, ranked: false },
      dailyTable('dg', 'g1'),
    );
    expect(await finish('dg', [0, 0, 0, 0], 301)).toBe(true);
    expect((await s.daily.attempt('2026-11-30', 'g1'))?.ranked).toBe(false);
    expect((await s.daily.attempt('2026-11-30', 'u1'))?.ranked).toBe(true);
    expect((await s.daily.attempts('2026-11-30')).map((a) => [a.userId, a.ranked])[0]).toEqual(['g1', false]);
    expect(await s.daily.days('2026-12-01', 1)).toEqual([{ date: '2026-11-30', players: 3 }]);
  });
}
