/**
 * The page's side of the analysis: `runAnalysis` starts one Web Worker per core (the device's
 * `navigator.hardwareConcurrency`), hands them the record and plays the analysis of one seat on them (packages/bots
 * analyzeGame: the same analysis on one thread or eight). Each decision is reported as soon as it is settled, the
 * likely marks first, with the expected seconds left; the promise resolves with the analysis as the device keeps it
 * (and, for the player's own game, its training positions). `cancel` ends the workers at once (the promise then
 * rejects with an AbortError). The page never waits for the analysis.
 *
 * The time is bounded on any device: a calibration (a fixed piece of the analysis' work, run once the first decision
 * is analysed and the workers' code is warm) says how much slower than the reference machine the device is, and the
 * analysis stops {@link ANALYSIS_CAP_MS} times that ratio after its start; a decision not settled by then keeps the
 * mark its deals allow (`cutShort`).
 *
 * ```ts
 * const run = runAnalysis(makeWorker, { record, seat: 0, deals: null }, (p) => show(p.decision, p.secondsLeft));
 * cancelButton.onclick = run.cancel;
 * const { analysis, positions } = await run.result;
 * ```
 */
import {
  CALIBRATION_REFERENCE_MS,
  PortExecutor,
  analyzeGame,
  type AnalysisBudget,
  type AnalysisJob,
  type AnalysisReply,
} from '@hearts/bots';
import type { TrainingPosition } from '@hearts/protocol/http/training';
import { recordKey, savedDecision, type SavedAnalysis, type SavedDecision } from './saved';
import { ownPositions } from './training';

/** A finished run: the analysis to keep, and the own game's training positions (none for another's game). */
export interface FinishedAnalysis {
  readonly analysis: SavedAnalysis;
  readonly positions: readonly TrainingPosition[];
}

export interface AnalysisRun {
  readonly result: Promise<FinishedAnalysis>;
  cancel(): void;
}

/** A decision settled while the analysis runs. */
export interface AnalysisUpdate {
  readonly done: number; // decisions settled
  readonly total: number; // decisions to analyse
  readonly decision: SavedDecision; // the one just settled
  readonly secondsLeft: number; // expected, from the work left and the speed measured so far
}

export type AnalysisProgressListener = (update: AnalysisUpdate) => void;

/** Why a run ended without an analysis: cancelled (`name` "AbortError") or failed. */
export class AnalysisFailed extends Error {
  constructor(
    message: string,
    override readonly name: 'AbortError' | 'AnalysisError' = 'AnalysisError',
  ) {
    super(message);
  }
}

/**
 * The longest an analysis runs on the reference machine (the one `CALIBRATION_REFERENCE_MS` was measured on, with
 * {@link REFERENCE_WORKERS} workers); a slower device gets this times its measured slowness. The slowest game of
 * docs/performance.md's "Game analysis" (twelve games to 100) took 6.9 s, so on the reference machine the deals
 * alone decide.
 */
export const ANALYSIS_CAP_MS = 15_000;
/** The workers the reference machine runs (its cores). */
export const REFERENCE_WORKERS = 2;
/** Most workers a page starts, however many cores the device reports. */
export const MAX_WORKERS = 8;

/** Workers for this device: one per core it reports (at least one, at most {@link MAX_WORKERS}). */
export function analysisWorkers(
  cores: number | undefined = globalThis.navigator?.hardwareConcurrency,
): number {
  return Math.max(1, Math.min(MAX_WORKERS, Math.floor(cores ?? REFERENCE_WORKERS) || REFERENCE_WORKERS));
}

/**
 * How long the analysis may run on this device: the reference cap times how much slower the device is, from the
 * calibration's milliseconds on one worker and the number of workers (never less than the cap itself).
 */
export function analysisCapMs(calibrationMs: number, workers: number): number {
  const perCore = Math.max(1, calibrationMs / CALIBRATION_REFERENCE_MS);
  const cores = REFERENCE_WORKERS / Math.max(1, Math.min(workers, REFERENCE_WORKERS));
  return ANALYSIS_CAP_MS * Math.max(1, perCore * cores);
}

/** Deals per decision of a reduced budget (tests, slow devices): every minimum and maximum set to it. */
export function reducedBudget(deals: number | null): AnalysisBudget {
  if (deals === null) return {};
  return { minSamples: deals, maxSamples: deals, minPassSamples: deals, maxPassSamples: deals };
}

