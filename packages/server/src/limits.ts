/**
 * Limits at the network edge: rates per client address (new guests, rooms, joins by code, logins with back-off)
 * through `rate-limiter-flexible` — in memory in one process, in Redis in scaled mode so that they hold across
 * processes — and the per-address connection cap. One `Limits` is made by the server and reached through
 * `Services.limits`.
 *
 * ```ts
 * const limits = await Limits.open(config); // Redis when config.redisUrl is set
 * const refused = await limits.take('guests', clientAddress(req, config.trustProxy));
 * if (refused) reply429(refused.retryAfterMs);
 * await limits.close();
 * ```
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { isIPv6 } from 'node:net';
import type { Socket } from 'node:net';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Rate, ServerConfig } from './config.js';

/** A refusal for a rate: how long until the client may try again. */
export interface RateLimited {
  readonly retryAfterMs: number;
  readonly message: string;
}

/**
 * What is counted: per address new guests, rooms created, joins by room code, daily-game requests, table lists,
 * friends' requests, tournament requests, training requests, training bytes to keep, puzzle requests, chat lines,
 * reviews shared and exports and deletions of your data (`account`) (these six also per user: `user:<id>`), shared
 * reviews read; per user blocks and reports (`manners`) and invites (`invites`): their key
 * is `user:<id>`.
 */
export type RateKind =
  | 'api'
  | 'guests'
  | 'rooms'
  | 'joins'
  | 'daily'
  | 'lists'
  | 'training'
  | 'puzzles'
  | 'manners'
  | 'friends'
  | 'invites'
  | 'tournaments'
  | 'chat'
  | 'trainingStore'
  | 'shares'
  | 'shareViews'
  | 'account';

/** The setting of each rate. */
const SETTING = {
  api: 'apiLimit',
  guests: 'guestLimit',
  rooms: 'roomLimit',
  joins: 'joinLimit',
  daily: 'dailyLimit',
  lists: 'listLimit',
  training: 'trainingLimit',
  puzzles: 'puzzleLimit',
  manners: 'mannersLimit',
  friends: 'friendLimit',
  invites: 'inviteLimit',
  tournaments: 'tournamentLimit',
  chat: 'chatLimit',
  trainingStore: 'trainingStoreLimit',
  shares: 'shareLimit',
  shareViews: 'shareViewLimit',
  account: 'accountLimit',
} as const satisfies Record<RateKind, keyof ServerConfig>;

const WHAT: Readonly<Record<RateKind, string>> = {
  api: 'requests',
  guests: 'new guests',
  rooms: 'new rooms',
  joins: 'joins by room code',
  daily: 'daily-game requests',
  lists: 'requests for the list of tables to watch',
  training: 'training requests',
  puzzles: 'puzzle requests',
  manners: 'blocks and reports',
  friends: "friends' requests",
  invites: 'invites',
  tournaments: 'tournament requests',
  chat: 'chat lines',
  trainingStore: 'bytes of training data to keep',
  shares: 'reviews shared',
  shareViews: 'shared reviews read',
  account: 'exports and deletions of your data',
};

/** The settings `Limits` reads (a part of `ServerConfig`). */
export type LimitSettings = Pick<
  ServerConfig,
  | 'redisUrl'
  | 'redisPrefix'
  | (typeof SETTING)[RateKind]
  | 'loginFreePerName'
  | 'loginFreePerIp'
  | 'loginBackoffMaxS'
>;

const LOGIN_WINDOW_S = 24 * 3600; // failed logins are remembered this long after the first one

/**
 * The waits of the login back-off: after the free failures, one attempt per wait; the wait after the `strike`-th
 * such attempt (1, 2, …) doubles from 1 s up to `maxS`.
 */
export const backoffSeconds = (strike: number, maxS: number): number =>
  Math.min(maxS, 2 ** Math.min(30, Math.max(0, strike - 1)));

export class Limits {
  private constructor(
    private readonly settings: LimitSettings,
    private readonly rates: Readonly<Record<RateKind, RateLimiterAbstract>>,
    private readonly loginFails: RateLimiterAbstract, // failed (and pending) logins per `name:` and `ip:` key
    private readonly loginGate: RateLimiterAbstract, // one attempt per back-off window per key
    private readonly loginStrikes: RateLimiterAbstract, // attempts let through the back-off per key (its length)
    private readonly redis: Redis | null,
  ) {}

  /**
   * In memory, or in Redis when `redisUrl` is set (connected before this resolves; while Redis is unreachable
   * later, each process counts in memory until it is back).
   */
  static async open(settings: LimitSettings): Promise<Limits> {
    const redis =
      settings.redisUrl === null
        ? null
        : new Redis(settings.redisUrl, {
            enableOfflineQueue: false,
            maxRetriesPerRequest: 1,
            lazyConnect: true,
          });
    redis?.on('error', () => undefined); // reconnects by itself; the memory fallback answers meanwhile
    try {
      await redis?.connect();
    } catch (e) {
      redis?.disconnect();
      throw e;
    }
    const make = (name: string, points: number, duration: number): RateLimiterAbstract => {
      const memory = new RateLimiterMemory({ points, duration, keyPrefix: name });
      return redis === null
        ? memory
        : new RateLimiterRedis({
            storeClient: redis,
            points,
            duration,
            keyPrefix: `${settings.redisPrefix}limit:${name}`,
            insuranceLimiter: memory,
          });
    };
    const rate = (name: string, r: Rate) => make(name, r.count, r.seconds);
    const rates = Object.fromEntries(
      (Object.keys(SETTING) as RateKind[]).map((kind) => [kind, rate(kind, settings[SETTING[kind]])]),
    ) as Record<RateKind, RateLimiterAbstract>;
    return new Limits(
      settings,
      rates,
      make('login-fails', 1_000_000_000, LOGIN_WINDOW_S),
      make('login-gate', 1, 1),
      make('login-strikes', 1_000_000_000, LOGIN_WINDOW_S),
      redis,
    );
  }

