/**
 * The manners storage contract ({@link MannersStore}), run by `describeGameStore` on every database: blocks one
 * way and both ways, reports once per reporter, reported player and table (also under concurrent requests: the
 * unique index, not a check in memory), handled once; a table's chat in the order said; leaves once per table and
 * player, counted in a window with an injected clock — and the cool-down computed from them.
 */
import { expect, test } from 'vitest';
import { coolDownOf } from '../src/manners.js';
import { ReportedAlreadyError } from '../src/store/manners.js';
import type { GameStore, UserRecord } from '../src/store/types.js';

const user = (id: string, name: string): UserRecord => ({
  id,
  name,
  passwordHash: null,
  tokenGeneration: 0,
  rating: 1500,
  games: 0,
  createdAt: 1,
  lastPlayedAt: null,
});

async function users(s: GameStore): Promise<void> {
  for (const [id, name] of [
    ['u1', 'Anna'],
    ['u2', 'Ben'],
    ['u3', 'Cleo'],
    ['u4', 'Dora'],
  ] as const)
    await s.createUser(user(id, name));
}

const HOUR = 3_600_000;

export function describeMannersStore(store: () => GameStore): void {
  test('manners: a block is one way, listed with the name now; quick match avoids it both ways', async () => {
    const s = store();
    await users(s);
    const m = s.manners;
    expect(await m.block('u1', 'u2', 100)).toBe(true);
    expect(await m.block('u1', 'u2', 200)).toBe(false); // once
    expect(await m.block('u1', 'u3', 300)).toBe(true);
    expect(await m.block('u4', 'u1', 400)).toBe(true);
    await s.renameUser('u3', 'Cleopatra');
    expect(await m.blocked('u1')).toEqual([
      { userId: 'u3', name: 'Cleopatra', since: 300 },
      { userId: 'u2', name: 'Ben', since: 100 },
    ]);
    expect(await m.blockCount('u1')).toBe(2);
    expect((await m.blockedIds('u1')).sort()).toEqual(['u2', 'u3']);
    expect(await m.blockedIds('u2')).toEqual([]); // the blocked are not told
    expect(await m.avoidedBy('u1')).toEqual(['u2', 'u3', 'u4']);
    expect(await m.avoidedBy('u2')).toEqual(['u1']);
    expect(await m.unblock('u1', 'u2')).toBe(true);
    expect(await m.unblock('u1', 'u2')).toBe(false);
    expect(await m.avoidedBy('u2')).toEqual([]);
    expect(await m.blockCount('u1')).toBe(1);
    await expect(m.block('u1', 'u1', 1)).rejects.toThrow(/themselves/);
  });

  test('manners: one report per reporter, reported player and table, also when sent at once; handled once', async () => {
    const s = store();
    await users(s);
    const m = s.manners;
    const report = (id: string, reporterId: string, reportedId: string, tableId: string, at: number) => ({
      id,
      reporterId,
      reportedId,
      tableId,
      seat: 1,
      reason: 'chat' as const,
      text: 'rude',
      at,
    });
    const tries = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => m.addReport(report(`r${i}`, 'u1', 'u2', 't1', 10 + i))),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    for (const t of tries) if (t.status === 'rejected') expect(t.reason).toBeInstanceOf(ReportedAlreadyError);
    await m.addReport(report('ra', 'u1', 'u2', 't2', 50)); // another table
    await m.addReport(report('rb', 'u3', 'u2', 't1', 40)); // another reporter
    const open = await m.reports('open', 10);
    expect(open.map((r) => r.tableId + r.reporterName)).toEqual(['t1Anna', 't1Cleo', 't2Anna']);
    expect(open[0]).toMatchObject({ reportedName: 'Ben', status: 'open', handledBy: null, text: 'rude' });
    expect(await m.reportsSince('u1', 0)).toBe(2);
    expect(await m.reportsSince('u1', 20)).toBe(1);
    expect(await m.handleReport('ra', 'dismissed', 'u4', 500)).toBe(true);
    expect(await m.handleReport('ra', 'resolved', 'u4', 600)).toBe(false); // handled already
    expect(await m.handleReport('nope', 'resolved', 'u4', 600)).toBe(false);
    expect(await m.report('ra')).toMatchObject({ status: 'dismissed', handledBy: 'u4', handledAt: 500 });
    expect((await m.reports('open', 10)).map((r) => r.id)).not.toContain('ra');
    expect((await m.reports('handled', 10)).map((r) => r.id)).toEqual(['ra']);
    expect(await m.reports('open', 1)).toHaveLength(1);
    expect(await m.report('nope')).toBeNull();
  });

  test('manners: a table keeps its chat in the order said, players and watchers, the last lines', async () => {
    const m = store().manners;
    for (let i = 0; i < 30; i++)
      await m.addChat({
        tableId: i % 3 === 0 ? 'other' : 't1',
        userId: `u${i % 2}`,
        name: `N${i}`,
        seat: i % 5 === 0 ? null : i % 4,
        source: i % 5 === 0 ? 'watchers' : 'players',
        text: `line ${i}`,
        at: 1000 + Math.floor(i / 4), // several lines in one millisecond
      });
    const all = await m.chat('t1', 100);
    expect(all.map((l) => l.text)).toEqual(
      Array.from({ length: 30 }, (_, i) => i)
        .filter((i) => i % 3 !== 0)
        .map((i) => `line ${i}`),
    );
    expect(all.find((l) => l.text === 'line 10')).toMatchObject({ seat: null, source: 'watchers' });
    expect((await m.chat('t1', 3)).map((l) => l.text)).toEqual(['line 26', 'line 28', 'line 29']);
    expect(await m.chat('none', 10)).toEqual([]);
  });

  test('manners: leaves are stored once per table, counted in a rolling window; the cool-down follows (injected clock)', async () => {
    const s = store();
    const m = s.manners;
    const policy = { limit: 3, windowMs: 24 * HOUR, coolDownMs: HOUR / 2 };
    const t0 = 1_800_000_000_000;
    await m.addLeave({ userId: 'u1', tableId: 't1', at: t0, reason: 'left' });
    await m.addLeave({ userId: 'u1', tableId: 't1', at: t0 + 5, reason: 'disconnected' }); // once per table
    await m.addLeave({ userId: 'u2', tableId: 't1', at: t0, reason: 'kicked' });
    await m.addLeave({ userId: 'u1', tableId: 't2', at: t0 + 10 * HOUR, reason: 'kicked' });
    expect(await m.leavesSince('u1', 0, 10)).toEqual([t0 + 10 * HOUR, t0]);
    expect(await m.leavesSince('u1', t0 + 1, 10)).toEqual([t0 + 10 * HOUR]);
    expect(await m.leavesSince('u1', 0, 1)).toEqual([t0 + 10 * HOUR]);
    // Two leaves: no cool-down.
    expect(await coolDownOf(s, 'u1', t0 + 11 * HOUR, policy)).toEqual({
      until: null,
      leaves: 2,
      limit: 3,
      windowMs: 24 * HOUR,
    });
    // The third within 24 h: half an hour after it.
    const third = t0 + 12 * HOUR;
    await m.addLeave({ userId: 'u1', tableId: 't3', at: third, reason: 'left' });
    expect((await coolDownOf(s, 'u1', third + 60_000, policy)).until).toBe(third + HOUR / 2);
    expect((await coolDownOf(s, 'u1', third + HOUR / 2, policy)).until).toBeNull(); // over
    // A fourth: an hour.
    const fourth = third + HOUR;
    await m.addLeave({ userId: 'u1', tableId: 't4', at: fourth, reason: 'left' });
    expect(await coolDownOf(s, 'u1', fourth + 1, policy)).toMatchObject({ until: fourth + HOUR, leaves: 4 });
    // A day after the first, it has left the window: with a new one four remain, an hour after the newest.
    const later = t0 + 24 * HOUR + 1;
    await m.addLeave({ userId: 'u1', tableId: 't5', at: later, reason: 'left' });
    expect(await coolDownOf(s, 'u1', later + 1, policy)).toMatchObject({ until: later + HOUR, leaves: 4 });
    expect(await coolDownOf(s, 'u2', later, policy)).toMatchObject({ until: null, leaves: 0 });
  });
}
