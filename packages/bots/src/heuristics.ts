/**
 * Card-play heuristics shared by the rule-based bots: how risky a card is to keep, how likely a card wins the
 * trick, what a trick is likely to cost, whether someone is running for the moon, a moon that cannot fail,
 * and the shooter's choice. Every estimate uses only a {@link SeatView}, which comes from an observation.
 *
 * ```ts
 * const view = new SeatView(obs);
 * const threat = moonThreat(view); // a seat that has taken every point so far, or null
 * ```
 */
import {
  ACE_OF_SPADES,
  CardSet,
  HEARTS,
  KING_OF_SPADES,
  QUEEN_OF_SPADES,
  SEVEN_OF_DIE_POINTS,
  SPADES,
  SUITS,
  sevenOf,
  suitOf,
  type Card,
  moonOptions,
  type MoonChoice,
  type MoonOutcome,
  type Observation,
  type Suit,
} from '@hearts/engine';
import { suitCards, type SeatView } from './view.js';

const QS = QUEEN_OF_SPADES;

/** Whether the Q♠ is still in another hand (in play, not mine, not played). */
export const queenOut = (v: SeatView): boolean => v.unseen.has(QS);

/** The chance that a seat holds a particular unseen card, from what this view knows. */
export function holdsChance(v: SeatView, seat: number, card: Card): number {
  if (!v.unseen.has(card)) return 0;
  const known = v.heldBy[card];
  if (known !== null && known !== undefined) return known === seat ? 1 : 0;
  if (v.isVoid(seat, suitOf(card))) return 0;
  let seats = 0;
  for (let s = 0; s < v.n; s++) if (s !== v.me && !v.isVoid(s, suitOf(card)) && v.handSize(s) > 0) seats++;
  return seats === 0 ? 0 : 1 / seats;
}

/** The chance that a seat holds at least one of `k` unseen cards of a suit (hypergeometric, voids respected). */
function holdsSomeChance(v: SeatView, seat: number, suit: number, k: number): number {
  if (k <= 0 || v.isVoid(seat, suit)) return 0;
  const total = v.unseen.size();
  const h = Math.min(v.handSize(seat), total);
  let none = 1;
  for (let i = 0; i < h; i++) none *= Math.max(0, total - k - i) / Math.max(1, total - i);
  return 1 - none;
}

/** The average points of an unseen heart (0 when none is out). */
function unseenHeartAverage(v: SeatView): number {
  const hearts = suitCards(v.unseen, HEARTS);
  return hearts.length === 0 ? 0 : v.pointsOf(hearts) / hearts.length;
}

/** What a seat void in the suit led is expected to throw on the trick. */
export function dumpEstimate(v: SeatView, seat: number): number {
  let e = 0;
  const q = holdsChance(v, seat, QS) * v.points[QS]!;
  e += q;
  const hearts = v.unseenIn(HEARTS);
  if (hearts > 0 && !v.isVoid(seat, HEARTS)) {
    const top = suitCards(v.unseen, HEARTS).slice(-2);
    e += (1 - Math.min(1, q / Math.max(1, v.points[QS]!))) * (v.pointsOf(top) / top.length);
  }
  const seven = v.obs.sevenSuit;
  if (seven !== null) {
    const card = sevenOf(SUITS.indexOf(seven) as Suit);
    if (v.unseen.has(card)) e += holdsChance(v, seat, card) * SEVEN_OF_DIE_POINTS * 0.5;
  }
  return Math.max(0, e);
}

/** What a seat playing after me is expected to add to a trick of `suit` that `card` wins. */
function addedPoints(v: SeatView, seat: number, suit: number, card: Card): number {
  const voidP = v.voidChance(seat, suit);
  let follow = 0;
  if (suit === HEARTS) follow = unseenHeartAverage(v);
  else if (suit === SPADES && card > QS && v.unseen.has(QS))
    follow = holdsChance(v, seat, QS) * v.points[QS]!;
  // Black Maria's scoring spades, the seven of the die and the J♦ follow suit too.
  for (const c of [KING_OF_SPADES, ACE_OF_SPADES]) {
    if (suit === SPADES && c < card && v.points[c] !== 0 && v.unseen.has(c))
      follow += holdsChance(v, seat, c) * v.points[c]! * 0.5;
  }
  return voidP * dumpEstimate(v, seat) + (1 - voidP) * follow;
}

