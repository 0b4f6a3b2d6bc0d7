/**
 * Rollouts: what a card is worth when the rest of the hand is played out by a bot in every seat, over many deals
 * consistent with what the deciding seat sees. An independent check of a position's answer (the tactics) that
 * does not share the search bots' playout policy.
 *
 * ```ts
 * const values = rolloutValues(TACTICS[0]!, mediumBot, { deals: 200 });
 * // [{ card: 'QD', mean: 4.6, deals: 200 }, { card: 'AD', mean: 5.7, deals: 200 }]
 * ```
 */
import {
  applyMove,
  observation,
  parseCard,
  parseNamedMove,
  seededRandom,
  type CardName,
  toPlay,
} from '@hearts/engine';
import { buildPosition, type PositionSpec } from './setup.js';
import type { Bot } from './types.js';

export interface RolloutOptions {
  readonly deals?: number; // hidden-card fills to play out (default 200)
  readonly timeMs?: number; // the bot's budget per decision (default 20)
  readonly cards?: readonly CardName[]; // the cards to rate (default every legal card)
}

export interface RolloutValue {
  readonly card: CardName;
  readonly mean: number; // the deciding seat's points for the hand, after the moon rule
  readonly deals: number;
}

/** Rates each card of a play position by rollouts, best (fewest points) first. */
export function rolloutValues(spec: PositionSpec, bot: Bot, o: RolloutOptions = {}): RolloutValue[] {
  const deals = o.deals ?? 200;
  const { obs } = buildPosition(spec, 0);
  if (obs.phase !== 'play') throw new Error('rollouts rate the cards of a play position');
  const me = obs.seat;
  const cards = o.cards ?? obs.legal;
  const sums = new Map<CardName, number>(cards.map((c) => [c, 0]));
  for (let d = 0; d < deals; d++) {
    const { state } = buildPosition(spec, 1000 + d);
    const hands = state.results.length;
    for (const card of cards) {
      const first = applyMove(state, me, { kind: 'play', card: parseCard(card)! });
      if (!first.ok) throw new Error(`${card}: ${first.error.message}`);
      let s = first.value;
      let step = 0;
      while (s.results.length === hands) {
        const seat = s.phase === 'moon' ? s.moonShooter! : toPlay(s)!;
        const random = seededRandom(`${d}:${step++}`); // the same randomness after every card
        const move = parseNamedMove(bot.decide(observation(s, seat), { timeMs: o.timeMs ?? 20, random }));
        const r = move.ok ? applyMove(s, seat, move.value) : null;
        if (!r?.ok) throw new Error(`the bot's move was refused in a rollout of ${card}`);
        s = r.value;
      }
      sums.set(card, sums.get(card)! + s.results[hands]!.points[me]!);
    }
  }
  return cards
    .map((card) => ({ card, mean: sums.get(card)! / deals, deals }))
    .sort((a, b) => a.mean - b.mean);
}
