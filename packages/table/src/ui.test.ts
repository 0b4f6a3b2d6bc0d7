import { describe, expect, test } from 'vitest';
import {
  applyMove,
  CardSet,
  deal,
  newGame,
  observation,
  parseCard,
  unwrap,
  type CardName,
  type GameState,
  type Rules,
  toPlay,
} from '@hearts/engine';
import { REFUSAL_MS, TableUi, type SelectionKeeper, type UiScheduler } from './ui.js';

/** Time by hand: `advance` runs what is due, in order. */
class FakeTime implements UiScheduler {
  now = 0;
  private jobs: { at: number; fn: () => void; id: number }[] = [];
  private next = 0;
  after(ms: number, fn: () => void): () => void {
    const id = this.next++;
    this.jobs.push({ at: this.now + ms, fn, id });
    return () => {
      this.jobs = this.jobs.filter((j) => j.id !== id);
    };
  }
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = this.jobs.filter((j) => j.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.jobs = this.jobs.filter((j) => j !== due);
      this.now = due.at;
      due.fn();
    }
    this.now = end;
  }
}

const HANDS = [
  'AC 2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H',
  '2C 3C 4C 5C 7D 8D 9D TD 2S 3S 4S 8H 9H',
  '6C 7C 8C 9C JD QD KD AD 5S 6S 7S TH JH',
  'TC JC QC KC 8S 9S TS JS KS AS QH KH AH',
];

function game(rules: Partial<Rules> = {}): GameState {
  const hands = HANDS.map((h) => CardSet.fromCards(h.split(' ').map((c) => parseCard(c)!)));
  return unwrap(deal(unwrap(newGame(rules)), hands));
}

const playOf = (g: GameState, card: string): GameState =>
  unwrap(applyMove(g, toPlay(g)!, { kind: 'play', card: parseCard(card)! }));

const TIMING = { hold: 900, move: 220 };

function setup(keeper?: SelectionKeeper) {
  const time = new FakeTime();
  let collected = 0;
  const ui = new TableUi({ scheduler: time, timing: () => TIMING, keeper, onCollected: () => collected++ });
  return { time, ui, collected: () => collected };
}

describe('passing', () => {
  test('a tap chooses a card, a second takes it back; a fourth replaces the oldest', () => {
    const { ui } = setup();
    ui.reset(observation(game(), 0));
    ui.tap('AC');
    ui.tap('2D');
    ui.tap('2D');
    expect(ui.getSnapshot().selected).toEqual(['AC']);
    ui.tap('QS');
    ui.tap('7H');
    expect(ui.getSnapshot().selected).toEqual(['AC', 'QS', '7H']);
    expect(ui.tap('6H')).toEqual({ kind: 'none' });
    expect(ui.getSnapshot().selected).toEqual(['QS', '7H', '6H']);
  });

  test('cards not in the hand and taps after passing are ignored; the choice goes once passed', () => {
    const { ui } = setup();
    let g = game();
    ui.reset(observation(g, 0));
    ui.tap('2C'); // seat 1 holds it
    ui.tap('QS');
    expect(ui.getSnapshot().selected).toEqual(['QS']);
    g = unwrap(applyMove(g, 0, { kind: 'pass', cards: ['QS', '7H', '6H'].map((c) => parseCard(c)!) }));
    ui.observe(observation(g, 0), null);
    expect(ui.getSnapshot().selected).toEqual([]);
    ui.tap('AC');
    expect(ui.getSnapshot().selected).toEqual([]);
  });

  test('the keeper keeps the choice of this hand across a reset, and what it gives back is checked', () => {
    const kept = new Map<number, readonly CardName[]>();
    const keeper: SelectionKeeper = {
      load: (h) => kept.get(h) ?? [],
      save: (h, cards) => void kept.set(h, cards),
    };
    const a = setup(keeper);
    a.ui.reset(observation(game(), 0));
    a.ui.tap('QS');
    a.ui.tap('AC');
    expect(kept.get(0)).toEqual(['QS', 'AC']);
    const b = setup(keeper);
    b.ui.reset(observation(game(), 0));
    expect(b.ui.getSnapshot().selected).toEqual(['QS', 'AC']);
    kept.set(0, ['QS', 'QS', '2C', 'AC', '2D', '3D']); // a duplicate, a card of another seat, too many
    const c = setup(keeper);
    c.ui.reset(observation(game(), 0));
    expect(c.ui.getSnapshot().selected).toEqual(['QS', 'AC', '2D']);
  });
});

describe('refusals', () => {
  test('an illegal card is refused with the engine’s reason and not played; the refusal goes after a while', () => {
    const { ui, time } = setup();
    let g = game({ passCards: 0 });
    g = playOf(g, '2C');
    ui.reset(observation(g, 2));
    expect(ui.tap('5S')).toEqual({ kind: 'none' });
    expect(ui.getSnapshot().refusal).toEqual({ card: '5S', code: 'ERR_MUST_FOLLOW_SUIT', message: null });
    time.advance(REFUSAL_MS - 1);
    expect(ui.getSnapshot().refusal).not.toBeNull();
    time.advance(1);
    expect(ui.getSnapshot().refusal).toBeNull();
  });

  test('not this seat’s turn; a legal card comes back as the play and clears the refusal', () => {
    const { ui } = setup();
    const g = game({ passCards: 0 });
    ui.reset(observation(g, 0));
    ui.tap('AC');
    expect(ui.getSnapshot().refusal?.code).toBe('ERR_NOT_YOUR_TURN');
    ui.reset(observation(g, 1));
    ui.tap('3C');
    expect(ui.getSnapshot().refusal?.code).toBe('ERR_MUST_LEAD_LOWEST_CLUB');
    expect(ui.tap('2C')).toEqual({ kind: 'play', card: '2C' });
    expect(ui.getSnapshot().refusal).toBeNull();
  });

  test('a refusal from elsewhere (the server) shows the same way', () => {
    const { ui, time } = setup();
    ui.refuse('QH', 'ERR_HEARTS_NOT_BROKEN');
    expect(ui.getSnapshot().refusal).toEqual({ card: 'QH', code: 'ERR_HEARTS_NOT_BROKEN', message: null });
    ui.refuse(null, 'ERR_RATE_LIMIT', 'too many messages');
    expect(ui.getSnapshot().refusal).toEqual({
      card: null,
      code: 'ERR_RATE_LIMIT',
      message: 'too many messages',
    });
    time.advance(REFUSAL_MS);
    expect(ui.getSnapshot().refusal).toBeNull();
  });
});

