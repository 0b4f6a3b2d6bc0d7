/**
 * Cards, suits, ranks and the {@link CardSet} bitmask.
 *
 * ```ts
 * import { CardSet, parseCard, makeCard } from '@hearts/engine';
 * const hand = CardSet.fromNames(['2C', 'QS', 'AH']);
 * hand.has(parseCard('QS')!); // true
 * [...hand].map(makeCard); // ['2C', 'QS', 'AH']
 * ```
 */

/** Suits in canonical deck order: clubs, diamonds, spades, hearts. */
export const SUITS = ['C', 'D', 'S', 'H'] as const;
/** Ranks from lowest to highest; `T` is the ten. */
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;

export type SuitName = (typeof SUITS)[number];
export type RankName = (typeof RANKS)[number];
/** A card as written in records and protocols: rank then suit, e.g. `QS`, `TH`. */
export type CardName = `${RankName}${SuitName}`;

/** Suit index 0..3 in the order of {@link SUITS}. */
export type Suit = 0 | 1 | 2 | 3;
/** A card as a number 0..51: `suit * 13 + rank`, rank 0 = deuce … 12 = ace. Canonical deck order. */
export type Card = number;

export const CLUBS: Suit = 0;
export const DIAMONDS: Suit = 1;
export const SPADES: Suit = 2;
export const HEARTS: Suit = 3;

export const QUEEN_OF_SPADES: Card = SPADES * 13 + 10;
export const KING_OF_SPADES: Card = SPADES * 13 + 11;
export const ACE_OF_SPADES: Card = SPADES * 13 + 12;
export const JACK_OF_DIAMONDS: Card = DIAMONDS * 13 + 9;
export const TWO_OF_CLUBS: Card = 0;

export const suitOf = (card: Card): Suit => ((card / 13) | 0) as Suit;
export const rankOf = (card: Card): number => card % 13;
export const cardOf = (suit: Suit, rank: number): Card => suit * 13 + rank;

const SUIT_INDEX: Readonly<Record<string, Suit>> = { C: 0, D: 1, S: 2, H: 3 };
const RANK_INDEX: Readonly<Record<string, number>> = Object.fromEntries(RANKS.map((r, i) => [r, i]));

/** Parses `QS`, `TH`, `2C` (case-sensitive, as in records). Returns undefined for anything else. */
export function parseCard(name: string): Card | undefined {
  if (typeof name !== 'string' || name.length !== 2) return undefined;
  const rank = RANK_INDEX[name[0]!];
  const suit = SUIT_INDEX[name[1]!];
  if (rank === undefined || suit === undefined) return undefined;
  return suit * 13 + rank;
}

/** The 52 names by card number, built once (one string per card instead of a new one per call). */
const CARD_NAMES: readonly CardName[] = Array.from(
  { length: 52 },
  (_, c) => `${RANKS[rankOf(c)]!}${SUITS[suitOf(c)]!}` as CardName,
);

export function makeCard(card: Card): CardName {
  return CARD_NAMES[card] ?? (`${RANKS[rankOf(card)]!}${SUITS[suitOf(card)]!}` as CardName);
}

export function isCardName(name: unknown): name is CardName {
  return typeof name === 'string' && parseCard(name) !== undefined;
}

/** Number of set bits in a 13-bit suit mask, by lookup. */
export const POPCOUNT13: Uint8Array = (() => {
  const t = new Uint8Array(1 << 13);
  for (let i = 1; i < t.length; i++) t[i] = (t[i >> 1] ?? 0) + (i & 1);
  return t;
})();

function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const LOW26 = (1 << 26) - 1;

/**
 * An immutable set of cards, as two 26-bit masks: `lo` holds clubs (bits 0–12) and diamonds (13–25),
 * `hi` holds spades (0–12) and hearts (13–25). Bit `rank` of a suit is that suit's card of that rank.
 * Invariant: no bit above 25 is set in either half.
 */
export class CardSet {
  static readonly EMPTY = new CardSet(0, 0);
  /** All 52 cards. */
  static readonly FULL = new CardSet(LOW26, LOW26);

  private constructor(
    readonly lo: number, // clubs | diamonds << 13
    readonly hi: number, // spades | hearts << 13
  ) {}

  static of(lo: number, hi: number): CardSet {
    return lo === 0 && hi === 0 ? CardSet.EMPTY : new CardSet(lo & LOW26, hi & LOW26);
  }

  static fromCard(card: Card): CardSet {
    return card < 26 ? new CardSet(1 << card, 0) : new CardSet(0, 1 << (card - 26));
  }

