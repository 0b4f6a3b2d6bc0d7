import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, hearts, type Run } from '../../test/cli.js';

const SERVER = join(ROOT, 'packages/server/bin/hearts-server.js');
const RELAY_BENCH = join(ROOT, 'packages/server/scripts/relay-bench.js');

const dir = mkdtempSync(join(tmpdir(), 'hearts-loadtest-'));
const METRICS_TOKEN = 'loadtest-metrics-token-0123';
let server: ChildProcess;
let url = '';

beforeAll(async () => {
  server = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE: join(dir, 'db.sqlite'),
      WEB_ROOT: '',
      LOG_LEVEL: 'warn',
      // every client comes from 127.0.0.1
      LIMIT_API: '1000000/60',
      LIMIT_GUESTS: '100000/60',
      LIMIT_ROOMS: '100000/60',
      LIMIT_JOINS: '100000/60',
      LIMIT_TOURNAMENTS: '100000/60',
      METRICS_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  url = await new Promise<string>((done, fail) => {
    server.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/localhost:\d+/.exec(out);
      if (m) done(m[0]);
    });
    server.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    server.once('exit', (code) => fail(new Error(`the server exited (${code}): ${out}`)));
  });
}, 30_000);

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('hearts loadtest', () => {
  test('plays N full tables of four headless clients and reports one line of JSON', async () => {
    const r = await hearts(
      'loadtest',
      ...['--url', url, '--tables', '4', '--hands', '2', '--metrics-token', METRICS_TOKEN, '--json'],
    );
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual([
      ...['tables', 'tablesCompleted', 'messagesPerSecond', 'latencyMs'], // the first fields, as before
      ...['passLatencyMs', 'playLatencyMs', 'endLatencyMs', 'moves', 'seconds'],
      ...['serverCpuUsPerMove', 'clientCpuUsPerMove', 'serverMemory'],
    ]);
    // Two hands of 56 decisions (passes, 52 cards) at each of 4 tables, and perhaps a moon shooter's choice.
    expect(out).toMatchObject({ tables: 4, tablesCompleted: 4 });
    expect(out['moves']).toBeGreaterThanOrEqual(4 * 2 * 56);
    expect(out['moves']).toBeLessThanOrEqual(4 * 2 * 57);
    expect(out['seconds']).toBeGreaterThan(0);
    expect(out['serverCpuUsPerMove']).toBeGreaterThan(0);
    expect(out['clientCpuUsPerMove']).toBeGreaterThan(0);
    const memory = out['serverMemory'] as { baselineMb: number; peakMb: number; perConnectionKb: number };
    expect(memory.baselineMb).toBeGreaterThan(10);
    expect(memory.peakMb).toBeGreaterThanOrEqual(memory.baselineMb);
    for (const k of ['passLatencyMs', 'playLatencyMs', 'endLatencyMs']) {
      const t = out[k] as { p50: number; p99: number };
      expect(t.p50).toBeGreaterThan(0);
      expect(t.p50).toBeLessThanOrEqual(t.p99);
    }
    expect(out['messagesPerSecond']).toBeGreaterThan(0);
    const l = out['latencyMs'] as { p50: number; p95: number; p99: number };
    expect(l.p50).toBeGreaterThan(0);
    expect(l.p50).toBeLessThanOrEqual(l.p95);
    expect(l.p95).toBeLessThanOrEqual(l.p99);
    expect(r.stderr).toContain('4 of 4 tables finished');
    // The games are real: two hands each, stored as finished games.
    const stats = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then((x) => x.text());
    expect(stats).toMatch(/^hearts_games_finished_total\{kind="friends"\} 4$/m);
  }, 120_000);

  test('reads as text without --json', async () => {
    const r = await hearts('loadtest', '--url', url, '--tables', '1', '--metrics-token', METRICS_TOKEN);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^tables completed\s+1 of 1/m);
    expect(r.stdout).toMatch(/move latency \(ms\)\s+p50 [\d.]+\s+p95 [\d.]+\s+p99 [\d.]+/);
    expect(r.stdout).toMatch(
      /passes \/ plays \/ end of hand\s+p50 [\d.]+ \/ [\d.]+ \/ [\d.]+\s+p99 [\d.]+ \/ [\d.]+ \/ [\d.]+/,
    );
    expect(r.stdout).toMatch(/moves per second\s+\d+/);
    expect(r.stdout).toMatch(/server CPU\s+[\d.]+ s \(\d+ µs per move\)/);
    expect(r.stdout).toMatch(
      /server memory\s+[\d.]+ MB before, [\d.]+ MB at the peak \(-?\d+ KB per connection\)/,
    );
  }, 60_000);

  test('thinks before each decision, ramps the starts up and plays from worker threads', async () => {
    // 3 tables over 2 workers, started over 1 s, thinking 20–60 ms per decision: a hand takes at least
    // 52 × 20 ms of thinking at every table, and the last table starts 2/3 s after the first.
    const r = await hearts(
      'loadtest',
      ...['--url', url, '--tables', '3', '--think-ms', '40', '--ramp', '1', '--workers', '2'],
      ...['--metrics-token', METRICS_TOKEN, '--json'],
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout.trim()) as { tablesCompleted: number; moves: number; seconds: number };
    expect(out.tablesCompleted).toBe(3);
    expect(out.moves).toBeGreaterThanOrEqual(3 * 56);
    expect(out.seconds).toBeGreaterThan((52 * 20 + 667) / 1000);
    expect(r.stderr).toContain('in 2 worker threads');
    expect(r.stderr).toContain('starting every game over 1 s, thinking 20–60 ms per decision');
    expect(r.stderr).toContain('3 of 3 tables finished');
  }, 120_000);

  test('relay-bench --floor: the relay with the necessary work plays every move through the engine', async () => {
    const r = await new Promise<Run>((resolve) =>
      execFile(
        process.execPath,
        [RELAY_BENCH, '--tables', '3', '--hands', '2', '--floor', '--json'],
        { cwd: tmpdir() },
        (error, stdout, stderr) => resolve({ code: error ? -1 : 0, stdout, stderr }),
      ),
    );
    expect(r.stderr).toBe(''); // an illegal move would have stopped the floor (and its clients' moves with it)
    expect(r.code).toBe(0);
    type Figures = { moves: number; serverCpuUsPerMove: number };
    const out = JSON.parse(r.stdout.trim()) as {
      rounds: { relay: Figures; floor: Figures; floorRatio: number; hearts: null }[];
    };
    const { relay, floor, floorRatio, hearts: game } = out.rounds[0]!;
    // Two hands per table: the floor dealt each table's second hand and played it through too.
    expect([relay.moves, floor.moves]).toEqual([3 * 2 * 56, 3 * 2 * 56]);
    expect(floor.serverCpuUsPerMove).toBeGreaterThan(0);
    expect(floorRatio).toBeCloseTo(floor.serverCpuUsPerMove / relay.serverCpuUsPerMove, 1);
    expect(game).toBeNull();
  }, 120_000);

  test('relay-bench loads a bare relay the same way, then the server, and gives the ratio', async () => {
    const r = await new Promise<Run>((resolve) =>
      execFile(
        process.execPath,
        [
          RELAY_BENCH,
          ...['--tables', '2', '--hands', '2', '--think-ms', '5', '--url', url],
          ...['--metrics-token', METRICS_TOKEN, '--json'],
        ],
        { cwd: tmpdir() },
        (error, stdout, stderr) => resolve({ code: error ? -1 : 0, stdout, stderr }),
      ),
    );
    expect(r.code).toBe(0);
    type Figures = { moves: number; serverCpuUsPerMove: number; tablesCompleted?: number };
    const out = JSON.parse(r.stdout.trim()) as {
      rounds: { relay: Figures; hearts: Figures; ratio: number }[];
      medianRatio: number;
    };
    expect(out.rounds).toHaveLength(1);
    const { relay, hearts: game, ratio } = out.rounds[0]!;
    expect(relay.moves).toBe(2 * 2 * 56); // four passes and 52 plays per table and hand
    expect(relay.serverCpuUsPerMove).toBeGreaterThan(0);
    // The game server played games of two hands (the standard cycle passes in both: left, then right).
    expect(game.moves).toBe(2 * 2 * 56);
    expect(game.tablesCompleted).toBe(2);
    expect(ratio).toBeCloseTo(game.serverCpuUsPerMove / relay.serverCpuUsPerMove, 1);
    expect(out.medianRatio).toBe(ratio);
  }, 120_000);

  test.each([
    [['--tables', '2'], /--url is required/],
    [['--url', 'nope', '--tables', '2'], /--url must be a URL/],
    [['--url', 'ftp://x', '--tables', '2'], /http/],
    [['--url', 'http://localhost:1'], /--tables is required/],
    [['--url', 'http://localhost:1', '--tables', '0'], /--tables must be a whole number ≥ 1/],
    [
      ['--url', 'http://localhost:1', '--tables', '1', '--think-ms=-5'],
      /--think-ms must be a whole number ≥ 0/,
    ],
    [
      ['--url', 'http://localhost:1', '--tables', '1', '--ramp', 'soon'],
      /--ramp must be a number of seconds/,
    ],
    [['--url', 'http://localhost:1', '--tables', '1', '--ramp=-1'], /--ramp must be a number of seconds/],
    [
      ['--url', 'http://localhost:1', '--tables', '1', '--workers', '0'],
      /--workers must be a whole number ≥ 1/,
    ],
    [['--url', 'http://localhost:1', '--tables', '1', '--workers', '999'], /--workers must be at most/],
  ])('refuses bad usage %j', async (args, message) => {
    const r = await hearts('loadtest', ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  test('--tournament: players enter, play the tournament to its end, and the standings are checked', async () => {
    // A private tournament lasts at least 10 minutes: once the command has created it, the test moves its end to
    // 40 s from now in the server's database (the runner reads the tournament from the store on every tick).
    const db = new Database(join(dir, 'db.sqlite'));
    db.pragma('busy_timeout = 10000');
    const before = new Set(
      (db.prepare('select id from tournaments').all() as { id: string }[]).map((r) => r.id),
    );
    let shortened: string | null = null;
    const shorten = setInterval(() => {
      const rows = db.prepare("select id from tournaments where kind = 'private'").all() as { id: string }[];
      const fresh = rows.find((r) => !before.has(r.id));
      if (!fresh || shortened) return;
      shortened = fresh.id;
      db.prepare('update tournaments set ends_at = ? where id = ?').run(Date.now() + 40_000, fresh.id);
    }, 100);
    try {
      const r = await hearts(
        'loadtest',
        ...['--url', url, '--tournament', '--players', '8', '--starts-in', '0', '--workers', '2', '--json'],
      );
      expect(r.stderr).not.toMatch(/check failed/);
      expect(r.code).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const out = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(Object.keys(out)).toEqual([
        ...['id', 'players', 'tablesAtPeak', 'games', 'seconds', 'moves', 'moveLatencyMs'],
        ...['polls', 'notModified', 'retries', 'errors', 'checked'],
      ]);
      expect(out).toMatchObject({ id: shortened, players: 8, errors: 0, checked: true });
      expect(out['tablesAtPeak']).toBeGreaterThanOrEqual(1);
      expect(out['tablesAtPeak']).toBeLessThanOrEqual(2);
      // Every game has 56 or 57 decisions (passes, 52 cards, perhaps a moon choice), all by the players here.
      const games = out['games'] as number;
      expect(games).toBeGreaterThanOrEqual(2);
      expect(out['moves']).toBeGreaterThanOrEqual(games * 56);
      expect(out['moves']).toBeLessThanOrEqual(games * 57);
      const l = out['moveLatencyMs'] as { p50: number; p99: number };
      expect(l.p50).toBeGreaterThan(0);
      expect(l.p50).toBeLessThanOrEqual(l.p99);
      expect(out['notModified']).toBeGreaterThan(0); // polls while nothing changed (the gathering wait: 4 s)
      expect(out['notModified']).toBeLessThan(out['polls'] as number);
      // The server agrees: its page lists the same games, every player with their own results.
      const page = (await fetch(`${url}/api/tournaments/${shortened}`).then((x) => x.json())) as {
        phase: string;
        finished: number;
        standings: { games: number }[];
      };
      expect(page.phase).toBe('finished');
      expect(page.finished).toBe(games);
      expect(page.standings).toHaveLength(8);
      expect(page.standings.reduce((a, s) => a + s.games, 0)).toBe(4 * games);
    } finally {
      clearInterval(shorten);
      db.close();
    }
  }, 300_000);

  test.each([
    [['--url', 'http://localhost:1', '--tournament'], /--players is required with --tournament/],
    [['--url', 'http://localhost:1', '--tournament', '--players', '3'], /--players must be from 4 to 400/],
    [['--url', 'http://localhost:1', '--tournament', '--players', '401'], /--players must be from 4 to 400/],
    [
      ['--url', 'http://localhost:1', '--tournament', '--players', '8', '--tables', '2'],
      /--tables does not go/,
    ],
    [
      ['--url', 'http://localhost:1', '--tournament', '--players', '8', '--minutes', '5'],
      /--minutes must be/,
    ],
    [
      ['--url', 'http://localhost:1', '--tournament', '--players', '8', '--hands', '9'],
      /--hands must be at most 8/,
    ],
    [
      ['--url', 'http://localhost:1', '--tournament', '--players', '8', '--id', 'a/b'],
      /--id is not a tournament/,
    ],
    [
      ['--url', 'http://localhost:1', '--tournament', '--players', '8', '--id', 'abc', '--minutes', '20'],
      /--minutes and --starts-in are for a new tournament/,
    ],
    [['--url', 'http://localhost:1', '--tables', '1', '--players', '8'], /--players goes with --tournament/],
  ])('--tournament refuses bad usage %j', async (args, message) => {
    const r = await hearts('loadtest', ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  test('a server that is not there is a clear error, not a crash', async () => {
    const r = await hearts('loadtest', '--url', 'http://127.0.0.1:1', '--tables', '1');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^hearts loadtest: the game server at http:\/\/127.0.0.1:1 cannot be reached/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
