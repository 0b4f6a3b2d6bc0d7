/**
 * The training store's contract ({@link TrainingStore}), run by `describeGameStore` on every database: each
 * position kept once per player (also when sent twice at once), the per-player cap keeps the newest, players do
 * not see each other's; progress merged (more tries, solved once solved), idempotent, capped.
 */
import { expect, test } from 'vitest';
import type { TrainingPosition } from '@hearts/protocol/http/training';
import type { GameStore } from '../src/store/types.js';
import { samplePositions } from './training-fixtures.js';

const five = { positions: 5, bytes: 1024 * 1024 };
const size = (p: TrainingPosition): number => JSON.stringify(p).length;

export function describeTrainingStore(store: () => GameStore): void {
  test('training: positions kept once per player, newest first, capped to the newest; each player their own', async () => {
    const t = store().training;
    const ps = samplePositions(6);
    expect(await t.savePositions('u1', ps.slice(0, 4), five)).toEqual({ stored: 4, total: 4 });
    // The same again, at once from two devices: nothing new.
    const again = await Promise.all([
      t.savePositions('u1', ps.slice(0, 4), five),
      t.savePositions('u1', ps.slice(2, 4), five),
    ]);
    expect(again.map((r) => r.stored)).toEqual([0, 0]);
    expect((await t.positions('u1')).map((p) => p.id)).toEqual(
      ps
        .slice(0, 4)
        .map((p) => p.id)
        .reverse(),
    );
    // Over the cap: the oldest goes.
    expect(await t.savePositions('u1', ps.slice(4, 6), five)).toEqual({ stored: 2, total: 5 });
    const kept = await t.positions('u1');
    expect(kept.map((p) => p.id)).toEqual(
      ps
        .slice(1, 6)
        .map((p) => p.id)
        .reverse(),
    );
    expect(kept[0]).toEqual(ps[5]);
    expect(await t.positions('u2')).toEqual([]);
    expect(await t.savePositions('u2', [ps[0]!], five)).toEqual({ stored: 1, total: 1 });
    expect((await t.positions('u1')).length).toBe(5);
  });

  test('training: a player keeps at most so many bytes of positions, the newest; a position over them all is not kept', async () => {
    const t = store().training;
    const ps = samplePositions(6);
    const three = size(ps[3]!) + size(ps[4]!) + size(ps[5]!);
    const cap = { positions: 100, bytes: three };
    expect(await t.savePositions('u1', ps.slice(0, 3), cap)).toEqual({ stored: 3, total: 3 });
    expect(await t.savePositions('u1', ps.slice(3, 6), cap)).toEqual({ stored: 3, total: 3 });
    expect((await t.positions('u1')).map((p) => p.id)).toEqual(
      ps
        .slice(3, 6)
        .map((p) => p.id)
        .reverse(),
    );
    expect(await t.savePositions('u2', [ps[0]!], { positions: 100, bytes: size(ps[0]!) - 1 })).toEqual({
      stored: 1,
      total: 0,
    });
    expect(await t.positions('u2')).toEqual([]);
  });

  test('training: progress merged (most tries, solved stays solved, latest time), idempotent and capped', async () => {
    const t = store().training;
    const [a, b, c] = samplePositions(3).map((p) => p.id) as [string, string, string];
    expect(
      await t.saveProgress(
        'u1',
        [
          { id: a, attempts: 2, solved: true, at: 10 },
          { id: b, attempts: 1, solved: false, at: 11 },
        ],
        3,
      ),
    ).toBe(2);
    // From another device: fewer tries at a, not solved; b solved; the same id twice in one upload.
    await t.saveProgress(
      'u1',
      [
        { id: a, attempts: 1, solved: false, at: 5 },
        { id: b, attempts: 3, solved: true, at: 12 },
        { id: b, attempts: 2, solved: false, at: 13 },
      ],
      3,
    );
    const twice = await t.progress('u1');
    expect(twice).toEqual([
      { id: b, attempts: 3, solved: true, at: 13 },
      { id: a, attempts: 2, solved: true, at: 10 },
    ]);
    await Promise.all([
      t.saveProgress('u1', [{ id: b, attempts: 3, solved: true, at: 13 }], 3),
      t.saveProgress('u1', [{ id: b, attempts: 3, solved: true, at: 13 }], 3),
    ]);
    expect(await t.progress('u1')).toEqual(twice);
    expect(await t.progress('u2')).toEqual([]);
    // The cap keeps the latest.
    await t.saveProgress('u1', [{ id: c, attempts: 1, solved: false, at: 20 }], 2);
    expect((await t.progress('u1')).map((p) => p.id)).toEqual([c, b]);
  });
}
