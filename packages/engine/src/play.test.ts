import { describe, expect, test } from 'vitest';
import {
  advanceUntil,
  card,
  cs,
  passAll,
  play,
  position,
  refLegal,
  refPosition,
  rotate,
  show,
  start,
  dealt,
} from '../test/helpers.js';
import {
  CardSet,
  DIE_SUITS,
  HandCore,
  applyMove,
  deal,
  dealRandom,
  drawBelow,
  rollDie,
  handOf,
  legalMoves,
  seatsToAct,
  seededRandom,
  type GameState,
  type Move,
  type Rules,
  toPlay,
  handCoreOf,
  playPosition,
  handPlays,
} from './index.js';

// Explicit deals (seat 0 first). Every test below names the deal it builds on.

/** Seat 1: the Q♠ and twelve hearts; seat 3: twelve spades and the A♥. */
const QUEEN_AND_HEARTS = [
  '2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC',
  'QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH',
  '2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD',
  '2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS AH',
];
/** Seat 1: every spade; seat 3: every heart. */
const WHOLE_SUITS = [
  '2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC',
  '2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS',
  '2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD',
  '2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH',
];
/** Seat 0 wins the first trick with the A♣ and then holds only hearts. */
const ONLY_HEARTS_LEFT = [
  'AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH',
  '2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D TD',
  '6C 7C 8C 9C JD QD KD AD 2S 3S 4S 5S 6S',
  'TC JC QC KC 7S 8S 9S TS JS QS KS AS AH',
];
/** Seat 0 wins the first trick with the A♣ and holds the Q♠, diamonds and hearts. */
const QUEEN_LEADS = [
  'AC 2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H',
  '2C 3C 4C 5C 7D 8D 9D TD 2S 3S 4S 8H 9H',
  '6C 7C 8C 9C JD QD KD AD 5S 6S 7S TH JH',
  'TC JC QC KC 8S 9S TS JS KS AS QH KH AH',
];
/** For firstLead leftOfDealer: seat 1 leads; seat 2 holds the Q♠ as its only spade. */
const LEFT_OF_DEALER = [
  '2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC',
  '2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2D',
  'QS 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD',
  '2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH',
];

/** For firstLead leftOfDealer: seat 1 leads a spade; seat 2 holds the Q♠ among other spades. */
const SPADE_LEAD = [
  '2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC',
  '2S 3S 4S 5S 6S 7S 2D 3D 4D 5D 6D 7D 8D',
  '8S 9S TS JS QS KS AS 9D TD JD QD KD AD',
  '2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH',
];

const NO_PASS: Partial<Rules> = { passCards: 0 };

interface LegalCase {
  rules: Partial<Rules>;
  hands: readonly string[];
  plays: string; // played before the position, each by the seat to play
  seat: number; // the seat to play
  legal: string; // exactly the cards it may play
}

const HEARTS_12 = '2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH';

