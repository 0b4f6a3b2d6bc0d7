/**
 * The per-seat messages of a played card and of a chosen pass. Pure: a property test holds that a client applying them
 * (`applyPlay`, `applyPassed` of `@hearts/live`) sees exactly `observation(next, seat)`.
 */
import { CardSet, legalMoves, type CardName, type GameState } from '@hearts/engine';
import type { PassedMessage, PlayMessage } from '@hearts/live/protocol';

/**
 * The `play` message for each seat after `seat` played `card` from `prev` to `next`, or null when a compact update
 * cannot describe the change (the hand ended): then every seat gets a snapshot.
 */
export function playMessages(
  prev: GameState,
  next: GameState,
  seat: number,
  card: CardName,
  bank: number,
  v: number,
): PlayMessage[] | null {
  if (prev.phase !== 'play' || next.phase !== 'play' || !prev.core || !next.core) return null;
  if (prev.handNumber !== next.handNumber) return null;
  const core = next.core;
  const completed = core.trickCount > prev.core.trickCount;
  const points = new Array<number>(next.rules.players).fill(0);
  core.rawPoints(points);
  const base: PlayMessage = {
    v,
    kind: 'play',
    seat,
    card,
    winner: completed ? core.trickWinners[core.trickCount - 1]! : null,
    turn: core.turn,
    legal: [],
    heartsBroken: core.heartsBroken,
    handPoints: points,
    bank,
  };
  return Array.from({ length: next.rules.players }, (_, s) =>
    s === core.turn ? { ...base, legal: legalMoves(next, s).names() } : base,
  );
}

/**
 * The `passed` message for each seat after `seat` chose `cards` from `prev` to `next`, or null when this pass
 * completed the exchange (then every seat gets a snapshot with the cards it received).
 */
export function passedMessages(
  prev: GameState,
  next: GameState,
  seat: number,
  cards: readonly CardName[],
  bank: number,
  v: number,
): PassedMessage[] | null {
  if (prev.phase !== 'pass' || next.phase !== 'pass') return null;
  const base: PassedMessage = { v, kind: 'passed', seat, passed: null, bank };
  const own: PassedMessage = { ...base, passed: CardSet.fromNames(cards)?.names() ?? [...cards] }; // in deck order, as views list them
  return Array.from({ length: next.rules.players }, (_, s) => (s === seat ? own : base));
}
