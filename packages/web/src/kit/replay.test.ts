import { handSummary, makeRecord, replayRecord } from '@hearts/engine';
import { describe, expect, it } from 'vitest';
import { playGame } from '../testing';
import { openReplay, openedFromRoute, parseServerReplay, recordFileName, serverReplayRoute } from './replay';

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

describe('a server’s replay address', () => {
  it('says the game, the seat, whose it is and where it was opened from, and reads back the same', () => {
    const a = {
      kind: 'game',
      id: 't 1',
      seat: 2,
      mine: true,
      from: '/daily/2026-12-05',
      analyse: true,
    } as const;
    const route = serverReplayRoute(a);
    expect(route).toBe('/replay/game/t%201/analysis?seat=2&mine=1&from=%2Fdaily%2F2026-12-05');
    expect(parseServerReplay(route.slice('/replay/'.length))).toEqual(a);
    expect(parseServerReplay('live/l1')).toEqual({
      kind: 'live',
      id: 'l1',
      seat: null,
      mine: true,
      from: null,
      analyse: false,
    });
  });

  it('leaves other addresses to the history and ignores a bad seat or a way back that leads elsewhere', () => {
    expect(parseServerReplay('g1')).toBeNull();
    expect(parseServerReplay('file/analysis')).toBeNull();
    expect(parseServerReplay('game/t1/other')).toBeNull();
    expect(parseServerReplay('game/%E0%A4%A')).toBeNull();
    const odd = parseServerReplay('game/t1?seat=x&from=https%3A%2F%2Fevil.example');
    expect(odd).toMatchObject({ seat: null, from: null, mine: false });
    expect(parseServerReplay('game/t1?from=%2Freplay%2Fgame%2Ft1')?.from).toBeNull();
  });

  it('names the way back by the page', () => {
    expect(openedFromRoute('/tournaments/a1').title).toBe('tournament.standings');
    expect(openedFromRoute('/daily/2026-12-05').title).toBe('daily.title');
    expect(openedFromRoute('/live/history').title).toBe('live.history.title');
    expect(openedFromRoute('/profile/u1').title).toBe('progress.title');
    expect(openedFromRoute('/live/admin').title).toBe('live.manners.modTitle'); // a reported game: "← Reports"
    expect(openedFromRoute('/somewhere/else').title).toBe('nav.back');
  });
});
