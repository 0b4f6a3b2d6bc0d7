/**
 * The easy bot: legal and sensible, with a beginner's habits. It passes simply its highest cards, counts no
 * cards, plays high in the first tricks, ducks only when it sees points on the trick, throws the Q♠ and high
 * hearts when it cannot follow, never guards against a moon, and now and then plays a card at random.
 *
 * ```ts
 * const decision = easyBot.decide(observation(state, seat), { timeMs: 50, random: seededRandom(1) });
 * ```
 */
import {
  CardSet,
  HEARTS,
  QUEEN_OF_SPADES,
  SPADES,
  makeCard,
  parseCard,
  rankOf,
  suitOf,
  randomInt,
  compiledRules,
  winningIndex,
  type Card,
  type Observation,
} from '@hearts/engine';
import type { Bot, DecideOptions, Decision } from './types.js';

/** Out of 100: how often the easy bot plays a random legal card. */
const RANDOM_PERCENT = 10;
/** Tricks in which the easy bot still plays high. */
const EARLY_TRICKS = 3;

const cardsOf = (names: readonly string[]): Card[] => names.map((n) => parseCard(n)!);
/** Beginners see ranks first; among equal ranks hearts and spades look scarier. */
const scare = (c: Card): number => rankOf(c) * 4 + [0, 1, 2, 3][suitOf(c)]!;

export const easyBot: Bot = {
  level: 'easy',
  decide(obs: Observation, { random }: DecideOptions): Decision {
    if (obs.phase === 'moon') return { kind: 'moon', choice: 'minus' };
    const legal = cardsOf(obs.legal);
    if (obs.phase === 'pass') {
      const highest = legal.sort((a, b) => scare(b) - scare(a)).slice(0, obs.rules.passCards);
      return { kind: 'pass', cards: highest.map(makeCard) };
    }
    return { kind: 'play', card: makeCard(easyPlay(obs, legal, random)) };
  },
};

function easyPlay(obs: Observation, legal: Card[], random: DecideOptions['random']): Card {
  if (legal.length === 1) return legal[0]!;
  if (randomInt(random, 100) < RANDOM_PERCENT) return legal[randomInt(random, legal.length)]!;
  const low = (cs: Card[]): Card => cs.reduce((a, b) => (rankOf(b) < rankOf(a) ? b : a));
  const high = (cs: Card[]): Card => cs.reduce((a, b) => (rankOf(b) > rankOf(a) ? b : a));
  const trick = obs.trick ? cardsOf(obs.trick.cards) : [];
  const early = obs.tricks.length < EARLY_TRICKS;
  if (trick.length === 0) {
    // Leads: high in the first tricks (but never a high spade or heart), then the lowest card of a random suit.
    const safe = legal.filter((c) => suitOf(c) !== SPADES && suitOf(c) !== HEARTS);
    if (early && safe.length > 0) return high(safe);
    const suits = [...new Set(legal.map(suitOf))];
    const suit = suits[randomInt(random, suits.length)]!;
    return low(legal.filter((c) => suitOf(c) === suit));
  }
  const led = suitOf(trick[0]!);
  const follow = legal.filter((c) => suitOf(c) === led);
  if (follow.length > 0) {
    const points = compiledRules(obs.rules).cardPoints;
    const onTrick = trick.reduce((p, c) => p + points[c]!, 0);
    const winner = trick[winningIndex(trick)]!;
    const under = follow.filter((c) => c < winner);
    if (onTrick > 0) return under.length > 0 ? high(under) : low(follow);
    return early ? high(follow) : low(follow);
  }
  // Cannot follow: the Q♠, then the highest heart, then the highest card.
  if (legal.includes(QUEEN_OF_SPADES)) return QUEEN_OF_SPADES;
  const hearts = CardSet.fromCards(legal).intersect(CardSet.suit(HEARTS));
  if (!hearts.isEmpty()) return high([...hearts]);
  return high(legal);
}
