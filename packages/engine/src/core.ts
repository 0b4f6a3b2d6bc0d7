/**
 * The mutable fast path: one hand of play on typed arrays. Legal moves, playing a card, resolving a trick and
 * undo allocate nothing, so bots' playouts and the benchmark run millions of plays per second on it.
 * The public, immutable API in `game.ts` is built on this same code; the rules live only here.
 *
 * ```ts
 * const cfg = compileRules(DEFAULT_RULES);
 * const hand = new HandCore(cfg);
 * hand.deal(dealtSuitMasks, 0); // 4 seats × 4 suit masks
 * const moves = new Int8Array(52);
 * const n = hand.legalInto(moves);
 * hand.play(moves[0]!);
 * hand.undo();
 * ```
 */
import {
  CardSet,
  CLUBS,
  HEARTS,
  JACK_OF_DIAMONDS,
  KING_OF_SPADES,
  ACE_OF_SPADES,
  POPCOUNT13,
  QUEEN_OF_SPADES,
  SPADES,
  type Card,
  type Suit,
} from './cards.js';
import { deckOf, lowestClub, RULE_NAMES, tricksPerHand, type Rules } from './rules.js';

const QS_BIT = 1 << 10;
const FIRST_LEAD_LOWEST_CLUB = 0;
const FIRST_LEAD_LEFT_OF_DEALER = 1;
const FIRST_LEAD_DEALER = 2;

/** The rules compiled into the numbers the fast path needs. Build with {@link compileRules}. */
export interface HandConfig {
  readonly rules: Rules;
  readonly n: number; // seats
  readonly tricks: number; // tricks per hand
  readonly firstLead: number; // 0 lowest club, 1 left of dealer, 2 dealer
  readonly lowestClub: Card; // -1 if none in play
  readonly pointsOnFirstTrick: boolean;
  readonly heartsMustBeBroken: boolean;
  readonly queenBreaksHearts: boolean;
  readonly cardPoints: Int16Array; // points of each card, the seven of the die excluded
  readonly suitPoints: Int16Array; // suit * 8192 + mask → points of those cards of the suit
  readonly deckMasks: Uint16Array; // suit masks of the cards in play
  readonly moonHearts: number; // hearts needed for the moon (all hearts in play)
  readonly moonQueen: boolean; // whether the Q♠ is in play and needed
  readonly moonValue: number; // what the moon cards count together
  readonly moonAllowed: boolean; // false when moon is "none"
}

/** Suit-point tables by card points (64 KB each, read only): every game of the same scoring shares one. */
const SUIT_POINTS = new Map<string, Int16Array>();

function suitPointsOf(cardPoints: Int16Array): Int16Array {
  const key = cardPoints.join();
  const known = SUIT_POINTS.get(key);
  if (known) return known;
  const suitPoints = new Int16Array(4 * 8192);
  for (let suit = 0; suit < 4; suit++) {
    for (let m = 1; m < 8192; m++) {
      const low = 31 - Math.clz32(m & -m);
      suitPoints[suit * 8192 + m] = suitPoints[suit * 8192 + (m & (m - 1))]! + cardPoints[suit * 13 + low]!;
    }
  }
  if (SUIT_POINTS.size >= 32) SUIT_POINTS.clear();
  SUIT_POINTS.set(key, suitPoints);
  return suitPoints;
}

/** Compiles the rules afresh. Prefer {@link compiledRules}, which shares one compilation per set of rules. */
export function compileRules(rules: Rules): HandConfig {
  const deck = deckOf(rules);
  const cardPoints = new Int16Array(52);
  for (let r = 0; r < 13; r++) cardPoints[HEARTS * 13 + r] = rules.heartValues === 'rank' ? r + 2 : 1;
  cardPoints[QUEEN_OF_SPADES] = rules.queenPoints;
  cardPoints[JACK_OF_DIAMONDS] = rules.jackOfDiamonds;
  if (rules.blackMariaSpades) {
    cardPoints[KING_OF_SPADES] = 10;
    cardPoints[ACE_OF_SPADES] = 7;
  }
  const suitPoints = suitPointsOf(cardPoints);
  const deckMasks = new Uint16Array([deck.suitMask(0), deck.suitMask(1), deck.suitMask(2), deck.suitMask(3)]);
  const moonHearts = deckMasks[HEARTS]!;
  const moonQueen = deck.has(QUEEN_OF_SPADES);
  let moonValue = moonQueen ? rules.queenPoints : 0;
  for (let r = 0; r < 13; r++) if (moonHearts & (1 << r)) moonValue += cardPoints[HEARTS * 13 + r]!;
  return {
    rules,
    n: rules.players,
    tricks: tricksPerHand(rules),
    firstLead:
      rules.firstLead === 'lowestClub'
        ? FIRST_LEAD_LOWEST_CLUB
        : rules.firstLead === 'leftOfDealer'
          ? FIRST_LEAD_LEFT_OF_DEALER
          : FIRST_LEAD_DEALER,
    lowestClub: lowestClub(rules) ?? -1,
    pointsOnFirstTrick: rules.pointsOnFirstTrick,
    heartsMustBeBroken: rules.heartsMustBeBroken,
    queenBreaksHearts: rules.queenBreaksHearts,
    cardPoints,
    suitPoints,
    deckMasks,
    moonHearts,
    moonQueen,
    moonValue,
    moonAllowed: rules.moon !== 'none' && (moonHearts !== 0 || moonQueen), // no moon without moon cards
  };
}

