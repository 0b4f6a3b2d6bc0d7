import { describe, expect, test } from 'vitest';
import {
  applyMove,
  dealRandom,
  legalMoves,
  makeCard,
  newGame,
  observation,
  seatsToAct,
  seededRandom,
  type GameState,
} from '@hearts/engine';
import type { LiveState, TableInfo } from '@hearts/table';
import { clockSeconds, completedTrick, liveTableView } from './view';

const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

function table(you: number): TableInfo {
  return {
    id: 'T',
    kind: 'friends',
    rated: false,
    you,
    seats: ['Ana', 'Bot 1', 'Cleo', 'Bot 2'].map((name, i) => ({
      name,
      bot: i % 2 === 1,
      level: i % 2 === 1 ? 'easy' : null,
      replaced: i === 3,
      connected: i % 2 === 0,
      rating: null,
    })),
    clocks: [0, 1, 2, 3].map((seat) => ({ seat, bankMs: 30_000, graceMs: 5000, running: false })),
    kickable: [false, false, true, false],
    kickVotes: [0, 0, 1, 0],
    graceMs: 5000,
    bankMs: 30_000,
  };
}

const live = (
  g: GameState,
  you: number,
  v: number,
  event: LiveState['event'] = { type: 'join' },
): LiveState => ({
  v,
  table: table(you),
  view: observation(g, you),
  event,
});

describe('the live table view', () => {
  test('the player sits at the bottom; names, bots, kicks and the pass prompt come from the state', () => {
    const g = dealRandom(must(newGame()), seededRandom(2));
    const v = liveTableView(live(g, 2, 1), { selected: [], held: null });
    expect(v.seats[2]).toMatchObject({ position: 'bottom', you: true, name: 'Cleo', cards: 13 });
    expect(v.seats[3]).toMatchObject({ position: 'left', bot: 'easy', replaced: true });
    expect(v.seats[0]!.position).toBe('top');
    expect(v.seats[1]!.position).toBe('right');
    expect(v.seats[2]!.kickable).toBe(true);
    expect(v.seats[1]!.kickable).toBe(false);
    expect(v.prompt).toMatchObject({ kind: 'pass', count: 3, chosen: 0 });
    expect(v.hand).toHaveLength(13);
    const chosen = v.hand.slice(0, 3).map((c) => c.card);
    const w = liveTableView(live(g, 2, 1), { selected: chosen, held: null });
    expect(w.canPass).toBe(true);
    expect(w.hand.filter((c) => c.selected).map((c) => c.card)).toEqual(chosen);
  });

  test('a completed trick is held, with its winner, until collected', () => {
    let g = dealRandom(must(newGame({ passCards: 0 })), seededRandom(4));
    let prev = live(g, 0, 1);
    for (let i = 0; i < 3; i++) {
      const seat = seatsToAct(g)[0]!;
      g = must(applyMove(g, seat, { kind: 'play', card: [...legalMoves(g, seat)][0]! }));
      prev = live(g, 0, prev.v + 1);
      expect(completedTrick(null, prev)).toBeNull();
    }
    const seat = seatsToAct(g)[0]!;
    const card = [...legalMoves(g, seat)][0]!;
    g = must(applyMove(g, seat, { kind: 'play', card }));
    const next = live(g, 0, prev.v + 1, { type: 'play', seat, card: makeCard(card) });
    const held = completedTrick(prev, next)!;
    expect(held.cards).toHaveLength(4);
    expect(held.winner).toBe(g.core!.trickWinners[0]);
    const v = liveTableView(next, { selected: [], held });
    expect(v.trick.map((c) => c.card)).toEqual(held.cards);
    expect(v.trickWinner).toBe(held.winner);
    expect(v.prompt).toEqual({ kind: 'trickTo', seat: held.winner });
    expect(v.seats.every((s) => !s.turn)).toBe(true);
    expect(completedTrick({ ...prev, v: prev.v - 1 }, next)).toBeNull(); // after a gap: no animation
  });

  test('a clock shows seconds only once the grace is over', () => {
    const c = { running: true, graceMs: 5000, bankMs: 30_000 };
    expect(clockSeconds(c, 4999)).toBeNull();
    expect(clockSeconds(c, 5000)).toBe(30);
    expect(clockSeconds(c, 20_500)).toBe(15);
    expect(clockSeconds(c, 99_000)).toBe(0);
    expect(clockSeconds({ ...c, running: false }, 6000)).toBeNull();
  });
});
