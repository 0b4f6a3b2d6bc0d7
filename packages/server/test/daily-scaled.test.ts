/**
 * The daily game in scaled mode: two `hearts-server` processes on this machine's PostgreSQL and Redis. One player's
 * starts sent to both processes at once make exactly one attempt and one table (the database's primary key, not a
 * check in one process's memory); the day's seed is the same on both; the game is played and its result is seen
 * from either process. The player's connection goes through nginx (deploy/nginx), as in production: the table runs on
 * whichever process has the fewest rooms, and only the proxy knows which (a direct connection to the other process
 * would find its seat reservation there missing). Skips with a message where PostgreSQL or Redis is not running
 * (fails under CI=true).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DailyToday } from '@hearts/protocol/http';
import type { RunningProxy } from './proxies.js';
import { AutoPlayer, api, connect, guest, until } from './helpers.js';
import { type Child, type Cluster, startCluster } from './processes.js';
import { scaledServices } from './services.js';

const services = await scaledServices('the daily game on two processes', { proxy: 'nginx' });

describe.skipIf(services === null)('the daily game on two processes', () => {
  const s = services!;
  let cluster: Cluster | undefined;
  let children: readonly Child[] = [];
  let proxy: RunningProxy;

  beforeAll(async () => {
    const d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix: s.prefix() };
    const env = { DAILY_BOT_LEVEL: 'easy', LIMIT_DAILY: '1000000/1', LIMIT_GUESTS: '1000000/1' };
    cluster = await startCluster(d, env);
    ({ children, proxy } = cluster);
  }, 60_000);

  afterAll(async () => {
    await cluster?.close();
    await s.cleanup();
  });

  test('concurrent starts on both processes: one attempt, one table; the result on either', async () => {
    const [a, b] = children.map((c) => c.url) as [string, string];
    const u = await guest(a);
    const [da, db] = await Promise.all([
      api<DailyToday>(a, '/api/daily', { token: u.token }),
      api<DailyToday>(b, '/api/daily', { token: u.token }),
    ]);
    expect(da.body.commitment).toBe(db.body.commitment); // one seed for the day, whichever process made it

    const starts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api<{ tableId?: string; error?: string }>(i % 2 === 0 ? a : b, '/api/daily/start', {
          method: 'POST',
          token: u.token,
        }),
      ),
    );
    const won = starts.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(starts.filter((r) => r.status === 409 && r.body.error === 'ERR_DAILY_PLAYED')).toHaveLength(9);

    const client = await connect(proxy.url, u.token, won[0]!.body.tableId!);
    const player = new AutoPlayer(client, 3);
    player.poke();
    await until('the game to end', () => client.state?.view.phase === 'gameOver', 120_000);
    player.stop();
    let seen: DailyToday | null = null;
    for (let i = 0; i < 100 && seen?.you?.status !== 'finished'; i++) {
      seen = (await api<DailyToday>(b, '/api/daily', { token: u.token })).body;
      if (seen.you?.status !== 'finished') await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen?.you).toMatchObject({ status: 'finished', rank: 1, total: client.state!.view.scores[0] });
    await client.leave().catch(() => undefined);
  }, 180_000);
});
