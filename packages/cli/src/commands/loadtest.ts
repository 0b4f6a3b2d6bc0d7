import { randomInt, seededRandom, type CardName, type RandomSource } from '@hearts/engine';
import { TableClient } from '@hearts/live';
import { ROUTES, parseResponse, pathOf } from '@hearts/live/api';
import { type GameMessage, type LiveState, type WireMove } from '@hearts/table';
import { intOption, parse, printJson, UsageError, type Command } from '../args.js';

const USAGE = `Usage: hearts loadtest --url URL --tables N [--hands H] [--metrics-token T] [--json]

Opens N friends' tables on a running game server (start one with npm start), seats four headless clients at each,
and has them play legal cards as fast as the server allows for H hands (default 1). Prints the tables completed,
the messages per second (client to server and back, all tables together) and the latency from a move's send to
every client at its table having seen it (p50, p95, p99).
  --url     the server, e.g. http://localhost:3000
  --tables  how many tables play at once
  --hands   hands per game (default 1)
  --metrics-token  the server's METRICS_TOKEN (default: $METRICS_TOKEN), to read its CPU time from /metrics
All clients come from this machine's address: start the server with LIMIT_GUESTS, LIMIT_ROOMS, LIMIT_JOINS and
MAX_CONNECTIONS_PER_IP raised above the run's needs (4 guests, 1 room, 3 joins and 4 connections per table).
  --json    one line of JSON: {"tables","tablesCompleted","messagesPerSecond","latencyMs":{"p50","p95","p99"}}`;

export interface LoadtestOptions {
  readonly url: string;
  readonly tables: number;
  readonly hands: number;
  readonly seed: number;
  readonly timeoutMs: number; // give up on tables not finished by then
  readonly metricsToken?: string | null; // the server's METRICS_TOKEN, for its /metrics
  readonly progress?: (line: string) => void;
}

export interface LoadtestResult {
  tables: number;
  tablesCompleted: number;
  messagesPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number };
  passLatencyMs: { p50: number; p99: number }; // passes only (every table passes at once, after its deal)
  playLatencyMs: { p50: number; p99: number }; // cards played only
  moves: number;
  seconds: number;
  serverCpuSeconds: number | null; // the server's CPU time while the games ran (from its /metrics), if it tells
  clientCpuSeconds: number; // this process' CPU time while the games ran (all its clients)
}

