/**
 * The page's side of the analysis worker: `runAnalysis` starts a worker for one seat of a record, reports its
 * progress and resolves with the analysis as the device keeps it (and, for the player's own game, its training
 * positions); `cancel` ends the worker at once (the promise then rejects with an AbortError). The page never
 * waits for the analysis.
 *
 * ```ts
 * const run = runAnalysis(makeWorker, { record, seat: 0, deals: null }, (done, total) => bar(done / total));
 * cancelButton.onclick = run.cancel;
 * const { analysis, positions } = await run.result;
 * ```
 */
import type { AnalysisBudget } from '@hearts/bots';
import type { TrainingPosition } from '@hearts/live/training';
import type { AnalysisMessage, AnalysisRequest } from './protocol';
import { recordKey, type SavedAnalysis, type SavedDecision } from './saved';

/** A finished run: the analysis to keep, and the own game's training positions (none for another's game). */
export interface FinishedAnalysis {
  readonly analysis: SavedAnalysis;
  readonly positions: readonly TrainingPosition[];
}

export interface AnalysisRun {
  readonly result: Promise<FinishedAnalysis>;
  cancel(): void;
}

export type AnalysisProgressListener = (done: number, total: number, decision: SavedDecision) => void;

/** Why a run ended without an analysis: cancelled (`name` "AbortError") or failed. */
export class AnalysisFailed extends Error {
  constructor(
    message: string,
    override readonly name: 'AbortError' | 'AnalysisError' = 'AnalysisError',
  ) {
    super(message);
  }
}

/** Deals per decision of a reduced budget (tests, slow devices): every minimum and maximum set to it. */
export function reducedBudget(deals: number | null): AnalysisBudget {
  if (deals === null) return {};
  return { minSamples: deals, maxSamples: deals, minPassSamples: deals, maxPassSamples: deals };
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
  clock: () => number = Date.now,
): AnalysisRun {
  let worker: Worker | null = makeWorker();
  let settle: { resolve: (a: FinishedAnalysis) => void; reject: (e: Error) => void } | null = null;
  const result = new Promise<FinishedAnalysis>((resolve, reject) => (settle = { resolve, reject }));
  const end = (outcome: FinishedAnalysis | Error) => {
    worker?.terminate();
    worker = null;
    const s = settle;
    settle = null;
    if (!s) return;
    if (outcome instanceof Error) s.reject(outcome);
    else s.resolve(outcome);
  };
  worker.onmessage = (e: MessageEvent<AnalysisMessage>) => {
    const m = e.data;
    if (m.kind === 'progress') onProgress(m.done, m.total, m.decision);
    else if (m.kind === 'error') end(new AnalysisFailed(m.error));
    else
      end({
        analysis: {
          version: 1,
          key: recordKey(job.record),
          seat: job.seat,
          deals: job.deals,
          decisions: m.decisions,
          summary: m.summary,
          at: clock(),
        },
        positions: m.positions,
      });
  };
  worker.onerror = (e) => {
    e.preventDefault();
    end(new AnalysisFailed(`analysis worker failed: ${e.message}`));
  };
  const request: AnalysisRequest = {
    record: job.record,
    seat: job.seat,
    seed: job.seed ?? 1,
    budget: reducedBudget(job.deals),
    game: job.game ?? null,
  };
  worker.postMessage(request);
  return { result, cancel: () => end(new AnalysisFailed('the analysis was cancelled', 'AbortError')) };
}
