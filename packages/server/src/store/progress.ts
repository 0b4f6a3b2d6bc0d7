/**
 * Ratings, player records, chips and cosmetics behind an interface of their own: {@link ProgressStore}, a part of
 * every {@link GameStore} (`store.progress`). What a rating or a prize is lives in src/rating and src/economy; this
 * is only how they are kept. Every write happens inside {@link ProgressStore.transaction}, so that a finished game
 * (ratings, records, chips and the table itself) is applied all at once or not at all; the contract suite
 * (test/store-contract.ts) holds every implementation to it.
 *
 * ```ts
 * const paid = await store.progress.transaction(async (tx) =>
 *   (await tx.takeDailyWin(user, 'solo', day, 20)) &&
 *   tx.credit({ id: `solo:${hash}`, userId: user, amount: 500, reason: 'solo-win', ref: hash, at }),
 * );
 * await store.progress.balance(user); // 500
 * ```
 */
import type { GameSeat } from './tournaments.js';
import type { ChipReason, LedgerRow, RecentGame } from '@hearts/protocol/http';
import type { GameRecord } from '@hearts/engine';
import type { BotLevel } from '@hearts/protocol/socket';

export interface PlayerResult {
  readonly seat: number;
  readonly userId: string | null; // the human dealt into the seat
  readonly name: string;
  readonly botLevel: BotLevel | null; // seated bot, or the bot that took over
  readonly replaced: boolean;
  readonly score: number;
  readonly rank: number; // 1 = won
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
}

/** What finishing a game writes, all at once. */
export interface FinishedGame {
  readonly tableId: string;
  readonly finishedAt: number;
  readonly players: readonly PlayerResult[];
  readonly record: GameRecord;
  readonly userRatings: readonly { readonly userId: string; readonly rating: number }[]; // rated: new ratings
  readonly botRatings: readonly { readonly level: BotLevel; readonly rating: number }[];
}

/** A rated player as stored: the skill after its last rated game (no decay applied). */
export interface SkillRow {
  readonly subject: string; // `u:<id>` or `b:<level>`
  readonly mu: number;
  readonly sigma: number;
  readonly games: number; // rated games
  readonly lastPlayedAt: number | null;
}

/** A rating's first row: its first rated game. */
export interface NewRating extends SkillRow {
  readonly userId: string | null;
  readonly botLevel: string | null;
}

/** The rating after one rated game. */
export interface RatingHistoryRow {
  readonly subject: string;
  readonly gameId: string;
  readonly at: number;
  readonly mu: number;
  readonly sigma: number;
  readonly ratingBefore: number; // displayed, idle decay included
  readonly ratingAfter: number; // displayed
  readonly place: number;
}

/** One seat of a finished live game. */
export interface PlayerGameRow {
  readonly gameId: string;
  readonly seat: number;
  readonly subject: string;
  readonly name: string;
  readonly kind: string; // 'quick' | 'friends'
  readonly rated: boolean;
  readonly left: boolean; // left, kicked or timed out (a bot took over)
  readonly score: number;
  readonly place: number;
  readonly hands: number;
  readonly points: number;
  readonly moons: number;
  readonly queens: number;
  readonly finishedAt: number;
}

/** Sums over a subject's finished live games (games and wins count games, not seats). */
export interface PlayerTotals {
  readonly games: number;
  readonly wins: number;
  readonly ratedGames: number;
  readonly hands: number;
  readonly points: number;
  readonly moons: number;
  readonly queens: number;
  readonly left: number;
}

/** A game whose result was applied: the exactly-once guard. */
export interface GameResultRow {
  readonly gameId: string; // a table id, or `solo:<hash>`
  readonly kind: string; // 'quick' | 'friends' | 'solo'
  readonly rated: boolean;
  readonly userId: string | null; // solo: who reported it
  readonly finishedAt: number;
  readonly result: string; // JSON: what the players were told, or the claim
}

/** A change of a balance; its id names the cause, which can pay or charge once. */
export interface LedgerEntry {
  readonly id: string; // `win:<game>:<user>`, `solo:<hash>`, `buy:<user>:<item>`
  readonly userId: string;
  readonly amount: number; // + in, − out; a whole number, never 0
  readonly reason: ChipReason;
  readonly ref: string; // the game or the item
  readonly at: number;
}

/** A write whose id (a ledger entry's, a game result's) was applied before. */
export class AlreadyApplied extends Error {
  constructor(readonly id: string) {
    super(`${id} exists already`);
  }
}

