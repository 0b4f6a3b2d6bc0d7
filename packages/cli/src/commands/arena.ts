import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  BOT_TIME_MS,
  LEVELS,
  arenaConfig,
  formatReport,
  playChain,
  summarize,
  type ArenaConfig,
  type ArenaReport,
  type ChainResult,
} from '@hearts/bots';
import { intOption, parse, printJson, UsageError, type Command } from '../args.js';
import { CLOCKS, isClockName, type ClockName } from '../clock.js';
import { makePlayers, specProblem } from '../players.js';
import type { WorkerInput } from '../arena-worker.js';

const USAGE = `Usage: hearts arena --bots A,B[,…] [--field F] --deals N [--seed S] [--rules JSON] [--time-ms T] [--workers W] [--grace-ms G] [--clock wall|cpu] [--json]

Duplicate match: every deal is played once per seating of the bots, with the same cards, passing included.
Two bots: each sits alone in every seat against copies of the other; as many bots as seats: every rotation,
both ways round; with --field: each bot sits alone in every seat against copies of the field, and the field
once fills the table (one thinking seat per table: the cheap way to compare strong, slow bots). Prints per bot
the mean points per hand with a 95% confidence interval, moons shot, suffered, stopped and failed (per 1,000
seat-hands; a near moon, all moon cards but one to three, broken by one seat), Q♠ taken and the full-game win
rate, and each pair's paired per-deal difference.

  --bots      random, easy, medium, hard, expert, or cmd:<shell command> (an external hearts-bot/1 program);
              a level may carry its own time budget: expert@500 thinks 500 ms a decision whatever --time-ms says,
              e.g. --bots expert@50,expert@150,expert@500,medium; expert+value is the expert with the learned
              evaluation (expert+valueK: its playouts stop K tricks after the current one, default 1);
              expert+moonP lets another seat run for the moon in its playouts from its first moon card
              taken, in every playout from P % of the moon (expert+moon10); expert+run lets a suspected
              shooter run in its playouts as a strong runner (every hand seen, sure winners first, no
              random plays), expert+runall its own moon plan too, expert+blindrun and
              expert+blindrunall those with a runner that sees only its own hand and the cards played,
              expert+runmoonP expert+run with expert+moonP, expert+moonpass expert+runall that also
              passes for the moon, expert+passmoon the expert that also passes for the moon
              (expert+passmoonrun, expert+passmoonblindrun: those passes played out by a strong runner),
              expert+believeP expert+run whose sampled deals count P % where the suspect, running
              strongly, would not make its moon
  --field     a bot for the other seats: any number of --bots play alone against it, e.g.
              --bots expert,cmd:… --field medium; each bot − field is what it takes more (+) or fewer (−)
              than the field would with its cards in its seat
  --deals     deals to play (each in every seating)
  --seed      seed for the deals and the bots' randomness (default 1); results do not depend on --workers
  --rules     rule options as JSON, e.g. '{"players":3}' (default: standard rules)
  --time-ms   time budget per decision in milliseconds, for bots without their own (default ${BOT_TIME_MS})
  --workers   worker threads (default: the number of cores)
  --grace-ms  how long an external program may answer beyond the time budget before its decision counts as
              not made (default 2000; a busy machine needs more for a program that does not watch the clock)
  --clock     wall (default) or cpu: what our search bots read for their deadlines; with cpu, the CPU time the
              process has used, so a decision gets its budget's worth of computing however busy the machine is
              (needs --workers 1: the threads of a process share its CPU time)
  --json      one line of JSON instead of the table`;

export interface RunOptions {
  readonly workers: number;
  readonly graceMs?: number; // external programs' time beyond their budget (default 2,000 ms)
  readonly clock?: ClockName; // what our search bots read for their deadlines (default: the wall clock)
  readonly progress?: (done: number, total: number) => void;
}