  static fromCards(cards: Iterable<Card>): CardSet {
    let lo = 0;
    let hi = 0;
    for (const c of cards) {
      if (c < 26) lo |= 1 << c;
      else hi |= 1 << (c - 26);
    }
    return CardSet.of(lo, hi);
  }

  /** Builds a set from four 13-bit suit masks (clubs, diamonds, spades, hearts). */
  static fromSuitMasks(c: number, d: number, s: number, h: number): CardSet {
    return CardSet.of(c | (d << 13), s | (h << 13));
  }

  /** Parses card names; undefined if any name is not a card. Duplicates collapse. */
  static fromNames(names: Iterable<string>): CardSet | undefined {
    const cards: Card[] = [];
    for (const n of names) {
      const c = parseCard(n);
      if (c === undefined) return undefined;
      cards.push(c);
    }
    return CardSet.fromCards(cards);
  }

  static suit(suit: Suit): CardSet {
    return CardSet.fromSuitMasks(
      suit === 0 ? 0x1fff : 0,
      suit === 1 ? 0x1fff : 0,
      suit === 2 ? 0x1fff : 0,
      suit === 3 ? 0x1fff : 0,
    );
  }

  /** The 13-bit mask of one suit. */
  suitMask(suit: Suit): number {
    const half = suit < 2 ? this.lo : this.hi;
    return (suit & 1 ? half >>> 13 : half) & 0x1fff;
  }

  has(card: Card): boolean {
    return card < 26 ? (this.lo & (1 << card)) !== 0 : (this.hi & (1 << (card - 26))) !== 0;
  }

  with(card: Card): CardSet {
    return this.union(CardSet.fromCard(card));
  }

  without(card: Card): CardSet {
    return this.diff(CardSet.fromCard(card));
  }

  union(o: CardSet): CardSet {
    return CardSet.of(this.lo | o.lo, this.hi | o.hi);
  }

  intersect(o: CardSet): CardSet {
    return CardSet.of(this.lo & o.lo, this.hi & o.hi);
  }

  diff(o: CardSet): CardSet {
    return CardSet.of(this.lo & ~o.lo, this.hi & ~o.hi);
  }

  intersects(o: CardSet): boolean {
    return (this.lo & o.lo) !== 0 || (this.hi & o.hi) !== 0;
  }

  isSubsetOf(o: CardSet): boolean {
    return (this.lo & ~o.lo) === 0 && (this.hi & ~o.hi) === 0;
  }

  equals(o: CardSet): boolean {
    return this.lo === o.lo && this.hi === o.hi;
  }

  isEmpty(): boolean {
    return this.lo === 0 && this.hi === 0;
  }

  size(): number {
    return popcount32(this.lo) + popcount32(this.hi);
  }

  /** The lowest card in canonical order, or undefined when empty. */
  first(): Card | undefined {
    if (this.lo) return 31 - Math.clz32(this.lo & -this.lo);
    if (this.hi) return 26 + 31 - Math.clz32(this.hi & -this.hi);
    return undefined;
  }

  *[Symbol.iterator](): IterableIterator<Card> {
    let lo = this.lo;
    while (lo) {
      const b = lo & -lo;
      yield 31 - Math.clz32(b);
      lo ^= b;
    }
    let hi = this.hi;
    while (hi) {
      const b = hi & -hi;
      yield 26 + 31 - Math.clz32(b);
      hi ^= b;
    }
  }

  toArray(): Card[] {
    const out: Card[] = [];
    for (let lo = this.lo; lo; lo &= lo - 1) out.push(31 - Math.clz32(lo & -lo));
    for (let hi = this.hi; hi; hi &= hi - 1) out.push(26 + 31 - Math.clz32(hi & -hi));
    return out;
  }

  names(): CardName[] {
    const out: CardName[] = [];
    for (let lo = this.lo; lo; lo &= lo - 1) out.push(makeCard(31 - Math.clz32(lo & -lo)));
    for (let hi = this.hi; hi; hi &= hi - 1) out.push(makeCard(26 + 31 - Math.clz32(hi & -hi)));
    return out;
  }

  toString(): string {
    return this.names().join(' ');
  }
}

/**
 * Whether two lists hold the same cards (numbers or names), in any order: a pass, a set of cards to weigh. For lists
 * that hold each card once: with a card twice in one of them, two lists of one length can compare equal wrongly.
 */
export const sameCards = <T extends Card | CardName>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((c) => b.includes(c));

/** Points-free helper: the cards of a suit mask as card numbers. */
export function cardsOfSuitMask(suit: Suit, mask: number): Card[] {
  const out: Card[] = [];
  for (let m = mask; m; m &= m - 1) out.push(suit * 13 + 31 - Math.clz32(m & -m));
  return out;
}
