/**
 * The daily game's storage: each day's seed and commitment, and the players' attempts, one per player and day — the
 * primary key (date, user) of `daily_attempts` holds that across processes, not a check in memory. The rows are
 * here; the `DailyStore` interface stands beside `GameStore` in `types.ts` (it stores a day's table with its
 * attempt). Any implementation must pass `test/daily-contract.ts`.
 *
 * ```ts
 * const day = await store.daily.ensureDay({ date, seed, commitment, rules, createdAt }); // the first writer's seed
 * await store.daily.startAttempt({ date, userId, name, tableId, startedAt }, table); // DailyPlayedError the 2nd time
 * ```
 */
import type { Rules } from '@hearts/engine';

export interface DailyDay {
  readonly date: string; // YYYY-MM-DD (Europe/Berlin)
  readonly seed: string; // hex: secret until the day is over
  readonly commitment: string;
  readonly rules: Rules;
  readonly createdAt: number;
  readonly par: readonly number[] | null; // the expert bot's points per hand in the player's seat
}

export interface NewAttempt {
  readonly date: string;
  readonly userId: string;
  readonly name: string;
  readonly tableId: string;
  readonly startedAt: number;
  /**
   * On the public board (rank, percentile, streak, the number of players): the player's name was claimed before
   * the day began (`rankedAttempt` in daily.ts). Left out: true. An unranked attempt sees where it would stand.
   */
  readonly ranked?: boolean;
}

export interface DailyAttempt extends NewAttempt {
  readonly ranked: boolean;
  readonly status: 'playing' | 'finished';
  readonly points: readonly number[] | null; // per hand, once finished
  readonly total: number | null;
  readonly left: boolean; // the player left and a bot played the rest
  readonly finishedAt: number | null;
}

/** A day in the calendar: how many played it. */
export interface DaySummary {
  readonly date: string;
  readonly players: number; // finished attempts on the public board (ranked)
}

/** The player has an attempt at that day already. */
export class DailyPlayedError extends Error {
  constructor(
    readonly date: string,
    readonly userId: string,
  ) {
    super(`${userId} has played ${date} already`);
  }
}
