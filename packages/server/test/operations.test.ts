/**
 * Running the server as an operator does (docs/deploy.md): `npm start` stops when npm is stopped or killed (the
 * PID the shell holds is npm's); the start line names the storage and the process; `hearts-server backup` copies
 * the SQLite database of a running server mid-game, and `hearts-server restore` puts the copy into a fresh folder,
 * where a new server finds every finished game, rating, chip and the unfinished table, and plays it on.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { replayRecord } from '@hearts/engine';
import { quickMatch, type TableClient } from '@hearts/live';
import { main } from '../src/main.js';
import { AutoPlayer, api, connect, friendsGame, guest, until } from './helpers.js';
import { exited, freePort, runToEnd, spawnServer, type Child } from './processes.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'hearts-ops-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `hearts-server` with arguments to its end: exit code and everything it printed. */
const command = (args: string[], env: Record<string, string>) => runToEnd(args, env);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start: stopping npm stops the server', () => {
  test.each(['SIGTERM', 'SIGKILL'] as const)(
    '%s to npm: the server drains and exits',
    async (signal) => {
      const port = await freePort();
      const npm = spawn('npm', ['start'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE: join(dir, `npm-${signal}.sqlite`),
          WEB_ROOT: '',
          LOG_LEVEL: 'warn',
          BOT_WORKERS: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      npm.stdout.on('data', (b: Buffer) => (out += b.toString()));
      npm.stderr.on('data', (b: Buffer) => (out += b.toString()));
      // The start line names the SQLite file, no Redis, the process id and the server's own PID.
      await until('the start line', () => /; pid \d+/.test(out) || npm.exitCode !== null, 60_000);
      const line = /storage: .*; pid (\d+)/.exec(out);
      expect(line, out).not.toBeNull();
      expect(line![0]).toMatch(
        new RegExp(
          `^storage: SQLite ${join(dir, `npm-${signal}.sqlite`)}; no Redis; process [A-Za-z0-9_-]+; pid`,
        ),
      );
      const pid = Number(line![1]);
      expect(pid).not.toBe(npm.pid); // npm's PID is not the server's
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      npm.kill(signal);
      await until('the server to exit', () => !alive(pid), 30_000, 50);
      expect(out).toMatch(/npm, which started this server, is gone: stopping|"msg":"stopped"/);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    },
    90_000,
  );
});