const COMPILED = new WeakMap<Rules, HandConfig>();
const COMPILED_BY_KEY = new Map<string, HandConfig>();

/**
 * The compiled rules, shared: one {@link HandConfig} per rules object (held weakly), and one per distinct set of
 * options among the last 32 seen, so that the fresh rules object of every deserialized observation costs a
 * lookup, not a compilation. The config is shared: treat it and its arrays as read only.
 */
export function compiledRules(rules: Rules): HandConfig {
  const known = COMPILED.get(rules);
  if (known) return known;
  const key = RULE_NAMES.map((name) => JSON.stringify(rules[name])).join();
  let cfg = COMPILED_BY_KEY.get(key);
  if (!cfg) {
    if (COMPILED_BY_KEY.size >= 32) COMPILED_BY_KEY.clear();
    cfg = compileRules(rules);
    COMPILED_BY_KEY.set(key, cfg);
  }
  COMPILED.set(rules, cfg);
  return cfg;
}

/**
 * What a moon is worth under these rules: what its cards (every heart in play and the Q♠) count together — 26 by
 * the standard rules, 129 in spot hearts. The others score it (or the shooter loses it), whatever the moon option.
 */
export const moonPoints = (rules: Rules): number => compiledRules(rules).moonValue;

/** The cards a moon needs under these rules: every heart in play and the Q♠ (when in play). */
export const moonCardsOf = (cfg: HandConfig): CardSet =>
  CardSet.fromSuitMasks(0, 0, cfg.moonQueen ? 1 << (QUEEN_OF_SPADES % 13) : 0, cfg.moonHearts);

/** What the seven picked by the die scores under `sevenOfDie`, for whoever takes it. */
export const SEVEN_OF_DIE_POINTS = 40;

/** The seven of a suit: the card the die picks under `sevenOfDie`. */
export const sevenOf = (suit: Suit): Card => suit * 13 + 5;

/** Whether playing `card` breaks hearts: any heart, and the Q♠ under `queenBreaksHearts`. */
export const breaksHearts = (rules: Pick<Rules, 'queenBreaksHearts'>, card: Card): boolean =>
  ((card / 13) | 0) === HEARTS || (card === QUEEN_OF_SPADES && rules.queenBreaksHearts);

/**
 * What each card scores for whoever takes it in a hand whose die picked `sevenSuit` (null: no die, or not yet
 * shown): the rules' card points plus the seven of the die. A fresh array.
 */
export function handCardPoints(cfg: HandConfig, sevenSuit: Suit | null): Int16Array {
  const points = Int16Array.from(cfg.cardPoints);
  if (sevenSuit !== null) points[sevenOf(sevenSuit)]! += SEVEN_OF_DIE_POINTS;
  return points;
}

/**
 * The position in a trick of the card that wins it: the highest card of the suit led (there is no trump).
 * `cards` holds the trick's cards from `start` on, in play order from the leader; `count` of them are looked at.
 * For a trick still being played this is the card winning so far.
 */
export function winningIndex(cards: ArrayLike<Card>, start = 0, count = cards.length - start): number {
  if (cards instanceof Int8Array) return winningAt(cards, start, count);
  const trick = count <= TRICK_SCRATCH.length ? TRICK_SCRATCH : new Int8Array(count);
  for (let i = 0; i < count; i++) trick[i] = cards[start + i]!;
  return winningAt(trick, 0, count);
}

/** A trick's cards copied for {@link winningIndex}, so that its rule reads one kind of array only. */
const TRICK_SCRATCH = new Int8Array(52);

