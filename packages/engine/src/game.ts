/**
 * A whole game as an immutable state machine: deal → pass (simultaneous) → tricks → scoring (→ the shooter's
 * choice) → next hand … → game over. Every transition returns a new state or an error as data.
 *
 * ```ts
 * let state = newGame({ targetScore: 100 }).value!;
 * state = dealRandom(state, cryptoRandom());
 * const r = applyMove(state, 0, { kind: 'pass', cards: [parseCard('QS')!, parseCard('AH')!, parseCard('KH')!] });
 * if (!r.ok) console.log(r.error.code); // e.g. 'ERR_CARD_NOT_IN_HAND'
 * ```
 */
import { CardSet, SUITS, makeCard, type Card, type CardName, type Suit, type SuitName } from './cards.js';
import { compileRules, HandCore, type HandConfig, type PlayError } from './core.js';
import { randomInt, type RandomSource } from './random.js';
import { err, ok, type Result } from './result.js';
import { deckOf, parseRules, passOffset, type Rules, type RulesError } from './rules.js';

export type Phase = 'deal' | 'pass' | 'play' | 'moon' | 'gameOver';
/** The shooter's choice: `minus` = shooter −26, `plus` = every other player +26. */
export type MoonChoice = 'minus' | 'plus';

export type Move =
  | { readonly kind: 'pass'; readonly cards: readonly Card[] }
  | { readonly kind: 'play'; readonly card: Card }
  | { readonly kind: 'moon'; readonly choice: MoonChoice };

export type MoveError =
  | PlayError
  | 'ERR_WRONG_PHASE'
  | 'ERR_BAD_SEAT'
  | 'ERR_BAD_CARD'
  | 'ERR_WRONG_PASS_COUNT'
  | 'ERR_DUPLICATE_CARD'
  | 'ERR_ALREADY_PASSED'
  | 'ERR_NOT_SHOOTER'
  | 'ERR_BAD_CHOICE';

/** A refused move: which rule it breaks, in a code and in words. */
export interface IllegalMove {
  readonly code: MoveError;
  readonly message: string;
  readonly seat: number;
  readonly card?: CardName;
}

export type DealError = 'ERR_WRONG_PHASE' | 'ERR_BAD_DEAL' | 'ERR_BAD_SEVEN_SUIT';
export interface IllegalDeal {
  readonly code: DealError;
  readonly message: string;
}

/** What one hand did. */
export interface HandResult {
  readonly points: readonly number[]; // scored per seat, after the moon rule
  readonly taken: readonly number[]; // points taken in tricks, before the moon rule
  readonly shooter: number | null; // who shot the moon
  readonly moonChoice: MoonChoice | null; // how the moon was scored
}

/** Everything that happened in one hand, as a record keeps it. */
export interface HandLog {
  readonly deal: readonly CardSet[]; // each seat's cards before passing
  readonly passes: readonly (CardSet | null)[] | null; // chosen passes (null while not chosen); null without passing
  readonly sevenSuit: Suit | null; // under sevenOfDie
  readonly plays: readonly Card[]; // cards in play order
  readonly moonChoice: MoonChoice | null;
}

/** A game. Treat as immutable: every transition returns a new state. */
export interface GameState {
  readonly rules: Rules;
  readonly cfg: HandConfig; // compiled rules
  readonly phase: Phase;
  readonly handNumber: number; // the hand being played (or next to deal)
  readonly scores: readonly number[]; // totals after every finished hand
  readonly results: readonly HandResult[]; // one per finished hand
  readonly log: readonly HandLog[]; // one per dealt hand, the current one included
  readonly core: HandCore | null; // the current hand's position (never mutated once in a state)
  readonly moonShooter: number | null; // who must choose, in phase moon
  readonly winners: readonly number[]; // at game over
}

const MESSAGES: Record<MoveError, string> = {
  ERR_NOT_YOUR_TURN: 'it is not this seat’s turn',
  ERR_CARD_NOT_IN_HAND: 'the card is not in this seat’s hand',
  ERR_MUST_FOLLOW_SUIT: 'must follow suit',
  ERR_HEARTS_NOT_BROKEN: 'hearts are not broken',
  ERR_POINTS_ON_FIRST_TRICK: 'no points on the first trick',
  ERR_MUST_LEAD_LOWEST_CLUB: 'the first trick must be led with the lowest club',
  ERR_HAND_OVER: 'the hand is over',
  ERR_WRONG_PHASE: 'that move is not expected now',
  ERR_BAD_SEAT: 'no such seat',
  ERR_BAD_CARD: 'not a card',
  ERR_WRONG_PASS_COUNT: 'wrong number of cards passed',
  ERR_DUPLICATE_CARD: 'a card is passed twice',
  ERR_ALREADY_PASSED: 'this seat has already passed',
  ERR_NOT_SHOOTER: 'only the player who shot the moon chooses',
  ERR_BAD_CHOICE: 'the moon choice must be "minus" or "plus"',
};

