/**
 * Storage behind one interface: users, tables as event logs, finished games and their records. The embedded
 * default is SQLite ({@link openSqliteStore}); any implementation must pass the shared suite in
 * `test/store-contract.ts`.
 *
 * ```ts
 * const store = await openSqliteStore(':memory:');
 * await store.createTable(table);
 * await store.appendEvents([{ tableId: table.id, seq: 0, event: { type: 'deal', hands, sevenSuit: null }, at: Date.now() }]);
 * (await store.loadTable(table.id))?.events.length; // 1
 * ```
 */
import type { GameRecord, Rules } from '@hearts/engine';
import type { StoredEvent, StoredSeat } from '@hearts/table';
import type { TrainingPosition, TrainingProgress } from '@hearts/protocol/http/training';
import type { BotLevel, TableKind } from '@hearts/protocol/socket';
import type { DailyAttempt, DailyDay, DaySummary, NewAttempt } from './daily.js';
import type { BlockedUser, ChatCount, Leave, NewReport, StoredChatLine, StoredReport } from './manners.js';
import type {
  FriendInvite,
  FriendLink,
  LinkCounts,
  ReceivedInvite,
  RequestOutcome,
  RequestsFrom,
} from './friends.js';
import type { FinishedGame, PlayerResult, ProgressStore } from './progress.js';
import type { PuzzleStore } from './puzzles.js';
import type { ShareStore } from './shares.js';
import type {
  EnterOutcome,
  Presence,
  TournamentEntrantRow,
  TournamentEntry,
  TournamentFilter,
  TournamentGameRow,
  TournamentRecord,
  TournamentStatus,
} from './tournaments.js';
import type { RetentionStore } from '../retention.js';
import type { AccountStore } from './accounts.js';

export type { FinishedGame, PlayerResult } from './progress.js';

export interface UserRecord {
  readonly id: string;
  readonly name: string;
  readonly passwordHash: string | null; // null: a guest who has not claimed the name
  readonly tokenGeneration: number; // tokens issued for an older generation are refused
  readonly rating: number;
  readonly games: number; // rated games played
  readonly createdAt: number;
  readonly lastPlayedAt: number | null;
  /** When the name was claimed (null or left out: a guest; a new user with a password: at its creation). */
  readonly claimedAt?: number | null;
}

export interface TableRecord {
  readonly id: string;
  readonly kind: TableKind;
  readonly rated: boolean;
  readonly rules: Rules;
  readonly seats: readonly StoredSeat[];
  readonly botLevel: BotLevel; // the level of bots that take seats over
  readonly status: 'playing' | 'finished';
  readonly createdAt: number;
  /**
   * Friends' tables: the room code its players share (the first game's table id; "play again" brings them back to
   * it) and the host of that room, who opens and closes the table to watchers. Absent at other tables.
   */
  readonly room?: { readonly code: string; readonly hostId: string | null };
  /** False: the host closed the table to watchers (changed by `setWatchersOpen`); absent or true: open. */
  readonly watchersOpen?: boolean;
}

/** A friends' room before its game starts: kept so that it outlives a restart of its server process. */
export interface LobbyRecord {
  readonly id: string; // the room code
  readonly hostId: string | null;
  readonly members: readonly { readonly userId: string; readonly name: string }[]; // in the order they came
  readonly rules: Rules;
  readonly botLevel: BotLevel;
  readonly updatedAt: number;
}

export interface EventRow {
  readonly tableId: string;
  readonly seq: number; // 0, 1, 2 … without gaps
  readonly event: StoredEvent;
  readonly at: number;
}

/** A finished game in a player's history. */
export interface HistoryEntry {
  readonly tableId: string;
  readonly kind: TableKind;
  readonly rated: boolean;
  readonly finishedAt: number;
  readonly seat: number; // the player's seat
  readonly players: readonly PlayerResult[];
}

export class NameTakenError extends Error {
  constructor(name: string) {
    super(`the name "${name}" is taken`);
  }
}

export interface GameStore {
  /** Creates or updates the schema. */
  migrate(): Promise<void>;
  close(): Promise<void>;

  getSetting(key: string): Promise<string | null>;
  /** Stores the value unless the key has one; returns the value now stored. */
  initSetting(key: string, value: string): Promise<string>;
  /**
   * Proves that the database takes writes now: writes `at` as the value of the setting `health-probe` (one small
   * row, overwritten each time; every process of a deployment writes the same row); rejects when it cannot.
   * `/healthz` calls it.
   */
  probeWrite(at: number): Promise<void>;

