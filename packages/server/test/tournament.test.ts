/**
 * A tournament on a real server with real clients: players join over the API, the runner seats them (four free:
 * after the gathering wait), they play their tables, the standings change from the stored results; a paused
 * player is not seated again; the page answers 304 to a poll while nothing changed; a private tournament's code is a
 * room code's and its tables are neither listed nor watched, a public arena's are; a game running at the end
 * counts, then the tournament finishes.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TableClient } from '@hearts/live';
import type { LiveTable, ResponseOf, ROUTES, TournamentPage } from '@hearts/protocol/http';
import { JOIN_ERRORS } from '@hearts/protocol/socket';
import { CODE_ALPHABET } from '../src/ids.js';
import { DEFAULT_PAIRING } from '../src/tournament/pairing.js';
import { dueScheduled } from '../src/tournament/schedule.js';
import { AutoPlayer, api, connect, guest, startTestServer, until, type TestServer } from './helpers.js';
import { arenaRecord, tournamentPlayer } from './tournament-helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bankMs: 30_000 }); // a player's time bank outlasts the waits of the tests
});
afterAll(() => t.stop());

type User = Awaited<ReturnType<typeof guest>>;
const page = async (id: string, u?: User) =>
  (await api<TournamentPage>(t.url, `/api/tournaments/${id}`, u ? { token: u.token } : {})).body;

test('players join, are seated, play, and see the standings change; pause; 304 while nothing changed', async () => {
  const users = await Promise.all(Array.from({ length: 4 }, () => guest(t.url)));
  const created = await api<{ id: string }>(t.url, '/api/tournaments', {
    token: users[0]!.token,
    body: {
      name: 'Friday night',
      minutes: 30,
      hands: 1,
      startsIn: 0,
      rated: false,
      bots: true,
      botLevel: 'easy',
      maxPlayers: 8,
    },
  });
  expect(created.status).toBe(200);
  const id = created.body.id;
  // Its code is a room code's: 6 characters of the same alphabet, found however it is typed.
  expect(id).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
  const typed = `${id.slice(0, 3)}-${id.slice(3)}`.toLowerCase();
  expect((await api<TournamentPage>(t.url, `/api/tournaments/${typed}`)).body.tournament.id).toBe(id);
  for (const u of users.slice(1))
    expect((await api(t.url, `/api/tournaments/${id}/join`, { method: 'POST', token: u.token })).status).toBe(
      200,
    );
  const first = await page(id, users[1]);
  expect(first.tournament).toMatchObject({ kind: 'private', name: 'Friday night', players: 4, hands: 1 });
  expect(first.standings.map((r) => r.points)).toEqual([0, 0, 0, 0]);
  expect(first.standings.filter((r) => r.you)).toHaveLength(1);

  // Four free: the runner seats them together once the gathering wait is over.
  const seated = async () => (await Promise.all(users.map((u) => page(id, u)))).every((p) => p.you?.tableId);
  const deadline = Date.now() + 30_000;
  while (!(await seated())) {
    if (Date.now() > deadline) throw new Error('nobody was seated');
    await new Promise((r) => setTimeout(r, 200));
  }
  const tables = new Set((await Promise.all(users.map((u) => page(id, u)))).map((p) => p.you!.tableId));
  expect(tables.size).toBe(1);
  // A private tournament's game is not in the list of live tables, and nobody may watch it (docs/tournaments.md).
  const [tableId] = [...tables] as [string];
  const fan = await guest(t.url);
  const refused = await new TableClient({ url: t.url, token: fan.token, roomId: tableId, watch: true })
    .connect()
    .then(
      () => undefined,
      (e: { code?: number }) => e.code,
    );
  expect(refused).toBe(JOIN_ERRORS.noSuchRoom);
  const live = (await api<{ tables: LiveTable[] }>(t.url, '/api/live')).body.tables;
  expect(
    live.some((x) => x.id === tableId || users.some((u) => x.players.some((p) => p.name === u.name))),
  ).toBe(false);

  const players = users.map((u, i) => tournamentPlayer(t.url, id, u, 100 + i));
  // The first game ends: it counts for all four, 7 points in all.
  let p = await page(id);
  const end = Date.now() + 120_000;
  while (p.finished < 1) {
    if (Date.now() > end) throw new Error('the first game did not finish');
    await new Promise((r) => setTimeout(r, 250));
    p = await page(id);
  }
  expect(p.standings.map((r) => r.games)).toEqual([1, 1, 1, 1]);
  expect(p.standings.reduce((a, r) => a + r.points, 0)).toBe(7);
  expect(p.standings[0]!.results[0]!.place).toBe(1);

  // One pauses: the others are seated again, with a bot once the longest wait has passed; the paused one is not.
  const res = await api<TournamentPage>(t.url, `/api/tournaments/${id}/pause`, {
    method: 'POST',
    token: users[3]!.token,
  });
  expect(res.body.you?.presence).toBe('paused');
  const end2 = Date.now() + 180_000;
  while (p.finished < 2) {
    if (Date.now() > end2) throw new Error('the second game did not finish');
    await new Promise((r) => setTimeout(r, 250));
    p = await page(id);
  }
  await Promise.all(players.map((x) => x.stop()));
  const paused = p.standings.find((r) => r.presence === 'paused')!;
  expect(paused.games).toBe(1);
  expect(p.standings.filter((r) => r.games === 2)).toHaveLength(3);
  expect(p.standings.reduce((a, r) => a + r.points, 0)).toBeGreaterThan(7); // bots took some of game 2's points

  // Polling: the same content answers 304 with the ETag.
  const r1 = await fetch(`${t.url}/api/tournaments/${id}`);
  const etag = r1.headers.get('etag')!;
  await r1.text();
  expect(etag).toMatch(/^".+"$/);
  const r2 = await fetch(`${t.url}/api/tournaments/${id}`, { headers: { 'if-none-match': etag } });
  expect(r2.status).toBe(304);
  // the player's history: this tournament, their rank and games
  const history = await api<{
    tournaments: { tournament: { id: string }; rank: number; games: number; of: number }[];
  }>(t.url, '/api/tournament-history', { token: users[0]!.token });
  const entry = history.body.tournaments.find((e) => e.tournament.id === id)!;
  const line = p.standings.find((r) => r.games === 2 && r.name === users[0]!.name);
  expect(entry).toMatchObject({ games: 2, of: 4 });
  if (line) expect(entry.rank).toBe(line.rank);
  // a finished game is in the player's replays
  expect((await api(t.url, `/api/replays/${p.standings[0]!.results[0]!.gameId}`)).status).toBe(200);
}, 400_000);

test('a game running at the end counts; then the tournament finishes; nobody joins after the end', async () => {
  const users = await Promise.all(Array.from({ length: 4 }, () => guest(t.url)));
  const now = Date.now();
  const record = arenaRecord(
    'endgame',
    { name: 'Short arena', pairing: { ...DEFAULT_PAIRING, gatherMs: 0 }, startsAt: now, endsAt: now + 8_000 },
    now,
  );
  await t.server.services.store.tournaments.create(record);
  for (const u of users)
    await api(t.url, '/api/tournaments/endgame/join', { method: 'POST', token: u.token });
  let p = await page('endgame', users[0]);
  const end = Date.now() + 30_000;
  while (p.you?.tableId === null || p.you?.tableId === undefined) {
    if (Date.now() > end) throw new Error('not seated');
    await new Promise((r) => setTimeout(r, 200));
    p = await page('endgame', users[0]);
  }
  const table = p.you!.tableId!;
  const clients = await Promise.all(users.map((u) => connect(t.url, u.token, table)));
  // A public arena's game is in the list of live tables, and a watcher sees it without a hand (issue #20).
  const listed = async () =>
    (await api<{ tables: LiveTable[] }>(t.url, '/api/live')).body.tables.some(
      (x) => x.id === table && x.kind === 'tournament',
    );
  for (const end = Date.now() + 20_000; !(await listed()); await new Promise((r) => setTimeout(r, 200)))
    if (Date.now() > end) throw new Error('the game is not in the list of live tables');
  const fan = await guest(t.url);
  const watcher = new TableClient({ url: t.url, token: fan.token, roomId: table, retryMs: 100, watch: true });
  await watcher.connect();
  await until('the watcher’s snapshot', () => watcher.state !== null, 20_000);
  expect(watcher.state!.view.hand).toEqual([]);
  await watcher.leave();
  // Nobody plays until the tournament has ended: the game runs past the end (the bank outlasts the wait).
  while (Date.now() < record.endsAt + 500) await new Promise((r) => setTimeout(r, 200));
  expect((await page('endgame')).phase).toBe('finishing');
  const late = await guest(t.url);
  const refused = await api(t.url, '/api/tournaments/endgame/join', { method: 'POST', token: late.token });
  expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_TOURNAMENT_OVER' } });
  const autos = clients.map((c, i) => new AutoPlayer(c, 7 + i));
  for (const a of autos) a.poke();
  const end2 = Date.now() + 120_000;
  while (p.tournament.status !== 'finished') {
    if (Date.now() > end2) throw new Error('the tournament did not finish');
    await new Promise((r) => setTimeout(r, 250));
    p = await page('endgame');
  }
  for (const a of autos) a.stop();
  await Promise.all(clients.map((c) => c.leave()));
  expect(p.finished).toBe(1);
  expect(p.phase).toBe('finished');
  expect(p.standings.reduce((a, r) => a + r.points, 0)).toBe(7);
}, 200_000);

test("the list names each scheduled arena's series (the page says it in the reader's language)", async () => {
  // A Saturday evening far ahead: the hourly and the Sunday arena are due (slots nothing else announces).
  const due = dueScheduled(Date.parse('2030-12-07T20:00:00Z'));
  expect(due).toHaveLength(2);
  for (const r of due) await t.server.services.store.tournaments.create(r);
  const list = (await api<ResponseOf<typeof ROUTES.tournaments>>(t.url, '/api/tournaments')).body;
  const shown = new Map(list.upcoming.map((s) => [s.id, s]));
  for (const r of due)
    expect(shown.get(r.id)).toMatchObject({ kind: 'scheduled', schedule: r.scheduleKey!.split(':')[0] });
  expect([...shown.values()].filter((s) => s.kind !== 'scheduled').every((s) => !('schedule' in s))).toBe(
    true,
  );
});
