/**
 * Game analysis: for every decision of a seat in a `hearts-record/1` game, the expected points of the move made
 * and of the best move, judged from that seat's information only, by the expert's evaluation (deals sampled from
 * what the seat could know, weighted by what the others did, every candidate played out on the same deals; the
 * last few cards solved exactly on every deal). Each decision gets the points it cost and a mark; each seat an
 * accuracy figure. Pure: runs in Node and in Web Workers, on one thread or several, deterministic for a seed. The
 * method, the thresholds and the measured noise: docs/analysis.md.
 *
 * ```ts
 * const r = await analyzeGame(JSON.parse(text), { seats: [0], seed: 1, onProgress: (p) => bar(p.done / p.total) });
 * if (r.ok) for (const d of r.value.decisions) if (d.mark) console.log(d.hand, d.trick, d.played, d.best, d.cost);
 * ```
 */
import { replayRecord, type Result } from '@hearts/engine';
import { DecisionRunner, DecisionTally, planDecision, type AnalysisSteps } from './analysis-decision.js';
import type { AnalysisBudget, DecisionAnalysis, DecisionPoint, GameAnalysis } from './analysis-points.js';
import {
  LocalExecutor,
  runAnalysis,
  type AnalysisError,
  type AnalysisExecutor,
  type AnalysisProgress,
} from './analysis-run.js';

export {
  ANALYSIS_BUDGET,
  MARK_THRESHOLDS,
  decisionPoint,
  gameDecisions,
  markOf,
  summarize,
} from './analysis-points.js';
export type {
  AnalysedMove,
  AnalysisBudget,
  DecisionAnalysis,
  DecisionPoint,
  GameAnalysis,
  Mark,
  RatedMove,
  SeatSummary,
} from './analysis-points.js';
export { AnalysisCancelled, AnalysisWork, LocalExecutor, runAnalysis } from './analysis-run.js';
export type {
  AnalysisError,
  AnalysisExecutor,
  AnalysisJob,
  AnalysisProgress,
  RunOptions,
  WorkDone,
} from './analysis-run.js';
export type { AnalysisSteps, BlockSums, DecisionPlan, WorkItem } from './analysis-decision.js';
export { CALIBRATION_REFERENCE_MS, PortExecutor, calibrate, serveAnalysis } from './analysis-port.js';
export type { AnalysisReply, AnalysisRequest } from './analysis-port.js';

export interface AnalysisOptions extends AnalysisBudget {
  readonly seats?: readonly number[]; // seats to analyse (default every seat)
  readonly seed?: number | string; // the same seed gives the same analysis (default 1)
  /** Called after each decision (the costliest first); return false to cancel (the promise rejects, AbortError). */
  readonly onProgress?: (progress: AnalysisProgress) => boolean | void;
  readonly signal?: { readonly aborted: boolean }; // an AbortSignal: cancels between blocks of deals
  /**
   * Where the deals are played (default this thread). Each must have been given this record, seats, seed and
   * budget (an {@link AnalysisJob}); the analysis is the same on any number of them.
   */
  readonly executors?: readonly AnalysisExecutor[];
  /** Stop at this time on `clock` (see {@link RunOptions.deadline}); without it the deals alone decide. */
  readonly deadline?: number | (() => number);
  readonly clock?: () => number;
  readonly steps?: AnalysisSteps; // default every step (off only to measure each step's gain)
}

/** Analyses one decision from its observation alone, on this thread. Synchronous; deterministic for the seed. */
export function analyzeDecision(
  point: DecisionPoint,
  options: AnalysisBudget & { readonly seed?: number | string; readonly steps?: AnalysisSteps } = {},
): DecisionAnalysis {
  const plan = planDecision(point, 0, options);
  if (plan.done) return plan.done;
  const runner = new DecisionRunner(point, plan);
  const tally = new DecisionTally(plan);
  for (let item = tally.take(64); item; item = tally.take(64)) tally.put(item, runner.run(item));
  return tally.result!;
}

/**
 * Analyses every decision of the chosen seats, on the given executors (default this thread, giving the event
 * loop a turn between blocks of deals, so a worker's cancel message gets through). Reports each decision as it is
 * settled, the costliest first; resolves with them in the order of the game. An invalid record or seat comes back
 * as an error, not an exception; cancelling rejects with {@link AnalysisCancelled}.
 */
export async function analyzeGame(
  record: unknown,
  options: AnalysisOptions = {},
): Promise<Result<GameAnalysis, AnalysisError>> {
  const replay = replayRecord(record);
  const n = replay.ok ? replay.value.rules.players : 4;
  const seats = options.seats ?? Array.from({ length: n }, (_, s) => s);
  const { minSamples, maxSamples, minPassSamples, maxPassSamples } = options;
  const executors = options.executors ?? [
    new LocalExecutor({
      record,
      seats: options.seats,
      seed: options.seed,
      budget: { minSamples, maxSamples, minPassSamples, maxPassSamples },
      steps: options.steps,
    }),
  ];
  return runAnalysis(executors, {
    seats,
    onProgress: options.onProgress,
    signal: options.signal,
    deadline: options.deadline,
    clock: options.clock,
  });
}
