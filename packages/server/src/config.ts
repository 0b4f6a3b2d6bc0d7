/**
 * The server's settings, from environment variables with checked values and defaults.
 *
 * ```ts
 * const r = configFromEnv({ PORT: '8080', GRACE_MS: '3000' });
 * if (!r.ok) console.error(r.error); else await startServer(r.value);
 * ```
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { err, ok, type Result } from '@hearts/engine';
import { BOT_LEVELS, type BotLevel } from '@hearts/live/protocol';
import { isRedisUrl } from './presence.js';
import { SCHEMA_PATTERN, isPostgresUrl } from './store/postgres.js';

export interface ServerConfig {
  readonly port: number; // PORT; 0 picks a free port
  readonly host: string; // HOST
  readonly database: string; // DATABASE: the SQLite file (":memory:" for none)
  readonly databaseUrl: string | null; // DATABASE_URL: postgres://… to use PostgreSQL instead of SQLite
  readonly databaseSchema: string | null; // DATABASE_SCHEMA: PostgreSQL schema (default: the server's search_path)
  readonly redisUrl: string | null; // REDIS_URL: redis://… runs scaled: processes share rooms (needs DATABASE_URL)
  readonly redisPrefix: string; // REDIS_PREFIX: prefix of every Redis key of this deployment
  readonly webRoot: string | null; // WEB_ROOT: the built web app, served at /; null serves no app
  readonly graceMs: number; // GRACE_MS: free thinking time per decision
  readonly bankMs: number; // BANK_MS: time bank per player and hand
  readonly reconnectMs: number; // RECONNECT_MS: how long a dropped player keeps the seat
  readonly quickWaitMs: number; // QUICK_MATCH_WAIT_MS: after this, bots fill a quick match
  readonly botLevel: BotLevel; // BOT_LEVEL: bots filling quick matches and taking over seats
  readonly botTimeMs: number; // BOT_TIME_MS: thinking budget of the search bots per decision
  readonly botDelayMs: number; // BOT_DELAY_MS: a bot never moves sooner than this after its turn begins
  readonly handPauseMs: number; // HAND_PAUSE_MS: pause between a hand's end and the next deal
  readonly shuffleMs: number; // SHUFFLE_MS: fair shuffle: time to commit, and to reveal, before server/fallback seeds
  readonly botWorkers: number; // BOT_WORKERS: worker threads for bots
  readonly rateLimit: number; // RATE_LIMIT: messages a connection may send per second (burst: twice that)
  readonly secret: string | null; // SECRET: signs tokens; default: generated once and kept in the database
  readonly tokenTtlDays: number; // TOKEN_TTL_DAYS: a token not renewed (used) for this long stops working
  readonly hashWorkers: number; // HASH_WORKERS: threads for password hashing (scrypt, 128 MiB each while busy)
  readonly hashQueue: number; // HASH_QUEUE: password checks that may wait for a thread; more get 503 ERR_BUSY
  readonly logLevel: string; // LOG_LEVEL: pino level (info, warn, silent …)
}

export const DEFAULT_CONFIG: ServerConfig = {
  port: 3000,
  host: '0.0.0.0',
  database: 'hearts.sqlite',
  databaseUrl: null,
  databaseSchema: null,
  redisUrl: null,
  redisPrefix: 'hearts:',
  webRoot: null,
  graceMs: 5_000,
  bankMs: 30_000,
  reconnectMs: 60_000,
  quickWaitMs: 20_000,
  botLevel: 'medium',
  botTimeMs: 500,
  botDelayMs: 700,
  handPauseMs: 3_000,
  shuffleMs: 5_000,
  botWorkers: Math.max(1, Math.min(4, availableParallelism())),
  rateLimit: 20,
  secret: null,
  tokenTtlDays: 180,
  hashWorkers: Math.max(1, Math.min(2, availableParallelism() - 1)),
  hashQueue: 16,
  logLevel: 'info',
};

const nonEmpty = (v: string | undefined): string | null => (v === undefined || v === '' ? null : v);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the settings from environment variables; every value is checked. */
export function configFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  base: ServerConfig = DEFAULT_CONFIG,
): Result<ServerConfig, string> {
  const problems: string[] = [];
  const int = (name: string, dflt: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return dflt;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
      return dflt;
    }
    return n;
  };
  const level = env['BOT_LEVEL'] ?? base.botLevel;
  if (!(BOT_LEVELS as readonly string[]).includes(level))
    problems.push(`BOT_LEVEL must be one of ${BOT_LEVELS.join(', ')}, not "${level}"`);
  const logLevel = env['LOG_LEVEL'] ?? base.logLevel;
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}"`);
  const secret = env['SECRET'] ?? base.secret;
  if (secret !== null && secret.length < 16) problems.push('SECRET must have at least 16 characters');
  const database = env['DATABASE'] ?? base.database;
  const webRoot = env['WEB_ROOT'] ?? base.webRoot;
  const databaseUrl = nonEmpty(env['DATABASE_URL']) ?? base.databaseUrl;
  if (databaseUrl !== null && !isPostgresUrl(databaseUrl))
    problems.push('DATABASE_URL must look like postgres://user@host:5432/database');
  const databaseSchema = nonEmpty(env['DATABASE_SCHEMA']) ?? base.databaseSchema;
  if (databaseSchema !== null && !SCHEMA_PATTERN.test(databaseSchema))
    problems.push('DATABASE_SCHEMA must be lower-case letters, digits and underscores');
  const redisUrl = nonEmpty(env['REDIS_URL']) ?? base.redisUrl;
  if (redisUrl !== null && !isRedisUrl(redisUrl)) problems.push('REDIS_URL must look like redis://host:6379');
  if (redisUrl !== null && databaseUrl === null)
    problems.push(
      'REDIS_URL needs DATABASE_URL: processes that share rooms must share one PostgreSQL database',
    );
  const redisPrefix = env['REDIS_PREFIX'] ?? base.redisPrefix;
  if (!/^[A-Za-z0-9_:.-]{1,64}$/.test(redisPrefix))
    problems.push('REDIS_PREFIX must be 1 to 64 letters, digits or _ : . -');
  const config: ServerConfig = {
    port: int('PORT', base.port, 0, 65535),
    host: env['HOST'] ?? base.host,
    database: database === ':memory:' ? database : resolve(database),
    databaseUrl,
    databaseSchema,
    redisUrl,
    redisPrefix,
    webRoot: webRoot === null || webRoot === '' ? null : resolve(webRoot),
    graceMs: int('GRACE_MS', base.graceMs, 0, 600_000),
    bankMs: int('BANK_MS', base.bankMs, 0, 3_600_000),
    reconnectMs: int('RECONNECT_MS', base.reconnectMs, 0, 3_600_000),
    quickWaitMs: int('QUICK_MATCH_WAIT_MS', base.quickWaitMs, 0, 3_600_000),
    botLevel: level as BotLevel,
    botTimeMs: int('BOT_TIME_MS', base.botTimeMs, 1, 60_000),
    botDelayMs: int('BOT_DELAY_MS', base.botDelayMs, 0, 60_000),
    handPauseMs: int('HAND_PAUSE_MS', base.handPauseMs, 0, 60_000),
    shuffleMs: int('SHUFFLE_MS', base.shuffleMs, 100, 60_000),
    botWorkers: int('BOT_WORKERS', base.botWorkers, 1, 64),
    rateLimit: int('RATE_LIMIT', base.rateLimit, 1, 100_000),
    secret,
    tokenTtlDays: int('TOKEN_TTL_DAYS', base.tokenTtlDays, 1, 3650),
    hashWorkers: int('HASH_WORKERS', base.hashWorkers, 1, 16),
    hashQueue: int('HASH_QUEUE', base.hashQueue, 0, 10_000),
    logLevel,
  };
  return problems.length > 0 ? err(problems.join('; ')) : ok(config);
}
