/**
 * The recipe of docs/scaling.md, as written there: two `hearts-server` processes with DATABASE_URL, REDIS_URL,
 * REDIS_PREFIX, TRUST_PROXY and each its PROCESS_ROUTE, and nginx with the shipped deploy/nginx/hearts.conf in
 * front of them on one address. Each start line names the database, Redis and the process; a game played through
 * nginx survives a rolling restart (SIGTERM to the PID the shell holds drains that process; its table goes on on
 * the other; started again, it takes new rooms); the running database is dumped mid-game (pg_dump) and restored
 * into a fresh database, where a new process finds every finished game, rating and chip and the unfinished table;
 * the teardown leaves no key in Redis. Also: the settings are checked, and a process whose PostgreSQL or Redis
 * cannot be reached (or whose port is taken) says so and exits, instead of hanging.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { replayRecord } from '@hearts/engine';
import { configFromEnv } from '../src/config.js';
import { TableClient } from '@hearts/live';
import { AutoPlayer, api, connect, friendsGame, guest, until } from './helpers.js';
import {
  exited,
  freePort,
  listings,
  runToEnd,
  spawnScaled,
  spawnServer,
  startCluster,
  type Child,
  type Cluster,
} from './processes.js';
import { TEST_DATABASE_URL, dropDatabase, scaledServices } from './services.js';

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
  expect(bad({ PROCESS_ROUTE: 'Hearts/1' })).toMatch(/PROCESS_ROUTE must be 1 to 32 lower-case letters/);
  const routed = configFromEnv({ PROCESS_ROUTE: 'hearts-1' });
  expect(routed.ok && routed.value.processRoute).toBe('hearts-1');
});

const run = (env: Record<string, string>) => runToEnd([], { LOG_LEVEL: 'fatal', ...env }, 30_000);

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

const services = await scaledServices('the docs/scaling.md recipe', { proxy: 'nginx' });

/** Everything a player has that a dump must keep, read through the API. */
async function holdings(url: string, token: string): Promise<unknown> {
  const me = await api(url, '/api/profile/me', { token });
  const chips = await api(url, '/api/chips', { token });
  expect([me.status, chips.status]).toEqual([200, 200]);
  return { me: me.body, chips: chips.body };
}

