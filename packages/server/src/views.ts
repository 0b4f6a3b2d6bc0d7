/**
 * The per-seat messages of a played card. Pure: a property test holds that a client applying them
 * (`applyPlay` of `@hearts/live`) sees exactly `observation(next, seat)`.
 */
import { legalMoves, type CardName, type GameState } from '@hearts/engine';
import type { PlayMessage } from '@hearts/live/protocol';

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
