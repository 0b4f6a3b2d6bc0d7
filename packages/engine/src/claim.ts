/**
 * Claiming the rest of a hand: a player who will take every remaining trick whatever the others hold and play may
 * say so, and the hand is played out at once. Whether a claim is certain is judged from the claimant's own
 * observation only (its hand, the cards played), so offering a claim tells nothing about the hidden hands. The
 * claim is then applied through the ordinary plays: the claimant's cards in the order the check found, every other
 * seat its first legal card, so the record stays a plain `hearts-record/1` and every score comes from the usual
 * scoring (moon, Omnibus, spot hearts, the seven of the die).
 *
 * ```ts
 * const claim = certainClaim(observation(state, 0)); // null unless seat 0 takes every remaining trick for sure
 * if (claim) state = unwrap(applyClaim(state, 0)); // the hand is over (or the shooter chooses)
 * ```
 */
import {
  CardSet,
  POPCOUNT13,
  SUITS,
  makeCard,
  parseCard,
  type Card,
  type CardName,
  type Suit,
} from './cards.js';
import { breaksHearts, compiledRules, handCardPoints, HandCore, moonCardsOf } from './core.js';
import { CORE, observation, playCard, type GameState, type Observation } from './game.js';
import { err, ok, type Result } from './result.js';
import { deckOf } from './rules.js';

/** A certain claim: the claimant takes every remaining trick. */
export interface Claim {
  readonly seat: number; // the claimant
  readonly cards: readonly CardName[]; // the claimant's remaining cards in the order it plays them
  readonly tricks: number; // tricks it takes: the one being played and every later one
  readonly points: number; // what the cards of those tricks count (before any moon rule)
  readonly moon: boolean; // with them it holds every moon card: it shoots the moon
}

/** Why a claim is refused. */
export type ClaimError = 'ERR_WRONG_PHASE' | 'ERR_BAD_SEAT' | 'ERR_CLAIM_NOT_CERTAIN';

/** One card of a played-out claim. */
export interface ClaimPlay {
  readonly seat: number;
  readonly card: CardName;
}

const highBit = (mask: number): number => 31 - Math.clz32(mask);
const lowBit = (mask: number): number => 31 - Math.clz32(mask & -mask);

const cardsOf = (names: readonly CardName[]): Card[] => names.map((c) => parseCard(c)!);

/**
 * The claim of the observing seat, if it is certain: it takes every remaining trick however the unseen cards lie
 * and whatever the others play. Null otherwise (and outside the play of a hand).
 *
 * The check: in the trick being played the claimant wins (its card, or the lowest it may follow with, beats the
 * cards down and, while someone after it is still to play, every unseen card of the suit led); then it leads every
 * trick. A suit it leads from the top never loses while it holds at least as many cards above the highest unseen
 * card of the suit as there are unseen cards of it (or all its cards of the suit are above it): every lead of the
 * suit draws at least one unseen card, since the others must follow suit. Its leads go clubs, diamonds, spades,
 * hearts, each suit from the top, checked against the rules' own legal plays (hearts not broken, the first trick,
 * the Q♠), assuming no one else breaks hearts.
 */
