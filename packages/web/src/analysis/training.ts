/**
 * Training positions out of an analysis: every decision that cost at least {@link TRAINING_MIN_COST} expected
 * points (a mistake or a blunder), with the seat's observation at that moment — all a trainer needs to put the
 * position on the table again and ask for the better move (the engine's player view: no hidden cards).
 *
 * ```ts
 * const positions = trainingPositions(record, analysis, { kind: 'solo', id: entry.id });
 * for (const p of positions) show(p.observation, p.best, p.bestCards);
 * ```
 */
import { gameDecisions, MARK_THRESHOLDS, type AnalysedMove, type Mark } from '@hearts/bots';
import type { CardName, Observation } from '@hearts/engine';
import type { SavedAnalysis } from './saved';

/** Decisions costing this many expected points or more are kept for training (the analysis' "mistake"). */
export const TRAINING_MIN_COST = MARK_THRESHOLDS.mistake;

/** Where a position comes from: a solo game of the history, a live game, a daily game, or a file. */
export interface TrainingSource {
  readonly kind: 'solo' | 'live' | 'daily' | 'file';
  readonly id: string; // the history entry's id, the server's game id, the daily table's id, or the file's name
  readonly recordKey: string; // recordKey of the record (saved.ts): the same game from any source
}

/** One decision to train on. */
export interface TrainingPosition {
  readonly id: string; // stable: `${recordKey}:${seat}:${hand}:${kind}:${step}` (step "-" for passes and moons)
  readonly source: TrainingSource;
  readonly hand: number;
  readonly kind: 'pass' | 'play' | 'moon';
  readonly trick: number | null;
  readonly seat: number;
  readonly observation: Observation; // the seat's view at the decision (what it could know, nothing more)
  readonly played: AnalysedMove;
  readonly best: AnalysedMove;
  readonly bestCards: readonly CardName[]; // plays: every card as good as `best`; passes: the better pass
  readonly cost: number; // expected points lost, ≥ TRAINING_MIN_COST
  readonly mark: Mark;
}

/**
 * The training positions of an analysis of `record` (the record it was made from), in the order of the game.
 * Pure. A record that does not replay, or an analysis of another record's decisions, gives none.
 */
export function trainingPositions(
  record: unknown,
  analysis: SavedAnalysis,
  source: Omit<TrainingSource, 'recordKey'>,
): TrainingPosition[] {
  const costly = analysis.decisions.filter((d) => d.cost >= TRAINING_MIN_COST && d.mark !== null);
  if (costly.length === 0) return [];
  const points = gameDecisions(record, [analysis.seat]);
  if (!points.ok) return [];
  const where = (hand: number, kind: string, step: number | null) => `${hand}:${kind}:${step ?? '-'}`;
  const byPlace = new Map(points.value.map((p) => [where(p.hand, p.kind, p.step), p]));
  return costly.flatMap((d): TrainingPosition[] => {
    const p = byPlace.get(where(d.hand, d.kind, d.step));
    if (!p || JSON.stringify(p.played) !== JSON.stringify(normalise(d.played, p.played))) return [];
    return [
      {
        id: `${analysis.key}:${d.seat}:${where(d.hand, d.kind, d.step)}`,
        source: { ...source, recordKey: analysis.key },
        hand: d.hand,
        kind: d.kind,
        trick: d.trick,
        seat: d.seat,
        observation: p.observation,
        played: d.played,
        best: d.best,
        bestCards: d.bestCards,
        cost: d.cost,
        mark: d.mark!,
      },
    ];
  });
}

/** A pass is kept sorted by the analysis; the record's order may differ. */
function normalise(kept: AnalysedMove, recorded: AnalysedMove): AnalysedMove {
  if (Array.isArray(kept) && Array.isArray(recorded)) return recorded.filter((c) => kept.includes(c));
  return kept;
}
