/**
 * Friends over HTTP on a real server (issue #20): asked and accepted (never one-sided), online and at which table
 * only for friends, invites into a friends' room that reach the invitee's open app through the notices stream,
 * and the daily leaderboard's friends apart.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { DailyDayPage, FriendEntry } from '@hearts/protocol/http';
import { TableClient } from '@hearts/live';
import {
  api,
  connect,
  finishedDailyAttempt,
  friendsGame,
  guest,
  startTestServer,
  until,
  type TestServer,
} from './helpers.js';
import { openNotices } from './notices.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.stop();
});

const list = async (token: string) =>
  (await api<{ friends: FriendEntry[] }>(t.url, '/api/friends', { token })).body.friends;

/** Makes the two friends; the friendship's id (the same for both). */
async function befriend(
  a: { token: string },
  b: { token: string; id: string; name: string },
): Promise<string> {
  const asked = await api<{ friend: { id: string } }>(t.url, '/api/friends', {
    token: a.token,
    body: { name: b.name },
  });
  expect(asked.body).toMatchObject({ outcome: 'requested' });
  expect(
    (await api(t.url, `/api/friends/${asked.body.friend.id}/accept`, { token: b.token, body: {} })).status,
  ).toBe(200);
  return asked.body.friend.id;
}

test('a friendship is asked by name and accepted; only then is the other online and somewhere', async () => {
  const [anna, ben, cleo] = await Promise.all([guest(t.url), guest(t.url), guest(t.url)]);
  const benApp = await openNotices(t.url, ben.token);

  // By exact name, case ignored; a stranger's name or one's own is refused.
  const asked = await api<{ friend: { id: string } }>(t.url, '/api/friends', {
    token: anna.token,
    body: { name: ben.name.toUpperCase() },
  });
  // The friendship's own id, never a user id (issue #42).
  const link = asked.body.friend.id;
  expect(asked.body).toEqual({
    outcome: 'requested',
    friend: { id: expect.stringMatching(/^f/), name: ben.name },
  });
  expect(
    (await api(t.url, '/api/friends', { token: anna.token, body: { name: 'Nobody Here' } })).status,
  ).toBe(404);
  expect(
    (await api(t.url, '/api/friends', { token: anna.token, body: { name: anna.name } })).body,
  ).toMatchObject({
    error: 'ERR_FRIEND_SELF',
  });
  expect(
    (await api(t.url, '/api/friends', { token: anna.token, body: { name: 'x'.repeat(65) } })).status,
  ).toBe(400);
  expect((await api(t.url, '/api/friends', { body: { name: ben.name } })).status).toBe(401);
  await until('ben hears of the request', () => benApp.heard.some((n) => n.type === 'friends'));

  // A request shows nothing of the other: not online, nowhere, no user id.
  expect(await list(anna.token)).toEqual([
    { id: link, name: ben.name, status: 'outgoing', since: expect.any(Number), online: false, places: [] },
  ]);
  expect((await list(ben.token)).map((f) => [f.id, f.status])).toEqual([[link, 'incoming']]);
  // Only the asked side accepts; a user id is no friendship's id.
  expect((await api(t.url, `/api/friends/${link}/accept`, { token: anna.token, body: {} })).status).toBe(404);
  expect((await api(t.url, `/api/friends/${anna.id}/accept`, { token: ben.token, body: {} })).status).toBe(
    404,
  );
  expect((await api(t.url, `/api/friends/${link}/accept`, { token: ben.token, body: {} })).status).toBe(200);
  await until('ben online for anna', async () => (await list(anna.token))[0]?.online === true);
  // A friend: online, where, and their user id (the list links to their player page).
  expect(await list(anna.token)).toEqual([
    {
      id: link,
      user: ben.id,
      name: ben.name,
      status: 'friend',
      since: expect.any(Number),
      online: true,
      places: [],
    },
  ]);
  // Anna's app is closed: offline for Ben; Cleo, a stranger, sees nobody.
  expect((await list(ben.token))[0]).toMatchObject({
    id: link,
    user: anna.id,
    status: 'friend',
    online: false,
  });
  expect(await list(cleo.token)).toEqual([]);

  // Closing the app is offline at once; either side may end the friendship.
  await benApp.close();
  await until('ben offline', async () => (await list(anna.token))[0]?.online === false);
  expect((await api(t.url, `/api/friends/${link}/remove`, { token: ben.token, body: {} })).status).toBe(200);
  expect(await list(anna.token)).toEqual([]);
  expect((await api(t.url, `/api/friends/${link}/remove`, { token: ben.token, body: {} })).status).toBe(404);
});

