/**
 * A user's data as a whole (issue #49): the export and the deletion of an account, the interface beside
 * `GameStore` (`GameStore.accounts`); `kysely-accounts.ts` implements it, `test/accounts-contract.ts` holds it to
 * its word on every database.
 *
 * ```ts
 * const file = await store.accounts.exportData(userId, Date.now()); // hearts-export/2, or null: no such user
 * const done = await store.accounts.deleteUser(userId, Date.now()); // null: deleted already
 * done?.openTables; // unfinished tables they sat at: the rooms treat them as leavers
 * ```
 */
import type { ExportFile } from '@hearts/protocol/http/privacy';

/** What a deletion changed beyond the user's own rows. */
export interface Deletion {
  readonly games: number; // finished games kept under DELETED_PLAYER
  readonly openTables: readonly string[]; // unfinished tables the user sits at: the rooms treat them as leavers
}

/**
 * A user's data as a whole: the export, the deletion, and the deleted users (a finished game's seat of a user
 * deleted meanwhile is written under `DELETED_PLAYER` (`@hearts/protocol/http/privacy`), and their rating is not kept).
 */
export interface AccountStore {
  /**
   * Everything the server holds about the user (`hearts-export/2`: other people in it by their name now, never by
   * their user id), or null when there is no such user.
   */
  exportData(userId: string, now: number): Promise<ExportFile | null>;
  /**
   * Deletes the user in one transaction: the account (its name is free again), ratings and their history, chips,
   * cosmetics, friends, invites, blocks (both ways), reports (made and about them), chat lines, who watched,
   * leaves, training, puzzles, daily attempts; finished games stay with the seat named `DELETED_PLAYER`
   * (`@hearts/protocol/http/privacy`: tables, records, results, player pages, tournament results) and the user's id noted
   * as deleted. Null when
   * there is no such user (deleted already: a second deletion, or two at once, do it once).
   */
  deleteUser(userId: string, at: number): Promise<Deletion | null>;
  /** Which of the ids belong to deleted users. */
  deletedOf(userIds: readonly string[]): Promise<Set<string>>;
}
