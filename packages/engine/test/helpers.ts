/**
 * Test helpers for the engine: building positions from explicit card lists, playing scripted tricks, random
 * games, random rule sets, and a reference implementation of RULES.md that is written independently of
 * `core.ts` (plain arrays, no bitmasks) so that the engine can be checked against it.
 */
import fc from 'fast-check';
import {
  CardSet,
  SUITS,
  applyMove,
  dealRandom,
  deal,
  handOf,
  legalMoves,
  makeCard,
  newGame,
  parseCard,
  parseRules,
  randomInt,
  seatsToAct,
  type Card,
  type GameState,
  type MoonChoice,
  type RandomSource,
  type Rules,
  type Suit,
  toPlay,
} from '../src/index.js';

/** A set of cards from names separated by spaces, e.g. `cs('2C QS AH')`. Throws on a typo (test data only). */
export function cs(names: string): CardSet {
  const list = names.trim() === '' ? [] : names.trim().split(/\s+/);
  const set = CardSet.fromNames(list);
  if (!set || set.size() !== list.length) throw new Error(`bad card list in test: ${names}`);
  return set;
}

export function card(name: string): Card {
  const c = parseCard(name);
  if (c === undefined) throw new Error(`bad card in test: ${name}`);
  return c;
}

/** Card names of a set, sorted canonically, joined by spaces. */
export const show = (set: CardSet): string => set.toString();

/** A new game; throws if the test's rules are invalid. */
export function start(rules: Partial<Rules> = {}): GameState {
  const g = newGame(rules);
  if (!g.ok) throw new Error(`bad rules in test: ${g.error.message}`);
  return g.value;
}

/** Deals explicit hands (seat order, before passing). */
export function dealt(state: GameState, hands: readonly string[], sevenSuit: 'C' | 'D' | 'S' | null = null) {
  const r = deal(state, hands.map(cs), sevenSuit === null ? null : (SUITS.indexOf(sevenSuit) as Suit));
  if (!r.ok) throw new Error(`bad deal in test: ${r.error.message}`);
  return r.value;
}

/** A new game under `rules` with these hands dealt. */
export const position = (rules: Partial<Rules>, hands: readonly string[]): GameState =>
  dealt(start(rules), hands);

/** Plays cards in order, each by the seat whose turn it is; throws on an illegal card (a broken test). */
export function play(state: GameState, cards: string): GameState {
  let g = state;
  for (const name of cards.trim() === '' ? [] : cards.trim().split(/\s+/)) {
    if (g.phase !== 'play') throw new Error(`cannot play ${name}: phase ${g.phase}`);
    const seat = toPlay(g)!;
    const r = applyMove(g, seat, { kind: 'play', card: card(name) });
    if (!r.ok) throw new Error(`test script: seat ${seat} cannot play ${name}: ${r.error.code}`);
    g = r.value;
  }
  return g;
}

/** Every seat passes the given cards, seat 0 first. */
export function passAll(state: GameState, passes: readonly string[]): GameState {
  let g = state;
  passes.forEach((p, seat) => {
    const r = applyMove(g, seat, { kind: 'pass', cards: cs(p).toArray() });
    if (!r.ok) throw new Error(`test script: seat ${seat} cannot pass ${p}: ${r.error.code}`);
    g = r.value;
  });
  return g;
}

/** Rotates a four-seat deal so that what seat 0 held goes to seat k. */
export const rotate = (hands: readonly string[], k: number): string[] =>
  hands.map((_, s) => hands[(s - k + hands.length) % hands.length]!);

// ---------------------------------------------------------------------------------------------------------
// Random play.

