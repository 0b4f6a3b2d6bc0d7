/**
 * Tournament prizes in chips (docs/rating.md): the podium of a finished tournament, paid once per player (the
 * ledger id `tournament:<id>:<user>`). A place pays only to a player who played at least `MIN_PRIZE_GAMES` games,
 * in a tournament where at least `MIN_PRIZE_PLAYERS` people played a game; tied players share the rank and each
 * gets its prize.
 *
 * ```ts
 * prizesOf(standings); // [{ userId, rank: 1, amount: 50_000 }, …]
 * ```
 */
import type { Standing } from '@hearts/live/tournament';

/** Chips for ranks 1, 2 and 3. */
export const TOURNAMENT_PRIZES = [50_000, 25_000, 10_000] as const;
export const MIN_PRIZE_GAMES = 3;
export const MIN_PRIZE_PLAYERS = 4;

export interface Prize {
  readonly userId: string;
  readonly rank: number;
  readonly amount: number;
}

export function prizesOf(standings: readonly Standing[]): Prize[] {
  if (standings.filter((s) => s.games > 0).length < MIN_PRIZE_PLAYERS) return [];
  return standings.flatMap((s) => {
    const amount = TOURNAMENT_PRIZES[s.rank - 1];
    return amount !== undefined && s.games >= MIN_PRIZE_GAMES
      ? [{ userId: s.userId, rank: s.rank, amount }]
      : [];
  });
}
