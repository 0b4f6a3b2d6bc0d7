/**
 * A private tournament with the host's rule options, on a real server with real clients: the page tells the
 * options, the runner opens the tables with them (no passing, the J♦ at −10, hearts led at any time), the players
 * play the game to its end under them and the result counts; a watcher of the events stream hears it counted; the
 * game's replay carries the options.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { GameRecord } from '@hearts/engine';
import { AutoPlayer, api, connect, startTestServer, until, type TestServer } from './helpers.js';
import { openEvents, pageOf, tablesOf, tournamentWith, waitPage } from './tournament-helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bankMs: 30_000 });
});
afterAll(() => t.stop());

const OPTIONS = { passCards: 0, jackOfDiamonds: -10, heartsMustBeBroken: false };

test("a tournament's tables play the host's rule options", async () => {
  const { id, users } = await tournamentWith(t.url, 4, { rules: OPTIONS });
  const first = await pageOf(t.url, id, users[0]);
  expect(first.tournament.rules).toEqual(OPTIONS);
  expect(first.tournament.rated).toBe(false);
  const stream = await openEvents(t.url, id);
  expect(stream.status).toBe(200);

  let tables: (string | null)[] = [];
  await until(
    'all four seated',
    async () => (tables = await tablesOf(t.url, id, users)).every((x) => x !== null),
    30_000,
    200,
  );
  expect(new Set(tables).size).toBe(1);
  const clients = await Promise.all(users.map((u) => connect(t.url, u.token, tables[0]!)));
  for (const c of clients) await until('a deal', () => c.state?.view.phase === 'play', 30_000);
  const view = clients[0]!.state!.view;
  expect(view.rules).toMatchObject({ ...OPTIONS, players: 4, handsToPlay: 1 });
  expect(view.passOffset).toBe(0); // no passing: the first trick straight away

  const heardBefore = stream.events.length;
  const autos = clients.map((c, i) => new AutoPlayer(c, 40 + i));
  for (const a of autos) a.poke();
  const page = await waitPage(
    'the game counted',
    () => t.url,
    id,
    (p) => p.finished === 1,
    120_000,
  );
  for (const a of autos) a.stop();
  await Promise.all(clients.map((c) => c.leave()));
  expect(page.standings.reduce((a, r) => a + r.points, 0)).toBe(7);
  await until('the watcher heard the result', () => stream.events.length > heardBefore, 10_000);
  stream.close();

  const gameId = page.standings[0]!.results[0]!.gameId;
  const replay = await api<GameRecord>(t.url, `/api/replays/${gameId}`);
  expect(replay.status).toBe(200);
  expect(replay.body.rules).toMatchObject({ ...OPTIONS, handsToPlay: 1 });
}, 200_000);