const LEGAL_CASES: Record<string, LegalCase> = {
  'the first trick is led with the 2♣': {
    rules: NO_PASS,
    hands: QUEEN_AND_HEARTS,
    plays: '',
    seat: 0,
    legal: '2C',
  },
  'first trick: void in clubs with only hearts and the Q♠ → any of them': {
    rules: NO_PASS,
    hands: QUEEN_AND_HEARTS,
    plays: '2C',
    seat: 1,
    legal: `QS ${HEARTS_12}`,
  },
  'first trick: void in clubs with only hearts → any heart': {
    rules: NO_PASS,
    hands: WHOLE_SUITS,
    plays: '2C 2S 2D',
    seat: 3,
    legal: '2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH',
  },
  'first trick: void with spades and a heart → no heart': {
    rules: NO_PASS,
    hands: QUEEN_AND_HEARTS,
    plays: '2C 2H 2D',
    seat: 3,
    legal: '2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS',
  },
  'first trick: void with the Q♠ and other spades → not the Q♠': {
    rules: NO_PASS,
    hands: WHOLE_SUITS,
    plays: '2C',
    seat: 1,
    legal: '2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS',
  },
  'first trick: void, with pointsOnFirstTrick → anything': {
    rules: { ...NO_PASS, pointsOnFirstTrick: true },
    hands: WHOLE_SUITS,
    plays: '2C',
    seat: 1,
    legal: '2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS',
  },
  'first trick: void with hearts and spades, pointsOnFirstTrick → anything': {
    rules: { ...NO_PASS, pointsOnFirstTrick: true },
    hands: QUEEN_AND_HEARTS,
    plays: '2C 2H 2D',
    seat: 3,
    legal: '2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS AH',
  },
  'first trick: holding clubs → must follow': {
    rules: NO_PASS,
    hands: ONLY_HEARTS_LEFT,
    plays: '2C',
    seat: 2,
    legal: '6C 7C 8C 9C',
  },
  'first trick: following spades, the Q♠ only if it is the only spade': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer' },
    hands: LEFT_OF_DEALER,
    plays: '2S',
    seat: 2,
    legal: 'QS',
  },
  'leftOfDealer: the player left of the dealer leads any card': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer' },
    hands: LEFT_OF_DEALER,
    plays: '',
    seat: 1,
    legal: '2D 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS',
  },
  'leftOfDealer: following spades on the first trick avoids the Q♠': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer' },
    hands: SPADE_LEAD,
    plays: '2S',
    seat: 2,
    legal: '8S 9S TS JS KS AS',
  },
  'leftOfDealer: void on the first trick, not the Q♠': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer' },
    hands: rotate(WHOLE_SUITS, 1), // seat 2 holds every spade, seat 1 every club
    plays: '2C',
    seat: 2,
    legal: '2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS',
  },
  'leftOfDealer: only hearts and the Q♠ before hearts are broken → the Q♠': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer' },
    hands: QUEEN_AND_HEARTS,
    plays: '',
    seat: 1,
    legal: 'QS',
  },
  'dealer leads: only hearts and the Q♠ before hearts are broken → the Q♠': {
    rules: { ...NO_PASS, firstLead: 'dealer' },
    hands: rotate(QUEEN_AND_HEARTS, 3), // seat 0 (the dealer) holds the Q♠ and the hearts
    plays: '',
    seat: 0,
    legal: 'QS',
  },
  'leftOfDealer, pointsOnFirstTrick: only hearts and the Q♠ → still the Q♠ (hearts not broken)': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer', pointsOnFirstTrick: true },
    hands: QUEEN_AND_HEARTS,
    plays: '',
    seat: 1,
    legal: 'QS',
  },
  'leftOfDealer, hearts need not be broken: only hearts and the Q♠ → any of them': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer', heartsMustBeBroken: false },
    hands: QUEEN_AND_HEARTS,
    plays: '',
    seat: 1,
    legal: `QS ${HEARTS_12}`,
  },
  'leftOfDealer, only hearts → any heart': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer' },
    hands: rotate(WHOLE_SUITS, 2), // seat 1 holds every heart
    plays: '',
    seat: 1,
    legal: '2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH',
  },
  'leftOfDealer, hearts need not be broken: no points on the first lead all the same': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer', heartsMustBeBroken: false },
    hands: rotate(QUEEN_LEADS, 1), // seat 1 holds A♣, diamonds, Q♠ and hearts
    plays: '',
    seat: 1,
    legal: 'AC 2D 3D 4D 5D 6D',
  },
  'leading with only hearts left before hearts are broken → any heart': {
    rules: NO_PASS,
    hands: ONLY_HEARTS_LEFT,
    plays: '2C 6C TC AC',
    seat: 0,
    legal: HEARTS_12,
  },
  'once hearts are led, a void player may discard anything': {
    rules: NO_PASS,
    hands: ONLY_HEARTS_LEFT,
    plays: '2C 6C TC AC 2H',
    seat: 1,
    legal: '3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D TD',
  },
  'hearts not broken: the leader may lead anything but hearts, the Q♠ included': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC',
    seat: 0,
    legal: '2D 3D 4D 5D 6D QS',
  },
  'heartsMustBeBroken false: hearts may be led at once': {
    rules: { ...NO_PASS, heartsMustBeBroken: false },
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC',
    seat: 0,
    legal: '2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H',
  },
  'the Q♠ does not break hearts': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC QS 2S 5S AS',
    seat: 3,
    legal: 'JC QC KC 8S 9S TS JS KS',
  },
  'queenBreaksHearts: after the Q♠ hearts may be led': {
    rules: { ...NO_PASS, queenBreaksHearts: true },
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC QS 2S 5S AS',
    seat: 3,
    legal: 'JC QC KC 8S 9S TS JS KS QH KH AH',
  },
  'a heart discarded in an earlier trick breaks hearts': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC 2D 7D JD QH',
    seat: 2,
    legal: '7C 8C 9C QD KD AD 5S 6S 7S TH JH',
  },
  'following: must follow suit when possible': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC 2D',
    seat: 1,
    legal: '7D 8D 9D TD',
  },
  'following: void after the first trick → anything, hearts and the Q♠ included': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC 2D 7D JD',
    seat: 3,
    legal: 'JC QC KC 8S 9S TS JS KS AS QH KH AH',
  },
};

