/**
 * Bad input of every kind: each gets an error reply, nothing crashes, the table stays consistent and the game
 * goes on; a connection that floods is closed.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { CLOSE_CODES, joinOptions, type ErrorMessage } from '@hearts/protocol/socket';
import {
  AutoPlayer,
  api,
  friendsGame,
  guest,
  startTestServer,
  until,
  type FriendsGame,
  type TestServer,
} from './helpers.js';

let t: TestServer;
let game: FriendsGame;
let raw: Room;
const errors: ErrorMessage[] = [];

beforeAll(async () => {
  t = await startTestServer({ rateLimit: 400 });
  game = await friendsGame(t.url, 3, { targetScore: 30 });
  // A fourth connection for the first player, speaking raw Colyseus: it replaces the first device.
  const c = new Client(t.url);
  c.auth.token = game.users[0]!.token;
  raw = await c.joinById(game.code, joinOptions());
  raw.onMessage('error', (m: ErrorMessage) => errors.push(m));
  raw.onMessage('*', () => undefined);
});
afterAll(async () => {
  await t.stop();
});

async function expectErrors(n: number, send: () => void): Promise<ErrorMessage[]> {
  const before = errors.length;
  send();
  await until(`${n} error replies`, () => errors.length >= before + n, 5000);
  await new Promise((r) => setTimeout(r, 50));
  expect(errors.length).toBe(before + n);
  return errors.slice(before);
}

test('malformed, unknown, oversized, foreign-seat and out-of-turn messages get error replies', async () => {
  const bad: [string, unknown][] = [
    ['move', undefined],
    ['move', null],
    ['move', 'play 2C'],
    ['move', []],
    ['move', { id: 'a', move: { kind: 'play', card: 'ZZ' } }],
    ['move', { id: 'a', move: { kind: 'play', card: '2C', seat: 1 } }],
    ['move', { id: 'a', seat: 2, move: { kind: 'play', card: '2C' } }],
    ['move', { id: 'x'.repeat(65), move: { kind: 'play', card: '2C' } }],
    ['move', { id: 'bad id!', move: { kind: 'play', card: '2C' } }],
    ['move', { id: 'a', move: { kind: 'fold' } }],
    ['move', { id: 'a', move: { kind: 'pass', cards: '2C 3C 4C' } }],
    ['move', { id: 'a', move: { kind: 'pass', cards: Array(14).fill('2C') } }],
    ['move', { id: 'a', move: { kind: 'moon', choice: 'maybe' } }],
    ['move', { id: 7, move: { kind: 'play', card: '2C' } }],
    ['chat', { text: '' }],
    ['chat', { text: 42 }],
    ['kick', { seat: -1 }],
    ['kick', { seat: 1.5 }],
    ['mute', { seat: 0 }],
    ['options', { rules: {}, botLevel: 'godlike' }],
    ['sync', { please: true }],
    ['shuffle', {}],
    ['__proto__', {}],
  ];
  const replies = await expectErrors(bad.length, () => {
    for (const [type, m] of bad) raw.send(type, m);
  });
  expect(replies.filter((e) => e.code === 'ERR_MALFORMED').length).toBe(bad.length - 2);
  expect(replies.filter((e) => e.code === 'ERR_UNKNOWN_TYPE').length).toBe(2);
  // Numeric message types, too.
  const [numeric] = await expectErrors(1, () => raw.send(5 as unknown as string, {}));
  expect(numeric!.code).toBe('ERR_UNKNOWN_TYPE');

  const [big] = await expectErrors(1, () => raw.send('chat', { text: 'x'.repeat(3000) }));
  expect(big!.code).toBe('ERR_TOO_LARGE');

  // Bytes that are not the protocol at all.
  const garbage = [
    Buffer.from([13]),
    Buffer.from([13, 0xff, 0xff, 0xff, 0xff]),
    Buffer.from([13, 0xd9, 0x20, 0x41]),
    Buffer.from([13, 0xa4, 0x6d, 0x6f, 0x76, 0x65, 0xc1]),
    Buffer.from([17, 0xa4, 0x6d, 0x6f, 0x76, 0x65, 1, 2, 3]),
  ];
  const replies2 = await expectErrors(garbage.length, () => {
    for (const b of garbage) raw.connection.send(b);
  });
  expect(replies2.every((e) => ['ERR_MALFORMED', 'ERR_UNKNOWN_TYPE'].includes(e.code))).toBe(true);

  // Not this seat's turn, a card it does not hold, the wrong number of cards.
  const host = game.clients[0]!;
  await until('the host view', () => host.state !== null || raw.connection.isOpen);
  const [notHeld] = await expectErrors(1, () =>
    raw.send('move', { id: 'p1', move: { kind: 'pass', cards: ['2C', '3C', '4C', '5C', '6C'] } }),
  );
  expect(notHeld!.code).toBe('ERR_ILLEGAL');
  expect(notHeld!.id).toBe('p1');
  const [early] = await expectErrors(1, () =>
    raw.send('move', { id: 'p2', move: { kind: 'play', card: '2C' } }),
  );
  expect(early).toMatchObject({ code: 'ERR_ILLEGAL', rule: 'ERR_WRONG_PHASE', id: 'p2' });
  const [moon] = await expectErrors(1, () =>
    raw.send('move', { id: 'p3', move: { kind: 'moon', choice: 'plus' } }),
  );
  expect(moon).toMatchObject({ code: 'ERR_ILLEGAL', id: 'p3' });
  // Host-only and lobby-only messages at a running table.
  const [start] = await expectErrors(1, () => raw.send('start', {}));
  expect(start!.code).toBe('ERR_NOT_NOW');
  // No error ever names a card.
  for (const e of errors) expect(JSON.stringify(e)).not.toMatch(/\b[2-9TJQKA][CDSH]\b/);
  expect((await api(t.url, '/healthz')).status).toBe(200);
});

test('after the barrage the table is consistent and the game plays to the end', async () => {
  // The raw connection took the first player's seat; it passes like a player would, then a client plays on.
  await raw.leave(false).catch(() => undefined);
  const [, ...rest] = game.clients;
  const again = new (await import('@hearts/live')).TableClient({
    url: t.url,
    token: game.users[0]!.token,
    roomId: game.code,
  });
  await again.connect();
  const players = [again, ...rest].map((c, i) => new AutoPlayer(c, i + 71));
  for (const p of players) p.poke();
  await until('the game to end', () => [again, ...rest].every((c) => c.result !== null), 60_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
  await again.leave();
});

test('a connection that floods is refused, then closed; others are not affected', async () => {
  const u = await guest(t.url);
  const c = new Client(t.url);
  c.auth.token = u.token;
  const { TableClient } = await import('@hearts/live');
  const host = await TableClient.createFriendsRoom({ url: t.url, token: u.token });
  const other = await guest(t.url);
  const flood = await c.joinById(host.roomId, joinOptions()).catch(() => null);
  expect(flood).not.toBeNull(); // the same user, another device: replaces the host's connection
  const codes: string[] = [];
  const refusedMoves: string[] = [];
  flood!.onMessage('error', (m: ErrorMessage) => {
    codes.push(m.code);
    if (m.code === 'ERR_RATE_LIMIT' && m.id !== undefined) refusedMoves.push(m.id);
  });
  flood!.onMessage('*', () => undefined);
  let closed: number | null = null;
  flood!.onLeave((code) => (closed = code));
  for (let i = 0; i < 5000 && closed === null; i++) {
    // Now and then a move among the noise: when it is refused, the refusal names it, so the sender's move settles.
    if (i % 50 === 49) flood!.send('move', { id: `m${i}`, move: { kind: 'play', card: '2C' } });
    else flood!.send('sync', {});
    if (i % 200 === 0) await new Promise((r) => setTimeout(r, 1));
  }
  await until('the close', () => closed !== null, 10_000);
  expect(closed).toBe(CLOSE_CODES.rateLimited);
  expect(codes).toContain('ERR_RATE_LIMIT');
  expect(refusedMoves.length).toBeGreaterThan(0);
  for (const id of refusedMoves) expect(id).toMatch(/^m\d+$/);
  expect((await api(t.url, '/api/me', { token: other.token })).status).toBe(200);
});

test('a message beyond the transport limit closes only that connection', async () => {
  const u = await guest(t.url);
  const { TableClient } = await import('@hearts/live');
  const host = await TableClient.createFriendsRoom({ url: t.url, token: u.token });
  const c = new Client(t.url);
  c.auth.token = u.token;
  const room = await c.joinById(host.roomId, joinOptions());
  room.onMessage('*', () => undefined); // this connection reads none of the room's messages
  let closed: number | null = null;
  room.onLeave((code) => (closed = code));
  room.send('chat', { text: 'x'.repeat(64 * 1024) });
  await until('the close', () => closed !== null, 10_000);
  expect(closed).toBe(1009);
  expect((await api(t.url, '/healthz')).status).toBe(200);
});
