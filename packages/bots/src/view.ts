/**
 * What one seat can work out from its {@link Observation} alone, in the shape the rule-based bots need: its
 * hand, the cards still unseen, who has shown void in which suit, what each card is worth under the rules, who
 * has taken which points, and the state of the trick being played.
 *
 * ```ts
 * const view = new SeatView(observation(state, 2));
 * view.unseenHigher(parseCard('TD')!); // unseen diamonds above the ten
 * ```
 */
import {
  CardSet,
  HEARTS,
  SPADES,
  SUITS,
  compiledRules,
  deckOf,
  parseCard,
  rankOf,
  suitOf,
  type Card,
  breaksHearts,
  handCardPoints,
  moonCardsOf,
  winningIndex,
  type HandConfig,
  type Observation,
  type Rules,
  type Suit,
} from '@hearts/engine';

const toCards = (names: readonly string[]): Card[] => {
  const out: Card[] = [];
  for (const n of names) {
    const c = parseCard(n);
    if (c !== undefined) out.push(c);
  }
  return out;
};

/** A bitmask of the suits (bit = suit index) in a card set. */
export const suitBit = (suit: number): number => 1 << suit;

/**
 * One seat's knowledge. Invariants: `hand`, `played` and `unseen` are disjoint and together are the cards in
 * play; `played` includes the current trick; `voids[s]` has bit `suit` set only when seat `s` failed to
 * follow that suit (or led a heart before hearts were broken, showing it held nothing else).
 */
export class SeatView {
  readonly obs: Observation;
  readonly rules: Rules;
  readonly cfg: HandConfig;
  readonly n: number; // seats
  readonly me: number; // whose view
  readonly deck: CardSet; // cards in play
  readonly hand: CardSet; // what I hold
  readonly legal: CardSet; // what I may play or pass now
  readonly played: CardSet; // every card played this hand, the current trick included
  readonly unseen: CardSet; // cards in other seats' hands
  readonly points: Int16Array; // what each card scores for its taker under the rules (the die's seven included)
  readonly voids: number[]; // per seat: suit bits it is known to be void in
  readonly takenBy: CardSet[]; // per seat: cards won in complete tricks
  readonly passedTo: number | null; // the seat my passed cards went to
  readonly heldBy: (number | null)[]; // per card: the seat known to hold it (my passed cards until played)
  readonly trickCards: Card[]; // the current trick in play order
  readonly trickLeader: number; // who led it
  readonly ledSuit: Suit | -1; // -1 when I lead
  readonly tricksDone: number; // complete tricks
  readonly tricksLeft: number; // tricks still to play, the current one included
  readonly moonValue: number; // what the moon cards count together
  readonly moonCards: CardSet; // the cards a moon needs (every heart in play and the Q♠)

  constructor(obs: Observation) {
    this.obs = obs;
    this.rules = obs.rules;
    this.cfg = compiledRules(obs.rules);
    this.n = obs.players;
    this.me = obs.seat;
    this.deck = deckOf(obs.rules);
    this.hand = CardSet.fromCards(toCards(obs.hand));
    this.legal = CardSet.fromCards(toCards(obs.legal));
    const seven = obs.sevenSuit === null ? -1 : SUITS.indexOf(obs.sevenSuit);
    this.points = handCardPoints(this.cfg, seven < 0 ? null : (seven as Suit));
    this.moonValue = this.cfg.moonValue;
    this.moonCards = moonCardsOf(this.cfg);
    this.voids = new Array<number>(this.n).fill(0);
    this.takenBy = new Array<CardSet>(this.n).fill(CardSet.EMPTY);
    let played = CardSet.EMPTY;
    let broken = false;
    const all = obs.trick ? [...obs.tricks, obs.trick] : obs.tricks;
    for (const t of all) {
      const cards = toCards(t.cards);
      const led = cards.length > 0 ? suitOf(cards[0]!) : -1;
      cards.forEach((c, i) => {
        const seat = (t.leader + i) % this.n;
        if (i > 0 && suitOf(c) !== led) this.voids[seat]! |= suitBit(led);
        if (i === 0 && suitOf(c) === HEARTS && !broken && this.rules.heartsMustBeBroken) {
          this.voids[seat]! |= 0b0111; // led a heart before they were broken: held nothing else
        }
        if (breaksHearts(this.rules, c)) broken = true;
        played = played.with(c);
      });
      if (t !== obs.trick && cards.length === this.n) {
        const w = t.winner ?? (t.leader + winningIndex(cards)) % this.n;
        this.takenBy[w] = this.takenBy[w]!.union(CardSet.fromCards(cards));
      }
    }
    this.voids[this.me] = 0;
    for (let suit = 0; suit < 4; suit++) {
      if (this.hand.intersect(CardSet.suit(suit as Suit)).isEmpty()) this.voids[this.me]! |= suitBit(suit);
    }
    this.played = played;
    this.unseen = this.deck.diff(this.hand).diff(played);
    this.heldBy = new Array<number | null>(52).fill(null);
    for (const c of this.hand) this.heldBy[c] = this.me;
    this.passedTo = obs.passOffset && obs.passed ? (this.me + obs.passOffset) % this.n : null;
    if (this.passedTo !== null && obs.passed) {
      for (const c of toCards(obs.passed)) if (this.unseen.has(c)) this.heldBy[c] = this.passedTo;
    }
    const trick = obs.trick;
    this.trickCards = trick ? toCards(trick.cards) : [];
    this.trickLeader = trick ? trick.leader : this.me;
    this.ledSuit = this.trickCards.length > 0 ? suitOf(this.trickCards[0]!) : -1;
    this.tricksDone = obs.tricks.length;
    this.tricksLeft = this.cfg.tricks - this.tricksDone;
  }

