import type { AnalysisBudget, SeatSummary } from '@hearts/bots';
import type { SavedDecision } from './saved';

/** What the page asks the analysis worker: one seat of one record (one request per worker). */
export interface AnalysisRequest {
  readonly record: unknown;
  readonly seat: number;
  readonly seed: number;
  readonly budget: AnalysisBudget; // {} for the library's measured defaults
}

/** The worker's messages: progress after each decision, then the result or why there is none. */
export type AnalysisMessage =
  | {
      readonly kind: 'progress';
      readonly done: number;
      readonly total: number;
      readonly decision: SavedDecision;
    }
  | {
      readonly kind: 'done';
      readonly decisions: readonly SavedDecision[];
      readonly summary: SeatSummary;
    }
  | { readonly kind: 'error'; readonly error: string };
