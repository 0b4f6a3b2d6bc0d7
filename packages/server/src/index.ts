/**
 * The live-table server: Colyseus rooms over the engine, SQLite (or PostgreSQL) through Kysely, bots in worker
 * threads; scaled over several processes with Redis (docs/scaling.md).
 *
 * ```ts
 * import { DEFAULT_CONFIG, startServer } from '@hearts/server';
 * const server = await startServer({ ...DEFAULT_CONFIG, port: 3000 });
 * console.log(server.url);
 * ```
 */
export { startServer } from './server.js';
export type { RunningServer, StartOptions } from './server.js';
export { DEFAULT_CONFIG, configFromEnv } from './config.js';
export type { ServerConfig, Rate } from './config.js';
export { Limits, capConnections, clientAddress, addressKey, backoffSeconds } from './limits.js';
export type { RateLimited, RateKind, LimitSettings } from './limits.js';
export { installEdge, SECURITY_HEADERS, CONTENT_SECURITY_POLICY } from './edge.js';
export { main } from './main.js';
export { Table, fairDeals } from './table.js';
export type { TableDeps, TableTimes, TableOutput, Deals, SubmitOutcome } from './table.js';
export { BotPool } from './bots.js';
export type { BotDecider } from './bots.js';
export { EventWriter } from './writer.js';
export { Identity, IdentityRefusal, publicUser, INITIAL_RATING, TOKEN_TTL_MS } from './auth.js';
export type { PublicUser, IdentityError, IdentityOptions, Session, TokenClaims } from './auth.js';
export { PasswordHasher, HasherBusy, SCRYPT_PARAMS, parseHash } from './passwords.js';
export type { ScryptParams, HasherOptions } from './passwords.js';
export { nameRefusal, foldWord, nameWords, RESERVED_WORDS, RESERVED_PHRASES } from './names.js';
export { findMatches, acceptableGap, compatible } from './matchmaking.js';
export type { Waiting, MatchPolicy, Match } from './matchmaking.js';
export {
  BOT_START_RATINGS,
  MODEL,
  DISPLAY,
  IDLE,
  FRESH,
  BOT_SEEDS,
  rateGame,
  displayRating,
  matchRating,
  decayed,
  idleDays,
  mergeSeats,
  boundedStep,
  isProvisional,
  PROVISIONAL,
  closestLevel,
} from './rating/model.js';
export type { Skill, RatedSeat } from './rating/model.js';
export { finishLiveGame } from './rating/finish.js';
export { seatStats } from './rating/stats.js';
export type { SeatStats } from './rating/stats.js';
export { checkSoloWin, takeDailyWin, payUnderCap } from './economy/chips.js';
export {
  GAME_KINDS,
  KIND_RULES,
  PRIZES,
  DAILY_CAPS,
  MIN_PRIZE_HANDS,
  MAX_CHIPS_A_DAY,
  PODIUM_PRIZES,
  MIN_PODIUM_GAMES,
  MIN_PODIUM_OPPONENTS,
  ratedTable,
  gameVerdict,
  placesWithLeavers,
  soloPrize,
  podium,
  opponentsMet,
  tournamentGameKind,
} from './fairness/policy.js';
export type {
  CapKind,
  GameKind,
  KindRule,
  GameFacts,
  GameVerdict,
  SeatFacts,
  Prize,
  PodiumPlace,
} from './fairness/policy.js';
export { playMessages } from '@hearts/table';
export { openSqliteStore } from './store/sqlite.js';
export { openPostgresStore, isPostgresUrl } from './store/postgres.js';
export type { PostgresOptions } from './store/postgres.js';
export { LocalTablePresence, isRedisUrl } from './presence.js';
export type { TablePresence } from './presence.js';
export { RedisTablePresence, FencedRedisDriver, checkRedis } from './presence-redis.js';
export type { RedisPresenceOptions } from './presence-redis.js';
export { Failover } from './failover.js';
export type { FailoverDeps } from './failover.js';
export { KyselyStore } from './store/kysely-store.js';
export { migrateToLatest } from './store/migrations.js';
export { NameTakenError } from './store/types.js';
export type {
  GameStore,
  UserRecord,
  TableRecord,
  EventRow,
  PlayerResult,
  FinishedGame,
  HistoryEntry,
} from './store/types.js';
export type { Database } from './store/schema.js';
export { AlreadyApplied } from './store/progress.js';
export type { ProgressReads, ProgressStore, ProgressTransaction } from './store/progress.js';
