/**
 * A tournament in scaled mode survives the death of the process that runs it: two `hearts-server` processes on
 * PostgreSQL and Redis behind HAProxy (deploy/haproxy, the one suite through it: its health checks take a gone process out); the process holding the tournament's lease is killed (SIGKILL) in the
 * middle of a game; the other takes the lease over once it runs out, the table is restored wherever it ran, the
 * game counts once, and the survivor seats the players again. A watcher of the tournament's events stream on the
 * surviving process hears the game the other process started, and its result. Skips where PostgreSQL or Redis is
 * not running.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningProxy } from './proxies.js';
import { AutoPlayer, connect, until } from './helpers.js';
import { type Child, type Cluster, exited, startCluster } from './processes.js';
import { scaledServices } from './services.js';
import { openEvents, tablesOf, tournamentWith, waitPage } from './tournament-helpers.js';

const services = await scaledServices('a tournament on two processes', { proxy: 'haproxy' });

describe.skipIf(services === null)('a tournament on two processes', () => {
  const s = services!;
  let cluster: Cluster | undefined;
  let children: readonly Child[] = [];
  let proxy: RunningProxy;
  let prefix: string;

  beforeAll(async () => {
    prefix = s.prefix();
    const d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix };
    const env = { BANK_MS: '30000', RECONNECT_MS: '30000' };
    cluster = await startCluster(d, env, 2, 'haproxy');
    ({ children, proxy } = cluster);
  }, 60_000);

  afterAll(async () => {
    await cluster?.close();
    await s.cleanup();
  });

  test('the process running the tournament dies mid-game: the other takes it over; the game counts once', async () => {
    const url = () => proxy.url;
    const { id, users } = await tournamentWith(proxy.url, 4);
    // A watcher on each process: the page's events stream reads the store, so it hears what another process wrote.
    const streams = await Promise.all(children.map((c) => openEvents(c.url, id)));
    expect(streams.map((x) => x.status)).toEqual([200, 200]);
    await waitPage('the four seated', url, id, (p) => p.running === 1, 30_000);
    const redis = new Redis(s.redisUrl);
    const holder = await redis.get(`${prefix}lease:tournament:${id}`);
    const runner = children.find((c) => c.process === holder)!;
    expect(runner).toBeDefined();
    const survivor = children.find((c) => c !== runner)!;
    const watcher = streams[children.indexOf(survivor)]!;
    // the game the runner's process started, heard on the other process (the first event: the stream opened)
    await until('the survivor’s watcher heard the game start', () => watcher.events.length >= 2, 10_000);
    const heardBefore = watcher.events.length;

    const [table] = await tablesOf(proxy.url, id, users);
    const clients = await Promise.all(users.map((u) => connect(proxy.url, u.token, table!)));
    const players = clients.map((c, i) => new AutoPlayer(c, 80 + i));
    for (const p of players) p.poke();
    await until('the middle of the hand', () => (clients[0]!.state?.view.tricks.length ?? 0) >= 4, 60_000);

    runner.proc.kill('SIGKILL');
    await exited(runner.proc);

    const done = await waitPage('the game counted', url, id, (p) => p.finished === 1, 120_000);
    for (const p of players) p.stop();
    expect(done.standings.map((r) => r.games)).toEqual([1, 1, 1, 1]);
    expect(done.standings.reduce((a, r) => a + r.points, 0)).toBe(7);
    await until('the survivor’s watcher heard the result', () => watcher.events.length > heardBefore, 10_000);
    for (const x of streams) x.close();

    // The survivor holds the tournament now and seats the four again.
    await waitPage('a second table', url, id, (p) => p.running === 1 && p.finished === 1, 60_000);
    expect(await redis.get(`${prefix}lease:tournament:${id}`)).toBe(survivor.process);
    const again = await tablesOf(proxy.url, id, users);
    expect(new Set(again).size).toBe(1);
    expect(again[0]).not.toBe(table);
    redis.disconnect();
    await Promise.all(clients.map((c) => c.leave()));
  }, 300_000);
});