/**
 * {@link winningIndex} on the one kind of array the fast path holds: a function that reads a single kind of array
 * stays fast in V8 (one read of a plain array beside typed arrays made the playouts about a fifth slower).
 */
function winningAt(cards: Int8Array, start: number, count: number): number {
  const first = cards[start]!;
  const led = (first / 13) | 0;
  let best = first;
  let bestPos = 0;
  for (let i = 1; i < count; i++) {
    const x = cards[start + i]!;
    if (x > best && ((x / 13) | 0) === led) {
      best = x;
      bestPos = i;
    }
  }
  return bestPos;
}

/** Why a card may not be played; string enums so that they read well in logs, records and protocols. */
export type PlayError =
  | 'ERR_NOT_YOUR_TURN'
  | 'ERR_CARD_NOT_IN_HAND'
  | 'ERR_MUST_FOLLOW_SUIT'
  | 'ERR_HEARTS_NOT_BROKEN'
  | 'ERR_POINTS_ON_FIRST_TRICK'
  | 'ERR_MUST_LEAD_LOWEST_CLUB'
  | 'ERR_HAND_OVER';

/**
 * One hand from the first lead to the last trick, on typed arrays. Hands are suit masks: `hands[seat * 4 + suit]`
 * holds 13 bits, bit r = rank r. Invariants: a card is in at most one hand or in `plays`; `nPlays` cards have
 * been played, `trickCount` tricks are complete, `turn` is the seat to play.
 */
export class HandCore {
  readonly hands = new Uint16Array(24); // current holdings, seat * 4 + suit
  readonly taken = new Uint16Array(24); // cards won in tricks, seat * 4 + suit
  readonly plays = new Int8Array(52); // every card played, in order
  readonly trickLeaders = new Int8Array(18); // leader of each trick (one past the last: next leader)
  readonly trickWinners = new Int8Array(17); // winner of each complete trick
  nPlays = 0; // cards played this hand
  trickCount = 0; // complete tricks
  turn = 0; // seat to play
  brokenAt = -1; // index in plays of the card that broke hearts, -1 while unbroken
  dealer = 0; // seat that dealt
  sevenCard = -1; // the 7 that scores 40 under sevenOfDie, else -1

  constructor(readonly cfg: HandConfig) {}

  /** Sets the hands (seat × suit masks, after passing) and finds the first leader. */
  start(hands: ArrayLike<number>, dealer: number, sevenCard = -1): void {
    const n = this.cfg.n;
    for (let i = 0; i < n * 4; i++) this.hands[i] = hands[i]!;
    this.taken.fill(0);
    this.nPlays = 0;
    this.trickCount = 0;
    this.brokenAt = -1;
    this.dealer = dealer;
    this.sevenCard = sevenCard;
    let leader = dealer;
    if (this.cfg.firstLead === FIRST_LEAD_LEFT_OF_DEALER) leader = (dealer + 1) % n;
    else if (this.cfg.firstLead === FIRST_LEAD_LOWEST_CLUB) {
      const bit = 1 << this.cfg.lowestClub;
      for (let s = 0; s < n; s++) if (this.hands[s * 4 + CLUBS]! & bit) leader = s;
    }
    this.trickLeaders[0] = leader;
    this.turn = leader;
  }

  /** Copies another hand's position into this one without allocating. Both must share rules. */
  copyFrom(o: HandCore): void {
    this.hands.set(o.hands);
    this.taken.set(o.taken);
    this.plays.set(o.plays);
    this.trickLeaders.set(o.trickLeaders);
    this.trickWinners.set(o.trickWinners);
    this.nPlays = o.nPlays;
    this.trickCount = o.trickCount;
    this.turn = o.turn;
    this.brokenAt = o.brokenAt;
    this.dealer = o.dealer;
    this.sevenCard = o.sevenCard;
  }

  clone(): HandCore {
    const c = new HandCore(this.cfg);
    c.copyFrom(this);
    return c;
  }

  get heartsBroken(): boolean {
    return this.brokenAt >= 0;
  }

  /** Cards already played to the current trick. */
  get trickSize(): number {
    return this.nPlays - this.trickCount * this.cfg.n;
  }

  get isOver(): boolean {
    return this.trickCount === this.cfg.tricks;
  }

  /** The leader of the current trick. */
  get leader(): number {
    return this.trickLeaders[this.trickCount]!;
  }

  /** The suit led to the current trick, or -1 when the trick is empty. */
  get ledSuit(): number {
    return this.trickSize === 0 ? -1 : (this.plays[this.trickCount * this.cfg.n]! / 13) | 0;
  }

