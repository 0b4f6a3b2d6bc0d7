/**
 * The tables of ratings, player records, chips and cosmetics (migration `0002_ratings_chips`, in src/store/progress-migrations.ts), as
 * Kysely sees them. Portable SQL only, like the rest of the store: times are milliseconds in `bigint` columns (read back with
 * `Number()`), booleans 0/1 integers, chip amounts whole numbers in `bigint`.
 */

/** One rated player: a user (`u:<id>`) or a bot level (`b:<level>`). */
export interface RatingsTable {
  subject: string;
  user_id: string | null;
  bot_level: string | null;
  mu: number;
  sigma: number; // as of the last rated game (idle decay is applied when read)
  games: number; // rated games
  last_played_at: number | string | null;
}

/** A rating after each rated game: the graph on the player page, this month's leaderboard. */
export interface RatingHistoryTable {
  subject: string;
  game_id: string;
  at: number | string;
  mu: number;
  sigma: number;
  rating_before: number; // displayed, idle decay included
  rating_after: number; // displayed
  place: number;
}

/** One row per game whose result was applied: the exactly-once guard (primary key). */
export interface GameResultsTable {
  game_id: string; // a table id, or `solo:<sha-256 of the record>` for a practice game
  kind: string; // 'quick' | 'friends' | 'solo'
  rated: number; // 0 | 1
  user_id: string | null; // solo: who reported it
  finished_at: number | string;
  result: string; // JSON: what the players were told (live) or the claim (solo)
}

/** One seat of a finished live game, for player pages. */
export interface PlayerGamesTable {
  game_id: string;
  seat: number;
  subject: string; // the user dealt in (also when a bot took over), or the bot level seated from the deal
  name: string;
  kind: string; // 'quick' | 'friends'
  rated: number;
  left_game: number; // 0 | 1: left, kicked or timed out (a bot took over)
  score: number;
  place: number; // 1 = won; in rated games leavers are last
  hands: number;
  points: number;
  moons: number;
  queens: number;
  finished_at: number | string;
}

/** Every change of a balance: wins pay in, purchases pay out. The id makes each entry happen once. */
export interface ChipLedgerTable {
  id: string; // `win:<game>:<user>`, `solo:<hash>`, `buy:<user>:<item>`
  user_id: string;
  amount: number | string; // + in, − out
  reason: string; // 'rated-win' | 'friends-win' | 'practice-win' | 'solo-win' | 'purchase' | 'tournament-prize'
  ref: string; // the game or the item
  created_at: number | string;
}

/** The balance of each user: always the sum of their ledger rows. */
export interface WalletsTable {
  user_id: string;
  balance: number | string;
}

/** Wins paid per player, UTC day and daily cap (migration `0005_chip_caps`): the caps are taken atomically here. */
export interface ChipCapsTable {
  user_id: string;
  day: number | string; // the UTC day's first millisecond
  cap: string; // 'live' | 'practice' | 'solo'
  wins: number; // paid so far that day, never above the cap
}

export interface CosmeticsOwnedTable {
  user_id: string;
  item: string;
  acquired_at: number | string;
}

export interface CosmeticsEquippedTable {
  user_id: string;
  slot: string; // 'back' | 'face' | 'table' | 'frame'
  item: string;
}

export interface ProgressTables {
  ratings: RatingsTable;
  rating_history: RatingHistoryTable;
  game_results: GameResultsTable;
  player_games: PlayerGamesTable;
  chip_ledger: ChipLedgerTable;
  wallets: WalletsTable;
  chip_caps: ChipCapsTable;
  cosmetics_owned: CosmeticsOwnedTable;
  cosmetics_equipped: CosmeticsEquippedTable;
}
