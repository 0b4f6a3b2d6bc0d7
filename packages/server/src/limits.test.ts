/**
 * The limits on both backends: in memory, and in the real Redis at 127.0.0.1:6379 (skipped with a message when it
 * is not running, except under CI=true), where two `Limits` of one deployment share their counts as two processes
 * would.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { DEFAULT_CONFIG } from './config.js';
import { deleteKeys } from '../test/services.js';
import { Limits, addressKey, backoffSeconds, type LimitSettings } from './limits.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

async function redisProblem(): Promise<string | null> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  r.on('error', () => undefined);
  try {
    await r.connect();
    await r.ping();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    r.disconnect();
  }
}
const problem = await redisProblem();
if (problem !== null) {
  if (process.env['CI'] === 'true')
    throw new Error(`CI=true: the Redis limits tests need Redis at ${REDIS_URL}: ${problem}`);
  console.warn(`Skipping the Redis limits tests: Redis at ${REDIS_URL}: ${problem} (set TEST_REDIS_URL)`);
}

const prefixes: string[] = [];
afterAll(async () => {
  if (problem !== null || prefixes.length === 0) return;
  const r = new Redis(REDIS_URL);
  for (const p of prefixes) await deleteKeys(r, p);
  r.disconnect();
});

const settings = (over: Partial<LimitSettings> = {}): LimitSettings => ({
  ...DEFAULT_CONFIG,
  guestLimit: { count: 3, seconds: 60 },
  roomLimit: { count: 2, seconds: 60 },
  joinLimit: { count: 2, seconds: 60 },
  loginFreePerName: 3,
  loginFreePerIp: 10,
  loginBackoffMaxS: 900,
  ...over,
});

const backends: [string, boolean, () => Partial<LimitSettings>][] = [
  ['memory', false, () => ({ redisUrl: null })],
  [
    'Redis',
    problem !== null,
    () => {
      const prefix = `hearts-limits-t-${randomBytes(4).toString('hex')}:`;
      prefixes.push(prefix);
      return { redisUrl: REDIS_URL, redisPrefix: prefix };
    },
  ],
];

describe.each(backends)('Limits in %s', (_label, skip, backend) => {
  test.skipIf(skip)('a rate refuses past its count, per kind and per address, with the wait', async () => {
    const limits = await Limits.open(settings(backend()));
    try {
      for (let i = 0; i < 3; i++) expect(await limits.take('guests', '10.0.0.1')).toBeNull();
      const refused = await limits.take('guests', '10.0.0.1');
      expect(refused?.retryAfterMs).toBeGreaterThan(0);
      expect(refused?.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(refused?.message).toMatch(/new guests .*at most 3 in 60 s/);
      expect(await limits.take('guests', '10.0.0.2')).toBeNull(); // another address
      expect(await limits.take('rooms', '10.0.0.1')).toBeNull(); // another kind
      expect(await limits.take('rooms', '10.0.0.1')).toBeNull();
      expect(await limits.take('rooms', '10.0.0.1')).not.toBeNull();
    } finally {
      await limits.close();
    }
  });

  test.skipIf(skip)(
    'logins: free failures, one attempt per growing wait, success resets the name',
    async () => {
      const limits = await Limits.open(settings(backend()));
      try {
        for (let i = 0; i < 3; i++) expect(await limits.loginAttempt('Anna', '10.0.0.1')).toBeNull();
        expect(await limits.loginAttempt('anna ', '10.0.0.1')).toBeNull(); // the 4th: the first of the back-off
        const wait = await limits.loginAttempt('ANNA', '10.0.0.2'); // the name, whatever the address
        expect(wait?.retryAfterMs).toBeGreaterThan(0);
        expect(wait?.retryAfterMs).toBeLessThanOrEqual(1000);
        await limits.loginSucceeded('Anna', '10.0.0.1');
        for (let i = 0; i < 3; i++) expect(await limits.loginAttempt('Anna', '10.0.0.3')).toBeNull();
      } finally {
        await limits.close();
      }
    },
  );

  test.skipIf(skip)('logins: a concurrent burst gets the free failures and one more', async () => {
    const limits = await Limits.open(settings(backend()));
    try {
      const r = await Promise.all(Array.from({ length: 30 }, () => limits.loginAttempt('Ben', '10.0.0.9')));
      expect(r.filter((x) => x === null)).toHaveLength(4);
    } finally {
      await limits.close();
    }
  });
});

describe.skipIf(problem !== null)('Limits in Redis across processes', () => {
  test('two Limits of one deployment share their counts; another prefix does not', async () => {
    const shared = settings({
      redisUrl: REDIS_URL,
      redisPrefix: `hearts-limits-t-${randomBytes(4).toString('hex')}:`,
    });
    prefixes.push(shared.redisPrefix);
    const a = await Limits.open(shared);
    const b = await Limits.open(shared);
    const other = `hearts-limits-t-${randomBytes(4).toString('hex')}:`;
    prefixes.push(other);
    const c = await Limits.open({ ...shared, redisPrefix: other });
    try {
      expect(await a.take('joins', '10.0.0.1')).toBeNull();
      expect(await b.take('joins', '10.0.0.1')).toBeNull();
      expect(await a.take('joins', '10.0.0.1')).not.toBeNull();
      expect(await b.take('joins', '10.0.0.1')).not.toBeNull();
      expect(await c.take('joins', '10.0.0.1')).toBeNull();
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});

test('in memory, bursts lengthen the back-off no faster than single attempts: 1, 2, 4, 8 s', async () => {
  vi.useFakeTimers({ now: 1_000_000 });
  try {
    const limits = await Limits.open(settings({ redisUrl: null, loginFreePerIp: 1000 }));
    for (let i = 0; i < 3; i++) expect(await limits.loginAttempt('Cleo', '10.0.0.7')).toBeNull();
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const r = await Promise.all(Array.from({ length: 10 }, () => limits.loginAttempt('Cleo', '10.0.0.7')));
      expect(r.filter((x) => x === null)).toHaveLength(1); // one attempt per window
      const wait = Math.max(...r.map((x) => x?.retryAfterMs ?? 0));
      waits.push(Math.ceil(wait / 1000));
      expect(await limits.loginAttempt('Cleo', '10.0.0.7')).not.toBeNull(); // still waiting
      vi.advanceTimersByTime(wait);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    await limits.close();
  } finally {
    vi.useRealTimers();
  }
});

test('the back-off doubles from 1 s up to its cap', () => {
  expect([1, 2, 3, 4, 5, 11, 100].map((n) => backoffSeconds(n, 900))).toEqual([1, 2, 4, 8, 16, 900, 900]);
});

test.each([
  ['203.0.113.7', '203.0.113.7'],
  ['::ffff:203.0.113.7', '203.0.113.7'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
])('address %s counts as %s', (address, key) => {
  expect(addressKey(address)).toBe(key);
});