describe('the held trick and the last trick', () => {
  /** Plays the first trick (2C 6C TC AC: seat 0 wins), observing from seat 0 after each card. */
  function firstTrick(ui: TableUi): GameState {
    let g = game({ passCards: 0 });
    ui.reset(observation(g, 0));
    for (const card of ['2C', '6C', 'TC', 'AC']) {
      const seat = toPlay(g)!;
      g = playOf(g, card);
      ui.observe(observation(g, 0), { seat, card: card as CardName });
    }
    return g;
  }

  test('a complete trick is held, then collects to its winner, for the set times', () => {
    const { ui, time, collected } = setup();
    firstTrick(ui);
    const trick = { leader: 1, cards: ['2C', '6C', 'TC', 'AC'], winner: 0 };
    expect(ui.getSnapshot()).toMatchObject({ held: trick, collecting: false, lastTrick: trick });
    time.advance(TIMING.hold - 1);
    expect(ui.getSnapshot().collecting).toBe(false);
    time.advance(1);
    expect(ui.getSnapshot()).toMatchObject({ held: trick, collecting: true });
    time.advance(TIMING.move);
    expect(ui.getSnapshot()).toMatchObject({ held: null, collecting: false, lastTrick: trick });
    expect(collected()).toBe(1);
  });

  test('the winner leading at once ends the hold', () => {
    const { ui, collected } = setup();
    firstTrick(ui);
    expect(ui.tap('2D')).toEqual({ kind: 'play', card: '2D' });
    expect(ui.getSnapshot().held).toBeNull();
    expect(collected()).toBe(1);
  });

  test('the last trick opens on request, closes with a new trick and at a new hand', () => {
    const { ui, time } = setup();
    let g = firstTrick(ui);
    time.advance(TIMING.hold + TIMING.move);
    ui.toggleLastTrick();
    expect(ui.getSnapshot().lastTrickOpen).toBe(true);
    ui.closeLastTrick();
    expect(ui.getSnapshot().lastTrickOpen).toBe(false);
    ui.toggleLastTrick();
    // A card that does not complete a trick leaves it open.
    g = playOf(g, '2D');
    ui.observe(observation(g, 0), { seat: 0, card: '2D' });
    expect(ui.getSnapshot().lastTrickOpen).toBe(true);
    for (const card of ['7D', 'JD', '8S']) {
      const seat = toPlay(g)!;
      g = playOf(g, card);
      ui.observe(observation(g, 0), { seat, card: card as CardName });
    }
    expect(ui.getSnapshot()).toMatchObject({
      lastTrickOpen: false,
      lastTrick: { leader: 0, cards: ['2D', '7D', 'JD', '8S'], winner: 2 },
    });
  });

  test('the hand’s last trick is kept after the hand (the view no longer shows it), gone at the next deal', () => {
    const { ui, time } = setup();
    let g = game({ passCards: 0 });
    ui.reset(observation(g, 0));
    let lastSeat = 0;
    let lastCard: CardName = '2C';
    while (g.phase === 'play') {
      const seat = toPlay(g)!;
      const obs = observation(g, seat);
      lastSeat = seat;
      lastCard = obs.legal[0]!;
      g = playOf(g, lastCard);
      ui.observe(observation(g, 0), { seat, card: lastCard });
      time.advance(TIMING.hold + TIMING.move);
    }
    expect(g.phase === 'deal' || g.phase === 'moon').toBe(true);
    const last = ui.getSnapshot().lastTrick!;
    expect(last.cards).toHaveLength(4);
    expect(last.cards[3]).toBe(lastCard);
    expect((last.leader + 3) % 4).toBe(lastSeat);
    const next = unwrap(
      deal(
        g.phase === 'moon' ? unwrap(applyMove(g, g.moonShooter!, { kind: 'moon', choice: 'plus' })) : g,
        HANDS.map((h) => CardSet.fromCards(h.split(' ').map((c) => parseCard(c)!))),
      ),
    );
    ui.observe(observation(next, 0), null);
    expect(ui.getSnapshot().lastTrick).toBeNull();
  });

  test('a snapshot after a gap does not invent a held trick', () => {
    const { ui } = setup();
    let g = game({ passCards: 0 });
    g = playOf(g, '2C');
    g = playOf(g, '6C');
    ui.reset(observation(g, 0));
    g = playOf(g, 'TC');
    g = playOf(g, 'AC');
    g = playOf(g, '2D'); // missed two messages
    ui.observe(observation(g, 0), { seat: 0, card: '2D' });
    expect(ui.getSnapshot().held).toBeNull();
    expect(ui.getSnapshot().lastTrick?.winner).toBe(0);
  });
});
