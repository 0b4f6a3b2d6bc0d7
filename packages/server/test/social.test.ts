import { expect, test } from 'vitest';
import { TableClient, quickMatch } from '@hearts/live';
import {
  AutoPlayer,
  QUICK_WAIT_FOREVER_MS,
  api,
  connect,
  friendsGame,
  guest,
  seatQueued,
  serverPerTest,
  until,
} from './helpers.js';

const startServer = serverPerTest();

test('chat reaches the table; a muted seat is not heard', async () => {
  const t = await startServer();
  const { clients } = await friendsGame(t.url, 3, { targetScore: 50 });
  const [a, b, c] = clients as [TableClient, TableClient, TableClient];
  const seatA = a.state!.table.you;
  // c's mute is in before a speaks: the server reads one connection's messages in order, so the refusal of c's next
  // message comes after it (a's chat, on another connection, could otherwise be read first).
  const muted = async (muted: boolean): Promise<void> => {
    c.lastError = null;
    c.send('mute', { seat: seatA, muted });
    c.send('chat', { text: 'x'.repeat(201) });
    await until('the mute taken', () => c.lastError?.code === 'ERR_MALFORMED');
  };
  await muted(true);
  a.send('chat', { text: '  Viel Glück!  ' });
  await until('the line at b', () => b.chat.length === 1);
  expect(b.chat[0]).toMatchObject({
    seat: seatA,
    name: a.state!.table.seats[seatA]!.name,
    text: 'Viel Glück!',
  });
  b.send('chat', { text: 'Danke' });
  await until('b heard by c', () => c.chat.length === 1);
  expect(c.chat.map((l) => l.text)).toEqual(['Danke']); // a is muted for c
  await muted(false);
  a.send('chat', { text: 'again' });
  await until('a heard by c', () => c.chat.length === 2);
  a.send('chat', { text: 'x'.repeat(201) });
  await until('a refusal', () => a.lastError?.code === 'ERR_MALFORMED');
  for (const x of clients) await x.leave();
});

test('play again at a quick table, with the same people: a new table once everyone there agrees', async () => {
  // (At a friends' table "play again" leads back to the friends' room: together.test.ts.)
  const t = await startServer({ quickWaitMs: QUICK_WAIT_FOREVER_MS });
  const users = await Promise.all([guest(t.url), guest(t.url)]);
  const waits = users.map((u) => quickMatch({ url: t.url, token: u.token, rated: false, targetScore: 50 }));
  await seatQueued(t, 2);
  const [first, second] = await Promise.all(waits.map((w) => w.roomId));
  expect(second).toBe(first);
  const clients = await Promise.all(users.map((u) => connect(t.url, u.token, first!)));
  const players = clients.map((c, i) => new AutoPlayer(c, i + 61));
  for (const p of players) p.poke();
  await until('the deal', () => clients.every((c) => c.state !== null && c.state.view.phase !== 'deal'));
  clients[0]!.send('again', {});
  await until('a refusal before the end', () => clients[0]!.lastError?.code === 'ERR_NOT_NOW');
  await until('the game to end', () => clients.every((c) => c.result !== null), 90_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
  clients[0]!.send('again', {});
  await until('the vote shown', () => clients[1]!.again?.seats.length === 1);
  expect(clients[0]!.next).toBeNull();
  clients[1]!.send('again', {});
  await until('the next table', () => clients.every((c) => c.next !== null));
  const roomId = clients[0]!.next!.roomId;
  expect(clients[1]!.next!.roomId).toBe(roomId);
  expect(roomId).not.toBe(clients[0]!.roomId);
  const again = await Promise.all(users.map((u) => connect(t.url, u.token, roomId)));
  await until('the new deal', () => again.every((c) => c.state?.view.phase === 'pass'));
  expect(
    again[0]!
      .state!.table.seats.filter((s) => !s.bot)
      .map((s) => s.name)
      .sort(),
  ).toEqual(users.map((u) => u.name).sort());
  expect(again[0]!.state!.view.rules.targetScore).toBe(50);
  expect(again[0]!.state!.table.kind).toBe('quick');
  for (const c of [...clients, ...again]) await c.leave();
}, 120_000);

test('draining: health says so, and no new tables or guests are made', async () => {
  const t = await startServer();
  const a = await guest(t.url);
  t.server.services.draining = true;
  expect(await api(t.url, '/healthz')).toEqual({
    status: 503,
    body: { status: 'draining', process: expect.any(String) as string, route: null },
  });
  expect((await api(t.url, '/api/guest', { body: {} })).status).toBe(503);
  await expect(TableClient.createFriendsRoom({ url: t.url, token: a.token })).rejects.toMatchObject({
    code: 4218,
  });
  await expect(
    quickMatch({ url: t.url, token: a.token, rated: false, targetScore: 50 }).roomId,
  ).rejects.toThrow();
  t.server.services.draining = false;
  const host = await TableClient.createFriendsRoom({ url: t.url, token: a.token });
  await until('the lobby', () => host.lobby !== null);
  await host.leave();
});

test('draining: clients connecting or reconnecting meanwhile wait (never "no such room") and get in once it is back', async () => {
  const t = await startServer();
  const g = await friendsGame(t.url, 2);
  const [a, b] = g.clients as [TableClient, TableClient];
  // Its rooms are closing; its replacement (or another process) will have the table. Until then: retry.
  t.server.services.draining = true;
  b.drop();
  const again = new TableClient({ url: t.url, token: g.users[0]!.token, roomId: g.code, retryMs: 100 }); // a reload
  const connecting = again.connect();
  await until('the reconnect attempts', () => b.status === 'reconnecting');
  await new Promise((r) => setTimeout(r, 500)); // several refusals (retry every 100 ms): still trying
  expect([b.status, again.status]).toEqual(['reconnecting', 'connecting']);
  t.server.services.draining = false;
  await connecting;
  await until('the seat back', () => b.status === 'open' && b.reconnects === 1);
  await until(
    'the table again',
    () => again.state !== null && b.state?.view.handNumber === again.state.view.handNumber,
  );
  expect(a.status).toBe('closed'); // the reload took the seat's connection over
  for (const c of [again, b]) await c.leave();
});
