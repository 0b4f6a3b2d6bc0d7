/**
 * Real `hearts-server` processes for the tests (the built bin, as operators run it), on loopback only: the embedded
 * default (restart tests) or scaled mode on PostgreSQL and Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { TEST_LIMITS_ENV, freePort, until } from './helpers.js';
import { startProxy, type ProxyKind, type RunningProxy } from './proxies.js';

export { freePort };

export const SERVER_BIN = fileURLToPath(new URL('../bin/hearts-server.js', import.meta.url));

export interface Child {
  readonly proc: ChildProcess;
  readonly url: string;
  readonly port: number;
  readonly output: () => string;
  process: string; // its Colyseus process id (from /healthz)
  route: string | null; // its PROCESS_ROUTE (from /healthz)
}

/** Servers still running when a test file ends (a test failed half-way): killed, not left behind. */
const running = new Set<ChildProcess>();
afterAll(async () => {
  await Promise.all(
    [...running].map((p) => {
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      return gone;
    }),
  );
});

/**
 * Starts `hearts-server` with `env` over the tests' settings (no pauses, one bot thread, quiet logs) and waits
 * until it listens, on `at` or a free port.
 */
export async function spawnServer(env: Record<string, string>, at?: number): Promise<Child> {
  const port = at ?? (await freePort());
  const proc = spawn(process.execPath, [SERVER_BIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_ROOT: '',
      BOT_DELAY_MS: '0',
      HAND_PAUSE_MS: '0',
      BOT_WORKERS: '1',
      RATE_LIMIT: '500',
      LOG_LEVEL: 'warn',
      ...TEST_LIMITS_ENV, // every client from 127.0.0.1: the per-address limits raised
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  proc.once('exit', () => running.delete(proc));
  let out = '';
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  await until(
    'the server to listen',
    () => out.includes(`http://localhost:${port}`) || proc.exitCode !== null,
    90_000, // a ceiling for a machine under load, not a pace
  );
  if (proc.exitCode !== null) throw new Error(`the server exited: ${out}`);
  const url = `http://127.0.0.1:${port}`;
  const health = (await (await fetch(`${url}/healthz`)).json()) as { process: string; route: string | null };
  return { proc, url, port, output: () => out, process: health.process, route: health.route };
}

/**
 * Runs `hearts-server <args>` to its end (a command, or a start that must fail): its exit code, everything it
 * printed, and how long it took. Killed after `killAfterMs`.
 */
export async function runToEnd(
  args: readonly string[],
  env: Record<string, string>,
  killAfterMs = 60_000,
): Promise<{ code: number | null; out: string; ms: number }> {
  const started = Date.now();
  const proc = spawn(process.execPath, [SERVER_BIN, ...args], {
    env: { ...process.env, HOST: '127.0.0.1', WEB_ROOT: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs);
  const code = await exited(proc);
  clearTimeout(timer);
  return { code, out, ms: Date.now() - started };
}

/** Settings of a scaled deployment under test: its database schema and Redis key prefix. */
export interface Deployment {
  readonly databaseUrl: string;
  readonly schema: string;
  readonly redisUrl: string;
  readonly prefix: string;
}

/** Starts `hearts-server` in scaled mode. */
export function spawnScaled(d: Deployment, env: Record<string, string> = {}, at?: number): Promise<Child> {
  return spawnServer(
    {
      DATABASE_URL: d.databaseUrl,
      DATABASE_SCHEMA: d.schema,
      REDIS_URL: d.redisUrl,
      REDIS_PREFIX: d.prefix,
      GRACE_MS: '5000',
      BANK_MS: '10000',
      RECONNECT_MS: '20000',
      QUICK_MATCH_WAIT_MS: '600',
      BOT_LEVEL: 'easy',
      ...env,
    },
    at,
  );
}

/** Scaled processes of one deployment behind a reverse proxy of deploy/, as docs/scaling.md runs them. */
export interface Cluster {
  readonly children: readonly Child[];
  readonly proxy: RunningProxy;
  /** Stops the proxy and every process still running (SIGTERM, then waits for each to exit). */
  close(): Promise<void>;
}

/**
 * Starts `processes` (one or two) scaled processes at once (they migrate the same schema and share the secret
 * kept in it), process N with `PROCESS_ROUTE=hearts-N` and `TRUST_PROXY=true`, and the proxy `kind` in front of
 * them from its shipped configuration; resolves once every process is healthy through it.
 */
export async function startCluster(
  d: Deployment,
  env: Record<string, string> = {},
  processes = 2,
  kind: ProxyKind = 'nginx',
): Promise<Cluster> {
  const children = await Promise.all(
    Array.from({ length: processes }, (_, i) =>
      spawnScaled(d, { PROCESS_ROUTE: `hearts-${i + 1}`, TRUST_PROXY: 'true', ...env }),
    ),
  );
  const proxy = await startProxy(
    kind,
    children.map((c) => c.port),
  );
  await until(
    'every process healthy through the proxy',
    async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 2 * processes; i++) {
        const r = await fetch(`${proxy.url}/healthz`).catch(() => null);
        if (r?.status === 200) seen.add(((await r.json()) as { process: string }).process);
      }
      return seen.size === processes;
    },
    15_000,
    100,
  );
  return {
    children,
    proxy,
    async close() {
      await proxy.close();
      for (const c of children)
        if (c.proc.exitCode === null && c.proc.signalCode === null) {
          c.proc.kill('SIGTERM');
          await exited(c.proc);
        }
    },
  };
}

export const exited = (p: ChildProcess): Promise<number | null> =>
  new Promise((resolve) =>
    p.exitCode !== null || p.signalCode !== null ? resolve(p.exitCode) : p.once('exit', (c) => resolve(c)),
  );

/** Which process each room is listed on, from Colyseus' room listings in Redis. */
export async function listings(redisUrl: string, prefix: string): Promise<Map<string, string>> {
  const redis = new Redis(redisUrl);
  try {
    const all = await redis.hgetall(`${prefix}roomcaches`);
    return new Map(
      Object.entries(all).map(([id, json]) => [id, (JSON.parse(json) as { processId: string }).processId]),
    );
  } finally {
    redis.disconnect();
  }
}
