/**
 * A game's analysis on every thread there is: the decisions are planned once, their deals are played in blocks by
 * any number of executors (this thread, Web Workers, worker threads), and the blocks are added up in their order,
 * so the analysis is the same on one thread or eight. The decisions likely to be marked are played first, and
 * each is reported as soon as it is settled.
 *
 * ```ts
 * const job = { record, seats: [0], seed: 1, budget: {} };
 * const executors = [0, 1].map(() => new LocalExecutor(job)); // or executors that post to workers
 * const r = await runAnalysis(executors, { seats: [0], onProgress: (p) => show(p.decision, p.secondsLeft) });
 * ```
 */
import type { RecordError, Result } from '@hearts/engine';
import { err, ok } from '@hearts/engine';
import {
  DecisionRunner,
  DecisionTally,
  planDecision,
  type AnalysisSteps,
  type BlockSums,
  type DecisionPlan,
  type WorkItem,
} from './analysis-decision.js';
import {
  MARK_THRESHOLDS,
  gameDecisions,
  summarize,
  type AnalysisBudget,
  type DecisionAnalysis,
  type DecisionPoint,
  type GameAnalysis,
} from './analysis-points.js';

/** What an executor is given: the record and what to analyse of it. Plain data (it crosses to workers). */
export interface AnalysisJob {
  readonly record: unknown;
  readonly seats?: readonly number[]; // default every seat
  readonly seed?: number | string; // default 1
  readonly budget?: AnalysisBudget; // default the measured one
  readonly steps?: AnalysisSteps; // default every step (off only to measure each step's gain)
}

/** Why a record cannot be analysed: the engine's reason, or a seat that is not in the game. */
export type AnalysisError = RecordError | { readonly kind: 'seat'; readonly message: string };

/** Blocks played: their sums, and the milliseconds they took (for the time left). */
export interface WorkDone {
  readonly sums: readonly BlockSums[];
  readonly ms: number;
}

/** Where blocks of deals are played. Every executor of a run was given the same {@link AnalysisJob}. */
export interface AnalysisExecutor {
  /** The job's decisions, planned, in the order of the game. */
  plans(): Promise<Result<readonly DecisionPlan[], AnalysisError>>;
  run(item: WorkItem): Promise<WorkDone>;
}

/**
 * The executor's side of a job, on its own thread: the decisions, and a runner per decision once it is played
 * (its playouts' working memory). Synchronous; a worker answers its messages with it.
 */
export class AnalysisWork {
  private readonly points: Result<DecisionPoint[], AnalysisError>;
  private planned: DecisionPlan[] | null = null;
  private readonly runners = new Map<number, DecisionRunner>();

  constructor(private readonly job: AnalysisJob) {
    this.points = gameDecisions(job.record, job.seats);
  }

  plans(): Result<readonly DecisionPlan[], AnalysisError> {
    if (!this.points.ok) return this.points;
    this.planned ??= this.points.value.map((p, i) =>
      planDecision(p, i, { ...this.job.budget, seed: this.job.seed ?? 1, steps: this.job.steps }),
    );
    return ok(this.planned);
  }

  run(item: WorkItem): WorkDone {
    const plans = this.plans();
    if (!plans.ok || !this.points.ok) throw new Error('no decisions to play: the record is not valid');
    let runner = this.runners.get(item.decision);
    if (!runner) {
      runner = new DecisionRunner(this.points.value[item.decision]!, plans.value[item.decision]!);
      this.runners.set(item.decision, runner);
    }
    const t0 = now();
    const sums = runner.run(item);
    return { sums, ms: now() - t0 };
  }
}

const now = (): number =>
  (globalThis as { performance?: { now(): number } }).performance?.now() ?? Date.now();

type Timers = { setTimeout?: (f: () => void, ms: number) => unknown };
/** A macrotask turn (Node and workers have setTimeout), so that a cancel gets through between blocks. */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    const timers = globalThis as Timers;
    if (timers.setTimeout) timers.setTimeout(resolve, 0);
    else resolve();
  });

/** An executor on this thread: it plays each item, then gives the event loop a turn. */
export class LocalExecutor implements AnalysisExecutor {
  private readonly work: AnalysisWork;

  constructor(job: AnalysisJob) {
    this.work = new AnalysisWork(job);
  }

  async plans(): Promise<Result<readonly DecisionPlan[], AnalysisError>> {
    return this.work.plans();
  }

  async run(item: WorkItem): Promise<WorkDone> {
    await nextTurn();
    return this.work.run(item);
  }
}

