import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { intOption, parse, printJson, UsageError, type Command } from '../args.js';
import { openShare, type Share, type SharePlayed, type ShareOptions } from '../loadtest-tables.js';
import type { LoadtestWorkerInput } from '../loadtest-worker.js';
import { runTournamentLoadtest } from '../loadtest-tournament.js';
import { TOURNAMENT_LIMITS } from '@hearts/protocol/http';

const USAGE = `Usage: hearts loadtest --url URL --tables N [--hands H] [--think-ms T] [--ramp S] [--workers W]
                      [--metrics-token T] [--json]
       hearts loadtest --url URL --tournament --players N [--id ID] [--hands H] [--minutes M] [--starts-in S]
                      [--think-ms T] [--workers W] [--json]

Opens N friends' tables on a running game server (start one with npm start), seats four headless clients at each,
and has them play legal cards for H hands (default 1): as fast as the server allows, or after a thinking time per
decision. Prints the tables completed, the messages per second (client to server and back, all tables together),
the latency from a move's send to every client at its table having seen it (p50, p95, p99; also for passes, plays
and the end of the hand apart), and the CPU time per move of the server and of this process.
  --url       the server, e.g. http://localhost:3000
  --tables    how many tables play
  --hands     hands per game (default 1)
  --think-ms  mean thinking time before each decision, in ms (default 0: none); each one is drawn uniformly
              between T/2 and 3T/2
  --ramp      start the tables evenly over this many seconds instead of all at once (default 0)
  --workers   threads of clients in this process (default 1; at most the number of tables)
  --timeout-s give up on tables not finished this long after the last start (default 600)
  --metrics-token  the server's METRICS_TOKEN (default: $METRICS_TOKEN), to read its CPU time and memory from
              /metrics
All clients come from this machine's address: start the server with LIMIT_API, LIMIT_GUESTS, LIMIT_ROOMS,
LIMIT_JOINS and MAX_CONNECTIONS_PER_IP raised above the run's needs (4 guests, 1 room, 3 joins and 4 connections
per table).
  --json      one line of JSON: {"tables","tablesCompleted","messagesPerSecond","latencyMs":{"p50","p95","p99"},
              "passLatencyMs","playLatencyMs","endLatencyMs","moves","seconds","serverCpuUsPerMove",
              "clientCpuUsPerMove","serverMemory"}

With --tournament: N guests enter one private tournament (created by the first of them, with bots for the
last free seats, or the existing one --id), poll its page (with its ETag: 304 while nothing changed), play each
table they are seated at, and go on until it has finished; then the final standings are checked: every line adds
up (points = the sum of its games' points, games = its results, no game twice), every game the server counts is in
the lines of exactly the players who played it to the end, and every player's points are recomputed from the
places its clients saw. Exit 0 only when all is right.
  --players   how many players (guests) enter
  --id        join this tournament instead of creating one
  --hands     hands per game of the created tournament (default 1)
  --minutes   how long the created tournament runs (default ${TOURNAMENT_LIMITS.minutes.min})
  --starts-in minutes from its creation to its start, for every player to enter first (default 1)
  --think-ms  as above; --workers: threads of players; --timeout-s: after the tournament's end (default 600)
Start the server with LIMIT_API, LIMIT_GUESTS, LIMIT_TOURNAMENTS and MAX_CONNECTIONS_PER_IP raised (each player: one guest,
a page poll every 2 s while not seated, one connection).
  --json      one line of JSON: {"id","players","tablesAtPeak","games","seconds","moves",
              "moveLatencyMs":{"p50","p99"},"polls","notModified","retries","errors",
              "checked"}`;

export interface LoadtestOptions extends ShareOptions {
  readonly workers: number; // threads of clients (1: this thread)
  readonly metricsToken?: string | null; // the server's METRICS_TOKEN, for its /metrics
  readonly progress?: (line: string) => void;
}

interface Tail {
  p50: number;
  p99: number;
}

