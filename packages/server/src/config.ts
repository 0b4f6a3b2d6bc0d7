/**
 * The server's settings, from environment variables with checked values and defaults.
 *
 * ```ts
 * const r = configFromEnv({ PORT: '8080', GRACE_MS: '3000' });
 * if (!r.ok) console.error(r.error); else await startServer(r.value);
 * ```
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { BOT_TIME_MS } from '@hearts/bots';
import { err, ok, type Result } from '@hearts/engine';
import { BOT_LEVELS, DEFAULT_RECONNECT_MS, type BotLevel } from '@hearts/protocol/socket';
import { isRedisUrl } from './presence.js';
import { ROUTE_PATTERN } from './routing.js';
import { SCHEMA_PATTERN, isPostgresUrl } from './store/postgres.js';

export interface ServerConfig {
  readonly port: number; // PORT; 0 picks a free port
  readonly host: string; // HOST
  readonly database: string; // DATABASE: the SQLite file (":memory:" for none)
  readonly databaseUrl: string | null; // DATABASE_URL: postgres://… to use PostgreSQL instead of SQLite
  readonly databaseSchema: string | null; // DATABASE_SCHEMA: PostgreSQL schema (default: the server's search_path)
  readonly redisUrl: string | null; // REDIS_URL: redis://… runs scaled: processes share rooms (needs DATABASE_URL)
  readonly redisPrefix: string; // REDIS_PREFIX: prefix of every Redis key of this deployment
  readonly processRoute: string | null; // PROCESS_ROUTE: the path prefix a reverse proxy sends to this process
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
  readonly writeWindowMs: number; // WRITE_WINDOW_MS: events of this long are written in one commit (0: of one turn)
  readonly rateLimit: number; // RATE_LIMIT: messages a connection may send per second (burst: twice that)
  readonly secret: string | null; // SECRET: signs tokens; default: generated once and kept in the database
  readonly secretPrevious: string | null; // SECRET_PREVIOUS: the secret before a rotation (its tokens renewed on use)
  readonly tokenTtlDays: number; // TOKEN_TTL_DAYS: a token not renewed (used) for this long stops working
  readonly hashWorkers: number; // HASH_WORKERS: threads for password hashing (scrypt, 128 MiB each while busy)
  readonly hashQueue: number; // HASH_QUEUE: password checks that may wait for a thread; more get 503 ERR_BUSY
  readonly logLevel: string; // LOG_LEVEL: pino level (info, warn, silent …)
  readonly trustProxy: boolean; // TRUST_PROXY: client addresses from X-Forwarded-For (the proxy's last entry)
  readonly maxConnections: number; // MAX_CONNECTIONS: open connections of the whole process (backstop)
  readonly maxConnectionsPerIp: number; // MAX_CONNECTIONS_PER_IP: open connections (HTTP and WebSocket) per address
  readonly headersTimeoutMs: number; // HEADERS_TIMEOUT_MS: a request's headers must arrive within this
  readonly requestTimeoutMs: number; // REQUEST_TIMEOUT_MS: a whole request (headers and body) must arrive within this
  readonly keepAliveTimeoutMs: number; // KEEP_ALIVE_TIMEOUT_MS: an idle kept-alive HTTP connection is closed after this
  readonly maxHeaderSize: number; // MAX_HEADER_SIZE: bytes of a request's headers
  readonly matchmakeMaxBody: number; // MATCHMAKE_MAX_BODY: bytes of a matchmaking request's body
  readonly apiLimit: Rate; // LIMIT_API: requests to any route of the API per address, as count/seconds (health checks aside)
  readonly guestLimit: Rate; // LIMIT_GUESTS: new guests per address, as count/seconds
  readonly roomLimit: Rate; // LIMIT_ROOMS: rooms created per address, as count/seconds
  readonly joinLimit: Rate; // LIMIT_JOINS: joins by room code per address, as count/seconds
  readonly tournamentLimit: Rate; // LIMIT_TOURNAMENTS: tournament requests (lists, pages, join, pause, leave) per address
  readonly scheduledTournaments: boolean; // SCHEDULED_TOURNAMENTS: announce the hourly and Sunday arenas (false: none)
  readonly dailyLimit: Rate; // LIMIT_DAILY: daily-game requests (status, start, leaderboards, reveals) per address
  readonly dailyBotLevel: BotLevel; // DAILY_BOT_LEVEL: the daily game's opponents and its par (default expert)
  /**
   * DAILY_TEST_NOW (tests only: refused unless NODE_ENV=test): the daily deal's clock starts at this instant (ISO
   * 8601, e.g. `2026-12-07T23:30:00Z`) and runs on from there, so that a test can play a day and then see it ended
   * and revealed. Null: the real clock.
   */
  readonly dailyTestNow: number | null;
  readonly listLimit: Rate; // LIMIT_WATCH_LIST: requests for the list of tables to watch per address
  readonly trainingLimit: Rate; // LIMIT_TRAINING: training requests (list, save, progress) per address and per user
  readonly trainingStoreLimit: Rate; // LIMIT_TRAINING_STORE: bytes of positions and progress sent to keep, per address and per user
  readonly puzzleLimit: Rate; // LIMIT_PUZZLES: puzzle requests (offers, answers, runs, pages) per address and per user
  readonly shareLimit: Rate; // LIMIT_SHARES: reviews shared (POST /api/shares) per address and per user
  readonly shareViewLimit: Rate; // LIMIT_SHARE_VIEWS: shared reviews read (/r/<id>, its image, GET /api/shares/<id>) per address
  readonly sharesMax: number; // SHARES_MAX: reviews one player may share in all
  readonly puzzlesFile: string | null; // PUZZLES_FILE: the puzzle library (hearts-puzzles/1, gzipped); null: none
  readonly friendLimit: Rate; // LIMIT_FRIENDS: friends' requests (list, add, accept, remove, notices) per address
  readonly inviteLimit: Rate; // LIMIT_INVITES: invites sent per user
  readonly loginFreePerName: number; // LOGIN_FREE_PER_NAME: failed logins of one name before the back-off
  readonly loginFreePerIp: number; // LOGIN_FREE_PER_IP: failed logins from one address before the back-off
  readonly loginBackoffMaxS: number; // LOGIN_BACKOFF_MAX_S: the longest wait between logins once backing off
  readonly metricsToken: string | null; // METRICS_TOKEN: /metrics on the main port needs `Authorization: Bearer <it>`
  readonly metricsPort: number | null; // METRICS_PORT: /metrics (no token) on this port of METRICS_HOST
  readonly metricsHost: string; // METRICS_HOST: where METRICS_PORT listens
  readonly adminUsers: readonly string[]; // ADMIN_USERS: moderators' account names (claimed ones only), lower-cased
  readonly mannersLimit: Rate; // LIMIT_MANNERS: blocks, unblocks and reports per user, as count/seconds
  readonly chatLimit: Rate; // LIMIT_CHAT: chat lines per address and per user (players' and watchers' chat)
  readonly chatRetentionDays: number; // CHAT_RETENTION_DAYS: chat lines (and who watched) are kept this long
  readonly accountLimit: Rate; // LIMIT_ACCOUNT: exports and deletions of your data per address and per user
  readonly privacyContact: string | null; // PRIVACY_CONTACT: the operator's contact on the privacy page (text, ≤ 500)
  readonly leaveLimit: number; // LEAVE_LIMIT: rated games left early within LEAVE_WINDOW_HOURS that start a cool-down
  readonly leaveWindowMs: number; // LEAVE_WINDOW_HOURS: the rolling window the leaves are counted in
  readonly leaveCoolDownMs: number; // LEAVE_COOLDOWN_MINUTES: the first cool-down; each further leave doubles it
}