export const moveErrorMessage = (code: MoveError): string => MESSAGES[code];

const illegal = (code: MoveError, seat: number, card?: Card): Result<never, IllegalMove> =>
  err(
    card === undefined
      ? { code, message: MESSAGES[code], seat }
      : { code, message: MESSAGES[code], seat, card: makeCard(card) },
  );

/** A new game waiting for its first deal. */
export function newGame(rules: Partial<Rules> | Rules = {}): Result<GameState, RulesError> {
  const parsed = parseRules(rules);
  if (!parsed.ok) return parsed;
  const r = parsed.value;
  return ok({
    rules: r,
    cfg: compileRules(r),
    phase: 'deal',
    handNumber: 0,
    scores: new Array<number>(r.players).fill(0),
    results: [],
    log: [],
    core: null,
    moonShooter: null,
    winners: [],
  });
}

export const dealerOf = (state: GameState, handNumber = state.handNumber): number =>
  handNumber % state.rules.players;

/** Seats the cards go to, counted to the left, in the current hand (0: no passing). */
export const currentPassOffset = (state: GameState): number => passOffset(state.rules, state.handNumber);

/**
 * Deals the given hands (seat order, before passing). Under `sevenOfDie` the die's suit must be given too.
 * Every card in play must be dealt exactly once, the same number to every seat.
 */
export function deal(
  state: GameState,
  hands: readonly CardSet[],
  sevenSuit: Suit | null = null,
): Result<GameState, IllegalDeal> {
  if (state.phase !== 'deal')
    return err({ code: 'ERR_WRONG_PHASE', message: 'the game is not waiting for a deal' });
  const n = state.rules.players;
  if (hands.length !== n) return err({ code: 'ERR_BAD_DEAL', message: `a deal needs ${n} hands` });
  let all = CardSet.EMPTY;
  for (const h of hands) {
    if (h.size() !== state.cfg.tricks)
      return err({ code: 'ERR_BAD_DEAL', message: `every hand must hold ${state.cfg.tricks} cards` });
    if (all.intersects(h)) return err({ code: 'ERR_BAD_DEAL', message: 'a card is dealt twice' });
    all = all.union(h);
  }
  if (!all.equals(deckOf(state.rules)))
    return err({ code: 'ERR_BAD_DEAL', message: 'the deal holds a card that is not in play' });
  if (state.rules.sevenOfDie !== (sevenSuit !== null) || sevenSuit === 3)
    return err({
      code: 'ERR_BAD_SEVEN_SUIT',
      message: state.rules.sevenOfDie
        ? 'the die must pick clubs, diamonds or spades'
        : 'no die is rolled under these rules',
    });
  const offset = currentPassOffset(state);
  const log: HandLog = {
    deal: [...hands],
    passes: offset === 0 ? null : new Array<CardSet | null>(n).fill(null),
    sevenSuit,
    plays: [],
    moonChoice: null,
  };
  const next: GameState = {
    ...state,
    log: [...state.log, log],
    phase: offset === 0 ? 'play' : 'pass',
    core: null, // the last hand's position must not show while this one is passing
  };
  return ok(offset === 0 ? { ...next, core: startCore(next, hands) } : next);
}

/**
 * Shuffles the cards in play (Fisher–Yates from the canonical order) and deals them as the fair-shuffle
 * protocol does: the card at index j goes to seat (dealer + 1 + j) mod n. Rolls the die under `sevenOfDie`.
 */
export function dealRandom(state: GameState, rng: RandomSource): GameState {
  const deck = deckOf(state.rules).toArray();
  for (let j = deck.length - 1; j > 0; j--) {
    const k = randomInt(rng, j + 1);
    const t = deck[j]!;
    deck[j] = deck[k]!;
    deck[k] = t;
  }
  const seven = state.rules.sevenOfDie ? DIE_SUITS[randomInt(rng, 6)]! : null;
  const r = deal(state, dealDeck(state.rules.players, dealerOf(state), deck), seven);
  if (!r.ok) throw new Error(`internal: random deal refused: ${r.error.message}`);
  return r.value;
}