/** Picks `k` distinct cards of a set at random. */
export function pick(rng: RandomSource, set: CardSet, k: number): Card[] {
  const cards = set.toArray();
  for (let i = 0; i < k; i++) {
    const j = i + randomInt(rng, cards.length - i);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards.slice(0, k);
}

/** A deal in which the dealer holds the highest cards by rank; the rest is dealt at random. */
function stackedDeal(state: GameState, rng: RandomSource): GameState {
  const n = state.rules.players;
  const dealer = state.handNumber % n;
  const deck = refDeck(state.rules).sort((a, b) => (b % 13) - (a % 13) || a - b);
  const size = deck.length / n;
  const top = deck.slice(0, size);
  const rest = pick(rng, CardSet.fromCards(deck.slice(size)), deck.length - size);
  const hands: CardSet[] = [];
  for (let s = 0, j = 0; s < n; s++) {
    if (s === dealer) hands.push(CardSet.fromCards(top));
    else hands.push(CardSet.fromCards(rest.slice(j, (j += size))));
  }
  const seven = state.rules.sevenOfDie ? (randomInt(rng, 3) as Suit) : null;
  const r = deal(state, hands, seven);
  if (!r.ok) throw new Error(`stacked deal refused: ${r.error.message}`);
  return r.value;
}

/**
 * One random legal step (deal, a pass by a random seat still to pass, a play, the moon choice). With `greedy`,
 * the dealer is dealt the highest cards and plays its highest legal card while everyone else plays the
 * lowest, so that the dealer often shoots the moon.
 */
export function randomStep(state: GameState, rng: RandomSource, greedy = false): GameState {
  switch (state.phase) {
    case 'deal':
      return greedy ? stackedDeal(state, rng) : dealRandom(state, rng);
    case 'pass': {
      const seats = seatsToAct(state);
      const seat = seats[randomInt(rng, seats.length)]!;
      const cards = pick(rng, handOf(state, seat), state.rules.passCards);
      return must(applyMove(state, seat, { kind: 'pass', cards }));
    }
    case 'play': {
      const seat = toPlay(state)!;
      const legal = legalMoves(state, seat).toArray();
      if (legal.length === 0) throw new Error('no legal move while playing');
      let card = legal[randomInt(rng, legal.length)]!;
      if (greedy) {
        const byRank = legal.sort((a, b) => (a % 13) - (b % 13) || a - b);
        card = seat === state.handNumber % state.rules.players ? byRank[byRank.length - 1]! : byRank[0]!;
      }
      return must(applyMove(state, seat, { kind: 'play', card }));
    }
    case 'moon': {
      const choice: MoonChoice = randomInt(rng, 2) === 0 ? 'minus' : 'plus';
      return must(applyMove(state, state.moonShooter!, { kind: 'moon', choice }));
    }
    case 'gameOver':
      return state;
  }
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!r.ok) throw new Error(`a legal random move was refused: ${r.error.code}`);
  return r.value;
}

/**
 * Plays a random game (or its first `maxSteps` steps), calling `onStep` with every state on the way, the first
 * included. Stops after `maxHands` dealt hands so that games under `playOn` or shrinking scores stay short.
 */
export function randomGame(
  state: GameState,
  rng: RandomSource,
  {
    maxSteps = Infinity,
    maxHands = 12,
    greedy = false,
    onStep,
  }: { maxSteps?: number; maxHands?: number; greedy?: boolean; onStep?: (g: GameState) => void } = {},
): GameState {
  let g = state;
  onStep?.(g);
  for (let step = 0; step < maxSteps && g.phase !== 'gameOver'; step++) {
    if (g.phase === 'deal' && g.log.length >= maxHands) break;
    g = randomStep(g, rng, greedy);
    onStep?.(g);
  }
  return g;
}

/** Random valid rule sets: 3–6 players and every option drawn at random (small targets keep games short). */
export const arbRules: fc.Arbitrary<Rules> = fc
  .record({
    players: fc.constantFrom(3, 4, 5, 6),
    removeClub: fc.boolean(), // with 3 players: remove the 2♣ instead of the 2♦
    passCards: fc.constantFrom(0, 1, 2, 3, 4, 5),
    passCycle: fc.constantFrom('standard', 'rotate', 'left', 'right' as const),
    targetScore: fc.integer({ min: 1, max: 120 }),
    moon: fc.constantFrom(
      'othersPlus26',
      'shooterMinus26',
      'shooterChoice',
      'othersPlus26UnlessLosing',
      'none' as const,
    ),
    ties: fc.constantFrom('shareWin', 'playOn' as const),
    jackOfDiamonds: fc.constantFrom(0, -10),
    queenBreaksHearts: fc.boolean(),
    pointsOnFirstTrick: fc.boolean(),
    heartsMustBeBroken: fc.boolean(),
    firstLead: fc.constantFrom('lowestClub', 'leftOfDealer', 'dealer' as const),
    heartValues: fc.constantFrom('one', 'rank' as const),
    queenPoints: fc.constantFrom(13, 25, 0),
    blackMariaSpades: fc.boolean(),
    sevenOfDie: fc.boolean(),
    handsToPlay: fc.constantFrom(0, 0, 1, 2, 3),
  })
  .map(({ removeClub, ...options }) => {
    const r = parseRules(
      removeClub && options.players === 3 ? { ...options, removedCards: ['2C'] } : options,
    );
    if (!r.ok) throw new Error(`arbRules made invalid rules: ${r.error.message}`);
    return r.value;
  });

// ---------------------------------------------------------------------------------------------------------
// The reference: RULES.md read literally, on plain arrays of card numbers, sharing no code with core.ts.

