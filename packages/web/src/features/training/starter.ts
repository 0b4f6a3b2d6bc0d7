/**
 * The starter set: training positions from the bots' own games, for players without positions of their own. Made
 * by `hearts training-set` (packages/cli; how to make it again: docs/analysis.md, "Training"), bundled with the
 * training page and read with the positions' own check: a position that does not hang together is left out (a
 * test holds that none is).
 */
import { readTrainingPosition, type TrainingPosition } from '@hearts/protocol/http/training';
import text from './starter.json?raw';

/** Reads a starter file: its positions, and what was wrong with those left out. */
export function readStarter(json: string): { positions: TrainingPosition[]; problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    return { positions: [], problems: [`not JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  if (!Array.isArray(data)) return { positions: [], problems: ['not a list of positions'] };
  const positions: TrainingPosition[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  data.forEach((x, i) => {
    const r = readTrainingPosition(x);
    if (!r.ok) problems.push(`${i}: ${r.error}`);
    else if (r.value.source !== 'starter') problems.push(`${i}: not a starter position`);
    else if (seen.has(r.value.id)) problems.push(`${i}: ${r.value.id} twice`);
    else {
      seen.add(r.value.id);
      positions.push(r.value);
    }
  });
  return { positions, problems };
}

let cached: TrainingPosition[] | null = null;

/** The bundled starter set. */
export function starterPositions(): readonly TrainingPosition[] {
  return (cached ??= readStarter(text).positions);
}
