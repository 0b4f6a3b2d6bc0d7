import type { SavedSession } from '@hearts/shuffle';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { FAIR_KEY, fairKeeper } from './fair-keeper';

const saved = (tableId: string, handNumber: number, seat = 1, revealed = false): SavedSession => ({
  info: { tableId, handNumber, players: 4, seat },
  seed: 'ab'.repeat(32),
  commitments: null,
  commitmentsHash: null,
  revealed,
});

describe('the fair-shuffle keeper', () => {
  it('finds a hand by table, hand and seat, and keeps only the newest state of each', () => {
    const store = memoryStore();
    const keeper = fairKeeper(store);
    expect(keeper.load('T1', 0, 1)).toBeUndefined();
    keeper.save(saved('T1', 0));
    keeper.save(saved('T1', 0, 1, true));
    keeper.save(saved('T2', 0));
    expect(keeper.load('T1', 0, 1)).toEqual(saved('T1', 0, 1, true));
    expect(keeper.load('T1', 0, 2)).toBeUndefined();
    expect(keeper.load('T1', 1, 1)).toBeUndefined();
    expect(JSON.parse(store.get(FAIR_KEY)!)).toHaveLength(2);
  });

  it('keeps the latest eight hands only', () => {
    const store = memoryStore();
    const keeper = fairKeeper(store);
    for (let h = 0; h < 12; h++) keeper.save(saved('T', h));
    expect(keeper.load('T', 3, 1)).toBeUndefined();
    expect(keeper.load('T', 4, 1)).toEqual(saved('T', 4));
    expect(keeper.load('T', 11, 1)).toEqual(saved('T', 11));
    expect(JSON.parse(store.get(FAIR_KEY)!)).toHaveLength(8);
  });

  it('starts afresh over junk in the storage', () => {
    const store = memoryStore();
    store.set(FAIR_KEY, '{"not":"a list"}');
    const keeper = fairKeeper(store);
    expect(keeper.load('T', 0, 1)).toBeUndefined();
    keeper.save(saved('T', 0));
    expect(keeper.load('T', 0, 1)).toEqual(saved('T', 0));
  });
});
