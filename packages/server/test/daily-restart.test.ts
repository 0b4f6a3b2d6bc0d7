/**
 * A daily game across a restart: the server is killed mid-game and started again on the same database; the table
 * comes back dealt from the same seed, the game ends, and its result is written exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { DailyToday } from '@hearts/protocol/http';
import { openSqliteStore } from '../src/store/sqlite.js';
import { AutoPlayer, api, connect, guest, until } from './helpers.js';
import { exited, freePort, spawnServer } from './processes.js';

const dir = mkdtempSync(join(tmpdir(), 'hearts-daily-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spawnAt = (port: number, database: string) =>
  spawnServer(
    {
      DATABASE: database,
      GRACE_MS: '5000',
      BANK_MS: '10000',
      RECONNECT_MS: '20000',
      BOT_LEVEL: 'easy',
      DAILY_BOT_LEVEL: 'easy',
      SECRET: 'a test secret that stays the same',
    },
    port,
  );

test('killed mid-game and restarted: the daily game ends and its result is written once', async () => {
  const port = await freePort();
  const database = join(dir, 'daily.sqlite');
  let server = await spawnAt(port, database);
  const u = await guest(server.url);
  const today = await api<DailyToday>(server.url, '/api/daily', { token: u.token });
  const start = await api<{ tableId: string }>(server.url, '/api/daily/start', {
    method: 'POST',
    token: u.token,
  });
  expect(start.status).toBe(200);
  const client = await connect(server.url, u.token, start.body.tableId);
  const player = new AutoPlayer(client, 5);
  player.poke();
  await until(
    'the second hand',
    () => (client.state?.view.handNumber ?? 0) >= 1 && client.state!.view.tricks.length >= 2,
    60_000,
  );
  server.proc.kill('SIGKILL');
  expect(await exited(server.proc)).toBe(null);
  await until('the client to notice', () => client.status !== 'open', 10_000);

  server = await spawnAt(port, database);
  await until('the game to end', () => client.state?.view.phase === 'gameOver', 120_000);
  player.stop();
  const after = await api<DailyToday>(server.url, '/api/daily', { token: u.token });
  expect(after.body.commitment).toBe(today.body.commitment); // the same day, the same seed
  expect(after.body.you).toMatchObject({ status: 'finished', rank: 1 });
  expect(after.body.you!.total).toBe(client.state!.view.scores[0]);
  const again = await api(server.url, '/api/daily/start', { method: 'POST', token: u.token });
  expect(again.status).toBe(409);
  await client.leave().catch(() => undefined);
  server.proc.kill('SIGTERM');
  await exited(server.proc);

  // Started once more: nothing is finished twice, the attempt holds the one result.
  server = await spawnAt(port, database);
  const third = await api<DailyToday>(server.url, '/api/daily', { token: u.token });
  expect(third.body.you).toEqual(after.body.you);
  server.proc.kill('SIGTERM');
  await exited(server.proc);
  const store = await openSqliteStore(database);
  const attempts = await store.daily.attempts(after.body.date);
  expect(attempts).toHaveLength(1);
  expect(attempts[0]!.points).toHaveLength(4);
  expect((await store.progress.gameResult(start.body.tableId)) !== null).toBe(true);
  await store.close();
}, 240_000);