/** The die of sevenOfDie: 1–2 spades, 3–4 diamonds, 5–6 clubs. */
const DIE_SUITS: readonly Suit[] = [2, 2, 1, 1, 0, 0];

/** Splits a deck in dealing order into hands: the card at index j goes to seat (dealer + 1 + j) mod n. */
export function dealDeck(players: number, dealer: number, deck: readonly Card[]): CardSet[] {
  const hands: Card[][] = Array.from({ length: players }, () => []);
  deck.forEach((c, j) => hands[(dealer + 1 + j) % players]!.push(c));
  return hands.map((h) => CardSet.fromCards(h));
}

function startCore(state: GameState, hands: readonly CardSet[]): HandCore {
  const core = new HandCore(state.cfg);
  const masks: number[] = [];
  for (const h of hands) masks.push(h.suitMask(0), h.suitMask(1), h.suitMask(2), h.suitMask(3));
  const log = state.log[state.log.length - 1]!;
  core.start(masks, dealerOf(state), log.sevenSuit === null ? -1 : log.sevenSuit * 13 + 5);
  return core;
}

/** The current hand of a seat: dealt cards while passing, else what it still holds. */
export function handOf(state: GameState, seat: number): CardSet {
  const log = state.log[state.handNumber];
  if (!log) return CardSet.EMPTY;
  if (state.phase === 'pass') return log.deal[seat] ?? CardSet.EMPTY;
  const core = state.core;
  if (!core) return CardSet.EMPTY;
  const b = seat * 4;
  return CardSet.fromSuitMasks(core.hands[b]!, core.hands[b + 1]!, core.hands[b + 2]!, core.hands[b + 3]!);
}

/** The cards the seat may play now (empty when it is not its turn), or may pass (its hand, until it passed). */
export function legalMoves(state: GameState, seat: number): CardSet {
  if (state.phase === 'pass') {
    const passes = state.log[state.handNumber]!.passes!;
    return passes[seat] ? CardSet.EMPTY : handOf(state, seat);
  }
  const core = state.core;
  if (state.phase !== 'play' || !core || core.turn !== seat) return CardSet.EMPTY;
  const m = [0, 0, 0, 0];
  core.legalMasks(m);
  return CardSet.fromSuitMasks(m[0]!, m[1]!, m[2]!, m[3]!);
}

/** The seats that must act now: the one to play, the shooter choosing, or everyone who has not passed. */
export function seatsToAct(state: GameState): number[] {
  switch (state.phase) {
    case 'pass':
      return state.log[state.handNumber]!.passes!.flatMap((p, s) => (p ? [] : [s]));
    case 'play':
      return [state.core!.turn];
    case 'moon':
      return [state.moonShooter!];
    default:
      return [];
  }
}

/** Applies one seat's move, or says which rule it breaks. */
export function applyMove(state: GameState, seat: number, move: Move): Result<GameState, IllegalMove> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.rules.players)
    return illegal('ERR_BAD_SEAT', seat);
  if (typeof move !== 'object' || move === null) return illegal('ERR_WRONG_PHASE', seat);
  switch (move.kind) {
    case 'pass':
      return passCards(state, seat, move.cards);
    case 'play':
      return playCard(state, seat, move.card);
    case 'moon':
      return chooseMoon(state, seat, move.choice);
    default:
      return illegal('ERR_WRONG_PHASE', seat);
  }
}

const isCard = (c: unknown): c is Card => Number.isInteger(c) && (c as number) >= 0 && (c as number) < 52;

export function passCards(
  state: GameState,
  seat: number,
  cards: readonly Card[],
): Result<GameState, IllegalMove> {
  if (state.phase !== 'pass') return illegal('ERR_WRONG_PHASE', seat);
  const log = state.log[state.handNumber]!;
  const passes = log.passes!;
  if (passes[seat]) return illegal('ERR_ALREADY_PASSED', seat);
  if (!Array.isArray(cards)) return illegal('ERR_WRONG_PASS_COUNT', seat);
  for (const c of cards) if (!isCard(c)) return illegal('ERR_BAD_CARD', seat);
  const hand = log.deal[seat]!;
  for (const c of cards) if (!hand.has(c)) return illegal('ERR_CARD_NOT_IN_HAND', seat, c);
  const set = CardSet.fromCards(cards);
  if (set.size() !== cards.length) return illegal('ERR_DUPLICATE_CARD', seat);
  if (cards.length !== state.rules.passCards) return illegal('ERR_WRONG_PASS_COUNT', seat);
  const newPasses = passes.slice();
  newPasses[seat] = set;
  const newLog: HandLog = { ...log, passes: newPasses };
  const next: GameState = { ...state, log: replaceLast(state.log, newLog) };
  if (newPasses.some((p) => p === null)) return ok(next);
  // Everyone has chosen: exchange at once.
  const n = state.rules.players;
  const offset = currentPassOffset(state);
  const after = log.deal.map((h, s) => h.diff(newPasses[s]!).union(newPasses[(s - offset + n) % n]!));
  return ok({ ...next, phase: 'play', core: startCore(next, after) });
}

