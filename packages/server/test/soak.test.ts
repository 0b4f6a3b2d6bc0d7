/**
 * The soak (not in CI; docs/performance.md): two scaled processes behind the proxy play round after round of
 * `hearts loadtest` for SOAK_MINUTES minutes while each process' memory and rooms are sampled from /metrics.
 * Passes when the heap of the last quarter is not above the second quarter's (the first warms up; a margin for
 * noise) and every room and connection is gone once the tables have ended.
 *
 * ```
 * SOAK_MINUTES=60 SOAK_TABLES=20 npx vitest run packages/server/test/soak.test.ts
 * ```
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { TEST_LIMITS } from './helpers.js';
import { exited, spawnScaled, type Child } from './processes.js';
import { startProxy, type RunningProxy } from './proxies.js';
import { scaledServices } from './services.js';

const MINUTES = Number(process.env['SOAK_MINUTES'] ?? 0);
const TABLES = Number(process.env['SOAK_TABLES'] ?? 20);
const CLI = fileURLToPath(new URL('../../cli/bin/hearts.js', import.meta.url));

interface Sample {
  readonly at: number; // seconds since the start
  readonly process: number;
  readonly rssMb: number;
  readonly heapMb: number;
  readonly tables: number;
  readonly connections: number;
}

async function metrics(url: string): Promise<Map<string, number>> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TEST_LIMITS.metricsToken}` } })
  ).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+) ([0-9.e+-]+)$/.exec(line);
    if (m) out.set(m[1]!, Number(m[2]));
  }
  return out;
}

interface Round {
  tablesCompleted: number;
  latencyMs: { p50: number; p99: number };
  problems: string[]; // what the load generator said went wrong (tables that did not open or finish)
}

function loadtest(url: string): Promise<Round> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      [
        CLI,
        'loadtest',
        '--url',
        url,
        '--tables',
        String(TABLES),
        '--hands',
        '1',
        '--json',
        '--timeout-s',
        '300',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let said = '';
    p.stderr.on('data', (b: Buffer) => (said += b.toString()));
    const stuck = setTimeout(() => p.kill('SIGKILL'), 400_000); // a round that outlives its own timeout fails
    let out = '';
    p.stdout.on('data', (b: Buffer) => (out += b.toString()));
    p.on('exit', () => {
      clearTimeout(stuck);
      try {
        const problems = said.split('\n').filter((l) => /did not open|timed out|error/i.test(l));
        resolve({ ...(JSON.parse(out) as Omit<Round, 'problems'>), problems });
      } catch (e) {
        reject(new Error(`loadtest printed no result: ${out}`, { cause: e }));
      }
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const services = MINUTES > 0 ? await scaledServices('soak', { proxy: 'nginx' }) : null;
const children: Child[] = [];
let proxy: RunningProxy | null = null;
afterAll(async () => {
  await proxy?.close();
  for (const c of children) {
    c.proc.kill('SIGTERM');
    await exited(c.proc);
  }
  await services?.cleanup();
});

test.skipIf(services === null)(
  `soak: ${MINUTES} minutes of loadtest rounds on two processes`,
  async () => {
    const s = services!;
    const d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix: s.prefix() };
    const env = { BOT_DELAY_MS: '0', HAND_PAUSE_MS: '0', RATE_LIMIT: '100', LOG_LEVEL: 'warn' };
    children.push(
      ...(await Promise.all(
        [1, 2].map((n) => spawnScaled(d, { ...env, PROCESS_ROUTE: `hearts-${n}`, TRUST_PROXY: 'true' })),
      )),
    );
    proxy = await startProxy(
      'nginx',
      children.map((c) => c.port),
      { perAddress: 60_000 }, // every load client from 127.0.0.1 (nginx takes at most 65535)
    );
    const started = Date.now();
    const samples: Sample[] = [];
    const sample = async () => {
      for (const [i, c] of children.entries()) {
        const m = await metrics(c.url);
        samples.push({
          at: Math.round((Date.now() - started) / 1000),
          process: i,
          rssMb: Math.round((m.get('process_resident_memory_bytes') ?? 0) / 1e6),
          heapMb: Math.round((m.get('nodejs_heap_size_used_bytes') ?? 0) / 1e6),
          tables: m.get('hearts_tables_active') ?? -1,
          connections: m.get('hearts_connections') ?? -1,
        });
      }
    };
    const sampler = setInterval(() => void sample(), 10_000);
    const rounds: { tablesCompleted: number; p50: number; p99: number; problems: string[] }[] = [];
    try {
      while (Date.now() - started < MINUTES * 60_000) {
        const r = await loadtest(proxy.url);
        rounds.push({
          tablesCompleted: r.tablesCompleted,
          p50: r.latencyMs.p50,
          p99: r.latencyMs.p99,
          problems: r.problems,
        });
        if (r.problems.length > 0) console.warn(`soak round ${rounds.length}: ${r.problems.join('; ')}`);
      }
    } finally {
      clearInterval(sampler);
    }
    // After the last tables end, every room and connection goes.
    const idle = async () =>
      (await Promise.all(children.map((c) => metrics(c.url)))).every(
        (m) => m.get('hearts_tables_active') === 0 && m.get('hearts_connections') === 0,
      );
    let empty = await idle();
    const end = Date.now() + 60_000;
    while (!empty && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 500));
      empty = await idle();
    }
    await sample();

    const heap = (from: number, to: number) =>
      median(samples.filter((x) => x.at >= from && x.at < to).map((x) => x.heapMb));
    const total = (Date.now() - started) / 1000;
    const summary = {
      minutes: MINUTES,
      rounds: rounds.length,
      tables: rounds.reduce((n, r) => n + r.tablesCompleted, 0),
      tablesPlanned: rounds.length * TABLES,
      p50Median: median(rounds.map((r) => r.p50)),
      p99Median: median(rounds.map((r) => r.p99)),
      heapSecondQuarterMb: heap(total / 4, total / 2), // the first quarter warms up (code, caches, pools)
      heapLastQuarterMb: heap((3 * total) / 4, total - 5),
      rssMaxMb: Math.max(...samples.map((x) => x.rssMb)),
      roomsAtEnd: samples.slice(-2).map((x) => x.tables),
      connectionsAtEnd: samples.slice(-2).map((x) => x.connections),
      // Most tables each process held at one sample: both must have played (placement spreads the tables).
      tablesPeak: children.map((_, i) =>
        Math.max(0, ...samples.filter((x) => x.process === i).map((x) => x.tables)),
      ),
    };
    console.log(`soak: ${JSON.stringify(summary)}`);
    if (process.env['SOAK_OUT'])
      writeFileSync(process.env['SOAK_OUT'], JSON.stringify({ summary, rounds, samples }, null, 1));
    expect(empty).toBe(true);
    expect(summary.tables).toBe(summary.tablesPlanned);
    expect(summary.heapLastQuarterMb).toBeLessThanOrEqual(summary.heapSecondQuarterMb * 1.25 + 10);
    expect(summary.roomsAtEnd).toEqual([0, 0]);
    expect(summary.connectionsAtEnd).toEqual([0, 0]);
    for (const peak of summary.tablesPeak) expect(peak).toBeGreaterThan(0);
  },
  (MINUTES + 5) * 60_000,
);