/**
 * The chance that `card` wins the current trick (or the trick it leads), assuming the players after me duck
 * when they can: someone after me beats it only if they hold a higher card of the suit led.
 */
export function winChance(v: SeatView, card: Card): number {
  const w = v.winning();
  const suit = w ? suitOf(w.card) : suitOf(card);
  if (suitOf(card) !== suit) return 0;
  if (w && card < w.card) return 0;
  const after = w ? v.after() : others(v);
  const higher = v.unseenHigher(card);
  if (higher === 0) return 1;
  const lower = v.unseenLower(card);
  let p = 1;
  // A later player beats it when it holds a higher card and nothing lower to duck with (or chooses to win).
  for (const s of after)
    p *= 1 - holdsSomeChance(v, s, suit, higher) * (0.55 + 0.45 * (1 - holdsSomeChance(v, s, suit, lower)));
  return p;
}

/** Every other seat, in play order after me. */
export function others(v: SeatView): number[] {
  const out: number[] = [];
  for (let i = 1; i < v.n; i++) out.push((v.me + i) % v.n);
  return out;
}

/** The points a trick is expected to hold if `card` (mine, following or leading) wins it. */
export function trickCost(v: SeatView, card: Card): number {
  const w = v.winning();
  const suit = w ? suitOf(w.card) : suitOf(card);
  const after = w ? v.after() : others(v);
  let e = v.trickPoints() + v.points[card]!;
  for (const s of after) e += addedPoints(v, s, suit, card);
  return e;
}

/** The expected points of a trick won later in the hand. */
export function laterTrickPoints(v: SeatView, suit: number): number {
  const perTrick = v.pointsLeft() / Math.max(1, v.tricksLeft);
  return Math.max(0.3, perTrick) * (suit === HEARTS ? 1.4 : 1);
}

/** My spades below the Q♠: the cover that lets me duck spade leads. */
export const spadeCover = (v: SeatView, hand: CardSet = v.hand): number =>
  suitCards(hand, SPADES).filter((c) => c < QS).length;

/**
 * The points a card is expected to cost me if I keep it: the chance it wins a trick later times what such a
 * trick holds (its own points included). Low cards that cannot win cost nothing; the Q♠ costs most.
 */
export function keepRisk(v: SeatView, card: Card): number {
  const suit = suitOf(card);
  const higher = v.unseenHigher(card);
  const lower = v.unseenLower(card);
  const pts = v.points[card]!;
  let p: number;
  if (v.unseenIn(suit) === 0) p = 0.45;
  else if (lower === 0) p = 0.08;
  else p = Math.min(1, 0.9 / Math.pow(1 + higher, 1.3)) * Math.min(1, 0.45 + lower / 6);
  const cover = spadeCover(v);
  if (card === QS) p = (higher === 0 ? 0.9 : 0.7 / (1 + 0.6 * higher)) / (1 + 0.35 * cover);
  let risk = p * (pts + laterTrickPoints(v, suit));
  if (suit === SPADES && card > QS && queenOut(v)) risk += (v.points[QS]! * 0.35) / (1 + 0.4 * cover);
  return risk;
}

/** A seat that has taken every moon card taken so far, and enough of them to be running for the moon. */
export function moonThreat(v: SeatView): number | null {
  if (!v.cfg.moonAllowed) return null;
  let holder = -1;
  for (let s = 0; s < v.n; s++) {
    if (v.moonTaken(s).isEmpty()) continue;
    if (holder >= 0) return null;
    holder = s;
  }
  if (holder < 0 || holder === v.me) return null;
  const taken = v.moonTaken(holder);
  const pts = v.pointsOf(taken);
  return taken.size() >= 2 && pts >= 0.35 * v.moonValue ? holder : null;
}

