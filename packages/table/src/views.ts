/**
 * The per-seat messages of a played card and of a chosen pass. Pure: a property test holds that a client applying them
 * (`applyPlay`, `applyPassed` of `@hearts/table`) sees exactly `observation(next, seat)`.
 */
import { CardSet, legalMoves, playPosition, tricksDone, type CardName, type GameState } from '@hearts/engine';
import type { PassedMessage, PlayMessage } from '@hearts/protocol/socket';

/**
 * The `play` message for each seat after `seat` played `card` from `prev` to `next`, or null when a compact update
 * cannot describe the change (the hand ended): then every seat gets a snapshot. `ack`: the player's move id, in
 * the player's own message. Every seat that neither plays next nor gets the ack gets the very same object (the
 * room encodes it once); the messages are literals, not spreads of one another (V8 copies spreads much slower).
 */
export function playMessages(
  prev: GameState,
  next: GameState,
  seat: number,
  card: CardName,
  bank: number,
  v: number,
  ack?: string,
): PlayMessage[] | null {
  const now = playPosition(next);
  if (prev.phase !== 'play' || !now || prev.handNumber !== next.handNumber) return null;
  const winner = now.tricksDone > tricksDone(prev) ? now.lastWinner : null;
  const { turn, heartsBroken, handPoints: points } = now;
  const message = (legal: CardName[], ack: string | undefined): PlayMessage =>
    ack === undefined
      ? { v, kind: 'play', seat, card, winner, turn, legal, heartsBroken, handPoints: points, bank }
      : { v, kind: 'play', seat, card, winner, turn, legal, heartsBroken, handPoints: points, bank, ack };
  const base = message([], undefined);
  const out: PlayMessage[] = [];
  for (let s = 0; s < next.rules.players; s++) {
    const own = s === seat ? ack : undefined;
    out.push(
      s === turn ? message(legalMoves(next, s).names(), own) : own !== undefined ? message([], own) : base,
    );
  }
  return out;
}

/**
 * The `passed` message for each seat after `seat` chose `cards` from `prev` to `next`, or null when this pass
 * completed the exchange (then every seat gets a snapshot with the cards it received). `ack`: the passer's move id.
 */
export function passedMessages(
  prev: GameState,
  next: GameState,
  seat: number,
  cards: readonly CardName[],
  bank: number,
  v: number,
  ack?: string,
): PassedMessage[] | null {
  if (prev.phase !== 'pass' || next.phase !== 'pass') return null;
  const base: PassedMessage = { v, kind: 'passed', seat, passed: null, bank };
  const passed = CardSet.fromNames(cards)?.names() ?? [...cards]; // in deck order, as views list them
  const own: PassedMessage =
    ack === undefined
      ? { v, kind: 'passed', seat, passed, bank }
      : { v, kind: 'passed', seat, passed, bank, ack };
  return Array.from({ length: next.rules.players }, (_, s) => (s === seat ? own : base));
}