/** Thrown (as the promise's rejection) when an analysis is cancelled. */
export class AnalysisCancelled extends Error {
  override readonly name = 'AbortError';
  constructor() {
    super('the analysis was cancelled');
  }
}

export interface AnalysisProgress {
  readonly done: number; // decisions analysed
  readonly total: number; // decisions to analyse
  readonly decision: DecisionAnalysis; // the one just finished
  /** Expected seconds until the whole analysis is done, from the work left and the speed measured so far. */
  readonly secondsLeft: number;
}

export interface RunOptions {
  readonly seats: readonly number[]; // the seats of the job (for the totals)
  /** Called after each decision (in the order they finish); return false to cancel. */
  readonly onProgress?: (progress: AnalysisProgress) => boolean | void;
  readonly signal?: { readonly aborted: boolean }; // an AbortSignal: cancels between blocks
  /**
   * When to stop, on `clock` (default `performance.now()`): decisions not settled by then keep the mark their
   * deals so far allow (`cutShort`). Without it, the budget in deals alone decides (the same analysis everywhere).
   * A function is read before each block: a bound that is known only once the run is under way (the page's
   * calibration).
   */
  readonly deadline?: number | (() => number);
  readonly clock?: () => number;
}

/**
 * A decision likely to need more than this many times its floor of deals before it settles (its cost near a
 * threshold) waits until every quicker one is settled: it would hold back the others' marks for little.
 */
const SLOW_FLOORS = 4;

/** What {@link nextDecision} reads of a decision's tally. */
export type OpenDecision = Pick<DecisionTally, 'result' | 'available' | 'outlook'> & {
  readonly plan: Pick<DecisionPlan, 'first'>;
};

/**
 * The decision whose deals are played next, of those with blocks to take now: first the ones whose cost so far would
 * be marked, the nearest to settled first (a mark is on screen as soon as one can be); then the ones likely to settle
 * within {@link SLOW_FLOORS} floors, the costliest first; then the slow ones (a cost near a threshold), the nearest to
 * settled first. Null: none can take blocks now.
 */
export function nextDecision<T extends OpenDecision>(open: readonly T[]): T | null {
  let pick: T | null = null;
  let pickGroup = Infinity;
  let pickKey = Infinity;
  for (const t of open) {
    if (t.result || t.available === 0) continue;
    const { cost, settle } = t.outlook();
    const group = cost >= MARK_THRESHOLDS.inaccuracy ? 0 : settle <= SLOW_FLOORS * t.plan.first ? 1 : 2;
    const key = group === 1 ? -cost : settle;
    if (group < pickGroup || (group === pickGroup && key < pickKey))
      [pick, pickGroup, pickKey] = [t, group, key];
  }
  return pick;
}

/** Milliseconds of work an item should take: short enough to share a decision's deals, long enough to be cheap. */
const ITEM_MS = 25;
/**
 * The speed behind the time left, in milliseconds per card played out (a deal × an option × the cards left in the
 * hand: a playout from the first trick is about thirteen times one from the last): a measured item's weight halves
 * with every this many cards played after it (about a tenth of a second of a warm core), and the prior weighs as
 * much as that many of {@link PRIOR_MS_PER_CARD}, a warm core's (the reference machine's plays: 0.010 ms a deal and
 * option, with 26 cards left on average; its passes 0.015 for 52).
 */
const RATE_HALF_LIFE = 250_000;
const PRIOR_MS_PER_CARD = 0.0004;
/** The cards a decision's playouts play out from it: the whole hand for a pass. */
const cardsLeft = (t: DecisionTally): number =>
  t.plan.place.kind === 'pass' ? 52 : 52 - (t.plan.place.step ?? 0);

/**
 * Runs a game's analysis on the executors: first one block of every play (a first estimate of what each
 * cost), then the decisions likely to be marked, then those likely to settle soon from the costliest down, then
 * those near a threshold (see {@link nextDecision}), every executor on the deals of the decision whose turn it is.
 * Resolves with the decisions in the order of the game.
 */
