/**
 * The game server in one process: the web app, the HTTP API and the Colyseus rooms on one port, SQLite in a local
 * file, bots in worker threads. Unfinished tables are restored from the database before the port opens.
 *
 * ```ts
 * const server = await startServer({ ...DEFAULT_CONFIG, port: 0, database: ':memory:' });
 * console.log(server.url);
 * await server.close(); // drains: no new tables; running tables stay in the database
 * ```
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { pino, type Logger } from 'pino';
import { CLOSE_CODES } from '@hearts/live/protocol';
import { Identity } from './auth.js';
import { BotPool } from './bots.js';
import type { ServerConfig } from './config.js';
import { createHttpHandler } from './http.js';
import { createMetrics } from './metrics.js';
import { QuickRoom } from './rooms/quick-room.js';
import { TableRoom } from './rooms/table-room.js';
import { setServices, type Services } from './services.js';
import { StaticFiles } from './static.js';
import { openSqliteStore } from './store/sqlite.js';
import type { GameStore } from './store/types.js';
import type { DealSource } from './table.js';
import { EventWriter } from './writer.js';

export interface RunningServer {
  readonly url: string; // http://localhost:<port>
  readonly port: number;
  readonly services: Services;
  readonly restored: number; // tables restored at the start
  /** Drains: refuses new tables, closes connections (clients reconnect to the next process), stops. */
  close(): Promise<void>;
}

export interface StartOptions {
  readonly store?: GameStore; // default: SQLite at config.database
  readonly logger?: Logger;
  readonly deal?: DealSource; // default: the engine's random deal
}

export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.logger ?? pino({ level: config.logLevel, base: { service: 'hearts' } });
  const store = options.store ?? (await openSqliteStore(config.database));
  const identity = await Identity.open(store, config.secret);
  const bots = new BotPool(config.botWorkers);
  const writer = new EventWriter(store);
  const rooms = () => [...s.rooms];
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
    internalKey: randomBytes(24).toString('hex'),
    deal: options.deal,
    draining: false,
    queueSize: 0,
    rooms: new Set(),
  };
  setServices(s);

  const files = config.webRoot ? new StaticFiles(config.webRoot) : null;
  const handle = createHttpHandler(s, files);
  const http: HttpServer = createServer((req, res) => void handle(req, res));
  const transport = new WebSocketTransport({
    server: http,
    maxPayload: 16 * 1024,
    pingInterval: 5000,
    pingMaxRetries: 3,
  });
  const game = new Server({
    transport,
    gracefullyShutdown: false,
    greet: false,
    logger: colyseusLogger(log),
  });
  game.define('table', TableRoom, { mode: 'table' });
  game.define('friends', TableRoom, { mode: 'friends' });
  game.define('quick', QuickRoom);

  // Restore before the port opens, so that no client ever finds its table missing.
  let restored = 0;
  for (const id of await store.unfinishedTables()) {
    try {
      await matchMaker.createRoom('table', { internal: s.internalKey, tableId: id });
      restored++;
    } catch (e) {
      log.error({ err: e, table: id }, 'a table could not be restored');
    }
  }
  if (restored > 0) log.info({ tables: restored }, 'tables restored');

  await game.listen(config.port, config.host);
  const port = (http.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  log.info({ url }, 'listening');

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      s.draining = true;
      log.info('draining: no new tables; closing connections');
      for (const room of rooms()) {
        if (room instanceof TableRoom && room.table) await room.table.idle();
      }
      await writer.flush();
      await Promise.all(rooms().map((r) => r.disconnect(CLOSE_CODES.serviceRestart).catch(() => undefined)));
      await game.gracefullyShutdown(false).catch(() => undefined);
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
      await writer.flush();
      await bots.close();
      await store.close();
      setServices(null);
      log.info('stopped');
    })());

  return { url, port, services: s, restored, close };
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