export interface AnalysisRunOptions {
  readonly workers?: number; // default analysisWorkers()
  readonly clock?: () => number; // for the deadline and the time it finished (default performance.now / Date.now)
  readonly now?: () => number; // when it finished, ms since 1970 (default Date.now)
}

export function runAnalysis(
  makeWorker: () => Worker,
  job: {
    readonly record: unknown;
    readonly seat: number;
    readonly deals: number | null;
    readonly seed?: number;
    readonly game?: string | null; // the player's own game: its training positions are made too
  },
  onProgress: AnalysisProgressListener,
  options: AnalysisRunOptions = {},
): AnalysisRun {
  const clock = options.clock ?? (() => performance.now());
  const seed = job.seed ?? 1;
  const budget = reducedBudget(job.deals);
  const spec: AnalysisJob = { record: job.record, seats: [job.seat], seed, budget };
  const workers: Worker[] = [];
  const executors: PortExecutor[] = [];
  const signal = { aborted: false };
  let settle: { resolve: (a: FinishedAnalysis) => void; reject: (e: Error) => void } | null = null;
  const result = new Promise<FinishedAnalysis>((resolve, reject) => (settle = { resolve, reject }));
  const end = (outcome: FinishedAnalysis | Error) => {
    signal.aborted = true;
    for (const w of workers.splice(0)) w.terminate();
    const failure = outcome instanceof Error ? outcome : new AnalysisFailed('the analysis has ended');
    for (const ex of executors) ex.fail(failure);
    const s = settle;
    settle = null;
    if (!s) return;
    if (outcome instanceof Error) s.reject(outcome);
    else s.resolve(outcome);
  };
  for (let i = 0; i < (options.workers ?? analysisWorkers()); i++) {
    const worker = makeWorker();
    const ex = new PortExecutor((request) => worker.postMessage(request));
    worker.onmessage = (e: MessageEvent<AnalysisReply>) => ex.receive(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      end(new AnalysisFailed(`analysis worker failed: ${e.message}`));
    };
    ex.start(spec);
    workers.push(worker);
    executors.push(ex);
  }

  const run = async (): Promise<FinishedAnalysis> => {
    // The calibration runs on the last worker once the first decision is analysed (the workers' code is warm
    // then, as on the reference machine, and the first marks are not held up); the bound holds from the start.
    const started = clock();
    let deadline = Infinity;
    let calibrating = false;
    const calibrate = (): void => {
      if (calibrating) return;
      calibrating = true;
      executors[executors.length - 1]!.calibrate().then(
        (ms) => void (deadline = started + analysisCapMs(ms, executors.length)),
        () => undefined, // the worker failed: its own error ends the run
      );
    };
    const r = await analyzeGame(job.record, {
      ...budget,
      seats: [job.seat],
      seed,
      executors,
      signal,
      clock,
      deadline: () => deadline,
      onProgress: ({ done, total, decision, secondsLeft }) => {
        if (!decision.forced) calibrate();
        // The estimate from the work left, but never past the deadline: the analysis stops there.
        const left = Math.max(0, Math.min(secondsLeft, (deadline - clock()) / 1000));
        if (!signal.aborted)
          onProgress({ done, total, decision: savedDecision(decision), secondsLeft: left });
      },
    });
    if (!r.ok) throw new AnalysisFailed('message' in r.error ? r.error.message : r.error.reason);
    return {
      analysis: {
        version: 1,
        key: recordKey(job.record),
        seat: job.seat,
        deals: job.deals,
        decisions: r.value.decisions.map(savedDecision),
        summary: r.value.seats[0]!,
        at: (options.now ?? Date.now)(),
      },
      positions:
        job.game == null
          ? []
          : ownPositions(job.record, r.value.decisions, job.seat, {
              game: job.game,
              createdAt: (options.now ?? Date.now)(),
            }),
    };
  };
  run().then(
    (finished) => end(finished),
    (e: unknown) =>
      end(e instanceof AnalysisFailed ? e : new AnalysisFailed(e instanceof Error ? e.message : String(e))),
  );
  return { result, cancel: () => end(new AnalysisFailed('the analysis was cancelled', 'AbortError')) };
}