/** Plays every seating (in worker threads when workers > 1) and summarizes. Same result for any worker count. */
export async function runArena(config: ArenaConfig, o: RunOptions): Promise<ArenaReport> {
  const total = config.deals * config.seatings.length;
  let done = 0;
  const tick = (): void => {
    done++;
    o.progress?.(done, total);
  };
  const workers = Math.max(1, Math.min(o.workers, config.seatings.length));
  const chains: ChainResult[] = [];
  if (workers === 1) {
    const { players, close } = makePlayers(
      config.bots,
      config.labels,
      o.graceMs !== undefined ? { graceMs: o.graceMs } : {},
      o.clock,
    );
    try {
      for (let s = 0; s < config.seatings.length; s++) chains.push(await playChain(config, s, players, tick));
    } finally {
      await close();
    }
    return summarize(config, chains);
  }
  const url = new URL('../arena-worker.js', import.meta.url);
  await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const mine = config.seatings.map((_, s) => s).filter((s) => s % workers === w);
      return new Promise<void>((resolve, reject) => {
        const input: WorkerInput = {
          config,
          seatings: mine,
          ...(o.graceMs !== undefined ? { graceMs: o.graceMs } : {}),
          ...(o.clock !== undefined ? { clock: o.clock } : {}),
        };
        const worker = new Worker(url, { workerData: input });
        let failed: string | null = null;
        worker.on('message', (m: { type: string; result?: ChainResult; message?: string }) => {
          if (m.type === 'hand') tick();
          else if (m.type === 'chain') chains.push(m.result!);
          else if (m.type === 'error') failed = m.message ?? 'worker failed';
        });
        worker.on('error', (e) => reject(e));
        worker.on('exit', (code) => {
          if (failed) reject(new Error(failed));
          else if (code !== 0) reject(new Error(`a worker exited with code ${code}`));
          else resolve();
        });
      });
    }),
  );
  return summarize(config, chains);
}

export const arena: Command = {
  summary: 'duplicate matches between bots: points per hand with confidence intervals, moons, Q♠, wins',
  usage: USAGE,
  async run(argv) {
    const { values } = parse(
      argv,
      {
        bots: { type: 'string' },
        field: { type: 'string' },
        deals: { type: 'string' },
        seed: { type: 'string' },
        rules: { type: 'string' },
        'time-ms': { type: 'string' },
        workers: { type: 'string' },
        'grace-ms': { type: 'string' },
        clock: { type: 'string' },
        json: { type: 'boolean' },
      },
      false,
    );
    if (!values.bots) throw new UsageError('--bots is required, e.g. --bots medium,easy');
    if (!values.deals) throw new UsageError('--deals is required');
    const specs = splitBots(values.bots);
    if (values.field !== undefined && splitBots(values.field).length !== 1)
      throw new UsageError('--field is one bot, e.g. --field medium');
    for (const spec of [...specs, ...(values.field !== undefined ? [values.field.trim()] : [])]) {
      const problem = specProblem(spec);
      if (problem) throw new UsageError(problem);
    }
    let rules: unknown = {};
    if (values.rules !== undefined) {
      try {
        rules = JSON.parse(values.rules);
      } catch {
        throw new UsageError('--rules must be JSON, e.g. \'{"players":3}\'');
      }
    }
    let config: ArenaConfig;
    try {
      config = arenaConfig({
        bots: specs,
        ...(values.field !== undefined ? { field: values.field } : {}),
        deals: intOption(values.deals, 'deals', 1, 1),
        seed: values.seed ?? 1,
        rules,
        timeMs: intOption(values['time-ms'], 'time-ms', BOT_TIME_MS, 1),
      });
    } catch (e) {
      throw new UsageError(e instanceof Error ? e.message : String(e));
    }
    const clock = values.clock ?? 'wall';
    if (!isClockName(clock)) throw new UsageError(`--clock is ${CLOCKS.join(' or ')}`);
    const workers = intOption(values.workers, 'workers', clock === 'cpu' ? 1 : availableParallelism(), 1);
    if (clock === 'cpu' && workers > 1)
      throw new UsageError('--clock cpu needs --workers 1: the threads of a process share its CPU time');
    const started = Date.now();
    let last = 0;
    const graceMs = intOption(values['grace-ms'], 'grace-ms', 2000, 0);
    const report = await runArena(config, {
      workers,
      graceMs,
      clock,
      progress: (done, total) => {
        const now = Date.now();
        if (now - last < 1000 && done < total) return;
        last = now;
        process.stderr.write(`arena: ${done}/${total} hands (${Math.floor((100 * done) / total)}%)\n`);
      },
    });
    process.stderr.write(`arena: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    if (values.json) printJson(report);
    else process.stdout.write(formatReport(report) + '\n');
    return 0;
  },
};

/**
 * Splits the --bots list at commas. A piece that is neither a level nor starts with cmd: belongs to the cmd:
 * command before it (so commands may contain commas).
 */
export function splitBots(list: string): string[] {
  const out: string[] = [];
  for (const piece of list.split(',')) {
    const t = piece.trim();
    const prev = out[out.length - 1];
    if (prev?.startsWith('cmd:') && !t.startsWith('cmd:') && !isLevel(t))
      out[out.length - 1] = `${prev},${piece}`;
    else out.push(t);
  }
  return out;
}

/** Whether a piece of the --bots list is a level, with or without its own budget (`expert`, `expert@500`). */
function isLevel(piece: string): boolean {
  const at = piece.lastIndexOf('@');
  return (LEVELS as readonly string[]).includes(at < 0 ? piece : piece.slice(0, at));
}
