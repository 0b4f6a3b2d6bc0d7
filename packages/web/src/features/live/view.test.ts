import { describe, expect, test } from 'vitest';
import {
  applyMove,
  dealRandom,
  legalMoves,
  makeCard,
  newGame,
  observation,
  preset,
  seatsToAct,
  seededRandom,
  type GameState,
  handTricks,
} from '@hearts/engine';
import { applyGameMessage, TableUi, type LiveState } from '@hearts/table';
import type { TableInfo } from '@hearts/protocol/socket';
import { tableView } from '../../table/view';
import { clockSeconds, trackClocks } from './view';

/** The UI controller's state with nothing chosen, held or refused. */
const NO_UI = { selected: [], refusal: null, held: null, collecting: false, lastTrick: null };

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
    now: 0,
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
  test.each([
    ['standard', 26],
    ['spot', 129],
  ] as const)(
    'carries what the moon is worth under the rules (%s: %i), for the moon dialog',
    (name, value) => {
      const g = dealRandom(must(newGame(preset(name))), seededRandom(4));
      expect(tableView(live(g, 0, 1), NO_UI).moonValue).toBe(value);
    },
  );

  test('the player sits at the bottom; names, bots, kicks and the pass prompt come from the state', () => {
    const g = dealRandom(must(newGame()), seededRandom(2));
    const v = tableView(live(g, 2, 1), NO_UI);
    expect(v.seats[2]).toMatchObject({ position: 'bottom', you: true, name: 'Cleo', cards: 13 });
    expect(v.seats[3]).toMatchObject({ position: 'left', bot: 'easy', replaced: true });
    expect(v.seats[0]!.position).toBe('top');
    expect(v.seats[1]!.position).toBe('right');
    expect(v.seats[2]!.kickable).toBe(true);
    expect(v.seats[1]!.kickable).toBe(false);
    expect(v.prompt).toMatchObject({ kind: 'pass', count: 3, chosen: 0 });
    expect(v.hand).toHaveLength(13);
    const chosen = v.hand.slice(0, 3).map((c) => c.card);
    const w = tableView(live(g, 2, 1), { ...NO_UI, selected: chosen });
    expect(w.canPass).toBe(true);
    expect(w.hand.filter((c) => c.selected).map((c) => c.card)).toEqual(chosen);
  });

  test('a completed trick is held, with its winner, until collected; then it is the last trick', () => {
    const ui = new TableUi({
      scheduler: { after: () => () => undefined },
      timing: () => ({ hold: 1, move: 1 }),
    });
    let g = dealRandom(must(newGame({ passCards: 0 })), seededRandom(4));
    let prev = live(g, 0, 1);
    ui.observe(prev.view, null);
    for (let i = 0; i < 3; i++) {
      const seat = seatsToAct(g)[0]!;
      const card = [...legalMoves(g, seat)][0]!;
      g = must(applyMove(g, seat, { kind: 'play', card }));
      prev = live(g, 0, prev.v + 1, { type: 'play', seat, card: makeCard(card) });
      ui.observe(prev.view, { seat, card: makeCard(card) });
      expect(ui.getSnapshot().held).toBeNull();
    }
    const seat = seatsToAct(g)[0]!;
    const card = [...legalMoves(g, seat)][0]!;
    g = must(applyMove(g, seat, { kind: 'play', card }));
    const next = live(g, 0, prev.v + 1, { type: 'play', seat, card: makeCard(card) });
    ui.observe(next.view, { seat, card: makeCard(card) });
    const held = ui.getSnapshot().held!;
    expect(held.cards).toHaveLength(4);
    expect(held.winner).toBe(handTricks(g)[0]!.winner);
    const v = tableView(next, ui.getSnapshot());
    expect(v.trick.map((c) => c.card)).toEqual(held.cards);
    expect(v.trickWinner).toBe(held.winner);
    expect(v.prompt).toEqual({ kind: 'trickTo', seat: held.winner });
    expect(v.seats.every((s) => !s.turn)).toBe(true);
    const after = tableView(next, { ...ui.getSnapshot(), held: null });
    expect(after.trick).toEqual([]);
    expect(after.lastTrick!.map((c) => c.card)).toEqual(held.cards);
    expect(after.lastTrickWinner).toBe(held.winner);
  });

  test('a clock shows seconds only once the grace is over', () => {
    const g = dealRandom(must(newGame()), seededRandom(2));
    const s = live(g, 0, 1);
    const clocks = s.table.clocks.map((c) => ({ ...c, running: c.seat === 1 }));
    const c = trackClocks(null, { ...s, table: { ...s.table, clocks } }, 1000);
    expect(clockSeconds(c[1]!, 5999)).toBeNull();
    expect(clockSeconds(c[1]!, 6000)).toBe(30);
    expect(clockSeconds(c[1]!, 21_500)).toBe(15);
    expect(clockSeconds(c[1]!, 99_000)).toBe(0);
    expect(clockSeconds(c[0]!, 7000)).toBeNull();
  });

  test('another seat’s pass leaves an idle seat’s countdown alone; a new measurement only brings it closer', () => {
    // Passing: every seat's clock runs (grace 5 s, bank 10 s). Seat 2 stays idle; seat 1 passes after 11 s.
    const g = dealRandom(must(newGame()), seededRandom(2));
    const base = live(g, 0, 1);
    const running = (bankMs: number, graceMs: number) =>
      base.table.clocks.map((c) => ({ seat: c.seat, bankMs, graceMs, running: true }));
    let s: LiveState = { ...base, table: { ...base.table, clocks: running(10_000, 5000) } };
    let c = trackClocks(null, s, 0);
    const shown = (now: number) => clockSeconds(c[2]!, now);
    expect(shown(4000)).toBeNull();
    // The `clock` message of seat 2 at the end of its grace (as the client applies it).
    const atGraceEnd = { seat: 2, bankMs: 10_000, graceMs: 0, running: true };
    s = { ...s, table: { ...s.table, clocks: s.table.clocks.map((x) => (x.seat === 2 ? atGraceEnd : x)) } };
    c = trackClocks(c, s, 5000);
    expect(shown(5000)).toBe(10);
    expect(shown(11_000)).toBe(4);
    const passed = applyGameMessage(s, { v: 2, kind: 'passed', seat: 1, passed: null, bank: 9000 });
    if (passed === 'gap') throw new Error('gap');
    c = trackClocks(c, passed, 11_000);
    expect(shown(11_000)).toBe(4); // not 10
    expect(shown(14_000)).toBe(1);
    expect(shown(15_000)).toBe(0); // when the server decides for it
    // A snapshot measured by the server at 12 s that arrives 400 ms later: the countdown does not go back up.
    const late = { ...passed, v: 3, table: { ...passed.table, clocks: running(3000, 0) } };
    c = trackClocks(c, late, 12_400);
    expect(shown(12_400)).toBe(3);
    expect(shown(15_000)).toBe(0);
    // A new decision (the next hand) starts from its own bank.
    const next = live(dealRandom(must(newGame()), seededRandom(3)), 0, 9);
    const fresh = {
      ...next,
      view: { ...next.view, handNumber: 1 },
      table: { ...next.table, clocks: running(10_000, 0) },
    };
    c = trackClocks(c, fresh, 20_000);
    expect(shown(20_000)).toBe(10);
  });
});