/** A rate: at most `count` in any `seconds`-long window. */
export interface Rate {
  readonly count: number;
  readonly seconds: number;
}

/**
 * Connections one process may hold: below its open-file limit (Linux: /proc/self/limits), so that the database,
 * logs, Redis and the bot threads still get file descriptors when connections flood in; 20,000 where the limit
 * cannot be read.
 */
export function defaultMaxConnections(limitsText?: string): number {
  let text = limitsText;
  try {
    text ??= readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return 20_000;
  }
  const m = /^Max open files\s+(\d+)/m.exec(text);
  return m ? Math.max(64, Math.floor(Number(m[1]) * 0.9) - 64) : 20_000;
}

export const DEFAULT_CONFIG: ServerConfig = {
  port: 3000,
  host: '0.0.0.0',
  database: 'hearts.sqlite',
  databaseUrl: null,
  databaseSchema: null,
  redisUrl: null,
  redisPrefix: 'hearts:',
  processRoute: null,
  webRoot: null,
  graceMs: 5_000,
  bankMs: 30_000,
  reconnectMs: DEFAULT_RECONNECT_MS,
  quickWaitMs: 20_000,
  botLevel: 'medium',
  botTimeMs: BOT_TIME_MS,
  botDelayMs: 700,
  handPauseMs: 3_000,
  shuffleMs: 5_000,
  botWorkers: Math.max(1, Math.min(4, availableParallelism())),
  writeWindowMs: 3,
  rateLimit: 20,
  secret: null,
  secretPrevious: null,
  tokenTtlDays: 180,
  hashWorkers: Math.max(1, Math.min(2, availableParallelism() - 1)),
  hashQueue: 16,
  logLevel: 'info',
  trustProxy: false,
  maxConnections: defaultMaxConnections(),
  maxConnectionsPerIp: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderSize: 16_384,
  matchmakeMaxBody: 4096,
  apiLimit: { count: 600, seconds: 60 },
  guestLimit: { count: 20, seconds: 3600 },
  roomLimit: { count: 10, seconds: 60 },
  joinLimit: { count: 120, seconds: 60 },
  dailyLimit: { count: 120, seconds: 60 },
  tournamentLimit: { count: 240, seconds: 60 },
  scheduledTournaments: true,
  dailyBotLevel: 'expert',
  dailyTestNow: null,
  listLimit: { count: 60, seconds: 60 },
  trainingLimit: { count: 60, seconds: 60 },
  trainingStoreLimit: { count: 512 * 1024, seconds: 3600 },
  puzzleLimit: { count: 120, seconds: 60 },
  shareLimit: { count: 30, seconds: 3600 },
  shareViewLimit: { count: 120, seconds: 60 },
  sharesMax: 500,
  puzzlesFile: null,
  friendLimit: { count: 120, seconds: 60 },
  inviteLimit: { count: 20, seconds: 600 },
  loginFreePerName: 5,
  loginFreePerIp: 20,
  loginBackoffMaxS: 900,
  metricsToken: null,
  metricsPort: null,
  metricsHost: '127.0.0.1',
  adminUsers: [],
  mannersLimit: { count: 30, seconds: 3600 },
  chatLimit: { count: 30, seconds: 60 },
  chatRetentionDays: 30,
  accountLimit: { count: 10, seconds: 3600 },
  privacyContact: null,
  leaveLimit: 3,
  leaveWindowMs: 24 * 3_600_000,
  leaveCoolDownMs: 30 * 60_000,
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
  const dailyLevel = env['DAILY_BOT_LEVEL'] ?? base.dailyBotLevel;
  if (!(BOT_LEVELS as readonly string[]).includes(dailyLevel))
    problems.push(`DAILY_BOT_LEVEL must be one of ${BOT_LEVELS.join(', ')}, not "${dailyLevel}"`);
  let dailyTestNow = base.dailyTestNow;
  const testNow = nonEmpty(env['DAILY_TEST_NOW']);
  if (testNow !== null) {
    const at = Date.parse(testNow);
    if (env['NODE_ENV'] !== 'test')
      problems.push(
        `DAILY_TEST_NOW is for tests only (it moves the daily deal's clock): unset it, or run with NODE_ENV=test`,
      );
    else if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(testNow) ||
      Number.isNaN(at)
    )
      problems.push(`DAILY_TEST_NOW must be an instant like 2026-12-07T23:30:00Z, not "${testNow}"`);
    else dailyTestNow = at;
  }
  const logLevel = env['LOG_LEVEL'] ?? base.logLevel;
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}"`);
  const secret = env['SECRET'] ?? base.secret;
  if (secret !== null && secret.length < 16) problems.push('SECRET must have at least 16 characters');
  const secretPrevious = nonEmpty(env['SECRET_PREVIOUS']) ?? base.secretPrevious;
  if (secretPrevious !== null && secretPrevious.length < 16)
    problems.push('SECRET_PREVIOUS must have at least 16 characters');
  if (secretPrevious !== null && secret === null)
    problems.push('SECRET_PREVIOUS needs SECRET: the new secret that takes over from it');
  const database = env['DATABASE'] ?? base.database;
  const webRoot = env['WEB_ROOT'] ?? base.webRoot;
  const puzzlesFile = env['PUZZLES_FILE'] ?? base.puzzlesFile;
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
  const processRoute = nonEmpty(env['PROCESS_ROUTE']) ?? base.processRoute;
  if (processRoute !== null && !ROUTE_PATTERN.test(processRoute))
    problems.push(
      `PROCESS_ROUTE must be 1 to 32 lower-case letters, digits and dashes (e.g. hearts-1), not "${processRoute}"`,
    );
  const rate = (name: string, dflt: Rate): Rate => {
    const raw = env[name];
    if (raw === undefined || raw === '') return dflt;
    const m = /^\s*(\d{1,9})\s*\/\s*(\d{1,7})\s*$/.exec(raw);
    if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
      problems.push(`${name} must be count/seconds with both at least 1, e.g. 20/3600, not "${raw}"`);
      return dflt;
    }
    return { count: Number(m[1]), seconds: Number(m[2]) };
  };
  const bool = (name: string, dflt: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return dflt;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false, not "${raw}"`);
    return dflt;
  };
  const trustProxy = bool('TRUST_PROXY', base.trustProxy);
  const metricsToken = nonEmpty(env['METRICS_TOKEN']) ?? base.metricsToken;
  if (metricsToken !== null && metricsToken.length < 16)
    problems.push('METRICS_TOKEN must have at least 16 characters');
  const metricsPortRaw = nonEmpty(env['METRICS_PORT']);
  const metricsPort = metricsPortRaw === null ? base.metricsPort : int('METRICS_PORT', 0, 0, 65535);
  const headersTimeoutMs = int('HEADERS_TIMEOUT_MS', base.headersTimeoutMs, 100, 600_000);
  const requestTimeoutMs = int('REQUEST_TIMEOUT_MS', base.requestTimeoutMs, 100, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs)
    problems.push('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  const adminRaw = env['ADMIN_USERS'];
  const adminUsers =
    adminRaw === undefined || adminRaw.trim() === ''
      ? base.adminUsers
      : adminRaw.split(',').map((n) => n.trim().toLowerCase());
  if (adminUsers.some((n) => n === '' || n.length > 64))
    problems.push(`ADMIN_USERS must be account names separated by commas, not "${adminRaw}"`);
  const contactRaw = env['PRIVACY_CONTACT'];
  const privacyContact =
    contactRaw === undefined || contactRaw.trim() === '' ? base.privacyContact : contactRaw.trim();
  if (privacyContact !== null && privacyContact.length > 500)
    problems.push(`PRIVACY_CONTACT must be at most 500 characters, not ${privacyContact.length}`);
  const config: ServerConfig = {
    port: int('PORT', base.port, 0, 65535),
    host: env['HOST'] ?? base.host,
    database: database === ':memory:' ? database : resolve(database),
    databaseUrl,
    databaseSchema,
    redisUrl,
    redisPrefix,
    processRoute,
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
    writeWindowMs: int('WRITE_WINDOW_MS', base.writeWindowMs, 0, 100),
    rateLimit: int('RATE_LIMIT', base.rateLimit, 1, 100_000),
    secret,
    secretPrevious,
    tokenTtlDays: int('TOKEN_TTL_DAYS', base.tokenTtlDays, 1, 3650),
    hashWorkers: int('HASH_WORKERS', base.hashWorkers, 1, 16),
    hashQueue: int('HASH_QUEUE', base.hashQueue, 0, 10_000),
    logLevel,
    trustProxy,
    maxConnections: int('MAX_CONNECTIONS', base.maxConnections, 1, 1_000_000),
    maxConnectionsPerIp: int('MAX_CONNECTIONS_PER_IP', base.maxConnectionsPerIp, 1, 1_000_000),
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', base.keepAliveTimeoutMs, 100, 600_000),
    maxHeaderSize: int('MAX_HEADER_SIZE', base.maxHeaderSize, 1024, 1_048_576),
    matchmakeMaxBody: int('MATCHMAKE_MAX_BODY', base.matchmakeMaxBody, 256, 1_048_576),
    apiLimit: rate('LIMIT_API', base.apiLimit),
    guestLimit: rate('LIMIT_GUESTS', base.guestLimit),
    roomLimit: rate('LIMIT_ROOMS', base.roomLimit),
    joinLimit: rate('LIMIT_JOINS', base.joinLimit),
    dailyLimit: rate('LIMIT_DAILY', base.dailyLimit),
    tournamentLimit: rate('LIMIT_TOURNAMENTS', base.tournamentLimit),
    scheduledTournaments: bool('SCHEDULED_TOURNAMENTS', base.scheduledTournaments),
    dailyBotLevel: dailyLevel as BotLevel,
    dailyTestNow,
    listLimit: rate('LIMIT_WATCH_LIST', base.listLimit),
    trainingLimit: rate('LIMIT_TRAINING', base.trainingLimit),
    trainingStoreLimit: rate('LIMIT_TRAINING_STORE', base.trainingStoreLimit),
    puzzleLimit: rate('LIMIT_PUZZLES', base.puzzleLimit),
    shareLimit: rate('LIMIT_SHARES', base.shareLimit),
    shareViewLimit: rate('LIMIT_SHARE_VIEWS', base.shareViewLimit),
    sharesMax: int('SHARES_MAX', base.sharesMax, 1, 1_000_000),
    puzzlesFile: puzzlesFile === null || puzzlesFile === '' ? null : resolve(puzzlesFile),
    friendLimit: rate('LIMIT_FRIENDS', base.friendLimit),
    inviteLimit: rate('LIMIT_INVITES', base.inviteLimit),
    loginFreePerName: int('LOGIN_FREE_PER_NAME', base.loginFreePerName, 1, 1_000_000),
    loginFreePerIp: int('LOGIN_FREE_PER_IP', base.loginFreePerIp, 1, 1_000_000),
    loginBackoffMaxS: int('LOGIN_BACKOFF_MAX_S', base.loginBackoffMaxS, 1, 86_400),
    metricsToken,
    metricsPort,
    metricsHost: env['METRICS_HOST'] ?? base.metricsHost,
    adminUsers,
    mannersLimit: rate('LIMIT_MANNERS', base.mannersLimit),
    chatLimit: rate('LIMIT_CHAT', base.chatLimit),
    chatRetentionDays: int('CHAT_RETENTION_DAYS', base.chatRetentionDays, 1, 3650),
    accountLimit: rate('LIMIT_ACCOUNT', base.accountLimit),
    privacyContact,
    leaveLimit: int('LEAVE_LIMIT', base.leaveLimit, 1, 1000),
    leaveWindowMs: int('LEAVE_WINDOW_HOURS', base.leaveWindowMs / 3_600_000, 1, 24 * 30) * 3_600_000,
    leaveCoolDownMs: int('LEAVE_COOLDOWN_MINUTES', base.leaveCoolDownMs / 60_000, 1, 24 * 60 * 30) * 60_000,
  };
  return problems.length > 0 ? err(problems.join('; ')) : ok(config);
}
