/**
 * The medium bot: a solid rule-based player and the yardstick for the search bots. It passes the cards that
 * cost points (an unguarded Q♠, A♠ and K♠, high hearts) and voids short suits; in play it weighs, for each legal
 * card, the chance of winning the trick times what the trick will hold against what the card costs to keep.
 * That one rule ducks under the winning card, takes cheaply when the trick is safe, dumps the Q♠ and high
 * hearts on someone else when void and avoids leading suits it would be forced to win. On top: it flushes the
 * Q♠ with low spades, stops an obvious moon and shoots a moon that cannot fail.
 *
 * ```ts
 * const card = mediumBot.decide(observation(state, seat), { timeMs: 50, random: seededRandom(1) });
 * ```
 */
import {
  ACE_OF_SPADES,
  CardSet,
  HEARTS,
  KING_OF_SPADES,
  QUEEN_OF_SPADES,
  SPADES,
  makeCard,
  rankOf,
  suitOf,
  type Card,
  type Observation,
  type Suit,
} from '@hearts/engine';
import {
  keepRisk,
  moonChoiceFor,
  moonThreat,
  queenOut,
  sureMoonPlay,
  trickCost,
  winChance,
} from './heuristics.js';
import type { Bot, DecideOptions, Decision } from './types.js';
import { SeatView, suitCards } from './view.js';

const QS = QUEEN_OF_SPADES;

/** The medium bot's weights (tuned in self-play; see docs/performance.md). */
export interface MediumTuning {
  readonly keep: number; // weight of a card's cost of keeping against the trick's expected cost
  readonly leadNext: number; // the cost of having to lead the next trick
  readonly giveAway: number; // the value of throwing a point onto someone else's trick
  readonly flush: number; // the bonus (in Q♠ points) for leading a low spade while the Q♠ is out
  readonly spadeWithQueen: number; // the cost of leading a spade while holding the Q♠
}

export const MEDIUM_TUNING: MediumTuning = {
  keep: 0.6,
  leadNext: 0.25,
  giveAway: 0.25,
  flush: 0.12,
  spadeWithQueen: 0.6,
};

/** A medium bot with other weights (for tuning experiments). */
export function makeMediumBot(t: MediumTuning = MEDIUM_TUNING): Bot {
  return {
    level: 'medium',
    decide(obs: Observation, _options: DecideOptions): Decision {
      if (obs.phase === 'moon') return { kind: 'moon', choice: moonChoiceFor(obs) };
      const v = new SeatView(obs);
      if (obs.phase === 'pass')
        return { kind: 'pass', cards: choosePass(v, obs.rules.passCards).map(makeCard) };
      return { kind: 'play', card: makeCard(choosePlay(v, t)) };
    },
  };
}

export const mediumBot: Bot = makeMediumBot();