  /** Creates a user; throws {@link NameTakenError} when the name (ignoring case) is taken. */
  createUser(user: UserRecord): Promise<void>;
  userById(id: string): Promise<UserRecord | null>;
  userByName(name: string): Promise<UserRecord | null>;
  /** Renames a user; throws {@link NameTakenError} when the name is taken by someone else. */
  renameUser(id: string, name: string): Promise<void>;
  /** Replaces the password hash (the same password hashed anew); tokens stay valid. */
  setPassword(id: string, passwordHash: string): Promise<void>;
  /**
   * Sets the password of a user who has none and moves the token generation on (older tokens stop working);
   * false when the user already has a password or does not exist.
   */
  claimUser(id: string, passwordHash: string, at?: number): Promise<boolean>;
  /** Moves the user's token generation on: every token issued before stops working. */
  rotateTokens(id: string): Promise<void>;

  createTable(table: TableRecord): Promise<void>;
  /** Appends events atomically (all or none); throws when a (table, seq) or (table, seat, clientId) repeats. */
  appendEvents(events: readonly EventRow[]): Promise<void>;
  /**
   * The same append done before returning, where the database allows it (SQLite in this process, while no
   * transaction holds the connection): true when the rows are written, false when nothing was done and
   * {@link appendEvents} must write them. Throws as `appendEvents` rejects. A store without it always appends
   * asynchronously. (A move at human pace comes alone: the promise chain of an asynchronous write cost it more
   * than SQLite's insert itself — `docs/performance.md`, "Where a move's CPU goes".)
   */
  appendEventsNow?(events: readonly EventRow[]): boolean;
  loadTable(id: string): Promise<{ table: TableRecord; events: EventRow[] } | null>;
  tableExists(id: string): Promise<boolean>;
  /** Whether watchers may come to the table (the host's choice; kept across a restart). Unknown id: no change. */
  setWatchersOpen(id: string, open: boolean): Promise<void>;
  /** Ids of tables whose game has not finished, oldest first. */
  unfinishedTables(): Promise<string[]>;
  /** Creates or replaces a friends' room that has not started. */
  saveLobby(lobby: LobbyRecord): Promise<void>;
  loadLobby(id: string): Promise<LobbyRecord | null>;
  deleteLobby(id: string): Promise<void>;
  /** Codes of the stored rooms that have not started, oldest change first. */
  openLobbies(): Promise<string[]>;
  /** Marks the table finished with its record and results, and stores the new ratings, in one transaction. */
  finishGame(game: FinishedGame): Promise<void>;

  /** The user's finished games, newest first. */
  history(userId: string, limit: number): Promise<HistoryEntry[]>;
  /** A finished game's record and who played it. */
  gameRecord(tableId: string): Promise<{ record: GameRecord; userIds: (string | null)[] } | null>;
  /**
   * Finished games' records in the order of their table ids, after `after` (null: from the first), at most `limit`:
   * what `hearts puzzles build --database` mines. Only the records: who played is not read.
   */
  finishedRecords(after: string | null, limit: number): Promise<{ tableId: string; record: GameRecord }[]>;
  botRatings(): Promise<Map<BotLevel, number>>;
  /** A table's kind and status (a friends' room before its start is no table yet), or null. */
  tableStatus(id: string): Promise<{ kind: TableRecord['kind']; status: TableRecord['status'] } | null>;

  /** Ratings, player records, chips and cosmetics (src/store/progress.ts). */
  readonly progress: ProgressStore;
  /** The daily game's days and attempts (src/store/daily.ts). */
  readonly daily: DailyStore;
  /** Players' training positions and their progress at them (src/store/kysely-training.ts). */
  readonly training: TrainingStore;
  /** Puzzle ratings, offers and answers, streaks and storms (store/puzzles.ts). */
  readonly puzzles: PuzzleStore;
  /** Shared reviews: finished games made public by a player (store/shares.ts). */
  readonly shares: ShareStore;
  /** Blocks, reports, tables' chat lines, leaves (src/store/manners.ts). */
  readonly manners: MannersStore;
  /** Friendships and invites (src/store/friends.ts). */
  readonly friends: FriendsStore;
  /** Tournaments, their entrants and games (src/store/tournaments.ts). */
  readonly tournaments: TournamentStore;
  /** What is kept only for a while, removed by age (src/retention.ts). */
  readonly retention: RetentionStore;
  /** A user's data as a whole: export, deletion, deleted users (src/store/kysely-accounts.ts). */
  readonly accounts: AccountStore;
}

/**
 * Signed-in players' training positions (`@hearts/protocol/http/training`) and their progress at positions (their own and
 * the starter set's). Each capped per player: beyond the cap the oldest go, in the same transaction.
 */
