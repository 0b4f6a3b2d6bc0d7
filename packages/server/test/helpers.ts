/** Real servers and real clients for the integration tests. */
import { API_ERRORS, ROUTES, errorBody, matchPath, parseResponse, type Route } from '@hearts/protocol/http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt, seededRandom, type CardName, type RandomSource, type Rules } from '@hearts/engine';
import { TableClient } from '@hearts/live';
import { afterEach } from 'vitest';
import type { LiveState } from '@hearts/table';
import type { WireMove } from '@hearts/protocol/socket';
import { DEFAULT_CONFIG, type ServerConfig } from '../src/config.js';
import { startServer, type RunningServer, type StartOptions } from '../src/server.js';
import { SCRYPT_PARAMS, type ScryptParams } from '../src/passwords.js';
import type { GameStore } from '../src/store/types.js';

/** What a test server takes from one address when the test is not about the limits. */
export const TEST_LIMITS = {
  maxConnectionsPerIp: 100_000,
  apiLimit: { count: 1_000_000, seconds: 1 },
  guestLimit: { count: 1_000_000, seconds: 1 },
  roomLimit: { count: 1_000_000, seconds: 1 },
  joinLimit: { count: 1_000_000, seconds: 1 },
  listLimit: { count: 1_000_000, seconds: 1 },
  trainingLimit: { count: 1_000_000, seconds: 1 },
  trainingStoreLimit: { count: 999_999_999, seconds: 1 },
  puzzleLimit: { count: 1_000_000, seconds: 1 },
  mannersLimit: { count: 1_000_000, seconds: 1 },
  friendLimit: { count: 1_000_000, seconds: 1 },
  tournamentLimit: { count: 1_000_000, seconds: 1 },
  chatLimit: { count: 1_000_000, seconds: 1 },
  shareLimit: { count: 1_000_000, seconds: 1 },
  shareViewLimit: { count: 1_000_000, seconds: 1 },
  accountLimit: { count: 1_000_000, seconds: 1 },
  loginFreePerName: 1_000_000,
  loginFreePerIp: 1_000_000,
  metricsToken: 'test-metrics-token-0123456789',
} as const satisfies Partial<ServerConfig>;

/** {@link TEST_LIMITS} as environment variables, for spawned servers. */
export const TEST_LIMITS_ENV: Readonly<Record<string, string>> = {
  MAX_CONNECTIONS_PER_IP: '100000',
  LIMIT_API: '1000000/1',
  LIMIT_GUESTS: '1000000/1',
  LIMIT_ROOMS: '1000000/1',
  LIMIT_JOINS: '1000000/1',
  LIMIT_WATCH_LIST: '1000000/1',
  LIMIT_TRAINING: '1000000/1',
  LIMIT_TRAINING_STORE: '999999999/1',
  LIMIT_PUZZLES: '1000000/1',
  LIMIT_MANNERS: '1000000/1',
  LIMIT_FRIENDS: '1000000/1',
  LIMIT_TOURNAMENTS: '1000000/1',
  LIMIT_CHAT: '1000000/1',
  LIMIT_SHARES: '1000000/1',
  LIMIT_SHARE_VIEWS: '1000000/1',
  LIMIT_ACCOUNT: '1000000/1',
  LOGIN_FREE_PER_NAME: '1000000',
  LOGIN_FREE_PER_IP: '1000000',
  METRICS_TOKEN: TEST_LIMITS.metricsToken,
};

/**
 * scrypt at a test's cost: logins and claims are incidental to most tests, and at the real cost (about 0.3 s each,
 * far more on a busy machine) they made rate tests depend on the machine's load. The password pool's own tests and
 * the login flood (abuse/identity.test.ts) run at the real cost.
 */
export const TEST_HASH: ScryptParams = { ...SCRYPT_PARAMS, N: 2 ** 10 };

/**
 * Short clocks and no pauses: tests run games at full speed. Every client of a test comes from 127.0.0.1, so the
 * per-address limits are raised far above what the tests open (the abuse tests in test/abuse use the defaults).
 */