/** What may be read, inside a transaction or outside. */
export interface ProgressReads {
  /** The stored skills of those subjects that have one. */
  skills(subjects: readonly string[]): Promise<SkillRow[]>;
  /** The subject's newest `limit` ratings after a rated game, oldest first. */
  ratingHistory(subject: string, limit: number): Promise<RatingHistoryRow[]>;
  /** Rated games since `since` (every subject), oldest first. */
  ratingHistorySince(since: number): Promise<RatingHistoryRow[]>;
  /** Subjects with at least `minGames` rated games, and every bot level that has played one. */
  establishedSubjects(minGames: number): Promise<string[]>;
  playerTotals(subject: string): Promise<PlayerTotals>;
  /** The subject's newest `limit` games (one per game), each with every seat. */
  recentGames(subject: string, limit: number): Promise<RecentGame[]>;
  /** The names of these users (missing ones left out). */
  userNames(userIds: readonly string[]): Promise<Map<string, string>>;
  /** The stored result of a game (JSON), or null when none was applied. */
  gameResult(gameId: string): Promise<string | null>;

  balance(userId: string): Promise<number>;
  /** The user's newest ledger rows. */
  ledger(userId: string, limit: number): Promise<LedgerRow[]>;
  /** Wins paid to the user under `cap` on the UTC day starting at `day`. */
  winsOn(userId: string, cap: string, day: number): Promise<number>;

  /** Items the user bought (the free ones are everyone's and not stored). */
  ownedItems(userId: string): Promise<string[]>;
  /** The items chosen per slot, of these users (slots never chosen left out). */
  equippedItems(
    userIds: readonly string[],
  ): Promise<{ readonly userId: string; readonly slot: string; readonly item: string }[]>;
}

/** Reads and writes inside one transaction: all of its writes or none. */
export interface ProgressTransaction extends ProgressReads {
  /** The first rating of a subject: a second first rating at the same time fails (the primary key). */
  insertRating(row: NewRating): Promise<void>;
  /** Moves a rating on, only if it still has `games` rated games: false when another game moved it first. */
  updateRating(row: SkillRow, games: number): Promise<boolean>;
  addRatingHistory(row: RatingHistoryRow): Promise<void>;
  addPlayerGames(rows: readonly PlayerGameRow[]): Promise<void>;
  /** Claims a game's result: {@link AlreadyApplied} when that game has one. */
  addGameResult(row: GameResultRow): Promise<void>;
  /**
   * Takes one of the user's wins under `cap` for the UTC day starting at `day`: false when `max` are taken. Atomic:
   * concurrent transactions never take more than `max` together.
   */
  takeDailyWin(userId: string, cap: string, day: number, max: number): Promise<boolean>;
  /**
   * Adds a ledger row and moves the wallet: {@link AlreadyApplied} when the id exists. A debit that the balance
   * does not cover changes nothing and returns false (one conditional update: never below zero).
   */
  credit(entry: LedgerEntry): Promise<boolean>;
  /** Whether the user bought the item. */
  ownsItem(userId: string, item: string): Promise<boolean>;
  addOwnedItem(userId: string, item: string, at: number): Promise<void>;
  /** Chooses the item for the slot; null puts the slot back to its default. */
  equipItem(userId: string, slot: string, item: string | null): Promise<void>;
  /** The table finished with its record and results (GameStore.finishGame), in this transaction. */
  finishGame(game: FinishedGame): Promise<void>;
  /** Which of the users were deleted (their seats finish under the neutral name, their ratings not kept). */
  deletedUsers(userIds: readonly string[]): Promise<Set<string>>;
  /**
   * A daily table's attempt finished with its points per hand, in this transaction: false when it was finished
   * before (results are written once) or the table has no attempt.
   */
  finishDailyAttempt(
    tableId: string,
    result: { points: readonly number[]; left: boolean; at: number },
  ): Promise<boolean>;
  /**
   * A tournament game finished with its places, in this transaction: false when it was not running (finished
   * before, abandoned, or no tournament game) — so a game counts once.
   */
  finishTournamentGame(gameId: string, result: readonly GameSeat[], at: number): Promise<boolean>;
}

export interface ProgressStore extends ProgressReads {
  /** Runs `f` in one transaction; a throw rolls every write of it back. */
  transaction<T>(f: (tx: ProgressTransaction) => Promise<T>): Promise<T>;
}
