/**
 * A tournament's events stream on a real server (tournament/stream.ts): a watcher hears `changed` when the stream
 * opens, again when a game starts and again once a game's result is counted in the finishing transaction (the
 * page then shows it); every stream of a tournament shares one reader, which stops with the last; the stream ends
 * when the tournament finishes, and a finished tournament answers 204, an unknown one 404.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TournamentWatch } from '../src/tournament/stream.js';
import { guest, startTestServer, until, type TestServer } from './helpers.js';
import { arenaRecord, openEvents, pageOf } from './tournament-helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

test('a watcher hears a change when a game result is counted; the stream ends when the tournament finishes', async () => {
  const store = t.server.services.store;
  await store.tournaments.create(arenaRecord('watched'));
  const users = await Promise.all(Array.from({ length: 4 }, () => guest(t.url)));
  for (const [i, u] of users.entries())
    await store.tournaments.enter('watched', { userId: u.id, name: u.name }, Date.now() + i, 10);

  const stream = await openEvents(t.url, 'watched');
  expect(stream.status).toBe(200);
  await until('the first event', () => stream.events.length === 1, 10_000);
  const second = await openEvents(t.url, 'watched'); // told the version it knows, from the same reader
  await until('the second stream’s first event', () => second.events.length === 1, 10_000);
  expect(second.events[0]).toEqual(stream.events[0]);

  await store.tournaments.startGames('watched', [
    { gameId: 'g1', seats: users.map((u) => u.id), startedAt: Date.now() },
  ]);
  await until('an event for the game started', () => stream.events.length === 2, 10_000);
  expect((await pageOf(t.url, 'watched')).running).toBe(1);

  // The result counted as a table's finishing transaction counts it: the watchers hear it.
  const places = users.map((u, i) => ({ userId: u.id, name: u.name, place: i + 1 }));
  expect(await store.progress.transaction((tx) => tx.finishTournamentGame('g1', places, Date.now()))).toBe(
    true,
  );
  await until('an event for the result', () => stream.events.length === 3, 10_000);
  const versions = stream.events.map((e) => e.version);
  expect(new Set(versions).size).toBe(3);
  expect(stream.events.every((e) => e.type === 'changed')).toBe(true);
  const page = await pageOf(t.url, 'watched');
  expect(page.finished).toBe(1);
  expect(page.standings[0]).toMatchObject({ name: users[0]!.name, points: 4, games: 1 });
  await until('the second stream heard it too', () => second.events.length === 3, 10_000);
  expect(second.events.map((e) => e.version)).toEqual(versions);

  // Finished: the streams end; a new one is 204 (an EventSource does not come back), an unknown one 404.
  await store.tournaments.setStatus('watched', 'finished', Date.now());
  await Promise.all([stream.ended, second.ended]);
  expect((await openEvents(t.url, 'watched')).status).toBe(204);
  expect((await openEvents(t.url, 'nope')).status).toBe(404);
}, 60_000);

test('one reader per tournament, shared by its subscribers; it stops with the last', async () => {
  const store = t.server.services.store;
  await store.tournaments.create(arenaRecord('shared'));
  const watch = new TournamentWatch(store.tournaments, pino({ level: 'silent' }), 20);
  const heard: string[][] = [[], []];
  const off = heard.map((h) => watch.subscribe('shared', { changed: (v) => h.push(v), finished: () => {} }));
  expect(watch.size).toBe(1);
  await until('both told the version', () => heard.every((h) => h.length === 1), 10_000);
  off[0]!();
  expect(watch.size).toBe(1);
  off[1]!();
  expect(watch.size).toBe(0);
});
