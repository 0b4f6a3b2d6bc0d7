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
import {
  CardSet,
  SUITS,
  makeCard,
  parseCard,
  type Card,
  type CardName,
  type Suit,
  type SuitName,
} from './cards.js';
import { compiledRules, HandCore, sevenOf, winningIndex, type HandConfig, type PlayError } from './core.js';
import { drawBelow, randomInt, type RandomSource } from './random.js';
import { err, ok, type Result } from './result.js';
import { dealerOfHand, deckOf, parseRules, passOffset, type Rules, type RulesError } from './rules.js';

export type Phase = 'deal' | 'pass' | 'play' | 'moon' | 'gameOver';
/** The shooter's choice: `minus` = shooter −26, `plus` = every other player +26. */
export type MoonChoice = 'minus' | 'plus';

export type Move =
  | { readonly kind: 'pass'; readonly cards: readonly Card[] }
  | { readonly kind: 'play'; readonly card: Card }
  | { readonly kind: 'moon'; readonly choice: MoonChoice };

/**
 * A move with its cards named (`"QS"`), as bots decide and the wire and records carry it. Read it into a
 * {@link Move} with {@link parseNamedMove}; write one with {@link makeNamedMove}.
 */
export type NamedMove =
  | { readonly kind: 'pass'; readonly cards: readonly CardName[] }
  | { readonly kind: 'play'; readonly card: CardName }
  | { readonly kind: 'moon'; readonly choice: MoonChoice };

/**
 * Reads a named move (from a bot, a client or a record: any value) into an engine {@link Move}. Refuses a name
 * that is not a card (`ERR_BAD_CARD`), a moon choice other than minus or plus (`ERR_BAD_CHOICE`) and anything that
 * is not a move (`ERR_WRONG_PHASE`, as {@link applyMove} does). Whether the move is legal is for `applyMove`.
 */
export function parseNamedMove(input: unknown): Result<Move, MoveError> {
  if (typeof input !== 'object' || input === null) return err('ERR_WRONG_PHASE');
  const m = input as { kind?: unknown; cards?: unknown; card?: unknown; choice?: unknown };
  switch (m.kind) {
    case 'pass': {
      if (!Array.isArray(m.cards)) return err('ERR_WRONG_PASS_COUNT');
      const cards: Card[] = [];
      for (const name of m.cards as unknown[]) {
        const c = typeof name === 'string' ? parseCard(name) : undefined;
        if (c === undefined) return err('ERR_BAD_CARD');
        cards.push(c);
      }
      return ok({ kind: 'pass', cards });
    }
    case 'play': {
      const c = typeof m.card === 'string' ? parseCard(m.card) : undefined;
      return c === undefined ? err('ERR_BAD_CARD') : ok({ kind: 'play', card: c });
    }
    case 'moon':
      return m.choice === 'minus' || m.choice === 'plus'
        ? ok({ kind: 'moon', choice: m.choice })
        : err('ERR_BAD_CHOICE');
    default:
      return err('ERR_WRONG_PHASE');
  }
}

/** A move with its cards named; {@link parseNamedMove} reads it back. */
export function makeNamedMove(move: Move): NamedMove {
  switch (move.kind) {
    case 'pass':
      return { kind: 'pass', cards: move.cards.map(makeCard) };
    case 'play':
      return { kind: 'play', card: makeCard(move.card) };
    case 'moon':
      return { kind: 'moon', choice: move.choice };
  }
}

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

/**
 * The key of a state's position on the fast path (`HandCore`): the engine's own, not exported from the package.
 * Others read a game through the functions below (`toPlay`, `playPosition`, `handPlays`, `handCoreOf` …).
 */
export const CORE: unique symbol = Symbol('hearts.core');

/** A game. Treat as immutable: every transition returns a new state. */
export interface GameState {
  readonly rules: Rules;
  readonly cfg: HandConfig; // compiled rules
  readonly phase: Phase;
  readonly handNumber: number; // the hand being played (or next to deal)
  readonly scores: readonly number[]; // totals after every finished hand
  readonly results: readonly HandResult[]; // one per finished hand
  readonly log: readonly HandLog[]; // one per dealt hand, the current one included
  readonly [CORE]: HandCore | null; // the current hand's position (never mutated once in a state; engine only)
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
    cfg: compiledRules(r),
    phase: 'deal',
    handNumber: 0,
    scores: new Array<number>(r.players).fill(0),
    results: [],
    log: [],
    [CORE]: null,
    moonShooter: null,
    winners: [],
  });
}

