import { describe, expect, test } from 'vitest';
import {
  applyMove,
  CardSet,
  deal,
  makeCard,
  newGame,
  observation,
  parseCard,
  toPlay,
  unwrap,
  type GameState,
} from '@hearts/engine';
import type { SubmitOutcome } from './driver.js';
import type { TableInfo, WireMove } from '@hearts/protocol/socket';
import type { LiveState } from './reducer.js';
import { NO_CLAIMS, SeatUi, type Seat } from './seat.js';
import { ManualScheduler } from './testing.js';

const HANDS = [
  'AC 2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H',
  '2C 3C 4C 5C 7D 8D 9D TD 2S 3S 4S 8H 9H',
  '6C 7C 8C 9C JD QD KD AD 5S 6S 7S TH JH',
  'TC JC QC KC 8S 9S TS JS KS AS QH KH AH',
];

const info = (id: string): TableInfo => ({
  id,
  kind: 'friends',
  rated: false,
  you: 0,
  seats: [0, 1, 2, 3].map((s) => ({
    name: `P${s}`,
    bot: false,
    level: null,
    replaced: false,
    connected: true,
    rating: null,
  })),
  clocks: [],
  kickable: [false, false, false, false],
  kickVotes: [0, 0, 0, 0],
  now: 0,
  graceMs: 0,
  bankMs: 0,
});

/**
 * A table of this test's own, seen from seat 0 (which holds the A♣: it plays fourth to the first trick), as a host would keep it: the engine's game, moves applied by the
 * engine (every seat's through `play`), each change a new `LiveState` with the next version.
 */
class TestSeat implements Seat {
  state: LiveState | null = null;
  readonly claims = false;
  private game: GameState;
  private readonly listeners = new Set<() => void>();

  constructor(private id = 'T') {
    const hands = HANDS.map((h) => CardSet.fromCards(h.split(' ').map((c) => parseCard(c)!)));
    this.game = unwrap(deal(unwrap(newGame({ passCards: 0 })), hands));
    this.show(0, { type: 'join' });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private show(v: number, event: LiveState['event']): void {
    this.state = { v, table: info(this.id), view: observation(this.game, 0), event };
    for (const l of this.listeners) l();
  }

  /** The seat to play plays `card`. */
  play(card: string): SubmitOutcome {
    const seat = toPlay(this.game)!;
    const r = applyMove(this.game, seat, { kind: 'play', card: parseCard(card)! });
    if (!r.ok)
      return { ok: false, error: { code: 'ERR_ILLEGAL', message: r.error.message, rule: r.error.code } };
    this.game = r.value;
    this.show(this.state!.v + 1, { type: 'play', seat, card: makeCard(parseCard(card)!) });
    return { ok: true, v: this.state!.v };
  }

  submitted: WireMove[] = [];
  submit(move: WireMove): Promise<SubmitOutcome> {
    this.submitted.push(move);
    if (move.kind !== 'play')
      return Promise.resolve({ ok: false, error: { code: 'ERR_NOT_NOW', message: 'no' } });
    return Promise.resolve(this.play(move.card));
  }

  claim(): Promise<SubmitOutcome> {
    return Promise.resolve(NO_CLAIMS);
  }

  /** Starts again (an undo or a new game: the version goes back), or at another table. */
  restart(id = this.id): void {
    this.id = id;
    const hands = HANDS.map((h) => CardSet.fromCards(h.split(' ').map((c) => parseCard(c)!)));
    this.game = unwrap(deal(unwrap(newGame({ passCards: 0 })), hands));
    this.show(0, { type: 'join' });
  }
}

function setup() {
  const seat = new TestSeat();
  const time = new ManualScheduler();
  const ui = new SeatUi(seat, { scheduler: time, timing: () => ({ hold: 900, move: 220 }) });
  const detach = ui.attach();
  return { seat, time, ui, detach };
}

describe('SeatUi, the player’s side of any seat', () => {
  test('a legal tap goes to the seat; the trick it completes is held, then collected', async () => {
    const { seat, time, ui } = setup();
    seat.play('2C');
    seat.play('6C');
    seat.play('TC');
    expect(await ui.tap('AC')).toEqual({ ok: true, v: 4 });
    expect(seat.submitted).toEqual([{ kind: 'play', card: 'AC' }]);
    expect(ui.getSnapshot().held).toMatchObject({ cards: ['2C', '6C', 'TC', 'AC'], winner: 0 });
    const until = time.t + 900 + 220;
    for (let fn = time.next(until); fn; fn = time.next(until)) fn();
    expect(ui.getSnapshot().held).toBeNull();
    expect(ui.getSnapshot().lastTrick?.winner).toBe(0);
  });

  test('a card the engine refuses is not sent; the seat’s own refusal shows with its rule or its code', async () => {
    const { seat, ui } = setup();
    seat.play('2C');
    seat.play('6C');
    seat.play('TC');
    expect(ui.tap('2D')).toBeNull(); // the player holds the A♣: must follow
    expect(ui.getSnapshot().refusal).toMatchObject({ card: '2D', code: 'ERR_MUST_FOLLOW_SUIT' });
    expect(seat.submitted).toEqual([]);
    const r = await ui.send({ kind: 'moon', choice: 'plus' });
    expect(r.ok).toBe(false);
    expect(ui.getSnapshot().refusal).toEqual({ card: null, code: 'ERR_NOT_NOW', message: 'no' });
    expect(await ui.claim()).toEqual(NO_CLAIMS);
    expect(ui.getSnapshot().refusal?.code).toBe('ERR_NOT_NOW');
  });

  test('starts over when the table goes back (undo, a new game) or is another table', async () => {
    const { seat, ui } = setup();
    for (const c of ['2C', '6C', 'TC']) seat.play(c);
    await ui.tap('AC');
    expect(ui.getSnapshot().held).not.toBeNull();
    seat.restart(); // version 0 again
    expect(ui.getSnapshot().held).toBeNull();
    expect(ui.getSnapshot().lastTrick).toBeNull();
    for (const c of ['2C', '6C', 'TC']) seat.play(c);
    await ui.tap('AC');
    expect(ui.getSnapshot().held).not.toBeNull();
    seat.restart('U');
    expect(ui.getSnapshot().held).toBeNull();
  });

  test('stops following once detached', () => {
    const { seat, ui, detach } = setup();
    detach();
    for (const c of ['2C', '6C', 'TC', 'AC']) seat.play(c);
    expect(ui.getSnapshot().held).toBeNull();
  });
});