/** Whether all my cards are bosses: led one after another, each wins its trick. */
function allBoss(v: SeatView, hand: CardSet): boolean {
  for (const c of hand) if (v.unseenHigher(c) > 0) return false;
  return true;
}

/**
 * A play that makes the moon certain, or null. Nobody else has taken a moon card, and either every card I hold
 * is a boss once this trick is mine (so I win every trick left), or I can draw every moon card still out by
 * leading boss hearts while the Q♠ is already mine: as many hearts above every heart out as there are hearts out
 * draw them all (each lead takes one from every seat that still has one), and my lower hearts are bosses after.
 */
export function sureMoonPlay(v: SeatView): Card | null {
  if (!v.cfg.moonAllowed) return null;
  for (let s = 0; s < v.n; s++) if (s !== v.me && !v.moonTaken(s).isEmpty()) return null;
  const hearts = CardSet.suit(HEARTS);
  const unseenMoon = v.unseen.intersect(v.moonCards);
  const mineMoon = v.hand.intersect(v.moonCards);
  if (unseenMoon.isEmpty() && mineMoon.isEmpty() && !CardSet.fromCards(v.trickCards).intersects(v.moonCards))
    return null; // the moon cards are all mine already, or nothing is left to decide
  const w = v.winning();
  const broken =
    v.obs.heartsBroken || !v.rules.heartsMustBeBroken || v.trickCards.some((c) => suitOf(c) === HEARTS);
  /** Whether, on lead with `hand`, leading its boss hearts must collect every moon card still out. */
  const drawsAll = (hand: CardSet, heartsOpen: boolean): boolean => {
    if (!unseenMoon.isSubsetOf(hearts)) return false; // the Q♠ is still out
    const myMoon = hand.intersect(v.moonCards);
    for (const c of myMoon) if (suitOf(c) !== HEARTS && v.unseenHigher(c) > 0) return false;
    const myHearts = hand.intersect(hearts);
    if (myHearts.isEmpty()) return unseenMoon.isEmpty() && myMoon.isEmpty();
    if (!heartsOpen && !hand.isSubsetOf(hearts)) return false;
    const out = suitCards(unseenMoon, HEARTS);
    const top = out.length ? out[out.length - 1]! : -1;
    return suitCards(myHearts, HEARTS).filter((c) => c > top).length >= out.length;
  };
  if (!w) {
    const legal = [...v.legal];
    if (allBoss(v, v.hand)) return legal[legal.length - 1] ?? null;
    if (!drawsAll(v.hand, broken)) return null;
    const leads = legal.filter((c) => v.moonCards.has(c) && v.unseenHigher(c) === 0);
    return leads.length ? leads[leads.length - 1]! : null;
  }
  const winners = [...v.legal].filter(
    (c) => suitOf(c) === suitOf(w.card) && c > w.card && v.unseenHigher(c) === 0,
  );
  for (let i = winners.length - 1; i >= 0; i--) {
    const c = winners[i]!;
    const rest = v.hand.without(c);
    if (allBoss(v, rest) || drawsAll(rest, broken || suitOf(c) === HEARTS)) return c;
  }
  return null;
}

/** Whether a way of counting the moon ends the game with `seat` the only winner. */
export const winsAlone = (o: MoonOutcome, seat: number): boolean =>
  o.end.over && o.end.winners.length === 1 && o.end.winners[0] === seat;

/**
 * The shooter's choice under `shooterChoice`: whatever ends the game with me winning; otherwise "plus" while I
 * lead (it brings the end nearer) and "minus" while I trail (it keeps the others from the target). What each
 * choice gives comes from the engine's {@link moonOptions}.
 */
export function moonChoiceFor(obs: Observation): MoonChoice {
  const me = obs.seat;
  const { plus, minus } = moonOptions(obs.rules, obs.handPoints, me, obs.scores, obs.handNumber + 1);
  if (winsAlone(plus, me)) return 'plus';
  if (winsAlone(minus, me)) return 'minus';
  if (plus.end.over) return 'minus';
  return plus.end.leaders.length === 1 && plus.end.leaders[0] === me ? 'plus' : 'minus';
}
