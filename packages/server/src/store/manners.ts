/**
 * Manners (issue #20): the rows. A block is one user's choice about another (never seated together by quick
 * match, their chat hidden from the blocker); a report asks a moderator to look at a player's behaviour at one
 * table (one report per reporter, reported player and table); a table's chat lines are kept with the table so
 * that a moderator reads them; a leave is a rated game a player left early (a bot took the seat), counted for the
 * quick-match cool-down (`src/manners.ts`). The `MannersStore` interface stands beside `GameStore` in `types.ts`;
 * any implementation must pass `test/manners-contract.ts`.
 *
 * ```ts
 * await store.manners.block('u1', 'u2', now); // true: new
 * await store.manners.avoidedBy('u2'); // ['u1']: quick match never seats them together
 * await store.manners.addLeave({ userId: 'u1', tableId: 't1', at: now, reason: 'left' });
 * ```
 */
import type { TakeoverReason } from '@hearts/protocol/socket';
import type { ChatSource, ReportReason, ReportStatus } from '@hearts/protocol/http';

/** A user the blocker blocked, with their name now. */
export interface BlockedUser {
  readonly userId: string;
  readonly name: string;
  readonly since: number;
}

export interface NewReport {
  readonly id: string;
  readonly reporterId: string;
  readonly reportedId: string;
  readonly tableId: string;
  readonly seat: number; // the reported player's seat at the table
  readonly reason: ReportReason;
  readonly text: string; // may be empty
  readonly at: number;
}

/** A stored report with both names now and how it was handled. */
export interface StoredReport extends NewReport {
  readonly reporterName: string;
  readonly reportedName: string;
  readonly status: ReportStatus;
  readonly handledBy: string | null; // the moderator's user id
  readonly handledAt: number | null;
}

/** A line of a table's chat as kept for moderators: who said it (user id), as the players or watchers saw it. */
export interface StoredChatLine {
  readonly tableId: string;
  readonly userId: string;
  readonly name: string;
  readonly seat: number | null; // null: a watcher
  readonly source: ChatSource;
  readonly text: string;
  readonly at: number;
}

/** Lines of a table's chat kept from one writer in one of its chats. */
export interface ChatCount {
  readonly userId: string;
  readonly source: ChatSource;
  readonly lines: number;
}

/** A rated game left early: a bot took the seat (`reason`: why). One per table and player. */
export interface Leave {
  readonly userId: string;
  readonly tableId: string;
  readonly at: number;
  readonly reason: TakeoverReason;
}

/** Thrown by `addReport` when the reporter reported that player at that table before. */
export class ReportedAlreadyError extends Error {
  constructor() {
    super('you reported this player at this table already');
  }
}
