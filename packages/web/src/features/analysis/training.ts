/**
 * Training positions out of an analysis of the player's own game: every decision marked a mistake or a blunder
 * (`TRAINING_MARKS` of `@hearts/practice/training`; never an inaccuracy, whatever its cost), as the Training page's `TrainingPosition`
 * (`@hearts/protocol/http/training`: the seat's observation at that moment — the engine's player view, no hidden cards —
 * and every option the analysis rated). Made in the analysis worker, where the options are still at hand (the
 * device keeps analyses without them), and kept on the device with `keepPositions` (src/features/training/device.ts).
 *
 * ```ts
 * const positions = ownPositions(record, analysis.decisions, seat, { game: entry.id, createdAt: Date.now() });
 * keepPositions(store, positions);
 * ```
 */
import { gameDecisions, type DecisionAnalysis } from '@hearts/bots';
import { TRAINING_MIN_COST, type TrainingPosition } from '@hearts/protocol/http/training';
import { isTrainingMark, trainingPosition } from '@hearts/practice/training';

export { TRAINING_MIN_COST };

/**
 * The training positions of one seat's analysed decisions of `record`, in the order of the game. Pure. A record
 * that does not replay, or decisions of another record, give none; moon choices are never positions.
 */
export function ownPositions(
  record: unknown,
  decisions: readonly DecisionAnalysis[],
  seat: number,
  from: { readonly game: string | null; readonly createdAt: number },
): TrainingPosition[] {
  const costly = decisions.filter((d) => d.seat === seat && d.kind !== 'moon' && isTrainingMark(d.mark));
  if (costly.length === 0) return [];
  const points = gameDecisions(record, [seat]);
  if (!points.ok) return [];
  const where = (hand: number, kind: string, step: number | null) => `${hand}:${kind}:${step ?? '-'}`;
  const byPlace = new Map(points.value.map((p) => [where(p.hand, p.kind, p.step), p]));
  return costly.flatMap((d) => {
    const p = byPlace.get(where(d.hand, d.kind, d.step));
    if (!p) return [];
    const made = trainingPosition(p.observation, d, { source: 'own', ...from });
    return made.ok ? [made.value] : [];
  });
}