/** The server's process CPU seconds from its Prometheus metrics, or null. */
async function serverCpu(url: string, token: string | null): Promise<number | null> {
  try {
    const res = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    if (!res.ok) return null;
    const text = await res.text();
    const m = /^process_cpu_seconds_total (\S+)$/m.exec(text);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

interface Sent {
  readonly at: number;
  readonly kind: WireMove['kind'];
  v: number | null;
}

/** One table: four clients, the moves they sent, and by version how many clients saw it and when the last did. */
interface TableRun {
  readonly clients: TableClient[];
  readonly sent: Sent[];
  readonly seenCount: number[]; // by version
  readonly seenLast: number[]; // by version: when the last client so far received it
  done: boolean;
}

async function guest(url: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url + pathOf(ROUTES.guest), {
      method: ROUTES.guest.method,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  } catch (e) {
    const cause =
      (e as { cause?: { code?: string } }).cause?.code ?? (e instanceof Error ? e.message : String(e));
    throw new Error(`the game server at ${url} cannot be reached (${cause})`, { cause: e });
  }
  if (res.status === 429)
    throw new Error(
      'POST /api/guest: HTTP 429: the server limits new guests per address; start it with LIMIT_GUESTS, ' +
        'LIMIT_ROOMS, LIMIT_JOINS and MAX_CONNECTIONS_PER_IP raised for a load test',
    );
  if (!res.ok) throw new Error(`POST /api/guest: HTTP ${res.status}`);
  const body = parseResponse(ROUTES.guest, await res.json());
  if (!body.ok) throw new Error(`POST /api/guest: not a guest: ${body.error}`);
  return body.value.token;
}

function decide(s: LiveState, rng: RandomSource): WireMove | null {
  const v = s.view;
  if (v.phase === 'pass' && v.passed === null && v.legal.length > 0) {
    const legal = [...v.legal];
    const cards: CardName[] = [];
    for (let i = 0; i < v.rules.passCards; i++) cards.push(legal.splice(randomInt(rng, legal.length), 1)[0]!);
    return { kind: 'pass', cards };
  }
  if (v.phase === 'play' && v.turn === v.seat && v.legal.length > 0)
    return { kind: 'play', card: v.legal[randomInt(rng, v.legal.length)]! };
  if (v.phase === 'moon' && v.moonShooter === v.seat) return { kind: 'moon', choice: 'plus' };
  return null;
}

/** Runs `count` jobs with at most `limit` at a time. */
async function pool<T>(count: number, limit: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const until = async (cond: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

/** Opens the tables, plays them, and measures. */
export async function runLoadtest(o: LoadtestOptions): Promise<LoadtestResult> {
  const say = o.progress ?? (() => undefined);
  let messages = 0;
  const runs: TableRun[] = [];
  say(`opening ${o.tables} tables of 4 clients on ${o.url} …`);
  const everyClient: TableClient[] = []; // closed at the end, whatever happens
  try {
    return await play();
  } finally {
    await Promise.all(
      everyClient.map((c) => Promise.race([c.leave(), new Promise((r) => setTimeout(r, 5000))])),
    );
  }

  async function play(): Promise<LoadtestResult> {
    await pool(o.tables, 25, async (i) => {
      const clients: TableClient[] = [];
      try {
        const tokens = await Promise.all([0, 1, 2, 3].map(() => guest(o.url)));
        const host = await TableClient.createFriendsRoom({ url: o.url, token: tokens[0]! });
        clients.push(host);
        everyClient.push(host);
        await Promise.all(
          tokens.slice(1).map(async (token) => {
            const c = new TableClient({ url: o.url, token, roomId: host.roomId });
            clients.push(c);
            everyClient.push(c);
            await c.connect();
          }),
        );
        if (!(await until(() => clients.every((c) => c.lobby?.members.length === 4), 30_000)))
          throw new Error('the lobby did not fill within 30 s');
        host.send('options', { rules: { handsToPlay: o.hands }, botLevel: 'random' });
        runs.push({
          clients: [host, ...clients.slice(1)],
          sent: [],
          seenCount: [],
          seenLast: [],
          done: false,
        });
      } catch (e) {
        if (e instanceof Error && e.message.includes('cannot be reached')) throw e; // no server: no run
        say(`table ${i} did not open: ${e instanceof Error ? e.message : String(e)}`);
        await Promise.all(clients.map((c) => c.leave()));
      }
    });
    say(`${runs.length} tables open; starting every game`);

    const rng = seededRandom(o.seed);
    for (const run of runs) {
      for (const c of run.clients) {
        c.tap((type, m) => {
          messages++;
          if (type !== 'game') return;
          const v = (m as GameMessage).v;
          run.seenCount[v] = (run.seenCount[v] ?? 0) + 1;
          run.seenLast[v] = performance.now();
        });
        let busy = false;
        const act = (): void => {
          const s = c.state;
          if (busy || !s || c.status !== 'open') return;
          const move = decide(s, rng);
          if (!move) return;
          busy = true;
          const sent: Sent = { at: performance.now(), kind: move.kind, v: null };
          run.sent.push(sent);
          messages++;
          c.move(move).then(
            (v) => {
              sent.v = v;
              busy = false;
              act();
            },
            () => {
              busy = false;
              setTimeout(act, 10);
            },
          );
        };
        c.subscribe(act);
      }
    }
    const cpuBefore = await serverCpu(o.url, o.metricsToken ?? null);
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    for (const run of runs) run.clients[0]!.send('start', {});
    let last = 0;
    const finished = await until(() => {
      const done = runs.filter((r) => (r.done ||= r.clients.every((c) => c.result !== null))).length;
      if (
        done !== last &&
        (done === runs.length || performance.now() - started > 1000 * Math.floor(done / 50))
      ) {
        last = done;
        say(`${done} of ${runs.length} tables finished`);
      }
      return done === runs.length;
    }, o.timeoutMs);
    const seconds = (performance.now() - started) / 1000;
    const own = process.cpuUsage(ownBefore);
    const cpuAfter = await serverCpu(o.url, o.metricsToken ?? null);
    if (!finished) say('timed out: some tables did not finish');

    const latencies: number[] = [];
    const passes: number[] = [];
    const plays: number[] = [];
    for (const run of runs)
      for (const s of run.sent) {
        if (s.v === null || (run.seenCount[s.v] ?? 0) < run.clients.length) continue;
        const ms = run.seenLast[s.v]! - s.at;
        latencies.push(ms);
        if (s.kind === 'pass') passes.push(ms);
        else if (s.kind === 'play') plays.push(ms);
      }
    for (const l of [latencies, passes, plays]) l.sort((a, b) => a - b);
    const round = (x: number) => Math.round(x * 10) / 10;
    const short = (l: number[]) => ({ p50: round(percentile(l, 50)), p99: round(percentile(l, 99)) });
    return {
      tables: o.tables,
      tablesCompleted: runs.filter((r) => r.done).length,
      messagesPerSecond: Math.round(messages / seconds),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
      },
      passLatencyMs: short(passes),
      playLatencyMs: short(plays),
      moves: latencies.length,
      seconds: round(seconds),
      serverCpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      clientCpuSeconds: (own.user + own.system) / 1e6,
    };
  }
}

const cpu = (seconds: number, moves: number): string =>
  `${seconds.toFixed(2)} s (${Math.round((seconds * 1e6) / Math.max(1, moves))} µs per move)`;

export const loadtest: Command = {
  summary: 'load a running game server with N tables of headless clients',
  usage: USAGE,
  async run(argv) {
    const { values } = parse(
      argv,
      {
        url: { type: 'string' },
        tables: { type: 'string' },
        hands: { type: 'string' },
        seed: { type: 'string' },
        'timeout-s': { type: 'string' },
        'metrics-token': { type: 'string' },
        json: { type: 'boolean' },
      },
      false,
    );
    if (!values.url) throw new UsageError('--url is required');
    let url: URL;
    try {
      url = new URL(values.url);
    } catch {
      throw new UsageError(`--url must be a URL such as http://localhost:3000, not "${values.url}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError('--url must be http(s)://…');
    if (values.tables === undefined) throw new UsageError('--tables is required');
    const tables = intOption(values.tables, 'tables', 1, 1);
    const hands = intOption(values.hands, 'hands', 1, 1);
    const result = await runLoadtest({
      url: url.origin,
      tables,
      hands,
      seed: intOption(values.seed, 'seed', 1, 0),
      timeoutMs: intOption(values['timeout-s'], 'timeout-s', 600, 1) * 1000,
      metricsToken: values['metrics-token'] ?? (process.env['METRICS_TOKEN'] || null),
      progress: (line) => process.stderr.write(`${line}\n`),
    });
    if (values.json) {
      const { tables: t, tablesCompleted, messagesPerSecond, latencyMs } = result;
      printJson({ tables: t, tablesCompleted, messagesPerSecond, latencyMs });
    } else {
      process.stdout.write(
        [
          `tables completed     ${result.tablesCompleted} of ${result.tables} (${hands} hand${hands === 1 ? '' : 's'} each, ${result.seconds} s)`,
          `messages per second  ${result.messagesPerSecond}`,
          `move latency (ms)    p50 ${result.latencyMs.p50}   p95 ${result.latencyMs.p95}   p99 ${result.latencyMs.p99}   (${result.moves} moves)`,
          `  passes / plays     p50 ${result.passLatencyMs.p50} / ${result.playLatencyMs.p50}   p99 ${result.passLatencyMs.p99} / ${result.playLatencyMs.p99}`,
          ...(result.serverCpuSeconds === null
            ? []
            : [`server CPU           ${cpu(result.serverCpuSeconds, result.moves)}`]),
          `client CPU           ${cpu(result.clientCpuSeconds, result.moves)}, all ${result.tables * 4} clients`,
        ].join('\n') + '\n',
      );
    }
    return result.tablesCompleted === result.tables ? 0 : 1;
  },
};
