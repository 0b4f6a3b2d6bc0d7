/**
 * Builds a real game position from a short description: the seat's cards, the tricks so far, the trick being
 * played, its pass. The other hands are filled at random from the cards nobody has seen, respecting every void
 * the tricks show, so the engine replays a complete consistent deal and the observation is exactly what a bot
 * at that seat would see. Different `fill` seeds give different hidden hands behind the same observation.
 *
 * ```ts
 * const { obs } = buildPosition({
 *   hand: 'AD QD 5D 9S 4H …',
 *   tricks: ['0: 2C 9C KC 4C'],
 *   trick: '2: KD 7H',
 * });
 * ```
 */
import {
  CardSet,
  HEARTS,
  QUEEN_OF_SPADES,
  SUITS,
  applyMove,
  deal,
  deckOf,
  makeCard,
  observation,
  parseCard,
  parseRules,
  passOffset,
  randomInt,
  seededRandom,
  shuffleInPlace,
  suitOf,
  tricksPerHand,
  breaksHearts,
  winningIndex,
  type Card,
  type GameState,
  type Observation,
  type RandomSource,
  type Rules,
  type Suit,
} from '@hearts/engine';
import { handAt } from './position.js';

/** A position as data. Cards are written as in records ("QS", "TH"), separated by spaces. */
export interface PositionSpec {
  readonly rules?: Partial<Rules>; // options that differ from the standard rules
  readonly handNumber?: number; // default: the first hand without passing (3 with 4 players); 0 when passing
  readonly scores?: readonly number[]; // game totals before this hand (default all 0)
  readonly phase?: 'pass' | 'play'; // default play
  readonly hand: string; // the seat's cards now (its dealt cards when passing)
  readonly tricks?: readonly string[]; // complete tricks: "leader: c1 c2 c3 c4" in play order
  readonly trick?: string; // the trick being played: "leader: c1 …" (may be just "leader:")
  readonly passed?: string; // the seat's pass, on passing hands
  readonly received?: string; // what it received
  readonly holds?: Readonly<Record<number, string>>; // cards other seats hold now (the rest is random)
  readonly seat?: number; // the seat whose view it is (default: whoever is to play, or seat 0 when passing)
  readonly sevenSuit?: 'C' | 'D' | 'S'; // the die's suit under sevenOfDie (default clubs)
}

const cards = (s: string | undefined): Card[] => {
  if (!s || s.trim() === '') return [];
  return s
    .trim()
    .split(/\s+/)
    .map((name) => {
      const c = parseCard(name);
      if (c === undefined) throw new Error(`not a card: "${name}"`);
      return c;
    });
};

const parseTrick = (s: string): { leader: number; cards: Card[] } => {
  const m = /^\s*(\d)\s*:(.*)$/.exec(s);
  if (!m) throw new Error(`a trick is "leader: cards", got "${s}"`);
  return { leader: Number(m[1]), cards: cards(m[2]) };
};

