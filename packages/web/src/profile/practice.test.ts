import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../game/records';
import { memoryStore, writeJson } from '../game/storage';
import { CLAIMED_KEY, reported, unreportedWins } from './practice';

const entry = (id: string, winners: number[], endedAt: number): HistoryEntry =>
  ({
    id,
    winners,
    endedAt,
    startedAt: endedAt - 1,
    level: 'easy',
    scores: [],
    record: {},
  }) as unknown as HistoryEntry;

describe('practice wins to report', () => {
  it('are the won games not reported yet, oldest first', () => {
    const history = [entry('c', [0], 3), entry('b', [2], 2), entry('a', [0, 1], 1)]; // newest first
    expect(unreportedWins(history, []).map((e) => e.id)).toEqual(['a', 'c']);
    expect(unreportedWins(history, ['a']).map((e) => e.id)).toEqual(['c']);
    expect(unreportedWins(history, ['a', 'c'])).toEqual([]);
  });

  it('remembers what was reported; anything unreadable counts as nothing reported', () => {
    const store = memoryStore();
    expect(reported(store)).toEqual([]);
    writeJson(store, CLAIMED_KEY, ['x', 3, 'y']);
    expect(reported(store)).toEqual(['x', 'y']);
    store.set(CLAIMED_KEY, '{not json');
    expect(reported(store)).toEqual([]);
  });
});