  /** Points a set of cards scores for its taker. */
  pointsOf(cards: Iterable<Card>): number {
    let p = 0;
    for (const c of cards) p += this.points[c]!;
    return p;
  }

  /** The seat playing the i-th card of the current trick. */
  seatAt(i: number): number {
    return (this.trickLeader + i) % this.n;
  }

  /** The seats still to play after me in the current trick. */
  after(): number[] {
    const out: number[] = [];
    for (let i = this.trickCards.length + 1; i < this.n; i++) out.push(this.seatAt(i));
    return out;
  }

  /** The card winning the current trick so far and its seat, or null when the trick is empty. */
  winning(): { card: Card; seat: number } | null {
    if (this.trickCards.length === 0) return null;
    const i = winningIndex(this.trickCards);
    return { card: this.trickCards[i]!, seat: this.seatAt(i) };
  }

  /** Points already on the current trick. */
  trickPoints(): number {
    return this.pointsOf(this.trickCards);
  }

  isVoid(seat: number, suit: number): boolean {
    return (this.voids[seat]! & suitBit(suit)) !== 0;
  }

  /** Unseen cards of the card's suit that rank above it. */
  unseenHigher(card: Card): number {
    const m = this.unseen.suitMask(suitOf(card)) >> (rankOf(card) + 1);
    return popcount(m);
  }

  /** Unseen cards of the card's suit that rank below it. */
  unseenLower(card: Card): number {
    const m = this.unseen.suitMask(suitOf(card)) & ((1 << rankOf(card)) - 1);
    return popcount(m);
  }

  /** Unseen cards of a suit. */
  unseenIn(suit: number): number {
    return popcount(this.unseen.suitMask(suit as Suit));
  }

  /** My cards of a suit. */
  mine(suit: number): Card[] {
    return [...this.hand.intersect(CardSet.suit(suit as Suit))];
  }

  /** Points each seat has taken in complete tricks this hand. */
  takenPoints(seat: number): number {
    return this.pointsOf(this.takenBy[seat]!);
  }

  /** Moon cards (hearts, the Q♠) each seat has taken. */
  moonTaken(seat: number): CardSet {
    return this.takenBy[seat]!.intersect(this.moonCards);
  }

  /** Whether a card is the highest of its suit still out (no unseen card of the suit beats it). */
  isBoss(card: Card): boolean {
    return this.unseenHigher(card) === 0;
  }

  /** The number of cards each other seat still holds. */
  handSize(seat: number): number {
    const inTrick = (seat - this.trickLeader + this.n) % this.n < this.trickCards.length ? 1 : 0;
    return this.cfg.tricks - this.tricksDone - inTrick;
  }

  /**
   * The chance that a seat holding `h` unknown cards out of `total` unseen has none of the `inSuit` cards of a
   * suit (hypergeometric), or 1 when it has shown void.
   */
  voidChance(seat: number, suit: number): number {
    if (this.isVoid(seat, suit)) return 1;
    for (let c = 0; c < 52; c++) if (this.heldBy[c] === seat && suitOf(c) === suit) return 0;
    const total = this.unseen.size();
    const inSuit = this.unseenIn(suit);
    const h = Math.min(this.handSize(seat), total);
    let p = 1;
    for (let i = 0; i < h; i++) p *= Math.max(0, total - inSuit - i) / (total - i);
    return p;
  }

  /** Unseen points, and the points still to be taken this hand (unseen, mine and on the current trick). */
  pointsLeft(): number {
    return this.pointsOf(this.unseen) + this.pointsOf(this.hand) + this.trickPoints();
  }
}

export function popcount(m: number): number {
  let c = 0;
  for (let x = m; x; x &= x - 1) c++;
  return c;
}

/** Cards of a set in one suit, lowest first. */
export function suitCards(set: CardSet, suit: number): Card[] {
  return [...set.intersect(CardSet.suit(suit as Suit))];
}

export const isSpade = (c: Card): boolean => suitOf(c) === SPADES;
export const isHeart = (c: Card): boolean => suitOf(c) === HEARTS;