export interface LoadtestResult {
  tables: number;
  tablesOpened: number; // the tables whose four clients all connected (a table that does not open is left out)
  tablesCompleted: number;
  messagesPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number }; // every move
  passLatencyMs: Tail; // passes only (every table passes at once, after its deal)
  playLatencyMs: Tail; // cards played, but for a hand's last
  endLatencyMs: Tail; // a hand's last card (the hand's scores, then the next deal or the game's end), moon choices
  moves: number;
  seconds: number; // from the first start to the last table's end
  serverCpuSeconds: number | null; // the server's CPU time while the games ran (from its /metrics), if it tells
  clientCpuSeconds: number; // this process' CPU time while the games ran (all its clients and threads)
  serverCpuUsPerMove: number | null;
  clientCpuUsPerMove: number;
  /**
   * The server's resident memory before the tables opened, and the larger of its values with every table open
   * (before the start) and at the end, if it tells; per connection: the growth over the baseline per client.
   */
  serverMemory: { baselineMb: number; peakMb: number; perConnectionKb: number } | null;
}

/** The server's process CPU seconds and resident memory from its Prometheus metrics, or null. */
async function serverStats(
  url: string,
  token: string | null,
): Promise<{ cpuSeconds: number; rssBytes: number } | null> {
  try {
    const res = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    if (!res.ok) return null;
    const text = await res.text();
    const cpu = /^process_cpu_seconds_total (\S+)$/m.exec(text);
    const rss = /^process_resident_memory_bytes (\S+)$/m.exec(text);
    return cpu && rss ? { cpuSeconds: Number(cpu[1]), rssBytes: Number(rss[1]) } : null;
  } catch {
    return null;
  }
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The tables of a run, open in this thread or in worker threads: started together, played, closed. */
interface Opened {
  readonly opened: number;
  play(tableDone: () => void): Promise<SharePlayed[]>;
  close(): Promise<void>;
}

async function openHere(o: LoadtestOptions, say: (line: string) => void): Promise<Opened> {
  const share: Share = await openShare(
    o,
    Array.from({ length: o.tables }, (_, i) => i),
    say,
  );
  return {
    opened: share.opened,
    play: async (tableDone) => [await share.play(performance.now(), tableDone)],
    close: () => share.close(),
  };
}

type WorkerMessage =
  | { type: 'say'; line: string }
  | { type: 'open'; opened: number }
  | { type: 'done' }
  | { type: 'played'; played: SharePlayed }
  | { type: 'error'; message: string };

/** Worker w takes the tables w, w + W, w + 2W …, so that every worker's tables spread over the whole ramp. */
async function openInWorkers(o: LoadtestOptions, say: (line: string) => void): Promise<Opened> {
  const n = Math.min(o.workers, o.tables);
  const url = new URL('../loadtest-worker.js', import.meta.url);
  const options: ShareOptions = {
    url: o.url,
    tables: o.tables,
    hands: o.hands,
    seed: o.seed,
    timeoutMs: o.timeoutMs,
    thinkMs: o.thinkMs,
    rampMs: o.rampMs,
  };
  let tableDone: () => void = () => undefined;
  const workers = Array.from({ length: n }, (_, w) => {
    const input: LoadtestWorkerInput = {
      options,
      indices: Array.from({ length: o.tables }, (_, i) => i).filter((i) => i % n === w),
    };
    const worker = new Worker(url, { workerData: input });
    let failed: string | null = null;
    let onOpen: (opened: number) => void = () => undefined;
    let onPlayed: (played: SharePlayed) => void = () => undefined;
    let onFail: (e: Error) => void = () => undefined;
    const opened = new Promise<number>((resolve, reject) => {
      onOpen = resolve;
      onFail = reject;
    });
    const played = new Promise<SharePlayed>((resolve, reject) => {
      onPlayed = resolve;
      const fail = onFail;
      onFail = (e) => {
        fail(e);
        reject(e);
      };
    });
    played.catch(() => undefined);
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'say') say(m.line);
      else if (m.type === 'open') onOpen(m.opened);
      else if (m.type === 'done') tableDone();
      else if (m.type === 'played') onPlayed(m.played);
      else failed = m.message;
    });
    worker.on('error', (e) => onFail(e));
    const exited = new Promise<void>((r) =>
      worker.once('exit', (code) => {
        onFail(new Error(failed ?? `a worker exited with code ${code}`)); // nothing once settled
        r();
      }),
    );
    return { worker, opened, played, exited };
  });
  let counts: number[];
  try {
    counts = await Promise.all(workers.map((w) => w.opened));
  } catch (e) {
    await Promise.all(workers.map((w) => w.worker.terminate()));
    throw e;
  }
  return {
    opened: counts.reduce((a, b) => a + b, 0),
    play: (done) => {
      tableDone = done;
      for (const w of workers) w.worker.postMessage({ type: 'go' });
      return Promise.all(workers.map((w) => w.played));
    },
    close: async () => {
      await Promise.race([
        Promise.all(workers.map((w) => w.exited)),
        new Promise((r) => setTimeout(r, 10_000)),
      ]);
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}

/** Opens the tables, plays them, and measures. */
export async function runLoadtest(o: LoadtestOptions): Promise<LoadtestResult> {
  const say = o.progress ?? (() => undefined);
  const token = o.metricsToken ?? null;
  const baseline = await serverStats(o.url, token);
  const threads = Math.min(o.workers, o.tables);
  say(
    `opening ${o.tables} tables of 4 clients on ${o.url}` +
      (threads > 1 ? ` in ${threads} worker threads` : '') +
      ' …',
  );
  const run = threads > 1 ? await openInWorkers(o, say) : await openHere(o, say);
  try {
    say(
      `${run.opened} tables open; starting every game` +
        (o.rampMs > 0 ? ` over ${o.rampMs / 1000} s` : '') +
        (o.thinkMs > 0 ? `, thinking ${o.thinkMs / 2}–${(o.thinkMs * 3) / 2} ms per decision` : ''),
    );
    const cpuBefore = await serverStats(o.url, token); // every connection open: its memory too
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    let done = 0;
    let told = 0;
    const shares = await run.play(() => {
      done++;
      if (done === run.opened || performance.now() - started > 1000 * Math.floor(done / 50)) {
        if (done !== told) say(`${done} of ${run.opened} tables finished`);
        told = done;
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const own = process.cpuUsage(ownBefore);
    const cpuAfter = await serverStats(o.url, token);
    // Not sampled while the games run: reading /metrics costs the server CPU (it lists every open handle).
    const peakRss = Math.max(cpuBefore?.rssBytes ?? 0, cpuAfter?.rssBytes ?? 0);
    const completed = shares.reduce((a, s) => a + s.completed, 0);
    if (completed < run.opened) say('timed out: some tables did not finish');

    const passes = shares.flatMap((s) => s.passes).sort((a, b) => a - b);
    const plays = shares.flatMap((s) => s.plays).sort((a, b) => a - b);
    const ends = shares.flatMap((s) => s.ends).sort((a, b) => a - b);
    const latencies = [...passes, ...plays, ...ends].sort((a, b) => a - b);
    const messages = shares.reduce((a, s) => a + s.messages, 0);
    const round = (x: number) => Math.round(x * 10) / 10;
    const short = (l: number[]): Tail => ({ p50: round(percentile(l, 50)), p99: round(percentile(l, 99)) });
    const moves = latencies.length;
    const serverCpuSeconds = cpuBefore && cpuAfter ? cpuAfter.cpuSeconds - cpuBefore.cpuSeconds : null;
    const clientCpuSeconds = (own.user + own.system) / 1e6;
    const perMove = (s: number) => Math.round((s * 1e6) / Math.max(1, moves));
    const mb = (b: number) => Math.round(b / 1e5) / 10;
    return {
      tables: o.tables,
      tablesOpened: run.opened,
      tablesCompleted: completed,
      messagesPerSecond: Math.round(messages / seconds),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
      },
      passLatencyMs: short(passes),
      playLatencyMs: short(plays),
      endLatencyMs: short(ends),
      moves,
      seconds: round(seconds),
      serverCpuSeconds,
      clientCpuSeconds,
      serverCpuUsPerMove: serverCpuSeconds === null ? null : perMove(serverCpuSeconds),
      clientCpuUsPerMove: perMove(clientCpuSeconds),
      serverMemory: baseline
        ? {
            baselineMb: mb(baseline.rssBytes),
            peakMb: mb(peakRss),
            perConnectionKb: Math.round((peakRss - baseline.rssBytes) / 1024 / Math.max(1, 4 * run.opened)),
          }
        : null,
    };
  } finally {
    await run.close();
  }
}

/** The text report: what a run measured, for people. */
export function loadtestReport(result: LoadtestResult, hands: number): string {
  const clients = result.tablesOpened * 4;
  const started = result.tables * 4;
  return (
    [
      `tables completed     ${result.tablesCompleted} of ${result.tables} (${hands} hand${hands === 1 ? '' : 's'} each, ${result.seconds} s)`,
      `messages per second  ${result.messagesPerSecond}`,
      `move latency (ms)    p50 ${result.latencyMs.p50}   p95 ${result.latencyMs.p95}   p99 ${result.latencyMs.p99}   (${result.moves} moves)`,
      `  passes / plays / end of hand   p50 ${result.passLatencyMs.p50} / ${result.playLatencyMs.p50} / ${result.endLatencyMs.p50}   p99 ${result.passLatencyMs.p99} / ${result.playLatencyMs.p99} / ${result.endLatencyMs.p99}`,
      `moves per second     ${Math.round(result.moves / Math.max(0.001, result.seconds))}`,
      ...(result.serverCpuSeconds === null
        ? []
        : [`server CPU           ${cpu(result.serverCpuSeconds, result.moves)}`]),
      `client CPU           ${cpu(result.clientCpuSeconds, result.moves)}, ` +
        (clients === started ? `all ${started} clients` : `${clients} clients connected of ${started}`),
      ...(result.serverMemory === null
        ? []
        : [
            `server memory        ${result.serverMemory.baselineMb} MB before, ${result.serverMemory.peakMb} MB at the peak (${result.serverMemory.perConnectionKb} KB per connection)`,
          ]),
    ].join('\n') + '\n'
  );
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
        'think-ms': { type: 'string' },
        ramp: { type: 'string' },
        workers: { type: 'string' },
        'timeout-s': { type: 'string' },
        'metrics-token': { type: 'string' },
        tournament: { type: 'boolean' },
        players: { type: 'string' },
        id: { type: 'string' },
        minutes: { type: 'string' },
        'starts-in': { type: 'string' },
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
    const workersOf = () => {
      const workers = intOption(values.workers, 'workers', 1, 1);
      if (workers > availableParallelism() * 4)
        throw new UsageError(`--workers must be at most ${availableParallelism() * 4} (4 per core)`);
      return workers;
    };
    if (values.tournament) return tournamentRun(url.origin, values, workersOf());
    for (const k of ['players', 'id', 'minutes', 'starts-in'] as const)
      if (values[k] !== undefined) throw new UsageError(`--${k} goes with --tournament`);
    if (values.tables === undefined) throw new UsageError('--tables is required');
    const tables = intOption(values.tables, 'tables', 1, 1);
    const hands = intOption(values.hands, 'hands', 1, 1);
    const ramp = values.ramp === undefined ? 0 : Number(values.ramp);
    if (values.ramp?.trim() === '' || !Number.isFinite(ramp) || ramp < 0 || ramp > 86_400)
      throw new UsageError(`--ramp must be a number of seconds from 0 to 86400, not "${values.ramp}"`);
    const workers = workersOf();
    const result = await runLoadtest({
      url: url.origin,
      tables,
      hands,
      seed: intOption(values.seed, 'seed', 1, 0),
      thinkMs: intOption(values['think-ms'], 'think-ms', 0, 0),
      rampMs: Math.round(ramp * 1000),
      workers,
      timeoutMs: intOption(values['timeout-s'], 'timeout-s', 600, 1) * 1000,
      metricsToken: values['metrics-token'] ?? (process.env['METRICS_TOKEN'] || null),
      progress: (line) => process.stderr.write(`${line}\n`),
    });
    if (values.json) {
      const r = result;
      printJson({
        tables: r.tables,
        tablesCompleted: r.tablesCompleted,
        messagesPerSecond: r.messagesPerSecond,
        latencyMs: r.latencyMs,
        passLatencyMs: r.passLatencyMs,
        playLatencyMs: r.playLatencyMs,
        endLatencyMs: r.endLatencyMs,
        moves: r.moves,
        seconds: r.seconds,
        serverCpuUsPerMove: r.serverCpuUsPerMove,
        clientCpuUsPerMove: r.clientCpuUsPerMove,
        serverMemory: r.serverMemory,
      });
    } else {
      process.stdout.write(loadtestReport(result, hands));
    }
    return result.tablesCompleted === result.tables ? 0 : 1;
  },
};

/** `--tournament`: the options checked, the run, its summary. */
async function tournamentRun(
  url: string,
  values: Record<string, string | boolean | undefined>,
  workers: number,
): Promise<number> {
  const str = (k: string) => values[k] as string | undefined;
  if (str('tables') !== undefined)
    throw new UsageError('--tables does not go with --tournament (use --players)');
  if (str('ramp') !== undefined) throw new UsageError('--ramp does not go with --tournament');
  if (str('players') === undefined) throw new UsageError('--players is required with --tournament');
  const { players: limits, minutes: span, hands: handLimits } = TOURNAMENT_LIMITS;
  const players = intOption(str('players'), 'players', 0, 1);
  const id = str('id') ?? null;
  if (id !== null && !/^[A-Za-z0-9_-]{1,40}$/.test(id))
    throw new UsageError(`--id is not a tournament id: "${id}"`);
  if (id === null && (players < limits.min || players > limits.max))
    throw new UsageError(`--players must be from ${limits.min} to ${limits.max} for a new tournament`);
  if (id !== null && (str('minutes') !== undefined || str('starts-in') !== undefined))
    throw new UsageError('--minutes and --starts-in are for a new tournament, not with --id');
  const hands = intOption(str('hands'), 'hands', 1, handLimits.min);
  if (hands > handLimits.max) throw new UsageError(`--hands must be at most ${handLimits.max}`);
  const minutes = intOption(str('minutes'), 'minutes', span.min, span.min);
  if (minutes > span.max) throw new UsageError(`--minutes must be at most ${span.max}`);
  const startsIn = intOption(str('starts-in'), 'starts-in', 1, 0);
  if (startsIn > TOURNAMENT_LIMITS.startsIn.max)
    throw new UsageError(`--starts-in must be at most ${TOURNAMENT_LIMITS.startsIn.max}`);
  const r = await runTournamentLoadtest({
    url,
    players,
    id,
    hands,
    minutes,
    startsIn,
    thinkMs: intOption(str('think-ms'), 'think-ms', 0, 0),
    workers,
    seed: intOption(str('seed'), 'seed', 1, 0),
    pollMs: 2000,
    timeoutMs: intOption(str('timeout-s'), 'timeout-s', 600, 1) * 1000,
    progress: (line) => process.stderr.write(`${line}\n`),
  });
  if (values['json']) printJson(r);
  else
    process.stdout.write(
      [
        `tournament           ${r.id}: ${r.players} players, ${r.games} games counted, ${r.seconds} s`,
        `tables at the peak   ${r.tablesAtPeak}`,
        `move latency (ms)    p50 ${r.moveLatencyMs.p50}   p99 ${r.moveLatencyMs.p99}   (${r.moves} moves, send to acknowledgement)`,
        `page polls           ${r.polls} (${r.notModified} answered 304); ${r.retries} connections tried again`,
        `standings            ${r.checked ? 'every line adds up; every game counted exactly once' : 'NOT RIGHT (see above)'}`,
        `errors               ${r.errors}`,
      ].join('\n') + '\n',
    );
  return r.checked && r.errors === 0 ? 0 : 1;
}
