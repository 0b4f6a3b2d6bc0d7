/**
 * Friends in scaled mode: two `hearts-server` processes on this machine's PostgreSQL and Redis, behind
 * nginx (deploy/nginx) for the rooms. Whether a friend is online and where is known to every process (Colyseus' Redis
 * presence: whereabouts.ts), and an invite sent through one process reaches the invitee's notices stream open on
 * the other (Redis publish/subscribe). Skips with a message where PostgreSQL or Redis is not running (fails under
 * CI=true).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TableClient } from '@hearts/live';
import type { FriendEntry } from '@hearts/protocol/http';
import type { RunningProxy } from './proxies.js';
import { api, connect, guest, until } from './helpers.js';
import { openNotices } from './notices.js';
import { type Child, type Cluster, startCluster } from './processes.js';
import { scaledServices } from './services.js';

const services = await scaledServices('friends on two processes', { proxy: 'nginx' });

describe.skipIf(services === null)('friends on two processes', () => {
  const s = services!;
  let cluster: Cluster | undefined;
  let children: readonly Child[] = [];
  let proxy: RunningProxy;

  beforeAll(async () => {
    const d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix: s.prefix() };
    const env = { LIMIT_GUESTS: '1000000/1', LIMIT_FRIENDS: '1000000/1' };
    cluster = await startCluster(d, env);
    ({ children, proxy } = cluster);
  }, 60_000);

  afterAll(async () => {
    await cluster?.close();
    await s.cleanup();
  });

  test('online and where, seen from either process; an invite through one reaches the app on the other', async () => {
    const [a, b] = children.map((c) => c.url) as [string, string];
    const anna = await guest(a);
    const ben = await guest(b);
    const asked = await api<{ friend: { id: string } }>(a, '/api/friends', {
      token: anna.token,
      body: { name: ben.name },
    });
    expect(asked.status).toBe(200);
    const link = asked.body.friend.id;
    expect((await api(b, `/api/friends/${link}/accept`, { token: ben.token, body: {} })).status).toBe(200);
    const list = async (url: string, token: string) =>
      (await api<{ friends: FriendEntry[] }>(url, '/api/friends', { token })).body.friends;

    // Ben's app is open on process b: online for Anna on process a.
    const benApp = await openNotices(b, ben.token);
    await until('ben online, seen from a', async () => (await list(a, anna.token))[0]?.online === true);

    // Anna opens a friends' room (on whichever process); Ben sees it from both processes.
    const host = await TableClient.createFriendsRoom({ url: proxy.url, token: anna.token, retryMs: 100 });
    const code = host.roomId;
    for (const url of [a, b])
      await until(`anna's room, seen from ${url}`, async () => {
        const p = (await list(url, ben.token))[0]?.places[0];
        return p?.room === code && p.kind === 'lobby';
      });

    // The invite, sent through process a, reaches Ben's stream on process b.
    const sent = await api<{ invite: string }>(a, `/api/friends/${link}/invite`, {
      token: anna.token,
      body: { room: code },
    });
    expect(sent.status).toBe(200);
    await until('the invite on b', () =>
      benApp.heard.some(
        (n) => n.type === 'invite' && n.invite.id === sent.body.invite && n.invite.room === code,
      ),
    );

    // Ben takes it up; the host starts: a friends' table open to watchers, seen from both processes.
    const joined = await connect(proxy.url, ben.token, code);
    await until('both in the lobby', () => host.lobby?.members.length === 2);
    host.send('options', { rules: { targetScore: 100 }, botLevel: 'easy' });
    await until('the options', () => host.lobby?.options.botLevel === 'easy');
    host.send('start', {});
    await until('the deal', () => host.state !== null && joined.state !== null);
    for (const url of [a, b])
      await until(`the table, watchable, seen from ${url}`, async () => {
        const p = (await list(url, ben.token))[0]?.places[0];
        return p?.room === code && p.kind === 'friends' && p.watchable;
      });

    // Ben closes the app but sits at the table: still online; Anna leaves: nowhere any more.
    await benApp.close();
    expect((await list(a, anna.token))[0]?.online).toBe(true);
    await host.leave();
    await until('anna gone from the table', async () => (await list(b, ben.token))[0]?.places.length === 0);
    await joined.leave();
  }, 120_000);
});