  /** The seat that played the card at index `p` of `plays`. */
  seatOfPlay(p: number): number {
    const n = this.cfg.n;
    return (this.trickLeaders[(p / n) | 0]! + (p % n)) % n;
  }

  /** Writes the legal cards of the seat to play as four suit masks into `out`; returns how many there are. */
  legalMasks(out: Uint16Array): number {
    const cfg = this.cfg;
    const base = this.turn * 4;
    const h = this.hands;
    const c = h[base]!;
    const d = h[base + 1]!;
    const s = h[base + 2]!;
    const hh = h[base + 3]!;
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    out[3] = 0;
    if (this.trickCount === cfg.tricks) return 0;
    const firstTrick = this.trickCount === 0;
    const noPoints = firstTrick && !cfg.pointsOnFirstTrick;
    const inTrick = this.trickSize;
    if (inTrick > 0) {
      const led = (this.plays[this.trickCount * cfg.n]! / 13) | 0;
      const f = h[base + led]!;
      if (f) {
        let m = f;
        if (noPoints) {
          const r = led === HEARTS ? 0 : led === SPADES ? f & ~QS_BIT : f;
          if (r) m = r;
        }
        out[led] = m;
        return POPCOUNT13[m]!;
      }
      // Void in the suit led: anything, but no points on the first trick unless nothing else is left.
      if (noPoints && c | d | (s & ~QS_BIT)) {
        out[0] = c;
        out[1] = d;
        out[2] = s & ~QS_BIT;
        return POPCOUNT13[c]! + POPCOUNT13[d]! + POPCOUNT13[s & ~QS_BIT]!;
      }
      out[0] = c;
      out[1] = d;
      out[2] = s;
      out[3] = hh;
      return POPCOUNT13[c]! + POPCOUNT13[d]! + POPCOUNT13[s]! + POPCOUNT13[hh]!;
    }
    // Leading.
    if (firstTrick && cfg.firstLead === FIRST_LEAD_LOWEST_CLUB) {
      const bit = 1 << cfg.lowestClub;
      if (c & bit) {
        out[0] = bit;
        return 1;
      }
      return 0;
    }
    let ls = s;
    let lh = hh;
    if (noPoints) {
      ls &= ~QS_BIT;
      lh = 0;
    }
    if (cfg.heartsMustBeBroken && this.brokenAt < 0) lh = 0;
    if (c | d | ls | lh) {
      out[0] = c;
      out[1] = d;
      out[2] = ls;
      out[3] = lh;
      return POPCOUNT13[c]! + POPCOUNT13[d]! + POPCOUNT13[ls]! + POPCOUNT13[lh]!;
    }
    // Only hearts (and perhaps the Q♠) left: before hearts are broken the Q♠ leads; else any of them.
    if (cfg.heartsMustBeBroken && this.brokenAt < 0 && s & QS_BIT) {
      out[2] = QS_BIT;
      return 1;
    }
    out[2] = s;
    out[3] = hh;
    return POPCOUNT13[s]! + POPCOUNT13[hh]!;
  }

  private readonly scratch = new Uint16Array(4);

  /** Writes the legal cards of the seat to play into `out` (in canonical order); returns the count. */
  legalInto(out: Int8Array): number {
    const m = this.scratch;
    this.legalMasks(m);
    let k = 0;
    for (let suit = 0; suit < 4; suit++) {
      for (let x = m[suit]!; x; x &= x - 1) out[k++] = suit * 13 + 31 - Math.clz32(x & -x);
    }
    return k;
  }

  isLegal(card: Card): boolean {
    this.legalMasks(this.scratch);
    return (this.scratch[(card / 13) | 0]! & (1 << (card % 13))) !== 0;
  }

  /** Why `seat` may not play `card` now, or null if it may. */
  whyIllegal(seat: number, card: Card): PlayError | null {
    if (this.isOver) return 'ERR_HAND_OVER';
    if (seat !== this.turn) return 'ERR_NOT_YOUR_TURN';
    const suit = (card / 13) | 0;
    const bit = 1 << (card % 13);
    if (!(this.hands[seat * 4 + suit]! & bit)) return 'ERR_CARD_NOT_IN_HAND';
    if (this.isLegal(card)) return null;
    if (this.trickSize > 0) {
      const led = this.ledSuit;
      return suit !== led && this.hands[seat * 4 + led]
        ? 'ERR_MUST_FOLLOW_SUIT'
        : 'ERR_POINTS_ON_FIRST_TRICK';
    }
    if (this.trickCount === 0 && this.cfg.firstLead === FIRST_LEAD_LOWEST_CLUB)
      return 'ERR_MUST_LEAD_LOWEST_CLUB';
    if (suit === HEARTS && this.cfg.heartsMustBeBroken && this.brokenAt < 0) return 'ERR_HEARTS_NOT_BROKEN';
    return 'ERR_POINTS_ON_FIRST_TRICK';
  }

