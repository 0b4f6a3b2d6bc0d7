/**
 * Playing on together (issue #20): "play again" at a friends' table brings its players back to the friends' room
 * under the same code, with the same options; a friend voted out keeps no place in it but may come in by its code;
 * who does not come back in time is left out; the next game opens from the room, and "play again" after it leads back to the room again.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TableClient } from '@hearts/live';
import { CLOSE_CODES } from '@hearts/protocol/socket';
import { TableRoom } from '../src/rooms/table-room.js';
import { AutoPlayer, connect, friendsGame, until, type TestServer, startTestServer } from './helpers.js';

const RECONNECT_MS = 4000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ graceMs: 150, bankMs: 250, reconnectMs: RECONNECT_MS });
});
afterAll(async () => {
  await t.stop();
});

const names = (c: TableClient) => c.lobby!.members.map((m) => `${m.name}${m.connected ? '' : ' (away)'}`);

test('play again: back in the same room with the same options; the one voted out keeps no place but may come in; the late are left out', async () => {
  const { clients, users, code } = await friendsGame(t.url, 4, { targetScore: 30 }, 'easy');
  const [a, b, c, d] = clients as [TableClient, TableClient, TableClient, TableClient];
  const [ua, ub, uc, ud] = users as [
    (typeof users)[0],
    (typeof users)[0],
    (typeof users)[0],
    (typeof users)[0],
  ];
  const players = clients.map((x, i) => new AutoPlayer(x, 70 + i));
  for (const p of players) p.poke();

  // C stops playing and is voted out: a bot plays the seat, C's connection is closed.
  players[2]!.paused = true;
  const seatC = c.state!.table.you;
  await until('C out of time', () => a.state?.table.kickable[seatC] === true, 30_000);
  for (const x of [a, b, d]) x.send('kick', { seat: seatC });
  await until('C voted out', () => c.status === 'closed', 30_000);
  expect(c.closeCode).toBe(CLOSE_CODES.kicked);
  await until('the end of the first game', () => [a, b, d].every((x) => x.result !== null), 90_000);

  // A plays again: the room is open again under its code, with the game's options; everyone of the game but C (voted
  // out: no place kept, no "away" row) is in it, the others not back yet (B and D still look at the result: they get
  // no lobby until they come back).
  a.send('again', {});
  await until('A in the room', () => a.lobby !== null && a.state === null);
  expect(a.lobby!.code).toBe(code);
  expect(a.lobby!.options.rules.targetScore).toBe(30);
  expect(a.lobby!.options.botLevel).toBe('easy');
  expect(a.lobby!.members.find((m) => m.you)).toMatchObject({ host: true, connected: true });
  expect(names(a).sort()).toEqual([ua.name, `${ub.name} (away)`, `${ud.name} (away)`].sort());
  expect(b.state).not.toBeNull(); // still at the result
  expect(b.result).not.toBeNull();
  // B comes back; C, voted out of the game, comes in by the room's code like anyone with it.
  b.send('again', {});
  await until('B in the room', () => b.lobby !== null && b.state === null);
  const c2 = await connect(t.url, uc.token, code);
  await until('C in the room', () => a.lobby!.members.filter((m) => m.connected).length === 3);
  expect(c2.lobby!.code).toBe(code);
  // D does not come back in time: left out of the room (and may still come in while a seat is free).
  await until('D left out', () => a.lobby!.members.length === 3, RECONNECT_MS + 15_000);
  expect(names(a).sort()).toEqual([ua.name, ub.name, uc.name].sort());
  d.send('again', {});
  await until('D in the room after all', () => d.state === null && a.lobby!.members.length === 4);
  await d.leave();
  await until('D gone', () => a.lobby!.members.length === 3);

  // The host starts the next game: it opens a table of its own and everyone present goes there.
  a.send('start', {});
  await until('sent on', () => [a, b, c2].every((x) => x.next !== null));
  const next = a.next!.roomId;
  expect(next).not.toBe(code);
  expect(b.next!.roomId).toBe(next);
  const second = await Promise.all([ua, ub, uc].map((u) => connect(t.url, u.token, next)));
  for (const x of [a, b, c2]) await x.leave();
  const [a2, b2, c3] = second as [TableClient, TableClient, TableClient];
  expect(a2.state!.view.rules.targetScore).toBe(30);
  expect(
    a2
      .state!.table.seats.filter((s) => !s.bot)
      .map((s) => s.name)
      .sort(),
  ).toEqual([ua.name, ub.name, uc.name].sort());
  const players2 = second.map((x, i) => new AutoPlayer(x, 80 + i));
  for (const p of players2) p.poke();
  await until('the end of the second game', () => second.every((x) => x.result !== null), 90_000);
  expect([...players, ...players2].flatMap((p) => p.errors)).toEqual([]);

  // Play again after it: back to the same code again (the room opens there anew), with the same options.
  a2.send('again', {});
  await until('A sent back to the room', () => a2.next !== null);
  expect(a2.next!.roomId).toBe(code);
  const a3 = await connect(t.url, ua.token, code);
  expect(a3.lobby!.code).toBe(code);
  expect(a3.lobby!.options.rules.targetScore).toBe(30);
  expect(names(a3).sort()).toEqual([ua.name, `${ub.name} (away)`, `${uc.name} (away)`].sort());
  expect(a3.lobby!.members.find((m) => m.you)?.host).toBe(true);
  b2.send('again', {});
  await until('B sent back', () => b2.next?.roomId === code);
  const b3 = await connect(t.url, ub.token, code);
  await until('B in the room', () => a3.lobby!.members.filter((m) => m.connected).length === 2);
  expect(b3.lobby!.members.find((m) => m.you)?.host).toBe(false);
  for (const x of [a2, b2, c3, a3, b3]) await x.leave();
}, 240_000);

test('a room reopened with the very host, members and options it started with is stored again (it outlives a restart)', async () => {
  // One player: the room reopens with exactly what was stored before the start, which the start had deleted.
  const { clients, users, code } = await friendsGame(t.url, 1, { targetScore: 20 }, 'easy');
  const [a] = clients as [TableClient];
  const store = t.server.services.store;
  const room = () =>
    [...t.server.services.rooms].find((r) => r instanceof TableRoom && r.roomId === code) as TableRoom;
  const player = new AutoPlayer(a, 60);
  player.poke();
  await until('the end of the game', () => a.result !== null, 90_000);
  await room().idle();
  expect(await store.loadLobby(code)).toBeNull(); // a table now

  a.send('again', {});
  await until('A in the room', () => a.lobby !== null && a.state === null);
  await room().idle(); // its store writes done
  expect(await store.loadLobby(code)).toMatchObject({
    id: code,
    hostId: users[0]!.id,
    members: [{ userId: users[0]!.id, name: users[0]!.name }],
    rules: { targetScore: 20 },
    botLevel: 'easy',
  });
  expect(await store.openLobbies()).toContain(code);
  expect(player.errors).toEqual([]);
  await a.leave();
}, 120_000);
