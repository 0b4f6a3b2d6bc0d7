/**
 * The recipe of docs/scaling.md, as written there: two `hearts-server` processes with DATABASE_URL and REDIS_URL,
 * and `hearts-proxy` in front of them on one address. A game played through the proxy survives a rolling restart
 * (SIGTERM drains one process; its table goes on on the other). Also: the settings are checked, and a process
 * whose PostgreSQL or Redis cannot be reached (or whose port is taken) says so and exits, instead of hanging.
 */
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import { replayRecord } from '@hearts/engine';
import { configFromEnv } from '../src/config.js';
import { TableClient } from '@hearts/live';
import { AutoPlayer, api, friendsGame, guest, until } from './helpers.js';
import { PROXY_BIN, SERVER_BIN, exited, freePort, listings, spawnScaled, type Child } from './processes.js';
import { scaledServices } from './services.js';

test('settings of scaled mode are checked', () => {
  const ok = configFromEnv({
    DATABASE_URL: 'postgres://u:p@db:5432/hearts',
    DATABASE_SCHEMA: 'hearts_live',
    REDIS_URL: 'redis://cache:6379/2',
    REDIS_PREFIX: 'prod:',
  });
  expect(ok.ok && ok.value).toMatchObject({
    databaseUrl: 'postgres://u:p@db:5432/hearts',
    databaseSchema: 'hearts_live',
    redisUrl: 'redis://cache:6379/2',
    redisPrefix: 'prod:',
  });
  const plain = configFromEnv({});
  expect(plain.ok && plain.value).toMatchObject({
    databaseUrl: null,
    redisUrl: null,
    redisPrefix: 'hearts:',
  });
  const bad = (env: Record<string, string>) => {
    const r = configFromEnv(env);
    return r.ok ? '' : r.error;
  };
  expect(bad({ DATABASE_URL: 'mysql://x@db/h' })).toMatch(/DATABASE_URL must look like postgres:/);
  expect(bad({ DATABASE_URL: 'postgres://x@db' })).toMatch(/DATABASE_URL/); // no database name
  expect(bad({ REDIS_URL: 'redis://cache:6379' })).toMatch(/REDIS_URL needs DATABASE_URL/);
  expect(bad({ DATABASE_URL: 'postgres://x@db/h', REDIS_URL: 'http://cache' })).toMatch(
    /REDIS_URL must look/,
  );
  expect(bad({ DATABASE_SCHEMA: 'Drop Table' })).toMatch(/DATABASE_SCHEMA/);
  expect(bad({ REDIS_PREFIX: 'a b' })).toMatch(/REDIS_PREFIX/);
});