export const TEST_CONFIG: ServerConfig = {
  ...DEFAULT_CONFIG,
  port: 0,
  host: '127.0.0.1',
  database: ':memory:',
  webRoot: null,
  graceMs: 3000,
  bankMs: 5000,
  reconnectMs: 5000,
  quickWaitMs: 600,
  botLevel: 'easy',
  botDelayMs: 0,
  handPauseMs: 0,
  shuffleMs: 1000,
  botWorkers: 1,
  rateLimit: 200,
  logLevel: 'silent',
  ...TEST_LIMITS,
};

export interface TestServer {
  readonly server: RunningServer;
  readonly url: string;
  readonly dir: string;
  stop(): Promise<void>;
}

export async function startTestServer(
  over: Partial<ServerConfig> = {},
  options: StartOptions = {},
  dir = mkdtempSync(join(tmpdir(), 'hearts-server-')),
): Promise<TestServer> {
  const server = await startServer(
    { ...TEST_CONFIG, database: join(dir, 'hearts.sqlite'), ...over },
    { hashParams: TEST_HASH, ...options },
  );
  return {
    server,
    url: server.url,
    dir,
    async stop() {
      const failures = (await server.services.metrics.botFailures.get()).values[0]?.value ?? 0;
      await server.close();
      rmSync(dir, { recursive: true, force: true });
      // Bots must really decide: a failing bot thread would hide behind the fallback move.
      if (failures > 0) throw new Error(`${failures} bot decisions failed`);
    },
  };
}

/**
 * A server of its own for each test of a file, stopped after the test whether it passed or not. Called once at the
 * top of the file (it registers the `afterEach`); it returns the function a test starts its server with, taking
 * what {@link startTestServer} takes:
 *
 * ```ts
 * const startServer = serverPerTest();
 * test('…', async () => {
 *   const t = await startServer({ reconnectMs: 400 });
 *   …
 * });
 * ```
 *
 * A test that starts more than one has them all stopped, the newest first. A test may stop its server itself (to
 * see what clients do when it is gone); stopping it again, there or after the test, does nothing more.
 */
export function serverPerTest(): typeof startTestServer {
  const running = new Set<TestServer>();
  afterEach(async () => {
    // Each one, even when another fails to stop; the first failure fails the test.
    const failures: unknown[] = [];
    for (const server of [...running].reverse()) {
      try {
        await server.stop();
      } catch (e) {
        failures.push(e);
      }
    }
    if (failures.length > 0) throw failures[0];
  });
  return async (...args) => {
    const started = await startTestServer(...args);
    let stopping: Promise<void> | null = null;
    const server: TestServer = {
      ...started,
      stop() {
        running.delete(server);
        return (stopping ??= started.stop());
      },
    };
    running.add(server);
    return server;
  };
}

