/**
 * Deleting an account in scaled mode: two `hearts-server` processes on this machine's PostgreSQL and Redis, behind
 * nginx (deploy/nginx) for the rooms. The deletion is asked of the process that does not run the player's table:
 * their token stops working on both processes at once, and the table on the other process hears of it (Colyseus'
 * remote room call through Redis) and gives the seat to a bot; the game ends for the other player under the
 * neutral name. Skips with a message where PostgreSQL or Redis is not running (fails under CI=true).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TableClient } from '@hearts/live';
import type { LiveGame } from '@hearts/protocol/http';
import { DELETED_PLAYER } from '@hearts/protocol/http/privacy';
import { CLOSE_CODES } from '@hearts/protocol/socket';
import { AutoPlayer, api, connect, guest, until } from './helpers.js';
import { type Child, type Cluster, listings, startCluster } from './processes.js';
import type { RunningProxy } from './proxies.js';
import { scaledServices } from './services.js';

const services = await scaledServices('deleting an account on two processes', { proxy: 'nginx' });

describe.skipIf(services === null)('deleting an account on two processes', () => {
  const s = services!;
  let cluster: Cluster | undefined;
  let children: readonly Child[] = [];
  let proxy: RunningProxy;
  let prefix: string;

  beforeAll(async () => {
    prefix = s.prefix();
    const d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix };
    cluster = await startCluster(d, { LIMIT_ACCOUNT: '1000000/1' });
    ({ children, proxy } = cluster);
  }, 60_000);

  afterAll(async () => {
    await cluster?.close();
    await s.cleanup();
  });

  test('the token stops on both processes at once; the table on the other process gives the seat to a bot', async () => {
    const anna = await guest(children[0]!.url);
    const ben = await guest(children[1]!.url);
    const host = await TableClient.createFriendsRoom({ url: proxy.url, token: anna.token, retryMs: 100 });
    const code = host.roomId;
    const joined = await connect(proxy.url, ben.token, code);
    await until('both in the lobby', () => host.lobby?.members.length === 2);
    host.send('options', { rules: { targetScore: 50 }, botLevel: 'easy' });
    await until('the options', () => host.lobby?.options.botLevel === 'easy');
    host.send('start', {});
    await until('the deal', () => host.state !== null && joined.state !== null);
    const annaSeat = host.state!.table.you;

    // Asked of the process that does not run the table.
    const runs = (await listings(s.redisUrl, prefix)).get(code);
    const other = children.find((c) => c.process !== runs)!;
    expect(other).toBeDefined();
    expect((await api(other.url, '/api/me/export', { token: anna.token })).status).toBe(200);
    const deleted = await api(other.url, '/api/me/delete', { token: anna.token, body: { name: anna.name } });
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    for (const c of children) expect((await api(c.url, '/api/me', { token: anna.token })).status).toBe(401);

    await until('anna closed out', () => host.status === 'closed');
    expect(host.closeCode).toBe(CLOSE_CODES.seatLost);
    await until('a bot in her seat', () => joined.state?.table.seats[annaSeat]?.replaced === true);

    const player = new AutoPlayer(joined, 11);
    await until('the result', () => joined.result !== null, 120_000);
    player.stop();
    const history = await api<{ games: LiveGame[] }>(children[0]!.url, '/api/history', { token: ben.token });
    const game = history.body.games.find((g) => g.id === code)!;
    expect(game.players[annaSeat]!.name).toBe(DELETED_PLAYER);
    expect(JSON.stringify(history.body)).not.toContain(anna.name);
    await joined.leave();
  }, 180_000);
});
