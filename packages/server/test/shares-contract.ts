/**
 * The shared reviews' storage contract ({@link ShareStore}), run by `describeGameStore` on every database: a share
 * is kept with its record and read back by id; the same digest of the same user is the first share again (also when
 * both arrive at once); another user's share of the same game is a share of its own; the count per user.
 */
import { expect, test } from 'vitest';
import type { Share } from '../src/store/shares.js';
import type { GameStore } from '../src/store/types.js';
import { makeRecord } from '@hearts/engine';
import { randomGame } from './random-game.js';

export function describeShareStore(store: () => GameStore): void {
  test('shares: kept and read back by id; the same digest again answers the first share', async () => {
    const s = store().shares;
    const record = makeRecord(randomGame({ handsToPlay: 1 }, 7), ['A', 'B', 'C', 'D']);
    const first: Share = {
      id: 'sh1',
      userId: 'u1',
      source: 'game',
      tableId: 't1',
      seat: 2,
      record,
      createdAt: 1000,
    };
    expect(await s.create(first, 'd1')).toEqual(first);
    expect(await s.get('sh1')).toEqual(first);
    expect(await s.get('nope')).toBeNull();
    const again = await s.create({ ...first, id: 'sh2', createdAt: 2000 }, 'd1');
    expect(again).toEqual(first);
    expect(await s.get('sh2')).toBeNull();
    // Another player's share of the same game is theirs.
    const other = await s.create({ ...first, id: 'sh3', userId: 'u2', seat: 1 }, 'd1');
    expect(other.id).toBe('sh3');
    expect(await s.countOf('u1')).toBe(1);
    expect(await s.countOf('u2')).toBe(1);
    expect(await s.countOf('u3')).toBe(0);
  });

  test('shares: two shares of one digest at once make one row, and both answer it', async () => {
    const s = store().shares;
    const record = makeRecord(randomGame({ handsToPlay: 1 }, 8), ['A', 'B', 'C', 'D']);
    const base = { userId: 'u1', source: 'solo', tableId: null, seat: 0, record, createdAt: 5 } as const;
    const [a, b] = await Promise.all([
      s.create({ ...base, id: 'x1' }, 'same'),
      s.create({ ...base, id: 'x2' }, 'same'),
    ]);
    expect(a.id).toBe(b.id);
    expect(await s.countOf('u1')).toBe(1);
    expect((await s.get(a.id))?.record).toEqual(record);
  });
}
