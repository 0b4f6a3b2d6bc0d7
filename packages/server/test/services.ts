/**
 * The real PostgreSQL and Redis of this machine for the scaled-mode tests. Every test run gets its own database
 * schema and Redis key prefix (parallel test files never meet) and removes them afterwards.
 *
 * Where the services are not running, {@link scaledServices} is null and the tests skip with a message — unless
 * `CI=true`, where a missing service fails the run.
 *
 * ```ts
 * const services = await scaledServices('store'); // null: skipped
 * describe.skipIf(!services)('on PostgreSQL', () => …);
 * ```
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { proxyMissing, type ProxyKind } from './proxies.js';

export const TEST_DATABASE_URL =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface ScaledServices {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** A new schema name for this run, e.g. `hearts_t_3f9a…`. */
  schema(): string;
  /** A new Redis key prefix for this run, e.g. `hearts-t-3f9a…:`. */
  prefix(): string;
  /** Drops every schema and deletes every key this run made. */
  cleanup(): Promise<void>;
}

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (e) {
    return `PostgreSQL at ${TEST_DATABASE_URL}: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    return `Redis at ${TEST_REDIS_URL}: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    redis.disconnect();
  }
  return null;
}

/**
 * The services, or null (with a message on stderr) when they are not running here. Under `CI=true` a missing
 * service throws: CI must run these tests for real.
 */
export async function scaledServices(
  label: string,
  needs: { proxy?: ProxyKind } = {},
): Promise<ScaledServices | null> {
  const problem =
    (await reachable()) ?? (needs.proxy !== undefined ? proxyMissing(needs.proxy, false) : null);
  if (problem !== null) {
    if (process.env['CI'] === 'true')
      throw new Error(`CI=true: the scaled-mode tests (${label}) need ${problem}`);
    console.warn(
      `Skipping the scaled-mode tests (${label}): ${problem}. Start PostgreSQL and Redis to run them ` +
        '(TEST_DATABASE_URL, TEST_REDIS_URL); under CI=true they must run.',
    );
    return null;
  }
  const run = randomBytes(5).toString('hex');
  let n = 0;
  const schemas: string[] = [];
  const prefixes: string[] = [];
  return {
    databaseUrl: TEST_DATABASE_URL,
    redisUrl: TEST_REDIS_URL,
    schema() {
      const s = `hearts_t_${run}_${n++}`;
      schemas.push(s);
      return s;
    },
    prefix() {
      const p = `hearts-t-${run}-${n++}:`;
      prefixes.push(p);
      return p;
    },
    async cleanup() {
      await dropSchemas(schemas.splice(0));
      const redis = new Redis(TEST_REDIS_URL);
      try {
        for (const p of prefixes.splice(0)) await deleteKeys(redis, p);
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** Drops a database a test made (a restore's), with its connections. */
export async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function dropSchemas(schemas: readonly string[]): Promise<void> {
  if (schemas.length === 0) return;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  } finally {
    await client.end();
  }
}

/** Deletes every key under the prefix (SCAN, never KEYS). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}
