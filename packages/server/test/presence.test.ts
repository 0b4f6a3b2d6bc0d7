/**
 * Table leases: the presence contract on the embedded default and on Redis, then what only several processes
 * show — a lease runs out when its process dies, a taken-over lease is reported lost, a gone process is found —
 * and the fenced room listings of the Redis driver.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { Redis } from 'ioredis';
import { LocalTablePresence } from '../src/presence.js';
import { FencedRedisDriver, PrefixedRedisPresence, RedisTablePresence } from '../src/presence-redis.js';
import { until } from './helpers.js';
import { describeTablePresence } from './presence-contract.js';
import { scaledServices } from './services.js';

describeTablePresence('local', async (id) => {
  const p = new LocalTablePresence();
  await p.start(id);
  return p;
});

test('local: nobody else exists, so nothing is claimed for another process and nothing is gone', async () => {
  const p = new LocalTablePresence();
  expect(() => p.processId).toThrow(/not started/);
  await p.start('solo');
  expect(await p.claim('t', 'other')).toBe(false);
  expect(await p.alive()).toEqual(['solo']);
  expect(await p.gone()).toEqual([]);
});

const services = await scaledServices('presence on Redis');

describe.skipIf(services === null)('on Redis', () => {
  const s = services!;
  const prefix = s.prefix();
  const redis = new Redis(s.redisUrl, { keyPrefix: prefix });
  afterAll(async () => {
    redis.disconnect();
    await s.cleanup();
  });
  const TTL = { ttlMs: 800, renewMs: 200 };
  const open = async (id: string) => {
    const p = new RedisTablePresence(s.redisUrl, { prefix, ...TTL });
    await p.start(id);
    return p;
  };

  describeTablePresence('Redis', open);

  test('one process holds a table; when it dies its lease runs out and another takes the table', async () => {
    const a = await open('a1');
    const b = await open('b1');
    expect(await a.claim('t1')).toBe(true);
    expect(await b.claim('t1')).toBe(false);
    await new Promise((r) => setTimeout(r, 1200)); // longer than the lifetime: renewals keep it
    expect(await b.claim('t1')).toBe(false);
    expect(a.holds('t1')).toBe(true);
    expect(await b.alive()).toEqual(expect.arrayContaining(['a1', 'b1']));

    a.abandon(); // killed
    const end = Date.now() + 3000;
    while (!(await b.claim('t1')) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(b.holds('t1')).toBe(true);
    expect(await b.gone()).toContain('a1');
    expect(await b.alive()).not.toContain('a1');
    await b.forget('a1');
    expect(await b.gone()).not.toContain('a1');
    await b.close();
  });

  test('a process forgotten while it was stalled lists itself again, and is told so: placement and failover see it', async () => {
    const a = await open('a5');
    const b = await open('b5');
    let told = 0;
    a.onListedAgain(() => told++); // the server publishes its room counts again
    await new Promise((r) => setTimeout(r, 500)); // renewals while listed: nothing to tell
    expect(told).toBe(0);
    await b.forget('a5'); // what a sweep does after a's lease ran out during a stall
    expect(await b.alive()).not.toContain('a5');
    const end = Date.now() + 2000;
    while (!(await b.alive()).includes('a5') && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(await b.alive()).toContain('a5');
    await until('a told', () => told === 1, 1000);
    await a.close();
    await b.close();
  });

  test('a table claimed for another process is that process’ once it claims it; others cannot take it', async () => {
    const a = await open('a2');
    const b = await open('b2');
    const c = await open('c2');
    expect(await a.claim('t2', 'b2')).toBe(true);
    expect(a.holds('t2')).toBe(false);
    expect(await c.claim('t2')).toBe(false);
    expect(await b.claim('t2')).toBe(true);
    expect(b.holds('t2')).toBe(true);
    await a.release('t2'); // not a's: no change
    expect(await c.holders(['t2'])).toEqual(['b2']);
    for (const p of [a, b, c]) await p.close();
  });

  test('a lease taken over behind the holder’s back is reported lost at the next renewal', async () => {
    const a = await open('a3');
    const lost: string[][] = [];
    a.onLost((ids) => lost.push(ids));
    await a.claim('t3');
    await a.claim('t4');
    await redis.set('lease:t3', 'intruder', 'PX', 5000);
    await until('the loss', () => lost.length > 0, 3000);
    expect(lost).toEqual([['t3']]);
    expect(a.holds('t3')).toBe(false);
    expect(a.holds('t4')).toBe(true);
    await a.close();
  });

  test('a process that cannot renew counts its leases lost before they run out', async () => {
    const a = await open('a5');
    const lost: string[][] = [];
    a.onLost((ids) => lost.push(ids));
    await a.claim('t5');
    // Stop Redis answering this process: its renewals fail, and holds() turns false within the lifetime.
    (a as unknown as { redis: Redis }).redis.disconnect();
    await until('the leases to count as lost', () => !a.holds('t5'), 2000);
    await until('the report', () => lost.length > 0, 3000);
    expect(lost).toEqual([['t5']]);
    a.abandon();
  });

  test('room listings are fenced: only the listing’s own process updates or removes it', async () => {
    const d1 = new FencedRedisDriver(s.redisUrl, prefix);
    const d2 = new FencedRedisDriver(s.redisUrl, prefix);
    try {
      const first = d1.createInstance({ name: 'table', processId: 'p1', roomId: 'R1' });
      await first.save();
      expect((await d2.findOne({ roomId: 'R1' }))?.processId).toBe('p1');
      // p2 restores the table under the same room id: its first save takes the id over.
      const second = d2.createInstance({ name: 'table', processId: 'p2', roomId: 'R1' });
      await second.save();
      // p1's later update and removal do not touch p2's listing.
      await first.updateOne({ $inc: { clients: 1 } });
      await first.remove();
      const now = await d1.findOne({ roomId: 'R1' });
      expect(now?.processId).toBe('p2');
      expect(now?.clients).toBe(0);
      await second.updateOne({ $inc: { clients: 2 } });
      expect((await d1.findOne({ roomId: 'R1' }))?.clients).toBe(2);
      // Cleaning up after p1 removes p1's listings only.
      await d1.createInstance({ name: 'quick', processId: 'p1', roomId: 'Q1' }).save();
      await d1.cleanup('p1');
      expect(await d1.findOne({ roomId: 'Q1' })).toBeUndefined();
      expect((await d1.findOne({ roomId: 'R1' }))?.processId).toBe('p2');
      await second.remove();
      expect(await d1.findOne({ roomId: 'R1' })).toBeUndefined();
    } finally {
      await d1.shutdown();
      await d2.shutdown();
    }
  });

  test('pub/sub channels are under the prefix: two deployments on one Redis do not hear each other', async () => {
    const other = s.prefix();
    const a1 = new PrefixedRedisPresence(s.redisUrl, prefix);
    const a2 = new PrefixedRedisPresence(s.redisUrl, prefix);
    const b = new PrefixedRedisPresence(s.redisUrl, other);
    try {
      const heardA: unknown[] = [];
      const heardB: unknown[] = [];
      await a1.subscribe('$room1', (m) => heardA.push(m));
      await b.subscribe('$room1', (m) => heardB.push(m));
      await a2.publish('$room1', { n: 1 });
      await b.publish('$room1', { n: 2 });
      await until('both messages', () => heardA.length + heardB.length === 2, 2000);
      expect(heardA).toEqual([{ n: 1 }]);
      expect(heardB).toEqual([{ n: 2 }]);
      // Colyseus lists process channels by pattern and gets its own names back, without the prefix.
      await a1.subscribe('p:proc-a', () => undefined);
      await b.subscribe('p:proc-b', () => undefined);
      expect(await a2.channels('p:*')).toEqual(['p:proc-a']);
      expect((await b.channels()).sort()).toEqual(['$room1', 'p:proc-b']);
      await a1.unsubscribe('$room1');
      await a2.publish('$room1', { n: 3 });
      await new Promise((r) => setTimeout(r, 100));
      expect(heardA).toEqual([{ n: 1 }]);
    } finally {
      for (const p of [a1, a2, b]) p.shutdown();
    }
  });
});