export interface TrainingStore {
  /**
   * Keeps the positions (one already kept, by the primary key (user, id), stays as it is), then drops the user's
   * oldest beyond `max.positions` or past `max.bytes` of positions (their JSON) together; returns how many were
   * new and how many the user keeps now.
   */
  savePositions(
    userId: string,
    positions: readonly TrainingPosition[],
    max: { readonly positions: number; readonly bytes: number },
  ): Promise<{ stored: number; total: number }>;
  /** The user's positions, newest first. */
  positions(userId: string): Promise<TrainingPosition[]>;
  /** Merges progress records into the kept ones (`mergeProgress`), then drops the oldest beyond `max`; the count kept. */
  saveProgress(userId: string, progress: readonly TrainingProgress[], max: number): Promise<number>;
  /** The user's progress records, the latest first. */
  progress(userId: string): Promise<TrainingProgress[]>;
}

/** The daily game's days and attempts, one per player and day (rows and errors: `daily.ts`). */
export interface DailyStore {
  /** The day as stored; stores the given one first unless the day has one (the first writer wins). */
  ensureDay(day: Omit<DailyDay, 'par'>): Promise<DailyDay>;
  day(date: string): Promise<DailyDay | null>;
  /** Stores the day's par unless it has one; false when it had. */
  setPar(date: string, par: readonly number[]): Promise<boolean>;
  /**
   * Stores the attempt and its table in one transaction; `DailyPlayedError` (and nothing stored) when the
   * user has an attempt at that day.
   */
  startAttempt(attempt: NewAttempt, table: TableRecord): Promise<void>;
  attempt(date: string, userId: string): Promise<DailyAttempt | null>;
  attemptOfTable(tableId: string): Promise<DailyAttempt | null>;
  /** Every attempt at the day, the finished ones by total (lowest first), then the running ones. */
  attempts(date: string): Promise<DailyAttempt[]>;
  /** The user's attempts, newest day first. */
  userAttempts(userId: string, limit: number): Promise<DailyAttempt[]>;
  /** Days stored before `before` (exclusive), newest first, with how many finished them. */
  days(before: string, limit: number): Promise<DaySummary[]>;
}

/** Blocks, reports for moderators, tables' chat lines and rated games left early (rows: `manners.ts`). */
export interface MannersStore {
  /** `blockerId` blocks `blockedId`; false when they had already. */
  block(blockerId: string, blockedId: string, at: number): Promise<boolean>;
  /** Lifts a block; false when there was none. */
  unblock(blockerId: string, blockedId: string): Promise<boolean>;
  /** Whom the user blocked, with their names now, newest first. */
  blocked(blockerId: string): Promise<BlockedUser[]>;
  /** How many the user blocked (the cap on them). */
  blockCount(blockerId: string): Promise<number>;
  /** The ids of the users the user blocked (their chat is hidden from the user). */
  blockedIds(blockerId: string): Promise<string[]>;
  /** The ids of the users the user blocked or was blocked by: quick match never seats them together. */
  avoidedBy(userId: string): Promise<string[]>;

  /** Stores a report; {@link ReportedAlreadyError} (nothing stored) when the reporter reported that player at that table. */
  addReport(report: NewReport): Promise<void>;
  /** Reports with the status (open: oldest first; handled: newest handled first), at most `limit`. */
  reports(status: 'open' | 'handled', limit: number): Promise<StoredReport[]>;
  report(id: string): Promise<StoredReport | null>;
  /** Marks an open report resolved or dismissed; false when it is not open (or not there). */
  handleReport(id: string, status: 'resolved' | 'dismissed', by: string, at: number): Promise<boolean>;
  /** Reports the reporter made since `since` (a cap besides the rate limit). */
  reportsSince(reporterId: string, since: number): Promise<number>;

  /** Keeps a line of a table's chat (players' or watchers'). */
  addChat(line: StoredChatLine): Promise<void>;
  /** A table's chat lines in the order said, the last `limit`. */
  chat(tableId: string, limit: number): Promise<StoredChatLine[]>;
  /** How many lines of a table's chat are kept, per writer and chat (the caps of `rooms/chat.ts`). */
  chatCounts(tableId: string): Promise<ChatCount[]>;

  /** Keeps that the user watched the table (now: `at`); once per table and user, the time moved on. */
  watched(tableId: string, userId: string, at: number): Promise<void>;
  /** Whether the user watched the table (within the retention of who watched: `retention.ts`). */
  hasWatched(tableId: string, userId: string): Promise<boolean>;

  /** Stores a rated game left early, once per table and player (a repeat is ignored). */
  addLeave(leave: Leave): Promise<void>;
  /** When the user left rated games early at or after `since`, newest first (at most `limit`). */
  leavesSince(userId: string, since: number, limit: number): Promise<number[]>;
}

