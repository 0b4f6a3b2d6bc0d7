import { afterEach, beforeEach, expect, test } from 'vitest';
import { replayRecord } from '@hearts/engine';
import { TableClient } from '@hearts/live';
import { AutoPlayer, api, connect, guest, startTestServer, until, type TestServer } from './helpers.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.stop();
});

test('four humans in a friends room play a full game; the record is in their history', async () => {
  const users = await Promise.all([0, 1, 2, 3].map(() => guest(t.url)));
  const host = await TableClient.createFriendsRoom({ url: t.url, token: users[0]!.token });
  const code = host.roomId;
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  const others = await Promise.all(users.slice(1).map((u) => connect(t.url, u.token, code)));
  const clients = [host, ...others];
  await until('everyone in the lobby', () => clients.every((c) => c.lobby?.members.length === 4));
  expect(host.lobby!.members.filter((m) => m.host)).toHaveLength(1);
  expect(host.lobby!.members.find((m) => m.you)?.host).toBe(true);

  // Only the host chooses and starts.
  others[0]!.send('start', {});
  await until('a refusal', () => others[0]!.lastError?.code === 'ERR_NOT_HOST');
  host.send('options', { rules: { targetScore: 30 }, botLevel: 'easy' });
  await until('the options', () => clients.every((c) => c.lobby?.options.rules.targetScore === 30));

  const players = clients.map((c, i) => new AutoPlayer(c, i + 1));
  host.send('start', {});
  await until('the game to end', () => clients.every((c) => c.result !== null), 60_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);

  const seats = clients.map((c) => c.state!.table.you);
  expect([...seats].sort()).toEqual([0, 1, 2, 3]);
  const result = host.result!;
  expect(Math.max(...result.scores)).toBeGreaterThanOrEqual(30);
  expect(clients.every((c) => c.state!.table.seats.every((s) => !s.bot))).toBe(true);
  expect(result.ratings.every((r) => r === null)).toBe(true); // friends' tables are unrated

  // Every client's final view agrees with the stored record.
  const rec = await api(t.url, `/api/games/${result.recordId}/record`, { token: users[2]!.token });
  expect(rec.status).toBe(200);
  const replay = replayRecord(rec.body);
  expect(replay.ok).toBe(true);
  if (replay.ok) {
    expect(replay.value.finished).toBe(true);
    expect(replay.value.scores).toEqual(result.scores);
  }
  const names = clients.map((c) => c.state!.table.seats[c.state!.table.you]!.name);
  expect((rec.body as { players: string[] }).players.sort()).toEqual(names.sort());

  const history = await api<{ games: { id: string; seat: number }[] }>(t.url, '/api/history', {
    token: users[1]!.token,
  });
  expect(history.body.games.map((g) => g.id)).toEqual([code]);
  expect(history.body.games[0]!.seat).toBe(seats[1]);

  // A stranger cannot download it.
  const stranger = await guest(t.url);
  expect((await api(t.url, `/api/games/${code}/record`, { token: stranger.token })).status).toBe(404);
  for (const c of clients) await c.leave();
});

test('empty seats of a friends room get bots, marked with their level', async () => {
  const a = await guest(t.url);
  const host = await TableClient.createFriendsRoom({ url: t.url, token: a.token });
  await until('the lobby', () => host.lobby !== null);
  host.send('options', { rules: { targetScore: 20 }, botLevel: 'random' });
  await until('the options', () => host.lobby?.options.botLevel === 'random');
  const p = new AutoPlayer(host, 7);
  host.send('start', {});
  await until('the game', () => host.state !== null);
  const seats = host.state!.table.seats;
  expect(seats.filter((s) => s.bot)).toHaveLength(3);
  expect(seats.filter((s) => s.bot).every((s) => s.level === 'random' && !s.replaced)).toBe(true);
  await until('the game to end', () => host.result !== null, 60_000);
  expect(p.errors).toEqual([]);
  const history = await api<{ games: { players: { bot: boolean; level: string | null }[] }[] }>(
    t.url,
    '/api/history',
    { token: a.token },
  );
  expect(history.body.games[0]!.players.filter((x) => x.bot && x.level === 'random')).toHaveLength(3);
  await host.leave();
});

test('joining a room that does not exist is refused', async () => {
  const a = await guest(t.url);
  await expect(connect(t.url, a.token, 'ZZZZZZ')).rejects.toThrow();
});

test('a host alone whose connection drops finds the room again; the last one to leave closes it', async () => {
  const a = await guest(t.url);
  const host = await TableClient.createFriendsRoom({ url: t.url, token: a.token, retryMs: 100 });
  await until('the lobby', () => host.lobby !== null);
  host.drop(); // nobody is connected now: the room waits out the host's reconnection window
  await until('the room again', () => host.status === 'open' && host.reconnects === 1);
  expect(host.lobby?.members).toEqual([{ name: a.name, host: true, you: true, connected: true }]);
  expect(await t.server.services.store.loadLobby(host.roomId)).toMatchObject({ hostId: a.id });
  await host.leave();
  await until('the room closed', () => t.server.services.rooms.size === 0);
  for (let i = 0; i < 50 && (await t.server.services.store.openLobbies()).length > 0; i++)
    await new Promise((r) => setTimeout(r, 20));
  expect(await t.server.services.store.openLobbies()).toEqual([]);
});