/** The card to play: a certain moon first, else the card of least expected cost. */
export function choosePlay(v: SeatView, t: MediumTuning = MEDIUM_TUNING): Card {
  const legal = [...v.legal];
  if (legal.length === 1) return legal[0]!;
  const sure = sureMoonPlay(v);
  if (sure !== null && v.legal.has(sure)) return sure;
  const threat = moonThreat(v);
  let best = legal[0]!;
  let bestScore = Infinity;
  for (const c of legal) {
    const s = playScore(v, c, threat, t);
    if (s < bestScore - 1e-9 || (Math.abs(s - bestScore) <= 1e-9 && rankOf(c) > rankOf(best))) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}

/** Expected cost of playing a card now: lower is better. */
export function playScore(
  v: SeatView,
  c: Card,
  threat: number | null,
  t: MediumTuning = MEDIUM_TUNING,
): number {
  const w = v.winning();
  const following = w !== null && suitOf(c) === suitOf(w.card);
  const discarding = w !== null && !following;
  const p = discarding ? 0 : winChance(v, c);
  // Points thrown on someone else's trick also count: they widen my lead in the game.
  let score = discarding
    ? -t.keep * keepRisk(v, c) - t.giveAway * Math.max(0, v.points[c]!)
    : p * (trickCost(v, c) + t.leadNext) - t.keep * keepRisk(v, c);
  if (!w) score += leadAdjust(v, c, t);
  if (threat !== null) score += moonDefence(v, c, p, threat);
  return score;
}

/** Lead preferences the cost estimate misses: flush the Q♠, keep spades while holding it. */
function leadAdjust(v: SeatView, c: Card, t: MediumTuning): number {
  if (suitOf(c) !== SPADES) return 0;
  if (c < QS && queenOut(v) && !v.hand.has(KING_OF_SPADES) && !v.hand.has(ACE_OF_SPADES))
    return -t.flush * v.points[QS]!;
  if (v.hand.has(QS) && c !== QS) return t.spadeWithQueen;
  return 0;
}

/**
 * Someone has every point so far: do not feed them moon cards, take a trick with a heart in it, and hand
 * points to anyone else.
 */
function moonDefence(v: SeatView, c: Card, p: number, threat: number): number {
  const w = v.winning();
  const stake = 0.3 * v.moonValue;
  const moonCard = v.moonCards.has(c);
  const pending = w ? v.after().includes(threat) : true;
  const threatWinning = w ? w.seat === threat : false;
  let adj = 0;
  const trickHasMoon = CardSet.fromCards(v.trickCards).intersects(v.moonCards) || moonCard;
  if (p > 0 && (trickHasMoon || suitOf(c) === HEARTS)) adj -= p * stake; // I take a moon card: no moon
  const threatTakes = threatWinning ? 1 - p : pending ? 0.5 * (1 - p) : 0;
  if (moonCard) adj += threatTakes * (v.points[c]! * 2 + stake * 0.5);
  if (moonCard && w && !threatWinning && !pending && p === 0) adj -= stake * 0.5; // a moon card to someone else
  return adj;
}

/** Scores a kept hand for passing: lower is safer. */
export function keptRisk(v: SeatView, kept: CardSet): number {
  const qp = v.points[QS]! / 13;
  const spades = suitCards(kept, SPADES);
  const cover = spades.filter((c) => c < QS).length;
  const coverRisk = [1, 0.75, 0.5, 0.3, 0.1][Math.min(cover, 4)]!;
  let risk = 0;
  for (const c of kept) {
    const s = suitOf(c);
    const r = rankOf(c);
    const pts = v.points[c]!;
    if (c === QS) risk += cover >= 4 ? 0 : 4 + 22 * coverRisk * Math.max(qp, 0.3);
    else if (s === SPADES && c > QS) {
      risk += (kept.has(QS) ? 4 : 0) + 13 * coverRisk * Math.max(qp, 0.3) + pts;
    } else if (s === HEARTS) {
      risk += Math.max(0, r - 5) * 1.1 + pts * (v.rules.heartValues === 'rank' ? 0.35 : 0.2);
      if (r <= 3) risk -= 0.4;
    } else if (s === SPADES) risk += Math.max(0, r - 9) * 0.8;
    else {
      risk += Math.max(0, r - 7) * 1.5 + pts * 0.5;
      if (r <= 2) risk -= 0.3;
    }
    if (r === 5 && v.rules.sevenOfDie && s !== HEARTS) risk += 3;
  }
  for (const s of [0, 1] as Suit[]) {
    const n = suitCards(kept, s).length;
    if (n === 0) risk -= 8;
    else if (n === 1 && rankOf(suitCards(kept, s)[0]!) <= 5) risk -= 1.5;
  }
  if (spades.length === 0 && !kept.has(QS)) risk -= 2;
  return risk;
}

/** The pass that leaves the safest hand (every choice of cards is tried; at most a few thousand). */
export function choosePass(v: SeatView, k: number): Card[] {
  const cards = [...v.legal];
  if (k <= 0) return [];
  if (k >= cards.length) return cards.slice(0, k);
  let best: Card[] = cards.slice(0, k);
  let bestRisk = Infinity;
  const pick: Card[] = [];
  const visit = (from: number): void => {
    if (pick.length === k) {
      const risk = keptRisk(v, v.hand.diff(CardSet.fromCards(pick)));
      if (risk < bestRisk - 1e-9) {
        bestRisk = risk;
        best = pick.slice();
      }
      return;
    }
    for (let i = from; i <= cards.length - (k - pick.length); i++) {
      pick.push(cards[i]!);
      visit(i + 1);
      pick.pop();
    }
  };
  visit(0);
  return best;
}
