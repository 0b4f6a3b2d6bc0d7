/**
 * The retention storage contract ({@link RetentionStore}), run by `describeGameStore` on every database: each kind
 * is removed by age and only by age (a table with an open report keeps its chat), a sweep done twice, or by two
 * callers at once, removes each row once; and the counts the chat's caps start from (`chatCounts`), and who
 * watched a table.
 */
import { expect, test } from 'vitest';
import type { GameStore } from '../src/store/types.js';

const DAY = 24 * 3_600_000;
const NOW = 100 * DAY;

const line = (tableId: string, userId: string, at: number, source: 'players' | 'watchers' = 'players') => ({
  tableId,
  userId,
  name: userId,
  seat: source === 'players' ? 0 : null,
  source,
  text: `said at ${at}`,
  at,
});

export function describeRetentionStore(store: () => GameStore): void {
  test('retention: chat older than the cut goes, the rest stays; a table with an open report keeps its chat', async () => {
    const s = store();
    const m = s.manners;
    await m.addChat(line('t1', 'u1', NOW - 40 * DAY));
    await m.addChat(line('t1', 'u2', NOW - 31 * DAY, 'watchers'));
    await m.addChat(line('t1', 'u1', NOW - 29 * DAY));
    await m.addChat(line('t2', 'u1', NOW - 40 * DAY)); // reported, open
    await m.addChat(line('t3', 'u1', NOW - 40 * DAY)); // reported, handled
    for (const [id, table] of [
      ['r1', 't2'],
      ['r2', 't3'],
    ] as const)
      await m.addReport({
        id,
        reporterId: 'u2',
        reportedId: 'u1',
        tableId: table,
        seat: 0,
        reason: 'chat',
        text: '',
        at: NOW - 35 * DAY,
      });
    expect(await m.handleReport('r2', 'dismissed', 'mod', NOW - 34 * DAY)).toBe(true);

    expect(await s.retention.sweep('chat', NOW - 30 * DAY)).toBe(3);
    expect((await m.chat('t1', 10)).map((l) => l.at)).toEqual([NOW - 29 * DAY]);
    expect((await m.chat('t2', 10)).map((l) => l.at)).toEqual([NOW - 40 * DAY]);
    expect(await m.chat('t3', 10)).toEqual([]);
    // Again: nothing more. Once the report is handled, its table's old lines go too.
    expect(await s.retention.sweep('chat', NOW - 30 * DAY)).toBe(0);
    expect(await m.handleReport('r1', 'resolved', 'mod', NOW)).toBe(true);
    expect(await s.retention.sweep('chat', NOW - 30 * DAY)).toBe(1);
    expect(await m.chat('t2', 10)).toEqual([]);
  });

  test('retention: who watched a table goes by age; watching again moves the time on', async () => {
    const s = store();
    const m = s.manners;
    await m.watched('t1', 'u1', NOW - 40 * DAY);
    await m.watched('t1', 'u2', NOW - 40 * DAY);
    await m.watched('t1', 'u2', NOW - DAY); // came back
    await m.watched('t2', 'u1', NOW - 20 * DAY);
    expect(await m.hasWatched('t1', 'u1')).toBe(true);
    expect(await s.retention.sweep('watchers', NOW - 30 * DAY)).toBe(1);
    expect(await m.hasWatched('t1', 'u1')).toBe(false);
    expect(await m.hasWatched('t1', 'u2')).toBe(true);
    expect(await m.hasWatched('t2', 'u1')).toBe(true);
    expect(await m.hasWatched('t2', 'u2')).toBe(false);
  });

  test('retention: open friend requests go by age; a friendship stays however old', async () => {
    const s = store();
    const f = s.friends;
    await f.request('u1', 'u2', NOW - 40 * DAY); // unanswered
    await f.request('u1', 'u3', NOW - 40 * DAY);
    await f.accept('u3', 'u1', NOW - 39 * DAY); // friends since
    await f.request('u4', 'u1', NOW - DAY); // recent
    expect(await s.retention.sweep('requests', NOW - 30 * DAY)).toBe(1);
    expect(await s.retention.sweep('requests', NOW - 30 * DAY)).toBe(0);
    expect(await f.areFriends('u1', 'u3')).toBe(true);
    expect(await f.counts('u1')).toEqual({ friends: 1, outgoing: 0, incoming: 1 });
  });

  test('retention: concurrent sweeps remove each row once and fail nowhere', async () => {
    const s = store();
    for (let i = 0; i < 60; i++)
      await s.manners.addChat(line(`t${i % 3}`, `u${i % 4}`, NOW - (20 + i) * DAY));
    const removed = await Promise.all(
      Array.from({ length: 4 }, () => s.retention.sweep('chat', NOW - 30 * DAY)),
    );
    expect(removed.reduce((a, b) => a + b, 0)).toBe(49); // ages 31…79 days are older than the cut
    expect((await s.manners.chatCounts('t0')).reduce((n, c) => n + c.lines, 0)).toBe(4); // 20, 23, 26, 29 days
  });

  test('retention: leaves go by age; chip caps once their whole day is past the cut; invites once run out', async () => {
    const s = store();
    const m = s.manners;
    await m.addLeave({ userId: 'u1', tableId: 't1', at: NOW - 2 * DAY, reason: 'left' });
    await m.addLeave({ userId: 'u1', tableId: 't2', at: NOW - DAY / 2, reason: 'kicked' });
    expect(await s.retention.sweep('leaves', NOW - DAY)).toBe(1);
    expect(await m.leavesSince('u1', 0, 10)).toEqual([NOW - DAY / 2]);

    const day = (n: number) => NOW - n * DAY; // NOW is a UTC day's first millisecond
    await s.progress.transaction(async (tx) => {
      for (const n of [3, 2, 1, 0]) expect(await tx.takeDailyWin('u1', 'live', day(n), 5)).toBe(true);
    });
    expect(await s.retention.sweep('chipCaps', NOW - 2 * DAY)).toBe(1); // the day 3 days ago ended before the cut
    expect(await s.progress.winsOn('u1', 'live', day(3))).toBe(0);
    expect(await s.progress.winsOn('u1', 'live', day(2))).toBe(1);
    expect(await s.progress.winsOn('u1', 'live', day(0))).toBe(1);

    const invite = (id: string, expiresAt: number) => ({
      id,
      fromId: 'u1',
      toId: 'u2',
      roomId: 'ABC234',
      createdAt: expiresAt - 100,
      expiresAt,
    });
    await s.createUser({
      id: 'u1',
      name: 'Anna',
      passwordHash: null,
      tokenGeneration: 0,
      rating: 1500,
      games: 0,
      createdAt: 0,
      lastPlayedAt: null,
    });
    await s.friends.addInvite(invite('i1', NOW - 1));
    await s.friends.addInvite(invite('i2', NOW + 1));
    expect(await s.retention.sweep('invites', NOW)).toBe(1);
    expect(await s.retention.sweep('invites', NOW)).toBe(0);
    expect((await s.friends.invites('u2', NOW)).map((i) => i.id)).toEqual(['i2']);
  });

  test('chat counts: lines kept per writer and chat, for a table', async () => {
    const s = store();
    const m = s.manners;
    for (let i = 0; i < 3; i++) await m.addChat(line('t1', 'u1', NOW + i));
    for (let i = 0; i < 2; i++) await m.addChat(line('t1', 'u2', NOW + i, 'watchers'));
    await m.addChat(line('t2', 'u1', NOW));
    const counts = await m.chatCounts('t1');
    expect([...counts].sort((a, b) => a.userId.localeCompare(b.userId))).toEqual([
      { userId: 'u1', source: 'players', lines: 3 },
      { userId: 'u2', source: 'watchers', lines: 2 },
    ]);
    expect(await m.chatCounts('none')).toEqual([]);
  });
}
