import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import {
  analyzeGame,
  type AnalysisJob,
  type AnalysedMove,
  type DecisionAnalysis,
  type GameAnalysis,
  type SeatSummary,
} from '@hearts/bots';
import { startAnalysisThreads } from '../analysis-threads.js';
import { intOption, parse, printJson, UsageError, type Command } from '../args.js';

const USAGE = `Usage: hearts analyze RECORD [--seat N] [--json] [--seed S] [--max-samples N] [--workers N]

Analyses a hearts-record/1 game: for every decision of a seat (passes, plays, the shooter's choice), the expected
points of the move made and of the best move, judged from that seat's information only by the expert's
evaluation (sampled deals, playouts). Each decision gets the points it cost and a mark (inaccuracy ≥ 1.5,
mistake ≥ 2.5, blunder ≥ 4.5 points); each seat an accuracy (0–100).
  --seat N         analyse only seat N (counting from 0; default: every seat)
  --json           one line of JSON: {"decisions":[…],"seats":[…]} (hands and tricks from 0, as in the record;
                   the text report counts them from 1, as the web app does)
  --seed S         the analysis' random seed (default 1; the same seed gives the same analysis)
  --max-samples N  deals per play decision at most (default 40000; fewer is faster and noisier)
  --workers N      threads that play the deals (default: one per core, here ${availableParallelism()}); the same
                   analysis on any number
Exit 0: analysed. Exit 2: not a valid record (or bad usage), with the reason on one line.`;

export const analyze: Command = {
  summary: 'where each seat lost points in a game record: costs and marks',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parse(argv, {
      seat: { type: 'string' },
      json: { type: 'boolean' },
      seed: { type: 'string' },
      'max-samples': { type: 'string' },
      workers: { type: 'string' },
    });
    if (positionals.length !== 1) throw new UsageError('give exactly one record file');
    const file = positionals[0]!;
    const json = values.json === true;
    const seat = values.seat === undefined ? undefined : intOption(values.seat, 'seat', 0, 0);
    const maxSamples =
      values['max-samples'] === undefined ? undefined : intOption(values['max-samples'], 'max-samples', 0, 1);
    const seed = values.seed ?? '1';
    const workers = intOption(values.workers, 'workers', availableParallelism(), 1);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      return invalid(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      return invalid(`${file} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    const progress = process.stderr.isTTY
      ? (p: { done: number; total: number; secondsLeft: number }) => {
          const left = p.done < p.total ? `, about ${Math.ceil(p.secondsLeft)} s left` : '';
          process.stderr.write(`\ranalysing: ${p.done}/${p.total} decisions${left}\x1b[K`);
          if (p.done === p.total) process.stderr.write('\n');
        }
      : undefined;
    const seats = seat === undefined ? undefined : [seat];
    const job: AnalysisJob = {
      record: data,
      seats,
      seed: /^\d+$/.test(seed) ? Number(seed) : seed,
      budget: { maxSamples },
    };
    const threads = startAnalysisThreads(workers, job);
    let r: Awaited<ReturnType<typeof analyzeGame>>;
    try {
      r = await analyzeGame(data, { seats, executors: threads.executors, onProgress: progress });
    } finally {
      await threads.stop();
    }
    if (!r.ok) {
      const e = r.error;
      if (e.kind === 'seat') throw new UsageError(e.message);
      if (e.kind === 'format') return invalid(`${file}: ${e.message}`);
      const where = [`hand ${e.hand}`, e.trick === null ? 'passing' : `trick ${e.trick}`, `seat ${e.seat}`];
      if (e.card) where.push(`card ${e.card}`);
      return invalid(`${file}: an illegal step (${where.join(', ')}): ${e.reason}`);
    }
    if (json) printJson(toJson(r.value));
    else process.stdout.write(report(r.value, playerNames(data)));
    return 0;
  },
};

function invalid(message: string): number {
  process.stderr.write(`invalid record: ${message.replace(/\s+/g, ' ').trim()}\n`);
  return 2;
}

/** The JSON of docs/cli: per decision {hand, trick, seat, kind, played, best, cost, mark}, per seat totals. */
function toJson(a: GameAnalysis): unknown {
  return {
    decisions: a.decisions.map((d) => ({
      hand: d.hand,
      trick: d.trick,
      seat: d.seat,
      kind: d.kind,
      played: d.played,
      best: d.best,
      cost: d.cost,
      mark: d.mark,
    })),
    seats: a.seats.map((s) => ({
      seat: s.seat,
      decisions: s.decisions,
      cost: s.cost,
      accuracy: s.accuracy,
      inaccuracies: s.inaccuracies,
      mistakes: s.mistakes,
      blunders: s.blunders,
    })),
  };
}

function playerNames(data: unknown): readonly string[] {
  const players = (data as { players?: unknown }).players;
  return Array.isArray(players) ? players.map((p) => String(p)) : [];
}

const moveText = (m: AnalysedMove): string => (typeof m === 'string' ? m : m.join(' '));
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Where a decision is, for people: hands and tricks counted from 1, as the web app counts them. */
function where(d: DecisionAnalysis): string {
  const hand = `hand ${d.hand + 1}`;
  if (d.kind === 'pass') return `${hand}, pass`;
  if (d.kind === 'moon') return `${hand}, moon choice`;
  return `${hand}, trick ${(d.trick ?? 0) + 1}`;
}

function seatLine(s: SeatSummary, name: string): string {
  return (
    `seat ${s.seat}${name ? ` (${name})` : ''}: accuracy ${s.accuracy.toFixed(1)} %, ` +
    `${s.cost.toFixed(2)} points lost in ${plural(s.decisions, 'decision', 'decisions')}: ` +
    `${plural(s.inaccuracies, 'inaccuracy', 'inaccuracies')}, ${plural(s.mistakes, 'mistake', 'mistakes')}, ` +
    `${plural(s.blunders, 'blunder', 'blunders')}`
  );
}

/** For people: each seat's summary, then its marked decisions with the better move. */
function report(a: GameAnalysis, names: readonly string[]): string {
  const out: string[] = [];
  for (const s of a.seats) {
    out.push(seatLine(s, names[s.seat] ?? ''));
    for (const d of a.decisions) {
      if (d.seat !== s.seat || d.mark === null) continue;
      out.push(
        `  ${where(d)}: ${d.mark} (${d.cost.toFixed(2)} points): played ${moveText(d.played)}, ` +
          `better ${moveText(d.best)} (expected ${d.playedPoints?.toFixed(2)} against ${d.bestPoints?.toFixed(2)})`,
      );
    }
  }
  return out.join('\n') + '\n';
}
