/**
 * The database tables, as Kysely sees them. Portable SQL only: the same migrations and queries run on SQLite
 * (embedded default) and PostgreSQL. Times are milliseconds since the epoch in `bigint` columns (read back with
 * `Number()`, since PostgreSQL drivers return them as strings); booleans are 0/1 integers.
 */
import type { Generated } from 'kysely';
import type { ProgressTables } from './progress-schema.js';

export interface UsersTable {
  id: string;
  name: string; // as shown
  name_key: string; // lower-cased name: unique
  password_hash: string | null; // scrypt; null for a guest who has not claimed the name
  token_generation: number; // tokens of older generations are refused (claim, sign out everywhere)
  rating: number;
  games: number; // rated games played
  created_at: number | string;
  last_played_at: number | string | null;
  claimed_at: number | string | null; // when the name was claimed (migration 0017_daily_ranked); null: a guest
}

export interface TablesTable {
  id: string; // also the room id (a friends' room: its short code)
  kind: string; // 'quick' | 'friends' | 'daily'
  rated: number; // 0 | 1
  rules: string; // JSON: the full rules object
  seats: string; // JSON: the seats at the deal (StoredSeat[])
  options: string; // JSON: bot level and other table options
  status: string; // 'playing' | 'finished'
  created_at: number | string;
  finished_at: number | string | null;
  result: string | null; // JSON: scores, ranks, rating changes
  record: string | null; // JSON: hearts-record/1
}

export interface LobbiesTable {
  id: string; // the room code
  host_id: string | null;
  members: string; // JSON: [{ userId, name }]
  rules: string; // JSON: the full rules object
  bot_level: string;
  updated_at: number | string;
}

export interface EventsTable {
  table_id: string;
  seq: number; // 0, 1, 2 … per table: the table's version after it is seq + 1
  type: string; // 'deal' | 'move' | 'takeover'
  seat: number | null;
  client_id: string | null; // a player's move id: unique per table and seat, for deduplication
  payload: string; // JSON
  created_at: number | string;
}

export interface TablePlayersTable {
  table_id: string;
  seat: number;
  user_id: string | null; // the human at the deal (kept when a bot took the seat over)
  name: string;
  bot_level: string | null; // a bot seated from the deal, or the bot that took over
  replaced: number; // 0 | 1: a bot took the seat over
  score: number;
  rank: number;
  rating_before: number | null;
  rating_after: number | null;
  finished_at: number | string;
}

export interface BotRatingsTable {
  level: string;
  rating: number;
  games: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A day of the daily game: its secret seed and public commitment (migration 0006_daily). */
export interface DailyDaysTable {
  date: string; // YYYY-MM-DD, the day in Europe/Berlin
  seed: string; // hex; revealed once the day is over
  commitment: string; // hex, published when the day starts
  rules: string; // JSON: the day's rules
  created_at: number | string;
  par: string | null; // JSON: the expert bot's points per hand in the player's seat (computed once)
}

/** One player's attempt at a day: the primary key (date, user_id) is the one attempt per player and day. */
export interface DailyAttemptsTable {
  date: string;
  user_id: string;
  name: string;
  table_id: string; // unique
  started_at: number | string;
  status: string; // 'playing' | 'finished'
  points: string | null; // JSON: points per hand
  total: number | null;
  left_early: number; // 0 | 1: a bot played the rest
  finished_at: number | string | null;
  ranked: Generated<number>; // 0 | 1 (default 1): on the public board (a name claimed before the day began; 0017_daily_ranked)
}

/** A signed-in player's training position: the primary key (user_id, id) keeps each decision once. */
export interface TrainingPositionsTable {
  user_id: string;
  id: string; // positionId of its observation
  position: string; // JSON: the TrainingPosition, checked with its schema when sent
  created_at: number | string; // the position's own createdAt: the oldest go first beyond the cap
}

/** A player's progress at a position (own or starter): primary key (user_id, position_id). */
export interface TrainingProgressTable {
  user_id: string;
  position_id: string;
  attempts: number;
  solved: number; // 0 | 1
  at: number | string; // the last attempt
}

/** A player's puzzle rating (migration 0014_puzzles). */
export interface PuzzlePlayersTable {
  user_id: string;
  rating: number;
  rd: number;
  vol: number;
  attempts: number;
  solved: number;
  streak_best: number;
  storm_best: number;
  updated_at: number | string;
}

/** A puzzle's rating once it has moved from the library's. */
export interface PuzzleRatingsTable {
  puzzle_id: string;
  rating: number;
  rd: number;
  vol: number;
  attempts: number;
  solved: number;
  updated_at: number | string;
}

/** A puzzle offered to a player; answered once (`answered_at` set in the answer's transaction). */
export interface PuzzleAttemptsTable {
  id: string;
  user_id: string;
  puzzle_id: string;
  mode: string;
  theme: string | null;
  run_id: string | null;
  rated: number; // 0 | 1
  offered_at: number | string;
  expires_at: number | string;
  answered_at: number | string | null;
  outcome: string | null; // 'right' | 'wrong' | 'closed'
  answer: string | null;
  player_before: number | null;
  player_after: number | null;
  puzzle_before: number | null;
  puzzle_rd_before: number | null;
  puzzle_after: number | null;
}

/** A streak or a storm. */
export interface PuzzleRunsTable {
  id: string;
  user_id: string;
  mode: string;
  started_at: number | string;
  ends_at: number | string | null;
  score: number;
  over: number; // 0 | 1
}

/** A block: the blocker never meets the blocked in quick match, nor reads their chat (migration 0008_manners). */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number | string;
}