/** Friendships (mutual: asked and accepted) and invites into friends' rooms (rows: `friends.ts`). */
export interface FriendsStore {
  /**
   * `from` asks `to` to be friends: a new request; or, when `to` had asked `from`, the friendship (accepted now).
   * Concurrent requests of both sides end in one friendship.
   */
  request(fromId: string, toId: string, at: number): Promise<RequestOutcome>;
  /** `userId` accepts the open request of `otherId`; false when there is none. */
  accept(userId: string, otherId: string, at: number): Promise<boolean>;
  /**
   * Ends whatever is between the two (a friendship, or a request either way: decline, withdraw, unfriend) and
   * drops the invites between them; false when there was nothing.
   */
  remove(userId: string, otherId: string): Promise<boolean>;
  /** The user's friends and open requests, with the others' names now (friends by name, then requests). */
  links(userId: string): Promise<FriendLink[]>;
  /** The user's friendship or open request of that id (either way), or null when it is not the user's. */
  link(userId: string, linkId: string): Promise<FriendLink | null>;
  /** The user's friends, open requests made and open requests received, counted (the caps on them). */
  counts(userId: string): Promise<LinkCounts>;
  /** Declines every open request to the user; how many. */
  declineAll(userId: string): Promise<number>;
  /** Whom the user takes requests from ('anyone' when never set). */
  requestsFrom(userId: string): Promise<RequestsFrom>;
  setRequestsFrom(userId: string, from: RequestsFrom): Promise<void>;
  /** Whether the two know each other: a finished game at one table, or a friend in common. */
  known(a: string, b: string): Promise<boolean>;
  areFriends(a: string, b: string): Promise<boolean>;
  /** The ids of the user's friends (accepted). */
  friendIds(userId: string): Promise<string[]>;
  /** Stores an invite (a new id). */
  addInvite(invite: FriendInvite): Promise<void>;
  /** The user's invites that have not run out at `now`, newest first; run-out ones are deleted. */
  invites(toId: string, now: number): Promise<ReceivedInvite[]>;
  /** Deletes an invite of the user's; false when it was not theirs or is gone. */
  dropInvite(id: string, toId: string): Promise<boolean>;
}

/**
 * Tournaments, their entrants and their games (rows: `tournaments.ts`). A game row is finished by the table's
 * finishing transaction (`ProgressTransaction.finishTournamentGame`), so each game counts once.
 */
export interface TournamentStore {
  /** Stores a new tournament; false (nothing stored) when its id or its schedule key exists. */
  create(t: TournamentRecord): Promise<boolean>;
  get(id: string): Promise<TournamentRecord | null>;
  /** Listed tournaments (not private) with one of the statuses, by start (soonest first, or newest), at most `limit`. */
  list(
    statuses: readonly TournamentStatus[],
    limit: number,
    newestFirst?: boolean,
  ): Promise<TournamentRecord[]>;
  /** Ids of the tournaments not finished (any kind), by start. */
  unfinished(): Promise<string[]>;
  /** Moves the status on (upcoming → running → finished); false when it was there or beyond already. */
  setStatus(id: string, status: TournamentStatus, at: number): Promise<boolean>;
  /** Enters the player, or makes a paused, away or left one active again; 'full' when `maxPlayers` have entered. */
  enter(
    id: string,
    who: { userId: string; name: string },
    at: number,
    maxPlayers: number,
  ): Promise<EnterOutcome>;
  /** Pauses or withdraws an entrant; false when they never entered. */
  setPresence(
    id: string,
    userId: string,
    presence: Exclude<Presence, 'active'>,
    at: number,
  ): Promise<boolean>;
  /**
   * Marks these entrants away if they are active (a paused or left one stays so): not connected when a table was
   * to open for them. How many were marked.
   */
  markAway(id: string, userIds: readonly string[], at: number): Promise<number>;
  /**
   * Ends a running tournament at `at` (no game starts from then on; games running still count): nobody was
   * connected for a while. False when it had not started, had ended by then or has finished.
   */
  closeEarly(id: string, at: number): Promise<boolean>;
  /** The entrants, in the order they joined. */
  entrants(id: string): Promise<TournamentEntrantRow[]>;
  /** Records games as running (their tables are about to open). */
  startGames(
    id: string,
    games: readonly { gameId: string; seats: readonly (string | null)[]; startedAt: number }[],
  ): Promise<void>;
  /** A running game whose table never opened: it will never count. False when it was not running. */
  abandonGame(gameId: string): Promise<boolean>;
  /** The tournament's games, in the order they started. */
  games(id: string): Promise<TournamentGameRow[]>;
  /** The tournament a table was opened for, or null. */
  gameTournament(gameId: string): Promise<string | null>;
  /** The tournaments the user entered, newest start first; `only`: of these statuses and kinds. */
  userTournaments(userId: string, limit: number, only?: TournamentFilter): Promise<TournamentEntry[]>;
}