export function certainClaim(obs: Observation): Claim | null {
  const trick = obs.trick;
  if (obs.phase !== 'play' || trick === null || obs.hand.length === 0) return null;
  const cfg = compiledRules(obs.rules);
  const n = obs.players;
  const c = obs.seat;
  const dealt = CardSet.fromNames(obs.hand);
  if (!dealt) return null;
  let hand: CardSet = dealt;
  const trickCards = cardsOf(trick.cards);
  if (trickCards.length === 0 && trick.leader !== c) return null; // another seat leads: it chooses the suit
  let played = CardSet.fromCards(trickCards);
  for (const t of obs.tricks) played = played.union(CardSet.fromCards(cardsOf(t.cards)));
  const unseen = deckOf(obs.rules).diff(hand).diff(played);

  // A position of the claimant's own: its hand, the tricks as they stand; the others hold nothing here.
  const core = new HandCore(cfg);
  obs.tricks.forEach((t, k) => {
    cardsOf(t.cards).forEach((x, i) => (core.plays[k * n + i] = x));
    core.trickLeaders[k] = t.leader;
    core.trickWinners[k] = t.winner ?? t.leader;
  });
  const t0 = obs.tricks.length;
  trickCards.forEach((x, i) => (core.plays[t0 * n + i] = x));
  core.trickLeaders[t0] = trick.leader;
  core.trickCount = t0;
  core.nPlays = t0 * n + trickCards.length;
  core.brokenAt = obs.heartsBroken ? 0 : -1;
  for (let s = 0; s < 4; s++) core.hands[c * 4 + s] = hand.suitMask(s as Suit);
  core.turn = c;
  const masks = new Uint16Array(4);
  const order: Card[] = [];
  const playOwn = (x: Card): void => {
    hand = hand.without(x);
    core.hands[c * 4 + ((x / 13) | 0)]! &= ~(1 << (x % 13));
    if (core.brokenAt < 0 && breaksHearts(cfg, x)) core.brokenAt = core.nPlays;
    order.push(x);
  };

  // The trick being played.
  if (trickCards.length > 0) {
    const led = (trickCards[0]! / 13) | 0;
    const unseenLed = unseen.suitMask(led as Suit);
    let best = -1;
    for (const x of trickCards) if (((x / 13) | 0) === led && x > best) best = x;
    const mine = trickCards.findIndex((_, i) => (trick.leader + i) % n === c);
    const toPlay = n - trickCards.length; // seats still to play to it, the claimant included if it has not
    if (mine >= 0) {
      if (trickCards[mine] !== best) return null;
      if (toPlay > 0 && unseenLed && led * 13 + highBit(unseenLed) > best) return null;
    } else {
      const othersAfter = toPlay - 1; // seats still to play but the claimant, before or after it
      core.legalMasks(masks);
      let follow = masks[led]!;
      if (!follow) return null; // void in the suit led: it cannot win this trick
      const floor = othersAfter > 0 && unseenLed ? Math.max(best, led * 13 + highBit(unseenLed)) : best;
      while (follow && led * 13 + lowBit(follow) <= floor) follow &= follow - 1;
      if (!follow) return null; // nothing of the suit led beats what may come
      playOwn(led * 13 + lowBit(follow)); // the lowest card that wins keeps the higher ones for the leads
    }
    core.trickCount = t0 + 1;
  }

  // Every suit: enough cards above the highest unseen one.
  for (let s = 0; s < 4; s++) {
    const mine = hand.suitMask(s as Suit);
    const u = unseen.suitMask(s as Suit);
    if (!mine || !u) continue;
    const top = POPCOUNT13[mine >> (highBit(u) + 1)]!;
    if (top < Math.min(POPCOUNT13[u]!, POPCOUNT13[mine]!)) return null;
  }

  // The leads, each checked against the rules.
  while (!hand.isEmpty()) {
    const t = core.trickCount;
    core.nPlays = t * n;
    core.trickLeaders[t] = c;
    core.turn = c;
    core.legalMasks(masks);
    let lead = -1;
    for (let s = 0; s < 4 && lead < 0; s++) {
      const legal = masks[s]!;
      if (!legal) continue;
      if (!unseen.suitMask(s as Suit)) lead = s * 13 + highBit(legal);
      else if (legal & (1 << highBit(hand.suitMask(s as Suit)))) lead = s * 13 + highBit(legal);
    }
    if (lead < 0) return null;
    playOwn(lead);
    core.trickCount = t + 1;
  }

  // What the remaining tricks hold: every card not in a complete trick.
  let rest = deckOf(obs.rules);
  for (const t of obs.tricks) rest = rest.diff(CardSet.fromCards(cardsOf(t.cards)));
  const sevenSuit = obs.sevenSuit === null ? null : (SUITS.indexOf(obs.sevenSuit) as Suit);
  const cardPoints = handCardPoints(cfg, sevenSuit);
  let points = 0;
  for (const x of rest) points += cardPoints[x]!;
  let othersTookMoonCard = false;
  const moonCards = moonCardsOf(cfg);
  for (const t of obs.tricks)
    if (t.winner !== c && CardSet.fromCards(cardsOf(t.cards)).intersects(moonCards))
      othersTookMoonCard = true;
  return {
    seat: c,
    cards: order.map(makeCard),
    tricks: cfg.tricks - t0,
    points,
    moon: cfg.moonAllowed && !othersTookMoonCard,
  };
}

/**
 * The plays that finish the hand on a certain claim of `seat`: its cards in the claim's order, every other seat's
 * first legal card. Refused when the claim is not certain from the seat's own observation.
 */
export function claimPlayout(state: GameState, seat: number): Result<ClaimPlay[], ClaimError> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.rules.players) return err('ERR_BAD_SEAT');
  if (state.phase !== 'play' || !state[CORE]) return err('ERR_WRONG_PHASE');
  const claim = certainClaim(observation(state, seat));
  if (!claim) return err('ERR_CLAIM_NOT_CERTAIN');
  const core = state[CORE].clone();
  const firstTrick = core.trickCount;
  const own = cardsOf(claim.cards);
  const plays: ClaimPlay[] = [];
  const legal = new Int8Array(52);
  let k = 0;
  while (!core.isOver) {
    const turn = core.turn;
    let x: Card;
    if (turn === seat) {
      x = own[k++]!;
      if (!core.isLegal(x)) return err('ERR_CLAIM_NOT_CERTAIN');
    } else {
      if (core.legalInto(legal) === 0) return err('ERR_CLAIM_NOT_CERTAIN');
      x = legal[0]!;
    }
    core.play(x);
    plays.push({ seat: turn, card: makeCard(x) });
  }
  for (let t = firstTrick; t < core.trickCount; t++)
    if (core.trickWinners[t] !== seat) return err('ERR_CLAIM_NOT_CERTAIN'); // the check above would be wrong
  return ok(plays);
}

/** Applies a certain claim of `seat`: the rest of the hand played out as {@link claimPlayout} gives it. */
export function applyClaim(state: GameState, seat: number): Result<GameState, ClaimError> {
  const plays = claimPlayout(state, seat);
  if (!plays.ok) return plays;
  let g = state;
  for (const p of plays.value) {
    const r = playCard(g, p.seat, parseCard(p.card)!);
    if (!r.ok) return err('ERR_CLAIM_NOT_CERTAIN');
    g = r.value;
  }
  return ok(g);
}