/** A report for the moderators: unique per reporter, reported player and table. */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  reported_id: string;
  table_id: string;
  seat: number; // the reported player's seat
  reason: string; // 'chat' | 'stalling' | 'other'
  text: string;
  created_at: number | string;
  status: string; // 'open' | 'resolved' | 'dismissed'
  handled_by: string | null;
  handled_at: number | string | null;
}

/** A line of a table's chat, kept for moderators. */
export interface TableChatTable {
  id: string;
  table_id: string;
  user_id: string;
  name: string;
  seat: number | null; // null: a watcher
  source: string; // 'players' | 'watchers'
  text: string;
  created_at: number | string;
}

/** A rated game left early (a bot took the seat): one per table and player. */
export interface LeavesTable {
  table_id: string;
  user_id: string;
  reason: string; // 'left' | 'kicked' | 'disconnected'
  created_at: number | string;
}

/** A friendship or an open request, one row per pair (migration 0007_friends). */
export interface FriendshipsTable {
  id: string | null; // its own id (0013_bounds; every row has one): the requests and the list name it, never a user
  user_low: string; // the lower of the two ids
  user_high: string;
  requester: string; // who asked
  status: string; // 'pending' | 'accepted'
  created_at: number | string;
  accepted_at: number | string | null;
}

/** Who may ask a user to be friends (0013_bounds); no row: anyone. */
export interface FriendSettingsTable {
  user_id: string;
  requests: string; // RequestsFrom of @hearts/protocol/http: 'anyone' | 'known'
}

/** Who watched a table (0013_bounds): they may block its players by seat; removed with the chat (retention.ts). */
export interface TableWatchersTable {
  table_id: string;
  user_id: string;
  at: number | string; // when they last came to watch
}

/** An invite into a friends' room, until it runs out. */
export interface FriendInvitesTable {
  id: string;
  from_id: string;
  to_id: string;
  room_id: string;
  created_at: number | string;
  expires_at: number | string;
}

/** A tournament (migration 0011_tournaments): its settings as JSON, its times and status. */
export interface TournamentsTable {
  id: string;
  kind: string; // 'arena' | 'scheduled' | 'private'
  name: string;
  host_id: string | null;
  schedule_key: string | null; // unique: one tournament per scheduled slot
  settings: string; // JSON: rules, botLevel, rated, maxPlayers, pairing
  starts_at: number | string;
  ends_at: number | string;
  status: string; // 'upcoming' | 'running' | 'finished'
  created_at: number | string;
  finished_at: number | string | null;
}

/** An entrant: the primary key (tournament_id, user_id) enters each player once. */
export interface TournamentEntrantsTable {
  tournament_id: string;
  user_id: string;
  name: string;
  joined_at: number | string;
  presence: string; // 'active' | 'paused' | 'left'
  presence_at: number | string;
}

/** A table opened for a tournament; `result` (JSON places) once the table's finishing transaction marks it. */
export interface TournamentGamesTable {
  game_id: string; // the table id
  tournament_id: string;
  seats: string; // JSON: user ids, null for bots
  started_at: number | string;
  status: string; // 'running' | 'finished' | 'abandoned'
  finished_at: number | string | null;
  result: string | null;
}

/** A shared review (migration 0015_shares): unique (user_id, digest), one row per game, source and seat shared. */
export interface SharesTable {
  id: string;
  user_id: string;
  digest: string; // sha-256 (hex) of the source, the seat and the record: a second share of the same is the first
  source: string; // 'game' | 'solo'
  table_id: string | null;
  seat: number;
  record: string; // JSON: hearts-record/1, finished
  created_at: number | string;
}

/**
 * A deleted user's id (migration 0016_deletions): a game still running when they were deleted is finished with
 * their seat under the neutral name and no rating kept. Only the random id and the time; nothing else of theirs.
 */
export interface DeletedUsersTable {
  id: string;
  deleted_at: number | string;
}

/** Every table: the live tables' store and ratings, chips and cosmetics (progress-schema.ts). */
export interface Database extends ProgressTables {
  daily_days: DailyDaysTable;
  daily_attempts: DailyAttemptsTable;
  training_positions: TrainingPositionsTable;
  training_progress: TrainingProgressTable;
  puzzle_players: PuzzlePlayersTable;
  puzzle_ratings: PuzzleRatingsTable;
  puzzle_attempts: PuzzleAttemptsTable;
  puzzle_runs: PuzzleRunsTable;
  shares: SharesTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  table_chat: TableChatTable;
  leaves: LeavesTable;
  friendships: FriendshipsTable;
  friend_invites: FriendInvitesTable;
  friend_settings: FriendSettingsTable;
  table_watchers: TableWatchersTable;
  tournaments: TournamentsTable;
  tournament_entrants: TournamentEntrantsTable;
  tournament_games: TournamentGamesTable;
  users: UsersTable;
  deleted_users: DeletedUsersTable;
  tables: TablesTable;
  lobbies: LobbiesTable;
  events: EventsTable;
  table_players: TablePlayersTable;
  bot_ratings: BotRatingsTable;
  settings: SettingsTable;
}