const suit = (c: Card): number => Math.floor(c / 13);
const QS = 36;
const HEART = 3;
const isHeart = (c: Card): boolean => suit(c) === HEART;
const isPointCard = (c: Card): boolean => isHeart(c) || c === QS; // what the first trick forbids

/** A position in a hand as the reference sees it. */
export interface RefPosition {
  hands: Card[][]; // cards each seat holds
  taken: Card[][]; // cards each seat won
  trick: Card[]; // cards on the table, leader first
  leader: number; // who led (or leads) the current trick
  trickNumber: number; // complete tricks so far
  heartsBroken: boolean; // a heart (or the Q♠ under queenBreaksHearts) was played in an earlier trick
  turn: number; // seat to play
}

/** The cards in play under the rules, as a sorted list. */
export function refDeck(rules: Rules): Card[] {
  const removed = new Set(rules.removedCards.map(card));
  return Array.from({ length: 52 }, (_, c) => c).filter((c) => !removed.has(c));
}

/** Who leads the first trick. */
export function refFirstLeader(rules: Rules, hands: Card[][], dealer: number): number {
  const n = rules.players;
  if (rules.firstLead === 'dealer') return dealer;
  if (rules.firstLead === 'leftOfDealer') return (dealer + 1) % n;
  const lowest = Math.min(...refDeck(rules).filter((c) => suit(c) === 0));
  return hands.findIndex((h) => h.includes(lowest));
}

/** The seat that wins a complete trick: the highest card of the suit led. */
export function refTrickWinner(trick: readonly Card[], leader: number, n: number): number {
  const led = suit(trick[0]!);
  let best = 0;
  trick.forEach((c, i) => {
    if (suit(c) === led && c > trick[best]!) best = i;
  });
  return (leader + best) % n;
}

/** The position before the first card of a hand, from the hands after passing. */
export function refStart(rules: Rules, hands: Card[][], dealer: number): RefPosition {
  const leader = refFirstLeader(rules, hands, dealer);
  return {
    hands: hands.map((h) => [...h].sort((a, b) => a - b)),
    taken: hands.map(() => []),
    trick: [],
    leader,
    trickNumber: 0,
    heartsBroken: false,
    turn: leader,
  };
}

/** The position after the seat to play plays `c` (a new position; `pos` is not changed). */
export function refPlay(rules: Rules, pos: RefPosition, c: Card): RefPosition {
  const n = rules.players;
  const hand = pos.hands[pos.turn]!;
  if (!hand.includes(c)) throw new Error(`reference: seat ${pos.turn} does not hold ${makeCard(c)}`);
  const hands = pos.hands.map((h, s) => (s === pos.turn ? h.filter((x) => x !== c) : h));
  const trick = [...pos.trick, c];
  if (trick.length < n) return { ...pos, hands, trick, turn: (pos.turn + 1) % n };
  const w = refTrickWinner(trick, pos.leader, n);
  return {
    hands,
    taken: pos.taken.map((t, s) => (s === w ? [...t, ...trick] : t)),
    trick: [],
    leader: w,
    trickNumber: pos.trickNumber + 1,
    heartsBroken: pos.heartsBroken || trick.some((x) => isHeart(x) || (x === QS && rules.queenBreaksHearts)),
    turn: w,
  };
}

/** Plays `plays` from the hands after passing. */
export function refPosition(
  rules: Rules,
  hands: Card[][],
  dealer: number,
  plays: readonly Card[],
): RefPosition {
  let pos = refStart(rules, hands, dealer);
  for (const c of plays) pos = refPlay(rules, pos, c);
  return pos;
}

/** The cards the seat to play may play, literally by RULES.md. */
export function refLegal(rules: Rules, pos: RefPosition): Card[] {
  const hand = pos.hands[pos.turn]!;
  const firstTrick = pos.trickNumber === 0;
  const noPoints = firstTrick && !rules.pointsOnFirstTrick;
  if (pos.trick.length > 0) {
    const led = suit(pos.trick[0]!);
    const follow = hand.filter((c) => suit(c) === led);
    if (follow.length > 0) {
      // Following suit comes first; on the first trick avoid points when the suit allows it.
      const clean = noPoints ? follow.filter((c) => !isPointCard(c)) : follow;
      return clean.length > 0 ? clean : follow;
    }
    if (noPoints) {
      const clean = hand.filter((c) => !isPointCard(c));
      if (clean.length > 0) return clean;
    }
    return hand; // only hearts and the Q♠ left: any of them (the first-trick exception)
  }
  // Leading.
  if (firstTrick && rules.firstLead === 'lowestClub') {
    const lowest = Math.min(...refDeck(rules).filter((c) => suit(c) === 0));
    return hand.filter((c) => c === lowest);
  }
  const closed = rules.heartsMustBeBroken && !pos.heartsBroken;
  const allowed = hand.filter((c) => !(closed && isHeart(c)) && !(noPoints && isPointCard(c)));
  if (allowed.length > 0) return allowed;
  // Only hearts and perhaps the Q♠ left.
  if (closed && hand.includes(QS)) return [QS];
  return hand;
}

