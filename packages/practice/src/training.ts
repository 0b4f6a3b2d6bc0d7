/**
 * Training (issue #17): which analysed decisions become training positions and how one is made
 * ({@link trainingPosition}), and whether an answer to a position is right ({@link isRightAnswer}). The position
 * itself — its type, its check, its id, the progress at it — is the wire's: `@hearts/protocol/http/training`.
 *
 * ```ts
 * const p = trainingPosition(point.observation, decisionAnalysis, { source: 'own', game: 'g1', createdAt: Date.now() });
 * if (p.ok) keep(p.value); // p.value.id is the same for the same decision, wherever it comes from
 * isRightAnswer(p.value, ['QS']); // true: as good as the best within an inaccuracy
 * ```
 */
import type { CardName, Observation } from '@hearts/engine';
import {
  optionOf,
  positionId,
  readTrainingPosition,
  TRAINING_MIN_COST,
  type Mark,
  type TrainingPosition,
  type TrainingSource,
} from '@hearts/protocol/http/training';

/**
 * The marks whose decisions become training positions: mistakes and blunders (never inaccuracies, whatever their
 * cost). {@link trainingPosition} makes no position of another mark.
 */
export const TRAINING_MARKS: readonly Mark[] = ['mistake', 'blunder'];
/** The least cost of a mistake (`MARK_THRESHOLDS.mistake` of @hearts/bots; a web test keeps the two equal). */
export const MISTAKE_COST = 2.5;
/** Whether an analysed decision's mark makes it a training position. */
export const isTrainingMark = (mark: Mark | null): boolean => mark !== null && TRAINING_MARKS.includes(mark);

/**
 * An answer is right when it costs less than this against the best option: what the analysis would not mark
 * (its inaccuracy threshold, `MARK_THRESHOLDS.inaccuracy` of @hearts/bots; a web test keeps the two equal).
 */
export const TRAINING_RIGHT_WITHIN = 1.5;

/**
 * Whether an answer finds a better card: its option costs less than {@link TRAINING_RIGHT_WITHIN} against the
 * best. A pass that was not among the options evaluated is not right (it cannot be judged).
 */
export function isRightAnswer(p: TrainingPosition, move: readonly CardName[]): boolean {
  const o = optionOf(p, move);
  return o !== null && o.points - p.options[0]!.points < TRAINING_RIGHT_WITHIN;
}

/** What a position is made from: the analysis' `DecisionAnalysis` of a play or a pass (structurally). */
export interface AnalysedDecision {
  readonly kind: 'pass' | 'play' | 'moon';
  readonly played: unknown;
  readonly best: unknown;
  readonly cost: number;
  readonly mark: Mark | null; // the analysis' mark
  readonly options: readonly {
    readonly move: unknown;
    readonly cards: readonly CardName[];
    readonly points: number;
  }[];
}

const moveCards = (m: unknown): CardName[] =>
  typeof m === 'string' ? [m as CardName] : [...(m as CardName[])];

/**
 * A training position from an analysed decision and the seat's observation at it; an error for a decision that
 * is no training position (a moon choice, a decision not marked a mistake or a blunder) or does not hang together.
 */
export function trainingPosition(
  obs: Observation,
  d: AnalysedDecision,
  from: { readonly source: TrainingSource; readonly game: string | null; readonly createdAt: number },
): { ok: true; value: TrainingPosition } | { ok: false; error: string } {
  if (d.kind === 'moon') return { ok: false, error: 'a moon choice is no training position' };
  if (!isTrainingMark(d.mark))
    return {
      ok: false,
      error: `only mistakes and blunders are training positions, not ${d.mark ?? 'unmarked'} decisions`,
    };
  if (d.cost < TRAINING_MIN_COST) return { ok: false, error: `cost ${d.cost} is below ${TRAINING_MIN_COST}` };
  return readTrainingPosition({
    id: positionId(obs),
    source: from.source,
    game: from.game,
    createdAt: from.createdAt,
    kind: d.kind,
    observation: obs,
    played: moveCards(d.played),
    best: moveCards(d.best),
    options: d.options.map((o) => ({ move: moveCards(o.move), cards: [...o.cards], points: o.points })),
    cost: d.cost,
    mark: d.mark,
  });
}