export const dealerOf = (state: GameState, handNumber = state.handNumber): number =>
  dealerOfHand(state.rules, handNumber);

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
    [CORE]: null, // the last hand's position must not show while this one is passing
  };
  return ok(offset === 0 ? { ...next, [CORE]: startCore(next, hands) } : next);
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
  const seven = state.rules.sevenOfDie ? rollDie([rng]) : null;
  const r = deal(state, dealDeck(state.rules.players, dealerOf(state), deck), seven);
  if (!r.ok) throw new Error(`internal: random deal refused: ${r.error.message}`);
  return r.value;
}

/**
 * The die of `sevenOfDie`, face 1 to 6 at index 0 to 5: 1–2 spades, 3–4 diamonds, 5–6 clubs. The seven of the
 * suit rolled scores {@link SEVEN_OF_DIE_POINTS} this hand.
 */
export const DIE_SUITS: readonly Suit[] = Object.freeze([2, 2, 1, 1, 0, 0] as const);

/**
 * Rolls the die of `sevenOfDie` — the one place it is rolled, for every deal (random, solo, daily, the fair
 * shuffle). Each source rolls a face by {@link drawBelow}`(source, 6)`, and the die shows their sum mod 6: uniform
 * as soon as one source is uniform and independent of the others, as a composed shuffle is (so no seat of a fair
 * shuffle can steer it); with one source, simply that source's roll. The suit is {@link DIE_SUITS}' of the face.
 */
export function rollDie(sources: readonly RandomSource[]): Suit {
  if (sources.length === 0) throw new TypeError('the die needs a source of randomness');
  let face = 0;
  for (const s of sources) face = (face + drawBelow(s, 6)) % 6;
  return DIE_SUITS[face]!;
}

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
  core.start(masks, dealerOf(state), log.sevenSuit === null ? -1 : sevenOf(log.sevenSuit));
  return core;
}

/** The current hand of a seat: dealt cards while passing, else what it still holds. */
export function handOf(state: GameState, seat: number): CardSet {
  const log = state.log[state.handNumber];
  if (!log) return CardSet.EMPTY;
  if (state.phase === 'pass') return log.deal[seat] ?? CardSet.EMPTY;
  const core = state[CORE];
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
  const core = state[CORE];
  if (state.phase !== 'play' || !core || core.turn !== seat) return CardSet.EMPTY;
  const m = new Uint16Array(4);
  core.legalMasks(m);
  return CardSet.fromSuitMasks(m[0]!, m[1]!, m[2]!, m[3]!);
}

/** The seat to play the next card; null outside the play phase. */
export function toPlay(state: GameState): number | null {
  const core = state[CORE];
  return state.phase === 'play' && core ? core.turn : null;
}

/** Where the hand being played stands, read cheaply (no observation built): what a compact update tells. */
export interface PlayPosition {
  readonly turn: number; // the seat to play next (after a completed trick: its winner)
  readonly plays: number; // cards played this hand
  readonly tricksDone: number; // complete tricks this hand
  readonly lastWinner: number | null; // the winner of the last complete trick (null before the first)
  readonly heartsBroken: boolean;
  readonly handPoints: readonly number[]; // points taken in tricks this hand, per seat (before the moon rule)
}

/** The position of the hand being played; null outside the play phase. */
export function playPosition(state: GameState): PlayPosition | null {
  const core = state[CORE];
  if (state.phase !== 'play' || !core) return null;
  const raw = new Int32Array(state.rules.players);
  core.rawPoints(raw);
  const handPoints = Array.from(raw);
  const tricksDone = core.trickCount;
  return {
    turn: core.turn,
    plays: core.nPlays,
    tricksDone,
    lastWinner: tricksDone > 0 ? core.trickWinners[tricksDone - 1]! : null,
    heartsBroken: core.heartsBroken,
    handPoints,
  };
}