test('an invite into a friends room reaches the friend’s open app; strangers and outsiders cannot invite', async () => {
  const [anna, ben, cleo] = await Promise.all([guest(t.url), guest(t.url), guest(t.url)]);
  const link = await befriend(anna, ben);
  const host = await TableClient.createFriendsRoom({ url: t.url, token: anna.token, retryMs: 100 });
  const code = host.roomId;
  await until('the lobby', () => host.lobby?.members.length === 1);
  // Ben sees Anna in her friends' room.
  await until('anna in her room', async () => (await list(ben.token))[0]?.places.length === 1);
  expect((await list(ben.token))[0]).toMatchObject({
    online: true,
    places: [{ room: code, kind: 'lobby', watchable: false }],
  });

  const benApp = await openNotices(t.url, ben.token);
  const sent = await api<{ invite: string; expiresAt: number }>(t.url, `/api/friends/${link}/invite`, {
    token: anna.token,
    body: { room: code },
  });
  expect(sent.status).toBe(200);
  await until('the invite notice', () => benApp.heard.some((n) => n.type === 'invite'));
  const notice = benApp.heard.find((n) => n.type === 'invite');
  expect(notice).toEqual({
    type: 'invite',
    invite: {
      id: sent.body.invite,
      from: { name: anna.name },
      room: code,
      expiresAt: sent.body.expiresAt,
    },
  });
  // A stream opened later gets the open invites at once.
  const second = await openNotices(t.url, ben.token);
  await until('the open invite', () => second.heard.length === 1);
  await second.close();
  const open = await api<{ invites: { id: string }[] }>(t.url, '/api/invites', { token: ben.token });
  expect(open.body.invites.map((i) => i.id)).toEqual([sent.body.invite]);

  // Cleo is no friend: refused. Ben is not in the room: he cannot invite Anna into it.
  expect(
    (await api(t.url, `/api/friends/${link}/invite`, { token: cleo.token, body: { room: code } })).body,
  ).toMatchObject({ error: 'ERR_NOT_FRIENDS' });
  expect(
    (await api(t.url, `/api/friends/${link}/invite`, { token: ben.token, body: { room: code } })).body,
  ).toMatchObject({ error: 'ERR_NOT_IN_ROOM' });
  expect(
    (await api(t.url, `/api/friends/${link}/invite`, { token: anna.token, body: { room: 'bad code!' } }))
      .status,
  ).toBe(400);

  // Ben takes it up: joins by the code, and dismisses it (only his own).
  const joined = await connect(t.url, ben.token, code);
  await until('ben in the lobby', () => host.lobby?.members.length === 2);
  expect(
    (await api(t.url, `/api/invites/${sent.body.invite}/dismiss`, { token: anna.token, body: {} })).status,
  ).toBe(404);
  expect(
    (await api(t.url, `/api/invites/${sent.body.invite}/dismiss`, { token: ben.token, body: {} })).status,
  ).toBe(200);
  expect(
    (await api<{ invites: unknown[] }>(t.url, '/api/invites', { token: ben.token })).body.invites,
  ).toEqual([]);
  await benApp.close();
  await joined.leave();
  await host.leave();
});

test('a friend at a table: its kind, and a Watch only while it is open to watchers', async () => {
  const { users, clients, code } = await friendsGame(t.url, 2, { targetScore: 100 });
  const [anna, ben] = users as [(typeof users)[0], (typeof users)[0]];
  const cleo = await guest(t.url);
  const link = await befriend(cleo, anna);
  await until('anna at the table', async () => (await list(cleo.token))[0]?.places[0]?.kind === 'friends');
  expect((await list(cleo.token))[0]!.places).toEqual([
    { room: code, kind: 'friends', watchable: true, since: expect.any(Number) },
  ]);
  // The host closes the table to watchers: no Watch any more.
  clients[0]!.send('watchers', { open: false });
  await until('closed', async () => (await list(cleo.token))[0]?.places[0]?.watchable === false);
  // Ben is no friend of Cleo's: she learns nothing of him.
  expect((await list(cleo.token)).map((f) => [f.id, f.name])).toEqual([[link, anna.name]]);
  expect(ben.id).not.toBe(anna.id);
  for (const c of clients) await c.leave();
  await until('anna left', async () => (await list(cleo.token))[0]?.places.length === 0);
});

test('a day’s leaderboard lists your friends apart, with their ranks among everyone', async () => {
  const s = t.server.services;
  const date = '2026-01-15';
  const day = await s.daily.ensure(date, Date.UTC(2026, 0, 15));
  const users = await Promise.all([0, 1, 2, 3].map(() => guest(t.url)));
  const [me, friend, stranger, asked] = users as [
    (typeof users)[0],
    (typeof users)[0],
    (typeof users)[0],
    (typeof users)[0],
  ];
  await befriend(me, friend);
  await api(t.url, '/api/friends', { token: me.token, body: { name: asked.name } }); // asked, not accepted
  const totals = [10, 4, 2, 30];
  for (const [i, u] of users.entries()) {
    await finishedDailyAttempt(s.store, day, u, `past${i}`, [totals[i]!, 0, 0, 0], 10 + i);
  }
  const page = await api<DailyDayPage>(t.url, `/api/daily/days/${date}`, { token: me.token });
  expect(page.body.rows.map((r) => [r.name, r.rank, r.friend, r.you])).toEqual([
    [stranger.name, 1, false, false],
    [friend.name, 2, true, false],
    [me.name, 3, false, true],
    [asked.name, 4, false, false],
  ]);
  expect(page.body.friends.map((r) => [r.name, r.rank])).toEqual([
    [friend.name, 2],
    [me.name, 3],
  ]);
  // Signed out: nobody's friends.
  const anonymous = await api<DailyDayPage>(t.url, `/api/daily/days/${date}`);
  expect(anonymous.body.friends).toEqual([]);
  expect(anonymous.body.rows.some((r) => r.friend)).toBe(false);
});
