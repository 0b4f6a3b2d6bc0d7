/**
 * The game server in one process: the web app, the HTTP API and the Colyseus rooms on one port, SQLite in a local
 * file, bots in worker threads. Unfinished tables are restored from the database before the port opens.
 *
 * Scaled mode (`DATABASE_URL` and `REDIS_URL`): PostgreSQL instead of SQLite, and Colyseus' Redis presence and
 * driver, so that any number of processes share matchmaking and rooms; table leases in Redis and the failover
 * sweep (`failover.ts`) restore the tables of a process that is gone on the others (docs/scaling.md).
 *
 * ```ts
 * const server = await startServer({ ...DEFAULT_CONFIG, port: 0, database: ':memory:' });
 * console.log(server.url);
 * await server.close(); // drains: no new tables; running tables stay in the database
 * ```
 */
import './no-pm2.js'; // first: before Colyseus loads PM2's agent
import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, ServerError, matchMaker } from '@colyseus/core';
import type { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { CLOSE_CODES, JOIN_ERRORS } from '@hearts/protocol/socket';
import { Identity } from './auth.js';
import { BotPool } from './bots.js';
import type { ServerConfig } from './config.js';
import { DailyDays, dailyClock } from './daily.js';
import { installEdge } from './edge.js';
import { createHttpHandler, createMetricsHandler } from './http.js';
import { Limits, capConnections } from './limits.js';
import { createMetrics } from './metrics.js';
import { PasswordHasher, type ScryptParams } from './passwords.js';
import { joinById, noRoomForYou } from './rooms/admission.js';
import { routedReservation } from './routing.js';
import { QuickRoom } from './rooms/quick-room.js';
import { RetentionJob, retentionPeriods } from './retention.js';
import { TableRoom } from './rooms/table-room.js';
import { openTable } from './seating.js';
import { TournamentRunner } from './tournament/runner.js';
import { tournamentSeats } from './tournament/seats.js';
import { loadLibrary } from './puzzles/library.js';
import { setServices, type Services } from './services.js';
import { SpreadPingTransport } from './spread-pings.js';
import { StaticFiles } from './static.js';
import { Failover } from './failover.js';
import { LocalTablePresence, type TablePresence } from './presence.js';
import { warnAboutModerators } from './manners.js';
import {
  FencedRedisDriver,
  PrefixedRedisPresence,
  RedisTablePresence,
  checkRedis,
} from './presence-redis.js';
import { openPostgresStore, redact } from './store/postgres.js';
import { openSqliteStore } from './store/sqlite.js';
import type { GameStore, TableRecord } from './store/types.js';
import type { Deals } from './table.js';
import { Whereabouts } from './whereabouts.js';
import { EventWriter } from './writer.js';

export interface RunningServer {
  readonly url: string; // http://localhost:<port>
  readonly port: number;
  readonly metricsUrl: string | null; // METRICS_PORT: http://<METRICS_HOST>:<port>/metrics
  readonly services: Services;
  readonly restored: number; // tables restored at the start
  readonly http: HttpServer; // the HTTP server (API, web app and the WebSocket upgrades)
  /** Drains: refuses new tables, closes connections (clients reconnect to the next process), stops. */
  close(): Promise<void>;
}

export interface StartOptions {
  readonly store?: GameStore; // default: SQLite at config.database
  readonly logger?: Logger;
  /** How a table deals (tests: a dishonest dealer); default: the fair shuffle, a daily table its day's seed. */
  readonly deals?: (table: TableRecord) => Deals;
  readonly hashParams?: ScryptParams; // scrypt's cost for new hashes (default SCRYPT_PARAMS; tests lower it)
}

export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const log =
    options.logger ??
    pino({
      level: config.logLevel,
      // Every line names its process' route, when it has one: the lines of several processes can be told apart.
      base: { service: 'hearts', ...(config.processRoute !== null ? { route: config.processRoute } : {}) },
    });
  const scaled = config.redisUrl !== null;
  // The puzzle library is read and checked before anything opens: a bad file stops the start with its reason.
  const puzzles = config.puzzlesFile !== null ? loadLibrary(config.puzzlesFile) : null;
  if (config.redisUrl !== null) await checkRedis(config.redisUrl); // a clear error, not endless reconnecting
  const limits = await Limits.open(config);
  let store: GameStore;
  try {
    store =
      options.store ??
      (config.databaseUrl !== null
        ? await openPostgresStore(
            config.databaseUrl,
            config.databaseSchema ? { schema: config.databaseSchema } : {},
          )
        : await openSqliteStore(config.database));
  } catch (e) {
    await limits.close(); // its Redis connection would keep the process alive
    throw e;
  }
  // Passwords on threads of their own: scrypt on libuv's pool would stall the file reads of the web app.
  const hasher = new PasswordHasher({
    workers: config.hashWorkers,
    queue: config.hashQueue,
    ...(options.hashParams ? { params: options.hashParams } : {}),
  });
  const identity = await Identity.open(store, {
    secret: config.secret,
    previousSecret: config.secretPrevious,
    hasher,
    tokenTtlMs: config.tokenTtlDays * 24 * 60 * 60 * 1000,
    moderators: config.adminUsers,
  }).catch(async (e: unknown) => {
    await Promise.all([hasher.close(), limits.close(), store.close()].map((p) => p.catch(() => undefined)));
    throw e;
  });
  // The same key in every process: a table placed on another process is opened there.
  const internalKey = await store.initSetting('internal-room-key', randomBytes(24).toString('hex'));
  const presence: TablePresence =
    config.redisUrl !== null
      ? new RedisTablePresence(config.redisUrl, { prefix: config.redisPrefix })
      : new LocalTablePresence();
  const bots = new BotPool(config.botWorkers);
  // PostgreSQL commits on several connections at once; SQLite has one.
  const writer = new EventWriter(
    store,
    config.databaseUrl !== null && !options.store ? 4 : 1,
    config.writeWindowMs,
  );
  const rooms = () => [...s.rooms];
  const failover = new Failover({ presence, store, log, internalKey, draining: () => s.draining });
  const s: Services = {
    config,
    store,
    identity,
    bots,
    writer,
    log,
    metrics: createMetrics({
      tables: () => rooms().filter((r) => r instanceof TableRoom).length,
      connections: () => rooms().reduce((n, r) => n + r.clients.length, 0),
      queue: () => s.queueSize,
      botsBusy: () => bots.busy,
    }),
    internalKey,
    presence,
    failover,
    limits,
    deals: options.deals,
    daily: new DailyDays(
      store.daily,
      { bots, level: config.dailyBotLevel, timeMs: config.botTimeMs },
      (m, e) => log.error({ err: e }, m),
      dailyClock(config.dailyTestNow),
    ),
    // Colyseus' presence (memory, or Redis when scaled) exists once the game server below is made.
    puzzles,
    whereabouts: new Whereabouts(
      () => matchMaker.presence,
      () => matchMaker.processId,
    ),
    draining: false,
    queueSize: 0,
    rooms: new Set(),
  };
  setServices(s);
  // Tournaments: each run by the process that holds its lease; another takes over when it is gone.
  const tournaments = new TournamentRunner({
    store,
    presence,
    log,
    openTable: (r) => openTable(r),
    seatsFor: (t, humans) => tournamentSeats(store, t, humans),
    connected: (users) => s.whereabouts.online(users),
    draining: () => s.draining,
    scheduled: config.scheduledTournaments,
  });

  // What is kept only for a while goes when its time ends: swept by every process (one DELETE by age each).
  const retention = new RetentionJob({
    store: store.retention,
    keep: retentionPeriods(config),
    scheduler: {
      now: Date.now,
      after: (ms, fn) => {
        const t = setTimeout(fn, ms);
        t.unref();
        return () => clearTimeout(t);
      },
    },
    log,
  });

  const files = config.webRoot ? new StaticFiles(config.webRoot, { puzzles: puzzles !== null }) : null;
  const handle = createHttpHandler(s, files);
  const http: HttpServer = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      maxHeaderSize: config.maxHeaderSize,
      // How often the timeouts above are checked (Node's default, 30 s, would let a slow client stay that long).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.headersTimeoutMs / 4))),
    },
    (req, res) => void handle(req, res),
  );
  http.maxConnections = config.maxConnections;
  // METRICS_PORT: /metrics on a port of its own (kept off the public one by METRICS_HOST or a firewall).
  const metricsHttp = config.metricsPort === null ? null : createServer(createMetricsHandler(s));
  capConnections(http, config.maxConnectionsPerIp, config.trustProxy);
  const transport = new SpreadPingTransport({
    server: http,
    maxPayload: 16 * 1024,
    pingInterval: 5000,
    pingMaxRetries: 3,
  });
  const shared =
    config.redisUrl === null
      ? null
      : {
          presence: new PrefixedRedisPresence(config.redisUrl, config.redisPrefix),
          driver: new FencedRedisDriver(config.redisUrl, config.redisPrefix),
        };
  if (shared) quietRedisErrors(shared.presence, shared.driver, log);
  const game = new Server({
    transport,
    gracefullyShutdown: false,
    greet: false,
    logger: colyseusLogger(log),
    selectProcessIdToCreateRoom: failover.selectProcess,
    // Each room's listing carries its process' route; a reservation turns it into `<host>/<route>` (routing.ts).
    ...(config.processRoute !== null ? { publicAddress: config.processRoute } : {}),
    ...(shared ?? {}),
  });
  installEdge(http, s); // in front of Colyseus' matchmaking routes and our handler
  // Scaled: a process is gone when its lease in Redis runs out (failover.ts), not when one call times out.
  matchMaker.setHealthChecksEnabled(!scaled);
  game.define('table', TableRoom, { mode: 'table' });
  game.define('friends', TableRoom, { mode: 'friends' });
  game.define('quick', QuickRoom);
  // A draining process answers every matchmaking request with a code to retry (its rooms are closing: "no such
  // room" would make a reconnecting client give its table up). Joining by id is signed in and admitted before a
  // seat is reserved (rooms/admission.ts: only a table's own players; one answer for "missing" and "not yours"),
  // and finds the table: restored here if no live process runs it (scaled mode). Colyseus' reconnection tokens
  // are never issued here, so `reconnect` gets that same answer.
  const invoke = matchMaker.controller.invokeMethod;
  let restored: number;
  try {
    await presence.start(matchMaker.processId);
    presence.onLost((ids) => failover.lost(ids));
    presence.onListedAgain(() => void matchMaker.stats.persist(true)); // counted for new tables again
    s.whereabouts.start();
    type Controller = typeof matchMaker.controller;
    const reserve = async function (
      this: Controller,
      ...[method, roomName, clientOptions, authOptions]: Parameters<Controller['invokeMethod']>
    ): ReturnType<Controller['invokeMethod']> {
      if (s.draining)
        throw new ServerError(JOIN_ERRORS.restarting, 'the server is shutting down: try again shortly');
      if (method === 'reconnect') throw noRoomForYou();
      if (method === 'joinById' && typeof roomName === 'string' && authOptions)
        return joinById(
          roomName,
          clientOptions,
          authOptions,
          scaled
            ? (id) =>
                failover
                  .ensure(id)
                  .then(() => undefined)
                  .catch((e: unknown) => log.error({ err: e }, 'finding a table failed'))
            : undefined,
        );
      return invoke.call(this, method, roomName, clientOptions, authOptions);
    };
    matchMaker.controller.invokeMethod = async function (method, roomName, clientOptions, authOptions) {
      const host = (authOptions as { headers?: { host?: string } } | undefined)?.headers?.host;
      return routedReservation(await reserve.call(this, method, roomName, clientOptions, authOptions), host);
    };

    // Restore before the port opens, so that no client ever finds its table missing.
    restored = await failover.sweep();
    if (scaled) failover.start(1000);
    tournaments.start(1000);
    retention.start();

    if (metricsHttp) {
      const m = metricsHttp;
      await new Promise<void>((resolve, reject) => {
        m.once('error', reject);
        m.listen(config.metricsPort ?? 0, config.metricsHost, () => resolve());
      });
    }
    await game.listen(config.port, config.host);
  } catch (e) {
    // Nothing may keep the process alive after a failed start (worker threads, pools, Redis connections).
    s.draining = true;
    failover.stop();
    tournaments.stop();
    await retention.stop();
    if (metricsHttp?.listening) await new Promise((r) => metricsHttp.close(r));
    matchMaker.controller.invokeMethod = invoke;
    await Promise.all(rooms().map((r) => r.disconnect().catch(() => undefined)));
    await s.whereabouts.close().catch(() => undefined);
    await game.gracefullyShutdown(false).catch(() => undefined);
    await presence.close().catch(() => undefined);
    await bots.close().catch(() => undefined);
    await hasher.close().catch(() => undefined);
    await limits.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    setServices(null);
    throw e;
  }
  const port = (http.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  log.info(
    {
      url,
      storage: config.databaseUrl !== null ? 'postgres' : 'sqlite',
      database:
        config.databaseUrl !== null
          ? `${redact(config.databaseUrl)}${config.databaseSchema ? `#${config.databaseSchema}` : ''}`
          : config.database,
      redis: config.redisUrl !== null ? redact(config.redisUrl) : null,
      redisPrefix: config.redisUrl !== null ? config.redisPrefix : null,
      process: presence.processId,
      route: config.processRoute,
      restored,
    },
    'listening',
  );
  await warnAboutModerators(config.adminUsers, store, identity, log).catch((e: unknown) =>
    log.error({ err: e }, "the moderators' accounts could not be read"),
  );

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      s.draining = true;
      failover.stop();
      tournaments.stop();
      await retention.stop();
      log.info('draining: no new tables; closing connections');
      for (const room of rooms()) {
        if (room instanceof TableRoom) await room.idle();
      }
      await writer.flush();
      await Promise.all(rooms().map((r) => r.disconnect(CLOSE_CODES.serviceRestart).catch(() => undefined)));
      await s.whereabouts.close().catch(() => undefined); // its apps and players are elsewhere now, or gone
      await game.gracefullyShutdown(false).catch(() => undefined);
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
      if (metricsHttp) {
        metricsHttp.closeAllConnections();
        await new Promise((r) => metricsHttp.close(r));
      }
      await writer.flush();
      // Only now, with every event written, may another process take the tables over.
      await presence.close();
      matchMaker.controller.invokeMethod = invoke;
      await bots.close();
      await hasher.close();
      await limits.close();
      await store.close();
      setServices(null);
      log.info('stopped');
    })());

  const metricsAddress = metricsHttp?.address() as AddressInfo | undefined;
  const metricsUrl = metricsAddress
    ? `http://${metricsAddress.family === 'IPv6' ? `[${metricsAddress.address}]` : metricsAddress.address}:${metricsAddress.port}/metrics`
    : null;
  if (metricsUrl) log.info({ metricsUrl }, 'metrics');
  return { url, port, metricsUrl, services: s, restored, http, close };
}