  /** Plays a card for the seat to play. The card must be legal (check with {@link isLegal} first). */
  play(card: Card): void {
    const cfg = this.cfg;
    const n = cfg.n;
    const suit = (card / 13) | 0;
    this.hands[this.turn * 4 + suit]! &= ~(1 << (card % 13));
    const p = this.nPlays++;
    this.plays[p] = card;
    if (this.brokenAt < 0 && breaksHearts(cfg, card)) {
      this.brokenAt = p;
    }
    const start = this.trickCount * n;
    if (p - start === n - 1) {
      const winner = (this.trickLeaders[this.trickCount]! + winningAt(this.plays, start, n)) % n;
      const tb = winner * 4;
      for (let i = 0; i < n; i++) {
        const x = this.plays[start + i]!;
        this.taken[tb + ((x / 13) | 0)]! |= 1 << (x % 13);
      }
      this.trickWinners[this.trickCount] = winner;
      this.trickCount++;
      this.trickLeaders[this.trickCount] = winner;
      this.turn = winner;
    } else {
      this.turn = this.turn + 1 === n ? 0 : this.turn + 1;
    }
  }

  /** Takes back the last card played. */
  undo(): void {
    const n = this.cfg.n;
    const p = --this.nPlays;
    const card = this.plays[p]!;
    if (p === this.brokenAt) this.brokenAt = -1;
    if (this.trickCount > 0 && p === this.trickCount * n - 1) {
      this.trickCount--;
      const tb = this.trickWinners[this.trickCount]! * 4;
      const start = this.trickCount * n;
      for (let i = 0; i < n; i++) {
        const x = this.plays[start + i]!;
        this.taken[tb + ((x / 13) | 0)]! &= ~(1 << (x % 13));
      }
    }
    const seat = this.seatOfPlay(p);
    this.hands[seat * 4 + ((card / 13) | 0)]! |= 1 << (card % 13);
    this.turn = seat;
  }

  /** Points each seat has taken so far this hand, before any moon rule. */
  rawPoints(out: Int32Array): void {
    const sp = this.cfg.suitPoints;
    const seven = this.sevenCard;
    for (let s = 0; s < this.cfg.n; s++) {
      const b = s * 4;
      let total = sp[this.taken[b]!]! + sp[8192 + this.taken[b + 1]!]! + sp[16384 + this.taken[b + 2]!]!;
      total += sp[24576 + this.taken[b + 3]!]!;
      if (seven >= 0 && this.taken[b + ((seven / 13) | 0)]! & (1 << (seven % 13)))
        total += SEVEN_OF_DIE_POINTS;
      out[s] = total;
    }
  }

  /**
   * The points of the moon cards (the hearts in play and the Q♠) each seat has taken so far this hand: what a
   * moon is made of. Black Maria's K♠ and A♠, the J♦ and the seven of the die count in {@link rawPoints}, not here.
   */
  moonCardPoints(out: Int32Array): void {
    const cfg = this.cfg;
    const sp = cfg.suitPoints;
    const queen = cfg.moonQueen ? cfg.cardPoints[QUEEN_OF_SPADES]! : 0;
    for (let s = 0; s < cfg.n; s++) {
      const b = s * 4;
      out[s] =
        sp[24576 + (this.taken[b + HEARTS]! & cfg.moonHearts)]! +
        (this.taken[b + SPADES]! & QS_BIT ? queen : 0);
    }
  }

  /** The seat that took every moon card (all hearts and the Q♠), or -1. Only meaningful once the hand is over. */
  shooter(): number {
    const cfg = this.cfg;
    if (!cfg.moonAllowed) return -1;
    for (let s = 0; s < cfg.n; s++) {
      if ((this.taken[s * 4 + HEARTS]! & cfg.moonHearts) !== cfg.moonHearts) continue;
      if (cfg.moonQueen && !(this.taken[s * 4 + SPADES]! & QS_BIT)) continue;
      return s;
    }
    return -1;
  }

  /** Number of cards the seat holds in a suit. */
  count(seat: number, suit: Suit): number {
    return POPCOUNT13[this.hands[seat * 4 + suit]!]!;
  }
}
