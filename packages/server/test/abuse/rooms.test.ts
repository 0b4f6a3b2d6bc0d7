/**
 * Abuse of the game rooms through the real server: strangers trying to take seat reservations on a running table
 * (so that its own player, dropped, finds it locked), probes telling an existing room from a missing one by the
 * answer, clients of another protocol version, and frames that are not messages (empty, of no known kind, control
 * frames) sent in floods.
 */
import { describe, expect, test } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { matchMaker } from '@colyseus/core';
import { TableClient } from '@hearts/live';
import { CLOSE_CODES, JOIN_ERRORS, joinOptions, LIVE_PROTOCOL } from '@hearts/protocol/socket';
import { NO_ROOM_MESSAGE } from '../../src/rooms/admission.js';
import { AutoPlayer, connect, friendsGame, guest, serverPerTest, until } from '../helpers.js';
import { listings, startCluster } from '../processes.js';
import { scaledServices } from '../services.js';

const startServer = serverPerTest();

/** What the server answers a raw `joinById` (Colyseus' client, no retries): its code and message. */
async function answer(
  url: string,
  token: string,
  roomId: string,
): Promise<{ code: unknown; message: string }> {
  const c = new Client(url);
  c.auth.token = token;
  try {
    const room = await c.joinById(roomId, joinOptions());
    await room.leave(true).catch(() => undefined);
    return { code: 'joined', message: '' };
  } catch (e) {
    return { code: (e as { code?: unknown }).code, message: (e as Error).message };
  }
}