describe.skipIf(services === null)('the recipe: two processes behind nginx on one address', () => {
  const s = services!;
  const dir = mkdtempSync(join(tmpdir(), 'hearts-recipe-'));
  const restoredDb = `hearts_restore_${process.pid}_${Date.now().toString(36)}`;
  const started: Child[] = [];
  let cluster: Cluster | undefined;
  afterAll(async () => {
    await cluster?.close();
    for (const c of started)
      if (c.proc.exitCode === null && c.proc.signalCode === null) {
        c.proc.kill('SIGKILL');
        await exited(c.proc);
      }
    await dropDatabase(restoredDb);
    await s.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('start lines; a rolling restart through nginx; pg_dump of the running database restored elsewhere; teardown', async () => {
    const d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix: s.prefix() };
    cluster = await startCluster(d);
    const [a, b] = cluster.children;
    const url = cluster.proxy.url;
    // Each start line: the database (no password), Redis with the prefix, the process, its route, its own PID.
    for (const [i, c] of [a!, b!].entries())
      expect(c.output()).toContain(
        `storage: PostgreSQL ${s.databaseUrl} (schema ${d.schema}); Redis ${s.redisUrl} (prefix ${d.prefix}); ` +
          `process ${c.process}, route /hearts-${i + 1}/; pid ${c.proc.pid}`,
      );
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
    const lobbyOn = async (process: string): Promise<TableClient> => {
      for (let i = 0; i < 10; i++) {
        const c = await TableClient.createFriendsRoom({ url, token: waiting.token, retryMs: 100 });
        if ((await listings(d.redisUrl, d.prefix)).get(c.roomId) === process) return c;
        await c.leave();
      }
      throw new Error(`no friends' room landed on ${process}`);
    };
    const lobby = await lobbyOn(draining.process);
    lobby.send('options', { rules: { targetScore: 60 }, botLevel: 'hard' });
    await until('the options', () => lobby.lobby?.options.botLevel === 'hard');

    // The rolling restart: SIGTERM to the PID the shell holds (the server's own), which drains and exits.
    process.kill(draining.proc.pid!, 'SIGTERM');
    expect(await exited(draining.proc)).toBe(0);
    await until(
      'the table on the other process',
      () => g.clients.every((c) => c.status === 'open' && c.reconnects >= 1),
      15_000,
    );
    expect((await listings(d.redisUrl, d.prefix)).get(g.code)).toBe(other.process);
    await until(
      'the friends’ room on the other process',
      () => lobby.status === 'open' && lobby.reconnects === 1 && lobby.lobby?.members[0]?.connected === true,
      15_000,
    );
    expect(lobby.lobby).toMatchObject({ code: lobby.roomId, options: { botLevel: 'hard' } });
    expect(lobby.lobby!.options.rules.targetScore).toBe(60);
    expect((await listings(d.redisUrl, d.prefix)).get(lobby.roomId)).toBe(other.process);
    await lobby.leave();

    // Started again on its port with its route: nginx sends it new rooms' sockets again.
    const route = draining.route!;
    const again = await spawnScaled(d, { PROCESS_ROUTE: route, TRUST_PROXY: 'true' }, draining.port);
    started.push(again);
    expect(again.process).not.toBe(draining.process);
    const fresh = await lobbyOn(again.process);
    // The lobby's message comes after the join: wait for it, then count its members.
    await until('the fresh lobby', () => fresh.lobby !== null);
    expect(fresh.lobby?.members.length).toBe(1);
    await fresh.leave();

    for (const p of players) p.poke();
    await until('the end', () => g.clients.every((c) => c.result !== null), 90_000);
    expect(players.flatMap((p) => p.errors)).toEqual([]);
    const rec = await api(url, `/api/games/${g.code}/record`, { token: g.users[0]!.token });
    const replay = replayRecord(rec.body);
    expect(replay.ok && replay.value.scores).toEqual(g.clients[0]!.result!.scores);
    for (const c of g.clients) await c.leave();

    // Another table, mid-hand, while the database is dumped (pg_dump of the schema, the processes running).
    const h = await friendsGame(url, 2, { targetScore: 100 });
    const more = h.clients.map((c, i) => new AutoPlayer(c, 400 + i));
    for (const p of more) p.poke();
    await until('a few tricks', () => h.clients[0]!.state!.view.tricks.length >= 3, 30_000);
    const before = await Promise.all(g.users.map((u) => holdings(url, u.token)));
    const atDump = h.clients[0]!.state!.v;
    const dump = join(dir, 'hearts.dump');
    execFileSync('pg_dump', [
      '--dbname',
      s.databaseUrl,
      '--schema',
      d.schema,
      '--format',
      'custom',
      '--file',
      dump,
    ]);
    // Moves past the dump's moment (it was taken before pg_dump returned).
    const afterDump = h.clients[0]!.state!.v;
    await until('moves after the dump', () => h.clients[0]!.state!.v > afterDump + 4, 30_000);
    for (const p of more) p.paused = true;
    const atStop = h.clients[0]!.state!.v;
    for (const c of h.clients) await c.leave();

    // The teardown of docs/scaling.md: the processes drain and exit; this deployment's keys leave Redis.
    await cluster.close();
    again.proc.kill('SIGTERM');
    expect(await exited(again.proc)).toBe(0);
    execFileSync(
      'sh',
      [
        '-c',
        'redis-cli -u "$REDIS_URL" --scan --pattern "$REDIS_PREFIX*" | xargs -r redis-cli -u "$REDIS_URL" unlink',
      ],
      {
        env: { ...process.env, REDIS_URL: s.redisUrl, REDIS_PREFIX: d.prefix },
        stdio: 'ignore',
      },
    );
    expect(await listings(d.redisUrl, d.prefix)).toEqual(new Map());
    const keys = execFileSync('redis-cli', ['-u', s.redisUrl, '--scan', '--pattern', `${d.prefix}*`], {
      encoding: 'utf8',
    });
    expect(keys.trim()).toBe('');

    // Restored into a fresh database: one process (no Redis) finds it all, and the table plays on.
    execFileSync('createdb', ['--maintenance-db', TEST_DATABASE_URL, restoredDb]);
    const at = new URL(TEST_DATABASE_URL);
    at.pathname = `/${restoredDb}`;
    const restoredUrl = at.toString();
    execFileSync('pg_restore', ['--dbname', restoredUrl, '--exit-on-error', dump]);
    const one = await spawnServer({
      DATABASE_URL: restoredUrl,
      DATABASE_SCHEMA: d.schema,
      BOT_LEVEL: 'easy',
    });
    started.push(one);
    expect(one.output()).toContain(`storage: PostgreSQL ${restoredUrl} (schema ${d.schema}); no Redis;`);
    expect(await Promise.all(g.users.map((u) => holdings(one.url, u.token)))).toEqual(before);
    expect(await api(one.url, `/api/games/${g.code}/record`, { token: g.users[0]!.token })).toEqual(rec);
    const back = await Promise.all(h.users.map((u) => connect(one.url, u.token, h.code)));
    const v = back[0]!.state!.v;
    expect(v).toBeGreaterThanOrEqual(atDump);
    expect(v).toBeLessThan(atStop);
    const on = back.map((c, i) => new AutoPlayer(c, 500 + i));
    for (const p of on) p.poke();
    await until('moves on the restored table', () => back[0]!.state!.v > v + 8, 30_000);
    expect([...more, ...on].flatMap((p) => p.errors)).toEqual([]);
    for (const c of back) await c.leave();
  }, 300_000);
});
