/**
 * What a finished hand did, in the terms a result shows: who took the Q♠ (and every other card that counts under
 * the rules: the J♦ of Omnibus, Black Maria's K♠ and A♠, the die's seven), each seat's tricks and hearts with what
 * they count, and a shot moon with how it counted. Built from public facts only — the hand's tricks, the die's suit
 * and its `HandResult` — so a seat's observation between hands (or at game over) is enough; and `placesOf`, the
 * places of a game's totals.
 *
 * ```ts
 * const s = handSummaryOf(observation(state, 0)); // between hands or at game over, else null
 * s?.cards.find((c) => c.card === 'QS')?.seat; // who took the Q♠
 * s?.moon?.counted; // 'plus': everyone else +26; 'minus': the shooter −26
 * ```
 */
import {
  HEARTS,
  QUEEN_OF_SPADES,
  SUITS,
  makeCard,
  parseCard,
  type CardName,
  type Suit,
  type SuitName,
} from './cards.js';
import { compiledRules, handCardPoints } from './core.js';
import {
  handTricks,
  type GameState,
  type HandResult,
  type MoonChoice,
  type Observation,
  type TrickView,
} from './game.js';
import { tricksPerHand, type MoonRule, type Rules } from './rules.js';

/** A card that counts apart from the hearts (Q♠, J♦, K♠, A♠, the die's seven), and who took it. */
export interface CountedCard {
  readonly card: CardName;
  readonly points: number; // what it counted for its taker (negative: the J♦ of Omnibus)
  readonly seat: number; // who took it
}

/** One seat's part of a finished hand. */
export interface SeatHandSummary {
  readonly tricks: number; // tricks taken
  readonly hearts: number; // hearts taken
  readonly heartPoints: number; // what those hearts count (1 each, or by rank in spot hearts)
  readonly taken: number; // every point taken in tricks, before the moon rule
  readonly points: number; // the hand's score, after the moon rule
}

/** A shot moon and how it counted. */
export interface MoonSummary {
  readonly shooter: number;
  readonly rule: MoonRule; // the rules' moon option
  readonly counted: MoonChoice; // plus: every other seat + value; minus: the shooter − value
  readonly value: number; // what the moon's cards count (26 by default)
}

/** A finished hand, summarised. Invariant: the seats' `points` are the hand's `HandResult.points`. */
export interface HandSummary {
  readonly hand: number; // counting from 0
  readonly seats: readonly SeatHandSummary[]; // by seat
  readonly cards: readonly CountedCard[]; // the Q♠ first, then the others in deck order; only cards that count
  readonly moon: MoonSummary | null;
}

/**
 * Summarises a finished hand from its complete tricks, the die's suit (under `sevenOfDie`, else null) and its
 * result. Null when the tricks are not the whole hand (a trick missing, incomplete, without its winner, or a name
 * that is not a card).
 */
export function summarizeHand(
  rules: Rules,
  hand: number,
  tricks: readonly TrickView[],
  sevenSuit: Suit | SuitName | null,
  result: HandResult,
): HandSummary | null {
  const n = rules.players;
  if (tricks.length !== tricksPerHand(rules) || result.points.length !== n || result.taken.length !== n)
    return null;
  const cfg = compiledRules(rules);
  const suit = typeof sevenSuit === 'string' ? (SUITS.indexOf(sevenSuit) as Suit) : sevenSuit;
  const points = handCardPoints(cfg, suit !== null && suit >= 0 ? suit : null);
  const seats = Array.from({ length: n }, () => ({ tricks: 0, hearts: 0, heartPoints: 0 }));
  const cards: CountedCard[] = [];
  for (const t of tricks) {
    const w = t.winner;
    if (w === undefined || !Number.isInteger(w) || w < 0 || w >= n || t.cards.length !== n) return null;
    const seat = seats[w]!;
    seat.tricks++;
    for (const name of t.cards) {
      const c = parseCard(name);
      if (c === undefined) return null;
      const p = points[c]!;
      if (((c / 13) | 0) === HEARTS) {
        seat.hearts++;
        seat.heartPoints += p;
      } else if (p !== 0) cards.push({ card: makeCard(c), points: p, seat: w });
    }
  }
  const order = (x: CountedCard): number => {
    const c = parseCard(x.card)!;
    return c === QUEEN_OF_SPADES ? -1 : c;
  };
  cards.sort((a, b) => order(a) - order(b));
  const shooter = result.shooter;
  const value = cfg.moonValue;
  const moon: MoonSummary | null =
    shooter === null
      ? null
      : {
          shooter,
          rule: rules.moon,
          // The shooter keeps what they took less the moon's value, and less it twice when it counted minus.
          counted: result.points[shooter] === result.taken[shooter]! - 2 * value ? 'minus' : 'plus',
          value,
        };
  return {
    hand,
    seats: seats.map((s, i) => ({ ...s, taken: result.taken[i]!, points: result.points[i]! })),
    cards,
    moon,
  };
}

/** The summary of hand `handNumber` of a game (null while it is not finished). */
export function handSummary(state: GameState, handNumber: number): HandSummary | null {
  const result = state.results[handNumber];
  const log = state.log[handNumber];
  if (!result || !log) return null;
  return summarizeHand(state.rules, handNumber, handTricks(state, handNumber), log.sevenSuit, result);
}

/**
 * The summary of the hand a seat just finished, from its observation between hands (phase `deal`) or at game over,
 * which show that hand's tricks; null at any other time.
 */
export function handSummaryOf(obs: Observation): HandSummary | null {
  if (obs.phase !== 'deal' && obs.phase !== 'gameOver') return null;
  const hand = obs.handResults.length - 1;
  const result = obs.handResults[hand];
  if (!result) return null;
  return summarizeHand(obs.rules, hand, obs.tricks, obs.sevenSuit, result);
}

/** Each seat's place by its total: 1 + the number of lower totals (lowest wins; ties share a place). */
export function placesOf(totals: readonly number[]): number[] {
  return totals.map((x) => 1 + totals.filter((y) => y < x).length);
}
