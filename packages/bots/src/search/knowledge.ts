import {
  HEARTS,
  QUEEN_OF_SPADES,
  SPADES,
  breaksHearts,
  compiledRules,
  sevenOf,
  winningIndex,
  parseCard,
  type Card,
  type HandConfig,
  type Observation,
  type Suit,
} from '@hearts/engine';

/**
 * What one seat knows about where the cards are, derived from its observation alone: its own hand, every card
 * played and by whom, suits other seats have shown void in, and the cards it passed (which the receiver holds
 * until it plays them). Masks are 13-bit suit masks indexed `seat * 4 + suit`.
 */
export interface Knowledge {
  readonly cfg: HandConfig;
  readonly n: number; // seats
  readonly me: number; // whose knowledge
  readonly dealer: number;
  readonly sevenCard: Card; // -1 unless sevenOfDie
  readonly hands: Uint16Array; // known current holdings: mine fully, others' pinned cards only
  readonly playedBy: Uint16Array; // cards each seat has played this hand
  readonly voids: Uint8Array; // 1 where a seat is known to hold no card of a suit
  readonly need: Int8Array; // how many cards each seat holds now
  readonly unknown: Uint16Array; // per suit: cards whose holder is unknown
  readonly plays: readonly Card[]; // this hand's cards in play order
  readonly discards: readonly Discard[]; // cards played by seats void in the suit led
  readonly received: Uint16Array | null; // per suit: cards this seat received in the pass
  readonly passer: number; // the seat that passed to this one, -1 without passing
}

/** A seat, void in the suit led, played this card while another seat was winning the trick (or itself was). */
export interface Discard {
  readonly seat: number;
  readonly trick: number;
  readonly card: Card;
  readonly onOwnTrick: boolean; // the seat itself was winning when it discarded
  readonly later: Uint16Array; // per suit: cards the seat played after this one
}

const cardsOf = (names: readonly string[]): Card[] => names.map((c) => parseCard(c)!);

export function buildKnowledge(obs: Observation, cfg: HandConfig = compiledRules(obs.rules)): Knowledge {
  const n = obs.players;
  const me = obs.seat;
  const hands = new Uint16Array(n * 4);
  const playedBy = new Uint16Array(n * 4);
  const voids = new Uint8Array(n * 4);
  const need = new Int8Array(n).fill(cfg.tricks);
  const plays: Card[] = [];
  const seatOfPlay: number[] = [];
  const add = (arr: Uint16Array, seat: number, c: Card): void => {
    arr[seat * 4 + ((c / 13) | 0)]! |= 1 << (c % 13);
  };
  for (const c of cardsOf(obs.hand)) add(hands, me, c);
  const all = obs.trick ? [...obs.tricks, obs.trick] : obs.tricks;
  let broken = false;
  const onlyPoints: number[] = [];
  const discards: { seat: number; trick: number; card: Card; onOwnTrick: boolean; at: number }[] = [];
  let trickIndex = 0;
  for (const t of all) {
    const cards = cardsOf(t.cards);
    const led = cards.length ? (cards[0]! / 13) | 0 : -1;
    cards.forEach((c, i) => {
      const seat = (t.leader + i) % n;
      if (i > 0 && ((c / 13) | 0) !== led)
        discards.push({
          seat,
          trick: trickIndex,
          card: c,
          onOwnTrick: (t.leader + winningIndex(cards, 0, i)) % n === seat,
          at: plays.length,
        });
      plays.push(c);
      seatOfPlay.push(seat);
      add(playedBy, seat, c);
      need[seat]!--;
      const suit = (c / 13) | 0;
      if (i > 0 && suit !== led) {
        voids[seat * 4 + led] = 1;
        if (trickIndex === 0 && !cfg.pointsOnFirstTrick && (suit === HEARTS || c === QUEEN_OF_SPADES)) {
          onlyPoints.push(seat); // points on the first trick: that hand held nothing but hearts and the Q♠
        }
      }
      if (i === 0 && suit === HEARTS && !broken && cfg.heartsMustBeBroken) {
        voids[seat * 4] = 1; // a heart led before hearts were broken: that hand held only hearts
        voids[seat * 4 + 1] = 1;
        voids[seat * 4 + SPADES] = 1;
      }
      if (breaksHearts(cfg, c)) broken = true;
    });
    trickIndex++;
  }
  // My passed cards stay with the receiver until played.
  if (obs.passed && obs.passOffset) {
    const to = (me + obs.passOffset) % n;
    for (const c of cardsOf(obs.passed)) {
      const suit = (c / 13) | 0;
      const bit = 1 << (c % 13);
      if (!(playedBy[to * 4 + suit]! & bit) && !(hands[me * 4 + suit]! & bit)) hands[to * 4 + suit]! |= bit;
    }
  }
  const queenUnknown = !(
    (hands[me * 4 + SPADES]! | playedBy.reduce((m, x, i) => (i % 4 === SPADES ? m | x : m), 0)) &
    (1 << (QUEEN_OF_SPADES % 13))
  );
  for (const seat of onlyPoints) {
    voids[seat * 4] = 1;
    voids[seat * 4 + 1] = 1;
    if (!queenUnknown) voids[seat * 4 + SPADES] = 1;
  }
  const unknown = new Uint16Array(4);
  for (let suit = 0; suit < 4; suit++) {
    let known = 0;
    for (let s = 0; s < n; s++) known |= hands[s * 4 + suit]! | playedBy[s * 4 + suit]!;
    unknown[suit] = cfg.deckMasks[suit]! & ~known;
  }
  // A pinned card contradicts a void only if our inference is wrong; trust the pin.
  for (let s = 0; s < n; s++)
    for (let suit = 0; suit < 4; suit++) if (hands[s * 4 + suit]) voids[s * 4 + suit] = 0;
  const withLater = discards.map((d) => {
    const later = new Uint16Array(4);
    for (let p = d.at + 1; p < plays.length; p++) {
      const c = plays[p]!;
      if (seatOfPlay[p] === d.seat) later[(c / 13) | 0]! |= 1 << (c % 13);
    }
    return { seat: d.seat, trick: d.trick, card: d.card, onOwnTrick: d.onOwnTrick, later };
  });
  let received: Uint16Array | null = null;
  if (obs.received && obs.passOffset) {
    received = new Uint16Array(4);
    for (const c of cardsOf(obs.received)) received[(c / 13) | 0]! |= 1 << (c % 13);
  }
  const sevenSuit = obs.sevenSuit === null ? -1 : 'CDSH'.indexOf(obs.sevenSuit);
  return {
    cfg,
    n,
    me,
    dealer: obs.dealer,
    sevenCard: sevenSuit < 0 ? -1 : sevenOf(sevenSuit as Suit),
    hands,
    playedBy,
    voids,
    need,
    unknown,
    plays,
    discards: withLater,
    received,
    passer: received ? (me - obs.passOffset + n) % n : -1,
  };
}