/** Builds the position; throws with a reason when the description is inconsistent. */
export function buildPosition(spec: PositionSpec, fill = 0): { state: GameState; obs: Observation } {
  const parsed = parseRules(spec.rules ?? {});
  if (!parsed.ok) throw new Error(parsed.error.message);
  const rules = parsed.value;
  const n = rules.players;
  const per = tricksPerHand(rules);
  const passing = spec.phase === 'pass';
  let handNumber = spec.handNumber ?? 0;
  if (spec.handNumber === undefined && !passing)
    while (passOffset(rules, handNumber) !== 0 && handNumber < 12) handNumber++; // the first hand without passing
  const offset = passOffset(rules, handNumber);
  if (passing && offset === 0) throw new Error('no passing on this hand');
  const k = rules.passCards;
  const tricks = (spec.tricks ?? []).map(parseTrick);
  const current = spec.trick ? parseTrick(spec.trick) : null;
  const leaderNow =
    current?.leader ??
    (tricks.length > 0
      ? (tricks[tricks.length - 1]!.leader + winningIndex(tricks[tricks.length - 1]!.cards)) % n
      : 0);
  const me = spec.seat ?? (passing ? 0 : (leaderNow + (current?.cards.length ?? 0)) % n);
  const hand = cards(spec.hand);
  // What each seat played, and the suits it showed void in.
  const playedBy: Card[][] = Array.from({ length: n }, () => []);
  const voids = new Array<number>(n).fill(0);
  let broken = false;
  for (const [ti, t] of (current ? [...tricks, current] : tricks).entries()) {
    t.cards.forEach((c, i) => {
      const s = (t.leader + i) % n;
      playedBy[s]!.push(c);
      const points = suitOf(c) === HEARTS || c === QUEEN_OF_SPADES;
      if (i > 0 && suitOf(c) !== suitOf(t.cards[0]!)) voids[s]! |= 1 << suitOf(t.cards[0]!);
      // Plays that were legal only for a hand of hearts (and the Q♠): it held nothing else then.
      if (i > 0 && ti === 0 && points && !rules.pointsOnFirstTrick && suitOf(c) !== suitOf(t.cards[0]!))
        voids[s]! |= 0b0111;
      const onlyHearts =
        (suitOf(c) === HEARTS && rules.heartsMustBeBroken && !broken) ||
        (ti === 0 && points && !rules.pointsOnFirstTrick);
      if (i === 0 && onlyHearts) voids[s]! |= 0b0111;
      if (i > 0 && ti === 0 && c === QUEEN_OF_SPADES && !rules.pointsOnFirstTrick) voids[s]! |= 1 << 2; // no other spade
      if (breaksHearts(rules, c)) broken = true;
    });
  }
  // Cards each seat holds now: mine, pinned ones, then the rest at random.
  const now: Card[][] = Array.from({ length: n }, () => []);
  now[me] = hand;
  for (const [seat, list] of Object.entries(spec.holds ?? {})) now[Number(seat)]!.push(...cards(list));
  const passedCards = cards(spec.passed);
  const receivedCards = cards(spec.received);
  if (offset && !passing && passedCards.length) {
    const to = (me + offset) % n;
    for (const c of passedCards) if (!playedBy[to]!.includes(c) && !now[to]!.includes(c)) now[to]!.push(c);
  }
  let used = CardSet.EMPTY;
  const claim = (c: Card, what: string): void => {
    if (!deckOf(rules).has(c)) throw new Error(`${what}: ${makeCard(c)} is not in play`);
    if (used.has(c)) throw new Error(`${what}: ${makeCard(c)} appears twice`);
    used = used.with(c);
  };
  now.forEach((h, s) => h.forEach((c) => claim(c, `seat ${s}`)));
  playedBy.forEach((h, s) => h.forEach((c) => claim(c, `seat ${s}'s plays`)));
  const need = now.map((h, s) => (passing ? per : per - playedBy[s]!.length) - h.length);
  if (need[me] !== 0)
    throw new Error(`seat ${me}'s hand must hold ${need[me]! + hand.length} cards, not ${hand.length}`);
  if (need.some((x) => x < 0)) throw new Error(`a seat holds too many cards (missing: ${need.join(', ')})`);
  const rest = deckOf(rules).diff(used).toArray();
  const rng = seededRandom(`fill:${fill}`);
  let filled: Card[][] | null = null;
  for (let attempt = 0; attempt < 200 && !filled; attempt++) {
    shuffleInPlace(rng, rest);
    filled = fillHands(rest, need, voids, me, n, rng);
  }
  if (!filled) throw new Error('cannot give the other seats cards that respect their voids');
  const after = now.map((h, s) => [...h, ...filled[s]!, ...playedBy[s]!]);
  // Passes: mine as given; the others' are cards their receivers now hold.
  let dealt = after.map((h) => CardSet.fromCards(h));
  const passes: CardSet[] = [];
  if (offset && !passing) {
    const chosen = new Array<CardSet | null>(n).fill(null);
    if (passedCards.length) chosen[me] = CardSet.fromCards(passedCards);
    if (receivedCards.length) chosen[(me - offset + n) % n] = CardSet.fromCards(receivedCards);
    for (let s = 0; s < n; s++) {
      if (chosen[s]) continue;
      const to = (s + offset) % n;
      const pool = dealt[to]!.diff(to === me ? CardSet.fromCards(receivedCards) : CardSet.EMPTY);
      chosen[s] = CardSet.fromCards(pool.toArray().slice(0, k));
    }
    for (let s = 0; s < n; s++) {
      const p = chosen[s]!;
      if (p.size() !== k) throw new Error(`seat ${s} must pass ${k} cards`);
      if (!p.isSubsetOf(dealt[(s + offset) % n]!))
        throw new Error(`seat ${s}'s pass is not with its receiver`);
      passes.push(p);
    }
    dealt = dealt.map((h, s) => h.diff(passes[(s - offset + n) % n]!).union(passes[s]!));
  }
  let state = handAt(rules, handNumber, spec.scores ?? new Array<number>(n).fill(0));
  const d = deal(state, dealt, rules.sevenOfDie ? (SUITS.indexOf(spec.sevenSuit ?? 'C') as Suit) : null);
  if (!d.ok) throw new Error(d.error.message);
  state = d.value;
  if (passing) return { state, obs: observation(state, me) };
  const step = (seat: number, move: Parameters<typeof applyMove>[2], what: string): void => {
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(`${what}: ${r.error.message}`);
    state = r.value;
  };
  passes.forEach((p, s) => step(s, { kind: 'pass', cards: p.toArray() }, `seat ${s}'s pass`));
  for (const [i, t] of (current ? [...tricks, current] : tricks).entries()) {
    t.cards.forEach((c, j) =>
      step((t.leader + j) % n, { kind: 'play', card: c }, `trick ${i}, ${makeCard(c)}`),
    );
  }
  const obs = observation(state, me);
  if (obs.phase === 'moon' ? obs.moonShooter !== me : obs.turn !== me)
    throw new Error(`seat ${me} is not the one to decide (phase ${obs.phase})`);
  return { state, obs };
}

/** Deals `cards` to the seats that still need some, at random, never giving a seat a suit it showed void in. */
function fillHands(
  cardsLeft: readonly Card[],
  need: readonly number[],
  voids: readonly number[],
  me: number,
  n: number,
  rng: RandomSource,
): Card[][] | null {
  const out: Card[][] = Array.from({ length: n }, () => []);
  const left = need.slice();
  left[me] = 0;
  // Most constrained suits first: those the fewest seats may hold.
  const seatsFor = (suit: number): number =>
    left.filter((x, s) => x > 0 && !(voids[s]! & (1 << suit))).length;
  const order = [...cardsLeft].sort((a, b) => seatsFor(suitOf(a)) - seatsFor(suitOf(b)));
  for (const c of order) {
    const open: number[] = [];
    for (let s = 0; s < n; s++) if (left[s]! > 0 && !(voids[s]! & (1 << suitOf(c)))) open.push(s);
    if (open.length === 0) return null;
    let x = randomInt(
      rng,
      open.reduce((a, s) => a + left[s]!, 0),
    );
    let seat = open[0]!;
    for (const s of open) {
      x -= left[s]!;
      if (x < 0) {
        seat = s;
        break;
      }
    }
    out[seat]!.push(c);
    left[seat]!--;
  }
  return left.every((x) => x === 0) ? out : null;
}