  /**
   * Counts one of `kind` (or `points` of it: bytes, for `trainingStore`) for the address or user key; a refusal
   * when it is over its rate.
   */
  async take(kind: RateKind, address: string, points = 1): Promise<RateLimited | null> {
    try {
      await this.rates[kind].consume(address, points);
      return null;
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      const r = this.settings[SETTING[kind]];
      const whose = address.startsWith('user:') ? 'from you' : 'from your address'; // counted per user
      return {
        retryAfterMs: e.msBeforeNext,
        message: `too many ${WHAT[kind]} ${whose} (at most ${r.count} in ${r.seconds} s): try again later`,
      };
    }
  }

  /**
   * Before a login is checked: counts it as failed (so that concurrent guesses count too) for the name and the
   * address, and refuses it while either is backing off. Call {@link loginSucceeded} when the password was right.
   */
  async loginAttempt(name: string, address: string): Promise<RateLimited | null> {
    const keys = [
      { key: `name:${name.trim().toLowerCase()}`, free: this.settings.loginFreePerName },
      { key: `ip:${address}`, free: this.settings.loginFreePerIp },
    ];
    let refused = false;
    let wait = 0;
    const counted: string[] = [];
    for (const { key, free } of keys) {
      const n = (await this.loginFails.penalty(key, 1)).consumedPoints;
      counted.push(key);
      if (n <= free) continue;
      // Backing off: one attempt per window. Its length counts the attempts let through so far, not the guesses
      // of a burst, so that concurrent guesses lengthen it no faster than patient ones.
      const strikes = (await this.loginStrikes.get(key))?.consumedPoints ?? 0;
      try {
        await this.loginGate.consume(key, 1, {
          customDuration: backoffSeconds(strikes + 1, this.settings.loginBackoffMaxS),
        });
        await this.loginStrikes.penalty(key, 1);
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
        refused = true;
        wait = e.msBeforeNext;
        break; // refused: no other key's window is taken
      }
    }
    if (!refused) return null;
    // A refused attempt is not a guess: it does not lengthen the back-off.
    await Promise.all(counted.map((k) => this.loginFails.reward(k, 1)));
    return {
      retryAfterMs: Math.max(1, wait),
      message: `too many failed logins for this name or from your address: wait ${Math.max(1, Math.ceil(wait / 1000))} s`,
    };
  }

  /** The password was right: the name's failures are forgotten (the address keeps its count). */
  async loginSucceeded(name: string, address: string): Promise<void> {
    const key = `name:${name.trim().toLowerCase()}`;
    await Promise.all([
      this.loginFails.delete(key),
      this.loginGate.delete(key),
      this.loginStrikes.delete(key),
      this.loginFails.reward(`ip:${address}`, 1),
    ]);
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}

/**
 * The address a request comes from: the socket's peer, or with `trustProxy` the last X-Forwarded-For entry (the
 * one the reverse proxy writes, overwriting anything a client sent: deploy/nginx, deploy/haproxy). IPv6 addresses count by their /64 network (one
 * household's or one server's share), IPv4-mapped addresses as IPv4.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const h = req.headers['x-forwarded-for'];
    const last = (Array.isArray(h) ? h.join(',') : (h ?? '')).split(',').pop()?.trim();
    if (last) return addressKey(last);
  }
  return addressKey(req.socket.remoteAddress ?? '');
}

/** The key an address counts under: IPv4 as is, IPv6 by its /64 prefix. */
export function addressKey(address: string): string {
  const a = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (!isIPv6(a)) return a;
  const [head = '', tail = ''] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = a.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const TOO_MANY_CONNECTIONS =
  'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 38\r\n\r\n' +
  'too many connections from your address';

/**
 * Caps the open connections per address of an HTTP server: a connection over `max` is closed at once. With
 * `trustProxy` the TCP peer is the proxy, so only upgraded connections (WebSockets) are counted, by their
 * forwarded address (the proxy caps its own clients' connections); one over the cap is answered 429 before it is
 * closed, so that the proxy passes a refusal on instead of taking the process for broken (nginx counts a
 * connection closed without an answer as a failure of the process, and stops sending anyone there for a while).
 * Returns the live counts (for tests).
 */
export function capConnections(server: HttpServer, max: number, trustProxy: boolean): Map<string, number> {
  const open = new Map<string, number>();
  const count = (socket: Socket, address: string, refusal: string): boolean => {
    const n = (open.get(address) ?? 0) + 1;
    if (n > max) {
      if (refusal === '') socket.destroy();
      else socket.end(refusal);
      return false;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
    return true;
  };
  if (!trustProxy)
    server.on('connection', (socket: Socket) => count(socket, addressKey(socket.remoteAddress ?? ''), ''));
  else
    server.prependListener('upgrade', (req: IncomingMessage, socket: Socket) => {
      count(socket, clientAddress(req, true), TOO_MANY_CONNECTIONS);
    });
  return open;
}