/** `hearts-server <args>` in this process (the command line's own function): exit code and what it printed. */
async function inProcess(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const take = (...a: unknown[]) => void lines.push(a.map(String).join(' '));
  const log = vi.spyOn(console, 'log').mockImplementation(take);
  const error = vi.spyOn(console, 'error').mockImplementation(take);
  try {
    const code = await main(args, env);
    return { code, out: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('the backup and restore commands say what is wrong', () => {
  test('PostgreSQL, a missing database, a restore over a database, a file that is not one', async () => {
    const pg = await inProcess(['backup', join(dir, 'x.sqlite')], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(pg).toMatchObject({
      code: 2,
      out: expect.stringMatching(/DATABASE_URL is set: .*pg_dump/) as string,
    });
    const missing = await inProcess(['backup', join(dir, 'x.sqlite')], {
      DATABASE: join(dir, 'none.sqlite'),
    });
    expect(missing).toMatchObject({
      code: 1,
      out: expect.stringMatching(/there is no database at/) as string,
    });
    expect((await inProcess(['backup'], {})).code).toBe(2);
    expect((await inProcess(['copy', 'x'], {})).code).toBe(2);
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'not a database at all');
    const foreign = await inProcess(['restore', junk], { DATABASE: join(dir, 'target.sqlite') });
    expect(foreign.code).toBe(1);
    expect(foreign.out).toMatch(
      /^hearts-server restore: .*junk\.sqlite is not a SQLite database \(file is not a database\)$/m,
    );
    const other = join(dir, 'other.sqlite');
    new SQLite(other).exec('CREATE TABLE x (a)').close();
    expect((await inProcess(['restore', other], { DATABASE: join(dir, 'target.sqlite') })).out).toMatch(
      /not a Hearts database/,
    );
    writeFileSync(join(dir, 'target.sqlite'), '');
    const over = await inProcess(['restore', other], { DATABASE: join(dir, 'target.sqlite') });
    expect(over).toMatchObject({
      code: 1,
      out: expect.stringMatching(/target\.sqlite exists: move the old/) as string,
    });
    // As a process: the words and exit code 1, not a stack trace (the server's handlers of uncaught errors would
    // print one and exit 0).
    const spawned = await command(['restore', junk], { DATABASE: join(dir, 'target2.sqlite') });
    expect(spawned.code).toBe(1);
    expect(spawned.out).toMatch(/^hearts-server restore: .*is not a SQLite database/m);
    expect(spawned.out).not.toMatch(/\n\s+at /);
  }, 60_000);
});

/** Everything a player has that a backup must keep, read through the API. */
async function holdings(url: string, token: string): Promise<unknown> {
  const me = await api(url, '/api/profile/me', { token });
  const chips = await api(url, '/api/chips', { token });
  expect([me.status, chips.status]).toEqual([200, 200]);
  return { me: me.body, chips: chips.body };
}

const eventsOf = (database: string, table: string): string[] => {
  const db = new SQLite(database, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT seq, type, seat, client_id, payload FROM events WHERE table_id = ? ORDER BY seq')
      .all(table);
    return rows.map((r) => JSON.stringify(r));
  } finally {
    db.close();
  }
};

test('backed up mid-game while the server runs; restored into a fresh folder; everything is there and plays on', async () => {
  const live = join(dir, 'live');
  const fresh = join(dir, 'fresh');
  mkdirSync(live);
  mkdirSync(fresh);
  const database = join(live, 'hearts.sqlite');
  const env = {
    DATABASE: database,
    GRACE_MS: '300000', // a paused player's table waits (no bot plays for them), however slow the machine
    BANK_MS: '10000',
    RECONNECT_MS: '20000',
    QUICK_MATCH_WAIT_MS: '60000', // the four below are seated together, however slowly they arrive
    BOT_LEVEL: 'easy',
  };
  let server: Child = await spawnServer(env);
  const clients: TableClient[] = [];
  try {
    // A rated quick match of four people, played to its end: ratings, records and chips.
    const rated = await Promise.all([0, 1, 2, 3].map(() => guest(server.url)));
    const ids = await Promise.all(
      rated.map((u) => quickMatch({ url: server.url, token: u.token, rated: true, targetScore: 50 }).roomId),
    );
    expect(new Set(ids).size).toBe(1);
    const finished = ids[0]!;
    const quick = await Promise.all(rated.map((u) => connect(server.url, u.token, finished)));
    clients.push(...quick);
    const quickPlayers = quick.map((c, i) => new AutoPlayer(c, 70 + i));
    for (const p of quickPlayers) p.poke();
    await until('the rated game to end', () => quick.every((c) => c.result !== null), 120_000);
    expect(quick[0]!.result!.ratings.every((r) => r !== null)).toBe(true);

    // A friends' table in the middle of a hand, its server running while the backup is taken (the people wait:
    // the game, at the server's pace, would otherwise end before a slow machine has started the command).
    const g = await friendsGame(server.url, 2, { targetScore: 100 });
    clients.push(...g.clients);
    const players = g.clients.map((c, i) => new AutoPlayer(c, 80 + i));
    for (const p of players) p.poke();
    await until('a few tricks', () => g.clients[0]!.state!.view.tricks.length >= 3, 60_000);
    for (const p of players) p.paused = true;

    const before = await Promise.all(rated.map((u) => holdings(server.url, u.token)));
    const record = await api(server.url, `/api/games/${finished}/record`, { token: rated[0]!.token });
    expect(record.status).toBe(200);
    const atBackup = g.clients[0]!.state!.v;

    const backupFile = join(dir, 'hearts-backup.sqlite');
    const backup = await command(['backup', backupFile], { DATABASE: database });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(
      /^Backed up .*hearts-backup\.sqlite: [\d.]+ [kM]B, 6 users, 1 finished games, 1 unfinished tables \(integrity ok\)/m,
    );

    // The game goes on a little past the backup's moment (it was taken before the command returned); then the
    // server stops (SIGTERM: drained, the table stays unfinished).
    const afterBackup = g.clients[0]!.state!.v;
    for (const p of players) {
      p.paused = false;
      p.poke();
    }
    await until('moves after the backup', () => g.clients[0]!.state!.v > afterBackup + 4, 60_000);
    for (const p of players) p.paused = true;
    server.proc.kill('SIGTERM');
    expect(await exited(server.proc)).toBe(0);
    for (const c of clients.splice(0)) await c.leave().catch(() => undefined);

    // The backup is one moment of the database: the table's events in it are exactly the first ones of the
    // events the server went on to write.
    const liveEvents = eventsOf(database, g.code);
    const backedUp = eventsOf(backupFile, g.code);
    expect(backedUp.length).toBeGreaterThan(0);
    expect(backedUp.length).toBeLessThan(liveEvents.length);
    expect(liveEvents.slice(0, backedUp.length)).toEqual(backedUp);

    const restoredDb = join(fresh, 'hearts.sqlite');
    const restore = await command(['restore', backupFile], { DATABASE: restoredDb });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(
      /^Restored .*fresh\/hearts\.sqlite: .* 1 unfinished tables \(integrity ok\)/m,
    );

    server = await spawnServer({ ...env, DATABASE: restoredDb });
    expect(server.output()).toContain(`storage: SQLite ${restoredDb}; no Redis`);
    // Every rating, record and chip as it was (the token secret came along: the same tokens sign in).
    expect(await Promise.all(rated.map((u) => holdings(server.url, u.token)))).toEqual(before);
    const again = await api(server.url, `/api/games/${finished}/record`, { token: rated[0]!.token });
    expect(again).toEqual(record);
    const replay = replayRecord(again.body);
    expect(replay.ok && replay.value.finished).toBe(true);

    // The unfinished table is back as it was at the backup, and plays on to its end.
    const back = await Promise.all(g.users.map((u) => connect(server.url, u.token, g.code)));
    clients.push(...back);
    expect(back[0]!.state!.v).toBeGreaterThanOrEqual(atBackup);
    expect(back[0]!.state!.v).toBeLessThan(g.clients[0]!.state!.v);
    const on = back.map((c, i) => new AutoPlayer(c, 90 + i));
    for (const p of on) p.poke();
    await until('the restored game to end', () => back.every((c) => c.result !== null), 180_000);
    expect([...on, ...players, ...quickPlayers].flatMap((p) => p.errors)).toEqual([]);
  } finally {
    for (const c of clients) await c.leave().catch(() => undefined);
    if (server.proc.exitCode === null && server.proc.signalCode === null) {
      server.proc.kill('SIGTERM');
      await exited(server.proc);
    }
  }
}, 400_000);
