/**
 * Abuse of friends (issue #20): friends' requests — the list, requests, answers and the notices stream — are held
 * to LIMIT_FRIENDS per address, invites to LIMIT_INVITES per user (another address does not get around it), and
 * one user holds at most STREAMS_PER_USER notices streams per process.
 */
import { expect, test } from 'vitest';
import { TableClient } from '@hearts/live';
import { STREAMS_PER_USER } from '../../src/friends-routes.js';
import { api, guest, serverPerTest, until } from '../helpers.js';
import { DEFAULT_LIMITS, json, send } from './net.js';

const startServer = serverPerTest();

test('friends requests are held to LIMIT_FRIENDS per address', async () => {
  const t = await startServer({ ...DEFAULT_LIMITS, guestLimit: { count: 1000, seconds: 60 } });
  const url = t.url;
  const me = await guest(url);
  const limit = DEFAULT_LIMITS.friendLimit.count;
  for (let i = 0; i < limit; i++) {
    const r =
      i % 2 === 0
        ? await send(url, '/api/friends', { from: '127.0.0.5', token: me.token })
        : await send(url, '/api/friends', {
            from: '127.0.0.5',
            token: me.token,
            method: 'POST',
            body: JSON.stringify({ name: `nobody ${i}` }),
            headers: { 'content-type': 'application/json' },
          });
    expect(r.status).toBe(i % 2 === 0 ? 200 : 404);
  }
  const over = await send(url, '/api/friends', { from: '127.0.0.5', token: me.token });
  expect(over.status).toBe(429);
  expect(json(over)).toMatchObject({ error: 'ERR_RATE_LIMIT' });
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  // The choice of whom one takes requests from and declining them all count too.
  for (const path of ['/api/friends/settings', '/api/friends/requests/decline'])
    expect(
      (
        await send(url, path, {
          from: '127.0.0.5',
          token: me.token,
          method: 'POST',
          body: JSON.stringify({ requestsFrom: 'known' }),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(429);
  // The notices stream counts too; another address does not.
  expect((await send(url, '/api/notices', { from: '127.0.0.5', token: me.token })).status).toBe(429);
  expect((await send(url, '/api/friends', { from: '127.0.0.6', token: me.token })).status).toBe(200);
});

test('invites are held to LIMIT_INVITES per user, from any address', async () => {
  const t = await startServer({ ...DEFAULT_LIMITS, guestLimit: { count: 1000, seconds: 60 } });
  const url = t.url;
  const [anna, ben] = [await guest(url), await guest(url)];
  const asked = await api<{ friend: { id: string } }>(url, '/api/friends', {
    token: anna.token,
    body: { name: ben.name },
  });
  const link = asked.body.friend.id;
  await api(url, `/api/friends/${link}/accept`, { token: ben.token, body: {} });
  const host = await TableClient.createFriendsRoom({ url, token: anna.token, retryMs: 100 });
  await until('the lobby stored', async () => {
    const r = await api(url, `/api/friends/${link}/invite`, {
      token: anna.token,
      body: { room: host.roomId },
    });
    return r.status === 200;
  });
  const limit = DEFAULT_LIMITS.inviteLimit.count;
  let sent = 1; // at least the one above; refused tries while the room was being stored count too
  for (;;) {
    const r = await send(url, `/api/friends/${link}/invite`, {
      from: sent % 2 === 0 ? '127.0.0.7' : '127.0.0.8',
      token: anna.token,
      method: 'POST',
      body: JSON.stringify({ room: host.roomId }),
      headers: { 'content-type': 'application/json' },
    });
    if (r.status === 429) {
      expect(json(r)).toMatchObject({ error: 'ERR_RATE_LIMIT', message: expect.stringMatching(/from you/) });
      break;
    }
    expect(r.status).toBe(200);
    sent++;
    expect(sent).toBeLessThanOrEqual(limit);
  }
  expect(sent).toBeLessThanOrEqual(limit);
  expect(sent).toBeGreaterThan(limit / 2);
  await host.leave();
});

test(`a user holds at most ${STREAMS_PER_USER} notices streams at once`, async () => {
  const t = await startServer();
  const me = await guest(t.url);
  const aborts: AbortController[] = [];
  for (let i = 0; i < STREAMS_PER_USER; i++) {
    const abort = new AbortController();
    aborts.push(abort);
    const res = await fetch(`${t.url}/api/notices`, {
      headers: { authorization: `Bearer ${me.token}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
  }
  const over = await fetch(`${t.url}/api/notices`, { headers: { authorization: `Bearer ${me.token}` } });
  expect(over.status).toBe(429);
  expect(await over.json()).toMatchObject({ error: 'ERR_RATE_LIMIT' });
  expect((await fetch(`${t.url}/api/notices`)).status).toBe(401);
  for (const a of aborts) a.abort();
  await until('a stream free again', async () => {
    const abort = new AbortController();
    const res = await fetch(`${t.url}/api/notices`, {
      headers: { authorization: `Bearer ${me.token}` },
      signal: abort.signal,
    });
    abort.abort();
    return res.status === 200;
  });
});