export function playCard(state: GameState, seat: number, card: Card): Result<GameState, IllegalMove> {
  if (state.phase !== 'play' || !state.core) return illegal('ERR_WRONG_PHASE', seat);
  if (!isCard(card)) return illegal('ERR_BAD_CARD', seat);
  const why = state.core.whyIllegal(seat, card);
  if (why) return illegal(why, seat, card);
  const core = state.core.clone();
  core.play(card);
  const log = state.log[state.handNumber]!;
  const next: GameState = {
    ...state,
    core,
    log: replaceLast(state.log, { ...log, plays: [...log.plays, card] }),
  };
  if (!core.isOver) return ok(next);
  const shooter = core.shooter();
  if (shooter >= 0 && state.rules.moon === 'shooterChoice')
    return ok({ ...next, phase: 'moon', moonShooter: shooter });
  return ok(finishHand(next, null));
}

export function chooseMoon(
  state: GameState,
  seat: number,
  choice: MoonChoice,
): Result<GameState, IllegalMove> {
  if (state.phase !== 'moon') return illegal('ERR_WRONG_PHASE', seat);
  if (seat !== state.moonShooter) return illegal('ERR_NOT_SHOOTER', seat);
  if (choice !== 'minus' && choice !== 'plus') return illegal('ERR_BAD_CHOICE', seat);
  const log = state.log[state.handNumber]!;
  return ok(finishHand({ ...state, log: replaceLast(state.log, { ...log, moonChoice: choice }) }, choice));
}

/** Whether totals end the game after `handsDone` hands (before the tie rule). */
export function reachesEnd(rules: Rules, totals: readonly number[], handsDone: number): boolean {
  return rules.handsToPlay > 0 ? handsDone >= rules.handsToPlay : Math.max(...totals) >= rules.targetScore;
}

/** Scores a hand under the rules' moon rule; `choice` is the shooter's under shooterChoice. */
export function scoreHand(
  rules: Rules,
  cfg: HandConfig,
  taken: readonly number[],
  shooter: number,
  scoresBefore: readonly number[],
  handsDone: number,
  choice: MoonChoice | null,
): { points: number[]; moonChoice: MoonChoice | null } {
  const points = taken.slice();
  if (shooter < 0) return { points, moonChoice: null };
  const v = cfg.moonValue;
  let how: MoonChoice;
  switch (rules.moon) {
    case 'shooterMinus26':
      how = 'minus';
      break;
    case 'shooterChoice':
      how = choice ?? 'plus';
      break;
    case 'othersPlus26UnlessLosing': {
      const totals = scoresBefore.map((t, s) => t + taken[s]! + (s === shooter ? -v : v));
      const mine = totals[shooter]!;
      const aloneInLead = totals.every((t, s) => s === shooter || t > mine);
      how = reachesEnd(rules, totals, handsDone) && !aloneInLead ? 'minus' : 'plus';
      break;
    }
    default:
      how = 'plus';
  }
  for (let s = 0; s < points.length; s++) {
    if (s === shooter) points[s] = points[s]! - (how === 'minus' ? 2 * v : v);
    else if (how === 'plus') points[s] = points[s]! + v;
  }
  return { points, moonChoice: rules.moon === 'shooterChoice' ? how : null };
}