function reach(c: LegalCase): GameState {
  return play(position(c.rules, c.hands), c.plays);
}

describe('legal plays', () => {
  test.each(Object.entries(LEGAL_CASES))('%s', (_, c) => {
    const g = reach(c);
    expect(g.phase).toBe('play');
    expect(seatsToAct(g)).toEqual([c.seat]);
    expect(show(legalMoves(g, c.seat))).toBe(show(cs(c.legal)));
    for (let s = 0; s < 4; s++) if (s !== c.seat) expect(legalMoves(g, s).isEmpty()).toBe(true);
    // The reference reading of RULES.md agrees.
    const log = g.log[0]!;
    const ref = refPosition(
      g.rules,
      log.deal.map((h) => h.toArray()),
      0,
      log.plays,
    );
    expect(ref.turn).toBe(c.seat);
    expect(show(CardSet.fromCards(refLegal(g.rules, ref)))).toBe(show(cs(c.legal)));
    // Every card in the hand is accepted exactly when it is legal.
    for (const x of handOf(g, c.seat)) {
      const r = applyMove(g, c.seat, { kind: 'play', card: x });
      expect(r.ok).toBe(cs(c.legal).has(x));
    }
  });
});

interface ErrorCase {
  rules: Partial<Rules>;
  hands: readonly string[];
  plays: string;
  seat: number;
  card: string;
  code: string;
}

const ERROR_CASES: Record<string, ErrorCase> = {
  'not your turn': {
    rules: NO_PASS,
    hands: QUEEN_AND_HEARTS,
    plays: '',
    seat: 1,
    card: 'QS',
    code: 'ERR_NOT_YOUR_TURN',
  },
  'not your turn, mid-trick': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C',
    seat: 0,
    card: 'AC',
    code: 'ERR_NOT_YOUR_TURN',
  },
  'card not in hand': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C',
    seat: 2,
    card: 'TC',
    code: 'ERR_CARD_NOT_IN_HAND',
  },
  'a card already played': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC',
    seat: 0,
    card: 'AC',
    code: 'ERR_CARD_NOT_IN_HAND',
  },
  'must lead the lowest club': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '',
    seat: 1,
    card: '3C',
    code: 'ERR_MUST_LEAD_LOWEST_CLUB',
  },
  'must lead the lowest club, not a diamond': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '',
    seat: 1,
    card: '7D',
    code: 'ERR_MUST_LEAD_LOWEST_CLUB',
  },
  'must follow suit': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C',
    seat: 2,
    card: 'JD',
    code: 'ERR_MUST_FOLLOW_SUIT',
  },
  'must follow suit, not discard a heart': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC 2D',
    seat: 1,
    card: '8H',
    code: 'ERR_MUST_FOLLOW_SUIT',
  },
  'hearts not broken': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC',
    seat: 0,
    card: '2H',
    code: 'ERR_HEARTS_NOT_BROKEN',
  },
  'hearts not broken after the Q♠': {
    rules: NO_PASS,
    hands: QUEEN_LEADS,
    plays: '2C 6C TC AC QS 2S 5S AS',
    seat: 3,
    card: 'AH',
    code: 'ERR_HEARTS_NOT_BROKEN',
  },
  'hearts not broken, leading a heart while holding the Q♠': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer' },
    hands: QUEEN_AND_HEARTS,
    plays: '',
    seat: 1,
    card: '2H',
    code: 'ERR_HEARTS_NOT_BROKEN',
  },
  'points on the first trick: a heart discarded': {
    rules: NO_PASS,
    hands: QUEEN_AND_HEARTS,
    plays: '2C 2H 2D',
    seat: 3,
    card: 'AH',
    code: 'ERR_POINTS_ON_FIRST_TRICK',
  },
  'points on the first trick: the Q♠ discarded': {
    rules: NO_PASS,
    hands: WHOLE_SUITS,
    plays: '2C',
    seat: 1,
    card: 'QS',
    code: 'ERR_POINTS_ON_FIRST_TRICK',
  },
  'points on the first trick: the Q♠ to a spade lead while holding other spades': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer' },
    hands: SPADE_LEAD,
    plays: '2S',
    seat: 2,
    card: 'QS',
    code: 'ERR_POINTS_ON_FIRST_TRICK',
  },
  'points on the first trick: the Q♠ led by the player left of the dealer': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer', heartsMustBeBroken: false },
    hands: rotate(QUEEN_LEADS, 1),
    plays: '',
    seat: 1,
    card: 'QS',
    code: 'ERR_POINTS_ON_FIRST_TRICK',
  },
  'points on the first trick: a heart led when hearts need not be broken': {
    rules: { ...NO_PASS, firstLead: 'leftOfDealer', heartsMustBeBroken: false },
    hands: rotate(QUEEN_LEADS, 1),
    plays: '',
    seat: 1,
    card: '2H',
    code: 'ERR_POINTS_ON_FIRST_TRICK',
  },
};

