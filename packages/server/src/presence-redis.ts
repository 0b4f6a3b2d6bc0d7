/**
 * The scaled presence: table leases in Redis, beside Colyseus' Redis presence and driver.
 *
 * Keys (under the configured prefix): `lease:<table>` holds the id of the process that runs the table and runs out
 * after `ttlMs` unless renewed; `proc:<process>` says a process is alive (same lifetime); the set `procs` lists
 * the processes that registered, so that survivors find those that are gone and clean up after them (a process
 * that was only stalled, and forgotten meanwhile, lists itself again at its next renewal). Every
 * process renews all its leases in one script every `renewMs`; a lease found taken by another process is lost,
 * and a process that could not renew for too long counts all its leases as lost (it must stop those tables: the
 * other processes may restore them now).
 *
 * {@link FencedRedisDriver} is Colyseus' Redis driver with fenced room listings: a room only ever updates or
 * removes its listing while the listing is its own, so a process that lost a table can never remove the listing
 * of the process that restored it under the same room id.
 *
 * ```ts
 * const presence = new RedisTablePresence('redis://127.0.0.1:6379', { prefix: 'hearts:' });
 * await presence.start(matchMaker.processId);
 * presence.onLost((ids) => ids.forEach(stopTable));
 * ```
 */
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import type { IRoomCache } from '@colyseus/core';
import { Redis } from 'ioredis';
import { withTimeout } from '@hearts/engine';
import type { TablePresence } from './presence.js';
import { redact } from './store/postgres.js';

export interface RedisPresenceOptions {
  readonly prefix: string; // key prefix, e.g. "hearts:"
  readonly ttlMs?: number; // a lease runs out this long after its last renewal (default 5000)
  readonly renewMs?: number; // renewal period (default 1000)
}