async function run(env: Record<string, string>): Promise<{ code: number | null; out: string; ms: number }> {
  const started = Date.now();
  const proc = spawn(process.execPath, [SERVER_BIN], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'fatal', WEB_ROOT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
  const code = await exited(proc);
  clearTimeout(timer);
  return { code, out, ms: Date.now() - started };
}

test('a process that cannot reach its database or Redis, or finds its port taken, says so and exits', async () => {
  const noDb = await run({ PORT: '0', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' });
  expect(noDb.code).toBe(1);
  expect(noDb.out).toMatch(/PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/test cannot be used/);
  const noRedis = await run({
    PORT: '0',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test',
    REDIS_URL: 'redis://127.0.0.1:1',
  });
  expect(noRedis.code).toBe(1);
  expect(noRedis.out).toMatch(/Redis at redis:\/\/127\.0\.0\.1:1 cannot be used: connect ECONNREFUSED/);
  const bad = await run({ REDIS_URL: 'redis://127.0.0.1:1' });
  expect(bad.code).toBe(2);
  expect(bad.out).toMatch(/REDIS_URL needs DATABASE_URL/);
  // The port is taken: the message, and an exit (no worker thread keeps the process alive).
  const port = await freePort();
  const blocker = (await import('node:net')).createServer().listen(port, '127.0.0.1');
  await new Promise((r) => blocker.once('listening', r));
  const taken = await run({ PORT: String(port), DATABASE: ':memory:' });
  blocker.close();
  expect(taken.code).toBe(1);
  expect(taken.out).toMatch(new RegExp(`Port ${port} is already in use`));
  for (const r of [noDb, noRedis, taken]) expect(r.ms).toBeLessThan(20_000);
}, 90_000);

const services = await scaledServices('the docs/scaling.md recipe');

describe.skipIf(services === null)('the recipe: two processes and hearts-proxy on one address', () => {
  const s = services!;
  const children: Child[] = [];
  afterAll(async () => {
    for (const c of children)
      if (c.proc.exitCode === null && c.proc.signalCode === null) {
        c.proc.kill('SIGKILL');
        await exited(c.proc);
      }
    await s.cleanup();
  });

  test('a game through the proxy survives a rolling restart (SIGTERM drains; the table goes on elsewhere)', async () => {
    const d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix: s.prefix() };
    const [a, b] = await Promise.all([spawnScaled(d), spawnScaled(d)]);
    children.push(a!, b!);
    const port = await freePort();
    const proxy = spawn(
      process.execPath,
      [PROXY_BIN, '--port', String(port), '--host', '127.0.0.1', '--backend', a!.url, '--backend', b!.url],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let printed = '';
    proxy.stdout.on('data', (x: Buffer) => (printed += x.toString()));
    await until('the proxy', () => printed.includes(`http://127.0.0.1:${port}`), 10_000);
    const url = `http://127.0.0.1:${port}`;
    try {
      const health = await Promise.all([0, 1, 2, 3].map(() => api<{ process: string }>(url, '/healthz')));
      expect(new Set(health.map((h) => h.body.process))).toEqual(new Set([a!.process, b!.process]));

      const g = await friendsGame(url, 2, { targetScore: 40 });
      const players = g.clients.map((c, i) => new AutoPlayer(c, 300 + i));
      for (const p of players) p.poke();
      await until('a few tricks', () => g.clients[0]!.state!.view.tricks.length >= 3, 30_000);
      const host = (await listings(d.redisUrl, d.prefix)).get(g.code);
      const draining = host === a!.process ? a! : b!;
      const other = draining === a! ? b! : a!;
      // A friends' room that has not started yet, on the same process: it moves too.
      const waiting = await guest(url);
      let lobby: TableClient | null = null;
      for (let i = 0; i < 10 && !lobby; i++) {
        const c = await TableClient.createFriendsRoom({ url, token: waiting.token, retryMs: 100 });
        if ((await listings(d.redisUrl, d.prefix)).get(c.roomId) === draining.process) lobby = c;
        else await c.leave();
      }
      expect(lobby).not.toBeNull();
      lobby!.send('options', { rules: { targetScore: 60 }, botLevel: 'hard' });
      await until('the options', () => lobby!.lobby?.options.botLevel === 'hard');

      draining.proc.kill('SIGTERM');
      expect(await exited(draining.proc)).toBe(0);
      await until(
        'the table on the other process',
        () => g.clients.every((c) => c.status === 'open' && c.reconnects >= 1),
        15_000,
      );
      expect((await listings(d.redisUrl, d.prefix)).get(g.code)).toBe(other.process);
      await until(
        'the friends’ room on the other process',
        () =>
          lobby!.status === 'open' && lobby!.reconnects === 1 && lobby!.lobby?.members[0]?.connected === true,
        15_000,
      );
      expect(lobby!.lobby).toMatchObject({ code: lobby!.roomId, options: { botLevel: 'hard' } });
      expect(lobby!.lobby!.options.rules.targetScore).toBe(60);
      expect((await listings(d.redisUrl, d.prefix)).get(lobby!.roomId)).toBe(other.process);
      await lobby!.leave();
      for (const p of players) p.poke();
      await until('the end', () => g.clients.every((c) => c.result !== null), 90_000);
      expect(players.flatMap((p) => p.errors)).toEqual([]);
      const rec = await api(url, `/api/games/${g.code}/record`, { token: g.users[0]!.token });
      const replay = replayRecord(rec.body);
      expect(replay.ok && replay.value.scores).toEqual(g.clients[0]!.result!.scores);
      for (const c of g.clients) await c.leave();
    } finally {
      proxy.kill('SIGTERM');
      expect(await exited(proxy)).toBe(0);
    }
  }, 180_000);
});