describe('illegal plays come back as codes', () => {
  test.each(Object.entries(ERROR_CASES))('%s', (_, c) => {
    const g = play(position(c.rules, c.hands), c.plays);
    const r = applyMove(g, c.seat, { kind: 'play', card: card(c.card) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: c.code, seat: c.seat, card: c.card });
    expect(r.error.message.length).toBeGreaterThan(0);
  });
});

describe('moves in the wrong place', () => {
  const passing = (): GameState => position({}, QUEEN_LEADS);
  const playing = (): GameState => position(NO_PASS, QUEEN_LEADS);

  test.each<[string, () => GameState, number, unknown, string]>([
    ['a play while passing', passing, 1, { kind: 'play', card: card('2C') }, 'ERR_WRONG_PHASE'],
    ['a pass while playing', playing, 1, { kind: 'pass', cards: [0, 1, 2] }, 'ERR_WRONG_PHASE'],
    ['a moon choice while playing', playing, 1, { kind: 'moon', choice: 'plus' }, 'ERR_WRONG_PHASE'],
    ['a moon choice while passing', passing, 1, { kind: 'moon', choice: 'minus' }, 'ERR_WRONG_PHASE'],
    ['a play before the deal', () => start(NO_PASS), 0, { kind: 'play', card: 0 }, 'ERR_WRONG_PHASE'],
    ['a pass before the deal', () => start(), 0, { kind: 'pass', cards: [0, 1, 2] }, 'ERR_WRONG_PHASE'],
    ['an unknown kind of move', playing, 1, { kind: 'bid', card: 0 }, 'ERR_WRONG_PHASE'],
    ['no move at all', playing, 1, null, 'ERR_WRONG_PHASE'],
    ['a string as a move', playing, 1, 'play 2C', 'ERR_WRONG_PHASE'],
    ['seat −1', playing, -1, { kind: 'play', card: 0 }, 'ERR_BAD_SEAT'],
    ['seat 4 of 4', playing, 4, { kind: 'play', card: 0 }, 'ERR_BAD_SEAT'],
    ['seat 1.5', playing, 1.5, { kind: 'play', card: 0 }, 'ERR_BAD_SEAT'],
    ['seat NaN', playing, NaN, { kind: 'play', card: 0 }, 'ERR_BAD_SEAT'],
    ['card 52', playing, 1, { kind: 'play', card: 52 }, 'ERR_BAD_CARD'],
    ['card −1', playing, 1, { kind: 'play', card: -1 }, 'ERR_BAD_CARD'],
    ['card "2C" as a name', playing, 1, { kind: 'play', card: '2C' }, 'ERR_BAD_CARD'],
    ['card 0.5', playing, 1, { kind: 'play', card: 0.5 }, 'ERR_BAD_CARD'],
  ])('%s', (_, make, seat, move, code) => {
    const g = make();
    const r = applyMove(g, seat, move as Move);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  test('HandCore: a finished hand refuses every card', () => {
    let g = position(NO_PASS, WHOLE_SUITS);
    const tricks = Array.from({ length: 13 }, (_, i) => {
      const r = '23456789TJQKA'[i]!;
      return `${r}C ${r}S ${r}D ${r}H`;
    });
    const core = new HandCore(g.cfg);
    core.copyFrom(handCoreOf(g)!);
    for (const t of tricks) for (const c of t.split(' ')) core.play(card(c));
    expect(core.isOver).toBe(true);
    expect(core.whyIllegal(0, card('AC'))).toBe('ERR_HAND_OVER');
    expect(core.legalInto(new Int8Array(52))).toBe(0);
    g = play(g, tricks.join(' '));
    expect(g.phase).toBe('deal');
  });
});

describe('passing', () => {
  const DEAL = QUEEN_LEADS;
  const PASSES = ['AC 2D QS', '2C 3C 4C', '6C 7C 8C', 'TC JC QC'];

  test('everyone chooses, then the cards go left on the first hand', () => {
    let g = position({}, DEAL);
    expect(g.phase).toBe('pass');
    expect(seatsToAct(g)).toEqual([0, 1, 2, 3]);
    expect(show(legalMoves(g, 2))).toBe(show(cs(DEAL[2]!)));
    g = passAll(g, PASSES);
    expect(g.phase).toBe('play');
    for (let s = 0; s < 4; s++) {
      const expected = cs(DEAL[s]!)
        .diff(cs(PASSES[s]!))
        .union(cs(PASSES[(s + 3) % 4]!));
      expect(show(handOf(g, s))).toBe(show(expected));
    }
    // Seat 1 received the A♣ … and seat 2 the 2♣, so seat 2 leads.
    expect(toPlay(g)!).toBe(2);
  });

  test.each<[string, Partial<Rules>, number, number]>([
    ['standard hand 0: left', {}, 0, 1],
    ['standard hand 1: right', {}, 1, 3],
    ['standard hand 2: across', {}, 2, 2],
    ['standard, 3 players, hand 1: right', { players: 3 }, 1, 2],
    ['standard, 5 players, hand 2: none', { players: 5 }, 2, 0],
    ['standard, 6 players, hand 2: across', { players: 6 }, 2, 3],
    ['rotate, 5 players, hand 3: four to the left', { players: 5, passCycle: 'rotate' }, 3, 4],
    ['rotate, 4 players, hand 3: none', { passCycle: 'rotate' }, 3, 0],
    ['left, hand 3', { passCycle: 'left' }, 3, 1],
    ['right, 3 players, hand 2', { players: 3, passCycle: 'right' }, 2, 2],
    ['4 cards, hand 1', { passCards: 4 }, 1, 3],
  ])('%s: every card goes the right way', (_, rules, hand, offset) => {
    const rng = seededRandom(`pass ${hand}`);
    // Play random hands up to the deal of `hand` (a huge target keeps the game going).
    let g = start({ ...rules, targetScore: 100_000 });
    g = advanceUntil(g, rng, (x) => x.handNumber === hand && x.phase === 'deal');
    g = dealRandom(g, rng);
    const n = g.rules.players;
    if (offset === 0) {
      expect(g.phase).toBe('play');
      expect(g.log[hand]!.passes).toBeNull();
      return;
    }
    const dealtHands = g.log[hand]!.deal;
    const passes = dealtHands.map((h) => h.toArray().slice(-g.rules.passCards));
    for (let s = n - 1; s >= 0; s--) {
      const r = applyMove(g, s, { kind: 'pass', cards: passes[s]! });
      expect(r.ok).toBe(true);
      if (r.ok) g = r.value;
    }
    expect(g.phase).toBe('play');
    for (let s = 0; s < n; s++) {
      const from = (s - offset + n) % n;
      const expected = dealtHands[s]!.diff(CardSet.fromCards(passes[s]!)).union(
        CardSet.fromCards(passes[from]!),
      );
      expect(show(handOf(g, s))).toBe(show(expected));
    }
  });

  test.each<[string, (g: GameState) => GameState, number, unknown, string]>([
    ['two cards instead of three', (g) => g, 0, ['AC', '2D'], 'ERR_WRONG_PASS_COUNT'],
    ['four cards instead of three', (g) => g, 0, ['AC', '2D', '3D', '4D'], 'ERR_WRONG_PASS_COUNT'],
    ['no cards', (g) => g, 0, [], 'ERR_WRONG_PASS_COUNT'],
    ['a card twice', (g) => g, 0, ['AC', 'AC', '2D'], 'ERR_DUPLICATE_CARD'],
    ['a card not in hand', (g) => g, 0, ['AC', '2D', '2C'], 'ERR_CARD_NOT_IN_HAND'],
    ['passing again', (g) => passAll(g, ['AC 2D QS']), 0, ['3D', '4D', '5D'], 'ERR_ALREADY_PASSED'],
    ['passing the same again', (g) => passAll(g, ['AC 2D QS']), 0, ['AC', '2D', 'QS'], 'ERR_ALREADY_PASSED'],
  ])('%s', (_, prepare, seat, names, code) => {
    const g = prepare(position({}, DEAL));
    const r = applyMove(g, seat, { kind: 'pass', cards: (names as string[]).map(card) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  test.each<[string, unknown, string]>([
    ['not a list', 'AC 2D QS', 'ERR_WRONG_PASS_COUNT'],
    ['names instead of numbers', ['AC', '2D', 'QS'], 'ERR_BAD_CARD'],
    ['card 99', [12, 13, 99], 'ERR_BAD_CARD'],
    ['null', null, 'ERR_WRONG_PASS_COUNT'],
  ])('a pass that is %s', (_, cards, code) => {
    const r = applyMove(position({}, DEAL), 0, { kind: 'pass', cards } as Move);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  test('a seat that has passed has nothing more to do, the others still pass', () => {
    const g = passAll(position({}, DEAL), ['AC 2D QS', '2C 3C 4C']);
    expect(g.phase).toBe('pass');
    expect(seatsToAct(g)).toEqual([2, 3]);
    expect(legalMoves(g, 0).isEmpty()).toBe(true);
    expect(show(legalMoves(g, 3))).toBe(show(cs(DEAL[3]!)));
    // The hand still shows the dealt cards until the exchange.
    expect(show(handOf(g, 0))).toBe(show(cs(DEAL[0]!)));
  });

  test('passCards 0: no passing phase at all', () => {
    const g = position({ passCards: 0 }, DEAL);
    expect(g.phase).toBe('play');
    expect(g.log[0]!.passes).toBeNull();
  });
});

describe('deals', () => {
  const [h0, h1, h2, h3] = QUEEN_LEADS as [string, string, string, string];
  /** 3 players, 17 cards each, with the removed 2♦ dealt instead of the A♥. */
  const withRemovedCard = (): string[] => {
    const all = CardSet.FULL.without(card('AH')).names();
    return [all.slice(0, 17).join(' '), all.slice(17, 34).join(' '), all.slice(34).join(' ')];
  };
  test.each<[string, Partial<Rules>, () => string[]]>([
    ['a card twice', {}, () => [h0.replace('AC', '2C'), h1, h2, h3]],
    ['hands of 12 and 14 cards', {}, () => [h0.replace(' AC', ''), h1, `${h2} AC`, h3]],
    ['three hands for four players', {}, () => [h0, h1, h2]],
    ['five hands for four players', {}, () => [h0, h1, h2, h3, '']],
    ['a removed card (3 players)', { players: 3 }, withRemovedCard],
  ])('refuses %s', (_, rules, hands) => {
    const r = deal(start(rules), hands().map(cs));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_BAD_DEAL');
  });

  test('the die: required exactly under sevenOfDie, never hearts', () => {
    const hands = QUEEN_LEADS.map(cs);
    expect(deal(start(), hands, 1)).toMatchObject({ ok: false, error: { code: 'ERR_BAD_SEVEN_SUIT' } });
    expect(deal(start({ sevenOfDie: true }), hands)).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_SEVEN_SUIT' },
    });
    expect(deal(start({ sevenOfDie: true }), hands, 3)).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_SEVEN_SUIT' },
    });
    expect(deal(start({ sevenOfDie: true }), hands, 0).ok).toBe(true);
  });

  test('the one roll of the die: a face per source by drawBelow, their sum mod 6; one source rolls alone', () => {
    const counts = [0, 0, 0];
    for (let seed = 0; seed < 300; seed++) {
      const face = drawBelow(seededRandom(seed), 6);
      const suit = rollDie([seededRandom(seed)]);
      expect(suit).toBe(DIE_SUITS[face]);
      counts[suit]!++;
      // Two sources: the faces add up, so any one uniform source makes the die uniform.
      const other = drawBelow(seededRandom(1000 + seed), 6);
      expect(rollDie([seededRandom(seed), seededRandom(1000 + seed)])).toBe(DIE_SUITS[(face + other) % 6]);
    }
    for (const c of counts) expect(c).toBeGreaterThan(60); // clubs, diamonds and spades, never hearts
    expect(() => rollDie([])).toThrow(TypeError);
  });

  test('a second deal in the same hand is refused', () => {
    const g = position({}, QUEEN_LEADS);
    expect(deal(g, QUEEN_LEADS.map(cs))).toMatchObject({ ok: false, error: { code: 'ERR_WRONG_PHASE' } });
  });

  test.each([3, 4, 5, 6])(
    '%i players: removed cards are never dealt and the lowest club leads',
    (players) => {
      for (let seed = 0; seed < 20; seed++) {
        const g = dealRandom(start({ players, passCards: 0 }), seededRandom(seed));
        const lowest = { 3: '2C', 4: '2C', 5: '3C', 6: '4C' }[players]!;
        const size = { 3: 17, 4: 13, 5: 10, 6: 8 }[players]!;
        for (let s = 0; s < players; s++) {
          expect(handOf(g, s).size()).toBe(size);
          for (const c of g.rules.removedCards) expect(handOf(g, s).has(card(c))).toBe(false);
        }
        const leader = toPlay(g)!;
        expect(handOf(g, leader).has(card(lowest))).toBe(true);
        expect(show(legalMoves(g, leader))).toBe(lowest);
      }
    },
  );

  test('3 players without the 2♣: the 3♣ leads', () => {
    const g = dealRandom(start({ players: 3, passCards: 0, removedCards: ['2C'] }), seededRandom(5));
    expect(show(legalMoves(g, toPlay(g)!))).toBe('3C');
  });

  test('firstLead: left of the dealer and the dealer lead, whoever holds the 2♣', () => {
    const rng = seededRandom('lead');
    let g = start({ firstLead: 'dealer', passCards: 0, targetScore: 100_000 });
    let l = start({ firstLead: 'leftOfDealer', passCards: 0, targetScore: 100_000, players: 5 });
    for (let hand = 0; hand < 6; hand++) {
      g = dealRandom(g, rng);
      l = dealRandom(l, rng);
      expect(toPlay(g)!).toBe(hand % 4);
      expect(toPlay(l)!).toBe((hand + 1) % 5);
      expect(legalMoves(g, hand % 4).size()).toBeGreaterThan(0);
      g = advanceUntil(g, rng, (x) => x.phase === 'deal');
      l = advanceUntil(l, rng, (x) => x.phase === 'deal');
    }
  });
});

/** Same position reached twice: a move never changes the state it was applied to. */
test('states are immutable', () => {
  const g = position(NO_PASS, QUEEN_LEADS);
  const before = JSON.stringify(g.log);
  const turn = toPlay(g)!;
  applyMove(g, turn, { kind: 'play', card: card('2C') });
  expect(JSON.stringify(g.log)).toBe(before);
  expect(toPlay(g)!).toBe(turn);
  expect(playPosition(g)!.plays).toBe(0);
  expect(playPosition(dealt(start(NO_PASS), QUEEN_LEADS))!.plays).toBe(0);
});

test('the position on the fast path is the engine’s own: read through toPlay, playPosition, handPlays, handCoreOf', async () => {
  const engine: Record<string, unknown> = await import('./index.js');
  expect(engine).not.toHaveProperty('CORE');
  const g = dealt(start(NO_PASS), QUEEN_LEADS);
  expect(Object.keys(g)).not.toContain('core');
  expect(toPlay(g)).toBe(seatsToAct(g)[0]);
  const copy = handCoreOf(g)!;
  const first = toPlay(g)!;
  const card = legalMoves(g, first).toArray()[0]!;
  copy.play(card); // a copy: the game does not move
  expect(playPosition(g)).toMatchObject({ plays: 0, tricksDone: 0, lastWinner: null, heartsBroken: false });
  expect(handPlays(g)).toEqual([]);
  const next = applyMove(g, first, { kind: 'play', card });
  if (!next.ok) throw new Error(next.error.message);
  expect(handPlays(next.value)).toEqual([{ seat: first, card }]);
  expect(playPosition(next.value)).toMatchObject({ plays: 1, turn: (first + 1) % 4 });
  expect(toPlay(start())).toBeNull();
  expect(playPosition(start())).toBeNull();
});