const CLAIM = `
local cur = redis.call('GET', KEYS[1])
if cur == false or cur == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

const RENEW = `
redis.call('SET', KEYS[1], '1', 'PX', ARGV[2])
local out = { redis.call('SADD', KEYS[2], ARGV[1]) }
for i = 3, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
  else
    out[#out + 1] = i - 2
  end
end
return out`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Redis options for a URL and a key prefix; connection problems surface as rejected commands, not crashes. */
export function redisConnection(url: string, prefix: string): Redis {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 3, enableAutoPipelining: true });
  redis.on('error', () => undefined); // ioredis reconnects by itself; commands fail meanwhile
  return redis;
}

/** Connects once and pings; throws a clear error when Redis cannot be used. */
export async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause: unknown = null; // the socket's error says more than the rejected connect
  redis.on('error', (e) => (cause ??= e));
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    const why = cause ?? e;
    const text = why instanceof Error ? why.message : String(why);
    throw new Error(`Redis at ${redact(url)} cannot be used: ${text}`, { cause: e });
  } finally {
    redis.disconnect();
  }
}

export class RedisTablePresence implements TablePresence {
  private id: string | null = null;
  private readonly redis: Redis;
  private readonly held = new Set<string>();
  private readonly listeners: ((ids: string[]) => void)[] = [];
  private readonly listedListeners: (() => void)[] = [];
  private renewedAt = 0; // when the last successful renewal started
  private timer: ReturnType<typeof setInterval> | null = null;
  private renewing = false;
  private closed = false;
  readonly ttlMs: number;
  readonly renewMs: number;

  constructor(url: string, options: RedisPresenceOptions) {
    this.redis = redisConnection(url, options.prefix);
    this.ttlMs = options.ttlMs ?? 5000;
    this.renewMs = options.renewMs ?? 1000;
    if (this.renewMs * 2 >= this.ttlMs) throw new Error('leases must be renewed at least twice per lifetime');
  }

  get processId(): string {
    if (this.id === null) throw new Error('the presence is not started');
    return this.id;
  }

  async start(processId: string): Promise<void> {
    this.id = processId;
    // Its key and its place in `procs` come in one script: another process never sees it listed without its key
    // (it would take it for gone at once, and stop placing tables on it).
    await this.renew();
    if (this.renewedAt === 0) throw new Error('Redis did not answer the first renewal');
    this.timer = setInterval(() => void this.renew(), this.renewMs);
    this.timer.unref();
  }

  async claim(tableId: string, holder: string = this.processId): Promise<boolean> {
    const ok = (await this.redis.eval(CLAIM, 1, `lease:${tableId}`, holder, this.ttlMs)) === 1;
    if (ok && holder === this.processId) this.held.add(tableId);
    return ok;
  }

  holds(tableId: string): boolean {
    return this.held.has(tableId) && this.fresh();
  }

  async release(tableId: string): Promise<void> {
    this.held.delete(tableId);
    await this.redis.eval(RELEASE, 1, `lease:${tableId}`, this.processId);
  }

  async holders(tableIds: readonly string[]): Promise<(string | null)[]> {
    if (tableIds.length === 0) return [];
    return this.redis.mget(tableIds.map((t) => `lease:${t}`));
  }

  async alive(): Promise<string[]> {
    const procs = await this.redis.smembers('procs');
    if (procs.length === 0) return [];
    const keys = await this.redis.mget(procs.map((p) => `proc:${p}`));
    return procs.filter((_, i) => keys[i] !== null);
  }

  async gone(): Promise<string[]> {
    const procs = await this.redis.smembers('procs');
    if (procs.length === 0) return [];
    const keys = await this.redis.mget(procs.map((p) => `proc:${p}`));
    return procs.filter((p, i) => keys[i] === null && p !== this.id);
  }

  async forget(processId: string): Promise<void> {
    await this.redis.srem('procs', processId);
  }

  onLost(listener: (tableIds: string[]) => void): void {
    this.listeners.push(listener);
  }

  onListedAgain(listener: () => void): void {
    this.listedListeners.push(listener);
  }

  /** Stops at once without giving anything up, as a killed process would: its leases run out by themselves. */
  abandon(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.held.clear();
    this.redis.disconnect();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    const ids = [...this.held];
    this.held.clear();
    try {
      if (this.id !== null) {
        const p = this.redis.pipeline();
        for (const t of ids) p.eval(RELEASE, 1, `lease:${t}`, this.id);
        p.del(`proc:${this.id}`);
        p.srem('procs', this.id);
        await p.exec();
      }
    } finally {
      await this.redis.quit().catch(() => this.redis.disconnect());
    }
  }

  /** Renewals are current: every lease this process holds is still its own in Redis. */
  private fresh(): boolean {
    return Date.now() - this.renewedAt < this.ttlMs - Math.min(1000, this.ttlMs / 4);
  }

  private async renew(): Promise<void> {
    if (this.renewing || this.closed || this.id === null) return;
    this.renewing = true;
    const started = Date.now();
    const ids = [...this.held];
    try {
      const [added, ...lost] = (await withTimeout(
        this.redis.eval(
          RENEW,
          ids.length + 2,
          `proc:${this.id}`,
          'procs', // listed again at every renewal: a process forgotten after a stall comes back
          ...ids.map((t) => `lease:${t}`),
          this.id,
          this.ttlMs,
        ),
        this.renewMs * 2,
      )) as number[];
      const relisted = added === 1 && this.renewedAt > 0; // forgotten meanwhile (taken for gone after a stall)
      this.renewedAt = started;
      if (relisted) for (const l of this.listedListeners) l();
      const gone = lost.map((i) => ids[i - 1]!).filter((t) => this.held.delete(t));
      if (gone.length > 0) this.lose(gone);
    } catch {
      // Redis is unreachable or slow: once the leases may have run out, they are lost.
      if (!this.fresh() && this.held.size > 0) {
        const all = [...this.held];
        this.held.clear();
        this.lose(all);
      }
    } finally {
      this.renewing = false;
    }
  }

  private lose(ids: string[]): void {
    for (const l of this.listeners) l(ids);
  }
}

const LISTING_UPDATE = `
local cur = redis.call('HGET', KEYS[1], ARGV[1])
if cur and cjson.decode(cur).processId == ARGV[3] then return redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
return 0`;

const LISTING_REMOVE = `
local cur = redis.call('HGET', KEYS[1], ARGV[1])
if cur and cjson.decode(cur).processId == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0`;

const LISTINGS_OF_PROCESS_REMOVE = `
local all = redis.call('HGETALL', KEYS[1])
local n = 0
for i = 1, #all, 2 do
  if cjson.decode(all[i + 1]).processId == ARGV[1] then
    redis.call('HDEL', KEYS[1], all[i])
    n = n + 1
  end
end
return n`;

type Fenced = {
  hset(key: string, field: string, value: string): Promise<unknown>;
  hdel(key: string, field: string): Promise<unknown>;
};

/**
 * Colyseus' Redis driver with fenced listings: a room's first save takes its room id (a restored table takes the
 * id over from the process that lost it); later updates and the removal apply only while the listing is still
 * this room's process'.
 */
export class FencedRedisDriver extends RedisDriver {
  private readonly fence: Redis;

  constructor(url: string, prefix: string) {
    super({ ...redisOptionsOf(url), keyPrefix: prefix });
    this.fence = redisConnection(url, prefix);
  }

  override createInstance(
    initialValues: Partial<IRoomCache> = {},
  ): ReturnType<RedisDriver['createInstance']> {
    const data = super.createInstance(initialValues);
    const fence = this.fence;
    let saved = false;
    const fenced = data as unknown as Fenced;
    fenced.hset = (key, field, value) => {
      if (!saved) {
        saved = true;
        return fence.hset(key, field, value);
      }
      return fence.eval(LISTING_UPDATE, 1, key, field, value, data.processId);
    };
    fenced.hdel = (key, field) => fence.eval(LISTING_REMOVE, 1, key, field, data.processId);
    return data;
  }

  /** Removes the listings of a process that is gone, and only those (one atomic script). */
  override async cleanup(processId: string): Promise<void> {
    await this.fence.eval(LISTINGS_OF_PROCESS_REMOVE, 1, 'roomcaches', processId);
  }

  override async shutdown(): Promise<void> {
    await super.shutdown();
    await this.fence.quit().catch(() => this.fence.disconnect());
  }
}

/**
 * Colyseus' Redis presence with its pub/sub channels under the deployment's prefix too. ioredis' `keyPrefix`
 * covers keys only, so two deployments on one Redis (staging beside production, or two test clusters) would
 * otherwise hear each other's room calls and process channels (`$<roomId>`, `p:<processId>`, …).
 */
export class PrefixedRedisPresence extends RedisPresence {
  private readonly prefix: string;

  constructor(url: string, prefix: string) {
    super({ ...redisOptionsOf(url), keyPrefix: prefix });
    this.prefix = prefix;
  }

  override subscribe(topic: string, callback: (...args: unknown[]) => void): Promise<this> {
    return super.subscribe(this.prefix + topic, callback);
  }

  override unsubscribe(topic: string, callback?: (...args: unknown[]) => void): Promise<this> {
    return super.unsubscribe(this.prefix + topic, callback);
  }

  override publish(topic: string, data: unknown): Promise<void> {
    return super.publish(this.prefix + topic, data);
  }

  /** This deployment's channels that match the pattern, without the prefix (as Colyseus named them). */
  override async channels(pattern = '*'): Promise<string[]> {
    const glob = this.prefix.replace(/[*?[\]\\]/g, (c) => `\\${c}`) + pattern;
    const found = await super.channels(glob);
    return found.map((c) => c.slice(this.prefix.length));
  }
}

/** ioredis options from a redis:// URL (the driver's constructor takes options, not a URL and options). */
function redisOptionsOf(url: string) {
  const u = new URL(url);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname,
    port: u.port === '' ? 6379 : Number(u.port),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(Number.isInteger(db) ? { db } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

export { redisOptionsOf };