/**
 * Colyseus' Redis clients reconnect by themselves when Redis goes away; their errors are logged here (at most one
 * line every 5 s) instead of ioredis' "unhandled error event" on every attempt.
 */
function quietRedisErrors(presence: PrefixedRedisPresence, driver: FencedRedisDriver, log: Logger): void {
  let last = 0;
  const warn = (e: unknown) => {
    const now = Date.now();
    if (now - last < 5000) return;
    last = now;
    log.warn({ err: e }, 'Redis is not reachable; reconnecting');
  };
  const clients = [
    (presence as unknown as { pub: Redis; sub: Redis }).pub,
    (presence as unknown as { pub: Redis; sub: Redis }).sub,
    (driver as unknown as { _client: Redis })._client,
  ];
  for (const c of clients) c.on('error', warn);
}

/** Colyseus' own messages, through pino. */
function colyseusLogger(log: Logger) {
  const child = log.child({ component: 'colyseus' });
  const text = (args: unknown[]) =>
    args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  return {
    debug: (...a: unknown[]) => child.debug(text(a)),
    trace: (...a: unknown[]) => child.trace(text(a)),
    info: (...a: unknown[]) => child.info(text(a)),
    warn: (...a: unknown[]) => child.warn(text(a)),
    error: (...a: unknown[]) => child.error(text(a)),
  };
}
