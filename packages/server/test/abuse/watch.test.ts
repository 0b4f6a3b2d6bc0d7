/**
 * Abuse of watching (issue #20): a flood of watch reservations that never connect cannot take more than the
 * watchers' places, and never a seated player's (a dropped player always comes back); the list of tables to watch
 * is held to its rate per address.
 */
import { expect, test } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { TableClient } from '@hearts/live';
import { JOIN_ERRORS, joinOptions } from '@hearts/protocol/socket';
import { NO_ROOM_MESSAGE } from '../../src/rooms/admission.js';
import { ROOM_MAX_WATCHERS } from '../../src/rooms/watchers.js';
import { friendsGame, guest, serverPerTest, until } from '../helpers.js';
import { DEFAULT_LIMITS, json, send } from './net.js';

const startServer = serverPerTest();

/** A watch reservation alone (no connection), as `joinById` with `{ watch: true }` makes it. */
async function reserveWatch(url: string, token: string, roomId: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}/matchmake/joinById/${roomId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(joinOptions({ watch: true })),
  });
  return (await res.json()) as Record<string, unknown>;
}

test('watch reservations fill the watchers’ places only; a seated player who drops always comes back', async () => {
  const t = await startServer({ reconnectMs: 30_000 });
  const url = t.url;
  const { clients, code } = await friendsGame(url, 2, { targetScore: 30 });
  const strangers = await Promise.all(Array.from({ length: ROOM_MAX_WATCHERS + 10 }, () => guest(url)));
  const answers = await Promise.all(strangers.map((s) => reserveWatch(url, s.token, code)));
  const granted = answers.filter((a) => typeof a['sessionId'] === 'string');
  const refused = answers.filter((a) => a['sessionId'] === undefined);
  expect(granted).toHaveLength(ROOM_MAX_WATCHERS);
  for (const r of refused) expect(r).toEqual({ code: JOIN_ERRORS.noSuchRoom, error: NO_ROOM_MESSAGE });
  // One reservation per user: asking again replaces the older, it takes no second place.
  const again = await reserveWatch(url, strangers[0]!.token, code);
  expect(typeof again['sessionId']).toBe('string');
  expect((await matchMaker.getRoomById(code))?.clients).toBe(2 + ROOM_MAX_WATCHERS);

  // The players are not locked out: a dropped player comes back while every watcher's place is taken.
  const player = clients[1]!;
  player.drop();
  await until('the player back', () => player.reconnects >= 1 && player.status === 'open', 10_000);
  expect(player.state!.view.hand.length).toBeGreaterThan(0);
  // And a watcher who is refused gets the answer of a room that does not exist; a missing room the same.
  const late = await guest(url);
  const c = new TableClient({ url, token: late.token, roomId: code, watch: true, reconnectForMs: 0 });
  await expect(c.connect()).rejects.toMatchObject({ code: JOIN_ERRORS.noSuchRoom });
  expect(await reserveWatch(url, late.token, 'ZZZZZZ')).toEqual({
    code: JOIN_ERRORS.noSuchRoom,
    error: NO_ROOM_MESSAGE,
  });
  for (const x of clients) await x.leave();
}, 60_000);

test('the list of tables to watch is held to LIMIT_WATCH_LIST per address', async () => {
  const t = await startServer({ ...DEFAULT_LIMITS });
  const url = t.url;
  const limit = DEFAULT_LIMITS.listLimit.count;
  for (let i = 0; i < limit; i++) {
    const r = await send(url, '/api/live', { from: '127.0.0.3' });
    expect(r.status).toBe(200);
    expect(json(r)).toEqual({ tables: [] });
  }
  const over = await send(url, '/api/live', { from: '127.0.0.3' });
  expect(over.status).toBe(429);
  expect(json(over)).toMatchObject({ error: 'ERR_RATE_LIMIT' });
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  expect((await send(url, '/api/live', { from: '127.0.0.4' })).status).toBe(200); // another address
  // Query strings and methods do not get around it.
  expect((await send(url, '/api/live?x=1', { from: '127.0.0.3' })).status).toBe(429);
  expect((await send(url, '/api/live', { from: '127.0.0.3', method: 'POST', body: '{}' })).status).toBe(405);
});