export async function api<T = Record<string, unknown>>(
  url: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(url + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...init.headers,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').startsWith('application/json');
  const body: unknown = json && text ? JSON.parse(text) : text;
  checkDeclared(init.method ?? (init.body === undefined ? 'GET' : 'POST'), path, res.status, body);
  return { status: res.status, body: body as T };
}

/**
 * Holds every answer of the real server to `@hearts/protocol/http`: a 200 of a declared route parses with its response
 * schema, and every refusal is an `{ error, message }` body with a declared code. Throws otherwise, so that every
 * test calling {@link api} checks the declarations against what the server really sends.
 */
export function checkDeclared(method: string, path: string, status: number, body: unknown): void {
  const bare = new URL(path, 'http://x').pathname; // as fetch sends it
  const route: Route | undefined = Object.values(ROUTES).find(
    (r) => r.method === method && matchPath(r, bare) !== null,
  );
  if (route && (route.answers ?? [200]).includes(status)) {
    const parsed = parseResponse(route, body);
    if (!parsed.ok) throw new Error(`${method} ${path}: the response is not as declared: ${parsed.error}`);
  } else if (status >= 400 && bare !== '/metrics' && (bare.startsWith('/api/') || route)) {
    const refused = errorBody.safeParse(body);
    if (!refused.success || !(API_ERRORS as readonly string[]).includes(refused.data.error))
      throw new Error(`${method} ${path}: ${status} without a declared error body: ${JSON.stringify(body)}`);
  }
}

export async function guest(url: string): Promise<{ token: string; id: string; name: string }> {
  const r = await api<{ token: string; user: { id: string; name: string } }>(url, '/api/guest', { body: {} });
  if (r.status !== 200) throw new Error(`guest: ${r.status}`);
  return { token: r.body.token, id: r.body.user.id, name: r.body.user.name };
}

/** Whether the seat must decide now, by its own view. */
export function mustAct(s: LiveState | null): boolean {
  if (!s) return false;
  const v = s.view;
  if (v.phase === 'pass') return v.passed === null && v.legal.length > 0;
  if (v.phase === 'play') return v.turn === v.seat && v.legal.length > 0;
  if (v.phase === 'moon') return v.moonShooter === v.seat;
  return false;
}

/** A legal random decision from the seat's view. */
export function chooseMove(s: LiveState, rng: RandomSource): WireMove {
  const v = s.view;
  if (v.phase === 'moon') return { kind: 'moon', choice: 'plus' };
  if (v.phase === 'pass') {
    const legal = [...v.legal];
    const cards: CardName[] = [];
    for (let i = 0; i < v.rules.passCards; i++) cards.push(legal.splice(randomInt(rng, legal.length), 1)[0]!);
    return { kind: 'pass', cards };
  }
  return { kind: 'play', card: v.legal[randomInt(rng, v.legal.length)]! };
}

/**
 * A player that plays legal random cards whenever its view says it must act. `pause()` stops it deciding
 * (to let its bank run out); errors other than expected races are collected.
 */
export class AutoPlayer {
  readonly rng: RandomSource;
  busy = false;
  paused = false;
  moves = 0;
  readonly errors: string[] = [];
  private unsubscribe: () => void;

  constructor(
    readonly client: TableClient,
    seed: number,
  ) {
    this.rng = seededRandom(seed);
    this.unsubscribe = client.subscribe(() => this.poke());
  }

  poke(): void {
    if (this.busy || this.paused || this.client.status !== 'open') return;
    const s = this.client.state;
    if (!s || !mustAct(s)) return;
    this.busy = true;
    const move = chooseMove(s, this.rng);
    this.client.move(move).then(
      () => {
        this.moves++;
        this.busy = false;
        this.poke();
      },
      (e: unknown) => {
        const msg = e instanceof Error ? e.message : String(e);
        // Another decision beat ours (the clock, a bot): not an error of the server.
        if (!/ERR_ILLEGAL|ERR_NOT_SEATED/.test(msg)) this.errors.push(msg);
        this.busy = false;
        setTimeout(() => this.poke(), 5);
      },
    );
  }

  stop(): void {
    this.unsubscribe();
  }
}

/** Waits until `cond` holds (it may be asynchronous: it is awaited each time), or fails after `timeoutMs`. */
export async function until(
  what: string,
  cond: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  stepMs = 10,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** A quick-match wait that cannot end before a test does: start a server with it to seat people with {@link seatQueued}. */
export const QUICK_WAIT_FOREVER_MS = 3_600_000;

/**
 * Seats the people of a quick-match test together whatever the machine's pace: the server was started with
 * `quickWaitMs: QUICK_WAIT_FOREVER_MS`, so nobody is seated before all `count` requests are in the queue; then the
 * wait is cut to nothing, and the next round of matching (every 250 ms) seats them, bots filling the empty seats.
 * A short wait instead would split them onto tables of their own whenever a busy machine delayed one request past it.
 * The queue's rule itself (who may sit with whom) is unchanged: only when the wait ends is the test's.
 */
export async function seatQueued(t: TestServer, count: number): Promise<void> {
  const { services } = t.server;
  if (services.config.quickWaitMs !== QUICK_WAIT_FOREVER_MS)
    throw new Error('seatQueued needs a server started with quickWaitMs: QUICK_WAIT_FOREVER_MS');
  await until(`${count} in the quick-match queue`, () => services.queueSize === count);
  // The quick room reads the wait from the config at every round of matching.
  (services.config as { quickWaitMs: number }).quickWaitMs = 0;
}

/** The client has seen its table's first deal (or any later state: it may be past the passing already). */
export const dealt = (c: TableClient): boolean =>
  c.state !== null && (c.state.view.phase !== 'deal' || c.state.view.handNumber > 0);

export async function connect(url: string, token: string, roomId: string): Promise<TableClient> {
  const c = new TableClient({ url, token, roomId, retryMs: 100 });
  await c.connect();
  await until('the first snapshot', () => c.state !== null || c.lobby !== null, 5000);
  return c;
}

export interface FriendsGame {
  readonly users: { token: string; id: string; name: string }[];
  readonly clients: TableClient[];
  readonly code: string;
}

/** A friends' room with `humans` guests, started with the given rules (bots in the other seats). */
export async function friendsGame(
  url: string,
  humans: number,
  rules: Record<string, unknown> = {},
  botLevel = 'easy',
): Promise<FriendsGame> {
  const users = await Promise.all(Array.from({ length: humans }, () => guest(url)));
  const host = await TableClient.createFriendsRoom({ url, token: users[0]!.token, retryMs: 100 });
  const others = await Promise.all(users.slice(1).map((u) => connect(url, u.token, host.roomId)));
  const clients = [host, ...others];
  await until('everyone in the lobby', () => clients.every((c) => c.lobby?.members.length === humans));
  host.send('options', { rules, botLevel });
  await until('the options', () => clients.every((c) => c.lobby?.options.botLevel === botLevel));
  host.send('start', {});
  await until('the deal', () => clients.every((c) => c.state !== null && c.state.view.phase !== 'deal'));
  return { users, clients, code: host.roomId };
}

/**
 * A daily game stored as started and finished by `user` with `points` (seat 0 is theirs, three easy bots beside
 * them), without playing it: the past days of the leaderboard tests.
 */
export async function finishedDailyAttempt(
  store: GameStore,
  day: { readonly date: string; readonly rules: Rules },
  user: { readonly id: string; readonly name: string },
  tableId: string,
  points: number[],
  at: number,
): Promise<void> {
  await store.daily.startAttempt(
    { date: day.date, userId: user.id, name: user.name, tableId, startedAt: 1 },
    {
      id: tableId,
      kind: 'daily',
      rated: false,
      rules: day.rules,
      seats: [
        { kind: 'human', userId: user.id, name: user.name, rating: null },
        ...[1, 2, 3].map((k) => ({
          kind: 'bot' as const,
          level: 'easy' as const,
          name: `Bot ${k}`,
          rating: null,
        })),
      ],
      botLevel: 'easy',
      status: 'playing',
      createdAt: 1,
    },
  );
  await store.progress.transaction((tx) => tx.finishDailyAttempt(tableId, { points, left: false, at }));
}

/**
 * A guest whose name the store marks claimed at `claimedAt` (a password that is never used to sign in), with a
 * token of its new generation: a named account, e.g. one claimed before the day began (the daily board's).
 */
export async function namedAccount(
  t: TestServer,
  claimedAt: number,
): Promise<{ token: string; id: string; name: string }> {
  const g = await guest(t.url);
  const store = t.server.services.store;
  if (!(await store.claimUser(g.id, 'scrypt$never-signed-in', claimedAt))) throw new Error('claim');
  return { ...g, token: t.server.services.identity.tokenFor((await store.userById(g.id))!) };
}

/** A free TCP port on 127.0.0.1 (free a moment ago: start the server on it at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
