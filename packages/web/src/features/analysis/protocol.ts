import type { AnalysisBudget, SeatSummary } from '@hearts/bots';
import type { TrainingPosition } from '@hearts/live/training';
import type { SavedDecision } from './saved';

/** What the page asks the analysis worker: one seat of one record (one request per worker). */
export interface AnalysisRequest {
  readonly record: unknown;
  readonly seat: number;
  readonly seed: number;
  readonly budget: AnalysisBudget; // {} for the library's measured defaults
  readonly game: string | null; // the player's own game (its id): its costly decisions become training positions
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
      readonly positions: readonly TrainingPosition[]; // none unless the request named the player's own game
    }
  | { readonly kind: 'error'; readonly error: string };