function finishHand(state: GameState, choice: MoonChoice | null): GameState {
  const core = state.core!;
  const taken = new Array<number>(state.rules.players).fill(0);
  core.rawPoints(taken);
  const shooter = core.shooter();
  const handsDone = state.handNumber + 1;
  const { points, moonChoice } = scoreHand(
    state.rules,
    state.cfg,
    taken,
    shooter,
    state.scores,
    handsDone,
    choice,
  );
  const scores = state.scores.map((t, s) => t + points[s]!);
  const result: HandResult = { points, taken, shooter: shooter >= 0 ? shooter : null, moonChoice };
  const low = Math.min(...scores);
  const winners = scores.flatMap((t, s) => (t === low ? [s] : []));
  const over =
    reachesEnd(state.rules, scores, handsDone) && (state.rules.ties === 'shareWin' || winners.length === 1);
  return {
    ...state,
    scores,
    results: [...state.results, result],
    phase: over ? 'gameOver' : 'deal',
    handNumber: over ? state.handNumber : handsDone,
    moonShooter: null,
    winners: over ? winners : [],
  };
}

function replaceLast<T>(xs: readonly T[], x: T): T[] {
  const out = xs.slice();
  out[out.length - 1] = x;
  return out;
}

/** A trick as observations and protocols show it. */
export interface TrickView {
  readonly leader: number;
  readonly cards: readonly CardName[];
  readonly winner?: number; // complete tricks only
}

/**
 * Everything one seat may know, and nothing more. The only thing bots, clients and logs ever get.
 * Plain JSON: cards are names.
 */
export interface Observation {
  readonly rules: Rules;
  readonly seat: number; // whose view this is
  readonly players: number;
  readonly phase: Phase;
  readonly handNumber: number;
  readonly dealer: number;
  readonly passOffset: number; // seats to the left the cards go this hand; 0: no passing
  readonly hand: readonly CardName[]; // what the seat holds now (its dealt cards while passing)
  readonly passed: readonly CardName[] | null; // cards this seat passed (null before choosing or without passing)
  readonly received: readonly CardName[] | null; // cards it received (null until everyone has passed)
  readonly passedSeats: readonly boolean[]; // who has chosen their pass (public)
  readonly sevenSuit: SuitName | null; // the die's suit, once rolled and shown (after passing)
  readonly tricks: readonly TrickView[]; // complete tricks of this hand
  readonly trick: TrickView | null; // the trick being played
  readonly heartsBroken: boolean;
  readonly turn: number | null; // seat to play, or null
  readonly legal: readonly CardName[]; // what this seat may play or pass now
  readonly handPoints: readonly number[]; // points taken in this hand so far, per seat
  readonly scores: readonly number[]; // game totals before this hand (after it, once it is scored)
  readonly handResults: readonly HandResult[]; // every finished hand
  readonly moonShooter: number | null; // in phase moon: who chooses
  readonly winners: readonly number[]; // at game over
}

export function observation(state: GameState, seat: number): Observation {
  const n = state.rules.players;
  const log = state.log[state.handNumber] ?? null;
  const current = log !== null;
  const offset = currentPassOffset(state);
  const passes = current ? log.passes : null;
  const exchanged = state.phase !== 'pass';
  const core = current ? state.core : null;
  const tricks: TrickView[] = [];
  let trick: TrickView | null = null;
  const handPoints = new Array<number>(n).fill(0);
  if (core) {
    for (let t = 0; t * n < core.nPlays; t++) {
      const cards: CardName[] = [];
      for (let i = t * n; i < Math.min(core.nPlays, (t + 1) * n); i++) cards.push(makeCard(core.plays[i]!));
      const leader = core.trickLeaders[t]!;
      if (t < core.trickCount) tricks.push({ leader, cards, winner: core.trickWinners[t]! });
      else trick = { leader, cards };
    }
    core.rawPoints(handPoints);
  }
  if (core && trick === null && !core.isOver) trick = { leader: core.leader, cards: [] };
  const ownPass = passes?.[seat] ?? null;
  const fromSeat = (seat - offset + n) % n;
  return {
    rules: state.rules,
    seat,
    players: n,
    phase: state.phase,
    handNumber: state.handNumber,
    dealer: dealerOf(state),
    passOffset: offset,
    hand: current ? handOf(state, seat).names() : [],
    passed: ownPass ? ownPass.names() : null,
    received: passes && exchanged ? passes[fromSeat]!.names() : null,
    passedSeats: passes ? passes.map((p) => p !== null) : new Array<boolean>(n).fill(false),
    sevenSuit: current && exchanged && log.sevenSuit !== null ? SUITS[log.sevenSuit]! : null,
    tricks,
    trick,
    heartsBroken: core?.heartsBroken ?? false,
    turn: state.phase === 'play' && core ? core.turn : null,
    legal: legalMoves(state, seat).names(),
    handPoints,
    scores: state.scores,
    handResults: state.results,
    moonShooter: state.moonShooter,
    winners: state.winners,
  };
}