/** A matchmaking request alone (the seat reservation, no connection), as `joinById` makes it. */
async function reserve(url: string, token: string, roomId: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}/matchmake/joinById/${roomId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(joinOptions()),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Clients and pending reservations of a room, as its listing counts them. */
async function listed(roomId: string): Promise<number> {
  return (await matchMaker.getRoomById(roomId))?.clients ?? -1;
}

test('strangers cannot reserve seats at a running table; its player who drops always comes back', async () => {
  const t = await startServer({ reconnectMs: 30_000 });
  const { clients, users, code } = await friendsGame(t.url, 2, { targetScore: 30 });
  const url = t.url;
  expect(await listed(code)).toBe(2);

  // Forty strangers with valid tokens ask for a seat reservation at once and never connect (a reservation is held
  // for 15 s): none gets one, and each gets exactly the answer of a room that does not exist.
  const strangers = await Promise.all(Array.from({ length: 40 }, () => guest(url)));
  const reservations = await Promise.all(strangers.map((s) => reserve(url, s.token, code)));
  const none = await reserve(url, strangers[0]!.token, 'ZZZZZZ');
  expect(none).toEqual({ code: JOIN_ERRORS.noSuchRoom, error: NO_ROOM_MESSAGE });
  for (const r of reservations) expect(r).toEqual(none);
  expect(await reserve(url, strangers[1]!.token, 'tnosuchtable0000')).toEqual(none);
  expect(await listed(code)).toBe(2); // no reservation was taken
  // Through colyseus.js, joining (and so connecting) as a client does: the same.
  const missing = await answer(url, strangers[0]!.token, 'ZZZZZZ');
  expect(missing).toEqual({ code: JOIN_ERRORS.noSuchRoom, message: NO_ROOM_MESSAGE });
  const answers = await Promise.all(strangers.slice(0, 10).map((s) => answer(url, s.token, code)));
  for (const a of answers) expect(a).toEqual(missing);

  // A bad token: refused before anything about the room is said, the same for both.
  const bad = await reserve(url, 'not-a-token', code);
  expect(bad['code']).toBe(JOIN_ERRORS.authFailed);
  expect(await reserve(url, 'not-a-token', 'ZZZZZZ')).toEqual(bad);

  // The seated player closes the tab, and the strangers try again for the place it leaves.
  const [host, away] = clients as [TableClient, TableClient];
  const seat = away.state!.table.you;
  away.vanish();
  await until('the drop seen', () => host.state!.table.seats[seat]!.connected === false, 10_000);
  const more = await Promise.all(strangers.map((s) => reserve(url, s.token, code)));
  for (const r of more) expect(r).toEqual(none);
  // The player comes back to the same seat (before the fix: "room is locked", which the client took as final).
  const back = await connect(url, users[1]!.token, code);
  expect(back.state!.table.you).toBe(seat);
  expect(back.state!.table.seats[seat]!.bot).toBe(false);
  // Its connection drops while strangers keep asking: it reconnects by itself.
  back.drop();
  const hammer = Promise.all(strangers.map((s) => reserve(url, s.token, code)));
  await until('the reconnection', () => back.reconnects === 1 && back.status === 'open', 15_000);
  for (const r of await hammer) expect(r).toEqual(none);
  expect(back.state!.table.you).toBe(seat);

  // A seated player asking again and again holds one reservation at most (a new one replaces the older).
  const again = await Promise.all(Array.from({ length: 40 }, () => reserve(url, users[1]!.token, code)));
  expect(again.every((r) => typeof r['sessionId'] === 'string')).toBe(true);
  expect(await listed(code)).toBe(3); // two connections, one reservation
  // ... and the strangers still get nothing, and the game plays to its end.
  expect(await answer(url, strangers[3]!.token, code)).toEqual(missing);
  expect(await listed(code)).toBe(3);
  const live = [host, back];
  const players = live.map((x, i) => new AutoPlayer(x, 40 + i));
  for (const p of players) p.poke();
  await until('the end', () => live.every((x) => x.result !== null), 90_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
}, 180_000);

test('a probe cannot tell a full friends’ room from a missing one; a member of it always gets in', async () => {
  const t = await startServer({ reconnectMs: 30_000 });
  const url = t.url;
  const [a, b, c] = await Promise.all([guest(url), guest(url), guest(url)]);
  const host = await TableClient.createFriendsRoom({ url, token: a.token, retryMs: 100 });
  host.send('options', { rules: { players: 3 }, botLevel: 'easy' });
  await until('three seats', () => host.lobby?.players === 3);
  const members = [host, await connect(url, b.token, host.roomId), await connect(url, c.token, host.roomId)];
  await until('a full room', () => members.every((m) => m.lobby?.members.length === 3));

  const strangers = await Promise.all(Array.from({ length: 10 }, () => guest(url)));
  const missing = await answer(url, strangers[0]!.token, 'ZZZZZZ');
  for (const s of strangers) expect(await answer(url, s.token, host.roomId)).toEqual(missing);
  // A member who drops comes back although the room is full.
  members[2]!.drop();
  await until('back', () => members[2]!.reconnects === 1 && members[2]!.status === 'open', 15_000);
  expect(members[2]!.lobby?.members.length).toBe(3);
  for (const m of members) await m.leave();
}, 60_000);

test('a client of another protocol version, or of none, is refused on every join with a message naming both', async () => {
  const t = await startServer({ reconnectMs: 30_000 });
  const url = t.url;
  const [a, b] = await Promise.all([guest(url), guest(url)]);
  const host = await TableClient.createFriendsRoom({ url, token: a.token, retryMs: 100 });
  expect(await listed(host.roomId)).toBe(1);
  const refusals: { code: unknown; message: string }[] = [];
  for (const options of [{}, { protocol: 'hearts-live/0', watch: true }, { protocol: 7 }]) {
    const c = new Client(url);
    c.auth.token = b.token;
    for (const join of [
      () => c.joinById(host.roomId, options),
      () => c.create('friends', options),
      () => c.joinOrCreate('quick', { ...options, rated: false, targetScore: 50 }),
    ]) {
      const r = await join().then(
        async (room) => {
          await room.leave(true);
          return { code: 'joined', message: '' };
        },
        (e: unknown) => ({ code: (e as { code?: unknown }).code, message: (e as Error).message }),
      );
      refusals.push(r);
    }
  }
  expect(refusals.map((r) => r.code)).toEqual(Array(9).fill(JOIN_ERRORS.protocol));
  for (const r of refusals) expect(r.message).toContain(`this server speaks ${LIVE_PROTOCOL}`);
  expect(refusals[0]!.message).toMatch(/names no protocol/);
  expect(refusals[3]!.message).toContain('the client speaks "hearts-live/0"');
  expect(refusals[6]!.message).toMatch(/names no protocol/);
  expect(await listed(host.roomId)).toBe(1); // nothing reserved
  // The same player with this version gets in.
  const member = await connect(url, b.token, host.roomId);
  await until('two members', () => host.lobby?.members.length === 2);
  await member.leave();
  await host.leave();
}, 60_000);

test('empty frames, frames of no known kind and control frames count: a flood of them is closed', async () => {
  const rate = 50;
  const t = await startServer({ rateLimit: rate });
  const { clients, users, code } = await friendsGame(t.url, 2, { targetScore: 30 });
  const frames: [string, Uint8Array][] = [
    ['empty', new Uint8Array(0)],
    ['of no known kind', Uint8Array.from([0x42, 1, 2, 3])],
    ['join confirmations', Uint8Array.from([10])],
  ];
  for (const [what, frame] of frames) {
    // Another device of the second player: it takes the seat's connection over (its first client is closed).
    const client = new Client(t.url);
    client.auth.token = users[1]!.token;
    const raw: Room = await client.joinById(code, joinOptions());
    raw.onMessage('*', () => undefined);
    let closed: number | null = null;
    raw.onLeave((c) => (closed = c));
    // The budget: a burst of twice the rate, then as many refusals; sent as fast as the socket takes them.
    let sent = 0;
    while (closed === null && sent < 400 * rate) {
      raw.connection.send(frame);
      if (++sent % 100 === 0) await new Promise((r) => setImmediate(r));
    }
    await until(`the flood of ${what} closed`, () => closed !== null, 10_000);
    expect([what, closed]).toEqual([what, CLOSE_CODES.rateLimited]);
  }

  // The player comes back with a normal client (its join confirmation goes through: it gets its snapshot), then
  // leaves (a leave frame): a bot takes the seat, and the game goes on to its end.
  const back = await connect(t.url, users[1]!.token, code);
  const seat = back.state!.table.you;
  expect(back.state!.view.seat).toBe(seat);
  await back.leave();
  const host = clients[0]!;
  await until('the bot in the seat', () => host.state!.table.seats[seat]!.bot, 10_000);
  const p = new AutoPlayer(host, 50);
  p.poke();
  await until('the end', () => host.result !== null, 90_000);
  expect(p.errors).toEqual([]);
}, 180_000);

const services = await scaledServices('admission across two processes', { proxy: 'nginx' });

describe.skipIf(services === null)('two processes on PostgreSQL and Redis', () => {
  test('the process a request reaches asks the room on the other: strangers refused alike, players admitted', async () => {
    const s = services!;
    const d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix: s.prefix() };
    const cluster = await startCluster(d);
    const { children, proxy } = cluster;
    try {
      const { clients, users, code } = await friendsGame(proxy.url, 2, { targetScore: 30 });
      const holder = (await listings(d.redisUrl, d.prefix)).get(code);
      const other = children.find((c) => c.process !== holder)!;
      expect(other).toBeDefined();
      const stranger = await guest(other.url);
      const none = await reserve(other.url, stranger.token, 'ZZZZZZ');
      expect(none).toEqual({ code: JOIN_ERRORS.noSuchRoom, error: NO_ROOM_MESSAGE });
      expect(await reserve(other.url, stranger.token, code)).toEqual(none);
      const own = await reserve(other.url, users[1]!.token, code);
      expect(typeof own['sessionId']).toBe('string');
      for (const c of clients) await c.leave();
    } finally {
      await cluster.close();
      await s.cleanup();
    }
  }, 120_000);
});
