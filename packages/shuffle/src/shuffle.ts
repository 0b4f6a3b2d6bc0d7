/**
 * The deck of `hearts-shuffle/1`: each seat's HMAC-SHA256 stream, its Fisher–Yates shuffle, the composition of
 * all seats' shuffles, and the deal.
 *
 * ```ts
 * const deck = composeDeck([], seeds); // seeds[i]: seat i's 32 bytes; [] = no removed cards
 * const hands = dealHands(deck, 4, 0); // hand 0: seat 0 deals, so deck[0] goes to seat 1
 * hands.map((h) => h.map(makeCard));
 * const d = dealFromSeeds(rules, 0, seeds); // the same deal, and the die under sevenOfDie
 * ```
 */
import { hmac, type _HMAC } from '@noble/hashes/hmac.js';
import { sha256, type _SHA256 } from '@noble/hashes/sha2.js';
import {
  CardSet,
  drawBelow,
  parseCard,
  rollDie,
  type Card,
  type RandomSource,
  type Rules,
  type Suit,
} from '@hearts/engine';
import { SEED_BYTES } from './crypto.js';

type Hmac = _HMAC<_SHA256>;

/**
 * A seat's random numbers: blocks `HMAC-SHA256(key = seed, message = counter as 8-byte big-endian)` for counter
 * 0, 1, 2, …, each read as eight big-endian uint32 in order. The stream runs on from draw to draw.
 */
export class SeatStream implements RandomSource {
  private readonly keyed: Hmac; // HMAC with the key absorbed, cloned for every block
  private work: Hmac | undefined; // reused clone target
  private readonly counter = new Uint8Array(8);
  private readonly counterView = new DataView(this.counter.buffer);
  private readonly block = new Uint8Array(32);
  private readonly view = new DataView(this.block.buffer);
  private blockIndex = 0; // the counter of the next block
  private pos = 8; // next uint32 in the current block; 8 = need a new block

  constructor(seed: Uint8Array) {
    if (!(seed instanceof Uint8Array) || seed.length !== SEED_BYTES)
      throw new TypeError(`a seed must be ${SEED_BYTES} bytes`);
    this.keyed = hmac.create(sha256, seed) as unknown as Hmac;
  }

  nextUint32(): number {
    if (this.pos === 8) this.refill();
    return this.view.getUint32(4 * this.pos++, false);
  }

  private refill(): void {
    // The counter is below 2^53, so the high and low 32 bits are exact.
    const c = this.blockIndex++;
    const hi = Math.floor(c / 0x100000000);
    const lo = c >>> 0;
    this.counterView.setUint32(0, hi, false);
    this.counterView.setUint32(4, lo, false);
    const work = this.keyed._cloneInto(this.work);
    this.work = work;
    work.update(this.counter).digestInto(this.block);
    this.pos = 0;
  }
}

/** Seat `seed`'s stream. */
export const seatStream = (seed: Uint8Array): SeatStream => new SeatStream(seed);

/** A uniform k in [0, bound) by rejection (the engine's): `limit = floor(2^32 / bound) * bound`, draw until `x < limit`. */
export { drawBelow };

/** Fisher–Yates in place: for j = len−1 down to 1, k uniform in [0, j] by {@link drawBelow}, swap deck[j] and deck[k]. */
export function shuffleWith<T>(deck: T[], stream: RandomSource): T[] {
  for (let j = deck.length - 1; j > 0; j--) {
    const k = drawBelow(stream, j + 1);
    const t = deck[j]!;
    deck[j] = deck[k]!;
    deck[k] = t;
  }
  return deck;
}

/** The cards taken out: card names, or a rules object (the engine's `Rules`) that lists them. */
export type RemovedCards = readonly string[] | { readonly removedCards: readonly string[] };

/**
 * The canonical deck: suits C, D, S, H, ranks 2..A inside each, minus `removedCards`.
 * Throws a TypeError for a name that is not a card.
 */
export function canonicalDeck(removedCards: RemovedCards = []): Card[] {
  const names = Array.isArray(removedCards)
    ? removedCards
    : (removedCards as { removedCards: unknown }).removedCards;
  const removed = Array.isArray(names) ? CardSet.fromNames(names as string[]) : undefined;
  if (!removed) throw new TypeError(`removedCards must be card names such as "2D"`);
  return [...CardSet.FULL.diff(removed)];
}

/** The final deck: the canonical deck (minus `removedCards`) shuffled by seat 0, then seat 1, … in turn. */
export function composeDeck(removedCards: RemovedCards, seeds: readonly Uint8Array[]): Card[] {
  const deck = canonicalDeck(removedCards);
  for (const seed of seeds) shuffleWith(deck, new SeatStream(seed));
  return deck;
}

/**
 * Deals a deck: the dealer of hand `handNumber` is seat `handNumber mod players`, and the card at index j goes to
 * seat `(dealer + 1 + j) mod players`. Each hand lists its cards in dealing order.
 */
export function dealHands(deck: readonly Card[], players: number, handNumber: number): Card[][] {
  if (!Number.isInteger(players) || players < 1) throw new TypeError('players must be a whole number ≥ 1');
  if (!Number.isSafeInteger(handNumber) || handNumber < 0)
    throw new TypeError('handNumber must be a whole number ≥ 0');
  const dealer = handNumber % players;
  const hands: Card[][] = Array.from({ length: players }, () => []);
  deck.forEach((c, j) => hands[(dealer + 1 + j) % players]!.push(c));
  return hands;
}

/** Card names to cards; undefined if any is not a card. */
export function parseCards(names: readonly string[]): Card[] | undefined {
  const out: Card[] = [];
  for (const n of names) {
    const c = parseCard(n);
    if (c === undefined) return undefined;
    out.push(c);
  }
  return out;
}

/** One hand dealt from seeds: the final deck, the hands by seat (each in dealing order) and the die. */
export interface SeededDeal {
  readonly deck: Card[];
  readonly hands: Card[][];
  readonly sevenSuit: Suit | null; // under sevenOfDie: the suit whose seven counts this hand (clubs, diamonds or spades)
}

/**
 * Deals one hand from the seats' seeds — the one deal every table uses: the fair shuffle (one seed per seat), the
 * daily deal and a solo hand (one seed each). The canonical deck (minus the removed cards) is shuffled by each
 * seed's {@link SeatStream} in turn ({@link composeDeck}) and dealt by {@link dealHands}; under `sevenOfDie` each
 * stream then goes on to roll the die (the engine's `rollDie`: one face per stream, their sum mod 6), so the die is
 * as fair as the deck and the seeds alone give both.
 */
export function dealFromSeeds(
  rules: Pick<Rules, 'players' | 'removedCards' | 'sevenOfDie'>,
  handNumber: number,
  seeds: readonly Uint8Array[],
): SeededDeal {
  if (seeds.length === 0) throw new TypeError('a deal needs at least one seed');
  const streams = seeds.map((s) => new SeatStream(s));
  const deck = canonicalDeck(rules.removedCards);
  for (const stream of streams) shuffleWith(deck, stream);
  const hands = dealHands(deck, rules.players, handNumber);
  const sevenSuit = rules.sevenOfDie ? rollDie(streams) : null;
  return { deck, hands, sevenSuit };
}
