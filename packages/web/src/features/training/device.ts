/**
 * Training positions on the device: the player's own positions (from their analysed games) and their progress at
 * every position, own and starter, kept in the device store under {@link TRAINING_KEY}; for a signed-in player
 * also what still has to go to the server. Pure functions of a {@link DeviceTraining} value (load, add, attempt,
 * merge): the page and the sync hold no rules of their own.
 *
 * ```ts
 * let d = loadTraining(store);
 * d = addPositions(d, picked); // de-duplicated by id, the newest TRAINING_MAX_POSITIONS kept
 * d = recordAttempt(d, p.id, isRightAnswer(p, ['QS']), Date.now());
 * saveTraining(store, d);
 * ```
 */
import {
  mergeProgress,
  readTrainingPosition,
  trainingProgressSchema,
  TRAINING_MAX_POSITIONS,
  TRAINING_MAX_PROGRESS,
  type TrainingPosition,
  type TrainingProgress,
} from '@hearts/protocol/http/training';
import { isObject, readJson, writeJson, type KeyValueStore } from '../../kit/storage';

export const TRAINING_KEY = 'hearts.training';

export interface DeviceTraining {
  readonly positions: readonly TrainingPosition[]; // own positions, newest first, at most TRAINING_MAX_POSITIONS
  readonly progress: Readonly<Record<string, TrainingProgress>>; // by position id, own and starter
  readonly uploaded: readonly string[]; // ids of own positions the server has
  readonly unsent: readonly string[]; // ids whose progress changed since the server last had it
}

export const EMPTY_TRAINING: DeviceTraining = { positions: [], progress: {}, uploaded: [], unsent: [] };

const ids = (x: unknown): string[] =>
  Array.isArray(x) ? x.filter((i): i is string => typeof i === 'string') : [];

/** What the device keeps; anything unreadable is left out (a position that does not hang together, too). */
export function loadTraining(store: KeyValueStore): DeviceTraining {
  const raw = readJson(store, TRAINING_KEY);
  if (!isObject(raw)) return EMPTY_TRAINING;
  const positions = Array.isArray(raw['positions'])
    ? raw['positions'].flatMap((p) => {
        const r = readTrainingPosition(p);
        return r.ok ? [r.value] : [];
      })
    : [];
  const progress: Record<string, TrainingProgress> = {};
  if (isObject(raw['progress']))
    for (const v of Object.values(raw['progress'])) {
      const r = trainingProgressSchema.safeParse(v);
      if (r.success) progress[r.data.id] = r.data;
    }
  return {
    positions: capPositions(dedupe(positions)),
    progress,
    uploaded: ids(raw['uploaded']),
    unsent: ids(raw['unsent']).filter((id) => progress[id] !== undefined),
  };
}

export function saveTraining(store: KeyValueStore, d: DeviceTraining): void {
  writeJson(store, TRAINING_KEY, d);
}

/** Newest first; ties by id (the same order as the server's). */
const newestFirst = (a: TrainingPosition, b: TrainingPosition): number =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** One position per id: the first one found (the one kept before) stays. */
function dedupe(ps: readonly TrainingPosition[]): TrainingPosition[] {
  const seen = new Set<string>();
  return ps.filter((p) => !seen.has(p.id) && (seen.add(p.id), true));
}

const capPositions = (ps: readonly TrainingPosition[]): TrainingPosition[] =>
  [...ps].sort(newestFirst).slice(0, TRAINING_MAX_POSITIONS);

/**
 * Adds own positions: one already kept (by id: the same decision) stays as it was; beyond
 * TRAINING_MAX_POSITIONS the oldest go.
 */
export function addPositions(d: DeviceTraining, add: readonly TrainingPosition[]): DeviceTraining {
  const positions = capPositions(dedupe([...d.positions, ...add]));
  const kept = new Set(positions.map((p) => p.id));
  return { ...d, positions, uploaded: d.uploaded.filter((id) => kept.has(id)) };
}

/** Counts an attempt at a position: one more try, solved once right. */
export function recordAttempt(d: DeviceTraining, id: string, right: boolean, at: number): DeviceTraining {
  const had = d.progress[id];
  const next: TrainingProgress = {
    id,
    attempts: (had?.attempts ?? 0) + 1,
    solved: (had?.solved ?? false) || right,
    at: Math.max(at, had?.at ?? 0),
  };
  return {
    ...d,
    progress: capProgress({ ...d.progress, [id]: next }),
    unsent: d.unsent.includes(id) ? d.unsent : [...d.unsent, id],
  };
}

function capProgress(p: Readonly<Record<string, TrainingProgress>>): Record<string, TrainingProgress> {
  const all = Object.values(p);
  if (all.length <= TRAINING_MAX_PROGRESS) return { ...p };
  const keep = all.sort((a, b) => b.at - a.at).slice(0, TRAINING_MAX_PROGRESS);
  return Object.fromEntries(keep.map((x) => [x.id, x]));
}

/** What still has to go to the server: own positions it does not have, and progress changed since. */
export function pending(d: DeviceTraining): { positions: TrainingPosition[]; progress: TrainingProgress[] } {
  const up = new Set(d.uploaded);
  return {
    positions: d.positions.filter((p) => !up.has(p.id)),
    progress: d.unsent.flatMap((id) => (d.progress[id] ? [d.progress[id]] : [])),
  };
}

/** Marks positions and progress as the server's (after it took them). */
export function markSent(
  d: DeviceTraining,
  positions: readonly string[],
  progress: readonly string[],
): DeviceTraining {
  const sent = new Set(progress);
  return {
    ...d,
    uploaded: [...new Set([...d.uploaded, ...positions])],
    unsent: d.unsent.filter((id) => !sent.has(id)),
  };
}

/**
 * The device's and the server's together: every position of either (one per id), every progress record merged
 * (`mergeProgress`). What came from the server is the server's already; progress the server lacks or has less of
 * stays to be sent.
 */
export function mergeServer(
  d: DeviceTraining,
  server: { readonly positions: readonly TrainingPosition[]; readonly progress: readonly TrainingProgress[] },
): DeviceTraining {
  const progress: Record<string, TrainingProgress> = { ...d.progress };
  const theirs = new Map(server.progress.map((p) => [p.id, p]));
  for (const p of server.progress) {
    const had = progress[p.id];
    progress[p.id] = had ? mergeProgress(had, p) : p;
  }
  const unsent = Object.values(progress)
    .filter((p) => {
      const s = theirs.get(p.id);
      return !s || s.attempts < p.attempts || (p.solved && !s.solved);
    })
    .map((p) => p.id);
  const merged = addPositions(d, server.positions);
  const onServer = new Set(server.positions.map((p) => p.id));
  const capped = capProgress(progress);
  return {
    positions: merged.positions,
    progress: capped,
    uploaded: merged.positions
      .filter((p) => onServer.has(p.id) || d.uploaded.includes(p.id))
      .map((p) => p.id),
    unsent: unsent.filter((id) => capped[id] !== undefined),
  };
}

/**
 * Keeps positions picked from an analysed game of the player (the analysis page calls it): added to the
 * device's (`addPositions`); the training page sends them to the server when the player is signed in.
 */
export function keepPositions(store: KeyValueStore, positions: readonly TrainingPosition[]): DeviceTraining {
  const d = addPositions(loadTraining(store), positions);
  saveTraining(store, d);
  return d;
}
