import { handSummary, makeRecord, replayRecord } from '@hearts/engine';
import { describe, expect, it } from 'vitest';
import { playGame } from '../testing';
import { openReplay, recordFileName } from './replay';

describe('openReplay', () => {
  it('walks a finished game trick by trick: cards conserved, points as the engine scored them', () => {
    const state = playGame(21, {});
    const record = makeRecord(state, ['a', 'b', 'c', 'd']);
    const r = openReplay(JSON.parse(JSON.stringify(record)));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const replay = r.value;
    expect(replay.finished).toBe(true);
    expect(replay.hands).toBe(state.results.length);
    expect(replay.scores).toEqual(state.scores);
    for (let h = 0; h < replay.hands; h++) {
      const start = replay.at(h, 0);
      expect(start.steps).toBe(13);
      expect(start.holdings.map((x) => x.length)).toEqual([13, 13, 13, 13]);
      expect(start.trick).toBeNull();
      for (let t = 1; t <= 13; t++) {
        const p = replay.at(h, t);
        expect(p.holdings.every((x) => x.length === 13 - t)).toBe(true);
        expect(p.trick!.cards).toHaveLength(4);
        expect(p.trick!.winner).toBeGreaterThanOrEqual(0);
        // The trick's cards were held before it and are gone after it.
        const before = replay.at(h, t - 1);
        p.trick!.cards.forEach((c, i) => {
          const seat = (p.trick!.leader + i) % 4;
          expect(before.holdings[seat]).toContain(c);
          expect(p.holdings[seat]).not.toContain(c);
        });
        if (t < 13) expect(p.taken.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(26);
      }
      const end = replay.at(h, 13);
      expect(end.result).toEqual(state.results[h]);
      expect(end.summary).toEqual(handSummary(state, h)); // who took what, as at the table
      expect(end.summary!.cards.some((c) => c.card === 'QS')).toBe(true);
      expect(replay.at(h, 12).summary).toBeNull();
      expect(end.taken.reduce((a, b) => a + b, 0)).toBe(26);
    }
    const last = replay.at(replay.hands - 1, 13);
    expect(last.totals).toEqual(state.scores);
  });

  it('clamps positions out of range', () => {
    const state = playGame(4, {});
    const r = openReplay(makeRecord(state, ['a', 'b', 'c', 'd']));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.at(-5, -1)).toEqual(r.value.at(0, 0));
    expect(r.value.at(999, 999).hand).toBe(r.value.hands - 1);
  });

  it('says why a record cannot be replayed', () => {
    expect(openReplay({ format: 'nope' })).toMatchObject({ ok: false });
    const state = playGame(4, {});
    const record = makeRecord(state, ['a', 'b', 'c', 'd']);
    const [t0, t1] = record.hands[0]!.tricks;
    record.hands[0]!.tricks[0] = t1!;
    record.hands[0]!.tricks[1] = t0!;
    const r = openReplay(record);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ kind: 'illegal', hand: 0, trick: 0 });
    expect(replayRecord(record).ok).toBe(false);
  });

  it('names downloads by date and time', () => {
    expect(recordFileName(new Date(2026, 10, 30, 9, 5))).toBe('hearts-2026-11-30-0905.json');
  });
});