export async function runAnalysis(
  executors: readonly AnalysisExecutor[],
  options: RunOptions,
): Promise<Result<GameAnalysis, AnalysisError>> {
  if (executors.length === 0) throw new Error('runAnalysis needs an executor');
  const plans = await executors[0]!.plans();
  if (!plans.ok) return err(plans.error);
  const clock = options.clock ?? now;
  const tallies = plans.value.map((p) => new DecisionTally(p));
  const total = tallies.length;
  // Milliseconds per deal and option played out on it (a block's deals play every option still active): the
  // latest measured per decision (0: not yet), for the size of its items; and per kind of decision and card played
  // out (cardsLeft), for the time left, from a prior and the items measured, each weighing less as work is done
  // after it (RATE_HALF_LIFE): the first items run before the code is warm, up to twenty times slower than the rest.
  const msPerOptionDeal = new Float64Array(total);
  const prior = () => ({ ms: RATE_HALF_LIFE * PRIOR_MS_PER_CARD, work: RATE_HALF_LIFE });
  const kindRate = { play: prior(), pass: prior() };
  let done = 0;
  let failed: unknown = null;
  let cancelled = false;

  const secondsLeft = (): number => {
    let ms = 0;
    for (let d = 0; d < total; d++) {
      const t = tallies[d]!;
      if (t.result) continue;
      const kind = t.plan.place.kind === 'pass' ? kindRate.pass : kindRate.play;
      ms += t.outlook().deals * t.activeOptions * cardsLeft(t) * (kind.ms / kind.work);
    }
    return ms / executors.length / 1000;
  };
  const report = (d: DecisionAnalysis): void => {
    done++;
    if (options.onProgress?.({ done, total, decision: d, secondsLeft: secondsLeft() }) === false)
      cancelled = true;
  };
  for (const t of tallies) if (t.result) report(t.result);

  // First one block of each play, in the order of the game (a first estimate of what each cost); then the order
  // of nextDecision. The order changes no result, only when each decision is reported.
  // Passes are not screened: a pass's block is a whole hand for each of a dozen candidates, the price of several
  // plays' blocks, and a mark is on screen sooner without them. They take their turn in the order after it.
  let screened = false;
  const open = tallies.filter((t) => !t.result).map((t) => t.plan.index);
  const screening = open.filter((d) => tallies[d]!.plan.place.kind !== 'pass');
  const nextItem = (): WorkItem | null => {
    if (!screened) {
      for (const d of screening) if (tallies[d]!.blocks === 0) return tallies[d]!.take(1);
      if (screening.some((d) => tallies[d]!.waiting)) return null;
      screened = true;
    }
    const pick = nextDecision(open.map((d) => tallies[d]!));
    if (!pick) return null;
    const rate = msPerOptionDeal[pick.plan.index]! * pick.activeOptions;
    const blocks = rate > 0 ? Math.max(1, Math.round(ITEM_MS / (rate * pick.plan.batch))) : 1;
    return pick.take(Math.min(blocks, Math.ceil(pick.available / executors.length)));
  };

  await new Promise<void>((resolve) => {
    let running = 0;
    const finish = (): void => {
      running = -Infinity; // nothing more is started
      resolve();
    };
    const pump = (): void => {
      if (running < 0) return;
      if (cancelled || options.signal?.aborted || failed) return finish();
      const deadline = typeof options.deadline === 'function' ? options.deadline() : options.deadline;
      if (deadline !== undefined && clock() >= deadline) {
        for (const t of tallies) if (!t.result) report(t.cut());
        return finish();
      }
      for (const ex of idle.splice(0)) {
        const item = nextItem();
        if (!item) {
          idle.push(ex);
          continue;
        }
        running++;
        ex.run(item).then(
          (w) => {
            if (running < 0) return;
            running--;
            idle.push(ex);
            const t = tallies[item.decision]!;
            const optionDeals = w.sums.reduce((a, s) => a + s[0]!, 0) * item.active.length;
            if (optionDeals > 0) {
              msPerOptionDeal[item.decision] = w.ms / optionDeals;
              const kind = t.plan.place.kind === 'pass' ? kindRate.pass : kindRate.play;
              const work = optionDeals * cardsLeft(t);
              const keep = 0.5 ** (work / RATE_HALF_LIFE);
              kind.ms = kind.ms * keep + w.ms;
              kind.work = kind.work * keep + work;
            }
            t.put(item, w.sums);
            if (t.result) report(t.result);
            pump();
          },
          (e: unknown) => {
            failed = e ?? new Error('an executor failed');
            finish();
          },
        );
      }
      if (running === 0 && tallies.every((t) => t.result)) finish();
    };
    const idle = [...executors];
    pump();
  });
  if (failed) throw failed;
  if (cancelled || options.signal?.aborted) throw new AnalysisCancelled();
  const decisions = tallies.map((t) => t.result!);
  return ok({ decisions, seats: summarize(decisions, options.seats) });
}