/** Complete tricks of the hand being played (0 outside the play phase): cheaper than {@link playPosition}. */
export function tricksDone(state: GameState): number {
  const core = state[CORE];
  return state.phase === 'play' && core ? core.trickCount : 0;
}

/** A hand's cards in play order, each with the seat that played it (the current hand unless told). */
export function handPlays(
  state: GameState,
  handNumber = state.handNumber,
): { readonly seat: number; readonly card: Card }[] {
  const n = state.rules.players;
  return handTricks(state, handNumber).flatMap((t) =>
    t.cards.map((name, i) => ({ seat: (t.leader + i) % n, card: parseCard(name)! })),
  );
}

/**
 * A copy of the hand's position on the fast path, for playouts that start from a game (the bots' search and its
 * tests); null when no hand is being played. The game itself never changes through it.
 */
export function handCoreOf(state: GameState): HandCore | null {
  return state[CORE]?.clone() ?? null;
}

/** The seats that must act now: the one to play, the shooter choosing, or everyone who has not passed. */
export function seatsToAct(state: GameState): number[] {
  switch (state.phase) {
    case 'pass':
      return state.log[state.handNumber]!.passes!.flatMap((p, s) => (p ? [] : [s]));
    case 'play':
      return [state[CORE]!.turn];
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
  const after = exchange(log.deal, newPasses as CardSet[], currentPassOffset(state));
  return ok({ ...next, phase: 'play', [CORE]: startCore(next, after) });
}

export function playCard(state: GameState, seat: number, card: Card): Result<GameState, IllegalMove> {
  if (state.phase !== 'play' || !state[CORE]) return illegal('ERR_WRONG_PHASE', seat);
  if (!isCard(card)) return illegal('ERR_BAD_CARD', seat);
  const why = state[CORE].whyIllegal(seat, card);
  if (why) return illegal(why, seat, card);
  const core = state[CORE].clone();
  core.play(card);
  const log = state.log[state.handNumber]!;
  const next: GameState = {
    ...state,
    [CORE]: core,
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
export function reachesEnd(rules: Rules, totals: ArrayLike<number>, handsDone: number): boolean {
  if (rules.handsToPlay > 0) return handsDone >= rules.handsToPlay;
  for (let s = 0; s < totals.length; s++) if (totals[s]! >= rules.targetScore) return true;
  return false;
}

/** How a game stands after a hand. */
export interface GameEnd {
  readonly reached: boolean; // the target score or the number of hands is reached (before the tie rule)
  readonly over: boolean; // the game ends: reached, and the tie rule lets it end (ties "shareWin", or one lowest)
  readonly leaders: readonly number[]; // seats with the lowest total
  readonly winners: readonly number[]; // the leaders when the game is over (several share the win), else []
  readonly playingOn: boolean; // ties "playOn": reached with a tie for the lowest total, so more hands follow
}

/** Whether the game ends with `totals` after `handsDone` hands, and who wins: the end of the game of RULES.md. */
export function gameEnd(rules: Rules, totals: readonly number[], handsDone: number): GameEnd {
  const reached = reachesEnd(rules, totals, handsDone);
  const low = Math.min(...totals);
  const leaders = totals.flatMap((t, s) => (t === low ? [s] : []));
  const over = reached && (rules.ties === 'shareWin' || leaders.length === 1);
  return { reached, over, leaders, winners: over ? leaders : [], playingOn: reached && !over };
}

/**
 * How a shot moon counts under the rules' moon rule: `minus` (the shooter less the moon's value) or `plus` (every
 * other seat plus it). `taken` are the hand's points before the moon rule (the shooter's include the moon cards),
 * `scoresBefore` the totals before the hand (one per seat; `taken` may be a longer scratch array); `choice` is the
 * shooter's under `shooterChoice` (`plus` when null).
 * Under `othersPlus26UnlessLosing`: plus, unless plus ends the game with the shooter not alone in the lead.
 * Allocates nothing, for playouts.
 */
export function moonRuling(
  rules: Rules,
  moonValue: number,
  taken: ArrayLike<number>,
  shooter: number,
  scoresBefore: ArrayLike<number>,
  handsDone: number,
  choice: MoonChoice | null,
): MoonChoice {
  switch (rules.moon) {
    case 'shooterMinus26':
      return 'minus';
    case 'shooterChoice':
      return choice ?? 'plus';
    case 'othersPlus26UnlessLosing': {
      const mine = scoresBefore[shooter]! + taken[shooter]! - moonValue;
      let reached = rules.handsToPlay > 0 ? handsDone >= rules.handsToPlay : mine >= rules.targetScore;
      let alone = true;
      for (let s = 0; s < scoresBefore.length; s++) {
        if (s === shooter) continue;
        const t = scoresBefore[s]! + taken[s]! + moonValue;
        if (t <= mine) alone = false;
        if (rules.handsToPlay === 0 && t >= rules.targetScore) reached = true;
      }
      return reached && !alone ? 'minus' : 'plus';
    }
    default:
      return 'plus';
  }
}

/**
 * Scores a hand under the rules' moon rule; `choice` is the shooter's under shooterChoice. `moonChoice` is what a
 * record keeps (the choice, under shooterChoice only); `counted` how the moon counted (null without a moon).
 */
export function scoreHand(
  rules: Rules,
  cfg: HandConfig,
  taken: readonly number[],
  shooter: number,
  scoresBefore: readonly number[],
  handsDone: number,
  choice: MoonChoice | null,
): { points: number[]; moonChoice: MoonChoice | null; counted: MoonChoice | null } {
  const points = taken.slice();
  if (shooter < 0) return { points, moonChoice: null, counted: null };
  const v = cfg.moonValue;
  const how = moonRuling(rules, v, taken, shooter, scoresBefore, handsDone, choice);
  for (let s = 0; s < points.length; s++) {
    if (s === shooter) points[s] = points[s]! - (how === 'minus' ? 2 * v : v);
    else if (how === 'plus') points[s] = points[s]! + v;
  }
  return { points, moonChoice: rules.moon === 'shooterChoice' ? how : null, counted: how };
}

/** What one way of counting a shot moon gives. */
export interface MoonOutcome {
  readonly choice: MoonChoice;
  readonly points: readonly number[]; // the hand's points per seat
  readonly totals: readonly number[]; // the game's totals after the hand
  readonly end: GameEnd; // whether the game ends with this hand, and who wins
}

/** Both ways a shot moon can count, and the one the rules make of it. */
export interface MoonOptions {
  readonly shooter: number;
  readonly minus: MoonOutcome; // the shooter less the moon's value
  readonly plus: MoonOutcome; // every other seat plus the moon's value
  readonly ruled: MoonChoice | null; // how the rules count it; null under shooterChoice, where the shooter chooses
}

/**
 * What each way of counting a shot moon would give — points, totals, whether the game ends and who wins (the
 * target, the number of hands and the tie rule applied) — and which one the moon rule imposes (every rule,
 * `othersPlus26UnlessLosing` included). From the facts the shooter has: the hand's points before the moon rule,
 * the totals before the hand and the number of hands done with this one. For explaining or choosing a moon.
 */
export function moonOptions(
  rules: Rules,
  taken: readonly number[],
  shooter: number,
  scoresBefore: readonly number[],
  handsDone: number,
): MoonOptions {
  const cfg = compiledRules(rules);
  const outcome = (choice: MoonChoice): MoonOutcome => {
    const { points } = scoreHand(
      { ...rules, moon: 'shooterChoice' },
      cfg,
      taken,
      shooter,
      scoresBefore,
      handsDone,
      choice,
    );
    const totals = scoresBefore.map((t, s) => t + points[s]!);
    return { choice, points, totals, end: gameEnd(rules, totals, handsDone) };
  };
  const ruled =
    rules.moon === 'shooterChoice'
      ? null
      : moonRuling(rules, cfg.moonValue, taken, shooter, scoresBefore, handsDone, null);
  return { shooter, minus: outcome('minus'), plus: outcome('plus'), ruled };
}

/** {@link moonOptions} for the shooter's observation in phase `moon`; null in any other phase. */
export function moonOptionsOf(obs: Observation): MoonOptions | null {
  if (obs.phase !== 'moon' || obs.moonShooter === null) return null;
  return moonOptions(obs.rules, obs.handPoints, obs.moonShooter, obs.scores, obs.handNumber + 1);
}

function finishHand(state: GameState, choice: MoonChoice | null): GameState {
  const core = state[CORE]!;
  const raw = new Int32Array(state.rules.players);
  core.rawPoints(raw);
  const taken = Array.from(raw);
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
  const { over, winners } = gameEnd(state.rules, scores, handsDone);
  return {
    ...state,
    scores,
    results: [...state.results, result],
    phase: over ? 'gameOver' : 'deal',
    handNumber: over ? state.handNumber : handsDone,
    moonShooter: null,
    winners,
  };
}

/** Each seat's cards once the passes (every seat's chosen cards) have gone `offset` seats to the left. */
function exchange(dealt: readonly CardSet[], passes: readonly CardSet[], offset: number): CardSet[] {
  const n = dealt.length;
  return dealt.map((h, s) => h.diff(passes[s]!).union(passes[(s - offset + n) % n]!));
}

/**
 * What each seat held for the play of hand `handNumber`: its dealt cards after the exchange of passes (the dealt
 * cards themselves on a hand without passing, or while a pass is still being chosen). Empty for a hand not dealt.
 */
export function heldAfterPassing(state: GameState, handNumber = state.handNumber): CardSet[] {
  const log = state.log[handNumber];
  if (!log) return [];
  const passes = log.passes;
  if (!passes || passes.some((p) => p === null)) return [...log.deal];
  return exchange(log.deal, passes as CardSet[], passOffset(state.rules, handNumber));
}

/**
 * The tricks of hand `handNumber` as far as it was played, from the game's log: complete tricks with their
 * winners, then the trick being played (if any card of it is down). Finished hands too, whose tricks an
 * observation no longer shows.
 */
export function handTricks(state: GameState, handNumber = state.handNumber): TrickView[] {
  const log = state.log[handNumber];
  if (!log || log.plays.length === 0) return [];
  const core = new HandCore(state.cfg);
  const masks: number[] = [];
  for (const h of heldAfterPassing(state, handNumber))
    masks.push(h.suitMask(0), h.suitMask(1), h.suitMask(2), h.suitMask(3));
  core.start(masks, dealerOf(state, handNumber), log.sevenSuit === null ? -1 : sevenOf(log.sevenSuit));
  for (const c of log.plays) core.play(c);
  const { tricks, trick } = tricksOf(core);
  return trick && trick.cards.length > 0 ? [...tricks, trick] : tricks;
}

/** The complete tricks of a hand's position and the trick being played (null when none is open). */
function tricksOf(core: HandCore): { tricks: TrickView[]; trick: TrickView | null } {
  const n = core.cfg.n;
  const tricks: TrickView[] = [];
  let trick: TrickView | null = null;
  for (let t = 0; t * n < core.nPlays; t++) {
    const cards: CardName[] = [];
    for (let i = t * n; i < Math.min(core.nPlays, (t + 1) * n); i++) cards.push(makeCard(core.plays[i]!));
    const leader = core.trickLeaders[t]!;
    if (t < core.trickCount) tricks.push({ leader, cards, winner: core.trickWinners[t]! });
    else trick = { leader, cards };
  }
  if (trick === null && !core.isOver) trick = { leader: core.leader, cards: [] };
  return { tricks, trick };
}

/**
 * The seat that wins a trick: the highest card of the suit led (there is no trump). For a trick still being
 * played, the seat winning it so far; the leader for an empty trick. Names that are not cards never win.
 */
export function trickWinner(
  trick: { readonly leader: number; readonly cards: readonly CardName[] },
  players: number,
): number {
  const cards = trick.cards.map((c) => parseCard(c) ?? -1);
  const first = cards[0];
  if (first === undefined || first < 0) return trick.leader;
  return (trick.leader + winningIndex(cards)) % players;
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
  readonly sevenSuit: SuitName | null; // the die's suit, once rolled and shown (after passing); between hands, the last hand's
  readonly tricks: readonly TrickView[]; // complete tricks of this hand; between hands (phase deal), of the hand just finished
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
  const passes = log?.passes ?? null;
  const ownPass = passes?.[seat] ?? null;
  const fromSeat = (seat - currentPassOffset(state) + n) % n;
  return {
    ...publicView(state),
    seat,
    hand: log !== null ? handOf(state, seat).names() : [],
    passed: ownPass ? ownPass.names() : null,
    received: passes && state.phase !== 'pass' ? passes[fromSeat]!.names() : null,
    legal: legalMoves(state, seat).names(),
  };
}

/**
 * What anyone may know of a game, seated or not: the cards played and by whom, the tricks, the scores, who has
 * passed (never what), how many cards each seat holds. No hand, no passed or received card, no legal move. The
 * one view a watcher of a live table gets (the table driver builds every watcher message from it).
 */
export interface PublicObservation {
  readonly rules: Rules;
  readonly players: number;
  readonly phase: Phase;
  readonly handNumber: number;
  readonly dealer: number;
  readonly passOffset: number;
  readonly handSizes: readonly number[]; // cards each seat holds now (dealt cards while passing)
  readonly passedSeats: readonly boolean[];
  readonly sevenSuit: SuitName | null;
  readonly tricks: readonly TrickView[];
  readonly trick: TrickView | null;
  readonly heartsBroken: boolean;
  readonly turn: number | null;
  readonly handPoints: readonly number[];
  readonly scores: readonly number[];
  readonly handResults: readonly HandResult[];
  readonly moonShooter: number | null;
  readonly winners: readonly number[];
}

/** The public view of a game: {@link observation} without anything only a seat may know. */
export function publicObservation(state: GameState): PublicObservation {
  const n = state.rules.players;
  const current = state.log[state.handNumber] !== undefined;
  const handSizes = Array.from({ length: n }, (_, s) => (current ? handOf(state, s).size() : 0));
  return { ...publicView(state), handSizes };
}

/** The public view less the hand sizes: what a seat's observation and a watcher's share. */
function publicView(state: GameState): Omit<PublicObservation, 'handSizes'> {
  const n = state.rules.players;
  const log = state.log[state.handNumber] ?? null;
  const current = log !== null;
  const passes = current ? log.passes : null;
  const exchanged = state.phase !== 'pass';
  const core = current ? state[CORE] : null;
  const { tricks, trick } = core ? tricksOf(core) : { tricks: [], trick: null };
  const raw = new Int32Array(n);
  if (core) core.rawPoints(raw);
  const handPoints = Array.from(raw);
  // Between hands the finished hand's tricks and die stay in view (all public now): the result speaks of them.
  const finished = state.phase === 'deal' && !current ? (state.log[state.handNumber - 1] ?? null) : null;
  return {
    rules: state.rules,
    players: n,
    phase: state.phase,
    handNumber: state.handNumber,
    dealer: dealerOf(state),
    passOffset: currentPassOffset(state),
    passedSeats: passes ? passes.map((p) => p !== null) : new Array<boolean>(n).fill(false),
    sevenSuit:
      current && exchanged && log.sevenSuit !== null
        ? SUITS[log.sevenSuit]!
        : finished !== null && finished.sevenSuit !== null
          ? SUITS[finished.sevenSuit]!
          : null,
    tricks: finished ? handTricks(state, state.handNumber - 1) : tricks,
    trick,
    heartsBroken: core?.heartsBroken ?? false,
    turn: state.phase === 'play' && core ? core.turn : null,
    handPoints,
    scores: state.scores,
    handResults: state.results,
    moonShooter: state.moonShooter,
    winners: state.winners,
  };
}

/**
 * A public view in the shape of a seat's {@link Observation}, as seen from `seat` by someone who holds no cards
 * there (a watcher): an empty hand, nothing passed or received, no legal move. What a table component shows.
 */
export function watcherView(view: PublicObservation, seat: number): Observation {
  return {
    rules: view.rules,
    seat,
    players: view.players,
    phase: view.phase,
    handNumber: view.handNumber,
    dealer: view.dealer,
    passOffset: view.passOffset,
    hand: [],
    passed: null,
    received: null,
    passedSeats: view.passedSeats,
    sevenSuit: view.sevenSuit,
    tricks: view.tricks,
    trick: view.trick,
    heartsBroken: view.heartsBroken,
    turn: view.turn,
    legal: [],
    handPoints: view.handPoints,
    scores: view.scores,
    handResults: view.handResults,
    moonShooter: view.moonShooter,
    winners: view.winners,
  };
}
