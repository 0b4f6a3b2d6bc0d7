/**
 * A tournament outlives a restart of its server: killed (SIGKILL) in the middle of a game, the server comes back on
 * the same database; the table is restored and its players finish it, the game counts once, and the tournament
 * carries on (its players are seated again by the restarted process) — its state is in the store, not in memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { AutoPlayer, connect, until } from './helpers.js';
import { exited, freePort, spawnServer } from './processes.js';
import { tablesOf, tournamentWith, waitPage } from './tournament-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'hearts-tournament-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spawnAt = (port: number, database: string) =>
  spawnServer(
    {
      DATABASE: database,
      GRACE_MS: '5000',
      BANK_MS: '30000',
      RECONNECT_MS: '30000',
      BOT_LEVEL: 'easy',
      SECRET: 'a test secret that stays the same',
    },
    port,
  );

test('killed mid-game and restarted: the game finishes and counts once, and the tournament goes on', async () => {
  const port = await freePort();
  const database = join(dir, 'kill.sqlite');
  let server = await spawnAt(port, database);
  const url = () => server.url;
  const { id, users } = await tournamentWith(server.url, 4);
  const seated = await waitPage('the four seated', url, id, (p) => p.running === 1, 30_000);
  expect(seated.standings.every((r) => r.playing)).toBe(true);
  const [table] = await tablesOf(server.url, id, users);
  const clients = await Promise.all(users.map((u) => connect(server.url, u.token, table!)));
  const players = clients.map((c, i) => new AutoPlayer(c, 60 + i));
  for (const p of players) p.poke();
  await until('the middle of the hand', () => (clients[0]!.state?.view.tricks.length ?? 0) >= 4, 60_000);

  server.proc.kill('SIGKILL');
  await exited(server.proc);
  server = await spawnAt(port, database);

  const done = await waitPage('the game counted', url, id, (p) => p.finished === 1, 120_000);
  for (const p of players) p.stop();
  expect(done.standings.map((r) => r.games)).toEqual([1, 1, 1, 1]);
  expect(done.standings.reduce((a, r) => a + r.points, 0)).toBe(7);
  expect(players.flatMap((p) => p.errors)).toEqual([]);

  // The restarted process runs the tournament: the four are seated again, at a new table.
  await waitPage('a second table', url, id, (p) => p.running === 1 && p.finished === 1, 60_000);
  const again = await tablesOf(server.url, id, users);
  expect(new Set(again).size).toBe(1);
  expect(again[0]).not.toBe(table);
  await Promise.all(clients.map((c) => c.leave()));
  server.proc.kill('SIGTERM');
  await exited(server.proc);
}, 300_000);
