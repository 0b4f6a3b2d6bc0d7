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
import type { BotLevel, TableKind } from '@hearts/table/protocol';
import type { DailyAttempt, DailyDay, DaySummary, NewAttempt } from './daily.js';
import type { FinishedGame, PlayerResult, ProgressStore } from './progress.js';
import type {
  EnterOutcome,
  TournamentEntrantRow,
  TournamentEntry,
  TournamentGameRow,
  TournamentRecord,
  TournamentStatus,
} from './tournaments.js';
import type { Presence } from '../tournament/state.js';

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
  claimUser(id: string, passwordHash: string): Promise<boolean>;
  /** Moves the user's token generation on: every token issued before stops working. */
  rotateTokens(id: string): Promise<void>;

  createTable(table: TableRecord): Promise<void>;
  /** Appends events atomically (all or none); throws when a (table, seq) or (table, seat, clientId) repeats. */
  appendEvents(events: readonly EventRow[]): Promise<void>;
  loadTable(id: string): Promise<{ table: TableRecord; events: EventRow[] } | null>;
  tableExists(id: string): Promise<boolean>;
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
  botRatings(): Promise<Map<BotLevel, number>>;
  /** A table's kind and status (a friends' room before its start is no table yet), or null. */
  tableStatus(id: string): Promise<{ kind: TableRecord['kind']; status: TableRecord['status'] } | null>;

  /** Ratings, player records, chips and cosmetics (src/store/progress.ts). */
  readonly progress: ProgressStore;
  /** The daily game's days and attempts (src/store/daily.ts). */
  readonly daily: DailyStore;
  /** Tournaments, their entrants and games (src/store/tournaments.ts). */
  readonly tournaments: TournamentStore;
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
  /** Enters the player, or makes a paused or left one active again; 'full' when `maxPlayers` have entered. */
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
  /** The tournaments the user entered, newest start first. */
  userTournaments(userId: string, limit: number): Promise<TournamentEntry[]>;
}