/** Points of each card under the rules (the seven of the die included when `sevenSuit` is given). */
export function refCardPoints(rules: Rules, c: Card, sevenSuit: number | null): number {
  let p = 0;
  if (isHeart(c)) p += rules.heartValues === 'rank' ? (c % 13) + 2 : 1;
  if (c === QS) p += rules.queenPoints;
  if (c === card('JD')) p += rules.jackOfDiamonds;
  if (rules.blackMariaSpades && c === card('KS')) p += 10;
  if (rules.blackMariaSpades && c === card('AS')) p += 7;
  if (sevenSuit !== null && c === sevenSuit * 13 + 5) p += 40;
  return p;
}

/** Whether totals after `handsDone` hands end the game, before the tie rule. */
export function refReachesEnd(rules: Rules, totals: readonly number[], handsDone: number): boolean {
  return rules.handsToPlay > 0 ? handsDone >= rules.handsToPlay : Math.max(...totals) >= rules.targetScore;
}

/** Scores a finished hand from the cards each seat took. */
export function refScoreHand(
  rules: Rules,
  taken: Card[][],
  sevenSuit: number | null,
  scoresBefore: readonly number[],
  handsDone: number,
  choice: MoonChoice | null,
): { taken: number[]; points: number[]; shooter: number | null } {
  const raw = taken.map((cards) => cards.reduce((t, c) => t + refCardPoints(rules, c, sevenSuit), 0));
  const moonCards = refDeck(rules).filter((c) => isHeart(c) || c === QS);
  const shooter =
    rules.moon === 'none' || moonCards.length === 0
      ? -1
      : taken.findIndex((cards) => moonCards.every((c) => cards.includes(c)));
  if (shooter < 0) return { taken: raw, points: raw, shooter: null };
  const v = moonCards.reduce((t, c) => t + refCardPoints(rules, c, null), 0);
  const plus = raw.map((p, s) => (s === shooter ? p - v : p + v));
  const minus = raw.map((p, s) => (s === shooter ? p - 2 * v : p));
  let how: MoonChoice = 'plus';
  if (rules.moon === 'shooterMinus26') how = 'minus';
  if (rules.moon === 'shooterChoice') how = choice ?? 'plus';
  if (rules.moon === 'othersPlus26UnlessLosing') {
    const totals = scoresBefore.map((t, s) => t + plus[s]!);
    const aloneFirst = totals.every((t, s) => s === shooter || t > totals[shooter]!);
    if (refReachesEnd(rules, totals, handsDone) && !aloneFirst) how = 'minus';
  }
  return { taken: raw, points: how === 'plus' ? plus : minus, shooter };
}

/** Which rule a card breaks for the seat to play (the engine's codes), or null if it is legal. */
export function refWhyIllegal(rules: Rules, pos: RefPosition, c: Card): string | null {
  const hand = pos.hands[pos.turn]!;
  if (!hand.includes(c)) return 'ERR_CARD_NOT_IN_HAND';
  if (refLegal(rules, pos).includes(c)) return null;
  if (pos.trick.length > 0) {
    const led = suit(pos.trick[0]!);
    return suit(c) !== led && hand.some((x) => suit(x) === led)
      ? 'ERR_MUST_FOLLOW_SUIT'
      : 'ERR_POINTS_ON_FIRST_TRICK';
  }
  if (pos.trickNumber === 0 && rules.firstLead === 'lowestClub') return 'ERR_MUST_LEAD_LOWEST_CLUB';
  if (isHeart(c) && rules.heartsMustBeBroken && !pos.heartsBroken) return 'ERR_HEARTS_NOT_BROKEN';
  return 'ERR_POINTS_ON_FIRST_TRICK';
}

/** Takes random steps until `done` holds; throws (rather than looping for ever) if the game ends first. */
export function advanceUntil(
  state: GameState,
  rng: RandomSource,
  done: (g: GameState) => boolean,
  greedy = false,
): GameState {
  let g = state;
  for (let step = 0; !done(g); step++) {
    if (g.phase === 'gameOver' || step > 100_000) throw new Error('advanceUntil: the game ended first');
    g = randomStep(g, rng, greedy);
  }
  return g;
}
